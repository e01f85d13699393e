"""Finding codes emitted by the validation infrastructure (files, JSON, schemas, packs).

``QC0xx`` codes come from loading and schema validation, ``QC1xx`` from the core semantic
checks in :mod:`questforge.validator.core_checks` (pack-level rules that hold for every
ruleset), ``QC9xx`` from the runner itself. Each is declared in the check registry so that
``questforge validate --list-checks`` documents it.
"""

from __future__ import annotations

from typing import Any

from questforge.engine.core.jsonload import DEFAULT_MAX_DEPTH, surrogate_path
from questforge.validator.checks import CORE, CheckSpec, declare
from questforge.validator.findings import Finding, Severity

E, W = Severity.ERROR, Severity.WARNING


def _d(code: str, severity: Severity, title: str, description: str) -> CheckSpec:
    return declare(code, ruleset=CORE, severity=severity, title=title, description=description)


IO_ERROR = _d(
    "QC001",
    E,
    "File cannot be read",
    "The file exists but cannot be read (permissions, a folder where a file was expected, "
    "a named pipe, socket or device), or a folder of the pack cannot be listed (its "
    "content files could not be checked).",
)
TOO_BIG = _d(
    "QC002",
    E,
    "File too large",
    "Content files are limited to 10 MiB; a larger file is refused without being read.",
)
TOO_DEEP = _d(
    "QC003",
    E,
    "JSON nested too deeply",
    "Nesting is limited to 200 levels; deeper files are refused before parsing.",
)
ENCODING = _d(
    "QC004",
    E,
    "Not UTF-8",
    "Content files must be UTF-8 (a byte-order mark is tolerated); UTF-16, UTF-32 and "
    "Latin-1 files are refused with the position of the first bad byte.",
)
BINARY = _d(
    "QC005",
    E,
    "Binary file",
    "The file contains NUL bytes: it is not JSON text.",
)
EMPTY = _d("QC006", E, "Empty file", "The file holds no JSON value (empty or only whitespace).")
MALFORMED = _d(
    "QC007",
    E,
    "Malformed JSON",
    "The text is not valid JSON (reported with line and column). NaN and Infinity are "
    "refused: JSON has only finite numbers.",
)
DUPLICATE_KEY = _d(
    "QC008",
    E,
    "Duplicate key",
    "An object uses the same key twice; JSON readers disagree on which value wins.",
)
LONE_SURROGATE = _d(
    "QC009",
    E,
    "Lone surrogate escape",
    'A string holds half of a UTF-16 surrogate pair (e.g. "\\ud800" with no low half '
    "after it). JSON's grammar allows the escape, but the string cannot be written as "
    "UTF-8, so the editor could not save the file and reports could not show it; it is "
    "refused at load with the position of the escape. Write the character itself or a "
    "complete pair.",
)
SCHEMA = _d(
    "QC010",
    E,
    "Schema violation",
    "The document does not match the JSON Schema of its kind; every violation is reported "
    "with its JSON path.",
)
NOT_OBJECT = _d(
    "QC011",
    E,
    "Not a content object",
    'A content file must be a JSON object with "kind" and "id".',
)
UNKNOWN_KIND = _d(
    "QC012",
    E,
    "Unknown kind",
    'The "kind" is missing or names no schema of the document\'s ruleset or the common '
    "schemas. A document's ruleset is its pack's (pack.json's \"ruleset\"); a file in no "
    'pack names it with its "$schema" URL (…/schema/<ruleset>/<kind>.schema.json).',
)
OTHER_RULESET_KIND = _d(
    "QC103",
    E,
    "Kind of another ruleset",
    "The document's kind belongs to a different ruleset than its pack's manifest declares "
    "(kinds are per ruleset: two rulesets may both have a kind of the same name).",
)
SCHEMA_MISMATCH = _d(
    "QC013",
    W,
    "$schema does not match kind",
    'The "$schema" URL is not the $id of the schema for the document\'s kind; editors '
    "that follow it would check the file against the wrong schema. It is never fetched.",
)
CONTENT_REF = _d(
    "QC014",
    E,
    "$ref in content",
    'Content files are data: a "$ref" key in one is never followed (it would point outside '
    "the pack or to the network) and is refused.",
)
SCHEMA_BUILD = _d(
    "QC015",
    E,
    "Schema cannot be compiled",
    "A shipped schema could not be compiled, e.g. its $ref names a URL that is not a "
    "shipped schema (nothing is fetched from the network). This is a bug in questforge "
    "or a plug-in.",
)
SYMLINK = _d(
    "QC020",
    E,
    "Symbolic link in pack",
    "Packs may not contain symbolic links; they are never followed, since they could "
    "point outside the pack.",
)
OUTSIDE = _d(
    "QC021",
    E,
    "Path outside the pack",
    "A file resolves to a location outside the pack folder and is refused.",
)
REQUIRES_LOCATION = _d(
    "QC022",
    E,
    "requires names a path or URL",
    "A pack requires other packs by id only; a path or URL in requires is refused and "
    "never followed.",
)
REQUIRES_MISSING = _d(
    "QC023",
    E,
    "Required pack not found",
    "A required pack id was not found next to the pack or on the search path (--pack-path).",
)
REQUIRES_VERSION = _d(
    "QC024",
    W,
    "Required pack version not available",
    "The required pack exists but not in a version satisfying the requirement.",
)
REQUIRES_SELF = _d("QC025", E, "Pack requires itself", "A pack lists its own id in requires.")
INTERNAL = _d(
    "QC900",
    E,
    "Internal error in a check",
    "A semantic check raised an exception; this is a bug in questforge. The other checks "
    "still ran.",
)


def unvalidatable(exc: ValueError, name: str, data: Any) -> Finding:
    """The finding for data the schema validator refused to look at (it raised).

    Two causes: a string holding a lone surrogate (jsonschema-rs cannot convert it to a
    Rust string, so any message quoting it fails: ``QC009`` at that string, never the
    misleading "nested too deeply"), or data nested deeper than it can walk (files are
    refused before that by the loader's depth limit; in-memory documents, the editor's,
    are caught here: ``QC003``).
    """
    where = (
        surrogate_path(data) if isinstance(exc, UnicodeError) or "surrogate" in str(exc) else None
    )
    if where is not None:
        return LONE_SURROGATE.finding(
            "string holds half of a UTF-16 surrogate pair without its other half; it cannot "
            "be stored as UTF-8",
            file=name,
            path=where,
            hint="write the character itself, or a complete surrogate pair",
        )
    return TOO_DEEP.finding(
        f"content nested too deeply to validate ({exc})",
        file=name,
        hint=f"nesting is limited to {DEFAULT_MAX_DEPTH} levels",
    )
