"""Forms that follow the designer (issue 13): a union member's fields appear when its type
changes, hexes are picked on the map, references are combos of what exists.

Driven as a designer would: the keyboard on the win condition's type combo, the "Pick on
map" button, clicks on the map, Enter/Esc, undo; then the document (what is saved) is
checked.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from editor_helpers import click_hex, hover_hex  # type: ignore[import-not-found]
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QToolButton
from pytestqt.qtbot import QtBot

from questforge.editor.forms.form_editor import FormEditor
from questforge.editor.forms.schema_form import SchemaForm
from questforge.editor.gloomhaven.hex_picker import HexPickTool
from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def window(show_window: Callable[..., MainWindow]) -> MainWindow:
    return show_window(prompts=ScriptedPrompts(), live_validation=False)


@pytest.fixture
def editor(window: MainWindow, editor_pack: Path) -> ScenarioEditor:
    window.open_path(editor_pack / "scenarios" / "two-rooms.json")
    ed = window.current_editor()
    assert isinstance(ed, ScenarioEditor)
    ed.view.set_zoom(1.0)
    return ed


def inspector(editor: ScenarioEditor) -> SchemaForm:
    form = editor.inspector
    assert form is not None
    return form


def choose(qtbot: QtBot, form: SchemaForm, path: tuple[Any, ...], value: str) -> None:
    """Pick ``value`` in the combo at ``path`` as a designer would: open its list, click
    the entry."""
    combo = form.widgets[path]
    assert isinstance(combo, QComboBox)
    target = combo.findData(value)
    assert target >= 0, f"{value} is not offered"
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    rect = view.visualRect(view.model().index(target, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not view.isVisible())
    qtbot.wait(5)  # the form rebuilds on the next turn of the event loop


def show(qtbot: QtBot, editor: ScenarioEditor, path: tuple[Any, ...]) -> None:
    """Scroll the inspector to a field (for the screenshots), once it is laid out."""
    qtbot.wait(50)
    widget = inspector(editor).widget_for(path)
    assert widget is not None
    scroll = editor.inspector_scroll
    top = widget.mapTo(scroll.widget(), widget.rect().topLeft()).y()
    scroll.verticalScrollBar().setValue(max(0, top - 120))
    qtbot.wait(20)


def message(form: SchemaForm, path: tuple[Any, ...]) -> str:
    label = form.messages.get(path)
    return label.text() if isinstance(label, QLabel) else ""


def save(editor: ScenarioEditor) -> dict[str, Any]:
    editor.document.save()
    assert editor.document.path is not None
    data: dict[str, Any] = json.loads(editor.document.path.read_text(encoding="utf-8"))
    return data


# --------------------------------------------------------------------------- union member
def test_win_condition_type_change_rebuilds_the_form(
    qtbot: QtBot, window: MainWindow, editor: ScenarioEditor
) -> None:
    doc = editor.document
    form = inspector(editor)
    assert isinstance(form.widgets[("win", 0, "type")], QComboBox)
    show(qtbot, editor, ("win", 0, "type"))
    window.grab().save("/tmp/forms-win-before.png")

    choose(qtbot, form, ("win", 0, "type"), "loot-treasure")
    form = inspector(editor)
    # the new member's required field appears, starting with the treasure on the map (1)
    assert doc.data["win"][0] == {"type": "loot-treasure", "numbers": [1]}
    assert ("win", 0, "numbers") in form.widgets

    choose(qtbot, form, ("win", 0, "type"), "reach-hexes")
    form = inspector(editor)
    # the old member's field went; hexes are never invented: the designer picks them
    assert doc.data["win"][0] == {"type": "reach-hexes", "hexes": []}
    assert ("win", 0, "numbers") not in form.widgets
    assert ("win", 0, "hexes") in form.widgets
    assert message(form, ("win", 0, "hexes")) == (
        "A reach-hexes win condition needs at least one hex."
    )
    assert ("win", 0, "hexes") in form.pick_buttons
    show(qtbot, editor, ("win", 0, "hexes"))
    window.grab().save("/tmp/forms-win-after.png")

    # each change is one undo step: back to loot-treasure with its number, then kill-all
    doc.undo_stack.undo()
    assert doc.data["win"][0] == {"type": "loot-treasure", "numbers": [1]}
    doc.undo_stack.undo()
    assert doc.data["win"][0] == {"type": "kill-all"}
    qtbot.waitUntil(lambda: ("win", 0, "numbers") not in inspector(editor).widgets)
    assert save(editor)["win"] == [{"type": "kill-all"}]


def test_fields_both_members_know_survive_and_unknown_keys_are_kept(
    qtbot: QtBot, editor: ScenarioEditor
) -> None:
    doc = editor.document
    doc.set_value(("win", 0), {"type": "custom", "text": "Hold the gate.", "x-note": 1})
    qtbot.wait(5)
    choose(qtbot, inspector(editor), ("win", 0, "type"), "survive-rounds")
    # text is a field of both members; x-note is the designer's own key
    assert doc.data["win"][0] == {
        "type": "survive-rounds",
        "text": "Hold the gate.",
        "x-note": 1,
        "rounds": 1,
    }


def test_loss_condition_switch_and_messages(qtbot: QtBot, editor: ScenarioEditor) -> None:
    doc = editor.document
    doc.insert_item(("loss",), {"type": "round-limit", "rounds": 8})
    qtbot.waitUntil(lambda: ("loss", 0, "type") in inspector(editor).widgets)
    choose(qtbot, inspector(editor), ("loss", 0, "type"), "killed")
    form = inspector(editor)
    assert doc.data["loss"][0] == {"type": "killed", "targets": []}
    assert message(form, ("loss", 0, "targets")) == (
        "A killed loss condition needs at least one target."
    )


def test_arkham_effect_do_switch_rebuilds_the_effect(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Another ruleset's union: an Arkham mythos effect, chosen by ``do`` (oneOf)."""
    pack = tmp_path / "arkham"
    shutil.copytree(REPO / "content" / "arkham-sample", pack)
    window.open_path(pack / "mythos" / "mythos-03.json")
    ed = window.current_editor()
    assert isinstance(ed, FormEditor) and ed.form is not None
    form = ed.form
    path = ("effects", 0, "do")
    combo = form.widgets[path]
    assert isinstance(combo, QComboBox) and combo.currentData() == "return-monsters"
    choose(qtbot, form, path, "lose")
    effect = ed.document.data["effects"][0]
    # "from" belonged to return-monsters; lose needs what and amount
    assert effect["do"] == "lose" and "from" not in effect
    assert set(effect) == {"do", "what", "amount"} and effect["amount"] == 1
    # the form shows the lose member (not the first member with the same fields)
    assert form.widgets[path].currentData() == "lose"  # type: ignore[attr-defined]
    ed.document.undo_stack.undo()
    assert ed.document.data["effects"][0] == {"do": "return-monsters", "from": "outskirts"}


