"""Test helpers for the Descent checks: a tiny valid pack, built in code.

``base_pack()`` returns a fresh, schema-valid pack without any finding. The quest map:

    area "hall"  : tile room-3x3 at [0, 0]  (x 0..2, y 0..2), glyph (active) at [0, 0],
                   start squares [0, 1], [1, 0], [1, 1], [0, 2]
    door "d1"    : edges [2, 0]-[3, 0] and [2, 1]-[3, 1]
    area "gallery": tile room-3x3 at [3, 0] (x 3..5), red runekey at [4, 2], chest "box" at [5, 2]
    door "rune"  : red, edges [5, 0]-[6, 0] and [5, 1]-[6, 1]
    area "vault" : tile room-3x3 at [6, 0] (x 6..8), named "boss" (an imp) at [8, 2]
    monsters     : imp at [4, 0] (normal/normal/master), brute (2x2) at [7, 0] (normal x3)
"""

from __future__ import annotations

import copy
from typing import Any

from questforge.validator.document import LoadedDocument
from questforge.validator.runner import Report, validate_documents

S = "https://questforge.dev/schema/descent/"
Files = dict[str, dict[str, Any]]


def _stats(wounds: int, dice: list[str]) -> dict[str, Any]:
    return {
        n: {
            "normal": {"speed": 4, "wounds": wounds, "armor": 0, "dice": dice},
            "master": {"speed": 4, "wounds": wounds + 2, "armor": 1, "dice": dice},
        }
        for n in ("2", "3", "4")
    }


def _doc(kind: str, ident: str, **data: Any) -> dict[str, Any]:
    return {
        "$schema": f"{S}{kind}.schema.json",
        "kind": kind,
        "id": ident,
        "name": ident.title(),
        **data,
    }


def _room(x0: int) -> list[list[int]]:
    return [[x, y] for y in range(3) for x in range(x0, x0 + 3)]


_BASE: Files = {
    "pack.json": {
        "$schema": "https://questforge.dev/schema/common/pack.schema.json",
        "kind": "pack",
        "id": "dj-fixture",
        "name": "Descent fixture",
        "version": "1.0.0",
        "ruleset": "descent",
        "requires": [],
    },
    "dice/red.json": _doc(
        "die", "red", role="attack", faces=[{"miss": True}, {"range": 1, "damage": 2}]
    ),
    "dice/black.json": _doc(
        "die", "black", role="power", faces=[{}, {"surges": 1}, {"enhancements": 1}]
    ),
    "heroes/hero.json": _doc(
        "hero",
        "hero",
        speed=4,
        wounds=10,
        fatigue=4,
        armor=1,
        traits={"melee": 1},
        skills={"fighting": 1},
        conquest=3,
        ability={"text": "None."},
    ),
    "skills/tough.json": _doc(
        "skill", "tough", deck="fighting", text="+2 wounds.", effects={"wounds": 2}
    ),
    "items/axe.json": _doc(
        "item", "axe", tier="shop", type="weapon", hands=1, attack="melee", dice=["red"], price=100
    ),
    "items/potion.json": _doc(
        "item", "potion", tier="shop", type="potion", potion="healing", price=50
    ),
    "items/charm.json": _doc("item", "charm", tier="copper", type="other", price=250),
    "items/relic.json": _doc(
        "item", "relic", tier="relic", type="weapon", hands=1, attack="melee", dice=["red", "red"]
    ),
    "monsters/imp.json": _doc(
        "monster",
        "imp",
        attack="melee",
        stats=_stats(3, ["red"]),
        models={"normal": 2, "master": 2},
    ),
    "monsters/brute.json": _doc(
        "monster",
        "brute",
        attack="melee",
        size=[2, 2],
        stats=_stats(8, ["red"]),
        models={"normal": 1, "master": 1},
    ),
    "overlord/spawn.json": _doc(
        "overlord-card", "imps", type="spawn", cost=4, spawn=[{"monster": "imp", "normal": 2}]
    ),
    "overlord/trap.json": _doc(
        "overlord-card", "dart", type="trap", cost=2, trigger="chest-opened", damage=2
    ),
    "overlord/event.json": _doc(
        "overlord-card", "omen", type="event", cost=0, trigger="overlord-turn", threat=2
    ),
    "overlord/power.json": _doc("overlord-card", "rage", type="power", cost=5, bonus={"damage": 1}),
    "tiles/room.json": _doc("tile", "room-3x3", cells=_room(0)),
    "shop.json": _doc(
        "shop",
        "market",
        entries=[{"buy": "healing-potion", "price": 50}, {"buy": "copper", "price": 250}],
        sell={"copper": 125},
    ),
    "quests/q.json": _doc(
        "quest",
        "q",
        conquest=5,
        heroes=[2, 3, 4],
        areas=[
            {"id": "hall", "name": "Hall"},
            {"id": "gallery", "name": "Gallery"},
            {"id": "vault", "name": "Vault"},
        ],
        tiles=[
            {"tile": "room-3x3", "at": [0, 0], "area": "hall"},
            {"tile": "room-3x3", "at": [3, 0], "area": "gallery"},
            {"tile": "room-3x3", "at": [6, 0], "area": "vault"},
        ],
        doors=[
            {"id": "d1", "edges": [[[2, 0], [3, 0]], [[2, 1], [3, 1]]]},
            {"id": "rune", "edges": [[[5, 0], [6, 0]], [[5, 1], [6, 1]]], "rune": "red"},
        ],
        objects=[
            {"id": "glyph", "type": "glyph", "cell": [0, 0], "active": True},
            {"id": "key", "type": "runekey", "cell": [4, 2], "colour": "red"},
            {"id": "box", "type": "chest", "cell": [5, 2], "contents": [{"type": "copper"}]},
        ],
        start=[[0, 1], [1, 0], [1, 1], [0, 2]],
        monsters=[
            {
                "monster": "imp",
                "cell": [4, 0],
                "heroes": {"2": "normal", "3": "normal", "4": "master"},
            },
            {
                "monster": "brute",
                "cell": [7, 0],
                "heroes": {"2": "normal", "3": "normal", "4": "normal"},
            },
        ],
        named=[{"id": "boss", "name": "The Boss", "monster": "imp", "cell": [8, 2], "conquest": 3}],
        events=[
            {
                "id": "e1",
                "trigger": {"type": "door-opened", "target": "d1"},
                "effect": {"threat": 1},
            }
        ],
        objectives=[{"type": "kill", "target": "boss"}],
    ),
}


def base_pack() -> Files:
    """A fresh copy of the minimal valid pack: file name -> JSON data."""
    return copy.deepcopy(_BASE)


def run(files: Files) -> Report:
    """Validate the in-memory pack (schema and semantic checks)."""
    return validate_documents([LoadedDocument(name=n, data=d) for n, d in files.items()])
