"""The third referee audit ("ahaudit3"): rules and log steps found broken or unreadable in
the bot games and the engine, each pinned by a test that failed before its fix."""

from __future__ import annotations

from typing import Any

from ahgame import Script, blank_game, dice, inv, place, types

from questforge.engine.arkham.game import combat, phases, status


def test_an_investigator_knocked_out_earlier_still_suffers_the_mythos() -> None:
    # AH-STAT-03: an insane investigator "does nothing more this round" - that is about
    # acting, not about being out of the game: a Mythos headline on every investigator
    # (AH-MYTHA-02) still reaches one driven insane earlier in the round
    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    g.controller = Script()
    a.sanity = 0
    status.knocked_out(g, a, "insane")
    assert a.out_this_round and a.area == "sanatorium"
    g.log.events.clear()
    phases.ability(g, g.model.mythos["mythos-09"], first=False)  # every investigator gains $2
    assert a.money == 2 and b.money == 2
    assert [e["investigator"] for e in g.log.of_type("gained")] == [a.id, b.id]


def test_a_knocked_out_investigator_loses_to_a_mythos_and_can_be_knocked_out_again() -> None:
    # AH-STAT-04, AH-MYTHA-02: a headline's loss reaches the unconscious investigator in
    # the hospital too; at 0 stamina they are unconscious once more (AH-STAT-02 again)
    g = blank_game()
    a = inv(g, 0)
    g.controller = Script()
    a.stamina = 0
    status.knocked_out(g, a, "unconscious")
    assert a.stamina == 1 and a.area == "infirmary"
    g.log.events.clear()
    phases.ability(g, g.model.mythos["mythos-07"], first=False)  # every investigator: -1 stamina
    assert [e["how"] for e in g.log.of_type("knocked-out")] == ["unconscious"]
    assert a.stamina == 1


def test_effects_after_a_knock_out_in_one_encounter_still_stop() -> None:
    # AH-STAT-03: knocked out by an encounter, the rest of that encounter does not happen
    from questforge.engine.arkham.model.types import Effect

    g = blank_game()
    a = inv(g, 0)
    g.controller = Script()
    a.sanity = 1
    g.apply(a, [Effect("lose", what="sanity", amount=1), Effect("gain", what="money", amount=3)])
    assert a.out_this_round and a.money == 0


def test_an_evade_check_names_the_monster_it_is_against() -> None:
    # AH-EVADE-02 (log): an evade check is against one monster's awareness; a failed evade
    # that knocks the investigator out was logged with no monster at all, so a referee
    # could not tell which of the monsters in the area it was. Horror and combat checks
    # name theirs too (AH-CMB-01, AH-CMB-05)
    from questforge.engine.arkham.game.narrator import Narrator

    g = blank_game()
    a = inv(g)
    a.stamina = 1
    place(g, "ink-spider", "customs-house")
    lamp = place(g, "lamp-eater", "customs-house")
    dice(g, 6, 6, 1, 1, 1, 1, 1, 1)  # the spider evaded, the lamp-eater not
    g.controller = Script(move=["old-town-streets"], evade_or_fight=["evade", "evade"])
    phases.arkham_move(g, a)
    evades = [e for e in g.log.of_type("check") if e["check"] == "evade"]
    assert [e["against"] for e in evades] == ["ink-spider", lamp.monster]
    assert "knocked-out" in types(g) and "combat" not in types(g)
    text = Narrator(g.model).event(evades[1])
    assert "against " + g.model.monsters[lamp.monster].name in text


def test_horror_and_combat_checks_name_the_monster() -> None:
    # AH-CMB-01, AH-CMB-05 (log)
    g = blank_game()
    a = inv(g)
    dice(g, *[6] * 20)
    g.controller = Script(evade_or_fight=["fight"])
    token = place(g, "ink-spider", a.area)
    combat.meet(g, a, token)
    got = {e["check"]: e["against"] for e in g.log.of_type("check")}
    assert got == {"horror": "ink-spider", "combat": "ink-spider"}


