"""Live validation: re-validate the open pack after edits, off the UI thread, debounced.

After an edit the :class:`LiveValidator` waits :attr:`delay_ms` (so typing does not
validate on every key), snapshots the documents (open documents as edited, the other pack
files as on disk), and runs :func:`questforge.validator.runner.validate_documents` on a
worker thread. Results come back through a queued signal; a result that is older than the
latest edit is dropped, so the panel never shows stale findings over fresh ones.
"""

from __future__ import annotations

import copy
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from questforge.editor.workspace import Workspace
from questforge.validator.findings import Finding


@dataclass
class ValidationResult:
    generation: int
    findings: list[Finding]
    #: finding file names -> absolute paths (findings name files as given)
    seconds: float


def snapshot(workspace: Workspace) -> list[tuple[str, Any, Path | None]]:
    """``(name, data, path)`` for every pack file and every open document (deep copies)."""
    out: dict[str, tuple[str, Any, Path | None]] = {}
    for f in workspace.files:
        if f.error is not None:
            continue
        try:
            data = workspace._read(f.path)
        except Exception:
            continue
        out[str(f.path)] = (str(f.path), data, f.path)
    for doc in workspace.documents:
        name = str(doc.path) if doc.path else f"untitled/{doc.kind}-{id(doc):x}.json"
        out[name] = (name, copy.deepcopy(doc.data), doc.path)
    return list(out.values())


def validate_snapshot(items: list[tuple[str, Any, Path | None]]) -> list[Finding]:
    """Run the validator's library API on in-memory documents (no disk access)."""
    from questforge.validator.runner import Document as VDocument
    from questforge.validator.runner import validate_documents

    documents = [VDocument(name=name, data=data, path=path) for name, data, path in items]
    report = validate_documents(documents)
    return list(report.findings)


class LiveValidator(QObject):
    """Debounced background validation of a workspace."""

    finished = Signal(object)  # ValidationResult
    started = Signal()

    def __init__(self, workspace: Workspace, delay_ms: int = 250, parent: QObject | None = None):
        super().__init__(parent)
        self.workspace = workspace
        self.delay_ms = delay_ms
        self.generation = 0
        self.latest: ValidationResult | None = None
        self.running = False
        self._again = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start)
        self._results = _ResultRelay()
        self._results.ready.connect(self._on_result)
        workspace.contentChanged.connect(lambda *_: self.schedule())
        workspace.documentsChanged.connect(self.schedule)
        workspace.filesChanged.connect(self.schedule)

    def schedule(self) -> None:
        self.generation += 1
        self._timer.start(self.delay_ms)

    def validate_now(self) -> ValidationResult:
        """Synchronous run (command line, tests, benchmarks)."""
        self.generation += 1
        started = time.perf_counter()
        findings = validate_snapshot(snapshot(self.workspace))
        result = ValidationResult(self.generation, findings, time.perf_counter() - started)
        self._on_result(result)
        return result

    def _start(self) -> None:
        if self.running:
            self._again = True
            return
        self.running = True
        self.started.emit()
        generation = self.generation
        items = snapshot(self.workspace)  # copied on the UI thread: the tree is not shared
        relay = self._results

        def work() -> None:
            started = time.perf_counter()
            try:
                findings = validate_snapshot(items)
            except Exception as exc:  # a validator bug must not kill the editor
                from questforge.validator.findings import Severity

                findings = [Finding("QE000", Severity.ERROR, f"validation failed: {exc!r}")]
            relay.ready.emit(ValidationResult(generation, findings, time.perf_counter() - started))

        threading.Thread(target=work, name="questforge-validate", daemon=True).start()

    def _on_result(self, result: ValidationResult) -> None:
        self.running = False
        if result.generation >= (self.latest.generation if self.latest else -1):
            self.latest = result
            self.finished.emit(result)
        if self._again or result.generation < self.generation:
            self._again = False
            self._timer.start(self.delay_ms)


class _ResultRelay(QObject):
    """Lives on the UI thread; a signal emitted from the worker is delivered queued."""

    ready = Signal(object)
