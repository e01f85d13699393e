"""What a semantic check sees: :class:`CheckContext`.

A check is a function ``check(ctx: CheckContext) -> Iterable[Finding]`` registered with
:func:`questforge.validator.checks.check`. The runner builds one context per pack (or one
for loose files that belong to no pack) and calls every check of the pack's ruleset, plus
the core checks, with it.

- ``ctx.of_kind("scenario")``: the documents of this pack of that kind *that passed schema
  validation* (checks may rely on the schema's shape; broken documents already have schema
  findings and would only cause follow-up noise).
- ``ctx.get("monster", "bandit-guard")`` and ``ctx.resolve("other-pack:bandit-guard",
  "monster")``: look a document up by kind and id, in this pack or (for ``pack:id``
  references) in a required pack. Like ``of_kind``, lookups hand out only schema-valid
  documents, so a check may read what it finds as the schema promises (a ``"standees":
  -1`` or a ``"count": "x"`` never reaches it). The one exception is existence:
  ``include_invalid=True`` sees *every* document with a kind and an id, so that a
  reference to a broken file is not reported as dangling too (its schema findings say
  what is wrong).
- ``ctx.with_valid_parts("scenario", parts)``: like ``of_kind`` plus documents whose
  schema errors all lie in *other* top-level properties, as views without those (a check
  that reads only ``parts`` then still runs when, say, the win condition is broken).
- ``ctx.documents`` is every parsed document, schema-valid or not: only for checks that
  look at kinds and ids (duplicates, suggestions), never at the rest of the data.
- ``ctx.model``: the ruleset's typed model of the pack (``Ruleset.load_model``), built
  lazily on first use and only once per context.
- ``ctx.finding(spec, message, doc, path, hint=...)``: a finding located in ``doc``;
  ``spec`` is the function's ``.spec`` or a code string. ``CheckSpec.finding(message,
  file=doc.name, path=...)`` works as well.
- ``ctx.per_document(code, docs, check)``: the findings of ``check(doc)`` for each
  document, for checks that read nothing but the document itself (reused while it is
  unchanged).
- ``ctx.own(docs)``: the documents a check registered with ``per_document=True`` reports
  on: all of ``docs``, except while a run split between processes gives this process a
  share of them (:attr:`CheckContext.shard`); ``per_document`` reads through it.
- ``ctx.memo(key, compute)`` and ``ctx.memo_findings(key, compute)``: derived data (an
  index, a scenario map, a check's findings for one document) kept in the context's
  :class:`CheckCache`. A one-shot validation gets a fresh cache; the editor's
  :class:`~questforge.validator.runner.ValidationSession` keeps one across runs, so whatever
  an edit cannot have changed is not computed again. Keys must name *everything* the value
  depends on: ``ctx.stamp(doc)`` (changes whenever the document's content changes),
  ``ctx.kind_token(kind)`` (changes whenever any document of that kind changes, appears or
  goes) and ``ctx.ids_token()`` (the kinds and ids of this pack's documents), or a
  fingerprint of the data itself (:func:`fingerprint`).
"""

from __future__ import annotations

import copy
import functools
import json
import marshal
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Any, TypeVar

from questforge.engine.core.pack import Pack
from questforge.validator.checks import CheckSpec, spec_of
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding, JsonPath, Severity

_UNSET = object()
T = TypeVar("T")


def fingerprint(value: Any) -> Hashable:
    """A canonical form of JSON-like ``value``, for memo keys that depend on part of a
    document's data and for comparing documents: equal forms mean equal data *and* equal
    types (``1``, ``1.0`` and ``true`` differ, as they do for JSON Schema) and key order
    (which decides the checks' iteration order).

    ``marshal`` format 2 (no back-references, so the same data always gives the same
    bytes; several times faster than JSON), or JSON text for values marshal refuses; for a
    value neither can serialise (nested too deeply), a new object that equals nothing else:
    never reused, never wrongly equal.
    """
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        pass
    try:
        return json.dumps(value, separators=(",", ":"), default=repr)
    except (ValueError, RecursionError):
        return object()


