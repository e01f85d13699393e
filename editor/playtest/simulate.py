"""The Simulate dialog: batch simulation of any ruleset with a progress bar and the report.

It runs :func:`questforge.engine.core.simulation.run_batch` - the same code as
``questforge simulate`` - on a :class:`QThread`, so the editor stays responsive; the
simulation's progress callback feeds the :class:`QProgressBar` through a queued signal, and
Cancel makes the next callback raise, which stops the run (a process pool is terminated by
``run_tasks``). The setup controls are generated from the ruleset's declared setup options
(a sweepable option with a few values is a row of check boxes, to compare them). The report
is shown as a table of the key figures per setup (win rate with its 95 % interval, verdict,
rounds) and the ruleset's own lines; the self-contained HTML page (charts) and the JSON can
be saved. PySide6-Essentials has no web engine, so the HTML page is saved and opened in the
system browser rather than embedded.
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
    QVBoxLayout,
    QWidget,
)

from questforge.engine.core import simulation as sim
from questforge.engine.core.errors import QuestforgeError
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import GameFace, GameSummary, SetupError, SetupOption
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
    ) -> None:
        super().__init__()
        self.face = face
        self.info = info
        self.setups = setups
        self.play = play
        self.games = games
        self.seed = seed
        self.jobs = jobs
        self._cancel = False

    def cancel(self) -> None:
        self._cancel = True

    def _progress(self, done: int, total: int) -> None:
        if self._cancel:
            raise Cancelled()
        self.progress.emit(done, total)

    def run(self) -> None:
        try:
            report, _records = sim.run_batch(
                self.face,
                self.info,
                self.setups,
                self.play,
                games=self.games,
                seed=self.seed,
                jobs=self.jobs,
                progress=self._progress,
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
    ) -> None:
        super().__init__(parent)
        self.face = face
        self.target = target
        self.content = content
        #: worker processes load the pack from its folder, so they only see saved content
        self.saved = saved
        self.worker: SimulationThread | None = None
        self.report: dict[str, Any] | None = None
        self.info = face.content_info(content, target)
        self.options = face.setup_options(content, target)
        self.setWindowTitle(f"Simulate - {self.info.get('name') or target.id}")
        self.resize(900, 620)
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
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        lay.addLayout(buttons)
        self.status_label = QLabel("Choose the setups and press Run.")
        lay.addWidget(self.status_label)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        lay.addWidget(self.table, 2)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        lay.addWidget(self.details, 2)
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

    def start(self) -> bool:
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
        self.worker = SimulationThread(
            self.face, self.info, setups, play, games, self.seed_spin.value(), jobs
        )
        self.worker.progress.connect(self._on_progress)
        self.worker.succeeded.connect(self._on_succeeded)
        self.worker.failed.connect(self._on_failed)
        self.worker.cancelled.connect(self._on_cancelled)
        self.progress.setRange(0, games * len(setups))
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status_label.setText(
            f"Simulating {games * len(setups)} games on {jobs} process(es)..."
        )
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
    def show_report(self, report: dict[str, Any]) -> None:
        setups = report.get("setups") or []
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

    def win_rates(self) -> list[float]:
        """Each setup's win rate in the report shown (empty before a run)."""
        if self.report is None:
            return []
        return [float(s.get("win_rate") or 0.0) for s in self.report.get("setups") or []]

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
