"""The human format: findings grouped by file, one ``file:line:col:`` line each.

The ``file:line:col:`` prefix is what terminals and editors make clickable; the JSON path
and the hint follow on indented lines. Colour is plain ANSI (no dependency), used only when
the caller says the output is a terminal that wants it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questforge.validator.findings import Finding, Severity

if TYPE_CHECKING:
    from questforge.validator.runner import Report

_RESET = "\033[0m"
_STYLES = {
    "error": "\033[1;31m",
    "warning": "\033[1;33m",
    "file": "\033[1m",
    "dim": "\033[2m",
    "ok": "\033[1;32m",
    "code": "\033[36m",
}


def _style(text: str, style: str, color: bool) -> str:
    return f"{_STYLES[style]}{text}{_RESET}" if color else text


def location(finding: Finding) -> str:
    """``file:line:col`` (as much of it as is known)."""
    where = finding.file or "<input>"
    if finding.line is not None:
        where += f":{finding.line}"
        if finding.column is not None:
            where += f":{finding.column}"
    return where


def format_finding(finding: Finding, *, color: bool = False) -> str:
    severity = finding.severity.value
    head = (
        f"{location(finding)}: {_style(severity, severity, color)} "
        f"{_style(finding.code, 'code', color)} {finding.message}"
    )
    lines = [head]
    if finding.path:
        lines.append(_style(f"    at {finding.dotted_path()}", "dim", color))
    if finding.hint:
        lines.append(f"    hint: {finding.hint}")
    for file, path in finding.related:
        dotted = Finding("", Severity.ERROR, "", path=path).dotted_path()
        lines.append(_style(f"    see {file or '<input>'} {dotted}", "dim", color))
    return "\n".join(lines)


def summary(report: Report, *, color: bool = False) -> str:
    files = len(report.files)
    with_findings = len({f.file for f in report.findings})
    if not report.findings:
        noun = "file" if files == 1 else "files"
        return _style(f"{files} {noun} checked: no problems found", "ok", color)
    parts = []
    if report.errors:
        parts.append(_style(f"{report.errors} error{'s' * (report.errors != 1)}", "error", color))
    if report.warnings:
        parts.append(
            _style(f"{report.warnings} warning{'s' * (report.warnings != 1)}", "warning", color)
        )
    return f"{', '.join(parts)} in {with_findings} of {files} file{'s' * (files != 1)}"


def render(report: Report, *, color: bool = False) -> str:
    blocks: list[str] = []
    for file, findings in report.by_file().items():
        header = _style(file or "<input>", "file", color)
        body = "\n".join(format_finding(f, color=color) for f in findings)
        blocks.append(f"{header}\n{body}")
    blocks.append(summary(report, color=color))
    return "\n\n".join(blocks) + "\n"
