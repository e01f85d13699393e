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


def _all_files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_dir_inside_a_pack_writes_into_the_packs_kind_folders(
    tmp_path: Path, errors_for: Any
) -> None:
    """``--dir my-pack/monsters`` used to give ``my-pack/monsters/monsters/...``."""
    assert run("pack", "P", "--dir", str(tmp_path)).exit_code == 0
    root = tmp_path / "p"
    (root / "monsters").mkdir()
    result = run("monster", "Cave Bat", "--dir", str(root / "monsters"))
    assert result.exit_code == 0, result.output
    assert (root / "monsters" / "cave-bat.json").is_file()
    assert (root / "decks" / "cave-bat-deck.json").is_file()
    assert not (root / "monsters" / "monsters").exists()
    assert not (root / "monsters" / "decks").exists()
    # a folder deep inside the pack that does not exist yet still means the pack
    result = run("scenario", "Deep", "--dir", str(root / "not" / "yet" / "there"))
    assert result.exit_code == 0, result.output
    assert (root / "scenarios" / "deep.json").is_file()
    assert not (root / "not").exists()
    assert_pack_valid(root, errors_for)


def test_scenario_numbering_sees_the_whole_pack_from_a_sub_folder(tmp_path: Path) -> None:
    assert run("pack", "P", "--dir", str(tmp_path)).exit_code == 0
    root = tmp_path / "p"
    assert run("scenario", "One", "--dir", str(root)).exit_code == 0
    assert run("scenario", "Two", "--dir", str(root / "scenarios")).exit_code == 0
    doc = json.loads((root / "scenarios" / "two.json").read_text(encoding="utf-8"))
    assert doc["number"] == 2
    assert not (root / "scenarios" / "scenarios").exists()


def test_help_explains_what_dir_means() -> None:
    result = CliRunner().invoke(cli, ["new", "--help"])
    assert result.exit_code == 0
    assert "pack.json" in result.output and "kind folders" in result.output


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path) -> None:
    """``decks`` is a file, so the deck cannot be written: the monster must not stay."""
    assert run("pack", "P", "--dir", str(tmp_path)).exit_code == 0
    root = tmp_path / "p"
    before = _all_files(root)
    (root / "decks").write_text("in the way", encoding="utf-8")
    result = run("monster", "Cave Bat", "--dir", str(root))
    assert result.exit_code == 2
    assert "cannot write" in result.output and "nothing was written" in result.output
    assert "Traceback" not in result.output
    assert _all_files(root) == sorted([*before, "decks"])
    assert not (root / "monsters").exists()  # the folder this run made is gone too


def test_a_failure_while_moving_into_place_removes_what_was_placed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from questforge.commands import new as new_module

    real_place = new_module._place
    calls: list[Path] = []

    def flaky(temporary: Path, target: Path) -> None:
        calls.append(target)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_place(temporary, target)

    monkeypatch.setattr(new_module, "_place", flaky)
    result = run("character", "Digger", "--hand-size", "3", "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert "No space left on device" in result.output
    assert len(calls) == 2 and calls[0].name == "digger.json"
    assert _all_files(tmp_path) == []  # placed file and every temporary file removed
    assert not (tmp_path / "classes").exists()


def test_a_file_created_meanwhile_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The existence check runs first; a file appearing before the move still wins."""
    from questforge.commands import new as new_module

    real_place = new_module._place

    def racing(temporary: Path, target: Path) -> None:
        if target.name == "cave-bat-deck.json":
            target.write_text("theirs", encoding="utf-8")
        real_place(temporary, target)

    monkeypatch.setattr(new_module, "_place", racing)
    result = run("monster", "Cave Bat", "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert "refusing to overwrite" in result.output
    assert (tmp_path / "decks" / "cave-bat-deck.json").read_text(encoding="utf-8") == "theirs"
    assert _all_files(tmp_path) == ["decks/cave-bat-deck.json"]
