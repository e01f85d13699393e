"""Skill checks (AH-SKILL, AH-CHECK), evading (AH-EVADE), combat (AH-CMB), weapons and
spells (AH-WPN, AH-SPELL) and encounter monsters (AH-EMON)."""

from __future__ import annotations

from ahgame import Script, blank_game, dice, inv, place, types

from questforge.engine.arkham.game import checks, combat, status, town
from questforge.engine.core.decisions import FirstOptionController


def test_six_skills_and_special_checks_use_them() -> None:
    g = blank_game()
    a = inv(g)
    # AH-SKILL-01: six skills, read from the sliders
    values = {
        s: checks.base_skill(g, a, s) for s in ("speed", "sneak", "fight", "will", "lore", "luck")
    }
    assert all(v >= 0 for v in values.values()) and values["speed"] + values["sneak"] == 5
    # AH-CHECK-05: evade uses Sneak plus evade-only modifiers (Ada's ability: evade +1),
    # which do not change Sneak itself
    assert checks.skill(g, a, "evade") == checks.skill(g, a, "sneak") + 1
    assert checks.skill(g, a, "horror") == checks.skill(g, a, "will") + checks.modifiers(
        g, a, "horror"
    )
    assert checks.skill(g, a, "combat") == checks.skill(g, a, "fight") + checks.modifiers(
        g, a, "combat"
    )


def test_dice_equal_skill_plus_modifier_and_difficulty_defaults_to_one() -> None:
    g = blank_game()
    a = inv(g)
    dice(g, 5)
    # AH-CHECK-01, AH-CHECK-02: dice = skill + modifier; difficulty 1 by default
    assert checks.check(g, a, "luck", -1) == 1
    event = g.log.of_type("check")[-1]
    assert event["dice"] == checks.skill(g, a, "luck") - 1 and event["difficulty"] == 1
    # AH-CHECK-04, AH-REF-11: 5 and 6 succeed; successes equal to the difficulty pass
    dice(g, 6, 5, 4, 4)
    assert checks.check(g, a, "luck", 0, 2) == 1
    dice(g, 4, 4, 4, 4)
    assert checks.check(g, a, "luck", 0, 1) == 0


def test_no_dice_fails_but_clues_still_help() -> None:
    g = blank_game()
    a = inv(g)
    a.clues = 1
    dice(g, 6)
    g.controller = Script(spend_clue=["spend"])
    # AH-CHECK-03: skill + modifier <= 0 fails automatically, but clues may be spent
    assert checks.check(g, a, "lore", -10) == 1
    assert g.log.of_type("check")[-1]["dice"] == 0 and a.clues == 0


def test_clues_add_one_die_each_until_the_check_passes() -> None:
    g = blank_game()
    a = inv(g)
    a.clues = 3
    dice(g, 1, 1, 1, 1, 2, 6, 6)
    g.controller = Script(spend_clue=["spend", "spend", "spend"])
    # AH-CHECK-06: one die per clue, repeated until it passes (the third is kept)
    assert checks.check(g, a, "luck", 0) == 1
    assert a.clues == 1 and len(g.log.of_type("clue-spent")) == 2
    # AH-COMP-04: clue tokens are the bonus


def test_blessed_and_cursed_change_what_succeeds() -> None:
    g = blank_game()
    a = inv(g)
    dice(g, 4)
    assert checks.check(g, a, "lore", 1 - checks.skill(g, a, "lore")) == 0
    # AH-CHECK-07, AH-STAT-11: blessed succeed on 4-6, cursed only on 6
    status.set_blessing(g, a, "blessing")
    dice(g, 4)
    assert checks.check(g, a, "lore", 1 - checks.skill(g, a, "lore")) == 1
    status.set_blessing(g, a, "curse")
    dice(g, 5)
    assert checks.check(g, a, "lore", 1 - checks.skill(g, a, "lore")) == 0
    # AH-STAT-12: never both; the newest replaces the earlier
    assert a.cursed and not a.blessed


