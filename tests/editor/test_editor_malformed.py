"""Malformed scenarios still open, draw and accept clicks: the validator reports, the
editor never crashes on bad data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from editor_helpers import click_hex  # type: ignore[import-not-found]
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.export import export_map
from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts

pytestmark = pytest.mark.gui

BROKEN: list[tuple[str, Any]] = [
    ("tiles", "not a list"),
    ("tiles", [None, 3, {"tile": "gate", "side": "z", "position": "x", "rotation": "r"}]),
    ("tiles", [{"id": "t", "tile": "no-such-tile", "side": "a", "position": [0, 0]}]),
    ("rooms", [{"id": 5, "tiles": "gate-1"}, None]),
    ("doors", [{"hex": [1]}, {"hex": [1, 4], "rooms": "x"}, 7]),
    ("monsters", [{"monster": 3, "hex": [True, 1], "players": "all"}, {"hex": [2, 2]}]),
    ("overlays", [{"type": "lava", "hexes": [[0, 1]]}, {"type": "trap"}, {"hexes": 3}]),
    ("starting_hexes", [[0], "a", [1, 1, 1]]),
    ("walls", [[[0, 0]], [[0, 0], [5, 5]]]),
    ("named_monsters", [{"hex": [3, 3]}]),
]


@pytest.mark.parametrize(("key", "value"), BROKEN, ids=[k for k, _ in BROKEN])
def test_malformed_scenario_opens_draws_and_edits(
    qtbot: QtBot, editor_pack: Path, tmp_path: Path, key: str, value: Any
) -> None:
    path = editor_pack / "scenarios" / "two-rooms.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data[key] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    window = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    qtbot.addWidget(window)
    window.show()
    editor = window.open_file(path)
    assert isinstance(editor, ScenarioEditor)
    export_map(editor.scene, tmp_path / "m.png")
    for tool in ("Select", "Erase", "Monster", "Door", "Start", "Overlay"):
        editor.set_tool(tool)
        click_hex(qtbot, editor, (2, 2))
    editor.set_selection(None)
    editor.duplicate()
    editor.set_player_count(4)
    assert window.prompts.errors == []  # type: ignore[attr-defined]
