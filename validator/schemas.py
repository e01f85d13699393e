"""The content schemas as a store: lookup by (ruleset, kind), compiled validators, no network.

A :class:`SchemaStore` indexes every schema by ``(ruleset, name)`` (``("gloomhaven",
"monster")``; the ruleset-neutral pack manifest and ``$defs`` live under ``common``) and by
``$id``, and compiles one jsonschema-rs validator per schema on first use (cached: the
editor validates on every edit). Kinds are never looked up by name alone: two rulesets may
both define a ``scenario``, and :meth:`SchemaStore.for_kind` takes the ruleset.

Every validator gets a local registry built from the store's own schemas and
``offline=True``, so a ``$ref`` can only resolve to a known schema: an unknown URL raises
:class:`SchemaBuildError`, which the runner turns into a finding, instead of a fetch.

The default store reads ``common`` from the ``questforge.schema`` package data and each
ruleset's schemas from its ruleset record's ``schema_dir()`` (:func:`ruleset_schema_dir`),
on first use of that ruleset, so a third-party or test ruleset can ship its schemas outside
questforge. Tests and other tools can build a store from any folder.
"""

from __future__ import annotations

import difflib
import json
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

import jsonschema_rs

from questforge.engine.core.errors import ContentError
from questforge.schema import is_definitions

#: the common folder holds the pack manifest and shared ``$defs``
COMMON = "common"
SUFFIX = ".schema.json"


class SchemaBuildError(ContentError):
    """A schema could not be compiled (bad schema, or a ``$ref`` to an unknown URL)."""


@dataclass
class SchemaEntry:
    """One schema: ``folder``/``name`` (``gloomhaven``/``monster``) and its content.

    ``folder`` is the ruleset the schema belongs to (``common`` for the ruleset-neutral
    ones): the first half of the (ruleset, kind) key.
    """

    folder: str
    name: str
    schema: dict[str, Any]
    path: Path | Traversable | None = None

    @property
    def ruleset(self) -> str | None:
        """The ruleset of this schema (``None`` for a ``common`` one)."""
        return None if self.folder == COMMON else self.folder

    @property
    def id(self) -> str:
        value = self.schema.get("$id")
        return value if isinstance(value, str) else f"{self.folder}/{self.name}{SUFFIX}"

    @property
    def title(self) -> str:
        value = self.schema.get("title")
        return value if isinstance(value, str) else ""


#: loads the schemas of one ruleset on demand (``[]`` when it has none or is unknown)
RulesetSource = Callable[[str], list[SchemaEntry]]


