"""The human format: findings grouped by file, one ``file:line:col:`` line each.

The ``file:line:col:`` prefix is what terminals and editors make clickable; the JSON path
and the hint follow on indented lines. Colour is plain ANSI (no dependency), used only when
the caller says the output is a terminal that wants it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from questforge.validator.findings import Finding, Severity

if TYPE_CHECKING:
    from questforge.validator.report import Report

_RESET = "\033[0m"
_STYLES = {
    "error": "\033[1;31m",
    "warning": "\033[1;33m",
    "file": "\033[1m",
    "dim": "\033[2m",
    "ok": "\033[1;32m",
    "code": "\033[36m",
}


#: C0/C1 control characters (newline, ESC, ...) that must never reach a terminal or a CI log
#: raw: content is untrusted, and a key such as "x\n<file>:1:1: error ..." would otherwise
#: forge a finding line, an ESC sequence would restyle or clear the terminal
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` with every control character shown as an escape (``\\n``, ``\\x1b``)."""
    return _CONTROL.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, f"\\x{ord(char):02x}")


def _style(text: str, style: str, color: bool) -> str:
    return f"{_STYLES[style]}{text}{_RESET}" if color else text


def location(finding: Finding) -> str:
    """``file:line:col`` (as much of it as is known)."""
    where = printable(finding.file or "<input>")
    if finding.line is not None:
        where += f":{finding.line}"
        if finding.column is not None:
            where += f":{finding.column}"
    return where


def format_finding(finding: Finding, *, color: bool = False) -> str:
    severity = finding.severity.value
    head = (
        f"{location(finding)}: {_style(severity, severity, color)} "
        f"{_style(finding.code, 'code', color)} {printable(finding.message)}"
    )
    lines = [head]
    if finding.path:
        lines.append(_style(f"    at {printable(finding.dotted_path())}", "dim", color))
    if finding.hint:
        lines.append(f"    hint: {printable(finding.hint)}")
    for file, path in finding.related:
        dotted = printable(Finding("", Severity.ERROR, "", path=path).dotted_path())
        lines.append(_style(f"    see {printable(file or '<input>')} {dotted}", "dim", color))
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
        header = _style(printable(file or "<input>"), "file", color)
        body = "\n".join(format_finding(f, color=color) for f in findings)
        blocks.append(f"{header}\n{body}")
    blocks.append(summary(report, color=color))
    return "\n\n".join(blocks) + "\n"
