"""Valid fixture documents for every questforge-owned schema, and mutations that break them.

Each invalid fixture is a valid document with one change (a typo'd key, a wrong type, a bad
id, a bad formula, a bad hex, ...), so a test that sees it fail knows exactly why.
"""

from __future__ import annotations

import copy
from typing import Any

BASE = "https://questforge.dev/schema"


def _doc(kind: str, id: str, folder: str = "gloomhaven", **body: Any) -> dict[str, Any]:
    return {"$schema": f"{BASE}/{folder}/{kind}.schema.json", "kind": kind, "id": id, **body}


def _levels() -> dict[str, Any]:
    return {
        str(level): {
            "normal": {"health": 3 + level, "move": 2, "attack": 2},
            "elite": {"health": 5 + level, "move": 3, "attack": 3, "shield": 1},
        }
        for level in range(8)
    }


VALID: dict[str, dict[str, Any]] = {
    "pack": _doc(
        "pack",
        "test-pack",
        "common",
        name="Test pack",
        version="1.0.0",
        ruleset="gloomhaven",
        requires=[{"id": "other-pack", "version": ">=0.2"}],
    ),
    "map-tile": _doc(
        "map-tile",
        "room",
        name="Room",
        sides={
            "a": {"hexes": [[0, 0], [1, 0], [0, 1]], "walls": [[[0, 0], [1, 0]]]},
            "b": {"hexes": [[0, 0]]},
        },
    ),
    "scenario": _doc(
        "scenario",
        "test-scenario",
        number=1,
        name="Test",
        tiles=[{"id": "t1", "tile": "room", "side": "a", "position": [0, 0], "rotation": 2}],
        rooms=[{"id": "r1", "tiles": ["t1"]}, {"id": "r2", "hexes": [[5, 5]]}],
        starting_room="r1",
        starting_hexes=[[0, 0]],
        doors=[
            {
                "id": "d1",
                "hex": [4, 5],
                "rooms": ["r1", "r2"],
                "locked": True,
                "opens_when": {"type": "pressure-plate", "overlay": "plate"},
            }
        ],
        overlays=[
            {"type": "obstacle", "hexes": [[1, 0]], "health": "2+L"},
            {"type": "trap", "hexes": [[0, 1]], "damage": True, "conditions": ["poison"]},
            {"type": "treasure", "hexes": [[5, 5]], "number": 3},
            {"type": "pressure-plate", "id": "plate", "hexes": [[0, 1]]},
            {"type": "token", "number": 1, "hexes": [[0, 1]]},
        ],
        monsters=[
            {
                "monster": "guard",
                "hex": [1, 0],
                "players": {"2": "absent", "3": "normal", "4": "elite"},
            }
        ],
        named_monsters=[
            {
                "id": "boss-dog",
                "name": "Dog",
                "monster": "guard",
                "hex": [5, 5],
                "health": "C*(4+L)",
            }
        ],
        bosses=[{"id": "big", "boss": "other-pack:big-boss", "hex": [0, 1]}],
        win=[{"type": "kill", "targets": ["big"]}, {"type": "survive-rounds", "rounds": 5}],
        loss=[{"type": "round-limit", "rounds": 10}],
        special_rules=[
            {
                "trigger": {"type": "round", "round": 3, "when": "end", "every": 2},
                "once": False,
                "effects": [
                    {
                        "type": "spawn",
                        "monster": "guard",
                        "hex": [0, 0],
                        "players": {"2": "normal", "3": "normal", "4": "elite"},
                    }
                ],
                "text": "Guards arrive.",
            }
        ],
        unlocks=["next-one"],
        rewards={"gold": 5, "global_achievements": ["Done"]},
    ),
    "monster": _doc(
        "monster", "guard", name="Guard", deck="guard-deck", standees=6, levels=_levels()
    ),
    "monster-ability-deck": _doc(
        "monster-ability-deck",
        "guard-deck",
        name="Guard",
        cards=[
            {
                "initiative": 30,
                "shuffle": True,
                "abilities": [
                    {"type": "move", "value": 1},
                    {"type": "attack", "value": -1, "range": 2},
                ],
            }
        ],
    ),
    "boss": _doc(
        "boss",
        "big-boss",
        name="Big",
        deck="boss-deck",
        immunities=["stun", "poison"],
        stats={"health": "C*(8+L)", "move": 2, "attack": "3+L/2"},
        levels={"7": {"move": 3}},
        special_actions=[
            {"number": 1, "abilities": [{"type": "heal", "value": "2+L", "affects": "self"}]}
        ],
    ),
    "character-class": _doc(
        "character-class",
        "digger",
        name="Digger",
        hand_size=10,
        health=[8, 9, 11, 12, 14, 15, 17, 18, 20],
        perks=[{"text": "Remove two -1", "remove": [{"card": "minus1", "count": 2}]}],
    ),
    "ability-card": _doc(
        "ability-card",
        "digger-swing",
        name="Swing",
        **{"class": "digger"},
        level=1,
        initiative=20,
        top={
            "abilities": [{"type": "attack", "value": 3}, {"type": "xp", "value": 1}],
            "lost": True,
            "enhancement_slots": [{"ability": 0, "count": 2}],
        },
        bottom={
            "abilities": [{"type": "shield", "value": 1}],
            "persistent": True,
            "uses": 2,
            "use_xp": [0, 1],
        },
    ),
    "attack-modifier": _doc(
        "attack-modifier", "plus1-wound", value=1, rolling=False, effects={"conditions": ["wound"]}
    ),
    "attack-modifier-deck": _doc(
        "attack-modifier-deck",
        "standard",
        name="Standard",
        owner="character",
        cards=[{"card": "plus0", "count": 6}, {"card": "double"}],
    ),
    "item": _doc(
        "item",
        "boots",
        number=3,
        name="Boots",
        cost=20,
        slot="legs",
        usage="spent",
        abilities=[{"type": "move", "value": 2, "jump": True}],
    ),
    "battle-goal": _doc(
        "battle-goal", "untouched", name="Untouched", text="Take no damage.", checkmarks=1
    ),
    "personal-quest": _doc(
        "personal-quest",
        "gold",
        name="Gold",
        requirements=[{"text": "Loot treasure", "count": 5}],
        reward={"envelope": "A"},
    ),
    "event": _doc(
        "event",
        "city-1",
        number=1,
        deck="city",
        text="Someone asks for help.",
        options=[
            {
                "label": "A",
                "text": "Help.",
                "outcomes": [
                    {
                        "condition": {"type": "reputation", "min": 3},
                        "text": "Thanks.",
                        "effects": {"gold": 5},
                    },
                    {"condition": {"type": "otherwise"}, "text": "Meh.", "disposition": "remove"},
                ],
            },
            {"label": "B", "text": "Leave.", "outcomes": [{"text": "Nothing."}]},
        ],
    ),
    "treasure-table": _doc(
        "treasure-table",
        "treasures",
        name="Treasures",
        entries=[
            {"number": 1, "reward": {"type": "gold", "amount": 10}},
            {"number": 2, "reward": {"type": "item", "item": "boots"}},
        ],
    ),
}

