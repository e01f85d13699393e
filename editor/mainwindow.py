"""The main window: menus, the pack browser, a tab per open document, history, problems.

Follows Tiled's layout: documents in tabs, one :class:`QUndoGroup` whose active stack is the
current tab's document (so Edit > Undo and the history view always act on what you see),
docks around the central tabs. Shortcuts use ``QKeySequence.StandardKey`` so they follow
the platform (Ctrl+S / Cmd+S...); Ctrl+D duplicates, as in most map editors.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeySequence,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QSpinBox,
    QTabWidget,
    QToolBar,
    QUndoView,
    QWidget,
)

from questforge.editor import play_gate, settings
from questforge.editor.checklist import ChecklistPanel, checklist_for, without_covered
from questforge.editor.document import Document, DocumentError
from questforge.editor.editors import DocumentEditor, editor_for, ruleset_of
from questforge.editor.map.findings import document_findings
from questforge.editor.packbrowser import PackBrowser
from questforge.editor.problem_wording import ProblemWording
from questforge.editor.problems import ProblemsPanel
from questforge.editor.prompts import Prompts, Unsaved
from questforge.editor.validation import LiveValidator, ValidationResult, document_name
from questforge.editor.workspace import Workspace
from questforge.engine.core.events import JSONValue
from questforge.engine.core.pack import find_pack_root

SCHEMA_BASE = "https://questforge.dev/schema"


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
        self.setup_widgets: dict[str, QWidget] = {}

        self.tabs = QTabWidget()
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.setCentralWidget(self.tabs)

        self.browser = PackBrowser(self.workspace)
        self.browser.openRequested.connect(self.open_file)
        pack_dock = self._dock("Pack", self.browser, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.history = QUndoView(self.undo_group)
        self.history.setEmptyLabel("<opened>")
        self._dock("History", self.history, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.problems = ProblemsPanel()
        self.problems.wording = ProblemWording(self.workspace)
        self.problems.activated.connect(self.jump_to)
        problems_dock = self._dock(
            "Problems", self.problems, Qt.DockWidgetArea.BottomDockWidgetArea
        )
        self.resizeDocks([problems_dock], [110], Qt.Orientation.Vertical)
        # "Start here": the steps a new document still needs (its board mode declares them)
        self.checklist = ChecklistPanel()
        self.checklist_dock = self._dock(
            "Start here", self.checklist, Qt.DockWidgetArea.LeftDockWidgetArea
        )
        self.checklist_dock.setVisible(False)
        # wide enough for card names and the file column (the tree scrolls for longer)
        self.resizeDocks([pack_dock], [330], Qt.Orientation.Horizontal)

        self.hex_label = QLabel("")
        self.hex_label.setMinimumWidth(460)
        self.statusBar().addPermanentWidget(self.hex_label)

        self.validator = LiveValidator(self.workspace, parent=self)
        self.validator.finished.connect(self._on_validated)
        self.live_validation = live_validation
        if not live_validation:
            self.validator._timer.timeout.disconnect()

        self._build_actions()
        self._update_title()

    # ----------------------------------------------------------------- construction
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title.lower()}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if isinstance(shortcut, QKeySequence.StandardKey):
            # every binding of the platform (Redo: Ctrl+Shift+Z and Ctrl+Y), not the first
            action.setShortcuts(shortcut)
        elif shortcut is not None:
            action.setShortcut(
                shortcut if isinstance(shortcut, QKeySequence) else QKeySequence(shortcut)
            )
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        SK = QKeySequence.StandardKey
        file_menu = bar.addMenu("&File")
        self.new_action = self._action(file_menu, "&New Scenario", self.new_scenario, SK.New)
        new_menu = file_menu.addMenu("New &Other")
        new_menu.aboutToShow.connect(lambda m=new_menu: self._fill_new_menu(m))
        self.open_action = self._action(file_menu, "&Open…", self.open_dialog, SK.Open)
        self._action(file_menu, "Open &Pack…", self.open_pack_dialog)
        self._action(file_menu, "New Pa&ck…", self.new_pack_dialog)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        self.save_action = self._action(file_menu, "&Save", self.save_current, SK.Save)
        self.save_as_action = self._action(file_menu, "Save &As…", self.save_as_dialog, SK.SaveAs)
        self._action(file_menu, "Save A&ll", self.save_all)
        self.export_action = self._action(file_menu, "&Export Map…", self.export_dialog, "Ctrl+E")
        file_menu.addSeparator()
        self._action(
            file_menu, "&Close Tab", lambda: self.close_tab(self.tabs.currentIndex()), SK.Close
        )
        self._action(file_menu, "&Quit", self.close, SK.Quit)

        edit_menu = bar.addMenu("&Edit")
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(SK.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(SK.Redo)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.copy_action = self._action(edit_menu, "&Copy", self.copy, SK.Copy)
        self.paste_action = self._action(edit_menu, "&Paste", self.paste, SK.Paste)
        self.duplicate_action = self._action(edit_menu, "D&uplicate", self.duplicate, "Ctrl+D")
        self.delete_action = self._action(edit_menu, "&Delete", self.delete, SK.Delete)
        edit_menu.addSeparator()
        self._action(edit_menu, "&Validate Now", self.validator.request_full, "F5")

        view_menu = bar.addMenu("&View")
        self._action(view_menu, "Zoom &In", lambda: self._view_call("zoom_by", 1.25), SK.ZoomIn)
        self._action(view_menu, "Zoom &Out", lambda: self._view_call("zoom_by", 0.8), SK.ZoomOut)
        self._action(view_menu, "&Fit Map", lambda: self._view_call("fit"), "Ctrl+0")
        view_menu.addSeparator()
        for dock in self.findChildren(QDockWidget):
            view_menu.addAction(dock.toggleViewAction())

        play_menu = bar.addMenu("&Play")
        self.playtest_action = self._action(play_menu, "&Playtest…", self.playtest, "Ctrl+P")
        self.simulate_action = self._action(play_menu, "&Simulate…", self.simulate)

        toolbar = QToolBar("Scenario")
        toolbar.setObjectName("toolbar-scenario")
        toolbar.setIconSize(QSize(16, 16))
        self.addToolBar(toolbar)
        toolbar.addAction(self.undo_action)
        toolbar.addAction(self.redo_action)
        self.setup_toolbar = QToolBar("Setup")
        self.setup_toolbar.setObjectName("toolbar-setup")
        self.addToolBar(self.setup_toolbar)
        self._update_actions()

    # ----------------------------------------------------------------- opening
    def open_pack(self, root: Path) -> None:
        self.workspace.open_pack(Path(root))
        self._update_title()
        self.validator.schedule()

    def open_path(self, path: Path) -> None:
        """A pack folder, a file in a pack, or a loose file."""
        path = Path(path)
        if path.is_dir():
            self.open_pack(path)
            return
        root = find_pack_root(path)
        if root is not None and self.workspace.pack_root != root.resolve():
            self.open_pack(root)
        self.open_file(path)

    def open_file(self, path: Path) -> DocumentEditor | None:
        named, path = Path(path), Path(path).resolve()
        existing = self.workspace.document_for(path)
        if existing is not None:
            editor = self.editors[existing]
            self.tabs.setCurrentWidget(editor)
            return editor
        try:
            doc = Document.open(named)  # the name as given: a link in a pack is refused
        except DocumentError as exc:
            self.prompts.error("Cannot open file", str(exc))
            return None
        if self.workspace.pack_root is None:
            root = find_pack_root(path)
            if root is not None:
                self.open_pack(root)
        self.workspace.add_document(doc)
        editor = self._add_editor(doc)
        if self._has_recovery(doc):
            if self.prompts.offer_recovery(doc.display_name()):
                doc.restore_recovery()
            else:
                doc.discard_recovery()
        settings.add_recent_file(str(path))
        return editor

    @staticmethod
    def _has_recovery(doc: Document) -> bool:
        from questforge.editor.jsonpath import MISSING

        return doc.pending_recovery() is not MISSING

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

    def new_document(self, kind: str, data: dict[str, Any] | None = None) -> DocumentEditor:
        """A new, unsaved document of ``kind`` (default content generated from its schema)."""
        if data is None:
            data = self._default_content(kind)
        doc = Document(data, None)
        # a new file counts as modified until it is saved
        doc.unsaved_new = True  # type: ignore[attr-defined]
        self.workspace.add_document(doc)
        return self._add_editor(doc)

    def _default_content(self, kind: str) -> dict[str, Any]:
        from questforge.schema.walk import SchemaContext
        from questforge.validator.schemas import default_store

        # kinds are per ruleset: the open pack's, else the one ruleset with this kind
        ruleset = self.pack_ruleset()
        if ruleset is None:
            owners = default_store().rulesets_with_kind(kind)
            ruleset = owners[0] if len(owners) == 1 else None
        entry = default_store().for_kind(kind, ruleset)
        data: dict[str, Any] = {}
        if entry is not None:
            default = SchemaContext(entry.schema).default(entry.schema)
            data = {"$schema": entry.id, "kind": kind}
            if isinstance(default, dict):
                for k, v in default.items():
                    data.setdefault(k, v)
        data["kind"] = kind
        taken = set(self.workspace.content(kind))
        n = 1
        while f"new-{kind}-{n}" in taken:
            n += 1
        data["id"] = f"new-{kind}-{n}"
        template = self._template(kind, data["id"])
        if template is not None:
            for key, value in template.items():
                if key not in ("$schema", "kind", "id"):
                    data[key] = value
        return data

    def pack_ruleset(self) -> str | None:
        """The ruleset of the open pack (``None`` without one)."""
        from questforge.engine.core.jsonload import JsonLoadError, load_json_file

        root = self.workspace.pack_root
        if root is None:
            return None
        try:
            manifest = load_json_file(Path(root) / "pack.json").data
        except JsonLoadError:
            return None
        ruleset = manifest.get("ruleset") if isinstance(manifest, dict) else None
        return ruleset if isinstance(ruleset, str) else None

    def _template(self, kind: str, doc_id: str) -> dict[str, Any] | None:
        """The open pack's ruleset's scaffold of ``kind`` (what ``questforge new`` writes),
        so a new document starts as a designer expects rather than as a bare schema."""
        from questforge.engine import rulesets
        from questforge.engine.core.errors import QuestforgeError
        from questforge.engine.core.templates import PackContext

        ruleset = rulesets.find(self.pack_ruleset())
        if ruleset is None:
            return None
        templates = ruleset.templates()
        if templates is None:
            return None
        root = self.workspace.pack_root
        docs = [
            (Path(), data)
            for k in ruleset.kinds
            for data in self.workspace.content(k).values()
            if isinstance(data, dict)
        ]
        try:
            return templates.blank(kind, doc_id, PackContext(root, {}, docs))
        except QuestforgeError:
            return None

    def recover_untitled(self) -> int:
        """Offer the autosaves of never-saved documents (after a crash); returns how many
        were restored. Each comes back as an unsaved document, and its autosave is removed
        once it is either restored or declined."""
        from questforge.editor.document import untitled_recoveries

        restored = 0
        for rec, data in untitled_recoveries():
            kind = data.get("kind") if isinstance(data, dict) else None
            name = f"untitled {kind or 'document'}"
            if isinstance(data, dict) and self.prompts.offer_recovery(name):
                self.new_document(str(kind or "unknown"), data)
                restored += 1
            rec.unlink(missing_ok=True)
        return restored

    def new_scenario(self) -> DocumentEditor:
        """File > New: a new document of the pack's playable kind (a Gloomhaven scenario, a
        Descent quest …), else of the first kind its ruleset can scaffold."""
        from questforge.engine import rulesets

        ruleset = rulesets.find(self.pack_ruleset()) or next(iter(rulesets.all_rulesets()))
        game = ruleset.game()
        templates = ruleset.templates()
        kinds = [*(game.playable_kinds if game else ()), *(templates.kinds if templates else ())]
        return self.new_document(kinds[0] if kinds else ruleset.kinds[0])

    def _fill_new_menu(self, menu: QMenu) -> None:
        from questforge.validator.schemas import default_store

        menu.clear()
        for entry in default_store():
            if entry.name in ("defs",):
                continue
            action = menu.addAction(entry.title or entry.name)
            action.triggered.connect(lambda _=False, k=entry.name: self.new_document(k))

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in settings.recent_files():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(Path(p)))
        if not self.recent_menu.actions():
            self.recent_menu.addAction("(none)").setEnabled(False)

    def new_pack(self, folder: Path, pack_id: str, name: str, ruleset: str) -> Path:
        """Create ``folder/pack.json`` (a pack that validates) with the ruleset's starter
        files (what ``questforge new pack`` writes: Gloomhaven's modifier decks and
        starter map tiles), and open the pack."""
        import re

        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", pack_id):
            raise DocumentError(f"pack id {pack_id!r} must be kebab-case (e.g. my-pack)")
        manifest = Path(folder) / "pack.json"
        if manifest.exists():
            raise DocumentError(f"{manifest} already exists")
        data = {
            "$schema": f"{SCHEMA_BASE}/common/pack.schema.json",
            "kind": "pack",
            "id": pack_id,
            "name": name or pack_id,
            "version": "0.1.0",
            "ruleset": ruleset,
            "requires": [],
        }
        from questforge.editor.document import atomic_write, dumps
        from questforge.engine import rulesets

        found = rulesets.find(ruleset)
        templates = found.templates() if found is not None else None
        starters = templates.pack_files(pack_id, name or pack_id) if templates else {}
        try:
            atomic_write(manifest, dumps(data))
            for relative, document in starters.items():
                target = Path(folder) / relative
                if not target.exists():  # a file already there is the designer's
                    atomic_write(target, dumps(document))
        except OSError as exc:
            raise DocumentError(f"{manifest}: cannot write: {exc.strerror or exc}") from None
        self.open_pack(Path(folder))
        return manifest

    def new_pack_dialog(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        from questforge.engine import rulesets

        folder = QFileDialog.getExistingDirectory(self, "Folder for the new pack", str(Path.cwd()))
        if not folder:
            return
        pack_id, ok = QInputDialog.getText(
            self, "New pack", "Pack id (kebab-case):", text=Path(folder).name.lower()
        )
        if not ok:
            return
        names = [r.name for r in rulesets.all_rulesets()] or list(rulesets.BUILTIN)
        ruleset, ok = QInputDialog.getItem(self, "New pack", "Ruleset:", names, 0, False)
        if not ok:
            return
        try:
            self.new_pack(Path(folder), pack_id, pack_id, ruleset)
        except DocumentError as exc:
            self.prompts.error("Cannot create pack", str(exc))

    def open_dialog(self) -> None:
        start = str(self.workspace.pack_root or Path.cwd())
        name, _ = QFileDialog.getOpenFileName(self, "Open content file", start, "JSON (*.json)")
        if name:
            self.open_path(Path(name))

    def open_pack_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open pack folder", str(Path.cwd()))
        if folder:
            self.open_pack(Path(folder))

    # ----------------------------------------------------------------- saving / closing
    def current_editor(self) -> DocumentEditor | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, DocumentEditor) else None

    def current_document(self) -> Document | None:
        editor = self.current_editor()
        return editor.document if editor else None

    def _suggested_path(self, doc: Document) -> Path:
        root = self.workspace.pack_root or Path.cwd()
        folder = {"scenario": "scenarios", "monster": "monsters", "map-tile": "tiles"}.get(
            doc.kind, doc.kind + "s"
        )
        return root / folder / f"{doc.content_id or 'untitled'}.json"

    def save_document(self, doc: Document, path: Path | None = None) -> bool:
        """Save ``doc`` (to ``path`` if given); errors are shown, never raised."""
        if path is None and doc.path is None:
            name, _ = QFileDialog.getSaveFileName(
                self, "Save as", str(self._suggested_path(doc)), "JSON (*.json)"
            )
            if not name:
                return False
            path = Path(name)
        try:
            doc.save(path)
        except DocumentError as exc:
            self.prompts.error("Cannot save", str(exc))
            return False
        doc.unsaved_new = False  # type: ignore[attr-defined]
        if doc.path is not None:
            settings.add_recent_file(str(doc.path))
            if self.workspace.pack_root is None:
                root = find_pack_root(doc.path)
                if root is not None:
                    self.open_pack(root)
            self.workspace.rescan()
        self._update_tab(doc)
        self.statusBar().showMessage(f"Saved {doc.path}", 4000)
        return True

    def save_current(self) -> bool:
        doc = self.current_document()
        return self.save_document(doc) if doc else False

    def save_as_dialog(self) -> bool:
        doc = self.current_document()
        if doc is None:
            return False
        name, _ = QFileDialog.getSaveFileName(
            self, "Save as", str(doc.path or self._suggested_path(doc)), "JSON (*.json)"
        )
        return self.save_document(doc, Path(name)) if name else False

    def save_all(self) -> None:
        for doc in list(self.editors):
            if self._needs_save(doc):
                self.save_document(doc)

    @staticmethod
    def _needs_save(doc: Document) -> bool:
        return doc.dirty or bool(getattr(doc, "unsaved_new", False))

    def _confirm_close(self, doc: Document) -> bool:
        if not self._needs_save(doc):
            return True
        answer = self.prompts.unsaved_changes(doc.display_name())
        if answer is Unsaved.SAVE:
            return self.save_document(doc)
        return answer is Unsaved.DISCARD

    def close_tab(self, index: int) -> bool:
        widget = self.tabs.widget(index)
        if not isinstance(widget, DocumentEditor):
            return False
        doc = widget.document
        if not self._confirm_close(doc):
            return False
        self.tabs.removeTab(index)
        self.undo_group.removeStack(doc.undo_stack)
        del self.editors[doc]
        self.workspace.close_document(doc)
        widget.deleteLater()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        for doc in list(self.editors):
            if not self._confirm_close(doc):
                event.ignore()
                return
        for doc in list(self.editors):
            doc.close()
        event.accept()

    # ----------------------------------------------------------------- edit actions
    def copy(self) -> None:
        editor = self.current_editor()
        if editor:
            editor.copy()

    def paste(self) -> None:
        editor = self.current_editor()
        if editor:
            editor.paste(None)

    def duplicate(self) -> None:
        editor = self.current_editor()
        if editor:
            editor.duplicate()

    def delete(self) -> None:
        editor = self.current_editor()
        if editor:
            editor.delete_selection()

    def export_dialog(self) -> None:
        editor = self.current_editor()
        if editor is None or not editor.can_export_image():
            self.statusBar().showMessage("Only scenario maps can be exported", 4000)
            return
        doc = editor.document
        name, _ = QFileDialog.getSaveFileName(
            self, "Export map", f"{doc.content_id or 'map'}.png", "PNG image (*.png);;SVG (*.svg)"
        )
        if name:
            try:
                editor.export_image(Path(name))
            except (OSError, ValueError) as exc:
                self.prompts.error("Cannot export", str(exc))

    # ----------------------------------------------------------------- play
    def playtest(self) -> object | None:
        """Play > Playtest: the current document on the engine (editors that can play)."""
        editor = self.current_editor()
        if not play_gate.allow(self, editor, "Playtest"):
            return None
        try:
            window = editor.open_playtest() if editor else None
        except (ValueError, OSError) as exc:
            self.prompts.error("Cannot playtest", str(exc))
            return None
        if window is None:
            self.statusBar().showMessage("Open a scenario to playtest it", 4000)
        return window

    def simulate(self) -> object | None:
        """Play > Simulate: many seeded bot games of the current document."""
        editor = self.current_editor()
        if not play_gate.allow(self, editor, "Simulate"):
            return None
        try:
            dialog = editor.open_simulation(dict(self.setup)) if editor else None
        except (ValueError, OSError) as exc:
            self.prompts.error("Cannot simulate", str(exc))
            return None
        if dialog is None:
            self.statusBar().showMessage("Open a scenario to simulate it", 4000)
        return dialog

    # ----------------------------------------------------------------- switches
    def _rebuild_setup_toolbar(self) -> None:
        """The current editor's setup and view options as toolbar widgets (generated from
        their declarations: a spin box, a combo box or a check box each)."""
        from PySide6.QtWidgets import QCheckBox

        editor = self.current_editor()
        options = editor.setup_options() if editor is not None else ()
        names = tuple(o.name for o in options)
        if names == tuple(self.setup_widgets):
            return
        self.setup_toolbar.clear()
        self.setup_widgets = {}
        for option in options:
            value = self.setup.setdefault(option.name, option.default)
            self.setup_toolbar.addWidget(QLabel(f" {option.label}: "))
            widget: QWidget
            if option.type == "int":
                spin = QSpinBox()
                spin.setRange(
                    option.minimum if option.minimum is not None else -(10**6),
                    option.maximum if option.maximum is not None else 10**6,
                )
                spin.setValue(int(value))  # type: ignore[arg-type]
                spin.valueChanged.connect(lambda v, n=option.name: self.set_setup_value(n, v))
                widget = spin
            elif option.type == "choice":
                combo = QComboBox()
                combo.addItems(list(option.choices))
                combo.setCurrentText(str(value))
                combo.currentTextChanged.connect(
                    lambda t, n=option.name: self.set_setup_value(n, t)
                )
                widget = combo
            elif option.type == "flag":
                box = QCheckBox()
                box.setChecked(bool(value))
                box.toggled.connect(lambda on, n=option.name: self.set_setup_value(n, on))
                widget = box
            else:
                continue
            widget.setToolTip(option.help)
            widget.setObjectName(f"setup-{option.name}")
            self.setup_toolbar.addWidget(widget)
            self.setup_widgets[option.name] = widget

    def set_setup_value(self, name: str, value: JSONValue) -> None:
        """Change one setup value (the toolbar, or a script) for every open editor."""
        from PySide6.QtWidgets import QCheckBox

        self.setup[name] = value
        widget = self.setup_widgets.get(name)
        if isinstance(widget, QSpinBox) and isinstance(value, int) and widget.value() != value:
            widget.setValue(value)
        elif isinstance(widget, QComboBox) and widget.currentText() != str(value):
            widget.setCurrentText(str(value))
        elif isinstance(widget, QCheckBox) and widget.isChecked() != bool(value):
            widget.setChecked(bool(value))
        for editor in self.editors.values():
            editor.set_setup({name: value})

    def _view_call(self, name: str, *args: Any) -> None:
        editor = self.current_editor()
        view = getattr(editor, "view", None)
        if view is not None:
            getattr(view, name)(*args)

    # ----------------------------------------------------------------- validation
    def _on_validated(self, result: ValidationResult) -> None:
        # schema errors that an unticked "Start here" step stands for are shown as the step
        covered = {}
        for doc in self.editors:
            found = checklist_for(ruleset_of(doc, self.workspace), doc.kind)
            if found is not None:
                covered[document_name(doc)] = found.covered(doc.data)
        shown = without_covered(result.findings, covered)
        hidden = len(result.findings) - len(shown)
        if hidden:
            result = dataclasses.replace(result, findings=shown)
        self.problems.show_result(result, self.workspace.pack_root)
        if hidden:
            self.problems.summary.setText(
                self.problems.summary.text() + f" · {hidden} more as steps in “Start here”"
            )
        self.browser.set_findings(result.findings)
        for doc, editor in self.editors.items():
            editor.show_findings(document_findings(result.findings, document_name(doc)))

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
        if doc is not None:
            self.browser.select_path(doc.path)
        self._rebuild_setup_toolbar()
        self._update_actions()
        self._update_title()
        found = checklist_for(ruleset_of(doc, self.workspace), doc.kind) if doc else None
        self.checklist.show_for(doc, found)
        self.checklist_dock.setVisible(found is not None)

    def _on_status(self, text: str) -> None:
        self.hex_label.setText(text)

    def _update_actions(self) -> None:
        editor = self.current_editor()
        has = editor is not None
        self.save_action.setEnabled(has)
        self.save_as_action.setEnabled(has)
        self.export_action.setEnabled(bool(editor and editor.can_export_image()))
        self.copy_action.setEnabled(bool(editor and editor.can_copy()))
        self.duplicate_action.setEnabled(bool(editor and editor.can_copy()))
        self.delete_action.setEnabled(bool(editor and editor.can_copy()))
        self.paste_action.setEnabled(has)

    def _update_tab(self, doc: Document) -> None:
        editor = self.editors.get(doc)
        if editor is None:
            return
        index = self.tabs.indexOf(editor)
        mark = "*" if self._needs_save(doc) else ""
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
            parts.append(doc.display_name() + ("*" if self._needs_save(doc) else ""))
        self.setWindowTitle(" — ".join(parts))

    # convenience for tests and the command line
    def document_copy(self) -> Any:
        doc = self.current_document()
        return copy.deepcopy(doc.data) if doc else None
