"""The JSON format: one document holding every finding (stable keys, for scripts)."""

from __future__ import annotations

from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any

from questforge.engine.core.json_indent import dumps_indented
from questforge.validator.checks import spec_of
from questforge.validator.findings import Finding

if TYPE_CHECKING:
    from questforge.validator.report import Report

FORMAT_VERSION = 1


def finding_dict(finding: Finding) -> dict[str, Any]:
    try:
        title: str | None = spec_of(finding.code).title
    except KeyError:
        title = None
    return {
        "code": finding.code,
        "severity": finding.severity.value,
        "title": title,
        "message": finding.message,
        "file": finding.file,
        "line": finding.line,
        "column": finding.column,
        "path": list(finding.path),
        "pointer": finding.json_pointer(),
        "hint": finding.hint,
        "related": [{"file": f, "path": list(p)} for f, p in finding.related],
    }


def render(report: Report, **_: Any) -> str:
    """The report as ``json.dumps(document, indent=2, ensure_ascii=False)`` writes it.

    The findings (tens of thousands for a large pack with many problems) are written by
    :func:`_finding_text`, which knows their fixed shape, instead of going through the
    general writer value by value: the same bytes (a test compares them with
    ``json.dumps``) at about a third of the cost.
    """
    document = {
        "format": "questforge-validate",
        "version": FORMAT_VERSION,
        "summary": {
            "files": len(report.files),
            "errors": report.errors,
            "warnings": report.warnings,
        },
        "files": report.files,
        "findings": [],
    }
    # = json.dumps(..., indent=2, ensure_ascii=False); "findings" is the last member
    text = dumps_indented(document, 2)
    if not report.findings:
        return text + "\n"
    assert text.endswith(_EMPTY_TAIL)
    titles: dict[str, str | None] = {}
    items = ",\n    ".join([_finding_text(f, titles) for f in report.findings])
    return text[: -len(_EMPTY_TAIL)] + '"findings": [\n    ' + items + "\n  ]\n}\n"


_EMPTY_TAIL = '"findings": []\n}'
#: a finding's members sit at depth 3 of the report (report, findings list, finding)
_PAD = "\n      "


def _scalar(value: Any) -> str | None:
    """The JSON text of a string, ``None`` or integer member; ``None`` for anything else."""
    if type(value) is str:
        return encode_basestring(value)
    if value is None:
        return "null"
    if type(value) is int:
        return int.__repr__(value)
    return None


def _path_text(path: Any, pad: str) -> str | None:
    """``path`` (strings and integers) as an indented JSON array whose closing bracket
    sits at ``pad``; ``None`` if an element is of another type."""
    if not path:
        return "[]"
    parts = [_scalar(p) for p in path]
    if any(p is None for p in parts):
        return None
    inner = pad + "  "
    return "[" + inner + ("," + inner).join(parts) + pad + "]"  # type: ignore[arg-type]


def _finding_text(finding: Finding, titles: dict[str, str | None]) -> str:
    """The finding as a member of the report's ``findings`` list, byte for byte what the
    general writer gives for :func:`finding_dict`; a value of an unexpected type falls
    back to that writer."""
    code = finding.code
    if code not in titles:
        try:
            titles[code] = spec_of(code).title
        except KeyError:
            titles[code] = None
    values = (
        _scalar(code),
        _scalar(finding.severity.value),
        _scalar(titles[code]),
        _scalar(finding.message),
        _scalar(finding.file),
        _scalar(finding.line),
        _scalar(finding.column),
        _path_text(finding.path, _PAD),
        _scalar(finding.json_pointer()),
        _scalar(finding.hint),
        _related_text(finding.related),
    )
    if any(v is None for v in values):
        return _general(finding)
    out = "{"
    for key, value in zip(_KEYS, values, strict=True):
        out += key + value  # type: ignore[operator]
    return out + "\n    }"


_KEYS = tuple(
    f'{"," if i else ""}{_PAD}"{name}": '
    for i, name in enumerate(
        (
            "code",
            "severity",
            "title",
            "message",
            "file",
            "line",
            "column",
            "path",
            "pointer",
            "hint",
            "related",
        )
    )
)


def _related_text(related: Any) -> str | None:
    if not related:
        return "[]"
    pad = _PAD + "  "  # a related entry's braces
    entries = []
    for file, path in related:
        file_text = _scalar(file)
        path_text = _path_text(path, pad + "  ")
        if file_text is None or path_text is None:
            return None
        entries.append(
            "{" + pad + '  "file": ' + file_text + "," + pad + '  "path": ' + path_text + pad + "}"
        )
    return "[" + pad + ("," + pad).join(entries) + _PAD + "]"


def _general(finding: Finding) -> str:
    """The general writer's text of the finding at its place in the report."""
    return dumps_indented(finding_dict(finding), 2).replace("\n", "\n    ")
