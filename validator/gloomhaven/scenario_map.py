"""A scenario's map as the map checks see it: every element with its hexes and JSON path.

The checks need the same few questions answered again and again (which hexes does this tile
placement cover, which room is this hex in, who stands here with three characters), always
together with *where in the file* the element was written, so a finding can point at it.
:class:`ScenarioMap` computes that once per scenario document, from schema-valid data.

Geometry is the engine's: the scenario and its tiles are read with the content model
(:func:`questforge.engine.gloomhaven.model.load_document`) and placed by
:func:`questforge.engine.gloomhaven.model.build_scenario_map`, so the validator, the engine
and the editor agree on every hex. In particular (see ``model_map``): the map is the union
of the placed tile hexes, the rooms' explicit hexes and the door hexes; a door hex belongs to
no room (it is taken out of the room whose tile it lies on); adjacent hexes of different
rooms are separated by a wall, so rooms connect only through doors. This module only adds
what findings need: the JSON path of every element.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.hexgrid import DIRECTIONS
from questforge.engine.gloomhaven import model as gh
from questforge.validator.context import CheckContext
from questforge.validator.document import Document
from questforge.validator.findings import JsonPath

Hex = tuple[int, int]
Edge = tuple[Hex, Hex]

#: player counts of a monster marker (GH-SETUP-03)
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)


def hx(value: Any) -> Hex:
    """A schema-valid ``[q, r]`` as a tuple."""
    return (int(value[0]), int(value[1]))


def fmt_hex(h: Hex) -> str:
    return f"[{h[0]}, {h[1]}]"


def fmt_hexes(hexes: Any, limit: int = 6) -> str:
    ordered = sorted(hexes)
    text = ", ".join(fmt_hex(h) for h in ordered[:limit])
    if len(ordered) > limit:
        text += f" and {len(ordered) - limit} more"
    return text


@dataclass
class PlacedTile:
    """One entry of ``tiles``: a tile side placed on the scenario grid."""

    index: int
    id: str
    ref: str
    path: JsonPath
    #: scenario hexes covered (empty if the tile does not resolve)
    hexes: frozenset[Hex] = frozenset()
    resolved: bool = False


@dataclass
class Room:
    index: int
    id: str
    path: JsonPath
    #: every hex of the room (door hexes excluded), with the JSON path that put it there
    hexes: dict[Hex, JsonPath] = field(default_factory=dict)


@dataclass
class Door:
    index: int
    id: str
    path: JsonPath
    hex: Hex
    rooms: tuple[str, ...]
    locked: bool


@dataclass
class Overlay:
    index: int
    type: str
    id: str | None
    path: JsonPath
    hexes: tuple[Hex, ...]
    data: dict[str, Any]


@dataclass
class Figure:
    """A monster marker, named monster or boss on the map."""

    #: ``monster``, ``named-monster`` or ``boss``
    role: str
    index: int
    path: JsonPath
    hex: Hex
    #: the referenced monster type or boss
    ref: str
    #: state per player count: ``absent``, ``normal`` or ``elite``
    states: dict[int, str]
    #: a flying monster may stand on an obstacle (GH-OBST-02)
    flying: bool = False
    label: str = ""

    def present(self, players: int) -> bool:
        return self.states.get(players, "absent") != "absent"


@dataclass
class ScenarioMap:
    """Everything on one scenario's map, with JSON paths, over the engine's geometry."""

    doc: Document
    tiles: list[PlacedTile]
    rooms: list[Room]
    doors: list[Door]
    overlays: list[Overlay]
    figures: list[Figure]
    starting_room: str
    starting_hexes: list[tuple[Hex, JsonPath]]
    #: scenario-level thin walls (``walls``), with their paths
    extra_walls: list[tuple[Edge, JsonPath]]
    #: the engine's geometry (``None`` if the model could not read the scenario)
    geo: gh.ScenarioMap | None
    #: every tile side resolved (if not, geometry checks stay silent for this scenario)
    complete: bool
    _adjacency: dict[Hex, list[Hex]] | None = field(default=None, repr=False)

    @property
    def map_hexes(self) -> frozenset[Hex]:
        """Tile hexes, explicit room hexes and door hexes."""
        return self.geo.hexes if self.geo is not None else frozenset()

    def room_of(self) -> dict[Hex, str]:
        """Hex -> id of the (first) room that holds it (door hexes are in no room)."""
        return dict(self.geo.room_of) if self.geo is not None else {}

    def room(self, room_id: str) -> Room | None:
        return next((r for r in self.rooms if r.id == room_id), None)

    def open_neighbours(self) -> dict[Hex, list[Hex]]:
        """Walking neighbours of every map hex: on the map, not across a thin wall or a room
        boundary (doors are open). Computed once per scenario."""
        assert self.geo is not None
        if self._adjacency is None:
            # the engine's blocked edges (thin walls and room boundaries), enumerated once
            hexes = self.geo.hexes
            walls = self.geo.thin_walls | self.geo.room_walls
            adjacency: dict[Hex, list[Hex]] = {}
            for h in hexes:
                q, r = h
                out = []
                for dq, dr in DIRECTIONS:
                    n = (q + dq, r + dr)
                    if n in hexes and ((h, n) if h <= n else (n, h)) not in walls:
                        out.append(n)
                adjacency[h] = out
            self._adjacency = adjacency
        return self._adjacency

    def door_rooms(self, door: Door) -> set[str]:
        """Rooms whose hexes the door hex touches (not across a thin wall)."""
        assert self.geo is not None
        found = self.geo.door_at.get(door.hex)
        return self.geo.door_rooms(found) if found is not None else set()

    def obstacle_hexes(self) -> dict[Hex, Overlay]:
        out: dict[Hex, Overlay] = {}
        for overlay in self.overlays:
            if overlay.type == "obstacle":
                for h in overlay.hexes:
                    out.setdefault(h, overlay)
        return out


# --- building ---------------------------------------------------------------------------------


class _Tiles:
    """Map tiles resolved through the check context and read with the content model."""

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self.cache: dict[str, gh.MapTile | None] = {}

    def __call__(self, ref: str) -> gh.MapTile | None:
        if ref not in self.cache:
            found: gh.MapTile | None = None
            doc = self.ctx.resolve(ref, "map-tile")
            if doc is not None and doc.schema_valid:
                try:
                    tile = gh.load_document(doc.data, file=doc.name)
                except gh.ModelError:
                    tile = None
                found = tile if isinstance(tile, gh.MapTile) else None
            self.cache[ref] = found
        return self.cache[ref]


def build(
    ctx: CheckContext, doc: Document, tiles: Callable[[str], gh.MapTile | None]
) -> ScenarioMap:
    """The map of scenario ``doc`` (assumed schema-valid)."""
    data: dict[str, Any] = doc.data
    geo: gh.ScenarioMap | None
    try:
        scenario = gh.load_document(data, file=doc.name)
        geo = gh.build_scenario_map(scenario, tiles) if isinstance(scenario, gh.Scenario) else None
    except gh.ModelError:
        geo = None
    placed = {p.placement.source_path: p for p in geo.placed} if geo is not None else {}
    unresolved = {p.source_path for p in geo.unresolved} if geo is not None else set()

    placed_tiles: list[PlacedTile] = []
    for i, entry in enumerate(data.get("tiles", [])):
        path: JsonPath = ("tiles", i)
        tile = PlacedTile(i, entry.get("id", ""), entry.get("tile", ""), path)
        found = placed.get(path)
        if found is not None and path not in unresolved:
            tile.hexes = found.hexes
            tile.resolved = True
        placed_tiles.append(tile)
    complete = geo is not None and not unresolved

    doors = [
        Door(
            i,
            d.get("id", ""),
            ("doors", i),
            hx(d["hex"]),
            tuple(d.get("rooms", [])),
            bool(d.get("locked", False)),
        )
        for i, d in enumerate(data.get("doors", []))
    ]
    door_hexes = {d.hex for d in doors}

    by_tile_id: dict[str, PlacedTile] = {}
    for tile in placed_tiles:
        by_tile_id.setdefault(tile.id, tile)
    rooms: list[Room] = []
    for i, entry in enumerate(data.get("rooms", [])):
        room = Room(i, entry.get("id", ""), ("rooms", i))
        for t, tile_id in enumerate(entry.get("tiles", [])):
            placed_tile = by_tile_id.get(tile_id)
            if placed_tile is not None:
                for h in placed_tile.hexes:
                    if h not in door_hexes:
                        room.hexes.setdefault(h, ("rooms", i, "tiles", t))
        for k, h in enumerate(entry.get("hexes", [])):
            if hx(h) not in door_hexes:
                room.hexes.setdefault(hx(h), ("rooms", i, "hexes", k))
        rooms.append(room)

    overlays = [
        Overlay(
            i,
            o.get("type", ""),
            o.get("id"),
            ("overlays", i),
            tuple(hx(h) for h in o.get("hexes", [])),
            o,
        )
        for i, o in enumerate(data.get("overlays", []))
    ]

    figures: list[Figure] = []
    for i, m in enumerate(data.get("monsters", [])):
        ref = m.get("monster", "")
        figures.append(
            Figure(
                "monster",
                i,
                ("monsters", i),
                hx(m["hex"]),
                ref,
                {n: m.get("players", {}).get(str(n), "absent") for n in PLAYER_COUNTS},
                flying=_flies(ctx, ref),
                label=f"monster {ref!r}",
            )
        )
    for i, m in enumerate(data.get("named_monsters", [])):
        ref = m.get("monster", "")
        players = m.get("players")
        states = (
            {n: players.get(str(n), "absent") for n in PLAYER_COUNTS}
            if isinstance(players, dict)
            else dict.fromkeys(PLAYER_COUNTS, "normal")
        )
        figures.append(
            Figure(
                "named-monster",
                i,
                ("named_monsters", i),
                hx(m["hex"]),
                ref,
                states,
                flying=_flies(ctx, ref),
                label=f"named monster {m.get('id', '')!r}",
            )
        )
    for i, b in enumerate(data.get("bosses", [])):
        figures.append(
            Figure(
                "boss",
                i,
                ("bosses", i),
                hx(b["hex"]),
                b.get("boss", ""),
                dict.fromkeys(PLAYER_COUNTS, "normal"),
                label=f"boss {b.get('id', '')!r}",
            )
        )

    return ScenarioMap(
        doc=doc,
        tiles=placed_tiles,
        rooms=rooms,
        doors=doors,
        overlays=overlays,
        figures=figures,
        starting_room=data.get("starting_room", ""),
        starting_hexes=[
            (hx(h), ("starting_hexes", k)) for k, h in enumerate(data.get("starting_hexes", []))
        ],
        extra_walls=[
            ((hx(w[0]), hx(w[1])), ("walls", k)) for k, w in enumerate(data.get("walls", []))
        ],
        geo=geo,
        complete=complete,
    )


def _flies(ctx: CheckContext, ref: str) -> bool:
    doc = ctx.resolve(ref, "monster")
    return bool(doc is not None and isinstance(doc.data, dict) and doc.data.get("flying"))


_CACHE_ATTR = "_gloomhaven_scenario_maps"


def scenario_maps(ctx: CheckContext) -> list[ScenarioMap]:
    """The maps of every schema-valid scenario of the pack, built once per context."""
    cached = getattr(ctx, _CACHE_ATTR, None)
    if cached is None:
        tiles = _Tiles(ctx)
        cached = [build(ctx, doc, tiles) for doc in ctx.of_kind("scenario")]
        setattr(ctx, _CACHE_ATTR, cached)
    return cached
