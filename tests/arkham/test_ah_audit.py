"""Rules a referee reading bot games against the catalogue found broken (the "ahaudit"
findings), each pinned by a test that failed before its fix."""

from __future__ import annotations

import contextlib

from ahgame import Script, blank_game, dice, inv, place, types

from questforge.engine.arkham.game import checks, combat, phases, status, town
from questforge.engine.arkham.game.state import GameOver, Gate


def test_every_monster_where_the_move_ends_is_faced_after_a_combat() -> None:
    # AH-MOVE-05, AH-EVADE-01: whoever ends movement with monsters evades or fights EACH
    # of them; a combat ends the move (AH-MOVE-07) but not the duty to face the others
    g = blank_game()
    a = inv(g)
    first = place(g, "ink-spider", "drowned-chapel")
    second = place(g, "harbour-revenant", "drowned-chapel")
    g.state.clues["drowned-chapel"] = 1
    dice(g, *[6] * 40)
    g.controller = Script(move=["drowned-chapel"], evade_or_fight=["fight", "evade"])
    phases.arkham_move(g, a)
    faced = [d.context["monster"] for d in g.controller.asked if d.kind == "evade-or-fight"]
    assert faced == [first.monster, second.monster]
    assert first not in g.state.monsters and "evaded" in types(g)
    # AH-MOVE-08 with AH-MOVE-07: the investigator stays and ends the move here, so the
    # clues are picked up after the monsters are dealt with
    assert a.area == "drowned-chapel" and a.clues == 1 and "drowned-chapel" not in g.state.clues


def test_a_combat_while_leaving_still_faces_the_other_monsters_there() -> None:
    # AH-MOVE-05, AH-MOVE-07: leaving an area, a combat with the first monster ends the move; the
    # investigator ends movement in that area, so the second monster must be faced too
    g = blank_game()
    a = inv(g)
    place(g, "ink-spider", "customs-house")
    place(g, "lamp-eater", "customs-house")
    dice(g, *[6] * 40)
    g.controller = Script(move=["old-town-streets"], evade_or_fight=["fight", "fight"])
    phases.arkham_move(g, a)
    assert a.area == "customs-house"
    assert [e.type for e in g.log].count("monster-defeated") == 2
    assert not g.state.monsters_at("customs-house")


def test_an_arrested_investigator_skips_the_next_round_then_acts_again() -> None:
    # AH-STAT-08: arrested -> jail, delayed, and the NEXT ROUND is skipped: the investigator
    # stands up in its Movement phase but has no encounter at the Police Station then
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    status.arrest(g, a)
    assert a.area == "constabulary" and a.delayed
    phases.begin_round(g)
    phases.upkeep(g)
    phases.movement(g)
    assert not a.delayed and "stood-up" in types(g)
    start = len(g.log)
    phases.arkham_encounters(g)
    acted = [e for e in g.log.events[start:] if e.data.get("investigator") == a.id]
    assert acted == []
    # the round after, the investigator acts normally again (an encounter or an action)
    phases.end_round(g)
    phases.begin_round(g)
    phases.movement(g)
    start = len(g.log)
    phases.arkham_encounters(g)
    assert any(
        e.type in ("encounter", "special-action") and e.data.get("investigator") == a.id
        for e in g.log.events[start:]
    )


def test_final_battle_rounds_adjust_sliders_and_trade_across_the_board() -> None:
    # AH-FINAL-02: each final-battle round begins as an upkeep: refresh, adjust the
    # sliders (within Focus), pass the first-player marker, then trade as if everyone
    # stood at one location
    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    assert a.area != b.area
    a.money = 3
    a.out_this_round = True  # knocked out in the round of the awakening: it is over now
    g.state.awakened = True
    g.state.doom = 1
    dice(g, *[6] * 60)
    g.controller = Script()
    with contextlib.suppress(GameOver):
        phases.final_battle(g)
    asked = g.controller.asked
    first_check = next(i for i, e in enumerate(g.log) if e.type == "check")
    sliders = [d for d in asked if d.kind == "sliders"]
    assert {d.actor for d in sliders} == {a.id, b.id}
    assert all(d.context["free"] is False for d in sliders)
    trades = [d for d in asked if d.kind == "trade" and d.actor == a.id]
    assert trades and f"money:{b.id}" in trades[0].options
    assert first_check > 0 and not a.out_this_round


