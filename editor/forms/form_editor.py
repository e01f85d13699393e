"""The tab for any content kind without a special editor: a schema-generated form, with
the live card preview beside it when the document's ruleset draws its kind as a card."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.cards import CardContext, CardPreview, card_painter, ruleset_of, write_faces
from questforge.editor.document import Document
from questforge.editor.editors import DocumentEditor
from questforge.editor.forms.references import WorkspaceReferences
from questforge.editor.forms.schema_form import SchemaForm
from questforge.editor.forms.services import FormServices
from questforge.editor.jsonpath import JsonPath
from questforge.schema.walk import SchemaContext
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
    # kinds are per ruleset: without a "$schema", the pack's ruleset, else the kind's
    # ruleset when only one has it
    from questforge.editor.editors import ruleset_of

    ruleset = ruleset_of(document)
    if ruleset is None:
        owners = store.rulesets_with_kind(str(document.kind))
        ruleset = owners[0] if len(owners) == 1 else None
    entry = store.for_kind(str(document.kind), ruleset)
    return entry.schema if entry is not None else None


class FormEditor(DocumentEditor):
    """A scrollable schema form for the whole document, and its card beside it."""

    def __init__(self, document: Document, context: Any = None, parent: QWidget | None = None):
        super().__init__(document, parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.preview: CardPreview | None = None
        ruleset = ruleset_of(document.data, document.path)
        if card_painter(ruleset, document.kind) is not None:
            lookup = getattr(context, "lookup", None)
            card_context = CardContext(lookup) if callable(lookup) else CardContext()
            self.preview = CardPreview(document, ruleset, card_context)
            splitter = QSplitter(Qt.Orientation.Horizontal)
            splitter.addWidget(self.scroll_area)
            splitter.addWidget(self.preview)
            splitter.setStretchFactor(0, 3)
            splitter.setStretchFactor(1, 2)
            splitter.setSizes([700, 460])
            layout.addWidget(splitter)
        else:
            layout.addWidget(self.scroll_area)
        schema = schema_for_document(document)
        self.form: SchemaForm | None = None
        if schema is None:
            self.scroll_area.setWidget(
                QLabel(f"No schema for kind “{document.kind}”: edit the file as text.")
            )
            return
        # reference fields list the ids of the pack being edited (the context's workspace)
        services = FormServices(
            references=WorkspaceReferences(context) if hasattr(context, "content") else None
        )
        self.form = SchemaForm(document, SchemaContext(schema), (), services=services)
        self.scroll_area.setWidget(self.form)
        if self.preview is not None:
            # the card follows what the designer looks at: a table cell, a focused field
            self.form.pathFocused.connect(self.preview.show_path)
            app = QApplication.instance()
            if isinstance(app, QApplication):
                app.focusChanged.connect(self._on_focus_changed)

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        """A field of card 3 of a deck got the focus: show card 3."""
        if self.form is None or self.preview is None or new is None:
            return
        try:
            if not self.form.isAncestorOf(new):
                return
            by_widget = {id(w): p for p, w in self.form.widgets.items()}
            widget: QWidget | None = new
            while widget is not None and widget is not self.form:
                path = by_widget.get(id(widget))
                if path is not None:
                    self.preview.show_path(path)
                    return
                widget = widget.parentWidget()
        except RuntimeError:  # this editor's widgets are being deleted
            return

    def set_level(self, level: int) -> None:
        if self.preview is not None:
            self.preview.set_level(level)

    def can_export_image(self) -> bool:
        return self.preview is not None and self.preview.current_face() is not None

    def export_image(self, path: Path) -> None:
        """File > Export image: the card shown in the preview, as PNG or SVG."""
        face = self.preview.current_face() if self.preview is not None else None
        if face is None:
            raise NotImplementedError("this document has no card to export")
        fmt = path.suffix.lstrip(".").lower() or "png"
        write_faces([face], path, fmt if fmt in ("png", "svg") else "png")

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
