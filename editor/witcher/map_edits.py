"""Edits of a Witcher map document as plain data (no Qt): what each tool changes.

Each function reads the map's JSON and returns what to insert, set or remove; the editor
pushes that as one named undo command (:mod:`.map_editor`). Scripts and tests can use the
same functions, so the rules of editing (unique ids, no duplicate or self routes, routes
removed with their location) live in one place.
"""

from __future__ import annotations

import math
from typing import Any

from questforge.editor.jsonpath import JsonPath

#: how near (scene units) a click must be to a location to hit it
HIT_RADIUS = 24.0


def _items(data: Any, key: str) -> list[Any]:
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, list) else []


def location_ids(data: Any) -> list[str]:
    return [loc["id"] for loc in _items(data, "locations") if isinstance(loc, dict) and "id" in loc]


def fresh_id(taken: list[str], base: str) -> str:
    """``base``, or ``base-2``, ``base-3`` … whichever is free."""
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def new_location(data: Any, x: float, y: float, area: str | None = None) -> dict[str, Any]:
    """A location at ``(x, y)`` with a fresh id, in ``area`` (default: the first area)."""
    ident = fresh_id(location_ids(data), "location")
    if area is None:
        areas = [a.get("id") for a in _items(data, "areas") if isinstance(a, dict)]
        area = areas[0] if areas else "area"
    return {
        "id": ident,
        "name": ident.replace("-", " ").title(),
        "area": area,
        "position": [round(x, 1), round(y, 1)],
    }


def location_at(data: Any, x: float, y: float, radius: float = HIT_RADIUS) -> int | None:
    """Index of the location nearest ``(x, y)`` within ``radius``, if any."""
    best: tuple[float, int] | None = None
    for i, loc in enumerate(_items(data, "locations")):
        pos = loc.get("position") if isinstance(loc, dict) else None
        if not (isinstance(pos, list) and len(pos) == 2):
            continue
        d = math.hypot(float(pos[0]) - x, float(pos[1]) - y)
        if d <= radius and (best is None or d < best[0]):
            best = (d, i)
    return None if best is None else best[1]


def route_index(data: Any, a: str, b: str) -> int | None:
    for i, route in enumerate(_items(data, "routes")):
        if isinstance(route, dict) and {route.get("from"), route.get("to")} == {a, b}:
            return i
    return None


def new_route(data: Any, a: str, b: str, sea: bool = False, cost: int = 1) -> dict[str, Any] | None:
    """A route from ``a`` to ``b`` (``None`` when it would join a location to itself or
    repeat an existing route: QWI403, QWI415). A sea route gets a gold cost (QWI402)."""
    if a == b or route_index(data, a, b) is not None:
        return None
    route: dict[str, Any] = {"from": a, "to": b}
    if sea:
        route["type"] = "sea"
        route["cost"] = max(1, cost)
    return route


def removal_for_location(data: Any, index: int) -> list[tuple[JsonPath, int]]:
    """The removals deleting location ``index`` and every route touching it, in an order
    that keeps the later indices valid (highest index first)."""
    loc = _items(data, "locations")[index]
    ident = loc.get("id") if isinstance(loc, dict) else None
    out: list[tuple[JsonPath, int]] = [
        (("routes",), i)
        for i, r in reversed(list(enumerate(_items(data, "routes"))))
        if isinstance(r, dict) and ident in (r.get("from"), r.get("to"))
    ]
    out.append((("locations",), index))
    return out


def area_ids(data: Any) -> list[str]:
    return [a["id"] for a in _items(data, "areas") if isinstance(a, dict) and "id" in a]


def new_obstacle_area(data: Any, area: str) -> dict[str, Any]:
    """An obstacle area linked to ``area`` with a fresh id (``<area>-obstacles``, then
    ``-2``…); both spaces are on by default in the schema, so they are left out."""
    taken = [o.get("id") for o in _items(data, "obstacle_areas") if isinstance(o, dict)]
    return {"id": fresh_id([str(t) for t in taken], f"{area}-obstacles"), "area": area}


def obstacle_areas_of(data: Any, area: str) -> list[int]:
    """Indices of the obstacle areas linked to ``area``."""
    return [
        i
        for i, o in enumerate(_items(data, "obstacle_areas"))
        if isinstance(o, dict) and o.get("area") == area
    ]


def empty_map(ident: str = "map", name: str = "New map") -> dict[str, Any]:
    """A new map document with one area and nothing else."""
    return {
        "$schema": "https://questforge.dev/schema/witcher/map.schema.json",
        "kind": "map",
        "id": ident,
        "name": name,
        "areas": [{"id": "area", "name": "Area", "investigation": "blue"}],
        "locations": [],
        "routes": [],
    }