# --------------------------------------------------------------------------- pick on map
def test_goal_hexes_picked_on_the_map(
    qtbot: QtBot, window: MainWindow, editor: ScenarioEditor
) -> None:
    doc = editor.document
    choose(qtbot, inspector(editor), ("win", 0, "type"), "reach-hexes")
    form = inspector(editor)
    button = form.pick_buttons[("win", 0, "hexes")]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # pick mode: its tool and cursor on the map, a hint in the status bar
    assert isinstance(editor.view.tool, HexPickTool)
    assert editor.view.viewport().cursor().shape() == Qt.CursorShape.PointingHandCursor
    assert button.isChecked() and button.text() == "Picking…"
    assert "Enter keeps them" in window.hex_label.text()
    assert "Esc cancels" in window.hex_label.text()
    click_hex(qtbot, editor, (2, 2))
    click_hex(qtbot, editor, (3, 2))
    click_hex(qtbot, editor, (4, 2))
    click_hex(qtbot, editor, (3, 2))  # a second click takes a hex out again
    assert "2 chosen" in window.hex_label.text()
    hover_hex(qtbot, editor, (1, 1))  # moving the mouse keeps the hint, adds the hex
    assert "2 chosen" in window.hex_label.text() and "hex [1, 1]" in window.hex_label.text()
    assert doc.data["win"][0]["hexes"] == []  # nothing written before Enter
    show(qtbot, editor, ("win", 0, "hexes"))
    window.grab().save("/tmp/forms-pick-mode.png")
    depth = doc.undo_stack.index()
    qtbot.keyClick(editor.view, Qt.Key.Key_Return)
    assert doc.data["win"][0]["hexes"] == [[2, 2], [4, 2]]
    assert doc.undo_stack.index() == depth + 1  # one undo command
    assert editor.view.tool is editor.tools[0]  # back to the tool used before
    # the goal is complete now: its message goes when the form rebuilds
    qtbot.waitUntil(lambda: ("win", 0, "hexes") not in inspector(editor).messages)
    form = inspector(editor)
    # the focused field's hexes are drawn on the map
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    field = form.widgets[("win", 0, "hexes", 0, 0)]  # the q of the first goal hex
    field.setFocus()
    qtbot.waitUntil(lambda: editor.hex_picker is not None and editor.hex_picker.shown != [])
    assert editor.hex_picker is not None
    assert sorted(editor.hex_picker.shown) == [(2, 2), (4, 2)]
    show(qtbot, editor, ("win", 0, "hexes"))
    window.grab().save("/tmp/forms-hexes-shown.png")
    editor.view.setFocus()
    qtbot.waitUntil(lambda: editor.hex_picker is not None and editor.hex_picker.shown == [])
    doc.undo_stack.undo()
    assert doc.data["win"][0]["hexes"] == []
    assert save(editor)["win"][0] == {"type": "reach-hexes", "hexes": []}


