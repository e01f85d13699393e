"""What a scenario's map looks like, computed from the scenario's JSON and its map tiles.

Pure data (no Qt): the scene draws it, the SVG/PNG export draws the same thing, and tests
can assert on it. Geometry comes from :mod:`questforge.engine.core.hexgrid` (tile
placement ``rotate^k(h) + position``); nothing is re-derived here.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core import hexgrid

Hex = tuple[int, int]
Edge = tuple[Hex, Hex]

_DIRS = tuple((d[0], d[1]) for d in hexgrid.DIRECTIONS)

PLAYER_COUNTS = ("2", "3", "4")
STATES = ("absent", "normal", "elite")
OVERLAY_TYPES = (
    "corridor",
    "trap",
    "hazardous",
    "difficult",
    "obstacle",
    "treasure",
    "coin",
    "pressure-plate",
    "token",
)


#: coordinates beyond this are not drawn at all (the schema allows -1000..1000 and the
#: validator reports anything else): a pixel position must stay a finite float, and
#: ``10**400`` would overflow it
MAX_DRAWN_COORDINATE = 10**9


def as_hex(value: Any) -> Hex | None:
    """``[q, r]`` -> ``(q, r)``; ``None`` for anything malformed (drawn as nothing)."""
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and all(abs(v) <= MAX_DRAWN_COORDINATE for v in value)
    ):
        return (int(value[0]), int(value[1]))
    return None


def hexes_of(values: Any) -> list[Hex]:
    if not isinstance(values, list):
        return []
    return [h for h in (as_hex(v) for v in values) if h is not None]


@dataclass
class PlacedTile:
    index: int
    placement_id: str
    tile: str
    side: str
    hexes: set[Hex]
    walls: list[Edge]
    #: the tile (or its side) is unknown: hexes around the position are shown as a marker
    missing: bool = False


@dataclass
class ScenarioMap:
    tiles: list[PlacedTile] = field(default_factory=list)
    #: hex -> room id (door hexes and hexes outside every room are not in here)
    room_of: dict[Hex, str] = field(default_factory=dict)
    room_ids: list[str] = field(default_factory=list)
    doors: dict[Hex, int] = field(default_factory=dict)
    walls: list[Edge] = field(default_factory=list)
    hexes: set[Hex] = field(default_factory=set)

    _walls_cache: tuple[int, set[Hex]] | None = field(default=None, repr=False)

    def wall_hexes(self) -> set[Hex]:
        """Off-map hexes drawn black, like the wall border of a printed tile: every hex
        touching the map, and every hex the map encloses (a gap between rooms), so the map
        shows no hole of background colour inside it."""
        if self._walls_cache is not None and self._walls_cache[0] == len(self.hexes):
            return self._walls_cache[1]
        out: set[Hex] = set()
        hexes = self.hexes
        for q, r in hexes:
            for dq, dr in _DIRS:
                t = (q + dq, r + dr)
                if t not in hexes:
                    out.add(t)
        out |= _enclosed(hexes | out)
        self._walls_cache = (len(hexes), out)
        return out

    def tile_at(self, h: Hex) -> PlacedTile | None:
        for tile in reversed(self.tiles):
            if h in tile.hexes:
                return tile
        return None


def _enclosed(solid: set[Hex]) -> set[Hex]:
    """Hexes not in ``solid`` that cannot reach the outside without crossing it.

    Works on runs, not on the bounding box, so its cost depends on the occupied hexes and
    never on how far apart they are: two tiles at ``[0, 0]`` and ``[10000, -10000]`` (or
    ``1e12``) cost the same as two neighbours. Each row ``r`` of solid hexes splits the
    row into free runs; a run between two solid hexes is a candidate hole, the runs at
    both ends and every run of a row with no solid hex above or below it are outside.
    Runs of neighbouring rows touch where axial neighbours meet (``(q, r)`` touches
    ``(q, r+1)`` and ``(q-1, r+1)``); whatever is not connected to the outside is enclosed.
    """
    if not solid:
        return set()
    rows: dict[int, list[int]] = {}
    for q, r in solid:
        rows.setdefault(r, []).append(q)
    # the free runs between consecutive solid hexes of each row: (first q, last q)
    runs: dict[int, list[tuple[int, int]]] = {}
    for r, qs in rows.items():
        qs.sort()
        runs[r] = [(a + 1, b - 1) for a, b in itertools.pairwise(qs) if b - a > 1]
    ids: dict[tuple[int, int], int] = {}
    order: list[tuple[int, int, int]] = []  # (r, first, last) per id
    for r, row in runs.items():
        for first, last in row:
            ids[(r, first)] = len(order)
            order.append((r, first, last))
    parent = list(range(len(order) + 1))
    outside = len(order)

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: int, b: int) -> None:
        parent[find(a)] = find(b)

    for r, row in runs.items():
        for first, last in row:
            me = ids[(r, first)]
            for other in (r - 1, r + 1):
                if other not in rows:
                    union(me, outside)  # a row with no wall at all is open country
                    continue
                # the span of row ``other`` this run touches
                lo, hi = (first, last + 1) if other == r - 1 else (first - 1, last)
                qs = rows[other]
                if lo < qs[0] or hi > qs[-1]:
                    union(me, outside)  # reaches past the ends of that row
                for o_first, _o_last in _overlapping(runs[other], lo, hi):
                    union(me, ids[(other, o_first)])
    out: set[Hex] = set()
    for index, (r, first, last) in enumerate(order):
        if find(index) != find(outside):
            out.update((q, r) for q in range(first, last + 1))
    return out


def _overlapping(row: list[tuple[int, int]], lo: int, hi: int) -> list[tuple[int, int]]:
    """The runs of ``row`` (sorted, disjoint) that overlap ``[lo, hi]``."""
    start = bisect.bisect_left(row, (lo, lo)) - 1
    out = []
    for run in row[max(start, 0) :]:
        if run[0] > hi:
            break
        if run[1] >= lo:
            out.append(run)
    return out


TileLookup = Callable[[str], Any]


def tile_side_hexes(tile_data: Any, side: str) -> tuple[list[Hex], list[Edge]] | None:
    """Local hexes and thin walls of one side of a map-tile document."""
    if not isinstance(tile_data, dict):
        return None
    sides = tile_data.get("sides")
    if not isinstance(sides, dict) or not isinstance(sides.get(side), dict):
        return None
    data = sides[side]
    hexes = hexes_of(data.get("hexes"))
    walls: list[Edge] = []
    for wall in data.get("walls", []) if isinstance(data.get("walls"), list) else []:
        if isinstance(wall, list) and len(wall) == 2:
            a, b = as_hex(wall[0]), as_hex(wall[1])
            if a and b:
                walls.append((a, b))
    return hexes, walls


def place_tile(
    hexes: Iterable[Hex], walls: Iterable[Edge], rotation: int, position: Hex
) -> tuple[set[Hex], list[Edge]]:
    def p(h: Hex) -> Hex:
        out = hexgrid.place(h, rotation, position)
        return (out[0], out[1])

    return {p(h) for h in hexes}, [(p(a), p(b)) for a, b in walls]


def build_map(scenario: Any, tile_lookup: TileLookup) -> ScenarioMap:
    """The board of ``scenario``: placed tiles, rooms, doors and thin walls."""
    result = ScenarioMap()
    if not isinstance(scenario, dict):
        return result
    by_placement: dict[str, PlacedTile] = {}
    for index, placement in enumerate(scenario.get("tiles") or []):
        if not isinstance(placement, dict):
            continue
        position = as_hex(placement.get("position")) or (0, 0)
        rotation = placement.get("rotation", 0)
        rotation = rotation if isinstance(rotation, int) else 0
        tile_ref = str(placement.get("tile", ""))
        side = str(placement.get("side", "a"))
        local = tile_side_hexes(tile_lookup(tile_ref), side)
        missing = local is None
        if local is None:
            local = ([(0, 0)], [])
        hexes, walls = place_tile(local[0], local[1], rotation, position)
        placed = PlacedTile(
            index, str(placement.get("id", f"#{index}")), tile_ref, side, hexes, walls, missing
        )
        result.tiles.append(placed)
        by_placement[placed.placement_id] = placed
        result.hexes |= hexes
        result.walls.extend(walls)
    for wall in scenario.get("walls") or []:
        if isinstance(wall, list) and len(wall) == 2:
            a, b = as_hex(wall[0]), as_hex(wall[1])
            if a and b:
                result.walls.append((a, b))
    for index, door in enumerate(scenario.get("doors") or []):
        if isinstance(door, dict):
            h = as_hex(door.get("hex"))
            if h is not None:
                result.doors[h] = index
    for room in scenario.get("rooms") or []:
        if not isinstance(room, dict):
            continue
        rid = str(room.get("id", ""))
        result.room_ids.append(rid)
        for pid in room.get("tiles") or []:
            tile = by_placement.get(str(pid))
            if tile:
                for h in tile.hexes:
                    result.room_of.setdefault(h, rid)
        for h in hexes_of(room.get("hexes")):
            result.room_of.setdefault(h, rid)
            result.hexes.add(h)
    for h in result.doors:
        result.room_of.pop(h, None)
    # corridors and other overlays extend the playable area
    for overlay in scenario.get("overlays") or []:
        if isinstance(overlay, dict) and overlay.get("type") == "corridor":
            result.hexes.update(hexes_of(overlay.get("hexes")))
    result.hexes.update(result.doors)
    return result


def door_rooms(smap: ScenarioMap, h: Hex) -> list[str]:
    """The rooms a door on ``h`` would join: the rooms of its neighbours (and its own)."""
    found: list[str] = []
    own = smap.room_of.get(h)
    if own:
        found.append(own)
    for n in hexgrid.neighbors(h):
        rid = smap.room_of.get((n[0], n[1]))
        if rid and rid not in found:
            found.append(rid)
    return found


def placement_state(entry: Any, players: int) -> str:
    """``absent``/``normal``/``elite`` of a monster placement for ``players`` characters."""
    counts = entry.get("players") if isinstance(entry, dict) else None
    if not isinstance(counts, dict):
        return "normal"
    state = counts.get(str(players), "absent")
    return state if state in STATES else "absent"


def overlay_hexes(overlay: Any) -> list[Hex]:
    return hexes_of(overlay.get("hexes")) if isinstance(overlay, dict) else []
