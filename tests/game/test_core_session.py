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


class Long(Toy):
    """Eight steps; the bot ("b") picks in every step but the fifth, where "p" picks."""

    @property
    def finished(self) -> bool:
        return self.n >= 8

    def step(self, controller: Controller) -> list[Event]:
        before = len(self.log.events)
        self.n += 1
        actor = "p" if self.n == 5 else "b"
        index = controller.choose(Decision("pick", actor, (0, 1, 2)))
        self.log.emit("picked", step=self.n, value=index)
        return self.log.events[before:]


class CountingBot:
    """A bot with memory: its answers depend on how many it gave before (as a real bot's
    random generator does), so a fresh bot would answer differently from a used one."""

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, decision: Decision) -> int:
        self.asked += 1
        return self.asked % 3


def _picks(s: Any) -> list[int]:
    return [int(e["value"]) for e in s.events]


def test_step_back_over_bot_steps_replays_the_same_game() -> None:
    from questforge.engine.core.session import Session

    straight = Session(Long, lambda g: CountingBot())
    straight.run()
    s = Session(Long, lambda g: CountingBot())
    assert not s.can_step_back
    for _ in range(4):
        s.advance(one_step)
    assert _picks(s) == _picks(straight)[:4] and s.can_step_back
    s.step_back()
    assert _picks(s) == _picks(straight)[:3]  # the game as the previous step left it
    s.step_back()
    assert _picks(s) == _picks(straight)[:2]
    # forward again: the same answers, then the very game that stood there goes on
    s.advance(None)
    assert s.finished and _picks(s) == _picks(straight)
    assert len(s.answers) == len(straight.answers)


def test_step_back_over_a_persons_answer_asks_it_again() -> None:
    from questforge.engine.core.session import Session

    s = Session(Long, lambda g: CountingBot(), people={"p"})
    for _ in range(4):
        s.advance(one_step)
    asked = s.advance(one_step)
    assert asked is not None and asked.actor == "p"
    s.answer(2, one_step)
    s.advance(one_step)
    assert _picks(s)[4] == 2 and s.game.n == 6
    s.step_back()  # back over the bot's step 6
    assert s.game.n == 5 and s.pending is None
    s.step_back()  # back over the person's answer: asked again
    assert s.pending is not None and s.pending.actor == "p" and len(_picks(s)) == 4
    s.answer(0)
    s.advance(None)
    assert s.finished and _picks(s)[4] == 0
    # take back after stepping back: the person's decision once more
    assert s.undo() is not None and s.pending is not None and len(s.answers) == 4
