"""A scenario's map as the map checks see it: every element with its hexes and JSON path.

The checks need the same few questions answered again and again (which hexes does this tile
placement cover, which room is this hex in, who stands here with three characters), always
together with *where in the file* the element was written, so a finding can point at it.
:class:`ScenarioMap` computes that once per scenario document, from schema-valid data.

Geometry is the engine's: the scenario's tiles, rooms, doors and walls are read and placed
by :func:`questforge.engine.gloomhaven.model.build_scenario_map_tolerant` (the same builder
the engine and the editor's canvas use), so the validator, the engine and the editor agree
on every hex. In particular (see ``model.scenario_map``): the map is the union
of the placed tile hexes, the rooms' explicit hexes and the door hexes; a door hex belongs to
no room (it is taken out of the room whose tile it lies on); adjacent hexes of different
rooms are separated by a wall, so rooms connect only through doors. This module only adds
what findings need: the JSON path of every element.

Building a map is the expensive part of validating a scenario, and an editor re-validates
after every edit, so the work is kept in the check context's cache
(:meth:`~questforge.validator.context.CheckContext.memo`): a scenario's map is reused while
the scenario, the map tiles and the monster types are unchanged, and its *geometry* (tiles,
rooms, doors, walls, the walking graph, walks from the start) while only
:data:`GEOMETRY_KEYS` and the map tiles are, so moving a monster or an overlay rebuilds
neither.
"""

from __future__ import annotations

import copy
import functools
import itertools
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from questforge.engine.core.hexgrid import MAX_COORDINATE, as_hex, parse_hex
from questforge.engine.core.hexgrid import EdgeKey as Edge
from questforge.engine.core.hexgrid import HexKey as Hex
from questforge.engine.gloomhaven import model as gh
from questforge.engine.gloomhaven.constants import PLAYER_COUNTS
from questforge.validator.context import CheckContext, fingerprint
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding, JsonPath

T = TypeVar("T")

#: a schema-valid ``[q, r]`` as a hex (the one strict reader, :func:`hexgrid.as_hex`)
hx = as_hex


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
class PlacedMonster:
    """A monster marker, named monster or boss placed on the scenario map, with its JSON
    path (the engine's runtime form of the same placement is ``game.spec.Placement``)."""

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
    #: bit ``1 << n`` set for each player count ``n`` it is present at (not ``absent``),
    #: and for each it is elite at: the marker checks count and compare these integers
    #: instead of asking every marker about every player count
    mask: int = -1
    elite: int = -1

    def __post_init__(self) -> None:
        if self.mask < 0 or self.elite < 0:
            self.mask, self.elite = _masks(self.states)

    def present(self, players: int) -> bool:
        return bool(self.mask >> players & 1)


def _masks(states: dict[int, str]) -> tuple[int, int]:
    """The present and elite bit masks (see :attr:`PlacedMonster.mask`) of ``states``."""
    mask = elite = 0
    for n, state in states.items():
        if state != "absent":
            mask |= 1 << n
            if state == "elite":
                elite |= 1 << n
    return mask, elite


#: the player counts as the keys of a marker's ``players``
_COUNT_NAMES = tuple(str(n) for n in PLAYER_COUNTS)

#: every player count's bit (:attr:`PlacedMonster.mask`)
ALL_COUNTS_MASK = sum(1 << n for n in PLAYER_COUNTS)


