"""Addressing values inside a JSON tree by path.

A path is a tuple of object keys and list indices from the document root, the same shape
as :data:`questforge.validator.findings.JsonPath`, so a validator finding's path can be
used directly to jump to the edited field. Everything here works on plain ``dict`` /
``list`` trees as ``json.load`` returns them (dicts keep key order, which is what lets a
saved file keep the author's key order and any keys the editor does not know about).
"""

from __future__ import annotations

from typing import Any

JsonPath = tuple[str | int, ...]


class _Missing:
    """Marker for "this key/index does not exist" (distinct from a JSON ``null``)."""

    def __repr__(self) -> str:
        return "MISSING"

    def __copy__(self) -> _Missing:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Missing:
        return self


MISSING: Any = _Missing()


def get(root: Any, path: JsonPath, default: Any = MISSING) -> Any:
    """The value at ``path``; ``default`` (or :data:`MISSING`) if any step is absent."""
    node = root
    for part in path:
        if isinstance(node, dict) and isinstance(part, str | int) and not isinstance(part, bool):
            # numeric object keys ("2" of a player-count object) may arrive as ints
            key = part if part in node else str(part)
            if key not in node:
                return default
            node = node[key]
        elif isinstance(node, list) and isinstance(part, int) and not isinstance(part, bool):
            if not -len(node) <= part < len(node):
                return default
            node = node[part]
        else:
            return default
    return node


def parent_and_key(root: Any, path: JsonPath) -> tuple[Any, str | int]:
    """The container holding ``path`` and the last step; ``KeyError`` if absent."""
    if not path:
        raise KeyError("the root has no parent")
    parent = get(root, path[:-1])
    if parent is MISSING or not isinstance(parent, dict | list):
        raise KeyError(f"no container at {format_path(path[:-1])}")
    return parent, path[-1]


def set_value(root: Any, path: JsonPath, value: Any) -> None:
    """Set ``path`` to ``value``; missing intermediate objects are created.

    Setting an existing key keeps its position in the object (so key order survives edits);
    a new key is appended.
    """
    node = root
    for i, part in enumerate(path[:-1]):
        nxt = get(node, (part,))
        if nxt is MISSING:
            if not isinstance(node, dict):
                raise KeyError(f"cannot create {format_path(path[: i + 1])}")
            nxt = [] if isinstance(path[i + 1], int) else {}
            node[part] = nxt
        node = nxt
    last = path[-1]
    if isinstance(node, list) and isinstance(last, int):
        node[last] = value
        return
    if not isinstance(node, dict):
        raise KeyError(f"cannot set {format_path(path)}")
    node[last] = value


def delete(root: Any, path: JsonPath) -> None:
    """Remove the key or list item at ``path``."""
    parent, key = parent_and_key(root, path)
    del parent[key]


def format_path(path: JsonPath) -> str:
    """``$.monsters[3].hex`` - the same spelling as the validator's dotted paths."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def is_prefix(prefix: JsonPath, path: JsonPath) -> bool:
    """True when ``prefix`` is ``path`` or one of its ancestors."""
    return path[: len(prefix)] == prefix
