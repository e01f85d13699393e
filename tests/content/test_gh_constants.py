"""Each Gloomhaven constant is defined once (``engine/gloomhaven/constants.py``), and the
JSON schemas' enums say the same: an author's file and the engine cannot disagree on what an
element, a condition or an overlay is."""

from __future__ import annotations

from typing import Any

import pytest

from questforge.engine.gloomhaven import constants
from questforge.engine.gloomhaven.game import spec
from questforge.engine.gloomhaven.templates import pack_files
from questforge.schema import load_schema


def _node(name: str, *path: str) -> Any:
    node: Any = load_schema("gloomhaven", name)
    for part in path:
        node = node[part]
    return node


@pytest.mark.parametrize(
    ("constant", "schema", "path"),
    [
        # GH-ELEM-01
        (constants.ELEMENTS, "defs", ("$defs", "element", "enum")),
        (
            (*constants.ELEMENTS, constants.ANY_ELEMENT),
            "defs",
            ("$defs", "element-or-any", "enum"),
        ),
        # GH-COND-01
        (constants.CONDITIONS, "defs", ("$defs", "condition", "enum")),
        (constants.NEGATIVE_CONDITIONS, "defs", ("$defs", "negative-condition", "enum")),
        (constants.OVERLAY_TYPES, "scenario", ("$defs", "overlay", "properties", "type", "enum")),
        (constants.MARKER_STATES, "defs", ("$defs", "placement-state", "enum")),
        (
            tuple(sorted(constants.CARD_CONDITIONS)),
            "attack-modifier",
            ("properties", "special", "enum"),
        ),
    ],
)
def test_schema_enum_equals_the_constant(
    constant: tuple[str, ...], schema: str, path: tuple[str, ...]
) -> None:
    assert list(constant) == _node(schema, *path)


def test_the_engine_uses_the_one_definition() -> None:
    assert spec.ELEMENTS is constants.ELEMENTS
    assert spec.CONDITIONS is constants.CONDITIONS
    assert spec.TIMED_CONDITIONS is constants.TIMED_CONDITIONS


def test_runtime_deck_and_new_pack_deck_are_the_same_twenty_cards() -> None:
    # GH-REF-01: six +0, five +1, five -1, one +2, one -2, one x2, one Null
    deck = spec.standard_modifier_deck("m:")
    assert len(deck) == 20 == sum(count for *_rest, count, _shuffle in constants.STANDARD_MODIFIERS)
    values = sorted((c.value, c.multiplier) for c in deck)
    written = pack_files("p", "P")
    cards = {
        data["id"]: data["value"]
        for name, data in written.items()
        if name.startswith("modifiers/") and data.get("kind") == "attack-modifier"
    }
    decks = [d for d in written.values() if d.get("kind") == "attack-modifier-deck"]
    as_runtime = []
    for entry in decks[0]["cards"]:
        value = cards[entry["card"]]
        pair = (0, 2) if value == "x2" else (0, 0) if value == "null" else (value, 1)
        as_runtime += [pair] * entry["count"]
    assert sorted(as_runtime) == values
    assert [c.id for c in deck if c.shuffle] == ["m:x2", "m:null"]  # GH-AMD-08
