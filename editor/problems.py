"""The problems panel: the validator's findings for the pack, live, with jump-to.

Double-clicking (or pressing Enter on) a finding emits :attr:`ProblemsPanel.activated` with
the file and JSON path; the main window opens the file and asks its editor to show the
place (a hex on the map, a field in a form).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.validation import ValidationResult
from questforge.validator.findings import Finding

PATH_ROLE = Qt.ItemDataRole.UserRole + 1


class _WrapDelegate(QStyledItemDelegate):
    """Row height for wrapped text: a tree view does not measure wrapping by itself."""

    def __init__(self, tree: QTreeWidget, column: int) -> None:
        super().__init__(tree)
        self._tree = tree
        self._column = column

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        width = self._tree.header().sectionSize(self._column) - 10
        text = index.data()
        if isinstance(text, str) and width > 20:
            flags = int(Qt.TextFlag.TextWordWrap)
            used = option.fontMetrics.boundingRect(QRect(0, 0, width, 100000), flags, text)
            size.setHeight(max(size.height(), used.height() + 6))
        return size


class ProblemsPanel(QWidget):
    #: (file, json path tuple)
    activated = Signal(object, tuple)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel("Not validated yet")
        layout.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Code", "Message", "File", "Where"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        # the message is what a person reads: it takes the spare width and wraps, the
        # other columns fit their contents (a cut-off message hid the fix)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for col in (0, 2, 3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        # rows re-measure their wrapped height when the message column changes width
        self._wrap = _WrapDelegate(self.tree, 1)
        self.tree.setItemDelegateForColumn(1, self._wrap)
        header.sectionResized.connect(
            lambda col, _old, _new: self.tree.doItemsLayout() if col == 1 else None
        )
        self.tree.itemActivated.connect(self._on_activated)
        self.tree.itemDoubleClicked.connect(self._on_activated)
        layout.addWidget(self.tree)
        self.findings: list[Finding] = []
        #: designer wording of a finding (``None``: the validator's message is shown); the
        #: main window sets a :class:`~questforge.editor.problem_wording.ProblemWording`
        self.wording: Callable[[Finding], str | None] | None = None

    def show_result(self, result: ValidationResult, base: Path | None = None) -> None:
        self.findings = result.findings
        self.tree.clear()
        errors = sum(1 for f in result.findings if f.is_error)
        warnings = len(result.findings) - errors
        self.summary.setText(
            f"{errors} error(s), {warnings} warning(s) — validated in "
            f"{result.seconds * 1000:.0f} ms"
        )
        style = self.style()
        err_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical)
        warn_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        for finding in result.findings:
            name = finding.file or ""
            shown = name
            if base is not None and name:
                try:
                    shown = str(Path(name).resolve().relative_to(base))
                except ValueError:
                    shown = name
            message = finding.message + (f" — {finding.hint}" if finding.hint else "")
            worded = self._worded(finding)
            item = QTreeWidgetItem([finding.code, worded or message, shown, finding.dotted_path()])
            item.setIcon(0, err_icon if finding.is_error else warn_icon)
            # the raw message stays at hand: what `questforge validate` prints
            item.setToolTip(1, f"{worded}\n\nValidator: {message}" if worded else message)
            item.setData(0, PATH_ROLE, (finding.file, tuple(finding.path)))
            self.tree.addTopLevelItem(item)

    def _worded(self, finding: Finding) -> str | None:
        if self.wording is None:
            return None
        try:
            return self.wording(finding)
        except (AttributeError, KeyError, OSError, TypeError, ValueError):
            # wording is a nicety: a document it cannot follow keeps the raw message
            return None

    def _on_activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        file, path = item.data(0, PATH_ROLE)
        self.activated.emit(file, tuple(path))

    def activate_row(self, row: int) -> None:
        item = self.tree.topLevelItem(row)
        if item is not None:
            self._on_activated(item)
