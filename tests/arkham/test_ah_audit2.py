"""The second referee audit ("ahaudit2"): rules found open, partly done or broken in the
bot games and the engine, each pinned by a test that failed before its fix."""

from __future__ import annotations

import copy
import dataclasses

from ahgame import Script, blank_game, dice, inv, place, types

from questforge.engine.arkham.game import combat, phases, status
from questforge.engine.arkham.game.bots import ArkhamBot
from questforge.engine.arkham.game.state import Gate


def _gate(location: str) -> Gate:
    return Gate(location, "glass-city-a", "glass-city", 0, "diamond")


def test_the_player_orders_their_own_simultaneous_upkeep_effects() -> None:
    # AH-MISC-06, AH-UPK-02: upkeep requirements of several cards happen "in any order the
    # player chooses": the investigator is asked, and the log shows the order and who chose
    g = blank_game()
    a = inv(g)
    status.give(g, a, "harbour-retainer")
    status.give(g, a, "lantern-blessing")
    g.log.events.clear()
    # the Blessing's roll first (a 1: discarded), then the retainer's pay and roll (a 6)
    dice(g, 1, 6)
    g.controller = Script(order_upkeep=["lantern-blessing"])
    phases.upkeep(g)
    asked = [d for d in g.controller.asked if d.kind.startswith("order-")]
    assert [d.actor for d in asked] == [a.id]
    assert list(asked[0].options) == ["harbour-retainer", "lantern-blessing"]
    ordered = g.log.of_type("ordered")
    assert [(e["by"], e["what"], e["order"]) for e in ordered] == [
        (a.id, "upkeep", ["lantern-blessing", "harbour-retainer"])
    ]
    seq = [e.type for e in g.log if e.type in ("rolled", "gained", "blessing")]
    assert seq[:2] == ["rolled", "blessing"]  # the Blessing's roll came first
    assert "gained" in seq[2:]


def test_the_first_player_orders_a_monster_surge_and_the_limit_follows_that_order() -> None:
    # AH-MISC-06, AH-GATE-02: where a surge's monsters go is the players' to decide, the
    # first player deciding: the order chosen decides which gate's monster goes to the
    # Outskirts once the limit (AH-LIMIT-01, AH-OUT-01) is reached
    g = blank_game()
    for loc in ("tide-mill", "gallows-green"):
        g.state.gates[loc] = _gate(loc)
    limit = g.state.players + g.rules.monster_limit_base
    for _ in range(limit - 1):
        place(g, "ink-spider", "saltmarsh-streets")
    g.controller = Script(order_surge=["tide-mill"])
    phases.monster_surge(g, "gallows-green")
    asked = [d for d in g.controller.asked if d.kind.startswith("order-")]
    assert [d.actor for d in asked] == ["players"]
    assert list(asked[0].options) == ["gallows-green", "tide-mill"]  # the card's gate listed first
    appeared = [e["area"] for e in g.log.of_type("monster-appeared")]
    assert appeared == ["tide-mill", g.outskirts]
    first = g.state.order()[0].id
    assert [(e["by"], e["order"]) for e in g.log.of_type("ordered")] == [
        (first, ["tide-mill", "gallows-green"])
    ]


def test_the_bot_orders_simultaneous_effects_in_the_stated_order() -> None:
    # AH-MISC-06: the bots answer with the engine's stated order (the surge's named gate
    # first, then by id), so the same seed orders the same way
    g = blank_game()
    for loc in ("tide-mill", "gallows-green", "observatory"):
        g.state.gates[loc] = _gate(loc)
    g.controller = ArkhamBot(0).attach(g)
    phases.monster_surge(g, "tide-mill")
    assert g.log.of_type("ordered")[0]["order"] == ["tide-mill", "gallows-green", "observatory"]
    assert [e["area"] for e in g.log.of_type("monster-appeared")] == [
        "tide-mill",
        "gallows-green",
        "observatory",
    ]
    assert "monster-surge" in types(g)


def test_an_arrested_investigator_is_in_the_jail_cell_not_the_police_station() -> None:
    # AH-STAT-08: "goes to the Jail Cell at the Police Station, not the main area" (the
    # Jail Cell a sub-area of it, AH-REF-01, AH-REF-06): while jailed the investigator is not at
    # the location, so a monster there is not held (AH-MMOVE-03), a clue placed there is
    # not taken (AH-CLUE-02) and nobody in the main area trades with them (AH-MOVE-09)
    from questforge.engine.arkham.game.view import render

    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    g.controller = Script()
    status.arrest(g, a)
    assert a.area == "constabulary" and a.jailed
    assert a not in g.state.investigators_at("constabulary")
    assert "@" + a.id + "(jail cell)" in render(g)
    token = place(g, "ink-spider", "constabulary")
    phases.move_monsters(g, ("star",), ())
    assert token.area == "old-town-streets"
    phases.place_clue(g, "constabulary")
    assert a.clues == 0 and g.state.clues["constabulary"] == 1
    status.move_inv(g, b, "constabulary")
    b.money = 3
    phases.trade(g, b)
    assert not [d for d in g.controller.asked if d.kind == "trade"]


