"""Investigator status (AH-STAT), closing and sealing (AH-CLOSE, AH-SEAL, AH-ELDER), the
terror track (AH-TERROR, AH-LIMIT-03), awakening and the final battle (AH-AWAKE,
AH-FINAL), victory and score (AH-WIN, AH-SCORE) and the miscellaneous rules (AH-MISC)."""

from __future__ import annotations

import pytest
from ahgame import Script, blank_game, dice, inv, place, types

from questforge.engine.arkham.game import checks, phases, status, town
from questforge.engine.arkham.game.bots import ArkhamBot
from questforge.engine.arkham.game.state import GameOver, Gate
from questforge.engine.core.decisions import FirstOptionController


def _gate(
    g, loc: str = "observatory", world: str = "glass-city", dim: str = "diamond", mod: int = 0
):  # type: ignore[no-untyped-def]
    g.state.gates[loc] = Gate(loc, f"{world}-a", world, mod, dim)
    g.state.gates_opened[loc] = 1


def test_sanity_and_stamina_never_exceed_the_sheet() -> None:
    g = blank_game()
    a = inv(g)
    # AH-STAT-01
    status.gain(g, a, "sanity", 5)
    status.gain(g, a, "stamina", 5)
    assert (a.sanity, a.stamina) == (a.max_sanity, a.max_stamina)


def test_insane_in_arkham_goes_to_the_asylum_losing_half() -> None:
    g = blank_game()
    a = inv(g)
    a.cards += ["boathook", "oilskin-coat", "tide-tables", "salt-circle"]
    a.cards += ["steady-hands", "ferryman-oates"]
    a.cards += ["harbour-retainer"]
    a.clues = 5
    g.controller = Script(discard=["tide-tables", "oilskin-coat"])
    status.lose(g, a, "sanity", 10)
    # AH-STAT-03: to the asylum with 1 sanity, nothing more this round
    assert a.area == "sanatorium" and a.sanity == 1 and a.out_this_round
    # AH-STAT-02, AH-STAT-06: half the items (chosen), half the clues, every retainer;
    # skills and allies are kept; spells count as items
    assert sorted(a.cards) == ["boathook", "ferryman-oates", "salt-circle", "steady-hands"]
    assert a.clues == 3


def test_unconscious_goes_to_the_hospital() -> None:
    g = blank_game()
    a = inv(g)
    g.controller = FirstOptionController()
    status.lose(g, a, "stamina", 10)
    # AH-STAT-04
    assert a.area == "infirmary" and a.stamina == 1 and "knocked-out" in types(g)


def test_knocked_out_in_an_other_world_is_lost_in_time_and_space() -> None:
    g = blank_game()
    a = inv(g)
    status.move_inv(g, a, "glass-city", 2)
    g.controller = FirstOptionController()
    status.lose(g, a, "stamina", 10)
    # AH-STAT-05: lost in time and space, delayed, at least 1
    assert a.area == g.lost and a.delayed and a.stamina >= 1


def test_arrested_goes_to_jail_losing_half_the_money() -> None:
    g = blank_game()
    a = inv(g)
    a.money = 7
    from questforge.engine.arkham.model.types import Effect

    g.apply(a, [Effect("arrested")], a.area)
    # AH-STAT-08
    assert a.area == "constabulary" and a.money == 4 and a.delayed


def test_lost_in_time_and_space_loses_a_round_then_returns_anywhere() -> None:
    g = blank_game()
    a = inv(g)
    status.lost_in_time(g, a)
    g.controller = Script(**{"return": ["gallows-green"]})
    # AH-STAT-09: delayed, stands up in the next movement, placed in the upkeep after
    phases.upkeep(g)
    assert a.area == g.lost
    phases.movement(g)
    assert not a.delayed and a.area == g.lost
    phases.upkeep(g)
    assert a.area == "gallows-green"


def test_devoured_investigator_is_replaced_keeping_trophies() -> None:
    g = blank_game()
    a = inv(g)
    a.gate_trophies = ["glass-city-a"]
    g.controller = FirstOptionController()
    status.devour(g, a)
    # AH-STAT-10: a new investigator from the unused ones, set up as at the start
    new = inv(g)
    assert new.id != "ada-merrow" and new.gate_trophies == ["glass-city-a"]
    assert new.sanity == new.max_sanity and "investigator-joined" in types(g)


