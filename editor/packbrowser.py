"""The pack browser: every file of the pack, grouped by kind, with its validation state."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHeaderView, QStyle, QTreeWidget, QTreeWidgetItem, QWidget

from questforge.editor.workspace import Workspace
from questforge.validator.findings import Finding

PATH_ROLE = Qt.ItemDataRole.UserRole + 1


class PackBrowser(QTreeWidget):
    """Tree of kinds -> files; double-click opens a file."""

    openRequested = Signal(Path)

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.setHeaderLabels(["Pack", "File"])
        # names in full (ability cards differ only in their names); the file column shrinks
        self.header().setStretchLastSection(True)
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.states: dict[str, str] = {}
        #: files the safe loader refused (path -> why): shown as errors even before
        #: validation runs, never as clean
        self.load_errors: dict[str, str] = {}
        workspace.filesChanged.connect(self.refresh)
        self.itemActivated.connect(self._on_activated)
        self.itemDoubleClicked.connect(self._on_activated)
        self.refresh()

    def refresh(self) -> None:
        self.clear()
        self.load_errors = {}
        root = self.workspace.pack_root
        self.setHeaderLabels([f"Pack: {self.workspace.pack_id() or '(none)'}", "File"])
        kinds: dict[str, QTreeWidgetItem] = {}
        names: dict[str, dict[str, Any]] = {}
        for f in sorted(self.workspace.files, key=lambda f: (f.kind, str(f.path))):
            parent = kinds.get(f.kind)
            if parent is None:
                # open documents win over disk, so a renamed card shows its new name
                names[f.kind] = self.workspace.content(f.kind) if f.error is None else {}
                parent = QTreeWidgetItem([f.kind])
                parent.setFlags(parent.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                self.addTopLevelItem(parent)
                kinds[f.kind] = parent
            label = f.path.name
            if root is not None:
                with contextlib.suppress(ValueError):
                    label = str(f.path.relative_to(root))
            data = names.get(f.kind, {}).get(f.id)
            name = data.get("name") if isinstance(data, dict) else None
            shown = name if isinstance(name, str) and name.strip() else f.id
            item = QTreeWidgetItem([shown, label])
            item.setData(0, PATH_ROLE, str(f.path))
            item.setToolTip(0, f"{shown}\n{f.kind} “{f.id}”\n{f.path}")
            item.setToolTip(1, label)
            item.setForeground(1, self.palette().placeholderText())
            if f.error is not None:  # refused by the safe loader: say why, mark it an error
                self.load_errors[str(f.path)] = f.error
                item.setToolTip(0, f"cannot be read: {f.error}\n{f.path}")
            parent.addChild(item)
        for group in kinds.values():
            group.setText(1, f"{group.childCount()} file{'s' if group.childCount() != 1 else ''}")
            # long groups (ability cards) start folded so the scenarios stay in view
            group.setExpanded(group.childCount() <= 12)
        self._apply_states()

    def set_findings(self, findings: list[Finding]) -> None:
        """Mark each file clean, with warnings, or with errors."""
        states: dict[str, str] = {}
        for finding in findings:
            if not finding.file:
                continue
            key = str(Path(finding.file).resolve())
            if finding.is_error:
                states[key] = "error"
            else:
                states.setdefault(key, "warning")
        self.states = states
        self._apply_states()

    def state_of(self, path: Path) -> str:
        key = str(Path(path).resolve())
        return self.states.get(key, "error" if key in self.load_errors else "ok")

    def _apply_states(self) -> None:
        style = self.style()
        icons = {
            "ok": style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton),
            "warning": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
            "error": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
        }
        for i in range(self.topLevelItemCount()):
            group = self.topLevelItem(i)
            if group is None:
                continue
            for j in range(group.childCount()):
                item = group.child(j)
                if item is None:
                    continue
                key = str(item.data(0, PATH_ROLE))
                state = self.states.get(key, "error" if key in self.load_errors else "ok")
                item.setIcon(0, icons[state])
                item.setData(0, Qt.ItemDataRole.AccessibleDescriptionRole, state)

    def select_path(self, path: Path | None) -> None:
        """Highlight the file shown in the current tab (and scroll to it)."""
        if path is None:
            return
        key = str(Path(path).resolve())
        for i in range(self.topLevelItemCount()):
            group = self.topLevelItem(i)
            for j in range(group.childCount() if group is not None else 0):
                item = group.child(j) if group is not None else None
                if item is not None and item.data(0, PATH_ROLE) == key:
                    if group is not None:
                        group.setExpanded(True)
                    self.setCurrentItem(item)
                    self.scrollToItem(item)
                    return

    def _on_activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        value = item.data(0, PATH_ROLE)
        if value:
            self.openRequested.emit(Path(value))