def test_escape_cancels_a_pick(qtbot: QtBot, window: MainWindow, editor: ScenarioEditor) -> None:
    doc = editor.document
    choose(qtbot, inspector(editor), ("win", 0, "type"), "reach-hexes")
    button = inspector(editor).pick_buttons[("win", 0, "hexes")]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    depth = doc.undo_stack.index()
    click_hex(qtbot, editor, (2, 2))
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    assert not button.isChecked() and button.text() == "Pick on map"
    assert doc.data["win"][0]["hexes"] == []
    assert doc.undo_stack.index() == depth
    assert not isinstance(editor.view.tool, HexPickTool)
    assert "cancelled" in window.hex_label.text()
    # a click on the map now selects again, it does not pick
    click_hex(qtbot, editor, (3, 2))
    assert editor.selection == ("monsters", 0)
    assert doc.data["win"][0]["hexes"] == []


def test_single_hex_is_set_by_one_click(qtbot: QtBot, editor: ScenarioEditor) -> None:
    doc = editor.document
    click_hex(qtbot, editor, (3, 2))  # select the slag hound
    assert editor.selection == ("monsters", 0)
    form = inspector(editor)
    button = form.pick_buttons[("monsters", 0, "hex")]
    assert isinstance(button, QToolButton)
    depth = doc.undo_stack.index()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    click_hex(qtbot, editor, (4, 3))
    assert doc.data["monsters"][0]["hex"] == [4, 3]
    assert doc.undo_stack.index() == depth + 1
    assert not isinstance(editor.view.tool, HexPickTool)


def test_room_and_spawn_hexes_are_pickable(qtbot: QtBot, editor: ScenarioEditor) -> None:
    """Any field typed as a hex (here a room's extra hexes, a spawn effect's hex) gets the
    button: found from the schema, not from a list of field names."""
    doc = editor.document
    doc.set_value(("rooms", 0, "hexes"), [[9, 9]])
    doc.set_value(
        ("special_rules",),
        [
            {
                "id": "reinforcements",
                "trigger": {"type": "round", "round": 2},
                "effects": [
                    {
                        "type": "spawn",
                        "monster": "slag-hound",
                        "hex": [0, 1],
                        "players": {"2": "normal", "3": "normal", "4": "elite"},
                    }
                ],
            }
        ],
    )
    qtbot.waitUntil(lambda: ("special_rules", 0, "effects", 0, "hex") in inspector(editor).widgets)
    form = inspector(editor)
    assert ("rooms", 0, "hexes") in form.pick_buttons
    assert ("special_rules", 0, "effects", 0, "hex") in form.pick_buttons
    assert form.location_fields[("rooms", 0, "hexes")] == ("hex", True)
    assert form.location_fields[("special_rules", 0, "effects", 0, "hex")] == ("hex", False)