def test_special_cards_one_of_each_name() -> None:
    g = blank_game()
    a = inv(g)
    status.give(g, a, "harbour-retainer")
    status.give(g, a, "harbour-retainer")
    # AH-MISC-02
    assert a.cards.count("harbour-retainer") == 1 and "card-refused" in types(g)


def test_discarded_cards_go_to_the_bottom_of_their_deck() -> None:
    g = blank_game()
    a = inv(g)
    a.cards.append("boathook")
    status.discard(g, a, "boathook")
    # AH-MISC-01: face down on the bottom (the top is the end of the draw pile)
    assert g.state.decks["common"].draw_pile[0] == "boathook"


def test_buying_and_spending_trophies_at_locations() -> None:
    g = blank_game()
    a = inv(g)
    a.monster_trophies = ["fog-shambler", "brine-hound"]
    g.controller = Script(location_action=["special:0"])
    phases.location_action(g, a, "customs-house")
    # AH-MISC-04: trophies spent for money; AH-MISC-05: they go back to the cup
    assert a.money == 5 and not a.monster_trophies
    assert {"fog-shambler", "brine-hound"} <= set(g.state.cup)
    # AH-MISC-03: buying pays the listed price (of the card bought, from three drawn)
    a.area = "net-lofts"
    bought = g.state.decks["common"].draw_pile[-1]  # the top card: the first one offered
    g.controller = Script(location_action=["special:0"], buy=[bought])
    phases.location_action(g, a, "net-lofts")
    assert a.money == 5 - g.card(bought).price and a.cards[-1] == bought


def test_closing_needs_the_explored_marker_and_a_fight_or_lore_check() -> None:
    g = blank_game(ancient="the-pale-cartographer")
    a = inv(g)
    a.area = "observatory"
    inv(g, 1).area = "quayside-streets"
    _gate(g, mod=-1)
    token = place(g, "glass-stalker", "larkspur-streets")  # diamond: returns on closing
    other = place(g, "fog-shambler", "quayside-streets")
    g.controller = FirstOptionController()
    # AH-CLOSE-01: no explored marker: drawn through instead
    phases.arkham_encounters(g)
    assert a.stage == 1 and "observatory" in g.state.gates
    status.move_inv(g, a, "observatory")
    a.explored = True
    dice(g)
    g.controller = Script(close=["fight"], spend_clue=[])
    phases.arkham_encounters(g)
    # AH-CLOSE-03, AH-CLOSE-04: fight or lore with the gate's modifier; a fail leaves it
    assert g.log.of_type("check")[-1]["dice"] == checks.skill(g, a, "fight") - 1
    assert "observatory" in g.state.gates and "close-failed" in types(g)
    dice(g, 6, 6, 6, 6)
    g.controller = Script(close=["fight"])
    phases.arkham_encounters(g)
    # AH-CLOSE-04: closed, the marker is a trophy; AH-CLOSE-05: same-dimension monsters go
    assert "observatory" not in g.state.gates and a.gate_trophies == ["glass-city-a"]
    assert token not in g.state.monsters and other in g.state.monsters


def test_leaving_loses_the_explored_marker() -> None:
    g = blank_game()
    a = inv(g)
    a.explored = True
    status.move_inv(g, a, "quayside-streets")
    # AH-CLOSE-02
    assert not a.explored and "explored-lost" in types(g)


def test_sealing_with_clues() -> None:
    g = blank_game()
    a = inv(g)
    a.area = "observatory"
    a.explored = True
    inv(g, 1).area = "quayside-streets"  # no encounter of the other investigator
    a.clues = 6
    _gate(g)
    _gate(g, "tide-mill")  # another gate stays open: no immediate win
    dice(g, 6, 6, 6, 6, 6, 6)
    g.controller = Script(close=["lore"], seal=["yes"])
    g.state.doom = 3
    phases.arkham_encounters(g)
    # AH-SEAL-01: 5 clues seal it; AH-SEAL-02: the doom track keeps its tokens
    assert "observatory" in g.state.sealed and a.clues == 1 and g.state.doom == 3
    # AH-SEAL-03: never again a gate or a monster there
    phases.open_gate(g, "observatory")
    assert "observatory" not in g.state.gates and town.place_monster(g, "observatory") is None


