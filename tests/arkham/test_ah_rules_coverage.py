"""The rules-coverage generator also counts the Arkham catalogue, into its own table."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[1] / "rules_coverage.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("qf_rules_coverage_ah", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["qf_rules_coverage_ah"] = module
    spec.loader.exec_module(module)
    return module


rc = _load()

CATALOGUE = """# Arkham
## 1. Components (AH-COMP)
- AH-COMP-01: The game has a board.
## 11. Combat (AH-CMB)
- AH-CMB-01: Step 1, Horror check.
- AH-CMB-02: Sanity lost.
- GH-ATK-01: not an Arkham id.
"""


def test_arkham_ids_are_read_and_cited(tmp_path: Path) -> None:
    rules = rc.parse_rules(CATALOGUE, "AH")
    assert [r.id for r in rules] == ["AH-COMP-01", "AH-CMB-01", "AH-CMB-02"]
    assert rc.cited_ids("x = 1  # AH-CMB-01, GH-ATK-01\n", "AH") == {"AH-CMB-01"}
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_a.py").write_text("# AH-CMB-02 AH-CMB-77\n")
    text = rc.render(rc.scan(rules, tests, tmp_path, "AH"), rc.ARKHAM)
    assert text.startswith("# Rules coverage (Arkham Horror)")
    assert "Game-play rules with a test: **1/2 (50%)**" in text
    assert "not in the catalogue: AH-CMB-77" in text


def test_one_game_at_a_time(tmp_path: Path) -> None:
    rules = tmp_path / "arkham.md"
    rules.write_text(CATALOGUE)
    out = tmp_path / "cov.md"
    args = [
        "--game",
        "arkham",
        "--rules",
        str(rules),
        "--tests",
        str(tmp_path),
        "--output",
        str(out),
    ]
    assert rc.main(args) == 0
    assert "AH-CMB-01" in out.read_text() and rc.main([*args, "--check"]) == 0