def test_an_arrested_investigator_is_released_into_the_main_area_when_standing_up() -> None:
    # AH-STAT-08: in the Movement phase of the round lost "they stand up and move to the
    # Police Station main area", logged; from then on they are at the location
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    status.arrest(g, a)
    phases.end_round(g)
    phases.begin_round(g)
    phases.upkeep(g)
    assert a.jailed
    phases.movement(g)
    assert not a.jailed and a.area == "constabulary"
    assert [(e["investigator"], e["location"]) for e in g.log.of_type("released")] == [
        (a.id, "constabulary")
    ]
    assert a in g.state.investigators_at("constabulary")


def test_a_retainer_pays_then_rolls_to_stay_and_leaves_on_a_failed_roll() -> None:
    # AH-UPK-02: "a retainer pays $2, then the player rolls to see whether the retainer
    # stays until the next round" - the sample retainer's failed roll discards it (it
    # cost a clue and stayed for good before); a passed roll keeps it
    g = blank_game()
    a = inv(g)
    status.give(g, a, "harbour-retainer")
    g.controller = Script()
    dice(g, 4)
    phases.upkeep(g)
    assert a.money == 2 and "harbour-retainer" in a.cards
    a.clues = 1
    dice(g, 1)
    phases.upkeep(g)
    assert a.money == 4 and "harbour-retainer" not in a.cards and a.clues == 1
    assert g.state.decks["special"].draw_pile[0] == "harbour-retainer"  # AH-MISC-01


def test_the_board_shows_both_sides_of_every_monster_in_play() -> None:
    # AH-COMP-09: a monster marker has a movement side and a combat side and "any player
    # may look at either side at any time": the text board a player reads lists both,
    # with the Ancient One's worshipper changes (toughness, combat rating) applied
    from questforge.engine.arkham.game import town
    from questforge.engine.arkham.game.view import render

    g = blank_game()
    place(g, "ink-spider", "saltmarsh-streets")
    place(g, "gull-thing", g.sky)
    m = g.monster("ink-spider")
    text = render(g)
    line = next(x for x in text.splitlines() if x.strip().startswith(m.name + ":"))
    assert f"{m.dimension}, {m.movement}, awareness {m.awareness:+d}" in line
    assert f"horror {m.horror_rating:+d}/{m.horror_damage}" in line
    tough = town.monster_stat(g, "ink-spider", "toughness")
    combat_rating = town.monster_stat(g, "ink-spider", "combat_rating")
    assert f"combat {combat_rating:+d}/{m.combat_damage}, toughness {tough}" in line
    assert any(x.strip().startswith(g.monster("gull-thing").name + ":") for x in text.splitlines())


def test_a_no_hand_spell_goes_with_two_one_handed_weapons() -> None:
    # AH-WPN-03: "never more than two hands' worth of weapons and spells" - the limit is
    # on hands, so a combat spell needing no hand is used beside two one-handed weapons
    # (the options stopped at two cards)
    g = blank_game()
    g.model = copy.copy(g.model)
    g.model.cards = dict(g.model.cards)
    g.model.cards["pocket-ward"] = dataclasses.replace(
        g.model.cards["salt-circle"], id="pocket-ward", hands=0
    )
    a = inv(g)
    a.cards += ["boathook", "flare-pistol", "pocket-ward"]
    options = combat.weapon_options(g, a)
    assert ["boathook", "flare-pistol", "pocket-ward"] in options
    assert all(sum(g.card(c).hands for c in o) <= 2 for o in options)


def test_buying_pays_the_list_price_of_the_card_chosen_and_the_rest_go_under() -> None:
    # AH-MISC-03: items are bought at "the listed price" ("or e.g. $1 over list price"):
    # the sample shops draw three and the investigator may buy one it can pay for, at that
    # card's price (a flat $3 for a random card before); the rest go to the bottom of the
    # deck (AH-MISC-01)
    from questforge.engine.arkham.model.types import Effect

    g = blank_game()
    a = inv(g)
    a.money = 5
    deck = g.state.decks["common"]
    for cid in ("whaling-gun", "boathook", "bandage-roll"):
        deck.draw_pile.remove(cid)
        deck.draw_pile.append(cid)  # the top is the end: drawn bandage, boathook, gun
    g.controller = Script(buy=["boathook"])
    g.apply(a, [Effect("buy", deck="common", count=3, modifier=1)], a.area)
    offer = g.log.of_type("offered")[0]
    assert offer["cards"] == ["bandage-roll", "boathook", "whaling-gun"]
    assert offer["prices"] == [3, 4, 7]  # list price + $1
    asked = next(d for d in g.controller.asked if d.kind == "buy")
    assert list(asked.options) == ["none", "bandage-roll", "boathook"]  # $7 is too dear
    assert a.money == 1 and "boathook" in a.cards
    assert deck.draw_pile[:2] == ["whaling-gun", "bandage-roll"]


