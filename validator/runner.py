"""The validation runner: documents in, a :class:`Report` of findings out.

Three entry points share one pipeline:

- :func:`validate_documents` works on in-memory :class:`Document` objects and never touches
  the disk;
- :class:`ValidationSession` holds a pack's in-memory documents across edits and
  re-validates incrementally (the editor's live validation): same findings as
  :func:`validate_documents`, but only what an edit can affect is computed again;
- :func:`validate_paths` finds packs and files on disk, loads them safely
  (:mod:`questforge.engine.core.jsonload`: size, depth, encoding, duplicates), resolves each
  pack's ``requires`` and then runs the same pipeline per pack.

The pipeline, per document: pick the schema by ``kind`` (the common folder, then the pack's
ruleset folder), refuse ``$ref`` keys in content, compare ``$schema``, validate with the
cached jsonschema-rs validator and report *every* error. Then, unless ``schema_only``, the
core checks and the ruleset's checks run once per pack with a
:class:`~questforge.validator.context.CheckContext`; a check that raises becomes a ``QC900``
finding. Line and column are computed last, and only for documents that have findings.
"""

from __future__ import annotations

import copy
import importlib
import json
import os
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.engine.core import pack as packs
from questforge.engine.core.jsonload import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_DEPTH,
    JsonLoadError,
    LoadedJson,
    load_json_file,
    load_json_text,
)
from questforge.schema import is_definitions
from questforge.validator import codes, core_checks
from questforge.validator.checks import CORE, CheckSpec, checks_for
from questforge.validator.context import CheckCache, CheckContext, fingerprint
from questforge.validator.document import Document, base_prefix, display_name
from questforge.validator.findings import Finding, Severity
from questforge.validator.schemas import (
    SchemaBuildError,
    SchemaStore,
    close_match,
    default_store,
)

__all__ = [
    "Document",
    "PathNotFoundError",
    "Report",
    "ValidationSession",
    "document_from_text",
    "load_ruleset_checks",
    "validate_documents",
    "validate_paths",
]

# make sure the core checks are registered whenever the runner is used
_ = core_checks

_LOAD_CODES: dict[str, CheckSpec] = {
    "io": codes.IO_ERROR,
    "too-big": codes.TOO_BIG,
    "too-deep": codes.TOO_DEEP,
    "encoding": codes.ENCODING,
    "binary": codes.BINARY,
    "empty": codes.EMPTY,
    "malformed": codes.MALFORMED,
}

_PACK_CODES: dict[str, CheckSpec] = {
    "symlink": codes.SYMLINK,
    "outside": codes.OUTSIDE,
    "requires-location": codes.REQUIRES_LOCATION,
    "requires-missing": codes.REQUIRES_MISSING,
    "requires-version": codes.REQUIRES_VERSION,
    "requires-self": codes.REQUIRES_SELF,
    "manifest": codes.NOT_OBJECT,
    "requires-invalid": codes.REQUIRES_LOCATION,
}


class PathNotFoundError(Exception):
    """A path given to :func:`validate_paths` does not exist (a usage error, exit 2)."""


@dataclass
class Report:
    """Every finding of one validation run, and every file that was validated."""

    findings: list[Finding] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.WARNING)

    def exit_code(self, strict: bool = False) -> int:
        """0 clean (warnings allowed unless ``strict``), 1 content errors."""
        if self.errors or (strict and self.warnings):
            return 1
        return 0

    def by_file(self) -> dict[str | None, list[Finding]]:
        out: dict[str | None, list[Finding]] = {}
        for finding in self.findings:
            out.setdefault(finding.file, []).append(finding)
        return out

    def sort(self) -> None:
        self.findings.sort(
            key=lambda f: (f.file or "", f.line or 0, f.column or 0, f.code, f.message)
        )
        self.files.sort()


# --- ruleset plumbing ----------------------------------------------------------------------

_loaded_checks: set[str] = set()
_load_failures: dict[str, str] = {}


