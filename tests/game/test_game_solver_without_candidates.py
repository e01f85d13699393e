"""The engine's solver calls (``candidates=False``) give the full solve's answer.

The scenario engine logs the solver's rules and focus reason, never the explanation's table
of focus candidates, so it asks for none: the solver then skips the proximity search when
no tie needs it and searches the travel table only as far as the focus and the move need.
Every option, explanation step, rule and focus reason must be the ones the full solve
gives, on the dev situations, the audit situations and seeded random ones (flying,
jumping, areas, several targets, traps and hazards, thin walls).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

from questforge.engine.core.plainjson import loads
from questforge.engine.gloomhaven.ai import Situation, load_situation, solve

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "ai"))
from test_ai_properties import _random_situation  # noqa: E402

DEV = Path(os.environ.get("QUESTFORGE_SHARED", REPO.parent / "shared")) / "data/monster-ai/dev"
FILES = (
    sorted(DEV.glob("*.json"))
    + sorted((REPO / "tests/ai/audit_situations").glob("*.json"))
    + sorted((REPO / "tests/ai/audit2_situations").glob("*.json"))
)


def _same_answer(sit: Situation) -> None:
    full = solve(sit)
    brief = solve(sit, candidates=False)
    assert brief.options == full.options
    assert brief.explanation.steps == full.explanation.steps
    assert brief.explanation.rules == full.explanation.rules
    assert brief.explanation.focus_reason == full.explanation.focus_reason
    assert brief.explanation.candidates == []
    assert solve(sit, explain=False, candidates=False).options == full.options


@pytest.mark.skipif(not FILES, reason="no situation files")
def test_files_solve_alike_without_the_candidates_table() -> None:
    # GH-FOCUS-02/03, GH-REF-07/09, GH-MMOVE-03/08, GH-MHAZ-01: the same focus, moves
    # and targets whether or not every candidate's movement and proximity is listed
    for path in FILES:
        data = loads(path.read_text(encoding="utf-8"))
        _same_answer(load_situation(data))


def test_random_situations_solve_alike_without_the_candidates_table() -> None:
    # GH-FOCUS-02 / GH-MMOVE-08 / GH-MHAZ-01: seeded boards with traps, hazards,
    # difficult terrain, thin walls, areas and several targets
    rng = random.Random(14)
    solved = 0
    for _ in range(800):
        sit = _random_situation(rng)
        if sit is None:
            continue
        _same_answer(sit)
        solved += 1
    assert solved > 500


def test_a_missing_table_is_noticed() -> None:
    # the comparison above can fail: the full solve lists the candidates, the brief not
    rng = random.Random(3)
    sit = None
    while sit is None or not any(f.side == "character" and not f.invisible for f in sit.figures):
        sit = _random_situation(rng)
    assert solve(sit).explanation.candidates != solve(sit, candidates=False).explanation.candidates
