"""The JSON type of a parsed value: one helper for the schema walker, the editor's forms and
every reader's error message.

It lives in the lowest layer (``schema`` imports nothing of questforge's) and imports
nothing itself, because the monster-AI command's fast start reads situations through it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: a JSON Schema type name, as a message says it
_IN_WORDS = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "boolean": "a boolean",
    "integer": "an integer",
    "number": "a number",
    "null": "null",
}


def schema_type(value: Any) -> str:
    """The JSON Schema ``type`` name of a parsed JSON value (``"integer"``, ``"array"`` …);
    ``bool`` is ``boolean`` although Python counts it as an ``int``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def json_int(value: Any) -> int | None:
    """The integer a parsed JSON value is, ``None`` if it is none.

    JSON Schema's ``integer`` is any number with a zero fractional part, so ``3.0`` passes a
    schema's ``"type": "integer"``; a check reading such a value must take it as 3, not skip
    it (and ``true`` is a boolean, not 1)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def integral_as_int(value: Any) -> Any:
    """``value`` with every float that is an integer (``3.0``) made an ``int``, for a model
    that reads integers straight off a schema-valid document (JSON Schema's ``integer``
    accepts ``3.0``, Python's ``range`` and indexing do not). Returns ``value`` itself when
    nothing changes."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, list):
        items = [integral_as_int(v) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if isinstance(value, dict):
        pairs = {k: integral_as_int(v) for k, v in value.items()}
        return value if all(pairs[k] is v for k, v in value.items()) else pairs
    return value


def type_in_words(value: Any) -> str:
    """The JSON type of ``value`` with an article, for messages ("an integer", "null")."""
    return _IN_WORDS[schema_type(value)]
