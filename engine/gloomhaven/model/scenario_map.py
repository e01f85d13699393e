"""Map tiles, scenarios and the placed geometry of a scenario map.

Geometry rules (the team's shared conventions, see ``docs/content-format.md``):

- A map tile side lists its hexes and thin walls in tile-local axial coordinates.
- A placement maps each tile hex ``h`` to ``rotate^k(h) + position`` where one rotation step
  is ``(q, r) -> (-r, q + r)`` and ``k`` is the placement's ``rotation`` (0-5). Walls map the
  same way.
- A room is the union of the hexes of its tile placements and its explicit ``hexes``.
- A door sits on one hex; that hex belongs to no room (it is taken out of the room whose
  tile it lies on) and joins the two rooms it touches.
- Two adjacent hexes of *different* rooms are separated by a wall (a room boundary): only
  doors connect rooms.

:func:`build_scenario_map` computes all of that with plain integer arithmetic (the shared
hex convention of :mod:`questforge.engine.core.hexgrid`) and reports
what a semantic check needs (overlapping placements, hexes claimed by two rooms, tiles that
did not resolve) instead of failing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from questforge.engine.core import hexgrid
from questforge.engine.core.hexgrid import HexKey
from questforge.engine.gloomhaven.constants import PLAYER_COUNTS
from questforge.engine.gloomhaven.model.base import (
    ContentDocument,
    Hex,
    JsonPath,
    ModelError,
    Node,
    Reader,
    Value,
    Wall,
    as_int,
    as_wall,
    wall,
)

T = TypeVar("T")


def neighbours(h: Hex) -> list[Hex]:
    """The six neighbours of ``h``, in the shared order (:func:`hexgrid.neighbors`)."""
    return hexgrid.neighbors(h)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance on an open grid (:func:`questforge.engine.core.hexgrid.distance`)."""
    return hexgrid.distance(a, b)


def rotate(h: Hex, steps: int) -> Hex:
    """Rotate ``h`` about the origin by ``steps`` 60° steps: ``(q, r) -> (-r, q + r)``."""
    return hexgrid.rotate(h, steps)


def place(h: Hex, position: Hex, rotation: int) -> Hex:
    """Tile-local hex ``h`` on the scenario grid: ``rotate^rotation(h) + position``."""
    return hexgrid.place(h, rotation, position)


# ---------------------------------------------------------------- tiles


@dataclass(frozen=True, kw_only=True)
class TileSide(Node):
    side: str
    label: str | None = None
    hexes: tuple[Hex, ...]
    walls: tuple[Wall, ...] = ()


@dataclass(frozen=True, kw_only=True)
class MapTile(ContentDocument):
    """A double-sided map tile; ``sides`` maps ``"a"``/``"b"`` to the side's geometry."""

    name: str
    description: str | None = None
    sides: Mapping[str, TileSide] = field(default_factory=dict)


# ---------------------------------------------------------------- scenario parts


@dataclass(frozen=True, kw_only=True)
class TilePlacement(Node):
    id: str
    tile: str
    side: str
    position: Hex
    rotation: int = 0


@dataclass(frozen=True, kw_only=True)
class Room(Node):
    id: str
    name: str | None = None
    #: ids of the tile placements that make up the room
    tiles: tuple[str, ...] = ()
    #: extra scenario hexes (corridors)
    hexes: tuple[Hex, ...] = ()
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Trigger(Node):
    """When a special rule fires or a locked door opens (``type`` selects the fields)."""

    type: str
    round: int | None = None
    when: str = "end"
    every: int | None = None
    room: str | None = None
    door: str | None = None
    overlay: str | None = None
    targets: tuple[str, ...] = ()
    number: int | None = None
    #: monster-killed: the monster type (None = any) and how many deaths fire it
    monster: str | None = None
    count: int | None = None
    #: enter-hex: the watched hexes and who sets it off (characters, monsters, any)
    hexes: tuple[Hex, ...] = ()
    figures: str | None = None
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Door(Node):
    id: str
    hex: Hex
    rooms: tuple[str, ...]
    locked: bool = False
    opens_when: Trigger | None = None
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Overlay(Node):
    """An overlay tile on one or more hexes; ``type`` selects which fields apply."""

    type: str
    hexes: tuple[Hex, ...]
    id: str | None = None
    #: trap: deals 2 + L damage (GH-TRAP-04); and the conditions it applies
    damage: bool = False
    conditions: tuple[str, ...] = ()
    #: destructible obstacle health (GH-SPEC-05)
    health: Value | None = None
    #: treasure reference number, or numbered token number
    number: int | None = None
    #: money tokens per hex
    count: int = 1
    label: str | None = None
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class MonsterPlacement(Node):
    """A monster marker: ``players`` maps 2, 3, 4 to ``absent``/``normal``/``elite``."""

    monster: str
    hex: Hex
    players: Mapping[int, str]
    id: str | None = None

    def state(self, characters: int) -> str:
        """``absent``, ``normal`` or ``elite`` for ``characters`` (1 plays as 2, GH-VAR-01)."""
        return self.players.get(max(2, min(4, characters)), "absent")


