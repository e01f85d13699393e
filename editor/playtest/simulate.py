"""The Simulate dialog: batch simulation of any ruleset with a progress bar and the report.

It runs :func:`questforge.engine.core.simulation.run_batch` - the same code as
``questforge simulate`` - on a :class:`QThread`, so the editor stays responsive; the
simulation's progress callback feeds the :class:`QProgressBar` through a queued signal, and
Cancel makes the next callback raise, which stops the run (a process pool is terminated by
``run_tasks``). The setup controls are generated from the ruleset's declared setup options
(a sweepable option with a few values is a row of check boxes, to compare them). The report
is shown as a table of the key figures per setup (win rate with its 95 % interval, verdict,
rounds) and the ruleset's own lines; the self-contained HTML page (charts) and the JSON can
be saved. PySide6-Essentials has no web engine: the page is shown in a
:class:`~questforge.editor.playtest.report_view.ReportView` (its SVG charts drawn by Qt),
the same charts as the saved page.

"Compare with last saved version" plays the same seeded games on the document as saved on
disk (A) and as edited now (B), and shows per setup the difference in win rate and
whether it is significant (``simulation.comparison_report``). The closest losses of the
current version are listed with their seeds; *Open in playtest* replays one in the
playtest window (:func:`questforge.editor.playtest.open_playtest` with ``seed=``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QThread, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDesktopServices
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.playtest.report_view import ReportView
from questforge.engine.core import simulation as sim
from questforge.engine.core.errors import QuestforgeError
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import GameFace, GameSummary, SetupError, SetupOption
from questforge.engine.core.report_words import significance_words, thresholds_words
from questforge.engine.core.session import Session
from questforge.engine.core.targets import Target

COLUMNS = [
    "Setup",
    "Games",
    "Wins",
    "Win rate",
    "95% interval",
    "Verdict",
    "Rounds (mean)",
    "Unfinished",
    "Errors",
]


class Cancelled(Exception):
    """Raised from the progress callback to stop a simulation."""


class InProcessPlay:
    """Plays tasks on content already loaded here (the editor's unsaved edits included);
    one process only (content need not pickle)."""

    def __init__(self, face: GameFace, target: Target, content: Any) -> None:
        self.face = face
        self.target = target
        self.content = content

    def __call__(self, task: sim.GameTask) -> sim.GameRecord:
        setup = task.setup_dict()
        session = Session(
            lambda: self.face.new_game(self.content, self.target, setup, task.seed),
            lambda game: self.face.bots(game, task.seed),
            round_cap=self.face.round_cap,
        )
        session.run()
        summary: GameSummary = self.face.summary(session.game)
        return sim.GameRecord(task.setup, task.index, task.seed, summary)


class SimulationThread(QThread):
    """Runs one simulation; ``progress(done, total)``, then ``succeeded(report)``,
    ``failed(message)`` or ``cancelled()``."""

    progress = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(
        self,
        face: GameFace,
        info: dict[str, Any],
        setups: list[sim.SetupPoint],
        play: Callable[[sim.GameTask], sim.GameRecord],
        games: int,
        seed: int,
        jobs: int,
        *,
        base: sim.PlayTask | None = None,
        target_text: str | None = None,
        names: tuple[str, str] = ("A", "B"),
    ) -> None:
        super().__init__()
        self.face = face
        self.info = info
        self.setups = setups
        self.play = play
        self.games = games
        self.seed = seed
        self.jobs = jobs
        #: with a base version (the document as saved), both are played and compared
        self.base = base
        self.target_text = target_text
        self.names = names
        self._cancel = False
        self._offset = 0
        self._total = 0

    def cancel(self) -> None:
        self._cancel = True

    def _progress(self, done: int, total: int) -> None:
        if self._cancel:
            raise Cancelled()
        self.progress.emit(self._offset + done, self._total or total)

    def _batch(
        self, info: dict[str, Any], play: Callable[[sim.GameTask], sim.GameRecord], target: str
    ) -> dict[str, Any]:
        report, _records = sim.run_batch(
            self.face,
            info,
            self.setups,
            play,
            games=self.games,
            seed=self.seed,
            jobs=self.jobs,
            progress=self._progress,
            target=target,
        )
        return report

    def run(self) -> None:
        try:
            if self.base is None:
                report = self._batch(self.info, self.play, self.target_text or "")
            else:
                count = self.games * len(self.setups)
                self._total = 2 * count
                base = self.base
                # the saved version loads here, on the worker thread (a broken saved file
                # is reported like any other failure)
                content = sim.load_target_content(base.face(), base.target)
                saved_play: Callable[[sim.GameTask], sim.GameRecord] = (
                    base if self.jobs > 1 else InProcessPlay(self.face, base.target, content)
                )
                saved = self._batch(
                    self.face.content_info(content, base.target), saved_play, str(base.target.file)
                )
                self._offset = count
                current = self._batch(self.info, self.play, self.target_text or "")
                report = sim.comparison_report(
                    saved, current, base_name=self.names[0], other_name=self.names[1]
                )
        except Cancelled:
            self.cancelled.emit()
            return
        except Exception as exc:  # reported in the dialog, never a crash of the editor
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.succeeded.emit(report)


class OptionControl:
    """The widget of one setup option and how to read its value(s) from it."""

    def __init__(self, option: SetupOption, value: JSONValue) -> None:
        self.option = option
        self.boxes: dict[int, QCheckBox] = {}
        self.widget: QWidget
        o = option
        small = (
            o.type == "int"
            and o.sweep
            and o.minimum is not None
            and o.maximum is not None
            and o.maximum - o.minimum <= 8
        )
        if small:
            row = QWidget()
            h = QHBoxLayout(row)
            h.setContentsMargins(0, 0, 0, 0)
            assert o.minimum is not None and o.maximum is not None
            for n in range(o.minimum, o.maximum + 1):
                box = QCheckBox(str(n))
                box.setChecked(n == value)
                h.addWidget(box)
                self.boxes[n] = box
            h.addStretch(1)
            self.widget = row
        elif o.type == "int" and not o.sweep:
            spin = QSpinBox()
            spin.setRange(o.minimum if o.minimum is not None else -(10**9), o.maximum or 10**9)
            spin.setValue(int(value))
            self.widget = spin
        elif o.type == "choice":
            combo = QComboBox()
            combo.addItems(list(o.choices))
            combo.setCurrentText(str(value))
            self.widget = combo
        elif o.type == "flag":
            box = QCheckBox()
            box.setChecked(bool(value))
            self.widget = box
        else:
            edit = QLineEdit("" if value is None else str(value))
            edit.setPlaceholderText("2,3,4 or 1..8" if o.sweep else "")
            self.widget = edit
        self.widget.setToolTip(o.help)

    def values(self) -> list[JSONValue]:
        """The chosen values (several for a sweep); :class:`SetupError` when invalid."""
        o, w = self.option, self.widget
        if self.boxes:
            chosen: list[JSONValue] = [n for n, b in self.boxes.items() if b.isChecked()]
            if not chosen:
                raise SetupError(f"tick at least one value of {o.label}")
            return chosen
        if isinstance(w, QSpinBox):
            return [o.check(w.value())]
        if isinstance(w, QComboBox):
            return [o.check(w.currentText())]
        if isinstance(w, QCheckBox):
            return [w.isChecked()]
        assert isinstance(w, QLineEdit)
        text = w.text()
        if o.type == "text":
            return [text.strip()]
        return o.parse_many(text) if o.sweep else [o.parse(text)]


class SimulateDialog(QDialog):
    """Batch-simulate ``target`` with bots and show the balance report."""

    #: a run ended (report shown, failed or cancelled)
    runEnded = Signal()

    def __init__(
        self,
        face: GameFace,
        target: Target,
        content: Any,
        parent: QWidget | None = None,
        *,
        setup: dict[str, JSONValue] | None = None,
        saved: bool = True,
        saved_version: Target | None = None,
    ) -> None:
        super().__init__(parent)
        self.face = face
        self.target = target
        self.content = content
        #: the document as last saved on disk ("Compare with last saved version")
        self.saved_version = saved_version
        #: worker processes load the pack from its folder, so they only see saved content
        self.saved = saved
        self.worker: SimulationThread | None = None
        self.report: dict[str, Any] | None = None
        self.info = face.content_info(content, target)
        self.options = face.setup_options(content, target)
        self.setWindowTitle(f"Simulate - {self.info.get('name') or target.id}")
        self.resize(1180, 860)
        values = {o.name: o.default for o in self.options}
        values.update(setup or {})
        self._build_ui(values)

    def _build_ui(self, values: dict[str, JSONValue]) -> None:
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.controls: dict[str, OptionControl] = {}
        for option in self.options:
            control = OptionControl(option, values.get(option.name, option.default))
            self.controls[option.name] = control
            form.addRow(option.label[:1].upper() + option.label[1:], control.widget)
        self.games_spin = QSpinBox()
        self.games_spin.setRange(1, 1_000_000)
        self.games_spin.setValue(100)
        form.addRow("Games per setup", self.games_spin)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(1)
        form.addRow("Seed", self.seed_spin)
        self.jobs_spin = QSpinBox()
        self.jobs_spin.setRange(1, max(1, os.cpu_count() or 1))
        self.jobs_spin.setValue(1)
        if not self.saved:
            self.jobs_spin.setEnabled(False)
            self.jobs_spin.setToolTip(
                "Unsaved edits: worker processes would load the saved files; save to use them."
            )
        form.addRow("Jobs (processes)", self.jobs_spin)
        lay.addLayout(form)
        buttons = QHBoxLayout()
        self.run_button = QPushButton("Run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.compare_button = QPushButton("Compare with last saved version")
        self.compare_button.clicked.connect(self.start_comparison)
        self.compare_button.setEnabled(self.saved_version is not None)
        self.compare_button.setToolTip(
            "Play the same seeded games on the file as saved and on the document as edited "
            "now, and show the difference per setup."
            if self.saved_version is not None
            else "There is no saved version of this document to compare with."
        )
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.compare_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        lay.addLayout(buttons)
        self.status_label = QLabel("Choose the setups and press Run.")
        lay.addWidget(self.status_label)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setMaximumHeight(190)  # the charts below need the room
        lay.addWidget(self.table, 1)
        self.bands_label = QLabel()
        self.bands_label.setWordWrap(True)
        lay.addWidget(self.bands_label)
        self.tabs = QTabWidget()
        self.report_view = ReportView()
        self.tabs.addTab(self.report_view, "Charts")
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.tabs.addTab(self.details, "Details")
        losses = QWidget()
        losses_lay = QVBoxLayout(losses)
        self.losses_table = QTableWidget(0, 4)
        self.losses_table.setHorizontalHeaderLabels(["Setup", "Game", "Seed", "How close"])
        self.losses_table.verticalHeader().setVisible(False)
        self.losses_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.losses_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.losses_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.losses_table.cellDoubleClicked.connect(lambda row, _col: self.open_loss(row))
        losses_lay.addWidget(self.losses_table)
        row = QHBoxLayout()
        self.open_loss_button = QPushButton("Open in playtest")
        self.open_loss_button.setToolTip("Replay the selected game, seed and setup, with bots")
        self.open_loss_button.setEnabled(False)
        self.open_loss_button.clicked.connect(
            lambda: self.open_loss(self.losses_table.currentRow())
        )
        self.loss_command = QLineEdit()
        self.loss_command.setReadOnly(True)
        self.loss_command.setPlaceholderText("the command that replays the selected game")
        self.loss_command.setToolTip(
            "The command replays the game on the file as saved; Open in playtest replays the "
            "version simulated here, unsaved edits included."
        )
        self.losses_table.currentCellChanged.connect(lambda *_: self._loss_selected())
        row.addWidget(self.open_loss_button)
        row.addWidget(self.loss_command, 1)
        losses_lay.addLayout(row)
        self.tabs.addTab(losses, "Closest losses")
        self.comparison_table = QTableWidget(0, 6)
        self.comparison_table.setHorizontalHeaderLabels(
            ["Setup", "Saved version", "This version", "Difference", "Significant", "In words"]
        )
        self.comparison_table.verticalHeader().setVisible(False)
        self.comparison_table.horizontalHeader().setStretchLastSection(True)
        self.comparison_table.setWordWrap(True)
        self.comparison_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tabs.addTab(self.comparison_table, "Comparison")
        lay.addWidget(self.tabs, 4)
        self.playtests: list[QWidget] = []
        saves = QHBoxLayout()
        self.save_html_button = QPushButton("Save HTML report...")
        self.save_html_button.clicked.connect(self._save_html_clicked)
        self.save_json_button = QPushButton("Save JSON report...")
        self.save_json_button.clicked.connect(self._save_json_clicked)
        for b in (self.save_html_button, self.save_json_button):
            b.setEnabled(False)
            saves.addWidget(b)
        saves.addStretch(1)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        saves.addWidget(close)
        lay.addLayout(saves)

    # ------------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        return self.worker is not None and self.worker.isRunning()

    def finished_signal(self) -> Any:
        """A signal emitted once the next run has ended (report shown, failed or cancelled)."""
        return self.runEnded

    def chosen(self) -> dict[str, list[JSONValue]]:
        """Each option's chosen values (several where the option is compared)."""
        return {name: c.values() for name, c in self.controls.items()}

    def setups(self) -> list[sim.SetupPoint]:
        return sim.sweep(self.options, self.chosen())

    def start_comparison(self) -> bool:
        """Play the saved version and the current one with the same seeds and compare them
        (False if there is no saved version, the settings are invalid or a run is on)."""
        if self.saved_version is None:
            self.status_label.setText("The document has not been saved: nothing to compare with.")
            return False
        return self.start(compare=True)

    def start(self, compare: bool = False) -> bool:
        """Start the simulation with the dialog's settings (False if invalid or running)."""
        if self.running:
            return False
        try:
            setups = self.setups()
            for point in setups:  # refuse a setup the content cannot play, before running
                self.face.new_game(self.content, self.target, point.as_dict(), 0)
        except QuestforgeError as exc:
            self.status_label.setText(str(exc)[:1].upper() + str(exc)[1:])
            return False
        jobs = self.jobs_spin.value() if self.saved else 1
        # one process plays the content as loaded here (unsaved edits included); worker
        # processes load the pack from its folder (PlayTask pickles, content may not)
        play: Callable[[sim.GameTask], sim.GameRecord] = (
            sim.PlayTask(self.face.ruleset, self.target)
            if jobs > 1
            else InProcessPlay(self.face, self.target, self.content)
        )
        games = self.games_spin.value()
        base = None
        if compare and self.saved_version is not None:
            base = sim.PlayTask(self.face.ruleset, self.saved_version)
        self.worker = SimulationThread(
            self.face,
            self.info,
            setups,
            play,
            games,
            self.seed_spin.value(),
            jobs,
            base=base,
            target_text=str(self.target.file),
            names=("last saved version", "this version"),
        )
        self.worker.progress.connect(self._on_progress)
        self.worker.succeeded.connect(self._on_succeeded)
        self.worker.failed.connect(self._on_failed)
        self.worker.cancelled.connect(self._on_cancelled)
        total = games * len(setups) * (2 if base is not None else 1)
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.compare_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        what = "the saved and the current version: " if base is not None else ""
        self.status_label.setText(f"Simulating {what}{total} games on {jobs} process(es)...")
        self.worker.start()
        return True

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.status_label.setText("Cancelling...")

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(max(1, total))
        self.progress.setValue(done)
        self.status_label.setText(f"{done} of {total} games played")

    def _finished(self) -> None:
        # the worker emitted its last signal just before returning from run(): let it end
        # so the QThread object is never destroyed while its thread still runs
        if self.worker is not None:
            self.worker.wait()
        self.run_button.setEnabled(True)
        self.compare_button.setEnabled(self.saved_version is not None)
        self.cancel_button.setEnabled(False)
        self.runEnded.emit()

    def _on_cancelled(self) -> None:
        self._finished()
        self.status_label.setText("Cancelled: no report.")

    def _on_failed(self, message: str) -> None:
        self._finished()
        self.status_label.setText(f"The simulation failed: {message}")

    def _on_succeeded(self, report: dict[str, Any]) -> None:
        if self.worker is not None:
            self.worker.wait()
        self.report = report
        self.show_report(report)
        seconds = (report.get("timing") or {}).get("seconds")
        when = f" in {seconds:.1f} s" if isinstance(seconds, int | float) else ""
        self.status_label.setText(f"Done{when}.")
        self.save_html_button.setEnabled(True)
        self.save_json_button.setEnabled(True)
        self._finished()

    # ------------------------------------------------------------------ report
    def current_report(self) -> dict[str, Any] | None:
        """The report of the document as edited (in a comparison, version B)."""
        if self.report is None:
            return None
        return self.report.get("compared_with") or self.report

    def show_report(self, report: dict[str, Any]) -> None:
        from questforge.engine.core.report_html import render_html

        current = report.get("compared_with") or report
        thresholds = report.get("verdict_thresholds") or {}
        if thresholds:
            self.bands_label.setText(
                "Verdict on the bots' win rate: "
                + thresholds_words(
                    float(thresholds["too_hard_below"]), float(thresholds["too_easy_above"])
                )
                + "."
                + (" Rows: this version." if current is not report else "")
            )
        self.report_view.set_page(render_html(report, self.face.report_html))
        self._show_losses(current)
        self._show_comparison(report)
        self.tabs.setCurrentIndex(3 if current is not report else 0)
        setups = current.get("setups") or []
        self.table.setRowCount(len(setups))
        details: list[str] = []
        for row, s in enumerate(setups):
            lo, hi = (s.get("win_rate_ci95") or [0.0, 1.0])[:2]
            verdict = str(s.get("verdict")) + (
                "" if s.get("verdict_conclusive") else " (not yet conclusive)"
            )
            rounds = (s.get("rounds") or {}).get("mean")
            values = [
                str(s.get("label")),
                str(s.get("games")),
                str(s.get("wins")),
                f"{100 * float(s.get('win_rate') or 0):.1f}%",
                f"{100 * lo:.1f}% - {100 * hi:.1f}%",
                verdict,
                "-" if rounds is None else f"{rounds:.1f}",
                str(s.get("unfinished")),
                str(s.get("errors")),
            ]
            for col, value in enumerate(values):
                self.table.setItem(row, col, QTableWidgetItem(value))
            details.append(f"{values[0]}:")
            details.extend(f"  {line}" for line in self.face.report_text(s))
            for err in (s.get("error_games") or [])[:3]:
                details.append(
                    f"  ENGINE ERROR game {err.get('game')} seed {err.get('seed')}: {err.get('error')}"
                )
        self.table.resizeColumnsToContents()
        self.details.setPlainText("\n".join(details))

    def _show_losses(self, report: dict[str, Any]) -> None:
        self._losses: list[tuple[dict[str, JSONValue], dict[str, Any]]] = []
        for s in report.get("setups") or []:
            for loss in s.get("closest_losses") or []:
                self._losses.append((dict(s.get("setup") or {}), {**loss, "label": s["label"]}))
        self.losses_table.setRowCount(len(self._losses))
        for row, (_setup, loss) in enumerate(self._losses):
            values = [str(loss["label"]), str(loss["game"]), str(loss["seed"]), str(loss["note"])]
            for col, value in enumerate(values):
                self.losses_table.setItem(row, col, QTableWidgetItem(value))
        self.losses_table.resizeColumnsToContents()
        if self._losses:
            self.losses_table.selectRow(0)
        self._loss_selected()

    def _loss_selected(self) -> None:
        row = self.losses_table.currentRow()
        ok = 0 <= row < len(getattr(self, "_losses", []))
        self.open_loss_button.setEnabled(ok)
        if ok:
            setup, loss = self._losses[row]
            # the editor simulates a temporary copy of the pack; the command names the file
            # as saved (the designer's own), which replays this game once the edits are saved
            file = self.saved_version.file if self.saved_version is not None else self.target.file
            self.loss_command.setText(sim.replay_command(str(file), setup, int(loss["seed"])))
        else:
            self.loss_command.clear()

    def open_loss(self, row: int) -> QWidget | None:
        """Replay closest loss ``row`` in the playtest window (same setup and seed, bots on
        every side, so it is the very game the report counted)."""
        from questforge.editor.playtest import open_playtest

        if not 0 <= row < len(getattr(self, "_losses", [])):
            return None
        setup, loss = self._losses[row]
        try:
            window = open_playtest(
                self.parentWidget(),
                self.target.pack_root,
                self.target.id,
                setup=setup,
                seed=int(loss["seed"]),
            )
        except ValueError as exc:
            self.status_label.setText(f"Cannot open the playtest: {exc}")
            return None
        self.playtests.append(window)
        self.status_label.setText(
            f"Opened game {loss['game']} (seed {loss['seed']}) of {loss['label']} in a playtest window."
        )
        return window

    def _show_comparison(self, report: dict[str, Any]) -> None:
        rows = report.get("comparison") or []
        other = report.get("compared_with") or {}
        names = report.get("versions") or {}
        a, b = str(names.get("base", "A")), str(names.get("other", "B"))
        by_a = {str(s.get("label")): s for s in report.get("setups") or []}
        by_b = {str(s.get("label")): s for s in other.get("setups") or []}
        self.comparison_table.setRowCount(len(rows))
        for i, r in enumerate(rows):
            label = str(r["label"])
            sa, sb = by_a.get(label, {}), by_b.get(label, {})
            diff = r.get("difference")
            values = [
                label,
                f"{100 * r['base_win_rate']:.1f}% ({sa.get('wins')} of {sa.get('games')})",
                f"{100 * r['win_rate']:.1f}% ({sb.get('wins')} of {sb.get('games')})",
                "-" if diff is None else f"{100 * diff:+.1f} points",
                "yes" if r.get("significant") else "no",
                significance_words(r, a, b),
            ]
            for col, value in enumerate(values):
                self.comparison_table.setItem(i, col, QTableWidgetItem(value))
        for col in range(self.comparison_table.columnCount() - 1):
            self.comparison_table.resizeColumnToContents(col)
        self.comparison_table.resizeRowsToContents()

    def comparison(self) -> list[dict[str, Any]]:
        """The comparison rows of the report shown (empty without a comparison)."""
        return list((self.report or {}).get("comparison") or [])

    def win_rates(self) -> list[float]:
        """Each setup's win rate of the current version in the report shown (empty before
        a run)."""
        current = self.current_report()
        if current is None:
            return []
        return [float(s.get("win_rate") or 0.0) for s in current.get("setups") or []]

    def save_html(self, path: Path) -> Path:
        from questforge.engine.core.report_html import render_html

        if self.report is None:
            raise RuntimeError("run a simulation first")
        path = Path(path)
        path.write_text(render_html(self.report, self.face.report_html), encoding="utf-8")
        return path

    def save_json(self, path: Path) -> Path:
        if self.report is None:
            raise RuntimeError("run a simulation first")
        path = Path(path)
        path.write_text(json.dumps(self.report, indent=2) + "\n", encoding="utf-8")
        return path

    def _save_html_clicked(self) -> None:
        target, _ = QFileDialog.getSaveFileName(
            self, "Save HTML report", f"{self.target.id}-report.html", "HTML (*.html)"
        )
        if not target:
            return
        try:
            self.save_html(Path(target))
        except OSError as exc:
            QMessageBox.warning(self, "Save HTML report", f"{target}: {exc.strerror or exc}")
            return
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(target).resolve())))

    def _save_json_clicked(self) -> None:
        target, _ = QFileDialog.getSaveFileName(
            self, "Save JSON report", f"{self.target.id}-report.json", "JSON (*.json)"
        )
        if target:
            try:
                self.save_json(Path(target))
            except OSError as exc:
                QMessageBox.warning(self, "Save JSON report", f"{target}: {exc.strerror or exc}")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.worker is not None and self.worker.isRunning():
            self.worker.cancel()
            self.worker.wait(30_000)
        super().closeEvent(event)

    def done(self, result: int) -> None:
        if self.worker is not None and self.worker.isRunning():
            self.worker.cancel()
            self.worker.wait(30_000)
        super().done(result)
