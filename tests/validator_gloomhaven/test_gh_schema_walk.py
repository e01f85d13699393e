"""The schema walker that finds references and formulas in any document."""

from __future__ import annotations

from typing import Any

import pytest

from questforge.schema.walk import typed_values
from questforge.validator.gloomhaven.typed_values import kind_schema

DEFS = "https://questforge.dev/schema/common/defs.schema.json#/$defs/"
GH_DEFS = "https://questforge.dev/schema/gloomhaven/defs.schema.json#/$defs/"
WANTED = frozenset({"reference", "formula", "number-or-formula"})


def _walk(schema: dict[str, Any], instance: Any) -> list[tuple[Any, ...]]:
    return sorted((path, name) for path, name, _ in typed_values(schema, instance, WANTED))


def test_properties_items_prefix_items_and_additional_properties() -> None:
    schema = {
        "$id": "https://questforge.dev/schema/test/a.schema.json",
        "type": "object",
        "properties": {
            "one": {"$ref": DEFS + "reference"},
            "many": {"type": "array", "items": {"$ref": DEFS + "reference"}},
            "pair": {
                "type": "array",
                "prefixItems": [{"type": "integer"}, {"$ref": GH_DEFS + "formula"}],
            },
        },
        "additionalProperties": {"$ref": DEFS + "reference"},
    }
    instance = {"one": "a", "many": ["b", "c"], "pair": [1, "L+1"], "extra": "d"}
    assert _walk(schema, instance) == [
        (("extra",), "reference"),
        (("many", 0), "reference"),
        (("many", 1), "reference"),
        (("one",), "reference"),
        (("pair", 1), "formula"),
    ]


def test_if_then_applies_only_the_matching_branch() -> None:
    schema = {
        "$id": "https://questforge.dev/schema/test/b.schema.json",
        "type": "object",
        "allOf": [
            {
                "if": {"properties": {"type": {"const": "summon"}}, "required": ["type"]},
                "then": {"properties": {"monster": {"$ref": DEFS + "reference"}}},
            },
            {
                "if": {"properties": {"type": {"const": "heal"}}, "required": ["type"]},
                "then": {"properties": {"monster": {"$ref": GH_DEFS + "formula"}}},
            },
        ],
    }
    assert _walk(schema, {"type": "summon", "monster": "x"}) == [(("monster",), "reference")]
    assert _walk(schema, {"type": "heal", "monster": "x"}) == [(("monster",), "formula")]
    assert _walk(schema, {"type": "move", "monster": "x"}) == []


def test_monster_stat_levels_hold_nothing_but_the_deck_is_found() -> None:
    schema = kind_schema("monster")
    assert schema is not None
    monster = {
        "kind": "monster",
        "id": "m",
        "name": "M",
        "deck": "other:d",
        "standees": 2,
        "levels": {str(n): {"normal": {"health": 1}, "elite": {"health": 2}} for n in range(8)},
    }
    assert _walk(schema, monster) == [(("deck",), "reference")]


