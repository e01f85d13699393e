"""Safe JSON loading for untrusted files, and mapping JSON paths back to text positions.

Content packs are untrusted data: a file may be huge, nested 10,000 levels deep, encoded in
UTF-16, binary, empty or malformed, or use the same key twice. :func:`load_json_file` and
:func:`load_json_bytes` refuse each of those with a :class:`JsonLoadError` that says what is
wrong and where (line and column), instead of a ``RecursionError``, a ``MemoryError`` or a
silently-wrong value:

- file type: named pipes, sockets and devices are refused without waiting on them;
- size: a file above ``max_bytes`` (default 10 MiB) is refused from its ``stat`` size, before
  it is read; at most ``max_bytes + 1`` bytes are ever read;
- depth: nesting is measured by a non-recursive scan *before* ``json.loads`` runs (Python's
  decoder recurses per level), so a 10,000-deep file costs a linear scan, not a crash;
- encoding: UTF-8 only (a UTF-8 byte-order mark is tolerated); UTF-16/32 and Latin-1 get a
  clear message naming the encoding problem; NUL bytes mean a binary file;
- ``NaN``/``Infinity`` (which Python accepts but JSON does not) are malformed JSON;
- lone surrogate escapes (``"\\ud800"`` without its partner): JSON's grammar allows them,
  but no UTF-8 file, terminal or HTML page can hold the resulting string, so every later
  step (saving in the editor, writing a report) would fail; they are refused here with
  the position of the escape (the validator reports them as their own code, QC009);
- duplicate keys are reported with their paths (the parsed data keeps the last value, as
  ``json`` does, so the caller may continue).

:func:`locate` maps a JSON path (object keys and array indices) to the 1-based line and
column of that value or key in the text. It walks only the containers on the path and skips
everything else with the C decoder, so it is exact (escapes, unicode) and fast; callers use
it lazily, only for files that have findings.

This module is engine core: it imports nothing from the validator, click or rich.
"""

from __future__ import annotations

import json
import os
import re
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from questforge.engine.core.errors import ContentError

try:  # a dependency; without it every file takes the standard decoder (same results)
    import orjson as _orjson
except ImportError:  # pragma: no cover - installed with questforge
    _orjson = None  # type: ignore[assignment]

#: default refusal limits
DEFAULT_MAX_BYTES = 10 * 1024 * 1024
DEFAULT_MAX_DEPTH = 200

JsonPath = tuple[str | int, ...]

#: why a file could not be loaded (stable strings; the validator maps them to codes)
Reason = Literal[
    "io", "too-big", "too-deep", "encoding", "binary", "empty", "malformed", "surrogate"
]


