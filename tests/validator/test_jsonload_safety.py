"""Safe loading of untrusted JSON (questforge.engine.core.jsonload) and the locator."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from questforge.engine.core.jsonload import (
    JsonLoadError,
    find_duplicate_keys,
    load_json_bytes,
    load_json_file,
    load_json_text,
    locate,
    max_depth,
)


def _reason(raw: bytes, **kw: int) -> JsonLoadError:
    with pytest.raises(JsonLoadError) as info:
        load_json_bytes(raw, **kw)
    return info.value


def test_valid_file_returns_data_and_text(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text('{"a": [1, 2]}', encoding="utf-8")
    loaded = load_json_file(path)
    assert loaded.data == {"a": [1, 2]}
    assert loaded.text == '{"a": [1, 2]}'
    assert loaded.duplicates == []


def test_utf8_bom_is_tolerated() -> None:
    loaded = load_json_bytes(b'\xef\xbb\xbf{"a": "\xc3\xa9"}')
    assert loaded.data == {"a": "é"}
    assert not loaded.text.startswith("\ufeff")


def test_malformed_json_reports_line_and_column() -> None:
    error = _reason(b'{\n  "a": 1,\n  "b": \n}')
    assert error.reason == "malformed"
    assert (error.line, error.column) == (4, 1)
    assert "Expecting value" in error.message


def test_trailing_comma_is_malformed() -> None:
    assert _reason(b'{"a": 1,}').reason == "malformed"


@pytest.mark.parametrize("constant", [b"NaN", b"Infinity", b"-Infinity"])
def test_non_finite_numbers_are_refused(constant: bytes) -> None:
    error = _reason(b'{"a": ' + constant + b"}")
    assert error.reason == "malformed"
    assert "finite" in error.message


def test_huge_integer_is_a_finding_not_a_crash() -> None:
    assert _reason(b'{"a": ' + b"9" * 5000 + b"}").reason == "malformed"


@pytest.mark.parametrize("raw", [b"", b"   \n\t ", b"\xef\xbb\xbf"])
def test_empty_file(raw: bytes) -> None:
    assert _reason(raw).reason == "empty"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_are_refused_with_a_clear_message(encoding: str) -> None:
    error = _reason('{"name": "Ärger"}'.encode(encoding))
    assert error.reason == "encoding"
    assert "UTF-8" in error.message
    assert error.hint


def test_latin1_is_refused_with_the_position_of_the_bad_byte() -> None:
    error = _reason('{\n  "name": "Caf\u00e9"\n}'.encode("latin-1"))
    assert error.reason == "encoding"
    assert (error.line, error.column) == (2, 15)
    assert "0xE9" in error.message
    assert "Latin-1" in (error.hint or "")


def test_binary_file() -> None:
    error = _reason(bytes(range(256)) * 4)
    assert error.reason == "binary"


def test_too_big_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as handle:  # a sparse 50 MB file: instant to create
        handle.truncate(50 * 1024 * 1024)
    start = time.perf_counter()
    with pytest.raises(JsonLoadError) as info:
        load_json_file(path)
    assert info.value.reason == "too-big"
    assert "50.0 MiB" in info.value.message
    assert time.perf_counter() - start < 1.0


def test_size_limit_is_configurable() -> None:
    assert _reason(b'{"a": "' + b"x" * 100 + b'"}', max_bytes=50).reason == "too-big"


def test_ten_thousand_levels_are_refused_without_recursion_error() -> None:
    text = "[" * 10_000 + "]" * 10_000
    with pytest.raises(JsonLoadError) as info:
        load_json_text(text)
    assert info.value.reason == "too-deep"
    assert (info.value.line, info.value.column) == (1, 201)


def test_deep_objects_are_refused_too() -> None:
    text = '{"a":' * 300 + "1" + "}" * 300
    with pytest.raises(JsonLoadError) as info:
        load_json_text(text)
    assert info.value.reason == "too-deep"


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    text = json.dumps({"text": "[" * 500, "list": [[1], [2]] * 200})
    assert load_json_text(text).data["text"] == "[" * 500
    assert max_depth(text, 200) == (3, -1)


def test_depth_exactly_at_the_limit_is_accepted() -> None:
    text = "[" * 200 + "]" * 200
    assert load_json_text(text, max_depth_limit=200).data is not None


def test_duplicate_keys_are_reported_with_path_and_position() -> None:
    text = '{\n  "a": 1,\n  "b": {"x": 1, "x": 2},\n  "a": 3\n}'
    loaded = load_json_text(text)
    assert loaded.data == {"a": 3, "b": {"x": 2}}  # last value wins, like json
    found = sorted((d.path, d.line, d.column) for d in loaded.duplicates)
    assert found == [(("a",), 4, 3), (("b", "x"), 3, 17)]


def test_find_duplicate_keys_in_arrays() -> None:
    dups = find_duplicate_keys('[{"k": 1}, {"k": 1, "k": 2}]')
    assert [d.path for d in dups] == [(1, "k")]


# --- the locator -------------------------------------------------------------------------

DOC = """{
  "id": "x",
  "esc\\"aped": {"inner\\u00e9": [10, [20, 21], {"deep": true}]},
  "unicode": "Grüße 🐉",
  "after": [
    [1, 2],
    [3, {"z": null}]
  ]
}"""


def _at(line: int, column: int) -> str:
    return DOC.splitlines()[line - 1][column - 1 :]


@pytest.mark.parametrize(
    ("path", "starts_with"),
    [
        (("id",), '"id"'),
        (('esc"aped',), '"esc\\"aped"'),
        (('esc"aped', "inneré"), '"inner\\u00e9"'),
        (('esc"aped', "inneré", 0), "10"),
        (('esc"aped', "inneré", 1, 1), "21]"),
        (('esc"aped', "inneré", 2, "deep"), '"deep"'),
        (("after", 1, 1, "z"), '"z"'),
        (("after", 1), "[3"),
        (("unicode",), '"unicode"'),
    ],
)
def test_locate_points_at_the_key_or_element(path: tuple, starts_with: str) -> None:
    line, column = locate(DOC, path)
    assert _at(line, column).startswith(starts_with)


def test_locate_value_instead_of_key() -> None:
    line, column = locate(DOC, ("unicode",), prefer="value")
    assert _at(line, column).startswith('"Grüße')


def test_locate_columns_count_characters_after_non_ascii() -> None:
    text = '{"name": "🐉🐉", "x": 1}'
    assert locate(text, ("x",)) == (1, 16)


def test_locate_missing_path_falls_back_to_the_deepest_container() -> None:
    assert locate(DOC, ("after", 1, 1, "nope")) == (7, 9)
    assert locate(DOC, ("after", 9)) == (5, 12)
    assert locate(DOC, ()) == (1, 1)


def test_locate_uses_the_last_of_duplicate_keys() -> None:
    assert locate('{"a": 1,\n "a": 2}', ("a",)) == (2, 2)


def test_locate_on_malformed_text_does_not_raise() -> None:
    line, column = locate('{"a": [1, 2', ("a", 5))
    assert line == 1 and column >= 1
    assert locate("{oops", ("a",)) == (1, 1)


def test_locate_is_fast_on_a_large_document() -> None:
    """Worst case (the last element of a 50,000-element array) stays within a small factor
    of parsing the whole text (relative, so a busy CI machine does not make it flaky)."""
    big = json.dumps({"items": [{"n": i, "s": "x" * 20} for i in range(50_000)]})
    start = time.perf_counter()
    json.loads(big)
    parse = time.perf_counter() - start
    start = time.perf_counter()
    line, column = locate(big, ("items", 49_999, "s"))
    assert time.perf_counter() - start < 20 * parse + 0.05
    assert line == 1
    assert big[column - 1 :].startswith('"s"')
