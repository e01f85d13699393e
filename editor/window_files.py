"""The main window's file operations: open a pack, a file or a path; save, save as, save
all; close a tab or the window with the unsaved-changes prompt; offer an autosave's recovery
when a file is opened.

A helper object the :class:`~questforge.editor.mainwindow.MainWindow` owns (composition, not
a base class): the window keeps its tabs, workspace and prompts, this module keeps what
happens to files, so "what does Save do" is answered in one short file. Errors are shown
through the window's prompts, never raised to a menu action.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog

from questforge.editor import settings
from questforge.editor.document import Document, DocumentError
from questforge.editor.editors import DocumentEditor
from questforge.editor.prompts import Unsaved
from questforge.engine.core.pack import find_pack_root

if TYPE_CHECKING:
    from questforge.editor.mainwindow import MainWindow


class FileOperations:
    """Open, save and close for one main window (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    # ----------------------------------------------------------------- opening
    def open_pack(self, root: Path) -> None:
        self.window.workspace.open_pack(Path(root))
        self.window._update_title()
        self.window.validator.schedule()

    def open_path(self, path: Path) -> None:
        """A pack folder, a file in a pack, or a loose file."""
        path = Path(path)
        if path.is_dir():
            self.open_pack(path)
            return
        root = find_pack_root(path)
        if root is not None and self.window.workspace.pack_root != root.resolve():
            self.open_pack(root)
        self.open_file(path)

    def open_file(self, path: Path) -> DocumentEditor | None:
        named, path = Path(path), Path(path).resolve()
        existing = self.window.workspace.document_for(path)
        if existing is not None:
            editor = self.window.editors[existing]
            self.window.tabs.setCurrentWidget(editor)
            return editor
        try:
            doc = Document.open(named)  # the name as given: a link in a pack is refused
        except DocumentError as exc:
            self.window.prompts.error("Cannot open file", str(exc))
            return None
        if self.window.workspace.pack_root is None:
            root = find_pack_root(path)
            if root is not None:
                self.open_pack(root)
        self.window.workspace.add_document(doc)
        editor = self.window._add_editor(doc)
        if self._has_recovery(doc):
            if self.window.prompts.offer_recovery(doc.display_name()):
                doc.restore_recovery()
            else:
                doc.discard_recovery()
        settings.add_recent_file(str(path))
        return editor

    @staticmethod
    def _has_recovery(doc: Document) -> bool:
        from questforge.editor.jsonpath import MISSING

        return doc.pending_recovery() is not MISSING

    def open_dialog(self) -> None:
        start = str(self.window.workspace.pack_root or Path.cwd())
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Open content file", start, "JSON (*.json)"
        )
        if name:
            self.open_path(Path(name))

    def open_pack_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self.window, "Open pack folder", str(Path.cwd()))
        if folder:
            self.open_pack(Path(folder))

    # ----------------------------------------------------------------- saving / closing
    def _suggested_path(self, doc: Document) -> Path:
        root = self.window.workspace.pack_root or Path.cwd()
        folder = {"scenario": "scenarios", "monster": "monsters", "map-tile": "tiles"}.get(
            doc.kind, doc.kind + "s"
        )
        return root / folder / f"{doc.content_id or 'untitled'}.json"

    def save_document(self, doc: Document, path: Path | None = None) -> bool:
        """Save ``doc`` (to ``path`` if given); errors are shown, never raised."""
        if path is None and doc.path is None:
            name, _ = QFileDialog.getSaveFileName(
                self.window, "Save as", str(self._suggested_path(doc)), "JSON (*.json)"
            )
            if not name:
                return False
            path = Path(name)
        try:
            doc.save(path)
        except DocumentError as exc:
            self.window.prompts.error("Cannot save", str(exc))
            return False
        doc.unsaved_new = False  # type: ignore[attr-defined]
        if doc.path is not None:
            settings.add_recent_file(str(doc.path))
            if self.window.workspace.pack_root is None:
                root = find_pack_root(doc.path)
                if root is not None:
                    self.open_pack(root)
            self.window.workspace.rescan()
        self.window._update_tab(doc)
        self.window.statusBar().showMessage(f"Saved {doc.path}", 4000)
        return True

    def save_current(self) -> bool:
        doc = self.window.current_document()
        return self.save_document(doc) if doc else False

    def save_as_dialog(self) -> bool:
        doc = self.window.current_document()
        if doc is None:
            return False
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Save as", str(doc.path or self._suggested_path(doc)), "JSON (*.json)"
        )
        return self.save_document(doc, Path(name)) if name else False

    def save_all(self) -> None:
        for doc in list(self.window.editors):
            if needs_save(doc):
                self.save_document(doc)

    def _confirm_close(self, doc: Document) -> bool:
        if not needs_save(doc):
            return True
        answer = self.window.prompts.unsaved_changes(doc.display_name())
        if answer is Unsaved.SAVE:
            return self.save_document(doc)
        return answer is Unsaved.DISCARD

    def close_tab(self, index: int) -> bool:
        widget = self.window.tabs.widget(index)
        if not isinstance(widget, DocumentEditor):
            return False
        doc = widget.document
        if not self._confirm_close(doc):
            return False
        self.window.tabs.removeTab(index)
        self.window.undo_group.removeStack(doc.undo_stack)
        del self.window.editors[doc]
        self.window.workspace.close_document(doc)
        widget.deleteLater()
        return True

    def close_all(self, event: QCloseEvent) -> None:
        """The window is closing: every modified document is saved, discarded or the
        close is cancelled (``event`` ignored); then every document is closed."""
        for doc in list(self.window.editors):
            if not self._confirm_close(doc):
                event.ignore()
                return
        for doc in list(self.window.editors):
            doc.close()
        event.accept()


def needs_save(doc: Document) -> bool:
    """Modified since its last save, or new and never saved."""
    return doc.dirty or bool(getattr(doc, "unsaved_new", False))
