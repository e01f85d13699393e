"""``questforge new``: scaffolds validate, load into the model, and never overwrite."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from questforge.cli import cli
from questforge.commands.new import slugify
from questforge.engine.gloomhaven.model import load_pack_dir


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, ["new", *args], catch_exceptions=False)


def assert_pack_valid(root: Path, errors_for: Any) -> None:
    files = sorted(root.rglob("*.json"))
    assert files
    for path in files:
        errors = errors_for(json.loads(path.read_text(encoding="utf-8")))
        assert not errors, (path, [e.message for e in errors])
    model = load_pack_dir(root)
    assert model.errors == []


def test_slugify() -> None:
    assert slugify("The Dark Pit!") == "the-dark-pit"
    assert slugify("  Ölbrand's  Hall ") == "olbrand-s-hall"
    assert slugify("!!!") == ""


def test_new_pack_then_every_kind(tmp_path: Path, errors_for: Any) -> None:
    result = run("pack", "My Pack", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    root = tmp_path / "my-pack"
    pack = json.loads((root / "pack.json").read_text(encoding="utf-8"))
    assert (pack["id"], pack["name"], pack["ruleset"]) == ("my-pack", "My Pack", "gloomhaven")
    for args in (
        ["scenario", "The Dark Pit"],
        ["scenario", "Second Pit"],
        ["monster", "Cave Bat"],
        ["character", "Digger", "--hand-size", "8"],
    ):
        result = run(*args, "--dir", str(root))
        assert result.exit_code == 0, result.output
        assert "wrote " in result.output
    assert_pack_valid(root, errors_for)
    model = load_pack_dir(root)
    assert sorted(s.number for s in model.scenarios.values()) == [1, 2]
    assert model.monster_deck_for(model.monsters["cave-bat"]) is not None
    cls = model.character_classes["digger"]
    assert len(model.class_cards("digger")) == cls.hand_size == 8
    assert cls.modifier_deck == "standard-deck" and cls.perks[0].remove
    deck = model.attack_modifier_decks["standard-deck"]
    assert deck.size == 20  # GH-REF-01
    geo = model.scenario_map("the-dark-pit")
    assert set(model.scenarios["the-dark-pit"].starting_hexes) <= geo.room_hexes["start"]


def test_scenario_reuses_an_existing_tile(tmp_path: Path, errors_for: Any) -> None:
    assert run("pack", "P", "--dir", str(tmp_path)).exit_code == 0
    root = tmp_path / "p"
    assert run("scenario", "One", "--dir", str(root)).exit_code == 0
    result = run("scenario", "Two", "--dir", str(root), "--tile", "one-room", "--number", "7")
    assert result.exit_code == 0
    assert "tiles/" not in result.output
    doc = json.loads((root / "scenarios" / "two.json").read_text(encoding="utf-8"))
    assert doc["tiles"][0]["tile"] == "one-room" and doc["number"] == 7
    assert_pack_valid(root, errors_for)


def test_character_outside_a_pack_has_no_dangling_card_references(
    tmp_path: Path, errors_for: Any
) -> None:
    assert run("character", "Loner", "--dir", str(tmp_path)).exit_code == 0
    cls = json.loads((tmp_path / "classes" / "loner" / "loner.json").read_text(encoding="utf-8"))
    assert "modifier_deck" not in cls
    assert all("add" not in p and "remove" not in p for p in cls["perks"])
    assert_pack_valid(tmp_path, errors_for)


def test_refuses_to_overwrite(tmp_path: Path) -> None:
    assert run("monster", "Cave Bat", "--dir", str(tmp_path)).exit_code == 0
    target = tmp_path / "monsters" / "cave-bat.json"
    target.write_text("{}", encoding="utf-8")
    deck = tmp_path / "decks" / "cave-bat-deck.json"
    deck.unlink()
    result = run("monster", "Cave Bat", "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert "refusing to overwrite" in result.output and "cave-bat.json" in result.output
    assert target.read_text(encoding="utf-8") == "{}"
    assert not deck.exists()  # nothing at all was written


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["scenario", "!!!"], "give one with --id"),
        (["scenario", "Fine", "--id", "Not_Valid"], "kebab-case"),
        (["pack", "   "], "must not be empty"),
        (["pack", "P", "--ruleset", "Bad Name"], "ruleset"),
        (["scenario", "Fine", "--tile", "Bad Tile"], "content reference"),
    ],
)
def test_clear_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = run(*args, "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert not any(tmp_path.iterdir())


def test_unknown_kind_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["new", "dragon", "X", "--dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "dragon" in result.output
