"""Quest edits as data: Qt-free functions that return JSON operations.

Each function reads a quest document's data and returns the operations one user edit
makes: ``("insert", list_path, value)`` appends to a list (created if missing),
``("remove", list_path, index)`` removes an item and ``("set", path, value)`` sets a value. The editor applies them as one named undo step
(:func:`apply`); scripts and tests can apply them to plain dicts (:func:`apply_plain`).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

Cell = tuple[int, int]
Op = tuple[str, tuple[Any, ...], Any]


def _cell(c: Cell) -> list[int]:
    return [int(c[0]), int(c[1])]


def ensure_area(data: dict[str, Any], area: str, name: str | None = None) -> list[Op]:
    if any(a.get("id") == area for a in data.get("areas", ())):
        return []
    return [("insert", ("areas",), {"id": area, "name": name or area.replace("-", " ").title()})]


def next_area_id(data: dict[str, Any]) -> str:
    taken = {a.get("id") for a in data.get("areas", ())}
    n = 1
    while f"area-{n}" in taken:
        n += 1
    return f"area-{n}"


def place_tile(data: dict[str, Any], tile: str, at: Cell, rotation: int, area: str) -> list[Op]:
    """A tile placement in ``area`` (the area is created if needed)."""
    ops = ensure_area(data, area)
    placement: dict[str, Any] = {"tile": tile, "at": _cell(at), "area": area}
    if rotation % 360:
        placement["rotation"] = rotation % 360
    ops.append(("insert", ("tiles",), placement))
    return ops


def add_door(
    data: dict[str, Any], a: Cell, b: Cell, area_of: dict[Cell, str], rune: str | None = None
) -> list[Op]:
    """A door on the edge between ``a`` and ``b`` and, when it also separates the same two
    areas, the parallel edge next to it (a door sits between 4 squares, DJ-REF-37)."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError("a door joins two orthogonally adjacent squares")
    if area_of.get(a) is None or area_of.get(b) is None or area_of[a] == area_of[b]:
        raise ValueError("a door must join squares of two different areas")
    dx, dy = b[0] - a[0], b[1] - a[1]
    side = (dy, dx)  # along the edge
    edges = [[_cell(a), _cell(b)]]
    a2, b2 = (a[0] + side[0], a[1] + side[1]), (b[0] + side[0], b[1] + side[1])
    if area_of.get(a2) == area_of[a] and area_of.get(b2) == area_of[b]:
        edges.append([_cell(a2), _cell(b2)])
    taken = {d.get("id") for d in data.get("doors", ())}
    n = 1
    while f"door-{n}" in taken:
        n += 1
    door: dict[str, Any] = {"id": f"door-{n}", "edges": edges}
    if rune:
        door["rune"] = rune
    return [("insert", ("doors",), door)]


def paint_terrain(data: dict[str, Any], cell: Cell, terrain: str) -> list[Op]:
    """Add ``cell`` to the quest's ``terrain`` entry of that type (a new entry if none)."""
    for i, entry in enumerate(data.get("terrain", ())):
        if entry.get("type") == terrain:
            if _cell(cell) in entry.get("cells", []):
                return []
            return [("set", ("terrain", i, "cells"), [*entry.get("cells", []), _cell(cell)])]
    return [("insert", ("terrain",), {"type": terrain, "cells": [_cell(cell)]})]


def place_monster(
    data: dict[str, Any], monster: str, cell: Cell, heroes: dict[str, str]
) -> list[Op]:
    """A monster placement with its per-hero-count marker."""
    return [
        ("insert", ("monsters",), {"monster": monster, "cell": _cell(cell), "heroes": dict(heroes)})
    ]


def toggle_start(data: dict[str, Any], cell: Cell) -> list[Op]:
    start = [list(c) for c in data.get("start", [])]
    if _cell(cell) in start:
        start.remove(_cell(cell))
    else:
        start.append(_cell(cell))
    return [("set", ("start",), start)]


def place_object(
    data: dict[str, Any], kind: str, cell: Cell, colour: str | None = None, active: bool = False
) -> list[Op]:
    """A map object (glyph, stairs, runekey, chest, coins, potion) with a fresh id."""
    taken = {o.get("id") for o in data.get("objects", ())}
    n = 1
    while f"{kind}-{n}" in taken:
        n += 1
    obj: dict[str, Any] = {"id": f"{kind}-{n}", "type": kind, "cell": _cell(cell)}
    if colour and kind in ("stairs", "runekey"):
        obj["colour"] = colour
    if kind == "glyph" and active:
        obj["active"] = True
    if kind == "chest":
        obj["contents"] = [{"type": "copper"}]
    if kind == "coins":
        obj["amount"] = 25
    return [("insert", ("objects",), obj)]


