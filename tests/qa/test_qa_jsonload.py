"""QA regressions for the safe JSON loader: bad numbers get a position and a plain message.

Each test failed before its fix (see the QA report): ``NaN``/``Infinity`` and huge integers
were reported at 1:1 (or with Python's own advice about an interpreter setting), and a
literal such as ``1e999`` was silently read as infinity, which the schema stage then
misreported as ``null is not of type "string"``; a named pipe in a pack hung validation.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from questforge.engine.core.jsonload import JsonLoadError, load_json_file, load_json_text


def test_nan_is_refused_at_its_line_and_column() -> None:
    text = '{"a": "NaN in a string is fine",\n "b": [1, NaN]}'
    with pytest.raises(JsonLoadError) as info:
        load_json_text(text)
    assert info.value.reason == "malformed"
    assert "NaN" in info.value.message
    assert (info.value.line, info.value.column) == (2, 11)


def test_negative_infinity_is_located() -> None:
    with pytest.raises(JsonLoadError) as info:
        load_json_text('{"x": -Infinity}')
    assert (info.value.line, info.value.column) == (1, 7)


def test_out_of_range_float_is_malformed_not_infinity() -> None:
    with pytest.raises(JsonLoadError) as info:
        load_json_text('{"id": "1e999",\n  "hp": 1e999}')
    assert info.value.reason == "malformed"
    assert "1e999" in info.value.message and "too large" in info.value.message
    assert (info.value.line, info.value.column) == (2, 9)


def test_huge_integer_gets_a_plain_message_and_position() -> None:
    digits = "7" * 5000
    text = '{"pad": "' + "1" * 5000 + '", "n": ' + digits + "}"
    with pytest.raises(JsonLoadError) as info:
        load_json_text(text)
    assert "set_int_max_str_digits" not in info.value.message
    assert "5000 digits" in info.value.message
    # the digits inside the string are not mistaken for the number
    assert info.value.column == text.index(digits) + 1


def test_ordinary_numbers_still_load() -> None:
    assert load_json_text('{"a": 1.5, "b": -2, "c": 1e3}').data == {"a": 1.5, "b": -2, "c": 1000.0}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipe_in_a_pack_is_refused_without_waiting(tmp_path: Path) -> None:
    """A FIFO named ``*.json`` inside a pack used to block validation forever."""
    fifo = tmp_path / "trap.json"
    os.mkfifo(fifo)
    with pytest.raises(JsonLoadError) as info:
        load_json_file(fifo)  # returns at once: no writer is ever waited for
    assert info.value.reason == "io"
    assert "not a regular file" in info.value.message


def test_directory_is_still_reported_as_a_directory(tmp_path: Path) -> None:
    with pytest.raises(JsonLoadError) as info:
        load_json_file(tmp_path)
    assert info.value.message == "is a directory, not a file"
