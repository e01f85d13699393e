"""Every JSON object of a document that matches a test, with its JSON path.

Effects in card and quest documents sit at any depth (inside choices, conditions,
outcomes); checks that read them walk the whole tree once with :func:`objects_where`
instead of each writing the same recursion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

JsonPath = tuple[Any, ...]


def objects_where(
    node: Any, test: Callable[[dict[str, Any]], bool], path: JsonPath = ()
) -> Iterator[tuple[dict[str, Any], JsonPath]]:
    """``(object, path)`` for every object under ``node`` (itself included, any depth,
    document order) for which ``test`` is true."""
    if isinstance(node, dict):
        if test(node):
            yield node, path
        for key, value in node.items():
            yield from objects_where(value, test, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from objects_where(value, test, (*path, i))
