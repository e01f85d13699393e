"""The main window's menus and actions: File, Edit, View, Play, the undo/redo tool bar,
standard shortcuts, and which actions are enabled for the current tab.

Shortcuts use ``QKeySequence.StandardKey`` so they follow the platform (Ctrl+S / Cmd+S …,
every binding of a key such as Redo's Ctrl+Shift+Z and Ctrl+Y); Ctrl+D duplicates, as in
most map editors. The Edit menu's copy, paste, duplicate and delete act on the current
tab's editor (:class:`~questforge.editor.editors.DocumentEditor`), so they live here with
the actions that trigger them. A helper object the
:class:`~questforge.editor.mainwindow.MainWindow` owns; the window keeps the actions under
their old names (``window.undo_action``, ``window.playtest_action`` …).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMenu, QToolBar

from questforge.editor import settings

if TYPE_CHECKING:
    from questforge.editor.mainwindow import MainWindow


class WindowMenus:
    """The menu bar, its actions and the undo tool bar of one main window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self._build_actions()

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self.window)
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
        window = self.window
        files, new = window.files, window.new_content
        bar = window.menuBar()
        SK = QKeySequence.StandardKey
        file_menu = bar.addMenu("&File")
        self.new_action = self._action(file_menu, "&New Scenario", new.new_scenario, SK.New)
        new_menu = file_menu.addMenu("New &Other")
        new_menu.aboutToShow.connect(lambda m=new_menu: new.fill_new_menu(m))
        self.open_action = self._action(file_menu, "&Open…", files.open_dialog, SK.Open)
        self._action(file_menu, "Open &Pack…", files.open_pack_dialog)
        self._action(file_menu, "New Pa&ck…", new.new_pack_dialog)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self.fill_recent_menu)
        file_menu.addSeparator()
        self.save_action = self._action(file_menu, "&Save", files.save_current, SK.Save)
        self.save_as_action = self._action(file_menu, "Save &As…", files.save_as_dialog, SK.SaveAs)
        self._action(file_menu, "Save A&ll", files.save_all)
        self.export_action = self._action(file_menu, "&Export Map…", self.export_dialog, "Ctrl+E")
        file_menu.addSeparator()
        self._action(
            file_menu,
            "&Close Tab",
            lambda: window.close_tab(window.tabs.currentIndex()),
            SK.Close,
        )
        self._action(file_menu, "&Quit", window.close, SK.Quit)

        edit_menu = bar.addMenu("&Edit")
        self.undo_action = window.undo_group.createUndoAction(window, "&Undo")
        self.undo_action.setShortcuts(SK.Undo)
        self.redo_action = window.undo_group.createRedoAction(window, "&Redo")
        self.redo_action.setShortcuts(SK.Redo)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.copy_action = self._action(edit_menu, "&Copy", self.copy, SK.Copy)
        self.paste_action = self._action(edit_menu, "&Paste", self.paste, SK.Paste)
        self.duplicate_action = self._action(edit_menu, "D&uplicate", self.duplicate, "Ctrl+D")
        self.delete_action = self._action(edit_menu, "&Delete", self.delete, SK.Delete)
        edit_menu.addSeparator()
        self._action(edit_menu, "&Validate Now", window.validator.request_full, "F5")

        view_menu = bar.addMenu("&View")
        self._action(view_menu, "Zoom &In", lambda: self._view_call("zoom_by", 1.25), SK.ZoomIn)
        self._action(view_menu, "Zoom &Out", lambda: self._view_call("zoom_by", 0.8), SK.ZoomOut)
        self._action(view_menu, "&Fit Map", lambda: self._view_call("fit"), "Ctrl+0")
        view_menu.addSeparator()
        for dock in window.findChildren(QDockWidget):
            view_menu.addAction(dock.toggleViewAction())

        play_menu = bar.addMenu("&Play")
        self.playtest_action = self._action(play_menu, "&Playtest…", window.playtest, "Ctrl+P")
        self.simulate_action = self._action(play_menu, "&Simulate…", window.simulate)

        toolbar = QToolBar("Scenario")
        toolbar.setObjectName("toolbar-scenario")
        toolbar.setIconSize(QSize(16, 16))
        window.addToolBar(toolbar)
        toolbar.addAction(self.undo_action)
        toolbar.addAction(self.redo_action)

    def fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in settings.recent_files():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.window.open_path(Path(p)))
        if not self.recent_menu.actions():
            self.recent_menu.addAction("(none)").setEnabled(False)

    def update_actions(self) -> None:
        """Enable what the current tab's editor supports (save needs a tab, copy a
        selection, export a picture)."""
        editor = self.window.current_editor()
        has = editor is not None
        self.save_action.setEnabled(has)
        self.save_as_action.setEnabled(has)
        self.export_action.setEnabled(bool(editor and editor.can_export_image()))
        self.copy_action.setEnabled(bool(editor and editor.can_copy()))
        self.duplicate_action.setEnabled(bool(editor and editor.can_copy()))
        self.delete_action.setEnabled(bool(editor and editor.can_copy()))
        self.paste_action.setEnabled(has)

    def _view_call(self, name: str, *args: Any) -> None:
        editor = self.window.current_editor()
        view = getattr(editor, "view", None)
        if view is not None:
            getattr(view, name)(*args)

    # ----------------------------------------------------------------- edit actions
    def copy(self) -> None:
        editor = self.window.current_editor()
        if editor:
            editor.copy()

    def paste(self) -> None:
        editor = self.window.current_editor()
        if editor:
            editor.paste(None)

    def duplicate(self) -> None:
        editor = self.window.current_editor()
        if editor:
            editor.duplicate()

    def delete(self) -> None:
        editor = self.window.current_editor()
        if editor:
            editor.delete_selection()

    def export_dialog(self) -> None:
        window = self.window
        editor = window.current_editor()
        if editor is None or not editor.can_export_image():
            window.statusBar().showMessage("Only scenario maps can be exported", 4000)
            return
        doc = editor.document
        name, _ = QFileDialog.getSaveFileName(
            window,
            "Export map",
            f"{doc.content_id or 'map'}.png",
            "PNG image (*.png);;SVG (*.svg)",
        )
        if name:
            try:
                editor.export_image(Path(name))
            except (OSError, ValueError) as exc:
                window.prompts.error("Cannot export", str(exc))