@dataclass(frozen=True, kw_only=True)
class _ByPlayerCount(Node):
    """A figure placed only at some player counts (``players`` maps 2/3/4 to a state)."""

    #: ``None``: present at every player count
    players: Mapping[int, str] | None = None

    def present(self, characters: int) -> bool:
        if self.players is None:
            return True
        return self.players.get(max(2, min(4, characters)), "absent") != "absent"


@dataclass(frozen=True, kw_only=True)
class NamedMonster(_ByPlayerCount):
    id: str
    name: str
    monster: str
    hex: Hex
    health: Value
    rank: str = "elite"
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Ally(_ByPlayerCount):
    """An allied figure (GH-SPEC-06): the party's side, played by the rules."""

    id: str
    name: str
    hex: Hex
    health: Value
    move: int
    attack: int
    initiative: int
    range: int = 0
    shield: int = 0
    retaliate: int = 0
    flying: bool = False
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class BossPlacement(Node):
    id: str
    boss: str
    hex: Hex


#: stats a ``monster-stats`` effect may change
STAT_KEYS: tuple[str, ...] = ("health", "move", "attack", "range", "shield", "retaliate")


@dataclass(frozen=True, kw_only=True)
class Effect(Node):
    """What a special rule does (``type`` selects the fields; see the scenario schema)."""

    type: str
    monster: str | None = None
    hex: Hex | None = None
    players: Mapping[int, str] | None = None
    door: str | None = None
    room: str | None = None
    overlays: tuple[str, ...] = ()
    #: infuse / consume
    elements: tuple[str, ...] = ()
    #: damage (integer or formula), conditions; the area: ``hexes`` or ``room`` and
    #: ``figures`` (characters, monsters, all)
    amount: Value | None = None
    conditions: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    figures: str | None = None
    #: monster-stats: the named placement changed instead of a type, and the changes
    named: str | None = None
    stats: Mapping[str, int] = field(default_factory=dict)
    #: add-overlays: kind, id, trap damage, obstacle health, treasure number, coin count
    overlay: str | None = None
    id: str | None = None
    damage: bool = False
    health: Value | None = None
    number: int | None = None
    count: int = 1
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class SpecialRule(Node):
    id: str | None = None
    trigger: Trigger | None = None
    once: bool = True
    effects: tuple[Effect, ...] = ()
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Condition(Node):
    """A win or loss condition (``type`` selects the fields)."""

    type: str
    targets: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    hexes: tuple[Hex, ...] = ()
    all_characters: bool = True
    rounds: int | None = None
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Rewards(Node):
    gold: int = 0
    xp: int = 0
    reputation: int = 0
    prosperity: int = 0
    global_achievements: tuple[str, ...] = ()
    party_achievements: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    #: the sealed envelope completing the scenario opens (GH-ENV-01/03)
    envelope: str | None = None
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Scenario(ContentDocument):
    number: int
    name: str
    location: str | None = None
    description: str | None = None
    conclusion: str | None = None
    required_global: tuple[str, ...] = ()
    required_party: tuple[str, ...] = ()
    tiles: tuple[TilePlacement, ...] = ()
    rooms: tuple[Room, ...] = ()
    starting_room: str
    starting_hexes: tuple[Hex, ...] = ()
    walls: tuple[Wall, ...] = ()
    doors: tuple[Door, ...] = ()
    overlays: tuple[Overlay, ...] = ()
    monsters: tuple[MonsterPlacement, ...] = ()
    named_monsters: tuple[NamedMonster, ...] = ()
    bosses: tuple[BossPlacement, ...] = ()
    allies: tuple[Ally, ...] = ()
    win: tuple[Condition, ...] = ()
    loss: tuple[Condition, ...] = ()
    special_rules: tuple[SpecialRule, ...] = ()
    round_tracker: bool = False
    unlocks: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    linked_to_city: bool = False
    rewards: Rewards | None = None
    #: in the random scenario deck (GH-RSC-01): unlocked only by a draw
    random_deck: bool = False
    #: the sealed envelope holding the scenario (GH-ENV-02): unlocked once it is opened
    envelope: str | None = None

    def room(self, room_id: str) -> Room | None:
        return next((r for r in self.rooms if r.id == room_id), None)

    def door(self, door_id: str) -> Door | None:
        return next((d for d in self.doors if d.id == door_id), None)

    def placement(self, placement_id: str) -> TilePlacement | None:
        return next((t for t in self.tiles if t.id == placement_id), None)

    def overlay(self, overlay_id: str) -> Overlay | None:
        return next((o for o in self.overlays if o.id == overlay_id), None)

    def monsters_for(self, characters: int) -> list[tuple[MonsterPlacement, str]]:
        """``(placement, "normal" | "elite")`` for every monster present at this count."""
        out = []
        for m in self.monsters:
            state = m.state(characters)
            if state != "absent":
                out.append((m, state))
        return out

    def figure_ids(self) -> set[str]:
        """Ids goals and triggers may name: named monsters and boss placements."""
        return {n.id for n in self.named_monsters} | {b.id for b in self.bosses}