# --------------------------------------------------------------------------- references
def test_monster_reference_is_a_combo_of_the_packs_monsters(
    qtbot: QtBot, editor: ScenarioEditor
) -> None:
    doc = editor.document
    click_hex(qtbot, editor, (3, 2))
    form = inspector(editor)
    box = form.widgets[("monsters", 0, "monster")]
    combo = box.findChild(QComboBox, "referenceCombo")
    assert isinstance(combo, QComboBox)
    offered = [combo.itemText(i) for i in range(combo.count())]
    monsters = sorted(editor.workspace.content("monster"))
    assert offered[: len(monsters)] == monsters and "tunnel-warden" in offered
    assert ("monsters", 0, "monster") not in form.messages  # slag-hound exists
    # free text for a monster not written yet: kept, with a warning
    line = combo.lineEdit()
    assert line is not None
    line.selectAll()
    qtbot.keyClicks(line, "ember-wraith")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.data["monsters"][0]["monster"] == "ember-wraith"
    qtbot.waitUntil(lambda: ("monsters", 0, "monster") in inspector(editor).messages)
    assert "No monster “ember-wraith”" in message(inspector(editor), ("monsters", 0, "monster"))
    # choosing an existing one from the list clears the warning
    combo = (
        inspector(editor).widgets[("monsters", 0, "monster")].findChild(QComboBox, "referenceCombo")
    )
    assert isinstance(combo, QComboBox)
    combo.setFocus()
    index = combo.findText("tunnel-warden")
    qtbot.keyClick(combo, Qt.Key.Key_Down if index > combo.currentIndex() else Qt.Key.Key_Up)
    chosen = doc.data["monsters"][0]["monster"]
    assert chosen in monsters
    qtbot.waitUntil(lambda: ("monsters", 0, "monster") not in inspector(editor).messages)


def test_required_packs_ids_are_offered_with_their_pack(tmp_path: Path) -> None:
    """A pack that requires the sample pack offers the sample's monsters as
    ``gloomhaven-sample:id``; its own without a prefix."""
    from questforge.editor.forms.references import WorkspaceReferences, known
    from questforge.editor.workspace import Workspace

    shutil.copytree(REPO / "content" / "gloomhaven-sample", tmp_path / "gloomhaven-sample")
    mine = tmp_path / "mine"
    (mine / "monsters").mkdir(parents=True)
    manifest = json.loads((tmp_path / "gloomhaven-sample" / "pack.json").read_text())
    manifest.update(
        id="mine", name="Mine", requires=[{"id": "gloomhaven-sample", "version": "0.1.0"}]
    )
    (mine / "pack.json").write_text(json.dumps(manifest))
    own = json.loads((tmp_path / "gloomhaven-sample" / "monsters" / "slag-hound.json").read_text())
    own["id"] = "ash-crawler"
    (mine / "monsters" / "ash-crawler.json").write_text(json.dumps(own))
    workspace = Workspace()
    workspace.open_pack(mine)
    ids = WorkspaceReferences(workspace).ids("monster")
    assert ids[0] == "ash-crawler"
    assert "gloomhaven-sample:slag-hound" in ids and "slag-hound" not in ids
    assert known("mine:ash-crawler", ids, "mine")
    assert not known("other:ash-crawler", ids, "mine")
    assert not known("slag-hound", ids, "mine")  # needs its pack prefix here


def test_designer_messages_name_the_member_and_the_field() -> None:
    from questforge.editor.forms.designer_messages import object_messages
    from questforge.schema import load_schema
    from questforge.schema.walk import SchemaContext

    ctx = SchemaContext(load_schema("gloomhaven", "scenario"))
    raw = {"$ref": "#/$defs/win"}

    def said(value: dict[str, Any]) -> dict[str, str]:
        disc = ctx.discriminator(raw)
        assert disc is not None
        eff, base = ctx.branch_schema(raw, None, disc, value["type"])
        return object_messages(ctx, raw, eff, base, value)

    assert said({"type": "reach-hexes", "hexes": []}) == {
        "hexes": "A reach-hexes win condition needs at least one hex."
    }
    assert said({"type": "reach-hexes", "hexes": [[0, 0]]}) == {}
    assert said({"type": "loot-treasure", "numbers": []}) == {
        "numbers": "A loot-treasure win condition needs at least one treasure number."
    }
    assert said({"type": "survive-rounds"}) == {
        "rounds": "A survive-rounds win condition needs its rounds."
    }
    assert said({"type": "survive-rounds", "rounds": 0}) == {
        "rounds": "The rounds of a survive-rounds win condition is at least 1."
    }
    assert said({"type": "custom"}) == {"text": "A custom win condition needs its text."}


