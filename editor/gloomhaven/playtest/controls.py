"""The playtest window's tool bar: step a turn, a round or to the end, step back, take
back a decision made by hand, follow the action, export the monster's situation, and the
round line (round, phase, whose turn).

Buttons are enabled from the runner's state (:meth:`PlaytestControls.update_buttons`): a
step only while no person must decide and the game is not over, "Take back" only with a
decision made by hand to undo. A helper the
:class:`~questforge.editor.gloomhaven.playtest.window.PlaytestWindow` owns; the buttons stay
reachable under the window's old names (``window.step_turn_button`` …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton, QToolBar

from questforge.editor.gloomhaven.playtest.runner import GameRunner
from questforge.editor.playtest.shortcuts import bind_playtest_keys

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.playtest.window import PlaytestWindow


class PlaytestControls:
    """The playtest tool bar of one window (see the module docstring)."""

    def __init__(self, window: PlaytestWindow) -> None:
        bar = QToolBar("Playtest")
        bar.setMovable(False)
        window.addToolBar(bar)
        self.bar = bar
        self.step_turn_button = QPushButton("Step turn")
        self.step_round_button = QPushButton("Step round")
        self.run_button = QPushButton("Run to end")
        self.undo_button = QPushButton("Take back")
        self.undo_button.setToolTip("Undo the last decision made by hand (the bots' after it too)")
        self.step_back_button = QPushButton("Step back")
        self.step_back_button.setToolTip(
            "Go back to where the previous step left the game (bot steps too); stepping "
            "forward again replays the same steps"
        )
        self.step_back_button.clicked.connect(window.step_back)
        self.follow_box = QCheckBox("Follow")
        self.follow_box.setChecked(True)
        self.follow_box.setToolTip("The map follows the active figure and newly revealed rooms")
        self.follow_box.toggled.connect(window._follow_changed)
        self.export_button = QPushButton("Export situation...")
        self.step_turn_button.clicked.connect(lambda: window.step("turn"))
        self.step_round_button.clicked.connect(lambda: window.step("round"))
        self.run_button.clicked.connect(lambda: window.step("end"))
        self.undo_button.clicked.connect(window.undo)
        self.export_button.clicked.connect(window._export_clicked)
        for b in (self.step_turn_button, self.step_round_button, self.run_button):
            bar.addWidget(b)
        bar.addSeparator()
        bar.addWidget(self.step_back_button)
        bar.addWidget(self.undo_button)
        bar.addWidget(self.follow_box)
        bar.addSeparator()
        bar.addWidget(self.export_button)
        bar.addSeparator()
        bind_playtest_keys(
            window,
            step=self.step_turn_button,
            round=self.step_round_button,
            end=self.run_button,
            back=self.step_back_button,
        )
        self.round_label = QLabel()
        self.round_label.setStyleSheet("font-weight: bold; padding: 0 10px;")
        bar.addWidget(self.round_label)

    def update_buttons(self, r: GameRunner | None) -> None:
        """Enable what the game allows now (``r`` is ``None`` when no game could start)."""
        idle = r is not None and r.pending is None and not r.finished
        for b in (self.step_turn_button, self.step_round_button, self.run_button):
            b.setEnabled(idle)
        self.undo_button.setEnabled(r is not None and r.can_undo and not r.failed)
        self.step_back_button.setEnabled(r is not None and r.can_step_back)