@dataclass
class SchemaStore:
    """Schemas by ``(ruleset, name)`` and by ``$id``, with cached compiled validators.

    ``source``, if given, supplies the schemas of a ruleset the first time that ruleset is
    asked for (the default store reads them from the ruleset's record); a store without
    one holds exactly the entries it was built with.
    """

    entries: list[SchemaEntry]
    source: RulesetSource | None = None
    #: the current record of a ruleset (any object; ``None`` when not installed): when it
    #: is no longer the one the schemas were loaded for (a plug-in re-registered, a test
    #: swapping rulesets), they are loaded again
    record_of: Callable[[str], object] | None = None
    _by_key: dict[tuple[str, str], SchemaEntry] = field(init=False, repr=False)
    _by_id: dict[str, SchemaEntry] = field(init=False, repr=False)
    _validators: dict[tuple[str, str], Any] = field(init=False, repr=False)
    _loaded: set[str] = field(init=False, repr=False)
    _records: dict[str, object] = field(init=False, repr=False)
    _lock: threading.RLock = field(init=False, repr=False, default_factory=threading.RLock)

    def __post_init__(self) -> None:
        self._by_key = {}
        self._by_id = {}
        self._validators = {}
        self._loaded = set()
        self._records = {}
        self._add(self.entries)

    def _add(self, entries: Iterable[SchemaEntry]) -> None:
        merged = {(e.folder, e.name): e for e in self.entries}
        for entry in entries:
            merged.setdefault((entry.folder, entry.name), entry)
        self.entries = sorted(merged.values(), key=lambda e: (e.folder != COMMON, e.folder, e.name))
        self._by_key = {(e.folder, e.name): e for e in self.entries}
        self._by_id = {e.id: e for e in self.entries}
        self._loaded.update(e.folder for e in self.entries)

    def _ensure(self, ruleset: str) -> None:
        """Load ``ruleset``'s schemas through :attr:`source` if not done yet, or again if
        its record changed. A ruleset without schemas (or not installed) is asked again
        next time: it may be registered later (plug-ins, tests)."""
        if self.source is None or ruleset == COMMON:
            return
        record = self.record_of(ruleset) if self.record_of is not None else None
        if ruleset in self._loaded and self._records.get(ruleset) is record:
            return
        with self._lock:
            if ruleset in self._loaded and self._records.get(ruleset) is record:
                return
            if ruleset in self._loaded:  # another record now: forget the old schemas
                self.entries = [e for e in self.entries if e.folder != ruleset]
                self._loaded.discard(ruleset)
                self._validators.clear()
                self._add(())
            self._records[ruleset] = record
            found = self.source(ruleset)
            if found:
                self._add(SchemaEntry(ruleset, e.name, e.schema, e.path) for e in found)

    # --- construction --------------------------------------------------------------------

    @classmethod
    def from_directory(cls, root: Path) -> SchemaStore:
        """Every ``root/<ruleset>/<name>.schema.json`` (``root/common/...`` for the
        ruleset-neutral ones)."""
        entries = []
        for folder in sorted(p for p in Path(root).iterdir() if p.is_dir()):
            entries.extend(read_schema_dir(folder))
        return cls(entries)

    @classmethod
    def from_schemas(cls, schemas: Iterable[tuple[str, str, dict[str, Any]]]) -> SchemaStore:
        """From ``(ruleset, name, schema)`` triples (in-memory tests, plug-ins)."""
        return cls([SchemaEntry(f, n, s) for f, n, s in schemas])

    # --- lookup --------------------------------------------------------------------------

    def __iter__(self) -> Iterator[SchemaEntry]:
        """Every schema, of every ruleset the store can find (all of them are loaded)."""
        self.load_all()
        return iter(list(self.entries))

    def load_all(self) -> None:
        """Load the schemas of every installed ruleset (for listings and exports)."""
        if self.source is None:
            return
        for name in _installed_rulesets():
            self._ensure(name)

    def get(self, folder: str, name: str) -> SchemaEntry | None:
        """The schema ``name`` of ruleset ``folder`` (``common`` for the neutral ones)."""
        self._ensure(folder)
        return self._by_key.get((folder, name))

    def by_id(self, schema_id: str) -> SchemaEntry | None:
        """The schema whose ``$id`` is ``schema_id`` (a ``#fragment`` is ignored); the
        ruleset named in the URL is loaded first if needed."""
        uri = schema_id.split("#", 1)[0]
        found = self._by_id.get(uri)
        if found is None and self.source is not None:
            named = ruleset_in_schema_url(uri)
            if named is not None:
                self._ensure(named)
                found = self._by_id.get(uri)
        return found

    def folders(self) -> list[str]:
        return sorted({e.folder for e in self})

    def for_kind(self, kind: str, ruleset: str | None) -> SchemaEntry | None:
        """The schema for content ``kind`` of ``ruleset``: a ``common`` kind (the pack
        manifest) for any ruleset, else the ruleset's own. ``ruleset=None`` (a document
        whose ruleset is unknown) finds the common kinds only. A ``$defs`` library
        (``defs``) is never a content kind: ``None`` for it."""
        if is_definitions(kind):
            return None
        entry = self._by_key.get((COMMON, kind))
        if entry is not None or ruleset is None:
            return entry
        self._ensure(ruleset)
        return self._by_key.get((ruleset, kind))

    def kinds(self, ruleset: str | None) -> list[str]:
        """The content kinds a document of ``ruleset`` may have (common ones included)."""
        if ruleset is not None:
            self._ensure(ruleset)
        return sorted(
            e.name
            for e in self.entries
            if e.folder in (COMMON, ruleset) and not is_definitions(e.name)
        )

    def rulesets_with_kind(self, kind: str) -> list[str]:
        """Every ruleset that has a kind of this name, for messages and for a user
        interface offering a choice ("did you mean the ``scenario`` of ...") - never to
        pick a document's schema."""
        if is_definitions(kind):
            return []
        self.load_all()
        return sorted(e.folder for e in self.entries if e.name == kind and e.folder != COMMON)

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
            # each distinct reference once, in order; a local one (``#/$defs/x``) names
            # ``current`` itself, which is already seen
            for ref in dict.fromkeys(r for r in _refs(current.schema) if r[:1] != "#"):
                uri, _ = urldefrag(urljoin(current.id, ref))
                found = self.by_id(uri)
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


