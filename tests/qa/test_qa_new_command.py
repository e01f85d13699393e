"""QA regressions for ``questforge new``: it must never write files that do not validate.

Each test failed before its fix: ``--tile`` naming a tile the pack lacks, a ``--number``
already in use, a non-installed ``--ruleset``, an id another file already has, and long
names (derived names and ids over the schema limits) all produced invalid content or an
"internal error".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from questforge.cli import cli
from questforge.validator.runner import validate_paths


def new(*args: str) -> Result:
    return CliRunner().invoke(cli, ["new", *args])


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    result = new("pack", "QA Pack", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    return tmp_path / "qa-pack"


def errors(root: Path) -> list[str]:
    report = validate_paths([root])
    return [f"{f.code} {f.file} {f.message}" for f in report.findings]


def test_scenario_with_a_tile_the_pack_lacks_gets_that_tile(pack: Path) -> None:
    # a tile the pack lacks is refused (a typo must not silently make a new tile) ...
    result = new("scenario", "Pit", "--dir", str(pack), "--tile", "cave-mouth")
    assert result.exit_code == 2 and "no such map tile" in result.output
    assert not (pack / "tiles" / "cave-mouth.json").exists()
    # ... unless the designer asks for a new starter tile under that id
    result = new("scenario", "Pit", "--dir", str(pack), "--tile", "cave-mouth", "--new-tile")
    assert result.exit_code == 0, result.output
    assert (pack / "tiles" / "cave-mouth.json").is_file()
    assert errors(pack) == []


def test_scenario_tile_in_a_pack_not_required_is_refused(pack: Path) -> None:
    result = new("scenario", "Pit", "--dir", str(pack), "--tile", "other-pack:hall")
    assert result.exit_code == 2
    assert "requires" in result.output
    assert not (pack / "scenarios").exists()


def test_scenario_number_in_use_is_refused(pack: Path) -> None:
    assert new("scenario", "One", "--dir", str(pack)).exit_code == 0
    result = new("scenario", "Two", "--dir", str(pack), "--number", "1")
    assert result.exit_code == 2
    assert "already used" in result.output
    assert errors(pack) == []


def test_uninstalled_ruleset_is_refused(tmp_path: Path) -> None:
    result = new("pack", "Other", "--dir", str(tmp_path), "--ruleset", "nonesuch")
    assert result.exit_code == 2
    assert "not installed" in result.output
    assert not (tmp_path / "other").exists()


def test_gloomhaven_content_into_another_rulesets_pack_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pack.json").write_text(
        '{"kind": "pack", "id": "d", "name": "D", "version": "0.1.0", "ruleset": "descent",'
        ' "requires": []}',
        encoding="utf-8",
    )
    # a kind only Gloomhaven scaffolds is refused, naming the pack's ruleset ...
    result = new("scenario", "Rat Hole", "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert "descent cannot scaffold 'scenario'" in result.output
    # ... and a kind both have is written as the pack's ruleset's (a Descent monster)
    result = new("monster", "Rat", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "/descent/monster.schema.json" in (tmp_path / "monsters" / "rat.json").read_text()


def test_id_used_by_another_file_is_refused(pack: Path) -> None:
    assert new("monster", "Rat", "--dir", str(pack)).exit_code == 0
    (pack / "monsters" / "rat.json").rename(pack / "monsters" / "old-rat.json")
    result = new("monster", "Rat", "--dir", str(pack))
    assert result.exit_code == 2
    assert "already has a monster with id 'rat'" in result.output
    assert errors(pack) == []


def test_name_over_the_limit_is_a_usage_error(pack: Path) -> None:
    result = new("monster", "x" * 121, "--dir", str(pack))
    assert result.exit_code == 2
    assert "internal error" not in result.output
    assert "at most 120" in result.output


@pytest.mark.parametrize("what", ["monster", "character", "scenario"])
def test_longest_names_make_valid_files(pack: Path, what: str) -> None:
    extra = ["--hand-size", "12"] if what == "character" else []
    result = new(what, "a" * 120, "--dir", str(pack), *extra)
    assert result.exit_code == 0, result.output
    assert errors(pack) == []


def test_too_long_explicit_id_is_a_usage_error(pack: Path) -> None:
    result = new("monster", "Rat", "--id", "b" * 78, "--dir", str(pack))
    assert result.exit_code == 2
    assert "internal error" not in result.output
    assert "too long" in result.output
