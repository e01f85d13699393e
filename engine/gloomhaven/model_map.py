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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core import hexgrid
from questforge.engine.gloomhaven.model_base import (
    Document,
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

#: axial neighbour offsets, in the shared order
NEIGHBOUR_OFFSETS: tuple[Hex, ...] = tuple((dq, dr) for dq, dr in hexgrid.DIRECTIONS)
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h`` (plain tuples, in the shared order)."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in NEIGHBOUR_OFFSETS)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance on an open grid (:func:`questforge.engine.core.hexgrid.distance`)."""
    return hexgrid.distance(a, b)


def rotate(h: Hex, steps: int) -> Hex:
    """Rotate ``h`` about the origin by ``steps`` 60° steps: ``(q, r) -> (-r, q + r)``."""
    q, r = hexgrid.rotate(h, steps)
    return (q, r)


def place(h: Hex, position: Hex, rotation: int) -> Hex:
    """Tile-local hex ``h`` on the scenario grid: ``rotate^rotation(h) + position``."""
    q, r = hexgrid.place(h, rotation, position)
    return (q, r)


# ---------------------------------------------------------------- tiles


@dataclass(frozen=True, kw_only=True)
class TileSide(Node):
    side: str
    label: str | None = None
    hexes: tuple[Hex, ...]
    walls: tuple[Wall, ...] = ()


@dataclass(frozen=True, kw_only=True)
class MapTile(Document):
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
class NamedMonster(Node):
    id: str
    name: str
    monster: str
    hex: Hex
    health: Value
    rank: str = "elite"
    #: ``None``: present at every player count
    players: Mapping[int, str] | None = None
    text: str | None = None

    def present(self, characters: int) -> bool:
        if self.players is None:
            return True
        return self.players.get(max(2, min(4, characters)), "absent") != "absent"


@dataclass(frozen=True, kw_only=True)
class Ally(Node):
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
    #: ``None``: present at every player count
    players: Mapping[int, str] | None = None
    text: str | None = None

    def present(self, characters: int) -> bool:
        if self.players is None:
            return True
        return self.players.get(max(2, min(4, characters)), "absent") != "absent"


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
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Scenario(Document):
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
class ScenarioMap:
    """The resolved map of a scenario: hexes, rooms, doors and walls on the scenario grid."""

    scenario: Scenario
    placed: tuple[PlacedTile, ...]
    #: every hex of the map: placed tile hexes, rooms' explicit hexes and door hexes
    hexes: frozenset[Hex]
    #: each room's hexes (door hexes removed)
    room_hexes: Mapping[str, frozenset[Hex]]
    #: the room of each non-door hex (the first room listing it, if several do)
    room_of: Mapping[Hex, str]
    door_at: Mapping[Hex, Door]
    #: thin walls from the tiles and from the scenario's ``walls``
    thin_walls: frozenset[Wall]
    #: edges between adjacent hexes of different rooms (rooms connect only through doors)
    room_walls: frozenset[Wall]
    #: hexes covered by two or more tile placements -> their placement ids
    overlaps: Mapping[Hex, tuple[str, ...]]
    #: hexes listed by two or more rooms -> their room ids
    shared_hexes: Mapping[Hex, tuple[str, ...]]
    #: placements whose tile or side did not resolve
    unresolved: tuple[TilePlacement, ...]
    #: rooms' tile ids that name no placement: (room id, placement id)
    unknown_room_tiles: tuple[tuple[str, str], ...]

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

    def door_rooms(self, door: Door) -> set[str]:
        """The rooms the door hex touches through open edges."""
        return {
            self.room_of[n]
            for n in neighbours(door.hex)
            if n in self.room_of and wall(door.hex, n) not in self.thin_walls
        }

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
    covered: dict[Hex, list[str]] = {}
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

    door_at = {d.hex: d for d in scenario.doors}
    claims: dict[Hex, list[str]] = {}
    room_sets: dict[str, set[Hex]] = {}
    unknown: list[tuple[str, str]] = []
    for room in scenario.rooms:
        members: set[Hex] = set(room.hexes)
        for pid in room.tiles:
            if pid in by_placement:
                members |= by_placement[pid]
            elif scenario.placement(pid) is None:
                unknown.append((room.id, pid))
        members -= door_at.keys()
        room_sets.setdefault(room.id, set()).update(members)
        for h in members:
            claims.setdefault(h, []).append(room.id)

    room_of = {h: ids[0] for h, ids in claims.items()}
    room_walls: set[Wall] = set()
    for h, rid in room_of.items():
        for n in neighbours(h):
            other = room_of.get(n)
            if other is not None and other != rid:
                room_walls.add(wall(h, n))

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


def _items(r: Reader, key: str, fn: Callable[[Reader], Any]) -> tuple[Any, ...]:
    return r.array(key, lambda data, path: fn(Reader(data, path)))


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
        tiles=_items(
            r,
            "tiles",
            lambda t: TilePlacement(
                source_path=t.path,
                id=t.req_str("id"),
                tile=t.req_str("tile"),
                side=t.req_str("side"),
                position=t.req_hex("position"),
                rotation=t.int_or("rotation", 0),
            ),
        ),
        rooms=_items(
            r,
            "rooms",
            lambda m: Room(
                source_path=m.path,
                id=m.req_str("id"),
                name=m.opt_str("name"),
                tiles=m.strs("tiles"),
                hexes=m.hexes("hexes"),
                text=m.opt_str("text"),
            ),
        ),
        starting_room=r.req_str("starting_room"),
        starting_hexes=r.hexes("starting_hexes"),
        walls=r.array("walls", as_wall),
        doors=_items(
            r,
            "doors",
            lambda d: Door(
                source_path=d.path,
                id=d.req_str("id"),
                hex=d.req_hex("hex"),
                rooms=d.strs("rooms"),
                locked=d.flag("locked"),
                opens_when=d.child("opens_when", _trigger),
                text=d.opt_str("text"),
            ),
        ),
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
        special_rules=_items(
            r,
            "special_rules",
            lambda s: SpecialRule(
                source_path=s.path,
                id=s.opt_str("id"),
                trigger=s.child("trigger", _trigger),
                once=s.flag("once", True),
                effects=s.array("effects", _effect),
                text=s.opt_str("text"),
            ),
        ),
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
            text=rew.opt_str("text"),
        )
        if rew
        else None,
    )
