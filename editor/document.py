"""The document: one open content file, its JSON tree, its undo stack, its change signals.

Modelled on Tiled's ``Document``: the document owns its :class:`QUndoStack`, every edit is
an undo command pushed on that stack, and views (map scene, inspectors, problems panel)
listen to :attr:`Document.changed`, which carries the JSON path that changed. Nothing else
mutates the tree.

Files keep their shape: the tree is the plain ``dict``/``list`` structure ``json.load``
returns, so key order and keys the editor does not know are written back untouched.
Saving is atomic (temporary file in the same folder, then :func:`os.replace`), and an
autosave timer writes a recovery file elsewhere so a crash loses at most a few seconds;
opening a file that has a newer recovery file offers to restore it.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from questforge.editor import jsonpath
from questforge.editor.jsonpath import MISSING, JsonPath
from questforge.editor.undo import (
    InsertItemCommand,
    RemoveItemCommand,
    ReplaceRootCommand,
    SetValueCommand,
)
from questforge.engine.core.errors import UsageError
from questforge.engine.core.jsonload import JsonLoadError, surrogate_path
from questforge.engine.core.jsonload import load_json_file as engine_load_json_file
from questforge.engine.core.pack import refused_path

#: seconds of inactivity after an edit before the recovery file is written
AUTOSAVE_DELAY_MS = 3000


class DocumentError(UsageError):
    """A file could not be opened or saved; the message names the file and the place."""


def default_recovery_dir() -> Path:
    """Where autosave files go (``QUESTFORGE_RECOVERY_DIR`` overrides, e.g. for tests)."""
    env = os.environ.get("QUESTFORGE_RECOVERY_DIR")
    if env:
        return Path(env)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(base or tempfile.gettempdir()) / "questforge" / "recovery"


def dumps(data: Any) -> str:
    """The on-disk spelling: 2-space indent, UTF-8 characters kept, trailing newline."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half.

    The temporary file lives in the target's folder (``os.replace`` is only atomic within
    one file system) and is fsynced before the rename.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


#: a temporary file of :func:`atomic_write` older than this is left over from a killed save
STALE_TEMP_SECONDS = 10.0


def remove_stale_temps(folder: Path, name: str | None = None) -> list[Path]:
    """Delete the temporary files killed saves left in ``folder`` (of file ``name``, or of
    any ``*.json`` file); returns what was removed.

    :func:`atomic_write` writes ``.NAME.XXXXXXXX.tmp`` next to the file and renames it; a
    save killed between the two leaves the temporary file in the pack (``git status``
    shows it, the pack ships it). Opening the file or its pack removes such leftovers:
    only regular files (never a link) with exactly that name pattern, and only when older
    than :data:`STALE_TEMP_SECONDS`, so another editor's save in progress is never touched.
    """
    removed: list[Path] = []
    now = time.time()
    try:
        with os.scandir(folder) as listing:
            entries = [e for e in listing if e.name.startswith(".") and e.name.endswith(".tmp")]
    except OSError:
        return removed
    for entry in entries:
        stem, dot, random_part = entry.name[1 : -len(".tmp")].rpartition(".")
        if not dot or not random_part or not stem.endswith(".json"):
            continue
        if name is not None and stem != name:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < STALE_TEMP_SECONDS:
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def check_pack_path(path: Path, action: str) -> None:
    """Refuse (``DocumentError``) a path whose pack forbids it: the ``validate`` rule.

    Inside a pack, neither the file nor a folder between it and the pack root may be a
    symbolic link; opening or saving through one would read or write outside the pack.
    """
    problem = refused_path(path)
    if problem is not None:
        raise DocumentError(
            f"{problem.path}: cannot {action} {path.name}: {problem.message}"
            + (f" ({problem.hint})" if problem.hint else "")
        )


def unsavable_text(data: Any) -> str | None:
    """Why ``data`` cannot be written as UTF-8 (a lone surrogate: where), or ``None``."""
    where = surrogate_path(data)
    if where is None:
        return None
    shown = jsonpath.format_path(where).encode("utf-8", "backslashreplace").decode("utf-8")
    return (
        f"the text at {shown} holds half of a UTF-16 surrogate pair "
        "(a \\ud800-\\udfff escape without its partner), which cannot be stored as UTF-8; "
        "correct that text and save again"
    )


def load_json_file(path: Path) -> Any:
    """Parse ``path`` with the engine's hardened loader (size, depth, encoding limits).

    A :class:`DocumentError` names the file, line and column on bad input.
    """
    try:
        return engine_load_json_file(path).data
    except JsonLoadError as exc:
        where = f"{path}"
        if exc.line is not None:
            where += f":{exc.line}:{exc.column or 1}"
        raise DocumentError(f"{where}: {exc.message}") from None


