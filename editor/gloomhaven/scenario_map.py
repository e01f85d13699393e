"""What a scenario's map looks like, for the canvas: a view over the engine's map.

Pure data (no Qt): the scene draws it, the SVG/PNG export draws the same thing, and tests
can assert on it. The geometry (placed and rotated tiles, rooms, room of a hex, doors, thin
walls) is the engine's :func:`~questforge.engine.gloomhaven.model.build_scenario_map_tolerant`
over the scenario being edited, so the canvas shows as playable exactly what the engine
plays and the validator checks; this module only adds what drawing needs (tile indices,
the marker of a tile that does not resolve, the wall border).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core import hexgrid
from questforge.engine.core.hexgrid import EdgeKey as Edge
from questforge.engine.core.hexgrid import HexKey as Hex
from questforge.engine.core.hexgrid import parse_hex
from questforge.engine.gloomhaven import model as gh
from questforge.engine.gloomhaven.constants import MARKER_STATES as STATES
from questforge.engine.gloomhaven.constants import OVERLAY_TYPES as OVERLAY_TYPES
from questforge.engine.gloomhaven.constants import PLAYER_COUNTS as _COUNTS

#: the player counts as the JSON keys of a placement's ``players``
PLAYER_COUNTS: tuple[str, ...] = tuple(str(n) for n in _COUNTS)


def as_hex(value: Any) -> Hex | None:
    """``[q, r]`` -> a hex; ``None`` for anything malformed (drawn as nothing): the one
    reader, :func:`questforge.engine.core.hexgrid.parse_hex`, typed as the editor's keys."""
    return parse_hex(value)


def hexes_of(values: Any) -> list[Hex]:
    if not isinstance(values, list):
        return []
    return [h for h in (parse_hex(v) for v in values) if h is not None]


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
    """What the canvas draws; ``geo`` is the engine's map it was made from (``None`` for an
    empty board, e.g. before the first build)."""

    tiles: list[PlacedTile] = field(default_factory=list)
    #: hex -> room id (door hexes and hexes outside every room are not in here)
    room_of: dict[Hex, str] = field(default_factory=dict)
    room_ids: list[str] = field(default_factory=list)
    doors: dict[Hex, int] = field(default_factory=dict)
    walls: list[Edge] = field(default_factory=list)
    hexes: set[Hex] = field(default_factory=set)
    geo: gh.ScenarioMap | None = None

    _walls_cache: tuple[int, set[Hex]] | None = field(default=None, repr=False)

    def wall_hexes(self) -> set[Hex]:
        """Off-map hexes drawn black, like the wall border of a printed tile: every hex
        touching the map, and every hex the map encloses (a gap between rooms), so the map
        shows no hole of background colour inside it."""
        if self._walls_cache is not None and self._walls_cache[0] == len(self.hexes):
            return self._walls_cache[1]
        out: set[Hex] = set()
        hexes = self.hexes
        for h in hexes:
            for t in hexgrid.neighbors(h):
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
    """Local hexes and thin walls of one side of a map-tile document (read by the model)."""
    tile = gh.map_tile_from_data(tile_data)
    found = tile.sides.get(side) if tile is not None else None
    if found is None:
        return None
    return list(found.hexes), list(found.walls)


def place_tile(
    hexes: Iterable[Hex], walls: Iterable[Edge], rotation: int, position: Hex
) -> tuple[set[Hex], list[Edge]]:
    """Tile-local hexes and walls on the scenario grid (the model's placement rule)."""
    side = gh.TileSide(
        side="",
        hexes=tuple(hexgrid.Hex(*h) for h in hexes),
        walls=tuple(gh.wall(hexgrid.Hex(*a), hexgrid.Hex(*b)) for a, b in walls),
    )
    placement = gh.TilePlacement(
        id="", tile="", side="", position=hexgrid.Hex(*position), rotation=rotation
    )
    placed, placed_walls = gh.place_side(side, placement)
    return set(placed), sorted(placed_walls)


def build_map(scenario: Any, tile_lookup: TileLookup) -> ScenarioMap:
    """The board of ``scenario`` (JSON being edited): the engine's map, for drawing.

    Tile placements, rooms, doors and walls that do not read are left out (the validator
    reports them); a placement whose tile or side is unknown is shown as a marker hex at
    its position, which is not part of the map.
    """
    tiles: dict[str, gh.MapTile | None] = {}

    def resolve(ref: str) -> gh.MapTile | None:
        if ref not in tiles:
            tiles[ref] = gh.map_tile_from_data(tile_lookup(ref), ref)
        return tiles[ref]

    geo, _skipped = gh.build_scenario_map_tolerant(scenario, resolve)
    result = ScenarioMap(geo=geo)
    unresolved = {id(p) for p in geo.unresolved}
    for placed in geo.placed:
        p = placed.placement
        missing = id(p) in unresolved
        index = p.source_path[-1] if p.source_path else len(result.tiles)
        result.tiles.append(
            PlacedTile(
                int(index),
                p.id,
                p.tile,
                p.side,
                {p.position} if missing else set(placed.hexes),
                sorted(placed.walls),
                missing,
            )
        )
    result.walls = sorted(geo.thin_walls)
    result.doors = {h: int(d.source_path[-1]) for h, d in geo.door_at.items()}
    result.room_ids = [r.id for r in geo.scenario.rooms]
    result.room_of = dict(geo.room_of)
    result.hexes = set(geo.hexes)
    return result


def door_rooms(smap: ScenarioMap, h: Hex) -> list[str]:
    """The rooms a door on ``h`` would join: its own room and its neighbours' (the
    engine's :meth:`~questforge.engine.gloomhaven.model.ScenarioMap.rooms_touching`)."""
    if smap.geo is None:
        return []
    return smap.geo.rooms_touching(h)


def placement_state(entry: Any, players: int) -> str:
    """``absent``/``normal``/``elite`` of a monster placement for ``players`` characters."""
    counts = entry.get("players") if isinstance(entry, dict) else None
    if not isinstance(counts, dict):
        return "normal"
    state = counts.get(str(players), "absent")
    return state if state in STATES else "absent"


def overlay_hexes(overlay: Any) -> list[Hex]:
    return hexes_of(overlay.get("hexes")) if isinstance(overlay, dict) else []
