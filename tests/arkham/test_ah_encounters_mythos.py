"""Arkham encounters (AH-ENC), other-world encounters (AH-OWE) and the Mythos phase
(AH-MYTH, AH-GATE, AH-CLUE, AH-MMOVE, AH-FLY, AH-MYTHA)."""

from __future__ import annotations

import pytest
from ahgame import Script, blank_game, dice, inv, place, types

from questforge.engine.arkham.game import checks, phases, status, town
from questforge.engine.arkham.game.state import GameOver, Gate, Rumor
from questforge.engine.core.decisions import FirstOptionController


def _gate(g, loc: str = "observatory", world: str = "glass-city", dim: str = "diamond") -> Gate:  # type: ignore[no-untyped-def]
    gate = Gate(loc, f"{world}-a", world, 0, dim)
    g.state.gates[loc] = gate
    return gate


def test_encounters_only_at_locations_one_card_of_the_neighbourhood() -> None:
    g = blank_game()
    a, t = inv(g, 0), inv(g, 1)
    t.area = "quayside-streets"
    g.controller = FirstOptionController()
    phases.arkham_encounters(g)
    encounters = g.log.of_type("encounter")
    # AH-ENC-01: exactly one encounter each, at locations only (not in streets)
    assert [e["investigator"] for e in encounters] == [a.id]
    # AH-ENC-02: a card of the location's neighbourhood, its entry for this location
    card = g.model.location_cards[encounters[0]["card"]]
    assert card.neighbourhood == "quayside" and card.for_location("customs-house") is not None


def test_location_decks_are_shuffled_before_every_draw() -> None:
    # AH-ENC-09: every draw is from the whole shuffled deck (the card is returned)
    g = blank_game()
    a = inv(g)
    g.controller = FirstOptionController()
    seen = set()
    for _ in range(20):
        a.area = "customs-house"
        a.out_this_round = False
        a.sanity, a.stamina = a.max_sanity, a.max_stamina
        try:
            phases.location_encounter(g, a, "customs-house")
        except GameOver:
            break
        seen.add(g.log.of_type("encounter")[-1]["card"])
    assert len(seen) == 3 and len(g.state.location_decks["quayside"]) == 3


def test_monster_appears_in_an_encounter_but_not_at_a_sealed_location() -> None:
    g = blank_game()
    a = inv(g)
    dice(g, 6, 6, 6, 6, 6)
    g.controller = Script(evade_or_fight=["evade"])
    from questforge.engine.arkham.model.types import Effect

    # AH-ENC-03: the investigator evades or fights it
    g.apply(a, [Effect("monster-appears")], "customs-house")
    assert "evaded" in types(g)
    # AH-ENC-04: never at a sealed location
    g.state.sealed.add("customs-house")
    g.log.events.clear()
    g.apply(a, [Effect("monster-appears")], "customs-house")
    assert "encounter-monster" not in types(g)


def test_open_gate_draws_the_investigator_through() -> None:
    g = blank_game(investigators="odile-venn,ada-merrow")
    o = inv(g)
    _gate(g)
    g.controller = FirstOptionController()
    phases.arkham_encounters(g)
    # AH-ENC-05: straight to the first area of the gate's world
    assert (o.area, o.stage) == ("glass-city", 1)


def test_explored_investigator_may_close_instead_and_loses_the_marker_on_leaving() -> None:
    g = blank_game(investigators="odile-venn,ada-merrow")
    o = inv(g)
    _gate(g)
    o.explored = True
    dice(g, 6, 6, 6, 6, 6, 6)
    g.controller = Script(close=["lore"], seal=["no"])
    phases.arkham_encounters(g)
    # AH-ENC-06: no need to enter again; the gate is closed instead
    assert "gate-closed" in types(g) and o.stage == 0
    # AH-ENC-07: leaving the location removes the explored marker
    o.explored = True
    status.move_inv(g, o, "college-hill-streets")
    assert not o.explored


