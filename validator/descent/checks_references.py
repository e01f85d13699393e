"""References between documents and ids inside a quest (QDJ200-209), dice (QDJ250-259).

Ids unique per kind within a pack are the core check ``QC101``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from questforge.validator.context import CheckContext
from questforge.validator.descent.catalogue import dj_check
from questforge.validator.descent.common import quests
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding, JsonPath


def _refs(doc: LoadedDocument) -> Iterator[tuple[JsonPath, str, str]]:
    """Every reference in ``doc`` except dice: (path, target kind, value)."""
    data: Any = doc.data
    if doc.kind == "quest":
        if isinstance(data.get("shop"), str):
            yield ("shop",), "shop", data["shop"]
        for i, t in enumerate(data.get("tiles", ())):
            yield ("tiles", i, "tile"), "tile", t["tile"]
        for i, m in enumerate(data.get("monsters", ())):
            yield ("monsters", i, "monster"), "monster", m["monster"]
        for i, n in enumerate(data.get("named", ())):
            yield ("named", i, "monster"), "monster", n["monster"]
        for i, e in enumerate(data.get("events", ())):
            for j, s in enumerate(e["effect"].get("spawn", ())):
                yield ("events", i, "effect", "spawn", j, "monster"), "monster", s["monster"]
    elif doc.kind == "overlord-card":
        for i, s in enumerate(data.get("spawn", ())):
            yield ("spawn", i, "monster"), "monster", s["monster"]


def _dice(doc: LoadedDocument) -> Iterator[tuple[JsonPath, str]]:
    data: Any = doc.data
    if doc.kind == "item":
        for i, die in enumerate(data.get("dice", ())):
            yield ("dice", i), die
    elif doc.kind == "monster":
        for count, sections in data.get("stats", {}).items():
            for rank in ("normal", "master"):
                for i, die in enumerate(sections[rank].get("dice", ())):
                    yield ("stats", count, rank, "dice", i), die


@dj_check(
    "QDJ201",
    severity="error",
    title="Reference does not resolve",
    description="A reference to another document (the tile of a tile placement, the monster "
    "of a placement, a named monster, a spawn card or an event's spawn, a quest's shop) names "
    "no document of that kind in this pack or, for `pack:id`, in the required pack.",
    example='A quest places `{"monster": "gloomkn", ...}` but the monster file has '
    '`"id": "gloomkin"`.',
    fix="Correct the id, add the missing document, or prefix the id with the pack that "
    "defines it and list that pack in `requires`.",
)
def references_resolve(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.valid_documents():
        for path, kind, value in _refs(doc):
            if ctx.resolve(value, kind, include_invalid=True) is None:
                yield ctx.finding(references_resolve, f"{kind} {value!r} does not exist", doc, path)


@dj_check(
    "QDJ202",
    severity="error",
    title="Duplicate id inside a quest",
    description="Two areas, doors, map objects, named monsters or events of one quest share "
    "an id, so triggers and objectives that name it are ambiguous.",
    example='Two chests both have `"id": "chest"`.',
    fix="Give each its own id.",
)
def quest_ids_unique(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("quest"):
        for key in ("areas", "doors", "objects", "named", "events"):
            seen: set[str] = set()
            for i, entry in enumerate(doc.data.get(key, ())):
                ident = entry["id"]
                if ident in seen:
                    yield ctx.finding(
                        quest_ids_unique,
                        f"{key[:-1]} id {ident!r} is used twice",
                        doc,
                        (key, i, "id"),
                    )
                seen.add(ident)


@dj_check(
    "QDJ203",
    severity="error",
    title="Tile placement in an unknown area",
    description="A tile placement names an area the quest's `areas` list does not have.",
    example='`{"tile": "room-4x4", "at": [0, 0], "area": "vualt"}` with an area `vault`.',
    fix="Use one of the quest's area ids or add the area.",
    rules=("DJ-REF-30",),
)
def placement_area_known(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("quest"):
        areas = {a["id"] for a in doc.data["areas"]}
        for i, t in enumerate(doc.data["tiles"]):
            if t["area"] not in areas:
                yield ctx.finding(
                    placement_area_known,
                    f"area {t['area']!r} is not one of the quest's areas",
                    doc,
                    ("tiles", i, "area"),
                    hint="areas: " + ", ".join(sorted(areas)),
                )


@dj_check(
    "QDJ250",
    severity="error",
    title="Die does not exist",
    description="A weapon or a monster rolls a die colour that no `die` document defines "
    "(packs define their dice, DJ-REF-01).",
    example='A weapon with `"dice": ["red", "purple"]` in a pack without a `purple` die.',
    fix="Add the die document or use an existing colour.",
    rules=("DJ-ATK-03", "DJ-REF-01"),
)
def dice_exist(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.valid_documents():
        for path, die in _dice(doc):
            if ctx.resolve(die, "die", include_invalid=True) is None:
                yield ctx.finding(dice_exist, f"die {die!r} does not exist", doc, path)


@dj_check(
    "QDJ251",
    severity="warning",
    title="Power die rolled as an attack die",
    description="A weapon or monster lists a die whose role is `power`: power dice come from "
    "a hero's traits and fatigue, not from equipment or monster cards (DJ-ATK-03, DJ-ATK-07).",
    example='`"dice": ["red", "black"]` on a weapon.',
    fix="Remove the power die; give the hero a trait instead.",
    rules=("DJ-ATK-03", "DJ-ATK-07"),
)
def no_power_dice_on_weapons(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.valid_documents():
        for path, die in _dice(doc):
            target = ctx.resolve(die, "die")
            if target is not None and target.data.get("role") == "power":
                yield ctx.finding(
                    no_power_dice_on_weapons, f"die {die!r} is a power die", doc, path
                )


def _area_ids(view: Any) -> set[str]:
    return {a[0] for a in view.quest.areas}


@dj_check(
    "QDJ240",
    severity="error",
    title="Objective names nothing",
    description="An objective's target does not exist in its quest: `kill` needs a named "
    "monster, `open` a chest, `activate` a glyph, `clear` an area, `reach` a square on the map.",
    example='`{"type": "kill", "target": "vesk"}` in a quest without a named monster `vesk`.',
    fix="Name an existing target (or add it).",
    rules=("DJ-GOAL-01",),
)
def objectives_resolve(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        q = view.quest
        for obj in q.objectives:
            problem = _target_problem(view, obj.type, obj.target, obj.cell)
            if problem is not None:
                where = "cell" if obj.type == "reach" else "target"
                yield ctx.finding(
                    objectives_resolve, problem, view.doc, ("objectives", obj.index, where)
                )


_NEEDS = {
    "kill": "named",
    "named-killed": "named",
    "open": "chest",
    "chest-opened": "chest",
    "activate": "glyph",
    "glyph-activated": "glyph",
    "clear": "area",
    "area-revealed": "area",
    "door-opened": "door",
}


def _target_problem(view: Any, kind: str, target: str | None, cell: Any) -> str | None:
    q = view.quest
    if kind in ("reach", "square-entered"):
        if cell is None:
            return f"a {kind!r} needs a square"
        return None if cell in view.map.cells else f"square {list(cell)} is not on the map"
    need = _NEEDS.get(kind)
    if need is None:
        return None
    if target is None:
        return f"a {kind!r} needs a target ({need})"
    if need == "named":
        ok = any(n.id == target for n in q.named)
    elif need == "area":
        ok = target in _area_ids(view)
    elif need == "door":
        ok = q.door(target) is not None
    else:
        found = q.object(target)
        ok = found is not None and found.type == need
    return None if ok else f"{need} {target!r} does not exist in this quest"


@dj_check(
    "QDJ241",
    severity="error",
    title="Event names nothing",
    description="An event's trigger or effect names an area, door, chest, glyph, named "
    "monster or square the quest does not have, or a `round` trigger has no round.",
    example='`{"trigger": {"type": "door-opened", "target": "gate"}}` without a door `gate`.',
    fix="Name an existing target.",
    rules=("DJ-CQ-02",),
)
def events_resolve(ctx: CheckContext) -> Iterator[Finding]:
    for view in quests(ctx):
        q = view.quest
        for ev in q.events:
            if ev.trigger == "round" and ev.round is None:
                yield ctx.finding(
                    events_resolve,
                    "a round trigger needs a round",
                    view.doc,
                    ("events", ev.index, "trigger"),
                )
            problem = _target_problem(view, ev.trigger, ev.target, ev.cell)
            if problem is not None:
                where = "cell" if ev.trigger == "square-entered" else "target"
                yield ctx.finding(
                    events_resolve, problem, view.doc, ("events", ev.index, "trigger", where)
                )
            effect = ev.effect
            base = ("events", ev.index, "effect")
            if "reveal" in effect and effect["reveal"] not in _area_ids(view):
                yield ctx.finding(
                    events_resolve,
                    f"area {effect['reveal']!r} does not exist",
                    view.doc,
                    (*base, "reveal"),
                )
            if "open_door" in effect and q.door(effect["open_door"]) is None:
                yield ctx.finding(
                    events_resolve,
                    f"door {effect['open_door']!r} does not exist",
                    view.doc,
                    (*base, "open_door"),
                )
            for j, s in enumerate(effect.get("spawn", ())):
                if tuple(s["cell"]) not in view.map.cells:
                    yield ctx.finding(
                        events_resolve,
                        f"spawn square {s['cell']} is not on the map",
                        view.doc,
                        (*base, "spawn", j, "cell"),
                    )