class JsonLoadError(ContentError):
    """A file that is not acceptable JSON; ``line``/``column`` are 1-based when known."""

    def __init__(
        self,
        reason: Reason,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.reason: Reason = reason
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint


@dataclass
class DuplicateKey:
    """A key that occurs more than once in one object (the last value is kept)."""

    path: JsonPath  # path of the object holding the key, plus the key
    line: int
    column: int


@dataclass
class LoadedJson:
    """Parsed data, the decoded text (for :func:`locate`) and any duplicate keys."""

    data: Any
    text: str
    duplicates: list[DuplicateKey] = field(default_factory=list)


_WS = re.compile(r"[ \t\n\r]*")
_SEPARATOR = re.compile(r"[ \t\n\r]*,?[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_LONG_INT = re.compile(r"-?[0-9]{4301,}")
#: a ``\\uD800``-``\\uDFFF`` escape (high or low surrogate), any letter case
_SURROGATE_HINT = re.compile(r"\\u[dD][89a-fA-F]")
#: every escape of valid JSON text, consumed left to right so ``\\\\ud800`` (an escaped
#: backslash, then plain letters) is not mistaken for a surrogate escape
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)", re.DOTALL)
#: every digit made ``0``, so that 19 digits in a row (a number orjson may read
#: differently: an integer beyond 64 bits becomes a float there) are one substring search
#: away (a regular expression costs 15 times as much); and ``{`` made ``[``, so that the
#: same translated copy answers the depth pre-test with a single count of ``[``
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789{", b"000000000[")
_NINETEEN_DIGITS = b"0" * 19
_DECODER = json.JSONDecoder()
_scanstring = json.decoder.scanstring  # type: ignore[attr-defined]


class _BadNumber(ValueError):
    """A number literal JSON does not allow (or Python cannot hold); ``token`` is its text."""

    def __init__(self, token: str, message: str) -> None:
        super().__init__(message)
        self.token = token


def _refuse_constant(name: str) -> Any:
    raise _BadNumber(name, f"{name} is not valid JSON (only finite numbers are allowed)")


def _finite_float(token: str) -> float:
    """``json``'s float hook: a literal such as ``1e999`` would silently become infinity."""
    value = float(token)
    if value in (float("inf"), float("-inf")):
        raise _BadNumber(token, f"number {_short(token)} is too large (out of range)")
    return value


def _blank_strings(text: str) -> str:
    """``text`` with every JSON string replaced by spaces (offsets kept)."""
    return _STRING.sub(lambda m: " " * len(m.group()), text) if '"' in text else text


def _short(token: str) -> str:
    return token if len(token) <= 30 else token[:27] + "..."


def _number_position(text: str, token: str) -> tuple[int | None, int | None]:
    """Line and column of the first ``token`` outside a string (the offending literal)."""
    stripped = _blank_strings(text)
    pattern = r"(?<![0-9A-Za-z.+\-])" + re.escape(token) + r"(?![0-9A-Za-z.])"
    match = re.search(pattern, stripped)
    if match is None:
        return None, None
    return position(text, match.start())


def _duplicate_aware_hook(seen: list[bool]) -> Any:
    """An ``object_pairs_hook`` that builds dicts and notes whether any key repeated.

    A closure per call (not a module flag) keeps concurrent loads independent.
    """

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            seen.append(True)
        return result

    return hook


_DECODERS = threading.local()


def _decoder() -> tuple[json.JSONDecoder, list[bool]]:
    """This thread's decoder with the loader's hooks, and the list its duplicate-key hook
    appends to (the caller clears it before each parse).

    ``json.loads`` with hooks builds a new decoder and C scanner on every call; one per
    thread (never shared, so concurrent loads stay independent, as a closure per call
    kept them) costs that once.
    """
    found: tuple[json.JSONDecoder, list[bool]] | None = getattr(_DECODERS, "pair", None)
    if found is None:
        seen: list[bool] = []
        decoder = json.JSONDecoder(
            object_pairs_hook=_duplicate_aware_hook(seen),
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
        )
        found = _DECODERS.pair = (decoder, seen)
    return found


def position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of character ``index`` of ``text`` (columns count characters)."""
    line = text.count("\n", 0, index) + 1
    column = index - text.rfind("\n", 0, index)
    return line, column


def max_depth(text: str, limit: int) -> tuple[int, int]:
    """Nesting depth of ``text`` (capped once it exceeds ``limit``) and where it was exceeded.

    Non-recursive. Cheap when the file has few brackets (the common case): the depth can
    never exceed the number of opening brackets. Otherwise strings are blanked out (so a
    ``[`` inside a string does not count) and the brackets are counted in one pass.
    Returns ``(depth, index)``; ``index`` is the offset where ``limit`` was first exceeded,
    or -1.
    """
    if text.count("[") + text.count("{") <= limit:
        return 0, -1
    depth = 0
    deepest = 0
    # blank out strings, keeping offsets, then walk the brackets only
    stripped = _STRING.sub(lambda m: " " * len(m.group()), text) if '"' in text else text
    for match in _BRACKETS.finditer(stripped):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if depth > limit:
                    return depth, match.start()
        else:
            depth -= 1
    return deepest, -1


def decode(raw: bytes) -> str:
    """Decode untrusted bytes as UTF-8 (BOM tolerated) or raise :class:`JsonLoadError`."""
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise JsonLoadError(
            "encoding",
            "file is UTF-32 encoded; JSON content files must be UTF-8",
            line=1,
            column=1,
            hint="re-save the file as UTF-8 (without a byte-order mark)",
        )
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise JsonLoadError(
            "encoding",
            "file is UTF-16 encoded; JSON content files must be UTF-8",
            line=1,
            column=1,
            hint="re-save the file as UTF-8 (without a byte-order mark)",
        )
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    nul = raw.find(b"\x00")
    if nul >= 0:
        # UTF-16 without a BOM has a NUL next to every ASCII character
        sample = raw[:512]
        if len(sample) >= 4 and sample.count(b"\x00") * 3 >= len(sample):
            raise JsonLoadError(
                "encoding",
                "file looks UTF-16 encoded (NUL byte next to every character); "
                "JSON content files must be UTF-8",
                line=1,
                column=1,
                hint="re-save the file as UTF-8",
            )
        line, column = _byte_position(raw, nul)
        raise JsonLoadError(
            "binary",
            "binary file: contains a NUL byte, not JSON text",
            line=line,
            column=column,
            hint="only UTF-8 JSON files belong in a content pack",
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _byte_position(raw, exc.start)
        bad = raw[exc.start : exc.start + 1].hex().upper()
        raise JsonLoadError(
            "encoding",
            f"file is not valid UTF-8 (byte 0x{bad} cannot start or continue a UTF-8 "
            "character); JSON content files must be UTF-8",
            line=line,
            column=column,
            hint="the file is probably Latin-1 or Windows-1252: re-save it as UTF-8",
        ) from None


def _byte_position(raw: bytes, index: int) -> tuple[int, int]:
    line = raw.count(b"\n", 0, index) + 1
    start = raw.rfind(b"\n", 0, index) + 1
    column = len(raw[start:index].decode("utf-8", errors="replace")) + 1
    return line, column


_NOT_PARSED: Any = object()


def _fast_parse(raw: bytes, mapped: bytes | None = None) -> Any:
    """The value of JSON ``raw`` (UTF-8, no byte-order mark) through orjson, or
    :data:`_NOT_PARSED` when the standard decoder must decide.

    The standard decoder with the duplicate-key hook calls a Python function for every
    object (a third of a file's parse). orjson parses in one native call, but keeps the last
    of repeated keys silently and reads an integer beyond 64 bits as a float; so it is used
    only where its value is provably the decoder's: no 19-digit run of digits, no ``\\u``
    escape (lone surrogates are the decoder's to report, and an escaped ``:`` would spoil
    the count below), and as many ``:`` in the text as in orjson's compact serialisation
    of the value. Without escapes every ``:`` of the text is a member's separator or a
    character of a string, and the value keeps every member and every string unless a key
    repeats (the earlier member and its strings are then dropped): equal counts mean no
    key repeats. Anything orjson refuses (malformed JSON, ``NaN``, ``1e999``) goes to the
    decoder, which says what is wrong and where. (``mapped``: ``raw`` translated by
    :data:`_DIGITS_AS_ZERO`, if the caller has it. A backslash is looked for first: a
    one-byte search is a ``memchr``, many times faster than the two-byte one, and most
    files have none.)
    """
    if _orjson is None or (b"\\" in raw and b"\\u" in raw):
        return _NOT_PARSED
    if _NINETEEN_DIGITS in (raw.translate(_DIGITS_AS_ZERO) if mapped is None else mapped):
        return _NOT_PARSED
    try:
        data = _orjson.loads(raw)
        if raw.count(b":") != _orjson.dumps(data).count(b":"):
            return _NOT_PARSED
    except Exception:  # orjson refuses it: the decoder says why
        return _NOT_PARSED
    return data


def load_json_text(
    text: str, *, max_depth_limit: int = DEFAULT_MAX_DEPTH, raw: bytes | None = None
) -> LoadedJson:
    """Parse already-decoded text with the depth, constant and duplicate-key checks
    (``raw``: the UTF-8 bytes ``text`` was decoded from, byte-order mark removed, when
    known: they are parsed directly)."""
    if text.startswith("\ufeff"):
        text = text[1:]
        raw = None
    if not text.strip():
        raise JsonLoadError(
            "empty", "file is empty (no JSON value)", line=1, column=1, hint="write a JSON object"
        )
    mapped = raw.translate(_DIGITS_AS_ZERO) if raw is not None else None
    if mapped is not None and mapped.count(b"[") <= max_depth_limit:
        where = -1  # :func:`max_depth`'s quick test, on bytes (faster than on a str)
    else:
        _, where = max_depth(text, max_depth_limit)
    if where >= 0:
        line, column = position(text, where)
        raise JsonLoadError(
            "too-deep",
            f"JSON nested more than {max_depth_limit} levels deep",
            line=line,
            column=column,
            hint="content files are shallow; this file is probably generated or corrupt",
        )
    if raw is None and text.isascii():
        raw = text.encode("ascii")
    data = _fast_parse(raw, mapped) if raw is not None else _NOT_PARSED
    if data is not _NOT_PARSED:
        # valid JSON without a repeated key, lone surrogate or number orjson reads
        # differently: the same value the decoder below would give
        return LoadedJson(data, text, [])
    decoder, seen = _decoder()
    seen.clear()
    try:
        data = decoder.decode(text)
    except json.JSONDecodeError as exc:
        raise JsonLoadError(
            "malformed", f"malformed JSON: {exc.msg}", line=exc.lineno, column=exc.colno
        ) from None
    except _BadNumber as exc:  # NaN/Infinity, 1e999: say where
        at_line, at_column = _number_position(text, exc.token)
        raise JsonLoadError(
            "malformed", f"malformed JSON: {exc}", line=at_line, column=at_column
        ) from None
    except ValueError as exc:
        # Python refuses integers of more than 4300 digits; its message names an
        # interpreter setting, so say it plainly (ints get no hook: they are everywhere)
        match = _LONG_INT.search(_blank_strings(text)) if "digits" in str(exc) else None
        if match is None:
            raise JsonLoadError("malformed", f"malformed JSON: {exc}") from None
        line, column = position(text, match.start())
        raise JsonLoadError(
            "malformed",
            f"malformed JSON: an integer with {len(match.group())} digits is too large",
            line=line,
            column=column,
        ) from None
    except RecursionError as exc:
        raise JsonLoadError("malformed", f"malformed JSON: {exc}") from None
    # cheap tests first: an escape needs a backslash-u, a raw surrogate a non-ASCII text
    if ("\\u" in text and _SURROGATE_HINT.search(text)) or (
        not text.isascii() and _SURROGATE_CHAR.search(text)
    ):
        _refuse_lone_surrogates(text)
    duplicates: list[DuplicateKey] = []
    if seen:
        duplicates = find_duplicate_keys(text)
    return LoadedJson(data, text, duplicates)


def lone_surrogate(text: str) -> int:
    """Offset of the first lone surrogate escape in valid JSON ``text``, or -1.

    A high surrogate escape (``\\uD800``-``\\uDBFF``) must be followed at once by a low
    one (``\\uDC00``-``\\uDFFF``); a low one must follow a high one. Outside strings
    valid JSON has no backslash, so scanning escapes over the whole text is exact.
    """
    pending = -1  # offset of a high surrogate waiting for its partner
    expect_at = -1  # where that partner must start
    for match in _ESCAPE.finditer(text):
        code = int(match.group(1), 16) if match.group(1) else -1
        if pending >= 0:
            if match.start() == expect_at and 0xDC00 <= code <= 0xDFFF:
                pending = -1
                continue
            return pending
        if 0xD800 <= code <= 0xDBFF:
            pending, expect_at = match.start(), match.end()
        elif 0xDC00 <= code <= 0xDFFF:
            return match.start()
    return pending


_SURROGATE_CHAR = re.compile("[\ud800-\udfff]")


def surrogate_path(data: Any) -> JsonPath | None:
    """JSON path of the first string (value or key) in ``data`` holding a lone surrogate.

    For trees that did not come through the loader (built in memory, pasted into the
    editor): they cannot be written as UTF-8, so writers check first and say where.
    Non-recursive, so deep trees cannot overflow the stack.
    """
    stack: list[tuple[Any, JsonPath]] = [(data, ())]
    while stack:
        node, where = stack.pop()
        if isinstance(node, str):
            if _SURROGATE_CHAR.search(node):
                return where
        elif isinstance(node, dict):
            for key, value in reversed(list(node.items())):
                if isinstance(key, str) and _SURROGATE_CHAR.search(key):
                    return (*where, key)
                stack.append((value, (*where, key)))
        elif isinstance(node, list):
            stack.extend((value, (*where, i)) for i, value in reversed(list(enumerate(node))))
    return None


def _refuse_lone_surrogates(text: str) -> None:
    raw = _SURROGATE_CHAR.search(text)  # only text that never was UTF-8 holds one
    where = lone_surrogate(text) if raw is None else raw.start()
    if where < 0:
        return
    line, column = position(text, where)
    escape = text[where : where + 6] if raw is None else f"\\u{ord(raw.group()):04x}"
    raise JsonLoadError(
        "surrogate",
        f"string escape {escape} is half of a UTF-16 surrogate pair without its other "
        "half; such a string cannot be stored as UTF-8",
        line=line,
        column=column,
        hint="write the character itself, or a complete pair such as \\ud83d\\ude00",
    )


def load_json_bytes(
    raw: bytes, *, max_bytes: int = DEFAULT_MAX_BYTES, max_depth_limit: int = DEFAULT_MAX_DEPTH
) -> LoadedJson:
    """Decode and parse untrusted bytes (see the module docstring for what is refused)."""
    if len(raw) > max_bytes:
        raise _too_big(len(raw), max_bytes)
    text = decode(raw)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    return load_json_text(text, max_depth_limit=max_depth_limit, raw=raw)


def load_json_file(
    path: str | os.PathLike[str],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth_limit: int = DEFAULT_MAX_DEPTH,
) -> LoadedJson:
    """Read and parse an untrusted file; a file above ``max_bytes`` is never read."""
    try:
        # O_NONBLOCK: opening a named pipe planted in a pack must not wait for a writer
        # forever; the file type is then checked on the open handle (no race with a swap)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(path)
            if not stat.S_ISREG(info.st_mode):
                raise JsonLoadError(
                    "io",
                    "not a regular file (a named pipe, socket or device); content files "
                    "must be regular files",
                    hint="remove it from the pack",
                )
            size = info.st_size
            if size > max_bytes:
                raise _too_big(size, max_bytes)
            raw = _read_at_most(fd, size, max_bytes + 1)
        finally:
            os.close(fd)
    except JsonLoadError:
        raise
    except IsADirectoryError:
        raise JsonLoadError("io", "is a directory, not a file") from None
    except OSError as exc:
        raise JsonLoadError("io", f"cannot read file: {exc.strerror or exc}") from None
    return load_json_bytes(raw, max_bytes=max_bytes, max_depth_limit=max_depth_limit)


def _read_at_most(fd: int, size: int, limit: int) -> bytes:
    """At most ``limit`` bytes of the open file ``fd``, which ``stat`` said has ``size``.

    A buffered ``read(limit)`` with a 10 MiB limit allocates a 10 MiB buffer for every
    9 KB file (it cost more than parsing the file); asking for the size ``stat`` gave plus
    one byte reads an unchanged file in one system call, and only a file that grew since
    (the extra byte arrived) is read on, never past ``limit`` (a growing file cannot sneak
    past the size limit). Plain ``os.read`` calls: no buffered file object per file.
    """
    chunks: list[bytes] = []
    total = 0
    want = min(size + 1, limit)
    while total < limit:
        chunk = os.read(fd, want)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        want = limit - total  # a short read or a grown file: read on up to the limit
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _too_big(size: int, limit: int) -> JsonLoadError:
    return JsonLoadError(
        "too-big",
        f"file is {_mib(size)}, larger than the {_mib(limit)} limit for a content file",
        hint="split the content into several files",
    )


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


# --- the locator -------------------------------------------------------------------------


def _skip_ws(text: str, index: int) -> int:
    match = _WS.match(text, index)
    assert match is not None
    return match.end()


def _skip_value(text: str, index: int) -> int:
    _, end = _DECODER.raw_decode(text, index)
    return int(end)


def locate_index(text: str, path: JsonPath, *, prefer: str = "key") -> int:
    """Character offset of the value at ``path`` (or of its key, ``prefer="key"``).

    When the path cannot be followed all the way (a key that does not exist, an index out of
    range), the offset of the deepest container reached is returned, which is where a
    "missing property" finding belongs. ``text`` must be valid JSON.
    """
    index = _skip_ws(text, 0)
    if text.startswith("\ufeff"):
        index = _skip_ws(text, 1)
    for depth, part in enumerate(path):
        last = depth == len(path) - 1
        char = text[index : index + 1]
        if char == "{" and isinstance(part, str):
            found = -1
            i = _skip_ws(text, index + 1)
            while i < len(text) and text[i] != "}":
                key_start = i
                key, i = _scanstring(text, i + 1)
                i = _skip_ws(text, i)  # at ':'
                i = _skip_ws(text, i + 1)
                if key == part:
                    found = key_start
                    value_start = i
                    # keep going: with duplicate keys the last one is the value in force
                i = _skip_ws(text, _skip_value(text, i))
                if text[i : i + 1] == ",":
                    i = _skip_ws(text, i + 1)
            if found < 0:
                return index
            if last and prefer == "key":
                return found
            index = value_start
        elif char == "[" and isinstance(part, int):
            # the hot loop when a finding sits deep in a long array: one C call to skip each
            # element, one regex match for the separator
            i = _skip_ws(text, index + 1)
            count = 0
            decode = _DECODER.raw_decode
            separator = _SEPARATOR.match
            end = len(text)
            while count < part and i < end and text[i] != "]":
                i = separator(text, decode(text, i)[1]).end()  # type: ignore[union-attr]
                count += 1
            if count != part or i >= end or text[i] == "]":
                return index
            index = i
        else:
            return index
    return index


def locate(text: str, path: JsonPath, *, prefer: str = "key") -> tuple[int, int]:
    """1-based ``(line, column)`` of the value (or key) at ``path`` in JSON ``text``.

    Falls back to the deepest container on the path that exists, and to (1, 1) when the
    text is not valid JSON.
    """
    try:
        index = locate_index(text, path, prefer=prefer)
    except (ValueError, IndexError, AssertionError):
        return 1, 1
    return position(text, index)


def find_duplicate_keys(text: str) -> list[DuplicateKey]:
    """Every repeated key in every object of ``text`` (valid JSON, depth already checked)."""
    found: list[DuplicateKey] = []

    def walk(i: int, path: JsonPath) -> int:
        i = _skip_ws(text, i)
        char = text[i : i + 1]
        if char == "{":
            seen: set[str] = set()
            i = _skip_ws(text, i + 1)
            while text[i] != "}":
                key_start = i
                key, i = _scanstring(text, i + 1)
                if key in seen:
                    line, column = position(text, key_start)
                    found.append(DuplicateKey((*path, key), line, column))
                seen.add(key)
                i = _skip_ws(text, i)
                i = walk(i + 1, (*path, key))
                i = _skip_ws(text, i)
                if text[i] == ",":
                    i = _skip_ws(text, i + 1)
            return i + 1
        if char == "[":
            i = _skip_ws(text, i + 1)
            n = 0
            while text[i] != "]":
                i = _skip_ws(text, walk(i, (*path, n)))
                n += 1
                if text[i] == ",":
                    i = _skip_ws(text, i + 1)
            return i + 1
        return _skip_value(text, i)

    try:
        start = 1 if text.startswith("\ufeff") else 0
        walk(start, ())
    except (ValueError, IndexError):
        pass
    return found


def read_json(path: Path) -> Any:
    """Convenience for trusted callers: the data of :func:`load_json_file`."""
    return load_json_file(path).data
