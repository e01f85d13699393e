"""JUnit XML: a ``<testsuite>`` per file with one ``<testcase>``, a ``<failure>`` per error.

CI systems that show test results (GitLab, Jenkins, Azure) then list each content file as a
passing or failing test. Warnings go to the test case's ``<system-out>`` so they are
visible without failing it. Built with ``xml.etree`` so the output is always well-formed.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any

from questforge.validator.findings import Finding, Severity
from questforge.validator.reporters.text import format_finding, location

if TYPE_CHECKING:
    from questforge.validator.report import Report

_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _clean(text: str) -> str:
    return _INVALID_XML.sub("?", text)


def render(report: Report, **_: Any) -> str:
    by_file = report.by_file()
    files = list(report.files)
    files.extend(f for f in by_file if f is not None and f not in report.files)
    if None in by_file:
        files.append("<input>")
    root = ET.Element(
        "testsuites",
        name="questforge validate",
        tests=str(len(files)),
        failures=str(sum(1 for f in files if _errors(by_file, f))),
        errors="0",
    )
    for file in files:
        findings = by_file.get(None if file == "<input>" else file, [])
        errors = [f for f in findings if f.severity is Severity.ERROR]
        suite = ET.SubElement(
            root,
            "testsuite",
            name=_clean(file),
            tests="1",
            failures=str(1 if errors else 0),
            errors="0",
            skipped="0",
        )
        case = ET.SubElement(suite, "testcase", classname="questforge.validate", name=_clean(file))
        for finding in errors:
            failure = ET.SubElement(
                case,
                "failure",
                type=finding.code,
                message=_clean(f"{location(finding)}: {finding.code} {finding.message}"),
            )
            failure.text = _clean(format_finding(finding))
        warnings = [f for f in findings if f.severity is Severity.WARNING]
        if warnings:
            out = ET.SubElement(case, "system-out")
            out.text = _clean("\n".join(format_finding(f) for f in warnings))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _errors(by_file: dict[str | None, list[Finding]], file: str) -> bool:
    key = None if file == "<input>" else file
    return any(f.severity is Severity.ERROR for f in by_file.get(key, []))