@dataclass
class ScenarioMap:
    """Everything on one scenario's map, with JSON paths, over the engine's geometry."""

    doc: LoadedDocument
    tiles: list[PlacedTile]
    rooms: list[Room]
    doors: list[Door]
    overlays: list[Overlay]
    figures: list[PlacedMonster]
    starting_room: str
    starting_hexes: list[tuple[Hex, JsonPath]]
    #: scenario-level thin walls (``walls``), with their paths
    extra_walls: list[tuple[Edge, JsonPath]]
    #: the engine's geometry (``None`` if the model could not read the scenario)
    geo: gh.ScenarioMap | None
    #: every tile side resolved (if not, geometry checks stay silent for this scenario)
    complete: bool
    #: names everything the geometry (tiles, rooms, doors, walls, the tiles' documents)
    #: depends on: equal keys, equal geometry (memo key for geometry-only findings)
    geometry_key: Any = None
    _shared: dict[str, Any] = field(default_factory=dict, repr=False)
    #: what the checks derive from this map (and only from it) once and share: see
    #: :meth:`fact`
    _facts: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def map_hexes(self) -> frozenset[Hex]:
        """Tile hexes, explicit room hexes and door hexes."""
        return self.geo.hexes if self.geo is not None else frozenset()

    def room_of(self) -> dict[Hex, str]:
        """Hex -> id of the (first) room that holds it (door hexes are in no room).
        Shared by every caller and run with this geometry: read it, never change it."""
        found: dict[Hex, str] | None = self._shared.get("room_of")
        if found is None:
            found = dict(self.geo.room_of) if self.geo is not None else {}
            self._shared["room_of"] = found
        return found

    def shared(self, key: Any, compute: Callable[[], Any]) -> Any:
        """A value derived from this map's geometry plus whatever ``key`` names besides
        (the geometry is the same for every scenario version with this
        :attr:`geometry_key`, so e.g. a walk from the start survives moving a monster).
        Keeps at most 64 such values per geometry."""
        table: dict[Any, Any] = self._shared.setdefault("derived", {})
        if key not in table:
            if len(table) >= 64:
                table.clear()
            table[key] = compute()
        return table[key]

    def geometry_findings(
        self, ctx: CheckContext, code: str, compute: Callable[[], Iterable[Any]], *extra: Any
    ) -> list[Any]:
        """Findings of check ``code`` for this scenario that depend only on its geometry
        (and on ``extra``, e.g. the starting room): memoised by :attr:`geometry_key`."""
        if self.geometry_key is None:
            return list(compute())
        # the key names no file: two scenarios with the same geometry (copies, versions)
        # share the findings, each gets them with its own file name
        made_for, found = ctx.memo(
            (code, self.geometry_key, *extra), lambda: (self.doc.name, tuple(compute()))
        )
        return [_retarget(f, made_for, self.doc.name) for f in found]

    def room(self, room_id: str) -> Room | None:
        return next((r for r in self.rooms if r.id == room_id), None)

    def open_neighbours(self) -> dict[Hex, list[Hex]]:
        """Walking neighbours of every map hex: on the map, not across a thin wall or a room
        boundary (doors are open): the engine map's table, built once per geometry."""
        assert self.geo is not None
        return self.geo.adjacency

    def door_rooms(self, door: Door) -> set[str]:
        """Rooms whose hexes the door hex touches (not across a thin wall)."""
        assert self.geo is not None
        found = self.geo.door_at.get(door.hex)
        return self.geo.door_rooms(found) if found is not None else set()

    def fact(self, name: str, compute: Callable[[ScenarioMap], T]) -> T:
        """``compute(self)``, once per map: a summary of this scenario that several
        checks read (the figures by monster type, the hexes of each kind of overlay, ...),
        so that each check starts from the extraction instead of walking the scenario
        again. Such a summary depends on nothing but this map (its document version, map
        tiles and monster types, which the map's memo key names). Read it, never change
        it."""
        facts = self._facts
        if name in facts:
            found: T = facts[name]
            return found
        value = facts[name] = compute(self)
        return value

    def obstacle_hexes(self) -> dict[Hex, Overlay]:
        """Hex -> the (first) obstacle overlay on it (shared: read it, never change it)."""
        return self.fact("obstacles", _obstacle_hexes)

    def monster_types(self) -> dict[str, list[PlacedMonster]]:
        """The monster markers (role ``monster``) by monster type, in file order."""
        return self.fact("monster types", _monster_types)

    def overlay_types(self) -> frozenset[str]:
        """The types of this map's overlays."""
        return self.fact("overlay types", lambda m: frozenset(o.type for o in m.overlays))

    def door_hexes(self) -> dict[Hex, Door]:
        """Door hex -> the (last) door on it, as ``{d.hex: d for d in doors}``."""
        return self.fact("door hexes", lambda m: {d.hex: d for d in m.doors})


def _obstacle_hexes(smap: ScenarioMap) -> dict[Hex, Overlay]:
    out: dict[Hex, Overlay] = {}
    for overlay in smap.overlays:
        if overlay.type == "obstacle":
            for h in overlay.hexes:
                out.setdefault(h, overlay)
    return out


def _monster_types(smap: ScenarioMap) -> dict[str, list[PlacedMonster]]:
    out: dict[str, list[PlacedMonster]] = {}
    for fig in smap.figures:
        if fig.role == "monster":
            found = out.get(fig.ref)
            if found is None:
                out[fig.ref] = [fig]
            else:
                found.append(fig)
    return out


# --- building ---------------------------------------------------------------------------------


