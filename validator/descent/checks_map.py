"""Quest map geometry (QDJ210-219), things on the map (QDJ220-229), monsters per hero
count against the models in the box and breath templates (QDJ230-239)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from questforge.engine.descent.model import IMPASSABLE, Monster, QuestMap, footprint
from questforge.validator.context import CheckContext
from questforge.validator.descent.catalogue import dj_check
from questforge.validator.descent.common import model, quests
from questforge.validator.findings import Finding


@dj_check(
    "QDJ210",
    severity="error",
    title="Tiles overlap",
    description="Two tile placements cover the same square (after rotation), so the square "
    "belongs to two areas at once.",
    example="A 4x4 room at `[0, 0]` and another at `[2, 0]`.",
    fix="Move or rotate one of the tiles.",
)
def tiles_do_not_overlap(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        reported: set[int] = set()
        for c, first, second in view.map.overlaps:
            if second in reported:
                continue
            reported.add(second)
            yield ctx.finding(
                tiles_do_not_overlap,
                f"tile placement {second} overlaps placement {first} (square {list(c)})",
                view.doc,
                ("tiles", second),
            )


@dj_check(
    "QDJ211",
    severity="error",
    title="Area cannot be reached",
    description="An area is joined to the first area (where the heroes start) by no chain "
    "of doors and staircases, so it can never be revealed.",
    example="A `vault` area whose tiles touch no door.",
    fix="Add a door between the area and a reachable one, or a pair of stairs.",
    rules=("DJ-MAP-05", "DJ-MAP-08"),
)
def areas_reachable(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        graph = view.map.area_graph()
        first = view.quest.first_area
        seen = {first}
        todo = [first]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        for i, (area, _name, _text) in enumerate(view.quest.areas):
            if area not in seen and any(t.area == area for t in view.quest.tiles):
                yield ctx.finding(
                    areas_reachable,
                    f"area {area!r} is not connected to the first area {first!r}",
                    view.doc,
                    ("areas", i),
                )


def _reachable_without(qmap: QuestMap, colour: str) -> set[str]:
    """Areas reachable from the first area without opening a door of rune ``colour``."""
    quest = qmap.quest
    first = quest.first_area
    links: list[set[str]] = [qmap.door_areas(d.id) for d in quest.doors if d.rune != colour]
    for c, others in qmap.stairs_links().items():
        for o in others:
            if c in qmap.area_of and o in qmap.area_of:
                links.append({qmap.area_of[c], qmap.area_of[o]})
    seen = {first}
    changed = True
    while changed:
        changed = False
        for group in links:
            if group & seen and not group <= seen:
                seen |= group
                changed = True
    return seen


@dj_check(
    "QDJ212",
    severity="error",
    title="Rune door without a reachable key",
    description="A rune-locked door's colour has no runekey in an area the heroes can reach "
    "without opening a door of that colour first, so the door can never be opened.",
    example="The red door's only red runekey lies behind the red door.",
    fix="Place a runekey of the door's colour in front of it.",
    rules=("DJ-MAP-08", "DJ-REF-37"),
)
def rune_keys_reachable(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        for door in view.quest.doors:
            if door.rune is None:
                continue
            reach = _reachable_without(view.map, door.rune)
            keys = [
                o
                for o in view.quest.objects
                if o.type == "runekey" and o.colour == door.rune and o.cell in view.map.area_of
            ]
            if not any(view.map.area_of[k.cell] in reach for k in keys):
                yield ctx.finding(
                    rune_keys_reachable,
                    f"no {door.rune} runekey can be reached before door {door.id!r}",
                    view.doc,
                    ("doors", door.index, "rune"),
                )


@dj_check(
    "QDJ213",
    severity="error",
    title="Staircase without its pair",
    description="Staircases lead to the other staircase of the same colour (DJ-MAP-05): each "
    "colour must have exactly two, and every staircase needs a colour.",
    example="One blue staircase and no other.",
    fix="Add the other end, or give the two ends the same colour.",
    rules=("DJ-MAP-05", "DJ-REF-15"),
)
def stairs_paired(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        by_colour: dict[str | None, list[Any]] = {}
        for o in view.quest.objects:
            if o.type == "stairs":
                by_colour.setdefault(o.colour, []).append(o)
        for colour, stairs in by_colour.items():
            if colour is None:
                for o in stairs:
                    yield ctx.finding(
                        stairs_paired,
                        f"staircase {o.id!r} has no colour",
                        view.doc,
                        ("objects", o.index),
                    )
            elif len(stairs) != 2:
                for o in stairs:
                    yield ctx.finding(
                        stairs_paired,
                        f"{len(stairs)} {colour} staircase(s): each colour needs exactly two",
                        view.doc,
                        ("objects", o.index, "colour"),
                    )


@dj_check(
    "QDJ214",
    severity="warning",
    title="No active glyph",
    description="No glyph of transport starts active, so heroes who die or go to town cannot "
    "come back until one is found (DJ-REF-34: heroes start on or next to an active glyph).",
    example='A quest whose only glyph has `"active": false`.',
    fix='Set `"active": true` on the glyph beside the start squares.',
    rules=("DJ-MAP-06", "DJ-REF-34"),
)
def active_glyph(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        if not any(o.type == "glyph" and o.active for o in view.quest.objects):
            yield ctx.finding(active_glyph, "no glyph starts active", view.doc, ("start",))


@dj_check(
    "QDJ215",
    severity="error",
    title="Door not between two areas",
    description="A door edge must join two orthogonally adjacent squares of the map that "
    "belong to different areas.",
    example="A door edge `[[5, 1], [7, 1]]` (not adjacent), or one inside a single area.",
    fix="Put the door's edges on the border of the two areas it separates.",
    rules=("DJ-REF-37",),
)
def doors_between_areas(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        area_of = view.map.area_of
        for door in view.quest.doors:
            for j, (a, b) in enumerate(door.edges):
                path = ("doors", door.index, "edges", j)
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                    problem = "its squares are not orthogonally adjacent"
                elif a not in area_of or b not in area_of:
                    problem = "a square is off the map"
                elif area_of[a] == area_of[b]:
                    problem = f"both squares are in area {area_of[a]!r}"
                else:
                    continue
                yield ctx.finding(
                    doors_between_areas, f"door {door.id!r} edge {j}: {problem}", view.doc, path
                )


@dj_check(
    "QDJ216",
    severity="warning",
    title="Area without tiles",
    description="An area has no tile placement, so it has no squares.",
    example="An area `attic` that no tile names.",
    fix="Place a tile in the area or remove it.",
)
def areas_have_tiles(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        used = {t.area for t in view.quest.tiles}
        for i, (area, _n, _t) in enumerate(view.quest.areas):
            if area not in used:
                yield ctx.finding(
                    areas_have_tiles, f"area {area!r} has no tiles", view.doc, ("areas", i)
                )


def _blocked(qmap: QuestMap, c: tuple[int, int]) -> str | None:
    if c not in qmap.area_of:
        return "off the map"
    terrain = qmap.quest.terrain.get(c)
    if terrain in IMPASSABLE:
        return f"on {terrain}"
    return None


def _figures(
    view: Any, monsters: dict[str, Monster], heroes: int
) -> Iterator[tuple[Any, list[tuple[int, int]], tuple[Any, ...]]]:
    """(what, squares, path) of every figure standing with ``heroes`` heroes."""
    q = view.quest
    for i, c in enumerate(q.start[:heroes]):
        yield "start square", [c], ("start", i)
    for p in q.monsters:
        if p.rank_for(heroes) == "none":
            continue
        m = monsters.get(p.monster)
        size = m.size if m else (1, 1)
        yield f"{p.monster}", footprint(p.cell, size), ("monsters", p.index, "cell")
    for n in q.named:
        m = monsters.get(n.monster)
        size = m.size if m else (1, 1)
        yield n.name, footprint(n.cell, size), ("named", n.index, "cell")


@dj_check(
    "QDJ220",
    severity="error",
    title="Figure on a blocked square",
    description="A start square, a monster or a named monster stands off the map or on rubble "
    "or water (squares no figure may enter, DJ-MAP-03, DJ-MAP-04).",
    example="A monster at `[13, 0]` where the map has rubble.",
    fix="Move the figure to an open square.",
    rules=("DJ-MAP-03", "DJ-MAP-04", "DJ-REF-30"),
)
def figures_on_open_squares(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        q = view.quest
        points: list[tuple[tuple[int, int], tuple[str | int, ...]]] = [
            (c, ("start", i)) for i, c in enumerate(q.start)
        ]
        points += [(p.cell, ("monsters", p.index, "cell")) for p in q.monsters]
        points += [(n.cell, ("named", n.index, "cell")) for n in q.named]
        for c, path in points:
            problem = _blocked(view.map, c)
            if problem is not None:
                yield ctx.finding(
                    figures_on_open_squares, f"square {list(c)} is {problem}", view.doc, path
                )


@dj_check(
    "QDJ221",
    severity="error",
    title="Two figures on one square",
    description="With some number of heroes, two figures (start squares included) share a "
    "square; large monsters count every square of their footprint.",
    example="A monster placed on a start square with 4 heroes.",
    fix="Move one of them, or set the placement to `none` for that hero count.",
    rules=("DJ-REF-09", "DJ-REF-18"),
)
def one_figure_per_square(ctx: CheckContext) -> Iterator[Finding]:
    monsters = model(ctx).monsters
    for view in quests(ctx):
        reported: set[tuple[Any, ...]] = set()
        for heroes in view.quest.heroes:
            taken: dict[tuple[int, int], str] = {}
            for what, squares, path in _figures(view, monsters, heroes):
                clash = next((c for c in squares if c in taken), None)
                if clash is not None and path not in reported:
                    reported.add(path)
                    yield ctx.finding(
                        one_figure_per_square,
                        f"with {heroes} heroes, {what} shares square {list(clash)} with "
                        f"{taken[clash]}",
                        view.doc,
                        path,
                    )
                for c in squares:
                    taken.setdefault(c, what)


@dj_check(
    "QDJ222",
    severity="error",
    title="Large monster does not fit",
    description="A large monster's footprint (its `size` from the top-left square) leaves "
    "the map, covers rubble or water, or straddles a wall or door (DJ-REF-18: it must always "
    "cover real spaces).",
    example="A 2x2 monster placed in the last column of a room.",
    fix="Move it so that all its squares are open squares of one area.",
    rules=("DJ-REF-16", "DJ-REF-18"),
)
def large_monsters_fit(ctx: CheckContext) -> Iterator[Finding]:
    monsters = model(ctx).monsters
    for view in quests(ctx):
        board = view.map.board()
        entries = [(p.monster, p.cell, ("monsters", p.index, "cell")) for p in view.quest.monsters]
        entries += [(n.monster, n.cell, ("named", n.index, "cell")) for n in view.quest.named]
        for ident, origin, path in entries:
            m = monsters.get(ident)
            if m is None or m.size == (1, 1) or _blocked(view.map, origin) is not None:
                continue
            squares = footprint(origin, m.size)
            problem = next(
                (
                    f"square {list(c)} is {_blocked(view.map, c)}"
                    for c in squares[1:]
                    if _blocked(view.map, c)
                ),
                None,
            )
            if problem is None:
                cells = set(squares)
                for x, y in squares:
                    for other in ((x + 1, y), (x, y + 1)):
                        if other in cells and not board.crossable((x, y), other):
                            problem = f"a wall or door runs between {[x, y]} and {list(other)}"
            if problem is not None:
                yield ctx.finding(
                    large_monsters_fit,
                    f"{ident} ({m.size[0]}x{m.size[1]}) does not fit at {list(origin)}: {problem}",
                    view.doc,
                    path,
                )


@dj_check(
    "QDJ223",
    severity="error",
    title="Map object misplaced",
    description="A map object (glyph, staircase, runekey, chest, coins, potion) is off the "
    "map, on rubble or water, or on the same square as another object.",
    example="A chest at `[9, 6]` where the map has water.",
    fix="Move the object to a free open square.",
    rules=("DJ-TREAS-04",),
)
def objects_placed(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        seen: dict[tuple[int, int], str] = {}
        for o in view.quest.objects:
            problem = _blocked(view.map, o.cell)
            if problem is None and o.cell in seen:
                problem = f"already holding {seen[o.cell]!r}"
            if problem is not None:
                yield ctx.finding(
                    objects_placed,
                    f"{o.type} {o.id!r} at {list(o.cell)} is {problem}",
                    view.doc,
                    ("objects", o.index, "cell"),
                )
            seen.setdefault(o.cell, o.id)


@dj_check(
    "QDJ224",
    severity="error",
    title="Too few start squares",
    description="The quest supports more heroes than it has start squares.",
    example='`"heroes": [2, 3, 4]` with three start squares.',
    fix="Add start squares (on or next to the active glyph).",
    rules=("DJ-SETUP-01", "DJ-REF-34"),
)
def enough_start_squares(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        most = max(view.quest.heroes)
        if len(view.quest.start) < most:
            yield ctx.finding(
                enough_start_squares,
                f"{len(view.quest.start)} start squares for up to {most} heroes",
                view.doc,
                ("start",),
            )


@dj_check(
    "QDJ230",
    severity="error",
    title="More monsters than models",
    description="With some number of heroes, a quest places more normal or master monsters "
    "of one kind (named monsters use master figures) than the monster's `models` provide "
    "(DJ-SPAWN-02: a monster without a model cannot be placed).",
    example="Three master gloomkin with 4 heroes when the card has one master model.",
    fix="Place fewer, use `normal`, or raise the models count.",
    rules=("DJ-SPAWN-02", "DJ-REF-19"),
)
def models_suffice(ctx: CheckContext) -> Iterator[Finding]:
    monsters = model(ctx).monsters
    for view in quests(ctx):
        q = view.quest
        for heroes in q.heroes:
            used: dict[tuple[str, str], int] = {}
            for n in q.named:
                used[(n.monster, "master")] = used.get((n.monster, "master"), 0) + 1
            for p in q.monsters:
                rank = p.rank_for(heroes)
                if rank == "none":
                    continue
                key = (p.monster, rank)
                used[key] = used.get(key, 0) + 1
                m = monsters.get(p.monster)
                if m is not None and used[key] == m.models[rank] + 1:
                    yield ctx.finding(
                        models_suffice,
                        f"with {heroes} heroes the quest needs more {rank} {p.monster} than "
                        f"its {m.models[rank]} model(s)",
                        view.doc,
                        ("monsters", p.index, "heroes", str(heroes)),
                    )


def _ability_paths(data: Any) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every ability of a monster (per hero count and rank) or an item, with its path:
    on the card and bought with surges."""
    sections: list[tuple[tuple[Any, ...], Any]] = []
    if "stats" in data:
        for count, ranks in data["stats"].items():
            for rank, stats in ranks.items():
                sections.append((("stats", count, rank), stats))
    else:
        sections.append(((), data))
    for base, section in sections:
        for i, ability in enumerate(section.get("abilities", ())):
            yield (*base, "abilities", i), ability
        for i, surge in enumerate(section.get("surges", ())):
            if "ability" in surge:
                yield (*base, "surges", i, "ability"), surge["ability"]


