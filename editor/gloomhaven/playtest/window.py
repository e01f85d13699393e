"""The playtest window: a scenario on the embedded engine, played by hand or by bots.

Left: the setup (player count, level, classes with a "bot" box each, seed) and the round
(initiative order, each monster type's ability card, the elements, the modifier draws).
Middle: the map (figures with health and conditions, the last monster move's path and
focus) over the event log. Right: the pending decision (a list of the options; hex options
are also clickable on the map), the monster-move explanation with "Export situation...",
and a table of the figures.

The game runs on :class:`~questforge.editor.gloomhaven.playtest.runner.GameRunner`, which
drives the engine through the step API (:class:`~questforge.engine.core.session.Session`):
a step returns when it is done or a person must choose, so the window refreshes right after
each button and never waits on a thread. "Take back" undoes the last decision made by hand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.gloomhaven.playtest.board import (
    MoveOverlay,
    PickTool,
    PlaytestScene,
    snapshot,
)
from questforge.editor.gloomhaven.playtest.camera import Camera
from questforge.editor.gloomhaven.playtest.cards import CardChoice
from questforge.editor.gloomhaven.playtest.describe import (
    FIGURE_KINDS,
    HEX_KINDS,
    condition_list,
    decision_title,
    event_text,
    hex_text,
    option_text,
)
from questforge.editor.gloomhaven.playtest.explain import explanation_text, move_path
from questforge.editor.gloomhaven.playtest.runner import GameRunner, MonsterMoment, scenario_content
from questforge.editor.gloomhaven.playtest.statblock import stat_block_html
from questforge.editor.gloomhaven.scenario_map import as_hex
from questforge.editor.map.view import MapView
from questforge.editor.playtest.replay import SeedReplay
from questforge.editor.playtest.shortcuts import bind_playtest_keys
from questforge.engine.core.decisions import Decision
from questforge.engine.gloomhaven.game import Setup
from questforge.engine.gloomhaven.game.describe import monster_ability_text
from questforge.engine.gloomhaven.game.names import Names, names_of
from questforge.engine.gloomhaven.game.spec import ELEMENTS

ELEMENT_COLOURS = {
    "fire": "#d9480f",
    "ice": "#1c7ed6",
    "air": "#7b8a8b",
    "earth": "#5c940d",
    "light": "#e0a800",
    "dark": "#5f3dc4",
}
MAX_PLAYERS = 4
#: the map is never fitted smaller than this (hex discs ~40 px across on screen)
MIN_READABLE_ZOOM = 1.15


class PlaytestWindow(SeedReplay, QMainWindow):
    """Play ``scenario_id`` of ``pack`` (a pack folder, a loaded pack model or engine
    content). A game starts at once with the default setup; "New game" restarts it."""

    def __init__(
        self,
        pack: Any,
        scenario_id: str,
        parent: QWidget | None = None,
        *,
        players: int | None = None,
        level: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.content = scenario_content(pack, scenario_id)
        self.scenario_id = scenario_id
        self.spec = self.content.scenarios[scenario_id]
        self.runner: GameRunner | None = None
        self._reported_failure = ""
        self.selected_figure = ""
        self._shown_events = 0
        self.names = Names(self.content)
        self._moment: MonsterMoment | None = None
        self._fitted: frozenset[tuple[int, int]] = frozenset()
        self.setWindowTitle(f"Playtest - {self.spec.name or scenario_id}")
        self.resize(1560, 960)
        self.scene = PlaytestScene(self.spec, self)
        self.view = MapView(self.scene)
        self.pick = PickTool(self.scene, self)
        self.pick.hexClicked.connect(self._on_hex_clicked)
        self.view.set_tool(self.pick)
        self.camera = Camera(self.view, self.scene)
        self._build_ui()
        if players is not None:
            self.players_spin.setValue(players)
        if level is not None:
            self.level_spin.setValue(level)
        self.new_game()

    # ================================================================== UI
    def _build_ui(self) -> None:
        bar = QToolBar("Playtest")
        bar.setMovable(False)
        self.addToolBar(bar)
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
        self.step_back_button.clicked.connect(self.step_back)
        self.follow_box = QCheckBox("Follow")
        self.follow_box.setChecked(True)
        self.follow_box.setToolTip("The map follows the active figure and newly revealed rooms")
        self.follow_box.toggled.connect(self._follow_changed)
        self.export_button = QPushButton("Export situation...")
        self.step_turn_button.clicked.connect(lambda: self.step("turn"))
        self.step_round_button.clicked.connect(lambda: self.step("round"))
        self.run_button.clicked.connect(lambda: self.step("end"))
        self.undo_button.clicked.connect(self.undo)
        self.export_button.clicked.connect(self._export_clicked)
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
            self,
            step=self.step_turn_button,
            round=self.step_round_button,
            end=self.run_button,
            back=self.step_back_button,
        )
        self.round_label = QLabel()
        self.round_label.setStyleSheet("font-weight: bold; padding: 0 10px;")
        bar.addWidget(self.round_label)

        left = QWidget()
        lay = QVBoxLayout(left)
        lay.addWidget(self._build_setup())
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

        middle = QSplitter(Qt.Orientation.Vertical)
        middle.addWidget(self.view)
        log_box = QWidget()
        log_lay = QVBoxLayout(log_box)
        log_lay.setContentsMargins(0, 0, 0, 0)
        log_lay.addWidget(QLabel("<b>Event log</b>"))
        self.log_list = QListWidget()
        self.log_list.setWordWrap(True)
        log_lay.addWidget(self.log_list)
        middle.addWidget(log_box)
        middle.setSizes([680, 230])

        right = QWidget()
        rlay = QVBoxLayout(right)
        self.decision_box = QGroupBox("Decision")
        dlay = QVBoxLayout(self.decision_box)
        self.decision_label = QLabel(
            'Bots are playing. Untick a character\'s "bot" box to play it.'
        )
        self.decision_label.setWordWrap(True)
        dlay.addWidget(self.decision_label)
        # card decisions are laid out as cards (cards.py); the list stays one click away
        self.card_choice = CardChoice()
        self.card_choice.chosen.connect(self._answer)
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
        self.option_list.itemDoubleClicked.connect(lambda _item: self.confirm())
        dlay.addWidget(self.option_list)
        self.confirm_button = QPushButton("Confirm")
        self.confirm_button.setEnabled(False)
        self.confirm_button.clicked.connect(self.confirm)
        dlay.addWidget(self.confirm_button)
        rlay.addWidget(self.decision_box, 4)
        move_box = QGroupBox("Monster move: focus and path")
        mlay = QVBoxLayout(move_box)
        self.move_text = QPlainTextEdit()
        self.move_text.setReadOnly(True)
        mlay.addWidget(self.move_text)
        rlay.addWidget(move_box, 3)
        rlay.addWidget(QLabel("<b>Figures</b>"))
        self.figure_table = QTableWidget(0, 5)
        self.figure_table.setHorizontalHeaderLabels(["Figure", "Hex", "HP", "Conditions", "Cards"])
        self.figure_table.verticalHeader().setVisible(False)
        self.figure_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.figure_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.figure_table.itemSelectionChanged.connect(self._on_table_selection)
        rlay.addWidget(self.figure_table, 2)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(middle)
        split.addWidget(right)
        split.setSizes([360, 720, 480])
        self.setCentralWidget(split)
        self.status = self.statusBar()

    def _build_setup(self) -> QGroupBox:
        box = QGroupBox("Setup")
        form = QFormLayout(box)
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
        classes = sorted(self.content.classes)
        self.class_combos: list[QComboBox] = []
        self.bot_boxes: list[QCheckBox] = []
        for i in range(MAX_PLAYERS):
            row = QWidget()
            h = QHBoxLayout(row)
            h.setContentsMargins(0, 0, 0, 0)
            combo = QComboBox()
            for cid in classes:
                combo.addItem(self.content.classes[cid].name or cid, cid)
            if classes:
                combo.setCurrentIndex(i % len(classes))
            bot = QCheckBox("bot")
            bot.setChecked(True)
            bot.setToolTip("Checked: the bot plays this character. Unchecked: you do.")
            bot.toggled.connect(self._bots_changed)
            h.addWidget(combo, 1)
            h.addWidget(bot)
            form.addRow(f"Character {i + 1}", row)
            self.class_combos.append(combo)
            self.bot_boxes.append(bot)
        self.new_game_button = QPushButton("New game")
        self.new_game_button.clicked.connect(self.new_game)
        form.addRow(self.new_game_button)
        self._players_changed(self.players_spin.value())
        return box

    def _players_changed(self, players: int) -> None:
        for i in range(MAX_PLAYERS):
            self.class_combos[i].setEnabled(i < players)
            self.bot_boxes[i].setEnabled(i < players)

    # ================================================================== game
    def party(self) -> tuple[str, ...]:
        return tuple(
            str(self.class_combos[i].currentData()) for i in range(self.players_spin.value())
        )

    def people(self) -> set[str]:
        """The characters played by hand (their "bot" box unticked)."""
        party = self.party()
        return {party[i] for i in range(len(party)) if not self.bot_boxes[i].isChecked()}

    def new_game(self) -> bool:
        """Start a game with the setup panel's choices; False (and a message) if invalid."""
        party = self.party()
        if len(set(party)) != len(party):
            self.status.showMessage("Each character needs a different class (GH-CHAR-01).")
            return False
        setup = Setup(self.scenario_id, party, level=self.level_spin.value())
        try:
            runner = GameRunner(self.content, setup, self.game_seed(), self.people())
        except Exception as exc:  # a setup the engine refuses: say why, keep the window
            self.runner = None
            self._update_buttons()
            self.status.showMessage(f"Cannot start the game: {exc}")
            return False
        self.runner = runner
        self._reported_failure = ""
        self._shown_events = 0
        self._moment = None
        self.selected_figure = ""
        self.scene.selected_figure = ""
        self.log_list.clear()
        self._clear_decision()
        self.scene.set_move(MoveOverlay())
        self.move_text.setPlainText("No monster has moved yet.")
        self.camera.reset()
        self.runner.step("start")
        self._after_advance()
        return True

    def step(self, mode: str) -> bool:
        """Step a turn, a round, or play to the end ("turn", "round", "end")."""
        if self.runner is None or not self.runner.step(mode):
            return False
        self._after_advance()
        return True

    def undo(self) -> bool:
        """Take back the last decision made by hand; it is asked again."""
        r = self.runner
        if r is None or not r.undo():
            return False
        # the game was replayed up to that decision: the log restarts from its first event
        self._shown_events = 0
        self.log_list.clear()
        self._after_advance()
        self.status.showMessage("Decision taken back.")
        return True

    def step_back(self) -> bool:
        """Go back one step (a bot step or a person's answer): the game is replayed from
        its seed to where the previous step left it, the map and the log with it."""
        r = self.runner
        if r is None or not r.step_back():
            return False
        self._shown_events = 0
        self.log_list.clear()
        self._after_advance()
        self.status.showMessage("Stepped back: step forward to replay the same steps.")
        return True

    def _follow_changed(self, on: bool) -> None:
        self.camera.enabled = on

    @property
    def shown_events(self) -> int:
        """How many of the game's events the window has shown (the log is in sync when
        this equals ``len(runner.game.events)``)."""
        return self._shown_events

    def _bots_changed(self) -> None:
        if self.runner is not None:
            self.runner.people = self.people()

    def _after_advance(self) -> None:
        """Show the game after a step, an answer or a take-back: the panels, then the
        pending decision (or none), then an engine failure if the step ended in one."""
        r = self.runner
        if r is None:
            return
        self.sync()
        if r.pending is not None:
            self._on_decision(r.pending)
        else:
            self._clear_decision()
        if r.failed and r.failed != self._reported_failure:
            self._reported_failure = r.failed
            self.status.showMessage(f"The engine stopped: {r.failed}")
            self.log_list.addItem(f"ENGINE ERROR: {r.failed}")

    def _update_buttons(self) -> None:
        r = self.runner
        idle = r is not None and r.pending is None and not r.finished
        for b in (self.step_turn_button, self.step_round_button, self.run_button):
            b.setEnabled(idle)
        self.undo_button.setEnabled(r is not None and r.can_undo and not r.failed)
        self.step_back_button.setEnabled(r is not None and r.can_step_back)

    # ================================================================== refresh
    def sync(self) -> None:
        """Refresh every panel from the game (the worker is idle or waiting)."""
        r = self.runner
        if r is None:
            return
        game = r.game
        st = game.state
        events = [e.to_json() for e in game.events]
        snap = snapshot(st, self.spec)
        self.scene.set_snapshot(snap)
        if snap.revealed != self._fitted:
            self._fitted = snap.revealed
            self.fit_revealed()
        self.camera.follow(snap, self._active_figure(game.events[self._shown_events :]))
        # the log: the one narrator's sentences, with the game's names as of each event
        for e in game.events[self._shown_events :]:
            item_text = event_text(e, names_of(game, e))
            if item_text is None:  # bookkeeping (a turn ending): no line
                continue
            self.log_list.addItem(item_text)
            if e.type in ("round_start", "scenario_end"):
                item = self.log_list.item(self.log_list.count() - 1)
                item.setForeground(QColor("#1c4e80"))
        self._shown_events = len(events)
        self.names = names_of(game)
        self.log_list.scrollToBottom()
        round_events = _current_round(events)
        self._fill_order(round_events)
        self._fill_cards(round_events)
        self._fill_elements(st.elements)
        self._fill_modifiers(round_events)
        self._fill_figures(st)
        self._fill_move(events)
        self._fill_stat_block()
        phase = st.phase
        if game.result is not None:
            phase = f"finished: {game.result.outcome}"
        elif r.failed:
            phase = f"stopped ({r.failed})"
        turn = f" - {self.names.figure(st.current)}'s turn" if st.current else ""
        self.round_label.setText(f"Round {st.round} - {phase}{turn}")
        self._update_buttons()

    def _active_figure(self, new_events: Any) -> str:
        """Whom the camera looks at after a step: the character who must decide now, else
        the figure whose turn the step played last."""
        r = self.runner
        if r is not None and r.pending is not None and r.pending.actor in r.game.state.figures:
            return str(r.pending.actor)
        for e in reversed(new_events):
            if e.type == "turn_start":
                return str(e.get("figure"))
        return ""

    def _fill_order(self, events: list[dict[str, Any]]) -> None:
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
        current = self.runner.game.state.current if self.runner else ""
        for init, kind, actor, what in sorted(rows):
            mark = "> " if actor == current else ("  done " if actor in acted else "  ")
            who = self.names.monster(actor) if kind else self.names.figure(actor)
            self.order_list.addItem(f"{mark}{init:>2}  {who}" + (f"  ({what})" if what else ""))

    def _monster_card(self, deck: str, card_id: str) -> Any:
        for c in self.content.monster_decks.get(deck, ()):
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
            spec = self.content.monsters.get(name)
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
        self.modifier_list.clear()
        for e in events:
            if e.get("type") != "attack":
                continue
            mods = ", ".join(self.names.modifier(m) for m in e.get("modifiers") or []) or "-"
            flags = " (advantage)" if e.get("advantage") else ""
            flags += " (disadvantage)" if e.get("disadvantage") else ""
            self.modifier_list.addItem(
                f"{self.names.figure(e.get('attacker'))} -> {self.names.figure(e.get('target'))}: "
                f"drew {mods}{flags}; attack {e.get('value')}, {e.get('damage')} damage"
            )
        self.modifier_list.scrollToBottom()

    def _fill_figures(self, st: Any) -> None:
        figures = sorted(st.figures.values(), key=lambda f: (f.side != "party", f.id))
        self.figure_table.blockSignals(True)
        self.figure_table.setRowCount(len(figures))
        for row, f in enumerate(figures):
            cards = ""
            ch = st.characters.get(f.id) if f.kind == "character" else None
            if ch is not None:
                cards = f"hand {len(ch.hand)} / disc {len(ch.discard)} / lost {len(ch.lost)}"
            shield = f.shield + f.base_shield
            values = [
                self.names.figure(f.id),
                hex_text(f.hex),
                f"{f.hp}/{f.max_hp}" + (f" sh{shield}" if shield else ""),
                condition_list(f.conditions),
                cards,
            ]
            for col, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, f.id)
                self.figure_table.setItem(row, col, item)
            if f.id == self.selected_figure:
                self.figure_table.selectRow(row)
        self.figure_table.resizeColumnsToContents()
        self.figure_table.blockSignals(False)

    def _fill_move(self, events: list[dict[str, Any]]) -> None:
        """The monster move on display: the selected monster's last move, else the latest."""
        r = self.runner
        if r is None:
            return
        moment = None
        if self.selected_figure:
            moment = next(
                (m for m in reversed(r.moments) if m.figure == self.selected_figure), None
            )
        if moment is None and r.moments:
            moment = r.moments[-1]
        self._moment = moment
        if moment is None:
            self.scene.set_move(MoveOverlay())
            self.move_text.setPlainText("No monster has moved yet.")
            return
        self.move_text.setPlainText(explanation_text(moment))
        if moment.figure != self.selected_figure and moment.round != r.game.state.round:
            # an earlier round's move would be drawn over today's board: text only
            self.scene.set_move(MoveOverlay())
            return
        start, path = move_path(events, moment)
        f = moment.focus
        self.scene.set_move(
            MoveOverlay(
                moment.figure,
                start,
                path,
                as_hex(f.get("focus")),
                as_hex(f.get("destination")),
                [h for h in (as_hex(a) for a in f.get("attacks") or []) if h is not None],
            )
        )

    def fit_revealed(self) -> None:
        """Zoom to the revealed rooms (the whole map before the game starts)."""
        rect = self.scene.revealed_rect()
        if rect is None:
            return
        self.view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        if self.view.zoom() < MIN_READABLE_ZOOM:
            # big rooms: keep figures, health and conditions legible, centred on the party
            self.view.set_zoom(MIN_READABLE_ZOOM)
            party = [f for f in self.scene.snap.figures if f.side == "party"]
            if party:
                xs = [self.scene.center(f.hex).x() for f in party]
                ys = [self.scene.center(f.hex).y() for f in party]
                self.view.centerOn(sum(xs) / len(xs), sum(ys) / len(ys))

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self.fit_revealed()

    # ================================================================== decisions
    def _on_decision(self, decision: Decision) -> None:
        r = self.runner
        if r is None or r.pending is not decision:
            return
        state = r.game.state
        self.decision_box.setTitle(f"Decision: {decision.kind.replace('_', ' ')}")
        self.decision_label.setText(decision_title(decision, self.names))
        self.option_list.clear()
        clickable: dict[tuple[int, int], int] = {}
        for i in range(len(decision.options)):
            text = option_text(decision, i, self.content, state, self.names)
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
        cards = self.card_choice.show_decision(decision, self.content, state)
        self.list_toggle.setVisible(cards)
        self._show_card_choice(self.list_toggle.isChecked())
        self.scene.set_options(clickable)
        if clickable:
            self.status.showMessage("Choose in the list, or click a highlighted hex on the map.")
        else:
            self.status.clearMessage()
        self.option_list.setFocus()

    def _show_card_choice(self, as_list: bool) -> None:
        """Cards (the default for card decisions) or the plain list of options."""
        cards = self.card_choice.decision is not None and not as_list
        self.card_choice.setVisible(cards)
        for w in (self.option_filter, self.option_list, self.confirm_button):
            w.setVisible(not cards)

    def _fill_stat_block(self) -> None:
        r = self.runner
        if r is None or not self.selected_figure:
            self.stat_view.setHtml("")
            return
        self.stat_view.setHtml(stat_block_html(r.game, self.selected_figure, self.names))

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

    def confirm(self) -> bool:
        """Answer the pending decision with the option selected in the list."""
        r = self.runner
        row = self.option_list.currentRow()
        if r is None or r.pending is None or row < 0 or self.option_list.item(row).isHidden():
            return False
        return self._answer(row)

    def _answer(self, index: int) -> bool:
        r = self.runner
        if r is None or r.pending is None:
            return False
        r.answer(index)
        self._after_advance()
        return True

    def _clear_decision(self) -> None:
        self.option_filter.blockSignals(True)
        self.option_filter.clear()
        self.option_filter.blockSignals(False)
        self.option_list.clear()
        self.confirm_button.setEnabled(False)
        self.card_choice.clear()
        self.list_toggle.setVisible(False)
        self._show_card_choice(True)
        self.decision_box.setTitle("Decision")
        self.decision_label.setText(
            'Bots are playing. Untick a character\'s "bot" box to play it by hand.'
            if self.runner is None or not self.runner.people
            else "Step the game: the decisions of the characters you play appear here."
        )
        self.scene.set_options({})

    def _on_hex_clicked(self, h: tuple[int, int]) -> None:
        r = self.runner
        if r is not None and r.pending is not None and h in self.scene.options:
            self._answer(self.scene.options[h] - 1)
            return
        fig = self.scene.figure_at(h)
        self.select_figure(fig.id if fig is not None else "")

    def select_figure(self, figure_id: str) -> None:
        """Select a figure: the move panel shows its last move; export uses it."""
        self.selected_figure = figure_id
        self.scene.selected_figure = figure_id
        if self.runner is not None:
            self.sync()

    def _on_table_selection(self) -> None:
        items = self.figure_table.selectedItems()
        if items:
            self.select_figure(str(items[0].data(Qt.ItemDataRole.UserRole)))

    # ================================================================== export
    def situation_to_export(self) -> dict[str, Any]:
        """The moment "Export situation..." writes: the displayed monster move (the
        situation just before it moved); with none, the selected monster's situation now."""
        r = self.runner
        if r is None:
            raise RuntimeError("no game is running")
        figures = r.game.state.figures
        sel = self.selected_figure
        if sel not in figures or figures[sel].side != "monsters":
            sel = ""  # a character (or nothing) selected: the latest monster move
        moment = self._moment
        if (
            moment is not None
            and moment.situation is not None
            and (not sel or moment.figure == sel)
        ):
            return dict(moment.situation)
        if sel:
            return r.situation_now(sel)
        raise RuntimeError("no monster has moved yet: select a monster on the map first")

    def export_situation(self, path: Path) -> Path:
        """Write the current monster's moment as a situation file (``questforge ai solve``)."""
        data = self.situation_to_export()
        path = Path(path)
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        self.status.showMessage(f"Situation written to {path}")
        return path

    def _export_clicked(self) -> None:
        try:
            data = self.situation_to_export()
        except (RuntimeError, KeyError) as exc:
            QMessageBox.information(self, "Export situation", str(exc))
            return
        name = str(data.get("id") or "situation") + ".json"
        target, _ = QFileDialog.getSaveFileName(
            self, "Export situation", name, "Situation (*.json)"
        )
        if target:
            try:
                self.export_situation(Path(target))
            except OSError as exc:
                QMessageBox.warning(self, "Export situation", f"{target}: {exc.strerror or exc}")


def _current_round(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events since the last ``round_start`` (the round being played or just ended)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i].get("type") == "round_start":
            return events[i:]
    return []
