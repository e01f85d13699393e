"""Live validation: re-validate the open pack after edits, incrementally, off the UI thread.

The validator's :class:`~questforge.validator.runner.ValidationSession` keeps a pack's
documents and everything derived from them, and after an edit redoes only what the edit
can affect. The editor keeps one session for the open pack (in a :class:`SessionValidator`)
and feeds it from the :class:`LiveValidator`:

- after an edit the live validator waits :attr:`LiveValidator.delay_ms` (typing does not
  validate on every key), then, on the UI thread, copies *only the open documents that
  changed* since the last run (:attr:`Document.revision <questforge.editor.document.
  Document.revision>` tells which; a plain JSON-tree copy of a 60-tile scenario costs
  about 2 ms) - the worker never sees the live trees the UI keeps editing;
- a single worker thread hands those copies to the session (``update``) and runs
  ``validate()``: one document is schema-checked again and the semantic checks reuse
  every cached result the edit did not touch;
- when the set of documents may have changed (pack opened, file saved as, document opened
  or closed, "Validate Now"), the job instead lists every document - pack files as read
  from disk, open documents as edited - and the session's ``sync`` finds what differs.
  Unchanged documents are handed over as the *same* objects as last time, so comparing
  them costs nothing.

Jobs run one at a time, in the order they were made (so the session never receives an
older copy after a newer one). The worker never touches Qt (the UI thread polls the job's
future every few milliseconds while one runs) and pauses the cyclic garbage collector, so
no Qt object is ever freed on it. A result made for an older version than the current one
is dropped and validation runs again, so the problems panel never shows findings of a
state the user has already left. The window never waits for validation.
"""

from __future__ import annotations

import concurrent.futures
import copy
import gc
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from questforge.editor.document import Document
from questforge.editor.required_packs import required_documents, requires_key
from questforge.editor.workspace import Workspace
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding, Severity
from questforge.validator.runner import ValidationSession, validate_documents

#: how often the UI thread looks whether the worker has finished (milliseconds)
POLL_MS = 10


@dataclass
class ValidationResult:
    """What one validation run found, for the problems panel and the pack browser."""

    generation: int
    findings: list[Finding]
    #: wall-clock time of the run on the worker (copying on the UI thread excluded)
    seconds: float
    #: names of the documents the session re-read for this run (the rest were reused)
    changed: list[str] = field(default_factory=list)
    #: the job listed every document (``sync``) instead of only the edited ones
    full: bool = False
    #: the validator raised; the session was dropped and the next run starts afresh
    failed: bool = False


