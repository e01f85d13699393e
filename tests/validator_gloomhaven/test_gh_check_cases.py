"""Every Gloomhaven semantic check, triggered alone.

Each case breaks the tiny valid pack of ``ghfixture.base_pack`` in exactly one way and
asserts that exactly that check fires, in the right file, at the JSON path of the offending
value, and that no other finding (error or warning) appears. ``test_every_check_has_a_case``
keeps this table complete: a new check without a failing fixture fails the suite.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from check_cases import (
    append_to,
    assert_cases_complete,
    assert_clean,
    assert_fires,
    many,
    put_file,
    set_at,
)
from ghfixture import Files, S, base_pack, run

from questforge.validator.gloomhaven.catalogue import gloomhaven_specs

SCN = "scenarios/first.json"


def scn(files: Files) -> dict[str, Any]:
    return files[SCN]


def _marker(hex_: list[int], p2: str, p3: str, p4: str, monster: str = "grunt") -> dict[str, Any]:
    return {"monster": monster, "hex": hex_, "players": {"2": p2, "3": p3, "4": p4}}


# code -> (what is broken, mutation, file of the finding, JSON path of the finding)
CASES: dict[str, tuple[str, Callable[[Files], None], str, tuple[Any, ...]]] = {
    "QGH201": (
        "placement names a monster type that does not exist",
        set_at(SCN, "monsters", 0, "monster", value="grunts"),
        SCN,
        ("monsters", 0, "monster"),
    ),
    "QGH202": (
        "pack:id reference to a pack that is not required",
        set_at(SCN, "monsters", 0, "monster", value="other-pack:grunt"),
        SCN,
        ("monsters", 0, "monster"),
    ),
    "QGH203": (
        "two overlays share an id",
        many(
            set_at(SCN, "overlays", 0, "id", value="rubble"),
            set_at(SCN, "overlays", 1, "id", value="rubble"),
        ),
        SCN,
        ("overlays", 1, "id"),
    ),
    "QGH204": (
        "starting room names no room",
        set_at(SCN, "starting_room", value="frist"),
        SCN,
        ("starting_room",),
    ),
    "QGH205": (
        "two items with the same number",
        put_file(
            "items/amulet.json",
            {
                "$schema": S + "gloomhaven/item.schema.json",
                "kind": "item",
                "id": "amulet",
                "number": 1,
                "name": "Amulet",
                "cost": 20,
                "slot": "small",
            },
        ),
        "items/amulet.json",
        ("number",),
    ),
    "QGH206": (
        "the scenario unlocks itself",
        set_at(SCN, "unlocks", value=["first"]),
        SCN,
        ("unlocks", 0),
    ),
    "QGH207": (
        "the scenario's rewards open an envelope nothing is sealed in",
        set_at(SCN, "rewards", value={"envelope": "Z"}),
        SCN,
        ("rewards", "envelope"),
    ),
    "QGH210": (
        "a third tile overlaps the first (same room)",
        many(
            append_to(
                SCN, "tiles", value={"id": "t3", "tile": "strip", "side": "b", "position": [0, 1]}
            ),
            lambda f: scn(f)["rooms"][0]["tiles"].append("t3"),
        ),
        SCN,
        ("tiles", 2),
    ),
    "QGH211": (
        "locked door without an opening condition",
        set_at(SCN, "doors", 0, "locked", value=True),
        SCN,
        ("doors", 0, "locked"),
    ),
    "QGH212": (
        "the door also touches a third room",
        append_to(SCN, "rooms", value={"id": "third", "hexes": [[2, 3]]}),
        SCN,
        ("doors", 0, "hex"),
    ),
    "QGH213": (
        "no door leads to the second room",
        set_at(SCN, "doors", value=[]),
        SCN,
        ("rooms", 1),
    ),
    "QGH214": (
        "a corridor hex listed by both rooms",
        many(
            lambda f: scn(f)["rooms"][0].setdefault("hexes", []).append([2, 3]),
            lambda f: scn(f)["rooms"][1].setdefault("hexes", []).append([2, 3]),
        ),
        SCN,
        ("rooms", 1, "hexes", 0),
    ),
    "QGH215": (
        "a placed tile that no room lists",
        append_to(
            SCN, "tiles", value={"id": "t3", "tile": "strip", "side": "a", "position": [5, 0]}
        ),
        SCN,
        ("tiles", 2),
    ),
    "QGH216": (
        "a thin wall between hexes that are not neighbours",
        append_to(SCN, "walls", value=[[0, 0], [2, 0]]),
        SCN,
        ("walls", 0),
    ),
    "QGH217": (
        "a room hex far away from the rest of the room",
        lambda f: scn(f)["rooms"][0].setdefault("hexes", []).append([6, 6]),
        SCN,
        ("rooms", 0),
    ),
    "QGH218": (
        "a room without hexes",
        append_to(SCN, "rooms", value={"id": "annex", "tiles": []}),
        SCN,
        ("rooms", 2),
    ),
    "QGH220": (
        "a monster off the map",
        set_at(SCN, "monsters", 0, "hex", value=[9, 9]),
        SCN,
        ("monsters", 0, "hex"),
    ),
    "QGH221": (
        "two markers on one hex present with 3 characters",
        append_to(SCN, "monsters", value=_marker([3, 5], "absent", "normal", "normal")),
        SCN,
        ("monsters", 1, "hex"),
    ),
    "QGH222": (
        "a walking monster on the obstacle",
        set_at(SCN, "monsters", 0, "hex", value=[3, 1]),
        SCN,
        ("monsters", 0, "hex"),
    ),
    "QGH223": (
        "a starting hex in the second room",
        append_to(SCN, "starting_hexes", value=[0, 4]),
        SCN,
        ("starting_hexes", 4),
    ),
    "QGH224": (
        "a monster on a starting hex",
        set_at(SCN, "monsters", 0, "hex", value=[1, 0]),
        SCN,
        ("starting_hexes", 1),
    ),
    "QGH225": (
        "a trap on the treasure hex",
        append_to(SCN, "overlays", value={"type": "trap", "hexes": [[2, 6]], "damage": True}),
        SCN,
        ("overlays", 2, "hexes", 0),
    ),
    "QGH226": (
        "obstacles block both hexes in front of the door",
        append_to(SCN, "overlays", value={"type": "obstacle", "hexes": [[1, 2], [2, 2]]}),
        SCN,
        ("overlays", 2),
    ),
    "QGH227": (
        "a treasure walled in by obstacles inside a reachable room",
        many(
            set_at(SCN, "overlays", 1, "hexes", value=[[0, 6]]),
            append_to(
                SCN, "overlays", value={"type": "obstacle", "hexes": [[1, 6], [1, 5], [0, 5]]}
            ),
        ),
        SCN,
        ("overlays", 1, "hexes", 0),
    ),
    "QGH228": (
        "a monster on the door hex",
        set_at(SCN, "monsters", 0, "hex", value=[1, 3]),
        SCN,
        ("monsters", 0, "hex"),
    ),
    "QGH229": (
        "three starting hexes",
        set_at(SCN, "starting_hexes", value=[[0, 0], [1, 0], [2, 0]]),
        SCN,
        ("starting_hexes",),
    ),
    "QGH230": (
        "two markers with 4 characters, one standee",
        many(
            set_at("monsters/grunt.json", "standees", value=1),
            append_to(SCN, "monsters", value=_marker([2, 5], "absent", "absent", "normal")),
        ),
        SCN,
        ("monsters", 1),
    ),
    "QGH231": (
        "a marker elite with 3 characters and normal with 4",
        set_at(SCN, "monsters", 0, "players", value={"2": "elite", "3": "elite", "4": "normal"}),
        SCN,
        ("monsters", 0, "players", "4"),
    ),
    "QGH232": (
        "a marker normal with 3 characters and absent with 4",
        set_at(SCN, "monsters", 0, "players", value={"2": "normal", "3": "normal", "4": "absent"}),
        SCN,
        ("monsters", 0, "players", "4"),
    ),
    "QGH233": (
        "a marker absent at every player count",
        set_at(SCN, "monsters", 0, "players", value={"2": "absent", "3": "absent", "4": "absent"}),
        SCN,
        ("monsters", 0, "players"),
    ),
    "QGH234": (
        "the kill goal names a marker absent with 2 characters",
        many(
            set_at(
                SCN,
                "monsters",
                0,
                value={
                    "id": "chief",
                    "monster": "grunt",
                    "hex": [3, 5],
                    "players": {"2": "absent", "3": "normal", "4": "elite"},
                },
            ),
            set_at(SCN, "win", value=[{"type": "kill", "targets": ["chief"]}]),
        ),
        SCN,
        ("win", 0, "targets", 0),
    ),
    "QGH235": (
        "a pressure plate no trigger names",
        append_to(SCN, "overlays", value={"type": "pressure-plate", "hexes": [[0, 2]]}),
        SCN,
        ("overlays", 2),
    ),
    "QGH236": (
        "a special rule whose effect is free text the engine will not apply",
        append_to(
            SCN,
            "special_rules",
            value={
                "trigger": {"type": "room-revealed", "room": "second"},
                "effects": [{"type": "custom", "text": "Fire is infused."}],
            },
        ),
        SCN,
        ("special_rules", 0, "effects", 0),
    ),
    "QGH237": (
        "a lock-door effect naming a door the scenario does not have",
        append_to(
            SCN,
            "special_rules",
            value={
                "trigger": {"type": "round", "round": 2},
                "effects": [{"type": "lock-door", "door": "vault"}],
            },
        ),
        SCN,
        ("special_rules", 0, "effects", 0, "door"),
    ),
    "QGH238": (
        "a battle goal written as text only",
        put_file(
            "battle-goals/plain.json",
            {
                "$schema": S + "gloomhaven/battle-goal.schema.json",
                "kind": "battle-goal",
                "id": "plain",
                "name": "Plain",
                "text": "Suffer no damage.",
                "checkmarks": 1,
            },
        ),
        "battle-goals/plain.json",
        ("text",),
    ),
    "QGH240": (
        "an obstacle health formula with an implicit multiplication",
        set_at(SCN, "overlays", 0, "health", value="2L"),
        SCN,
        ("overlays", 0, "health"),
    ),
    "QGH241": (
        "a boss health formula that is 0 at level 0",
        set_at("bosses/overseer.json", "stats", "health", value="C*L"),
        "bosses/overseer.json",
        ("stats", "health"),
    ),
    "QGH245": (
        "a boss range formula that grows with the party to 4000",
        set_at("bosses/overseer.json", "stats", "range", value="1000*C"),
        "bosses/overseer.json",
        ("stats", "range"),
    ),
    "QGH242": (
        "a treasure number missing from the table",
        set_at(SCN, "overlays", 1, "number", value=9),
        SCN,
        ("overlays", 1, "number"),
    ),
    "QGH243": (
        "the same treasure number placed twice",
        append_to(SCN, "overlays", value={"type": "treasure", "hexes": [[1, 6]], "number": 1}),
        SCN,
        ("overlays", 2, "number"),
    ),
    "QGH244": (
        "the same treasure number defined twice",
        append_to(
            "treasures.json",
            "entries",
            value={"number": 1, "reward": {"type": "gold", "amount": 5}},
        ),
        "treasures.json",
        ("entries", 2, "number"),
    ),
    "QGH250": (
        "a monster ability deck nobody uses",
        put_file(
            "decks/spare-deck.json",
            {
                "$schema": S + "gloomhaven/monster-ability-deck.schema.json",
                "kind": "monster-ability-deck",
                "id": "spare-deck",
                "name": "Spare",
                "cards": [{"initiative": 50, "abilities": [], "shuffle": True}],
            },
        ),
        "decks/spare-deck.json",
        ("id",),
    ),
    "QGH251": (
        "the boss draws from a deck that is not a boss deck",
        set_at("decks/boss-deck.json", "boss", value=False),
        "bosses/overseer.json",
        ("deck",),
    ),
    "QGH252": (
        "elite health below normal health at level 0",
        set_at("monsters/grunt.json", "levels", "0", "elite", "health", value=3),
        "monsters/grunt.json",
        ("levels", "0", "elite", "health"),
    ),
    "QGH253": (
        "normal health drops from level 3 to level 4",
        set_at("monsters/grunt.json", "levels", "4", "normal", "health", value=5),
        "monsters/grunt.json",
        ("levels", "4", "normal", "health"),
    ),
    "QGH254": (
        "no shuffle card in the deck",
        set_at("decks/grunt-deck.json", "cards", 1, "shuffle", value=False),
        "decks/grunt-deck.json",
        ("cards",),
    ),
    "QGH255": (
        "a monster card that recovers cards",
        set_at(
            "decks/grunt-deck.json",
            "cards",
            1,
            "abilities",
            0,
            value={"type": "recover", "count": 1},
        ),
        "decks/grunt-deck.json",
        ("cards", 1, "abilities", 0, "type"),
    ),
    "QGH260": (
        "hand size above the level-1 and X cards",
        set_at("classes/hero.json", "hand_size", value=4),
        "classes/hero.json",
        ("hand_size",),
    ),
    "QGH261": (
        "use slots on an action that is not persistent",
        set_at("classes/hero-strike.json", "top", "uses", value=2),
        "classes/hero-strike.json",
        ("top", "uses"),
    ),
    "QGH262": (
        "a perk removes more +1 cards than the deck can hold",
        lambda f: f["classes/hero.json"]["perks"].append(
            {"text": "Remove eight +1", "remove": [{"card": "plus1", "count": 8}]}
        ),
        "classes/hero.json",
        ("perks", 1, "remove", 0),
    ),
    "QGH263": (
        "the standard deck has 19 cards",
        set_at("modifiers/standard.json", "cards", 0, "count", value=14),
        "modifiers/standard.json",
        ("cards",),
    ),
    "QGH264": (
        "class health drops from level 3 to level 4",
        set_at("classes/hero.json", "health", 3, value=10),
        "classes/hero.json",
        ("health", 3),
    ),
    "QGH265": (
        "an attack-hex enhancement slot on a move line (GH-ENH-03)",
        set_at(
            "classes/hero-strike.json",
            "bottom",
            "enhancement_slots",
            value=[{"ability": 0, "kinds": ["plus1", "attack-hex"]}],
        ),
        "classes/hero-strike.json",
        ("bottom", "enhancement_slots", 0, "kinds", 1),
    ),
    "QGH270": (
        "monster-AI situation with two figures on one hex",
        put_file(
            "situations/crowded.json",
            {
                "$schema": S + "gloomhaven/situation.schema.json",
                "kind": "situation",
                "id": "crowded",
                "map": {"hexes": [[0, 0], [1, 0], [2, 0]]},
                "active": {"hex": [0, 0], "move": 2},
                "figures": [
                    {"hex": [2, 0], "side": "character", "initiative": 10},
                    {"hex": [2, 0], "side": "character", "initiative": 20},
                ],
            },
        ),
        "situations/crowded.json",
        ("figures", 1, "hex"),
    ),
}


def test_base_pack_is_clean() -> None:
    assert_clean(run, base_pack)


def test_every_check_has_a_case() -> None:
    assert_cases_complete((spec.code for spec in gloomhaven_specs()), CASES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_check_fires_alone(code: str) -> None:
    assert_fires(code, CASES[code], run, base_pack)