def test_a_check_names_every_standing_modifier_and_where_it_comes_from() -> None:
    # AH-CHECK-02, AH-CHECK-05 (log): the dice are the skill plus every modifier to it and
    # to the special check; the log gave only the sum ("skill 2"), so a referee could not
    # see that a card, the sheet's ability, the Ancient One and the environment each
    # counted. Each is named with its amount, and they add up to the skill
    from questforge.engine.arkham.game import checks
    from questforge.engine.arkham.game.narrator import Narrator

    g = blank_game()
    a = inv(g)  # Ada Merrow: her ability gives evade +1
    status.give(g, a, "oilskin-coat")  # sneak +1
    g.state.environment = "mythos-22"  # sneak -1
    dice(g, 6)
    checks.check(g, a, "evade", -1, label="evade")
    e = g.log.of_type("check")[0]
    assert e["modifiers"] == [
        {"source": "oilskin-coat", "amount": 1},
        {"source": "mythos-22", "amount": -1},
        {"source": "ability", "amount": 1},
    ]
    assert e["skill"] == e["base"] + sum(m["amount"] for m in e["modifiers"])
    text = Narrator(g.model).event(e)
    assert "Oilskin Coat +1" in text and "Sea legs +1" in text
    # the Ancient One's standing modifier (the Drowned Choir: horror -1) is named too
    g.log.events.clear()
    checks.check(g, a, "horror", 0, label="horror")
    e = g.log.of_type("check")[0]
    assert {"source": "the-drowned-choir", "amount": -1} in e["modifiers"]


def test_each_upkeep_effect_is_logged_with_the_card_or_ability_it_comes_from() -> None:
    # AH-UPK-02 (log): "hester-cole gains 1 stamina" in Upkeep said nothing of why; each
    # upkeep requirement is announced with its source (the sheet's ability or the card)
    # before its effects, so a referee can check it against the sheet and the cards
    from questforge.engine.arkham.game.narrator import Narrator

    g = blank_game(investigators="hester-cole,ada-merrow")
    h = inv(g)
    assert g.model.investigators[h.id].upkeep  # her sheet heals in Upkeep
    status.give(g, h, "sister-maud")  # an ally whose upkeep restores sanity
    h.stamina -= 1
    h.sanity -= 1
    g.log.events.clear()
    g.controller = Script()
    phases.upkeep(g)
    seq = [
        (e.type, e.get("source") or e.get("what"))
        for e in g.log
        if e.type in ("upkeep", "gained") and e["investigator"] == h.id
    ]
    assert seq == [
        ("upkeep", "ability"),
        ("gained", "stamina"),
        ("upkeep", "sister-maud"),
        ("gained", "sanity"),
    ]
    first = g.log.of_type("upkeep")[0]
    name = g.model.investigators[h.id].ability_name
    assert (
        Narrator(g.model).event(first)
        == f"Upkeep of {g.model.investigators[h.id].name}'s ability {name}."
    )


def test_being_lost_in_time_and_space_is_logged_with_its_reason() -> None:
    # AH-OW-04, AH-STAT-05, AH-STAT-09 (log): "moves to lost" said nothing of why; the
    # referee must see that no open gate led back to that world (naming it), that the
    # investigator was knocked out in an other world, or that a card sent them
    from questforge.engine.arkham.game.narrator import Narrator
    from questforge.engine.arkham.model.types import Effect

    g = blank_game(players=3, investigators="ada-merrow,tobias-wren,hester-cole")
    a, b, c = inv(g, 0), inv(g, 1), inv(g, 2)
    g.controller = Script()
    status.move_inv(g, a, "glass-city", 2)
    phases.leave_world(g, a)  # no gate to the Glass City is open
    status.move_inv(g, b, "glass-city", 1)
    b.sanity = 1
    status.lose(g, b, "sanity", 1)
    g.apply(c, [Effect("lost-in-time-and-space")])
    got = [(e["investigator"], e["why"], e.get("world")) for e in g.log.of_type("lost-in-time")]
    assert got == [
        (a.id, "no-gate", "glass-city"),
        (b.id, "knocked-out", "glass-city"),
        (c.id, "effect", None),
    ]
    assert all(i.area == g.lost and i.delayed for i in (a, b, c))
    text = Narrator(g.model).event(g.log.of_type("lost-in-time")[0])
    assert "no open gate" in text and "The Glass City" in text


