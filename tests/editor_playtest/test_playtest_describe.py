"""The playtest's words for decisions and events, and the runner's answer checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from questforge.editor.gloomhaven.playtest.describe import event_text, figure_label, option_text
from questforge.editor.gloomhaven.playtest.explain import explanation_text
from questforge.editor.gloomhaven.playtest.runner import GameRunner, MonsterMoment
from questforge.engine.core.decisions import Decision
from questforge.engine.gloomhaven.ai import load_situation, solve
from questforge.engine.gloomhaven.ai.referee import ruling_text
from questforge.engine.gloomhaven.ai.ruling import candidate_lines, step_line
from questforge.engine.gloomhaven.game import Setup


def test_plan_and_action_options_name_the_cards(sample_content: Any) -> None:
    cls = sample_content.classes["lampwright"]
    a, b = cls.cards[0], cls.cards[1]
    plan = Decision("plan", "lampwright", ({"cards": [a.id, b.id]}, {"long_rest": True}))
    # the card's whole text, top and bottom, so a person chooses between cards, not names
    text = option_text(plan, 0, sample_content)
    assert text.startswith(f"{a.name} ({a.initiative:02d}) — top: ")
    assert f"  +  {b.name} ({b.initiative:02d}) — top: " in text and "| bottom: " in text
    assert option_text(plan, 1, sample_content).startswith("Long rest (initiative 99")
    action = Decision(
        "action",
        "lampwright",
        (
            {"card": a.id, "half": "top", "default": False},
            {"card": a.id, "half": "bottom", "default": True},
        ),
    )
    assert option_text(action, 0, sample_content).startswith(f"{a.name}, top: ")
    assert option_text(action, 1, sample_content) == f"{a.name}, bottom as a default Move 2"
    move = Decision("move", "lampwright", ([0, 0], [1, 0]))
    assert option_text(move, 0, sample_content) == "stay at (0,0)"
    assert option_text(move, 1, sample_content) == "hex (1,0)"
    negate = Decision(
        "negate_damage", "lampwright", ({"negate": None}, {"negate": "hand", "cards": [a.id]})
    )
    assert option_text(negate, 0, sample_content) == "suffer the damage"
    assert option_text(negate, 1, sample_content) == f"lose {a.name} from your hand instead"


def test_event_lines_read_as_sentences() -> None:
    attack = {
        "type": "attack",
        "attacker": "slag-hound-2",
        "target": "ore-singer",
        "base": 2,
        "value": 4,
        "modifiers": ["plus2"],
        "shield": 1,
        "damage": 3,
    }
    # one narrator for the terminal, this window and reports: sentences, names not ids
    assert event_text(attack) == (
        "Slag hound 2 attacks Ore singer: attack 4 (2 + 2 for poison), drew +2; shield 1; 3 damage."
    )
    assert event_text({"type": "round_start", "round": 2}) == "Round 2 begins."
    assert event_text({"type": "elements", "state": {"fire": 2, "ice": 1, "air": 0}}) == (
        "Elements now: fire strong, ice waning."
    )
    # never a key=value dump, whatever the event
    line = event_text({"type": "spawn_failed", "monster": "x", "hex": [1, 2]})
    assert "=" not in line and line.startswith("A X cannot spawn")


def test_figure_labels(sample_content: Any) -> None:
    class Fig:
        def __init__(self, **kw: Any) -> None:
            self.__dict__.update(kw)

    assert figure_label(Fig(kind="character", id="ore-singer")) == "OS"
    assert figure_label(Fig(kind="character", id="brute")) == "BR"
    assert figure_label(Fig(kind="monster", id="x", monster_type="slag-hound", standee=3)) == "SH3"


def test_runner_rejects_answers_out_of_range(sample_content: Any) -> None:
    setup = Setup("collapsed-adit", ("lampwright", "ore-singer"), level=1)
    runner = GameRunner(sample_content, setup, 3, people={"lampwright"})
    with pytest.raises(ValueError, match="no decision is pending"):
        runner.answer(0)
    assert runner.step("start")  # returns at the person's first decision, no thread
    assert runner.pending is not None and runner.pending.kind == "start_hex"
    with pytest.raises(ValueError, match="options"):
        runner.answer(99)
    assert not runner.step("turn")  # one step at a time: the person answers first
    runner.answer(0)
    assert runner.pending is None and runner.game.decisions[0]["actor"] == "lampwright"


def test_runner_takes_a_decision_back(sample_content: Any) -> None:
    setup = Setup("collapsed-adit", ("lampwright", "ore-singer"), level=1)
    runner = GameRunner(sample_content, setup, 3, people={"lampwright"})
    assert not runner.undo()  # nothing decided yet
    runner.step("start")
    first = runner.pending
    assert first is not None and first.kind == "start_hex" and len(first.options) > 1
    runner.answer(1)
    hero = runner.game.state.figures["lampwright"]
    assert hero.hex == tuple(first.options[1])
    runner.step("round")  # the card selection of round 1 is asked of the person
    assert runner.pending is not None and runner.pending.kind == "plan"
    runner.answer(0)
    before = [e.to_json() for e in runner.game.events]
    assert runner.undo()  # the plan is asked again, the game as it was before it
    assert runner.pending is not None and runner.pending.kind == "plan"
    assert not any(
        e.type == "plan" and e.get("character") == "lampwright" for e in runner.game.events
    )
    runner.answer(0)  # the same answer replays the same game (the seed decides the rest)
    after = [e.to_json() for e in runner.game.events]
    assert any(e["type"] == "plan" and e.get("character") == "lampwright" for e in after)
    assert after == before[: len(after)]  # the undo finished the card selection only
    assert runner.undo() and runner.undo()  # back to the starting hex
    assert runner.pending is not None and runner.pending.kind == "start_hex"
    runner.answer(0)
    assert runner.game.state.figures["lampwright"].hex == tuple(first.options[0])


def test_move_explanation_words_the_solver_like_ai_solve(shared_dir: Path) -> None:
    """The playtest's move explanation and ``questforge ai solve`` word one situation alike."""
    path = shared_dir / "data" / "monster-ai" / "dev" / "gloom-007.json"
    if not path.is_file():
        pytest.skip(f"no dev situation at {path}")
    data = json.loads(path.read_text(encoding="utf-8"))
    focus: dict[str, Any] = {
        "focus": [7, -5],
        "destination": [6, -5],
        "attacks": [[7, -5]],
        "rules": ["GH-FOCUS-01"],
    }
    text = explanation_text(MonsterMoment(0, "guard-1", focus, data, round=2))
    situation = load_situation(data)
    solution = solve(situation)
    ruling = ruling_text(situation, solution)
    shared = candidate_lines(solution.explanation)
    # GH-FOCUS-02: every candidate with its movement, proximity and initiative, in both
    assert len(shared) > 2 and any(line.endswith("<- focus") for line in shared)
    for line in shared:
        assert line in text.splitlines() and line in ruling.splitlines()
    for step in solution.explanation.steps:
        assert f"  {step_line(step)}" in text and step_line(step) in ruling