def test_generated_walker_finds_what_the_interpreter_finds() -> None:
    """The generated per-schema walker (``walk._walker_for``) is an optimisation of the
    interpreter ``walk._apply``: the same values at the same paths in the same order, on
    every bundled Gloomhaven document and on broken variants of them (wrong types where
    objects or lists are expected, items and properties the schema does not know)."""
    import copy
    import json
    import random
    from pathlib import Path

    from questforge.schema import walk

    root = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"
    rng = random.Random(14)
    compared = 0
    for path in sorted(root.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        schema = kind_schema(data.get("kind", "")) if isinstance(data, dict) else None
        if schema is None:
            continue
        plan = walk._plan_for(schema, WANTED)
        if plan is None:
            continue
        variants = [data]
        for _ in range(3):
            broken = copy.deepcopy(data)
            key = rng.choice(sorted(broken))
            broken[key] = rng.choice([None, 3, "x", [{"tile": 1}], {"monster": []}])
            broken["unknown"] = [{"monster": "m"}]
            variants.append(broken)
        for instance in variants:
            expected: list[tuple[Any, ...]] = []
            walk._apply(plan, instance, (), expected, set())
            found: list[tuple[Any, ...]] = []
            walk._walker_for(plan)(instance, found)
            assert [(p, n, id(v)) for p, n, v in found] == [
                (p, n, id(v)) for p, n, v in expected
            ], path.name
            compared += 1
    assert compared > 100


def test_generated_walker_writes_discriminated_unions_as_the_interpreter_picks_them() -> None:
    """A discriminated union (``if`` on one property's value, no ``else``) is written out in
    the generated walker; it must pick branches as the interpreter's table does (``True``
    finds the branch of ``1``, a float finds none) and keep the interpreter's rule of
    entering a plan once per path where two routes (a branch and the object's own
    properties) meet."""
    from questforge.schema import walk

    union = {
        "type": "object",
        "properties": {"type": {}, "shared": {"$ref": DEFS + "reference"}},
        "allOf": [
            {
                "if": {"properties": {"type": {"const": 1}}, "required": ["type"]},
                "then": {
                    "properties": {
                        "monster": {"$ref": DEFS + "reference"},
                        "shared": {"$ref": DEFS + "reference"},
                    }
                },
            },
            {
                "if": {"properties": {"type": {"enum": ["heal", "hurt"]}}, "required": ["type"]},
                "then": {"properties": {"amount": {"$ref": GH_DEFS + "formula"}}},
            },
        ],
    }
    schema = {
        "$id": "https://questforge.dev/schema/test/union.schema.json",
        "type": "object",
        "properties": {"effects": {"type": "array", "items": union}, "one": union},
    }
    instances = [
        {"effects": [{"type": 1, "monster": "m", "shared": "s"}]},
        {"effects": [{"type": True, "monster": "m"}, {"type": 1.0, "monster": "m"}]},
        {"effects": [{"type": "heal", "amount": "L"}, {"type": "hurt", "amount": "C"}]},
        {"one": {"type": "other", "monster": "m", "amount": "L", "shared": "s"}},
        {"one": {"monster": "m"}, "effects": [{}, "x", None, {"type": ["heal"]}]},
    ]
    plan = walk._plan_for(schema, WANTED)
    assert plan is not None
    for instance in instances:
        expected: list[Any] = []
        walk._apply(plan, instance, (), expected, set())
        found: list[Any] = []
        walk._walker_for(plan)(instance, found)
        assert found == expected, instance
    found = []
    walk._walker_for(plan)(instances[0], found)
    assert [(p, n) for p, n, _ in found] == [
        (("effects", 0, "monster"), "reference"),
        (("effects", 0, "shared"), "reference"),
        (("effects", 0, "shared"), "reference"),
    ]


def test_walkers_are_generated_only_for_kinds_walked_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Generating a walker costs about a millisecond: a kind's first documents are walked
    by the interpreter, and only a kind walked more than ``GENERATE_AFTER`` times gets
    generated code. The values are the same either way."""
    from questforge.schema import walk

    monkeypatch.setattr(walk, "_USES", {})
    monkeypatch.setattr(walk, "_WALKERS", {})
    schema = kind_schema("monster")
    assert schema is not None
    monster = {"kind": "monster", "id": "m", "deck": "other:d"}
    plan = walk._plan_for(schema, WANTED)
    assert plan is not None
    first = [list(walk.typed_values(schema, monster, WANTED)) for _ in range(walk.GENERATE_AFTER)]
    assert id(plan) not in walk._WALKERS
    later = list(walk.typed_values(schema, monster, WANTED))
    assert id(plan) in walk._WALKERS
    assert all(values == later for values in first) and later == [
        (("deck",), "reference", "other:d")
    ]
