"""Build a two-room scenario from an empty pack with clicks and keys, as a user would.

Every step is undone and redone, the result is saved, reloaded, validated (python-jsonschema
with a local registry, and the questforge validator) and compared with the expected JSON.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from editor_helpers import click_hex, drag_hex, empty_pack  # type: ignore[import-not-found]
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from referencing import Registry, Resource

from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved
from questforge.validator.runner import validate_paths

pytestmark = pytest.mark.gui

EXPECTED: dict[str, Any] = {
    "$schema": "https://questforge.dev/schema/gloomhaven/scenario.schema.json",
    "kind": "scenario",
    "id": "two-rooms",
    "number": 1,
    "name": "Two Rooms",
    "tiles": [
        {"id": "gate-1", "tile": "gate", "side": "a", "position": [0, 0], "rotation": 0},
        {"id": "shaft-1", "tile": "shaft", "side": "a", "position": [0, 5], "rotation": 0},
    ],
    "rooms": [{"id": "room-1", "tiles": ["gate-1"]}, {"id": "room-2", "tiles": ["shaft-1"]}],
    "starting_room": "room-1",
    "starting_hexes": [[0, 0], [1, 0], [2, 0], [3, 0]],
    "win": [{"type": "kill-all"}],
    "doors": [{"id": "door-1", "hex": [1, 4], "rooms": ["room-1", "room-2"]}],
    "monsters": [
        {
            "monster": "slag-hound",
            "hex": [3, 1],
            "players": {"2": "normal", "3": "normal", "4": "elite"},
        },
        {
            "monster": "tunnel-warden",
            "hex": [2, 2],
            "players": {"2": "absent", "3": "normal", "4": "normal"},
        },
        {
            "monster": "slag-hound",
            "hex": [1, 7],
            "players": {"2": "absent", "3": "elite", "4": "elite"},
        },
    ],
    "overlays": [
        {"type": "trap", "hexes": [[0, 2]], "damage": True},
        {"type": "difficult", "hexes": [[-1, 2]]},
        {"type": "difficult", "hexes": [[-1, 3]]},
        {"type": "treasure", "hexes": [[2, 7]], "number": 1},
    ],
}


def package_schema_root() -> Path:
    return Path(str(resources.files("questforge.schema")))


def local_registry() -> Registry:
    resources = []
    for path in sorted(package_schema_root().glob("*/*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@pytest.fixture
def window(show_window: Callable[..., MainWindow]) -> MainWindow:
    win = show_window(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))
    win.activateWindow()
    return win


def test_build_two_room_scenario_with_clicks_and_keys(
    qtbot: QtBot, window: MainWindow, sample_pack: Path, tmp_path: Path
) -> None:
    pack = empty_pack(sample_pack, tmp_path / "pack")
    window.open_pack(pack)
    assert window.workspace.content("scenario") == {}

    # File > New Scenario with the platform shortcut
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    doc = editor.document
    editor.view.set_zoom(1.0)
    view = editor.view
    history: list[Any] = [copy.deepcopy(doc.data)]

    def step() -> None:
        history.append(copy.deepcopy(doc.data))
        assert doc.undo_stack.count() == len(history) - 1, "one undo command per user edit"

    def press(k: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        view.setFocus()
        qtbot.keyClick(view, k, mods)

    # the scenario's id and name through the generated form (no selection: whole scenario)
    form = editor.inspector
    assert form is not None
    id_edit = form.widget_for(("id",))
    id_edit.setText("two-rooms")  # type: ignore[union-attr]
    id_edit.editingFinished.emit()  # type: ignore[union-attr]
    step()
    editor.inspector.widget_for(("name",)).setText("Two Rooms")  # type: ignore[union-attr]
    editor.inspector.widget_for(("name",)).editingFinished.emit()  # type: ignore[union-attr]
    step()

    # tiles: T selects the tile tool; two rooms, one tile each
    press(Qt.Key.Key_T)
    assert editor.tool.name == "Tile"
    editor.tile_combo.setCurrentText("gate")
    click_hex(qtbot, editor, (0, 0))
    step()
    editor.tile_combo.setCurrentText("shaft")
    editor.room_combo.setCurrentText("(new room)")
    press(Qt.Key.Key_R)  # rotate ...
    assert editor.palette_state["rotation"] == 1
    press(Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)  # ... and back
    assert editor.palette_state["rotation"] == 0
    click_hex(qtbot, editor, (0, 5))
    step()
    assert doc.get(("starting_room",)) == "room-1"

    # the door between them
    press(Qt.Key.Key_D)
    assert editor.tool.name == "Door"
    click_hex(qtbot, editor, (1, 4))
    step()

    # starting hexes
    press(Qt.Key.Key_H)
    for h in [(0, 0), (1, 0), (2, 0), (3, 0)]:
        click_hex(qtbot, editor, h)
        step()

    # monsters with their per-player-count markers
    press(Qt.Key.Key_M)
    editor.monster_combo.setCurrentText("slag-hound")
    editor.set_palette_players({"2": "normal", "3": "normal", "4": "elite"})
    click_hex(qtbot, editor, (3, 2))
    step()
    editor.monster_combo.setCurrentText("tunnel-warden")
    editor.set_palette_players({"2": "absent", "3": "normal", "4": "normal"})
    click_hex(qtbot, editor, (2, 2))
    step()
    editor.monster_combo.setCurrentText("slag-hound")
    editor.set_palette_players({"2": "normal", "3": "elite", "4": "elite"})
    click_hex(qtbot, editor, (1, 7))
    step()
    # the inspector's marker buttons: this one is absent with 2 characters
    assert editor.selection == ("monsters", 2)
    qtbot.mouseClick(editor.marker.buttons[("2", "absent")], Qt.MouseButton.LeftButton)
    step()

    # overlays: a trap, a painted stroke of difficult terrain (one undo step), a treasure
    press(Qt.Key.Key_O)
    editor.overlay_combo.setCurrentText("trap")
    click_hex(qtbot, editor, (0, 2))
    step()
    editor.overlay_combo.setCurrentText("difficult")
    drag_hex(qtbot, editor, (-1, 2), (-1, 3))
    step()
    editor.overlay_combo.setCurrentText("treasure")
    assert editor.palette_state["number"] == 1
    click_hex(qtbot, editor, (2, 7))
    step()

    # select and drag the first hound one hex up: one undo step however far the drag goes
    press(Qt.Key.Key_S)
    drag_hex(qtbot, editor, (3, 2), (3, 1))
    step()
    assert doc.get(("monsters", 0, "hex")) == [3, 1]

    assert doc.data == EXPECTED
    shots = os.environ.get("QUESTFORGE_TEST_SHOTS")
    if shots:  # for looking at the result: QUESTFORGE_TEST_SHOTS=/tmp pytest ...
        editor.set_selection(("monsters", 2))
        editor.view.fit()
        window.grab().save(str(Path(shots) / "editor-two-rooms.png"))

    # undo every step, checking each intermediate state, then redo them all
    for expected in reversed(history[:-1]):
        window.undo_action.trigger()
        assert doc.data == expected
    assert not doc.undo_stack.canUndo()
    for expected in history[1:]:
        window.redo_action.trigger()
        assert doc.data == expected

    # save (as), then the title loses its "*"
    target = pack / "scenarios" / "two-rooms.json"
    assert window.save_document(doc, target)
    assert not doc.dirty
    assert "*" not in window.tabs.tabText(window.tabs.currentIndex())
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved == EXPECTED
    assert list(saved) == list(EXPECTED)

    # an edit and Ctrl+S saves in place
    editor.set_player_count(3)
    editor.set_selection(("monsters", 1))
    qtbot.mouseClick(editor.marker.buttons[("4", "elite")], Qt.MouseButton.LeftButton)
    assert doc.dirty
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not doc.dirty
    expected_after = copy.deepcopy(EXPECTED)
    expected_after["monsters"][1]["players"]["4"] = "elite"
    assert json.loads(target.read_text(encoding="utf-8")) == expected_after

    # reload from disk: same JSON
    assert window.close_tab(window.tabs.currentIndex())
    reopened = window.open_file(target)
    assert reopened is not None and reopened.document.data == expected_after

    # the saved file validates: python-jsonschema (reference) and the questforge validator
    schema = json.loads(
        (package_schema_root() / "gloomhaven" / "scenario.schema.json").read_text("utf-8")
    )
    jsonschema.Draft202012Validator(schema, registry=local_registry()).validate(expected_after)
    report = validate_paths([pack])
    problems = [f for f in report.findings if f.is_error and f.file and "two-rooms" in f.file]
    assert problems == [], [f"{f.code} {f.dotted_path()} {f.message}" for f in problems]
