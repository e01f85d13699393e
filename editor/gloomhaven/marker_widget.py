"""Inspector widget: the scenario book's monster marker as three rows of buttons.

One row per player count (2, 3, 4), each with absent / normal / elite buttons coloured
like the printed marker (black, white, gold). A click is one undo command.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QButtonGroup, QGridLayout, QLabel, QPushButton, QWidget

from questforge.editor.gloomhaven.scenario_map import PLAYER_COUNTS, STATES

STYLE = {
    "absent": "QPushButton:checked { background: #111; color: #fff; font-weight: bold; }",
    "normal": "QPushButton:checked { background: #fff; color: #111; font-weight: bold;"
    " border: 2px solid #111; }",
    "elite": "QPushButton:checked { background: #e2b007; color: #111; font-weight: bold; }",
}


class MarkerWidget(QWidget):
    """Absent/normal/elite per player count; ``on_change(count, state)`` applies a click."""

    def __init__(
        self,
        states: dict[str, str],
        on_change: Callable[[str, str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.on_change = on_change
        self.buttons: dict[tuple[str, str], QPushButton] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for row, count in enumerate(PLAYER_COUNTS):
            label = QLabel(f"{count}p")
            label.setToolTip(f"{count} characters")
            grid.addWidget(label, row, 0)
            group = QButtonGroup(self)
            group.setExclusive(True)
            for col, state in enumerate(STATES):
                button = QPushButton(state)
                button.setCheckable(True)
                button.setStyleSheet(STYLE[state])
                button.setChecked(states.get(count, "absent") == state)
                button.clicked.connect(lambda _=False, c=count, s=state: self._clicked(c, s))
                group.addButton(button)
                grid.addWidget(button, row, col + 1)
                self.buttons[(count, state)] = button

    def _clicked(self, count: str, state: str) -> None:
        self.on_change(count, state)

    def set_states(self, states: dict[str, str]) -> None:
        for (count, state), button in self.buttons.items():
            button.setChecked(states.get(count, "absent") == state)