def test_a_monster_sent_to_the_outskirts_says_why_and_an_overflow_is_logged() -> None:
    # AH-LIMIT-01/02, AH-OUT-01/02 (log): "appears at outskirts" gave no reason, and the
    # terror rise of an overflow followed a row of returns with none: the log names the
    # area it was drawn for, the monsters counted and the limit; an overflow names the
    # Outskirts' count and maximum
    from questforge.engine.arkham.game import town

    g = blank_game()  # 2 players: limit 5, Outskirts maximum 6
    limit = g.state.players + g.rules.monster_limit_base
    for _ in range(limit - 1):
        place(g, "ink-spider", "saltmarsh-streets")
    place(g, "gull-thing", g.sky)  # the Sky counts (AH-LIMIT-02)
    for _ in range(g.rules.outskirts_max(g.state.players)):
        place(g, "lamp-eater", g.outskirts)
    g.log.events.clear()
    town.place_monster(g, "tide-mill")
    appeared = g.log.of_type("monster-appeared")[0]
    assert appeared["area"] == g.outskirts
    assert (appeared["instead_of"], appeared["counted"], appeared["limit"]) == (
        "tide-mill",
        limit,
        limit,
    )
    overflow = g.log.of_type("outskirts-overflow")
    assert [(e["count"], e["max"]) for e in overflow] == [(7, 6)]
    assert types(g).index("outskirts-overflow") < types(g).index("monster-returned")
    assert g.state.terror == 1
    # under the limit nothing extra is said
    for token in list(g.state.monsters):
        town.return_monster(g, token)
    g.log.events.clear()
    town.place_monster(g, "tide-mill")
    assert "instead_of" not in g.log.of_type("monster-appeared")[0].data


def test_a_monster_held_by_an_investigator_is_logged() -> None:
    # AH-MMOVE-03/04, AH-FLY-01 (log): a monster whose symbol is in a movement box but
    # stays (an investigator in its area) was silent, so a referee reading "white:
    # [star]" could not tell a held monster from a missed one; so was a fast monster
    # stopping on entering an investigator's street
    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    status.move_inv(g, a, "quayside-streets")
    status.move_inv(g, b, "old-town-streets")
    held = place(g, "ink-spider", "quayside-streets")  # normal
    dim = g.model.monsters["ink-spider"].dimension
    fast = next(m for m in g.model.monsters.values() if m.movement == "fast")
    runner = place(g, fast.id, "quayside-streets")
    flyer_id = next(m.id for m in g.model.monsters.values() if m.movement == "flying")
    flyer = place(g, flyer_id, "quayside-streets")
    g.log.events.clear()
    boxes = {dim, fast.dimension, g.model.monsters[flyer_id].dimension}
    phases.move_monsters(g, tuple(sorted(boxes)), ())
    got = {e["uid"]: (e["area"], e["by"]) for e in g.log.of_type("monster-held")}
    assert got[held.uid] == ("quayside-streets", [a.id])
    assert got[flyer.uid] == ("quayside-streets", [a.id])
    assert got[runner.uid] == ("quayside-streets", [a.id])
    assert held.area == runner.area == flyer.area == "quayside-streets"
    # a fast monster that moves one step onto an investigator stops there (AH-MMOVE-04)
    a.area = "customs-house"
    g.log.events.clear()
    phases.move_monsters(g, (fast.dimension,), ())
    assert runner.area == "old-town-streets"
    assert [(e["uid"], e["area"], e["by"]) for e in g.log.of_type("monster-held")] == [
        (runner.uid, "old-town-streets", [b.id])
    ]


