"""The orchestrator: one pack's documents (or loose files) through pluggable stages.

A :class:`Batch` is what every stage sees: the documents, the ruleset of each (its pack's
``pack.json`` ``ruleset``, or for a file in no pack the ruleset its ``$schema`` URL names:
kinds are looked up by (ruleset, kind), never by kind alone), the pack, the documents of
required packs and the :class:`~questforge.validator.context.CheckCache` derived data lives
in. A :class:`Stage` turns a batch into findings; :class:`Validation` runs its stages in
order (the schema stage first: it decides which documents the semantic stage may read),
then fills in line and column - last, and only for documents that have findings.

:func:`validate_documents` is the one-shot entry point on in-memory documents;
:class:`~questforge.validator.session.ValidationSession` runs the same stages with caches
that outlive a run; ``validate_paths`` (:mod:`questforge.validator.runner`) plans and loads
files from disk, then runs a :class:`Validation` per pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from questforge.engine.core import pack as packs
from questforge.validator.context import CheckCache
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.report import Report
from questforge.validator.schema_stage import SchemaCache, SchemaStage
from questforge.validator.schemas import SchemaStore, default_store, ruleset_in_schema_url
from questforge.validator.semantic_stage import SemanticStage


def pack_settings(documents: Iterable[LoadedDocument]) -> tuple[str | None, str | None]:
    """``(pack id, ruleset)`` from the ``pack`` document among ``documents`` (``None``s
    without one)."""
    for doc in documents:
        if doc.kind == "pack" and isinstance(doc.data, dict):
            ruleset = doc.data.get("ruleset")
            return doc.id, ruleset if isinstance(ruleset, str) else None
    return None, None


def document_ruleset(
    doc: LoadedDocument, pack_ruleset: str | None, store: SchemaStore
) -> str | None:
    """The ruleset ``doc`` belongs to: its pack's; for a file in no pack, the one its
    ``$schema`` names, or - for formats that carry no ``$schema``, such as monster-AI
    situations - the one ruleset that has a kind of that name. When several have it and
    nothing says which, ``None``: the schema stage then asks for a ``$schema``."""
    if pack_ruleset is not None:
        return pack_ruleset
    data = doc.data if isinstance(doc.data, dict) else {}
    declared = data.get("$schema")
    if isinstance(declared, str):
        named = ruleset_in_schema_url(declared)
        if named is not None:
            return named
    kind = data.get("kind")
    if isinstance(kind, str) and store.for_kind(kind, None) is None:
        owners = store.rulesets_with_kind(kind)
        if len(owners) == 1:
            return owners[0]
    return None


@dataclass
class Batch:
    """One pack's documents (or a set of loose files) on their way through the stages."""

    documents: Sequence[LoadedDocument]
    #: the pack's ruleset (``None`` for loose files: each has its own, from ``$schema``)
    ruleset: str | None = None
    pack_id: str | None = None
    #: documents of required packs, by pack id (parsed, never reported on)
    required: dict[str, list[LoadedDocument]] = field(default_factory=dict)
    pack: packs.Pack | None = None
    cache: CheckCache = field(default_factory=lambda: CheckCache(persistent=False))
    #: where kinds are looked up (it also tells a loose file's ruleset by its kind)
    store: SchemaStore = field(default_factory=default_store)
    #: the ruleset of each document, in the order of :attr:`documents`
    rulesets: list[str | None] = field(init=False)
    #: what the stages derived from the documents (the checks' contexts, with their maps
    #: and indexes), freed with the batch rather than when each stage returns
    derived: list[object] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        manifest_id, manifest_ruleset = pack_settings(self.documents)
        self.pack_id = self.pack_id or manifest_id
        self.ruleset = self.ruleset or manifest_ruleset
        for doc in self.documents:
            doc.pack_id = self.pack_id
        self.rulesets = [document_ruleset(d, self.ruleset, self.store) for d in self.documents]

    def check_groups(self) -> Iterator[tuple[str | None, list[LoadedDocument]]]:
        """The documents each ruleset's checks see: the whole pack for a pack, the files of
        each ruleset for loose files of several rulesets."""
        groups: dict[str | None, list[LoadedDocument]] = {}
        for doc, ruleset in zip(self.documents, self.rulesets, strict=True):
            groups.setdefault(ruleset, []).append(doc)
        if self.ruleset is not None or len(groups) <= 1:
            yield self.ruleset or next(iter(groups), None), list(self.documents)
        else:
            yield from groups.items()

    def required_rulesets(self) -> Iterator[tuple[str | None, list[LoadedDocument]]]:
        """Each required pack's documents with that pack's ruleset."""
        for docs in self.required.values():
            yield pack_settings(docs)[1] or self.ruleset, docs


class Stage(Protocol):
    """One step of validation: a batch in, findings out (it may mark documents, as the
    schema stage marks them schema-valid for the stages after it)."""

    name: str

    def run(self, batch: Batch) -> list[Finding]: ...


class Validation:
    """Runs :attr:`stages` in order over a batch and gathers a sorted, located report."""

    def __init__(self, stages: Sequence[Stage]) -> None:
        self.stages = list(stages)

    @classmethod
    def standard(
        cls,
        store: SchemaStore | None = None,
        *,
        schema_only: bool = False,
        schema_cache: SchemaCache | None = None,
        jobs: int = 1,
    ) -> Validation:
        """The schema stage, then (unless ``schema_only``) the semantic stage (which may
        split its checks between ``jobs`` processes: 1 or 2)."""
        stages: list[Stage] = [SchemaStage(store or default_store(), schema_cache)]
        if not schema_only:
            stages.append(SemanticStage(jobs))
        return cls(stages)

    def run(self, batch: Batch) -> Report:
        report = Report(files=[d.name for d in batch.documents])
        for stage in self.stages:
            report.findings.extend(stage.run(batch))
        locate_findings(report.findings, batch.documents)
        report.sort()
        return report


def locate_findings(findings: Iterable[Finding], documents: Iterable[LoadedDocument]) -> None:
    """Fill in line and column for findings that have none, from their document's text."""
    pending = [f for f in findings if f.line is None and f.file is not None]
    if not pending:
        return
    by_name = {d.name: d for d in documents}
    for finding in pending:
        doc = by_name.get(finding.file or "")
        if doc is not None and doc.text is not None:
            finding.line, finding.column = doc.position(finding.path)


def validate_documents(
    documents: Sequence[LoadedDocument],
    *,
    schema_only: bool = False,
    ruleset: str | None = None,
    pack_id: str | None = None,
    required: dict[str, list[LoadedDocument]] | None = None,
    store: SchemaStore | None = None,
    pack: packs.Pack | None = None,
) -> Report:
    """Validate in-memory documents that form one pack (or loose files); no disk access.

    ``ruleset`` and ``pack_id`` default to the ``pack`` document among ``documents``, if
    any; without one each document's ruleset is the one its ``$schema`` URL names (or the
    only ruleset with its kind).
    ``required`` gives the documents of required packs, by pack id, for cross-pack
    references. To re-validate after edits,
    :class:`~questforge.validator.session.ValidationSession` gives the same result and only
    redoes the work an edit can affect.
    """
    store = store or default_store()
    batch = Batch(documents, ruleset, pack_id, dict(required or {}), pack, store=store)
    return Validation.standard(store, schema_only=schema_only).run(batch)