def erase_at(
    data: dict[str, Any], cell: Cell, sizes: dict[str, tuple[int, int]], placement_at: int | None
) -> list[Op]:
    """Remove the topmost thing on ``cell``: a monster or named monster covering it, a map
    object, a start square, its terrain, a door touching it, else its tile placement
    (``placement_at``: the placement the square belongs to). ``sizes``: monster footprints."""
    c = _cell(cell)

    def covers(entry: dict[str, Any]) -> bool:
        w, h = sizes.get(str(entry.get("monster")), (1, 1))
        x, y = entry["cell"]
        return x <= c[0] < x + w and y <= c[1] < y + h

    for key in ("monsters", "named"):
        for i, entry in enumerate(data.get(key, ())):
            if covers(entry):
                return [("remove", (key,), i)]
    for i, entry in enumerate(data.get("objects", ())):
        if entry.get("cell") == c:
            return [("remove", ("objects",), i)]
    if c in data.get("start", []):
        return toggle_start(data, cell)
    for i, entry in enumerate(data.get("terrain", ())):
        if c in entry.get("cells", []):
            rest = [x for x in entry["cells"] if x != c]
            return (
                [("set", ("terrain", i, "cells"), rest)] if rest else [("remove", ("terrain",), i)]
            )
    for i, door in enumerate(data.get("doors", ())):
        if any(c in edge for edge in door.get("edges", [])):
            return [("remove", ("doors",), i)]
    if placement_at is not None:
        return [("remove", ("tiles",), placement_at)]
    return []


def apply_plain(data: dict[str, Any], ops: Sequence[Op]) -> dict[str, Any]:
    """``data`` with ``ops`` applied (a copy)."""
    out = copy.deepcopy(data)
    for kind, path, value in ops:
        node: Any = out
        for part in path[:-1]:
            node = node[part]
        if kind == "insert":
            node.setdefault(path[-1], []).append(copy.deepcopy(value))
        elif kind == "remove":
            del node[path[-1]][value]
        else:
            node[path[-1]] = copy.deepcopy(value)
    return out


def apply(document: Any, name: str, ops: Sequence[Op]) -> None:
    """Apply ``ops`` to an editor document as one undo step called ``name``."""
    if not ops:
        return
    with document.macro(name):
        for kind, path, value in ops:
            if kind == "insert":
                document.insert_item(path, value, text=name)
            elif kind == "remove":
                document.remove_item(path, value, text=name)
            else:
                document.set_value(path, value, text=name)


def thing_at(
    data: dict[str, Any],
    cell: Cell,
    sizes: dict[str, tuple[int, int]],
    placement_at: int | None,
    heroes: int | None = None,
) -> tuple[Any, ...] | None:
    """The JSON path of the topmost selectable thing on ``cell`` (same order as the erase
    tool): a monster or named monster covering it, a map object, a start square, a door
    touching it, else its tile placement. ``None`` on an empty square. With ``heroes``,
    a monster whose marker is ``none`` for that many heroes is skipped: the map does not
    show it, so a click must not pick it (nor a start square past the first ``heroes``)."""
    c = _cell(cell)
    for key in ("monsters", "named"):
        for i, entry in enumerate(data.get(key, ())):
            if heroes is not None and entry.get("heroes", {}).get(str(heroes)) == "none":
                continue
            w, h = sizes.get(str(entry.get("monster")), (1, 1))
            x, y = entry["cell"]
            if x <= c[0] < x + w and y <= c[1] < y + h:
                return (key, i)
    for i, entry in enumerate(data.get("objects", ())):
        if entry.get("cell") == c:
            return ("objects", i)
    for i, start in enumerate(data.get("start", ())):
        if list(start) == c and (heroes is None or i < heroes):  # the map shows `heroes`
            return ("start", i)
    for i, door in enumerate(data.get("doors", ())):
        if any(c in edge for edge in door.get("edges", [])):
            return ("doors", i)
    if placement_at is not None:
        return ("tiles", placement_at)
    return None


def move_thing(data: dict[str, Any], path: Sequence[Any], dx: int, dy: int) -> list[Op]:
    """Shift the thing at ``path`` (as :func:`thing_at` returns) by ``dx``, ``dy`` squares.

    A monster, named monster or object moves its ``cell``, a start square itself, a tile
    its anchor ``at`` (its squares and area come with it) and a door every square of its
    edges. Nothing happens for a zero move."""
    if not (dx or dy):
        return []
    key, index = path[0], path[1]
    entry = data[key][index]

    def shifted(c: Sequence[int]) -> list[int]:
        return [int(c[0]) + dx, int(c[1]) + dy]

    if key in ("monsters", "named", "objects"):
        return [("set", (key, index, "cell"), shifted(entry["cell"]))]
    if key == "start":
        if shifted(entry) in [list(s) for s in data.get("start", [])]:
            raise ValueError("there is a start square there already")
        return [("set", ("start", index), shifted(entry))]
    if key == "tiles":
        return [("set", ("tiles", index, "at"), shifted(entry["at"]))]
    if key == "doors":
        edges = [[shifted(a), shifted(b)] for a, b in entry.get("edges", [])]
        return [("set", ("doors", index, "edges"), edges)]
    raise ValueError(f"cannot move {key}")


def delete_thing(data: dict[str, Any], path: Sequence[Any]) -> list[Op]:
    """Remove the thing at ``path`` (a ``(list key, index)`` pair)."""
    key, index = path[0], path[1]
    if not isinstance(index, int) or not 0 <= index < len(data.get(key, ())):
        return []
    return [("remove", (key,), index)]
