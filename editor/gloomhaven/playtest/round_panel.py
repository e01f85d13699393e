"""The playtest window's round column: the initiative order, each monster type's ability
card, the selected figure's stat card, the elements and this round's modifier draws.

Each list is refilled from the events of the current round after every step
(:meth:`RoundPanel.fill`), with the game's names as of now. A widget the
:class:`~questforge.editor.gloomhaven.playtest.window.PlaytestWindow` owns; the lists stay
reachable under the window's old names (``window.order_list`` …).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.gloomhaven.playtest.statblock import stat_block_html
from questforge.engine.gloomhaven.game.describe import monster_ability_text
from questforge.engine.gloomhaven.game.spec import ELEMENTS

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.playtest.window import PlaytestWindow

ELEMENT_COLOURS = {
    "fire": "#d9480f",
    "ice": "#1c7ed6",
    "air": "#7b8a8b",
    "earth": "#5c940d",
    "light": "#e0a800",
    "dark": "#5f3dc4",
}


class RoundPanel(QWidget):
    """The left column under the setup box (see the module docstring)."""

    def __init__(self, window: PlaytestWindow, setup_box: QWidget) -> None:
        super().__init__()
        self.window_ = window
        lay = QVBoxLayout(self)
        lay.addWidget(setup_box)
        lay.addWidget(QLabel("<b>Initiative order</b>"))
        self.order_list = QListWidget()
        lay.addWidget(self.order_list, 1)
        lay.addWidget(QLabel("<b>Monster ability cards</b>"))
        self.cards_view = QPlainTextEdit()
        self.cards_view.setReadOnly(True)
        lay.addWidget(self.cards_view, 1)
        # the figure clicked on the map or in the table: stat card and ability card
        lay.addWidget(QLabel("<b>Selected figure</b>"))
        self.stat_view = QTextBrowser()
        self.stat_view.setPlaceholderText("Click a figure on the map or in the figure table.")
        lay.addWidget(self.stat_view, 5)
        lay.addWidget(QLabel("<b>Elements</b>"))
        elements = QWidget()
        grid = QGridLayout(elements)
        grid.setContentsMargins(0, 0, 0, 0)
        self.element_labels: dict[str, QLabel] = {}
        for i, e in enumerate(ELEMENTS):
            label = QLabel(e)
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.element_labels[e] = label
            grid.addWidget(label, i // 3, i % 3)
        lay.addWidget(elements)
        lay.addWidget(QLabel("<b>Modifier draws this round</b>"))
        self.modifier_list = QListWidget()
        self.modifier_list.setWordWrap(True)
        lay.addWidget(self.modifier_list, 1)

    def fill(self, round_events: list[dict[str, Any]], elements: Mapping[str, int]) -> None:
        """Every list of the column, from the current round's events."""
        self._fill_order(round_events)
        self._fill_cards(round_events)
        self._fill_elements(elements)
        self._fill_modifiers(round_events)
        self.fill_stat_block()

    def _fill_order(self, events: list[dict[str, Any]]) -> None:
        window = self.window_
        rows: list[tuple[int, int, str, str]] = []
        acted: set[str] = set()
        for e in events:
            t = e.get("type")
            if t == "plan":
                init = int(e.get("initiative") or 99)
                what = "long rest" if e.get("long_rest") else ""
                rows.append((init, 0, str(e.get("character")), what))
            elif t == "monster_card_drawn":
                card = self._monster_card(str(e.get("deck")), str(e.get("card")))
                init = card.initiative if card is not None else 99
                rows.append((init, 1, str(e.get("monster")), ""))
            elif t == "turn_start":
                acted.add(str(e.get("figure")))
            elif t == "monster_type_turn":
                acted.add(str(e.get("monster")))
        self.order_list.clear()
        current = window.runner.game.state.current if window.runner else ""
        for init, kind, actor, what in sorted(rows):
            mark = "> " if actor == current else ("  done " if actor in acted else "  ")
            who = window.names.monster(actor) if kind else window.names.figure(actor)
            self.order_list.addItem(f"{mark}{init:>2}  {who}" + (f"  ({what})" if what else ""))

    def _monster_card(self, deck: str, card_id: str) -> Any:
        for c in self.window_.content.monster_decks.get(deck, ()):
            if c.id == card_id:
                return c
        return None

    def _fill_cards(self, events: list[dict[str, Any]]) -> None:
        lines = []
        for e in events:
            if e.get("type") != "monster_card_drawn":
                continue
            card = self._monster_card(str(e.get("deck")), str(e.get("card")))
            name = str(e.get("monster"))
            spec = self.window_.content.monsters.get(name)
            if spec is not None and spec.name:
                name = spec.name
            if card is None:
                lines.append(f"{name}: {e.get('card')}")
                continue
            shuffle = " (shuffle)" if card.shuffle else ""
            lines.append(f"{name} - initiative {card.initiative}{shuffle}")
            for ab in card.abilities:
                lines.append(f"    {monster_ability_text(ab)}")
        self.cards_view.setPlainText("\n".join(lines) or "No cards drawn yet this round.")

    def _fill_elements(self, elements: Mapping[str, int]) -> None:
        for e, label in self.element_labels.items():
            value = elements.get(e, 0)
            colour = ELEMENT_COLOURS.get(e, "#555")
            if value >= 2:
                label.setText(f"{e}\nSTRONG")
                label.setStyleSheet(
                    f"background:{colour}; color:white; font-weight:bold; border-radius:4px;"
                )
            elif value == 1:
                label.setText(f"{e}\nwaning")
                label.setStyleSheet(
                    f"background:white; color:{colour}; border:2px solid {colour}; border-radius:4px;"
                )
            else:
                label.setText(f"{e}\ninert")
                label.setStyleSheet("color:#999; border:1px solid #ccc; border-radius:4px;")

    def _fill_modifiers(self, events: list[dict[str, Any]]) -> None:
        names = self.window_.names
        self.modifier_list.clear()
        for e in events:
            if e.get("type") != "attack":
                continue
            mods = ", ".join(names.modifier(m) for m in e.get("modifiers") or []) or "-"
            flags = " (advantage)" if e.get("advantage") else ""
            flags += " (disadvantage)" if e.get("disadvantage") else ""
            self.modifier_list.addItem(
                f"{names.figure(e.get('attacker'))} -> {names.figure(e.get('target'))}: "
                f"drew {mods}{flags}; attack {e.get('value')}, {e.get('damage')} damage"
            )
        self.modifier_list.scrollToBottom()

    def fill_stat_block(self) -> None:
        """The selected figure's stat card (empty with none selected)."""
        window = self.window_
        r = window.runner
        if r is None or not window.selected_figure:
            self.stat_view.setHtml("")
            return
        self.stat_view.setHtml(stat_block_html(r.game, window.selected_figure, window.names))