class _Tiles:
    """Map tiles resolved through the check context and read with the content model."""

    def __init__(self, ctx: CheckContext) -> None:
        # a weak reference: this object is stored on the context, and a strong one made a
        # reference cycle that kept the context - every document's JSON tree, every built
        # map - alive until the cyclic collector walked it all (a tenth of a full run)
        self._ctx = weakref.ref(ctx)
        self.cache: dict[str, gh.MapTile | None] = {}

    def __call__(self, ref: str) -> gh.MapTile | None:
        if ref not in self.cache:
            found: gh.MapTile | None = None
            ctx = self._ctx()
            if ctx is None:  # pragma: no cover - only called while its context is in use
                raise RuntimeError("map tiles asked for after their validation run")
            doc = ctx.resolve(ref, "map-tile")
            if doc is not None and doc.schema_valid:
                try:
                    tile = gh.load_document(doc.data, file=doc.name)
                except gh.ModelError:
                    tile = None
                found = tile if isinstance(tile, gh.MapTile) else None
            self.cache[ref] = found
        return self.cache[ref]


#: the scenario properties the geometry is built from (tiles, rooms, doors, thin walls)
GEOMETRY_KEYS: tuple[str, ...] = gh.GEOMETRY_KEYS


@dataclass
class _Geometry:
    """The part of a scenario map that only depends on :data:`GEOMETRY_KEYS` and the map
    tiles: shared by every version of the scenario with the same geometry (moving a
    monster or an overlay does not rebuild it)."""

    geo: gh.ScenarioMap | None
    tiles: list[PlacedTile]
    complete: bool
    doors: list[Door]
    rooms: list[Room]
    extra_walls: list[tuple[Edge, JsonPath]]
    #: derived data computed on demand (the open-neighbour table)
    shared: dict[str, Any] = field(default_factory=dict)


def geometry_key(ctx: CheckContext, doc: LoadedDocument) -> tuple[Any, ...]:
    """Everything the geometry of scenario ``doc`` depends on: the map tiles and the
    :data:`GEOMETRY_KEYS` of the scenario. Not the file name, nor the scenario's id: every
    scenario (or version of one) with this key has the same geometry, which is therefore
    built once (:meth:`ScenarioMap.geometry_findings` gives each its findings under its
    own name)."""
    data = doc.data
    return (
        "gh-geometry",
        ctx.kind_token("map-tile"),
        fingerprint([data.get(k) for k in GEOMETRY_KEYS]),
    )


def _retarget(finding: Finding, old: str, new: str) -> Finding:
    """A copy of ``finding`` (made for file ``old``) naming file ``new`` instead."""
    out = copy.copy(finding)
    if old != new:
        if out.file == old:
            out.file = new
        out.related = [(new if f == old else f, p) for f, p in out.related]
    else:
        out.related = list(out.related)
    return out


def build(
    ctx: CheckContext, doc: LoadedDocument, tiles: Callable[[str], gh.MapTile | None]
) -> ScenarioMap:
    """The map of scenario ``doc`` (assumed schema-valid)."""
    data: dict[str, Any] = doc.data
    key = geometry_key(ctx, doc)
    geometry: _Geometry = ctx.memo(key, lambda: _geometry_of(doc, tiles))

    overlays, figures, starting = _placed(ctx, doc)

    return ScenarioMap(
        doc=doc,
        tiles=geometry.tiles,
        rooms=geometry.rooms,
        doors=geometry.doors,
        overlays=overlays,
        figures=figures,
        starting_room=data.get("starting_room", ""),
        starting_hexes=starting,
        extra_walls=geometry.extra_walls,
        geo=geometry.geo,
        complete=geometry.complete,
        geometry_key=key if geometry.geo is not None else None,
        _shared=geometry.shared,
    )


def _placed(ctx: CheckContext, doc: LoadedDocument) -> _Placed:
    """The overlays, figures and starting hexes of scenario ``doc``.

    Their hexes are read as plain tuples first, then checked all at once (a few calls
    over every coordinate of the document instead of one reader call per hex); only if
    that finds something that is not a pair of integers in range are they read again one
    by one with :func:`hx`, which raises what it always did for such a value."""
    try:
        found = _placed_with(ctx, doc, tuple, _tuples)
    except Exception:
        found = None
    if found is not None:
        pairs = [f.hex for f in found[1]]
        pairs += [h for h, _ in found[2]]
        for overlay in found[0]:
            pairs += overlay.hexes
        coordinates = list(itertools.chain.from_iterable(pairs))
        if (
            len(coordinates) == 2 * len(pairs)
            and set(map(len, pairs)) <= {2}
            and set(map(type, coordinates)) <= {int}
            and (not coordinates or (min(coordinates) >= -_MAX and max(coordinates) <= _MAX))
        ):
            return found
    return _placed_with(ctx, doc, _hex, _hexes)


