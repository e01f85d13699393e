"""JSON reading and writing for start-up paths, without importing the ``json`` package.

``import json`` imports ``re`` (and with it ``enum``, ``functools`` ...): about 4 ms of CPU,
more than ``questforge ai solve`` spends solving a dozen situations. The C accelerator
``_json`` that ``json`` itself uses is importable on its own, so this module drives it
directly: :func:`loads` is ``json.loads`` for a ``str`` (same scanner, same hooks) and
:func:`dumps` is ``json.dumps(value, separators=(", ", ": "))`` for plain data (dicts with
string keys, lists, tuples, strings, integers, booleans, ``None``).

Both are exact or refuse: :func:`loads` raises :class:`ValueError` on anything ``json.loads``
would reject (the caller that must word an error then asks ``json``), and :func:`dumps`
hands any value it does not know (a float, a non-string key) to ``json.dumps`` itself, so
the bytes are always the ones ``json`` writes.
"""

from __future__ import annotations

# ``typing`` is not imported at run time (the point of this module is a cheap start)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

_make_scanner: Any
_quote: Any
_scanstring: Any
try:
    from _json import encode_basestring_ascii as _quote
    from _json import make_scanner as _make_scanner
    from _json import scanstring as _scanstring
except ImportError:  # pragma: no cover - an interpreter without the C accelerator
    _make_scanner = _quote = _scanstring = None

#: what ``json`` skips around a document (its ``WHITESPACE`` pattern)
_WS = " \t\n\r"


class _Context:
    """The attributes the C scanner reads from a ``json.JSONDecoder``."""

    __slots__ = (
        "memo",
        "object_hook",
        "object_pairs_hook",
        "parse_constant",
        "parse_float",
        "parse_int",
        "strict",
    )

    def __init__(
        self,
        object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None,
        parse_float: Callable[[str], Any] | None,
        parse_constant: Callable[[str], Any] | None,
    ) -> None:
        self.strict = True
        self.object_hook = None
        self.object_pairs_hook = object_pairs_hook
        self.parse_float = parse_float or float
        self.parse_int = int
        self.parse_constant = parse_constant or _constant
        self.memo: dict[str, str] = {}


_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}


def _constant(name: str) -> Any:
    return _CONSTANTS[name]


#: the C scanners made so far, by their hooks (a reader of many small files would make one
#: per file; the scanner forgets each document's keys when it returns)
_SCANNERS: dict[tuple[Any, Any, Any], Any] = {}


def _scanner(
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None,
    parse_float: Callable[[str], Any] | None,
    parse_constant: Callable[[str], Any] | None,
) -> Any:
    key = (object_pairs_hook, parse_float, parse_constant)
    got = _SCANNERS.get(key)
    if got is None:
        if len(_SCANNERS) >= 16:
            _SCANNERS.clear()
        got = _SCANNERS[key] = _make_scanner(
            _Context(object_pairs_hook, parse_float, parse_constant)
        )
    return got


def loads(
    text: str,
    *,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
    parse_float: Callable[[str], Any] | None = None,
    parse_constant: Callable[[str], Any] | None = None,
) -> Any:
    """``json.loads(text, ...)`` with these hooks; :class:`ValueError` (or whatever a hook
    raises) where ``json.loads`` fails, without saying where."""
    if _make_scanner is None:  # pragma: no cover
        import json

        return json.loads(
            text,
            object_pairs_hook=object_pairs_hook,
            parse_float=parse_float,
            parse_constant=parse_constant,
        )
    scan = _scanner(object_pairs_hook, parse_float, parse_constant)
    start = len(text) - len(text.lstrip(_WS))
    try:
        value, end = scan(text, start)
    except StopIteration:
        raise ValueError("not a JSON document") from None
    if text[end:].strip(_WS):
        raise ValueError("extra data after the JSON document")
    return value


