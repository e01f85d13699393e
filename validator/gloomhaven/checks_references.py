"""Identity and references (QGH200-209): every id a document names must exist.

Ids unique per kind within a pack are already the core check ``QC101``; these checks cover
what only the Gloomhaven kinds know: references between documents (``pack:id`` included),
and the ids and references *inside* a scenario (tile placements, rooms, doors, overlays,
figures) that the schema cannot tie together.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from questforge.schema.jsontypes import json_int
from questforge.validator.context import CheckContext, split_reference
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding, JsonPath
from questforge.validator.gloomhaven.catalogue import gh_check
from questforge.validator.gloomhaven.refs import (
    other_kinds_with_id,
    property_of,
    suggest_id,
    suggestion,
    target_kind,
)
from questforge.validator.gloomhaven.typed_values import digest


@gh_check(
    "QGH201",
    per_document=True,
    severity="error",
    title="Reference does not resolve",
    description="A reference to another document (a monster type of a placement, the map "
    "tile of a tile placement, the ability deck of a monster, the class of an ability card, "
    "an item of a treasure table, a modifier card of a deck, a scenario in `unlocks` or "
    "`links`, ...) names no document of that kind, in this pack or, for `pack:id`, in the "
    "required pack.",
    example='A scenario places `{"monster": "slag-hund", ...}` but the monster file has '
    '`"id": "slag-hound"`.',
    fix="Correct the id (the hint suggests the closest existing one), add the missing "
    "document, or prefix the id with the pack that defines it (`other-pack:id`) and list "
    "that pack in `requires`.",
)
def references_resolve(ctx: CheckContext) -> Iterator[Finding]:
    # per document: its references, this pack's kinds and ids (the required packs and the
    # pack id are fixed for a cache's lifetime); so an edit re-checks only its document
    # unless it changes a kind or an id
    ids = ctx.ids_token()
    # documents with schema errors too, as far as they are valid (an unknown property must
    # not hide a reference to a tile that does not exist)
    for doc in ctx.own(ctx.partly_valid_documents()):
        if doc.kind is None:
            continue
        yield from ctx.memo_findings(
            ("QGH201", ctx.stamp(doc), ids),
            functools.partial(_unresolved, ctx, doc),
        )


def _unresolved(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    source_kind = doc.kind
    assert source_kind is not None
    known = ctx.known_packs()
    # (source kind, property, value) -> nothing to report: a pack names the same few
    # monster types and map tiles in every scenario, so each is resolved once per run
    fine = _resolved_refs(ctx)
    for path, value in digest(ctx, doc).references:
        last = path[-1] if path else None
        key = (source_kind, last if type(last) is str else property_of(path), value)
        if key in fine:
            continue
        kind = target_kind(source_kind, path)
        if kind is None:
            fine.add(key)
            continue
        pack_id, ident = split_reference(value)
        if pack_id is not None and pack_id != ctx.pack_id and pack_id not in known:
            fine.add(key)
            continue  # QGH202 reports the unknown pack
        if ctx.resolve(value, kind, include_invalid=True) is not None:
            fine.add(key)
            continue
        where = (
            f"required pack {pack_id!r}"
            if pack_id is not None and pack_id != ctx.pack_id
            else (f"pack {ctx.pack_id!r}" if ctx.pack_id else "the validated files")
        )
        hint = None
        close = suggest_id(ctx, ident, kind, pack_id)
        others = other_kinds_with_id(ctx, value)
        if others:
            hint = f"{ident!r} is a {' and a '.join(others)}, not a {kind}"
            if close is not None:
                hint += f"; did you mean the {kind} {close!r}?"
        elif close is not None:
            hint = f"did you mean {close!r}?"
        else:
            hint = f"add a {kind} with id {ident!r}, or correct the reference"
        yield ctx.finding(
            references_resolve,
            f"{kind} {value!r} not found in {where}",
            doc,
            path,
            hint=hint,
        )


@gh_check(
    "QGH202",
    per_document=True,
    severity="error",
    title="Reference to a pack that is not required",
    description="A `pack:id` reference names a pack that is neither this pack nor one it "
    "lists in `requires`, so it can never resolve.",
    example='A scenario places `"monster": "base-game:bandit-guard"` but `pack.json` has '
    '`"requires": []`.',
    fix='Add `{"id": "base-game", "version": "..."}` to `requires` in `pack.json`, or drop '
    "the prefix if the content is in this pack.",
)
def reference_pack_known(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.own(ctx.valid_documents()):
        yield from ctx.memo_findings(
            ("QGH202", ctx.stamp(doc)),
            functools.partial(_unknown_packs, ctx, doc),
        )


def _resolved_refs(ctx: CheckContext) -> set[tuple[str, str | None, str]]:
    """The references of this context (by source kind, property and value) already found
    to need no QGH201 finding (the context's documents, ids and required packs are fixed
    while it lives)."""
    found: set[tuple[str, str | None, str]] | None = getattr(ctx, _RESOLVED_ATTR, None)
    if found is None:
        found = set()
        setattr(ctx, _RESOLVED_ATTR, found)
    return found


_RESOLVED_ATTR = "_gloomhaven_resolved_references"


def _unknown_packs(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    found = digest(ctx, doc)
    if not found.pack_named:
        return  # no reference names a pack
    known = ctx.known_packs()
    for path, value in found.references:
        pack_id, _ = split_reference(value)
        if pack_id is None or pack_id == ctx.pack_id or pack_id in known:
            continue
        required = ", ".join(sorted(ctx.required)) or "none"
        yield ctx.finding(
            reference_pack_known,
            f"reference {value!r} names pack {pack_id!r}, which this pack does not require "
            f"(required: {required})",
            doc,
            path,
            hint=f'add {{"id": "{pack_id}", "version": "..."}} to "requires" in pack.json',
        )


# --- ids and references inside a scenario -----------------------------------------------------

#: scenario collections whose entries carry ids; figures share one namespace, since goals
#: name any of them
_ID_GROUPS: dict[str, tuple[str, ...]] = {
    "tile placement": ("tiles",),
    "room": ("rooms",),
    "door": ("doors",),
    "overlay": ("overlays",),
    "figure": ("monsters", "named_monsters", "bosses"),
    "special rule": ("special_rules",),
}


def _ids(data: dict[str, Any], keys: tuple[str, ...]) -> Iterator[tuple[str, JsonPath]]:
    for key in keys:
        for i, entry in enumerate(data.get(key, []) or []):
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                yield entry["id"], (key, i, "id")


@gh_check(
    "QGH203",
    per_document=True,
    severity="error",
    title="Duplicate id inside a document",
    description="Ids inside a scenario (tile placements, rooms, doors, overlays, figures, "
    "special rules) and card ids inside a monster ability deck must be unique there: rooms "
    "list tile placements by id, doors list rooms, goals and triggers name figures, doors "
    "and overlays.",
    example='Two rooms of one scenario both have `"id": "hall"`.',
    fix="Rename one of them and update whatever refers to it.",
)
def unique_inner_ids(ctx: CheckContext) -> Iterator[Finding]:
    yield from ctx.per_document(
        "QGH203", ctx.of_kind("scenario"), lambda d: _scenario_duplicates(ctx, d)
    )
    yield from ctx.per_document(
        "QGH203", ctx.of_kind("monster-ability-deck"), lambda d: _deck_duplicates(ctx, d)
    )


def _inner_ids(ctx: CheckContext, doc: LoadedDocument) -> dict[str, list[str]]:
    """The ids of the entries of each list a scenario names its elements in (as
    :func:`_ids` and :func:`_collect` read them), taken once per document and run: the
    summary QGH203 and QGH204 start from."""
    table: dict[int, tuple[LoadedDocument, dict[str, list[str]]]] | None = getattr(
        ctx, _INNER_ATTR, None
    )
    if table is None:
        table = {}
        setattr(ctx, _INNER_ATTR, table)
    found = table.get(id(doc))
    if found is not None and found[0] is doc:
        return found[1]
    data = doc.data
    ids: dict[str, list[str]] = {}
    for key in _INNER_KEYS:
        ids[key] = [
            e["id"]
            for e in data.get(key, []) or []
            if isinstance(e, dict) and isinstance(e.get("id"), str)
        ]
    table[id(doc)] = (doc, ids)
    return ids


_INNER_ATTR = "_gloomhaven_inner_ids"
_INNER_KEYS = (
    "tiles",
    "rooms",
    "doors",
    "overlays",
    "monsters",
    "named_monsters",
    "bosses",
    "allies",
    "special_rules",
)


def _scenario_duplicates(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    ids = _inner_ids(ctx, doc)
    if all(
        len(group) == len(set(group))
        for group in ([i for key in keys for i in ids[key]] for keys in _ID_GROUPS.values())
    ):
        return  # no id repeats in any group
    for what, keys in _ID_GROUPS.items():
        first: dict[str, JsonPath] = {}
        for ident, path in _ids(doc.data, keys):
            if ident in first:
                yield ctx.finding(
                    unique_inner_ids,
                    f"{what} id {ident!r} is used twice in this scenario",
                    doc,
                    path,
                    hint=f"the first use is at {_dotted(first[ident])}; rename one",
                    related=[(doc, first[ident])],
                )
            else:
                first[ident] = path


def _deck_duplicates(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    first: dict[str, JsonPath] = {}
    for ident, path in _ids(doc.data, ("cards",)):
        if ident in first:
            yield ctx.finding(
                unique_inner_ids,
                f"card id {ident!r} is used twice in this deck",
                doc,
                path,
                related=[(doc, first[ident])],
            )
        else:
            first[ident] = path


def _dotted(path: JsonPath) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _collect(data: dict[str, Any], key: str) -> set[str]:
    return {
        e["id"]
        for e in data.get(key, []) or []
        if isinstance(e, dict) and isinstance(e.get("id"), str)
    }


def _scenario_refs(doc: LoadedDocument) -> Iterator[tuple[JsonPath, str, Any, set[Any]]]:
    """``(path, what, value, allowed)`` for every id or number a scenario refers to itself."""
    data: dict[str, Any] = doc.data
    tiles = _collect(data, "tiles")
    rooms = _collect(data, "rooms")
    doors = _collect(data, "doors")
    overlays = _collect(data, "overlays")
    plates = {
        o["id"]
        for o in data.get("overlays", [])
        if o.get("type") == "pressure-plate" and isinstance(o.get("id"), str)
    }
    figures = (
        _collect(data, "monsters")
        | _collect(data, "named_monsters")
        | _collect(data, "bosses")
        | _collect(data, "allies")  # GH-SPEC-06: a "killed" loss may name an ally
    )
    treasures = {o["number"] for o in data.get("overlays", []) if o.get("type") == "treasure"}

    for i, room in enumerate(data.get("rooms", [])):
        for t, tile_id in enumerate(room.get("tiles", [])):
            yield ("rooms", i, "tiles", t), "tile placement", tile_id, tiles
    if "starting_room" in data:
        yield ("starting_room",), "room", data["starting_room"], rooms
    for i, door in enumerate(data.get("doors", [])):
        for r, room_id in enumerate(door.get("rooms", [])):
            yield ("doors", i, "rooms", r), "room", room_id, rooms
        if isinstance(door.get("opens_when"), dict):
            yield from _trigger_refs(
                door["opens_when"],
                ("doors", i, "opens_when"),
                rooms,
                doors,
                plates,
                figures,
                treasures,
            )
    for i, rule in enumerate(data.get("special_rules", [])):
        if isinstance(rule.get("trigger"), dict):
            yield from _trigger_refs(
                rule["trigger"],
                ("special_rules", i, "trigger"),
                rooms,
                doors,
                plates,
                figures,
                treasures,
            )
        for e, effect in enumerate(rule.get("effects", []) or []):
            base: JsonPath = ("special_rules", i, "effects", e)
            kind = effect.get("type")
            if kind == "open-door":
                yield (*base, "door"), "door", effect.get("door"), doors
            elif kind == "reveal-room":
                yield (*base, "room"), "room", effect.get("room"), rooms
            elif kind == "remove-overlays":
                for k, ident in enumerate(effect.get("overlays", [])):
                    yield (*base, "overlays", k), "overlay", ident, overlays
    for i, goal in enumerate(data.get("win", [])):
        if goal.get("type") == "kill":
            for k, ident in enumerate(goal.get("targets", [])):
                yield ("win", i, "targets", k), "figure", ident, figures
        elif goal.get("type") == "loot-treasure":
            for k, number in enumerate(goal.get("numbers", [])):
                yield ("win", i, "numbers", k), "treasure overlay", number, treasures
    for i, goal in enumerate(data.get("loss", [])):
        if goal.get("type") == "killed":
            for k, ident in enumerate(goal.get("targets", [])):
                yield ("loss", i, "targets", k), "figure or token", ident, figures | overlays


def _trigger_refs(
    trigger: dict[str, Any],
    base: JsonPath,
    rooms: set[str],
    doors: set[str],
    plates: set[str],
    figures: set[str],
    treasures: set[Any],
) -> Iterator[tuple[JsonPath, str, Any, set[Any]]]:
    kind = trigger.get("type")
    if kind in ("room-revealed", "room-cleared"):
        yield (*base, "room"), "room", trigger.get("room"), rooms
    elif kind == "door-opened":
        yield (*base, "door"), "door", trigger.get("door"), doors
    elif kind == "pressure-plate":
        yield (*base, "overlay"), "pressure plate", trigger.get("overlay"), plates
    elif kind == "killed":
        for k, ident in enumerate(trigger.get("targets", [])):
            yield (*base, "targets", k), "figure", ident, figures
    elif kind == "treasure-looted":
        yield (*base, "number"), "treasure overlay", trigger.get("number"), treasures


@gh_check(
    "QGH204",
    per_document=True,
    severity="error",
    title="Scenario refers to something it does not have",
    description="A scenario names one of its own elements that does not exist: a room's "
    "tile placement, the starting room, a door's rooms, a trigger's room, door, pressure "
    "plate, figure or treasure number, an effect's door, room or overlays, or a goal's "
    "figures and treasure numbers.",
    example='`"starting_room": "entrance"` but the rooms are `gate` and `shaft`; or a '
    '`loot-treasure` goal lists number 7 and no treasure overlay has `"number": 7`.',
    fix="Correct the id or number, or add the element (give the overlay, door or figure an "
    "`id` so it can be named).",
)
def scenario_inner_refs(ctx: CheckContext) -> Iterator[Finding]:
    return ctx.per_document("QGH204", ctx.of_kind("scenario"), lambda d: _missing_inner(ctx, d))


def _inner_refs_resolve(data: dict[str, Any], ids: dict[str, list[str]]) -> bool:
    """Whether every id or number :func:`_scenario_refs` yields is ``None`` or allowed,
    read the same way without the paths and labels a finding needs (QGH204's summary:
    ``True`` means nothing to report)."""
    tiles = set(ids["tiles"])
    rooms = set(ids["rooms"])
    doors = set(ids["doors"])
    overlays = set(ids["overlays"])
    plates = {
        o["id"]
        for o in data.get("overlays", [])
        if o.get("type") == "pressure-plate" and isinstance(o.get("id"), str)
    }
    figures = set(ids["monsters"])
    figures.update(ids["named_monsters"], ids["bosses"], ids["allies"])
    treasures = {o["number"] for o in data.get("overlays", []) if o.get("type") == "treasure"}
    triggers: list[dict[str, Any]] = []

    for room in data.get("rooms", []):
        for value in room.get("tiles", []):
            if value is not None and value not in tiles:
                return False
    if "starting_room" in data:
        value = data["starting_room"]
        if value is not None and value not in rooms:
            return False
    for door in data.get("doors", []):
        for value in door.get("rooms", []):
            if value is not None and value not in rooms:
                return False
        if isinstance(door.get("opens_when"), dict):
            triggers.append(door["opens_when"])
    for rule in data.get("special_rules", []):
        if isinstance(rule.get("trigger"), dict):
            triggers.append(rule["trigger"])
        for effect in rule.get("effects", []) or []:
            kind = effect.get("type")
            if kind == "open-door":
                value = effect.get("door")
                if value is not None and value not in doors:
                    return False
            elif kind == "reveal-room":
                value = effect.get("room")
                if value is not None and value not in rooms:
                    return False
            elif kind == "remove-overlays":
                for value in effect.get("overlays", []):
                    if value is not None and value not in overlays:
                        return False
    for goal in data.get("win", []):
        kind = goal.get("type")
        if kind == "kill":
            for value in goal.get("targets", []):
                if value is not None and value not in figures:
                    return False
        elif kind == "loot-treasure":
            for value in goal.get("numbers", []):
                if value is not None and value not in treasures:
                    return False
    for goal in data.get("loss", []):
        if goal.get("type") == "killed":
            for value in goal.get("targets", []):
                if value is not None and value not in figures and value not in overlays:
                    return False
    for trigger in triggers:
        kind = trigger.get("type")
        if kind in ("room-revealed", "room-cleared"):
            value, allowed = trigger.get("room"), rooms
        elif kind == "door-opened":
            value, allowed = trigger.get("door"), doors
        elif kind == "pressure-plate":
            value, allowed = trigger.get("overlay"), plates
        elif kind == "killed":
            for value in trigger.get("targets", []):
                if value is not None and value not in figures:
                    return False
            continue
        elif kind == "treasure-looted":
            value, allowed = trigger.get("number"), treasures
        else:
            continue
        if value is not None and value not in allowed:
            return False
    return True


def _missing_inner(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    if _inner_refs_resolve(doc.data, _inner_ids(ctx, doc)):
        return
    for path, what, value, allowed in _scenario_refs(doc):
        if value is None or value in allowed:
            continue
        options = sorted(str(a) for a in allowed)
        close = suggestion(str(value), options) if isinstance(value, str) else None
        listing = ", ".join(options[:8]) + (" ..." if len(options) > 8 else "")
        hint = (
            f"did you mean {close!r}?"
            if close
            else (f"known: {listing}" if options else f"the scenario has no {what} with an id")
        )
        yield ctx.finding(
            scenario_inner_refs,
            f"{what} {value!r} does not exist in this scenario",
            doc,
            path,
            hint=hint,
        )


#: kinds whose printed reference number must be unique in a pack (events: per deck)
_NUMBERED = ("scenario", "item", "event")


@gh_check(
    "QGH205",
    severity="error",
    title="Reference number used twice",
    description="Two scenarios, two items, or two events of the same deck (city or road) "
    "in one pack have the same printed number. Players look these up by number (the "
    "scenario book, the item supply, the event decks), so numbers must be unique.",
    example='Scenarios `collapsed-adit` and `cinder-forge` both have `"number": 1`.',
    fix="Renumber one of them.",
    rules=("GH-SETUP-01", "GH-ITEM-05", "GH-EVT-01"),
)
def numbers_unique(ctx: CheckContext) -> Iterator[Finding]:
    for kind in _NUMBERED:
        first: dict[tuple[Any, Any], LoadedDocument] = {}
        for doc in ctx.of_kind(kind):
            number = json_int(doc.data.get("number"))
            if number is None:
                continue
            key = (doc.data.get("deck") if kind == "event" else None, number)
            if key in first:
                what = f"{key[0]} event" if kind == "event" else kind
                yield ctx.finding(
                    numbers_unique,
                    f"{what} number {number} is also used by {first[key].id!r}",
                    doc,
                    ("number",),
                    related=[(first[key], ("number",))],
                )
            else:
                first[key] = doc


@gh_check(
    "QGH206",
    per_document=True,
    severity="warning",
    title="Scenario unlocks or links itself",
    description="A scenario lists itself in `unlocks` or `links`. Completing a scenario "
    "cannot unlock it again, and a link to itself is no road (GH-TRAVEL-02).",
    example='Scenario `flooded-workings` with `"unlocks": ["flooded-workings"]`.',
    fix="Name the next scenario instead.",
    rules=("GH-TRAVEL-02",),
)
def no_self_link(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.own(ctx.of_kind("scenario")):
        for key in ("unlocks", "links"):
            for i, ref in enumerate(doc.data.get(key, []) or []):
                if not isinstance(ref, str):
                    continue
                pack_id, ident = split_reference(ref)
                if ident == doc.id and pack_id in (None, ctx.pack_id):
                    yield ctx.finding(
                        no_self_link,
                        f"scenario {doc.id!r} lists itself in {key!r}",
                        doc,
                        (key, i),
                    )


def _envelope_openers(doc: LoadedDocument) -> Iterator[tuple[JsonPath, Any]]:
    """Where a document opens a sealed envelope: a personal quest's ``reward``, a
    scenario's ``rewards``, an event outcome's ``effects``."""
    data = doc.data
    if doc.kind == "personal-quest" and isinstance(data.get("reward"), dict):
        yield ("reward", "envelope"), data["reward"].get("envelope")
    elif doc.kind == "scenario" and isinstance(data.get("rewards"), dict):
        yield ("rewards", "envelope"), data["rewards"].get("envelope")
    elif doc.kind == "event":
        for i, option in enumerate(data.get("options", []) or []):
            for j, outcome in enumerate(option.get("outcomes", []) or []):
                effects = outcome.get("effects")
                if isinstance(effects, dict):
                    path: JsonPath = ("options", i, "outcomes", j, "effects", "envelope")
                    yield path, effects.get("envelope")


#: the kinds a pack may seal in an envelope (``"envelope": LETTER`` on the document)
_SEALABLE = ("character-class", "scenario", "item")


@gh_check(
    "QGH207",
    severity="warning",
    title="Sealed envelope never opened, or opened empty",
    description='A class, scenario or item is sealed in an envelope (`"envelope": '
    "LETTER`) that no personal quest, scenario reward or event outcome of the pack opens, "
    "so a campaign never sees it; or a reward opens a letter that holds nothing in the pack "
    "(GH-ENV-01..03).",
    example='Item `surveyors-chalk` has `"envelope": "A"` but the personal quest names '
    '`"reward": {"envelope": "B"}`.',
    fix="Make the letters agree: seal the content in the letter a reward opens, or open "
    "the letter the content is sealed in.",
    rules=("GH-ENV-01", "GH-ENV-03"),
)
def envelopes_agree(ctx: CheckContext) -> Iterator[Finding]:
    sealed: dict[str, list[LoadedDocument]] = {}
    for kind in _SEALABLE:
        for doc in ctx.of_kind(kind):
            letter = doc.data.get("envelope")
            if isinstance(letter, str):
                sealed.setdefault(letter, []).append(doc)
    opened: dict[str, list[tuple[LoadedDocument, JsonPath]]] = {}
    for kind in ("personal-quest", "scenario", "event"):
        for doc in ctx.of_kind(kind):
            for path, letter in _envelope_openers(doc):
                if isinstance(letter, str):
                    opened.setdefault(letter, []).append((doc, path))
    for letter, docs in sorted(sealed.items()):
        if letter not in opened:
            for doc in ctx.own(docs):
                yield ctx.finding(
                    envelopes_agree,
                    f"{doc.kind} {doc.id!r} is sealed in envelope {letter!r}, which nothing "
                    "in the pack opens",
                    doc,
                    ("envelope",),
                )
    for letter, places in sorted(opened.items()):
        if letter not in sealed:
            for doc, path in places:
                if doc in ctx.own([doc]):
                    yield ctx.finding(
                        envelopes_agree,
                        f"envelope {letter!r} holds nothing in the pack (no class, scenario "
                        "or item has this letter)",
                        doc,
                        path,
                    )
