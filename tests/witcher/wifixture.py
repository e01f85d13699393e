"""Test helpers for the Witcher ruleset: a tiny valid pack built in code.

``base_pack()`` is schema-valid and produces no finding at all; a check test breaks it in
exactly one way. The board: areas ``north`` and ``south``; locations ``a`` (red), ``b``
(blue), ``c`` (green, heals) in ``north`` and ``d`` (red, gives no lead) in ``south``;
land routes a-b, b-c, c-d and a sea route a-d costing 2. One hero (start ``a``), one combat
and one hero die, one monster per class, three quests, one card of each other kind.
"""

from __future__ import annotations

import copy
from typing import Any

from questforge.validator.document import LoadedDocument
from questforge.validator.runner import Report, validate_documents

S = "https://questforge.dev/schema/"
Files = dict[str, dict[str, Any]]


def _doc(kind: str, **data: Any) -> dict[str, Any]:
    folder = "common" if kind == "pack" else "witcher"
    return {"$schema": f"{S}{folder}/{kind}.schema.json", "kind": kind, **data}


def _monster(ident: str, cls: str, sword: int, shield: int, vp: int) -> dict[str, Any]:
    return _doc(
        "monster",
        id=ident,
        name=ident.title(),
        **{"class": cls},
        sword={"value": sword, "effects": [{"op": "wound", "severity": "minor"}]},
        shield={"value": shield, "effects": [{"op": "lose-gold", "amount": 1}]},
        vp=vp,
    )


def _quest(ident: str, dest: str, proof: dict[str, int], vp: int) -> dict[str, Any]:
    return _doc(
        "quest",
        id=ident,
        name=ident.title(),
        deck="red",
        main={"destination": dest, "cost": {"proof": proof}, "vp": vp},
        side_quests=[
            {"id": "see", "condition": {"type": "visit", "location": "c"}, "vp": 2},
            {"id": "hunt", "condition": {"type": "defeat", "class": "bronze"}, "vp": 3},
        ],
        support={"cost": {"gold": 2}},
    )


BASE: Files = {
    "pack.json": _doc(
        "pack", id="tiny", name="Tiny", version="0.1.0", ruleset="witcher", requires=[]
    ),
    "map.json": _doc(
        "map",
        id="board",
        name="Board",
        areas=[
            {"id": "north", "name": "North", "investigation": "blue"},
            {"id": "south", "name": "South", "investigation": "red"},
        ],
        locations=[
            {"id": "a", "name": "A", "area": "north", "lead": "red", "position": [0, 0]},
            {"id": "b", "name": "B", "area": "north", "lead": "blue", "position": [100, 0]},
            {"id": "c", "name": "C", "area": "north", "lead": "green", "heal": True},
            {"id": "d", "name": "D", "area": "south", "lead": "red", "gives_lead": False},
        ],
        routes=[
            {"from": "a", "to": "b"},
            {"from": "b", "to": "c"},
            {"from": "c", "to": "d"},
            {"from": "a", "to": "d", "type": "sea", "cost": 2},
        ],
        obstacle_areas=[{"id": "north-obs", "area": "north"}, {"id": "south-obs", "area": "south"}],
        battle_track=[
            {"obstacle": "monster", "class": "bronze"},
            {"obstacle": "misfortune"},
            {"obstacle": "monster", "class": "silver", "area": "south"},
        ],
    ),
    "dice/combat.json": _doc(
        "die",
        id="combat",
        name="Combat",
        owner="combat",
        faces=[["sword"], ["sword"], ["shield"], ["shield"], ["sword", "shield"], []],
    ),
    "dice/hero.json": _doc(
        "die",
        id="hero-die",
        name="Hero die",
        owner="hero",
        faces=[["sword"], ["double-sword"], ["shield"], ["arrow-shield"], ["hand"], ["ritual"]],
    ),
    "heroes/hero.json": _doc(
        "hero",
        id="hero",
        name="Hero",
        dice=["hero-die"],
        quest_deck="red",
        start="a",
        exchange={"default": 3},
        actions=["travel", "investigate", "develop", "rest", "special"],
        special_action={"name": "Sing", "effects": [{"op": "gain-gold", "amount": 2}]},
        development_deck=["blade"],
    ),
    "dev/blade.json": _doc(
        "development-card",
        id="blade",
        name="Blade",
        hero="hero",
        type="weapon",
        timing="passive",
        effects=[{"op": "add-result", "result": "sword"}],
    ),
    "monsters/rat.json": _monster("rat", "bronze", 1, 1, 2),
    "monsters/ghoul.json": _monster("ghoul", "silver", 2, 2, 4),
    "monsters/wyrm.json": _monster("wyrm", "gold", 4, 3, 8),
    "quests/one.json": _quest("one", "b", {"red": 1}, 10),
    "quests/two.json": _quest("two", "c", {"blue": 1}, 11),
    "quests/three.json": _quest("three", "d", {"red": 1, "blue": 1}, 20),
    "inv.json": _doc(
        "investigation-card",
        id="clue",
        name="Clue",
        colour="blue",
        effects=[{"op": "gain-leads", "amount": 1}],
        task={
            "condition": {"type": "visit", "location": "c"},
            "reward": [{"op": "gain-vp", "amount": 2}],
        },
    ),
    "mis.json": _doc(
        "misfortune-card",
        id="ambush",
        name="Ambush",
        effects=[
            {
                "op": "choice",
                "options": [
                    [{"op": "lose-leads", "amount": 2}],
                    [{"op": "fight", "class": "bronze"}],
                ],
            }
        ],
    ),
    "luck.json": _doc(
        "luck-card",
        id="strike",
        name="Strike",
        timing="combat",
        effects=[{"op": "add-result", "result": "sword", "amount": 2}],
    ),
    "options.json": _doc(
        "game-options",
        id="opts",
        name="Options",
        lengths=[{"id": "short", "quests": 1}, {"id": "standard", "quests": 3}],
        default_length="standard",
        combat_dice=["combat"],
        setup_obstacles=[{"area": "north", "obstacle": "monster", "class": "bronze"}],
    ),
}


def base_pack() -> Files:
    return copy.deepcopy(BASE)


def run(files: Files) -> Report:
    """Validate the in-memory pack (schema and semantic checks)."""
    return validate_documents(
        [LoadedDocument(name=name, data=data) for name, data in files.items()]
    )
