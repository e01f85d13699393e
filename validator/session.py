"""Incremental validation for editors: :class:`ValidationSession`.

An editor re-validates after every edit. :func:`~questforge.validator.pipeline.
validate_documents` starts from nothing each time; a session keeps a pack's documents and
everything derived from them (schema findings per document version, the checks' memoised
data in a :class:`~questforge.validator.context.CheckCache`) and after an edit redoes only
what the edit can affect - through the same stages, so the result is always equal to a
one-shot validation of the same documents.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from questforge.engine.core import pack as packs
from questforge.validator.context import CheckCache, fingerprint
from questforge.validator.document import LoadedDocument
from questforge.validator.pipeline import Batch, Validation, pack_settings
from questforge.validator.report import Report
from questforge.validator.schema_stage import SchemaCache
from questforge.validator.schemas import SchemaStore, default_store


class ValidationSession:
    """Incremental validation of one pack's in-memory documents, for editors.

    Holds the documents (by name, in the order given) and what was derived from them: the
    schema findings of each document, the id index, schema-walk results, scenario maps and
    the findings of checks whose inputs did not change. After an edit, tell the session
    which documents changed (:meth:`update` for a new or replaced document,
    ``validate(changed=[name])`` for one whose ``data`` was changed in place) and call
    :meth:`validate`: only the changed documents are schema-validated again, and the
    semantic checks reuse every cached result whose inputs the edit did not touch.

    The result is always the full, current finding list: equal to
    ``validate_documents(session.documents, ...)`` with the same options. A document whose
    data changed without being reported is the one way to get stale findings (or use
    :meth:`sync` with fresh copies, which finds the changes itself). The options are those
    of :func:`validate_documents` and fixed for the session's life. Not thread-safe: use
    one session per thread (or a lock).
    """

    def __init__(
        self,
        documents: Iterable[LoadedDocument] = (),
        *,
        schema_only: bool = False,
        ruleset: str | None = None,
        pack_id: str | None = None,
        required: dict[str, list[LoadedDocument]] | None = None,
        store: SchemaStore | None = None,
        pack: packs.Pack | None = None,
    ) -> None:
        # fixed for the session's life (the caches assume them)
        self._schema_only = schema_only
        self._ruleset = ruleset
        self._pack_id = pack_id
        self._required = dict(required or {})
        self._store = store or default_store()
        self._pack = pack
        self._documents: dict[str, LoadedDocument] = {}
        self._cache = CheckCache()
        self._schema: SchemaCache = {}
        self._validation = Validation.standard(
            self._store, schema_only=schema_only, schema_cache=self._schema
        )
        self._fingerprints: dict[str, tuple[int, Hashable]] = {}
        self._settings: tuple[str | None, str | None] | None = None
        for doc in documents:
            self.update(doc)

    @property
    def documents(self) -> list[LoadedDocument]:
        """The pack's documents, in order (as added; after :meth:`sync`, as given)."""
        return list(self._documents.values())

    def get(self, name: str) -> LoadedDocument | None:
        return self._documents.get(name)

    def update(self, document: LoadedDocument) -> None:
        """Add ``document``, or replace the document of the same name (its position in the
        order is kept); either way it counts as changed."""
        old = self._documents.get(document.name)
        if old is not None and old is not document:
            self._cache.forget(old)
        self._documents[document.name] = document
        self._touch(document)

    def remove(self, name: str) -> None:
        """Take the document called ``name`` out of the pack (no error if absent)."""
        old = self._documents.pop(name, None)
        if old is not None:
            self._cache.forget(old)
            self._schema.pop(name, None)
            self._fingerprints.pop(name, None)

    def sync(self, documents: Iterable[LoadedDocument]) -> list[str]:
        """Make the session hold exactly ``documents`` (e.g. a fresh snapshot of an editor's
        files, as new objects), finding the changes itself: a document whose name, data,
        text and path equal the held one's is kept (with everything derived from it);
        others are updated, added or removed. Returns the names that changed.

        Data is compared strictly (``1``, ``1.0`` and ``true`` differ, so does key order),
        at about the cost of serialising it, far less than validating it again. Passing
        the held object itself after changing it in place is not detected: report such
        edits with ``validate(changed=[...])``.
        """
        changed: list[str] = []
        wanted: dict[str, LoadedDocument] = {}
        for doc in documents:
            wanted[doc.name] = doc
        for name in [n for n in self._documents if n not in wanted]:
            self.remove(name)
            changed.append(name)
        for name, doc in wanted.items():
            held = self._documents.get(name)
            if held is not None and (held is doc or self._same(held, doc)):
                continue
            self.update(doc)
            changed.append(name)
        if list(self._documents) != list(wanted):
            # keep the caller's order (it decides which of two equal ids comes first)
            self._documents = {name: self._documents[name] for name in wanted}
        return changed

    def _same(self, held: LoadedDocument, doc: LoadedDocument) -> bool:
        try:
            if held.text != doc.text or held.path != doc.path or held.data != doc.data:
                return False
        except RecursionError:  # too deep to compare: treat as changed
            return False
        # ``==`` says 1 == 1.0 == True and ignores key order; the schema and the messages
        # do not: confirm with the serialised form (the held one's is kept per version)
        stamp = self._cache.stamp(held)
        known = self._fingerprints.get(held.name)
        if known is None or known[0] != stamp:
            known = (stamp, fingerprint(held.data))
            self._fingerprints[held.name] = known
        return known[1] == fingerprint(doc.data)

    def set_required(self, required: dict[str, list[LoadedDocument]]) -> None:
        """Replace the documents of the required packs (everything is re-checked)."""
        self._required = dict(required)
        self._cache.clear()

    def validate(self, changed: Iterable[str] = ()) -> Report:
        """Every finding for the current documents. ``changed`` names documents whose
        ``data`` (or ``text``) was modified in place since the last call."""
        for name in changed:
            doc = self._documents.get(name)
            if doc is None:
                raise KeyError(f"no document named {name!r} in this session")
            self._touch(doc)
        documents = self.documents
        settings = pack_settings(documents)
        if settings != self._settings:
            # a different pack id or ruleset changes every lookup and schema choice
            self._cache.clear()
            self._schema.clear()
            self._settings = settings
        try:
            batch = Batch(
                documents,
                self._ruleset,
                self._pack_id,
                self._required,
                self._pack,
                self._cache,
                self._store,
            )
            return self._validation.run(batch)
        finally:
            self._cache.end_run()

    def _touch(self, doc: LoadedDocument) -> None:
        self._cache.touch(doc)
        doc.forget_positions()  # line/column of the old text
