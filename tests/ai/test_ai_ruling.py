"""The referee's wording of the solver's reasoning, shared by ``ai solve`` and the playtest."""

from __future__ import annotations

from questforge.engine.core.hexgrid import Hex
from questforge.engine.gloomhaven.ai import Explanation, FocusCandidate, Step
from questforge.engine.gloomhaven.ai.ruling import (
    candidate_line,
    candidate_lines,
    hex_text,
    step_line,
)


def _candidate(**changes: object) -> FocusCandidate:
    values: dict[str, object] = {
        "hex": Hex(7, -5),
        "label": "C10 at [7, -5]",
        "movement": 2,
        "traps": 0,
        "proximity": 3,
        "initiative": 10,
        "summon": False,
        "chosen": False,
    }
    values.update(changes)
    return FocusCandidate(**values)  # type: ignore[arg-type]


def test_candidate_line_names_the_focus_measures() -> None:
    # GH-FOCUS-02: movement to an attack hex, then proximity, then initiative
    assert candidate_line(_candidate(chosen=True)) == (
        "C10 at [7, -5]: 2 movement point(s) to an attack hex, proximity 3, initiative 10  <- focus"
    )
    # GH-FOCUS-03: negative hexes on the way count first; summons act before their summoner
    line = candidate_line(_candidate(traps=1, summon=True))
    assert "2 movement point(s) to an attack hex through 1 trap/hazardous hex(es)" in line
    assert line.endswith("initiative 10 (summon)")
    unreachable = candidate_line(_candidate(movement=None, proximity=None))
    assert "cannot be attacked from any reachable hex, proximity -" in unreachable


def test_candidate_table_and_steps_carry_rule_ids() -> None:
    ex = Explanation(
        candidates=[_candidate(chosen=True), _candidate(label="C20", initiative=20)],
        steps=[Step(("GH-FOCUS-01", "GH-FOCUS-02"), "Focus: C10.")],
    )
    lines = candidate_lines(ex)
    assert lines[0] == "Focus candidates:"
    assert [line.startswith("  C") for line in lines[1:]] == [True, True]
    assert candidate_lines(Explanation()) == []
    assert step_line(ex.steps[0]) == "Focus: C10. [GH-FOCUS-01, GH-FOCUS-02]"
    assert hex_text(None) == "-" and hex_text(Hex(1, -2)) == "[1, -2]"
