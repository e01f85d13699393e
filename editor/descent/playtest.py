"""A Descent playtest window on the embedded engine, through the ruleset contract.

Each seat (every hero, the heroes' turn order, the Overlord) is played by a person or by
the bots, switchable at any time; the window runs core's step API (:class:`Session`), shows
the text board of the game face with the pending decision's squares numbered, the
narration, and the pending decision's options. "Bots move" lets the bots answer one
decision, "Play on" runs until a person must decide, "Step back" goes back one step (a
bot's answer or a person's: the game is replayed from its seed), "Undo" takes back the
last person's decision.

The game's seed is the window's: the seed box and "New game" start another game, and
:class:`~questforge.editor.playtest.replay.SeedReplay` replays a simulated game (the
simulate dialog's "Open in playtest" on a closest loss) with bots on every side, under
the same setup, seed and round cap as ``simulate`` played it - so it is the very game the
report counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.playtest.replay import SeedReplay
from questforge.editor.playtest.shortcuts import bind_playtest_keys
from questforge.engine.core.game import resolve_setup
from questforge.engine.core.session import Session

#: a replayed game longer than this many steps stops there (a guard, never reached by
#: the sample quests, whose games end within the round cap in a few hundred steps)
MAX_REPLAY_STEPS = 100_000


def _one_step(_game: Any, _events: Any) -> bool:
    """The stop rule of one step: stop after every step of the game."""
    return True


class DescentPlaytest(SeedReplay, QMainWindow):
    def __init__(
        self,
        face: Any,
        target: Any,
        content: Any,
        heroes: int,
        parent: QWidget | None = None,
        *,
        setup: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Playtest: {target.id} ({heroes} heroes)")
        self.face = face
        self.target = target
        self.content = content
        # the simulate dialog's setup as given (a replayed game must match it), the hero
        # count of the editor's switch over it
        chosen = {**dict(setup or {}), "heroes": heroes}
        self.setup = resolve_setup(face.setup_options(content, target), chosen)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(1)
        self.seed_spin.setToolTip("The game's seed: New game starts the game under it")
        probe = face.new_game(content, target, self.setup, 1)
        self.actors = face.actors(probe)
        self.session = self._session(1)
        self.seats: dict[str, QCheckBox] = {}
        seats = QHBoxLayout()
        seats.addWidget(QLabel("Seed"))
        seats.addWidget(self.seed_spin)
        self.new_button = QPushButton("New game")
        self.new_button.clicked.connect(self.new_game)
        seats.addWidget(self.new_button)
        seats.addWidget(QLabel("Played by a person:"))
        for actor in self.actors:
            box = QCheckBox(actor.label)
            box.setChecked(actor.side == "players" and actor.id != "heroes")
            box.toggled.connect(self._people_changed)
            self.seats[actor.id] = box
            seats.addWidget(box)
        seats.addStretch(1)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.board = QPlainTextEdit(readOnly=True)
        self.board.setFont(mono)
        self.log = QPlainTextEdit(readOnly=True)
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.options = QListWidget()
        self.options.itemActivated.connect(lambda item: self.choose(self.options.row(item)))
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for text, slot, tip in (
            ("Choose", lambda: self.choose(max(0, self.options.currentRow())), ""),
            (
                "Bots move",
                self.bot_move,
                "The bots answer the pending decision (or play the next step)",
            ),
            ("Play on", self.play_on, "Play until a person must decide or the game ends"),
            (
                "Step back",
                self.step_back,
                "Back to where the previous step left the game (a bot's answer or a "
                "person's); stepping forward again replays the same steps",
            ),
            ("Undo", self.undo, "Take back the last decision made by a person"),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            if tip:
                button.setToolTip(tip)
            buttons.addWidget(button)
            self.buttons[text] = button
        self.step_back_button = self.buttons["Step back"]
        bind_playtest_keys(
            self,
            step=self.buttons["Bots move"],
            end=self.buttons["Play on"],
            back=self.step_back_button,
        )
        body = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(self.board, 3)
        left.addWidget(self.log, 2)
        right = QVBoxLayout()
        right.addWidget(self.question)
        right.addWidget(self.options, 1)
        right.addLayout(buttons)
        body.addLayout(left, 3)
        body.addLayout(right, 2)
        root = QVBoxLayout()
        root.addLayout(seats)
        root.addLayout(body, 1)
        central = QWidget()
        central.setLayout(root)
        self.setCentralWidget(central)
        self.resize(1200, 800)
        self._people_changed()

    # ------------------------------------------------------------------ driving
    def _session(self, seed: int) -> Session:
        """The step API on the game under ``seed``, as ``simulate`` plays it (same setup,
        bots seeded alike, same round cap), so a replayed seed is the counted game."""
        face, content, target, setup = self.face, self.content, self.target, self.setup
        return Session(
            lambda: face.new_game(content, target, setup, seed),
            lambda g: face.bots(g, seed),
            people=set(),
            round_cap=face.round_cap,
        )

    def new_game(self) -> None:
        """Start again under the seed box's seed (or a replayed simulated game's)."""
        self.session = self._session(self.game_seed())
        if not self.bots_only:
            self._people_changed()
            return
        for box in self.seats.values():
            box.blockSignals(True)
            box.setChecked(False)
            box.blockSignals(False)
        self.session.set_people(set())
        # a replayed game is played out one step at a time, so Step back walks back
        # through it step by step (one advance to the end would be a single step)
        for _ in range(MAX_REPLAY_STEPS):
            if self.session.finished or self.session.capped:
                break
            self.session.advance(_one_step)
        self.refresh()

    def _people_changed(self) -> None:
        self.session.set_people({a for a, box in self.seats.items() if box.isChecked()})
        if (
            self.session.pending is not None
            and self.session.pending.actor not in self.session.people
        ):
            self.bot_move()
            return
        self.session.advance()
        self.refresh()

    def choose(self, index: int) -> None:
        if self.session.pending is None:
            return
        self.session.answer(index)
        self.refresh()

    def bot_move(self) -> None:
        decision = self.session.pending
        if decision is None:
            # nobody is asked: the bots play the next step of the game
            if not (self.session.finished or self.session.capped):
                self.session.advance(_one_step)
                self.refresh()
            return
        bots = self.face.bots(self.session.game, self.game_seed())
        self.session.answer(bots.choose(decision))
        self.refresh()

    def play_on(self) -> None:
        self.session.advance()
        self.refresh()

    def undo(self) -> None:
        self.session.undo()
        self.refresh()

    def step_back(self) -> None:
        """Back one step (:meth:`Session.step_back`): the game is replayed from its seed to
        where the previous step left it; the board, log and options follow."""
        if self.session.can_step_back:
            self.session.step_back()
            self.refresh()

    # ------------------------------------------------------------------ views
    def refresh(self) -> None:
        game = self.session.game
        decision = self.session.pending
        self.board.setPlainText(self.face.board(game, decision).plain())
        lines = [s for s in (self.face.narrate(e, game) for e in game.events[-200:]) if s]
        self.log.setPlainText("\n".join(lines))
        self.log.verticalScrollBar().setValue(self.log.verticalScrollBar().maximum())
        self.options.clear()
        self.step_back_button.setEnabled(self.session.can_step_back)
        if decision is None:
            self.question.setText(
                "The game is over."
                if game.finished
                else "The bots' turn: Bots move (N) plays a step, Play on (E) plays on."
            )
            return
        self.question.setText(self.face.describe_decision(game, decision))
        for i in range(len(decision.options)):
            self.options.addItem(f"{i + 1}. {self.face.describe_option(game, decision, i)}")
        self.options.setCurrentRow(0)


def open_descent_playtest(
    parent: QWidget | None, pack: str, quest_id: str, heroes: int
) -> DescentPlaytest:
    from questforge.engine import rulesets
    from questforge.engine.core.errors import QuestforgeError
    from questforge.engine.core.targets import resolve_target

    try:
        target = resolve_target(f"{pack}:{quest_id}")
        face = rulesets.get("descent").game()
        assert face is not None
        content = face.load(target)
    except QuestforgeError as exc:
        raise ValueError(str(exc)) from None
    window = DescentPlaytest(face, target, content, heroes, parent)
    window.show()
    return window