# ---------------------------------------------------------------- geometry


@dataclass(frozen=True, kw_only=True)
class PlacedTile:
    """A tile placement on the scenario grid (``tile`` is ``None`` if it did not resolve)."""

    placement: TilePlacement
    tile: MapTile | None
    hexes: frozenset[Hex]
    walls: frozenset[Wall]


@dataclass(frozen=True, kw_only=True)
class PlacedRoom:
    """One entry of a scenario's ``rooms`` with the hexes it holds (door hexes left out),
    each with the JSON path that put it there (a tile id or an explicit hex): a finding
    about a room hex points at the entry that claimed it."""

    room: Room
    hexes: Mapping[HexKey, JsonPath]


@dataclass(frozen=True, kw_only=True)
class ScenarioMap:
    """The resolved map of a scenario: hexes, rooms, doors and walls on the scenario grid.

    The one derivation of a Gloomhaven scenario's geometry: the engine (``game.from_model``),
    the validator's map checks, the editor's canvas and the playtest board all read it, so
    they agree on every hex (a corridor overlay outside every tile and room is off the
    map for all of them, GH-CORR-01: corridor hexes are listed in a room's ``hexes``).
    """

    scenario: Scenario
    placed: tuple[PlacedTile, ...]
    #: every hex of the map: placed tile hexes, rooms' explicit hexes and door hexes
    hexes: frozenset[HexKey]
    #: each room's hexes (door hexes removed)
    room_hexes: Mapping[str, frozenset[HexKey]]
    #: the room of each non-door hex (the first room listing it, if several do)
    room_of: Mapping[HexKey, str]
    door_at: Mapping[HexKey, Door]
    #: thin walls from the tiles and from the scenario's ``walls``
    thin_walls: frozenset[Wall]
    #: edges between adjacent hexes of different rooms (rooms connect only through doors)
    room_walls: frozenset[Wall]
    #: hexes covered by two or more tile placements -> their placement ids
    overlaps: Mapping[HexKey, tuple[str, ...]]
    #: hexes listed by two or more rooms -> their room ids
    shared_hexes: Mapping[HexKey, tuple[str, ...]]
    #: placements whose tile or side did not resolve
    unresolved: tuple[TilePlacement, ...]
    #: rooms' tile ids that name no placement: (room id, placement id)
    unknown_room_tiles: tuple[tuple[str, str], ...]
    #: every entry of ``rooms`` in order, with the paths of its hexes
    placed_rooms: tuple[PlacedRoom, ...] = ()

    @property
    def walls(self) -> frozenset[Wall]:
        """Every edge that blocks movement and line of sight (thin walls and room bounds)."""
        return self.thin_walls | self.room_walls

    def blocked(self, a: Hex, b: Hex) -> bool:
        """True if the edge between adjacent ``a`` and ``b`` is a wall."""
        e = wall(a, b)
        return e in self.thin_walls or e in self.room_walls

    def open_neighbours(self, h: Hex) -> list[Hex]:
        """Map neighbours of ``h`` not behind a wall (doors count as open here)."""
        return [n for n in neighbours(h) if n in self.hexes and not self.blocked(h, n)]

    @functools.cached_property
    def adjacency(self) -> dict[HexKey, list[HexKey]]:
        """:meth:`open_neighbours` of every map hex, as one table built once (path searches
        walk it thousands of times; read it, never change it)."""
        hexes = self.hexes
        walls = self.thin_walls | self.room_walls
        table: dict[HexKey, list[HexKey]] = {}
        for h in hexes:
            q, r = h
            out: list[HexKey] = []
            for dq, dr in hexgrid.DIRECTIONS:
                n = (q + dq, r + dr)
                if n in hexes and ((h, n) if h <= n else (n, h)) not in walls:
                    out.append(n)
            table[h] = out
        return table

    def rooms_touching(self, h: HexKey) -> list[str]:
        """The rooms a door on ``h`` joins: ``h``'s own room (a hex that is not yet a
        door), then the rooms of its neighbours not behind a thin wall, in direction order."""
        found: list[str] = []
        own = self.room_of.get(h)
        if own is not None:
            found.append(own)
        for n in hexgrid.neighbors(h):
            rid = self.room_of.get(n)
            if (
                rid is not None
                and rid not in found
                and wall(hexgrid.Hex(*h), n) not in self.thin_walls
            ):
                found.append(rid)
        return found

    def door_rooms(self, door: Door) -> set[str]:
        """The rooms the door hex touches through open edges."""
        return set(self.rooms_touching(door.hex))

    def room_at(self, h: Hex) -> str | None:
        return self.room_of.get(h)

    def room_graph(self) -> dict[str, set[str]]:
        """Rooms joined by doors (using the rooms each door actually touches)."""
        graph: dict[str, set[str]] = {rid: set() for rid in self.room_hexes}
        for door in self.scenario.doors:
            touched = self.door_rooms(door)
            for a in touched:
                graph.setdefault(a, set()).update(touched - {a})
        return graph


