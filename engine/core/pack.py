"""Content packs on disk: discovery, content files, and ``requires`` resolution.

A pack is a folder with a ``pack.json`` manifest and JSON content files in any sub-folder.
Packs are untrusted *data*: nothing in one is executed, and no path may leave the pack's
folder. Discovery therefore never follows a symbolic link (a link is reported, not read) and
refuses any file whose resolved path lies outside the pack root; a ``requires`` entry names
a pack *id* and is resolved to a sibling pack folder or a folder on a search path, never to
a path or a URL written in the manifest.

Problems are returned as :class:`PackProblem` values (the validator turns them into
findings); this module imports nothing from the validator, click or rich.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from questforge.engine.core.jsonload import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_DEPTH,
    JsonLoadError,
    LoadedJson,
    load_json_file,
)

MANIFEST = "pack.json"
ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

ProblemKind = Literal[
    "symlink",
    "unreadable",
    "outside",
    "manifest",
    "requires-location",
    "requires-missing",
    "requires-version",
    "requires-self",
    "requires-invalid",
]


@dataclass
class PackProblem:
    """Something wrong with a pack's layout or manifest (not with a content file's data)."""

    kind: ProblemKind
    message: str
    path: Path
    #: JSON path inside the manifest (for ``requires`` problems)
    json_path: tuple[str | int, ...] = ()
    hint: str | None = None


@dataclass
class Requirement:
    """One ``requires`` entry of a manifest."""

    id: str
    version: str | None
    index: int


@dataclass
class Pack:
    """A pack folder and what its manifest says (``manifest`` is ``None`` if unreadable)."""

    root: Path
    manifest: dict[str, Any] | None
    problems: list[PackProblem] = field(default_factory=list)

    @property
    def manifest_path(self) -> Path:
        return self.root / MANIFEST

    @property
    def id(self) -> str:
        value = (self.manifest or {}).get("id")
        return value if isinstance(value, str) else self.root.name

    @property
    def ruleset(self) -> str | None:
        value = (self.manifest or {}).get("ruleset")
        return value if isinstance(value, str) else None

    @property
    def version(self) -> str | None:
        value = (self.manifest or {}).get("version")
        return value if isinstance(value, str) else None

    def requirements(self) -> list[Requirement]:
        """Well-formed ``requires`` entries (malformed ones are reported by :func:`open_pack`)."""
        out: list[Requirement] = []
        requires = (self.manifest or {}).get("requires")
        if not isinstance(requires, list):
            return out
        for index, entry in enumerate(requires):
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                if ID_PATTERN.match(entry["id"]):
                    version = entry.get("version")
                    out.append(
                        Requirement(
                            entry["id"], version if isinstance(version, str) else None, index
                        )
                    )
            elif isinstance(entry, str) and ID_PATTERN.match(entry):
                out.append(Requirement(entry, None, index))
        return out


def find_pack_root(path: Path) -> Path | None:
    """The nearest folder at or above ``path`` that holds a ``pack.json``."""
    path = path.absolute()
    current = path if path.is_dir() else path.parent
    for folder in (current, *current.parents):
        if (folder / MANIFEST).is_file():
            return folder
    return None


def find_packs(folder: Path) -> list[Path]:
    """Pack roots at or below ``folder`` (a pack inside a pack is not searched for)."""
    if (folder / MANIFEST).is_file():
        return [folder]
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        if MANIFEST in filenames and Path(dirpath) != folder:
            found.append(Path(dirpath))
            dirnames[:] = []
    return sorted(found)


def _looks_like_location(value: str) -> bool:
    return "://" in value or "/" in value or "\\" in value or value.startswith((".", "~"))


def open_pack(root: Path) -> Pack:
    """Read ``root/pack.json`` and check its ``requires`` entries for paths and URLs."""
    root = root.absolute()
    manifest_path = root / MANIFEST
    pack = Pack(root, None)
    if manifest_path.is_symlink():
        pack.problems.append(
            PackProblem("symlink", "pack.json is a symbolic link; not followed", manifest_path)
        )
        return pack
    try:
        data = load_json_file(manifest_path).data
    except JsonLoadError:
        # the content-file pass reports the load error itself, with its position
        return pack
    if not isinstance(data, dict):
        return pack
    pack.manifest = data
    requires = data.get("requires", [])
    if not isinstance(requires, list):
        return pack
    for index, entry in enumerate(requires):
        values: Iterable[tuple[str, Any]] = (
            entry.items() if isinstance(entry, dict) else [("", entry)]
        )
        for key, value in values:
            if (
                isinstance(value, str)
                and key in ("", "id", "path", "url", "location")
                and _looks_like_location(value)
            ):
                where: tuple[str | int, ...] = ("requires", index) + ((key,) if key else ())
                pack.problems.append(
                    PackProblem(
                        "requires-location",
                        f"requires entry {value!r} is a path or URL; a pack may only "
                        "require other packs by id",
                        manifest_path,
                        where,
                        hint='write {"id": "other-pack", "version": "1.0.0"} and put the '
                        "pack next to this one or on the search path",
                    )
                )
        if isinstance(entry, dict) and entry.get("id") == pack.id:
            pack.problems.append(
                PackProblem(
                    "requires-self",
                    f"pack {pack.id!r} requires itself",
                    manifest_path,
                    ("requires", index),
                )
            )
    return pack


def content_files(pack_root: Path) -> tuple[list[Path], list[PackProblem]]:
    """Every ``*.json`` file under ``pack_root`` (sorted) and the paths that were refused.

    Symbolic links (files or folders) are never followed and are reported; since the walk
    itself never follows a link, every file it yields lies inside the pack. Hidden folders
    (``.git``) are skipped. A sub-folder that cannot be listed (permissions) is reported,
    not silently skipped: its files would be missing from every count and check. So is a
    dangling link of any name (it may have been a folder of content). Uses ``os.scandir``
    (no extra ``stat`` per file): listing a 5,000-file pack takes milliseconds.
    """
    root = pack_root.absolute()
    real_root = root.resolve()
    files: list[str] = []
    problems: list[PackProblem] = []
    stack = [str(root)]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError as exc:
            problems.append(_unreadable_problem(Path(folder), exc))
            continue
        for entry in entries:
            if entry.is_symlink():
                if entry.name.endswith(".json") or entry.is_dir() or not os.path.exists(entry.path):
                    problems.append(_symlink_problem(Path(entry.path), real_root))
                continue
            if entry.is_dir(follow_symlinks=False):
                if not entry.name.startswith("."):
                    stack.append(entry.path)
            elif entry.name.endswith(".json"):
                files.append(entry.path)
    files.sort()
    problems.sort(key=lambda p: str(p.path))
    return [Path(f) for f in files], problems


def _unreadable_problem(folder: Path, exc: OSError) -> PackProblem:
    return PackProblem(
        "unreadable",
        f"folder cannot be read ({exc.strerror or exc}); the content files in it were not checked",
        folder,
        hint="fix its permissions (the folder needs read and execute permission)",
    )


@dataclass
class PackFile:
    """One content file of a pack, read with the safe loader: ``loaded`` or ``error``."""

    path: Path
    loaded: LoadedJson | None = None
    error: JsonLoadError | None = None

    @property
    def data(self) -> Any:
        """The parsed JSON (``None`` when the file could not be loaded)."""
        return self.loaded.data if self.loaded is not None else None


def read_pack_file(
    path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES, max_depth: int = DEFAULT_MAX_DEPTH
) -> PackFile:
    """Load one content file safely; a load failure is kept as :attr:`PackFile.error`."""
    try:
        return PackFile(path, load_json_file(path, max_bytes=max_bytes, max_depth_limit=max_depth))
    except JsonLoadError as exc:
        return PackFile(path, error=exc)


def iter_pack_files(
    pack_root: Path, *, max_bytes: int = DEFAULT_MAX_BYTES, max_depth: int = DEFAULT_MAX_DEPTH
) -> Iterator[PackFile]:
    """Every content file of a pack, loaded safely, in path order: THE way to read a pack.

    The walk is :func:`content_files` (no link followed, hidden folders skipped, nothing
    outside the pack) and each file goes through
    :func:`~questforge.engine.core.jsonload.load_json_file` (regular files only, so a named
    pipe or a link to ``/dev/zero`` cannot block or exhaust memory; size, depth and
    encoding limits). Files that cannot be loaded are yielded with their error, so callers
    can skip them (the validator reports them) without ever seeing an exception. The
    layout problems themselves are :func:`content_files`'s second result.
    """
    paths, _problems = content_files(pack_root)
    for path in paths:
        yield read_pack_file(path, max_bytes=max_bytes, max_depth=max_depth)


def read_pack(
    pack_root: Path, *, max_bytes: int = DEFAULT_MAX_BYTES, max_depth: int = DEFAULT_MAX_DEPTH
) -> tuple[list[PackFile], list[PackProblem]]:
    """:func:`iter_pack_files` as a list, plus the layout problems (links, unreadable
    folders) for callers that report them."""
    paths, problems = content_files(pack_root)
    files = [read_pack_file(p, max_bytes=max_bytes, max_depth=max_depth) for p in paths]
    return files, problems


def refused_path(path: Path) -> PackProblem | None:
    """Why ``path`` may not be opened or written as part of the pack around it, or ``None``.

    The rule ``validate`` applies to discovery, for a path named directly (the editor's
    open and save): inside a pack, neither the file nor any folder between it and the
    pack root may be a symbolic link, so nothing is read or written outside the pack
    through a link. A path in no pack is not restricted.
    """
    path = Path(path).absolute()
    root = find_pack_root(path)
    if root is None:
        return None
    try:
        relative = path.relative_to(root)
    except ValueError:
        return None
    current = root
    real_root = root.resolve()
    for part in relative.parts:
        current = current / part
        if current.is_symlink():
            return _symlink_problem(current, real_root)
    return None


def refused_paths(paths: Iterable[Path]) -> list[PackProblem]:
    """Problems for files named directly (on a command line) that lie below a linked
    folder of their pack: discovery never enters such a folder, so without this a file
    named through it would be read although the folder is refused. Each problem names
    the file itself, so it is reported with that file. (A file that is itself a link is
    reported by :func:`content_files`.)"""
    out: list[PackProblem] = []
    for path in paths:
        named = Path(path).absolute()
        problem = refused_path(named)
        if problem is not None and problem.path != named:
            out.append(
                PackProblem(
                    "symlink",
                    f"reached through {problem.path.name}/, a {problem.message}",
                    named,
                    hint=problem.hint,
                )
            )
    return out


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _symlink_problem(path: Path, real_root: Path) -> PackProblem:
    try:
        target = path.resolve()
        if not os.path.exists(target):
            what = "dangling symbolic link (its target does not exist)"
        else:
            where = "inside" if _inside(target, real_root) else "outside"
            what = f"symbolic link to a location {where} the pack"
    except (OSError, RuntimeError):  # a link loop
        what = "symbolic link to an unreadable location"
    return PackProblem(
        "symlink",
        f"{what}; packs must not contain links and links are never followed",
        path,
        hint="copy the file into the pack instead of linking it",
    )


def _version_tuple(version: str) -> tuple[int, ...] | None:
    match = re.match(r"^\s*v?(\d+(?:\.\d+)*)", version)
    if not match:
        return None
    return tuple(int(x) for x in match.group(1).split("."))


def version_satisfies(available: str | None, wanted: str | None) -> bool:
    """Whether ``available`` satisfies ``wanted``.

    ``wanted`` may be ``1.2.0`` / ``^1.2.0`` (same major version, at least 1.2.0),
    ``>=1.2`` (at least), ``==1.2.0`` or ``=1.2.0`` (exactly), or ``*``.
    """
    if not wanted or wanted.strip() == "*":
        return True
    if available is None:
        return False
    spec = wanted.strip()
    op = "^"
    for prefix in (">=", "==", "=", "^", "~"):
        if spec.startswith(prefix):
            op, spec = prefix, spec[len(prefix) :]
            break
    have, want = _version_tuple(available), _version_tuple(spec)
    if have is None or want is None:
        return available.strip() == spec.strip()
    width = max(len(have), len(want))
    have_p = have + (0,) * (width - len(have))
    want_p = want + (0,) * (width - len(want))
    if op in ("==", "="):
        return have_p == want_p
    if op == ">=":
        return have_p >= want_p
    if op == "~":
        return have_p >= want_p and have_p[:2] == want_p[:2]
    return have_p >= want_p and have_p[0] == want_p[0]


def resolve_requires(
    pack: Pack, search_path: Sequence[Path] = (), *, _cache: dict[Path, Pack] | None = None
) -> tuple[list[Pack], list[PackProblem]]:
    """The packs ``pack`` requires, transitively, and what could not be resolved.

    A required id is looked up in the folders next to the pack, then in each folder of
    ``search_path`` (a folder that is itself a pack, or that holds packs). Only pack folders
    found there are used: an id can never name a path.
    """
    cache = _cache if _cache is not None else {}
    candidates: dict[str, list[Pack]] = {}

    def index(folder: Path) -> None:
        if not folder.is_dir():
            return
        for root in find_packs(folder) if not (folder / MANIFEST).is_file() else [folder]:
            key = root.absolute()
            if key not in cache:
                cache[key] = open_pack(root)
            found = cache[key]
            candidates.setdefault(found.id, []).append(found)

    parent = pack.root.parent
    for sibling in sorted(parent.iterdir()) if parent.is_dir() else []:
        if sibling.is_dir() and not sibling.is_symlink() and (sibling / MANIFEST).is_file():
            index(sibling)
    for folder in search_path:
        index(folder.absolute())

    result: list[Pack] = []
    problems: list[PackProblem] = []
    seen = {pack.root}
    queue = [(pack, req) for req in pack.requirements()]
    while queue:
        owner, req = queue.pop(0)
        options = [p for p in candidates.get(req.id, []) if p.root != owner.root]
        if not options:
            if owner is pack:
                problems.append(
                    PackProblem(
                        "requires-missing",
                        f"required pack {req.id!r} not found next to this pack or on the "
                        "search path",
                        pack.manifest_path,
                        ("requires", req.index),
                        hint="put the pack folder next to this one, or pass --pack-path",
                    )
                )
            continue
        chosen = next((p for p in options if version_satisfies(p.version, req.version)), None)
        if chosen is None:
            chosen = options[0]
            if owner is pack:
                problems.append(
                    PackProblem(
                        "requires-version",
                        f"required pack {req.id!r} version {req.version} not available "
                        f"(found {chosen.version})",
                        pack.manifest_path,
                        ("requires", req.index),
                    )
                )
        if chosen.root in seen:
            continue
        seen.add(chosen.root)
        result.append(chosen)
        queue.extend((chosen, r) for r in chosen.requirements())
    return result, problems
