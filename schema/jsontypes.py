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


def type_in_words(value: Any) -> str:
    """The JSON type of ``value`` with an article, for messages ("an integer", "null")."""
    return _IN_WORDS[schema_type(value)]