def value_at(
    text: str,
    start: int,
    *,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
    parse_float: Callable[[str], Any] | None = None,
    parse_constant: Callable[[str], Any] | None = None,
) -> tuple[Any, int]:
    """The JSON value that begins at ``text[start]`` (no whitespace before it) and the
    index just past it, parsed as :func:`loads` parses it inside a document (same scanner,
    same hooks); what follows it is not looked at. :class:`ValueError` (or whatever a hook
    raises) where no value begins there."""
    if _make_scanner is None:  # pragma: no cover
        raise ValueError("no C scanner")
    scan = _scanner(object_pairs_hook, parse_float, parse_constant)
    try:
        got: tuple[Any, int] = scan(text, start)
    except StopIteration:
        raise ValueError("no JSON value there") from None
    return got


def member_at(text: str, names: Sequence[str]) -> Any:
    """The value at ``names`` (member names, outermost first) of the JSON document
    ``text``, parsing only what lies before it on the way: for one definition of a large,
    well-formed document (a shipped schema's ``$defs``), not the whole of it.

    Equal to ``loads(text)[names[0]][names[1]]...`` for a document whose objects name each
    member once (the first of a name is taken here, the last by ``json``): callers use it
    only on such files. :class:`ValueError` when ``names`` does not lead to a value through
    objects (the caller then reads the whole document).
    """
    if _make_scanner is None or _scanstring is None:  # pragma: no cover
        raise ValueError("no C scanner")
    scan = _make_scanner(_Context(None, None, None))
    ws = _WS
    end = len(text)
    i = 0
    for name in names:
        while i < end and text[i] in ws:
            i += 1
        if text[i : i + 1] != "{":
            raise ValueError(f"no object on the way to {name!r}")
        i += 1
        while True:
            while i < end and text[i] in ws:
                i += 1
            if text[i : i + 1] != '"':
                raise ValueError(f"no member {name!r}")
            key, i = _scanstring(text, i + 1, True)
            while i < end and text[i] in ws:
                i += 1
            if text[i : i + 1] != ":":
                raise ValueError("':' expected")
            i += 1
            if key == name:
                break
            while i < end and text[i] in ws:
                i += 1
            try:
                _, i = scan(text, i)  # (a member before the one wanted: parsed, dropped)
            except StopIteration:
                raise ValueError("a value expected") from None
            while i < end and text[i] in ws:
                i += 1
            if text[i : i + 1] != ",":
                raise ValueError(f"no member {name!r}")
            i += 1
    while i < end and text[i] in ws:
        i += 1
    try:
        value, _ = scan(text, i)
    except StopIteration:
        raise ValueError("a value expected") from None
    return value


def quote(text: str) -> str:
    """A string as ``json.dumps`` writes it (ASCII, escaped)."""
    if _quote is None:  # pragma: no cover
        import json

        return json.dumps(text)
    got: str = _quote(text)
    return got


def dumps(value: Any) -> str:
    """``json.dumps(value, separators=(", ", ": "))``, written without ``json.encoder``
    for plain data (anything else is handed to ``json.dumps``)."""
    out: list[str] = []
    if _quote is None or not _write(value, out.append):
        import json

        return json.dumps(value, separators=(", ", ": "))
    return "".join(out)


def _write(value: Any, put: Callable[[str], None]) -> bool:
    """Append the JSON of ``value``; ``False`` for a value only ``json`` knows how to write
    (the caller then starts again with ``json``)."""
    if isinstance(value, str):
        put(_quote(value))
    elif value is None:
        put("null")
    elif value is True:
        put("true")
    elif value is False:
        put("false")
    elif isinstance(value, int):
        put(int.__repr__(value))
    elif isinstance(value, list | tuple):
        if not value:
            put("[]")
            return True
        put("[")
        first = True
        for item in value:
            if not first:
                put(", ")
            first = False
            if not _write(item, put):
                return False
        put("]")
    elif isinstance(value, dict):
        if not value:
            put("{}")
            return True
        put("{")
        first = True
        for key, item in value.items():
            if type(key) is not str:
                return False
            if not first:
                put(", ")
            first = False
            put(_quote(key))
            put(": ")
            if not _write(item, put):
                return False
        put("}")
    else:
        return False
    return True