def test_special_action_instead_of_an_encounter_and_not_at_an_open_gate() -> None:
    g = blank_game(investigators="ada-merrow,tobias-wren")
    t = inv(g, 1)
    t.area = "archive"
    t.money = 6
    script = Script(location_action=["special:0"])
    g.controller = script
    phases.location_action(g, t, "archive")
    # AH-ENC-08: the special action (pay $5, draw a spell) replaces the encounter
    assert t.money == 1 and g.card(t.cards[-1]).type == "spell"
    assert "encounter" not in types(g)
    # ... but not at a location with an open gate
    t.area = "anatomy-hall"
    t.monster_trophies = ["fog-shambler"]
    _gate(g, "anatomy-hall")
    g.controller = script = Script()
    phases.arkham_encounters(g)
    assert all(d.kind != "location-action" for d in script.asked)


def test_other_world_encounter_draws_until_the_colour_matches() -> None:
    g = blank_game()
    a = inv(g)
    status.move_inv(g, a, "glass-city", 1)  # green / yellow
    g.state.gate_deck = ["gate-01", "gate-07", "gate-04", "gate-10"]  # blue, red, green, yellow
    g.controller = FirstOptionController()
    dice(g, 6, 6, 6, 6)
    phases.other_world_encounters(g)
    # AH-OWE-01: non-matching cards to the bottom; the matching card is resolved
    assert g.log.of_type("world-encounter")[0]["card"] == "gate-04"
    # AH-OWE-02: and then goes to the bottom too
    assert g.state.gate_deck == ["gate-10", "gate-01", "gate-07", "gate-04"]


def test_mythos_order_gate_clue_movement_ability() -> None:
    g = blank_game()
    g.state.mythos = ["mythos-04"]  # gate anatomy-hall, clue, movement, a headline
    g.controller = FirstOptionController()
    phases.mythos_phase(g)
    order = [
        t for t in types(g) if t in ("gate-opened", "clue-placed", "monsters-move", "headline")
    ]
    # AH-MYTH-01: gate and monster, then clue, then movement, then the ability
    assert order == ["gate-opened", "clue-placed", "monsters-move", "headline"]
    # AH-COMP-08: one mythos card per Mythos phase
    assert len(g.log.of_type("mythos")) == 1


def test_gate_opening_adds_doom_places_marker_discards_clues_and_a_monster() -> None:
    g = blank_game()
    g.state.clues["observatory"] = 2
    g.controller = FirstOptionController()
    phases.open_gate(g, "observatory")
    st = g.state
    # AH-GATE-03, AH-GATE-04: doom +1; AH-GATE-05: a marker, the clues discarded
    assert st.doom == 1 and "observatory" in st.gates and "observatory" not in st.clues
    # AH-GATE-06: a monster appears there; AH-GATE-07 is this sequence as an example
    assert [m.area for m in st.monsters] == ["observatory"]
    assert types(g)[:3] == ["doom", "gate-opened", "clues-discarded"]
    # AH-COMP-06: doom tokens; AH-COMP-10: the marker names the world
    assert st.gates["observatory"].world in {w.id for w in g.board.worlds}


def test_no_gate_at_an_elder_sign_and_a_surge_at_an_open_gate() -> None:
    g = blank_game()
    g.controller = FirstOptionController()
    g.state.sealed.add("observatory")
    phases.open_gate(g, "observatory")
    # AH-GATE-01: an elder sign: no gate, no monster
    assert not g.state.gates and not g.state.monsters and g.state.doom == 0
    _gate(g, "tide-mill")
    _gate(g, "reed-hollow")
    phases.open_gate(g, "tide-mill")
    # AH-GATE-02: a gate already there: a monster at every open gate, no doom
    assert sorted(m.area for m in g.state.monsters) == ["reed-hollow", "tide-mill"]
    assert g.state.doom == 0


def test_gate_opening_on_investigators_pulls_them_in_delayed() -> None:
    g = blank_game(investigators="odile-venn,ada-merrow")
    o = inv(g)
    g.controller = FirstOptionController()
    phases.open_gate(g, "observatory")
    # AH-GATE-08: through to the first area, delayed
    assert o.stage == 1 and o.delayed and o.area == g.state.gates["observatory"].world


