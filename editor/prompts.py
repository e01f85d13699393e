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

    def play_anyway(self, action: str, name: str, errors: list[str]) -> bool:
        """``name`` has content errors (``file:line:col`` lines): run ``action`` anyway?"""
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(f"{action}: content has errors")
        box.setText(
            f"“{name}” has {len(errors)} error(s) the validator found. The engine may "
            "misbehave on it (a monster off the map is placed off the map)."
        )
        shown = errors[:12] + ([f"… and {len(errors) - 12} more"] if len(errors) > 12 else [])
        box.setInformativeText(
            "\n".join(shown) + "\n\nFix them first (the Problems panel jumps to each)."
        )
        box.setDetailedText("\n".join(errors))
        anyway = box.addButton(f"{action.split()[0]} anyway", QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.exec()
        return box.clickedButton() is anyway


class ScriptedPrompts(Prompts):
    """Answers given in advance (tests, ``--screenshot`` runs): never blocks."""

    def __init__(
        self, unsaved: Unsaved = Unsaved.CANCEL, recover: bool = False, play_anyway: bool = False
    ) -> None:
        super().__init__(None)
        self.unsaved = unsaved
        self.recover = recover
        self.play_broken = play_anyway
        #: (action, name, error lines) of every "play anyway?" question
        self.broken: list[tuple[str, str, list[str]]] = []
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

    def play_anyway(self, action: str, name: str, errors: list[str]) -> bool:
        self.asked.append(f"play-anyway:{action}")
        self.broken.append((action, name, list(errors)))
        return self.play_broken
