"""Checks of the board graph (QAH300-309): connections, arrows, neighbourhoods, special areas.

They read the board document itself (schema-valid), so every finding points at the JSON
path of the offending value: the connection entry, the street's ``arrows``, the location's
``neighbourhood``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from questforge.engine.core.graph import GraphBoard
from questforge.validator.arkham.catalogue import ah_check
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding

#: board array -> area type
SECTIONS = (
    ("locations", "location"),
    ("streets", "street"),
    ("other_worlds", "other world"),
    ("special_areas", "special area"),
)


def areas(data: dict[str, Any]) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """Every area of a board as ``(section, index, area)``."""
    for section, _ in SECTIONS:
        for index, area in enumerate(data.get(section, ())):
            yield section, index, area


def area_types(data: dict[str, Any]) -> dict[str, str]:
    """Area id -> type (first definition wins, like the model)."""
    out: dict[str, str] = {}
    for section, kind in SECTIONS:
        for area in data.get(section, ()):
            out.setdefault(area["id"], kind)
    return out


def boards(ctx: CheckContext) -> list[LoadedDocument]:
    return ctx.of_kind("board")


@ah_check(
    "QAH300",
    severity="error",
    title="Area id used twice on a board",
    description="Every location, street, other world and special area of a board needs its own "
    "id: connections, arrows and cards name areas by id.",
    example='two locations with "id": "harbour"',
    fix="rename one of them",
    rules=("AH-MOVE-04",),
)
def duplicate_area(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        seen: set[str] = set()
        for section, index, area in areas(doc.data):
            if area["id"] in seen:
                yield ctx.finding(
                    duplicate_area,
                    f"area id {area['id']!r} is used more than once on this board",
                    doc,
                    (section, index, "id"),
                )
            seen.add(area["id"])


@ah_check(
    "QAH301",
    severity="error",
    title="Connection to an unknown area",
    description="A connection names an area the board does not have, or an other world or "
    "special area (those are reached through gates and rules, never by walking).",
    example='"connects": ["harbour-stret"]',
    fix="name an existing location or street of the board",
    rules=("AH-MOVE-03",),
)
def unknown_connection(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        types = area_types(doc.data)
        for section in ("locations", "streets"):
            for index, area in enumerate(doc.data.get(section, ())):
                for j, other in enumerate(area["connects"]):
                    if types.get(other) not in ("location", "street") or other == area["id"]:
                        what = types.get(other)
                        found = (
                            "itself"
                            if other == area["id"]
                            else (f"an {what}" if what else "no area of this board")
                        )
                        yield ctx.finding(
                            unknown_connection,
                            f"{area['id']!r} connects to {other!r}, which is {found}",
                            doc,
                            (section, index, "connects", j),
                        )


@ah_check(
    "QAH302",
    severity="error",
    title="One-way connection",
    description="Connections are walked both ways (AH-MOVE-03), so each side must list the other. "
    "A connection listed on one side only is almost always a forgotten edit.",
    example='the street lists "harbour" but "harbour" does not list the street',
    fix="add the missing entry to the other area's `connects`, or remove this one",
    rules=("AH-MOVE-03",),
)
def one_way_connection(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        listed: dict[str, set[str]] = {}
        for section in ("locations", "streets"):
            for area in doc.data.get(section, ()):
                listed.setdefault(area["id"], set()).update(area["connects"])
        for section in ("locations", "streets"):
            for index, area in enumerate(doc.data.get(section, ())):
                for j, other in enumerate(area["connects"]):
                    if other in listed and area["id"] not in listed[other]:
                        yield ctx.finding(
                            one_way_connection,
                            f"{area['id']!r} connects to {other!r}, but {other!r} does not "
                            f"connect back to {area['id']!r}",
                            doc,
                            (section, index, "connects", j),
                            hint=f'add "{area["id"]}" to the connects of {other!r}',
                        )


@ah_check(
    "QAH303",
    severity="error",
    title="Town not connected",
    description="Every location and street must be reachable from every other by walking: an "
    "island of areas strands investigators and monsters.",
    example="a neighbourhood whose street connects to no other street",
    fix="connect the part to the rest of the town",
    rules=("AH-MOVE-03", "AH-REF-04"),
)
def disconnected(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        types = area_types(doc.data)
        town = [i for i, t in types.items() if t in ("location", "street")]
        known = set(town)
        edges = []
        for section in ("locations", "streets"):
            for area in doc.data.get(section, ()):
                edges += [
                    (area["id"], o) for o in area["connects"] if o in known and o != area["id"]
                ]
        # the largest part is the town; the others are cut off from it
        parts = sorted(GraphBoard(town, edges).components(), key=len, reverse=True)
        index = {a["id"]: (s, i) for s, i, a in areas(doc.data)}
        for part in parts[1:]:
            section, i = index[part[0]]
            yield ctx.finding(
                disconnected,
                f"{', '.join(map(repr, part))} cannot be reached from {parts[0][0]!r}",
                doc,
                (section, i),
            )


@ah_check(
    "QAH304",
    severity="error",
    title="Street without arrows",
    description="Monsters move between streets by the white and black arrows (AH-MMOVE-02), so "
    "every street needs both.",
    example='a street with no "arrows", or arrows without "black"',
    fix='add "arrows": {"white": "<next street>", "black": "<previous street>"}',
    rules=("AH-MMOVE-02", "AH-REF-03"),
)
def street_without_arrows(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        for index, street in enumerate(doc.data.get("streets", ())):
            arrows = street.get("arrows")
            missing = [c for c in ("white", "black") if c not in (arrows or {})]
            if missing:
                yield ctx.finding(
                    street_without_arrows,
                    f"street {street['id']!r} has no {' and no '.join(missing)} arrow",
                    doc,
                    ("streets", index, "arrows") if arrows is not None else ("streets", index),
                )


@ah_check(
    "QAH305",
    severity="error",
    title="Arrow does not lead to another street",
    description="An arrow must lead from a street to a different street of the board (AH-REF-03).",
    example='"arrows": {"white": "harbour"} where "harbour" is a location',
    fix="point the arrow at a street",
    rules=("AH-MMOVE-02", "AH-REF-03"),
)
def arrow_target(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        types = area_types(doc.data)
        for index, street in enumerate(doc.data.get("streets", ())):
            for colour, target in (street.get("arrows") or {}).items():
                if types.get(target) != "street" or target == street["id"]:
                    what = "itself" if target == street["id"] else (types.get(target) or "unknown")
                    yield ctx.finding(
                        arrow_target,
                        f"the {colour} arrow of {street['id']!r} leads to {target!r} ({what}), "
                        "not to another street",
                        doc,
                        ("streets", index, "arrows", colour),
                    )


@ah_check(
    "QAH306",
    severity="error",
    title="Unknown neighbourhood",
    description="Every location and street belongs to one neighbourhood of the board "
    "(AH-COMP-07): its deck, its street and the editor's grouping depend on it.",
    example='"neighbourhood": "uptwon"',
    fix="use one of the board's `neighbourhoods` ids",
    rules=("AH-COMP-07",),
)
def unknown_neighbourhood(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        known = {n["id"] for n in doc.data.get("neighbourhoods", ())}
        for section in ("locations", "streets"):
            for index, area in enumerate(doc.data.get(section, ())):
                if area["neighbourhood"] not in known:
                    yield ctx.finding(
                        unknown_neighbourhood,
                        f"{area['id']!r} names neighbourhood {area['neighbourhood']!r}, which "
                        "the board does not have",
                        doc,
                        (section, index, "neighbourhood"),
                    )


@ah_check(
    "QAH307",
    severity="error",
    title="Neighbourhood without exactly one street",
    description="Each neighbourhood has one street area (AH-MOVE-04): monsters leaving its "
    "locations go there, and its locations connect to it.",
    example="a neighbourhood no street belongs to",
    fix="add a street for the neighbourhood (or remove the extra one)",
    rules=("AH-MOVE-04", "AH-REF-02"),
)
def neighbourhood_street(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        for index, hood in enumerate(doc.data.get("neighbourhoods", ())):
            count = sum(s["neighbourhood"] == hood["id"] for s in doc.data.get("streets", ()))
            if count != 1:
                yield ctx.finding(
                    neighbourhood_street,
                    f"neighbourhood {hood['id']!r} has {count} streets, expected 1",
                    doc,
                    ("neighbourhoods", index),
                )


@ah_check(
    "QAH308",
    severity="error",
    title="Special area or role missing",
    description="The rules send investigators and monsters to places the board must have: the "
    "Sky, the Outskirts, Lost in Time and Space (special areas) and the asylum and hospital "
    "locations (AH-STAT-03/04, AH-REF-06). A role given twice is ambiguous.",
    example="a board without a location with role `hospital`",
    fix="add the special area, or set the role on one location",
    rules=("AH-REF-06", "AH-STAT-03", "AH-STAT-04", "AH-FLY-04", "AH-OUT-01", "AH-STAT-09"),
)
def special_roles(ctx: CheckContext) -> Iterator[Finding]:
    for doc in boards(ctx):
        roles: dict[str, int] = {}
        for section in ("locations", "special_areas"):
            for area in doc.data.get(section, ()):
                if area.get("role"):
                    roles[area["role"]] = roles.get(area["role"], 0) + 1
        for role in ("sky", "outskirts", "lost-in-time-and-space", "asylum", "hospital"):
            count = roles.get(role, 0)
            if count != 1:
                yield ctx.finding(
                    special_roles,
                    f"the board has {count} areas with role {role!r}, expected 1",
                    doc,
                    ("special_areas",)
                    if role in ("sky", "outskirts") or "lost" in role
                    else ("locations",),
                )


@ah_check(
    "QAH309",
    severity="error",
    title="Not exactly one board",
    description="An Arkham pack that has any cards needs exactly one board: gate, clue and home "
    "locations are looked up on it.",
    example="a pack with investigators but no board file",
    fix="add a `board` document (or remove the extra one)",
)
def one_board(ctx: CheckContext) -> Iterator[Finding]:
    found = ctx.all_of_kind("board")
    if len(found) > 1:
        for doc in found[1:]:
            yield ctx.finding(one_board, "the pack has more than one board", doc, ("id",))
        return
    if not found:
        others = [d for d in ctx.valid_documents() if d.kind not in (None, "pack")]
        if others:
            yield ctx.finding(
                one_board, "the pack has Arkham content but no board", others[0], ("kind",)
            )
