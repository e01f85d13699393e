"""The playtest window's setup box: player count, scenario level, seed, a class and a
"bot" box per character, and "New game".

The party and who plays by hand are read from here when a game starts
(:meth:`SetupPanel.party`, :meth:`SetupPanel.people`); ticking a "bot" box during a game
hands that character to the bot from the next decision on (the window's
``_bots_changed``). A widget the
:class:`~questforge.editor.gloomhaven.playtest.window.PlaytestWindow` owns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QWidget,
)

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.playtest.window import PlaytestWindow

MAX_PLAYERS = 4


class SetupPanel(QGroupBox):
    """The setup of the next game (see the module docstring)."""

    def __init__(self, window: PlaytestWindow) -> None:
        super().__init__("Setup")
        form = QFormLayout(self)
        self.players_spin = QSpinBox()
        self.players_spin.setRange(2, MAX_PLAYERS)
        self.players_spin.setValue(2)
        self.players_spin.valueChanged.connect(self._players_changed)
        self.level_spin = QSpinBox()
        self.level_spin.setRange(0, 7)
        self.level_spin.setValue(1)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(1)
        form.addRow("Characters", self.players_spin)
        form.addRow("Level", self.level_spin)
        form.addRow("Seed", self.seed_spin)
        content = window.content
        classes = sorted(content.classes)
        self.class_combos: list[QComboBox] = []
        self.bot_boxes: list[QCheckBox] = []
        for i in range(MAX_PLAYERS):
            row = QWidget()
            h = QHBoxLayout(row)
            h.setContentsMargins(0, 0, 0, 0)
            combo = QComboBox()
            for cid in classes:
                combo.addItem(content.classes[cid].name or cid, cid)
            if classes:
                combo.setCurrentIndex(i % len(classes))
            bot = QCheckBox("bot")
            bot.setChecked(True)
            bot.setToolTip("Checked: the bot plays this character. Unchecked: you do.")
            bot.toggled.connect(window._bots_changed)
            h.addWidget(combo, 1)
            h.addWidget(bot)
            form.addRow(f"Character {i + 1}", row)
            self.class_combos.append(combo)
            self.bot_boxes.append(bot)
        self.new_game_button = QPushButton("New game")
        self.new_game_button.clicked.connect(window.new_game)
        form.addRow(self.new_game_button)
        self._players_changed(self.players_spin.value())

    def _players_changed(self, players: int) -> None:
        for i in range(MAX_PLAYERS):
            self.class_combos[i].setEnabled(i < players)
            self.bot_boxes[i].setEnabled(i < players)

    def party(self) -> tuple[str, ...]:
        """The class of each character of the next game, in seat order."""
        return tuple(
            str(self.class_combos[i].currentData()) for i in range(self.players_spin.value())
        )

    def people(self) -> set[str]:
        """The characters played by hand (their "bot" box unticked)."""
        party = self.party()
        return {party[i] for i in range(len(party)) if not self.bot_boxes[i].isChecked()}