def test_clue_placement() -> None:
    g = blank_game(investigators="odile-venn,ada-merrow")
    g.controller = FirstOptionController()
    _gate(g, "tide-mill")
    phases.place_clue(g, "tide-mill")
    # AH-CLUE-01: no clue where a gate is open; elsewhere one clue
    assert "tide-mill" not in g.state.clues
    phases.place_clue(g, "reed-hollow")
    assert g.state.clues["reed-hollow"] == 1
    # AH-CLUE-02: an investigator there takes it at once
    phases.place_clue(g, "observatory")
    assert inv(g).clues == 1 and "observatory" not in g.state.clues


def test_monsters_follow_white_and_black_arrows_by_dimension() -> None:
    g = blank_game()
    for i in g.state.investigators:
        i.area = "fishers-rest"
    white = place(g, "lamp-eater", "old-town-streets")  # star
    black = place(g, "harbour-revenant", "old-town-streets")  # circle
    out = place(g, "ink-spider", "gallows-green")  # star, in a location
    still = place(g, "fog-shambler", "old-town-streets")  # crescent: in neither box
    g.controller = FirstOptionController()
    phases.move_monsters(g, ("star",), ("circle",))
    # AH-MMOVE-01, AH-MMOVE-02: white box -> white arrow, black box -> black arrow
    assert white.area == g.board.graph.arrow("old-town-streets", "white") == "college-hill-streets"
    assert black.area == "quayside-streets"
    # AH-REF-02: out of a location to its street
    assert out.area == "old-town-streets" and still.area == "old-town-streets"


def test_monsters_with_an_investigator_stay_and_fast_ones_stop_on_entering() -> None:
    g = blank_game()
    a, t = inv(g, 0), inv(g, 1)
    a.area = "old-town-streets"
    t.area = "fishers-rest"
    stay = place(g, "lamp-eater", "old-town-streets")
    fast = place(g, "brine-hound", "college-hill-streets")  # circle, fast
    fast2 = place(g, "brine-hound", "chapelgate-streets")
    g.controller = FirstOptionController()
    phases.move_monsters(g, ("star",), ("circle",))
    # AH-MMOVE-03: does not leave an investigator's area
    assert stay.area == "old-town-streets"
    # AH-MMOVE-04: a fast monster stops on entering an investigator's area
    assert fast.area == "old-town-streets"
    # AH-MMOVE-05: fast monsters move twice (black: chapelgate -> larkspur -> college hill)
    assert fast2.area == "college-hill-streets"
    assert "combat" not in types(g)


def test_stationary_monsters_never_move_and_unique_ones_follow_their_rule() -> None:
    g = blank_game()
    for i in g.state.investigators:
        i.area = "archive"
    maid = place(g, "reed-maiden", "reed-hollow")  # stationary, diamond
    wet = place(g, "wet-thing", "tide-mill")  # unique: to the nearest investigator
    g.controller = FirstOptionController()
    # AH-MMOVE-05
    phases.move_monsters(g, ("diamond", "square"), ())
    assert maid.area == "reed-hollow" and wet.area == "saltmarsh-streets"


def test_flying_monsters() -> None:
    g = blank_game()
    a, t = inv(g, 0), inv(g, 1)
    a.area = "old-town-streets"
    t.area = "archive"
    with_inv = place(g, "gull-thing", "archive")  # slash, flying
    swoop = place(g, "gull-thing", "quayside-streets")
    sky = place(g, "gallows-crow", "larkspur-streets")  # triangle
    g.controller = FirstOptionController()
    phases.move_monsters(g, ("slash", "triangle"), ())
    # AH-FLY-01: stays with an investigator
    assert with_inv.area == "archive"
    # AH-FLY-02: to a connected street holding an investigator
    assert swoop.area == "old-town-streets"
    # AH-FLY-03: otherwise to the Sky
    assert sky.area == g.sky
    # AH-FLY-04: from the Sky onto any street with an investigator; the Sky counts
    phases.move_monsters(g, ("triangle",), ())
    assert sky.area == "old-town-streets"
    assert town.counted_monsters(g) == 3