_Placed = tuple[list["Overlay"], list["PlacedMonster"], list[tuple[Hex, JsonPath]]]


def _tuples(values: Any) -> tuple[Hex, ...]:
    return tuple(map(tuple, values))


def _placed_with(
    ctx: CheckContext,
    doc: LoadedDocument,
    _hex: Callable[[Any], Any],
    _hexes: Callable[[Any], tuple[Hex, ...]],
) -> _Placed:
    """:func:`_placed` with the given hex readers."""
    data: dict[str, Any] = doc.data
    overlays = [
        Overlay(i, o.get("type", ""), o.get("id"), ("overlays", i), _hexes(o.get("hexes", [])), o)
        for i, o in _items(doc, "overlays")
    ]

    # one pass per list; a monster type's flying is looked up once per type and run
    flies: dict[str, bool] = getattr(ctx, _FLIES_ATTR, None) or {}
    setattr(ctx, _FLIES_ATTR, flies)
    figures: list[PlacedMonster] = []
    counts = PLAYER_COUNTS
    # markers repeat a few settings (absent/normal/elite per count): each read once
    settings: dict[tuple[Any, ...], tuple[dict[int, str], int, int]] = {}
    for i, m in _items(doc, "monsters"):
        ref = m.get("monster", "")
        flying = flies.get(ref)
        if flying is None:
            flying = flies[ref] = _flies(ctx, ref)
        players = m.get("players", {})
        setting = tuple([players.get(name, "absent") for name in _COUNT_NAMES])
        found = settings.get(setting)
        if found is None:
            states = dict(zip(counts, setting, strict=True))
            found = settings[setting] = (states, *_masks(states))
        states, mask, elite = found
        figures.append(
            PlacedMonster(
                "monster",
                i,
                ("monsters", i),
                _hex(m["hex"]),
                ref,
                states,
                flying,
                f"monster {ref!r}",
                mask,
                elite,
            )
        )
    for i, m in _items(doc, "named_monsters"):
        ref = m.get("monster", "")
        flying = flies.get(ref)
        if flying is None:
            flying = flies[ref] = _flies(ctx, ref)
        players = m.get("players")
        states = (
            {n: players.get(str(n), "absent") for n in counts}
            if isinstance(players, dict)
            else dict.fromkeys(counts, "normal")
        )
        figures.append(
            PlacedMonster(
                "named-monster",
                i,
                ("named_monsters", i),
                _hex(m["hex"]),
                ref,
                states,
                flying=flying,
                label=f"named monster {m.get('id', '')!r}",
            )
        )
    for i, b in _items(doc, "bosses"):
        figures.append(
            PlacedMonster(
                "boss",
                i,
                ("bosses", i),
                _hex(b["hex"]),
                b.get("boss", ""),
                dict.fromkeys(counts, "normal"),
                label=f"boss {b.get('id', '')!r}",
            )
        )

    starting: list[tuple[Hex, JsonPath]] = [
        (_hex(h), ("starting_hexes", k)) for k, h in enumerate(data.get("starting_hexes", []))
    ]
    return overlays, figures, starting


def _hex(value: Any) -> Hex:
    """:func:`hx` as a plain ``(q, r)`` key (equal to, and hashing like, the ``Hex``): the
    map's hexes are only compared, hashed and printed. Anything but a plain pair of
    integers in range goes through :func:`hx` (its error included)."""
    if type(value) is list and len(value) == 2:
        q, r = value
        if type(q) is int and type(r) is int and -_MAX <= q <= _MAX and -_MAX <= r <= _MAX:
            return (q, r)
    return hx(value)


def _hexes(values: Any) -> tuple[Hex, ...]:
    """``tuple(_hex(h) for h in values)``: an overlay's hexes."""
    return tuple([_hex(h) for h in values])


_MAX = MAX_COORDINATE


def _items(doc: LoadedDocument, key: str) -> Iterable[tuple[int, Any]]:
    """``(index, item)`` of the list ``key``: all of them, or - on a valid-parts view whose
    list has broken items - the valid ones with their indices in the file, so that one
    monster with a bad field does not hide every other monster's findings."""
    if key in doc.data:
        return enumerate(doc.data[key])
    partial = doc.partial_lists.get(key)
    if partial is not None:
        items, broken = partial
        return [(i, item) for i, item in enumerate(items) if i not in broken]
    return ()


