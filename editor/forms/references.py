"""Reference fields as combos: which ids of a kind exist for a form to offer.

A field annotated ``x-questforge-ref: <kind>`` in its schema names a document of that kind
(a scenario's monster type, a tile placement's map tile, a class's ability cards). The
form shows an editable combo of the ids that exist - this pack's, and ``pack:id`` for each
pack it requires - and warns about a value that names none of them, while still taking
free text: the designer may name a monster before writing its file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from questforge.engine.core import pack as packs


@runtime_checkable
class ReferenceSource(Protocol):
    """Where a form finds the ids a reference field may name."""

    def ids(self, kind: str) -> list[str]:
        """Every id of ``kind``: this pack's plain, a required pack's as ``pack:id``."""
        ...


class WorkspaceReferences:
    """The ids of the editor's workspace (open documents included, so an id created a
    moment ago in another tab is offered) and of the packs its pack requires (read once;
    they are not being edited)."""

    def __init__(self, workspace: Any) -> None:
        self.workspace = workspace
        self._required: dict[Path, list[tuple[str, str, str]]] | None = None
        self._root: Path | None = None

    def ids(self, kind: str) -> list[str]:
        own: list[str] = []
        content = getattr(self.workspace, "content", None)
        if callable(content):
            own = sorted(str(i) for i in content(kind))
        required = [
            f"{pack_id}:{ident}"
            for entries in self._required_entries().values()
            for pack_id, k, ident in entries
            if k == kind
        ]
        return own + sorted(required)

    def _required_entries(self) -> dict[Path, list[tuple[str, str, str]]]:
        root = getattr(self.workspace, "pack_root", None)
        if self._required is not None and root == self._root:
            return self._required
        self._root = root
        self._required = {}
        if not isinstance(root, Path) or not (root / packs.MANIFEST).is_file():
            return self._required
        try:
            found, _problems = packs.resolve_requires(packs.open_pack(root))
        except (OSError, ValueError):
            return self._required
        for other in found:
            entries: list[tuple[str, str, str]] = []
            files, _ = packs.content_files(other.root)
            for path in files:
                try:
                    data = json.loads(path.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    continue
                if isinstance(data, dict):
                    kind, ident = data.get("kind"), data.get("id")
                    if isinstance(kind, str) and isinstance(ident, str):
                        entries.append((other.id, kind, ident))
            self._required[other.root] = entries
        return self._required


def known(value: str, ids: list[str], own_pack: str | None = None) -> bool:
    """Whether ``value`` names one of ``ids`` (``<own pack>:id`` is the same as ``id``)."""
    if value in ids:
        return True
    prefix, _, ident = value.partition(":")
    return bool(own_pack) and prefix == own_pack and ident in ids


def own_pack(source: Any) -> str | None:
    """The id of the pack being edited, when the source knows it."""
    workspace = getattr(source, "workspace", None)
    getter = getattr(workspace, "pack_id", None)
    try:
        found = getter() if callable(getter) else None
    except (OSError, ValueError):
        return None
    return found if isinstance(found, str) and found else None
