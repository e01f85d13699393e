"""Checks of cards, monsters, investigators and tables against the board (QAH310-359).

Each check looks the board up once (the pack's first board; with none, QAH309 reports it
and these stay silent) and points at the card's offending value.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from questforge.validator.arkham.catalogue import ah_check
from questforge.validator.arkham.checks_board import area_types
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.json_objects import objects_where

SKILLS = ("speed", "sneak", "fight", "will", "lore", "luck")


@dataclass
class BoardInfo:
    types: dict[str, str] = field(default_factory=dict)
    unstable: set[str] = field(default_factory=set)
    #: neighbourhood -> its location ids in board order
    hoods: dict[str, list[str]] = field(default_factory=dict)
    dimensions: set[str] = field(default_factory=set)
    #: world id -> its colours
    worlds: dict[str, set[str]] = field(default_factory=dict)


def board_info(ctx: CheckContext) -> BoardInfo | None:
    found = ctx.all_of_kind("board")
    if not found:
        return None
    data = found[0].data
    info = BoardInfo(types=area_types(data), dimensions=set(data["dimensions"]))
    for hood in data["neighbourhoods"]:
        info.hoods.setdefault(hood["id"], [])
    for loc in data["locations"]:
        if loc["stability"] == "unstable":
            info.unstable.add(loc["id"])
        info.hoods.setdefault(loc["neighbourhood"], []).append(loc["id"])
    for world in data["other_worlds"]:
        info.worlds[world["id"]] = set(world["colours"])
    return info


def walk_effects(
    node: Any, path: tuple[Any, ...]
) -> Iterator[tuple[dict[str, Any], tuple[Any, ...]]]:
    """Every effect object under ``node`` (any depth), with its JSON path."""
    return objects_where(node, lambda obj: isinstance(obj.get("do"), str), path)


@ah_check(
    "QAH310",
    severity="error",
    title="Mythos gate or clue on a stable location",
    description="Gates open and clues appear only at unstable locations (AH-SETUP-02); a "
    "mythos card naming a stable location, a street or an unknown area can never be resolved.",
    example='"gate": "general-store" where the store is stable',
    fix="name an unstable location of the board",
    rules=("AH-SETUP-02", "AH-GATE-01", "AH-CLUE-01"),
)
def mythos_locations(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    if info is None:
        return
    for doc in ctx.of_kind("mythos-card"):
        for key in ("gate", "clue"):
            ref = doc.data[key]
            if ref not in info.unstable:
                what = info.types.get(ref)
                why = (
                    "a stable location"
                    if what == "location"
                    else (f"a {what}" if what else "not on the board")
                )
                yield ctx.finding(
                    mythos_locations,
                    f"{key} location {ref!r} is {why}; it must be an unstable location",
                    doc,
                    (key,),
                )


@ah_check(
    "QAH311",
    severity="error",
    title="Unknown dimension symbol",
    description="Monsters, gate markers, mythos movement boxes and worshippers use the "
    "board's dimension symbols (AH-MMOVE-02, AH-CLOSE-05); an unknown symbol never matches.",
    example='"dimension": "hexgon"',
    fix="use one of the board's `dimensions`",
    rules=("AH-MMOVE-02", "AH-CLOSE-05"),
)
def unknown_dimension(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    if info is None:
        return
    places: list[tuple[LoadedDocument, tuple[Any, ...], Any]] = []
    for kind in ("monster", "gate-marker"):
        places += [(d, ("dimension",), d.data["dimension"]) for d in ctx.of_kind(kind)]
    for doc in ctx.of_kind("ancient-one"):
        if "worshippers" in doc.data:
            places.append((doc, ("worshippers", "dimension"), doc.data["worshippers"]["dimension"]))
    for doc in ctx.of_kind("mythos-card"):
        for colour in ("white", "black"):
            for i, dim in enumerate(doc.data["movement"][colour]):
                places.append((doc, ("movement", colour, i), dim))
    for doc in ctx.of_kind("mythos-card"):
        for effect, path in walk_effects(doc.data.get("effects"), ("effects",)):
            if "dimension" in effect:
                places.append((doc, (*path, "dimension"), effect["dimension"]))
    for doc, path, dim in places:
        if dim not in info.dimensions:
            yield ctx.finding(
                unknown_dimension, f"dimension {dim!r} is not one of the board's", doc, path
            )


@ah_check(
    "QAH312",
    severity="error",
    title="Unknown other world",
    description="Gate markers and gate-card encounters name the board's other worlds "
    "(AH-OW-01); a gate card may also use `other` for every world it does not list.",
    example='"world": "yugoth"',
    fix="use an `other_worlds` id of the board",
    rules=("AH-OW-01", "AH-OWE-01"),
)
def unknown_world(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    if info is None:
        return
    for doc in ctx.of_kind("gate-marker"):
        if doc.data["world"] not in info.worlds:
            yield ctx.finding(
                unknown_world, f"world {doc.data['world']!r} is not on the board", doc, ("world",)
            )
    for doc in ctx.of_kind("gate-card"):
        for i, enc in enumerate(doc.data["encounters"]):
            if enc["world"] != "other" and enc["world"] not in info.worlds:
                yield ctx.finding(
                    unknown_world,
                    f"encounter for world {enc['world']!r}, which is not on the board",
                    doc,
                    ("encounters", i, "world"),
                )


@ah_check(
    "QAH313",
    severity="error",
    title="Other world with no gate card of its colour",
    description="An investigator in an other world draws gate cards until one matches the "
    "world's colours (AH-OWE-01): with no card of those colours the draw never ends.",
    example='a world with colours ["green"] and no green gate card',
    fix="add a gate card of one of the world's colours, or change the world's colours",
    rules=("AH-OWE-01",),
)
def world_colour_cards(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    cards = ctx.all_of_kind("gate-card")
    if info is None or not cards:
        return
    colours = {d.data["colour"] for d in cards}
    board = ctx.all_of_kind("board")[0]
    for i, world in enumerate(board.data["other_worlds"]):
        if not set(world["colours"]) & colours:
            yield ctx.finding(
                world_colour_cards,
                f"no gate card has a colour of {world['id']!r} ({', '.join(world['colours'])})",
                board,
                ("other_worlds", i, "colours"),
            )


@ah_check(
    "QAH320",
    severity="error",
    title="Location card for an unknown neighbourhood",
    description="A location card belongs to one neighbourhood's deck (AH-COMP-07).",
    example='"neighbourhood": "old-twon"',
    fix="use a neighbourhood id of the board",
    rules=("AH-COMP-07",),
)
def card_neighbourhood(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    if info is None:
        return
    for doc in ctx.of_kind("location-card"):
        if doc.data["neighbourhood"] not in info.hoods:
            yield ctx.finding(
                card_neighbourhood,
                f"neighbourhood {doc.data['neighbourhood']!r} is not on the board",
                doc,
                ("neighbourhood",),
            )


@ah_check(
    "QAH321",
    severity="error",
    title="Location card entry for a location of another neighbourhood",
    description="Each entry of a location card is read at one location of the card's own "
    "neighbourhood (AH-ENC-02); an entry for another location is never read.",
    example="a Quayside card with an entry for the observatory",
    fix="move the entry to that neighbourhood's card, or name one of this neighbourhood's locations",
    rules=("AH-ENC-02",),
)
def card_entry_location(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    if info is None:
        return
    known = {n["id"] for n in ctx.all_of_kind("board")[0].data["neighbourhoods"]}
    orphans = {loc for hood, locs in info.hoods.items() if hood not in known for loc in locs}
    for doc in ctx.of_kind("location-card"):
        own = info.hoods.get(doc.data["neighbourhood"])
        if own is None:
            continue
        # one plain and one members-only entry per location (a Lodge's inner rooms)
        seen: set[tuple[str, bool]] = set()
        for i, enc in enumerate(doc.data["encounters"]):
            if enc["location"] in orphans:
                continue  # its board entry names an unknown neighbourhood (QAH306)
            key = (enc["location"], enc.get("members", False))
            if enc["location"] not in own or key in seen:
                why = "listed twice" if key in seen else "not in this neighbourhood"
                yield ctx.finding(
                    card_entry_location,
                    f"entry for {enc['location']!r}: {why}",
                    doc,
                    ("encounters", i, "location"),
                )
            seen.add(key)


@ah_check(
    "QAH322",
    severity="error",
    title="Location deck does not cover a location",
    description="An encounter at a location draws a card of its neighbourhood's deck and reads "
    "that location's entry (AH-ENC-02): every card needs an entry for every location of its "
    "neighbourhood, and every neighbourhood with locations needs a deck.",
    example="a card with entries for two of the neighbourhood's three locations",
    fix="add the missing entries (or the missing deck)",
    rules=("AH-ENC-02", "AH-COMP-07"),
)
def deck_covers(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    if info is None:
        return
    decks: dict[str, int] = {}
    for doc in ctx.all_of_kind("location-card"):
        hood = doc.data["neighbourhood"]
        decks[hood] = decks.get(hood, 0) + 1
        own = info.hoods.get(hood)
        if own is None or doc not in ctx.of_kind("location-card"):
            continue
        covered = {e["location"] for e in doc.data["encounters"] if not e.get("members")}
        missing = [loc for loc in own if loc not in covered]
        if missing:
            yield ctx.finding(
                deck_covers,
                f"no entry for {', '.join(map(repr, missing))}",
                doc,
                ("encounters",),
            )
    board = ctx.all_of_kind("board")[0]
    for i, hood in enumerate(board.data["neighbourhoods"]):
        if info.hoods.get(hood["id"]) and not decks.get(hood["id"]):
            yield ctx.finding(
                deck_covers,
                f"neighbourhood {hood['id']!r} has locations but no location cards",
                board,
                ("neighbourhoods", i),
            )


@ah_check(
    "QAH330",
    severity="error",
    title="Investigator home is not a location",
    description="Investigators start at their home location (AH-SETUP-14).",
    example='"home": "quayside-streets"',
    fix="name a location of the board",
    rules=("AH-SETUP-14",),
)
def home_location(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    if info is None:
        return
    for doc in ctx.of_kind("investigator"):
        if info.types.get(doc.data["home"]) != "location":
            yield ctx.finding(
                home_location,
                f"home {doc.data['home']!r} is not a location of the board",
                doc,
                ("home",),
            )


@ah_check(
    "QAH331",
    severity="error",
    title="Skill sliders do not cover the six skills",
    description="The three slider pairs set all six skills (AH-SKILL-01), each exactly once; "
    "each pair has one value per position on both sides, and starts at one of them.",
    example='two sliders both with "top": "speed", or 4 top values and 3 bottom values',
    fix="give each of speed, sneak, fight, will, lore and luck to exactly one slider side",
    rules=("AH-SKILL-01", "AH-SETUP-10", "AH-UPK-03"),
)
def sliders(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("investigator"):
        seen: list[str] = []
        for i, slider in enumerate(doc.data["sliders"]):
            for side in ("top", "bottom"):
                if slider[side] in seen:
                    yield ctx.finding(
                        sliders,
                        f"skill {slider[side]!r} is on two sliders",
                        doc,
                        ("sliders", i, side),
                    )
                seen.append(slider[side])
            if len(slider["top_values"]) != len(slider["bottom_values"]):
                yield ctx.finding(
                    sliders,
                    f"{len(slider['top_values'])} top values but {len(slider['bottom_values'])} "
                    "bottom values",
                    doc,
                    ("sliders", i, "bottom_values"),
                )
            elif slider.get("start", 0) >= len(slider["top_values"]):
                yield ctx.finding(
                    sliders, "start position beyond the last value", doc, ("sliders", i, "start")
                )
        missing = [s for s in SKILLS if s not in seen]
        if missing and len(set(seen)) == len(seen):
            yield ctx.finding(sliders, f"no slider sets {', '.join(missing)}", doc, ("sliders",))


@ah_check(
    "QAH340",
    severity="error",
    title="Reference does not resolve",
    description="An id in a card or table names nothing: an investigator's fixed cards, an "
    "effect's `move-to` area, a rumor's pass location, a mythos card's closed and activity "
    "markers, a terror closure's locations.",
    example='"cards": ["boathok"]',
    fix="fix the id, or add the document it names",
    rules=("AH-SETUP-07", "AH-TERROR-04"),
)
def references(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    types = info.types if info else None
    for doc in ctx.of_kind("investigator"):
        for i, ref in enumerate(doc.data.get("fixed", {}).get("cards", ())):
            if ctx.resolve(ref, "investigator-card", include_invalid=True) is None:
                yield ctx.finding(
                    references, f"card {ref!r} does not exist", doc, ("fixed", "cards", i)
                )
    if types is None:
        return
    wants: list[tuple[LoadedDocument, tuple[Any, ...], str, tuple[str, ...]]] = []
    for doc in ctx.valid_documents():
        for effect, path in walk_effects(doc.data, ()):
            if effect["do"] == "move-to":
                wants.append(
                    (doc, (*path, "area"), effect["area"], ("location", "street", "special area"))
                )
    for doc in ctx.of_kind("mythos-card"):
        if "rumor" in doc.data:
            wants.append((doc, ("rumor", "pass_at"), doc.data["rumor"]["pass_at"], ("location",)))
        for i, ref in enumerate(doc.data.get("closes", ())):
            wants.append((doc, ("closes", i), ref, ("location",)))
        for i, marker in enumerate(doc.data.get("activity", ())):
            wants.append((doc, ("activity", i, "location"), marker["location"], ("location",)))
    for doc in ctx.of_kind("rules-table"):
        for i, closure in enumerate(doc.data.get("terror_closures", ())):
            wants.append(
                (doc, ("terror_closures", i, "location"), closure["location"], ("location",))
            )
            wants.append(
                (
                    doc,
                    ("terror_closures", i, "moves_to"),
                    closure["moves_to"],
                    ("street", "location"),
                )
            )
    for doc, path, ref, allowed in wants:
        if types.get(ref) not in allowed:
            yield ctx.finding(
                references,
                f"{ref!r} is not a {' or '.join(allowed)} of the board",
                doc,
                path,
            )


@ah_check(
    "QAH341",
    severity="warning",
    title="Headline with closed or activity markers",
    description="A mythos card's closed and activity markers stay while the card is in play "
    "and go when it leaves (AH-MYTHA-05); a headline leaves play at once, so its `closes` and "
    "`activity` never matter.",
    example='a headline with "closes": ["general-store"]',
    fix="make the card an environment or a rumor, or drop `closes` / `activity`",
    rules=("AH-MYTHA-02", "AH-MYTHA-05"),
)
def headline_closes(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("mythos-card"):
        if doc.data["type"] != "headline":
            continue
        for key, what in (("closes", "closed"), ("activity", "activity")):
            if doc.data.get(key):
                yield ctx.finding(
                    headline_closes,
                    f"a headline leaves play at once: its {what} markers never take effect",
                    doc,
                    (key,),
                )


@ah_check(
    "QAH344",
    severity="error",
    title="Special card that cannot be taken",
    description="A `take-card` effect takes a special card out of its deck (AH-COMP-05): the "
    "card it names must exist, and a kind it names must have a card of that kind in the pack; "
    "otherwise the effect (and a special action giving it) never does anything.",
    example='{"do": "take-card", "special": "deputy"} in a pack with no deputy card',
    fix="add the card (type `special` with that `special` kind), or fix the id",
    rules=("AH-COMP-05", "AH-MISC-02"),
)
def special_card_exists(ctx: CheckContext) -> Iterator[Finding]:
    cards = ctx.all_of_kind("investigator-card")
    kinds = {d.data.get("special") for d in cards}
    for doc in ctx.valid_documents():
        for effect, path in walk_effects(doc.data, ()):
            if effect["do"] != "take-card":
                continue
            if "card" in effect:
                if ctx.resolve(effect["card"], "investigator-card", include_invalid=True) is None:
                    yield ctx.finding(
                        special_card_exists,
                        f"card {effect['card']!r} does not exist",
                        doc,
                        (*path, "card"),
                    )
            elif effect.get("special") not in kinds:
                yield ctx.finding(
                    special_card_exists,
                    f"no investigator card of special kind {effect.get('special')!r}",
                    doc,
                    (*path, "special"),
                )


def _size_warning(
    ctx: CheckContext, spec: Any, kind: str, least: int, what: str
) -> Iterator[Finding]:
    docs = ctx.of_kind(kind)
    total = sum(d.data.get("count", 1) for d in docs)
    if docs and total < least:
        yield ctx.finding(
            spec,
            f"only {total} {what}; at least {least} keep a game from repeating or running out",
            docs[0],
            ("id",),
        )


@ah_check(
    "QAH342",
    severity="warning",
    title="Ability amount without the ability",
    description="`ability_amounts` gives the X of Overwhelming X / Nightmarish X (AH-CMB-08); "
    "the engine reads it only for an ability in the monster's `abilities`.",
    example='"abilities": ["ambush"], "ability_amounts": {"overwhelming": 2}',
    fix="add the ability to `abilities` or remove its amount",
    rules=("AH-CMB-08",),
)
def orphan_amount(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("monster"):
        abilities = set(doc.data.get("abilities", ()))
        for name in doc.data.get("ability_amounts", {}):
            if name not in abilities:
                yield ctx.finding(
                    orphan_amount,
                    f"an amount for {name!r}, which the monster does not have",
                    doc,
                    ("ability_amounts", name),
                )


@ah_check(
    "QAH343",
    severity="warning",
    title="Discard-this without a card of its own",
    description="`discard-this` discards the investigator card whose `upkeep`, `use` or `on_gain` it is "
    "(AH-UPK-02, AH-MISC-01); anywhere else (encounters, mythos, a sheet's ability, or an "
    "`all-investigators` block, whose effects each investigator gets without the card) there "
    "is no such card and the engine does nothing.",
    example='a location encounter with {"do": "discard-this"}',
    fix="move it to an investigator card's `upkeep` or `use`",
    rules=("AH-UPK-02", "AH-MISC-01"),
)
def stray_discard_this(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.valid_documents():
        for effect, path in walk_effects(doc.data, ()):
            if effect["do"] != "discard-this":
                continue
            own = doc.data.get("kind") == "investigator-card" and path[:1] in (
                ("upkeep",),
                ("use",),
                ("on_gain",),
            )
            if not own:
                yield ctx.finding(
                    stray_discard_this, "`discard-this` here has no card to discard", doc, path
                )
            elif _inside_all_investigators(doc.data, path):
                # the engine applies an ``all-investigators`` block to each investigator
                # without the card it came from, as an encounter's effects
                yield ctx.finding(
                    stray_discard_this,
                    "`discard-this` inside `all-investigators` has no card to discard: each "
                    "investigator gets the block's effects, not the card",
                    doc,
                    path,
                    hint="move it out of the `all-investigators` block",
                )


def _inside_all_investigators(data: Any, path: tuple[Any, ...]) -> bool:
    """Whether an object on the way down ``path`` (the target excluded) is an
    ``all-investigators`` effect."""
    node = data
    for step in path[:-1]:
        node = node[step]
        if isinstance(node, dict) and node.get("do") == "all-investigators":
            return True
    return False


@ah_check(
    "QAH350",
    severity="warning",
    title="Small mythos deck",
    description="One mythos card is drawn every round (AH-MYTH-01) and discards go to the "
    "bottom (AH-MISC-01): fewer than 12 cards repeat within a typical game.",
    example="a pack with 5 mythos cards",
    fix="add mythos cards",
    rules=("AH-MYTH-01",),
)
def mythos_size(ctx: CheckContext) -> Iterator[Finding]:
    yield from _size_warning(ctx, mythos_size, "mythos-card", 12, "mythos cards")


@ah_check(
    "QAH351",
    severity="warning",
    title="Small monster cup",
    description="Monsters are drawn from the cup for every gate, surge and encounter; an "
    "empty cup awakens the Ancient One (AH-REF-16). Fewer than 16 markers run out early.",
    example="a pack with 6 monster markers",
    fix="add monsters or raise their `count`",
    rules=("AH-SETUP-11", "AH-REF-16"),
)
def monster_cup(ctx: CheckContext) -> Iterator[Finding]:
    yield from _size_warning(ctx, monster_cup, "monster", 16, "monster markers")


@ah_check(
    "QAH352",
    severity="warning",
    title="Fewer gate markers than the gates that awaken",
    description="A gate that must open with no marker left awakens the Ancient One "
    "(AH-AWAKE-01); with fewer markers than the awakening table's 1-player entry, the table "
    "can never be what ends the game.",
    example="4 gate markers and an awakening table starting at 8",
    fix="add gate markers or raise their `count`",
    rules=("AH-AWAKE-01",),
)
def gate_marker_count(ctx: CheckContext) -> Iterator[Finding]:
    tables = ctx.all_of_kind("rules-table")
    least = tables[0].data["awakening_gates"][0] if tables else 8
    yield from _size_warning(ctx, gate_marker_count, "gate-marker", least, "gate markers")


@ah_check(
    "QAH353",
    severity="warning",
    title="Small location deck",
    description="A neighbourhood deck is shuffled before every draw (AH-ENC-09); with one card "
    "every encounter at a location is the same.",
    example="a neighbourhood with one location card",
    fix="add location cards to the neighbourhood",
    rules=("AH-ENC-09",),
)
def location_deck_size(ctx: CheckContext) -> Iterator[Finding]:
    info = board_info(ctx)
    counts: dict[str, list[LoadedDocument]] = {}
    for doc in ctx.of_kind("location-card"):
        if info is not None and doc.data["neighbourhood"] not in info.hoods:
            continue  # QAH320
        counts.setdefault(doc.data["neighbourhood"], []).append(doc)
    for hood, docs in counts.items():
        if len(docs) < 2:
            yield ctx.finding(
                location_deck_size,
                f"neighbourhood {hood!r} has only {len(docs)} location card",
                docs[0],
                ("neighbourhood",),
            )


@ah_check(
    "QAH354",
    severity="warning",
    title="Fewer investigators than players allowed",
    description="Setup deals one investigator per player (AH-SETUP-04), and a devoured "
    "investigator is replaced from the unused ones (AH-STAT-10).",
    example="2 investigators and `max_players` 8",
    fix="add investigators or lower `max_players` in the rules table",
    rules=("AH-SETUP-04", "AH-STAT-10"),
)
def investigator_count(ctx: CheckContext) -> Iterator[Finding]:
    tables = ctx.of_kind("rules-table")
    investigators = ctx.all_of_kind("investigator")
    if not tables or not investigators:
        return
    most = tables[0].data.get("max_players", 8)
    if len(investigators) < most:
        yield ctx.finding(
            investigator_count,
            f"{len(investigators)} investigators for up to {most} players",
            tables[0],
            ("max_players",) if "max_players" in tables[0].data else (),
        )