def test_elder_sign_seals_without_a_check() -> None:
    g = blank_game()
    a = inv(g)
    a.area = "observatory"
    a.explored = True
    inv(g, 1).area = "quayside-streets"  # no encounter of the other investigator
    a.cards.append("warding-stone")
    _gate(g)
    _gate(g, "tide-mill")
    g.state.doom = 4
    g.controller = FirstOptionController()
    phases.arkham_encounters(g)
    # AH-ELDER-01: no check needed; AH-ELDER-02: 1 sanity and 1 stamina, doom -1, the card
    # leaves the game; AH-ELDER-03: the location is sealed
    assert not g.log.of_type("check")
    assert (a.sanity, a.stamina) == (a.max_sanity - 1, a.max_stamina - 1)
    assert g.state.doom == 3 and "warding-stone" not in a.cards
    assert "observatory" in g.state.sealed and g.state.elder_signs_used == 1


def test_terror_track() -> None:
    g = blank_game()
    allies = len(g.state.decks["ally"].draw_pile)
    a = inv(g)
    a.area = "net-lofts"
    place(g, "fog-shambler", "net-lofts")
    # AH-TERROR-01, AH-TERROR-03: each rise removes an ally from its deck
    town.raise_terror(g, 1)
    assert g.state.terror == 1 and len(g.state.decks["ally"].draw_pile) == max(allies - 1, 0)
    # AH-TERROR-04: at 3 the first store closes and its occupants go to the street
    town.raise_terror(g, 2)
    assert "net-lofts" in g.state.closed and a.area == "quayside-streets"
    assert g.state.monsters[0].area == "quayside-streets"
    # AH-TERROR-05, AH-TERROR-06: 6 and 9 close the others (the curios; the archive, the
    # sample's spell shop)
    town.raise_terror(g, 6)
    assert {"curio-cabinet", "archive"} <= g.state.closed
    # AH-TERROR-07, AH-LIMIT-03: at 10 the monster limit is gone, and (the seed: "place
    # one doom token on the doom track") one doom is added
    town.raise_terror(g, 1)
    assert g.state.terror == 10 and town.monster_limit(g) is None
    assert g.state.doom == 1
    # AH-TERROR-02: never above 10 (AH-REF-14: a rise past 10 adds doom instead)
    town.raise_terror(g, 1)
    assert g.state.terror == 10 and g.state.doom == 2
    # AH-COMP-11: closed locations cannot be entered
    assert "net-lofts" not in phases.reachable(g, "quayside-streets", 3)


def _final(g) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(GameOver):
        g.awaken("test")


def test_awakening_conditions() -> None:
    # AH-AWAKE-01: the doom track full
    g = blank_game()
    g.controller = FirstOptionController()
    with pytest.raises(GameOver):
        town.add_doom(g, g.ancient.doom_track)
    assert g.log.of_type("awakened")[0]["reason"] == "the doom track is full"
    # too many gates open
    g = blank_game()
    g.controller = FirstOptionController()
    for loc in (
        "drowned-chapel",
        "gallows-green",
        "observatory",
        "anatomy-hall",
        "hanging-woods",
        "sunken-cemetery",
        "reed-hollow",
    ):
        _gate(g, loc)
    with pytest.raises(GameOver):
        phases.open_gate(g, "tide-mill")
    assert g.log.of_type("awakened")[0]["reason"] == "too many gates are open"
    # no gate markers left
    g = blank_game()
    g.controller = FirstOptionController()
    g.state.gate_pile.clear()
    with pytest.raises(GameOver):
        phases.open_gate(g, "tide-mill")
    assert g.log.of_type("awakened")[0]["reason"] == "no gate markers are left"


def test_awakening_fills_the_doom_track_and_devours_the_lost() -> None:
    g = blank_game()
    a, t = inv(g, 0), inv(g, 1)
    status.lost_in_time(g, t)
    g.controller = FirstOptionController()
    _final(g)
    # AH-AWAKE-03: the track is filled; AH-FINAL-01: the lost are devoured
    assert g.log.of_type("awakened")[0]["doom"] == g.ancient.doom_track
    assert t.devoured and g.log.of_type("devoured")[0]["investigator"] == t.id
    assert a.id