def test_the_sample_shops_sell_at_list_price() -> None:
    # AH-MISC-03, AH-REF-20: the General Store and Curiositie Shoppe of the sample town
    # draw three cards to buy one at list price
    g = blank_game()
    for loc, deck in (("net-lofts", "common"), ("curio-cabinet", "unique")):
        effects = [e for s in g.board.areas[loc].special for e in s.effects]
        assert [(e.do, e.deck, e.count) for e in effects] == [("buy", deck, 3)]


def test_an_upkeep_roll_names_the_card_it_is_for() -> None:
    # AH-UPK-02: a referee reading "rolls [1]" in Upkeep must see whose roll it is (the
    # Blessing's, the retainer's): the rolled event names the card
    g = blank_game()
    a = inv(g)
    status.give(g, a, "lantern-blessing")
    g.log.events.clear()
    g.controller = Script()
    dice(g, 1)
    phases.upkeep(g)
    rolled = g.log.of_type("rolled")
    assert [(e["card"], e["rolls"], e["passed"]) for e in rolled] == [
        ("lantern-blessing", [1], False)
    ]


def test_the_sheet_sets_the_investigators_values_and_the_marker_stands_at_home() -> None:
    # AH-COMP-03: the sheet records attributes, skills and starting equipment, and the
    # marker shows where the investigator is: after setup each investigator's sanity,
    # stamina, money and clues are the sheet's, the skills read from its slider pairs at
    # the chosen positions, its fixed cards are held, and the marker is at its home
    from ahgame import model

    from questforge.engine.arkham.game import checks
    from questforge.engine.arkham.game.engine import ArkhamGame, Setup

    g = ArkhamGame(model(), Setup(2, "the-drowned-choir", "hester-cole,jonah-pike"), 3)
    g.controller = Script()
    phases.setup(g)
    ready = {e["investigator"]: e for e in g.log.of_type("investigator-ready")}
    for i in g.state.investigators[:2]:
        sheet = g.model.investigators[i.id]
        assert ready[i.id]["area"] == sheet.home
        assert (i.max_sanity, i.max_stamina) == (sheet.sanity, sheet.stamina)
        assert (ready[i.id]["sanity"], ready[i.id]["stamina"]) == (sheet.sanity, sheet.stamina)
        assert (ready[i.id]["money"], ready[i.id]["clues"]) == (sheet.money, sheet.clues)
        assert set(sheet.cards) <= set(i.cards)
        for slider, pos in zip(sheet.sliders, i.sliders, strict=True):
            assert checks.base_skill(g, i, slider.top) == slider.top_values[pos]
            assert checks.base_skill(g, i, slider.bottom) == slider.bottom_values[pos]


def test_a_defeated_monster_is_logged_with_its_marker() -> None:
    # AH-CMB-06: with two markers of one kind on the board, the log must say which one was
    # defeated and taken as a trophy (the event named only the kind)
    g = blank_game()
    a = inv(g)
    place(g, "ink-spider", "saltmarsh-streets")
    second = place(g, "ink-spider", a.area)
    dice(g, *[6] * 20)
    g.controller = Script(evade_or_fight=["fight"])
    assert combat.meet(g, a, second) == "defeated"
    assert [(e["monster"], e["uid"]) for e in g.log.of_type("monster-defeated")] == [
        ("ink-spider", second.uid)
    ]


def test_both_sanity_and_stamina_gone_in_an_other_world_is_lost_in_time_and_space() -> None:
    # AH-STAT-05 (the seed: "stamina and/or sanity at 0 or less" in an other world): lost
    # in time and space with both raised to at least 1 and delayed, not devoured; in
    # Arkham both at once still devour (AH-STAT-10)
    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    g.controller = Script()
    status.move_inv(g, a, "grey-dream", 1)
    status.lose_together(g, a, {"sanity": a.sanity, "stamina": a.stamina})
    assert not a.devoured and a in g.state.investigators
    assert a.area == g.lost and a.delayed and (a.sanity, a.stamina) == (1, 1)
    status.lose_together(g, b, {"sanity": b.sanity, "stamina": b.stamina})
    assert b.devoured


