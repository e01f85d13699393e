"""The content of the packs a pack requires, for the editor: ``pack:id`` choices.

A pack's ``pack.json`` may list other packs in ``requires``; its documents then name their
content as ``"pack-id:content-id"`` (see ``docs/content-format.md``, cross-pack
references). The validator finds the required packs next to the pack (its sibling
folders); the editor finds them the same way (:func:`questforge.engine.core.pack.
resolve_requires`), so what the palette offers is exactly what ``questforge validate``
accepts.

Required packs are not being edited: they are read once per pack opened (a file changed
on disk since is read again: :meth:`RequiredPacks.refresh`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from questforge.engine.core import pack as packs
from questforge.validator.document import LoadedDocument
from questforge.validator.loading import FileLoader, load_required


class RequiredPacks:
    """Documents of the packs ``root`` requires (transitively), by kind, as ``pack:id``."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._by_kind: dict[str, dict[str, Any]] | None = None
        #: ids of the packs found (a required pack that is missing is simply absent: the
        #: validator reports it)
        self.pack_ids: list[str] = []

    def refresh(self) -> None:
        """Forget what was read: the next question reads the required packs again."""
        self._by_kind = None

    def content(self, kind: str) -> dict[str, Any]:
        """``{"pack-id:content-id": document}`` of ``kind`` in the required packs."""
        return dict(self._index().get(kind, {}))

    def lookup(self, kind: str, ref: str) -> Any:
        """The document ``ref`` (``pack-id:content-id``) names, or ``None``."""
        return self._index().get(kind, {}).get(ref)

    def _index(self) -> dict[str, dict[str, Any]]:
        if self._by_kind is not None:
            return self._by_kind
        self._by_kind = {}
        self.pack_ids = []
        root = self.root
        if root is None or not (root / packs.MANIFEST).is_file():
            return self._by_kind
        try:
            found, _problems = packs.resolve_requires(packs.open_pack(root))
        except (OSError, ValueError):
            return self._by_kind
        for other in found:
            if other.root.resolve() == root.resolve():
                continue
            self.pack_ids.append(other.id)
            files, _ = packs.content_files(other.root)
            for path in files:
                loaded = packs.read_pack_file(path)
                data = loaded.data if loaded.error is None else None
                if not isinstance(data, dict):
                    continue
                kind, ident = data.get("kind"), data.get("id")
                if isinstance(kind, str) and isinstance(ident, str) and kind != "pack":
                    self._by_kind.setdefault(kind, {})[f"{other.id}:{ident}"] = data
        return self._by_kind


def requires_key(documents: Iterable[Any]) -> str:
    """What the pack's manifest (among ``documents``, validator documents) says it
    requires, as text: the live validator reloads the required packs when it changes."""
    for doc in documents:
        data = getattr(doc, "data", None)
        if isinstance(data, dict) and data.get("kind") == "pack":
            return json.dumps(data.get("requires"), sort_keys=True, default=str)
    return ""


def required_documents(root: Path | None) -> dict[str, list[LoadedDocument]]:
    """The validator documents of the packs ``root`` requires, by pack id - what
    ``questforge validate`` loads for a pack (its sibling folders), so the editor's live
    validation knows the ``pack:id`` references the CLI accepts."""
    if root is None or not (root / packs.MANIFEST).is_file():
        return {}
    loader = FileLoader(None, packs.DEFAULT_MAX_BYTES, packs.DEFAULT_MAX_DEPTH)
    try:
        required, _problems = load_required(packs.open_pack(root), (), loader, {}, {})
    except (OSError, ValueError):
        return {}
    return required
