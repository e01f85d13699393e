"""Cards you can see: the level-grid table editor, the live card preview beside the form,
and card pictures of every kind (the CLI side is in ``test_editor_render_cards.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from questforge.editor.cards import (
    CardContext,
    CardPreview,
    card_kinds,
    face_image,
    faces_for,
    ruleset_of,
)
from questforge.editor.document import Document
from questforge.editor.forms.form_editor import FormEditor
from questforge.editor.forms.schema_form import SchemaForm
from questforge.editor.forms.table_form import GridTable, hint_for, table_spec
from questforge.editor.jsonpath import MISSING
from questforge.editor.workspace import Workspace
from questforge.engine.core.pack import content_files
from questforge.schema.walk import SchemaContext

pytestmark = pytest.mark.gui

CARD_KINDS = {
    "monster",
    "boss",
    "monster-ability-deck",
    "ability-card",
    "item",
    "event",
    "battle-goal",
    "personal-quest",
    "attack-modifier",
}


def open_form(qtbot: QtBot, path: Path) -> tuple[Document, FormEditor]:
    workspace = Workspace()
    doc = workspace.open_document(path)  # opens the pack above it (lookups: deck, class)
    editor = FormEditor(doc, workspace)
    qtbot.addWidget(editor)
    editor.resize(1200, 800)
    editor.show()
    return doc, editor


def column_index(grid: GridTable, group: str | None, key: str | int) -> int:
    return next(i for i, c in enumerate(grid.columns()) if c.group == group and c.key == key)


def type_in_cell(qtbot: QtBot, grid: GridTable, row: int, col: int, text: str) -> None:
    """Edit a cell like a person: select it, start editing, type, press Enter."""
    table = grid.table
    table.setCurrentCell(row, col)
    table.scrollToItem(table.item(row, col))
    table.editItem(table.item(row, col))
    # the delegate's line edit (focusWidget() is None: offscreen windows are never active)
    # (earlier editors linger until deleteLater runs: take the open one)
    editors = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert len(editors) == 1
    editor = editors[0]
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # the delegate commits on Return through a queued call
    qtbot.waitUntil(lambda: table.state() != QAbstractItemView.State.EditingState)


def card_pixels_differ(a: QImage, b: QImage) -> bool:
    return a.size() != b.size() or a.constBits().tobytes() != b.constBits().tobytes()


def blank(image: QImage) -> bool:
    """True when the picture is a single colour (nothing was drawn)."""
    first = image.pixel(0, 0)
    step = max(1, image.width() // 40)
    return all(
        image.pixel(x, y) == first
        for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
    )


# --------------------------------------------------------------------------- table editor
def test_monster_levels_are_a_table_edit_a_cell_undo_and_save(
    qtbot: QtBot, editor_pack: Path
) -> None:
    path = editor_pack / "monsters" / "quarry-brute.json"
    original = json.loads(path.read_text(encoding="utf-8"))
    doc, editor = open_form(qtbot, path)
    assert editor.form is not None
    grid = editor.form.widgets[("levels",)]
    assert isinstance(grid, GridTable)
    # levels as rows, normal then elite as column groups (ruleset hint: short labels)
    assert [label for _key, label in grid.spec.rows] == [f"Level {i}" for i in range(8)]
    labels = [c.label for c in grid.columns()]
    assert labels[:4] == ["Normal\nHP", "Normal\nMove", "Normal\nAttack", "Normal\nRange"]
    assert "Elite\nHP" in labels
    col = column_index(grid, "elite", "health")
    assert grid.table.item(3, col).text() == "24"

    type_in_cell(qtbot, grid, 3, col, "27")
    assert doc.get(("levels", "3", "elite", "health")) == 27
    assert doc.undo_stack.count() == 1  # one cell edit = one undo command
    qtbot.waitUntil(lambda: grid.table.item(3, col).text() == "27")

    doc.undo_stack.undo()
    assert doc.get(("levels", "3", "elite", "health")) == 24
    # the form rebuilds from the document after the undo: the new table shows 24 again
    qtbot.waitUntil(
        lambda: (
            isinstance(editor.form.widgets.get(("levels",)), GridTable)
            and editor.form.widgets[("levels",)].table.item(3, col).text() == "24"
        )
    )
    doc.undo_stack.redo()
    doc.save()
    saved = json.loads(path.read_text(encoding="utf-8"))
    original["levels"]["3"]["elite"]["health"] = 27
    assert saved == original
    assert list(saved["levels"]["3"]["elite"]) == list(original["levels"]["3"]["elite"])


def test_a_bad_cell_is_refused_with_a_message_and_changes_nothing(
    qtbot: QtBot, editor_pack: Path
) -> None:
    doc, editor = open_form(qtbot, editor_pack / "monsters" / "quarry-brute.json")
    grid = editor.form.widgets[("levels",)]  # type: ignore[union-attr]
    assert isinstance(grid, GridTable)
    col = column_index(grid, "normal", "move")
    type_in_cell(qtbot, grid, 2, col, "fast")
    assert doc.get(("levels", "2", "normal", "move")) == 1
    assert doc.undo_stack.count() == 0
    assert grid.message.isVisibleTo(grid)
    assert "Level 2" in grid.message.text() and "whole number" in grid.message.text()
    qtbot.waitUntil(lambda: grid.table.item(2, col).text() == "1")
    # above the schema's maximum (move 0..20)
    type_in_cell(qtbot, grid, 2, col, "50")
    assert doc.get(("levels", "2", "normal", "move")) == 1
    assert "0..20" in grid.message.text()
    # a required stat cannot be emptied
    type_in_cell(qtbot, grid, 2, col, "")
    assert doc.get(("levels", "2", "normal", "move")) == 1
    assert doc.undo_stack.count() == 0


def test_optional_stats_show_defaults_set_and_clear_keys(qtbot: QtBot, editor_pack: Path) -> None:
    doc, editor = open_form(qtbot, editor_pack / "monsters" / "quarry-brute.json")
    grid = editor.form.widgets[("levels",)]  # type: ignore[union-attr]
    assert isinstance(grid, GridTable)
    # retaliate is used at elite levels 3+, so its column shows; shield is behind "All columns"
    assert any(c.key == "retaliate" and c.group == "elite" for c in grid.columns())
    assert not any(c.key == "shield" for c in grid.columns())
    assert grid.all_columns is not None
    grid.all_columns.setChecked(True)
    shield = column_index(grid, "normal", "shield")
    item = grid.table.item(0, shield)
    assert item.text() == "0" and item.data(Qt.ItemDataRole.UserRole) == "default"
    type_in_cell(qtbot, grid, 0, shield, "1")
    assert doc.get(("levels", "0", "normal", "shield")) == 1
    # clearing an optional cell removes the key (one more undo command)
    qtbot.waitUntil(lambda: grid.table.item(0, shield).text() == "1")
    type_in_cell(qtbot, grid, 0, shield, "")
    assert doc.get(("levels", "0", "normal", "shield")) is MISSING
    assert doc.undo_stack.count() == 2
    # a list of conditions is typed as words
    conds = column_index(grid, "elite", "attack_conditions")
    type_in_cell(qtbot, grid, 7, conds, "poison, wound")
    assert doc.get(("levels", "7", "elite", "attack_conditions")) == ["poison", "wound"]
    type_in_cell(qtbot, grid, 6, conds, "poison, sleepy")
    assert doc.get(("levels", "6", "elite", "attack_conditions")) is MISSING
    assert "sleepy" in grid.message.text()


def test_selecting_a_cell_shows_every_field_of_that_level_and_rank(
    qtbot: QtBot, editor_pack: Path
) -> None:
    doc, editor = open_form(qtbot, editor_pack / "monsters" / "quarry-brute.json")
    grid = editor.form.widgets[("levels",)]  # type: ignore[union-attr]
    assert isinstance(grid, GridTable)
    grid.table.setCurrentCell(5, column_index(grid, "elite", "attack"))
    assert isinstance(grid.detail, SchemaForm)
    assert grid.detail.root_path == ("levels", "5", "elite")
    assert "Level 5" in grid.detail_title.text()
    # fields without a column (free-text specials) are added there
    adders = [c for c in grid.detail.findChildren(QComboBox) if c.itemText(0) == "Add field…"]
    assert adders and "Specials" in [adders[0].itemText(i) for i in range(adders[0].count())]
    index = [adders[0].itemText(i) for i in range(adders[0].count())].index("Specials")
    adders[0].activated.emit(index)
    assert doc.get(("levels", "5", "elite", "specials")) == []
    assert doc.undo_stack.count() == 1


def test_class_health_is_one_row_of_nine_levels(qtbot: QtBot, editor_pack: Path) -> None:
    path = editor_pack / "classes" / "lampwright" / "lampwright.json"
    doc, editor = open_form(qtbot, path)
    grid = editor.form.widgets[("health",)]  # type: ignore[union-attr]
    assert isinstance(grid, GridTable)
    assert grid.table.rowCount() == 1 and grid.table.columnCount() == 9
    assert [c.label for c in grid.columns()] == [f"Level {n}" for n in range(1, 10)]
    type_in_cell(qtbot, grid, 0, 4, "11")
    assert doc.get(("health",)) == [6, 7, 8, 9, 11, 11, 12, 13, 14]
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.get(("health", 4)) == 10


def test_table_shape_rules_and_hints() -> None:
    ctx = SchemaContext({})
    vector = {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 3}
    spec = table_spec(ctx, vector, {}, [1, 2, 3], {})
    assert spec is not None and [c.label for c in spec.columns] == ["1", "2", "3"]
    # the wrong length (the generic list can fix it), an open-ended list, or a hint off
    assert table_spec(ctx, vector, {}, [1, 2], {}) is None
    assert table_spec(ctx, {**vector, "maxItems": 9}, {}, [1, 2, 3], {}) is None
    assert table_spec(ctx, vector, {}, [1, 2, 3], {"table": False}) is None
    # an x-questforge annotation in the schema is a hint too
    annotated = {**vector, "x-questforge": {"index_label": "L{n}", "index_base": 0}}
    hint = hint_for(None, "thing", ("x",), annotated)
    spec = table_spec(ctx, annotated, {}, [1, 2, 3], hint)
    assert spec is not None and [c.label for c in spec.columns] == ["L0", "L1", "L2"]
    # a grid whose rows differ in shape is not a table
    cell = {"type": "object", "properties": {"hp": {"type": "integer"}}}
    row = {"type": "object", "properties": {"a": cell, "b": cell}}
    odd = {"type": "object", "properties": {"a": cell}}
    grid = {"type": "object", "properties": {"1": row, "2": row}}
    assert table_spec(ctx, grid, {}, {"1": {}, "2": {}}, {}) is not None
    assert table_spec(ctx, grid, {}, {"1": {"a": 5}}, {}) is None  # malformed data
    assert (
        table_spec(ctx, {"type": "object", "properties": {"1": row, "2": odd}}, {}, {}, {}) is None
    )


# --------------------------------------------------------------------------- card preview
def test_the_preview_follows_edits_of_the_form(qtbot: QtBot, editor_pack: Path) -> None:
    doc, editor = open_form(
        qtbot, editor_pack / "classes" / "lampwright" / "lampwright-flashpoint.json"
    )
    preview = editor.preview
    assert isinstance(preview, CardPreview)
    face = preview.current_face()
    assert face is not None and face.title == "Flashpoint"
    before = face_image(face, 300)
    assert not blank(before)
    revision = preview.revision
    name = editor.form.widgets[("name",)]  # type: ignore[union-attr]
    assert isinstance(name, QLineEdit)
    name.setText("Blinding Flash")
    name.editingFinished.emit()
    qtbot.waitUntil(lambda: preview.revision > revision)
    face = preview.current_face()
    assert face is not None and face.title == "Blinding Flash"
    assert card_pixels_differ(before, face_image(face, 300))
    # an edit in the ability list redraws too (initiative in the middle of the card)
    revision = preview.revision
    doc.set_value(("initiative",), 12)
    qtbot.waitUntil(lambda: preview.revision > revision)


def test_the_preview_shows_the_edited_card_of_a_deck_and_the_editor_level(
    qtbot: QtBot, editor_pack: Path
) -> None:
    doc, editor = open_form(qtbot, editor_pack / "decks" / "brute-deck.json")
    preview = editor.preview
    assert preview is not None
    assert preview.picker.count() == 8 and not preview.picker.isHidden()
    revision = preview.revision
    doc.set_value(("cards", 5, "initiative"), 70)
    qtbot.waitUntil(lambda: preview.revision > revision)
    assert preview.picker.currentIndex() == 5
    assert preview.current_face() is preview.faces[5]
    assert "(70)" in preview.faces[5].title

    _doc, monster = open_form(qtbot, editor_pack / "monsters" / "quarry-brute.json")
    assert monster.preview is not None
    monster.set_level(1)
    assert monster.preview.current_face().title == "Level 1"  # type: ignore[union-attr]
    monster.set_level(4)
    assert monster.preview.current_face().title == "Level 4"  # type: ignore[union-attr]
    # table edits redraw the stat card of the edited level
    grid = monster.form.widgets[("levels",)]  # type: ignore[union-attr]
    assert isinstance(grid, GridTable)
    revision = monster.preview.revision
    type_in_cell(qtbot, grid, 6, column_index(grid, "normal", "attack"), "9")
    qtbot.waitUntil(lambda: monster.preview.revision > revision)  # type: ignore[union-attr]
    assert monster.preview.current_face().title == "Level 6"  # type: ignore[union-attr]


def test_kinds_that_are_not_cards_have_no_preview(qtbot: QtBot, editor_pack: Path) -> None:
    _doc, editor = open_form(qtbot, editor_pack / "tiles" / "drift.json")
    assert editor.preview is None
    assert not editor.can_export_image()


def test_export_image_writes_the_card_shown(
    qtbot: QtBot, editor_pack: Path, tmp_path: Path
) -> None:
    _doc, editor = open_form(qtbot, editor_pack / "items" / "sling.json")
    assert editor.can_export_image()
    editor.export_image(tmp_path / "sling.png")
    image = QImage(str(tmp_path / "sling.png"))
    # a mini card (44 x 63 mm) at 300 dpi
    assert (image.width(), image.height()) == (520, 744)


def test_every_card_kind_of_the_sample_pack_renders(qapp: Any, sample_pack: Path) -> None:
    assert set(card_kinds("gloomhaven")) == CARD_KINDS
    lookup_data: dict[tuple[str, str], Any] = {}
    files, _ = content_files(sample_pack)
    for f in files:
        data = json.loads(f.read_text(encoding="utf-8"))
        lookup_data[(data.get("kind"), data.get("id"))] = data
    context = CardContext(lambda kind, ref: lookup_data.get((kind, ref)))
    seen = set()
    for (kind, _id), data in lookup_data.items():
        faces = faces_for("gloomhaven", kind, data, context)
        if faces is None:
            continue
        seen.add(kind)
        assert faces, kind
        for face in faces:
            assert not blank(face_image(face, 200)), (kind, _id, face.title)
    assert seen == CARD_KINDS
    assert (
        ruleset_of(lookup_data[("monster", "quarry-brute")], sample_pack / "monsters" / "x.json")
        == "gloomhaven"
    )


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"levels": 5, "cards": "x", "top": [], "bottom": {"abilities": 3}, "options": [1, None]},
        {"levels": {"0": {"normal": "big", "elite": {"health": "lots"}}}, "immunities": [3]},
        {
            "cards": [
                None,
                {"abilities": [{"type": 3}, {"type": "attack", "aoe": {"hexes": [[1]]}}]},
            ]
        },
        {"top": {"abilities": [{"type": "summon", "stats": {"health": None}}, "junk"]}},
        {"name": "x" * 500, "text": "word " * 400, "value": "x2", "checkmarks": 99, "uses": 999},
        {
            "top": {
                "abilities": [{"type": "attack", "value": 2}],
                "enhancement_slots": [None, {"ability": "0"}, {"ability": 9, "count": 99}, 7],
            },
            "bottom": {"enhancement_slots": {"ability": 0}},
        },
    ],
)
def test_painters_draw_half_typed_data_without_raising(qapp: Any, data: dict[str, Any]) -> None:
    """A form can hold anything while the designer types: the preview never breaks."""
    for kind in CARD_KINDS:
        for face in faces_for("gloomhaven", kind, data) or []:
            face_image(face, 120)


def test_an_ability_cards_enhancement_slots_are_printed_after_their_line(
    qapp: Any, tmp_path: Path
) -> None:
    # GH-ENH-03: stickers go on the printed card's slots; the preview shows them where
    # they are, so a designer sees which line of the card can be enhanced
    from questforge.editor.gloomhaven.cards.abilities import action_lines

    abilities = [{"type": "attack", "value": 3, "range": 2}, {"type": "xp", "value": 1}]
    slots = [{"ability": 0, "kinds": ["plus1"]}, {"ability": 0, "kinds": ["attack-hex"]}]
    lines = action_lines(abilities, slots=slots)
    assert lines[0].slots == ["dot", "hex"]  # the attack's main line
    assert all(not line.slots for line in lines[1:])  # not its range line, not the XP
    assert action_lines(abilities, slots=[{"ability": 1, "count": 2}])[-1].slots == ["dot"] * 2

    card: dict[str, Any] = {
        "kind": "ability-card",
        "name": "Slots",
        "level": 1,
        "initiative": 20,
        "top": {"abilities": abilities},
        "bottom": {"abilities": [{"type": "move", "value": 2}]},
    }
    plain = face_image(faces_for("gloomhaven", "ability-card", card)[0], 300)
    card["top"]["enhancement_slots"] = slots
    marked = face_image(faces_for("gloomhaven", "ability-card", card)[0], 300)
    marked.save(str(tmp_path / "slots.png"))
    # the top half differs (the marks), the bottom half does not
    top = [
        (x, y)
        for y in range(0, marked.height() // 2, 3)
        for x in range(0, marked.width(), 3)
        if plain.pixel(x, y) != marked.pixel(x, y)
    ]
    bottom = [
        (x, y)
        for y in range(marked.height() * 6 // 10, marked.height(), 3)
        for x in range(0, marked.width(), 3)
        if plain.pixel(x, y) != marked.pixel(x, y)
    ]
    assert top and not bottom


def test_a_documents_ruleset_comes_from_its_pack_then_its_schema(tmp_path: Path) -> None:
    item_schema = "https://questforge.dev/schema/gloomhaven/item.schema.json"
    # an untitled document: its $schema says which ruleset draws it
    assert ruleset_of({"$schema": item_schema}, None) == "gloomhaven"
    assert (
        ruleset_of({"$schema": "https://questforge.dev/schema/common/pack.schema.json"}, None)
        is None
    )
    assert ruleset_of({}, None) is None
    # a file in a pack: the manifest's ruleset wins
    pack = tmp_path / "p"
    (pack / "items").mkdir(parents=True)
    (pack / "pack.json").write_text(
        '{"kind": "pack", "id": "p", "ruleset": "descent"}', encoding="utf-8"
    )
    assert ruleset_of({"$schema": item_schema}, pack / "items" / "x.json") == "descent"
    # and a pack for a ruleset without a painter for the kind shows no card
    assert faces_for("descent", "item", {"name": "x"}) is None


def test_a_new_class_starts_with_nine_health_levels_in_a_table(qapp: Any) -> None:
    from questforge.validator.schemas import default_store

    entry = default_store().for_kind("character-class", "gloomhaven")
    assert entry is not None
    default = SchemaContext(entry.schema).default(entry.schema)
    # a fixed-length list starts full (valid, and shown as a one-row table)
    assert default["health"] == [1] * 9
    doc = Document({"$schema": entry.id, **default}, None)
    form = SchemaForm(doc, SchemaContext(entry.schema))
    assert isinstance(form.widgets[("health",)], GridTable)


def test_the_preview_follows_the_selected_cell_and_the_focused_field(
    qtbot: QtBot, editor_pack: Path
) -> None:
    _doc, monster = open_form(qtbot, editor_pack / "monsters" / "quarry-brute.json")
    assert monster.preview is not None and monster.form is not None
    grid = monster.form.widgets[("levels",)]
    assert isinstance(grid, GridTable)
    grid.table.setCurrentCell(5, column_index(grid, "elite", "move"))
    assert monster.preview.current_face().title == "Level 5"  # type: ignore[union-attr]

    _doc, deck = open_form(qtbot, editor_pack / "decks" / "brute-deck.json")
    assert deck.preview is not None and deck.form is not None
    name_field = deck.form.widgets[("cards", 2, "name")]
    # what QApplication.focusChanged reports when the field is clicked
    deck._on_focus_changed(None, name_field)
    assert deck.preview.picker.currentIndex() == 2
    assert deck.preview.current_face() is deck.preview.faces[2]
