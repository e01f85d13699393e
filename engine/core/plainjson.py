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
    from collections.abc import Callable
    from typing import Any

_make_scanner: Any
_quote: Any
try:
    from _json import encode_basestring_ascii as _quote
    from _json import make_scanner as _make_scanner
except ImportError:  # pragma: no cover - an interpreter without the C accelerator
    _make_scanner = _quote = None

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
    scan = _make_scanner(_Context(object_pairs_hook, parse_float, parse_constant))
    start = len(text) - len(text.lstrip(_WS))
    try:
        value, end = scan(text, start)
    except StopIteration:
        raise ValueError("not a JSON document") from None
    if text[end:].strip(_WS):
        raise ValueError("extra data after the JSON document")
    return value


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