def _geometry_of(doc: LoadedDocument, tiles: Callable[[str], gh.MapTile | None]) -> _Geometry:
    """Tiles, rooms, doors and walls of scenario ``doc``: the engine's map, plus the JSON
    path of each element. If a part of the geometry does not read (a view of a scenario
    with schema errors), ``geo`` is ``None`` and the geometry checks stay silent: the
    engine could not load that scenario either."""
    geo, skipped = gh.build_scenario_map_tolerant(doc.data, tiles)
    unresolved = {p.source_path for p in geo.unresolved}
    placed_tiles: list[PlacedTile] = []
    for placed in geo.placed:
        path = placed.placement.source_path
        tile = PlacedTile(int(path[-1]), placed.placement.id, placed.placement.tile, path)
        if path not in unresolved:
            tile.hexes = placed.hexes
            tile.resolved = True
        placed_tiles.append(tile)
    doors = [
        Door(int(d.source_path[-1]), d.id, d.source_path, d.hex, d.rooms, d.locked)
        for d in geo.scenario.doors
    ]
    rooms = [
        Room(int(p.room.source_path[-1]), p.room.id, p.room.source_path, dict(p.hexes))
        for p in geo.placed_rooms
    ]
    # as written (not in the model's canonical order): findings quote them
    extra_walls: list[tuple[Edge, JsonPath]] = [
        ((a, b), ("walls", k))
        for k, w in enumerate(doc.data.get("walls") or [])
        if isinstance(w, list)
        and len(w) == 2
        and (a := parse_hex(w[0])) is not None
        and (b := parse_hex(w[1])) is not None
    ]
    complete = not skipped and not unresolved
    return _Geometry(
        geo if not skipped else None, placed_tiles, complete, doors, rooms, extra_walls
    )


def _flies(ctx: CheckContext, ref: str) -> bool:
    doc = ctx.resolve(ref, "monster")
    return bool(doc is not None and isinstance(doc.data, dict) and doc.data.get("flying"))


_CACHE_ATTR = "_gloomhaven_scenario_maps"
_TILES_ATTR = "_gloomhaven_map_tiles"
_FLIES_ATTR = "_gloomhaven_flying_types"
_BY_DOC_ATTR = "_gloomhaven_scenario_map_by_document"


def scenario_maps(
    ctx: CheckContext, parts: tuple[str, ...] | None = None, *, present: tuple[str, ...] = ()
) -> list[ScenarioMap]:
    """The maps of every schema-valid scenario of the pack (of the checking process's
    share of them while a ``per_document`` check runs split), built once per context and,
    with a session's cache, only again when the scenario, a map tile or a monster type
    (flying) changed; the geometry only when the tiles, rooms, doors or walls did.

    With ``parts``, also the maps of scenarios with schema errors elsewhere, built from
    their valid properties only (:meth:`CheckContext.with_valid_parts`; ``present``: the
    properties that must exist): for checks that read nothing but ``parts``, and the rest
    of the map as optional, so that a broken win condition does not hide a map error.
    """
    # a check registered ``per_document`` sees the maps of its share of the scenarios
    # (:meth:`CheckContext.own`); any other check every map
    key = (parts, present, ctx.shard)
    table: dict[Any, list[ScenarioMap]] | None = getattr(ctx, _CACHE_ATTR, None)
    if table is None:
        table = {}
        setattr(ctx, _CACHE_ATTR, table)
        setattr(ctx, _TILES_ATTR, _Tiles(ctx))
        setattr(ctx, _BY_DOC_ATTR, {})
    cached = table.get(key)
    if cached is None:
        tiles: _Tiles = getattr(ctx, _TILES_ATTR)
        docs = ctx.own(
            ctx.of_kind("scenario")
            if parts is None
            else ctx.with_valid_parts("scenario", parts, present=present)
        )
        # a document's map is the same whatever ``parts`` asked for it: looked up by the
        # document here, through the memo (a session's cache) only the first time
        by_doc: dict[int, tuple[LoadedDocument, ScenarioMap]] = getattr(ctx, _BY_DOC_ATTR)
        cached = []
        for doc in docs:
            found = by_doc.get(id(doc))
            if found is None or found[0] is not doc:
                smap = ctx.memo(
                    (
                        "gh-scenario-map",
                        ctx.stamp(doc),
                        ctx.kind_token("map-tile"),
                        ctx.kind_token("monster"),
                    ),
                    functools.partial(build, ctx, doc, tiles),
                )
                found = by_doc[id(doc)] = (doc, smap)
            cached.append(found[1])
        table[key] = cached
    return cached


#: what a map needs to be drawn at all: its tiles, rooms, doors and walls valid, tiles given
MAP_PARTS: tuple[str, ...] = GEOMETRY_KEYS
MAP_PRESENT: tuple[str, ...] = ("tiles",)
