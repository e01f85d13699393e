"""SARIF 2.1.0, as GitHub code scanning accepts it (``github/codeql-action/upload-sarif``).

One run; ``tool.driver.rules`` lists every registered code (id, name, short and full
description, default level) so the code-scanning UI can show the documentation; each result
has ``ruleId``/``ruleIndex``, ``level``, ``message.text`` and a physical location whose
``artifactLocation.uri`` is relative to the working folder (``%SRCROOT%``), with a region
``startLine``/``startColumn`` (columns count Unicode code points).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from questforge import __version__
from questforge.engine.core.json_indent import dumps_indented
from questforge.validator.checks import CheckSpec, all_checks
from questforge.validator.findings import Finding

if TYPE_CHECKING:
    from questforge.validator.report import Report

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"


def _rule_name(title: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in re.findall(r"[A-Za-z0-9]+", title)) or "Rule"


def _rule(spec: CheckSpec) -> dict[str, Any]:
    level = "error" if spec.severity.value == "error" else "warning"
    return {
        "id": spec.code,
        "name": _rule_name(spec.title),
        "shortDescription": {"text": spec.title},
        "fullDescription": {"text": spec.description},
        "help": {"text": spec.description},
        "defaultConfiguration": {"level": level},
        "properties": {"ruleset": spec.ruleset},
    }


def _uri(file: str) -> tuple[str, bool]:
    """URI of ``file`` and whether it is relative to the source root."""
    if file.startswith("/"):
        return "file://" + quote(file), False
    return quote(file), True


def _result(finding: Finding, index: dict[str, int]) -> dict[str, Any]:
    text = finding.message
    if finding.path:
        text += f" (at {finding.dotted_path()})"
    if finding.hint:
        text += f". Hint: {finding.hint}"
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": "error" if finding.severity.value == "error" else "warning",
        "message": {"text": text},
    }
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    if finding.file:
        uri, relative = _uri(finding.file)
        artifact: dict[str, Any] = {"uri": uri}
        if relative:
            artifact["uriBaseId"] = "%SRCROOT%"
        physical: dict[str, Any] = {"artifactLocation": artifact}
        if finding.line is not None:
            region: dict[str, Any] = {"startLine": finding.line}
            if finding.column is not None:
                region["startColumn"] = finding.column
            physical["region"] = region
        location: dict[str, Any] = {"physicalLocation": physical}
        if finding.path:
            location["logicalLocations"] = [
                {"fullyQualifiedName": finding.dotted_path(), "kind": "member"}
            ]
        result["locations"] = [location]
    return result


def sarif_document(report: Report) -> dict[str, Any]:
    specs = list(all_checks())
    known = {s.code for s in specs}
    index = {s.code: i for i, s in enumerate(specs)}
    rules = [_rule(s) for s in specs]
    for finding in report.findings:  # codes emitted but never registered (defensive)
        if finding.code not in known:
            known.add(finding.code)
            index[finding.code] = len(rules)
            rules.append({"id": finding.code, "shortDescription": {"text": finding.code}})
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "questforge",
                        "version": __version__,
                        "informationUri": "https://questforge.dev",
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [_result(f, index) for f in report.findings],
            }
        ],
    }


def render(report: Report, **_: Any) -> str:
    return dumps_indented(sarif_document(report), 2) + "\n"  # = json.dumps(indent=2)
