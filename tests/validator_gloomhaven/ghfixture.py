"""Test helpers for the Gloomhaven semantic checks: a tiny valid pack, built in code.

``base_pack()`` returns a fresh, schema-valid pack that produces no finding at all; a test
breaks it in exactly one way and asserts the one code that must fire. The map:

    tile "strip" (12 hexes: q 0..3, r 0..2)
    placement t1 at [0, 0] -> room "first"  (r 0..2, starting room)
    door "d1" at [1, 3]     (touches [1, 2], [2, 2] of first and [0, 4], [1, 4] of second)
    placement t2 at [0, 4] -> room "second" (r 4..6)

Starting hexes [0, 0], [1, 0], [2, 0], [0, 1]; a "grunt" marker at [3, 5] (normal/normal/elite), a
treasure (number 1) at [2, 6], an obstacle with health "2+L" at [3, 1].
"""

from __future__ import annotations

import copy
from typing import Any

from questforge.validator.document import LoadedDocument
from questforge.validator.runner import Report, validate_documents

S = "https://questforge.dev/schema/"
Files = dict[str, dict[str, Any]]


def _levels(base_health: int) -> dict[str, Any]:
    return {
        str(level): {
            "normal": {"health": base_health + level, "move": 2, "attack": 2 + level // 2},
            "elite": {"health": base_health + 2 + level, "move": 3, "attack": 3 + level // 2},
        }
        for level in range(8)
    }


def _deck_cards(boss: bool = False) -> list[dict[str, Any]]:
    if boss:
        return [
            {"initiative": 10, "abilities": [{"type": "special", "number": 1}]},
            {"initiative": 50, "abilities": [{"type": "special", "number": 2}], "shuffle": True},
        ]
    return [
        {
            "initiative": 20,
            "abilities": [{"type": "move", "value": 0}, {"type": "attack", "value": 0}],
        },
        {"initiative": 60, "abilities": [{"type": "attack", "value": 1}], "shuffle": True},
    ]


def _card(ident: str, level: int | str, initiative: int) -> dict[str, Any]:
    return {
        "$schema": S + "gloomhaven/ability-card.schema.json",
        "kind": "ability-card",
        "id": ident,
        "name": ident.replace("-", " ").title(),
        "class": "hero",
        "level": level,
        "initiative": initiative,
        "top": {"abilities": [{"type": "attack", "value": 2}]},
        "bottom": {"abilities": [{"type": "move", "value": 2}]},
    }


def base_pack() -> Files:
    """A fresh copy of the minimal valid pack: file name -> JSON data."""
    strip = [[q, r] for r in range(3) for q in range(4)]
    files: Files = {
        "pack.json": {
            "$schema": S + "common/pack.schema.json",
            "kind": "pack",
            "id": "fixture-pack",
            "name": "Fixture pack",
            "version": "1.0.0",
            "ruleset": "gloomhaven",
            "requires": [],
        },
        "tiles/strip.json": {
            "$schema": S + "gloomhaven/map-tile.schema.json",
            "kind": "map-tile",
            "id": "strip",
            "name": "Strip",
            "sides": {"a": {"hexes": strip}, "b": {"hexes": strip}},
        },
        "monsters/grunt.json": {
            "$schema": S + "gloomhaven/monster.schema.json",
            "kind": "monster",
            "id": "grunt",
            "name": "Grunt",
            "deck": "grunt-deck",
            "standees": 4,
            "levels": _levels(4),
        },
        "decks/grunt-deck.json": {
            "$schema": S + "gloomhaven/monster-ability-deck.schema.json",
            "kind": "monster-ability-deck",
            "id": "grunt-deck",
            "name": "Grunt",
            "cards": _deck_cards(),
        },
        "decks/boss-deck.json": {
            "$schema": S + "gloomhaven/monster-ability-deck.schema.json",
            "kind": "monster-ability-deck",
            "id": "boss-deck",
            "name": "Boss",
            "boss": True,
            "cards": _deck_cards(boss=True),
        },
        "bosses/overseer.json": {
            "$schema": S + "gloomhaven/boss.schema.json",
            "kind": "boss",
            "id": "overseer",
            "name": "Overseer",
            "deck": "boss-deck",
            "stats": {"health": "C*(8+L)", "move": 2, "attack": "3+L/2"},
            "special_actions": [
                {
                    "number": 1,
                    "name": "Call",
                    "abilities": [{"type": "summon", "monster": "grunt"}],
                },
                {"number": 2, "name": "Swing", "abilities": [{"type": "attack", "value": 4}]},
            ],
        },
        "treasures.json": {
            "$schema": S + "gloomhaven/treasure-table.schema.json",
            "kind": "treasure-table",
            "id": "treasures",
            "name": "Treasures",
            "entries": [
                {"number": 1, "reward": {"type": "gold", "amount": 10}},
                {"number": 2, "reward": {"type": "item", "item": "charm"}},
            ],
        },
        "items/charm.json": {
            "$schema": S + "gloomhaven/item.schema.json",
            "kind": "item",
            "id": "charm",
            "number": 1,
            "name": "Charm",
            "cost": 10,
            "slot": "small",
        },
        "modifiers/plus0.json": {
            "$schema": S + "gloomhaven/attack-modifier.schema.json",
            "kind": "attack-modifier",
            "id": "plus0",
            "value": 0,
        },
        "modifiers/plus1.json": {
            "$schema": S + "gloomhaven/attack-modifier.schema.json",
            "kind": "attack-modifier",
            "id": "plus1",
            "value": 1,
        },
        "modifiers/standard.json": {
            "$schema": S + "gloomhaven/attack-modifier-deck.schema.json",
            "kind": "attack-modifier-deck",
            "id": "standard",
            "name": "Standard",
            "owner": "character",
            "cards": [{"card": "plus0", "count": 15}, {"card": "plus1", "count": 5}],
        },
        "classes/hero.json": {
            "$schema": S + "gloomhaven/character-class.schema.json",
            "kind": "character-class",
            "id": "hero",
            "name": "Hero",
            "hand_size": 2,
            "health": [8, 9, 11, 12, 14, 15, 17, 18, 20],
            "modifier_deck": "standard",
            "perks": [
                {
                    "text": "Replace one +0 with one +1",
                    "count": 2,
                    "remove": [{"card": "plus0"}],
                    "add": [{"card": "plus1"}],
                }
            ],
        },
        "classes/hero-strike.json": _card("hero-strike", 1, 20),
        "classes/hero-dash.json": _card("hero-dash", 1, 40),
        "classes/hero-trick.json": _card("hero-trick", "X", 70),
        "scenarios/first.json": {
            "$schema": S + "gloomhaven/scenario.schema.json",
            "kind": "scenario",
            "id": "first",
            "number": 1,
            "name": "First",
            "tiles": [
                {"id": "t1", "tile": "strip", "side": "a", "position": [0, 0], "rotation": 0},
                {"id": "t2", "tile": "strip", "side": "a", "position": [0, 4], "rotation": 0},
            ],
            "rooms": [
                {"id": "first", "tiles": ["t1"]},
                {"id": "second", "tiles": ["t2"]},
            ],
            "starting_room": "first",
            "starting_hexes": [[0, 0], [1, 0], [2, 0], [0, 1]],
            "doors": [{"id": "d1", "hex": [1, 3], "rooms": ["first", "second"]}],
            "overlays": [
                {"type": "obstacle", "hexes": [[3, 1]], "health": "2+L"},
                {"type": "treasure", "hexes": [[2, 6]], "number": 1},
            ],
            "monsters": [
                {
                    "monster": "grunt",
                    "hex": [3, 5],
                    "players": {"2": "normal", "3": "normal", "4": "elite"},
                }
            ],
            "win": [{"type": "kill-all"}],
        },
    }
    return copy.deepcopy(files)


def run(files: Files) -> Report:
    """Validate the in-memory pack (schema and semantic checks)."""
    docs = [LoadedDocument(name=name, data=data) for name, data in files.items()]
    return validate_documents(docs)


def codes(report: Report) -> list[str]:
    return sorted(f.code for f in report.findings)


def only(
    report: Report, code: str, file: str | None = None, path: tuple[Any, ...] | None = None
) -> None:
    """Assert that every finding has ``code`` (at least one), optionally at ``file``/``path``."""
    found = [(f.code, f.file, f.path, f.message) for f in report.findings]
    assert found, f"expected {code}, got no finding"
    assert all(f.code == code for f in report.findings), f"expected only {code}, got {found}"
    if file is not None:
        assert any(f.file == file for f in report.findings), found
    if path is not None:
        assert any(f.path == path for f in report.findings), found