def place_side(side: TileSide, placement: TilePlacement) -> tuple[frozenset[Hex], frozenset[Wall]]:
    hexes = frozenset(place(h, placement.position, placement.rotation) for h in side.hexes)
    walls = frozenset(
        wall(
            place(a, placement.position, placement.rotation),
            place(b, placement.position, placement.rotation),
        )
        for a, b in side.walls
    )
    return hexes, walls


def build_scenario_map(
    scenario: Scenario, resolve_tile: Callable[[str], MapTile | None]
) -> ScenarioMap:
    """Resolve the scenario's geometry; ``resolve_tile`` maps a tile reference to a tile."""
    placed: list[PlacedTile] = []
    unresolved: list[TilePlacement] = []
    covered: dict[HexKey, list[str]] = {}
    thin: set[Wall] = set(scenario.walls)
    by_placement: dict[str, frozenset[Hex]] = {}
    for p in scenario.tiles:
        tile = resolve_tile(p.tile)
        side = tile.sides.get(p.side) if tile is not None else None
        if tile is None or side is None:
            unresolved.append(p)
            placed.append(PlacedTile(placement=p, tile=tile, hexes=frozenset(), walls=frozenset()))
            continue
        hexes, walls = place_side(side, p)
        placed.append(PlacedTile(placement=p, tile=tile, hexes=hexes, walls=walls))
        by_placement.setdefault(p.id, hexes)
        thin |= walls
        for h in hexes:
            covered.setdefault(h, []).append(p.id)

    door_at: dict[HexKey, Door] = {d.hex: d for d in scenario.doors}
    claims: dict[HexKey, list[str]] = {}
    room_sets: dict[str, set[HexKey]] = {}
    unknown: list[tuple[str, str]] = []
    placed_rooms: list[PlacedRoom] = []
    for room in scenario.rooms:
        paths: dict[HexKey, JsonPath] = {}
        for t, pid in enumerate(room.tiles):
            if pid in by_placement:
                for h in by_placement[pid]:
                    paths.setdefault(h, (*room.source_path, "tiles", t))
            elif scenario.placement(pid) is None:
                unknown.append((room.id, pid))
        for k, h in enumerate(room.hexes):
            paths.setdefault(h, (*room.source_path, "hexes", k))
        for door_hex in door_at.keys() & paths.keys():
            del paths[door_hex]
        placed_rooms.append(PlacedRoom(room=room, hexes=paths))
        room_sets.setdefault(room.id, set()).update(paths)
        for key in paths:
            claims.setdefault(key, []).append(room.id)

    room_of = {key: ids[0] for key, ids in claims.items()}
    room_walls: set[Wall] = set()
    for key, rid in room_of.items():
        here = hexgrid.Hex(*key)
        for n in neighbours(here):
            other = room_of.get(n)
            if other is not None and other != rid:
                room_walls.add(wall(here, n))

    all_hexes = frozenset(covered) | frozenset(room_of) | frozenset(door_at)
    return ScenarioMap(
        scenario=scenario,
        placed=tuple(placed),
        hexes=all_hexes,
        room_hexes={rid: frozenset(hs) for rid, hs in room_sets.items()},
        room_of=room_of,
        door_at=door_at,
        thin_walls=frozenset(thin),
        room_walls=frozenset(room_walls),
        overlaps={h: tuple(ids) for h, ids in covered.items() if len(ids) > 1},
        shared_hexes={h: tuple(ids) for h, ids in claims.items() if len(ids) > 1},
        unresolved=tuple(unresolved),
        unknown_room_tiles=tuple(unknown),
        placed_rooms=tuple(placed_rooms),
    )