@dataclass
class ValidationJob:
    """Copies made on the UI thread for the worker.

    ``documents`` is every document of the pack (objects reused from earlier jobs when
    unchanged); ``updates`` the open documents edited since the last job. With ``full``
    the session is synced to ``documents``; otherwise only ``updates`` are handed over
    (``documents`` is then the fallback for a session that has to start afresh).
    """

    generation: int
    root: Path | None
    documents: list[LoadedDocument]
    updates: list[LoadedDocument] = field(default_factory=list)
    full: bool = False


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON tree (dicts, lists, scalars): about twice as fast as
    :func:`copy.deepcopy`, which spends its time on the memo a JSON tree does not need."""
    if isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copy_json(item) for item in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return copy.deepcopy(value)


def document_name(doc: Document) -> str:
    """The name findings use for an open document: its path, or a stable untitled name."""
    if doc.path is not None:
        return str(doc.path)
    return f"untitled/{doc.kind}-{id(doc):x}.json"


def snapshot(workspace: Workspace) -> list[tuple[str, Any, Path | None]]:
    """``(name, data, path)`` for every pack file and every open document (open documents
    deep-copied, so the result can be validated on another thread)."""
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
        name = document_name(doc)
        out[name] = (name, copy_json(doc.data), doc.path)
    return list(out.values())


def validate_snapshot(items: list[tuple[str, Any, Path | None]]) -> list[Finding]:
    """One full validation of a :func:`snapshot` from nothing (no session; what every edit
    cost before the session - kept for comparisons and one-off runs)."""
    documents = [LoadedDocument(name=name, data=data, path=path) for name, data, path in items]
    return list(validate_documents(documents).findings)


class SessionValidator:
    """One :class:`ValidationSession` for the open pack, guarded by a lock.

    A session is not thread-safe; the lock makes every use of it exclusive, whichever
    thread runs the job. A new pack (another root) starts a new session; a validator error
    drops the session, and the next job then syncs a new one to the job's full list.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._session: ValidationSession | None = None
        self._root: Path | None = None
        #: what the manifest required when the session's required packs were loaded
        self._requires: str | None = None

    def run(self, job: ValidationJob) -> ValidationResult:
        started = time.perf_counter()
        with self._lock:
            try:
                findings, changed, synced = self._run_locked(job)
                failed = False
            except Exception as exc:  # a validator bug must not kill the editor
                self._session = None
                findings = [
                    Finding("QE000", Severity.ERROR, f"validation failed: {exc!r}"),
                ]
                changed, synced, failed = [], True, True
        return ValidationResult(
            job.generation,
            findings,
            time.perf_counter() - started,
            changed=changed,
            full=synced,
            failed=failed,
        )

    def _run_locked(self, job: ValidationJob) -> tuple[list[Finding], list[str], bool]:
        synced = job.full
        if self._session is None or job.root != self._root:
            self._session = ValidationSession()
            self._root = job.root
            self._requires = None
            synced = True
        session = self._session
        if synced:
            # the packs the manifest requires, as `validate` loads them (pack:id references)
            requires = requires_key(job.documents)
            if requires != self._requires:
                session.set_required(required_documents(job.root))
                self._requires = requires
            changed = session.sync(job.documents)
        else:
            changed = []
            for doc in job.updates:
                session.update(doc)
                changed.append(doc.name)
        return list(session.validate().findings), changed, synced

    def reset(self) -> None:
        with self._lock:
            self._session = None


