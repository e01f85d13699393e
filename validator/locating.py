"""Line and column of JSON paths in a document's text, for many findings at once.

:func:`questforge.engine.core.jsonload.locate` walks from the start of the text for every
path it is asked about, re-parsing every value it skips; a document with many findings (a
scenario whose twenty references do not resolve) paid that walk twenty times.
:class:`Locator` gives the same answers but remembers, per document, where every object
member and array element it has passed starts, so each part of the text is scanned about
once however many findings the document has.
"""

from __future__ import annotations

import json
import re

from questforge.validator.findings import JsonPath

_WS = re.compile(r"[ \t\n\r]*")
_SEPARATOR = re.compile(r"[ \t\n\r]*,?[ \t\n\r]*")
_COLON = re.compile(r"[ \t\n\r]*:[ \t\n\r]*")
_DECODER = json.JSONDecoder()
#: the decoder's C scanner, called directly: ``(value, end)`` of the value at an offset
#: (``raw_decode`` adds a Python frame per skipped value; the scanner raises
#: ``StopIteration`` where no value starts)
_SCAN = _DECODER.scan_once  # type: ignore[attr-defined]
_scanstring = json.decoder.scanstring  # type: ignore[attr-defined]


class Locator:
    """Finds JSON paths in one (valid) JSON text; answers equal
    :func:`questforge.engine.core.jsonload.locate`'s, including its fallbacks (the deepest
    container reached for a path that does not exist, ``(1, 1)`` for text that is not
    JSON)."""

    def __init__(self, text: str, *, unique_keys: bool = False) -> None:
        self.text = text
        #: no object of the text repeats a key (the loader knows): an object's members are
        #: then scanned only up to the key asked for, not to the end
        self.unique_keys = unique_keys
        start = _WS.match(text, 1 if text.startswith("\ufeff") else 0)
        self._values: dict[JsonPath, int] = {(): start.end() if start else 0}
        #: object start -> key -> (key start, value start); the last of duplicate keys wins
        self._members: dict[int, dict[str, tuple[int, int]]] = {}
        #: object start -> where its scan stopped (absent: scanned to the end)
        self._resume: dict[int, int] = {}
        #: array start -> element starts found so far, and whether the array is exhausted
        self._elements: dict[int, tuple[list[int], bool]] = {}
        #: (offset, its 1-based line) of the last answer
        self._last_line = (0, 1)

    def locate(self, path: JsonPath, *, prefer: str = "key") -> tuple[int, int]:
        """1-based ``(line, column)`` of the value (or key) at ``path``."""
        try:
            index = self.index(path, prefer=prefer)
        except (ValueError, IndexError, AssertionError, StopIteration):
            return 1, 1
        # the line is counted on from the previous answer when this one lies further on
        # (findings mostly come in document order): a file with many findings is counted
        # through about once, not from its start for each (the same answer as
        # :func:`~questforge.engine.core.jsonload.position`)
        text = self.text
        before, line = self._last_line
        if index >= before:
            line += text.count("\n", before, index)
        else:
            line = text.count("\n", 0, index) + 1
        self._last_line = (index, line)
        return line, index - text.rfind("\n", 0, index)

    def index(self, path: JsonPath, *, prefer: str = "key") -> int:
        """Character offset of the value at ``path`` (or of its key, ``prefer="key"``)."""
        # the longest proper prefix already found (the last part is always looked up: its
        # key or its value may be wanted)
        known = max(len(path) - 1, 0)
        while known and path[:known] not in self._values:
            known -= 1
        index = self._values[path[:known]]
        text = self.text
        for depth in range(known, len(path)):
            part = path[depth]
            char = text[index : index + 1]
            if char == "{" and isinstance(part, str):
                found = self._member(index, part)
                if found is None:
                    return index
                if depth == len(path) - 1 and prefer == "key":
                    return found[0]
                index = found[1]
            elif char == "[" and isinstance(part, int):
                if part < 0:
                    return index
                starts = self._array(index, part)
                if part >= len(starts):
                    return index
                index = starts[part]
            else:
                return index
            self._values[path[: depth + 1]] = index
        return index

    def _member(self, index: int, key: str) -> tuple[int, int] | None:
        """(key start, value start) of member ``key`` of the object at ``index``."""
        members = self._members.get(index)
        if members is None:
            members = self._members[index] = {}
            self._resume[index] = _skip_ws(self.text, index + 1)
        elif key in members and (self.unique_keys or index not in self._resume):
            return members[key]
        if index not in self._resume:
            return members.get(key)
        text = self.text
        decode = _SCAN
        separator = _SEPARATOR.match
        i = self._resume.pop(index)
        while i < len(text) and text[i] != "}":
            key_start = i
            name, i = _scanstring(text, i + 1)
            colon = _COLON.match(text, i)
            if colon is not None:
                i = colon.end()
            else:  # not JSON here: step over whatever stands where the ':' should
                i = _skip_ws(text, _skip_ws(text, i) + 1)
            members[name] = (key_start, i)
            # whitespace, the comma if any, whitespace: one match instead of three
            i = separator(text, decode(text, i)[1]).end()  # type: ignore[union-attr]
            if name == key and self.unique_keys:
                self._resume[index] = i
                break
        return members.get(key)

    def _array(self, index: int, wanted: int) -> list[int]:
        """Starts of the array's elements, scanned at least up to element ``wanted``."""
        starts, done = self._elements.get(index, ([], False))
        if done or len(starts) > wanted:
            return starts
        text = self.text
        end = len(text)
        decode = _SCAN
        separator = _SEPARATOR.match
        if starts:
            i = separator(text, decode(text, starts[-1])[1]).end()  # type: ignore[union-attr]
        else:
            i = _skip_ws(text, index + 1)
        while len(starts) <= wanted:
            if i >= end or text[i] == "]":
                done = True
                break
            starts.append(i)
            i = separator(text, decode(text, i)[1]).end()  # type: ignore[union-attr]
        self._elements[index] = (starts, done)
        return starts


def _skip_ws(text: str, index: int) -> int:
    match = _WS.match(text, index)
    assert match is not None
    return match.end()
