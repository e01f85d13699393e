"""Questions the editor asks the user, behind one object so tests can answer them.

The main window never calls ``QMessageBox`` directly: it asks its :class:`Prompts`. A test
swaps in a subclass that returns canned answers instead of opening a modal dialog.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtWidgets import QMessageBox, QWidget


class Unsaved(Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Prompts:
    """Modal questions, answered by the person at the screen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def unsaved_changes(self, name: str) -> Unsaved:
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setText(f"“{name}” has unsaved changes.")
        box.setInformativeText("Save them before closing?")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return Unsaved.SAVE
        if answer == QMessageBox.StandardButton.Discard:
            return Unsaved.DISCARD
        return Unsaved.CANCEL

    def offer_recovery(self, name: str) -> bool:
        answer = QMessageBox.question(
            self.parent,
            "Recover unsaved changes",
            f"An autosave of “{name}” with changes that were never saved was found "
            "(the editor may have crashed). Restore it?",
        )
        return answer == QMessageBox.StandardButton.Yes

    def error(self, title: str, message: str) -> None:
        QMessageBox.warning(self.parent, title, message)


class ScriptedPrompts(Prompts):
    """Answers given in advance (tests, ``--screenshot`` runs): never blocks."""

    def __init__(self, unsaved: Unsaved = Unsaved.CANCEL, recover: bool = False) -> None:
        super().__init__(None)
        self.unsaved = unsaved
        self.recover = recover
        self.errors: list[tuple[str, str]] = []
        self.asked: list[str] = []

    def unsaved_changes(self, name: str) -> Unsaved:
        self.asked.append(f"unsaved:{name}")
        return self.unsaved

    def offer_recovery(self, name: str) -> bool:
        self.asked.append(f"recover:{name}")
        return self.recover

    def error(self, title: str, message: str) -> None:
        self.errors.append((title, message))
