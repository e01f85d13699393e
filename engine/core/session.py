"""The step API: one way to run a game for a window, a terminal, a bot batch and a test.

A ruleset's engine is pull-style (:class:`~questforge.engine.core.game.PlayableGame` asks
its controller for every choice), which is the natural way to write rules. A window or a
terminal prompt cannot block inside such a call, so a :class:`Session` turns the game
inside out: :meth:`Session.advance` runs until a *person* must decide and returns that
:class:`~questforge.engine.core.decisions.Decision`; :meth:`Session.answer` records the
choice and advances again. Bots answer everyone else.

It relies on determinism rather than threads: when a person's decision interrupted the
engine, the next advance rebuilds the game from its seed and replays every recorded answer
(a few milliseconds for a typical game), so the state shown is exactly the state a straight
run would have, and no worker thread is ever blocked. Stepping without a person involved
(``advance(stop=...)`` between turns, a bot batch) keeps the live game and costs nothing
extra. :meth:`Session.undo` steps back to a person's previous decision.

:meth:`Session.step_back` steps back to where the previous :meth:`~Session.advance` or
:meth:`~Session.answer` left the game, bot steps included, by the same determinism: the
game is rebuilt and the recorded answers replayed up to that moment. The answers after it
are kept as a *redo* script, so stepping forward again replays exactly the same steps; and
the game as it stood before stepping back is kept too, so that once the replay is back
there the very same game object (bots' memory included) goes on, as if no one had looked
back.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from questforge.engine.core.decisions import Controller, Decision, check_index
from questforge.engine.core.events import Event, JSONValue, to_jsonable
from questforge.engine.core.game import PlayableGame


class _Pending(Exception):
    """Unwinds the engine when a person must decide (the game is replayed afterwards)."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.kind)
        self.decision = decision


class _SessionController:
    """Replays the session's answers, asks bots for the rest, stops at a person."""

    def __init__(self, session: Session, bots: Controller) -> None:
        self.session = session
        self.bots = bots
        self.position = 0

    def choose(self, decision: Decision) -> int:
        s = self.session
        if self.position < len(s.answers):
            index = int(s.answers[self.position]["index"])
            self.position += 1
            return check_index(decision, index)
        if s._redo:
            # stepping forward after a step back: the same answers as the first time
            nxt = s._redo[0]
            if nxt.get("kind") == decision.kind and nxt.get("actor") == decision.actor:
                s._redo.pop(0)
                index = check_index(decision, int(nxt["index"]))
                s.answers.append(_record(decision, index))
                self.position += 1
                return index
            s._forget_future()  # the game went elsewhere: the script no longer applies
        if decision.actor in s.people:
            raise _Pending(decision)
        index = check_index(decision, self.bots.choose(decision))
        s.answers.append(_record(decision, index))
        self.position += 1
        return index


def _record(decision: Decision, index: int) -> dict[str, JSONValue]:
    return {
        "kind": decision.kind,
        "actor": decision.actor,
        "index": index,
        "option": to_jsonable(decision.options[index]),
    }


@dataclass(frozen=True)
class Position:
    """Where a step left the game: how many events and answers there were, and whether a
    person's decision was pending (see :meth:`Session.step_back`)."""

    events: int
    answers: int
    asked: bool


@dataclass
class _Frontier:
    """The game as it stood before the first step back (live, so its bots' memory too)."""

    game: PlayableGame
    controller: _SessionController
    events: int
    answers: list[dict[str, JSONValue]]


GameFactory = Callable[[], PlayableGame]
BotFactory = Callable[[PlayableGame], Controller]
StopRule = Callable[[PlayableGame, Sequence[Event]], bool]


