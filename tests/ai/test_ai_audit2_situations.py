"""Situations of the second referee audit of the monster-AI solver ("aiaudit2").

Each file in ``audit2_situations/`` was answered by hand from ``rules/gloomhaven.md``
before the solver was run; its ``description`` gives the rule and the reasoning. They
favour combinations the dev set lacks: negative hexes against difficult terrain in the
focus, jumps and flights over traps, obstacles, thin walls and invisible figures, ranged
monsters that cannot step away from an adjacent focus, disadvantage in ranged areas and
against secondary targets, range counted around wall hexes, mirrored ranged patterns,
area hexes on walls, summons and long rests in focus ties, and moves toward a focus that
cannot be attacked this turn. Boards: a one-row corridor (movement only: no line of sight
runs along a one-hex-wide row), 2-3 row strips, or an 11 x 5 parallelogram.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from questforge.engine.gloomhaven.ai import load_situation, solve

_AUDIT2 = Path(__file__).resolve().parent / "audit2_situations"


def _answer(name: str) -> tuple[set[tuple[object, ...]], set[tuple[object, ...]], str]:
    situation = load_situation(json.loads((_AUDIT2 / name).read_text(encoding="utf-8")))
    assert situation.expected is not None
    got = {(o.destination, o.attacks) for o in solve(situation).options}
    want = {(e.destination, e.attacks) for e in situation.expected}
    return got, want, situation.description


@pytest.mark.parametrize("name", sorted(p.name for p in _AUDIT2.glob("*.json")))
def test_audit2_situation(name: str) -> None:
    # The rules each file pins are named in its description: focus by negative hexes and
    # movement (GH-FOCUS-02, GH-FOCUS-05, GH-MHAZ-01, GH-MOVE-08), ties (GH-FOCUS-03,
    # GH-REF-07, GH-AMBIG-01), no focus (GH-FOCUS-04, GH-FOCUS-06), jumps and flights
    # (GH-MOVE-05, GH-MOVE-06, GH-TRAP-01, GH-MMOVE-11), obstacles and sight (GH-OBST-03,
    # GH-LOS-01), range around walls (GH-REF-08), disadvantage (GH-ATK-04, GH-MMOVE-06,
    # GH-MMOVE-07, GH-REF-09), areas and targets (GH-AOE-04, GH-AOE-05, GH-MMOVE-05,
    # GH-MMOVE-10, GH-REF-10), moving toward an unreachable focus (GH-MMOVE-08).
    got, want, description = _answer(name)
    assert got == want, description


def test_there_are_audit2_situations() -> None:
    assert len(list(_AUDIT2.glob("*.json"))) >= 40


def test_audit2_situations_are_distinct_questions() -> None:
    # (every file has its own id and a description giving its reasoning)
    datas = [json.loads(p.read_text(encoding="utf-8")) for p in _AUDIT2.glob("*.json")]
    assert len({d["id"] for d in datas}) == len(datas)
    assert all(len(d["description"]) > 40 and "GH-" in d["description"] for d in datas)
