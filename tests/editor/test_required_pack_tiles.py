"""Tiles of a required pack (issue 13): a pack whose ``pack.json`` requires another pack
places that pack's map tiles. The palette offers them as ``pack:id`` (the cross-pack
reference of docs/content-format.md), the map draws them, and ``questforge validate``
accepts what the editor saved."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from editor_helpers import click_hex  # type: ignore[import-not-found]
from pytestqt.qtbot import QtBot

from questforge.cli import cli
from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts

pytestmark = pytest.mark.gui

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "two-rooms.json"
SAMPLE = "gloomhaven-sample"


@pytest.fixture
def mine(sample_pack: Path, tmp_path: Path) -> Path:
    """``mine`` requires the sample pack (its sibling folder, where the validator finds
    it) and has no tiles of its own: its scenario is the two-room fixture on the sample's
    tiles, with the second room's tile still to place."""
    shutil.copytree(sample_pack, tmp_path / SAMPLE, ignore=shutil.ignore_patterns("scenarios"))
    root = tmp_path / "mine"
    (root / "scenarios").mkdir(parents=True)
    (root / "pack.json").write_text(
        json.dumps(
            {
                "$schema": "https://questforge.dev/schema/common/pack.schema.json",
                "kind": "pack",
                "id": "mine",
                "name": "Mine",
                "version": "0.1.0",
                "ruleset": "gloomhaven",
                "requires": [{"id": SAMPLE, "version": "0.1"}],
            }
        )
    )
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data.pop("x-designer-note")
    data["tiles"] = [dict(data["tiles"][0], tile=f"{SAMPLE}:gate")]
    data["rooms"][1]["tiles"] = []
    for monster in data["monsters"]:
        monster["monster"] = f"{SAMPLE}:{monster['monster']}"
    (root / "scenarios" / "two-rooms.json").write_text(json.dumps(data, indent=2))
    return root


def _validate(root: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["validate", str(root)])
    return result.exit_code, result.output


def test_a_required_packs_tile_is_placed_and_validates(qtbot: QtBot, mine: Path) -> None:
    code, output = _validate(mine)
    assert code == 1 and "room-2" in output  # the second room has no tile yet
    window = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    window.resize(1400, 900)
    qtbot.addWidget(window)
    window.show()
    window.open_pack(mine)
    window.open_path(mine / "scenarios" / "two-rooms.json")
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    # the required pack's gate is drawn (its hexes are on the map)
    assert (0, 0) in editor.scene.smap.hexes
    editor.set_tool("Tile")
    palette = editor.palettes
    offered = [palette.tile_combo.itemText(i) for i in range(palette.tile_combo.count())]
    assert f"{SAMPLE}:shaft" in offered and f"{SAMPLE}:gate" in offered
    assert not palette.tile_combo.itemIcon(offered.index(f"{SAMPLE}:shaft")).isNull()
    palette.tile_combo.setCurrentIndex(offered.index(f"{SAMPLE}:shaft"))
    palette.room_combo.setCurrentIndex(palette.room_combo.findText("room-2"))
    palette.grab().save("/tmp/polish-required-tiles-palette.png")
    assert (0, 7) not in editor.scene.smap.hexes
    click_hex(qtbot, editor, (0, 5))
    doc = editor.document
    placed = [t for t in doc.data["tiles"] if t["tile"] == f"{SAMPLE}:shaft"]
    assert len(placed) == 1 and placed[0]["position"] == [0, 5]
    assert placed[0]["id"] in doc.data["rooms"][1]["tiles"]
    assert (0, 7) in editor.scene.smap.hexes  # drawn from the required pack's tile
    # the editor's own validation knows the required pack as `validate` does
    result = window.validator.validate_now()
    assert [(f.code, f.message) for f in result.findings] == []
    window.grab().save("/tmp/polish-required-tiles.png")
    doc.save()
    saved = json.loads((mine / "scenarios" / "two-rooms.json").read_text(encoding="utf-8"))
    assert saved["tiles"][1]["tile"] == f"{SAMPLE}:shaft"
    code, output = _validate(mine)
    assert code == 0, output
    # ... and plays: from the command line and from the editor's playtest (the snapshot
    # takes the required pack along, where the engine finds it as `validate` does)
    played = CliRunner().invoke(
        cli, ["play", str(mine / "scenarios" / "two-rooms.json"), "--auto", "--seed", "2"]
    )
    assert played.exit_code == 0, played.output
    assert "WON" in played.output or "LOST" in played.output
    playtest = editor.open_playtest()
    assert playtest is not None
    playtest.close()
