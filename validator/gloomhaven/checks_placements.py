"""Things on the map (QGH220-229): figures, overlays, starting hexes, obstacles.

Every monster, overlay, treasure, token and starting hex must sit on a hex of the map; no
two figures share a hex at any player count and no (walking) figure stands on an obstacle
(GH-MOVE-04, GH-OBST-01); characters start on free hexes of the starting room
(GH-SETUP-07); obstacles never cut a room off (GH-OBST-04). Monster markers per player
count are in :mod:`.checks_markers`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import Any

from questforge.engine.core.pathfind import PathResult, bfs
from questforge.engine.gloomhaven.constants import TILE_OVERLAYS
from questforge.validator.context import CheckContext
from questforge.validator.findings import Finding, JsonPath
from questforge.validator.gloomhaven.catalogue import gh_check
from questforge.validator.gloomhaven.scenario_map import (
    MAP_PARTS,
    MAP_PRESENT,
    PLAYER_COUNTS,
    Hex,
    Overlay,
    PlacedMonster,
    ScenarioMap,
    fmt_hex,
    fmt_hexes,
    hx,
    scenario_maps,
)


def _located(smap: ScenarioMap) -> Iterator[tuple[str, Hex, JsonPath]]:
    """Every element that must stand on the map: (what, hex, path of that hex)."""
    for fig in smap.figures:
        yield fig.label, fig.hex, (*fig.path, "hex")
    for ov in smap.overlays:
        name = f"{ov.type} overlay" + (f" {ov.id!r}" if ov.id else "")
        for k, h in enumerate(ov.hexes):
            yield name, h, (*ov.path, "hexes", k)
    for h, path in smap.starting_hexes:
        yield "starting hex", h, path
    data = smap.doc.data
    for i, rule in enumerate(data.get("special_rules", []) or []):
        for e, effect in enumerate(rule.get("effects", []) or []):
            if effect.get("type") == "spawn" and "hex" in effect:
                yield (
                    f"spawn of {effect.get('monster')!r}",
                    hx(effect["hex"]),
                    ("special_rules", i, "effects", e, "hex"),
                )
    for i, goal in enumerate(data.get("win", []) or []):
        if goal.get("type") == "reach-hexes":
            for k, h in enumerate(goal.get("hexes", [])):
                yield "goal hex", hx(h), ("win", i, "hexes", k)


def _all_on(smap: ScenarioMap, hexes: Any) -> bool:
    """Whether every hex :func:`_located` yields is in ``hexes`` (the same hexes, read
    the same way, without what a finding would need). ``False`` when in doubt (a value
    that does not read: the full walk then reports what it reports)."""
    try:
        return _all_on_map(smap, hexes)
    except Exception:
        return False


def _all_on_map(smap: ScenarioMap, hexes: Any) -> bool:
    if not hexes.issuperset(_figure_hexes(smap)):
        return False
    if not hexes.issuperset(smap.fact("overlay hexes", _overlay_hexes)):
        return False
    if any(h not in hexes for h, _ in smap.starting_hexes):
        return False
    data = smap.doc.data
    for rule in data.get("special_rules", []) or []:
        for effect in rule.get("effects", []) or []:
            if effect.get("type") == "spawn" and "hex" in effect and hx(effect["hex"]) not in hexes:
                return False
    for goal in data.get("win", []) or []:
        if goal.get("type") == "reach-hexes" and any(
            hx(h) not in hexes for h in goal.get("hexes", [])
        ):
            return False
    return True


@gh_check(
    "QGH220",
    per_document=True,
    severity="error",
    title="Not on the map",
    description="A monster, named monster, boss, overlay (corridor, trap, terrain, obstacle, "
    "treasure, coin, pressure plate, token), starting hex, spawn point or goal hex lies on "
    "a hex that is not part of the map (no placed tile, room hex or door covers it).",
    example="A monster at `[9, 9]` on a map whose tiles end at `r = 4`.",
    fix="Move it onto a tile hex, or add the hex to a room's `hexes` if it is a corridor.",
    rules=("GH-MAP-01", "GH-SETUP-01"),
)
def on_the_map(ctx: CheckContext) -> Iterator[Finding]:
    # runs on scenarios whose map parts are valid, even with schema errors elsewhere
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        if not smap.complete or not smap.tiles:
            continue  # a tile did not resolve (QGH201), or none placed yet: no map
        hexes = smap.map_hexes
        if _all_on(smap, hexes):
            continue  # the common case, without a label and a path for every element
        for what, h, path in _located(smap):
            if h not in hexes:
                yield ctx.finding(
                    on_the_map,
                    f"{what} at {fmt_hex(h)} is not on the map",
                    smap.doc,
                    path,
                    hint="move it onto a hex of a placed tile or a room",
                )


def _figure_hexes(smap: ScenarioMap) -> set[Hex]:
    """The hexes figures stand on (shared: read it, never change it)."""
    return smap.fact("figure hexes", lambda m: {f.hex for f in m.figures})


def _overlay_hexes(smap: ScenarioMap) -> set[Hex]:
    """Every hex an overlay covers."""
    out: set[Hex] = set()
    for overlay in smap.overlays:
        out.update(overlay.hexes)
    return out


def _start_blockers(smap: ScenarioMap) -> set[Hex]:
    """Every hex that would make a starting hex not free (QGH224): a figure present at
    some player count, an overlay of :data:`_NOT_FREE`, a door."""
    out = {f.hex for f in smap.figures if f.mask}
    for o in smap.overlays:
        if o.type in _NOT_FREE:
            out.update(o.hexes)
    out.update(smap.door_hexes())
    return out


def _overlays_apart(smap: ScenarioMap) -> bool:
    """No two overlay tiles share a hex and none lies on a door (nothing for QGH225)."""
    hexes = [h for o in smap.overlays if o.type in _TILE_OVERLAYS for h in o.hexes]
    unique = set(hexes)
    return len(unique) == len(hexes) and unique.isdisjoint(smap.door_hexes())


def _where(fig: PlacedMonster) -> str:
    """``monsters[2]``: where a figure is written, for messages naming two of them."""
    return f"{fig.path[0]}[{fig.path[1]}]"


@gh_check(
    "QGH221",
    per_document=True,
    severity="error",
    title="Two figures on one hex",
    description="At some player count two figures (monsters present at that count, named "
    "monsters, bosses) stand on the same hex. A hex holds at most one figure (GH-MOVE-04).",
    example="Two monster markers at `[2, 2]`, one normal with 3 characters and the other "
    "elite with 3 characters.",
    fix="Move one of them, or make them absent at complementary player counts (one marker "
    "per hex per count).",
    rules=("GH-MOVE-04", "GH-SETUP-03"),
)
def one_figure_per_hex(ctx: CheckContext) -> Iterator[Finding]:
    # runs on scenarios whose map parts are valid, even with schema errors elsewhere
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        if len(_figure_hexes(smap)) == len(smap.figures):
            continue  # every figure on a hex of its own
        reported: set[tuple[int, int]] = set()
        for n in PLAYER_COUNTS:
            first: dict[Hex, int] = {}
            for k, fig in enumerate(smap.figures):
                if not fig.present(n):
                    continue
                if fig.hex in first:
                    key = (first[fig.hex], k)
                    if key in reported:
                        continue
                    reported.add(key)
                    other = smap.figures[first[fig.hex]]
                    counts = [c for c in PLAYER_COUNTS if fig.present(c) and other.present(c)]
                    yield ctx.finding(
                        one_figure_per_hex,
                        f"{fig.label} ({_where(fig)}) and {other.label} ({_where(other)}) are "
                        f"both on {fmt_hex(fig.hex)} with "
                        f"{', '.join(map(str, counts))} characters",
                        smap.doc,
                        (*fig.path, "hex"),
                        hint="a hex holds one figure: move one, or set it absent at those "
                        "player counts",
                        related=[(smap.doc, (*other.path, "hex"))],
                    )
                else:
                    first[fig.hex] = k


@gh_check(
    "QGH222",
    per_document=True,
    severity="error",
    title="Figure on an obstacle",
    description="A monster, named monster or boss is placed on an obstacle hex. Only a "
    "flying figure may occupy an obstacle (GH-OBST-01, GH-OBST-02); flying monster types "
    "are allowed.",
    example="A `slag-hound` (not flying) at `[1, 7]`, where an obstacle overlay lies.",
    fix="Move the monster or the obstacle.",
    rules=("GH-OBST-01", "GH-OBST-02"),
)
def no_figure_on_obstacle(ctx: CheckContext) -> Iterator[Finding]:
    # runs on scenarios whose map parts are valid, even with schema errors elsewhere
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        obstacles = smap.obstacle_hexes()
        if _figure_hexes(smap).isdisjoint(obstacles):
            continue
        for fig in smap.figures:
            if fig.hex in obstacles and not fig.flying:
                if not any(fig.present(n) for n in PLAYER_COUNTS):
                    continue
                yield ctx.finding(
                    no_figure_on_obstacle,
                    f"{fig.label} at {fmt_hex(fig.hex)} stands on an obstacle and does not fly",
                    smap.doc,
                    (*fig.path, "hex"),
                    hint="only flying figures can be on an obstacle hex",
                    related=[(smap.doc, obstacles[fig.hex].path)],
                )


@gh_check(
    "QGH223",
    per_document=True,
    severity="error",
    title="Starting hex outside the starting room",
    description="Characters start on hexes of the starting room (GH-SETUP-07); a starting "
    "hex in another room (or in no room) would place a character in an unrevealed room.",
    example='`"starting_room": "gate"` and a starting hex `[1, 6]` on the `shaft` tile.',
    fix="Move the starting hex into the starting room, or change `starting_room`.",
    rules=("GH-SETUP-07", "GH-SETUP-05"),
)
def start_in_start_room(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        start = smap.room(smap.starting_room)
        if start is None or not smap.complete:
            continue
        if all(h in start.hexes for h, _ in smap.starting_hexes):
            continue
        room_of = smap.room_of()
        hexes = smap.map_hexes
        doors = {d.hex for d in smap.doors}
        for h, path in smap.starting_hexes:
            if h in start.hexes or h not in hexes or h in doors:
                continue  # fine, off the map (QGH220), or on a door (QGH224)
            where = f"in room {room_of[h]!r}" if h in room_of else "in no room"
            yield ctx.finding(
                start_in_start_room,
                f"starting hex {fmt_hex(h)} is {where}, not in the starting room "
                f"{smap.starting_room!r}",
                smap.doc,
                path,
            )


@gh_check(
    "QGH228",
    per_document=True,
    severity="error",
    title="Figure outside every room",
    description="A monster, named monster or boss stands on a map hex that belongs to no "
    "room, typically a door hex. Monsters are placed when their room is revealed "
    "(GH-SETUP-05, GH-ROOM-02); a figure in no room is never placed, and one on a door "
    "would block it.",
    example="A monster marker on the door hex `[1, 3]`.",
    fix="Move the figure onto a hex of the room it belongs to.",
    rules=("GH-SETUP-05", "GH-ROOM-02"),
)
def figure_in_a_room(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        if not smap.complete or not smap.rooms:
            continue  # no rooms yet (a schema error): every figure would be in none
        room_of = smap.room_of()
        if room_of.keys() >= _figure_hexes(smap):
            continue  # every figure in a room
        hexes = smap.map_hexes
        doors = {d.hex: d for d in smap.doors}
        for fig in smap.figures:
            if fig.hex in room_of or fig.hex not in hexes:
                continue  # fine, or off the map (QGH220)
            where = f"door {doors[fig.hex].id!r}" if fig.hex in doors else "a hex of no room"
            yield ctx.finding(
                figure_in_a_room,
                f"{fig.label} at {fmt_hex(fig.hex)} stands on {where}",
                smap.doc,
                (*fig.path, "hex"),
                hint="figures are placed when their room is revealed: put it in a room",
            )


#: the most characters a scenario is played with (GH-SETUP-03)
MAX_CHARACTERS = 4


@gh_check(
    "QGH229",
    per_document=True,
    severity="error",
    title="Too few starting hexes",
    description="A scenario needs a free starting hex for each of up to four characters "
    "(GH-SETUP-07, GH-SETUP-03); with fewer distinct starting hexes on the map, a "
    "four-character party cannot set up.",
    example='`"starting_hexes": [[0, 0], [1, 0], [2, 0]]`.',
    fix="Mark at least four starting hexes in the starting room.",
    rules=("GH-SETUP-07", "GH-SETUP-03"),
)
def enough_start_hexes(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, ("starting_hexes",), present=("starting_hexes",)):
        distinct = {h for h, _ in smap.starting_hexes}
        if distinct and len(distinct) < MAX_CHARACTERS:  # none at all: the schema says so
            yield ctx.finding(
                enough_start_hexes,
                f"{len(distinct)} starting hex(es); {MAX_CHARACTERS} characters need "
                f"{MAX_CHARACTERS}",
                smap.doc,
                ("starting_hexes",),
            )


#: overlay types that keep a hex from being a free starting hex
_NOT_FREE = ("obstacle", "trap", "hazardous", "pressure-plate")


@gh_check(
    "QGH224",
    per_document=True,
    severity="error",
    title="Starting hex not free",
    description="A starting hex must be empty (GH-SETUP-07): no monster at any player "
    "count, no named monster or boss, no door, and no obstacle, trap, hazardous terrain or "
    "pressure plate. Starting hexes are listed once each.",
    example="Starting hex `[3, 2]` where a monster marker is normal with 2 characters.",
    fix="Move the starting hex, or the figure or overlay on it.",
    rules=("GH-SETUP-07",),
)
def start_hex_free(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        if smap.fact("start blockers", _start_blockers).isdisjoint(
            [h for h, _ in smap.starting_hexes]
        ):
            continue  # no starting hex has anything on it
        doors = {d.hex: d for d in smap.doors}
        for h, path in smap.starting_hexes:
            blockers = [
                f"{f.label} ({'/'.join(str(n) for n in PLAYER_COUNTS if f.present(n))} characters)"
                for f in smap.figures
                if f.hex == h and any(f.present(n) for n in PLAYER_COUNTS)
            ]
            blockers += [
                f"{o.type} overlay" for o in smap.overlays if o.type in _NOT_FREE and h in o.hexes
            ]
            if h in doors:
                blockers.append(f"door {doors[h].id!r}")
            if blockers:
                yield ctx.finding(
                    start_hex_free,
                    f"starting hex {fmt_hex(h)} is not free: {', '.join(blockers)}",
                    smap.doc,
                    path,
                    hint="characters start on empty hexes",
                )


#: overlays that are tiles: at most one of them per hex (tokens and coins may share)
_TILE_OVERLAYS = TILE_OVERLAYS


@gh_check(
    "QGH225",
    per_document=True,
    severity="warning",
    title="Overlays stacked on one hex",
    description="Two overlay tiles (corridor, trap, hazardous or difficult terrain, "
    "obstacle, treasure, pressure plate) cover the same hex, or one covers a door hex. The "
    "engine applies both, but the printed map cannot show it and the rules do not say which "
    "wins. Coins and numbered tokens may share a hex with a tile.",
    example="An obstacle overlay and a trap overlay both cover `[2, 3]`.",
    fix="Keep one overlay tile per hex.",
    rules=("GH-MAP-01",),
)
def overlays_not_stacked(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        if smap.fact("overlays apart", _overlays_apart):
            continue
        doors = {d.hex: d for d in smap.doors}
        first: dict[Hex, str] = {}
        for ov in smap.overlays:
            if ov.type not in _TILE_OVERLAYS:
                continue
            for k, h in enumerate(ov.hexes):
                name = f"{ov.type} overlay" + (f" {ov.id!r}" if ov.id else "")
                clash = first.get(h)
                if clash is None and h in doors:
                    clash = f"door {doors[h].id!r}"
                if clash is not None:
                    yield ctx.finding(
                        overlays_not_stacked,
                        f"{name} and {clash} are both on {fmt_hex(h)}",
                        smap.doc,
                        (*ov.path, "hexes", k),
                    )
                else:
                    first[h] = name


def _search(smap: ScenarioMap, blocked: Iterable[Hex], parents: bool = False) -> PathResult[Hex]:
    """Walk from the start: doors open; thin walls, room boundaries and ``blocked`` hexes
    stop the walk."""
    hexes = smap.map_hexes
    stop = set(blocked)
    start_room = smap.room(smap.starting_room)
    sources = [h for h, _ in smap.starting_hexes if h in hexes and h not in stop]
    if not sources and start_room is not None:
        sources = [h for h in start_room.hexes if h not in stop]
    return bfs(sources, smap.open_neighbours(), lambda h: h not in stop, track_parents=parents)


def _reached(smap: ScenarioMap, blocked: Iterable[Hex]) -> set[Hex]:
    """Hexes characters can walk to from the start (see :func:`_search`); kept with the
    map's geometry, since moving a monster changes neither the start nor the obstacles."""
    stop = frozenset(blocked)
    found: set[Hex] = smap.shared(_walk_key("reached", smap, stop), lambda: _walk(smap, stop))
    return found


