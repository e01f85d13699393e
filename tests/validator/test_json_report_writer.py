"""``--format json`` writes its findings with a writer that knows their shape: the bytes
must stay exactly those of ``json.dumps(document, indent=2, ensure_ascii=False)``, which
scripts (and the benchmark's before/after comparison) rely on."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from questforge.validator.findings import Finding, Severity
from questforge.validator.report import Report
from questforge.validator.reporters import render
from questforge.validator.reporters.json_report import FORMAT_VERSION, finding_dict

texts = st.text(max_size=12)  # any code points: quotes, backslashes, controls, non-ASCII
parts = st.one_of(texts, st.integers(min_value=-5, max_value=10**12))
paths = st.lists(parts, max_size=4).map(tuple)
maybe_int = st.one_of(st.none(), st.integers(min_value=0, max_value=10**6))
findings = st.builds(
    Finding,
    code=st.sampled_from(["QGH201", "QGH210", "QC100", "NOT-A-CODE"]),
    severity=st.sampled_from(list(Severity)),
    message=texts,
    file=st.one_of(st.none(), texts),
    path=paths,
    hint=st.one_of(st.none(), texts),
    line=maybe_int,
    column=maybe_int,
    related=st.lists(st.tuples(st.one_of(st.none(), texts), paths), max_size=3),
)


def expected(report: Report) -> str:
    document: dict[str, Any] = {
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
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


@settings(max_examples=300, deadline=None)
@given(st.lists(findings, max_size=5), st.lists(texts, max_size=3))
def test_the_report_is_what_json_dumps_writes(found: list[Finding], files: list[str]) -> None:
    report = Report(findings=found, files=files)
    assert render("json", report) == expected(report)


def test_a_value_of_another_type_takes_the_general_writer() -> None:
    # a path part or a line that is no int or string (a plug-in check's mistake) still
    # comes out as json.dumps writes it, next to findings written the fast way
    odd = Finding("QGH201", Severity.ERROR, "m", file="a.json", path=("x", 1.5), line=True)  # type: ignore[arg-type]
    plain = Finding("QGH201", Severity.WARNING, "n", file="b.json", path=("y", 0), line=3)
    report = Report(findings=[plain, odd, plain], files=["a.json", "b.json"])
    out = render("json", report)
    assert out == expected(report)
    assert json.loads(out)["findings"][1]["path"] == ["x", 1.5]