def test_a_check_in_the_log_shows_how_its_dice_were_counted() -> None:
    # AH-CHECK-02, AH-CMB-05, AH-WPN-01: dice = skill + the check's modifier (+ weapon
    # and spell bonuses in combat); the log must show each part, or a referee cannot
    # tell whether the dice rolled were the right number
    g = blank_game()
    a = inv(g)
    a.cards.append("boathook")
    token = place(g, "ink-spider", a.area)
    dice(g, *[6] * 20)
    g.controller = Script(evade_or_fight=["fight"], weapons=[["boathook"]])
    combat.meet(g, a, token)
    horror, fight = g.log.of_type("check")[:2]
    base = checks.base_skill(g, a, "will")
    assert (horror["base"], horror["skill"]) == (base, checks.skill(g, a, "horror"))
    assert horror["modifier"] == g.monster("ink-spider").horror_rating and horror["bonus"] == 0
    assert fight["skill"] == checks.skill(g, a, "combat")
    assert fight["modifier"] == town.monster_stat(g, "ink-spider", "combat_rating")
    assert fight["bonus"] == combat.card_bonus(g, "boathook", "ink-spider") > 0
    for e in (horror, fight):
        assert e["dice"] == e["skill"] + e["modifier"] + e["bonus"]


def test_a_spell_logs_its_casting_before_the_sanity_is_paid() -> None:
    # AH-SPELL-01, AH-SPELL-02: the casting cost is paid first; the log says which spell the
    # sanity was paid for, and with which casting modifier, before the spell check
    g = blank_game()
    a = inv(g)
    spell = next(c for c in g.model.cards.values() if c.is_spell and c.sanity_cost)
    a.cards.append(spell.id)
    dice(g, *[6] * 5)
    combat.cast(g, a, spell.id)
    kinds = types(g)
    casting = g.log.of_type("casting")[0]
    assert (casting["card"], casting["cost"]) == (spell.id, spell.sanity_cost)
    assert casting["modifier"] == (spell.casting_modifier or 0)
    assert kinds.index("casting") < kinds.index("lost") < kinds.index("check")


def test_a_devoured_investigator_discards_every_card_and_the_sheet_is_shuffled_back() -> None:
    # AH-STAT-10: discard ALL cards (to the bottom of their decks, AH-MISC-01) except
    # unused trophies; the sheet goes back among the unused ones, which are shuffled, and
    # one is drawn: with every sheet in play, the player goes on with the same one, fresh
    g = blank_game(players=8)
    assert g.state.unused_investigators == []
    a = inv(g)
    a.cards.append("bandage-roll")
    a.monster_trophies = ["ink-spider"]
    a.sanity = a.stamina = 0
    g.controller = Script()
    status.devour(g, a)
    assert g.card("bandage-roll").type == "common"
    assert g.state.decks["common"].draw_pile[0] == "bandage-roll"
    assert ("discarded", "bandage-roll") in [(e.type, e.data.get("card")) for e in g.log]
    fresh = inv(g)
    assert fresh is not a and fresh.id == a.id and not fresh.devoured
    assert fresh.sanity == fresh.max_sanity and fresh.monster_trophies == ["ink-spider"]
    assert not g.finished and g.state.unused_investigators == []


