"""Map geometry (QGH210-219): tiles, rooms, doors and walls of a scenario.

A scenario map is built from placed tile sides (GH-MAP-01); rooms are joined by doors
(GH-SETUP-02, GH-DOOR-01) and are revealed one at a time from the starting room
(GH-SETUP-05, GH-ROOM). These checks make sure the engine and the editor can tell, for
every hex, which room it is in, and that every room can be revealed.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Iterable, Iterator

from questforge.engine.core.hexgrid import distance
from questforge.validator.context import CheckContext
from questforge.validator.findings import Finding
from questforge.validator.gloomhaven.catalogue import gh_check
from questforge.validator.gloomhaven.scenario_map import (
    MAP_PARTS,
    MAP_PRESENT,
    ScenarioMap,
    fmt_hex,
    fmt_hexes,
    hx,
    scenario_maps,
)


@gh_check(
    "QGH210",
    per_document=True,
    severity="error",
    title="Map tiles overlap",
    description="Two tile placements of a scenario cover the same scenario hex; physical "
    "tiles cannot overlap, and the hex would belong to two tiles (GH-MAP-01).",
    example="Tile placement `hall` at `[0, 0]` and `cellar` at `[2, 1]` both cover `[3, 2]`.",
    fix="Move or rotate one of the tiles (`position`, `rotation`) so that their hexes are "
    "disjoint; join tiles with corridor hexes in a room's `hexes` instead.",
    rules=("GH-MAP-01",),
)
def tiles_do_not_overlap(ctx: CheckContext) -> Iterator[Finding]:
    # runs on scenarios whose map parts are valid, even with schema errors elsewhere
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        yield from smap.geometry_findings(
            ctx, "QGH210", functools.partial(_tiles_do_not_overlap, ctx, smap)
        )


def _tiles_do_not_overlap(ctx: CheckContext, smap: ScenarioMap) -> Iterator[Finding]:
    for j, later in enumerate(smap.tiles):
        for earlier in smap.tiles[:j]:
            shared = later.hexes & earlier.hexes
            if shared:
                yield ctx.finding(
                    tiles_do_not_overlap,
                    f"tile placement {later.id!r} ({later.ref}) overlaps tile placement "
                    f"{earlier.id!r} ({earlier.ref}) on {len(shared)} hex(es): "
                    f"{fmt_hexes(shared)}",
                    smap.doc,
                    later.path,
                    hint="change the position or rotation of one of the two tiles",
                    related=[(smap.doc, earlier.path)],
                )


@gh_check(
    "QGH211",
    per_document=True,
    severity="error",
    title="Locked door that never opens",
    description="A locked door acts as a wall until something opens it (GH-SPEC-03): its "
    "`opens_when` trigger, or a special rule with an `open-door` effect naming it. A locked "
    "door with neither never opens, so the room behind it is never revealed.",
    example='`{"id": "vault-door", "locked": true, ...}` with no `opens_when` and no special '
    'rule `{"type": "open-door", "door": "vault-door"}`.',
    fix="Give the door an `opens_when` trigger (e.g. a pressure plate or a room cleared), "
    "add a special rule that opens it, or make it a regular door.",
    rules=("GH-SPEC-03", "GH-DOOR-01"),
)
def locked_door_opens(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.own(ctx.of_kind("scenario")):
        data = doc.data
        opened = {
            effect.get("door")
            for rule in data.get("special_rules", []) or []
            for effect in rule.get("effects", []) or []
            if effect.get("type") == "open-door"
        }
        for i, door in enumerate(data.get("doors", []) or []):
            if door.get("locked") and "opens_when" not in door and door.get("id") not in opened:
                yield ctx.finding(
                    locked_door_opens,
                    f"locked door {door.get('id')!r} has no `opens_when` trigger and no "
                    "special rule opens it, so it never opens",
                    doc,
                    ("doors", i, "locked"),
                    hint="add `opens_when`, or a special rule with an `open-door` effect",
                )


@gh_check(
    "QGH212",
    per_document=True,
    severity="error",
    title="Door not between exactly two rooms",
    description="A door must join exactly two different rooms (GH-DOOR-01): its `rooms` "
    "lists two distinct rooms, and its hex touches a hex of each of them (thin walls "
    "count: a hex behind a wall does not touch) and of no other room.",
    example='Door `east-door` lists `"rooms": ["hall", "vault"]` but its hex touches only '
    "hexes of `hall`.",
    fix="Move the door so that one side touches each room, or correct its `rooms` list.",
    rules=("GH-DOOR-01", "GH-SETUP-02"),
)
def door_between_two_rooms(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        yield from smap.geometry_findings(
            ctx, "QGH212", functools.partial(_door_between_two_rooms, ctx, smap)
        )


def _door_between_two_rooms(ctx: CheckContext, smap: ScenarioMap) -> Iterator[Finding]:
    known = {r.id for r in smap.rooms}
    for door in smap.doors:
        listed = door.rooms
        if len(listed) != 2 or len(set(listed)) != 2:
            yield ctx.finding(
                door_between_two_rooms,
                f"door {door.id!r} lists {len(set(listed))} distinct room(s) "
                f"{list(listed)}; a door joins exactly two rooms",
                smap.doc,
                (*door.path, "rooms"),
                hint="list the two rooms on either side of the door",
            )
            continue
        if not smap.complete or any(r not in known for r in listed):
            continue  # unresolved tiles (QGH201) or unknown rooms (QGH204)
        touching = smap.door_rooms(door)
        missing = [r for r in listed if r not in touching]
        extra = sorted(touching - set(listed))
        if missing:
            yield ctx.finding(
                door_between_two_rooms,
                f"door {door.id!r} at {fmt_hex(door.hex)} does not touch room "
                f"{' or '.join(repr(m) for m in missing)}"
                + (f" (it touches {sorted(touching)})" if touching else " (it touches no room)"),
                smap.doc,
                (*door.path, "hex"),
                hint="a door hex must be adjacent to a hex of each room it joins, with "
                "no thin wall between",
            )
        elif extra:
            yield ctx.finding(
                door_between_two_rooms,
                f"door {door.id!r} at {fmt_hex(door.hex)} also touches room(s) "
                f"{extra}; a door sits between exactly two rooms",
                smap.doc,
                (*door.path, "hex"),
                hint="move the door, or put a thin wall between it and the third room",
            )


@gh_check(
    "QGH213",
    per_document=True,
    severity="error",
    title="Room unreachable through doors",
    description="Every room must be reachable from the starting room by passing through "
    "doors (GH-SETUP-05, GH-ROOM); otherwise it is never revealed and its monsters never "
    "placed. A door links the rooms its hex actually touches.",
    example="Rooms `gate`, `shaft` and `sump`; doors join `gate`-`shaft` only.",
    fix="Add a door between the room and a reachable room, or remove the room.",
    rules=("GH-SETUP-05", "GH-ROOM-01", "GH-DOOR-01"),
)
def rooms_reachable(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        yield from smap.geometry_findings(
            ctx, "QGH213", functools.partial(_rooms_reachable, ctx, smap), smap.starting_room
        )


def _rooms_reachable(ctx: CheckContext, smap: ScenarioMap) -> Iterator[Finding]:
    known = {r.id for r in smap.rooms}
    if smap.starting_room not in known or smap.geo is None or not smap.complete:
        return  # QGH204, or unresolved tiles (QGH201)
    links = smap.geo.room_graph()
    for room_id in known:
        links.setdefault(room_id, set())
    seen = {smap.starting_room}
    queue = deque([smap.starting_room])
    while queue:
        for nxt in links[queue.popleft()] - seen:
            seen.add(nxt)
            queue.append(nxt)
    for room in smap.rooms:
        if room.id not in seen and room.hexes:  # an empty room is QGH218
            yield ctx.finding(
                rooms_reachable,
                f"room {room.id!r} cannot be reached from the starting room "
                f"{smap.starting_room!r} through doors",
                smap.doc,
                room.path,
                hint=f"add a door between {room.id!r} and one of {sorted(seen)}",
            )


@gh_check(
    "QGH214",
    per_document=True,
    severity="error",
    title="Hex in two rooms",
    description="Every hex of the map is in exactly one room (scenario schema); a hex in two "
    "rooms makes it unclear when it is revealed. This happens when two rooms list the same "
    "tile placement, or a room's explicit hexes lie on another room's tile.",
    example="Rooms `hall` and `annex` both list tile placement `hall-tile`.",
    fix="Remove the tile placement or the hexes from one of the rooms.",
    rules=("GH-SETUP-02",),
)
def hex_in_one_room(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        yield from smap.geometry_findings(
            ctx, "QGH214", functools.partial(_hex_in_one_room, ctx, smap)
        )


def _hex_in_one_room(ctx: CheckContext, smap: ScenarioMap) -> Iterator[Finding]:
    owner: dict[tuple[int, int], str] = {}
    for room in smap.rooms:
        clash: dict[str, list[tuple[int, int]]] = {}
        for h in room.hexes:
            other = owner.get(h)
            if other is not None and other != room.id:
                clash.setdefault(other, []).append(h)
            else:
                owner[h] = room.id
        for other, hexes in clash.items():
            first = room.hexes[min(hexes)]
            yield ctx.finding(
                hex_in_one_room,
                f"room {room.id!r} shares {len(hexes)} hex(es) with room {other!r}: "
                f"{fmt_hexes(hexes)}",
                smap.doc,
                first,
                hint="each hex belongs to exactly one room",
            )


@gh_check(
    "QGH215",
    per_document=True,
    severity="error",
    title="Map hex in no room",
    description="A placed tile has hexes that no room includes (and that are not door "
    "hexes). Such hexes are never revealed: monsters, overlays and characters cannot use "
    "them.",
    example="Tile placement `annex-tile` is placed but no room lists it.",
    fix="Add the tile placement to a room's `tiles` (or its hexes to a room's `hexes`), or "
    "remove the tile placement.",
    rules=("GH-SETUP-02", "GH-MAP-01"),
)
def hexes_in_a_room(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        yield from smap.geometry_findings(
            ctx, "QGH215", functools.partial(_hexes_in_a_room, ctx, smap)
        )


def _hexes_in_a_room(ctx: CheckContext, smap: ScenarioMap) -> Iterator[Finding]:
    if not smap.rooms:
        return  # no rooms yet: the schema's "at least one room" says it once
    in_rooms = set(smap.room_of())
    doors = {d.hex for d in smap.doors}
    for tile in smap.tiles:
        loose = tile.hexes - in_rooms - doors
        if loose:
            whole = loose == set(tile.hexes)
            yield ctx.finding(
                hexes_in_a_room,
                f"tile placement {tile.id!r} is in no room"
                if whole
                else f"{len(loose)} hex(es) of tile placement {tile.id!r} are in no "
                f"room: {fmt_hexes(loose)}",
                smap.doc,
                tile.path,
                hint=f"list {tile.id!r} in a room's tiles",
            )


@gh_check(
    "QGH216",
    severity="error",
    title="Thin wall not between adjacent hexes",
    description="A thin wall is the shared edge of two adjacent hexes (GH-MAP-02); a pair "
    "of hexes that are not neighbours has no shared edge. In a map tile both hexes must also "
    "be hexes of that side.",
    example="`walls` lists `[[0, 0], [2, 0]]`.",
    fix="Give the two hexes on either side of the wall; they must be neighbours.",
    rules=("GH-MAP-02",),
)
def walls_between_neighbours(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("map-tile"):
        for side, body in (doc.data.get("sides") or {}).items():
            hexes = {hx(h) for h in body.get("hexes", [])}
            for w, pair in enumerate(body.get("walls", []) or []):
                a, b = hx(pair[0]), hx(pair[1])
                problem = None
                if distance(a, b) != 1:
                    problem = "are not adjacent"
                elif a not in hexes or b not in hexes:
                    off = [fmt_hex(h) for h in (a, b) if h not in hexes]
                    problem = f"include {', '.join(off)}, which is not a hex of side {side!r}"
                if problem:
                    yield ctx.finding(
                        walls_between_neighbours,
                        f"thin wall {fmt_hex(a)}-{fmt_hex(b)} of side {side!r} {problem}",
                        doc,
                        ("sides", side, "walls", w),
                    )
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        for (wa, wb), path in smap.extra_walls:
            if distance(wa, wb) != 1:
                yield ctx.finding(
                    walls_between_neighbours,
                    f"thin wall {fmt_hex(wa)}-{fmt_hex(wb)} joins hexes that are not adjacent",
                    smap.doc,
                    path,
                )


@gh_check(
    "QGH217",
    per_document=True,
    severity="warning",
    title="Room in separate pieces",
    description="The hexes of a room do not form one connected area (walking between "
    "neighbouring room hexes, thin walls blocking). Usually a corridor hex is missing "
    "between two tiles of the room (GH-CORR-01).",
    example="Room `hall` lists two tile placements that do not touch, with no corridor hexes "
    "between them.",
    fix="Add the corridor hexes joining the pieces to the room's `hexes`, or split the room "
    "into two rooms joined by a door.",
    rules=("GH-CORR-01", "GH-SETUP-02"),
)
def room_connected(ctx: CheckContext) -> Iterator[Finding]:
    # runs on scenarios whose map parts are valid, even with schema errors elsewhere
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        yield from smap.geometry_findings(
            ctx, "QGH217", functools.partial(_room_connected, ctx, smap)
        )


def _room_connected(ctx: CheckContext, smap: ScenarioMap) -> Iterator[Finding]:
    if not smap.complete:
        return
    step = smap.open_neighbours()
    room_of = smap.room_of()
    for room in smap.rooms:
        # hexes another room claims first are QGH214's business
        own = {h for h in room.hexes if room_of.get(h) == room.id}
        pieces = _components(own, step.get)
        if len(pieces) > 1:
            sizes = ", ".join(str(len(p)) for p in pieces)
            yield ctx.finding(
                room_connected,
                f"room {room.id!r} is in {len(pieces)} separate pieces ({sizes} hexes); "
                f"e.g. {fmt_hex(min(pieces[1]))} cannot be reached from "
                f"{fmt_hex(min(pieces[0]))} inside the room",
                smap.doc,
                room.path,
                hint="join the pieces with corridor hexes or split the room",
            )


def _components(
    hexes: set[tuple[int, int]],
    step: Callable[[tuple[int, int]], Iterable[tuple[int, int]] | None],
) -> list[set[tuple[int, int]]]:
    """Connected pieces of ``hexes`` (largest first) under the neighbour function ``step``."""
    left = set(hexes)
    out: list[set[tuple[int, int]]] = []
    while left:
        start = min(left)
        piece = {start}
        queue = deque([start])
        while queue:
            for n in step(queue.popleft()) or ():
                key = (n[0], n[1])
                if key in left and key not in piece:
                    piece.add(key)
                    queue.append(key)
        left -= piece
        out.append(piece)
    out.sort(key=lambda p: (-len(p), min(p)))
    return out


@gh_check(
    "QGH218",
    per_document=True,
    severity="error",
    title="Empty room",
    description="A room has no hexes: its `tiles` and `hexes` are empty, or every hex it "
    "names is a door hex. It can never be entered, and anything that names it (doors, "
    "triggers, the starting room) points at nothing on the map.",
    example='`{"id": "annex", "tiles": []}`.',
    fix="List the room's tile placements or hexes, or remove the room.",
    rules=("GH-SETUP-02",),
)
def room_not_empty(ctx: CheckContext) -> Iterator[Finding]:
    # runs on scenarios whose map parts are valid, even with schema errors elsewhere
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        yield from smap.geometry_findings(
            ctx, "QGH218", functools.partial(_room_not_empty, ctx, smap)
        )


def _room_not_empty(ctx: CheckContext, smap: ScenarioMap) -> Iterator[Finding]:
    if not smap.complete:
        return
    for room in smap.rooms:
        if not room.hexes:
            yield ctx.finding(
                room_not_empty,
                f"room {room.id!r} has no hexes",
                smap.doc,
                room.path,
                hint="list its tile placements in `tiles` or its hexes in `hexes`",
            )