def _walk(smap: ScenarioMap, stop: frozenset[Hex]) -> set[Hex]:
    return set(_search(smap, stop).dist)


def _walk_key(what: str, smap: ScenarioMap, stop: frozenset[Hex]) -> tuple[Any, ...]:
    """What a walk from the start depends on besides the geometry."""
    return (what, smap.starting_room, tuple(h for h, _ in smap.starting_hexes), stop)


def _entered(smap: ScenarioMap, stop: frozenset[Hex]) -> set[str]:
    """Rooms characters can walk into with ``stop`` blocked (kept like :func:`_reached`)."""

    def rooms() -> set[str]:
        room_of = smap.room_of()
        return {room_of[h] for h in _reached(smap, stop) if h in room_of}

    found: set[str] = smap.shared(_walk_key("entered", smap, stop), rooms)
    return found


@gh_check(
    "QGH226",
    per_document=True,
    severity="error",
    title="Obstacles cut a room off",
    description="With obstacles treated as blocked (doors open, thin walls blocking), a room "
    "can no longer be reached by walking from the starting hexes. Obstacles may never cut "
    "off one area of the map from another (GH-OBST-04): characters without jump or flying "
    "could not go on.",
    example="A row of obstacle hexes fills the only corridor between `gate` and `shaft`.",
    fix="Remove or move one of the obstacles named in the message so a walking path remains.",
    rules=("GH-OBST-01", "GH-OBST-04"),
)
def obstacles_do_not_cut(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        # besides the geometry: the start and the obstacles (with their positions in the
        # file, which the messages name); monsters and other overlays do not matter
        obstacles = tuple((o.index, o.hexes) for o in smap.overlays if o.type == "obstacle")
        yield from smap.geometry_findings(
            ctx,
            "QGH226",
            functools.partial(_cut_off, ctx, smap),
            smap.starting_room,
            tuple(h for h, _ in smap.starting_hexes),
            obstacles,
        )


def _cut_off(ctx: CheckContext, smap: ScenarioMap) -> Iterator[Finding]:
    if not smap.complete or smap.room(smap.starting_room) is None:
        return
    obstacles = smap.obstacle_hexes()
    if not obstacles:
        return
    open_reach = _reached(smap, ())
    blocked_reach = _reached(smap, obstacles)
    for room in smap.rooms:
        hexes = set(room.hexes)
        if not hexes & open_reach or hexes & blocked_reach:
            continue  # unreachable anyway (QGH212/QGH213), or still reachable
        culprits = []
        for ov in {id(o): o for o in obstacles.values()}.values():
            rest = {h for h, o in obstacles.items() if o is not ov}
            if hexes & _reached(smap, rest):
                culprits.append(ov)
        if culprits:
            target = culprits[0]
            names = ", ".join(f"overlays[{o.index}] at {fmt_hexes(o.hexes, 3)}" for o in culprits)
            message = (
                f"obstacle at {fmt_hexes(target.hexes, 3)} cuts room {room.id!r} off: no "
                "walking path from the starting hexes reaches it"
            )
            hint = (
                f"removing {names} opens a path"
                if len(culprits) == 1
                else f"removing any one of these opens a path: {names}"
            )
        else:
            # the shortest open way to the room, and the obstacles on it
            way = _search(smap, (), parents=True)
            goal = min((h for h in hexes if h in way.dist), key=lambda h: (way.dist[h], h))
            involved: list[Overlay] = []
            for h in way.path_to(goal):
                if h in obstacles and obstacles[h] not in involved:
                    involved.append(obstacles[h])
            target = involved[0]
            message = (
                f"obstacles together cut room {room.id!r} off: no walking path from the "
                "starting hexes reaches it"
            )
            hint = "the shortest way there crosses " + ", ".join(
                f"overlays[{o.index}] at {fmt_hexes(o.hexes, 3)}" for o in involved
            )
        yield ctx.finding(
            obstacles_do_not_cut,
            message,
            smap.doc,
            target.path,
            hint=hint,
            related=[(smap.doc, room.path)],
        )


@gh_check(
    "QGH227",
    per_document=True,
    severity="warning",
    title="Treasure, goal hex or monster out of reach",
    description="A treasure, coin, goal hex or walking monster lies in a room characters can "
    "enter, but no walking figure can get to it or away from it: it is sealed off inside the "
    "room by obstacles or thin walls (doors count as open). A sealed treasure or goal can "
    "only be reached by flying or jumping, which may not be in any party; a sealed monster "
    "can never reach the characters, nor melee characters it. (Whole rooms cut off are "
    "QGH213 and QGH226.)",
    example="A treasure at `[3, 8]` surrounded by obstacle hexes.",
    fix="Open a walking path to it, or move it.",
    rules=("GH-TREAS-01", "GH-OBST-04", "GH-LOOT-01"),
)
def treasure_reachable(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        if not smap.complete or smap.room(smap.starting_room) is None:
            continue
        obstacles = smap.obstacle_hexes()
        reach = _reached(smap, obstacles)
        if not _maybe_sealed(smap, reach):
            continue  # everything it looks at can be walked to
        room_of = smap.room_of()
        # rooms characters can walk into: a hex missing there is a sealed pocket (rooms cut
        # off as a whole are QGH213 or QGH226)
        entered = _entered(smap, frozenset(obstacles))

        for ov in smap.overlays:
            if ov.type not in ("treasure", "coin"):
                continue
            for k, h in enumerate(ov.hexes):
                if _sealed(h, room_of, entered, reach, obstacles):
                    yield ctx.finding(
                        treasure_reachable,
                        f"{ov.type} at {fmt_hex(h)} cannot be reached by walking",
                        smap.doc,
                        (*ov.path, "hexes", k),
                        hint="characters without flying or jump could never loot it",
                    )
        for fig in smap.figures:
            if fig.flying or not any(fig.present(n) for n in PLAYER_COUNTS):
                continue
            if _sealed(fig.hex, room_of, entered, reach, obstacles):
                yield ctx.finding(
                    treasure_reachable,
                    f"{fig.label} at {fmt_hex(fig.hex)} is walled in: no walking path leads to it",
                    smap.doc,
                    (*fig.path, "hex"),
                    hint="it could never move to the characters; open a path or make it fly",
                )
        for i, goal in enumerate(smap.doc.data.get("win", []) or []):
            if goal.get("type") != "reach-hexes":
                continue
            for k, raw in enumerate(goal.get("hexes", [])):
                h = hx(raw)
                if _sealed(h, room_of, entered, reach, obstacles):
                    yield ctx.finding(
                        treasure_reachable,
                        f"goal hex {fmt_hex(h)} cannot be reached by walking",
                        smap.doc,
                        ("win", i, "hexes", k),
                    )


def _maybe_sealed(smap: ScenarioMap, reach: set[Hex]) -> bool:
    """Whether some treasure, coin, walking monster or goal hex QGH227 looks at is out of
    ``reach`` (only such a hex can be sealed; ``False`` means nothing to report)."""
    for ov in smap.overlays:
        if ov.type in ("treasure", "coin") and not reach.issuperset(ov.hexes):
            return True
    for fig in smap.figures:
        if fig.hex not in reach and not fig.flying and fig.mask:
            return True
    return any(goal.get("type") == "reach-hexes" for goal in smap.doc.data.get("win", []) or [])


def _sealed(
    h: Hex, room_of: dict[Hex, str], entered: set[str], reach: set[Hex], obstacles: Any
) -> bool:
    """``h`` lies in a room characters enter, yet no walking path reaches it."""
    return room_of.get(h) in entered and h not in reach and h not in obstacles
