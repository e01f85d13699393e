"""The Witcher board mode like a person uses it: an empty pack, four locations placed with
the mouse, land routes and a sea route drawn, undo and redo, delete, save, reload,
validate, render."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def _actions(menu: Any) -> list[Any]:
    return [a for m in [menu, *[a.menu() for a in menu.actions() if a.menu()]] for a in m.actions()]


def _trigger(menu: Any, text: str) -> None:
    [action] = [a for a in _actions(menu) if a.text() == text]
    action.trigger()


def test_battle_track_and_obstacle_areas_on_the_canvas(qtbot, empty_pack: Path) -> None:  # type: ignore[no-untyped-def]
    # WI-TRACK-01, WI-TRACK-02 and WI-OBS-08, WI-OBS-09 edited where they are drawn: the track around the
    # board (clockwise spaces: a monster class or misfortune, optionally an area), the
    # obstacle areas in a column on the left; every edit one undo step
    doc = Document.open(empty_pack / "map.json", autosave=False)
    editor = WitcherMapEditor(doc)
    qtbot.addWidget(editor)
    editor.resize(1000, 700)
    editor.show()
    editor.view.setSceneRect(-300, -150, 750, 500)
    editor.view.centerOn(75, 75)
    doc.insert_item(("areas",), {"id": "coast", "name": "Coast", "investigation": "red"})
    editor.use_tool("Location")
    for x, y in SPOTS:
        _click(editor, x, y)
    editor.use_tool("Land route")
    for a, b in ((0, 1), (1, 2), (2, 3), (3, 0)):
        _click(editor, *SPOTS[a])
        _click(editor, *SPOTS[b])
    editor.use_tool("Select")
    start = doc.undo_stack.index()

    # the toolbar adds obstacle areas (to the area with the fewest) and track spaces
    editor.board_actions["Add obstacle area"].trigger()
    editor.board_actions["Add obstacle area"].trigger()
    for _ in range(4):
        editor.board_actions["Add track space"].trigger()
    assert [(o["id"], o["area"]) for o in doc.data["obstacle_areas"]] == [
        ("area-obstacles", "area"),
        ("coast-obstacles", "coast"),
    ]
    assert doc.data["battle_track"] == [{"obstacle": "misfortune"}] * 4
    assert set(editor.scene.items_by_id) >= {"track:0", "track:3", "obstacle:0", "obstacle:1"}

    # a click on a track space cycles it: misfortune -> bronze -> silver monster
    where = map_edits.track_layout(doc.data)
    _click(editor, *where[1])
    _click(editor, *where[1])
    assert doc.data["battle_track"][1] == {"obstacle": "monster", "class": "silver"}
    assert "silver monster" in editor.scene.items_by_id["track:1"].toolTip()

    # a right click opens the space's menu (recorded here instead of shown)
    opened: list[tuple[str, int]] = []

    class _Menu:
        def exec(self, _pos: object) -> None:
            return None

    def _record(kind: str):  # type: ignore[no-untyped-def]
        return lambda index: opened.append((kind, index)) or _Menu()

    editor.track_menu = _record("track")  # type: ignore[method-assign]
    editor.obstacle_menu = _record("obstacle")  # type: ignore[method-assign]
    point = editor.view.mapFromScene(QPointF(*where[2]))
    QTest.mouseClick(editor.view.viewport(), Qt.MouseButton.RightButton, pos=point)
    box = map_edits.obstacle_layout(doc.data)[1]
    point = editor.view.mapFromScene(QPointF(*box))
    QTest.mouseClick(editor.view.viewport(), Qt.MouseButton.RightButton, pos=point)
    assert opened == [("track", 2), ("obstacle", 1)]
    del editor.track_menu, editor.obstacle_menu

    _trigger(editor.track_menu(0), "Gold monster")
    _trigger(editor.track_menu(0), "Coast")
    _trigger(editor.track_menu(3), "Insert space after")
    _trigger(editor.obstacle_menu(1), "Misfortune space")
    _trigger(editor.obstacle_menu(0), "Coast")
    assert doc.data["battle_track"][0] == {"obstacle": "monster", "class": "gold", "area": "coast"}
    assert len(doc.data["battle_track"]) == 5
    assert doc.data["obstacle_areas"][1]["misfortune_space"] is False
    assert doc.data["obstacle_areas"][0]["area"] == "coast"
    assert editor.scene.items_by_id["obstacle:1"].toolTip().endswith(": monster space")

    # select a space and press Delete: it goes, in one step
    _click(editor, *map_edits.track_layout(doc.data)[2])  # (cycles it, then removes it)
    QTest.keyClick(editor.view, Qt.Key.Key_Delete)
    assert len(doc.data["battle_track"]) == 4

    shot = editor.grab()
    shot.save("/tmp/witcher3-track-editor.png")
    assert not shot.isNull()

    # one undo step per edit: 2 + 4 adds, 2 cycles, 5 menu edits, 1 cycle + 1 delete
    assert doc.undo_stack.index() - start == 15
    doc.undo_stack.undo()
    assert len(doc.data["battle_track"]) == 5
    while doc.undo_stack.index() > start:
        doc.undo_stack.undo()
    assert "battle_track" not in doc.data or doc.data["battle_track"] == []
    assert doc.data.get("obstacle_areas", []) == []
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert len(doc.data["battle_track"]) == 4

    doc.save()
    again = Document.open(empty_pack / "map.json", autosave=False)
    assert again.data["battle_track"] == doc.data["battle_track"]
    report = validate_paths([empty_pack])
    errors = {(f.code, f.message) for f in report.findings if f.is_error}
    # both obstacle areas now serve the coast: the check says the first area has none; and
    # this pack has no monsters yet for the track's monster spaces to draw (QWI422)
    assert ("QWI404", "area 'area' has no obstacle area") in errors
    assert {code for code, _ in errors} == {"QWI404", "QWI422"}
    editor.board_actions["Add obstacle area"].trigger()  # goes to the area with the fewest
    assert doc.data["obstacle_areas"][-1]["area"] == "area"
    doc.save()
    report = validate_paths([empty_pack])
    assert {f.code for f in report.findings if f.is_error} == {"QWI422"}


def test_track_and_obstacle_layout_and_cycle() -> None:
    # WI-TRACK-02: clockwise order from the top-left; WI-OBS-08: obstacle areas on the left
    data = map_edits.empty_map()
    data["locations"] = [map_edits.new_location(data, x, y) for x, y in SPOTS]
    data["obstacle_areas"] = [{"id": "o", "area": "area"}]
    data["battle_track"] = [map_edits.track_space("misfortune") for _ in range(8)]
    track = map_edits.track_layout(data)
    (ox, _oy) = map_edits.obstacle_layout(data)[0]
    assert ox < 0 and all(x < ox for x, _ in track[:1])  # the track runs outside the column
    assert track[0][1] == track[1][1] < 0  # the first spaces run along the top, left to right
    assert track[1][0] > track[0][0]
    assert max(x for x, _ in track) > 200 and max(y for _, y in track) > 150
    space = map_edits.track_space("misfortune", area="coast")
    kinds = []
    for _ in range(4):
        space = map_edits.cycled_track_space(space)
        kinds.append((space["obstacle"], space.get("class"), space["area"]))
    assert kinds == [
        ("monster", "bronze", "coast"),
        ("monster", "silver", "coast"),
        ("monster", "gold", "coast"),
        ("misfortune", None, "coast"),
    ]
    assert map_edits.node_ref("track:3") == ("track", 3)
    assert map_edits.node_ref("harrowport") is None
