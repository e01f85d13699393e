"""The Witcher board mode like a person uses it: an empty pack, four locations placed with
the mouse, land routes and a sea route drawn, undo and redo, delete, save, reload,
validate, render."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from questforge.editor.document import Document
from questforge.editor.witcher import is_witcher_map, map_edits
from questforge.editor.witcher.map_editor import WitcherMapEditor
from questforge.validator.runner import validate_paths

pytestmark = pytest.mark.gui

SPOTS = [(0.0, 0.0), (200.0, 0.0), (200.0, 150.0), (0.0, 150.0)]


@pytest.fixture
def empty_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("QUESTFORGE_RECOVERY_DIR", str(tmp_path / "recovery"))
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.json").write_text(
        json.dumps(
            {
                "$schema": "https://questforge.dev/schema/common/pack.schema.json",
                "kind": "pack",
                "id": "mine",
                "name": "Mine",
                "version": "0.1.0",
                "ruleset": "witcher",
            }
        )
    )
    (pack / "map.json").write_text(json.dumps(map_edits.empty_map("board", "Board")))
    return pack


def _click(editor: WitcherMapEditor, x: float, y: float) -> None:
    point = editor.view.mapFromScene(QPointF(x, y))
    QTest.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_build_a_map_with_the_mouse(qtbot, empty_pack: Path) -> None:  # type: ignore[no-untyped-def]
    doc = Document.open(empty_pack / "map.json", autosave=False)
    assert is_witcher_map(doc)
    editor = WitcherMapEditor(doc)
    qtbot.addWidget(editor)
    editor.resize(800, 600)
    editor.show()
    editor.view.setSceneRect(-100, -100, 500, 400)
    editor.view.centerOn(100, 75)

    editor.use_tool("Location")
    for x, y in SPOTS:
        _click(editor, x, y)
    assert [loc["id"] for loc in doc.data["locations"]] == [
        "location",
        "location-2",
        "location-3",
        "location-4",
    ]
    editor.use_tool("Land route")
    for a, b in ((0, 1), (1, 2), (2, 3)):
        _click(editor, *SPOTS[a])
        _click(editor, *SPOTS[b])
    editor.use_tool("Sea route")
    _click(editor, *SPOTS[3])
    _click(editor, *SPOTS[0])
    routes = doc.data["routes"]
    assert len(routes) == 4
    assert routes[3] == {"from": "location-4", "to": "location", "type": "sea", "cost": 1}

    doc.undo_stack.undo()
    assert len(doc.data["routes"]) == 3
    doc.undo_stack.redo()
    assert doc.data["routes"][3]["type"] == "sea"

    # delete a location: its routes go too, in one undo step
    editor.use_tool("Select")
    _click(editor, *SPOTS[1])
    QTest.keyClick(editor.view, Qt.Key.Key_Delete)
    assert len(doc.data["locations"]) == 3 and len(doc.data["routes"]) == 2
    doc.undo_stack.undo()
    assert len(doc.data["locations"]) == 4 and len(doc.data["routes"]) == 4

    doc.save()
    again = Document.open(empty_pack / "map.json", autosave=False)
    assert again.data == doc.data
    report = validate_paths([empty_pack])
    assert [f for f in report.findings if f.is_error] == []

    png = empty_pack.parent / "map.png"
    editor.export_image(png)
    assert png.stat().st_size > 1000


def test_map_edits_refuse_bad_routes() -> None:
    data = map_edits.empty_map()
    data["locations"] = [
        map_edits.new_location(data, 0, 0),
    ]
    data["locations"].append(map_edits.new_location(data, 50, 0))
    assert map_edits.new_route(data, "location", "location") is None  # QWI403: to itself
    data["routes"].append(map_edits.new_route(data, "location", "location-2"))
    assert map_edits.new_route(data, "location-2", "location") is None  # QWI415: twice
    assert map_edits.location_at(data, 48, 3) == 1
    assert map_edits.location_at(data, 25, 60) is None
    assert map_edits.removal_for_location(data, 0) == [(("routes",), 0), (("locations",), 0)]


def test_area_and_obstacle_areas_from_the_canvas(qtbot, empty_pack: Path) -> None:  # type: ignore[no-untyped-def]
    doc = Document.open(empty_pack / "map.json", autosave=False)
    editor = WitcherMapEditor(doc)
    qtbot.addWidget(editor)
    editor.resize(800, 600)
    editor.show()
    editor.view.setSceneRect(-100, -100, 500, 400)
    editor.view.centerOn(100, 75)
    doc.insert_item(("areas",), {"id": "coast", "name": "Coast", "investigation": "red"})
    editor.use_tool("Location")
    _click(editor, *SPOTS[0])
    _click(editor, *SPOTS[1])
    editor.use_tool("Select")

    # a right click on a location opens its menu (recorded here instead of shown)
    opened: list[int] = []

    class _Menu:
        def exec(self, _pos: object) -> None:
            return None

    def _record(index: int) -> _Menu:
        opened.append(index)
        return _Menu()

    editor.context_menu = _record  # type: ignore[method-assign]
    point = editor.view.mapFromScene(QPointF(*SPOTS[1]))
    QTest.mouseClick(editor.view.viewport(), Qt.MouseButton.RightButton, pos=point)
    assert opened == [1]
    del editor.context_menu

    def act(index: int, text: str) -> None:
        menu = editor.context_menu(index)
        actions = [
            a for m in [menu, *[a.menu() for a in menu.actions() if a.menu()]] for a in m.actions()
        ]
        [action] = [a for a in actions if a.text() == text]
        action.trigger()

    assert doc.data["locations"][1]["area"] == "area"
    act(1, "Coast")
    assert doc.data["locations"][1]["area"] == "coast"
    act(1, "Add obstacle area to Coast")
    act(1, "Add obstacle area to Coast")
    act(0, "Add obstacle area to Area")
    assert doc.data["obstacle_areas"] == [
        {"id": "coast-obstacles", "area": "coast"},
        {"id": "coast-obstacles-2", "area": "coast"},
        {"id": "area-obstacles", "area": "area"},
    ]
    act(1, "Remove obstacle area coast-obstacles")
    assert [o["id"] for o in doc.data["obstacle_areas"]] == ["coast-obstacles-2", "area-obstacles"]
    # each menu action is one undo step
    doc.undo_stack.undo()
    assert len(doc.data["obstacle_areas"]) == 3
    for _ in range(4):  # the three additions, then the area change
        doc.undo_stack.undo()
    assert doc.data["locations"][1]["area"] == "area"
    assert doc.data.get("obstacle_areas", []) == []
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert doc.data["locations"][1]["area"] == "coast"
    assert len(doc.data["obstacle_areas"]) == 2
    # the canvas tells which area a location is in and where that area's obstacles wait
    tip = editor.scene.items_by_id["location-2"].toolTip()
    assert tip == "area: Coast\nobstacle areas: coast-obstacles-2"

    editor.add_route(0, 1)
    doc.save()
    report = validate_paths([empty_pack])
    assert [f for f in report.findings if f.is_error] == []
