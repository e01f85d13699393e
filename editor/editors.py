"""Document editors (the widget in a tab) and the registry that picks one per document.

A ruleset contributes editors for the kinds it wants to draw specially (Gloomhaven: the
scenario map); every other kind gets the schema-generated form. The main window asks
:func:`editor_for` and never names a ruleset or a kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from questforge.editor.document import Document
from questforge.editor.jsonpath import JsonPath


class DocumentEditor(QWidget):
    """Base of a tab's widget: shows one document and offers the common edit actions."""

    #: text for the status bar (e.g. the hex under the cursor)
    statusMessage = Signal(str)
    #: the selection changed (enables copy/delete actions)
    selectionChanged = Signal()

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document

    # the main window calls these from its Edit menu; editors override what they support
    def can_copy(self) -> bool:
        return False

    def copy(self) -> Any:
        return None

    def paste(self, payload: Any) -> None:
        return None

    def duplicate(self) -> None:
        return None

    def delete_selection(self) -> None:
        return None

    def focus_path(self, path: JsonPath) -> None:
        """Show the place ``path`` (a finding's JSON path) refers to."""
        return None

    def export_image(self, path: Path) -> None:
        raise NotImplementedError(f"{type(self).__name__} has no picture to export")

    def can_export_image(self) -> bool:
        return False

    def set_player_count(self, count: int) -> None:
        return None

    def open_playtest(self) -> object | None:
        """Open a playtest window (editors of playable documents override this)."""
        return None

    def open_simulation(self, players: int, level: int) -> object | None:
        """Open the batch-simulation dialog (editors of playable documents override this)."""
        return None

    def set_level(self, level: int) -> None:
        return None


EditorFactory = Callable[[Document, Any], DocumentEditor]


@dataclass
class EditorSpec:
    name: str
    #: returns True when this editor handles the document (checked in registration order)
    accepts: Callable[[Document], bool]
    factory: EditorFactory


_EDITORS: list[EditorSpec] = []


def register_editor(spec: EditorSpec) -> EditorSpec:
    _EDITORS[:] = [s for s in _EDITORS if s.name != spec.name]
    _EDITORS.insert(0, spec)
    return spec


def _load_builtin() -> None:
    # rulesets register their board modes on import (core never names them otherwise)
    from questforge.editor import boardmodes

    boardmodes.load_all()


def editor_for(document: Document, context: Any) -> DocumentEditor:
    """The editor widget for ``document``: a ruleset's special editor or the schema form."""
    _load_builtin()
    for spec in _EDITORS:
        if spec.accepts(document):
            return spec.factory(document, context)
    from questforge.editor.forms.form_editor import FormEditor

    return FormEditor(document, context)