class CheckCache:
    """Derived data that may outlive one validation run.

    Values are looked up by key; a run keeps what it used, and entries that the next run
    does not use are dropped (two generations), so the cache holds about one run's worth of
    data however long an editing session lasts.

    Documents get *stamps*: an integer that is new whenever the owner says the document
    changed (:meth:`touch`), or when a document object is seen for the first time. Keys
    built from stamps are therefore only as good as the owner's reports of changes: a
    :class:`~questforge.validator.runner.ValidationSession` reports every document it is
    told about; a one-shot validation uses a fresh cache.
    """

    def __init__(self, *, persistent: bool = True) -> None:
        #: ``False`` for a one-shot validation: nothing outlives the run, so memoised
        #: findings need neither be stored nor copied
        self.persistent = persistent
        self._counter = count(1)
        self._stamps: dict[int, tuple[Any, int]] = {}
        self._current: dict[Hashable, Any] = {}
        self._previous: dict[Hashable, Any] = {}
        self._tokens: dict[Hashable, tuple[Any, int]] = {}

    def stamp(self, doc: Any) -> int:
        """The current stamp of ``doc`` (a new one for an object not seen before)."""
        found = self._stamps.get(id(doc))
        if found is None or found[0] is not doc:
            found = (doc, next(self._counter))
            self._stamps[id(doc)] = found
        return found[1]

    def touch(self, doc: Any) -> int:
        """``doc`` changed: give it a new stamp."""
        found = (doc, next(self._counter))
        self._stamps[id(doc)] = found
        return found[1]

    def forget(self, doc: Any) -> None:
        """``doc`` left the pack (its stamp must not be reused by a new object)."""
        found = self._stamps.get(id(doc))
        if found is not None and found[0] is doc:
            del self._stamps[id(doc)]

    def token(self, name: Hashable, value: Hashable) -> int:
        """A small integer standing for ``value`` (unchanged while ``value`` under ``name``
        stays equal), so memo keys need not hold big tuples."""
        found = self._tokens.get(name)
        if found is None or found[0] != value:
            found = (value, next(self._counter))
            self._tokens[name] = found
        return found[1]

    def get(self, key: Hashable) -> Any:
        """The value under ``key`` (kept for the next run too), or a private sentinel."""
        if key in self._current:
            return self._current[key]
        if key in self._previous:
            value = self._previous.pop(key)
            self._current[key] = value
            return value
        return _UNSET

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        value = self.get(key)
        if value is _UNSET:
            value = compute()
            self._current[key] = value
        return value

    def end_run(self) -> None:
        """A validation run is over: entries it did not use are dropped after the next."""
        self._previous = self._current
        self._current = {}

    def clear(self) -> None:
        """Drop every value and token (the pack's ruleset, id or required packs changed)."""
        self._current.clear()
        self._previous.clear()
        self._tokens.clear()


def _view(doc: LoadedDocument) -> LoadedDocument:
    """``doc`` without its schema-invalid top-level properties (see
    :meth:`CheckContext.with_valid_parts`)."""
    invalid = doc.invalid_parts or frozenset()
    data = {k: v for k, v in doc.data.items() if k not in invalid}
    view = LoadedDocument(doc.name, data, text=doc.text, path=doc.path, pack_id=doc.pack_id)
    view.unique_keys = doc.unique_keys
    view.partial_lists = {
        prop: (doc.data[prop], bad)
        for prop, bad in doc.invalid_items.items()
        if prop in invalid and isinstance(doc.data.get(prop), list)
    }
    return view


def split_reference(ref: str) -> tuple[str | None, str]:
    """``"pack-id:content-id"`` -> ``("pack-id", "content-id")``; a bare id -> ``(None, id)``."""
    if ":" in ref:
        pack_id, _, content_id = ref.partition(":")
        return pack_id, content_id
    return None, ref


