"""The workspace: the open pack, its files by kind, and the documents open in tabs.

Views that need other content (the scenario map needs the map tiles and monster stat
cards) ask the workspace, which answers from the open document when a file is being edited
and from disk otherwise - so a tile edited in another tab shows on the map at once.
"""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from questforge.editor.document import Document, DocumentError, remove_stale_temps
from questforge.editor.required_packs import RequiredPacks
from questforge.engine.core.jsonload import JsonLoadError, load_json_file
from questforge.engine.core.pack import content_files, find_pack_root


@dataclass
class PackFile:
    """One JSON file of the pack as the browser lists it."""

    path: Path
    kind: str
    id: str
    #: the file could not be read as JSON (message), else ``None``
    error: str | None = None


def _not_pack_content(folder: str, names: list[str]) -> set[str]:
    """``copytree``'s ignore: hidden entries and anything not a file, folder or link."""
    skipped = set()
    for name in names:
        if name.startswith("."):
            skipped.add(name)
            continue
        try:
            mode = os.lstat(os.path.join(folder, name)).st_mode
        except OSError:
            skipped.add(name)
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            skipped.add(name)
    return skipped


class Workspace(QObject):
    """The pack being edited and every open document."""

    #: the file list changed (pack opened, file saved under a new name, file created)
    filesChanged = Signal()
    #: a document was opened or closed
    documentsChanged = Signal()
    #: content of some document changed (kind, id): lets maps redraw when a tile changes
    contentChanged = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pack_root: Path | None = None
        self.files: list[PackFile] = []
        self.documents: list[Document] = []
        self._disk_cache: dict[Path, tuple[float, Any]] = {}
        #: the content of the packs this pack requires (``pack:id``), read when first asked
        self.required = RequiredPacks(None)

    # ----------------------------------------------------------------- pack
    def open_pack(self, root: Path) -> None:
        self.pack_root = Path(root).resolve()
        self.required = RequiredPacks(self.pack_root)
        self.rescan()
        # leftovers of saves that were killed half-way (see remove_stale_temps)
        for folder in {f.path.parent for f in self.files} | {self.pack_root}:
            remove_stale_temps(folder)

    def rescan(self) -> None:
        self.files = []
        self.required.refresh()
        if self.pack_root is None:
            self.filesChanged.emit()
            return
        paths, _problems = content_files(self.pack_root)
        for path in paths:
            try:
                data = self._read(path)
            except (JsonLoadError, OSError) as exc:
                self.files.append(PackFile(path.resolve(), "unreadable", path.stem, str(exc)))
                continue
            kind = data.get("kind") if isinstance(data, dict) else None
            cid = data.get("id") if isinstance(data, dict) else None
            self.files.append(
                PackFile(
                    path.resolve(),
                    kind if isinstance(kind, str) else "unknown",
                    cid if isinstance(cid, str) else path.stem,
                )
            )
        self.filesChanged.emit()

    def pack_id(self) -> str:
        manifest = self.content("pack")
        for data in manifest.values():
            return str(data.get("id", ""))
        return self.pack_root.name if self.pack_root else ""

    def _read(self, path: Path) -> Any:
        mtime = path.stat().st_mtime
        cached = self._disk_cache.get(path)
        if cached and cached[0] == mtime:
            return cached[1]
        data = load_json_file(path).data
        self._disk_cache[path] = (mtime, data)
        return data

    def data_of(self, path: Path) -> Any:
        """A pack file's JSON as on disk (read once per change of the file)."""
        return self._read(Path(path))

    # ----------------------------------------------------------------- documents
    def document_for(self, path: Path) -> Document | None:
        path = Path(path).resolve()
        for doc in self.documents:
            if doc.path == path:
                return doc
        return None

    def open_document(self, path: Path) -> Document:
        """The open document for ``path``, opening it if needed (``DocumentError``)."""
        existing = self.document_for(path)
        if existing is not None:
            return existing
        doc = Document.open(path)
        self.add_document(doc)
        if self.pack_root is None:
            root = find_pack_root(Path(path))
            if root is not None:
                self.open_pack(root)
        return doc

    def add_document(self, doc: Document) -> None:
        self.documents.append(doc)
        doc.changed.connect(lambda _path, d=doc: self._on_doc_changed(d))
        doc.pathChanged.connect(lambda _p: self.rescan())
        self.documentsChanged.emit()

    def close_document(self, doc: Document) -> None:
        if doc in self.documents:
            self.documents.remove(doc)
            doc.close()
            self.documentsChanged.emit()

    def _on_doc_changed(self, doc: Document) -> None:
        if doc.kind == "pack":
            self.required.refresh()  # its `requires` may have changed
        self.contentChanged.emit(doc.kind, doc.content_id)

    # ----------------------------------------------------------------- content lookup
    def content(self, kind: str) -> dict[str, Any]:
        """Every document of ``kind`` by id: open documents win over files on disk."""
        out: dict[str, Any] = {}
        for f in self.files:
            if f.kind == kind and f.error is None:
                try:
                    out[f.id] = self._read(f.path)
                except (JsonLoadError, OSError, DocumentError):
                    continue
        for doc in self.documents:
            if doc.kind == kind and doc.content_id:
                out[doc.content_id] = doc.data
        return out

    def lookup(self, kind: str, ref: str) -> Any:
        """Resolve a reference: ``id`` (or ``<this pack>:id``) in this pack, ``pack:id``
        in a pack this one requires (see :mod:`questforge.editor.required_packs`)."""
        if ":" not in ref:
            return self.content(kind).get(ref)
        pack, ident = ref.split(":", 1)
        if pack == self.pack_id():
            return self.content(kind).get(ident)
        found = self.required.lookup(kind, ref)
        # a pack:id of no required pack: the id in this pack (as before), so a reference
        # still draws while the designer fixes the pack name
        return found if found is not None else self.content(kind).get(ident)

    def required_ids(self, kind: str) -> list[str]:
        """``pack:id`` of every document of ``kind`` in the packs this pack requires."""
        return sorted(self.required.content(kind))

    def snapshot(self, target: Path) -> Path:
        """Copy the pack to ``target`` with every open document written as edited.

        The playtest and the simulation run on the pack *as being edited* (unsaved changes
        included) without touching the user's files. Untitled documents go to
        ``<kind>s/<id>.json``.
        """
        from questforge.editor.document import dumps, unsavable_text

        if self.pack_root is None:
            raise ValueError("open the file inside a pack first (there is no pack.json above it)")
        for doc in self.documents:
            problem = unsavable_text(doc.data)
            if problem is not None:
                raise ValueError(f"{doc.display_name()}: {problem}")
        # links are copied as links (the engine's pack walk refuses them, as validate
        # does) and pipes, sockets and devices are left out: copying them would block
        shutil.copytree(self.pack_root, target, symlinks=True, ignore=_not_pack_content)
        for doc in self.documents:
            if doc.path is None:
                out = target / f"{doc.kind}s" / f"{doc.content_id or 'untitled'}.json"
            else:
                try:
                    out = target / doc.path.relative_to(self.pack_root)
                except ValueError:
                    continue  # a loose file outside the pack is not part of it
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(dumps(doc.data), encoding="utf-8")
        self._copy_required_packs(target.parent)
        return target

    def _copy_required_packs(self, folder: Path) -> None:
        """The packs this pack requires, copied next to the snapshot (where the engine
        looks for them, as ``validate`` does), so a scenario on a required pack's tiles
        and monsters plays from the snapshot too."""
        from questforge.engine.core.pack import open_pack, resolve_requires

        assert self.pack_root is not None
        required, _problems = resolve_requires(open_pack(self.pack_root))
        for pack in required:
            out = folder / pack.root.name
            if not out.exists():
                shutil.copytree(pack.root, out, symlinks=True, ignore=_not_pack_content)

    def kinds(self) -> list[str]:
        return sorted({f.kind for f in self.files})
