"""Build a small Arkham board from an empty pack with clicks and keys, as a user would:
two neighbourhoods with a street each, a connection, white and black arrows, one other
world and the special areas; undo and redo every step, save, reload and validate."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from questforge.editor.arkham import is_arkham_board, ops
from questforge.editor.arkham.board_editor import BoardEditor
from questforge.editor.document import Document
from questforge.editor.editors import editor_for
from questforge.editor.render import RenderOptions, render_file
from questforge.validator.runner import validate_paths

pytestmark = pytest.mark.gui


def _empty_pack(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "pack.json").write_text(
        json.dumps(
            {
                "$schema": "https://questforge.dev/schema/common/pack.schema.json",
                "kind": "pack",
                "id": "my-town",
                "name": "My town",
                "version": "0.1.0",
                "ruleset": "arkham",
            }
        )
    )
    return root


def test_build_a_board_with_clicks_and_keys(qtbot: QtBot, tmp_path: Path) -> None:
    pack = _empty_pack(tmp_path / "pack")
    path = pack / "board" / "town.json"
    path.parent.mkdir()
    start = {
        "$schema": "https://questforge.dev/schema/arkham/board.schema.json",
        "kind": "board",
        "id": "town",
        "name": "Town",
    }
    doc = Document(copy.deepcopy(start), path, autosave=False)
    editor = editor_for(doc, None)
    assert isinstance(editor, BoardEditor) and is_arkham_board(doc)
    qtbot.addWidget(editor)
    editor.resize(1200, 900)
    editor.show()
    qtbot.waitExposed(editor)
    editor.activateWindow()
    with qtbot.waitActive(editor):
        pass
    history: list[Any] = [copy.deepcopy(doc.data)]

    def step() -> None:
        history.append(copy.deepcopy(doc.data))
        assert doc.undo_stack.count() == len(history) - 1, "one undo command per user edit"

    def press(key: Qt.Key) -> None:
        editor.view.setFocus()
        qtbot.keyClick(editor.view, key)

    def click(x: float, y: float) -> None:
        pos = editor.view.mapFromScene(QPointF(x, y))
        qtbot.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)

    def click_node(ident: str) -> None:
        item = editor.scene.items_by_id[ident]
        click(item.pos().x(), item.pos().y())

    press(Qt.Key.Key_N)
    step()
    press(Qt.Key.Key_N)
    step()
    hoods = [h["id"] for h in doc.data["neighbourhoods"]]
    assert len(hoods) == 2
    # the first neighbourhood: two locations and its street
    editor.hood_combo.setCurrentIndex(0)
    press(Qt.Key.Key_L)
    assert editor.tool == "location"
    click(100, 100)
    step()
    click(260, 100)
    step()
    press(Qt.Key.Key_S)
    click(180, 220)
    step()
    # the second: one location and its street
    editor.hood_combo.setCurrentIndex(1)
    press(Qt.Key.Key_L)
    click(100, 520)
    step()
    press(Qt.Key.Key_S)
    click(180, 400)
    step()
    s1, s2 = (s["id"] for s in doc.data["streets"])
    l1, l2, l3 = (loc["id"] for loc in doc.data["locations"])
    # the two streets are joined, both ways
    press(Qt.Key.Key_C)
    click_node(s1)
    click_node(s2)
    step()
    # white and black arrows both ways
    for key in (Qt.Key.Key_A, Qt.Key.Key_B):
        press(key)
        click_node(s1)
        click_node(s2)
        step()
        click_node(s2)
        click_node(s1)
        step()
    # one unstable location, a hospital and an asylum
    press(Qt.Key.Key_T)
    click_node(l1)
    step()
    press(Qt.Key.Key_R)
    click_node(l2)
    step()
    click_node(l3)
    step()
    click_node(l3)
    step()
    # an other world and the special areas
    press(Qt.Key.Key_W)
    click(520, 100)
    step()
    press(Qt.Key.Key_P)
    click(520, 300)
    step()
    # a location dragged to a new place
    editor.scene.nodeMoved.emit(l1, 90.0, 80.0)
    step()

    board = doc.data
    assert board["locations"][0] == {
        "id": l1,
        "name": "Location 1",
        "position": [90.0, 80.0],
        "neighbourhood": hoods[0],
        "stability": "unstable",
        "connects": [s1],
    }
    assert [loc.get("role") for loc in board["locations"]] == [None, "hospital", "asylum"]
    assert board["streets"][0]["connects"] == [l1, l2, s2]
    assert board["streets"][0]["arrows"] == {"white": s2, "black": s2}
    assert board["streets"][1]["arrows"] == {"white": s1, "black": s1}
    assert len(board["other_worlds"]) == 1 and len(board["special_areas"]) == 3

    # undo everything, then redo everything: each state comes back exactly
    for expected in reversed(history[:-1]):
        doc.undo_stack.undo()
        assert doc.data == expected
    for expected in history[1:]:
        doc.undo_stack.redo()
        assert doc.data == expected

    doc.save()
    reloaded = Document.open(path, autosave=False)
    assert reloaded.data == board
    report = validate_paths([pack])
    schema_and_graph = [f for f in report.findings if f.code != "QAH322"]
    assert schema_and_graph == [], [(f.code, f.message) for f in schema_and_graph]
    # what is left is the location decks this pack does not have yet
    assert {f.code for f in report.findings} == {"QAH322"}

    out = tmp_path / "town.png"
    render_file(path, out, RenderOptions(fmt="png"), "arkham")
    assert out.stat().st_size > 1000


def test_ops_keep_connections_symmetric_and_delete_cleans_up() -> None:
    board: dict[str, Any] = {
        "neighbourhoods": [{"id": "n", "name": "N"}],
        "locations": [],
        "streets": [],
    }

    def run(operations: list[ops.Op]) -> None:
        for op in operations:
            target: Any = board
            path = op[1]
            for part in path[:-1]:
                target = target[part]
            if op[0] == "set":
                target[path[-1]] = op[2]
            elif op[0] == "insert":
                target[path[-1]].insert(op[2], op[3])
            elif op[0] == "remove":
                del target[path[-1]][op[2]]
            elif op[0] == "delete":
                del target[path[-1]]

    loc, o = ops.add_location(board, "n", 0, 0)
    run(o)
    street, o = ops.add_street(board, "n", 0, 100)
    run(o)
    assert board["locations"][0]["connects"] == [street] and board["streets"][0]["connects"] == [
        loc
    ]
    assert ops.connect(board, loc, street) == []  # already joined
    run(ops.set_arrow(board, street, "white", street))  # an arrow to itself is refused
    assert "arrows" not in board["streets"][0]
    run(ops.remove(board, street))
    assert board["streets"] == [] and board["locations"][0]["connects"] == []


def test_simulate_dialog_opens_on_the_sample_board(qtbot: QtBot) -> None:
    sample = Path(__file__).resolve().parents[2] / "content" / "arkham-sample"
    doc = Document.open(sample / "board" / "harrowmere.json", autosave=False)
    editor = editor_for(doc, None)
    qtbot.addWidget(editor)
    dialog = editor.open_simulation({"players": 2})
    assert dialog is not None and dialog.face.ruleset == "arkham"
    dialog.close()
    window = editor.open_playtest()
    assert window is not None
    window.close()