def test_names_inside_the_scenario_are_combos(qtbot: QtBot, editor: ScenarioEditor) -> None:
    """The starting room lists the scenario's rooms, a loot goal its treasures (numbers),
    a door its rooms: names inside the document, found from the schema's
    ``x-questforge-names``."""
    doc = editor.document
    form = inspector(editor)
    combo = form.widgets[("starting_room",)].findChild(QComboBox, "namesCombo")
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == ["room-1", "room-2"]
    assert combo.currentText() == "room-1"
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    qtbot.mouseClick(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=view.visualRect(view.model().index(1, 0)).center(),
    )
    assert doc.data["starting_room"] == "room-2"
    # a name that is not (yet) in the scenario: kept, flagged
    combo = inspector(editor).widgets[("starting_room",)].findChild(QComboBox, "namesCombo")
    assert isinstance(combo, QComboBox)
    line = combo.lineEdit()
    assert line is not None
    line.selectAll()
    qtbot.keyClicks(line, "vault")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.data["starting_room"] == "vault"
    qtbot.waitUntil(lambda: ("starting_room",) in inspector(editor).messages)
    assert message(inspector(editor), ("starting_room",)) == (
        "⚠ No room “vault” in this scenario (yet)."
    )
    # a loot goal's treasure numbers: the treasures on the map, as numbers
    choose(qtbot, inspector(editor), ("win", 0, "type"), "loot-treasure")
    qtbot.waitUntil(lambda: ("win", 0, "numbers", 0) in inspector(editor).widgets)
    box = inspector(editor).widgets[("win", 0, "numbers", 0)]
    numbers = box.findChild(QComboBox, "namesCombo")
    assert isinstance(numbers, QComboBox)
    assert [numbers.itemText(i) for i in range(numbers.count())] == ["1"]
    assert ("win", 0, "numbers", 0) not in inspector(editor).messages
    line = numbers.lineEdit()
    assert line is not None
    line.selectAll()
    qtbot.keyClicks(line, "7")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.data["win"][0]["numbers"] == [7]  # stays a number
    qtbot.waitUntil(lambda: ("win", 0, "numbers", 0) in inspector(editor).messages)
    assert "No treasure “7” in this scenario" in message(
        inspector(editor), ("win", 0, "numbers", 0)
    )


def test_a_new_spawn_effect_starts_with_a_monster_of_the_pack(
    qtbot: QtBot, editor: ScenarioEditor
) -> None:
    doc = editor.document
    doc.set_value(
        ("special_rules",),
        [
            {
                "id": "reinforcements",
                "trigger": {"type": "round", "round": 2},
                "effects": [{"type": "open-door", "door": "door-1"}],
            }
        ],
    )
    path = ("special_rules", 0, "effects", 0, "type")
    qtbot.waitUntil(lambda: path in inspector(editor).widgets)
    choose(qtbot, inspector(editor), path, "spawn")
    effect = doc.data["special_rules"][0]["effects"][0]
    monsters = sorted(editor.workspace.content("monster"))
    assert effect["type"] == "spawn" and "door" not in effect
    assert effect["monster"] == monsters[0]  # an existing monster, not an empty id
    assert effect["players"] == {"2": "normal", "3": "normal", "4": "normal"}
    # its hex is not invented: the form says so and offers the pick right there
    assert "hex" not in effect
    hex_path = ("special_rules", 0, "effects", 0, "hex")
    form = inspector(editor)
    assert message(form, hex_path) == "A spawn effect needs its hex."
    depth = doc.undo_stack.index()
    qtbot.mouseClick(form.pick_buttons[hex_path], Qt.MouseButton.LeftButton)
    click_hex(qtbot, editor, (2, 3))
    assert doc.data["special_rules"][0]["effects"][0]["hex"] == [2, 3]
    assert doc.undo_stack.index() == depth + 1
    qtbot.waitUntil(lambda: hex_path not in inspector(editor).messages)
