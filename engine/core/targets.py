"""What a command means by ``X`` in ``play X``, ``simulate X``, ``render X``, ``edit X``.

Accepted everywhere, for every ruleset:

- a **file path**: that file, exactly (its pack is the nearest folder above it with a
  ``pack.json``), even when another file of the pack has the same id — the designer's
  copy-and-tweak workflow;
- ``PACK-DIR:ID`` — the document ``ID`` of the pack in that folder;
- ``PACK-ID:ID`` — the document ``ID`` of a bundled pack;
- a bare ``ID`` — the document of a bundled pack with that id (refused, with the
  candidates, when several packs have one).

Documents are found with the same safe pack walk and loader as ``questforge validate`` (no
link followed, no file too big, FIFOs refused), so a hostile pack cannot hang a command.
The result is a :class:`Target`: plain strings and paths, picklable for worker processes.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from questforge.engine.core.errors import UsageError
from questforge.engine.core.jsonload import JsonLoadError, load_json_file
from questforge.engine.core.pack import (
    MANIFEST,
    content_files,
    find_pack_root,
    open_pack,
    read_pack_file,
)


class TargetError(UsageError):
    """A reference that does not name a usable document; the message says why."""


@dataclass(frozen=True)
class Target:
    """One document of one pack: what to play, render or open."""

    pack_root: Path
    pack_id: str
    pack_version: str | None
    ruleset: str
    kind: str
    id: str
    #: the document's file (absolute)
    file: Path

    @property
    def label(self) -> str:
        return f"{self.pack_id}:{self.id}"

    @property
    def relative_file(self) -> str:
        try:
            return self.file.relative_to(self.pack_root).as_posix()
        except ValueError:
            return self.file.name

    def to_json(self) -> dict[str, str | None]:
        return {
            "pack": self.pack_id,
            "pack_version": self.pack_version,
            "ruleset": self.ruleset,
            "kind": self.kind,
            "id": self.id,
            "file": self.relative_file,
            "pack_root": str(self.pack_root),
        }


def bundled_root() -> Path:
    """The folder holding the bundled packs (package data of ``questforge.content``)."""
    import questforge.content

    return Path(questforge.content.__file__).resolve().parent


def bundled_packs() -> list[Path]:
    """Every bundled pack folder, by name."""
    root = bundled_root()
    return sorted(p for p in root.iterdir() if (p / MANIFEST).is_file())


def _where(exc: JsonLoadError) -> str:
    return f":{exc.line}:{exc.column}" if exc.line else ""


def _header(path: Path) -> tuple[str | None, str | None]:
    """``(kind, id)`` of a content file, ``(None, None)`` when it cannot be read."""
    data = read_pack_file(path).data
    if not isinstance(data, dict):
        return None, None
    kind, doc_id = data.get("kind"), data.get("id")
    return (kind if isinstance(kind, str) else None, doc_id if isinstance(doc_id, str) else None)


def _pack_identity(root: Path) -> tuple[str, str | None, str]:
    pack = open_pack(root)
    manifest = pack.manifest or {}
    pack_id = manifest.get("id") if isinstance(manifest.get("id"), str) else root.name
    version = manifest.get("version") if isinstance(manifest.get("version"), str) else None
    ruleset = manifest.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        raise TargetError(f"{root / MANIFEST}: the pack names no ruleset")
    return str(pack_id), version, ruleset


def documents_of(root: Path, kinds: Iterable[str] | None = None) -> list[tuple[str, str, Path]]:
    """``(kind, id, file)`` of every readable content document of a pack (optionally only
    ``kinds``), in file order; unreadable files are skipped (``validate`` explains them)."""
    wanted = set(kinds) if kinds is not None else None
    files, _problems = content_files(root)
    out = []
    for path in files:
        if path.name == MANIFEST and path.parent == root.absolute():
            continue
        kind, doc_id = _header(path)
        if kind is None or doc_id is None:
            continue
        if wanted is None or kind in wanted:
            out.append((kind, doc_id, path))
    return out


def _own_kinds(kinds: Sequence[str] | None, ruleset: str) -> Sequence[str] | None:
    """The accepted kinds a pack of ``ruleset`` can have (all of them when the ruleset is
    unknown), so messages about a Gloomhaven pack do not offer another ruleset's kinds."""
    if kinds is None:
        return None
    from questforge.engine import rulesets

    found = rulesets.find(ruleset)
    own = [k for k in kinds if found is not None and k in found.kinds]
    return own or kinds


def _target_in(root: Path, doc_id: str, kinds: Sequence[str] | None, ref: str) -> Target:
    pack_id, version, ruleset = _pack_identity(root)
    kinds = _own_kinds(kinds, ruleset)
    found = [(k, i, p) for k, i, p in documents_of(root, kinds) if i == doc_id]
    if not found:
        what = "/".join(kinds) if kinds else "document"
        ids = sorted({i for _k, i, _p in documents_of(root, kinds)})
        known = ", ".join(ids[:20]) + (" …" if len(ids) > 20 else "") if ids else "none"
        raise TargetError(f"{ref}: no {what} {doc_id!r} in pack {pack_id} (known: {known})")
    kind, _, path = found[0]
    return Target(root.absolute(), pack_id, version, ruleset, kind, doc_id, path.absolute())


