"""Witcher semantic checks (``QWI4xx``): what the schemas cannot say.

Checks read the schema-valid documents (``ctx.of_kind``) for paths and the engine's model
(graph, travel) where geometry matters, so the validator and the engine agree on the board.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

from questforge.engine.core.graph import GraphBoard
from questforge.validator.context import CheckContext, split_reference
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding, JsonPath
from questforge.validator.json_objects import objects_where
from questforge.validator.witcher.catalogue import wi_check

#: (kind, path pattern, target kind); ``*`` matches any list index. Locations and areas
#: live inside the map, so they are resolved against the map documents.
REFERENCES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("hero", ("dice", "*"), "die"),
    ("hero", ("start",), "location"),
    ("hero", ("development_deck", "*"), "development-card"),
    ("development-card", ("hero",), "hero"),
    ("quest", ("main", "enemy"), "monster"),
    ("quest", ("side_quests", "*", "condition", "location"), "location"),
    ("investigation-card", ("task", "condition", "location"), "location"),
    ("game-options", ("combat_dice", "*"), "die"),
)


def _values(
    data: Any, pattern: tuple[str, ...], path: JsonPath = ()
) -> Iterator[tuple[JsonPath, Any]]:
    if not pattern:
        yield path, data
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*":
        if isinstance(data, list):
            for i, item in enumerate(data):
                yield from _values(item, rest, (*path, i))
    elif isinstance(data, dict) and head in data:
        yield from _values(data[head], rest, (*path, head))


def _map_ids(ctx: CheckContext, what: str) -> set[str]:
    out: set[str] = set()
    for doc in ctx.all_of_kind("map"):
        out.update(x["id"] for x in doc.data.get(what, ()))
    return out


def _exists(ctx: CheckContext, kind: str, ref: str) -> bool:
    if kind == "location":
        return split_reference(ref)[1] in _map_ids(ctx, "locations")
    if kind == "area":
        return split_reference(ref)[1] in _map_ids(ctx, "areas")
    return ctx.resolve(ref, kind, include_invalid=True) is not None


@wi_check(
    "QWI400",
    severity="error",
    title="Reference does not resolve",
    description="A reference to another document or to a place on the map (a hero's dice, "
    "start location and development deck, a card's hero, a quest's enemy or side-quest "
    "location, the combat dice, a setup obstacle's area, the default game length) names "
    "nothing of that kind.",
    example='A hero lists `"dice": ["corvin-steal"]` but the die is `corvin-steel`.',
    fix="Correct the id or add the missing document.",
)
def references_resolve(ctx: CheckContext) -> Iterator[Finding]:
    for kind, pattern, target in REFERENCES:
        for doc in ctx.of_kind(kind):
            for path, value in _values(doc.data, pattern):
                if isinstance(value, str) and not _exists(ctx, target, value):
                    yield ctx.finding(
                        references_resolve, f"{target} {value!r} not found", doc, path
                    )
    areas = _map_ids(ctx, "areas")
    for doc in ctx.of_kind("game-options"):
        lengths = {x["id"] for x in doc.data["lengths"]}
        default = doc.data.get("default_length")
        if default is not None and default not in lengths:
            yield ctx.finding(
                references_resolve,
                f"game length {default!r} not found",
                doc,
                ("default_length",),
                hint=f"known lengths: {', '.join(sorted(lengths))}",
            )
        for i, item in enumerate(doc.data.get("setup_obstacles", ())):
            if item["area"] not in areas:
                yield ctx.finding(
                    references_resolve,
                    f"area {item['area']!r} not found",
                    doc,
                    ("setup_obstacles", i, "area"),
                )


def _graph(doc: LoadedDocument) -> GraphBoard:
    ids = [x["id"] for x in doc.data["locations"]]
    known = set(ids)
    edges = [
        (r["from"], r["to"])
        for r in doc.data["routes"]
        if r["from"] in known and r["to"] in known and r["from"] != r["to"]
    ]
    return GraphBoard(dict.fromkeys(ids), edges)


@wi_check(
    "QWI401",
    severity="error",
    title="Route graph is not connected",
    description="Some locations cannot be reached from others by any chain of land and sea "
    "routes (WI-ROUTE-01): a hero starting on one side could never reach a quest on the "
    "other.",
    example="An island location with no sea route to the mainland.",
    fix="Add a route joining the separated group to the rest of the board.",
    rules=("WI-ROUTE-01", "WI-ADJ-01"),
)
def graph_connected(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("map"):
        parts = _graph(doc).components()
        if len(parts) > 1:
            smaller = sorted(parts[1:], key=len)
            shown = ", ".join(" / ".join(map(str, p[:4])) for p in smaller[:3])
            yield ctx.finding(
                graph_connected,
                f"the routes split the board into {len(parts)} separate groups; "
                f"not reachable from {parts[0][0]!r}: {shown}",
                doc,
                ("routes",),
                hint="add a land or sea route between the groups",
            )


@wi_check(
    "QWI402",
    severity="error",
    title="Sea route without a cost",
    description="Every sea route costs gold to travel (WI-ROUTE-02/03); a sea route with "
    "cost 0 (or none) is almost certainly a forgotten number.",
    example='`{"from": "harrowport", "to": "mistral-isle", "type": "sea"}`',
    fix='Give the route its cost (`"cost": 2`), or make it a land route.',
    rules=("WI-ROUTE-02", "WI-ROUTE-03"),
)
def sea_route_cost(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("map"):
        for i, route in enumerate(doc.data["routes"]):
            if route.get("type") == "sea" and not route.get("cost"):
                yield ctx.finding(
                    sea_route_cost,
                    f"sea route {route['from']} - {route['to']} has no gold cost",
                    doc,
                    ("routes", i),
                )


@wi_check(
    "QWI403",
    severity="error",
    title="Map names an unknown location or area",
    description="A route endpoint is not a location of the map, a route joins a location to "
    "itself, or a location's area is not an area of the map.",
    example='A route `{"from": "harbourport", "to": "gullwick"}` where the location is '
    "`harrowport`.",
    fix="Correct the id, or add the location or area.",
)
def map_references(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("map"):
        locations = {x["id"] for x in doc.data["locations"]}
        areas = {x["id"] for x in doc.data["areas"]}
        for i, loc in enumerate(doc.data["locations"]):
            if loc["area"] not in areas:
                yield ctx.finding(
                    map_references, f"area {loc['area']!r} not found", doc, ("locations", i, "area")
                )
        for i, route in enumerate(doc.data["routes"]):
            for end in ("from", "to"):
                if route[end] not in locations:
                    yield ctx.finding(
                        map_references,
                        f"location {route[end]!r} not found",
                        doc,
                        ("routes", i, end),
                    )
            if route["from"] == route["to"]:
                yield ctx.finding(
                    map_references, f"route from {route['from']!r} to itself", doc, ("routes", i)
                )


@wi_check(
    "QWI404",
    severity="error",
    title="Obstacle area or battle-track space links to no area",
    description="Each obstacle area is linked to one area of the map (WI-OBS-08) and a "
    "battle-track space may name the area its obstacle goes to (WI-TRACK-02); the id must "
    "be an area. Every area should also have an obstacle area, or obstacles placed there "
    "have nowhere to go.",
    example='`"obstacle_areas": [{"id": "coast-north", "area": "coast"}]` where the area is '
    "`saltreach`.",
    fix="Link the obstacle area or track space to an existing area; give every area an "
    "obstacle area.",
    rules=("WI-OBS-08", "WI-TRACK-02"),
)
def obstacle_links(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("map"):
        areas = {x["id"] for x in doc.data["areas"]}
        linked = set()
        for i, item in enumerate(doc.data.get("obstacle_areas", ())):
            linked.add(item["area"])
            if item["area"] not in areas:
                yield ctx.finding(
                    obstacle_links,
                    f"obstacle area {item['id']!r} links to unknown area {item['area']!r}",
                    doc,
                    ("obstacle_areas", i, "area"),
                )
        for i, space in enumerate(doc.data.get("battle_track", ())):
            if "area" in space and space["area"] not in areas:
                yield ctx.finding(
                    obstacle_links,
                    f"battle-track space {i} links to unknown area {space['area']!r}",
                    doc,
                    ("battle_track", i, "area"),
                )
        if doc.data.get("obstacle_areas"):
            for i, area in enumerate(doc.data["areas"]):
                if area["id"] not in linked:
                    yield ctx.finding(
                        obstacle_links,
                        f"area {area['id']!r} has no obstacle area",
                        doc,
                        ("areas", i),
                    )


@wi_check(
    "QWI410",
    severity="error",
    title="Quest destination is not a location",
    description="A main quest is completed by going to its destination (WI-BASIC-03); the "
    "destination must be a location of the map.",
    example='`"destination": "wreckers-point"` where the location is `wrecker-point`.',
    fix="Name an existing location.",
    rules=("WI-BASIC-03",),
)
def destination_exists(ctx: CheckContext) -> Iterator[Finding]:
    locations = _map_ids(ctx, "locations")
    for doc in ctx.of_kind("quest"):
        dest = doc.data["main"]["destination"]
        if split_reference(dest)[1] not in locations:
            yield ctx.finding(
                destination_exists,
                f"destination {dest!r} is not a location of the map",
                doc,
                ("main", "destination"),
            )


@wi_check(
    "QWI411",
    severity="error",
    title="Quest destination cannot be reached",
    description="No chain of routes leads from some hero's start location to the quest's "
    "destination, so that hero could never complete it. (A disconnected board is also "
    "reported once as QWI401.)",
    example="A quest at an island with no route, drawn by a hero who starts on the mainland.",
    fix="Add a route to the destination or move the quest.",
    rules=("WI-BASIC-03", "WI-MOVE-01"),
)
def destination_reachable(ctx: CheckContext) -> Iterator[Finding]:
    maps = ctx.of_kind("map")
    if not maps:
        return
    graph = _graph(maps[0])
    starts = {
        h.data["start"]: h.data["id"] for h in ctx.of_kind("hero") if h.data["start"] in graph
    }
    for doc in ctx.of_kind("quest"):
        dest = split_reference(doc.data["main"]["destination"])[1]
        if dest not in graph:
            continue
        for start, hero in starts.items():
            try:
                graph.distance(start, dest)
            except ValueError:
                yield ctx.finding(
                    destination_reachable,
                    f"destination {dest!r} cannot be reached from {start!r} (where {hero} starts)",
                    doc,
                    ("main", "destination"),
                )
                break


@wi_check(
    "QWI412",
    severity="error",
    title="Proof colour cannot be produced",
    description="A quest needs proof (or leads) of a colour that no location gives as a "
    "lead (WI-LEAD-02, WI-LEAD-05): leads of that colour can only come from cards, if at all.",
    example='A quest needs `"proof": {"purple": 1}` and no location has `"lead": "purple"`.',
    fix="Give some location that lead colour, or change the quest's cost.",
    rules=("WI-LEAD-02", "WI-LEAD-05"),
)
def proof_producible(ctx: CheckContext) -> Iterator[Finding]:
    colours: set[str] = set()
    for doc in ctx.all_of_kind("map"):
        colours.update(
            x["lead"] for x in doc.data["locations"] if "lead" in x and x.get("gives_lead", True)
        )
    for doc in ctx.of_kind("quest"):
        costs = [(("main", "cost"), doc.data["main"].get("cost", {}))]
        if "support" in doc.data:
            costs.append((("support", "cost"), doc.data["support"]["cost"]))
        for base, cost in costs:
            for key in ("proof", "leads"):
                for colour in cost.get(key, {}):
                    if colour not in colours:
                        yield ctx.finding(
                            proof_producible,
                            f"{key} of colour {colour!r} are needed but no location gives "
                            f"{colour} leads",
                            doc,
                            (*base, key, colour),
                        )


def _effort(data: dict[str, Any], enemies: dict[str, int]) -> float:
    cost = data["main"].get("cost", {})
    effort = 3.0 * sum(cost.get("proof", {}).values())
    effort += sum(cost.get("leads", {}).values()) + cost.get("any_leads", 0)
    effort += 0.5 * cost.get("gold", 0)
    enemy = data["main"].get("enemy")
    if enemy is not None:
        effort += 0.5 * enemies.get(split_reference(enemy)[1], 0)
    return max(effort, 1.0)


@wi_check(
    "QWI413",
    severity="warning",
    title="Quest VP out of line with its cost",
    description="A main quest's VP per unit of effort (leads needed at the standard rate of "
    "3 per proof, gold, and the enemy's sword and shield values) is more than twice or less "
    "than half the pack's median: it will be always taken or never. A rough model; the "
    "simulator's report shows which quests are actually taken and finished.",
    example="A quest worth 40 VP that needs one proof, in a pack whose quests give about 10.",
    fix="Bring the VP in line, or raise the cost (proof, gold, an enemy).",
    rules=("WI-VP-06",),
)
def quest_value(ctx: CheckContext) -> Iterator[Finding]:
    enemies = {
        m.data["id"]: m.data["sword"]["value"] + m.data["shield"]["value"]
        for m in ctx.all_of_kind("monster")
    }
    quests = ctx.of_kind("quest")
    if len(quests) < 3:
        return
    ratios = [d.data["main"]["vp"] / _effort(d.data, enemies) for d in quests]
    median = statistics.median(ratios)
    if median <= 0:
        return
    for doc, ratio in zip(quests, ratios, strict=True):
        if ratio > 2 * median or ratio < 0.5 * median:
            word = "more" if ratio > median else "less"
            yield ctx.finding(
                quest_value,
                f"{doc.data['main']['vp']} VP is {ratio / median:.1f}x the pack's median VP "
                f"per effort: worth far {word} than its cost",
                doc,
                ("main", "vp"),
            )


@wi_check(
    "QWI414",
    severity="error",
    title="Duplicate id inside a document",
    description="Two locations, areas or obstacle areas of a map, or two side quests of one "
    "quest card, share an id: references to it are ambiguous.",
    example='Two locations with `"id": "gullwick"`.',
    fix="Rename one of them.",
)
def duplicate_inner_ids(ctx: CheckContext) -> Iterator[Finding]:
    groups = [("map", ("areas", "locations", "obstacle_areas")), ("quest", ("side_quests",))]
    for kind, keys in groups:
        for doc in ctx.of_kind(kind):
            for key in keys:
                seen: set[str] = set()
                for i, item in enumerate(doc.data.get(key, ())):
                    if item["id"] in seen:
                        yield ctx.finding(
                            duplicate_inner_ids,
                            f"{key[:-1].replace('_', ' ')} id {item['id']!r} is used twice",
                            doc,
                            (key, i, "id"),
                        )
                    seen.add(item["id"])


@wi_check(
    "QWI415",
    severity="warning",
    title="Duplicate route",
    description="Two routes join the same two locations; travel uses the cheaper one, so the "
    "other is dead data (or one endpoint is a typo).",
    example="`harrowport - gullwick` listed twice.",
    fix="Remove one of them.",
)
def duplicate_routes(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("map"):
        seen: set[frozenset[str]] = set()
        for i, route in enumerate(doc.data["routes"]):
            key = frozenset((route["from"], route["to"]))
            if key in seen:
                yield ctx.finding(
                    duplicate_routes,
                    f"route {route['from']} - {route['to']} is listed twice",
                    doc,
                    ("routes", i),
                )
            seen.add(key)


@wi_check(
    "QWI420",
    severity="error",
    title="Die does not have six faces",
    description="Every die has exactly six faces (WI-DICE-07).",
    example="A die with five face lists.",
    fix="List six faces (an empty list is a blank face).",
    rules=("WI-DICE-07",),
)
def die_faces(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("die"):
        n = len(doc.data["faces"])
        if n != 6:
            yield ctx.finding(die_faces, f"the die has {n} faces, not 6", doc, ("faces",))


@wi_check(
    "QWI421",
    severity="warning",
    title="Combat die without exactly one blank face",
    description="Every combat die has exactly one blank face (WI-DICE-03).",
    example="A combat die whose six faces all show results.",
    fix="Make one face blank (`[]`), or mark the die `owner: hero`.",
    rules=("WI-DICE-03",),
)
def combat_blank(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("die"):
        if doc.data["owner"] != "combat" or len(doc.data["faces"]) != 6:
            continue
        blanks = sum(1 for face in doc.data["faces"] if not face)
        if blanks != 1:
            yield ctx.finding(
                combat_blank, f"combat die has {blanks} blank faces, not 1", doc, ("faces",)
            )


def _classes_needed(ctx: CheckContext) -> Iterator[tuple[LoadedDocument, JsonPath, str]]:
    for doc in ctx.of_kind("map"):
        for i, space in enumerate(doc.data.get("battle_track", ())):
            if space.get("class"):
                yield doc, ("battle_track", i, "class"), space["class"]
    for doc in ctx.of_kind("game-options"):
        for i, item in enumerate(doc.data.get("setup_obstacles", ())):
            if item.get("class"):
                yield doc, ("setup_obstacles", i, "class"), item["class"]
    for doc in ctx.valid_documents():
        yield from ((doc, p, c) for p, c in _effect_classes(doc.data, ()))


def _effect_classes(data: Any, path: JsonPath) -> Iterator[tuple[JsonPath, str]]:
    for obj, where in objects_where(
        data,
        lambda o: o.get("op") in ("place-monster", "fight") and isinstance(o.get("class"), str),
        path,
    ):
        yield (*where, "class"), obj["class"]


@wi_check(
    "QWI422",
    severity="error",
    title="No monster of a class that is drawn",
    description="The battle track, the setup or an effect draws a monster of a class "
    "(WI-TRACK-02, WI-MON-03) but the pack has no monster of that class to draw.",
    example='A battle-track space `{"obstacle": "monster", "class": "gold"}` in a pack '
    "without gold monsters.",
    fix="Add a monster of that class, or change the class drawn.",
    rules=("WI-TRACK-02", "WI-MON-01"),
)
def monster_class_available(ctx: CheckContext) -> Iterator[Finding]:
    have = {m.data["class"] for m in ctx.all_of_kind("monster")}
    for doc, path, cls in _classes_needed(ctx):
        if cls not in have:
            yield ctx.finding(monster_class_available, f"no {cls} monster to draw", doc, path)


@wi_check(
    "QWI423",
    severity="warning",
    title="Development card in another hero's deck",
    description="A hero's development deck lists a card whose `hero` is another hero.",
    example="Ysolde's deck lists `thunder-draught`, a card of Corvin's.",
    fix="Move the card to the right deck or change its `hero`.",
    rules=("WI-ACT-03",),
)
def development_owner(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("hero"):
        for i, ref in enumerate(doc.data["development_deck"]):
            card = ctx.resolve(ref, "development-card")
            if card is not None and split_reference(card.data["hero"])[1] != doc.data["id"]:
                yield ctx.finding(
                    development_owner,
                    f"{ref!r} belongs to hero {card.data['hero']!r}",
                    doc,
                    ("development_deck", i),
                )


@wi_check(
    "QWI424",
    severity="warning",
    title="Quest deck too small for the longest game",
    description="A hero keeps each completed main quest face down (WI-QUEST-02), so a hero "
    "needs at least as many quests in their deck as the longest game length asks for "
    "(WI-REF-07); otherwise the deck runs dry and the hero can take no more quests. Heroes "
    "sharing a deck share its cards.",
    example="Three red quests, one red hero, and an epic length of five quests.",
    fix="Add quests of that colour, or drop the longest length.",
    rules=("WI-QUEST-02", "WI-BASIC-01", "WI-REF-07"),
)
def quest_deck_size(ctx: CheckContext) -> Iterator[Finding]:
    longest = max(
        (x["quests"] for doc in ctx.of_kind("game-options") for x in doc.data["lengths"]),
        default=0,
    )
    if not longest:
        return
    decks: dict[str, int] = {}
    for doc in ctx.all_of_kind("quest"):
        decks[doc.data["deck"]] = decks.get(doc.data["deck"], 0) + 1
    users: dict[str, int] = {}
    for doc in ctx.of_kind("hero"):
        users[doc.data["quest_deck"]] = users.get(doc.data["quest_deck"], 0) + 1
    for doc in ctx.of_kind("hero"):
        colour = doc.data["quest_deck"]
        need = longest * users[colour]
        have = decks.get(colour, 0)
        if have < need:
            yield ctx.finding(
                quest_deck_size,
                f"the {colour} quest deck has {have} quests but a {longest}-quest game needs "
                f"{need} for the {users[colour]} hero(es) drawing from it",
                doc,
                ("quest_deck",),
            )


def _effects_with(data: Any, path: JsonPath, key: str) -> Iterator[tuple[JsonPath, dict[str, Any]]]:
    """Every effect object under ``data`` that has ``key``, with its path."""
    if isinstance(data, dict):
        if "op" in data and key in data:
            yield path, data
        for k, value in data.items():
            yield from _effects_with(value, (*path, k), key)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _effects_with(value, (*path, i), key)


@wi_check(
    "QWI425",
    severity="warning",
    title="Trait counted that no investigation card carries",
    description="An effect counts a trait (`per_trait`, WI-TRAIT-02) on the hero's "
    "investigation cards, but no investigation card of the pack carries that trait, so the "
    "count is always zero and the effect never happens.",
    example='A card gives `{"op": "gain-vp", "per_trait": "Sea Lore"}` but the trait on the '
    'cards is spelled `"Sea-Lore"`.',
    fix="Spell the trait as the investigation cards do, or give a card that trait.",
    rules=("WI-TRAIT-02", "WI-TRAIT-01"),
)
def trait_counted_exists(ctx: CheckContext) -> Iterator[Finding]:
    carried = {
        str(t)
        for card in ctx.all_of_kind("investigation-card")
        for t in card.data.get("traits", ())
    }
    for doc in ctx.valid_documents():
        for path, effect in _effects_with(doc.data, (), "per_trait"):
            trait = effect["per_trait"]
            if trait not in carried:
                yield ctx.finding(
                    trait_counted_exists,
                    f"no investigation card carries the trait {trait!r}",
                    doc,
                    (*path, "per_trait"),
                    hint="traits on investigation cards: " + (", ".join(sorted(carried)) or "none"),
                )


@wi_check(
    "QWI426",
    severity="error",
    title="Look at or reveal cards of a deck that is empty",
    description="A `look-at` or `reveal` effect (WI-DRAW-03/04) draws from a deck the pack "
    "has no card for (investigation cards of the colour named, or misfortune, luck cards), "
    "so it can never show anything.",
    example='A luck card `{"op": "look-at", "deck": "investigation", "colour": "purple"}` in '
    "a pack without purple investigation cards.",
    fix="Name a deck the pack has cards for, or add cards to it.",
    rules=("WI-DRAW-03", "WI-DRAW-04"),
)
def look_at_deck_exists(ctx: CheckContext) -> Iterator[Finding]:
    colours = {str(c.data.get("colour")) for c in ctx.all_of_kind("investigation-card")}
    sizes = {
        "investigation": len(colours),
        "misfortune": len(ctx.all_of_kind("misfortune-card")),
        "luck": len(ctx.all_of_kind("luck-card")),
        "development": 1,  # the hero's own deck (QWI400 checks its cards)
    }
    for doc in ctx.valid_documents():
        for path, effect in _effects_with(doc.data, (), "deck"):
            deck, colour = effect["deck"], effect.get("colour")
            missing = not sizes.get(deck, 0) or (
                deck == "investigation" and colour is not None and colour not in colours
            )
            if missing:
                what = f"{colour} investigation" if deck == "investigation" and colour else deck
                yield ctx.finding(
                    look_at_deck_exists, f"the pack has no {what} cards", doc, (*path, "deck")
                )


#: timings at which "on your turn" changes nothing: they come only on the holder's own
#: turn (an own-turn operation, the Travel and Investigate actions) or at once when drawn
_OWN_TURN_MOOT = {
    "own-turn": "an own-turn card is only ever used on its holder's turn",
    "travel": "travel cards are used after the holder's own Travel action",
    "investigate": "investigate cards are used in the holder's own Investigate action",
    "immediate": "an immediate card acts when drawn, whoever's turn it is",
}


@wi_check(
    "QWI427",
    severity="warning",
    title="Luck card flag that changes nothing at its timing",
    description="A luck card says `own_turn_only` (WI-LUCK-03: used only while its holder "
    "is acting) at a timing that only ever comes on the holder's turn or when the card is "
    "drawn (`own-turn`, `travel`, `investigate`, `immediate`), or says `keep` (WI-LUCK-04: "
    "not discarded after use) on an `immediate` card, which acts once when drawn and has no "
    "later moment. The flag is probably meant for another card or another timing.",
    example='`{"timing": "immediate", "keep": true}`: the card would sit in the hand '
    "forever, never usable again.",
    fix="Remove the flag, or give the card the timing it was meant for (e.g. `combat`).",
    rules=("WI-LUCK-03", "WI-LUCK-04"),
)
def luck_flags(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("luck-card"):
        timing = doc.data["timing"]
        if doc.data.get("own_turn_only") and timing in _OWN_TURN_MOOT:
            yield ctx.finding(
                luck_flags,
                f"own_turn_only changes nothing on a {timing} card: {_OWN_TURN_MOOT[timing]}",
                doc,
                ("own_turn_only",),
            )
        if doc.data.get("keep") and timing == "immediate":
            yield ctx.finding(
                luck_flags,
                "keep on an immediate card: it acts once when drawn and is never used again",
                doc,
                ("keep",),
            )