@dj_check(
    "QDJ231",
    severity="error",
    title="Breath template cannot be laid",
    description="A `template` is Breath's shape (DJ-ABIL-03): the squares it covers as "
    "[forward, side] offsets from the square where it is laid, [0, 0], next to the attacker. "
    "A template on another ability is never used; one without [0, 0] does not touch the "
    "square it is laid on; a square listed twice is a typo.",
    example='`{"name": "breath", "template": [[1, 0], [2, 0]]}`',
    fix="List [0, 0] and each covered square once, on the breath ability only.",
    rules=("DJ-ABIL-03",),
)
def breath_templates(ctx: CheckContext) -> Iterator[Finding]:
    for kind in ("monster", "item"):
        for doc in ctx.of_kind(kind):
            for path, ability in _ability_paths(doc.data):
                template = ability.get("template")
                if template is None:
                    continue
                squares = [tuple(c) for c in template]
                if ability.get("name") != "breath":
                    problem = f"a template on {ability.get('name')!r}: only Breath has one"
                elif (0, 0) not in squares:
                    problem = "the template does not cover [0, 0], the square it is laid on"
                elif len(set(squares)) != len(squares):
                    problem = "the template lists a square twice"
                else:
                    continue
                yield ctx.finding(breath_templates, problem, doc, (*path, "template"))
