"""Monster markers per player count (QGH230-239).

A marker on the scenario map shows, for 2, 3 and 4 characters, whether a monster is absent,
normal or elite (GH-SETUP-03, GH-SETUP-04). These checks look at the markers of a scenario
together: the standee count of each type (GH-ROOM-03), how the monsters scale with the
number of characters, goals that need a figure, and pressure plates that trigger something.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from questforge.schema.jsontypes import json_int
from questforge.validator.context import CheckContext
from questforge.validator.findings import Finding
from questforge.validator.gloomhaven.catalogue import gh_check
from questforge.validator.gloomhaven.scenario_map import (
    ALL_COUNTS_MASK,
    MAP_PARTS,
    MAP_PRESENT,
    PLAYER_COUNTS,
    PlacedMonster,
    ScenarioMap,
    fmt_hex,
    fmt_hexes,
    scenario_maps,
)


def _standees(ctx: CheckContext, ref: str) -> int | None:
    doc = ctx.resolve(ref, "monster")
    if doc is None or not isinstance(doc.data, dict):
        return None
    value = doc.data.get("standees")
    return json_int(value)


@gh_check(
    "QGH230",
    per_document=True,
    severity="error",
    title="More monsters than standees",
    description="For some player count, a scenario places more monsters of one type (normal "
    "and elite markers together) than the type has standees. The box limits how many "
    "monsters of a type can be on the board (GH-ROOM-03).",
    example='`slag-hound` has `"standees": 6` and seven markers are present with 4 characters.',
    fix="Remove markers (or set them absent at that player count), use another monster type, "
    "or raise `standees` if the type really has more.",
    rules=("GH-ROOM-03", "GH-SETUP-06"),
)
def standee_limit(ctx: CheckContext) -> Iterator[Finding]:
    limits: dict[str, int | None] = {}
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        types = smap.monster_types()
        for ref in sorted(types):
            limit = limits.get(ref, _UNKNOWN)
            if limit is _UNKNOWN:
                limit = limits[ref] = _standees(ctx, ref)
            markers = types[ref]
            if limit is None or len(markers) <= limit:
                continue  # no limit, or fewer markers than standees at any count
            for n in PLAYER_COUNTS:
                present = [f for f in markers if f.present(n)]
                if len(present) > limit:
                    yield ctx.finding(
                        standee_limit,
                        f"{len(present)} {ref!r} monsters with {n} characters, but the type "
                        f"has {limit} standees",
                        smap.doc,
                        present[limit].path,
                        hint=f"at most {limit} {ref!r} markers may be present per player count",
                    )


_UNKNOWN: Any = object()

#: a marker's counts at 2, 3 and 4 characters packed into one integer (16 bits each), by
#: its present (or elite) mask: the counts of a type are one ``sum`` of these
_PACKED = [
    sum(1 << (16 * k) for k, n in enumerate(PLAYER_COUNTS) if mask >> n & 1)
    for mask in range(1 << (max(PLAYER_COUNTS) + 1))
]


def _decreases(masks: list[int]) -> bool:
    """Whether the number of markers with a bit set (of ``masks``) goes down from one
    player count to the next: only then has a marker check anything to say."""
    total = sum(map(_PACKED.__getitem__, masks))
    counts = [total >> (16 * k) & 0xFFFF for k in range(len(PLAYER_COUNTS))]
    return any(b < a for a, b in itertools.pairwise(counts))


def _scaling(smap: ScenarioMap) -> tuple[bool, bool]:
    """(some type may have fewer elites with more characters, some type may have fewer
    monsters with more characters): the exact summary QGH231 and QGH232 start from
    (``False``: nothing to report). When every marker on its own stays or grows with the
    player count (the usual case: absent, then normal, then elite) no count can fall;
    only otherwise are the types counted."""
    pairs = {(f.mask, f.elite) for f in smap.figures if f.role == "monster"}
    elites = not all(_GROWS[e] for _, e in pairs)
    monsters = not all(_GROWS[m] for m, _ in pairs)
    if not (elites or monsters):
        return False, False
    fewer_elites = fewer_monsters = False
    for markers in smap.monster_types().values():
        if len(markers) > 0xFFFF:  # pragma: no cover - beyond the packed counts
            return True, True
        if elites and not fewer_elites:
            fewer_elites = _decreases([f.elite for f in markers])
        if monsters and not fewer_monsters:
            fewer_monsters = _decreases([f.mask for f in markers])
    return fewer_elites, fewer_monsters


#: by mask: set at a player count means set at every higher one (see :func:`_scaling`)
_GROWS = [
    all(mask >> high & 1 for low, high in itertools.pairwise(PLAYER_COUNTS) if mask >> low & 1)
    for mask in range(len(_PACKED))
]


def _elites(markers: list[PlacedMonster], n: int) -> int:
    return sum(1 for f in markers if f.states.get(n) == "elite")


@gh_check(
    "QGH231",
    per_document=True,
    severity="warning",
    title="Fewer elites with more characters",
    description="The number of elite monsters of a type decreases as the player count rises "
    "(e.g. two elites with 3 characters, one with 4). Markers normally get stronger with "
    "more characters (GH-SETUP-04); a decrease is usually a mis-set marker.",
    example="A marker is elite with 3 characters and normal with 4, and no other marker of "
    "that type becomes elite with 4.",
    fix="Check the markers of that type: with more characters, each marker should stay the "
    "same or go absent -> normal -> elite.",
    rules=("GH-SETUP-03", "GH-SETUP-04"),
)
def elites_do_not_decrease(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        if not smap.fact("scaling", _scaling)[0]:
            continue
        for ref in sorted({f.ref for f in smap.figures if f.role == "monster"}):
            markers = [f for f in smap.figures if f.role == "monster" and f.ref == ref]
            for low, high in itertools.pairwise(PLAYER_COUNTS):
                a, b = _elites(markers, low), _elites(markers, high)
                if b < a:
                    culprit = next(
                        f for f in markers if f.states[low] == "elite" and f.states[high] != "elite"
                    )
                    yield ctx.finding(
                        elites_do_not_decrease,
                        f"{a} elite {ref!r} with {low} characters but {b} with {high}; "
                        f"the marker at {fmt_hex(culprit.hex)} is elite with {low} and "
                        f"{culprit.states[high]} with {high}",
                        smap.doc,
                        (*culprit.path, "players", str(high)),
                    )


@gh_check(
    "QGH232",
    per_document=True,
    severity="warning",
    title="Fewer monsters with more characters",
    description="The number of monsters of a type present (normal or elite) decreases as "
    "the player count rises. More characters should meet at least as many monsters "
    "(GH-SETUP-04); a decrease is usually a mis-set marker.",
    example="A marker is normal with 3 characters and absent with 4.",
    fix="Check the markers of that type for the higher player count.",
    rules=("GH-SETUP-03", "GH-SETUP-04"),
)
def monsters_do_not_decrease(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        if not smap.fact("scaling", _scaling)[1]:
            continue
        for ref in sorted({f.ref for f in smap.figures if f.role == "monster"}):
            markers = [f for f in smap.figures if f.role == "monster" and f.ref == ref]
            for low, high in itertools.pairwise(PLAYER_COUNTS):
                a = sum(1 for f in markers if f.present(low))
                b = sum(1 for f in markers if f.present(high))
                if b < a:
                    culprit = next(f for f in markers if f.present(low) and not f.present(high))
                    yield ctx.finding(
                        monsters_do_not_decrease,
                        f"{a} {ref!r} with {low} characters but {b} with {high}; the marker "
                        f"at {fmt_hex(culprit.hex)} is {culprit.states[low]} with {low} and "
                        f"absent with {high}",
                        smap.doc,
                        (*culprit.path, "players", str(high)),
                    )


def _figure_ids(smap: ScenarioMap) -> dict[str, PlacedMonster]:
    out: dict[str, PlacedMonster] = {}
    data = smap.doc.data
    for fig in smap.figures:
        key = {"monster": "monsters", "named-monster": "named_monsters", "boss": "bosses"}
        entries = data.get(key[fig.role])
        if entries is None:  # a view of a list with broken items: read the file's list
            entries = smap.doc.partial_lists.get(key[fig.role], ([], frozenset()))[0]
        entry = entries[fig.index]
        if isinstance(entry.get("id"), str):
            out.setdefault(entry["id"], fig)
    return out


@gh_check(
    "QGH234",
    per_document=True,
    severity="error",
    title="Goal needs a figure that is absent",
    description="A `kill` goal (or a `killed` trigger) names a figure that is absent at some "
    "player count, so with that many characters the goal can never be met (GH-END-01).",
    example='The goal kills `"foreman-guard"`, a marker that is absent with 2 characters.',
    fix="Make the target present at every player count (normal or elite), or drop it from "
    "the goal.",
    rules=("GH-END-01", "GH-SETUP-04"),
)
def goal_targets_present(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        data = smap.doc.data
        places: list[tuple[str, tuple[str | int, ...]]] = []
        for i, goal in enumerate(data.get("win", []) or []):
            if goal.get("type") == "kill":
                places += [(t, ("win", i, "targets", k)) for k, t in enumerate(goal["targets"])]
        for i, rule in enumerate(data.get("special_rules", []) or []):
            trigger = rule.get("trigger") or {}
            if trigger.get("type") == "killed":
                places += [
                    (t, ("special_rules", i, "trigger", "targets", k))
                    for k, t in enumerate(trigger.get("targets", []))
                ]
        if not places:
            continue
        figures = _figure_ids(smap)
        for ident, path in places:
            fig = figures.get(ident)
            if fig is None:
                continue  # unknown id: QGH204
            absent = [n for n in PLAYER_COUNTS if not fig.present(n)]
            if absent:
                yield ctx.finding(
                    goal_targets_present,
                    f"{ident!r} must be killed but is absent with "
                    f"{', '.join(map(str, absent))} characters",
                    smap.doc,
                    path,
                    related=[(smap.doc, fig.path)],
                )


@gh_check(
    "QGH235",
    per_document=True,
    severity="warning",
    title="Pressure plate does nothing",
    description="A pressure plate overlay is named by no trigger (a door's `opens_when` or a "
    "special rule's `trigger` of type `pressure-plate`), so stepping on it has no effect "
    "(GH-SPEC). A plate needs an `id` to be named.",
    example='`{"type": "pressure-plate", "hexes": [[2, 2]]}` without an `id`.',
    fix="Give the plate an `id` and name it in a trigger, or remove it.",
    rules=("GH-SPEC-03",),
)
def pressure_plate_used(ctx: CheckContext) -> Iterator[Finding]:
    # the triggers must be readable: broken special rules may well name the plate
    for smap in scenario_maps(ctx, (*MAP_PARTS, "special_rules"), present=MAP_PRESENT):
        if "pressure-plate" not in smap.overlay_types():
            continue  # only plates are reported
        data = smap.doc.data
        named: set[str] = set()
        triggers = [d.get("opens_when") for d in data.get("doors", []) or []]
        triggers += [r.get("trigger") for r in data.get("special_rules", []) or []]
        for trigger in triggers:
            if isinstance(trigger, dict) and trigger.get("type") == "pressure-plate":
                named.add(str(trigger.get("overlay")))
        for ov in smap.overlays:
            if ov.type == "pressure-plate" and (ov.id is None or ov.id not in named):
                yield ctx.finding(
                    pressure_plate_used,
                    f"pressure plate at {fmt_hexes(ov.hexes, 3)} triggers nothing",
                    smap.doc,
                    ov.path,
                    hint="name it in a `pressure-plate` trigger (it needs an `id`)",
                )


@gh_check(
    "QGH233",
    per_document=True,
    severity="warning",
    title="Marker absent at every player count",
    description="A monster marker is absent with 2, 3 and 4 characters, so it never places "
    "a monster.",
    example='`"players": {"2": "absent", "3": "absent", "4": "absent"}`.',
    fix="Remove the marker, or set it normal or elite for some player count.",
    rules=("GH-SETUP-04",),
)
def marker_used(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx, MAP_PARTS, present=MAP_PRESENT):
        for fig in smap.figures:
            if fig.role == "monster" and not fig.mask & ALL_COUNTS_MASK:
                yield ctx.finding(
                    marker_used,
                    f"{fig.label} at {fmt_hex(fig.hex)} is absent with 2, 3 and 4 characters",
                    smap.doc,
                    (*fig.path, "players"),
                )
