"""The tab for any content kind without a special editor: a schema-generated form."""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from questforge.editor.document import Document
from questforge.editor.editors import DocumentEditor
from questforge.editor.forms.schema_form import SchemaForm
from questforge.editor.forms.schema_walk import SchemaContext
from questforge.editor.jsonpath import JsonPath
from questforge.validator.schemas import default_store


def schema_for_document(document: Document) -> dict[str, Any] | None:
    """The schema for the document's kind (by ``$schema`` id first, then by kind)."""
    store = default_store()
    data = document.data if isinstance(document.data, dict) else {}
    sid = data.get("$schema")
    if isinstance(sid, str):
        entry = store.by_id(sid)
        if entry is not None:
            return entry.schema
    # kinds are per ruleset: without a "$schema", the kind's ruleset when only one has it
    owners = store.rulesets_with_kind(str(document.kind))
    entry = store.for_kind(str(document.kind), owners[0] if len(owners) == 1 else None)
    return entry.schema if entry is not None else None


class FormEditor(DocumentEditor):
    """A scrollable schema form for the whole document."""

    def __init__(self, document: Document, context: Any = None, parent: QWidget | None = None):
        super().__init__(document, parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        layout.addWidget(self.scroll_area)
        schema = schema_for_document(document)
        self.form: SchemaForm | None = None
        if schema is None:
            self.scroll_area.setWidget(
                QLabel(f"No schema for kind “{document.kind}”: edit the file as text.")
            )
            return
        self.form = SchemaForm(document, SchemaContext(schema), ())
        self.scroll_area.setWidget(self.form)

    def focus_path(self, path: JsonPath) -> None:
        if self.form is None:
            return
        widget = self.form.widget_for(path)
        if widget is None:
            return
        self.scroll_area.ensureWidgetVisible(widget)
        widget.setFocus()
        old = widget.styleSheet()
        widget.setStyleSheet("background: #ffe08a;")
        QTimer.singleShot(1200, lambda w=widget, s=old: _restore_style(w, s))


def _restore_style(widget: QWidget, style: str) -> None:
    with contextlib.suppress(RuntimeError):  # the form was rebuilt meanwhile
        widget.setStyleSheet(style)
