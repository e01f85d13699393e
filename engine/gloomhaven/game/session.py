"""Play a game one decision at a time, without callbacks (for GUIs and network play).

:class:`~.game.Game` asks its controller synchronously, which suits bots, scripts and a
terminal prompt. A window cannot block inside a callback, so a :class:`Session` turns the
game inside out: :meth:`Session.advance` runs until a person must decide and returns that
:class:`~questforge.engine.core.decisions.Decision`; :meth:`Session.answer` records the
choice and advances again.

It relies on determinism rather than threads: after each answer the game is replayed
from its seed with every answer so far (a few milliseconds for a typical game), so the
state shown is always exactly the state a straight run would have.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from questforge.engine.core.decisions import Controller, Decision, FirstOptionController
from questforge.engine.core.events import JSONValue, to_jsonable
from questforge.engine.gloomhaven.game.game import Game
from questforge.engine.gloomhaven.game.setup import Setup
from questforge.engine.gloomhaven.game.spec import Content


class _Pending(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.kind)
        self.decision = decision


class _SessionController:
    """Replays the session's answers, asks bots for the rest, stops at a person."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.position = 0

    def choose(self, decision: Decision) -> int:
        s = self.session
        if self.position < len(s.answers):
            index = int(s.answers[self.position]["index"])
            self.position += 1
            return index
        if decision.actor in s.people:
            raise _Pending(decision)
        index = s.bots.choose(decision)
        s.answers.append(
            {
                "kind": decision.kind,
                "actor": decision.actor,
                "index": index,
                "option": to_jsonable(decision.options[index]),
            }
        )
        self.position += 1
        return index


class Session:
    """A game where the decisions of the actors in ``people`` (character ids, "players",
    "monsters") are returned through :attr:`pending`; ``bots`` answer everything else."""

    def __init__(
        self,
        content: Content,
        setup: Setup,
        seed: int | str,
        people: Collection[str] = (),
        bots: Controller | None = None,
    ) -> None:
        self.content = content
        self.setup = setup
        self.seed = seed
        self.people = set(people)
        self.bots: Controller = bots or FirstOptionController()
        self.answers: list[dict[str, JSONValue]] = []
        self.pending: Decision | None = None
        self.game: Game = Game(content, setup, seed)

    def advance(self) -> Decision | None:
        """Run until a person must decide (returned, also in :attr:`pending`) or the game
        ends (``None``). :attr:`game` then holds the state at that moment."""
        if self.pending is not None:
            return self.pending
        game = Game(self.content, self.setup, self.seed)
        ctl = _SessionController(self)
        try:
            game.run(ctl)
        except _Pending as p:
            self.pending = p.decision
        self.game = game
        return self.pending

    def answer(self, index: int) -> Decision | None:
        """Answer :attr:`pending` with an option index and advance to the next decision."""
        if self.pending is None:
            raise ValueError("no decision is pending")
        d = self.pending
        if not 0 <= index < len(d.options):
            raise ValueError(f"{d.kind!r} has {len(d.options)} options, got index {index}")
        self.answers.append(
            {
                "kind": d.kind,
                "actor": d.actor,
                "index": index,
                "option": to_jsonable(d.options[index]),
            }
        )
        self.pending = None
        return self.advance()

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def finished(self) -> bool:
        return self.game.finished