@dataclass
class CheckContext:
    """The documents of one pack (and its required packs) as semantic checks see them."""

    #: the ruleset whose checks run (``None`` for loose files of no known ruleset)
    ruleset: str | None
    #: this pack's documents (every parsed document, schema-valid or not)
    documents: list[LoadedDocument]
    #: the pack on disk, if any (``None`` for in-memory validation without a pack folder)
    pack: Pack | None = None
    #: id of the pack being validated (``None`` for loose files)
    pack_id: str | None = None
    #: documents of the required packs, by pack id (only parsed, never reported on)
    required: dict[str, list[LoadedDocument]] = field(default_factory=dict)
    #: arguments for the model loader, if the caller has a better model than the default
    model_loader: Any = None
    #: derived data shared with other runs (a fresh, one-shot cache when not given)
    cache: CheckCache = field(default_factory=lambda: CheckCache(persistent=False))
    _index: dict[tuple[str, str], LoadedDocument] = field(init=False, repr=False)
    _required_index: dict[str, dict[tuple[str, str], LoadedDocument]] = field(
        init=False, repr=False
    )

    _model: Any = field(init=False, repr=False, default=_UNSET)
    _valid_by_kind: dict[str, list[LoadedDocument]] | None = field(
        init=False, repr=False, default=None
    )
    _kind_tokens: dict[str, int] = field(init=False, repr=False, default_factory=dict)
    _stamps_by_kind: dict[str | None, tuple[int, ...]] | None = field(
        init=False, repr=False, default=None
    )
    _ids_token: int | None = field(init=False, repr=False, default=None)
    _local: dict[Hashable, Any] = field(init=False, repr=False, default_factory=dict)
    #: ``(k, n)`` while a check registered ``per_document`` runs in process ``k`` of ``n``
    #: (:func:`~questforge.validator.semantic_stage.run_checks`): :meth:`own` then hands
    #: out the ``k``-th share of the documents; ``None`` otherwise (every document)
    shard: tuple[int, int] | None = field(init=False, repr=False, default=None)
    #: the fraction of each kind's documents that share 0 takes (the process that also
    #: runs the checks that are not per document takes a little less than half)
    shard_first: float = field(init=False, repr=False, default=0.5)
    _owners: dict[str, int] | None = field(init=False, repr=False, default=None)

    def __post_init__(self) -> None:
        self._index = {}
        for doc in self.documents:
            kind, ident = doc.kind, doc.id
            if kind is not None and ident is not None:
                self._index.setdefault((kind, ident), doc)
        self._required_index = {
            pack_id: {(d.kind, d.id): d for d in docs if d.kind and d.id}
            for pack_id, docs in self.required.items()
        }

    # --- documents -----------------------------------------------------------------------

    def valid_documents(self) -> Iterator[LoadedDocument]:
        """This pack's documents that passed schema validation."""
        return (d for d in self.documents if d.schema_valid)

    def of_kind(self, kind: str) -> list[LoadedDocument]:
        """This pack's schema-valid documents of ``kind``, in file order (a new list).

        Indexed on first use: checks call this often, and the documents' validity is fixed
        once the context exists.
        """
        if self._valid_by_kind is None:
            index: dict[str, list[LoadedDocument]] = {}
            for doc in self.documents:
                if doc.schema_valid:
                    index.setdefault(doc.kind or "", []).append(doc)
            self._valid_by_kind = index
        return list(self._valid_by_kind.get(kind, ()))

    def with_valid_parts(
        self, kind: str, parts: Iterable[str], *, present: Iterable[str] = ()
    ) -> list[LoadedDocument]:
        """This pack's documents of ``kind`` whose ``parts`` (top-level properties) are
        schema-valid, even if other parts are not: so that a schema error in one part (a
        scenario's win condition) does not silence checks on another (its map).

        Schema-valid documents are returned as they are. A document with schema errors
        only inside other top-level properties, and none of ``present`` missing, is
        returned as a *view*: the same name, text and path, its data without the invalid
        properties (so absent, as if never written). A check using this reads only
        ``parts`` - or reads the rest as optional - and never reports an absent property.
        Views are kept per document version (their stamps are stable).
        """
        wanted = frozenset(parts)
        needed = frozenset(present)
        out: list[LoadedDocument] = []
        for doc in self.documents:
            if doc.kind != kind:
                continue
            if doc.schema_valid:
                out.append(doc)
            elif (
                doc.invalid_parts is not None
                and isinstance(doc.data, dict)
                and not doc.invalid_parts & wanted
                and not doc.missing_parts & needed
            ):
                key = ("valid-parts-view", self.stamp(doc))
                out.append(self.memo(key, functools.partial(_view, doc)))
        return out

    def partly_valid_documents(self) -> list[LoadedDocument]:
        """Every document as far as it is schema-valid: the valid ones as they are, and
        those whose errors lie inside some top-level properties as views without them
        (see :meth:`with_valid_parts`). For checks that look at each value on its own (a
        reference resolves or not), so that an unknown property does not hide a dangling
        reference elsewhere in the document."""
        out: list[LoadedDocument] = []
        for doc in self.documents:
            if doc.schema_valid:
                out.append(doc)
            elif doc.invalid_parts is not None and isinstance(doc.data, dict) and doc.kind:
                key = ("valid-parts-view", self.stamp(doc))
                out.append(self.memo(key, functools.partial(_view, doc)))
        return out

    def own(self, documents: Iterable[LoadedDocument]) -> list[LoadedDocument]:
        """The documents among ``documents`` this process reports on (a new list, in their
        order): all of them unless :attr:`shard` is set.

        A document's share is fixed by its place among this pack's documents of its kind
        (file order): share 0 the first :attr:`shard_first` of each kind, the other shares
        the rest in equal runs; by name, so a view of a document (:meth:`with_valid_parts`)
        belongs where the document does, and documents of required packs (never reported
        on) to share 0. Every document is in exactly one share, whichever list it comes
        from, so the shares' findings together are the whole run's."""
        if self.shard is None:
            return list(documents)
        owners = self._owners
        if owners is None:
            owners = self._owners = self._shares()
        k = self.shard[0]
        return [d for d in documents if owners.get(d.name, 0) == k]

    def _shares(self) -> dict[str, int]:
        assert self.shard is not None
        n = self.shard[1]
        by_kind: dict[str | None, list[LoadedDocument]] = {}
        for doc in self.documents:
            by_kind.setdefault(doc.kind, []).append(doc)
        owners: dict[str, int] = {}
        for docs in by_kind.values():
            first = round(len(docs) * self.shard_first) if n > 1 else len(docs)
            rest = len(docs) - first
            for i, doc in enumerate(docs):
                share = 0 if i < first else 1 + (i - first) * (n - 1) // max(rest, 1)
                owners.setdefault(doc.name, share)
        return owners

    def kinds(self) -> set[str]:
        return {d.kind for d in self.documents if d.kind is not None}

    def get(self, kind: str, ident: str, *, include_invalid: bool = False) -> LoadedDocument | None:
        """This pack's document of ``kind`` with ``id`` (first one if ids repeat), if it
        passed schema validation (any document with ``include_invalid``)."""
        found = self._index.get((kind, ident))
        if found is None or include_invalid or found.schema_valid:
            return found
        return None

    def known_packs(self) -> set[str]:
        """Ids a ``pack:id`` reference may name: this pack and its required packs."""
        return ({self.pack_id} if self.pack_id else set()) | set(self.required)

    def resolve(
        self, ref: str, kind: str, *, include_invalid: bool = False
    ) -> LoadedDocument | None:
        """The document a reference names: ``"id"`` in this pack, ``"pack:id"`` in this pack
        or a required one; ``None`` if it does not resolve.

        Only schema-valid documents are handed out, so that checks can read them as the
        schema promises; ``include_invalid=True`` is for asking whether the target exists
        at all (a dangling-reference check must not report a target that is merely broken).
        The first document with the kind and id decides, valid or not, so that both views
        agree on which document a reference means.
        """
        pack_id, ident = split_reference(ref)
        if pack_id is None or pack_id == self.pack_id:
            found = self._index.get((kind, ident))
        else:
            found = self._required_index.get(pack_id, {}).get((kind, ident))
        if found is None or include_invalid or found.schema_valid:
            return found
        return None

    def all_of_kind(self, kind: str) -> list[LoadedDocument]:
        """Schema-valid documents of ``kind`` in this pack and then in every required pack."""
        out = self.of_kind(kind)
        for docs in self.required.values():
            out.extend(d for d in docs if d.kind == kind and d.schema_valid)
        return out

    # --- memoised derived data -----------------------------------------------------------

    def stamp(self, doc: LoadedDocument) -> int:
        """Changes whenever ``doc``'s content (and so its schema validity) changes."""
        return self.cache.stamp(doc)

    def kind_token(self, kind: str) -> int:
        """Changes whenever a document of ``kind`` (in this pack or a required one) changes,
        appears or goes, or the document order changes."""
        if self._stamps_by_kind is None:
            # one pass over the documents for every kind (tokens are asked for often)
            grouped: dict[str | None, list[int]] = {}
            for d in (*self.documents, *(d for ds in self.required.values() for d in ds)):
                grouped.setdefault(d.kind, []).append(self.cache.stamp(d))
            self._stamps_by_kind = {k: tuple(v) for k, v in grouped.items()}
        found = self._kind_tokens.get(kind)
        if found is None:
            stamps = self._stamps_by_kind.get(kind, ())
            found = self.cache.token(("kind", kind), stamps)
            self._kind_tokens[kind] = found
        return found

    def ids_token(self) -> int:
        """Changes whenever the kinds, ids or order of this pack's documents change."""
        if self._ids_token is None:
            value = tuple((d.kind, d.id) for d in self.documents)
            self._ids_token = self.cache.token("ids", value)
        return self._ids_token

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, or the value already computed under ``key`` (this run or, with
        a shared cache, an earlier one). ``key`` must name all the value depends on."""
        found = self._local.get(key, _UNSET)
        if found is _UNSET:
            found = self.cache.memo(key, compute)
            self._local[key] = found
        return found

    def memo_findings(
        self, key: Hashable, compute: Callable[[], Iterable[Finding]]
    ) -> list[Finding]:
        """Like :meth:`memo` for a list of findings: every call returns fresh copies (the
        runner fills in line and column, which a cached finding must not keep)."""
        if not self.cache.persistent:
            return list(compute())  # each such key is asked for once per run
        stored = self.memo(key, lambda: tuple(copy.copy(f) for f in compute()))
        return [copy.copy(f) for f in stored]

    def per_document(
        self,
        code: str,
        documents: Iterable[LoadedDocument],
        check: Callable[[LoadedDocument], Iterable[Finding]],
    ) -> Iterator[Finding]:
        """The findings of ``check`` on each of ``documents``, memoised per document
        version: for checks whose findings depend on nothing but the document itself."""
        documents = self.own(documents)
        if not self.cache.persistent:
            for doc in documents:
                # materialised like a memoised result, so that a check that raises part
                # way through a document reports the same either way
                yield from list(check(doc))
            return
        for doc in documents:
            yield from self.memo_findings(
                (code, "per-document", self.stamp(doc)), functools.partial(check, doc)
            )

    # --- model ---------------------------------------------------------------------------

    @property
    def model(self) -> Any:
        """The ruleset's typed model of this pack, built on first use (may raise: the runner
        reports a raising check as an internal error).

        Calls ``Ruleset.load_model(documents, dependencies=[...])`` with the schema-valid
        ``(file, data)`` pairs of this pack, and the models of the required packs (built
        the same way) as dependencies.
        """
        if self._model is _UNSET:
            loader = self.model_loader
            if loader is None and self.ruleset is not None:
                from questforge.engine import rulesets

                record = rulesets.get(self.ruleset)
                loader = record.load_model if record.has_model else None
            if loader is None:
                raise LookupError(f"ruleset {self.ruleset!r} has no model loader")
            dependencies = [
                loader([(d.name, d.data) for d in docs if d.schema_valid])
                for docs in self.required.values()
            ]
            pairs = [(d.name, d.data) for d in self.valid_documents()]
            if dependencies:
                self._model = loader(pairs, dependencies=dependencies)
            else:
                self._model = loader(pairs)
        return self._model

    def documents_by_kind(self) -> dict[str, list[dict[str, Any]]]:
        """Schema-valid data of this pack and its required packs, grouped by kind (what a
        model loader usually wants)."""
        out: dict[str, list[dict[str, Any]]] = {}
        for doc in self.valid_documents():
            out.setdefault(doc.kind or "", []).append(doc.data)
        for docs in self.required.values():
            for doc in docs:
                if doc.schema_valid:
                    out.setdefault(doc.kind or "", []).append(doc.data)
        return out

    # --- findings ------------------------------------------------------------------------

    def finding(
        self,
        spec: CheckSpec | str | Any,
        message: str,
        doc: LoadedDocument | None,
        path: JsonPath = (),
        *,
        hint: str | None = None,
        severity: Severity | None = None,
        related: Iterable[tuple[LoadedDocument | str | None, JsonPath]] = (),
    ) -> Finding:
        """A finding of check ``spec`` (a spec, a code, or the check function) in ``doc``."""
        if isinstance(spec, str):
            spec = spec_of(spec)
        elif not isinstance(spec, CheckSpec):
            spec = spec.spec
        rel = [(r.name if isinstance(r, LoadedDocument) else r, tuple(p)) for r, p in related]
        return spec.finding(
            message,
            file=doc.name if doc is not None else None,
            path=path,
            hint=hint,
            severity=severity,
            related=rel,
        )
