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
from ghfixture import Files, S, base_pack, run

from questforge.validator.gloomhaven.catalogue import gloomhaven_specs

SCN = "scenarios/first.json"


def scn(files: Files) -> dict[str, Any]:
    return files[SCN]


def _set(file: str, *path: Any, value: Any) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        node: Any = files[file]
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value

    return mutate


def _append(file: str, key: str, value: Any) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        files[file].setdefault(key, []).append(value)

    return mutate


def _many(*steps: Callable[[Files], None]) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        for step in steps:
            step(files)

    return mutate


def _new_file(name: str, data: dict[str, Any]) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        files[name] = data

    return mutate


def _marker(hex_: list[int], p2: str, p3: str, p4: str, monster: str = "grunt") -> dict[str, Any]:
    return {"monster": monster, "hex": hex_, "players": {"2": p2, "3": p3, "4": p4}}


# code -> (what is broken, mutation, file of the finding, JSON path of the finding)
CASES: dict[str, tuple[str, Callable[[Files], None], str, tuple[Any, ...]]] = {
    "QGH201": (
        "placement names a monster type that does not exist",
        _set(SCN, "monsters", 0, "monster", value="grunts"),
        SCN,
        ("monsters", 0, "monster"),
    ),
    "QGH202": (
        "pack:id reference to a pack that is not required",
        _set(SCN, "monsters", 0, "monster", value="other-pack:grunt"),
        SCN,
        ("monsters", 0, "monster"),
    ),
    "QGH203": (
        "two overlays share an id",
        _many(
            _set(SCN, "overlays", 0, "id", value="rubble"),
            _set(SCN, "overlays", 1, "id", value="rubble"),
        ),
        SCN,
        ("overlays", 1, "id"),
    ),
    "QGH204": (
        "starting room names no room",
        _set(SCN, "starting_room", value="frist"),
        SCN,
        ("starting_room",),
    ),
    "QGH205": (
        "two items with the same number",
        _new_file(
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
        _set(SCN, "unlocks", value=["first"]),
        SCN,
        ("unlocks", 0),
    ),
    "QGH210": (
        "a third tile overlaps the first (same room)",
        _many(
            _append(SCN, "tiles", {"id": "t3", "tile": "strip", "side": "b", "position": [0, 1]}),
            lambda f: scn(f)["rooms"][0]["tiles"].append("t3"),
        ),
        SCN,
        ("tiles", 2),
    ),
    "QGH211": (
        "locked door without an opening condition",
        _set(SCN, "doors", 0, "locked", value=True),
        SCN,
        ("doors", 0, "locked"),
    ),
    "QGH212": (
        "the door also touches a third room",
        _append(SCN, "rooms", {"id": "third", "hexes": [[2, 3]]}),
        SCN,
        ("doors", 0, "hex"),
    ),
    "QGH213": (
        "no door leads to the second room",
        _set(SCN, "doors", value=[]),
        SCN,
        ("rooms", 1),
    ),
    "QGH214": (
        "a corridor hex listed by both rooms",
        _many(
            lambda f: scn(f)["rooms"][0].setdefault("hexes", []).append([2, 3]),
            lambda f: scn(f)["rooms"][1].setdefault("hexes", []).append([2, 3]),
        ),
        SCN,
        ("rooms", 1, "hexes", 0),
    ),
    "QGH215": (
        "a placed tile that no room lists",
        _append(SCN, "tiles", {"id": "t3", "tile": "strip", "side": "a", "position": [5, 0]}),
        SCN,
        ("tiles", 2),
    ),
    "QGH216": (
        "a thin wall between hexes that are not neighbours",
        _append(SCN, "walls", [[0, 0], [2, 0]]),
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
        _append(SCN, "rooms", {"id": "annex", "tiles": []}),
        SCN,
        ("rooms", 2),
    ),
    "QGH220": (
        "a monster off the map",
        _set(SCN, "monsters", 0, "hex", value=[9, 9]),
        SCN,
        ("monsters", 0, "hex"),
    ),
    "QGH221": (
        "two markers on one hex present with 3 characters",
        _append(SCN, "monsters", _marker([3, 5], "absent", "normal", "normal")),
        SCN,
        ("monsters", 1, "hex"),
    ),
    "QGH222": (
        "a walking monster on the obstacle",
        _set(SCN, "monsters", 0, "hex", value=[3, 1]),
        SCN,
        ("monsters", 0, "hex"),
    ),
    "QGH223": (
        "a starting hex in the second room",
        _append(SCN, "starting_hexes", [0, 4]),
        SCN,
        ("starting_hexes", 4),
    ),
    "QGH224": (
        "a monster on a starting hex",
        _set(SCN, "monsters", 0, "hex", value=[1, 0]),
        SCN,
        ("starting_hexes", 1),
    ),
    "QGH225": (
        "a trap on the treasure hex",
        _append(SCN, "overlays", {"type": "trap", "hexes": [[2, 6]], "damage": True}),
        SCN,
        ("overlays", 2, "hexes", 0),
    ),
    "QGH226": (
        "obstacles block both hexes in front of the door",
        _append(SCN, "overlays", {"type": "obstacle", "hexes": [[1, 2], [2, 2]]}),
        SCN,
        ("overlays", 2),
    ),
    "QGH227": (
        "a treasure walled in by obstacles inside a reachable room",
        _many(
            _set(SCN, "overlays", 1, "hexes", value=[[0, 6]]),
            _append(SCN, "overlays", {"type": "obstacle", "hexes": [[1, 6], [1, 5], [0, 5]]}),
        ),
        SCN,
        ("overlays", 1, "hexes", 0),
    ),
    "QGH228": (
        "a monster on the door hex",
        _set(SCN, "monsters", 0, "hex", value=[1, 3]),
        SCN,
        ("monsters", 0, "hex"),
    ),
    "QGH229": (
        "three starting hexes",
        _set(SCN, "starting_hexes", value=[[0, 0], [1, 0], [2, 0]]),
        SCN,
        ("starting_hexes",),
    ),
    "QGH230": (
        "two markers with 4 characters, one standee",
        _many(
            _set("monsters/grunt.json", "standees", value=1),
            _append(SCN, "monsters", _marker([2, 5], "absent", "absent", "normal")),
        ),
        SCN,
        ("monsters", 1),
    ),
    "QGH231": (
        "a marker elite with 3 characters and normal with 4",
        _set(SCN, "monsters", 0, "players", value={"2": "elite", "3": "elite", "4": "normal"}),
        SCN,
        ("monsters", 0, "players", "4"),
    ),
    "QGH232": (
        "a marker normal with 3 characters and absent with 4",
        _set(SCN, "monsters", 0, "players", value={"2": "normal", "3": "normal", "4": "absent"}),
        SCN,
        ("monsters", 0, "players", "4"),
    ),
    "QGH233": (
        "a marker absent at every player count",
        _set(SCN, "monsters", 0, "players", value={"2": "absent", "3": "absent", "4": "absent"}),
        SCN,
        ("monsters", 0, "players"),
    ),
    "QGH234": (
        "the kill goal names a marker absent with 2 characters",
        _many(
            _set(
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
            _set(SCN, "win", value=[{"type": "kill", "targets": ["chief"]}]),
        ),
        SCN,
        ("win", 0, "targets", 0),
    ),
    "QGH235": (
        "a pressure plate no trigger names",
        _append(SCN, "overlays", {"type": "pressure-plate", "hexes": [[0, 2]]}),
        SCN,
        ("overlays", 2),
    ),
    "QGH236": (
        "a special rule whose effect is free text the engine will not apply",
        _append(
            SCN,
            "special_rules",
            {
                "trigger": {"type": "room-revealed", "room": "second"},
                "effects": [{"type": "custom", "text": "Fire is infused."}],
            },
        ),
        SCN,
        ("special_rules", 0, "effects", 0),
    ),
    "QGH237": (
        "a lock-door effect naming a door the scenario does not have",
        _append(
            SCN,
            "special_rules",
            {
                "trigger": {"type": "round", "round": 2},
                "effects": [{"type": "lock-door", "door": "vault"}],
            },
        ),
        SCN,
        ("special_rules", 0, "effects", 0, "door"),
    ),
    "QGH240": (
        "an obstacle health formula with an implicit multiplication",
        _set(SCN, "overlays", 0, "health", value="2L"),
        SCN,
        ("overlays", 0, "health"),
    ),
    "QGH241": (
        "a boss health formula that is 0 at level 0",
        _set("bosses/overseer.json", "stats", "health", value="C*L"),
        "bosses/overseer.json",
        ("stats", "health"),
    ),
    "QGH245": (
        "a boss range formula that grows with the party to 4000",
        _set("bosses/overseer.json", "stats", "range", value="1000*C"),
        "bosses/overseer.json",
        ("stats", "range"),
    ),
    "QGH242": (
        "a treasure number missing from the table",
        _set(SCN, "overlays", 1, "number", value=9),
        SCN,
        ("overlays", 1, "number"),
    ),
    "QGH243": (
        "the same treasure number placed twice",
        _append(SCN, "overlays", {"type": "treasure", "hexes": [[1, 6]], "number": 1}),
        SCN,
        ("overlays", 2, "number"),
    ),
    "QGH244": (
        "the same treasure number defined twice",
        _append(
            "treasures.json", "entries", {"number": 1, "reward": {"type": "gold", "amount": 5}}
        ),
        "treasures.json",
        ("entries", 2, "number"),
    ),
    "QGH250": (
        "a monster ability deck nobody uses",
        _new_file(
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
        _set("decks/boss-deck.json", "boss", value=False),
        "bosses/overseer.json",
        ("deck",),
    ),
    "QGH252": (
        "elite health below normal health at level 0",
        _set("monsters/grunt.json", "levels", "0", "elite", "health", value=3),
        "monsters/grunt.json",
        ("levels", "0", "elite", "health"),
    ),
    "QGH253": (
        "normal health drops from level 3 to level 4",
        _set("monsters/grunt.json", "levels", "4", "normal", "health", value=5),
        "monsters/grunt.json",
        ("levels", "4", "normal", "health"),
    ),
    "QGH254": (
        "no shuffle card in the deck",
        _set("decks/grunt-deck.json", "cards", 1, "shuffle", value=False),
        "decks/grunt-deck.json",
        ("cards",),
    ),
    "QGH255": (
        "a monster card that recovers cards",
        _set(
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
        _set("classes/hero.json", "hand_size", value=4),
        "classes/hero.json",
        ("hand_size",),
    ),
    "QGH261": (
        "use slots on an action that is not persistent",
        _set("classes/hero-strike.json", "top", "uses", value=2),
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
        _set("modifiers/standard.json", "cards", 0, "count", value=14),
        "modifiers/standard.json",
        ("cards",),
    ),
    "QGH264": (
        "class health drops from level 3 to level 4",
        _set("classes/hero.json", "health", 3, value=10),
        "classes/hero.json",
        ("health", 3),
    ),
    "QGH270": (
        "monster-AI situation with two figures on one hex",
        _new_file(
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
    report = run(base_pack())
    assert [(f.code, f.path, f.message) for f in report.findings] == []


def test_every_check_has_a_case() -> None:
    registered = {spec.code for spec in gloomhaven_specs()}
    assert registered == set(CASES), (
        f"missing cases: {sorted(registered - set(CASES))}; "
        f"stale cases: {sorted(set(CASES) - registered)}"
    )


@pytest.mark.parametrize("code", sorted(CASES))
def test_check_fires_alone(code: str) -> None:
    what, mutate, file, path = CASES[code]
    files = base_pack()
    mutate(files)
    report = run(files)
    found = [(f.code, f.file, f.path, f.message) for f in report.findings]
    assert found, f"{code} ({what}): nothing reported"
    assert {f.code for f in report.findings} == {code}, f"{code} ({what}): {found}"
    assert any(f.file == file and f.path == path for f in report.findings), found
    for finding in report.findings:
        assert finding.message and "Traceback" not in finding.message