class Document(QObject):
    """One open JSON content file (or an unsaved new one)."""

    #: a value at (or under) this path changed; ``()`` means "anything may have changed"
    changed = Signal(tuple)
    #: the modified flag flipped
    dirtyChanged = Signal(bool)
    #: the file name changed (save as)
    pathChanged = Signal(object)

    def __init__(
        self,
        data: Any,
        path: Path | None = None,
        *,
        recovery_dir: Path | None = None,
        autosave: bool = True,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.data: Any = data
        #: counts changes to :attr:`data` (every raw mutator bumps it): lets readers that
        #: keep a copy (the live validator) tell cheaply whether their copy is current
        self.revision = 0
        self.path: Path | None = Path(path).resolve() if path else None
        self.recovery_dir = recovery_dir or default_recovery_dir()
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self._untitled_id = f"untitled-{id(self):x}-{int(time.time())}"
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.write_recovery)
        self.autosave_enabled = autosave
        self.undo_stack.indexChanged.connect(self._schedule_autosave)

    def _on_clean_changed(self, clean: bool) -> None:
        self.dirtyChanged.emit(not clean)

    # ----------------------------------------------------------------- opening / naming
    @classmethod
    def open(cls, path: Path | str, **kwargs: Any) -> Document:
        """Open ``path``; raises :class:`DocumentError` with a readable message.

        Same rules as ``validate``: a link inside a pack is refused, not followed. Leftovers
        of a killed save of this file are removed first.
        """
        p = Path(path)
        check_pack_path(p, "open")
        remove_stale_temps(p.absolute().parent, p.name)
        return cls(load_json_file(p), p, **kwargs)

    @property
    def kind(self) -> str:
        kind = self.data.get("kind") if isinstance(self.data, dict) else None
        return kind if isinstance(kind, str) else "unknown"

    @property
    def content_id(self) -> str:
        cid = self.data.get("id") if isinstance(self.data, dict) else None
        return cid if isinstance(cid, str) else ""

    def display_name(self) -> str:
        """The file name; before the first save, the document's own ``name`` (a tab reads
        "The Sunken Vault" rather than "untitled scenario")."""
        if self.path:
            return self.path.name
        name = self.data.get("name") if isinstance(self.data, dict) else None
        if isinstance(name, str) and name.strip():
            return f"{name.strip()[:40]} (unsaved)"
        return f"untitled {self.kind}"

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    # ----------------------------------------------------------------- reading
    def get(self, path: JsonPath, default: Any = MISSING) -> Any:
        return jsonpath.get(self.data, tuple(path), default)

    # ----------------------------------------------------------------- editing API
    def push(self, command: QUndoCommand) -> None:
        """Push one user edit (the command's redo runs now)."""
        self.undo_stack.push(command)

    def set_value(
        self, path: JsonPath, value: Any, text: str | None = None, merge_key: str | None = None
    ) -> None:
        """Undoably set ``path`` to ``value`` (no-op if it already holds that value)."""
        if self.get(path) == value and self.get(path) is not MISSING:
            return
        self.push(SetValueCommand(self, tuple(path), value, text, merge_key))

    def insert_item(
        self, list_path: JsonPath, value: Any, index: int | None = None, text: str | None = None
    ) -> int:
        """Undoably insert into a list (created if missing); returns the index used."""
        cmd = InsertItemCommand(self, tuple(list_path), value, index, text)
        self.push(cmd)
        return cmd.index

    def remove_item(self, list_path: JsonPath, index: int, text: str | None = None) -> None:
        """Undoably remove ``list_path[index]``."""
        self.push(RemoveItemCommand(self, tuple(list_path), index, text))

    def macro(self, text: str) -> _Macro:
        """``with doc.macro("Place tile"):`` groups several commands into one undo step."""
        return _Macro(self, text)

    def restore_data(self, data: Any, text: str = "Restore autosave") -> None:
        self.push(ReplaceRootCommand(self, data, text))

    # ----------------------------------------------------------------- raw mutators
    # Only undo commands call these; each emits ``changed`` with the affected path.
    def _raw_set(self, path: JsonPath, value: Any) -> None:
        if not path:
            self._raw_replace_root(value)
            return
        jsonpath.set_value(self.data, path, value)
        self.revision += 1
        self.changed.emit(tuple(path))

    def _raw_delete(self, path: JsonPath) -> None:
        jsonpath.delete(self.data, path)
        self.revision += 1
        self.changed.emit(tuple(path[:-1]))

    def _raw_insert(self, list_path: JsonPath, index: int, value: Any) -> None:
        lst = self.get(list_path)
        if not isinstance(lst, list):
            raise KeyError(f"no list at {jsonpath.format_path(list_path)}")
        lst.insert(index, value)
        self.revision += 1
        self.changed.emit(tuple(list_path))

    def _raw_remove(self, list_path: JsonPath, index: int) -> None:
        lst = self.get(list_path)
        if not isinstance(lst, list):
            raise KeyError(f"no list at {jsonpath.format_path(list_path)}")
        del lst[index]
        self.revision += 1
        self.changed.emit(tuple(list_path))

    def _raw_replace_root(self, data: Any) -> None:
        self.data = data
        self.revision += 1
        self.changed.emit(())

    # ----------------------------------------------------------------- saving
    def save(self, path: Path | str | None = None) -> None:
        """Write the tree atomically to ``path`` (default: the document's own file)."""
        named = Path(path) if path else self.path
        if named is None:
            raise DocumentError("this document has no file name yet: use Save As")
        check_pack_path(named, "save")  # before resolving: a link must not be written through
        target = named.resolve()
        problem = unsavable_text(self.data)
        if problem is not None:
            raise DocumentError(f"{target}: cannot save: {problem}")
        old_recovery = self.recovery_path()
        try:
            atomic_write(target, dumps(self.data))
        except (OSError, UnicodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else None
            raise DocumentError(f"{target}: cannot save: {reason or exc}") from None
        if target != self.path:
            self.path = target
            self.pathChanged.emit(target)
        self.undo_stack.setClean()
        with contextlib.suppress(OSError):
            old_recovery.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            self.recovery_path().unlink(missing_ok=True)

    # ----------------------------------------------------------------- autosave / recovery
    def recovery_path(self) -> Path:
        """The recovery file for this document (keyed by its absolute file name)."""
        key = str(self.path) if self.path else self._untitled_id
        digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]
        name = self.path.name if self.path else "untitled.json"
        return self.recovery_dir / f"{digest}-{name}.autosave"

    def _schedule_autosave(self, _index: int = 0) -> None:
        if self.autosave_enabled:
            self._autosave_timer.start()

    def write_recovery(self) -> Path | None:
        """Write the recovery file now if there are unsaved changes; returns its path."""
        rec = self.recovery_path()
        if not self.dirty:
            with contextlib.suppress(OSError):
                rec.unlink(missing_ok=True)
            return None
        payload = {
            "file": str(self.path) if self.path else None,
            "written": time.time(),
            "data": self.data,
        }
        try:
            # ASCII escapes: the recovery file keeps even text a UTF-8 file cannot hold (a
            # lone surrogate typed into a JSON field), so nothing is lost; saving says why
            # the real file cannot take it
            atomic_write(rec, json.dumps(payload, ensure_ascii=True))
        except (OSError, ValueError):
            return None  # autosave is best effort; saving reports its own errors
        return rec

    def pending_recovery(self) -> Any:
        """The autosaved tree if one exists and differs from the file, else :data:`MISSING`."""
        rec = self.recovery_path()
        if not rec.is_file():
            return MISSING
        try:
            payload = json.loads(rec.read_text(encoding="utf-8"))
            data = payload["data"]
        except (OSError, ValueError, KeyError, TypeError):
            return MISSING
        if data == self.data:
            return MISSING
        return data

    def restore_recovery(self) -> bool:
        """Apply the autosaved tree as one undoable edit (the document becomes dirty)."""
        data = self.pending_recovery()
        if data is MISSING:
            return False
        self.restore_data(copy.deepcopy(data))
        return True

    def discard_recovery(self) -> None:
        with contextlib.suppress(OSError):
            self.recovery_path().unlink(missing_ok=True)

    def close(self) -> None:
        """Forget the document (closing without saving was the user's choice)."""
        self._autosave_timer.stop()
        self.discard_recovery()


def untitled_recoveries(recovery_dir: Path | None = None) -> list[tuple[Path, Any]]:
    """Autosaves of documents that were never saved (no file to reopen them from)."""
    folder = recovery_dir or default_recovery_dir()
    out: list[tuple[Path, Any]] = []
    for rec in sorted(folder.glob("*.autosave")) if folder.is_dir() else []:
        try:
            payload = json.loads(rec.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(payload, dict) and payload.get("file") is None and "data" in payload:
            out.append((rec, payload["data"]))
    return out


class _Macro:
    def __init__(self, doc: Document, text: str) -> None:
        self.doc = doc
        self.text = text

    def __enter__(self) -> Document:
        self.doc.undo_stack.beginMacro(self.text)
        return self.doc

    def __exit__(self, *exc: object) -> None:
        self.doc.undo_stack.endMacro()
