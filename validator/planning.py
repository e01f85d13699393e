"""Planning a run on disk: which packs to validate and, per pack, which of its files.

A folder holding ``pack.json`` is a pack (validated whole); a folder inside a pack selects
that pack with the files below the folder; any other folder is searched for packs, and the
JSON files below it that belong to no pack are validated as loose files (the ``None``
pack). A file selects its pack (or is loose). Nothing is read here except the folder
structure: loading is :mod:`questforge.validator.loading`'s job.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from questforge.engine.core import pack as packs
from questforge.engine.core.errors import UsageError

#: sentinel: every file of a pack is selected
ALL: frozenset[Path] = frozenset()

#: pack root (``None`` for loose files) -> the selected files (:data:`ALL`: the whole pack)
Plan = dict[Path | None, set[Path] | frozenset[Path]]


class PathNotFoundError(UsageError):
    """A path given to ``validate_paths`` does not exist (a usage error, exit 2)."""


def loose_json_files(folder: Path, pack_roots: set[Path]) -> list[Path]:
    """JSON files under ``folder`` outside every pack (no links followed, no hidden dirs)."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(folder.absolute(), followlinks=False):
        here = Path(dirpath)
        dirnames[:] = sorted(
            d for d in dirnames if not d.startswith(".") and here / d not in pack_roots
        )
        found.extend(here / name for name in sorted(filenames) if name.endswith(".json"))
    return found


def plan_paths(paths: Sequence[Path]) -> Plan:
    """Which packs to validate and, per pack, which files (:data:`ALL` = the whole pack).
    Raises :class:`PathNotFoundError` for a path that does not exist."""
    plan: Plan = {}

    def add(root: Path | None, files: Iterable[Path] | None) -> None:
        current = plan.get(root)
        if files is None:
            plan[root] = ALL
        elif current is ALL and root is not None:
            return
        else:
            selected = set(current) if current else set()
            selected.update(f.absolute() for f in files)
            plan[root] = selected

    for raw in paths:
        path = Path(raw)
        if not path.exists() and not path.is_symlink():
            raise PathNotFoundError(f"no such file or folder: {raw}")
        if path.is_dir():
            if (path / packs.MANIFEST).is_file():
                add(path.absolute(), None)
                continue
            outer = packs.find_pack_root(path)
            if outer is not None:
                files, _ = packs.content_files(outer)
                inside = path.absolute()
                add(outer, [f for f in files if inside in f.parents])
                continue
            roots = packs.find_packs(path)
            for root in roots:
                add(root.absolute(), None)
            loose = loose_json_files(path, {r.absolute() for r in roots})
            if loose:
                add(None, loose)
        else:
            add(packs.find_pack_root(path), [path])
    return plan
