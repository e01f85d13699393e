"""The main window: a tab per open document, around them the docks, menus and tool bars.

Follows Tiled's layout: documents in tabs, one :class:`QUndoGroup` whose active stack is the
current tab's document (so Edit > Undo and the history view always act on what you see),
docks around the central tabs. The window itself holds the tabs and what they share (the
workspace, the undo group, the live validator, the setup values) and wires its parts,
each a small object it owns, in a module named after its job:

- :mod:`~questforge.editor.window_menus` — menus, actions, standard shortcuts, Edit-menu
  actions on the current tab;
- :mod:`~questforge.editor.window_files` — open, save, close, recovery of autosaves;
- :mod:`~questforge.editor.window_new` — new documents (schema defaults and the ruleset's
  templates), new packs, never-saved documents recovered after a crash;
- :mod:`~questforge.editor.setup_toolbar` — the setup options of the current editor;
- :mod:`~questforge.editor.window_docks` — pack tree, history, problems, "Start here";
- :mod:`~questforge.editor.play_dispatch` — Play > Playtest and Simulate.

The public methods below (``open_path``, ``save_document``, ``new_document`` …) are the
window's scripting and test surface; they hand over to those parts.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from PySide6.QtGui import QCloseEvent, QUndoGroup
from PySide6.QtWidgets import QLabel, QMainWindow, QTabWidget, QWidget

from questforge.editor import play_dispatch
from questforge.editor.document import Document
from questforge.editor.editors import DocumentEditor, editor_for
from questforge.editor.prompts import Prompts
from questforge.editor.setup_toolbar import SetupToolbar
from questforge.editor.validation import LiveValidator, document_name
from questforge.editor.window_docks import WindowDocks
from questforge.editor.window_files import FileOperations, needs_save
from questforge.editor.window_menus import WindowMenus
from questforge.editor.window_new import SCHEMA_BASE, NewContent
from questforge.editor.workspace import Workspace
from questforge.engine.core.events import JSONValue

__all__ = ["SCHEMA_BASE", "MainWindow"]


class MainWindow(QMainWindow):
    """The questforge editor window."""

    def __init__(
        self,
        prompts: Prompts | None = None,
        live_validation: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("questforge editor")
        self.resize(1400, 900)
        self.prompts = prompts or Prompts(self)
        self.workspace = Workspace(self)
        self.undo_group = QUndoGroup(self)
        self.editors: dict[Document, DocumentEditor] = {}
        #: the values of the setup toolbar (player count, level, view options …), by name;
        #: the options themselves come from the current editor (its ruleset's board mode)
        self.setup: dict[str, JSONValue] = {}

        self.tabs = QTabWidget()
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.setCentralWidget(self.tabs)

        self.files = FileOperations(self)
        self.new_content = NewContent(self)
        self.docks = WindowDocks(self)
        # the panels under their old names (scripts and tests drive them)
        self.browser, self.history = self.docks.browser, self.docks.history
        self.problems, self.checklist = self.docks.problems, self.docks.checklist
        self.checklist_dock = self.docks.checklist_dock

        self.hex_label = QLabel("")
        self.hex_label.setMinimumWidth(460)
        self.statusBar().addPermanentWidget(self.hex_label)

        self.validator = LiveValidator(self.workspace, parent=self)
        self.validator.finished.connect(self.docks.on_validated)
        self.live_validation = live_validation
        if not live_validation:
            self.validator._timer.timeout.disconnect()

        self.menus = WindowMenus(self)
        m = self.menus  # the actions under their old names
        self.new_action, self.open_action, self.recent_menu = (
            m.new_action,
            m.open_action,
            m.recent_menu,
        )
        self.save_action, self.save_as_action = m.save_action, m.save_as_action
        self.export_action = m.export_action
        self.undo_action, self.redo_action = m.undo_action, m.redo_action
        self.copy_action, self.paste_action = m.copy_action, m.paste_action
        self.duplicate_action, self.delete_action = m.duplicate_action, m.delete_action
        self.playtest_action, self.simulate_action = m.playtest_action, m.simulate_action
        self.setup_toolbar = SetupToolbar(self.setup, self.set_setup_value)
        self.addToolBar(self.setup_toolbar)
        self._update_actions()
        self._update_title()

    # ----------------------------------------------------------------- files (window_files)
    def open_pack(self, root: Path) -> None:
        self.files.open_pack(root)

    def open_path(self, path: Path) -> None:
        """A pack folder, a file in a pack, or a loose file."""
        self.files.open_path(path)

    def open_file(self, path: Path) -> DocumentEditor | None:
        return self.files.open_file(path)

    def save_document(self, doc: Document, path: Path | None = None) -> bool:
        """Save ``doc`` (to ``path`` if given); errors are shown, never raised."""
        return self.files.save_document(doc, path)

    def close_tab(self, index: int) -> bool:
        return self.files.close_tab(index)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.files.close_all(event)

    # ----------------------------------------------------------------- new (window_new)
    def new_document(self, kind: str, data: dict[str, Any] | None = None) -> DocumentEditor:
        """A new, unsaved document of ``kind`` (default content generated from its schema)."""
        return self.new_content.new_document(kind, data)

    def new_scenario(self) -> DocumentEditor:
        """File > New: a new document of the pack's playable kind."""
        return self.new_content.new_scenario()

    def new_pack(self, folder: Path, pack_id: str, name: str, ruleset: str) -> Path:
        """Create ``folder/pack.json`` with the ruleset's starter files and open the pack."""
        return self.new_content.new_pack(folder, pack_id, name, ruleset)

    def recover_untitled(self) -> int:
        """Offer the autosaves of never-saved documents; returns how many were restored."""
        return self.new_content.recover_untitled()

    def pack_ruleset(self) -> str | None:
        """The ruleset of the open pack (``None`` without one)."""
        return self.new_content.pack_ruleset()

    # ----------------------------------------------------------------- play (play_dispatch)
    def playtest(self) -> object | None:
        """Play > Playtest: the current document on the engine (editors that can play)."""
        return play_dispatch.playtest(self)

    def simulate(self) -> object | None:
        """Play > Simulate: many seeded bot games of the current document."""
        return play_dispatch.simulate(self)

    # ----------------------------------------------------------------- setup (setup_toolbar)
    def _rebuild_setup_toolbar(self) -> None:
        self.setup_toolbar.rebuild(self.current_editor())

    def set_setup_value(self, name: str, value: JSONValue) -> None:
        """Change one setup value (the toolbar, or a script) for every open editor."""
        self.setup_toolbar.set_value(name, value, self.editors.values())

    # ----------------------------------------------------------------- tabs
    def _add_editor(self, doc: Document) -> DocumentEditor:
        editor = editor_for(doc, self.workspace)
        self.editors[doc] = editor
        self.undo_group.addStack(doc.undo_stack)
        editor.statusMessage.connect(self._on_status)
        editor.selectionChanged.connect(self._update_actions)
        editor.noticeMessage.connect(lambda text: self.statusBar().showMessage(text, 8000))
        editor.validationRequested.connect(self.validator.validate_now)
        if self.setup:
            editor.set_setup(self.setup)
        doc.dirtyChanged.connect(lambda _d, d=doc: self._update_tab(d))
        doc.pathChanged.connect(lambda _p, d=doc: self._update_tab(d))
        # before its first save a tab is named from the document's name field
        doc.changed.connect(lambda path, d=doc: self._update_tab(d) if d.path is None else None)
        index = self.tabs.addTab(editor, doc.display_name())
        self.tabs.setCurrentIndex(index)
        self._update_tab(doc)
        return editor

    def current_editor(self) -> DocumentEditor | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, DocumentEditor) else None

    def current_document(self) -> Document | None:
        editor = self.current_editor()
        return editor.document if editor else None

    def jump_to(self, file: Any, path: tuple[Any, ...]) -> None:
        """Open the finding's file and show the place (hex or field) it names."""
        if not file:
            return
        target = Path(str(file))
        doc = self.workspace.document_for(target)
        if doc is None:  # a new document not saved yet: findings name it untitled/...
            doc = next((d for d in self.editors if document_name(d) == str(file)), None)
        editor = self.editors.get(doc) if doc else None
        if editor is None:
            if str(file).startswith("untitled/"):
                return
            editor = self.open_file(target)
        if editor is None:
            return
        self.tabs.setCurrentWidget(editor)
        editor.focus_path(tuple(path))

    # ----------------------------------------------------------------- state
    def _on_tab_changed(self, _index: int) -> None:
        doc = self.current_document()
        self.undo_group.setActiveStack(doc.undo_stack if doc else None)  # type: ignore[arg-type]
        self._rebuild_setup_toolbar()
        self._update_actions()
        self._update_title()
        self.docks.show_document(doc)

    def _on_status(self, text: str) -> None:
        self.hex_label.setText(text)

    def _update_actions(self) -> None:
        self.menus.update_actions()

    def _fill_recent_menu(self) -> None:
        self.menus.fill_recent_menu()

    def _update_tab(self, doc: Document) -> None:
        editor = self.editors.get(doc)
        if editor is None:
            return
        index = self.tabs.indexOf(editor)
        mark = "*" if needs_save(doc) else ""
        self.tabs.setTabText(index, doc.display_name() + mark)
        self.tabs.setTabToolTip(index, str(doc.path) if doc.path else "not saved yet")
        self._update_title()

    def _update_title(self) -> None:
        doc = self.current_document()
        pack = self.workspace.pack_id()
        parts = ["questforge editor"]
        if pack:
            parts.append(pack)
        if doc is not None:
            parts.append(doc.display_name() + ("*" if needs_save(doc) else ""))
        self.setWindowTitle(" — ".join(parts))

    # convenience for tests and the command line
    def document_copy(self) -> Any:
        doc = self.current_document()
        return copy.deepcopy(doc.data) if doc else None
