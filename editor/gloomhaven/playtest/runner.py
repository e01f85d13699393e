"""The playtest's game runner: the engine on the step API, people answering from the GUI.

The engine asks its controller synchronously (``choose(decision) -> index``) from deep
inside a turn. The runner does not block inside that call: it drives a
:class:`~questforge.engine.core.session.Session`, which runs the game until a character
played by hand must decide, returns that decision (:attr:`GameRunner.pending`) and, once
:meth:`GameRunner.answer` has it, replays the game from its seed with every recorded
answer and goes on. Everything else goes to the seeded bots (``FACE.bots``), so a game is
still a pure function of its seed and its answers (the log replays with ``questforge
replay``), and :meth:`GameRunner.undo` can take a person's decision back. There is no
worker thread: every call returns with the game at rest, so the window may read
:attr:`GameRunner.game` at any time.

For every monster move the runner also records the *moment*: when the engine emits a
``focus`` event (the solver has chosen, the monster has not moved yet) it stores
``game.monster_situation(figure)``, the situation file that explains the move
(``questforge ai solve``) - the "why did it do that?" export. A replay rebuilds the
moments with the game (computing them costs well under a millisecond each).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from questforge.engine.core.decisions import Controller, Decision
from questforge.engine.core.events import Event, JSONValue
from questforge.engine.core.game import PlayableGame
from questforge.engine.core.session import Session, StopRule
from questforge.engine.gloomhaven.game import Game, Setup
from questforge.engine.gloomhaven.game.face import FACE, GloomhavenGame
from questforge.engine.gloomhaven.game.spec import Content

#: actor ids that are not characters: tie breaks among players, and monster ambiguities
PLAYERS = "players"
MONSTERS = "monsters"

#: the step modes of :meth:`GameRunner.step`
MODES = ("start", "turn", "round", "end")


@dataclass(frozen=True)
class MonsterMoment:
    """One monster move: the engine's ``focus`` event and the situation before the move."""

    event_index: int
    figure: str
    focus: dict[str, JSONValue]
    situation: dict[str, JSONValue] | None
    error: str = ""
    round: int = 0


