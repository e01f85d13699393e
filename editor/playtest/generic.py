"""The playtest window every ruleset gets: the game on the step API, no worker thread.

A board mode may register a richer playtest of its own (Gloomhaven draws the hex map with
the monster AI's explanation); every other playable kind opens this window, built only
from the ruleset's game face: the text board (styled, the options of the pending decision
marked on it), the pending decision's options in words, the event log in sentences, and
buttons to step a turn, a round or to the end, and to take a decision back. Actors are
played by a person or by the bots, switchable at any time.

It drives a :class:`~questforge.engine.core.session.Session`: ``advance`` runs until a
person must decide (replaying from the seed after each answer), so the window never blocks
and never waits on a thread.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
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
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.playtest.replay import SeedReplay
from questforge.editor.playtest.shortcuts import bind_playtest_keys
from questforge.engine.core.decisions import Decision
from questforge.engine.core.events import Event, JSONValue
from questforge.engine.core.game import GameFace, PlayableGame, TextBoard, setup_label
from questforge.engine.core.session import Session
from questforge.engine.core.targets import Target

#: semantic text-board styles -> CSS colours of the board view
COLOURS: dict[str, str] = {
    "heading": "font-weight:bold",
    "muted": "color:#888",
    "hidden": "color:#bbb",
    "floor": "color:#999",
    "wall": "background:#555;color:#555",
    "obstacle": "color:#666",
    "character": "background:#5bc0de;font-weight:bold",
    "hero": "background:#5bc0de;font-weight:bold",
    "player": "background:#5bc0de;font-weight:bold",
    "monster": "background:#eee;font-weight:bold",
    "elite": "background:#f0ad4e;font-weight:bold",
    "master": "background:#f0ad4e;font-weight:bold",
    "summon": "background:#5cb85c;font-weight:bold",
    "mark": "background:#d63384;color:white;font-weight:bold",
    "door": "background:#444;color:white",
    "trap": "color:#c0392b;font-weight:bold",
    "hazard": "color:#c0392b",
    "treasure": "color:#b7791f;font-weight:bold",
    "good": "background:#2e8b57;color:white",
    "bad": "color:#c0392b",
}


def board_html(board: TextBoard) -> str:
    """A text board as HTML (monospace, semantic styles as colours)."""
    lines = []
    for line in board.lines:
        parts = []
        for span in line:
            style = COLOURS.get(span.style or "", "")
            text = escape(span.text).replace(" ", "&nbsp;")
            parts.append(f'<span style="{style}">{text}</span>' if style else text)
        lines.append("".join(parts))
    return '<pre style="font-family:monospace">' + "<br>".join(lines) + "</pre>"


def after_a_step(game: PlayableGame, events: Sequence[Event]) -> bool:
    return True


class GenericPlaytestWindow(SeedReplay, QMainWindow):
    """Play ``target`` by hand and by bots, for any ruleset with a game face."""

    def __init__(
        self,
        face: GameFace,
        target: Target,
        content: Any,
        parent: QWidget | None = None,
        *,
        setup: Mapping[str, JSONValue] | None = None,
    ) -> None:
        super().__init__(parent)
        self.face = face
        self.target = target
        self.content = content
        options = face.setup_options(content, target)
        self.setup = {o.name: o.default for o in options}
        self.setup.update({k: v for k, v in (setup or {}).items() if k in self.setup})
        self.options = options
        info = face.content_info(content, target)
        self.setWindowTitle(f"Playtest - {info.get('name') or target.id}")
        self.resize(1100, 760)
        self.printed = 0
        self.session: Session | None = None
        self._build()
        self.new_game()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        central = QWidget()
        lay = QVBoxLayout(central)
        top = QHBoxLayout()
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(1)
        top.addWidget(QLabel(setup_label(self.options, self.setup) + "  ·  seed"))
        top.addWidget(self.seed_spin)
        self.new_button = QPushButton("New game")
        self.new_button.clicked.connect(self.new_game)
        top.addWidget(self.new_button)
        top.addStretch(1)
        self.people_row = QHBoxLayout()
        top.addLayout(self.people_row)
        lay.addLayout(top)
        split = QSplitter()
        self.board_view = QTextEdit()
        self.board_view.setReadOnly(True)
        self.board_view.setFont(QFont("monospace"))
        split.addWidget(self.board_view)
        side = QWidget()
        side_lay = QVBoxLayout(side)
        self.question = QLabel()
        self.question.setWordWrap(True)
        side_lay.addWidget(self.question)
        self.options_list = QListWidget()
        self.options_list.itemDoubleClicked.connect(lambda _i: self.answer_selected())
        side_lay.addWidget(self.options_list, 1)
        buttons = QHBoxLayout()
        self.answer_button = QPushButton("Answer")
        self.answer_button.clicked.connect(self.answer_selected)
        self.undo_button = QPushButton("Take back")
        self.undo_button.clicked.connect(self.undo)
        self.step_back_button = QPushButton("Step back")
        self.step_back_button.setToolTip(
            "Back to where the previous step left the game (bot steps too); stepping "
            "forward again replays the same steps"
        )
        self.step_back_button.clicked.connect(self.step_back)
        buttons.addWidget(self.answer_button)
        buttons.addWidget(self.step_back_button)
        buttons.addWidget(self.undo_button)
        side_lay.addLayout(buttons)
        steps = QHBoxLayout()
        self.step_button = QPushButton("Step")
        self.step_button.clicked.connect(lambda: self.advance(after_a_step))
        self.round_button = QPushButton("Round")
        self.round_button.clicked.connect(self.step_round)
        self.end_button = QPushButton("To the end")
        self.end_button.clicked.connect(lambda: self.advance(None))
        for b in (self.step_button, self.round_button, self.end_button):
            steps.addWidget(b)
        bind_playtest_keys(
            self,
            step=self.step_button,
            round=self.round_button,
            end=self.end_button,
            back=self.step_back_button,
        )
        side_lay.addLayout(steps)
        split.addWidget(side)
        split.setSizes([700, 400])
        lay.addWidget(split, 3)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        lay.addWidget(self.log, 2)
        self.status = QLabel()
        lay.addWidget(self.status)
        self.setCentralWidget(central)

    # ------------------------------------------------------------------ game
    def new_game(self) -> None:
        seed = self.game_seed()
        face, content, target, setup = self.face, self.content, self.target, dict(self.setup)
        probe = face.new_game(content, target, setup, seed)
        actors = face.actors(probe)
        while self.people_row.count():
            item = self.people_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.person_boxes: dict[str, QCheckBox] = {}
        for actor in actors:
            box = QCheckBox(actor.label)
            box.setToolTip(f"{actor.label} is played by a person (else by the bots)")
            box.setChecked(actor.side == "players" and not self.bots_only)
            box.toggled.connect(self._people_changed)
            self.people_row.addWidget(box)
            self.person_boxes[actor.id] = box
        self.session = Session(
            lambda: face.new_game(content, target, setup, seed),
            lambda game: face.bots(game, seed),
            people={a for a, b in self.person_boxes.items() if b.isChecked()},
            round_cap=face.round_cap,
        )
        self.printed = 0
        self.log.clear()
        self.advance(after_a_step)

    def _people_changed(self) -> None:
        if self.session is not None:
            self.session.set_people({a for a, b in self.person_boxes.items() if b.isChecked()})

    @property
    def pending(self) -> Decision | None:
        return self.session.pending if self.session is not None else None

    def advance(self, stop: Any) -> None:
        if self.session is None:
            return
        self.session.advance(stop)
        self.refresh()

    def step_round(self) -> None:
        start = self.session.game.round if self.session is not None else 0

        def stop(game: PlayableGame, events: Sequence[Event]) -> bool:
            return game.round > start

        self.advance(stop)

    def answer(self, index: int) -> None:
        if self.session is None or self.session.pending is None:
            return
        self.session.answer(index, after_a_step)
        self.refresh()

    def answer_selected(self) -> None:
        row = self.options_list.currentRow()
        self.answer(max(0, row))

    def undo(self) -> None:
        if self.session is not None:
            self.session.undo()
            self.printed = 0
            self.log.clear()
            self.refresh()

    def step_back(self) -> None:
        """Back one step (:meth:`Session.step_back`): the game is replayed from its seed."""
        if self.session is not None and self.session.can_step_back:
            self.session.step_back()
            self.printed = 0
            self.log.clear()
            self.refresh()

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        game = session.game
        lines = [self.face.narrate(e, game) for e in game.events[self.printed :]]
        text = "\n".join(line for line in lines if line)
        if text:
            self.log.appendPlainText(text)
        self.printed = len(game.events)
        decision = session.pending
        self.board_view.setHtml(board_html(self.face.board(game, decision)))
        self.options_list.clear()
        if decision is not None:
            self.question.setText(self.face.describe_decision(game, decision))
            for i in range(len(decision.options)):
                self.options_list.addItem(
                    f"{i + 1}. {self.face.describe_option(game, decision, i)}"
                )
            self.options_list.setCurrentRow(0)
        else:
            self.question.setText("")
        over = session.finished or session.capped
        for b in (self.step_button, self.round_button, self.end_button):
            b.setEnabled(not over and decision is None)
        self.answer_button.setEnabled(decision is not None)
        self.step_back_button.setEnabled(session.can_step_back)
        if over:
            summary = self.face.summary(game)
            self.status.setText(
                f"The game is over: {summary.outcome} after {summary.rounds} rounds."
            )
        else:
            self.status.setText(f"Round {game.round}" + (" · your decision" if decision else ""))
