"""The bots value a card half from a compiled form of it (a speed-up); it must give the very
numbers the ability-by-ability valuation gives, or bot games change."""

from __future__ import annotations

import itertools
from pathlib import Path

from questforge.engine.gloomhaven.bots import cards
from questforge.engine.gloomhaven.game.from_model import content_from_pack
from questforge.engine.gloomhaven.game.spec import Ability, Action, AreaPattern, SummonStats


def _situations() -> list[cards.Situation]:
    out = []
    for steps, door, hp, hand, discard, lost, near, hurt, coins in itertools.product(
        (None, 0, 1, 3, 6),
        (None, 0, 4),
        (2, 9),
        (1, 6),
        (0, 5),
        (0, 2),
        (1, 3),
        (0, 2),
        (0, 4),
    ):
        out.append(cards.Situation(steps, door, hp, 10, hand, discard, lost, near, hurt, coins))
    return out[::7]  # a spread of them (every field still takes each of its values)


def test_compiled_card_values_equal_the_ability_by_ability_values(sample_pack: Path) -> None:
    # every card half of the sample pack's classes, plus hand-made halves covering every
    # ability kind the valuation knows, in many situations and after several moves
    content = content_from_pack(sample_pack)
    halves = [
        half
        for cls in content.classes.values()
        for card in cls.cards
        for half in (card.top, card.bottom)
    ]
    halves += [
        Action((Ability("move", 3, jump=True), Ability("attack", 2, range=3, targets=2)), xp=1),
        Action(
            (Ability("attack", 2, aoe=AreaPattern(((1, 0), (0, 1), (1, -1)), True)),), lost=True
        ),
        Action((Ability("heal", 3, affects="self"), Ability("loot", 1)), lost=True),
        Action((Ability("heal", 2, range=2), Ability("shield", 1)), round=True),
        Action((Ability("retaliate", 2), Ability("negate-damage", 0)), persistent=True),
        Action((Ability("recover", count=2, pile="lost"), Ability("recover", pile="discard"))),
        Action((Ability("summon", 0, name="imp", stats=SummonStats(4, 2, 1, 0)),)),
        Action((Ability("condition", 0, conditions=("strengthen",)), Ability("infuse", 0))),
        Action((Ability("attack-bonus", 1), Ability("xp", 2), Ability("refresh", count=1))),
        Action(
            (
                Ability("attack", 3, pierce=2, push=1, conditions=("poison", "wound")),
                Ability("move", 2),
                Ability("attack", 1, range=2),
            )
        ),
    ]
    compared = 0
    for half in halves:
        for s in _situations():
            for move in (0, 2, 4):
                assert cards.action_value(half, s, move) == cards.action_value_of_abilities(
                    half, s, move
                ), (half, s, move)
                compared += 1
    assert compared > 10_000