class _PlaytestGame(GloomhavenGame):
    """The face's game with the scenario's setup as a step of its own: the window opens on
    the set-up board (round 0) and a person places their character before round 1."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.started = False

    def step(self, controller: Controller) -> list[Event]:
        if not self.started:
            self.started = True
            return self.game.start(controller)
        return self.game.step_turn(controller)


def after_a_step(game: PlayableGame, events: Sequence[Event]) -> bool:
    """Stop rule of "start" and "turn": one boundary (setup, card selection, a turn)."""
    return True


def at_round_end(game: PlayableGame, events: Sequence[Event]) -> bool:
    """Stop rule of "round": the step that ended the round (or the game)."""
    return game.finished or any(e.type == "round_end" for e in events)


STOPS: dict[str, StopRule | None] = {
    "start": after_a_step,
    "turn": after_a_step,
    "round": at_round_end,
    "end": None,
}


class GameRunner:
    """One playtest game. Create it, then :meth:`step` ("start" first, then "turn",
    "round" or "end"); answer :attr:`pending` decisions with :meth:`answer`."""

    def __init__(
        self, content: Content, setup: Setup, seed: int, people: Iterable[str] = ()
    ) -> None:
        self.content = content
        self.setup = setup
        self.seed = seed
        self.moments: list[MonsterMoment] = []
        self.failed = ""
        self._people: set[str] = set(people)
        #: the stop rule of the step in progress (an answer continues that step)
        self._rule: StopRule | None = after_a_step
        self.session = Session(
            self._new_game,
            lambda game: FACE.bots(game, seed),
            people=self._actors(self._people),
        )

    def _new_game(self) -> _PlaytestGame:
        """A fresh game from the seed (the session replays the answers into it)."""
        game = Game(self.content, self.setup, self.seed)
        self.moments = []
        game.log.listeners.append(lambda event: self._on_event(game, event))
        return _PlaytestGame(game)

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> Game:
        """The game as it stands (rebuilt after an answer, so read it afresh each time)."""
        played = self.session.game
        assert isinstance(played, _PlaytestGame)
        return played.game

    @property
    def pending(self) -> Decision | None:
        """The decision a person must make before the game can go on."""
        return self.session.pending

    @property
    def finished(self) -> bool:
        return self.game.finished or bool(self.failed)

    @property
    def people(self) -> set[str]:
        """The characters played by hand (the next decision of a character follows it)."""
        return set(self._people)

    @people.setter
    def people(self, people: Iterable[str]) -> None:
        self._people = set(people)
        self.session.set_people(self._actors(self._people))

    def _actors(self, people: set[str]) -> set[str]:
        actors = set(people)
        if people & set(self.setup.characters):
            # ties among the players: asked of the people if anyone plays by hand
            actors.add(PLAYERS)
        return actors

    def is_person(self, actor: str) -> bool:
        return actor in self.session.people

    @property
    def can_undo(self) -> bool:
        """A person has decided something that :meth:`undo` can take back."""
        people = self.session.people
        return any(a.get("actor") in people for a in self.session.answers)

    # ------------------------------------------------------------------ stepping
    def step(self, mode: str) -> bool:
        """Play a step; False if a person must answer first or the game is over.

        ``"start"`` sets the scenario up (it may ask people for starting hexes), ``"turn"``
        and ``"round"`` advance to the next boundary, ``"end"`` plays the game out. The step
        stops early when a person must decide; :meth:`answer` continues it."""
        if mode not in MODES:
            raise ValueError(f"unknown step mode {mode!r}")
        if self.pending is not None or self.finished:
            return False
        self._rule = STOPS[mode]
        self._run(lambda: self.session.advance(self._stop()))
        return True

    def answer(self, index: int) -> None:
        """Answer the pending decision and go on with the step it interrupted."""
        decision = self.pending
        if decision is None:
            raise ValueError("no decision is pending")
        if not 0 <= index < len(decision.options):
            raise ValueError(f"{decision.kind!r} has {len(decision.options)} options, not {index}")
        self._run(lambda: self.session.answer(index, self._stop()))

    def undo(self) -> bool:
        """Take back the last decision a person made (and every bot answer after it); that
        decision is pending again. False if there is nothing to take back."""
        if not self.can_undo or self.failed:
            return False
        self._rule = after_a_step  # an answer now finishes the turn it belongs to
        self._run(self.session.undo)
        return True

    @property
    def can_step_back(self) -> bool:
        """There is an earlier step to go back to (bot steps count)."""
        return self.session.can_step_back and not self.failed

    def step_back(self) -> bool:
        """Go back to where the previous step (or answer) left the game, by replaying it
        from its seed (:meth:`Session.step_back`); stepping forward again replays the same
        answers. False at the first step."""
        if not self.can_step_back:
            return False
        self._rule = after_a_step
        self._run(self.session.step_back)
        return True

    def _stop(self) -> StopRule | None:
        """The step's stop rule, blind to the steps before this moment.

        After a person's answer the session replays the game from its seed, calling the
        stop rule after every replayed step; those steps ended before the game got here,
        at no more events than it has now (the replay repeats them exactly), so only a
        step that ends past them may stop the game."""
        rule = self._rule
        if rule is None:
            return None
        mark = len(self.game.events)

        def stop(game: PlayableGame, events: Sequence[Event]) -> bool:
            return len(game.events) > mark and rule(game, events)

        return stop

    def _run(self, advance: Any) -> None:
        try:
            advance()
        except Exception as exc:  # an engine failure is reported, not a crashed window
            self.failed = f"{type(exc).__name__}: {exc}"

    # ------------------------------------------------------------------ moments
    def _on_event(self, game: Game, event: Event) -> None:
        if event.type != "focus":
            return
        fid = str(event.get("figure"))
        situation: dict[str, JSONValue] | None = None
        error = ""
        try:
            if fid in game.state.figures:
                situation = game.monster_situation(fid)
        except Exception as exc:  # the export is a convenience; never break the game
            error = f"{type(exc).__name__}: {exc}"
        self.moments.append(
            MonsterMoment(
                len(game.log.events) - 1,
                fid,
                event.to_json(),
                situation,
                error,
                game.state.round,
            )
        )

    def situation_now(self, figure_id: str) -> dict[str, JSONValue]:
        """The situation ``figure_id`` faces at this moment."""
        if figure_id not in self.game.state.figures:
            raise KeyError(f"no figure {figure_id!r} on the map")
        return self.game.monster_situation(figure_id)


def moment_for(moments: list[MonsterMoment], figure: str | None = None) -> MonsterMoment | None:
    """The latest recorded moment (of ``figure`` if given)."""
    for m in reversed(moments):
        if figure is None or m.figure == figure:
            return m
    return None


def engine_content(pack: Any) -> Content:
    """Accept a pack folder, a loaded pack model or engine content (``as_content``)."""
    from questforge.engine.gloomhaven.game import as_content

    return as_content(pack)


def scenario_content(pack: Any, scenario_id: str) -> Content:
    """:func:`engine_content` of ``pack``, checked to hold ``scenario_id``: the playtest
    window and the simulate dialog refuse a missing scenario with the same ``ValueError``
    (naming the scenarios the pack does have) before they build any widget."""
    content = engine_content(pack)
    if scenario_id not in content.scenarios:
        known = ", ".join(sorted(content.scenarios)) or "none"
        raise ValueError(f"no scenario {scenario_id!r} in the pack (known: {known})")
    return content
