"""``questforge new`` for a Descent pack: the pack starts with the standard dice, and every
kind it scaffolds validates without a single error in that pack (contract: templates)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from questforge.cli import cli
from questforge.validator.runner import validate_paths


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_a_new_descent_pack_and_every_kind_validate(tmp_path: Path) -> None:
    assert run("new", "pack", "Deep Halls", "--ruleset", "descent", "--dir", str(tmp_path))[0] == 0
    pack = tmp_path / "deep-halls"
    assert len(list((pack / "dice").glob("*.json"))) == 6  # DJ-DICE: die colours are content
    for kind in ("quest", "hero", "monster", "item", "skill", "overlord-card", "tile"):
        code, out = run("new", kind, f"My {kind}", "--dir", str(pack))
        assert code == 0, out
    quest = json.loads((pack / "quests" / "my-quest.json").read_text())
    assert quest["tiles"][0]["tile"] == "my-quest-room"
    report = validate_paths([pack])
    assert [f for f in report.findings if f.is_error] == []


def test_a_tile_typo_is_refused(tmp_path: Path) -> None:
    run("new", "pack", "P", "--ruleset", "descent", "--dir", str(tmp_path))
    run("new", "tile", "Great Hall", "--dir", str(tmp_path / "p"))
    code, out = run("new", "quest", "Q", "--dir", str(tmp_path / "p"), "--tile", "great-hal")
    assert code == 2 and "Did you mean 'great-hall'" in out
