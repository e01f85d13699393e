"""The shipped JSON Schemas as a store: lookup by kind, compiled validators, no network.

A :class:`SchemaStore` indexes every ``<folder>/<name>.schema.json`` by folder and name and
by ``$id``, and compiles one jsonschema-rs validator per schema on first use (cached: the
editor validates on every edit). Every validator gets a local registry built from the
store's own schemas and ``offline=True``, so a ``$ref`` can only resolve to a shipped schema:
an unknown URL raises :class:`SchemaBuildError`, which the runner turns into a finding,
instead of a fetch.

The default store reads the ``questforge.schema`` package data (works from a plain install,
not only a checkout); tests and other tools can build a store from any folder.
"""

from __future__ import annotations

import difflib
import json
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

import jsonschema_rs

from questforge.schema import is_definitions

#: the common folder holds the pack manifest and shared ``$defs``
COMMON = "common"
SUFFIX = ".schema.json"


class SchemaBuildError(Exception):
    """A schema could not be compiled (bad schema, or a ``$ref`` to an unknown URL)."""


@dataclass
class SchemaEntry:
    """One schema file: ``folder``/``name`` (``gloomhaven``/``monster``) and its content."""

    folder: str
    name: str
    schema: dict[str, Any]
    path: Path | None = None

    @property
    def id(self) -> str:
        value = self.schema.get("$id")
        return value if isinstance(value, str) else f"{self.folder}/{self.name}{SUFFIX}"

    @property
    def title(self) -> str:
        value = self.schema.get("title")
        return value if isinstance(value, str) else ""


@dataclass
class SchemaStore:
    """Schemas by ``(folder, name)`` and by ``$id``, with cached compiled validators."""

    entries: list[SchemaEntry]
    _by_key: dict[tuple[str, str], SchemaEntry] = field(init=False, repr=False)
    _by_id: dict[str, SchemaEntry] = field(init=False, repr=False)
    _validators: dict[tuple[str, str], Any] = field(init=False, repr=False)
    _lock: threading.Lock = field(init=False, repr=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.entries = sorted(self.entries, key=lambda e: (e.folder != COMMON, e.folder, e.name))
        self._by_key = {(e.folder, e.name): e for e in self.entries}
        self._by_id = {e.id: e for e in self.entries}
        self._validators = {}

    # --- construction --------------------------------------------------------------------

    @classmethod
    def from_directory(cls, root: Path) -> SchemaStore:
        """Every ``root/<folder>/<name>.schema.json``."""
        entries = []
        for path in sorted(Path(root).glob(f"*/*{SUFFIX}")):
            with open(path, encoding="utf-8") as handle:
                schema = json.load(handle)
            entries.append(SchemaEntry(path.parent.name, path.name[: -len(SUFFIX)], schema, path))
        return cls(entries)

    @classmethod
    def from_schemas(cls, schemas: Iterable[tuple[str, str, dict[str, Any]]]) -> SchemaStore:
        """From ``(folder, name, schema)`` triples (in-memory tests, plug-ins)."""
        return cls([SchemaEntry(f, n, s) for f, n, s in schemas])

    # --- lookup --------------------------------------------------------------------------

    def __iter__(self) -> Iterator[SchemaEntry]:
        return iter(self.entries)

    def get(self, folder: str, name: str) -> SchemaEntry | None:
        return self._by_key.get((folder, name))

    def by_id(self, schema_id: str) -> SchemaEntry | None:
        return self._by_id.get(schema_id.split("#", 1)[0])

    def folders(self) -> list[str]:
        return sorted({e.folder for e in self.entries})

    def for_kind(self, kind: str, folder: str | None = None) -> SchemaEntry | None:
        """The schema for content ``kind``: the common folder, then ``folder``, then any
        folder that has exactly one schema of that name. A ``$defs`` library (``defs``) is
        never a content kind: ``None`` for it."""
        if is_definitions(kind):
            return None
        entry = self._by_key.get((COMMON, kind))
        if entry is not None:
            return entry
        if folder is not None:
            entry = self._by_key.get((folder, kind))
            if entry is not None:
                return entry
        matches = [e for e in self.entries if e.name == kind and e.folder != COMMON]
        return matches[0] if len(matches) == 1 else None

    # --- validators ----------------------------------------------------------------------

    def referenced(self, entry: SchemaEntry) -> list[SchemaEntry]:
        """The store's schemas that ``entry`` reaches through ``$ref`` (transitively,
        excluding ``entry`` itself). References to unknown URIs are left out: compiling
        then fails with a clear error instead of a fetch."""
        seen = {entry.id}
        order: list[SchemaEntry] = []
        queue = [entry]
        while queue:
            current = queue.pop()
            for ref in _refs(current.schema):
                uri, _ = urldefrag(urljoin(current.id, ref))
                found = self._by_id.get(uri)
                if found is not None and found.id not in seen:
                    seen.add(found.id)
                    order.append(found)
                    queue.append(found)
        return order

    def registry(self, entry: SchemaEntry) -> Any:
        """A local registry of exactly the schemas ``entry`` needs (so one broken schema
        in the store cannot break the others)."""
        return jsonschema_rs.Registry([(e.id, e.schema) for e in [entry, *self.referenced(entry)]])

    def validator(self, entry: SchemaEntry) -> Any:
        """The compiled validator of ``entry`` (built once; raises :class:`SchemaBuildError`)."""
        key = (entry.folder, entry.name)
        found = self._validators.get(key)
        if found is not None and not isinstance(found, SchemaBuildError):
            return found
        with self._lock:
            found = self._validators.get(key)
            if found is None:
                try:
                    found = jsonschema_rs.validator_for(
                        entry.schema,
                        registry=self.registry(entry),
                        offline=True,
                    )
                except (jsonschema_rs.ValidationError, ValueError, TypeError) as exc:
                    found = SchemaBuildError(_first_line(str(exc)))
                self._validators[key] = found
        if isinstance(found, SchemaBuildError):
            raise found
        return found

    def allowed_properties(self, keyword_location: str | None) -> list[str]:
        """Property names allowed by the subschema holding the failed ``additionalProperties``.

        ``keyword_location`` is jsonschema-rs's absolute keyword location
        (``https://.../monster.schema.json#/properties/stats/additionalProperties``).
        """
        if not keyword_location or "#" not in keyword_location:
            return []
        uri, pointer = keyword_location.split("#", 1)
        entry = self._by_id.get(uri)
        if entry is None:
            return []
        node: Any = entry.schema
        parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
        for part in parts[:-1]:
            if isinstance(node, dict):
                node = node.get(part)
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return []
        if not isinstance(node, dict) or not isinstance(node.get("properties"), dict):
            return []
        return sorted(node["properties"])


def _refs(node: Any) -> Iterator[str]:
    stack = [node]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            for key, child in value.items():
                if key == "$ref" and isinstance(child, str):
                    yield child
                elif isinstance(child, (dict, list)):
                    stack.append(child)
        elif isinstance(value, list):
            stack.extend(v for v in value if isinstance(v, (dict, list)))


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else "cannot compile schema"


def close_match(name: str, options: list[str]) -> str | None:
    matches = difflib.get_close_matches(name, options, n=1, cutoff=0.7)
    return matches[0] if matches else None


@cache
def default_store() -> SchemaStore:
    """The shipped schemas, through :mod:`questforge.schema`'s loader (once per process)."""
    from questforge import schema as shipped

    return SchemaStore(
        [
            SchemaEntry(folder, name, shipped.load_schema(folder, name))
            for folder, name, _path in shipped.schema_files()
        ]
    )
