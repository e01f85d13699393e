"""The schema stage: each document against the JSON Schema of its (ruleset, kind).

Per document: refuse ``$ref`` keys in content, pick the schema by the document's ruleset
(its pack's, or its ``$schema`` URL's for a loose file) and ``kind``, compare ``$schema``,
validate with the store's cached jsonschema-rs validator and report *every* error. Sets
``LoadedDocument.schema_valid``, which the semantic stage relies on.

Findings of a document whose stamp did not change are reused when the stage is given a
:data:`SchemaCache` (the editor's :class:`~questforge.validator.session.ValidationSession`).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from questforge.schema.jsontypes import type_in_words
from questforge.validator import codes
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.schemas import SchemaBuildError, SchemaStore, close_match

if TYPE_CHECKING:
    from questforge.validator.pipeline import Batch

#: what the schema stage found out about a document version besides its findings:
#: (schema_valid, invalid_parts, missing_parts, short_parts, invalid_items)
Verdict = tuple[
    bool, frozenset[str] | None, frozenset[str], frozenset[str], dict[str, frozenset[int]]
]
#: per document name: (stamp, schema findings, verdict)
SchemaCache = dict[str, tuple[int, tuple[Finding, ...], Verdict]]
#: a document's schema result computed elsewhere (a child process of the command-line
#: run): (the ruleset it was checked as, its findings, its verdict)
Precomputed = tuple[str | None, list[Finding], Verdict]

_ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"


class SchemaStage:
    """Validates every document of a batch against its schema (and, silently, the
    documents of required packs, so that references into them know what is valid)."""

    name = "schema"

    def __init__(
        self,
        store: SchemaStore,
        cache: SchemaCache | None = None,
        precomputed: dict[int, Precomputed] | None = None,
    ) -> None:
        self.store = store
        self.cache = cache
        #: by ``id(document)``: results to take instead of validating again (used only
        #: when the batch gives the document the ruleset it was checked as)
        self.precomputed = precomputed or {}

    def run(self, batch: Batch) -> list[Finding]:
        out: list[Finding] = []
        precomputed = self.precomputed
        for doc, ruleset in zip(batch.documents, batch.rulesets, strict=True):
            known_result = precomputed.get(id(doc)) if precomputed else None
            if known_result is not None and known_result[0] == ruleset:
                set_verdict(doc, known_result[2])
                out.extend(known_result[1])
                continue
            if self.cache is None:
                out.extend(schema_findings(doc, ruleset, self.store))
                continue
            stamp = batch.cache.stamp(doc)
            known = self.cache.get(doc.name)
            if known is None or known[0] != stamp:
                found = schema_findings(doc, ruleset, self.store)
                verdict = verdict_of(doc)
                known = (stamp, tuple(copy.copy(f) for f in found), verdict)
                self.cache[doc.name] = known
            set_verdict(doc, known[2])
            out.extend(copy.copy(f) for f in known[1])
        for pack_ruleset, docs in batch.required_rulesets():
            for doc in docs:
                if not doc.schema_valid:
                    schema_findings(doc, pack_ruleset, self.store)
        return out


def precompute_schema(doc: LoadedDocument, ruleset: str | None, store: SchemaStore) -> Precomputed:
    """:func:`schema_findings` of ``doc`` with the verdict it sets, to hand to a
    :class:`SchemaStage` of another process."""
    found = schema_findings(doc, ruleset, store)
    return ruleset, found, verdict_of(doc)


def verdict_of(doc: LoadedDocument) -> Verdict:
    """What the schema stage sets on a document (valid, and which parts are not), as one
    value a cache or another process can hold and :func:`set_verdict` puts back."""
    return (
        doc.schema_valid,
        doc.invalid_parts,
        doc.missing_parts,
        doc.short_parts,
        doc.invalid_items,
    )


def set_verdict(doc: LoadedDocument, verdict: Verdict) -> None:
    (
        doc.schema_valid,
        doc.invalid_parts,
        doc.missing_parts,
        doc.short_parts,
        doc.invalid_items,
    ) = verdict


def schema_findings(doc: LoadedDocument, ruleset: str | None, store: SchemaStore) -> list[Finding]:
    """Schema-stage findings of ``doc`` as a document of ``ruleset``; sets
    ``doc.schema_valid`` and, for a document whose errors all lie inside top-level
    properties, ``doc.invalid_parts`` and ``doc.missing_parts``."""
    doc.schema_valid = False
    doc.invalid_parts = None
    doc.missing_parts = frozenset()
    doc.short_parts = frozenset()
    doc.invalid_items = {}
    data = doc.data
    name = doc.name
    if not isinstance(data, dict):
        return [
            codes.NOT_OBJECT.finding(
                f"a content file must be a JSON object, found {type_in_words(data)}", file=name
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
            f'"kind" must be a string naming the content kind, found {type_in_words(kind)}'
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
    entry = store.for_kind(kind, ruleset)
    if entry is None:
        out.append(_unknown_kind(kind, ruleset, name, store))
        return out
    declared = data.get("$schema")
    if declared is not None and not _schema_reference_ok(declared, entry.id, entry.name):
        out.append(
            codes.SCHEMA_MISMATCH.finding(
                f"$schema {declared!r} is not the schema of kind {kind!r}"
                + (f" of ruleset {ruleset!r}" if ruleset and entry.ruleset else ""),
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
            if not doc.schema_valid:
                doc.invalid_parts = _parts_of(
                    f.path for f in out if f.code == codes.CONTENT_REF.code
                )
            return out
        errors = list(validator.iter_errors(data))
    except ValueError as exc:  # too deep for jsonschema-rs, or a lone surrogate
        out.append(codes.unvalidatable(exc, name, data))
        return out
    for error in errors:
        out.extend(_schema_error_findings(error, name, store, data))
    _split_errors(doc, errors, [f.path for f in out if f.code == codes.CONTENT_REF.code])
    return out


def _split_errors(doc: LoadedDocument, errors: list[Any], ref_paths: list[Any]) -> None:
    """Set ``doc.invalid_parts`` / ``missing_parts`` when every error lies inside a
    top-level property (or is a required one that is missing, or an unknown one): the
    semantic checks may then still read the other properties. A top-level list whose one
    error is being too short (``"rooms": []`` in a new scenario) goes to
    ``doc.short_parts`` instead: what it holds is well-formed, so checks read it as it is
    (the designer is still filling it in; the schema finding says it needs more)."""
    invalid: set[str] = set()
    missing: set[str] = set()
    short: set[str] = set()
    items: dict[str, set[int]] = {}
    whole: set[str] = set()  # lists with an error on the list itself
    for error in errors:
        path = _instance_path(doc.data, error.instance_path)
        kind_name = type(error.kind).__name__
        if len(path) == 1 and kind_name == "MinItems":
            short.add(str(path[0]))  # a list still being filled in: well-formed so far
            continue
        if path:
            invalid.add(str(path[0]))
            if len(path) >= 2 and isinstance(path[1], int) and not isinstance(path[1], bool):
                items.setdefault(str(path[0]), set()).add(path[1])
            else:
                whole.add(str(path[0]))
            continue
        if kind_name == "Required" and isinstance(getattr(error.kind, "property", None), str):
            missing.add(error.kind.property)
        elif kind_name == "AdditionalProperties":
            invalid.update(str(k) for k in getattr(error.kind, "unexpected", []) or [])
        else:  # the document as a whole is wrong (its type, a rule across properties)
            return
    refs = _parts_of(ref_paths)
    if refs is None:
        return
    doc.invalid_parts = frozenset(invalid | refs)
    doc.missing_parts = frozenset(missing)
    doc.invalid_items = {
        prop: frozenset(indices)
        for prop, indices in items.items()
        if prop not in whole and prop not in refs and isinstance(doc.data.get(prop), list)
    }
    # a short list with other errors inside it is simply invalid
    doc.short_parts = frozenset(short - doc.invalid_parts)


def _parts_of(paths: Iterable[Any]) -> frozenset[str] | None:
    """The top-level properties holding ``paths`` (``None`` if one is the root)."""
    parts: set[str] = set()
    for path in paths:
        if not path:
            return None
        parts.add(str(path[0]))
    return frozenset(parts)


def _unknown_kind(kind: str, ruleset: str | None, name: str, store: SchemaStore) -> Finding:
    """Why ``kind`` has no schema here: another ruleset's kind (``QC103``), a loose file
    whose ruleset cannot be told (no ``$schema``), or a kind nobody defines (``QC012``)."""
    if ruleset is not None and not _installed(ruleset):
        return codes.UNKNOWN_KIND.finding(
            f"unknown kind {kind!r}: ruleset {ruleset!r} is not installed",
            file=name,
            path=("kind",),
            hint='install the ruleset, or correct the pack\'s "ruleset" or the "$schema" URL',
        )
    others = [r for r in store.rulesets_with_kind(kind) if r != ruleset]
    if ruleset is not None and others:
        return codes.OTHER_RULESET_KIND.finding(
            f"kind {kind!r} belongs to ruleset {' / '.join(map(repr, others))}, but this "
            f"document's ruleset is {ruleset!r}",
            file=name,
            path=("kind",),
            hint="move the file to a pack of that ruleset",
        )
    if ruleset is None and others:
        ids = [e.id for e in (store.for_kind(kind, r) for r in others) if e is not None]
        return codes.UNKNOWN_KIND.finding(
            f"cannot tell the ruleset of kind {kind!r}: the file is in no pack and has no "
            '"$schema" naming one',
            file=name,
            path=("kind",),
            hint=" or ".join(f'"$schema": "{i}"' for i in ids) or "put it in a pack",
        )
    known = store.kinds(ruleset)
    guess = close_match(kind, known)
    return codes.UNKNOWN_KIND.finding(
        f"unknown kind {kind!r}" + (f" for ruleset {ruleset!r}" if ruleset else ""),
        file=name,
        path=("kind",),
        hint=f"did you mean {guess!r}?" if guess else "known kinds: " + ", ".join(known),
    )


def _installed(ruleset: str) -> bool:
    try:
        from questforge.engine import rulesets

        return rulesets.find(ruleset) is not None
    except Exception:  # a broken plug-in: say what is known
        return True


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


def _may_hold_ref(doc: LoadedDocument) -> bool:
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