def load_ruleset_checks(ruleset: str | None) -> str | None:
    """Import ``questforge.validator.<ruleset>`` so its checks register; returns an error
    message if that module exists but fails to import.

    ``ruleset`` comes from an untrusted manifest: only names of registered rulesets are
    ever turned into an import.
    """
    if ruleset is None or ruleset in _loaded_checks:
        return _load_failures.get(ruleset or "")
    if ruleset not in _all_ruleset_names():
        return None
    _loaded_checks.add(ruleset)
    name = f"questforge.validator.{ruleset}"
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            _load_failures[ruleset] = f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # a broken plug-in must not take the validator down
        _load_failures[ruleset] = f"{type(exc).__name__}: {exc}"
    return _load_failures.get(ruleset)


def load_all_checks() -> None:
    """Register the checks of every known ruleset (for ``--list-checks``)."""
    for ruleset in _all_ruleset_names():
        load_ruleset_checks(ruleset)


def _all_ruleset_names() -> list[str]:
    try:
        from questforge.engine import rulesets

        return [r.name for r in rulesets.all_rulesets()]
    except Exception:
        return []


def _ruleset_for_kind(kind: str) -> str | None:
    try:
        from questforge.engine import rulesets

        found = rulesets.ruleset_for_kind(kind)
    except Exception:
        return None
    return found.name if found is not None else None


def _loose_ruleset(doc: Document) -> str | None:
    """The ruleset of a document outside any pack: its ``$schema`` URL names it (two
    rulesets may share a kind, e.g. ``monster``), else the one ruleset defining its kind."""
    data = doc.data
    if isinstance(data, dict):
        try:
            from questforge.engine import rulesets

            named = rulesets.ruleset_of_schema_url(data.get("$schema"))
            if named is not None and named[0] != "common" and rulesets.find(named[0]):
                return named[0]
        except Exception:
            pass
    if not doc.kind:
        return None
    try:
        from questforge.engine import rulesets

        defining = rulesets.rulesets_defining(doc.kind)
    except Exception:
        return None
    if len(defining) > 1:
        # a shared kind without a $schema: the ruleset that came first keeps its meaning,
        # so adding a ruleset never changes how an existing loose file validates
        order = {name: i for i, name in enumerate(rulesets.BUILTIN)}
        defining.sort(key=lambda r: order.get(r.id, len(order)))
    return defining[0].id if defining else None


def _schema_folder(ruleset: str | None) -> str | None:
    if ruleset is None:
        return None
    try:
        from questforge.engine import rulesets

        return rulesets.get(ruleset).schema_folder
    except Exception:
        return ruleset


# --- per-document schema stage -------------------------------------------------------------


