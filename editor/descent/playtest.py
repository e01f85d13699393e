"""A Descent playtest window on the embedded engine, through the ruleset contract.

Each seat (every hero, the heroes' turn order, the Overlord) is played by a person or by
the bots, switchable at any time; the window runs core's step API (:class:`Session`), shows
the text board of the game face with the pending decision's squares numbered, the
narration, and the pending decision's options. "Bots move" lets the bots answer one
decision, "Play on" runs until a person must decide, "Undo" takes back the last person's
decision.
"""

from __future__ import annotations

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
    QVBoxLayout,
    QWidget,
)

from questforge.engine.core.game import resolve_setup
from questforge.engine.core.session import Session


class DescentPlaytest(QMainWindow):
    def __init__(
        self, face: Any, target: Any, content: Any, heroes: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Playtest: {target.id} ({heroes} heroes)")
        self.face = face
        setup = resolve_setup(face.setup_options(content, target), {"heroes": heroes})
        self._new = lambda: face.new_game(content, target, setup, 1)
        probe = self._new()
        self.actors = face.actors(probe)
        self.session = Session(self._new, lambda g: face.bots(g, 1), people=set())
        self.seats: dict[str, QCheckBox] = {}
        seats = QHBoxLayout()
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
        self.options = QListWidget()
        self.options.itemActivated.connect(lambda item: self.choose(self.options.row(item)))
        buttons = QHBoxLayout()
        for text, slot in (
            ("Choose", lambda: self.choose(max(0, self.options.currentRow()))),
            ("Bots move", self.bot_move),
            ("Play on", self.play_on),
            ("Undo", self.undo),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button)
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
            return
        bots = self.face.bots(self.session.game, 1)
        self.session.answer(bots.choose(decision))
        self.refresh()

    def play_on(self) -> None:
        self.session.advance()
        self.refresh()

    def undo(self) -> None:
        self.session.undo()
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
        if decision is None:
            self.question.setText("The game is over." if game.finished else "")
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
