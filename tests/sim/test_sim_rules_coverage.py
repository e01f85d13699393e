"""The rules-coverage generator (``tests/rules_coverage.py``) reads IDs and cites correctly."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "rules_coverage.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("qf_rules_coverage", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["qf_rules_coverage"] = module
    spec.loader.exec_module(module)
    return module


rc = _load()

CATALOGUE = """# Catalogue
## 18. Attacks (GH-ATK)

- GH-ATK-01: "Attack X" deals base damage X.
- GH-ATK-02: There are two kinds of attack | ranged and melee.
## 62. Donating (GH-DONATE)
- GH-DONATE-01: Donate 10 gold.
"""


def test_parse_rules_keeps_sections_and_text() -> None:
    rules = rc.parse_rules(CATALOGUE)
    assert [(r.id, r.section) for r in rules] == [
        ("GH-ATK-01", "18. Attacks (GH-ATK)"),
        ("GH-ATK-02", "18. Attacks (GH-ATK)"),
        ("GH-DONATE-01", "62. Donating (GH-DONATE)"),
    ]


def test_only_comments_and_docstrings_count() -> None:
    source = 'x = 1  # GH-ATK-01\ny = "data GH-DONATE-01"\ndef f():\n    """GH-ATK-02."""\n'
    assert rc.cited_ids(source) == {"GH-ATK-01", "GH-ATK-02"}
    assert rc.cited_ids("def f():\n    return GH - ATK - 3\n") == set()


def test_table_marks_tested_rules_and_unknown_ids(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    (tests / "engine").mkdir(parents=True)
    (tests / "engine" / "test_a.py").write_text("def test_x():\n    pass  # GH-ATK-02, GH-ATK-99\n")
    (tests / "engine" / "helper.py").write_text("# GH-ATK-01 (not a test module)\n")
    coverage = rc.scan(rc.parse_rules(CATALOGUE), tests, tmp_path)
    text = rc.render(coverage)
    assert "| ✅ GH-ATK-02 | `engine/test_a.py` |" in text
    assert "| ❌ GH-ATK-01 | — |" in text
    assert "Scenario-play rules with a test: **1/2 (50%)**" in text
    assert "not in the catalogue: GH-ATK-99" in text
    assert "two kinds of attack \\| ranged" in text  # pipes escaped inside the table


def test_check_mode_detects_a_stale_table(tmp_path: Path) -> None:
    rules = tmp_path / "rules.md"
    rules.write_text(CATALOGUE)
    tests = tmp_path / "tests"
    tests.mkdir()
    out = tmp_path / "cov.md"
    args = ["--rules", str(rules), "--tests", str(tests), "--output", str(out)]
    assert rc.main([*args, "--check"]) == 1
    assert rc.main(args) == 0
    assert rc.main([*args, "--check"]) == 0
    (tests / "test_new.py").write_text("# GH-DONATE-01\n")
    assert rc.main([*args, "--check"]) == 1


def test_missing_catalogue_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert rc.main(["--rules", str(tmp_path / "nope.md"), "--output", str(tmp_path / "o.md")]) == 2
    assert "cannot read the rules catalogue" in capsys.readouterr().err


def test_real_catalogue_parses(shared_dir: Path) -> None:
    rules = rc.parse_rules((shared_dir / "rules" / "gloomhaven.md").read_text(encoding="utf-8"))
    ids = [r.id for r in rules]
    assert len(ids) == len(set(ids)) > 400
    assert "GH-ATK-07" in ids and "GH-REF-07" in ids