#: (kind, label, path, new value); the value ``DELETE`` removes the key
DELETE = object()
_COMMON: list[tuple[str, list[Any], Any]] = [
    ("typo'd top-level key", ["nmae"], "x"),
    ("bad id", ["id"], "Bad_Id"),
    ("wrong kind", ["kind"], "nonsense"),
    ("id of wrong type", ["id"], 7),
]
_SPECIFIC: list[tuple[str, str, list[Any], Any]] = [
    ("pack", "bad version", ["version"], "one"),
    ("pack", "requires without version", ["requires", 0, "version"], DELETE),
    ("pack", "missing ruleset", ["ruleset"], DELETE),
    ("map-tile", "bad hex (3 numbers)", ["sides", "a", "hexes", 0], [0, 0, 0]),
    ("map-tile", "bad hex (string)", ["sides", "a", "hexes", 1], "1,0"),
    ("map-tile", "side c", ["sides", "c"], {"hexes": [[0, 0]]}),
    ("map-tile", "typo in side", ["sides", "a", "wals"], []),
    ("map-tile", "bad wall", ["sides", "a", "walls", 0], [[0, 0]]),
    ("scenario", "rotation 6", ["tiles", 0, "rotation"], 6),
    ("scenario", "side c", ["tiles", 0, "side"], "c"),
    ("scenario", "bad position hex", ["tiles", 0, "position"], [0.5, 1]),
    ("scenario", "typo in placement", ["tiles", 0, "rotaton"], 1),
    ("scenario", "bad obstacle formula", ["overlays", 0, "health"], "2+X"),
    ("scenario", "unknown overlay type", ["overlays", 0, "type"], "lava"),
    ("scenario", "treasure without number", ["overlays", 2, "number"], DELETE),
    ("scenario", "typo in trap", ["overlays", 1, "damge"], True),
    ("scenario", "bad player-count state", ["monsters", 0, "players", "3"], "boss"),
    ("scenario", "missing player count", ["monsters", 0, "players", "4"], DELETE),
    ("scenario", "extra player count", ["monsters", 0, "players", "5"], "normal"),
    ("scenario", "bad monster hex", ["monsters", 0, "hex"], [1]),
    ("scenario", "bad named health formula", ["named_monsters", 0, "health"], "2*C+x"),
    ("scenario", "door with one room", ["doors", 0, "rooms"], ["r1"]),
    ("scenario", "unknown win type", ["win", 0, "type"], "win-somehow"),
    ("scenario", "survive without rounds", ["win", 1, "rounds"], DELETE),
    ("scenario", "no win conditions", ["win"], []),
    ("scenario", "bad trigger", ["special_rules", 0, "trigger", "type"], "sometimes"),
    ("scenario", "typo in spawn", ["special_rules", 0, "effects", 0, "monstr"], "guard"),
    ("scenario", "bad reference", ["unlocks", 0], "Next One"),
    ("scenario", "no starting hexes", ["starting_hexes"], []),
    ("monster", "missing level 7", ["levels", "7"], DELETE),
    ("monster", "level 8", ["levels", "8"], {"normal": {}, "elite": {}}),
    ("monster", "typo in stats", ["levels", "0", "normal", "helth"], 3),
    ("monster", "health as string", ["levels", "0", "normal", "health"], "3"),
    ("monster", "bad immunity", ["immunities"], ["fire"]),
    ("monster", "bad deck reference", ["deck"], "Guard Deck"),
    ("monster-ability-deck", "initiative 100", ["cards", 0, "initiative"], 100),
    ("monster-ability-deck", "unknown ability", ["cards", 0, "abilities", 0, "type"], "dance"),
    ("monster-ability-deck", "typo in attack", ["cards", 0, "abilities", 1, "rnage"], 2),
    ("monster-ability-deck", "bad formula value", ["cards", 0, "abilities", 0, "value"], "L^2"),
    ("monster-ability-deck", "no cards", ["cards"], []),
    ("boss", "bad health formula", ["stats", "health"], "C*[8+L]"),
    ("boss", "formula with a name", ["stats", "attack"], "3+level"),
    ("boss", "immune to bless", ["immunities"], ["bless"]),
    ("boss", "special without content", ["special_actions", 0, "abilities"], DELETE),
    ("boss", "typo in level override", ["levels", "7", "moov"], 3),
    ("character-class", "8 health values", ["health"], [8, 9, 11, 12, 14, 15, 17, 18]),
    ("character-class", "hand size 0", ["hand_size"], 0),
    ("character-class", "typo in perk", ["perks", 0, "remoev"], []),
    ("ability-card", "level 10", ["level"], 10),
    ("ability-card", "level Y", ["level"], "Y"),
    ("ability-card", "initiative 0", ["initiative"], 0),
    ("ability-card", "typo in half", ["top", "lots"], True),
    ("ability-card", "enhancement slot count 0", ["top", "enhancement_slots", 0, "count"], 0),
    ("ability-card", "bad condition", ["top", "abilities", 0, "conditions"], ["sleepy"]),
    (
        "ability-card",
        "bad aoe hex",
        ["top", "abilities", 0, "aoe"],
        {"melee": True, "hexes": [[1]]},
    ),
    ("ability-card", "bad element", ["top", "abilities", 0, "consume"], [{"elements": ["water"]}]),
    # GH-TRAP-03 / GH-TRAP-05: the disarm and create-trap abilities of a card
    ("ability-card", "disarm 0 traps", ["top", "abilities", 0], {"type": "disarm", "targets": 0}),
    ("ability-card", "disarm with value", ["top", "abilities", 0], {"type": "disarm", "value": 1}),
    (
        "ability-card",
        "trap with a bad condition",
        ["top", "abilities", 0],
        {"type": "trap", "value": 2, "conditions": ["sleepy"]},
    ),
    (
        "ability-card",
        "trap with damage key",
        ["top", "abilities", 0],
        {"type": "trap", "damage": 2},
    ),
    ("attack-modifier", "value x3", ["value"], "x3"),
    ("attack-modifier", "special blessing", ["special"], "blessing"),
    ("attack-modifier", "typo in effects", ["effects", "pus"], 1),
    ("attack-modifier-deck", "count 0", ["cards", 0, "count"], 0),
    ("attack-modifier-deck", "owner boss", ["owner"], "boss"),
    ("item", "slot feet", ["slot"], "feet"),
    ("item", "negative cost", ["cost"], -1),
    ("item", "typo in move", ["abilities", 0, "jmp"], True),
    ("battle-goal", "4 checkmarks", ["checkmarks"], 4),
    ("battle-goal", "empty text", ["text"], ""),
    ("personal-quest", "empty reward", ["reward"], {}),
    ("personal-quest", "no requirements", ["requirements"], []),
    ("event", "deck town", ["deck"], "town"),
    ("event", "one option", ["options"], "DROP_LAST"),
    (
        "event",
        "class condition without class",
        ["options", 0, "outcomes", 0, "condition"],
        {"type": "class"},
    ),
    ("event", "reputation out of range", ["options", 0, "outcomes", 0, "condition", "min"], 25),
    ("event", "bad disposition", ["options", 0, "outcomes", 1, "disposition"], "burn"),
    ("treasure-table", "gold without amount", ["entries", 0, "reward", "amount"], DELETE),
    ("treasure-table", "item without item", ["entries", 1, "reward", "item"], DELETE),
    ("treasure-table", "unknown reward", ["entries", 0, "reward", "type"], "hug"),
]


def invalid_cases() -> list[tuple[str, str, dict[str, Any]]]:
    """Every (kind, label, document) that must fail validation."""
    out = []
    for kind in VALID:
        for label, path, value in _COMMON:
            out.append((kind, label, mutate(VALID[kind], path, value)))
    for kind, label, path, value in _SPECIFIC:
        out.append((kind, label, mutate(VALID[kind], path, value)))
    return out


def mutate(document: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    """A deep copy of ``document`` with ``path`` set to ``value`` (or deleted)."""
    doc = copy.deepcopy(document)
    target: Any = doc
    for part in path[:-1]:
        target = target[part]
    last = path[-1]
    if value is DELETE:
        del target[last]
    elif value == "DROP_LAST":
        target[last] = target[last][:-1]
    else:
        target[last] = value
    return doc
