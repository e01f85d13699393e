"""Fourth referee audit (after the special cards landed): each test is a violation a
referee found reading bot logs, or a known defect, pinned before its fix."""

from __future__ import annotations

from ahgame import Script, blank_game, inv, place

from questforge.engine.arkham.game import phases, status, town
from questforge.engine.arkham.game.narrator import Narrator
from questforge.engine.arkham.model.types import Effect

RETAINER = "harbour-retainer"


def test_a_drawn_special_card_already_held_goes_back_to_its_deck() -> None:
    # AH-MISC-02: at most one special card of each name; AH-MISC-01: a card that leaves
    # play goes to the bottom of its deck - the refused copy vanished from the game
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    g.apply(a, [Effect("take-card", special="retainer")])
    deck = g.state.decks["special"]
    copies = deck.draw_pile.count(RETAINER)
    deck.draw_pile.remove(RETAINER)
    deck.draw_pile.append(RETAINER)  # the top of the special deck
    g.apply(a, [Effect("draw", deck="special")])
    assert a.cards.count(RETAINER) == 1
    assert deck.draw_pile.count(RETAINER) == copies
    assert deck.draw_pile[0] == RETAINER  # the bottom of its deck
    (refused,) = g.log.of_type("card-refused")
    assert refused["card"] == RETAINER and refused["why"] == "held"


def test_a_drawn_special_card_of_a_barred_kind_is_refused() -> None:
    # AH-MISC-02 (the published loan: one who defaulted "may never take another"), also
    # when the card comes by a draw; it goes back to the bottom of its deck (AH-MISC-01)
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    a.barred.add("bank-loan")
    deck = g.state.decks["special"]
    deck.draw_pile.remove("savings-hall-loan")
    deck.draw_pile.append("savings-hall-loan")
    g.apply(a, [Effect("draw", deck="special")])
    assert "savings-hall-loan" not in a.cards and a.money == 0
    assert deck.draw_pile[0] == "savings-hall-loan"
    assert g.log.of_type("card-refused")[0]["why"] == "barred"
    lines = [Narrator(g.model).event(e) for e in g.log.of_type("card-refused")]
    assert lines == [
        f"{Narrator(g.model).name(a.id)} cannot hold Savings Hall Loan (barred from it for "
        "the rest of the game): it goes to the bottom of its deck."
    ]


def test_a_unique_mover_never_enters_a_sealed_location() -> None:
    # AH-SEAL-03: a sealed location never gets a monster again; AH-MMOVE-05: a unique
    # mover follows its own rule (the sample's Wet Thing: toward the nearest investigator)
    # - it stepped into a sealed location where an investigator stood (seed 36, 2 players)
    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    a.area, b.area = "sanatorium", "tide-mill"
    g.state.sealed.add("sanatorium")
    token = place(g, "wet-thing", "chapelgate-streets")
    phases.unique_move(g, token)
    assert token.area != "sanatorium"
    assert token.area != "chapelgate-streets"  # it goes on toward the other one
    b.area = "sanatorium"
    token.area = "chapelgate-streets"
    phases.unique_move(g, token)
    assert token.area == "chapelgate-streets"  # no investigator it may reach


def test_a_blessed_investigator_blessed_again_keeps_the_blessing_card() -> None:
    # AH-STAT-12: one blessing or curse at a time, the newest replacing an older *other*
    # one; AH-STAT-11: the Blessing card is the blessing (its upkeep roll may end it) -
    # blessed again with the deck's only Blessing in hand, the card went to the deck and
    # the investigator stayed blessed for good, with no card and no roll
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    g.apply(a, [Effect("blessed")])
    assert a.blessed and a.cards == ["lantern-blessing"]
    g.log.events.clear()
    g.apply(a, [Effect("blessed")])
    assert a.blessed and a.cards == ["lantern-blessing"]
    assert not g.log.of_type("discarded")
    (event,) = g.log.of_type("blessing")
    assert event["state"] == "blessed" and event["unchanged"] is True
    line = Narrator(g.model).event(g.log.of_type("blessing")[0])
    assert line.endswith("is already blessed: nothing happens (AH-STAT-12).")
    g.apply(a, [Effect("cursed")])  # the other kind still replaces it
    assert a.cursed and a.cards == ["sea-curse"]


def test_spent_trophies_are_named_in_the_log() -> None:
    # AH-MISC-05 (log): spent monster trophies go back to the cup, gate trophies under the
    # gate markers - the log gave only a count, so a referee could not check that a
    # deputy's "toughness 5 of monster trophies" (AH-REF-20) was paid, nor which went back
    g = blank_game()
    a = inv(g)
    a.area = "constabulary"
    a.monster_trophies = ["brine-hound", "silt-titan", "wet-thing", "ink-spider"]
    g.controller = Script(location_action=["special:0"])
    phases.location_action(g, a, "constabulary")
    (event,) = g.log.of_type("trophies-spent")
    assert event["trophies"] == ["silt-titan", "wet-thing"] and event["toughness"] == 5
    line = Narrator(g.model).event(event)
    assert line.endswith(
        "spends monster trophies Silt Titan, The Wet Thing in the Mill (toughness 5)."
    )


def test_a_blessed_investigator_is_not_offered_a_vigil_for_a_blessing() -> None:
    # AH-ENC-08, AH-STAT-12: a special action whose gain is a blessing the investigator
    # already has would take their gate trophy for nothing (the sample's church Vigil)
    g = blank_game()
    a = inv(g)
    a.area = "lantern-church"
    a.gate_trophies = ["glass-city-a"]
    script = Script(location_action=["special:0"])
    g.controller = script
    phases.location_action(g, a, "lantern-church")
    assert a.blessed and a.gate_trophies == []
    a.gate_trophies = ["glass-city-b"]
    script = Script(location_action=["encounter"])
    g.controller = script
    phases.location_action(g, a, "lantern-church")
    asked = [d for d in script.asked if d.kind == "location-action"]
    assert all("special:0" not in d.options for d in asked)
    assert a.gate_trophies == ["glass-city-b"]


def test_an_enter_activity_marker_is_told_as_the_end_of_a_move() -> None:
    # AH-MYTHA-05 (log): an `enter` marker acts on one who ends movement there, also one
    # who stayed - the narrator said "as X arrives" after no move at all
    g = blank_game()
    a = inv(g)
    a.area = "tide-mill"
    g.controller = Script(move=["tide-mill"])
    phases.ability(g, g.model.mythos["mythos-28"], first=False)
    phases.arkham_move(g, a)
    assert not g.log.of_type("investigator-moved")
    (event,) = g.log.of_type("activity")
    line = Narrator(g.model).event(event)
    assert line.endswith("ends movement there.") and "arrives" not in line


def test_a_fresh_investigator_whose_home_is_closed_starts_in_its_street() -> None:
    # AH-STAT-10: the new investigator is set up as at the start, at home (AH-SETUP-14);
    # AH-COMP-11, AH-TERROR-06: nobody may be in a closed location, its occupants go to
    # the street - Tobias Wren came back into play inside the archive closed at terror 9
    g = blank_game(players=1, investigators="tobias-wren")
    g.state.unused_investigators = []
    town.close_location(g, "archive", "college-hill-streets")
    t = inv(g)
    t.area = "college-hill-streets"
    g.controller = Script()
    status.devour(g, t)
    fresh = inv(g)
    assert fresh.id == "tobias-wren" and fresh is not t
    assert fresh.area == "college-hill-streets"
