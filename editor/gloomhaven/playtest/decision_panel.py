"""The playtest window's decision box: the pending decision of a character played by hand,
as cards (card decisions) or as a filterable list of options with "Confirm".

The options' text is the one narrator's (:mod:`~questforge.editor.gloomhaven.playtest.
describe`); hex and figure options are also returned as clickable hexes for the map
(:meth:`DecisionPanel.show_decision`). An answer goes to the window (``window._answer``),
which advances the game. A widget the
:class:`~questforge.editor.gloomhaven.playtest.window.PlaytestWindow` owns; its widgets stay
reachable under the window's old names (``window.option_list`` …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
)

from questforge.editor.gloomhaven.playtest.cards import CardChoice
from questforge.editor.gloomhaven.playtest.describe import (
    FIGURE_KINDS,
    HEX_KINDS,
    decision_title,
    option_text,
)
from questforge.editor.gloomhaven.scenario_map import as_hex
from questforge.engine.core.decisions import Decision

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.playtest.window import PlaytestWindow


class DecisionPanel(QGroupBox):
    """The decision box of one playtest window (see the module docstring)."""

    def __init__(self, window: PlaytestWindow) -> None:
        super().__init__("Decision")
        dlay = QVBoxLayout(self)
        self.decision_label = QLabel(
            'Bots are playing. Untick a character\'s "bot" box to play it.'
        )
        self.decision_label.setWordWrap(True)
        dlay.addWidget(self.decision_label)
        # card decisions are laid out as cards (cards.py); the list stays one click away
        self.card_choice = CardChoice()
        self.card_choice.chosen.connect(window._answer)
        self.card_choice.setVisible(False)
        dlay.addWidget(self.card_choice, 3)
        self.list_toggle = QCheckBox("Show the options as a list")
        self.list_toggle.setVisible(False)
        self.list_toggle.toggled.connect(self._show_card_choice)
        dlay.addWidget(self.list_toggle)
        self.option_filter = QLineEdit()
        self.option_filter.setPlaceholderText("Filter the options (e.g. a card name)")
        self.option_filter.setClearButtonEnabled(True)
        self.option_filter.textChanged.connect(self._filter_options)
        dlay.addWidget(self.option_filter)
        self.option_list = QListWidget()
        self.option_list.setWordWrap(True)
        self.option_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.option_list.itemDoubleClicked.connect(lambda _item: window.confirm())
        dlay.addWidget(self.option_list)
        self.confirm_button = QPushButton("Confirm")
        self.confirm_button.setEnabled(False)
        self.confirm_button.clicked.connect(window.confirm)
        dlay.addWidget(self.confirm_button)

    def show_decision(
        self, decision: Decision, content: Any, state: Any, names: Any
    ) -> dict[tuple[int, int], int]:
        """Show ``decision``'s options; returns the hexes the map makes clickable, each
        with its option's number (1-based, as listed)."""
        self.setTitle(f"Decision: {decision.kind.replace('_', ' ')}")
        self.decision_label.setText(decision_title(decision, names))
        self.option_list.clear()
        clickable: dict[tuple[int, int], int] = {}
        for i in range(len(decision.options)):
            text = option_text(decision, i, content, state, names)
            self.option_list.addItem(f"{i + 1}. {text}")
            option = decision.options[i]
            h = as_hex(option) if decision.kind in HEX_KINDS else None
            if h is None and decision.kind in FIGURE_KINDS and isinstance(option, str):
                fig = state.figures.get(option)
                h = (fig.hex[0], fig.hex[1]) if fig is not None else None
            if h is not None and h not in clickable:
                clickable[h] = i + 1
        self.option_list.setCurrentRow(0)
        self.confirm_button.setEnabled(True)
        cards = self.card_choice.show_decision(decision, content, state)
        self.list_toggle.setVisible(cards)
        self._show_card_choice(self.list_toggle.isChecked())
        return clickable

    def _show_card_choice(self, as_list: bool) -> None:
        """Cards (the default for card decisions) or the plain list of options."""
        cards = self.card_choice.decision is not None and not as_list
        self.card_choice.setVisible(cards)
        for w in (self.option_filter, self.option_list, self.confirm_button):
            w.setVisible(not cards)

    def _filter_options(self, text: str) -> None:
        """Hide the options whose text does not contain ``text`` (case-insensitive)."""
        needle = text.strip().lower()
        first_visible = -1
        for i in range(self.option_list.count()):
            item = self.option_list.item(i)
            hidden = bool(needle) and needle not in item.text().lower()
            item.setHidden(hidden)
            if not hidden and first_visible < 0:
                first_visible = i
        current = self.option_list.currentItem()
        if (current is None or current.isHidden()) and first_visible >= 0:
            self.option_list.setCurrentRow(first_visible)

    def chosen_row(self) -> int:
        """The option selected in the list (-1: none, or hidden by the filter)."""
        row = self.option_list.currentRow()
        if row < 0 or self.option_list.item(row).isHidden():
            return -1
        return row

    def clear(self, people: bool) -> None:
        """No decision pending (``people``: some character is played by hand)."""
        self.option_filter.blockSignals(True)
        self.option_filter.clear()
        self.option_filter.blockSignals(False)
        self.option_list.clear()
        self.confirm_button.setEnabled(False)
        self.card_choice.clear()
        self.list_toggle.setVisible(False)
        self._show_card_choice(True)
        self.setTitle("Decision")
        self.decision_label.setText(
            'Bots are playing. Untick a character\'s "bot" box to play it by hand.'
            if not people
            else "Step the game: the decisions of the characters you play appear here."
        )
