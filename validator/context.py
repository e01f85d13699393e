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
  references) in a required pack. Lookups see *every* document with a kind and an id, even
  schema-invalid ones, so that a reference to a broken file is not reported as dangling too.
- ``ctx.model``: the ruleset's typed model of the pack (``Ruleset.load_model``), built
  lazily on first use and only once per context.
- ``ctx.finding(spec, message, doc, path, hint=...)``: a finding located in ``doc``;
  ``spec`` is the function's ``.spec`` or a code string. ``CheckSpec.finding(message,
  file=doc.name, path=...)`` works as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.pack import Pack
from questforge.validator.checks import CheckSpec, spec_of
from questforge.validator.document import Document
from questforge.validator.findings import Finding, JsonPath, Severity

_UNSET = object()


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
    documents: list[Document]
    #: the pack on disk, if any (``None`` for in-memory validation without a pack folder)
    pack: Pack | None = None
    #: id of the pack being validated (``None`` for loose files)
    pack_id: str | None = None
    #: documents of the required packs, by pack id (only parsed, never reported on)
    required: dict[str, list[Document]] = field(default_factory=dict)
    #: arguments for the model loader, if the caller has a better model than the default
    model_loader: Any = None
    _index: dict[tuple[str, str], Document] = field(init=False, repr=False)
    _required_index: dict[str, dict[tuple[str, str], Document]] = field(init=False, repr=False)
    _model: Any = field(init=False, repr=False, default=_UNSET)
    _valid_by_kind: dict[str, list[Document]] | None = field(init=False, repr=False, default=None)

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

    def valid_documents(self) -> Iterator[Document]:
        """This pack's documents that passed schema validation."""
        return (d for d in self.documents if d.schema_valid)

    def of_kind(self, kind: str) -> list[Document]:
        """This pack's schema-valid documents of ``kind``, in file order (a new list).

        Indexed on first use: checks call this often, and the documents' validity is fixed
        once the context exists.
        """
        if self._valid_by_kind is None:
            index: dict[str, list[Document]] = {}
            for doc in self.documents:
                if doc.schema_valid:
                    index.setdefault(doc.kind or "", []).append(doc)
            self._valid_by_kind = index
        return list(self._valid_by_kind.get(kind, ()))

    def kinds(self) -> set[str]:
        return {d.kind for d in self.documents if d.kind is not None}

    def get(self, kind: str, ident: str) -> Document | None:
        """This pack's document of ``kind`` with ``id`` (first one if ids repeat)."""
        return self._index.get((kind, ident))

    def known_packs(self) -> set[str]:
        """Ids a ``pack:id`` reference may name: this pack and its required packs."""
        return ({self.pack_id} if self.pack_id else set()) | set(self.required)

    def resolve(self, ref: str, kind: str) -> Document | None:
        """The document a reference names: ``"id"`` in this pack, ``"pack:id"`` in this pack
        or a required one; ``None`` if it does not resolve."""
        pack_id, ident = split_reference(ref)
        if pack_id is None or pack_id == self.pack_id:
            found = self._index.get((kind, ident))
            if found is not None or pack_id is not None:
                return found
            return None
        return self._required_index.get(pack_id, {}).get((kind, ident))

    def all_of_kind(self, kind: str) -> list[Document]:
        """Schema-valid documents of ``kind`` in this pack and then in every required pack."""
        out = self.of_kind(kind)
        for docs in self.required.values():
            out.extend(d for d in docs if d.kind == kind and d.schema_valid)
        return out

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

                loader = rulesets.get(self.ruleset).load_model
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
        doc: Document | None,
        path: JsonPath = (),
        *,
        hint: str | None = None,
        severity: Severity | None = None,
        related: Iterable[tuple[Document | str | None, JsonPath]] = (),
    ) -> Finding:
        """A finding of check ``spec`` (a spec, a code, or the check function) in ``doc``."""
        if isinstance(spec, str):
            spec = spec_of(spec)
        elif not isinstance(spec, CheckSpec):
            spec = spec.spec
        rel = [(r.name if isinstance(r, Document) else r, tuple(p)) for r, p in related]
        return spec.finding(
            message,
            file=doc.name if doc is not None else None,
            path=path,
            hint=hint,
            severity=severity,
            related=rel,
        )