def test_resistance_halves_a_bonus_rounding_up_and_immunity_cancels_it() -> None:
    # published monster abilities (the seed is silent): physical/magical resistance gives
    # half the bonus of that kind, ROUNDED UP; immunity gives none (AH-WPN-02 speaks of
    # physical bonuses that "have no effect" on some monsters)
    g = blank_game()
    assert "physical-resistance" in g.monster("bone-ferryman").abilities
    assert combat.card_bonus(g, "flare-pistol", "bone-ferryman") == 2  # 3 -> 2
    assert combat.card_bonus(g, "boathook", "bone-ferryman") == 1  # 2 -> 1
    assert combat.card_bonus(g, "fishing-knife", "bone-ferryman") == 1  # 1 -> 1
    assert "magical-resistance" in g.monster("glass-stalker").abilities
    assert combat.card_bonus(g, "tidecall", "glass-stalker") == 3  # 5 -> 3
    assert combat.card_bonus(g, "flare-pistol", "glass-stalker") == 3  # not resisted
    assert "physical-immunity" in g.monster("tide-wraith").abilities
    assert combat.card_bonus(g, "flare-pistol", "tide-wraith") == 0
    assert combat.card_bonus(g, "reliquary-blade", "tide-wraith") == 3


def test_an_elder_signs_sanity_and_stamina_are_lost_together() -> None:
    # AH-ELDER-02: 1 sanity AND 1 stamina at once; "this may leave them insane or
    # unconscious, but the seal still happens". Both at 1: both reach 0 at once, which is
    # being devoured (AH-STAT-10), not an insanity and then a second knock-out
    g = blank_game()
    a = inv(g)
    a.area, a.explored = "observatory", True
    inv(g, 1).area = "quayside-streets"
    a.cards.append("warding-stone")
    g.state.gates["observatory"] = Gate("observatory", "glass-city-a", "glass-city", 0, "diamond")
    g.state.gates["tide-mill"] = Gate("tide-mill", "glass-city-a", "glass-city", 0, "diamond")
    a.sanity = a.stamina = 1
    g.controller = Script()
    phases.arkham_encounters(g)
    assert "observatory" in g.state.sealed
    assert "knocked-out" not in types(g) and "devoured" in types(g)
    # one at 1: one knock-out only (insane), never a second discard of half the items
    g = blank_game()
    a = inv(g)
    a.area, a.explored = "observatory", True
    inv(g, 1).area = "quayside-streets"
    a.cards.append("warding-stone")
    g.state.gates["observatory"] = Gate("observatory", "glass-city-a", "glass-city", 0, "diamond")
    g.state.gates["tide-mill"] = Gate("tide-mill", "glass-city-a", "glass-city", 0, "diamond")
    a.sanity, a.stamina = 1, 3
    phases.arkham_encounters(g)
    assert [e["how"] for e in g.log.of_type("knocked-out")] == ["insane"]
    assert (a.sanity, a.stamina, a.area) == (1, 2, "sanatorium")


def test_lost_in_time_and_space_loses_the_whole_next_round() -> None:
    # AH-STAT-09: "they lose their next round": that round's upkeep adjusts no sliders and
    # no trade happens; its Movement stands them up; the Upkeep after places them
    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    b.money = 2
    status.lost_in_time(g, a)
    status.lost_in_time(g, b)
    g.controller = Script(**{"return": ["gallows-green", "gallows-green"]})
    phases.begin_round(g)
    phases.upkeep(g)
    phases.movement(g)
    assert not a.delayed and a.area == g.lost
    assert [d.kind for d in g.controller.asked] == []  # no sliders, no trade
    phases.end_round(g)
    phases.begin_round(g)
    phases.upkeep(g)
    assert a.area == "gallows-green"
    assert {d.actor for d in g.controller.asked if d.kind == "sliders"} == {a.id, b.id}


def test_the_mythos_event_names_the_cards_gate_and_clue_locations() -> None:
    # AH-MYTH-01, AH-GATE-01, AH-CLUE-01: a referee checks that the gate opened (or was
    # blocked, or surged) and the clue went (or was skipped for a gate) where the card
    # says; the log names both locations
    g = blank_game()
    g.controller = Script()
    card = g.model.mythos[g.state.mythos[0]]
    g.state.gates[card.clue] = Gate(card.clue, "glass-city-a", "glass-city", 0, "diamond")
    with contextlib.suppress(GameOver):
        phases.mythos_phase(g)
    event = g.log.of_type("mythos")[0]
    assert (event["gate"], event["clue"]) == (card.gate, card.clue)
    assert not g.log.of_type("clue-placed") and card.clue not in g.state.clues
    assert any(e.type == "clue-skipped" and e.data["location"] == card.clue for e in g.log)


