"""The validation runner: the public entry points, and validating files and packs on disk.

Three entry points share one pipeline (:mod:`questforge.validator.pipeline`: a schema
stage, then a semantic stage, over one pack's documents at a time):

- :func:`validate_documents` works on in-memory :class:`LoadedDocument` objects and never touches
  the disk;
- :class:`ValidationSession` (:mod:`questforge.validator.session`) holds a pack's in-memory
  documents across edits and re-validates incrementally (the editor's live validation):
  same findings as :func:`validate_documents`, but only what an edit can affect is
  computed again;
- :func:`validate_paths` plans which packs and files to validate
  (:mod:`questforge.validator.planning`), loads them safely
  (:mod:`questforge.validator.loading`: size, depth, encoding, duplicates), resolves each
  pack's ``requires`` and runs the pipeline per pack.

This module re-exports the names callers have always imported from it.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.engine.core import pack as packs
from questforge.engine.core.jsonload import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH
from questforge.validator import codes, parallel
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.loading import (
    FileLoader,
    document_from_text,
    load_required,
    problem_finding,
)
from questforge.validator.pipeline import (
    Batch,
    Stage,
    Validation,
    document_ruleset,
    locate_findings,
    pack_settings,
    validate_documents,
)
from questforge.validator.planning import ALL, PathNotFoundError, plan_paths
from questforge.validator.report import Report
from questforge.validator.schema_stage import Precomputed, SchemaStage, precompute_schema
from questforge.validator.schemas import SchemaStore, default_store
from questforge.validator.semantic_stage import load_all_checks, load_ruleset_checks
from questforge.validator.session import ValidationSession

__all__ = [
    "LoadedDocument",
    "PathNotFoundError",
    "Report",
    "ValidationSession",
    "document_from_text",
    "load_all_checks",
    "load_ruleset_checks",
    "validate_documents",
    "validate_paths",
]


def validate_paths(
    paths: Sequence[str | Path],
    *,
    schema_only: bool = False,
    pack_path: Sequence[Path] = (),
    store: SchemaStore | None = None,
    base: Path | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
    jobs: int = 1,
    keep: list[Any] | None = None,
) -> Report:
    """Validate files, folders and packs on disk.

    A folder that is a pack is validated whole; a folder holding several packs validates
    each; a file or sub-folder of a pack is validated in the context of its whole pack (so
    references resolve) but only its own findings are reported. File names in findings are
    relative to ``base`` (default: the working folder). Raises :class:`PathNotFoundError`
    for a path that does not exist.

    ``jobs=2`` lets a forked second process load and schema-check half of a large pack's
    files (``schema_only``) or run about half of its checks (the same report; see
    :mod:`questforge.validator.parallel`). Only for a caller that holds no threads: the
    command line passes it (by default on two cores); the default here is one process.

    ``keep``: a list the run appends what it loaded to, instead of freeing it on return
    (for a caller that ends its process at once afterwards: freeing the parsed files of a
    large pack costs about a twentieth of its run).
    """
    with _cyclic_gc_paused(keep is not None):
        return _validate_paths(
            paths,
            schema_only,
            pack_path,
            store or default_store(),
            base,
            max_bytes,
            max_depth,
            jobs,
            keep,
        )


@contextlib.contextmanager
def _cyclic_gc_paused(keep: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector for a run.

    A run allocates millions of small objects (the JSON trees of every file) that all stay
    alive until the end; each of the collector's full passes walks them all again, which
    cost about half of a schema-only run over 1,000 files. The trees hold no reference
    cycles (reference counting frees them), so nothing waits for the collector; it is
    restored as it was afterwards. ``keep``: what the run built outlives it (see
    ``validate_paths(keep=...)``); it is moved out of the collector's sight first
    (``gc.freeze``), or the first collection after the run would walk it all (a quarter
    of a 5,000-file run).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if keep:
            gc.freeze()
        if was_enabled:
            gc.enable()


def _validate_paths(
    paths: Sequence[str | Path],
    schema_only: bool,
    pack_path: Sequence[Path],
    store: SchemaStore,
    base: Path | None,
    max_bytes: int,
    max_depth: int,
    jobs: int = 1,
    keep: list[Any] | None = None,
) -> Report:
    jobs = jobs if parallel.can_fork() else 1
    run = _DiskRun(
        FileLoader(base, max_bytes, max_depth),
        store,
        Validation.standard(store, schema_only=schema_only, jobs=jobs),
        schema_only,
        pack_path,
        jobs,
    )
    run.keep = keep
    if keep is not None:
        keep.append(run)
    plan = plan_paths([Path(p) for p in paths])
    report = Report()
    for root, selected in sorted(plan.items(), key=lambda item: str(item[0] or "")):
        if root is None:
            report.extend(run.loose(sorted(selected)))
        else:
            report.extend(run.pack(root, selected))
    report.sort()
    return report


#: a ``--schema-only`` run of fewer files than this is not worth a second process
#: (forking and the child's start cost a few ms)
PARALLEL_MIN_FILES_SCHEMA_ONLY = 200


@dataclass
class _Loaded:
    """Files loaded for one pack (or loose files): the documents in file order, the
    loading findings, and schema results a child process already computed (by
    ``id(document)``)."""

    documents: list[LoadedDocument] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    schema: dict[int, Precomputed] = field(default_factory=dict)
    #: schema findings of files a child checked whose documents stayed in the child
    #: (``--schema-only``: nothing after the schema stage reads them), in file order
    checked: list[Finding] = field(default_factory=list)


@dataclass
class _Summary:
    """One file as a ``--schema-only`` child hands it back: its findings only (located),
    never its parsed data (which would cost about as much to ship as to check)."""

    load_findings: list[Finding]
    schema_findings: list[Finding]
    #: the document itself when it is a pack manifest (``kind`` ``pack``): a folder of
    #: loose files takes its ruleset from one (see :func:`pack_settings`)
    manifest: LoadedDocument | None = None
    #: the manifest's schema result
    manifest_schema: Precomputed | None = None


def _schema_share(
    loader: FileLoader,
    store: SchemaStore,
    files: list[Path],
    pack_id: str | None,
    pack_ruleset: str | None,
) -> list[_Summary]:
    """Load and schema-check ``files`` for a ``--schema-only`` run (in a child, or in the
    command itself): findings located at once, while the text is at hand; a document is
    kept only if it is a manifest."""
    out: list[_Summary] = []
    for path in files:
        doc, findings = loader.load(path, pack_id)
        if doc is None:
            out.append(_Summary(findings, []))
            continue
        ruleset = document_ruleset(doc, pack_ruleset, store)
        schema = precompute_schema(doc, ruleset, store)
        locate_findings(schema[1], [doc])
        if doc.kind == "pack":
            doc.forget_positions()
            out.append(_Summary(findings, [], doc, schema))
        else:
            out.append(_Summary(findings, schema[1]))
    return out


class _DiskRun:
    """One ``validate_paths`` run: loads each planned pack (required packs once) and runs
    the validation on it."""

    def __init__(
        self,
        loader: FileLoader,
        store: SchemaStore,
        validation: Validation,
        schema_only: bool,
        pack_path: Sequence[Path],
        jobs: int = 1,
    ) -> None:
        self.jobs = jobs
        self.loader = loader
        self.store = store
        self.validation = validation
        self.schema_only = schema_only
        self.pack_path = pack_path
        self.required_cache: dict[Path, list[LoadedDocument]] = {}
        self.pack_cache: dict[Path, packs.Pack] = {}
        #: where the batches go once validated, if they are to outlive the run (see
        #: ``validate_paths(keep=...)``)
        self.keep: list[Any] | None = None

    def load_files(
        self,
        files: list[Path],
        pack_id: str | None,
        pack_ruleset: str | None,
    ) -> _Loaded:
        """Load ``files`` (in order).

        A full run loads every file here, even with two processes: the semantic checks
        need every document in this process, and a parsed file costs about as much to
        receive from a child (unpickling) as to parse (with orjson), so a child that
        loaded half of them saved nothing and spent its time pickling. Its second process
        runs about half of the checks instead (:class:`SemanticStage`). A
        ``--schema-only`` run needs no document after its schema stage: its child loads
        and checks half of the files and hands back findings only
        (:meth:`load_schema_only`).
        """
        if self.schema_only:
            return self.load_schema_only(files, pack_id, pack_ruleset)
        loaded = _Loaded()
        self.load_into(loaded, files, pack_id)
        return loaded

    def load_into(self, loaded: _Loaded, files: list[Path], pack_id: str | None) -> None:
        for path in files:
            doc, findings = self.loader.load(path, pack_id)
            loaded.findings.extend(findings)
            if doc is not None:
                loaded.documents.append(doc)

    def load_schema_only(
        self, files: list[Path], pack_id: str | None, pack_ruleset: str | None
    ) -> _Loaded:
        """Load and schema-check ``files`` for a ``--schema-only`` run, one at a time
        (:func:`_schema_share`: nothing after the schema stage reads a document, so each
        is dropped once its findings are placed, and only manifests are kept); with
        ``jobs`` > 1 and enough files a forked child does the second half meanwhile and
        hands back its findings only."""
        child = None
        own = files
        if self.jobs > 1 and len(files) >= PARALLEL_MIN_FILES_SCHEMA_ONLY:
            own, theirs = parallel.split(files, 2)
            store = self.store
            loader = self.loader
            child = parallel.in_child(
                lambda: _schema_share(loader, store, theirs, pack_id, pack_ruleset)
            )
            if child is None:
                own = files
        items = _schema_share(self.loader, self.store, own, pack_id, pack_ruleset)
        if child is not None:
            shipped = child.result()
            if shipped is None:  # the child failed: do its share here
                shipped = _schema_share(
                    self.loader, self.store, files[len(own) :], pack_id, pack_ruleset
                )
            items.extend(shipped)
        loaded = _Loaded()
        manifests = [item.manifest for item in items if item.manifest is not None]
        if pack_ruleset is None and pack_settings(manifests)[1] is not None:
            # each file was checked as of ``pack_ruleset``; a folder of loose files whose
            # first manifest names a ruleset is of that one (rare): check them the batch's
            # way, with every document at hand
            self.load_into(loaded, files, pack_id)
            return loaded
        for item in items:
            loaded.findings.extend(item.load_findings)
            loaded.checked.extend(item.schema_findings)
            if item.manifest is not None and item.manifest_schema is not None:
                loaded.documents.append(item.manifest)
                loaded.schema[id(item.manifest)] = item.manifest_schema
        return loaded

    def validation_for(self, loaded: _Loaded) -> Validation:
        """The run's validation, reusing the schema results a child computed."""
        if not loaded.schema:
            return self.validation
        stages: list[Stage] = [
            SchemaStage(self.store, precomputed=loaded.schema),
            *self.validation.stages[1:],
        ]
        return Validation(stages)

    def loose(self, files: list[Path]) -> Report:
        """Files in no pack: each is validated as a document of the ruleset its
        ``$schema`` names (see :func:`~questforge.validator.pipeline.document_ruleset`)."""
        report = Report()
        loaded = self.load_files(files, None, None)
        for path in files:
            report.files.append(self.loader.name(path))
        report.findings.extend(loaded.findings)
        batch = Batch(loaded.documents, store=self.store)
        report.findings.extend(self.validation_for(loaded).run(batch).findings)
        report.findings.extend(loaded.checked)
        if self.keep is not None:
            self.keep.append(batch)
        return report

    def pack(self, root: Path, selected: set[Path] | frozenset[Path]) -> Report:
        loader = self.loader
        pack = packs.open_pack(root)
        files, layout_problems = packs.content_files(root)
        problems = list(pack.problems) + layout_problems
        if selected is not ALL:
            # a file named on the command line is validated even if discovery would skip it
            # (a hidden folder, another extension) - but never a refused link
            named_refused = packs.refused_paths(selected)  # named through a linked folder
            problems.extend(named_refused)
            refused = {p.path.absolute() for p in layout_problems + named_refused}
            known = set(files)
            extra = [p for p in selected if p not in refused and p not in known and p.is_file()]
            files = sorted([*files, *extra])
        required: dict[str, list[LoadedDocument]] = {}
        if not self.schema_only:
            required, require_problems = load_required(
                pack, self.pack_path, loader, self.required_cache, self.pack_cache
            )
            problems.extend(require_problems)
        loaded = self.load_files(files, pack.id, pack.ruleset)
        documents = loaded.documents
        load_findings = loaded.findings
        problem_findings = [problem_finding(p, loader.base) for p in problems]
        batch = Batch(documents, pack.ruleset, pack.id, required, pack, store=self.store)
        part = self.validation_for(loaded).run(batch)
        if self.keep is not None:
            self.keep.append(batch)
        locate_findings(problem_findings, documents)
        all_findings = load_findings + problem_findings + part.findings + loaded.checked
        names = [loader.name(p) for p in files]
        # refused paths (links) count as files looked at, so summaries add up
        names = sorted(set(names) | {f.file for f in problem_findings if f.file})
        report = Report()
        if selected is ALL:
            report.findings = all_findings
            report.files = names
        else:
            wanted = {loader.name(p) for p in selected}
            # an internal error is never filtered away: it may sit on another file of the pack
            report.findings = [
                f for f in all_findings if f.file in wanted or f.code == codes.INTERNAL.code
            ]
            report.files = [n for n in names if n in wanted]
            # explicitly named files that discovery refused (links) still count as validated
            report.files.extend(sorted(wanted - set(report.files)))
        return report
