"""A form generated from a JSON Schema, bound to a path of a document.

Widget per schema shape: a level grid (levels x normal/elite) or a fixed-length vector
(health at levels 1-9) -> a table (``table_form``), object -> group with a row per property (optional ones can be
added and removed), array -> list with add/remove, ``enum`` -> combo box, integer/number ->
spin box, boolean -> check box, string -> line edit (long text -> text box), ``const`` ->
label; a discriminated union (a win condition's ``type``, an effect's ``do``) -> a combo of
its members that rebuilds the object for the chosen one; a board location (a hex, a list
of hexes) -> its fields plus "Pick on map" when the editor lends a picker; a reference to
another document, or a name inside this one (a room, a treasure number) -> an editable
combo of what exists; a value whose schema allows several types (an integer or a formula
such as ``"2+L"``) gets a JSON line edit. Keys the schema does not know are shown as JSON and kept.

Every change is one undo command on the document (typing in a text box merges into one
command per field), and the form rebuilds itself when the document changes under it
(undo, redo, an edit on the map).
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.document import Document
from questforge.editor.forms.designer_messages import noun_phrase, object_messages
from questforge.editor.forms.location_fields import LocationFieldsMixin
from questforge.editor.forms.location_pick import as_list
from questforge.editor.forms.reference_fields import ReferenceFieldsMixin, narrow_combo
from questforge.editor.forms.services import FormServices
from questforge.editor.forms.table_form import GridTable, hint_for, table_spec
from questforge.editor.jsonpath import MISSING, JsonPath, format_path, is_prefix
from questforge.editor.undo import DeleteKeyCommand
from questforge.schema.jsontypes import schema_type
from questforge.schema.walk import Discriminator, Schema, SchemaContext

LONG_TEXT = 400
#: nested groups and lists: thin margins, so deep nesting still fits a side panel
NESTED_MARGINS = (4, 4, 4, 4)
INT_LIMIT = 1_000_000_000


class JsonLineEdit(QLineEdit):
    """Edits any JSON value as text; plain words that are not JSON are taken as a string."""

    def set_json(self, value: Any) -> None:
        self.setText(value if isinstance(value, str) else json.dumps(value))

    def json_value(self) -> Any:
        text = self.text()
        try:
            return json.loads(text)
        except ValueError:
            return text


class SchemaForm(ReferenceFieldsMixin, LocationFieldsMixin, QWidget):
    """Form for the value at ``root_path`` of ``document``."""

    #: emitted after the form was rebuilt (tests wait on it)
    rebuilt = Signal()
    #: a part of the document was selected for a closer look (a table cell's path)
    pathFocused = Signal(object)

    def __init__(
        self,
        document: Document,
        context: SchemaContext,
        root_path: JsonPath = (),
        root_schema: Schema | None = None,
        parent: QWidget | None = None,
        exclude: frozenset[str] = frozenset(),
        services: FormServices | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        #: what the surrounding editor lends: a map to pick hexes on, the pack's ids
        self.services = services or FormServices()
        #: designer-worded messages shown under fields, by the field's path
        self.messages: dict[JsonPath, QLabel] = {}
        #: location fields: path -> (kind, is a list); their hexes are drawn while focused
        self.location_fields: dict[JsonPath, tuple[str, bool]] = {}
        #: "Pick on map" buttons by field path
        self.pick_buttons: dict[JsonPath, QToolButton] = {}
        self._shown_locations: JsonPath | None = None
        self.ctx = context
        self.root_path = tuple(root_path)
        #: top-level keys not shown (edited elsewhere, e.g. the map's placements)
        self.exclude = exclude
        self.root_schema = root_schema
        self.widgets: dict[JsonPath, QWidget] = {}
        self._editing = 0
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addStretch(1)
        self._body: QWidget | None = None
        self._ruleset_cache: Any = MISSING
        self._pending = QTimer(self)
        self._pending.setSingleShot(True)
        self._pending.setInterval(0)
        self._pending.timeout.connect(self.rebuild)
        document.changed.connect(self._on_changed)
        if self.services.picker is not None:
            app = QApplication.instance()
            if isinstance(app, QApplication):
                app.focusChanged.connect(self._on_focus_changed)
        self.rebuild()

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        """A location field got the focus: its hexes are drawn on the map."""
        try:
            if new is not None and self.isAncestorOf(new):
                self.show_focused_locations(new)
            elif self._shown_locations is not None and new is not None:
                # the focus went elsewhere in the window (the map included): stop drawing
                self.show_focused_locations(None)
        except RuntimeError:  # this form is being deleted
            return

    # ----------------------------------------------------------------- binding
    def _on_changed(self, path: tuple[Any, ...]) -> None:
        if self._editing:
            return
        if is_prefix(path, self.root_path) or is_prefix(self.root_path, path):
            below = path[len(self.root_path) :]
            if below and isinstance(below[0], str) and below[0] in self.exclude:
                return
            self._pending.start()

    def _set(self, path: JsonPath, value: Any, merge: bool = False) -> None:
        self._editing += 1
        try:
            self.document.set_value(
                path,
                value,
                text=f"Edit {format_path(path)}",
                merge_key=f"form:{format_path(path)}" if merge else None,
            )
        finally:
            self._editing -= 1

    def _structural(self, func: Any, *args: Any) -> None:
        func(*args)  # list insert/remove, add/remove field: the form rebuilds from the signal

    def rebuild(self) -> None:
        if self._body is not None:
            self._layout.removeWidget(self._body)
            self._body.deleteLater()
        self.widgets = {}
        self.messages = {}
        self.location_fields = {}
        self.pick_buttons = {}
        value = self.document.get(self.root_path)
        if value is MISSING:
            body: QWidget = QLabel("(nothing selected)")
        else:
            if self.root_schema is not None:
                schema, base = self.ctx.effective(self.root_schema, value)
            else:
                schema, base = self.ctx.for_path(self.root_path, self.document.data)
            body = self._build(self.root_path, schema, base, value, top=True)
        self._body = body
        # the body on top, spare height below it (not spread over text boxes)
        self._layout.insertWidget(0, body)
        self._refresh_shown_locations()
        self.rebuilt.emit()

    def _refresh_shown_locations(self) -> None:
        """After an edit (an undo, a pick) the map shows the focused field's new hexes."""
        picker = self.services.picker
        shown = self._shown_locations
        if picker is None or shown is None:
            return
        found = self.location_fields.get(shown)
        if found is None:
            self._shown_locations = None
            picker.show_locations("", [])
        else:
            picker.show_locations(found[0], as_list(self.document.get(shown), found[1]))

    # ----------------------------------------------------------------- builders
    def _build(
        self, path: JsonPath, schema: Any, base: Schema, value: Any, top: bool = False
    ) -> QWidget:
        raw, raw_base = self.ctx.resolve(schema, base)
        eff, eff_base = self.ctx.effective(raw, value, raw_base)
        location = self._location(path, raw, raw_base, value)
        widget = self._build_value(path, raw, eff, eff_base, value, top)
        if location is not None:
            widget = self._with_pick_button(path, location[1], widget)
        self.widgets[path] = widget
        tip = eff.get("description") or raw.get("description")
        if isinstance(tip, str):
            widget.setToolTip(tip)
        return widget

    def _build_value(
        self, path: JsonPath, raw: Schema, eff: Schema, base: Schema, value: Any, top: bool
    ) -> QWidget:
        branch_types = self._branch_types(raw, base)
        if len(branch_types) > 1:
            return self._json_edit(path, value)
        if "const" in eff:
            return QLabel(
                json.dumps(eff["const"]) if not isinstance(eff["const"], str) else eff["const"]
            )
        if isinstance(eff.get("enum"), list):
            return self._enum(path, eff["enum"], value)
        kind = eff.get("type")
        if isinstance(kind, list):
            kinds = [k for k in kind if k != "null"]
            kind = kinds[0] if len(kinds) == 1 else None
            if kind is None:
                return self._json_edit(path, value)
        if kind is None:
            kind = schema_type(value) if value is not MISSING and value is not None else None
            if "properties" in eff:
                kind = "object"
            elif "items" in eff or "prefixItems" in eff:
                kind = "array"
        disc = (
            self.ctx.discriminator(raw, base)
            if kind == "object" and isinstance(value, dict)
            else None
        )
        if disc is not None and isinstance(value, dict):
            # the member named by the data (even when its fields are still missing)
            eff, base = self.ctx.branch_schema(raw, base, disc, value.get(disc.prop))
        if (kind == "object" and isinstance(value, dict)) or (
            kind == "array" and isinstance(value, list)
        ):
            table = self._table(path, eff, base, value)
            if table is not None:
                return table
        if kind == "object" and isinstance(value, dict):
            return self._object(path, eff, base, value, top, raw, disc)
        if kind == "array" and isinstance(value, list):
            return self._array(path, eff, base, value)
        if kind == "boolean" and isinstance(value, bool):
            box = QCheckBox()
            box.setChecked(value)
            box.toggled.connect(lambda v, p=path: self._set(p, bool(v)))
            return box
        if kind == "integer" and isinstance(value, int) and not isinstance(value, bool):
            names = self.ctx.names_of(raw, base)
            if names is not None:
                return self._named(path, names, value)
            spin = QSpinBox()
            spin.setRange(int(eff.get("minimum", -INT_LIMIT)), int(eff.get("maximum", INT_LIMIT)))
            spin.setValue(value)
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(lambda v, p=path: self._set(p, int(v), merge=True))
            return spin
        if kind == "number" and isinstance(value, int | float) and not isinstance(value, bool):
            dspin = QDoubleSpinBox()
            dspin.setRange(float(eff.get("minimum", -1e9)), float(eff.get("maximum", 1e9)))
            dspin.setDecimals(3)
            dspin.setValue(float(value))
            dspin.setKeyboardTracking(False)
            dspin.valueChanged.connect(lambda v, p=path: self._set(p, float(v), merge=True))
            return dspin
        if kind == "string" and isinstance(value, str):
            names = self.ctx.names_of(raw, base)
            if names is not None:
                return self._named(path, names, value)
            ref_kind = self.ctx.reference_of(raw, base)
            if ref_kind is not None and self.services.references is not None:
                return self._reference(path, ref_kind, value)
            if int(eff.get("maxLength", 0) or 0) >= LONG_TEXT:
                text = QPlainTextEdit()
                text.setPlainText(value)
                text.setMaximumHeight(90)
                text.textChanged.connect(
                    lambda p=path, t=text: self._set(p, t.toPlainText(), merge=True)
                )
                return text
            line = QLineEdit(value)
            line.editingFinished.connect(lambda p=path, e=line: self._commit_line(p, e))
            return line
        return self._json_edit(path, value)

    # ----------------------------------------------------------------- tables
    def _ruleset(self) -> str | None:
        if self._ruleset_cache is MISSING:
            from questforge.editor import boardmodes
            from questforge.editor.cards import ruleset_of

            boardmodes.load_all()  # rulesets register their table hints on import
            self._ruleset_cache = ruleset_of(self.document.data, self.document.path)
        return self._ruleset_cache

    def _table(self, path: JsonPath, eff: Schema, base: Schema, value: Any) -> QWidget | None:
        """A level-grid table when the schema has that shape (see ``table_form``)."""
        hint = hint_for(self._ruleset(), self.document.kind, path, eff)
        spec = table_spec(self.ctx, eff, base, value, hint)
        if spec is None:
            return None
        grid = GridTable(spec, path, self.document.get, self._commit_cell, self._detail_form)
        grid.cellSelected.connect(self.pathFocused.emit)
        return grid

    def _commit_cell(self, path: JsonPath, value: Any, text: str) -> None:
        """One table cell edit = one undo command (clearing an optional cell removes it)."""
        self._editing += 1
        try:
            if value is MISSING:
                self.document.push(DeleteKeyCommand(self.document, path, text))
                return
            # a missing row or group is created whole, in the same command
            i = len(self.root_path)
            while i < len(path) - 1 and self.document.get(path[: i + 1]) is not MISSING:
                i += 1
            target, nested = path[: i + 1], value
            for key in reversed(path[i + 1 :]):
                nested = {key: nested}
            self.document.set_value(target, nested, text=text)
        finally:
            self._editing -= 1

    def _detail_form(self, path: JsonPath, schema: Any) -> QWidget:
        return SchemaForm(self.document, self.ctx, path, root_schema=schema, services=self.services)

    def _commit_line(self, path: JsonPath, edit: QLineEdit) -> None:
        if self.document.get(path) != edit.text():
            self._set(path, edit.text())

    def _branch_types(self, raw: Schema, base: Schema) -> set[str]:
        out: set[str] = set()
        for key in ("oneOf", "anyOf"):
            for branch in raw.get(key) or []:
                sub, _ = self.ctx.resolve(branch, base)
                t = sub.get("type")
                if isinstance(t, str):
                    out.add(t)
                elif "const" in sub:
                    out.add(schema_type(sub["const"]))
                elif "properties" in sub:
                    out.add("object")
        return out

    def _json_edit(self, path: JsonPath, value: Any) -> QWidget:
        edit = JsonLineEdit()
        edit.set_json(None if value is MISSING else value)
        edit.editingFinished.connect(
            lambda p=path, e=edit: (
                None if self.document.get(p) == e.json_value() else self._set(p, e.json_value())
            )
        )
        return edit

    def _enum(self, path: JsonPath, options: list[Any], value: Any) -> QWidget:
        combo = QComboBox()
        for option in options:
            combo.addItem(option if isinstance(option, str) else json.dumps(option), option)
        if value in options:
            combo.setCurrentIndex(options.index(value))
        else:
            combo.insertItem(0, f"(invalid: {json.dumps(value)})", value)
            combo.setCurrentIndex(0)
        combo.activated.connect(lambda i, p=path, c=combo: self._set(p, c.itemData(i)))
        return combo

    def _object(
        self,
        path: JsonPath,
        eff: Schema,
        base: Schema,
        value: dict[str, Any],
        top: bool,
        raw: Schema | None = None,
        disc: Discriminator | None = None,
    ) -> QWidget:
        props: dict[str, Any] = eff.get("properties") or {}
        required = set(eff.get("required") or [])
        # nested objects sit in a labelled row already: a frame, no second title
        box: QWidget = QWidget() if top else QGroupBox()
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # in a narrow panel (the map's inspector) a field too wide for its row goes under
        # its label instead of forcing a horizontal scroll that hides values
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        if not top:
            form.setContentsMargins(*NESTED_MARGINS)
        hidden = self.exclude if path == self.root_path else frozenset()
        said = object_messages(self.ctx, raw if raw is not None else eff, eff, base, value)
        for name, sub_value in value.items():
            if name in hidden:
                continue
            sub_path = (*path, name)
            if disc is not None and name == disc.prop and raw is not None:
                child = self._union_choice(path, raw, base, disc, sub_value)
                self.widgets[sub_path] = child
                label = self._label(props.get(name, {}), base, name)
            elif name in props:
                child = self._build(sub_path, props[name], base, sub_value)
                label = self._label(props[name], base, name)
            else:
                child = self._json_edit(sub_path, sub_value)
                self.widgets[sub_path] = child
                label = f"{name} (unknown)"
            row = QWidget()
            row_layout = QHBoxLayout(row)
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.addWidget(child, 1)
            if name not in required:
                remove = QToolButton()
                remove.setText("×")
                remove.setToolTip(f"Remove {name}")
                remove.clicked.connect(
                    lambda _=False, p=sub_path: self.document.push(
                        DeleteKeyCommand(self.document, p)
                    )
                )
                row_layout.addWidget(remove, 0, Qt.AlignmentFlag.AlignTop)
            form.addRow(label, row)
            if name in said:
                form.addRow("", self._message(sub_path, said[name]))
        for name, text in said.items():
            if name not in value and name not in hidden:
                note: QWidget = self._message((*path, name), text)
                # a required location not given yet: picked straight from the map
                found = self._location((*path, name), props[name], base, None)
                if found is not None:
                    note = self._with_pick_button((*path, name), found[1], note)
                form.addRow("", note)
        missing = [n for n in props if n not in value and n not in hidden]
        if missing:
            adder = QComboBox()
            adder.addItem("Add field…", None)
            for name in missing:
                adder.addItem(self._label(props[name], base, name), name)
            adder.activated.connect(
                lambda i, c=adder, p=path, ps=props, b=base: self._add_field(
                    p, c.itemData(i), ps, b
                )
            )
            form.addRow("", adder)
        return box

    # ----------------------------------------------------------------- unions
    def _union_choice(
        self, path: JsonPath, raw: Schema, base: Schema, disc: Discriminator, current: Any
    ) -> QWidget:
        """The member of a union (a win condition's type): choosing another rebuilds the
        object for it in one undo command (see ``SchemaContext.switch_branch``)."""
        combo = QComboBox()
        combo.setObjectName("unionChoice")
        narrow_combo(combo)
        for branch in disc.branches:
            same = branch.title.lower().replace(" ", "-") == str(branch.value)
            combo.addItem(
                branch.title if same else f"{branch.title} ({branch.value})", branch.value
            )
            if branch.description:
                combo.setItemData(
                    combo.count() - 1, branch.description, Qt.ItemDataRole.ToolTipRole
                )
        index = combo.findData(current)
        if index < 0:
            combo.insertItem(0, f"(unknown: {json.dumps(current)})", current)
            index = 0
        combo.setCurrentIndex(index)
        combo.activated.connect(
            lambda i, c=combo: self._switch(path, raw, base, disc, c.itemData(i))
        )
        return combo

    def _switch(
        self, path: JsonPath, raw: Schema, base: Schema, disc: Discriminator, tag: Any
    ) -> None:
        value = self.document.get(path)
        if not isinstance(value, dict) or value.get(disc.prop) == tag:
            return
        branch = disc.branch(tag)
        new = self.ctx.switch_branch(raw, base, value, tag, self.document.data)
        self._first_references(raw, base, disc, tag, value, new)
        before = noun_phrase(self.ctx, raw, base, value)
        after = branch.title if branch is not None else str(tag)
        # not through _set: the form must rebuild for the new member's fields
        self.document.set_value(path, new, text=f"Change {before} to {after}")

    def _first_references(
        self,
        raw: Schema,
        base: Schema,
        disc: Discriminator,
        tag: Any,
        old: dict[str, Any],
        new: dict[str, Any],
    ) -> None:
        """A newly required reference (a spawn's monster) starts as the first id of its
        kind that exists, rather than empty."""
        source = self.services.references
        if source is None:
            return
        eff, eff_base = self.ctx.branch_schema(raw, base, disc, tag)
        props = eff.get("properties") or {}
        for name, item in new.items():
            if name in old or item != "" or name not in props:
                continue
            kind = self.ctx.reference_of(props[name], eff_base)
            ids = source.ids(kind) if kind is not None else []
            if ids:
                new[name] = ids[0]

    def _message(self, path: JsonPath, text: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName("designerMessage")
        label.setWordWrap(True)
        label.setStyleSheet("color: #a8141b;")
        self.messages[path] = label
        return label

    def _label(self, schema: Any, base: Schema, name: str) -> str:
        sub, _ = self.ctx.resolve(schema, base)
        title = sub.get("title")
        return str(title) if isinstance(title, str) and title else name

    def _add_field(self, path: JsonPath, name: Any, props: dict[str, Any], base: Schema) -> None:
        if not isinstance(name, str):
            return
        self.document.set_value((*path, name), self.ctx.default(props[name], base), f"Add {name}")

    def _array(self, path: JsonPath, eff: Schema, base: Schema, value: list[Any]) -> QWidget:
        prefix = eff.get("prefixItems")
        if isinstance(prefix, list) and eff.get("items") is False:
            # a fixed tuple such as a hex [q, r]: one compact row
            row = QWidget()
            layout = QHBoxLayout(row)
            layout.setContentsMargins(0, 0, 0, 0)
            for i, item in enumerate(value):
                schema = prefix[i] if i < len(prefix) else {}
                layout.addWidget(self._build((*path, i), schema, base, item))
            return row
        box = QGroupBox()
        column = QVBoxLayout(box)
        column.setContentsMargins(*NESTED_MARGINS)
        items_schema = eff.get("items", {})
        for i, item in enumerate(value):
            schema = prefix[i] if isinstance(prefix, list) and i < len(prefix) else items_schema
            row = QWidget()
            row_layout = QHBoxLayout(row)
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.addWidget(self._build((*path, i), schema, base, item), 1)
            remove = QToolButton()
            remove.setText("−")
            remove.setToolTip(f"Remove item {i + 1}")
            remove.clicked.connect(lambda _=False, p=path, idx=i: self.document.remove_item(p, idx))
            row_layout.addWidget(remove, 0, Qt.AlignmentFlag.AlignTop)
            column.addWidget(row)
        add = QPushButton("+ Add")
        add.clicked.connect(
            lambda _=False, p=path, s=items_schema, b=base: self.document.insert_item(
                p, self.ctx.default(s, b), None, f"Add item to {format_path(p)}"
            )
        )
        column.addWidget(add, 0, Qt.AlignmentFlag.AlignLeft)
        return box

    # ----------------------------------------------------------------- navigation
    def widget_for(self, path: JsonPath) -> QWidget | None:
        """The widget editing ``path`` or its nearest shown ancestor."""
        p = tuple(path)
        while True:
            if p in self.widgets:
                return self.widgets[p]
            if not p:
                return None
            p = p[:-1]