def _run_without_gc(sessions: SessionValidator, job: ValidationJob) -> ValidationResult:
    """Run ``job`` on the worker with the cyclic garbage collector paused.

    The validator allocates a lot; a collection it triggers on the worker could free
    unreachable Qt wrappers (a closed window's) there, and Qt objects must be destroyed on
    their own thread. Paused, collections happen on the UI thread. A run takes tens of
    milliseconds, so the pause is short.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return sessions.run(job)
    finally:
        if was_enabled:
            gc.enable()


class LiveValidator(QObject):
    """Debounced, incremental background validation of a workspace."""

    finished = Signal(object)  # ValidationResult
    started = Signal()

    def __init__(self, workspace: Workspace, delay_ms: int = 250, parent: QObject | None = None):
        super().__init__(parent)
        self.workspace = workspace
        self.delay_ms = delay_ms
        #: bumped on every change; a result is shown only if made for the current one
        self.generation = 0
        self.latest: ValidationResult | None = None
        self.running = False
        #: results dropped because the documents changed while they were computed
        self.dropped = 0
        self.sessions = SessionValidator()
        self._again = False
        self._need_full = True
        self._root: Path | None = None
        #: per open document: (revision, name, the copy last handed to the session)
        self._sent: dict[Document, tuple[int, str, LoadedDocument]] = {}
        #: per pack file: (the workspace's cached data object, the document made from it)
        self._disk: dict[Path, tuple[Any, LoadedDocument]] = {}
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="questforge-validate"
        )
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start)
        # the worker never touches Qt: the UI thread polls the running job's future (a
        # signal emitted from the worker could reach a window being destroyed)
        self._pending: concurrent.futures.Future[ValidationResult] | None = None
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._check_pending)
        workspace.contentChanged.connect(lambda *_: self.schedule())
        workspace.documentsChanged.connect(self._on_set_changed)
        workspace.filesChanged.connect(self._on_set_changed)
        executor = self._executor
        self.destroyed.connect(lambda *_: executor.shutdown(wait=False))

    # ----------------------------------------------------------------- scheduling
    def schedule(self) -> None:
        self.generation += 1
        self._timer.start(self.delay_ms)

    def request_full(self) -> None:
        """Validate every document again soon (F5: also notices files changed on disk)."""
        self._need_full = True
        self.schedule()

    def _on_set_changed(self) -> None:
        self._need_full = True
        self.schedule()

    # ----------------------------------------------------------------- jobs (UI thread)
    def make_job(self) -> ValidationJob:
        """Copy what changed since the last job (UI thread: the trees are not shared)."""
        root = self.workspace.pack_root
        open_docs = list(self.workspace.documents)
        for doc in [d for d in self._sent if d not in open_docs]:
            del self._sent[doc]
        full = self._need_full or root != self._root
        updates: list[LoadedDocument] = []
        for doc in open_docs:
            name = document_name(doc)
            sent = self._sent.get(doc)
            if sent is not None and sent[0] == doc.revision and sent[1] == name:
                continue
            if sent is not None and sent[1] != name:
                full = True  # renamed (an untitled document's kind): the old name must go
            vdoc = LoadedDocument(name=name, data=copy_json(doc.data), path=doc.path)
            self._sent[doc] = (doc.revision, name, vdoc)
            updates.append(vdoc)
        self._need_full = False
        self._root = root
        if full:
            return ValidationJob(
                self.generation, root, self._all_documents(open_docs), updates, full=True
            )
        documents = {vdoc.name: vdoc for _data, vdoc in self._disk.values()}
        for doc in open_docs:
            vdoc = self._sent[doc][2]
            documents[vdoc.name] = vdoc
        return ValidationJob(self.generation, root, list(documents.values()), updates)

    def _all_documents(self, open_docs: list[Document]) -> list[LoadedDocument]:
        out: dict[str, LoadedDocument] = {}
        disk: dict[Path, tuple[Any, LoadedDocument]] = {}
        for f in self.workspace.files:
            if f.error is not None:
                continue
            try:
                data = self.workspace._read(f.path)  # cached by modification time
            except Exception:
                continue
            known = self._disk.get(f.path)
            if known is None or known[0] is not data:
                known = (data, LoadedDocument(name=str(f.path), data=data, path=f.path))
            disk[f.path] = known
            out[known[1].name] = known[1]
        self._disk = disk
        for doc in open_docs:
            vdoc = self._sent[doc][2]
            out[vdoc.name] = vdoc
        return list(out.values())

    def validate_now(self) -> ValidationResult:
        """A synchronous run on the calling (UI) thread - command line, tests, benchmarks.
        A run in progress is finished first (jobs stay in order); the result is shown like
        a live one."""
        self.generation += 1
        self._timer.stop()
        if self._pending is not None:
            self._pending.result()
            self._check_pending()
        result = self.sessions.run(self.make_job())
        self._accept(result)
        return result

    def _start(self) -> None:
        if self.running:
            self._again = True
            return
        self.running = True
        self.started.emit()
        self._pending = self._executor.submit(_run_without_gc, self.sessions, self.make_job())
        self._poll.start()

    def _check_pending(self) -> None:
        pending = self._pending
        if pending is None or not pending.done():
            return
        self._pending = None
        self._poll.stop()
        self._on_result(pending.result())

    # ----------------------------------------------------------------- results (UI thread)
    def _on_result(self, result: ValidationResult) -> None:
        self.running = False
        self._accept(result)
        if self._again:
            self._again = False
            self._timer.start(self.delay_ms)

    def _accept(self, result: ValidationResult) -> None:
        if result.failed:
            self._need_full = True
        if result.generation < self.generation:
            # the documents changed meanwhile: drop it; make sure a newer run comes
            self.dropped += 1
            newest = self.latest.generation if self.latest else -1
            if newest < self.generation and not self._timer.isActive() and not self.running:
                self._timer.start(self.delay_ms)
            return
        self.latest = result
        self.finished.emit(result)