# --- the battle track and obstacle areas on the canvas -----------------------------------

#: the node ids of the canvas's non-location nodes; a location id is kebab-case, so the
#: colon keeps these apart from any location
TRACK_NODE, OBSTACLE_NODE = "track:", "obstacle:"
#: a click on a battle-track space cycles it through these (WI-TRACK-02: a monster space
#: of a class, or a misfortune space)
TRACK_CYCLE: tuple[tuple[str, str | None], ...] = (
    ("misfortune", None),
    ("monster", "bronze"),
    ("monster", "silver"),
    ("monster", "gold"),
)


def track_space(
    obstacle: str, monster_class: str | None = None, area: Any = None
) -> dict[str, Any]:
    """One battle-track space as the schema writes it (``class`` only for a monster)."""
    space: dict[str, Any] = {"obstacle": obstacle}
    if obstacle == "monster":
        space["class"] = monster_class or "bronze"
    if isinstance(area, str) and area:
        space["area"] = area
    return space


def cycled_track_space(space: Any) -> dict[str, Any]:
    """The next kind of space in :data:`TRACK_CYCLE`, keeping the space's area."""
    space = space if isinstance(space, dict) else {}
    current = (
        space.get("obstacle"),
        space.get("class") if space.get("obstacle") == "monster" else None,
    )
    kinds = list(TRACK_CYCLE)
    following = kinds[(kinds.index(current) + 1) % len(kinds)] if current in kinds else kinds[0]
    return track_space(following[0], following[1], space.get("area"))


def node_ref(node_id: str | None) -> tuple[str, int] | None:
    """``("track", i)`` / ``("obstacle", i)`` for a canvas node id of those kinds."""
    for prefix, kind in ((TRACK_NODE, "track"), (OBSTACLE_NODE, "obstacle")):
        if node_id is not None and node_id.startswith(prefix):
            try:
                return kind, int(node_id[len(prefix) :])
            except ValueError:
                return None
    return None


def _bounds(data: Any) -> tuple[float, float, float, float]:
    """The box around the placed locations (a default box for a map without any)."""
    points = []
    for loc in _items(data, "locations"):
        pos = loc.get("position") if isinstance(loc, dict) else None
        if isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int | float) for v in pos):
            points.append((float(pos[0]), float(pos[1])))
    if not points:
        return 0.0, 0.0, 400.0, 300.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


#: the obstacle-area column sits this far left of the leftmost location (WI-OBS-08: the
#: board shows its obstacle areas on its left side); the track runs this far outside all
OBSTACLE_GAP, OBSTACLE_STEP, TRACK_MARGIN = 130.0, 56.0, 70.0


def obstacle_layout(data: Any) -> list[tuple[float, float]]:
    """Where each obstacle area is drawn: a column left of the map, top to bottom."""
    left, top, _right, bottom = _bounds(data)
    n = len(_items(data, "obstacle_areas"))
    height = max(0.0, (n - 1) * OBSTACLE_STEP)
    y0 = (top + bottom) / 2 - height / 2
    return [(left - OBSTACLE_GAP, y0 + i * OBSTACLE_STEP) for i in range(n)]


def track_layout(data: Any) -> list[tuple[float, float]]:
    """Where each battle-track space is drawn: evenly along a rectangle around the map and
    its obstacle areas, clockwise from the top-left corner (WI-TRACK-01: the track runs
    around the board; WI-TRACK-02: it advances clockwise)."""
    n = len(_items(data, "battle_track"))
    if not n:
        return []
    left, top, right, bottom = _bounds(data)
    column = obstacle_layout(data)
    if column:
        left = min(left, column[0][0] - 50)
        top = min(top, column[0][1])
        bottom = max(bottom, column[-1][1])
    left, top = left - TRACK_MARGIN, top - TRACK_MARGIN
    right, bottom = right + TRACK_MARGIN, bottom + TRACK_MARGIN
    w, h = right - left, bottom - top
    perimeter = 2 * (w + h)
    out = []
    for i in range(n):
        d = perimeter * i / n
        if d < w:
            out.append((left + d, top))
        elif d < w + h:
            out.append((right, top + d - w))
        elif d < 2 * w + h:
            out.append((right - (d - w - h), bottom))
        else:
            out.append((left, bottom - (d - 2 * w - h)))
    return [(round(x, 1), round(y, 1)) for x, y in out]


def area_with_fewest_obstacles(data: Any) -> str | None:
    """The area a new obstacle area goes to by default: the one with the fewest."""
    areas = area_ids(data)
    if not areas:
        return None
    return min(areas, key=lambda a: (len(obstacle_areas_of(data, a)), areas.index(a)))
