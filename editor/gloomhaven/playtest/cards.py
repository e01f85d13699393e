"""Choosing cards as at the table: the hand laid out, two cards picked, one leads.

The engine asks a card selection as one decision whose options are every ordered pair of
the hand (``{"cards": [leading, other]}``, 56 of them for a hand of eight) plus a long
rest; a list of 56 pairs is not how anyone chooses. :class:`CardChoice` lays the hand out
as cards showing their name, initiative, top and bottom actions; the player clicks two
cards, says which one sets the initiative, and plays them (or declares a long rest). The
widget then answers the option the engine asked with, so the game, its log and its replay
are unchanged.

The same card faces serve the turn's "which half now" decision (``action``: click the top
or bottom of a played card, or use it as a default Attack 2 / Move 2) and the decisions
that pick one card (``recover``, ``long_rest_lose``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from questforge.engine.core.decisions import Decision
from questforge.engine.gloomhaven.game.describe import action_text
from questforge.engine.gloomhaven.game.spec import AbilityCard, Content

#: the decisions shown as cards
CARD_KINDS = frozenset({"plan", "action", "recover", "long_rest_lose"})
COLUMNS = 2
PICKED = "#e8590c"


def card_html(card: AbilityCard) -> str:
    """A card face: name and initiative, the top action, the bottom action."""
    return (
        f"<div><b>{escape(card.name)}</b>"
        f"<span style='float:right'> &nbsp;<b>{card.initiative:02d}</b></span>"
        f"<br><span style='color:#666'>level {escape(str(card.level))}</span></div>"
        f"<hr><div><b>top</b> {escape(action_text(card.top))}</div>"
        f"<hr><div><b>bottom</b> {escape(action_text(card.bottom))}</div>"
    )


class _Half(QLabel):
    """One half of a card face that answers when clicked (``action`` decisions)."""

    clicked = Signal()

    def __init__(self, html: str) -> None:
        super().__init__(html)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setStyleSheet(
            "QLabel { border: 1px solid #b9a98a; border-radius: 4px; padding: 3px; }"
            "QLabel:hover { background: #fff1c9; }"
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mousePressEvent(event)


class CardView(QFrame):
    """One card face; clicking it toggles it (card selection) or picks it."""

    clicked = Signal(str)

    def __init__(self, card: AbilityCard, halves: bool = False) -> None:
        super().__init__()
        self.card = card
        self.picked = False
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(3)
        self._buttons: QHBoxLayout | None = None
        self.top_half: _Half | None = None
        self.bottom_half: _Half | None = None
        if halves:
            head = QLabel(
                f"<b>{escape(card.name)}</b> &nbsp; <b>{card.initiative:02d}</b>",
            )
            lay.addWidget(head)
            self.top_half = _Half(f"<b>top</b> {escape(action_text(card.top))}")
            self.bottom_half = _Half(f"<b>bottom</b> {escape(action_text(card.bottom))}")
            lay.addWidget(self.top_half)
            lay.addWidget(self.bottom_half)
        else:
            self.face = QLabel(card_html(card))
            self.face.setWordWrap(True)
            self.face.setTextFormat(Qt.TextFormat.RichText)
            self.face.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
            lay.addWidget(self.face)
        self.set_picked(False)

    def add_button(self, button: QPushButton) -> None:
        """A button under the card face (e.g. a half as a default action)."""
        if self._buttons is None:
            self._buttons = QHBoxLayout()
            self._buttons.setSpacing(3)
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.addLayout(self._buttons)
        self._buttons.addWidget(button)

    def set_picked(self, picked: bool) -> None:
        self.picked = picked
        border = f"3px solid {PICKED}" if picked else "1px solid #b9a98a"
        back = "#fff4e6" if picked else "#fdfaf2"
        self.setStyleSheet(
            f"CardView {{ border: {border}; border-radius: 6px; background: {back}; }}"
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.card.id)
        super().mousePressEvent(event)


class CardChoice(QWidget):
    """The pending card decision as cards. :attr:`chosen` gives the option index."""

    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decision: Decision | None = None
        self.cards: dict[str, CardView] = {}
        #: picked cards in the order they were clicked (card selection)
        self.picked: list[str] = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        lay.addWidget(self.hint)
        self.card_scroll = QScrollArea()
        self.card_scroll.setWidgetResizable(True)
        # cards wrap their text to the panel's width rather than scroll sideways
        self.card_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(2, 2, 2, 2)
        self.grid.setSpacing(6)
        self.card_scroll.setWidget(self.grid_host)
        lay.addWidget(self.card_scroll, 1)
        # which picked card leads (sets the initiative)
        self.lead_row = QWidget()
        lead_lay = QHBoxLayout(self.lead_row)
        lead_lay.setContentsMargins(0, 0, 0, 0)
        lead_lay.addWidget(QLabel("Initiative from:"))
        self.lead_group = QButtonGroup(self)
        self.lead_buttons = [QRadioButton(), QRadioButton()]
        for i, b in enumerate(self.lead_buttons):
            self.lead_group.addButton(b, i)
            lead_lay.addWidget(b)
        self.lead_group.buttonClicked.connect(lambda _b: self._update())
        lead_lay.addStretch(1)
        lay.addWidget(self.lead_row)
        buttons = QHBoxLayout()
        self.play_button = QPushButton("Play these two cards")
        self.play_button.clicked.connect(self.play)
        self.rest_button = QPushButton("Long rest")
        self.rest_button.clicked.connect(lambda: self._answer_where(lambda o: _is_rest(o)))
        self.done_button = QPushButton("Done")
        self.done_button.clicked.connect(lambda: self._answer_where(lambda o: o == "done"))
        self.defaults: list[QPushButton] = []
        for button in (self.play_button, self.rest_button, self.done_button):
            buttons.addWidget(button)
        lay.addLayout(buttons)

    # ------------------------------------------------------------------ showing
    def show_decision(self, decision: Decision, content: Content, state: Any = None) -> bool:
        """Lay out ``decision`` as cards; False (nothing shown) if it is not a card
        decision or names no card of the actor's class."""
        self.clear()
        if decision.kind not in CARD_KINDS:
            return False
        cls = content.classes.get(decision.actor)
        if cls is None:
            return False
        ids = _card_ids(decision)
        cards = []
        for cid in ids:
            try:
                cards.append(cls.card(cid))
            except KeyError:
                return False
        if not cards:
            return False
        self.decision = decision
        halves = decision.kind == "action"
        for i, card in enumerate(cards):
            view = CardView(card, halves=halves)
            view.clicked.connect(self._card_clicked)
            if halves:
                assert view.top_half is not None and view.bottom_half is not None
                view.top_half.clicked.connect(lambda c=card.id: self._half(c, "top"))
                view.bottom_half.clicked.connect(lambda c=card.id: self._half(c, "bottom"))
            self.grid.addWidget(view, i // COLUMNS, i % COLUMNS)
            self.cards[card.id] = view
        kind = decision.kind
        options = decision.options
        self.rest_button.setVisible(kind == "plan" and any(_is_rest(o) for o in options))
        self.play_button.setVisible(kind == "plan")
        self.done_button.setVisible(kind in ("recover", "long_rest_lose") and "done" in options)
        self.lead_row.setVisible(kind == "plan")
        if kind == "action":
            # a half as the default Attack 2 / Move 2 (GH-TURN-05): small buttons on its card
            for i, o in enumerate(options):
                if isinstance(o, Mapping) and o.get("default"):
                    owner = self.cards.get(str(o.get("card")))
                    if owner is None:
                        continue
                    what = "Attack 2" if o.get("half") == "top" else "Move 2"
                    b = QPushButton(what)
                    b.setToolTip(f"Perform the {o.get('half')} of {owner.card.name} as {what}")
                    b.clicked.connect(lambda _=False, k=i: self.chosen.emit(k))
                    owner.add_button(b)
                    self.defaults.append(b)
        self.grid.setRowStretch((len(cards) + COLUMNS - 1) // COLUMNS, 1)
        self.hint.setText(
            {
                "plan": "Click two cards to play, then choose which one sets your initiative.",
                "action": "Click the half to perform now (top of one card, bottom of the other).",
            }.get(kind, "Click a card.")
        )
        self._update()
        return True

    def clear(self) -> None:
        self.decision = None
        self.picked = []
        self.cards = {}
        for row in range(self.grid.rowCount()):
            self.grid.setRowStretch(row, 0)
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:  # hidden now, deleted when Qt next runs its event loop
                w.hide()
                w.deleteLater()
        for b in self.defaults:
            b.hide()
            b.deleteLater()
        self.defaults = []
        self._update()

    # ------------------------------------------------------------------ choosing
    def _card_clicked(self, card_id: str) -> None:
        d = self.decision
        if d is None:
            return
        if d.kind == "plan":
            if card_id in self.picked:
                self.picked.remove(card_id)
            else:
                self.picked.append(card_id)
                if len(self.picked) > 2:
                    self.picked.pop(0)
            self._update()
        elif d.kind in ("recover", "long_rest_lose"):
            self._answer_where(lambda o: o == card_id)

    def _half(self, card_id: str, half: str) -> None:
        self._answer_where(
            lambda o: (
                isinstance(o, Mapping)
                and o.get("card") == card_id
                and o.get("half") == half
                and not o.get("default")
            )
        )

    def pick(self, card_ids: Sequence[str], lead: int = 0) -> None:
        """Pick cards as clicks would, and set the leading one (for scripts and tests)."""
        self.picked = []
        for c in card_ids:
            self._card_clicked(c)
        if self.lead_buttons[lead].isEnabled():
            self.lead_buttons[lead].setChecked(True)
        self._update()

    def lead(self) -> str:
        """The picked card that sets the initiative."""
        if len(self.picked) < 2:
            return self.picked[0] if self.picked else ""
        return self.picked[max(0, self.lead_group.checkedId())]

    def selected_index(self) -> int | None:
        """The option the picked cards make, or ``None`` while fewer than two are picked."""
        d = self.decision
        if d is None or d.kind != "plan" or len(self.picked) != 2:
            return None
        lead = self.lead()
        other = next(c for c in self.picked if c != lead)
        for i, o in enumerate(d.options):
            if isinstance(o, Mapping) and list(o.get("cards") or []) == [lead, other]:
                return i
        return None

    def play(self) -> None:
        index = self.selected_index()
        if index is not None:
            self.chosen.emit(index)

    def _answer_where(self, test: Any) -> None:
        d = self.decision
        if d is None:
            return
        for i, o in enumerate(d.options):
            if test(o):
                self.chosen.emit(i)
                return

    def _update(self) -> None:
        for cid, view in self.cards.items():
            view.set_picked(cid in self.picked)
        two = len(self.picked) == 2
        checked = max(0, self.lead_group.checkedId())
        for i, b in enumerate(self.lead_buttons):
            if i < len(self.picked):
                shown = self.cards.get(self.picked[i])
                card = shown.card if shown is not None else None
                b.setText(f"{card.name} ({card.initiative:02d})" if card else self.picked[i])
            else:
                b.setText("-")
            b.setEnabled(two)
        self.lead_buttons[checked if two else 0].setChecked(True)
        index = self.selected_index()
        self.play_button.setEnabled(index is not None)
        if index is not None:
            lead = self.cards[self.lead()].card
            other = next(self.cards[c].card for c in self.picked if c != lead.id)
            self.play_button.setText(f"Play {lead.name} ({lead.initiative:02d}) + {other.name}")
        else:
            self.play_button.setText("Play these two cards")


def _is_rest(option: Any) -> bool:
    return isinstance(option, Mapping) and bool(option.get("long_rest"))


def _card_ids(decision: Decision) -> list[str]:
    """The cards a card decision is about, in the order its options first name them."""
    ids: list[str] = []
    for o in decision.options:
        if isinstance(o, Mapping):
            names = [*(o.get("cards") or []), *([o["card"]] if "card" in o else [])]
        elif isinstance(o, str) and o != "done":
            names = [o]
        else:
            names = []
        for c in names:
            if str(c) not in ids:
                ids.append(str(c))
    return ids