def test_headline_environment_and_rumor() -> None:
    g = blank_game()
    g.controller = FirstOptionController()
    c = g.model.mythos
    # AH-MYTHA-01, AH-MYTHA-02: a headline resolves now and goes to the bottom
    g.state.mythos = ["mythos-05", "mythos-19"]
    phases.mythos_phase(g)
    assert all(i.clues >= 1 for i in g.state.investigators if i.stage == 0)
    assert g.state.mythos[-1] == "mythos-05"
    # AH-MYTHA-03: an environment stays in play and changes checks
    phases.mythos_phase(g)
    assert g.state.environment == "mythos-19" and c["mythos-19"].type == "environment"
    a = inv(g)
    assert checks.modifiers(g, a, "evade") >= 1
    # AH-MYTHA-04: one rumor at a time; a second one's ability never happens
    g.state.mythos = ["mythos-26", "mythos-27"]
    phases.mythos_phase(g)
    phases.mythos_phase(g)
    assert g.state.rumor is not None and g.state.rumor.card == "mythos-26"
    assert "rumor-ignored" in types(g)


def test_rumor_counts_down_and_fails() -> None:
    g = blank_game()
    g.controller = FirstOptionController()
    g.state.rumor = Rumor("mythos-27", 1)  # fails: doom +1
    g.state.mythos = ["mythos-02"]
    phases.mythos_phase(g)
    # AH-MYTHA-04: its fail condition met, it leaves play
    assert g.state.rumor is None and "rumor-failed" in types(g)
    assert g.state.doom >= 1


def test_rumor_is_passed_by_spending_clues_at_its_location() -> None:
    g = blank_game()
    a = inv(g)
    g.state.rumor = Rumor("mythos-29", 3)  # pass at customs-house for 2 clues
    a.clues = 2
    g.controller = Script(location_action=["rumor"])
    phases.location_action(g, a, "customs-house")
    assert g.state.rumor is None and a.clues == 0 and a.money == 3


@pytest.mark.parametrize("players", [1, 4])
def test_monster_limit_and_outskirts(players: int) -> None:
    names = ",".join(["ada-merrow", "tobias-wren", "hester-cole", "jonah-pike"][:players])
    g = blank_game(players=players, investigators=names)
    g.controller = FirstOptionController()
    limit = players + 3
    # AH-LIMIT-01, AH-LIMIT-02: at most players + 3 in Arkham and the Sky
    for _ in range(limit):
        town.place_monster(g, "observatory")
    assert town.counted_monsters(g) == limit
    # AH-OUT-01: the next ones go to the Outskirts
    town.place_monster(g, "observatory")
    assert len(g.state.monsters_at(g.outskirts)) == 1
    # AH-OUT-02: over the Outskirts maximum: all back to the cup, terror +1
    for _ in range(g.rules.outskirts_max(players)):
        town.place_monster(g, "observatory")
    assert not g.state.monsters_at(g.outskirts) and g.state.terror == 1


def test_closed_markers_of_a_card_in_play() -> None:
    g = blank_game(investigators="mina-sorrell,ada-merrow")
    m = inv(g)  # at home in the Savings Hall
    g.controller = FirstOptionController()
    assert g.model.mythos["mythos-22"].closes == ("savings-hall",)
    g.state.mythos = ["mythos-22", "mythos-20"]
    # AH-MYTHA-05: the environment's closed marker: occupants out, nobody enters
    phases.mythos_phase(g)
    assert "savings-hall" in g.state.closed and m.area == "old-town-streets"
    assert "savings-hall" not in phases.reachable(g, "old-town-streets", 2)
    # ... and it goes when the card leaves play (another environment replaces it)
    phases.mythos_phase(g)
    assert "savings-hall" not in g.state.closed and "location-opened" in types(g)