def ruleset_in_schema_url(url: str) -> str | None:
    """The ruleset a ``$schema`` URL or path names: ``…/schema/<ruleset>/<kind>.schema.json``
    (or ``…/<ruleset>/<kind>``), also the relative paths ``schema export`` copies are
    referenced by (``../schemas/gloomhaven/monster.schema.json``). ``None`` when the URL
    has no such shape or names the ``common`` folder."""
    if not isinstance(url, str):
        return None
    parts = [p for p in url.split("#", 1)[0].replace("\\", "/").split("/") if p]
    if len(parts) < 2 or parts[-2] == COMMON or not _RULESET_ID.fullmatch(parts[-2]):
        return None
    return parts[-2]


#: a ruleset id is kebab-case (so a host name such as ``questforge.dev`` is not one)
_RULESET_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def ruleset_schema_dir(ruleset: Any) -> Traversable | None:
    """Where the schemas of a ruleset record live: the contract's ``schema_dir()`` (its
    ``schema_path`` for a third-party or test ruleset that ships schemas outside
    questforge, else its folder in the schema package)."""
    try:
        folder: Traversable = ruleset.schema_dir()
    except Exception:  # a broken plug-in record: no schemas, not a crash
        return None
    return Path(folder) if isinstance(folder, str) else folder


def read_schema_dir(folder: Path | Traversable) -> list[SchemaEntry]:
    """The ``*.schema.json`` files of one folder, as entries of that folder's name (the
    default store re-keys them by the ruleset's name)."""
    out: list[SchemaEntry] = []
    if not folder.is_dir():
        return out
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if not path.name.endswith(SUFFIX) or not path.is_file():
            continue
        schema = json.loads(path.read_text(encoding="utf-8"))
        out.append(SchemaEntry(folder.name, path.name[: -len(SUFFIX)], schema, path))
    return out


def _installed_rulesets() -> list[str]:
    try:
        from questforge.engine import rulesets

        return [r.id for r in rulesets.all_rulesets()]
    except Exception:  # a broken plug-in must not take the store down
        return []


def _ruleset_schemas(name: str) -> list[SchemaEntry]:
    """The schemas of installed ruleset ``name`` (``[]`` if unknown or without schemas)."""
    try:
        from questforge.engine import rulesets

        record = rulesets.find(name)
    except Exception:
        return []
    folder = ruleset_schema_dir(record) if record is not None else None
    if folder is None:
        return []
    return read_schema_dir(folder)


def _ruleset_record(name: str) -> object:
    try:
        from questforge.engine import rulesets

        return rulesets.find(name)
    except Exception:
        return None


@cache
def default_store() -> SchemaStore:
    """The ``common`` schemas now, each ruleset's on first use (once per process)."""
    from questforge import schema as shipped

    common = [
        SchemaEntry(folder, name, shipped.load_schema(folder, name), path)
        for folder, name, path in shipped.schema_files()
        if folder == COMMON
    ]
    return SchemaStore(common, source=_ruleset_schemas, record_of=_ruleset_record)
