"""``questforge new`` for an Arkham pack: the starter pack validates without errors (a board
with a location card per neighbourhood and the rules tables), and every kind Arkham can
scaffold is written where the pack keeps it and validates against its schema."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from questforge.cli import cli
from questforge.validator.runner import validate_paths


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_a_new_arkham_pack_validates_and_scaffolds_every_kind(tmp_path: Path) -> None:
    assert run("new", "pack", "Town", "--ruleset", "arkham", "--dir", str(tmp_path))[0] == 0
    pack = tmp_path / "town"
    report = validate_paths([pack])
    assert [f for f in report.findings if f.is_error] == []
    for kind in ("investigator", "investigator-card", "ancient-one", "monster", "gate-card"):
        code, out = run("new", kind, f"My {kind}", "--dir", str(pack))
        assert code == 0, out
    schema_errors = [f for f in validate_paths([pack], schema_only=True).findings if f.is_error]
    assert schema_errors == []
