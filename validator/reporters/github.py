"""GitHub Actions workflow commands: ``::error file=...,line=...,col=...,title=...::msg``.

Printed to stdout inside a workflow step, each line becomes an annotation on the pull
request's diff. Values are escaped as the runner expects (``%``, CR, LF everywhere;
``:`` and ``,`` in properties too), and control characters from the (untrusted)
content are shown as escapes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questforge.validator.checks import spec_of
from questforge.validator.findings import Finding
from questforge.validator.reporters.text import printable

if TYPE_CHECKING:
    from questforge.validator.report import Report


def _data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(value: str) -> str:
    return _data(value).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Finding) -> str:
    props = []
    if finding.file:
        props.append(f"file={_prop(printable(finding.file))}")
        if finding.line is not None:
            props.append(f"line={finding.line}")
            if finding.column is not None:
                props.append(f"col={finding.column}")
    try:
        title = f"{finding.code} {spec_of(finding.code).title}"
    except KeyError:
        title = finding.code
    props.append(f"title={_prop(title)}")
    message = printable(finding.message)
    if finding.path:
        message += f"\nat {printable(finding.dotted_path())}"
    if finding.hint:
        message += f"\nhint: {printable(finding.hint)}"
    return f"::{finding.severity.value} {','.join(props)}::{_data(message)}"


def render(report: Report, **_: Any) -> str:
    lines = [annotation(f) for f in report.findings]
    lines.append(
        f"questforge validate: {report.errors} error(s), {report.warnings} warning(s) in "
        f"{len(report.files)} file(s)"
    )
    return "\n".join(lines) + "\n"