def target_of_file(path: Path, kinds: Sequence[str] | None = None) -> Target:
    """The target a file path names: that file, in the pack around it (a loose file outside
    any pack is taken on its own when its ``$schema`` names the ruleset)."""
    try:
        data = load_json_file(path).data
    except JsonLoadError as exc:
        raise TargetError(f"{path}{_where(exc)}: {exc.message}") from None
    if not isinstance(data, dict):
        raise TargetError(f"{path}: expected a JSON object with a kind and an id")
    kind, doc_id = data.get("kind"), data.get("id")
    pack_root = find_pack_root(path)
    if pack_root is not None:
        with contextlib.suppress(TargetError):  # the manifest's own problem is reported below
            kinds = _own_kinds(kinds, _pack_identity(pack_root)[2])
    if kinds is not None and kind not in kinds:
        raise TargetError(
            f'{path}: expected {" or ".join(repr(k) for k in kinds)} ("kind"), found {kind!r}'
        )
    if not isinstance(kind, str) or not isinstance(doc_id, str) or not doc_id:
        raise TargetError(f'{path}: the document has no "kind" and "id"')
    root = find_pack_root(path)
    if root is None:
        from questforge.engine.rulesets import ruleset_of_schema_url

        named = ruleset_of_schema_url(data.get("$schema"))
        if named is None or named[0] == "common":
            raise TargetError(
                f"{path}: not inside a content pack (no {MANIFEST} above it) and its "
                '"$schema" names no ruleset'
            )
        folder = path.absolute().parent
        return Target(folder, "", None, named[0], kind, doc_id, path.absolute())
    pack_id, version, ruleset = _pack_identity(root)
    return Target(root.absolute(), pack_id, version, ruleset, kind, doc_id, path.absolute())


def resolve_target(ref: str, kinds: Sequence[str] | None = None) -> Target:
    """Resolve a command-line reference (see the module docstring). ``kinds``: the document
    kinds the command accepts (``None``: any kind)."""
    ref = ref.strip()
    if not ref:
        raise TargetError("nothing given to open")
    path = Path(ref)
    if path.is_file() or (path.suffix == ".json" and path.exists()):
        return target_of_file(path, kinds)
    if path.is_dir():
        raise TargetError(f"{ref} is a folder; name a document in it as {ref.rstrip('/')}:ID")
    if ":" in ref:
        where, doc_id = ref.rsplit(":", 1)
        if not doc_id:
            raise TargetError(f"{ref}: no id after ':'")
        folder = Path(where)
        if (folder / MANIFEST).is_file():
            return _target_in(folder, doc_id, kinds, ref)
        for pack in bundled_packs():
            if pack.name == where or _pack_identity(pack)[0] == where:
                return _target_in(pack, doc_id, kinds, ref)
        if folder.exists():
            raise TargetError(f"{where}: not a content pack folder (no {MANIFEST})")
        raise TargetError(f"{where}: no such pack folder, and no bundled pack has that id")
    if "/" in ref or "\\" in ref or ref.endswith(".json"):
        raise TargetError(f"{ref}: no such file")
    matches: list[Target] = []
    for pack in bundled_packs():
        try:
            matches.append(_target_in(pack, ref, kinds, ref))
        except TargetError:
            continue
    if not matches:
        what = "/".join(kinds) if kinds else "document"
        raise TargetError(f"{ref}: no bundled {what} has this id; give a file path or PACK-DIR:ID")
    if len(matches) > 1:
        options = ", ".join(m.label for m in matches)
        raise TargetError(f"{ref}: several bundled packs have it; write one of {options}")
    return matches[0]


def read_documents(
    root: Path, first: Path | None = None
) -> tuple[list[tuple[str, object]], list[str]]:
    """``(file, data)`` of every readable content file of a pack, read with the safe loader
    (``first``, the target file, leads so that it wins over another file with the same
    id), and one message per file that could not be read."""
    files, problems = content_files(root)
    if first is not None:
        first = first.absolute()
        files = [first, *(f for f in files if f.absolute() != first)]
    out: list[tuple[str, object]] = []
    errors = [f"{p.path}: {p.message}" for p in problems]
    for path in files:
        loaded = read_pack_file(path)
        if loaded.error is not None:
            errors.append(f"{path}{_where(loaded.error)}: {loaded.error.message}")
        else:
            out.append((str(path), loaded.data))
    return out, errors


def pack_digest(roots: Iterable[Path]) -> str:
    """A digest of every readable content file of the given packs (path and text), so a
    game log can tell whether the content it was played with has changed since. Files are
    read with the pack's safe loader (a FIFO or a link to ``/dev/zero`` cannot block it)."""
    h = hashlib.sha256()
    for root in roots:
        root = root.absolute()
        files, _problems = content_files(root)
        for path in files:
            loaded = read_pack_file(path).loaded
            if loaded is None:
                continue
            h.update(path.relative_to(root).as_posix().encode())
            h.update(b"\0")
            h.update(hashlib.sha256(loaded.text.encode("utf-8", "surrogatepass")).digest())
    return "sha256:" + h.hexdigest()