class Session:
    """A game whose ``people`` (actor ids) decide through :meth:`answer`; bots decide the
    rest. ``new_game`` builds a fresh game (same content, setup and seed each time) and
    ``bots`` a bot controller for it."""

    def __init__(
        self,
        new_game: GameFactory,
        bots: BotFactory,
        people: Collection[str] = (),
        answers: Sequence[Mapping[str, JSONValue]] = (),
        round_cap: int | None = None,
    ) -> None:
        self._new_game = new_game
        self._bots = bots
        self.people = set(people)
        self.answers: list[dict[str, JSONValue]] = [dict(a) for a in answers]
        self.round_cap = round_cap
        self.pending: Decision | None = None
        self.game: PlayableGame = new_game()
        self._controller = _SessionController(self, bots(self.game))
        #: the live game can continue (no person's decision unwound it)
        self._live = True
        self._capped = False
        #: where each advance / answer left the game (for :meth:`step_back`)
        self.history: list[Position] = []
        #: answers recorded after the moment stepped back to (replayed going forward)
        self._redo: list[dict[str, JSONValue]] = []
        self._frontier: _Frontier | None = None

    # ------------------------------------------------------------------ state
    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def capped(self) -> bool:
        """The round cap stopped the game before its end. (Stepping notices it at the first
        step after the cap's last round; :meth:`run` stops exactly at its end.)"""
        if self.game.finished or self.round_cap is None:
            return False
        return self._capped or self.game.round > self.round_cap

    @property
    def events(self) -> Sequence[Event]:
        return self.game.events

    # ------------------------------------------------------------------ driving
    def _rebuild(self) -> None:
        self.game = self._new_game()
        self._controller = _SessionController(self, self._bots(self.game))
        self._live = True

    def advance(self, stop: StopRule | None = None) -> Decision | None:
        """Run until a person must decide (returned, also in :attr:`pending`), ``stop``
        says so after a step, the round cap is reached, or the game ends (``None``)."""
        if self.pending is not None:
            return self.pending
        #: after a replay, the steps up to where the game stood were played before: the
        #: stop rule only looks at the steps after them
        floor = 0
        if not self._live:
            floor = len(self.game.events)
            self._rebuild()
        try:
            while True:
                self._rejoin_frontier()
                game = self.game
                if game.finished or self.capped:
                    break
                events = game.step(self._controller)
                if stop is not None and len(game.events) > floor and stop(game, events):
                    break
        except _Pending as p:
            self.pending = p.decision
            self._live = False
        self._rejoin_frontier()
        self._mark()
        return self.pending

    def _mark(self) -> None:
        here = Position(len(self.game.events), len(self.answers), self.pending is not None)
        if not self.history or self.history[-1] != here:
            self.history.append(here)

    def _rejoin_frontier(self) -> None:
        """Back where the game stood before stepping back: go on with that very game."""
        f = self._frontier
        if (
            f is not None
            and not self._redo
            and self._live
            and len(self.game.events) == f.events
            and len(self.answers) == len(f.answers)
        ):
            self.game, self._controller = f.game, f.controller
            self._frontier = None

    def _forget_future(self) -> None:
        self._redo = []
        self._frontier = None

    def run(self) -> None:
        """Play to the end (or the round cap) when no person takes part."""
        if self.people:
            raise ValueError("a session with people cannot run unattended; use advance()")
        if not self._live:
            self._rebuild()
        self._rejoin_frontier()
        self.game.run(self._controller, self.round_cap)
        self._capped = not self.game.finished

    def answer(self, index: int, stop: StopRule | None = None) -> Decision | None:
        """Answer :attr:`pending` with an option index and advance to the next decision."""
        if self.pending is None:
            raise ValueError("no decision is pending")
        d = self.pending
        index = check_index(d, index)
        self._forget_future()
        self.answers.append(_record(d, index))
        self.pending = None
        return self.advance(stop)

    def undo(self) -> Decision | None:
        """Take back the last decision a person made (and every bot answer after it);
        returns that decision, pending again. ``None`` if a person has not decided yet."""
        last = max(
            (i for i, a in enumerate(self.answers) if a.get("actor") in self.people),
            default=None,
        )
        if last is None:
            return None
        del self.answers[last:]
        self._forget_future()
        self.history = [p for p in self.history if p.answers <= last]
        self.pending = None
        self._live = False
        return self.advance()

    @property
    def can_step_back(self) -> bool:
        return len(self.history) > 1

    def step_back(self) -> Decision | None:
        """Go back to where the previous step left the game, bot steps included; returns
        the decision pending there (a person's decision there is asked again, and what
        was decided after it is forgotten). Stepping forward from there replays the same
        answers, so the same steps follow. Nothing happens at the first step."""
        if len(self.history) < 2:
            return self.pending
        self.history.pop()
        target = self.history[-1]
        if target.asked:
            # a person was asked here: ask again; what followed is decided anew
            del self.answers[target.answers :]
            self._forget_future()
            self.pending = None
            self._live = False
            return self.advance()
        if self._frontier is None and self._live and self.pending is None:
            self._frontier = _Frontier(
                self.game, self._controller, len(self.game.events), list(self.answers)
            )
        future = self.answers[target.answers :] + self._redo
        del self.answers[target.answers :]
        self._redo = future
        self.pending = None
        self._rebuild()
        game = self.game
        # every answer up to the target is recorded, so the replay never asks anyone
        try:
            while len(game.events) < target.events and not game.finished:
                game.step(self._controller)
        except _Pending as p:  # only if the game is not deterministic: ask, do not crash
            self._forget_future()
            self.pending = p.decision
            self._live = False
        return self.pending

    def set_people(self, people: Collection[str]) -> None:
        """Hand actors to a person or to the bots from now on (already recorded answers
        stay as they are)."""
        self.people = set(people)

    def log_answers(self) -> list[dict[str, Any]]:
        return [dict(a) for a in self.answers]