def _find_refs(node: Any, path: tuple[str | int, ...], out: list[tuple[str | int, ...]]) -> None:
    stack = [(node, path)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            for key, child in value.items():
                if key == "$ref":
                    out.append((*where, key))
                if isinstance(child, (dict, list)):
                    stack.append((child, (*where, key)))
        elif isinstance(value, list):
            for index, child in enumerate(value):
                if isinstance(child, (dict, list)):
                    stack.append((child, (*where, index)))


def _schema_findings(doc: Document, folder: str | None, store: SchemaStore) -> list[Finding]:
    """Schema-stage findings of ``doc``; sets ``doc.schema_valid``."""
    doc.schema_valid = False
    data = doc.data
    name = doc.name
    if not isinstance(data, dict):
        return [
            codes.NOT_OBJECT.finding(
                f"a content file must be a JSON object, found {_json_type(data)}", file=name
            )
        ]
    out: list[Finding] = []
    if _may_hold_ref(doc):
        refs: list[tuple[str | int, ...]] = []
        _find_refs(data, (), refs)
        for where in sorted(refs, key=str):
            target = doc.get(where)
            out.append(
                codes.CONTENT_REF.finding(
                    f"$ref {target!r} in a content file is never followed: content files "
                    "are data and may not include other files or URLs",
                    file=name,
                    path=where,
                    hint="copy the value in, or reference content by id",
                )
            )
    kind = data.get("kind")
    if not isinstance(kind, str):
        message = (
            f'"kind" must be a string naming the content kind, found {_json_type(kind)}'
            if "kind" in data
            else 'missing "kind": every content file names its kind'
        )
        out.append(
            codes.UNKNOWN_KIND.finding(
                message,
                file=name,
                path=("kind",) if "kind" in data else (),
                hint='add e.g. "kind": "scenario"',
            )
        )
        return out
    entry = store.for_kind(kind, folder)
    if entry is None:
        known = sorted(
            {e.name for e in store if e.folder in ("common", folder) and not is_definitions(e.name)}
        )
        guess = close_match(kind, known)
        out.append(
            codes.UNKNOWN_KIND.finding(
                f"unknown kind {kind!r}" + (f" for ruleset {folder!r}" if folder else ""),
                file=name,
                path=("kind",),
                hint=f"did you mean {guess!r}?" if guess else "known kinds: " + ", ".join(known),
            )
        )
        return out
    declared = data.get("$schema")
    if declared is not None and not _schema_reference_ok(declared, entry.id, entry.name):
        out.append(
            codes.SCHEMA_MISMATCH.finding(
                f"$schema {declared!r} is not the schema of kind {kind!r}",
                file=name,
                path=("$schema",),
                hint=f'use "$schema": "{entry.id}"',
            )
        )
    try:
        validator = store.validator(entry)
    except SchemaBuildError as exc:
        out.append(
            codes.SCHEMA_BUILD.finding(
                f"schema {entry.folder}/{entry.name} cannot be compiled: {exc}", file=name
            )
        )
        return out
    try:
        if validator.is_valid(data):
            doc.schema_valid = not any(f.code == codes.CONTENT_REF.code for f in out)
            return out
        errors = list(validator.iter_errors(data))
    except ValueError as exc:
        # jsonschema-rs gives up on very deep data; files are refused before that by the
        # loader's depth limit, in-memory documents (an editor's) are caught here
        out.append(
            codes.TOO_DEEP.finding(
                f"content nested too deeply to validate ({exc})",
                file=name,
                hint=f"nesting is limited to {DEFAULT_MAX_DEPTH} levels",
            )
        )
        return out
    for error in errors:
        out.extend(_schema_error_findings(error, name, store, data))
    return out


def _may_hold_ref(doc: Document) -> bool:
    """Whether ``doc`` may have a ``$ref`` key: the text (or, without one, the serialised
    data, much faster than walking it) tells cheaply when it cannot."""
    if doc.text is not None:
        return '"$ref"' in doc.text
    try:
        return '"$ref"' in json.dumps(doc.data, default=repr)
    except (ValueError, RecursionError):  # too deep to serialise: walk it
        return True


def _schema_reference_ok(declared: Any, schema_id: str, name: str) -> bool:
    """``$schema`` is the kind's ``$id``, or a relative path to a local copy of it
    (``../schemas/gloomhaven/monster.schema.json``, as ``schema export`` writes them)."""
    if not isinstance(declared, str):
        return False
    if declared == schema_id:
        return True
    return "://" not in declared and declared.replace("\\", "/").rsplit("/", 1)[-1] == (
        f"{name}.schema.json"
    )


def _json_type(value: Any) -> str:
    """The JSON type of ``value`` with an article, for messages ("an integer", "null")."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    return "null"


def _instance_path(data: Any, raw: Iterable[Any]) -> tuple[str | int, ...]:
    """A jsonschema-rs instance path as a finding path: object keys as strings, array
    indices as ints.

    jsonschema-rs reports an object key that looks like a number (the ``"2"`` of a
    player-count or level object) as an int, the same as an array index; only the data
    can tell them apart, so the path is followed through it: a segment indexes a list only
    where the data holds a list.
    """
    out: list[str | int] = []
    node: Any = data
    for part in raw:
        if isinstance(node, list) and isinstance(part, int) and not isinstance(part, bool):
            out.append(part)
            node = node[part] if -len(node) <= part < len(node) else None
        elif isinstance(node, dict):
            key = str(part)
            out.append(key)
            node = node.get(key)
        else:  # the path left the data (it should not): keep the segment as reported
            out.append(part if isinstance(part, int) else str(part))
            node = None
    return tuple(out)


def _schema_error_findings(
    error: Any, name: str, store: SchemaStore, data: Any = None
) -> list[Finding]:
    path = _instance_path(data, error.instance_path)
    kind_name = type(error.kind).__name__
    if kind_name == "AdditionalProperties":
        unexpected = list(getattr(error.kind, "unexpected", []) or [])
        allowed = store.allowed_properties(getattr(error, "absolute_keyword_location", None))
        out = []
        for key in unexpected:
            guess = close_match(str(key), allowed)
            hint = (
                f"did you mean {guess!r}?"
                if guess
                else ("allowed here: " + ", ".join(allowed) if allowed else None)
            )
            out.append(
                codes.SCHEMA.finding(
                    f"unknown property {key!r}", file=name, path=(*path, key), hint=hint
                )
            )
        if out:
            return out
    if kind_name == "Required":
        prop = getattr(error.kind, "property", None)
        if isinstance(prop, str):
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
            return [
                codes.SCHEMA.finding(
                    f"missing required property {prop!r}" + (f" in ${where}" if where else ""),
                    file=name,
                    path=path,
                )
            ]
    hint = None
    if kind_name == "Pattern" and getattr(error.kind, "pattern", None) == _ID_PATTERN:
        hint = "ids are kebab-case: lowercase letters and digits joined by single hyphens"
    return [codes.SCHEMA.finding(str(error.message), file=name, path=path, hint=hint)]


_ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"


# --- semantic stage ------------------------------------------------------------------------


def _run_checks(ctx: CheckContext, ruleset: str | None) -> list[Finding]:
    out: list[Finding] = []
    failure = load_ruleset_checks(ruleset)
    if failure is not None:
        manifest = _manifest(ctx.documents)
        out.append(
            codes.INTERNAL.finding(
                f"the checks of ruleset {ruleset!r} cannot be loaded: {failure}",
                file=manifest.name if manifest is not None else None,
            )
        )
    for spec in checks_for(ruleset or CORE):
        assert spec.func is not None
        try:
            for finding in spec.func(ctx) or ():
                out.append(finding)
        except Exception as exc:
            doc = _crashed_on(exc, ctx.documents) or _manifest(ctx.documents)
            out.append(
                codes.INTERNAL.finding(
                    f"check {spec.code} ({spec.title}) failed: {type(exc).__name__}: {exc}",
                    file=doc.name if doc is not None else None,
                    hint="please report this as a questforge bug, with the file",
                )
            )
    return out


def _manifest(documents: Sequence[Document]) -> Document | None:
    return next((d for d in documents if d.kind == "pack"), None)


def _crashed_on(exc: BaseException, documents: Sequence[Document]) -> Document | None:
    """The document a check was processing when it raised ``exc``, if the traceback tells.

    Checks take their documents from the context and hold the one at hand in a local
    variable (``doc``, ``deck``, a scenario map's ``.doc``), so the innermost frame that
    holds one of this pack's documents names the file a user should look at. Only used
    to place an internal-error finding; ``None`` when no frame holds one.
    """
    ours = {id(d): d for d in documents}
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for attribute in (False, True):  # a document itself first, then a holder's ``.doc``
        for frame in reversed(frames):
            for value in frame.f_locals.values():
                if attribute:
                    try:
                        value = getattr(value, "doc", None)
                    except Exception:  # a property that raises: not a holder
                        continue
                if isinstance(value, Document) and id(value) in ours:
                    return value
    return None


def _locate(findings: Iterable[Finding], documents: Iterable[Document]) -> None:
    """Fill in line and column for findings that have none, from their document's text."""
    pending = [f for f in findings if f.line is None and f.file is not None]
    if not pending:
        return
    by_name = {d.name: d for d in documents}
    for finding in pending:
        doc = by_name.get(finding.file or "")
        if doc is not None and doc.text is not None:
            finding.line, finding.column = doc.position(finding.path)


def _pack_ruleset(documents: Sequence[Document]) -> tuple[str | None, str | None]:
    for doc in documents:
        if doc.kind == "pack" and isinstance(doc.data, dict):
            ruleset = doc.data.get("ruleset")
            return doc.id, ruleset if isinstance(ruleset, str) else None
    return None, None


def validate_documents(
    documents: Sequence[Document],
    *,
    schema_only: bool = False,
    ruleset: str | None = None,
    pack_id: str | None = None,
    required: dict[str, list[Document]] | None = None,
    store: SchemaStore | None = None,
    pack: packs.Pack | None = None,
) -> Report:
    """Validate in-memory documents that form one pack (or loose files); no disk access.

    ``ruleset`` and ``pack_id`` default to the ``pack`` document among ``documents``, if
    any; without one each document's ruleset is found from its kind. ``required`` gives the
    documents of required packs, by pack id, for cross-pack references. To re-validate
    after edits, :class:`ValidationSession` gives the same result and only redoes the work
    an edit can affect.
    """
    return _validate(
        documents,
        schema_only=schema_only,
        ruleset=ruleset,
        pack_id=pack_id,
        required=required,
        store=store or default_store(),
        pack=pack,
        cache=CheckCache(persistent=False),
        schema_cache=None,
    )


#: per document name: (stamp, schema findings, schema_valid)
_SchemaCache = dict[str, tuple[int, tuple[Finding, ...], bool]]


def _validate(
    documents: Sequence[Document],
    *,
    schema_only: bool,
    ruleset: str | None,
    pack_id: str | None,
    required: dict[str, list[Document]] | None,
    store: SchemaStore,
    pack: packs.Pack | None,
    cache: CheckCache,
    schema_cache: _SchemaCache | None,
) -> Report:
    """The pipeline behind :func:`validate_documents` and :class:`ValidationSession`:
    ``cache`` carries derived data between runs, ``schema_cache`` the schema findings of
    documents whose stamp did not change (``None``: validate every document)."""
    manifest_id, manifest_ruleset = _pack_ruleset(documents)
    pack_id = pack_id or manifest_id
    ruleset = ruleset or manifest_ruleset
    report = Report(files=[d.name for d in documents])
    groups: dict[str | None, list[Document]] = {}
    for doc in documents:
        doc.pack_id = pack_id
        doc_ruleset = ruleset or _loose_ruleset(doc)
        groups.setdefault(doc_ruleset, []).append(doc)
        if schema_cache is None:
            report.findings.extend(_schema_findings(doc, _schema_folder(doc_ruleset), store))
            continue
        stamp = cache.stamp(doc)
        known = schema_cache.get(doc.name)
        if known is None or known[0] != stamp:
            found = _schema_findings(doc, _schema_folder(doc_ruleset), store)
            known = (stamp, tuple(copy.copy(f) for f in found), doc.schema_valid)
            schema_cache[doc.name] = known
        doc.schema_valid = known[2]
        report.findings.extend(copy.copy(f) for f in known[1])
    if required:
        for docs in required.values():
            for doc in docs:
                if not doc.schema_valid:
                    doc_ruleset = ruleset or _loose_ruleset(doc)
                    _schema_findings(doc, _schema_folder(doc_ruleset), store)
    if not schema_only:
        if ruleset is not None or len(groups) <= 1:
            check_groups = {ruleset or next(iter(groups), None): list(documents)}
        else:
            check_groups = groups
        for group_ruleset, docs in check_groups.items():
            ctx = CheckContext(
                ruleset=group_ruleset,
                documents=docs,
                pack=pack,
                pack_id=pack_id,
                required=dict(required or {}),
                cache=cache,
            )
            report.findings.extend(_run_checks(ctx, group_ruleset))
    _locate(report.findings, documents)
    report.sort()
    return report


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
        documents: Iterable[Document] = (),
        *,
        schema_only: bool = False,
        ruleset: str | None = None,
        pack_id: str | None = None,
        required: dict[str, list[Document]] | None = None,
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
        self._documents: dict[str, Document] = {}
        self._cache = CheckCache()
        self._schema: _SchemaCache = {}
        self._fingerprints: dict[str, tuple[int, Hashable]] = {}
        self._settings: tuple[str | None, str | None] | None = None
        for doc in documents:
            self.update(doc)

    @property
    def documents(self) -> list[Document]:
        """The pack's documents, in order (as added; after :meth:`sync`, as given)."""
        return list(self._documents.values())

    def get(self, name: str) -> Document | None:
        return self._documents.get(name)

    def update(self, document: Document) -> None:
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

    def sync(self, documents: Iterable[Document]) -> list[str]:
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
        wanted: dict[str, Document] = {}
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

    def _same(self, held: Document, doc: Document) -> bool:
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

    def set_required(self, required: dict[str, list[Document]]) -> None:
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
        settings = _pack_ruleset(documents)
        if settings != self._settings:
            # a different pack id or ruleset changes every lookup and schema choice
            self._cache.clear()
            self._schema.clear()
            self._settings = settings
        try:
            return _validate(
                documents,
                schema_only=self._schema_only,
                ruleset=self._ruleset,
                pack_id=self._pack_id,
                required=self._required,
                store=self._store,
                pack=self._pack,
                cache=self._cache,
                schema_cache=self._schema,
            )
        finally:
            self._cache.end_run()

    def _touch(self, doc: Document) -> None:
        self._cache.touch(doc)
        doc._positions.clear()  # line/column of the old text


def document_from_text(name: str, text: str) -> tuple[Document | None, list[Finding]]:
    """Parse editor text into a :class:`Document` with the same safety checks as files
    (depth, duplicates, malformed JSON with line and column); ``None`` plus the finding when
    the text is not usable JSON."""
    try:
        loaded = load_json_text(text)
    except JsonLoadError as exc:
        finding = _LOAD_CODES[exc.reason].finding(exc.message, file=name, hint=exc.hint)
        finding.line, finding.column = exc.line or 1, exc.column or 1
        return None, [finding]
    return Document(name, loaded.data, text=loaded.text), _duplicate_findings(name, loaded)


def _duplicate_findings(name: str, loaded: LoadedJson) -> list[Finding]:
    findings = []
    for dup in loaded.duplicates:
        finding = codes.DUPLICATE_KEY.finding(
            f"key {dup.path[-1]!r} appears more than once in this object; the last value wins",
            file=name,
            path=dup.path,
            hint="remove or rename one of them",
        )
        finding.line, finding.column = dup.line, dup.column
        findings.append(finding)
    return findings


# --- files and packs on disk -----------------------------------------------------------------


@dataclass
class _Loader:
    base: Path | None
    max_bytes: int
    max_depth: int
    prefix: str = ""

    def __post_init__(self) -> None:
        self.prefix = base_prefix(self.base)

    def name(self, path: Path) -> str:
        return display_name(path, prefix=self.prefix)

    def load(self, path: Path, pack_id: str | None) -> tuple[Document | None, list[Finding]]:
        name = self.name(path)
        try:
            loaded = load_json_file(path, max_bytes=self.max_bytes, max_depth_limit=self.max_depth)
        except JsonLoadError as exc:
            spec = _LOAD_CODES[exc.reason]
            finding = spec.finding(exc.message, file=name, hint=exc.hint)
            finding.line, finding.column = exc.line or 1, exc.column or 1
            return None, [finding]
        doc = Document(name, loaded.data, text=loaded.text, path=path, pack_id=pack_id)
        findings = _duplicate_findings(name, loaded)
        return doc, findings


def _problem_finding(problem: packs.PackProblem, base: Path | None) -> Finding:
    spec = _PACK_CODES[problem.kind]
    return spec.finding(
        problem.message,
        file=display_name(problem.path, base),
        path=problem.json_path,
        hint=problem.hint,
    )


#: sentinel: every file of a pack is selected
_ALL: frozenset[Path] = frozenset()


def _loose_json_files(folder: Path, pack_roots: set[Path]) -> list[Path]:
    """JSON files under ``folder`` outside every pack (no links followed, no hidden dirs)."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(folder.absolute(), followlinks=False):
        here = Path(dirpath)
        dirnames[:] = sorted(
            d for d in dirnames if not d.startswith(".") and here / d not in pack_roots
        )
        found.extend(here / name for name in sorted(filenames) if name.endswith(".json"))
    return found


def _plan(paths: Sequence[Path]) -> dict[Path | None, set[Path] | frozenset[Path]]:
    """Which packs to validate and, per pack, which files (``_ALL`` = the whole pack)."""
    plan: dict[Path | None, set[Path] | frozenset[Path]] = {}

    def add(root: Path | None, files: Iterable[Path] | None) -> None:
        current = plan.get(root)
        if files is None:
            plan[root] = _ALL
        elif current is _ALL and root is not None:
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
            loose = _loose_json_files(path, {r.absolute() for r in roots})
            if loose:
                add(None, loose)
        else:
            add(packs.find_pack_root(path), [path])
    return plan


def validate_paths(
    paths: Sequence[str | Path],
    *,
    schema_only: bool = False,
    pack_path: Sequence[Path] = (),
    store: SchemaStore | None = None,
    base: Path | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Report:
    """Validate files, folders and packs on disk.

    A folder that is a pack is validated whole; a folder holding several packs validates
    each; a file or sub-folder of a pack is validated in the context of its whole pack (so
    references resolve) but only its own findings are reported. File names in findings are
    relative to ``base`` (default: the working folder). Raises :class:`PathNotFoundError`
    for a path that does not exist.
    """
    store = store or default_store()
    loader = _Loader(base, max_bytes, max_depth)
    plan = _plan([Path(p) for p in paths])
    report = Report()
    required_cache: dict[Path, list[Document]] = {}
    pack_cache: dict[Path, packs.Pack] = {}
    for root, selected in sorted(plan.items(), key=lambda item: str(item[0] or "")):
        if root is None:
            part = _validate_loose(sorted(selected), loader, store, schema_only)
        else:
            part = _validate_pack(
                root,
                selected,
                loader,
                store,
                schema_only,
                pack_path,
                required_cache,
                pack_cache,
            )
        report.findings.extend(part.findings)
        report.files.extend(part.files)
    report.sort()
    return report


def _validate_loose(
    files: list[Path], loader: _Loader, store: SchemaStore, schema_only: bool
) -> Report:
    report = Report()
    documents: list[Document] = []
    for path in files:
        doc, findings = loader.load(path, None)
        report.findings.extend(findings)
        report.files.append(loader.name(path))
        if doc is not None:
            documents.append(doc)
    part = validate_documents(documents, schema_only=schema_only, store=store)
    report.findings.extend(part.findings)
    return report


def _load_required(
    pack: packs.Pack,
    pack_path: Sequence[Path],
    loader: _Loader,
    required_cache: dict[Path, list[Document]],
    pack_cache: dict[Path, packs.Pack],
) -> tuple[dict[str, list[Document]], list[packs.PackProblem]]:
    found, problems = packs.resolve_requires(pack, pack_path, _cache=pack_cache)
    required: dict[str, list[Document]] = {}
    for other in found:
        if other.root not in required_cache:
            docs: list[Document] = []
            files, _ = packs.content_files(other.root)
            for path in files:
                doc, _findings = loader.load(path, other.id)
                if doc is not None:
                    docs.append(doc)
            required_cache[other.root] = docs
        required[other.id] = required_cache[other.root]
    return required, problems


def _validate_pack(
    root: Path,
    selected: set[Path] | frozenset[Path],
    loader: _Loader,
    store: SchemaStore,
    schema_only: bool,
    pack_path: Sequence[Path],
    required_cache: dict[Path, list[Document]],
    pack_cache: dict[Path, packs.Pack],
) -> Report:
    pack = packs.open_pack(root)
    files, layout_problems = packs.content_files(root)
    problems = list(pack.problems) + layout_problems
    if selected is not _ALL:
        # a file named on the command line is validated even if discovery would skip it
        # (a hidden folder, another extension) - but never a refused link
        refused = {p.path.absolute() for p in layout_problems}
        known = set(files)
        extra = [p for p in selected if p not in refused and p not in known and p.is_file()]
        files = sorted([*files, *extra])
    required: dict[str, list[Document]] = {}
    if not schema_only:
        required, require_problems = _load_required(
            pack, pack_path, loader, required_cache, pack_cache
        )
        problems.extend(require_problems)
    report = Report()
    documents: list[Document] = []
    load_findings: list[Finding] = []
    for path in files:
        doc, findings = loader.load(path, pack.id)
        load_findings.extend(findings)
        if doc is not None:
            documents.append(doc)
    problem_findings = [_problem_finding(p, loader.base) for p in problems]
    part = validate_documents(
        documents,
        schema_only=schema_only,
        ruleset=pack.ruleset,
        pack_id=pack.id,
        required=required,
        store=store,
        pack=pack,
    )
    _locate(problem_findings, documents)
    all_findings = load_findings + problem_findings + part.findings
    names = [loader.name(p) for p in files]
    # refused paths (links) count as files looked at, so summaries add up
    names = sorted(set(names) | {f.file for f in problem_findings if f.file})
    if selected is _ALL:
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