def test_a_check_says_which_die_succeeds_when_blessed_or_cursed() -> None:
    # AH-CHECK-07, AH-STAT-11: a blessed "[2, 4]: 1 success" is right only on 4+; the log
    # says what succeeded, so a referee can count the successes
    from questforge.engine.arkham.game import checks
    from questforge.engine.arkham.game.narrator import Narrator

    g = blank_game()
    a = inv(g)
    g.controller = Script()
    status.set_blessing(g, a, "blessing")
    dice(g, 2, 4)
    a.sliders = [0, 0, 0]
    checks.check(g, a, "luck", 10, 1)
    e = g.log.of_type("check")[-1]
    assert (e["success_on"], e["successes"]) == (4, 1)
    assert "on 4+" in Narrator(g.model).event(e)
    status.set_blessing(g, a, "curse")
    checks.check(g, a, "luck", 0, 1)
    assert g.log.of_type("check")[-1]["success_on"] == 6


def test_a_won_game_names_its_first_citizen_in_the_log() -> None:
    # AH-WIN-06: on a win, the First Citizen of Arkham (most gate trophies, ties by
    # monster trophies) is part of the game's end in the log, beside the score
    import pytest

    from questforge.engine.arkham.game.state import GameOver

    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    a.gate_trophies, b.gate_trophies = ["x"], ["y", "z"]
    with pytest.raises(GameOver):
        g.finish("won", "closed")
    end = g.log.of_type("game-over")[-1]
    assert end["first_citizen"] == b.id and "score" in end.data


def test_a_unique_mover_does_not_leave_an_investigator_either() -> None:
    # AH-MMOVE-03: "a monster in an area with an investigator when monsters move does not
    # leave" - for every monster, also one moving by its own rule (AH-MMOVE-05); a
    # random-street mover left an investigator's street
    g = blank_game()
    g.model = copy.copy(g.model)
    g.model.monsters = dict(g.model.monsters)
    g.model.monsters["wet-thing"] = dataclasses.replace(
        g.model.monsters["wet-thing"], unique_move="random-street"
    )
    a = inv(g)
    status.move_inv(g, a, "saltmarsh-streets")
    token = place(g, "wet-thing", "saltmarsh-streets")
    phases.move_monsters(g, ("square",), ())
    assert token.area == "saltmarsh-streets"
    status.move_inv(g, a, "reed-hollow")
    g.log.events.clear()
    phases.move_monsters(g, ("square",), ())  # nobody there now: it moves by its rule
    assert [e["uid"] for e in g.log.of_type("monster-moved")] == [token.uid]
    assert token.area in {s.id for s in g.board.streets}


def test_a_flyer_swooping_names_the_investigator_with_the_lowest_sneak() -> None:
    # AH-FLY-02, AH-FLY-04: from the Sky a flyer swoops at the investigator in a street with the
    # lowest Sneak; the log names them and that Sneak so the choice can be checked
    from questforge.engine.arkham.game import checks

    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    status.move_inv(g, a, "saltmarsh-streets")
    status.move_inv(g, b, "quayside-streets")
    g.controller = Script()
    low = min((a, b), key=lambda i: (checks.skill(g, i, "sneak"), g.state.order().index(i)))
    token = place(g, "gull-thing", g.sky)
    phases.move_monsters(g, (g.monster("gull-thing").dimension,), ())
    moved = g.log.of_type("monster-moved")[-1]
    assert token.area == low.area
    assert (moved["toward"], moved["sneak"]) == (low.id, checks.skill(g, low, "sneak"))


def test_the_first_player_breaks_a_flyers_tie_between_streets() -> None:
    # AH-FLY-02: "if several connected streets hold investigators, it flies toward the
    # investigator with the lowest Sneak ... the first player breaks ties": a tie is a
    # decision of the first player (the players' actor), not a fixed order
    from questforge.engine.arkham.game import checks

    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    status.move_inv(g, a, "saltmarsh-streets")
    status.move_inv(g, b, "quayside-streets")
    b.sliders = list(a.sliders)
    g.model = copy.copy(g.model)
    g.model.investigators = dict(g.model.investigators)
    g.model.investigators[b.id] = g.model.investigators[a.id]  # the same sheet: a tie
    assert checks.skill(g, a, "sneak") == checks.skill(g, b, "sneak")
    g.controller = Script(fly_tie=["quayside-streets"])
    token = place(g, "gull-thing", g.sky)
    phases.move_monsters(g, (g.monster("gull-thing").dimension,), ())
    asked = [d for d in g.controller.asked if d.kind == "fly-tie"]
    assert [(d.actor, list(d.options)) for d in asked] == [
        ("players", ["saltmarsh-streets", "quayside-streets"])
    ]
    assert token.area == "quayside-streets"
    assert g.log.of_type("monster-moved")[-1]["toward"] == b.id
