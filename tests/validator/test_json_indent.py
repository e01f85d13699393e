"""The fast indented JSON writer gives exactly ``json.dumps(..., indent=N, ensure_ascii=False)``:
``questforge validate --format json`` (and SARIF) reports must not change by a byte."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from questforge.engine.core.json_indent import dumps_indented

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
)
keys = st.text() | st.integers() | st.booleans() | st.none() | st.floats()
documents = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(keys, inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(documents, st.sampled_from([1, 2, 4]))
def test_same_text_as_json_dumps(value: Any, indent: int) -> None:
    assert dumps_indented(value, indent) == json.dumps(value, indent=indent, ensure_ascii=False)


def test_a_report_like_document_and_unusual_values() -> None:
    finding = {
        "code": "QGH101",
        "message": 'naïve "quoted" \u2028 line\nbreak \x00',
        "line": 3,
        "path": ["placements", 0, "hex"],
        "related": [],
        "extra": {},
    }
    doc = {"format": "questforge-validate", "findings": [finding] * 3, "ratio": 0.1, "n": None}
    assert dumps_indented(doc) == json.dumps(doc, indent=2, ensure_ascii=False)


def test_values_only_json_dumps_knows_go_through_it() -> None:
    class Other:
        pass

    # the standard encoder's own error, not a new one
    for value in ({(1, 2): 1}, [Other()]):
        try:
            json.dumps(value, indent=2, ensure_ascii=False)
        except TypeError as expected:
            try:
                dumps_indented(value)
            except TypeError as got:
                assert str(got) == str(expected)
            else:
                raise AssertionError("no error")