# ---------------------------------------------------------------- parsing


def parse_map_tile(r: Reader, common: dict[str, Any]) -> MapTile:
    sides: dict[str, TileSide] = {}
    sr = r.child("sides", Reader)
    if sr is None:
        raise ModelError("missing required property 'sides'", r.path)
    for key, data in sr.data.items():
        s = Reader(data, sr.at(key))
        sides[key] = TileSide(
            source_path=s.path,
            side=key,
            label=s.opt_str("label"),
            hexes=s.hexes("hexes"),
            walls=s.array("walls", as_wall),
        )
    return MapTile(
        **common, name=r.req_str("name"), description=r.opt_str("description"), sides=sides
    )


def parse_players(data: Any, path: JsonPath) -> dict[int, str]:
    r = Reader(data, path)
    out: dict[int, str] = {}
    for n in PLAYER_COUNTS:
        state = r.opt_str(str(n))
        if state is None:
            raise ModelError(f"missing the state for {n} characters", path)
        out[n] = state
    return out


def _trigger(data: Any, path: JsonPath) -> Trigger:
    r = Reader(data, path)
    return Trigger(
        source_path=path,
        type=r.req_str("type"),
        round=r.opt_int("round"),
        when=r.opt_str("when") or "end",
        every=r.opt_int("every"),
        room=r.opt_str("room"),
        door=r.opt_str("door"),
        overlay=r.opt_str("overlay"),
        targets=r.strs("targets"),
        number=r.opt_int("number"),
        monster=r.opt_str("monster"),
        count=r.opt_int("count"),
        hexes=r.hexes("hexes"),
        figures=r.opt_str("figures"),
        text=r.opt_str("text"),
    )


def _effect(data: Any, path: JsonPath) -> Effect:
    r = Reader(data, path)
    return Effect(
        source_path=path,
        type=r.req_str("type"),
        monster=r.opt_str("monster"),
        hex=r.opt_hex("hex"),
        players=r.child("players", parse_players),
        door=r.opt_str("door"),
        room=r.opt_str("room"),
        overlays=r.strs("overlays"),
        elements=r.strs("elements"),
        amount=r.opt_value("amount"),
        conditions=r.strs("conditions"),
        hexes=r.hexes("hexes"),
        figures=r.opt_str("figures"),
        named=r.opt_str("named"),
        stats={k: v for k in STAT_KEYS if (v := r.opt_int(k)) is not None},
        overlay=r.opt_str("overlay"),
        id=r.opt_str("id"),
        damage=r.flag("damage"),
        health=r.opt_value("health"),
        number=r.opt_int("number"),
        count=r.int_or("count", 1),
        text=r.opt_str("text"),
    )


def _condition(data: Any, path: JsonPath) -> Condition:
    r = Reader(data, path)
    return Condition(
        source_path=path,
        type=r.req_str("type"),
        targets=r.strs("targets"),
        numbers=r.array("numbers", as_int),
        hexes=r.hexes("hexes"),
        all_characters=r.flag("all_characters", True),
        rounds=r.opt_int("rounds"),
        text=r.opt_str("text"),
    )


