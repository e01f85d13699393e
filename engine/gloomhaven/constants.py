"""Gloomhaven's fixed vocabularies, each written once.

The content model, the engine's runtime records, the validator's checks, the editor and
the monster-AI situation loader all name elements, conditions, overlay types and the
standard attack modifier deck; they import them from here. The JSON schemas spell the same
lists as enums (``schema/gloomhaven/*.schema.json``); ``tests/content/test_gh_constants.py``
checks that every schema enum equals the constant it mirrors, so the two cannot drift.
"""

from __future__ import annotations

#: GH-ELEM-01: the six elements, in the order of the element board
ELEMENTS: tuple[str, ...] = ("fire", "ice", "air", "earth", "light", "dark")
#: GH-ELEM-10: the multicoloured "any element" symbol
ANY_ELEMENT = "any"

#: GH-COND: negative conditions (curse is a card in the modifier deck, GH-COND-10)
NEGATIVE_CONDITIONS: tuple[str, ...] = (
    "poison",
    "wound",
    "immobilize",
    "disarm",
    "stun",
    "muddle",
    "curse",
)
#: GH-COND: positive conditions (bless is a card in the modifier deck, GH-COND-13)
POSITIVE_CONDITIONS: tuple[str, ...] = ("invisible", "strengthen", "bless")
#: every condition, negative first (the order of the schema's ``condition`` enum)
CONDITIONS: tuple[str, ...] = NEGATIVE_CONDITIONS + POSITIVE_CONDITIONS
#: GH-COND-05/06/07/09/11/12, GH-REF-05: removed at the end of the figure's next turn
TIMED_CONDITIONS: frozenset[str] = frozenset(
    {"immobilize", "disarm", "stun", "muddle", "invisible", "strengthen"}
)
#: conditions that are cards shuffled into a modifier deck, not tokens (GH-COND-10/13)
CARD_CONDITIONS: frozenset[str] = frozenset({"bless", "curse"})

#: every overlay a scenario may place (the scenario schema's ``overlay.type`` enum)
OVERLAY_TYPES: tuple[str, ...] = (
    "corridor",
    "trap",
    "hazardous",
    "difficult",
    "obstacle",
    "treasure",
    "coin",
    "pressure-plate",
    "token",
)
#: overlays that are tiles: at most one of them per hex (coins and tokens may share one)
TILE_OVERLAYS: tuple[str, ...] = tuple(t for t in OVERLAY_TYPES if t not in ("coin", "token"))

#: the player counts a scenario's placements are written for (GH-SETUP-03)
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
#: what a monster marker shows for a player count (GH-SETUP-03)
MARKER_STATES: tuple[str, ...] = ("absent", "normal", "elite")

#: GH-REF-01: the standard attack modifier deck of 20 cards, as
#: ``(card id, label, value, count, shuffle)``; ``value`` is an integer, ``"x2"`` or
#: ``"null"``; the ×2 and Null cards shuffle the deck (GH-AMD-08). The engine's runtime deck
#: (:func:`questforge.engine.gloomhaven.game.spec.standard_modifier_deck`) and the cards
#: ``questforge new pack`` writes are both made from it.
STANDARD_MODIFIERS: tuple[tuple[str, str, int | str, int, bool], ...] = (
    ("plus0", "+0", 0, 6, False),
    ("plus1", "+1", 1, 5, False),
    ("minus1", "-1", -1, 5, False),
    ("plus2", "+2", 2, 1, False),
    ("minus2", "-2", -2, 1, False),
    ("double", "2x", "x2", 1, True),
    ("null", "Null", "null", 1, True),
)