def test_the_mythos_event_survives_the_json_game_log() -> None:
    # AH-MYTHA-01: the card's subtype (headline, environment, rumor) is logged under a name
    # that does not overwrite the event's own "type" in the JSON game log; the event read
    # back from the log is the same mythos event
    from questforge.engine.core.events import Event

    g = blank_game()
    g.controller = Script()
    with contextlib.suppress(GameOver):
        phases.mythos_phase(g)
    event = g.log.of_type("mythos")[0]
    back = Event.from_json(event.to_json())
    assert back.type == "mythos" and back.data == event.data
    assert event["subtype"] == g.model.mythos[event["card"]].type


def test_no_declared_event_has_a_field_named_type() -> None:
    # AH-MYTHA-01 and every other event: a field named "type" would overwrite the event's
    # type in a JSON game log (see the mythos test above); none is declared
    from questforge.engine.arkham.game.spec import EVENTS

    assert [name for name, spec in EVENTS.items() if "type" in spec.fields] == []


def test_a_spell_cast_in_combat_keeps_its_bonus_and_hands_until_the_combat_ends() -> None:
    # AH-SPELL-01 ("on a pass the spell takes effect"), AH-WPN-03, AH-WPN-04; the seed does not say
    # how long: the published game's combat spells last until the end of that combat and
    # keep their hands busy, so the spell is not recast (nor paid) each combat round
    g = blank_game(investigators="tobias-wren,ada-merrow")
    t = inv(g)
    t.cards += ["salt-circle", "boathook", "flare-pistol"]
    token = place(g, "tide-wraith", t.area)  # physical immunity: only magic counts
    # horror (1 die), spell (4 dice, passes), combat fails (4 dice); round 2: it passes
    rolls = [6] + [6, 1, 1, 1] + [1] * 4 + [6] * 8
    dice(g, *rolls)
    g.controller = Script(
        evade_or_fight=["fight"],
        weapons=[["salt-circle", "boathook"]],
        fight_or_flee=["fight", "fight"],
    )
    sanity = t.sanity
    combat.meet(g, t, token)
    assert [e.data["card"] for e in g.log if e.type == "casting"] == ["salt-circle"]
    assert t.sanity == sanity - g.card("salt-circle").sanity_cost
    armed = g.log.of_type("armed")
    assert len(armed) == 2 and all("salt-circle" in e["cards"] for e in armed)
    assert all(e["bonus"] == combat.card_bonus(g, "salt-circle", "tide-wraith") for e in armed)
    # in the second combat round only one hand was free: never the two-handed options
    second = [d for d in g.controller.asked if d.kind == "weapons"][1:]
    assert all(sum(g.card(c).hands for c in o) <= 1 for d in second for o in d.options)


def test_final_battle_rounds_use_the_investigators_upkeep_abilities() -> None:
    # AH-FINAL-02: "as in Upkeep, refresh exhausted cards, use character abilities": an
    # investigator whose ability acts in Upkeep (Hester Cole heals 1 stamina) uses it in
    # every final-battle round
    g = blank_game(investigators="hester-cole,ada-merrow")
    h = inv(g)
    assert g.model.investigators[h.id].upkeep
    h.stamina = 1
    g.state.awakened = True
    g.state.doom = 1
    dice(g, *[6] * 60)
    g.controller = Script()
    with contextlib.suppress(GameOver):
        phases.final_battle(g)
    gains = [e for e in g.log.of_type("gained") if e["investigator"] == h.id]
    first_check = next(i for i, e in enumerate(g.log) if e.type == "check")
    assert gains and g.log.events.index(gains[0]) < first_check
    assert h.stamina >= 2 or h.devoured


