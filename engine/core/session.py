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
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
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
        game = self.game
        try:
            while not game.finished and not self.capped:
                events = game.step(self._controller)
                if stop is not None and len(game.events) > floor and stop(game, events):
                    break
        except _Pending as p:
            self.pending = p.decision
            self._live = False
        return self.pending

    def run(self) -> None:
        """Play to the end (or the round cap) when no person takes part."""
        if self.people:
            raise ValueError("a session with people cannot run unattended; use advance()")
        if not self._live:
            self._rebuild()
        self.game.run(self._controller, self.round_cap)
        self._capped = not self.game.finished

    def answer(self, index: int, stop: StopRule | None = None) -> Decision | None:
        """Answer :attr:`pending` with an option index and advance to the next decision."""
        if self.pending is None:
            raise ValueError("no decision is pending")
        d = self.pending
        index = check_index(d, index)
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
        self.pending = None
        self._live = False
        return self.advance()

    def set_people(self, people: Collection[str]) -> None:
        """Hand actors to a person or to the bots from now on (already recorded answers
        stay as they are)."""
        self.people = set(people)

    def log_answers(self) -> list[dict[str, Any]]:
        return [dict(a) for a in self.answers]