def test_the_final_battle_names_the_ancient_one_and_the_abilities_used() -> None:
    # AH-FINAL-02/03/06 (log): a battle round's "use character abilities" is announced like
    # an Upkeep's (AH-UPK-02), and the investigators' attacks and the Ancient One's attack
    # are checks against the Ancient One
    from contextlib import suppress

    from questforge.engine.arkham.game.state import GameOver

    g = blank_game(investigators="hester-cole,ada-merrow")
    h = inv(g)
    h.stamina -= 1
    g.state.awakened = True
    g.state.doom = g.ancient.doom_track
    dice(g, *[1] * 200)  # every attack misses, every defence fails: all are devoured
    g.controller = Script()
    with suppress(GameOver):
        phases.final_battle(g)
    assert g.log.of_type("upkeep")[0]["investigator"] == h.id
    checks = g.log.of_type("check")
    assert {e["label"] for e in checks} == {"final", "attack"}
    assert {e.get("against") for e in checks} == {g.state.ancient_one}


def test_the_board_mode_draws_each_neighbourhood_in_its_own_colour() -> None:
    # AH-REF-07: every neighbourhood has its colour (the published game's card backs); the
    # board mode draws its group box, its locations' borders and its street in that colour,
    # so a changed colour shows everywhere in the neighbourhood
    import copy
    import json

    from ahfixture import SAMPLE

    from questforge.editor.arkham.board_graph import board_model

    data = json.loads((SAMPLE / "board" / "harrowmere.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["neighbourhoods"][0]["colour"] = "#123456"
    hood = data["neighbourhoods"][0]["id"]
    model = board_model(data)
    colours = {h["id"]: h["colour"] for h in data["neighbourhoods"]}
    assert {g.id: g.colour for g in model.groups} == colours
    nodes = {n.id: n for n in model.nodes}
    for loc in data["locations"]:
        assert nodes[loc["id"]].border == colours[loc["neighbourhood"]]
    for street in data["streets"]:
        assert nodes[street["id"]].fill == colours[street["neighbourhood"]]
    assert any(n.border == "#123456" for n in model.nodes if n.group == hood)


def test_every_resource_change_of_a_knock_out_and_a_rumor_is_logged() -> None:
    # AH-STAT-03/04/05 (log): the sanity or stamina restored to 1 after a knock-out was set
    # without an event (the log went from "loses 4 sanity" at 1 to 1 again, unexplained);
    # AH-MYTHA-04 (log): the clues spent to pass a rumor left with no "lost" event
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    a.sanity = 1
    status.lose(g, a, "sanity", 3)
    assert a.sanity == 1
    restored = [e for e in g.log.of_type("gained") if e["what"] == "sanity"]
    # tokens stop at 0: restored from 0 to 1 is one sanity back (AH-STAT-03 "restore 1")
    assert [(e["investigator"], e["amount"]) for e in restored] == [(a.id, 1)]
    order = types(g)
    assert order.index("knocked-out") < order.index("gained")
    # a rumor passed at its location for its clues
    from questforge.engine.arkham.game.state import Rumor

    card = g.model.mythos["mythos-30"]
    assert card.rumor is not None
    g.state.rumor = Rumor(card.id, 3)
    a.clues = card.rumor.pass_cost + 1
    g.log.events.clear()
    phases.pass_rumor(g, a)
    spent = [e for e in g.log.of_type("lost") if e["what"] == "clues"]
    assert [(e["investigator"], e["amount"]) for e in spent] == [(a.id, card.rumor.pass_cost)]
    assert a.clues == 1


def test_the_setup_clues_are_logged() -> None:
    # AH-SETUP-02 (log): one clue on each unstable location was placed without an event,
    # so a later "takes 3 clues" could not be checked from the log
    from ahgame import model

    from questforge.engine.arkham.game.engine import ArkhamGame, Setup

    g = ArkhamGame(model(), Setup(2), 5)
    g.controller = Script()
    g.step()
    setup_at = types(g).index("setup")
    placed = [e["location"] for e in g.log.events[setup_at:] if e.type == "clue-placed"]
    unstable = [loc.id for loc in g.board.locations if loc.unstable]
    assert placed[: len(unstable)] == unstable


def test_the_weapons_used_show_each_cards_bonus_after_resistance_and_immunity() -> None:
    # AH-WPN-01/02, AH-SPELL-01 (log): "Armed: ... bonus 5" gave only the sum, so a
    # referee could not check a physical resistance (half, rounded up) or immunity (none),
    # or see that a failed spell gave nothing: each card is listed with what it gave and
    # its printed bonus
    from questforge.engine.arkham.game.narrator import Narrator

    g = blank_game()
    a = inv(g)
    resistant = next(
        m.id for m in g.model.monsters.values() if "physical-resistance" in m.abilities
    )
    status.give(g, a, "flare-pistol")  # physical +3
    status.give(g, a, "salt-circle")  # a spell: magical +4
    dice(g, 1, 1, 1, 1, 1, 1, 1)  # the spell check fails
    g.controller = Script(weapons=[["flare-pistol", "salt-circle"]])
    combat.weapons_bonus(g, a, resistant, [])
    armed = g.log.of_type("armed")[0]
    assert armed["each"] == [
        {"card": "flare-pistol", "amount": 2, "printed": 3},
        {"card": "salt-circle", "amount": 0, "printed": 4},
    ]
    assert armed["bonus"] == 2
    text = Narrator(g.model).event(armed)
    assert "Flare Pistol +2 (printed +3)" in text


def test_a_monster_ability_that_changes_a_combat_is_logged(monkeypatch: Any) -> None:
    # AH-CMB-08 and the published monster abilities (log): a sanity loss after a PASSED
    # horror check (nightmarish), a stamina loss after a win (overwhelming), no trophy
    # (endless) and no chance to flee (ambush) each happened with no reason in the log
    from questforge.engine.arkham.game import checks

    g = blank_game()
    a = inv(g)
    a.sanity = a.stamina = 9
    a.max_sanity = a.max_stamina = 9
    monkeypatch.setattr(checks, "skill", lambda game, i, check: 8)  # every check is rolled
    dice(g, *[6] * 80)
    g.controller = Script(evade_or_fight=["fight"] * 3)
    for mid in ("silt-titan", "cartographers-hand", "reed-maiden"):
        combat.meet(g, a, place(g, mid, a.area))
    got = [(e["monster"], e["ability"], e.get("amount")) for e in g.log.of_type("monster-ability")]
    assert got == [
        ("silt-titan", "nightmarish", 2),
        ("silt-titan", "overwhelming", 2),
        ("cartographers-hand", "endless", None),
        ("reed-maiden", "ambush", None),
    ]
    seq = types(g)
    first_loss = seq.index("lost")
    assert seq[first_loss - 1] == "monster-ability"  # the reason comes first


def test_an_arkham_move_logs_its_movement_points_and_where_they_come_from() -> None:
    # AH-MOVE-02 (log): the steps of a move were logged but not the Speed that allows
    # them, so a referee could not check that a move of three areas was within reach
    from questforge.engine.arkham.game import checks

    g = blank_game(ancient="the-pale-cartographer")  # its Speed -1 while it sleeps
    a = inv(g)
    g.controller = Script()
    phases.arkham_move(g, a)
    e = g.log.of_type("movement-points")[0]
    assert e["investigator"] == a.id
    assert e["points"] == checks.skill(g, a, "speed")
    assert {"source": "the-pale-cartographer", "amount": -1} in e["modifiers"]
    assert e["points"] == e["base"] + sum(m["amount"] for m in e["modifiers"])


def test_moved_sliders_show_the_steps_taken_against_focus() -> None:
    # AH-UPK-03 (log): "Sliders: positions [2, 3, 1]" could not be checked against the
    # Focus limit without the positions before; the event gives them, the steps and the
    # focus (none at setup, where the sliders are placed freely, AH-SETUP-10)
    g = blank_game()
    a = inv(g)
    focus = g.model.investigators[a.id].focus
    a.sliders = [1, 1, 1]
    want = [1 + focus, 1, 1] if focus <= 2 else [3, 1, 1]
    g.controller = Script(sliders=[want])
    phases.set_sliders(g, a, free=False)
    e = g.log.of_type("sliders")[0]
    assert (e["before"], e["positions"], e["steps"], e["focus"]) == (
        [1, 1, 1],
        want,
        sum(abs(x - y) for x, y in zip(want, [1, 1, 1], strict=True)),
        focus,
    )
    g.log.events.clear()
    g.controller = Script(sliders=[[0, 0, 0]])
    phases.set_sliders(g, a, free=True)
    assert g.log.of_type("sliders")[0]["focus"] is None


def test_the_sample_closes_its_three_shops_as_terror_rises() -> None:
    # AH-TERROR-04/05/06 (AH-REF-14): at 3, 6 and 9 the General Store, the Curiositie
    # Shoppe and Ye Olde Magick Shoppe close - the town's shops for common items, unique
    # items and spells. The sample closed its church at 9 (a blessing, not a shop) and
    # kept selling spells: each closure must be the place that sells that deck
    g = blank_game()
    sells = {}
    for area in g.board.locations:
        for special in area.special:
            for e in special.effects:
                if e.do in ("buy", "draw") and e.deck:
                    sells.setdefault(e.deck, set()).add(area.id)
    closures = {c.terror: c.location for c in g.rules.terror_closures}
    assert closures[3] in sells["common"]
    assert closures[6] in sells["unique"]
    assert closures[9] in sells["spell"]
    for closure in g.rules.terror_closures:
        # the board marks it too, and the occupants go to the shop's own street
        assert g.board.areas[closure.location].closes_at_terror == closure.terror
        assert closure.moves_to == g.board.exit_street(closure.location)


def test_a_one_use_weapon_is_discarded_and_a_spell_exhausts_only_when_marked() -> None:
    # AH-WPN-01, AH-MISC-01 with the card's own flags (schema: "discarded after one use",
    # "exhausted when used"): a weapon marked discard_after_use stayed in hand after its
    # combat check and could be used in every later one; a spell was exhausted on casting
    # even when its card does not say so
    import copy
    import dataclasses

    g = blank_game()
    g.model = copy.copy(g.model)
    g.model.cards = dict(g.model.cards)
    g.model.cards["blasting-charge"] = dataclasses.replace(
        g.model.cards["flare-pistol"], id="blasting-charge", discard_after_use=True
    )
    g.model.cards["steady-chant"] = dataclasses.replace(
        g.model.cards["salt-circle"], id="steady-chant", exhaust=False
    )
    a = inv(g)
    a.cards += ["blasting-charge", "steady-chant"]
    g.state.decks["common"].draw_pile.clear()
    dice(g, *[6] * 10)
    g.controller = Script(weapons=[["blasting-charge", "steady-chant"]])
    bonus = combat.weapons_bonus(g, a, "ink-spider", [])
    assert bonus == 3 + 4
    assert "blasting-charge" not in a.cards  # spent: to the bottom of its deck
    assert g.state.decks["common"].draw_pile == ["blasting-charge"]
    assert ("discarded", "blasting-charge") in [(e.type, e.get("card")) for e in g.log]
    assert "steady-chant" in a.cards and "steady-chant" not in a.exhausted
    # a spell marked exhaust (the sample's) is exhausted by its casting, as before
    a.cards.append("salt-circle")
    g.controller = Script(weapons=[["salt-circle"]])
    combat.weapons_bonus(g, a, "ink-spider", [])
    assert "salt-circle" in a.exhausted


def test_an_environments_effects_happen_each_mythos_phase_it_stays() -> None:
    # AH-MYTHA-03: an Environment's special text "remains in play" for several rounds,
    # and the content format says its effects happen "each Mythos phase it stays"; they
    # happened once, on arrival, like a headline's. They stop when another replaces it
    g = blank_game()
    a, b = inv(g, 0), inv(g, 1)
    g.controller = Script()
    start = (a.sanity, b.sanity)
    phases.ability(g, g.model.mythos["mythos-25"], first=False)  # all lose 1 sanity
    assert (a.sanity, b.sanity) == (start[0] - 1, start[1] - 1)
    phases.ability(g, g.model.mythos["mythos-02"], first=False)  # a headline; it stays
    assert (a.sanity, b.sanity) == (start[0] - 2, start[1] - 2)
    assert g.state.environment == "mythos-25"
    phases.ability(g, g.model.mythos["mythos-19"], first=False)  # replaced
    phases.ability(g, g.model.mythos["mythos-02"], first=False)
    assert (a.sanity, b.sanity) == (start[0] - 2, start[1] - 2)
    assert [e["card"] for e in g.log.of_type("environment-effects")] == ["mythos-25"]
