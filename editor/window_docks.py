"""The main window's dock panels: the pack tree, the undo history, the problems list and
"Start here" (the steps a new document still needs), and what each shows after a
validation run or a change of tab.

A helper object the :class:`~questforge.editor.mainwindow.MainWindow` owns; the window keeps
the panels under their old names (``window.browser``, ``window.problems``,
``window.checklist``, ``window.checklist_dock`` …).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QUndoView, QWidget

from questforge.editor.checklist import ChecklistPanel, checklist_for, without_covered
from questforge.editor.document import Document
from questforge.editor.editors import ruleset_of
from questforge.editor.map.findings import document_findings
from questforge.editor.packbrowser import PackBrowser
from questforge.editor.problem_wording import ProblemWording
from questforge.editor.problems import ProblemsPanel
from questforge.editor.validation import ValidationResult, document_name

if TYPE_CHECKING:
    from questforge.editor.mainwindow import MainWindow


class WindowDocks:
    """The docks around the main window's tabs (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.browser = PackBrowser(window.workspace)
        self.browser.openRequested.connect(window.open_file)
        pack_dock = self._dock("Pack", self.browser, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.history = QUndoView(window.undo_group)
        self.history.setEmptyLabel("<opened>")
        self._dock("History", self.history, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.problems = ProblemsPanel()
        self.problems.wording = ProblemWording(window.workspace)
        self.problems.activated.connect(window.jump_to)
        problems_dock = self._dock(
            "Problems", self.problems, Qt.DockWidgetArea.BottomDockWidgetArea
        )
        window.resizeDocks([problems_dock], [110], Qt.Orientation.Vertical)
        # "Start here": the steps a new document still needs (its board mode declares them)
        self.checklist = ChecklistPanel()
        self.checklist_dock = self._dock(
            "Start here", self.checklist, Qt.DockWidgetArea.LeftDockWidgetArea
        )
        self.checklist_dock.setVisible(False)
        # wide enough for card names and the file column (the tree scrolls for longer)
        window.resizeDocks([pack_dock], [330], Qt.Orientation.Horizontal)

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(f"dock-{title.lower()}")
        dock.setWidget(widget)
        self.window.addDockWidget(area, dock)
        return dock

    def on_validated(self, result: ValidationResult) -> None:
        """A validation run finished: the problems list, the pack tree's marks and each
        open editor's findings."""
        window = self.window
        # schema errors that an unticked "Start here" step stands for are shown as the step
        covered = {}
        for doc in window.editors:
            found = checklist_for(ruleset_of(doc, window.workspace), doc.kind)
            if found is not None:
                covered[document_name(doc)] = found.covered(doc.data)
        shown = without_covered(result.findings, covered)
        hidden = len(result.findings) - len(shown)
        if hidden:
            result = dataclasses.replace(result, findings=shown)
        self.problems.show_result(result, window.workspace.pack_root)
        if hidden:
            self.problems.summary.setText(
                self.problems.summary.text() + f" · {hidden} more as steps in “Start here”"
            )
        self.browser.set_findings(result.findings)
        for doc, editor in window.editors.items():
            editor.show_findings(document_findings(result.findings, document_name(doc)))

    def show_document(self, doc: Document | None) -> None:
        """The current tab changed: the pack tree selects its file; "Start here" shows its
        steps (hidden for a kind without any)."""
        if doc is not None:
            self.browser.select_path(doc.path)
        found = checklist_for(ruleset_of(doc, self.window.workspace), doc.kind) if doc else None
        self.checklist.show_for(doc, found)
        self.checklist_dock.setVisible(found is not None)
