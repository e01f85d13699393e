"""Effects the content format once could not say: a monster's printed Overwhelming X /
Nightmarish X (AH-CMB-08) and a card that discards itself (a Blessing's upkeep roll,
AH-UPK-02, AH-STAT-11)."""

from __future__ import annotations

import dataclasses

import pytest
from ahgame import Script, blank_game, dice, inv, model, place

from questforge.engine.arkham.game import checks, combat, phases, status
from questforge.engine.arkham.game.engine import ArkhamGame, Setup
from questforge.engine.arkham.model.types import Effect
from questforge.engine.core.decisions import FirstOptionController


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


def test_a_blessing_is_discarded_on_an_upkeep_roll_of_one() -> None:
    # AH-UPK-02, AH-STAT-11: the sample Blessing's upkeep is data (roll a die; on a 1,
    # `discard-this`): on a 1 the card goes to the bottom of its deck (AH-MISC-01) and
    # the investigator's dice are plain again; on anything else it stays
    g = blank_game()
    a = g.state.order()[0]
    status.give(g, a, "lantern-blessing")
    assert a.blessed and "lantern-blessing" in a.cards
    g.controller = FirstOptionController()
    dice(g, 2)
    phases.upkeep(g)
    assert a.blessed and "lantern-blessing" in a.cards
    dice(g, 1)
    phases.upkeep(g)
    assert not a.blessed and "lantern-blessing" not in a.cards
    assert g.state.decks["special"].draw_pile[0] == "lantern-blessing"
    assert checks.successes(g, a, [4, 5, 6]) == 2
    assert any(e.type == "blessing" and e.data.get("state") == "none" for e in g.log)


def test_discard_this_discards_only_its_own_card() -> None:
    # AH-UPK-02: a card's effects know their card; elsewhere discard-this does nothing
    g = blank_game()
    a = inv(g)
    status.give(g, a, "sea-curse")
    g.apply(a, [Effect("discard-this")], a.area)  # an encounter's: no card of its own
    assert a.cursed and "sea-curse" in a.cards
    g.apply(a, [Effect("discard-this")], a.area, "sea-curse")
    assert not a.cursed and "sea-curse" not in a.cards


def test_becoming_blessed_takes_the_blessing_card() -> None:
    # AH-COMP-05, AH-MISC-02, AH-STAT-12: a blessing is a special card, so its upkeep
    # roll applies however it came; a curse replaces it, and the blessing goes back to
    # the bottom of its deck (AH-MISC-01); with no card left, the state alone
    g = blank_game()
    a, b = inv(g), inv(g, 1)
    special = g.state.decks["special"].draw_pile
    if "lantern-blessing" in special:
        special.remove("lantern-blessing")
    special.append("lantern-blessing")
    g.apply(a, [Effect("blessed")], a.area)
    assert a.blessed and a.cards == ["lantern-blessing"]
    assert "lantern-blessing" not in special
    g.apply(b, [Effect("blessed")], b.area)  # none left
    assert b.blessed and "lantern-blessing" not in b.cards
    g.apply(a, [Effect("cursed")], a.area)
    assert a.cursed and not a.blessed and "lantern-blessing" not in a.cards
    assert special[0] == "lantern-blessing"


def test_a_sheet_that_starts_blessed_holds_the_blessing() -> None:
    # AH-SETUP-07, AH-STAT-11: Father Quill's sheet starts blessed: with the card, taken
    # from the special deck before the random draws
    g = ArkhamGame(model(), Setup(2, "the-drowned-choir", "father-quill,ada-merrow"), 3)
    phases.setup(g)
    quill = next(i for i in g.state.investigators if i.id == "father-quill")
    assert quill.blessed and "lantern-blessing" in quill.cards
    assert "lantern-blessing" not in g.state.decks["special"].draw_pile
