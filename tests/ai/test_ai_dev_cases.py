"""Every monster-AI dev situation: the solver's option set equals ``expected``.

The cases are gloom's (Gloomhaven Monster Mover) numbered test situations; they show the
accepted readings of GH-FOCUS, GH-MMOVE, GH-MHAZ, GH-MATK, GH-LOS and GH-AOE.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from questforge.engine.gloomhaven.ai import load_situation, solve

_SHARED = Path(
    os.environ.get("QUESTFORGE_SHARED", Path(__file__).resolve().parents[2].parent / "shared")
)
_NAMES = sorted(p.name for p in (_SHARED / "data" / "monster-ai" / "dev").glob("*.json")) or [
    "no-dev-cases-found"
]


@pytest.mark.parametrize("name", _NAMES)
def test_dev_case(dev_dir: Path, name: str) -> None:
    path = dev_dir / name
    if not path.exists():
        pytest.skip(f"{path} not found")
    situation = load_situation(json.loads(path.read_text(encoding="utf-8")))
    assert situation.expected is not None
    solution = solve(situation)
    got = {(o.destination, o.attacks) for o in solution.options}
    want = {(e.destination, e.attacks) for e in situation.expected}
    assert got == want, situation.description
    # Every option names the focus it serves; an attack always includes that focus.
    for option in solution.options:
        if option.attacks:
            assert option.focus in option.attacks


def test_there_are_dev_cases(dev_dir: Path) -> None:
    assert len(list(dev_dir.glob("*.json"))) >= 50
