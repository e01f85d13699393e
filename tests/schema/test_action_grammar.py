"""The one action grammar (``gloomhaven/defs.schema.json#/$defs/ability``) shared by monsters,
characters and items: every ability type, and the mistakes it must catch."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from questforge import schema as qs
from questforge.engine.gloomhaven.model import ABILITY_TYPES, parse_ability


@pytest.fixture(scope="module")
def ability_errors() -> Any:
    validator = jsonschema.Draft202012Validator(
        {"$ref": qs.schema_id("gloomhaven", "defs") + "#/$defs/ability"}, registry=qs.registry()
    )
    return lambda data: list(validator.iter_errors(data))


VALID: list[dict[str, Any]] = [
    {"type": "move", "value": 3, "jump": True},
    {"type": "move", "value": -1, "flying": True},
    {
        "type": "attack",
        "value": 3,
        "range": 3,
        "targets": 2,
        "pierce": 1,
        "push": 1,
        "pull": 0,
        "add_target": 1,
        "conditions": ["poison", "wound"],
        "aoe": {"melee": False, "hexes": [[0, 0], [1, 0], [0, 1]]},
        "consume": [
            {"elements": ["fire", "air"], "bonus": {"value": 2, "conditions": ["wound"], "xp": 1}}
        ],
    },
    {"type": "attack", "value": "2+L"},
    {"type": "heal", "value": 3, "range": 2, "conditions": ["bless"]},
    {"type": "heal", "value": 2, "affects": "self"},
    {"type": "shield", "value": 1, "affects": "self-and-allies", "range": 1},
    {"type": "retaliate", "value": 2, "range": 3},
    {
        "type": "summon",
        "name": "Bear",
        "stats": {"health": "4+L", "move": 3, "attack": 2, "flying": True},
    },
    {"type": "summon", "monster": "other-pack:imp", "rank": "elite", "count": 2},
    {"type": "loot", "value": 1},
    {"type": "infuse", "elements": ["ice", "any"]},
    {"type": "recover", "count": 2, "pile": "lost"},
    {"type": "refresh", "items": "consumed", "count": 1},
    {"type": "xp", "value": 2, "condition": "if the target is adjacent to an ally"},
    {"type": "condition", "conditions": ["strengthen"], "affects": "allies", "range": 2},
    {"type": "disarm"},
    {"type": "disarm", "range": 2, "targets": 2, "text": "Disarm up to 2 traps within 2 hexes."},
    {"type": "disarm", "range": 0},
    {"type": "trap", "value": 3, "conditions": ["poison", "immobilize"], "range": 2},
    {"type": "trap", "value": "1+L"},
    {"type": "trap", "conditions": ["stun"]},
    {"type": "special", "number": 1},
    {"type": "special", "text": "Create a 2 + L damage trap in an adjacent hex."},
    {"type": "attack-bonus", "value": 1, "text": "+1 Attack on your attacks."},
    {"type": "negate-damage"},
    {"type": "xp", "value": 1, "when": "target-adjacent-to-ally"},
    {
        "type": "move",
        "value": 2,
        "consume": [{"elements": ["air"], "abilities": [{"type": "loot", "value": 1}]}],
    },
]

INVALID = [
    ("unknown type", {"type": "teleport", "value": 3}),
    ("no type", {"value": 3}),
    ("typo in attack", {"type": "attack", "value": 3, "rnage": 3}),
    ("move without value", {"type": "move"}),
    ("value as float", {"type": "move", "value": 2.5}),
    ("bad formula", {"type": "attack", "value": "2+X"}),
    ("bad condition", {"type": "attack", "value": 1, "conditions": ["frozen"]}),
    ("duplicate condition", {"type": "attack", "value": 1, "conditions": ["poison", "poison"]}),
    ("bad element", {"type": "infuse", "elements": ["water"]}),
    ("empty infuse", {"type": "infuse", "elements": []}),
    (
        "aoe hex wrong shape",
        {"type": "attack", "value": 1, "aoe": {"melee": True, "hexes": [[1, 0, 0]]}},
    ),
    ("aoe without melee flag", {"type": "attack", "value": 1, "aoe": {"hexes": [[1, 0]]}}),
    ("attack field on move", {"type": "move", "value": 2, "pierce": 1}),
    ("bad affects", {"type": "heal", "value": 2, "affects": "everyone"}),
    (
        "typo in consume bonus",
        {"type": "attack", "value": 1, "consume": [{"elements": ["fire"], "bonus": {"vale": 1}}]},
    ),
    (
        "summon stats missing attack",
        {"type": "summon", "name": "Bear", "stats": {"health": 4, "move": 2}},
    ),
    ("recover from hand", {"type": "recover", "count": 1, "pile": "hand"}),
    ("targets 0", {"type": "attack", "value": 2, "targets": 0}),
    ("attack bonus without value", {"type": "attack-bonus"}),
    ("negate damage with a value", {"type": "negate-damage", "value": 2}),
    ("xp when unknown", {"type": "xp", "value": 1, "when": "sometimes"}),
    ("disarm targets 0", {"type": "disarm", "targets": 0}),
    ("disarm negative range", {"type": "disarm", "range": -1}),
    ("disarm range as text", {"type": "disarm", "range": "2"}),
    ("disarm with conditions", {"type": "disarm", "conditions": ["poison"]}),
    ("trap negative range", {"type": "trap", "value": 2, "range": -1}),
    ("trap bad condition", {"type": "trap", "value": 2, "conditions": ["frozen"]}),
    ("trap duplicate condition", {"type": "trap", "conditions": ["poison", "poison"]}),
    ("trap damage spelled damage", {"type": "trap", "damage": 2}),
    ("trap with targets", {"type": "trap", "value": 2, "targets": 2}),
    ("trap bad formula", {"type": "trap", "value": "2+X"}),
]


def test_examples_cover_every_ability_type() -> None:
    assert {a["type"] for a in VALID} == set(ABILITY_TYPES)


@pytest.mark.parametrize("ability", VALID, ids=[f"{i}-{a['type']}" for i, a in enumerate(VALID)])
def test_valid_ability(ability: dict[str, Any], ability_errors: Any) -> None:
    assert not ability_errors(ability)
    parsed = parse_ability(ability, ("abilities", 0))
    assert parsed.type == ability["type"]
    assert parsed.source_path == ("abilities", 0)


@pytest.mark.parametrize(("label", "ability"), INVALID, ids=[label for label, _ in INVALID])
def test_invalid_ability(label: str, ability: dict[str, Any], ability_errors: Any) -> None:
    assert ability_errors(ability), label


def test_disarm_and_trap_parse_into_the_model() -> None:
    # GH-TRAP-03: a disarm keeps its range and target count; absent fields keep defaults
    disarm = parse_ability({"type": "disarm", "range": 2, "targets": 3}, ("abilities", 0))
    assert (disarm.type, disarm.range, disarm.targets) == ("disarm", 2, 3)
    adjacent = parse_ability({"type": "disarm"}, ("abilities", 1))
    assert (adjacent.range, adjacent.targets) == (None, 1)
    # GH-TRAP-05: a created trap's damage is its value, with the conditions it applies
    trap = parse_ability(
        {"type": "trap", "value": 3, "conditions": ["poison", "wound"], "range": 1},
        ("abilities", 2),
    )
    assert (trap.type, trap.value, trap.conditions, trap.range) == (
        "trap",
        3,
        ("poison", "wound"),
        1,
    )
    formula = parse_ability({"type": "trap", "value": "1+L"}, ("abilities", 3))
    assert formula.value is not None and not isinstance(formula.value, int)
