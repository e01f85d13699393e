"""The JSON type of a value, in words: the one helper every reader's message uses."""

from __future__ import annotations

# ``typing`` is not imported at run time: the monster-AI fast start imports this module
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def json_type(value: Any) -> str:
    """The JSON type of ``value`` with an article, for messages ("an integer", "null")."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    return "null"
