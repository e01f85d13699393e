"""The problems panel: the validator's findings for the pack, live, with jump-to.

Double-clicking (or pressing Enter on) a finding emits :attr:`ProblemsPanel.activated` with
the file and JSON path; the main window opens the file and asks its editor to show the
place (a hex on the map, a field in a form).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.validation import ValidationResult
from questforge.validator.findings import Finding

PATH_ROLE = Qt.ItemDataRole.UserRole + 1


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
        self.tree.itemActivated.connect(self._on_activated)
        self.tree.itemDoubleClicked.connect(self._on_activated)
        layout.addWidget(self.tree)
        self.findings: list[Finding] = []

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
            item = QTreeWidgetItem([finding.code, message, shown, finding.dotted_path()])
            item.setIcon(0, err_icon if finding.is_error else warn_icon)
            item.setToolTip(1, message)
            item.setData(0, PATH_ROLE, (finding.file, tuple(finding.path)))
            self.tree.addTopLevelItem(item)
        for col in (0, 2, 3):
            self.tree.resizeColumnToContents(col)

    def _on_activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        file, path = item.data(0, PATH_ROLE)
        self.activated.emit(file, tuple(path))

    def activate_row(self, row: int) -> None:
        item = self.tree.topLevelItem(row)
        if item is not None:
            self._on_activated(item)
