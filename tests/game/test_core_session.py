"""The step API (``engine/core/session.py``) on a toy game: people decide through
``advance``/``answer``, bots the rest, a replay never re-applies a stop rule to steps that
were already played, and ``undo`` takes a person's decision back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from questforge.engine.core.decisions import Controller, Decision
from questforge.engine.core.events import Event, EventLog


class Toy:
    """Five steps; in step 3 the person ("p") picks 0 or 1, in step 4 the bot ("b") does."""

    def __init__(self) -> None:
        self.log = EventLog()
        self.answers: list[dict[str, Any]] = []
        self.n = 0

    @property
    def events(self) -> Sequence[Event]:
        return self.log.events

    @property
    def finished(self) -> bool:
        return self.n >= 5

    @property
    def round(self) -> int:
        return self.n

    def step(self, controller: Controller) -> list[Event]:
        before = len(self.log.events)
        self.n += 1
        if self.n in (3, 4):
            actor = "p" if self.n == 3 else "b"
            index = controller.choose(Decision("pick", actor, (0, 1)))
            self.answers.append({"kind": "pick", "actor": actor, "index": index, "option": index})
            self.log.emit("picked", step=self.n, value=index)
        self.log.emit("step", n=self.n)
        return self.log.events[before:]

    def run(self, controller: Controller, round_cap: int | None = None) -> None:
        while not self.finished:
            self.step(controller)

    def to_log_result(self) -> dict[str, Any] | None:
        return None


class FirstBot:
    def choose(self, decision: Decision) -> int:
        return 1


def one_step(game: Any, events: Sequence[Event]) -> bool:
    return True


def test_answer_then_step_stops_after_the_step_with_the_decision() -> None:
    from questforge.engine.core.session import Session

    s = Session(Toy, lambda g: FirstBot(), people={"p"})
    d = s.advance(one_step)
    assert d is None and s.game.n == 1  # one step, no decision yet
    d = s.advance(one_step)
    assert d is None and s.game.n == 2
    d = s.advance(one_step)
    assert d is not None and d.actor == "p"
    s.answer(0, one_step)
    # replayed steps 1-2 do not count: it stops after step 3, where the person decided
    assert s.game.n == 3 and [e["n"] for e in s.events if e.type == "step"] == [1, 2, 3]
    s.advance(None)
    assert s.finished and [a["actor"] for a in s.answers] == ["p", "b"]
    assert s.undo() is not None and s.pending is not None and s.answers == []
    s.answer(1)
    picked = [e["value"] for e in s.events if e.type == "picked" and e["step"] == 3]
    assert s.finished and picked == [1]
