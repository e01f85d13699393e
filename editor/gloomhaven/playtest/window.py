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

The window is the runner's glue: it starts, steps and answers the game and refreshes its
parts, each in a module named after what it shows — ``controls.py`` (the tool bar),
``setup_panel.py``, ``round_panel.py``, ``decision_panel.py``, ``move_panel.py``,
``figure_table.py`` and ``situation_export.py``. Their widgets stay reachable under the
window's old names (``window.option_list``, ``window.bot_boxes`` …).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QMainWindow,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.gloomhaven.playtest import situation_export
from questforge.editor.gloomhaven.playtest.board import PickTool, PlaytestScene, snapshot
from questforge.editor.gloomhaven.playtest.camera import Camera
from questforge.editor.gloomhaven.playtest.controls import PlaytestControls
from questforge.editor.gloomhaven.playtest.decision_panel import DecisionPanel
from questforge.editor.gloomhaven.playtest.describe import event_text
from questforge.editor.gloomhaven.playtest.figure_table import FigureTable
from questforge.editor.gloomhaven.playtest.move_panel import MovePanel
from questforge.editor.gloomhaven.playtest.round_panel import ELEMENT_COLOURS, RoundPanel
from questforge.editor.gloomhaven.playtest.runner import GameRunner, MonsterMoment, scenario_content
from questforge.editor.gloomhaven.playtest.setup_panel import MAX_PLAYERS, SetupPanel
from questforge.editor.map.view import MapView
from questforge.editor.playtest.replay import SeedReplay
from questforge.engine.core.decisions import Decision
from questforge.engine.gloomhaven.game import Setup
from questforge.engine.gloomhaven.game.names import Names, names_of

__all__ = ["ELEMENT_COLOURS", "MAX_PLAYERS", "MIN_READABLE_ZOOM", "PlaytestWindow"]

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
        self.controls = PlaytestControls(self)
        c = self.controls  # the tool bar's widgets under their old names
        self.step_turn_button, self.step_round_button = c.step_turn_button, c.step_round_button
        self.run_button, self.undo_button = c.run_button, c.undo_button
        self.step_back_button, self.follow_box = c.step_back_button, c.follow_box
        self.export_button, self.round_label = c.export_button, c.round_label

        self.setup_panel = SetupPanel(self)
        s = self.setup_panel
        self.players_spin, self.level_spin, self.seed_spin = (
            s.players_spin,
            s.level_spin,
            s.seed_spin,
        )
        self.class_combos, self.bot_boxes = s.class_combos, s.bot_boxes
        self.new_game_button = s.new_game_button
        left = self.round_panel = RoundPanel(self, self.setup_panel)
        self.order_list, self.cards_view = left.order_list, left.cards_view
        self.stat_view, self.element_labels = left.stat_view, left.element_labels
        self.modifier_list = left.modifier_list

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
        self.decision_box = DecisionPanel(self)
        d = self.decision_box
        self.decision_label, self.card_choice = d.decision_label, d.card_choice
        self.list_toggle, self.option_filter = d.list_toggle, d.option_filter
        self.option_list, self.confirm_button = d.option_list, d.confirm_button
        rlay.addWidget(self.decision_box, 4)
        self.move_panel = MovePanel(self.scene)
        self.move_text = self.move_panel.move_text
        rlay.addWidget(self.move_panel, 3)
        rlay.addWidget(QLabel("<b>Figures</b>"))
        self.figure_table = FigureTable()
        self.figure_table.itemSelectionChanged.connect(self._on_table_selection)
        rlay.addWidget(self.figure_table, 2)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(middle)
        split.addWidget(right)
        split.setSizes([360, 720, 480])
        self.setCentralWidget(split)
        self.status = self.statusBar()

    # ================================================================== game
    def party(self) -> tuple[str, ...]:
        return self.setup_panel.party()

    def people(self) -> set[str]:
        """The characters played by hand (their "bot" box unticked)."""
        return self.setup_panel.people()

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
        self.move_panel.reset()
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
        self.controls.update_buttons(self.runner)

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
        self.round_panel.fill(_current_round(events), st.elements)
        self.figure_table.fill(st, self.names, self.selected_figure)
        self._moment = self.move_panel.fill(r, events, self.selected_figure)
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
        clickable = self.decision_box.show_decision(
            decision, self.content, r.game.state, self.names
        )
        self.scene.set_options(clickable)
        if clickable:
            self.status.showMessage("Choose in the list, or click a highlighted hex on the map.")
        else:
            self.status.clearMessage()
        self.option_list.setFocus()

    def confirm(self) -> bool:
        """Answer the pending decision with the option selected in the list."""
        r = self.runner
        row = self.decision_box.chosen_row()
        if r is None or r.pending is None or row < 0:
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
        self.decision_box.clear(people=self.runner is not None and bool(self.runner.people))
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
        figure_id = self.figure_table.selected_figure_id()
        if figure_id is not None:
            self.select_figure(figure_id)

    # ================================================================== export
    def situation_to_export(self) -> dict[str, Any]:
        """The moment "Export situation..." writes (:mod:`.situation_export`)."""
        return situation_export.situation_to_export(self)

    def export_situation(self, path: Path) -> Path:
        """Write the current monster's moment as a situation file (``questforge ai solve``)."""
        return situation_export.export_situation(self, path)

    def _export_clicked(self) -> None:
        situation_export.export_clicked(self)


def _current_round(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events since the last ``round_start`` (the round being played or just ended)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i].get("type") == "round_start":
            return events[i:]
    return []
