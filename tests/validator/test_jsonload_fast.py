"""The loader's native fast path (orjson) gives exactly what the standard decoder with the
duplicate-key hook gives: the same value, the same duplicates, the same refusals - it is
only taken where that is provable, and everything else goes to the decoder."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questforge.engine.core import jsonload
from questforge.engine.core.jsonload import JsonLoadError, load_json_bytes


def _reference(raw: bytes) -> tuple[str, Any]:
    """What the loader gives (or refuses) with the fast path switched off."""
    saved = jsonload._orjson
    jsonload._orjson = None  # type: ignore[assignment]
    try:
        return _outcome(raw)
    finally:
        jsonload._orjson = saved


def _outcome(raw: bytes) -> tuple[str, Any]:
    try:
        loaded = load_json_bytes(raw)
    except JsonLoadError as exc:
        return "refused", (exc.reason, exc.message, exc.line, exc.column)
    # repr tells 1 from 1.0 and -0.0 from 0.0, which == does not
    return "loaded", (repr(loaded.data), [(d.path, d.line, d.column) for d in loaded.duplicates])


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": 2}',  # a repeated key: the decoder reports it
        '{"a": {"b": 1, "b": 1}}',
        '{"a": "x:y", "a": "z"}',  # a colon in the dropped member's string
        '{"n": 18446744073709551616}',  # beyond 64 bits: orjson would give a float
        '{"n": -9223372036854775809}',
        '{"n": 123456789012345678901234567890}',
        '{"n": 9223372036854775807, "m": 1e16, "f": -0.0, "z": -0}',
        '{"s": "\\u003a", "s": 1}',  # an escaped colon: the count would not see it
        '{"s": "\\ud800"}',  # a lone surrogate: QC009
        '{"s": "\\ud83d\\ude00"}',
        '{"x": NaN}',
        '{"x": 1e999}',
        '{"x": [1, 2,]}',
        '{"a": 1} x',
        '{"a" : 1, "b" :2}',
        '{"t": "tab\\there", "e": "caf\u00e9"}',
        "[" * 150 + "]" * 150,
        "[" * 201 + "]" * 201,  # too deep: refused before any parser runs
    ],
)
def test_fast_path_agrees_with_the_decoder(text: str) -> None:
    raw = text.encode("utf-8")
    assert _outcome(raw) == _reference(raw)


def test_the_fast_path_is_taken_for_an_ordinary_file() -> None:
    raw = b'{"kind": "scenario", "id": "a-b", "tiles": [{"x": 1.5, "y": -2}], "ok": true}'
    assert jsonload._fast_parse(raw) == json.loads(raw)
    assert jsonload._fast_parse(b'{"a": 1, "a": 2}') is jsonload._NOT_PARSED
    assert jsonload._fast_parse(b'{"n": 1234567890123456789}') is jsonload._NOT_PARSED


_keys = st.sampled_from(["a", "b", "c", "k:", "\u00e9", "x y"])
_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from('ab:"\\\u00e9\n{}[],'), max_size=6)
)


def _members(children: Any) -> Any:
    # lists of pairs, not dicts: keys may repeat
    return st.lists(st.tuples(_keys, children), max_size=4)


_values = st.recursive(
    _scalars, lambda children: st.lists(children, max_size=4) | _members(children), max_leaves=12
)


def _dump(value: Any, spaced: bool) -> str:
    """JSON text of ``value``, where a list of (key, value) pairs is an object."""
    colon = " : " if spaced else ":"
    if isinstance(value, list) and value and all(isinstance(v, tuple) for v in value):
        inner = ",".join(json.dumps(k) + colon + _dump(v, spaced) for k, v in value)
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + ",".join(_dump(v, spaced) for v in value) + "]"
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


@settings(max_examples=300, deadline=None)
@given(_values, st.booleans())
def test_fast_path_agrees_on_generated_documents(value: Any, spaced: bool) -> None:
    raw = _dump(value, spaced).encode("utf-8")
    assert _outcome(raw) == _reference(raw)