def test_evade_is_sneak_modified_by_awareness() -> None:
    g = blank_game()
    a = inv(g)
    token = place(g, "brine-hound", "customs-house")  # awareness +1
    dice(g, 6)
    g.controller = Script(evade_or_fight=["evade"])
    # AH-EVADE-02: Sneak check + awareness, difficulty 1; AH-EVADE-03: pass -> go on
    assert combat.meet(g, a, token) == "evaded"
    event = g.log.of_type("check")[-1]
    assert event["dice"] == checks.skill(g, a, "evade") + 1 and event["check"] == "evade"
    assert token in g.state.monsters


def test_failed_evade_deals_damage_and_starts_combat() -> None:
    g = blank_game()
    a = inv(g)
    token = place(g, "harbour-revenant", "customs-house")  # combat damage 2
    dice(g, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    g.controller = Script(evade_or_fight=["evade"], fight_or_flee=["fight"], spend_clue=[])
    result = combat.meet(g, a, token)
    # AH-EVADE-03: the monster's damage at once, then combat
    assert g.log.of_type("lost")[0]["amount"] == 2 and "combat" in types(g)
    assert result == "defeated"


def test_combat_horror_then_fight_until_defeated() -> None:
    g = blank_game(ancient="the-pale-cartographer")  # no worshipper bonus for crescents
    a = inv(g)
    token = place(g, "fog-shambler", "customs-house")  # horror -1/2, combat -1/2, toughness 1
    g.controller = Script(evade_or_fight=["fight"], fight_or_flee=["fight", "fight"])
    n_horror, n_combat = checks.skill(g, a, "horror") - 1, checks.skill(g, a, "combat") - 1
    dice(g, *[1] * n_horror, *[1] * n_combat, *[6] * n_combat)
    result = combat.meet(g, a, token)
    rolled = g.log.of_type("check")
    # AH-CMB-01: a Will (horror) check modified by the horror rating
    assert rolled[0]["check"] == "horror" and rolled[0]["dice"] == checks.skill(g, a, "horror") - 1
    # AH-CMB-02: failed: sanity lost equal to the horror damage
    assert g.log.of_type("lost")[0].data == {"investigator": a.id, "what": "sanity", "amount": 2}
    # AH-CMB-03, AH-CMB-05: fight: Fight (combat) check + combat rating vs toughness
    assert rolled[1]["check"] == "combat" and rolled[1]["difficulty"] == 1
    # AH-CMB-07: a failed combat check costs stamina; AH-CMB-09: combat goes on
    assert g.log.of_type("lost")[1]["what"] == "stamina"
    # AH-CMB-06: success: the monster is a trophy
    assert result == "defeated" and a.monster_trophies == ["fog-shambler"]
    assert token not in g.state.monsters


def test_flee_is_an_evade_check() -> None:
    g = blank_game()
    a = inv(g)
    token = place(g, "fog-shambler", "customs-house")
    dice(g, 6, 6, 6, 6, 6, 6, 6, 6)
    g.controller = Script(evade_or_fight=["fight"], fight_or_flee=["flee"])
    # AH-CMB-04: flee: an evade check; a pass ends combat at once
    assert combat.meet(g, a, token) == "fled"
    assert g.log.of_type("check")[-1]["check"] == "evade"


def test_insane_or_unconscious_ends_combat() -> None:
    g = blank_game()
    a = inv(g)
    a.stamina = 2
    token = place(g, "harbour-revenant", "customs-house")
    dice(g, 6)  # horror passes, then every combat die fails
    g.controller = Script(evade_or_fight=["fight"], fight_or_flee=["fight"])
    # AH-CMB-07, AH-CMB-09: damage to 0 stamina: unconscious, combat over
    assert combat.meet(g, a, token) == "lost"
    assert a.area == "infirmary" and token in g.state.monsters


def test_monster_abilities_in_combat() -> None:
    # AH-CMB-08: monsters change combat: ambush forbids fleeing, nightmarish hurts anyway
    g = blank_game()
    a = inv(g)
    token = place(g, "reed-maiden", "customs-house")  # ambush
    script = Script(evade_or_fight=["fight"])
    g.controller = script
    dice(g, 6, 6, 6, 6, 6, 6, 6)
    combat.meet(g, a, token)
    assert all(d.kind != "fight-or-flee" for d in script.asked)
    g2 = blank_game()
    b = inv(g2)
    moth = place(g2, "dream-moth", "customs-house")  # nightmarish
    g2.controller = Script(evade_or_fight=["fight"], fight_or_flee=["fight"])
    dice(g2, 6, 6, 6, 6, 6, 6, 6, 6)
    combat.meet(g2, b, moth)
    assert b.sanity == b.max_sanity - 1


def test_weapons_add_bonuses_within_two_hands() -> None:
    g = blank_game()
    a = inv(g)
    a.cards += ["boathook", "flare-pistol", "whaling-gun"]
    options = combat.weapon_options(g, a)
    # AH-WPN-03: never more than two hands
    assert ["whaling-gun"] in options and ["boathook", "flare-pistol"] in options
    assert all(sum(g.card(c).hands for c in o) <= 2 for o in options)
    assert ["boathook", "whaling-gun"] not in options
    # AH-WPN-01: a weapon adds its bonus without a check
    g.controller = Script(weapons=[["boathook", "flare-pistol"]])
    assert combat.weapons_bonus(g, a, "fog-shambler") == 5
    # AH-WPN-02: physical bonuses do nothing against a physically immune monster
    g.controller = Script(weapons=[["boathook", "flare-pistol"]])
    assert combat.weapons_bonus(g, a, "tide-wraith") == 0


def test_spells_are_cast_paying_sanity_and_keep_their_hands() -> None:
    g = blank_game(investigators="tobias-wren,ada-merrow")
    t = inv(g)
    t.cards += ["salt-circle", "boathook"]
    # AH-SPELL-01: pay the cost, then a Lore (spell) check with the casting modifier
    dice(g, 6)
    g.controller = Script(weapons=[["salt-circle", "boathook"]])
    assert combat.weapons_bonus(g, t, "tide-wraith") == 4  # magical works on the wraith
    assert t.sanity == t.max_sanity - 1 and "salt-circle" in t.exhausted
    # AH-SPELL-02, AH-WPN-04: a failed cast still costs and still uses its hand
    t.exhausted.clear()
    dice(g)
    g.controller = Script(weapons=[["salt-circle", "boathook"]])
    assert combat.weapons_bonus(g, t, "fog-shambler") == 2
    assert t.sanity == t.max_sanity - 2


def test_encounter_monster_is_fought_and_goes_back_to_the_cup() -> None:
    g = blank_game()
    a = inv(g)
    before = len(g.state.cup)
    dice(g, 6, 6, 6, 6, 6, 6)
    g.controller = Script(evade_or_fight=["evade"])
    # AH-EMON-01: drawn from the cup, evaded or fought; AH-EMON-02: back to the cup
    combat.encounter_monster(g, a, "customs-house")
    assert "encounter-monster" in types(g) and len(g.state.cup) == before
    assert not g.state.monsters


def test_returning_investigator_is_not_forced_to_fight_a_gate_guard() -> None:
    from questforge.engine.arkham.game import phases

    g = blank_game()
    a = inv(g)
    a.just_returned = True
    place(g, "fog-shambler", "customs-house")
    g.controller = FirstOptionController()
    # AH-CMB-10: back from an other world this round: no forced combat
    phases.arkham_move(g, a)
    assert "combat" not in types(g) and "evaded" not in types(g)


def test_worshippers_are_tougher() -> None:
    g = blank_game(ancient="the-drowned-choir")  # crescent worshippers: toughness +1
    assert town.monster_stat(g, "fog-shambler", "toughness") == 2
    assert town.monster_stat(g, "brine-hound", "toughness") == 1