def test_a_monster_kept_out_of_a_sealed_location_is_logged() -> None:
    # AH-ENC-04, AH-SEAL-03: no monster appears at a sealed location, even by card text;
    # the log says why the encounter's monster did not come
    g = blank_game()
    a = inv(g)
    g.state.sealed.add(a.area)
    g.controller = Script()
    combat.encounter_monster(g, a, a.area)
    assert "encounter-monster" not in types(g)
    blocked = g.log.of_type("monster-blocked")
    assert len(blocked) == 1 and blocked[0]["location"] == a.area


def test_a_final_round_is_logged_before_its_refresh_step() -> None:
    # AH-FINAL-02: the refresh (and the abilities, sliders, trading) is step 1 OF a final
    # round: the log opens the round first, so a referee does not read it as the end of
    # the previous one
    g = blank_game(investigators="hester-cole,ada-merrow")
    h = inv(g)
    h.stamina = 1
    h.exhausted.add("boathook")
    g.state.awakened = True
    g.state.doom = 2
    dice(g, *[6] * 60)
    g.controller = Script()
    with contextlib.suppress(GameOver):
        phases.final_battle(g)
    kinds = types(g)
    assert kinds[0] == "final-round"
    assert kinds.index("refreshed") > 0 and kinds.index("gained") > 0


def test_the_route_of_a_move_avoids_monsters_when_an_equal_choice_exists() -> None:
    # AH-MOVE-03, AH-MOVE-05: the player moves area by area, so the route is theirs; the
    # engine asks only for the destination, and so takes the route that leaves the fewest
    # monster-held areas (then the shortest). Quayside -> Larkspur: via Old Town and
    # College Hill, or via Saltmarsh and Chapelgate (3 steps each); a monster waits in
    # Old Town
    g = blank_game()
    a = inv(g)
    a.area = "quayside-streets"
    a.sliders[0] = 2  # Speed 3
    assert checks.skill(g, a, "speed") == 3
    place(g, "ink-spider", "old-town-streets")
    paths = phases.reachable(g, "quayside-streets", 3)
    assert paths["larkspur-streets"] == [
        "quayside-streets",
        "saltmarsh-streets",
        "chapelgate-streets",
        "larkspur-streets",
    ]
    g.controller = Script(move=["larkspur-streets"])
    phases.arkham_move(g, a)
    assert a.area == "larkspur-streets" and "evade-or-fight" not in [
        d.kind for d in g.controller.asked
    ]
    # a longer safe route is taken when the points allow it, never a longer risky one
    g = blank_game()
    place(g, "ink-spider", "old-town-streets")
    paths = phases.reachable(g, "quayside-streets", 4)
    assert "old-town-streets" not in paths["college-hill-streets"][1:-1]
    assert len(phases.reachable(g, "quayside-streets", 2)["college-hill-streets"]) == 3


def test_cards_with_use_effects_are_used_in_upkeep() -> None:
    # AH-UPK-02, AH-COMP-05: a card's "use" effects (healing items, a healing spell) were
    # never performed; the reading: a ready card may be used in Upkeep, once a round; an
    # item that is discarded after use goes to the bottom of its deck (AH-MISC-01); a
    # spell is cast first, paying its cost (AH-SPELL-01, AH-SPELL-02), and only a pass takes effect
    g = blank_game(investigators="tobias-wren,ada-merrow")
    t = inv(g)
    t.stamina = 1
    t.cards += ["bandage-roll", "mending-rite"]
    dice(g, *[6] * 10)
    g.controller = Script(use_card=["bandage-roll", "mending-rite", "done"])
    phases.begin_round(g)
    phases.upkeep(g)
    assert t.stamina == min(1 + 2 + 2, t.max_stamina)
    assert "bandage-roll" not in t.cards and g.state.decks["common"].draw_pile[0] == "bandage-roll"
    assert "mending-rite" in t.cards and "mending-rite" in t.exhausted
    assert t.sanity == t.max_sanity - g.card("mending-rite").sanity_cost
    used = [e.data["card"] for e in g.log if e.type == "card-used"]
    assert used == ["bandage-roll", "mending-rite"]
    # a failed cast: the cost is paid, nothing healed
    g = blank_game(investigators="tobias-wren,ada-merrow")
    t = inv(g)
    t.stamina = 1
    t.cards.append("mending-rite")
    dice(g)
    g.controller = Script(use_card=["mending-rite"])
    phases.upkeep(g)
    assert t.stamina == 1 and t.sanity == t.max_sanity - 1


