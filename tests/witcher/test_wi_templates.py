"""``questforge new`` for a Witcher pack: a new pack and one of every kind validate, and
two heroes make it playable."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from questforge.cli import cli
from questforge.validator.runner import validate_paths


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["new", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_new_pack_and_every_kind_validate_and_play(tmp_path: Path) -> None:
    run("pack", "My Race", "--ruleset", "witcher", "--dir", str(tmp_path))
    root = tmp_path / "my-race"
    for kind, name in (
        ("hero", "Old Wolf"),
        ("hero", "Young Fox"),
        ("quest", "The Lost Bell"),
        ("monster", "Grave Hag"),
        ("die", "Spare Die"),
        ("development-card", "Trick"),
        ("investigation-card", "Clue"),
        ("misfortune-card", "Bad Luck"),
        ("luck-card", "Good Luck"),
        ("challenge-card", "Hold the Gate"),
    ):
        assert "wrote " in run(kind, name, "--dir", str(root))
    report = validate_paths([root])
    assert [f for f in report.findings if f.is_error] == []
    played = CliRunner().invoke(cli, ["play", f"{root}:standard", "--auto", "--length", "short"])
    assert played.exit_code == 0, played.output
    assert "The game" in played.output
