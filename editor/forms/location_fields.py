"""Location fields of a schema form: a hex or a list of hexes (any board location the
editor's picker knows) gets "Pick on map", and its hexes are drawn on the map while the
field has the focus.

A mixin of :class:`~questforge.editor.forms.schema_form.SchemaForm`.
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton, QVBoxLayout, QWidget

from questforge.editor.document import Document
from questforge.editor.forms.location_pick import PickRequest, as_list
from questforge.editor.forms.services import FormServices
from questforge.editor.jsonpath import MISSING, JsonPath
from questforge.schema.walk import Schema, SchemaContext


class LocationFieldsMixin:
    #: set by the form
    document: Document
    services: FormServices
    ctx: SchemaContext
    widgets: dict[JsonPath, QWidget]
    #: location fields: path -> (kind, is a list); their hexes are drawn while focused
    location_fields: dict[JsonPath, tuple[str, bool]]
    #: "Pick on map" buttons by field path
    pick_buttons: dict[JsonPath, QToolButton]
    _shown_locations: JsonPath | None

    def _location(
        self, path: JsonPath, raw: Schema, base: Schema, value: Any
    ) -> tuple[str, bool] | None:
        """``(kind, is a list)`` when the field at ``path`` holds board locations the
        editor's picker can pick (registered before its children are built: a hex inside
        a list of hexes is picked through the list, it gets no button of its own)."""
        picker = self.services.picker
        if picker is None or value is MISSING:
            return None
        if path and isinstance(path[-1], int) and path[:-1] in self.location_fields:
            return None
        found = self.ctx.location_of(raw, base)
        if found is None or not picker.can_pick(found[0]):
            return None
        self.location_fields[path] = found
        return found

    def _with_pick_button(self, path: JsonPath, multiple: bool, widget: QWidget) -> QWidget:
        """``widget`` with a "Pick on map" button beside it."""
        # the button goes under the field: beside it, nested hex fields would widen a
        # narrow inspector past its width
        row = QWidget()
        layout = QVBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(widget)
        button = QToolButton()
        button.setObjectName("pickOnMap")
        button.setText("Pick on map")
        kind = self.location_fields[path][0] if path in self.location_fields else "location"
        button.setToolTip(
            f"Click {kind}s on the map to add or remove them; Enter keeps them, Esc cancels."
            if multiple
            else f"Click a {kind} on the map; Esc cancels."
        )
        button.setCheckable(True)
        button.clicked.connect(lambda _=False, p=path: self.start_pick(p))
        layout.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
        self.pick_buttons[path] = button
        return row

    def start_pick(self, path: JsonPath) -> None:
        """Ask the picker for the locations of the field at ``path`` (its button's job);
        the answer is written as one undo command."""
        picker = self.services.picker
        found = self.location_fields.get(tuple(path))
        if picker is None or found is None:
            return
        kind, multiple = found
        key = tuple(path)
        value = self.document.get(key)
        current = [] if value is MISSING else as_list(value, multiple)
        label = self._location_label(key)
        button = self.pick_buttons.get(key)
        if button is not None:
            button.setChecked(True)  # shows the pick is running
            button.setText("Picking…")

        def finish(values: list[Any] | None) -> None:
            with contextlib.suppress(RuntimeError):  # the form may have been rebuilt
                if button is not None:
                    button.setChecked(False)
                    button.setText("Pick on map")
            if values is None:
                return
            new: Any = list(values) if multiple else (values[0] if values else None)
            if new is None or self.document.get(key) == new:
                return
            # the form rebuilds from the document's signal
            self.document.set_value(key, new, text=f"Pick {label}")

        picker.start_pick(PickRequest(kind, multiple, current, label, finish))

    def _location_label(self, path: JsonPath) -> str:
        """``win 1 › hexes``: the field, for the status bar and the undo text."""
        parts: list[str] = []
        for p in path:
            if isinstance(p, int):
                if parts:
                    parts[-1] = f"{parts[-1]} {p + 1}"
            else:
                parts.append(p.replace("_", " "))
        return " › ".join(parts[-2:]) if parts else "location"

    def show_focused_locations(self, widget: QWidget | None) -> None:
        """Draw the locations of the location field holding ``widget`` (the focus), or
        clear the drawing when the focus left every location field of this form."""
        picker = self.services.picker
        if picker is None:
            return
        by_widget = {id(w): p for p, w in self.widgets.items()}
        found: JsonPath | None = None
        while widget is not None and widget is not self:
            path = by_widget.get(id(widget))
            if path is not None and path in self.location_fields:
                found = path
                break
            widget = widget.parentWidget()
        if found == self._shown_locations:
            return
        self._shown_locations = found
        if found is None:
            picker.show_locations("", [])
            return
        kind, multiple = self.location_fields[found]
        picker.show_locations(kind, as_list(self.document.get(found), multiple))
