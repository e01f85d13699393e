"""Every bundled scenario opens on the map; every other file opens as a generated form."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from questforge.editor.forms.form_editor import FormEditor
from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.gloomhaven.tile_editor import TileEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts
from questforge.engine.core.pack import content_files

pytestmark = pytest.mark.gui


def _files(sample_pack: Path) -> list[Path]:
    return content_files(sample_pack)[0]


def test_every_bundled_scenario_draws_its_map(qtbot: QtBot, sample_pack: Path) -> None:
    window = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    qtbot.addWidget(window)
    window.open_pack(sample_pack)
    scenarios = [f for f in window.workspace.files if f.kind == "scenario"]
    assert len(scenarios) >= 3
    for f in scenarios:
        editor = window.open_file(f.path)
        assert isinstance(editor, ScenarioEditor), f.path
        smap = editor.scene.smap
        assert smap.tiles and not [t for t in smap.tiles if t.missing], f"unknown tile in {f.path}"
        assert smap.hexes and smap.wall_hexes()
        data = editor.document.data
        # every door and monster of the file sits on a drawn hex
        for door in data.get("doors", []):
            assert tuple(door["hex"]) in smap.hexes
        for monster in data.get("monsters", []):
            assert tuple(monster["hex"]) in smap.hexes, (f.path, monster)
        # every room has hexes
        for room in data["rooms"]:
            assert any(r == room["id"] for r in smap.room_of.values()), room["id"]
    assert window.tabs.count() == len(scenarios)


def test_every_other_kind_gets_a_schema_generated_form(qtbot: QtBot, sample_pack: Path) -> None:
    prompts = ScriptedPrompts()
    window = MainWindow(prompts=prompts, live_validation=False)
    qtbot.addWidget(window)
    window.open_pack(sample_pack)
    kinds_seen: set[str] = set()
    for f in window.workspace.files:
        if f.kind == "scenario" or f.kind in kinds_seen:
            continue
        kinds_seen.add(f.kind)
        editor = window.open_file(f.path)
        if isinstance(editor, TileEditor):  # map tiles: the hex canvas beside the form
            editor = editor.form_editor
        assert isinstance(editor, FormEditor), (f.path, prompts.errors)
        assert editor.form is not None, f"no schema form for kind {f.kind}"
        # a widget for every top-level key of the file
        for key in editor.document.data:
            assert (key,) in editor.form.widgets, (f.path, key)
    # at least monsters, decks, bosses, classes, ability cards, items, events, modifiers
    for kind in ("monster", "map-tile", "item"):
        assert kind in kinds_seen
    assert len(kinds_seen) >= 8
