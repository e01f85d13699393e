"""The JSON format: one document holding every finding (stable keys, for scripts)."""

from __future__ import annotations

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
    document = {
        "format": "questforge-validate",
        "version": FORMAT_VERSION,
        "summary": {
            "files": len(report.files),
            "errors": report.errors,
            "warnings": report.warnings,
        },
        "files": report.files,
        "findings": [finding_dict(f) for f in report.findings],
    }
    return dumps_indented(document, 2) + "\n"  # = json.dumps(..., indent=2, ensure_ascii=False)