def parse_special_rule(s: Reader) -> SpecialRule:
    """One special rule: a scenario's (GH-SPEC), or a monster's or boss's printed special
    that the engine applies (``rules`` of its stat card, GH-MSTAT-04)."""
    return SpecialRule(
        source_path=s.path,
        id=s.opt_str("id"),
        trigger=s.child("trigger", _trigger),
        once=s.flag("once", True),
        effects=s.array("effects", _effect),
        text=s.opt_str("text"),
    )


def _items(r: Reader, key: str, fn: Callable[[Reader], Any]) -> tuple[Any, ...]:
    return r.array(key, lambda data, path: fn(Reader(data, path)))


def _tile_placement(t: Reader) -> TilePlacement:
    return TilePlacement(
        source_path=t.path,
        id=t.req_str("id"),
        tile=t.req_str("tile"),
        side=t.req_str("side"),
        position=t.req_hex("position"),
        rotation=t.int_or("rotation", 0),
    )


def _room(m: Reader) -> Room:
    return Room(
        source_path=m.path,
        id=m.req_str("id"),
        name=m.opt_str("name"),
        tiles=m.strs("tiles"),
        hexes=m.hexes("hexes"),
        text=m.opt_str("text"),
    )


def _door(d: Reader) -> Door:
    return Door(
        source_path=d.path,
        id=d.req_str("id"),
        hex=d.req_hex("hex"),
        rooms=d.strs("rooms"),
        locked=d.flag("locked"),
        opens_when=d.child("opens_when", _trigger),
        text=d.opt_str("text"),
    )


def parse_scenario(r: Reader, common: dict[str, Any]) -> Scenario:
    req = r.child("requirements", Reader)
    rew = r.child("rewards", Reader)
    return Scenario(
        **common,
        number=r.req_int("number"),
        name=r.req_str("name"),
        location=r.opt_str("location"),
        description=r.opt_str("description"),
        conclusion=r.opt_str("conclusion"),
        required_global=req.strs("global") if req else (),
        required_party=req.strs("party") if req else (),
        tiles=_items(r, "tiles", _tile_placement),
        rooms=_items(r, "rooms", _room),
        starting_room=r.req_str("starting_room"),
        starting_hexes=r.hexes("starting_hexes"),
        walls=r.array("walls", as_wall),
        doors=_items(r, "doors", _door),
        overlays=_items(
            r,
            "overlays",
            lambda o: Overlay(
                source_path=o.path,
                type=o.req_str("type"),
                hexes=o.hexes("hexes"),
                id=o.opt_str("id"),
                damage=o.flag("damage"),
                conditions=o.strs("conditions"),
                health=o.opt_value("health"),
                number=o.opt_int("number"),
                count=o.int_or("count", 1),
                label=o.opt_str("label"),
                text=o.opt_str("text"),
            ),
        ),
        monsters=_items(
            r,
            "monsters",
            lambda m: MonsterPlacement(
                source_path=m.path,
                monster=m.req_str("monster"),
                hex=m.req_hex("hex"),
                players=m.req_child("players", parse_players),
                id=m.opt_str("id"),
            ),
        ),
        named_monsters=_items(
            r,
            "named_monsters",
            lambda n: NamedMonster(
                source_path=n.path,
                id=n.req_str("id"),
                name=n.req_str("name"),
                monster=n.req_str("monster"),
                hex=n.req_hex("hex"),
                health=n.req_value("health"),
                rank=n.opt_str("rank") or "elite",
                players=n.child("players", parse_players),
                text=n.opt_str("text"),
            ),
        ),
        bosses=_items(
            r,
            "bosses",
            lambda b: BossPlacement(
                source_path=b.path, id=b.req_str("id"), boss=b.req_str("boss"), hex=b.req_hex("hex")
            ),
        ),
        allies=_items(
            r,
            "allies",
            lambda a: Ally(
                source_path=a.path,
                id=a.req_str("id"),
                name=a.req_str("name"),
                hex=a.req_hex("hex"),
                health=a.req_value("health"),
                move=a.req_int("move"),
                attack=a.req_int("attack"),
                initiative=a.req_int("initiative"),
                range=a.int_or("range", 0),
                shield=a.int_or("shield", 0),
                retaliate=a.int_or("retaliate", 0),
                flying=a.flag("flying"),
                players=a.child("players", parse_players),
                text=a.opt_str("text"),
            ),
        ),
        win=r.array("win", _condition),
        loss=r.array("loss", _condition),
        special_rules=_items(r, "special_rules", parse_special_rule),
        round_tracker=r.flag("round_tracker"),
        unlocks=r.strs("unlocks"),
        links=r.strs("links"),
        linked_to_city=r.flag("linked_to_city"),
        rewards=Rewards(
            source_path=rew.path,
            gold=rew.int_or("gold", 0),
            xp=rew.int_or("xp", 0),
            reputation=rew.int_or("reputation", 0),
            prosperity=rew.int_or("prosperity", 0),
            global_achievements=rew.strs("global_achievements"),
            party_achievements=rew.strs("party_achievements"),
            items=rew.strs("items"),
            envelope=rew.opt_str("envelope"),
            text=rew.opt_str("text"),
        )
        if rew
        else None,
        random_deck=r.flag("random_deck"),
        envelope=r.opt_str("envelope"),
    )


