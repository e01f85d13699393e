"""The Simulate dialog: the engine's batch simulation with a progress bar and the report.

It runs :func:`questforge.engine.gloomhaven.simulation.run_simulation` - the same code as
``questforge simulate`` - on a :class:`QThread`, so the editor stays responsive; the
simulation's progress callback feeds the :class:`QProgressBar` through a queued signal, and
Cancel makes the next callback raise, which stops the run (a process pool is terminated by
``run_tasks``' ``with`` block). The report is shown as a table of the key figures per setup
(win rate with its 95 % interval, verdict, rounds, exhaustion, kills); the full
self-contained HTML page (charts) and the JSON can be saved. PySide6-Essentials has no web
engine, so the HTML page is saved and opened in the system browser rather than embedded.
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
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
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

from questforge.editor.playtest.runner import scenario_content
from questforge.engine.gloomhaven import simulation as sim
from questforge.engine.gloomhaven.game.spec import Content

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


class _ContentLoader:
    """Loader for content that has no pack folder (one process only: not picklable)."""

    def __init__(self, content: Content) -> None:
        self.content = content

    def __call__(self) -> Content:
        return self.content


def pack_root(pack: Any) -> Path | None:
    """The folder of ``pack`` (a path, or a loaded pack model with a manifest), if any."""
    if isinstance(pack, str | os.PathLike):
        return Path(pack)
    manifest = getattr(pack, "pack", None)
    root = getattr(manifest, "root", None)
    return Path(root) if root is not None else None


class SimulationThread(QThread):
    """Runs one simulation; ``progress(done, total)``, then ``succeeded(report)``,
    ``failed(message)`` or ``cancelled()``."""

    progress = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(
        self,
        scenario: dict[str, Any],
        setups: list[sim.Setup],
        play: Callable[[sim.GameTask], sim.GameResult],
        games: int,
        seed: int,
        jobs: int,
    ) -> None:
        super().__init__()
        self.scenario = scenario
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
            report, _results = sim.run_simulation(
                self.scenario,
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


class SimulateDialog(QDialog):
    """Batch-simulate ``scenario_id`` of ``pack`` with bots and show the balance report."""

    #: a run ended (report shown, failed or cancelled)
    runEnded = Signal()

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
        self.root = pack_root(pack) if not isinstance(pack, Content) else None
        self.worker: SimulationThread | None = None
        self.report: dict[str, Any] | None = None
        spec = self.content.scenarios[scenario_id]
        self.setWindowTitle(f"Simulate - {spec.name or scenario_id}")
        self.resize(900, 620)
        self._build_ui()
        if players in self.player_boxes:
            for n, box in self.player_boxes.items():
                box.setChecked(n == players)
        if level is not None:
            self.level_spin.setValue(level)

    def _build_ui(self) -> None:
        lay = QVBoxLayout(self)
        form = QFormLayout()
        row = QWidget()
        h = QHBoxLayout(row)
        h.setContentsMargins(0, 0, 0, 0)
        self.player_boxes: dict[int, QCheckBox] = {}
        for n in (2, 3, 4):
            box = QCheckBox(str(n))
            box.setChecked(n == 2)
            h.addWidget(box)
            self.player_boxes[n] = box
        h.addStretch(1)
        form.addRow("Characters", row)
        self.level_spin = QSpinBox()
        self.level_spin.setRange(0, 7)
        self.level_spin.setValue(1)
        form.addRow("Level", self.level_spin)
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
        if self.root is None:
            self.jobs_spin.setEnabled(False)
            self.jobs_spin.setToolTip("This pack has no folder: worker processes cannot load it.")
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

    def player_counts(self) -> list[int]:
        return [n for n, box in self.player_boxes.items() if box.isChecked()]

    def start(self) -> bool:
        """Start the simulation with the dialog's settings (False if invalid or running)."""
        if self.running:
            return False
        counts = self.player_counts()
        if not counts:
            self.status_label.setText("Tick at least one player count.")
            return False
        classes = len(self.content.classes)
        if max(counts) > classes:
            self.status_label.setText(
                f"{max(counts)} characters need {max(counts)} classes; the pack has {classes}."
            )
            return False
        level = self.level_spin.value()
        setups = [sim.Setup(n, level) for n in counts]
        jobs = self.jobs_spin.value() if self.root is not None else 1
        # one process plays the content as loaded here (unsaved edits included); worker
        # processes load the pack from its folder (a PackLoader pickles, content may not)
        loader: Callable[[], Any] = (
            sim.PackLoader(str(self.root)) if jobs > 1 else _ContentLoader(self.content)
        )
        play = sim.BotGame(loader, self.scenario_id)
        games = self.games_spin.value()
        self.worker = SimulationThread(
            sim.scenario_info(self.content, self.scenario_id),
            setups,
            play,
            games,
            self.seed_spin.value(),
            jobs,
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
                f"{s.get('players')} characters, level {s.get('level')}",
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
            for c in s.get("characters") or []:
                dmg = (c.get("damage_taken") or {}).get("mean")
                causes = c.get("exhaustion_causes") or {}
                why = ", ".join(f"{k} {v}" for k, v in causes.items())
                details.append(
                    f"  seat {c.get('seat')} {c.get('name')}: damage taken "
                    f"{'-' if dmg is None else f'{dmg:.1f}'} on average, exhausted in "
                    f"{100 * float(c.get('exhaustion_rate') or 0):.0f}% of games"
                    + (f" ({why})" if why else "")
                )
            kills = s.get("kills_per_game") or {}
            if kills:
                details.append(
                    "  kills per game: " + ", ".join(f"{k} {v}" for k, v in kills.items())
                )
            falls = s.get("falls_by_room") or {}
            if falls:
                details.append(
                    "  falls by room: " + ", ".join(f"{k} {v}" for k, v in falls.items())
                )
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
        from questforge.engine.gloomhaven.report_html import render_html

        if self.report is None:
            raise RuntimeError("run a simulation first")
        path = Path(path)
        path.write_text(render_html(self.report), encoding="utf-8")
        return path

    def save_json(self, path: Path) -> Path:
        if self.report is None:
            raise RuntimeError("run a simulation first")
        path = Path(path)
        path.write_text(json.dumps(self.report, indent=2) + "\n", encoding="utf-8")
        return path

    def _save_html_clicked(self) -> None:
        target, _ = QFileDialog.getSaveFileName(
            self, "Save HTML report", f"{self.scenario_id}-report.html", "HTML (*.html)"
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
            self, "Save JSON report", f"{self.scenario_id}-report.json", "JSON (*.json)"
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
