"""Document editors (the widget in a tab) and the registry that picks one per document.

A ruleset's board mode contributes editors for the kinds it wants to draw specially
(Gloomhaven: the scenario map), registered by ``(ruleset, kind)`` — two rulesets may both
have a ``scenario``, and one ruleset's map editor must never open another's. Every other
kind gets the schema-generated form. The main window asks :func:`editor_for` and never
names a ruleset or a kind. A document's ruleset comes from its ``$schema`` URL, else from
its pack's ``pack.json`` (:func:`ruleset_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from questforge.editor.document import Document
from questforge.editor.jsonpath import JsonPath
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption


class DocumentEditor(QWidget):
    """Base of a tab's widget: shows one document and offers the common edit actions."""

    #: text for the status bar (e.g. the hex under the cursor)
    statusMessage = Signal(str)
    #: the selection changed (enables copy/delete actions)
    selectionChanged = Signal()
    #: a short-lived notice for the status bar (a warning about the edit just made)
    noticeMessage = Signal(str)
    #: the editor wants the document validated now (after an edit it checks at once)
    validationRequested = Signal()

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

    def show_findings(self, findings: list[Any]) -> None:
        """The validator's current findings in this document (after every validation run);
        a board editor marks them on its map (:mod:`questforge.editor.map.findings`)."""
        return None

    def export_image(self, path: Path) -> None:
        raise NotImplementedError(f"{type(self).__name__} has no picture to export")

    def can_export_image(self) -> bool:
        return False

    def setup_options(self) -> tuple[SetupOption, ...]:
        """The setup and view options this editor shows (player count, level, hex
        orientation …); the main window's toolbar is generated from them."""
        return ()

    def set_setup(self, values: Mapping[str, JSONValue]) -> None:
        """Apply the toolbar's values (only the names of :meth:`setup_options` matter)."""
        return None

    def open_playtest(self) -> object | None:
        """Open a playtest window (editors of playable documents override this)."""
        return None

    def open_simulation(self, setup: Mapping[str, JSONValue] | None = None) -> object | None:
        """Open the batch-simulation dialog (editors of playable documents override this)."""
        return None


EditorFactory = Callable[[Document, Any], DocumentEditor]


@dataclass(frozen=True)
class EditorSpec:
    """A board mode's editor for one ``(ruleset, kind)``."""

    ruleset: str
    kind: str
    factory: EditorFactory


_EDITORS: dict[tuple[str, str], EditorSpec] = {}


def register_editor(spec: EditorSpec) -> EditorSpec:
    _EDITORS[(spec.ruleset, spec.kind)] = spec
    return spec


def ruleset_of(document: Document, workspace: Any = None) -> str | None:
    """The ruleset of ``document``: its ``$schema`` URL, else its pack's manifest (the
    document's folder, else the workspace's open pack)."""
    from questforge.engine import rulesets
    from questforge.engine.core.jsonload import JsonLoadError, load_json_file
    from questforge.engine.core.pack import MANIFEST, find_pack_root

    data = document.data if isinstance(document.data, dict) else {}
    named = rulesets.ruleset_of_schema_url(data.get("$schema"))
    if named is not None and named[0] != "common":
        return named[0]
    roots = []
    if document.path is not None:
        root = find_pack_root(Path(document.path))
        if root is not None:
            roots.append(root)
    pack_root = getattr(workspace, "pack_root", None)
    if pack_root is not None:
        roots.append(Path(pack_root))
    for root in roots:
        try:
            manifest = load_json_file(root / MANIFEST).data
        except JsonLoadError:
            continue
        if isinstance(manifest, dict) and isinstance(manifest.get("ruleset"), str):
            return str(manifest["ruleset"])
    return None


def _load_builtin() -> None:
    # rulesets register their board modes on import (core never names them otherwise)
    from questforge.editor import boardmodes

    boardmodes.load_all()


def editor_for(document: Document, context: Any) -> DocumentEditor:
    """The editor widget for ``document``: a ruleset's special editor or the schema form."""
    _load_builtin()
    ruleset = ruleset_of(document, context)
    spec = _EDITORS.get((ruleset or "", str(document.kind)))
    if spec is not None:
        return spec.factory(document, context)
    from questforge.editor.forms.form_editor import FormEditor

    return FormEditor(document, context)