# ---------------------------------------------------------------- tolerant entry points


#: the scenario properties a map is built from (tiles, rooms, doors, thin walls)
GEOMETRY_KEYS: tuple[str, ...] = ("tiles", "rooms", "doors", "walls")


def _tolerant_items(
    data: Mapping[str, Any], key: str, read: Callable[[Any, JsonPath], T], skipped: list[ModelError]
) -> tuple[T, ...]:
    """Every entry of ``data[key]`` that ``read`` accepts; the others go to ``skipped``."""
    values = data.get(key)
    if values is None:
        return ()
    if not isinstance(values, list):
        skipped.append(ModelError("expected an array", (key,)))
        return ()
    out: list[T] = []
    for i, value in enumerate(values):
        try:
            out.append(read(value, (key, i)))
        except ModelError as exc:
            skipped.append(exc)
    return tuple(out)


def map_tile_from_data(data: Any, ref: str = "") -> MapTile | None:
    """A map tile read from raw (perhaps invalid) JSON: the sides that read, ``None`` if
    ``data`` is no object. The editor draws tiles with it while the author types."""
    if not isinstance(data, Mapping):
        return None
    sides: dict[str, TileSide] = {}
    raw = data.get("sides")
    for key, value in raw.items() if isinstance(raw, Mapping) else ():
        try:
            s = Reader(value, ("sides", key))
            sides[str(key)] = TileSide(
                source_path=s.path,
                side=str(key),
                hexes=s.hexes("hexes"),
                walls=s.array("walls", as_wall),
            )
        except ModelError:
            continue
    name = data.get("name")
    return MapTile(
        kind="map-tile",
        id=str(data.get("id", ref)),
        name=name if isinstance(name, str) else ref,
        sides=sides,
    )


def build_scenario_map_tolerant(
    data: Any, resolve_tile: Callable[[str], MapTile | None]
) -> tuple[ScenarioMap, tuple[ModelError, ...]]:
    """The map of scenario JSON ``data`` that may be invalid (being edited, or with schema
    errors): every tile placement, room, door and wall that the model reads takes part,
    the others are skipped and returned (each a :class:`ModelError` with its path).

    Nothing but :data:`GEOMETRY_KEYS` (and ``starting_room``) is read, so a broken monster
    or win condition never changes the map; with nothing skipped the result equals
    :func:`build_scenario_map` of the parsed scenario.
    """
    skipped: list[ModelError] = []
    raw: Mapping[str, Any] = data if isinstance(data, Mapping) else {}
    if not isinstance(data, Mapping):
        skipped.append(ModelError("expected an object", ()))

    def item(fn: Callable[[Reader], T]) -> Callable[[Any, JsonPath], T]:
        return lambda value, path: fn(Reader(value, path))

    start = raw.get("starting_room")
    scenario = Scenario(
        kind="scenario",
        id=str(raw.get("id", "")),
        number=0,
        name="",
        starting_room=start if isinstance(start, str) else "",
        tiles=_tolerant_items(raw, "tiles", item(_tile_placement), skipped),
        rooms=_tolerant_items(raw, "rooms", item(_room), skipped),
        doors=_tolerant_items(raw, "doors", item(_door), skipped),
        walls=_tolerant_items(raw, "walls", as_wall, skipped),
    )
    return build_scenario_map(scenario, resolve_tile), tuple(skipped)