def test_the_bot_uses_a_healing_card_only_when_it_heals() -> None:
    # AH-UPK-02 (use effects in Upkeep): the bot uses the Bandage Roll when hurt, keeps it
    # at full stamina
    from questforge.engine.arkham.game.bots import ArkhamBot

    for stamina, used in ((1, True), (None, False)):
        g = blank_game()
        a = inv(g)
        a.stamina = stamina or a.max_stamina
        a.cards.append("bandage-roll")
        g.controller = ArkhamBot(0).attach(g)
        phases.upkeep(g)
        assert ("bandage-roll" not in a.cards) is used


def test_spells_for_evade_and_horror_checks_can_be_cast() -> None:
    # AH-SPELL-01, AH-CHECK-05: a spell whose bonus is to evade or horror checks (the
    # sample's Veil of Fog, Lantern Hymn) is cast for that check and adds its bonus; it
    # was never offered, so such spells were dead cards
    g = blank_game(investigators="tobias-wren,ada-merrow")
    t = inv(g)
    t.cards += ["fog-veil", "lantern-hymn"]
    token = place(g, "ink-spider", t.area)
    dice(g, *[6] * 40)
    g.controller = Script(evade_or_fight=["evade"], weapons=[["fog-veil"]], fight_or_flee=["fight"])
    combat.meet(g, t, token)
    evade = next(e for e in g.log.of_type("check") if e["check"] == "evade")
    assert evade["bonus"] == 3
    assert evade["dice"] == evade["skill"] + evade["modifier"] + 3
    assert "fog-veil" in t.exhausted
    # the horror check of a combat: Lantern Hymn adds +3
    g = blank_game(investigators="tobias-wren,ada-merrow")
    t = inv(g)
    t.cards.append("lantern-hymn")
    token = place(g, "ink-spider", t.area)
    dice(g, *[6] * 40)
    g.controller = Script(evade_or_fight=["fight"], weapons=[["lantern-hymn"]])
    combat.meet(g, t, token)
    horror = g.log.of_type("check")
    horror = next(e for e in horror if e["check"] == "horror")
    assert horror["bonus"] == 3 and "lantern-hymn" in t.exhausted
    asked = [d for d in g.controller.asked if d.kind == "weapons"]
    assert asked[0].context["check"] == "horror"


def test_a_delayed_investigator_may_still_trade_in_the_movement_phase() -> None:
    # AH-MOVE-09, AH-DELAY-01: trading happens in the Movement phase "before, during and
    # after movement"; a delayed investigator gets no movement points (stands up instead)
    # but still shares an area with the others, so may trade
    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    b.area = a.area
    a.money = 2
    a.delayed = True
    g.controller = Script(trade=[f"money:{b.id}", "done"])
    phases.movement(g)
    assert "stood-up" in types(g) and a.money == 1 and b.money == 1
    assert a.area == inv(g, 1).area


def test_a_world_encounter_logs_the_gate_cards_put_under_unmatched() -> None:
    # AH-OWE-01: gate cards are drawn until one matches the world's colours; the others
    # go to the bottom. The log names them, so a referee can check the colours
    g = blank_game()
    a = inv(g)
    inv(g, 1).area = "quayside-streets"
    a.area, a.stage = "glass-city", 1  # green and yellow
    colours = {c: g.model.gate_cards[c].colour for c in g.state.gate_deck}
    wrong = [c for c in g.state.gate_deck if colours[c] in ("blue", "red")][:2]
    right = next(c for c in g.state.gate_deck if colours[c] == "yellow")
    g.state.gate_deck = [*wrong, right] + [
        c for c in g.state.gate_deck if c not in wrong and c != right
    ]
    g.controller = Script()
    phases.other_world_encounters(g)
    event = g.log.of_type("world-encounter")[0]
    assert event["card"] == right and event["unmatched"] == wrong