def test_final_battle_hits_remove_doom_and_banish() -> None:
    g = blank_game(players=1, investigators="jonah-pike")
    g.state.doom = 0
    j = inv(g)
    j.cards.append("whaling-gun")
    g.controller = ArkhamBot(0).attach(g)
    dice(g, *([6] * 200))
    _final(g)
    # AH-FINAL-02: refresh each round; AH-FINAL-03: combat checks with the AO's rating
    first = g.log.of_type("check")[0]
    assert first["dice"] == checks.skill(g, j, "combat") + g.ancient.combat_rating + 5
    assert len(g.log.of_type("final-round")) > 1
    # AH-FINAL-04, AH-REF-19: with 1 player every hit removes a doom token
    # AH-FINAL-05, AH-WIN-04: the last doom token: banished
    end = g.log.of_type("game-over")[0]
    assert (end["outcome"], end["how"]) == ("won", "banished")


def test_final_battle_attacks_devour_and_all_devoured_lose() -> None:
    g = blank_game()
    g.controller = FirstOptionController()
    dice(g)  # every die fails
    _final(g)
    attacks = g.log.of_type("ancient-one-attacks")
    # AH-FINAL-06: the attack gets harder each round
    first = g.ancient.attack_modifier
    assert [e["modifier"] for e in attacks][:2] == [first, first + g.ancient.attack_escalation]
    assert g.ancient.attack_escalation < 0
    # AH-FINAL-07: reduced to 0 by the attack: devoured; AH-FINAL-08, AH-WIN-05: all lose
    assert all(i.devoured for i in g.state.investigators)
    assert g.log.of_type("game-over")[0]["outcome"] == "lost"


def test_win_by_closing_every_gate_with_enough_trophies() -> None:
    g = blank_game()
    a = inv(g)
    a.area = "observatory"
    a.explored = True
    inv(g, 1).area = "quayside-streets"  # no encounter of the other investigator
    a.gate_trophies = ["grey-dream-a"]
    _gate(g)
    dice(g, 6, 6, 6, 6, 6)
    g.controller = Script(close=["lore"])
    # AH-WIN-01, AH-WIN-02: no gate open and gate trophies >= players, at once
    with pytest.raises(GameOver):
        phases.arkham_encounters(g)
    end = g.log.of_type("game-over")[0]
    assert (end["outcome"], end["how"]) == ("won", "closed")
    # AH-SCORE-01: doom track - terror + trophies + investigators (AH-REF-18)
    assert end["score"] == g.ancient.doom_track + 2 + 2


def test_win_by_six_elder_signs() -> None:
    g = blank_game()
    for loc in ("drowned-chapel", "gallows-green", "observatory", "anatomy-hall", "hanging-woods"):
        g.state.sealed.add(loc)
    # AH-WIN-03
    with pytest.raises(GameOver):
        town.seal(g, "tide-mill")
    assert g.log.of_type("game-over")[0]["how"] == "sealed"


def test_first_citizen_has_the_most_gate_trophies() -> None:
    from questforge.engine.arkham.game.metrics import first_citizen

    g = blank_game()
    a, t = inv(g, 0), inv(g, 1)
    a.gate_trophies, t.gate_trophies = ["x"], ["y"]
    a.monster_trophies, t.monster_trophies = [], ["m"]
    # AH-WIN-06: most gate trophies, ties by monster trophies
    assert first_citizen(g) == t.id


def test_spending_a_gate_trophy_refills_the_gate_markers() -> None:
    g = blank_game()
    a = inv(g)
    a.gate_trophies = ["glass-city-a"]
    g.state.gate_pile.clear()
    g.controller = Script(refill_gates=[a.id])
    # AH-AWAKE-02, AH-MISC-05: the trophy goes back and the gate opens instead of awakening
    phases.open_gate(g, "tide-mill")
    assert g.state.gates["tide-mill"].marker == "glass-city-a" and not a.gate_trophies
    assert not g.state.awakened
