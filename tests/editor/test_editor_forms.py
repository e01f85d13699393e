"""Schema-generated forms: widgets follow the schema, every change is one undo command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from questforge.editor.document import Document
from questforge.editor.forms.form_editor import FormEditor
from questforge.editor.forms.schema_form import JsonLineEdit, SchemaForm
from questforge.editor.forms.table_form import GridTable
from questforge.schema.walk import SchemaContext

pytestmark = pytest.mark.gui

SCHEMA = {
    "$id": "https://example.test/thing.schema.json",
    "type": "object",
    "$defs": {
        "hp": {"type": "integer", "minimum": 1, "maximum": 50, "title": "Health"},
        "shape": {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": ["circle", "square"]}},
            "allOf": [
                {
                    "if": {"properties": {"type": {"const": "circle"}}, "required": ["type"]},
                    "then": {
                        "properties": {"type": {"const": "circle"}, "radius": {"type": "integer"}},
                        "required": ["radius"],
                    },
                },
                {
                    "if": {"properties": {"type": {"const": "square"}}, "required": ["type"]},
                    "then": {
                        "properties": {"type": {"const": "square"}, "side": {"type": "integer"}},
                        "required": ["side"],
                    },
                },
            ],
        },
    },
    "properties": {
        "kind": {"const": "thing"},
        "name": {"type": "string", "title": "Name"},
        "health": {"$ref": "#/$defs/hp"},
        "flying": {"type": "boolean"},
        "size": {"enum": ["small", "large"]},
        "formula": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
        "tags": {"type": "array", "items": {"type": "string", "default": "new"}},
        "shapes": {"type": "array", "items": {"$ref": "#/$defs/shape"}},
        "note": {"type": "string"},
    },
    "required": ["kind", "name"],
}


@pytest.fixture
def form(qtbot: QtBot) -> SchemaForm:
    data = {
        "kind": "thing",
        "name": "Bat",
        "health": 4,
        "flying": True,
        "size": "small",
        "formula": "2+L",
        "tags": ["a"],
        "shapes": [{"type": "circle", "radius": 2}],
        "x-extra": {"kept": True},
    }
    doc = Document(data)
    widget = SchemaForm(doc, SchemaContext(SCHEMA), ())
    qtbot.addWidget(widget)
    return widget


def test_widgets_follow_the_schema(form: SchemaForm) -> None:
    w = form.widgets
    assert isinstance(w[("kind",)], QLabel)
    assert isinstance(w[("name",)], QLineEdit)
    assert isinstance(w[("health",)], QSpinBox)  # through a local $ref
    assert w[("health",)].maximum() == 50  # type: ignore[attr-defined]
    assert isinstance(w[("flying",)], QCheckBox)
    assert isinstance(w[("size",)], QComboBox)
    assert isinstance(w[("formula",)], JsonLineEdit)  # integer or formula
    assert isinstance(w[("shapes", 0, "radius")], QSpinBox)  # the circle branch
    assert isinstance(w[("shapes", 0, "type")], QComboBox)  # the discriminator can switch
    assert isinstance(w[("x-extra",)], JsonLineEdit)  # unknown keys are shown and kept


def test_each_change_is_one_undo_command(qtbot: QtBot, form: SchemaForm) -> None:
    doc = form.document
    spin = form.widgets[("health",)]
    assert isinstance(spin, QSpinBox)
    spin.setValue(9)
    assert doc.get(("health",)) == 9
    box = form.widgets[("flying",)]
    assert isinstance(box, QCheckBox)
    box.setChecked(False)
    formula = form.widgets[("formula",)]
    assert isinstance(formula, JsonLineEdit)
    formula.setText("7")
    formula.editingFinished.emit()
    assert doc.get(("formula",)) == 7  # JSON number, not the string "7"
    assert doc.undo_stack.count() == 3
    doc.undo_stack.undo()
    assert doc.get(("formula",)) == "2+L"
    # the form follows undo (rebuilt from the document's change signal)
    qtbot.waitUntil(lambda: form.widgets[("formula",)].text() == "2+L")  # type: ignore[attr-defined]


def test_list_add_remove_and_optional_fields(qtbot: QtBot, form: SchemaForm) -> None:
    doc = form.document
    doc.insert_item(("tags",), form.ctx.default({"type": "string", "default": "new"}))
    assert doc.get(("tags",)) == ["a", "new"]
    qtbot.waitUntil(lambda: ("tags", 1) in form.widgets)
    # adding the optional "note" field through the "Add field…" combo
    adders = [
        c
        for c in form.findChildren(QComboBox)
        if c.itemText(0) == "Add field…" and c.findData("note") >= 0
    ]
    assert adders
    adders[0].activated.emit(adders[0].findData("note"))
    assert doc.get(("note",)) == ""
    # switching a union branch keeps the item and shows the other branch's fields
    combo = form.widgets[("shapes", 0, "type")]
    assert isinstance(combo, QComboBox)
    combo.activated.emit(combo.findData("square"))
    assert doc.get(("shapes", 0, "type")) == "square"
    qtbot.waitUntil(lambda: ("shapes", 0, "radius") in form.widgets)
    assert list(doc.data)[-1] == "note" and doc.data["x-extra"] == {"kept": True}


def test_default_values_come_from_the_schema() -> None:
    ctx = SchemaContext(SCHEMA)
    assert ctx.default({"$ref": "#/$defs/shape"}) == {"type": "circle"}
    assert ctx.default({"$ref": "#/$defs/hp"}) == 1
    value = ctx.default(SCHEMA)
    assert value == {"kind": "thing", "name": ""}


def test_form_editor_for_a_bundled_monster_edits_and_saves(
    qtbot: QtBot, sample_pack: Path, tmp_path: Path
) -> None:
    src = sample_pack / "monsters" / "slag-hound.json"
    target = tmp_path / "slag-hound.json"
    target.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    doc = Document.open(target)
    editor = FormEditor(doc)
    qtbot.addWidget(editor)
    assert editor.form is not None
    # the level grid is a table (levels x normal/elite); a cell edit is one undo command
    grid = editor.form.widgets[("levels",)]
    assert isinstance(grid, GridTable)
    col = next(i for i, c in enumerate(grid.columns()) if c.group == "elite" and c.key == "health")
    grid.table.item(3, col).setText("12")
    assert doc.undo_stack.count() == 1
    doc.save()
    saved = json.loads(target.read_text(encoding="utf-8"))
    original = json.loads(src.read_text(encoding="utf-8"))
    original["levels"]["3"]["elite"]["health"] = 12
    assert saved == original and list(saved) == list(original)


def test_battle_goal_condition_is_edited_in_the_form(
    qtbot: QtBot, sample_pack: Path, tmp_path: Path
) -> None:
    """A battle goal's condition (GH-BG-02) is a form: pick another counter and number,
    each one undo command, and the saved file is what the engine then checks."""
    src = sample_pack / "battle-goals" / "hunter.json"
    target = tmp_path / "hunter.json"
    target.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    doc = Document.open(target)
    editor = FormEditor(doc)
    qtbot.addWidget(editor)
    assert editor.form is not None
    counter = editor.form.widgets[("condition", "counter")]
    assert isinstance(counter, QComboBox)
    counter.activated.emit(counter.findData("kills"))
    value = editor.form.widgets[("condition", "value")]
    assert isinstance(value, QSpinBox)
    value.setValue(3)
    assert doc.undo_stack.count() == 2
    doc.save()
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved["condition"] == {
        "type": "counter",
        "counter": "kills",
        "compare": "at-least",
        "value": 3,
    }
    doc.undo_stack.undo()
    assert doc.get(("condition", "value")) == 1
