"""The playtest window's figure table: every figure's name, hex, health (and shield),
conditions and, for a character, its cards in hand, discard and lost pile.

Party first, then monsters; the selected figure's row stays selected across refreshes
(signals are blocked while the table is refilled, so a refresh is not a click). A widget
the :class:`~questforge.editor.gloomhaven.playtest.window.PlaytestWindow` owns.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem

from questforge.editor.gloomhaven.playtest.describe import condition_list, hex_text


class FigureTable(QTableWidget):
    """The table of figures (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(0, 5)
        self.setHorizontalHeaderLabels(["Figure", "Hex", "HP", "Conditions", "Cards"])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)

    def fill(self, st: Any, names: Any, selected_figure: str) -> None:
        """Refill from game state ``st`` with the game's ``names``."""
        figures = sorted(st.figures.values(), key=lambda f: (f.side != "party", f.id))
        self.blockSignals(True)
        self.setRowCount(len(figures))
        for row, f in enumerate(figures):
            cards = ""
            ch = st.characters.get(f.id) if f.kind == "character" else None
            if ch is not None:
                cards = f"hand {len(ch.hand)} / disc {len(ch.discard)} / lost {len(ch.lost)}"
            shield = f.shield + f.base_shield
            values = [
                names.figure(f.id),
                hex_text(f.hex),
                f"{f.hp}/{f.max_hp}" + (f" sh{shield}" if shield else ""),
                condition_list(f.conditions),
                cards,
            ]
            for col, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, f.id)
                self.setItem(row, col, item)
            if f.id == selected_figure:
                self.selectRow(row)
        self.resizeColumnsToContents()
        self.blockSignals(False)

    def selected_figure_id(self) -> str | None:
        """The figure of the selected row (``None`` with no row selected)."""
        items = self.selectedItems()
        return str(items[0].data(Qt.ItemDataRole.UserRole)) if items else None
