"""Effects the content format once could not say: a monster's printed Overwhelming X /
Nightmarish X (AH-CMB-08) and a card that discards itself (a Blessing's upkeep roll,
AH-UPK-02, AH-STAT-11)."""

from __future__ import annotations

import dataclasses

import pytest
from ahgame import Script, blank_game, dice, inv, place

from questforge.engine.arkham.game import combat


def test_sample_monsters_state_their_ability_amounts() -> None:
    # AH-CMB-08: the amount is data; a monster that names none costs 1
    g = blank_game()
    titan = g.monster("silt-titan")
    assert titan.amount("overwhelming") == 2 and titan.amount("nightmarish") == 2
    assert g.monster("dream-moth").amount("nightmarish") == 1
    assert g.monster("dream-moth").amount("overwhelming") == 1  # absent: 1


def test_overwhelming_and_nightmarish_cost_the_printed_amount(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # AH-CMB-08: passing the horror check still costs Nightmarish X sanity, and defeating
    # the monster still costs Overwhelming X stamina (the published game's "X")
    g = blank_game()
    a = inv(g)
    titan = g.monster("silt-titan")
    easy = dataclasses.replace(titan, horror_rating=0, combat_rating=0, toughness=1)
    monkeypatch.setitem(g.model.monsters, "silt-titan", easy)
    token = place(g, "silt-titan", "customs-house")
    g.controller = Script(evade_or_fight=["fight"], fight_or_flee=["fight"], weapons=[[]])
    dice(g, *[6] * 20)
    assert combat.meet(g, a, token) == "defeated"
    assert a.sanity == a.max_sanity - 2
    assert a.stamina == a.max_stamina - 2
