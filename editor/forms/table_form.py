"""Tables for level grids, generated from the schema's shape plus ruleset hints.

Designers read stats as tables: a monster's levels 0-7 as rows with normal and elite
side by side, a class's health per level as one row. The generic form would show them as
a long scroll of nested groups and spin boxes, so :class:`SchemaForm` asks
:func:`table_spec` first and draws a :class:`GridTable` when the schema has one of two
shapes:

* **grid**: an object whose properties (rows, e.g. levels ``"0"``..``"7"``) are objects
  with the same named groups (columns groups, e.g. ``normal``/``elite``), each an object of
  scalar fields (sub-columns: health, move, attack...). Cells hold the scalar fields and
  lists of enum values (``poison, wound``); other fields (free-text specials) are edited
  in the detail form under the table, for the selected row and group.
* **vector**: an array of scalars with a fixed length (``minItems == maxItems``, at most
  20), e.g. health at levels 1-9: one row, a column per index.

Hints refine labels and which columns show by default; they come from an
``x-questforge`` annotation on the schema node or from :func:`register_table_hint`
(ruleset, kind, path pattern), so a ruleset never needs per-kind form code. Hint keys:
``table`` (``false`` keeps the generic form), ``columns`` (fields always shown; others
show when any row uses them or with "All columns"), ``short`` (field -> column label),
``index_base`` and ``index_label`` (vector column labels, e.g. ``"Level {n}"``).

Each cell edit is one undo command on the document, like every form edit; clearing an
optional cell removes the key.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.jsonpath import MISSING, JsonPath, format_path
from questforge.schema.walk import Schema, SchemaContext

Hint = dict[str, Any]
HINT_KEY = "x-questforge"
MAX_VECTOR = 20
#: tints of alternate column groups (normal | elite reads as white | gold)
GROUP_TINTS = [None, QColor("#fbefc4"), QColor("#e3eefb"), QColor("#e6f3df")]

_HINTS: dict[tuple[str, str], list[tuple[tuple[str, ...], Hint]]] = {}


def register_table_hint(ruleset: str, kind: str, pattern: tuple[str, ...], hint: Hint) -> None:
    """Labels and default columns for the table at ``pattern`` (``"*"`` matches any key)."""
    entries = _HINTS.setdefault((ruleset, kind), [])
    entries[:] = [(p, h) for p, h in entries if p != pattern]
    entries.append((pattern, hint))


def hint_for(ruleset: str | None, kind: str, path: JsonPath, schema: Schema) -> Hint:
    """The schema's ``x-questforge`` annotation, overridden by the ruleset's registered hint."""
    out: Hint = dict(schema.get(HINT_KEY) or {}) if isinstance(schema.get(HINT_KEY), dict) else {}
    for pattern, hint in _HINTS.get((ruleset or "", kind), []):
        if len(pattern) == len(path) and all(
            p == "*" or p == str(k) for p, k in zip(pattern, path, strict=True)
        ):
            out.update(hint)
    return out


@dataclass
class Column:
    """One cell column: ``group`` (``None`` for a vector) and ``field`` (or an index)."""

    group: str | None
    key: str | int
    label: str
    schema: Schema
    tooltip: str = ""
    group_index: int = 0
    #: position of the field in its group's schema (column order)
    order: int = 0


@dataclass
class TableSpec:
    kind: str  # "grid" or "vector"
    rows: list[tuple[str | None, str]]  # (key, label); a vector has one row with key None
    columns: list[Column]
    #: grid: the group objects' schemas, for the detail form
    group_schemas: dict[str, Any] = field(default_factory=dict)
    hidden: list[Column] = field(default_factory=list)
    required: dict[str, set[str]] = field(default_factory=dict)


def _scalar_kind(ctx: SchemaContext, schema: Any, base: Schema) -> tuple[str | None, Schema]:
    """``integer``/``number``/``string``/``enum``/``enum-list`` when a cell can edit it."""
    sub, sub_base = ctx.resolve(schema, base)
    if isinstance(sub.get("enum"), list):
        return "enum", sub
    t = sub.get("type")
    if t in ("integer", "number"):
        return str(t), sub
    if t == "string" and int(sub.get("maxLength", 0) or 0) < 400:
        return "string", sub
    if t == "array":
        items, _ = ctx.resolve(sub.get("items", {}), sub_base)
        if isinstance(items.get("enum"), list):
            return "enum-list", {**sub, "items": items}
    return None, sub


def _title(ctx: SchemaContext, schema: Any, base: Schema, fallback: str) -> str:
    sub, _ = ctx.resolve(schema, base)
    title = sub.get("title")
    return title if isinstance(title, str) and title else fallback


def table_spec(
    ctx: SchemaContext, eff: Schema, base: Schema, value: Any, hint: Hint
) -> TableSpec | None:
    """A table for this schema node and value, or ``None`` (use the generic form)."""
    if hint.get("table") is False:
        return None
    if eff.get("type") == "array" and isinstance(value, list):
        return _vector_spec(ctx, eff, base, value, hint)
    if isinstance(value, dict) and isinstance(eff.get("properties"), dict):
        return _grid_spec(ctx, eff, base, value, hint)
    return None


def _vector_spec(
    ctx: SchemaContext, eff: Schema, base: Schema, value: list[Any], hint: Hint
) -> TableSpec | None:
    if "prefixItems" in eff:
        return None  # a tuple such as a hex [q, r] keeps its compact row of fields
    n = eff.get("minItems")
    if not isinstance(n, int) or n != eff.get("maxItems") or not 1 < n <= MAX_VECTOR:
        return None
    if len(value) != n:
        return None  # a list of the wrong length: the generic list form can fix it
    kind, item = _scalar_kind(ctx, eff.get("items", {}), base)
    if kind not in ("integer", "number") or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in value
    ):
        return None
    first = int(hint.get("index_base", 1))
    label = str(hint.get("index_label", "{n}"))
    columns = [
        Column(None, i, label.format(n=i + first), item, str(item.get("description", "")))
        for i in range(n)
    ]
    rows: list[tuple[str | None, str]] = [(None, _title(ctx, eff, base, ""))]
    return TableSpec("vector", rows, columns)


def _grid_spec(
    ctx: SchemaContext, eff: Schema, base: Schema, value: dict[str, Any], hint: Hint
) -> TableSpec | None:
    props: dict[str, Any] = eff["properties"]
    if len(props) < 2:
        return None
    groups: list[str] | None = None
    group_schemas: dict[str, Any] = {}
    fields: dict[str, list[str]] = {}
    required: dict[str, set[str]] = {}
    for row_schema in props.values():
        row, row_base = ctx.effective(row_schema, None, base)
        row_props = row.get("properties")
        if row.get("type") != "object" or not isinstance(row_props, dict) or not row_props:
            return None
        names = list(row_props)
        if groups is None:
            groups = names
        elif names != groups:
            return None
        for g in names:
            grp, _ = ctx.effective(row_props[g], None, row_base)
            gprops = grp.get("properties")
            if grp.get("type") != "object" or not isinstance(gprops, dict) or not gprops:
                return None
            if g not in fields:
                fields[g] = list(gprops)
                group_schemas[g] = row_props[g]
                required[g] = set(grp.get("required") or [])
            elif list(gprops) != fields[g]:
                return None
    if not groups:
        return None
    # the data must have the same shape (a malformed level goes to the generic form)
    for row_value in value.values():
        if not isinstance(row_value, dict):
            return None
        for g in groups:
            if g in row_value and not isinstance(row_value[g], dict):
                return None
    first_row, first_base = ctx.effective(next(iter(props.values())), None, base)
    short: dict[str, str] = hint.get("short") or {}
    wanted = hint.get("columns")
    columns: list[Column] = []
    hidden: list[Column] = []
    for gi, g in enumerate(groups):
        gschema, gbase = ctx.effective(first_row["properties"][g], None, first_base)
        glabel = _title(ctx, first_row["properties"][g], first_base, g)
        for order, name in enumerate(fields[g]):
            kind, sub = _scalar_kind(ctx, gschema["properties"][name], gbase)
            if kind is None:
                continue
            col = Column(
                g,
                name,
                f"{glabel}\n{short.get(name) or _title(ctx, gschema['properties'][name], gbase, name)}",
                sub,
                f"{glabel} · {_title(ctx, gschema['properties'][name], gbase, name)}: "
                + str(sub.get("description", "")),
                gi,
                order,
            )
            used = any(
                isinstance(r, dict) and isinstance(r.get(g), dict) and name in r[g]
                for r in value.values()
            )
            shown = wanted is None or name in wanted or used or name in required.get(g, set())
            (columns if shown else hidden).append(col)
    rows: list[tuple[str | None, str]] = [
        (key, _title(ctx, props[key], base, key)) for key in props
    ]
    rows += [(key, key) for key in value if key not in props]
    return TableSpec("grid", rows, columns, group_schemas, hidden, required)


# --------------------------------------------------------------------------- widget
def cell_text(value: Any) -> str:
    if value is MISSING or value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, str):
        return value
    return json.dumps(value)


def parse_cell(text: str, column: Column) -> tuple[Any, str | None]:
    """``(value, error)`` for what was typed in a cell (``MISSING``: clear the cell)."""
    text = text.strip()
    schema = column.schema
    if not text:
        return MISSING, None
    kind = schema.get("type")
    if isinstance(schema.get("enum"), list):
        if text in schema["enum"]:
            return text, None
        return None, f"expected one of {', '.join(map(str, schema['enum']))}"
    if kind == "array":
        items = [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]
        allowed = schema.get("items", {}).get("enum") or []
        bad = [t for t in items if allowed and t not in allowed]
        if bad:
            return None, f"unknown {', '.join(bad)} (expected {', '.join(map(str, allowed))})"
        return items, None
    if kind in ("integer", "number"):
        try:
            number: int | float = int(text) if kind == "integer" else float(text)
        except ValueError:
            return None, "expected a whole number" if kind == "integer" else "expected a number"
        lo, hi = schema.get("minimum"), schema.get("maximum")
        if (isinstance(lo, int | float) and number < lo) or (
            isinstance(hi, int | float) and number > hi
        ):
            return None, f"expected {lo}..{hi}"
        return number, None
    return text, None


class GridTable(QWidget):
    """The table for one grid or vector; edits go through ``commit(path, value)``."""

    #: the JSON path of the cell the user selected (the card preview shows its level)
    cellSelected = Signal(object)

    def __init__(
        self,
        spec: TableSpec,
        path: JsonPath,
        get: Callable[[JsonPath], Any],
        commit: Callable[[JsonPath, Any, str], None],
        detail: Callable[[JsonPath, Any], QWidget] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.spec = spec
        self.path = tuple(path)
        self._get = get
        self._commit = commit
        self._detail_factory = detail
        self._filling = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self._column = layout
        self.table = QTableWidget()
        self.table.setObjectName("gridTable")
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.itemChanged.connect(self._on_item_changed)
        self.table.currentCellChanged.connect(lambda r, c, _r, _c: self._on_current(r, c))
        layout.addWidget(self.table)
        self.all_columns: QCheckBox | None = None
        if spec.hidden:
            self.all_columns = QCheckBox(f"All columns ({len(spec.hidden)} more)")
            self.all_columns.toggled.connect(lambda _v: self.fill())
            layout.addWidget(self.all_columns)
        self.message = QLabel("")
        self.message.setStyleSheet("color: #a8141b;")
        self.message.setWordWrap(True)
        self.message.setVisible(False)
        layout.addWidget(self.message)
        self.detail_title = QLabel("")
        self.detail_title.setVisible(False)
        layout.addWidget(self.detail_title)
        self.detail: QWidget | None = None
        self.fill()

    # ----------------------------------------------------------------- model
    def columns(self) -> list[Column]:
        if self.all_columns is not None and self.all_columns.isChecked():
            # shown and hidden columns in the schema's order, group by group
            return sorted(
                self.spec.columns + self.spec.hidden, key=lambda c: (c.group_index, c.order)
            )
        return self.spec.columns

    def cell_path(self, row: int, column: Column) -> JsonPath:
        key = self.spec.rows[row][0]
        if self.spec.kind == "vector":
            return (*self.path, column.key)
        return (*self.path, str(key), str(column.group), column.key)

    def fill(self) -> None:
        """(Re)load every cell from the document."""
        self._filling = True
        cols = self.columns()
        self.table.clear()
        self.table.setRowCount(len(self.spec.rows))
        self.table.setColumnCount(len(cols))
        self.table.setHorizontalHeaderLabels([c.label for c in cols])
        self.table.setVerticalHeaderLabels([label for _k, label in self.spec.rows])
        for ci, col in enumerate(cols):
            header = self.table.horizontalHeaderItem(ci)
            if header is not None:
                header.setToolTip(col.tooltip)
            for ri in range(len(self.spec.rows)):
                value = self._get(self.cell_path(ri, col))
                item = QTableWidgetItem(cell_text(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                tint = GROUP_TINTS[col.group_index % len(GROUP_TINTS)]
                if tint is not None:
                    item.setBackground(QBrush(tint))
                if value is MISSING and "default" in col.schema:
                    # an absent optional stat shows its default, greyed
                    item.setText(cell_text(col.schema["default"]))
                    item.setForeground(QBrush(QColor("#9a9a9a")))
                    font = QFont(item.font())
                    font.setItalic(True)
                    item.setFont(font)
                    item.setData(Qt.ItemDataRole.UserRole, "default")
                item.setToolTip(f"{format_path(self.cell_path(ri, col))}\n{col.tooltip}")
                self.table.setItem(ri, ci, item)
        header_view = self.table.horizontalHeader()
        header_view.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header_view.setMinimumSectionSize(34)
        self.table.resizeRowsToContents()
        height = header_view.sizeHint().height() + 4
        height += sum(self.table.rowHeight(r) for r in range(self.table.rowCount()))
        # room for the horizontal scroll bar a wide grid needs in a narrow window
        height += self.table.horizontalScrollBar().sizeHint().height()
        self.table.setFixedHeight(height)
        self._filling = False

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        cols = self.columns()
        column = cols[item.column()]
        path = self.cell_path(item.row(), column)
        current = self._get(path)
        text = item.text()
        if item.data(Qt.ItemDataRole.UserRole) == "default" and text == cell_text(
            column.schema.get("default")
        ):
            return  # the greyed default was not changed
        value, error = parse_cell(text, column)
        label = f"{self.spec.rows[item.row()][1]} · {column.label.replace(chr(10), ' ')}"
        if error is not None:
            self.message.setText(f"{label}: {error}; the value was not changed.")
            self.message.setVisible(True)
            self._refill_later()
            return
        self.message.setVisible(False)
        if value is MISSING:
            group = column.group or ""
            if current is MISSING:
                return
            if self.spec.kind == "vector" or column.key in self.spec.required.get(group, set()):
                self.message.setText(f"{label}: required, cannot be empty.")
                self.message.setVisible(True)
                self._refill_later()
                return
        elif value == current:
            return
        self._commit(path, value, f"Edit {label}")
        self._refill_later()

    def _refill_later(self) -> None:
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, self._safe_fill)

    def _safe_fill(self) -> None:
        from PySide6.QtCore import QTimer

        with contextlib.suppress(RuntimeError):  # the table was deleted (form rebuilt)
            if self.table.state() == QAbstractItemView.State.EditingState:
                # never reload under an open cell editor (its commit would be lost)
                QTimer.singleShot(50, self._safe_fill)
                return
            self.fill()

    # ----------------------------------------------------------------- detail
    def _on_current(self, row: int, col: int) -> None:
        cols = self.columns()
        if 0 <= row < len(self.spec.rows) and 0 <= col < len(cols):
            self.cellSelected.emit(self.cell_path(row, cols[col]))
        self._show_detail(row, col)

    def _show_detail(self, row: int, col: int) -> None:
        if self.spec.kind != "grid" or self._detail_factory is None or row < 0 or col < 0:
            return
        cols = self.columns()
        if col >= len(cols):
            return
        column = cols[col]
        key = self.spec.rows[row][0]
        path = (*self.path, str(key), str(column.group))
        if self.detail is not None and getattr(self.detail, "root_path", None) == path:
            return
        if self.detail is not None:
            self._column.removeWidget(self.detail)
            self.detail.deleteLater()
            self.detail = None
        if self._get(path) is MISSING:
            self.detail_title.setVisible(False)
            return
        self.detail_title.setText(
            f"<b>{self.spec.rows[row][1]} · {column.label.split(chr(10))[0]}</b> — every field"
        )
        self.detail_title.setVisible(True)
        self.detail = self._detail_factory(path, self.spec.group_schemas.get(str(column.group)))
        self._column.addWidget(self.detail)
