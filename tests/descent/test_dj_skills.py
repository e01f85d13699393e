"""Skill effects the engine plays (DJ-SKILL). Our pack's skills are original cards; each
test builds a skill with the effect a catalogue entry describes and checks the rule."""

from __future__ import annotations

from djgame import hero, new_game, of, put

from questforge.engine.descent.game.combat import hero_profile
from questforge.engine.descent.game.heroes import hero_turn, step_options
from questforge.engine.descent.game.overlord import offer_trap, overlord_turn
from questforge.engine.descent.model import AttackBonus, Item, Skill


def skill(**effects: object) -> Skill:
    return Skill("s", "S", "fighting", "", **effects)  # type: ignore[arg-type]


def _hero_with(*skills: Skill):  # type: ignore[no-untyped-def]
    game, script = new_game(answers={"power-dice": 0})
    h = hero(game)
    h.skills = list(skills)
    return game, script, h


def test_action_skills_recover_fatigue() -> None:
    # DJ-SKILL-M01 (on Battle), DJ-SKILL-M05 (on Advance)
    for action, rule in (("battle", "M01"), ("advance", "M05")):
        game, _, h = _hero_with(skill(on_action=(action, 1)))
        game.monsters.clear()
        game.controller.answers.update({"action": action, "step": {"do": "end"}})
        h.fatigue = 0
        hero_turn(game, h)
        assert h.fatigue == 1, rule


def test_battle_cry_restores_fatigue_to_nearby_heroes() -> None:
    # DJ-SKILL-M01: on Battle the hero *and the heroes around* recover 1 fatigue; a hero
    # out of the radius does not, and without a radius the card is the hero's own
    cry = Skill("cry", "Cry", "fighting", "", on_action=("battle", 1), on_action_radius=1)
    for mate_cell, mate_gains in (((1, 1), True), ((0, 2), False)):
        game, _, h = _hero_with(cry)
        mate = hero(game, 1)
        game.monsters.clear()
        put(h, (0, 0))
        put(mate, mate_cell)
        game.controller.answers.update({"action": "battle", "step": {"do": "end"}})
        h.fatigue = mate.fatigue = 0
        hero_turn(game, h)
        assert h.fatigue == 1
        assert mate.fatigue == (1 if mate_gains else 0), mate_cell
    game, _, h = _hero_with(skill(on_action=("battle", 1)))
    mate = hero(game, 1)
    game.monsters.clear()
    put(h, (0, 0))
    put(mate, (1, 0))
    game.controller.answers.update({"action": "battle", "step": {"do": "end"}})
    h.fatigue = mate.fatigue = 0
    hero_turn(game, h)
    assert (h.fatigue, mate.fatigue) == (1, 0)


def test_battle_cry_radius_is_read_from_the_card() -> None:
    # DJ-SKILL-M01: the format carries the radius (`on_action.radius`)
    card = Skill.load(
        {
            "id": "c",
            "name": "C",
            "deck": "fighting",
            "text": "",
            "effects": {"on_action": {"action": "battle", "fatigue": 1, "radius": 1}},
        }
    )
    assert (card.on_action, card.on_action_radius) == (("battle", 1), 1)


def test_attack_bonus_skills() -> None:
    # DJ-SKILL-M08 weapon mastery (+2 surges melee), DJ-SKILL-M09 mighty (+2 damage melee),
    # DJ-SKILL-R08 marksman (+3 range), DJ-SKILL-R10 master archer (+2 surges ranged),
    # DJ-SKILL-G04 inner fire (+2 range +1 damage), DJ-SKILL-G05 prodigy (+2 surges magic)
    _game, _, h = _hero_with(
        skill(attack=AttackBonus("melee", surges=2)), skill(attack=AttackBonus("melee", damage=2))
    )
    prof = hero_profile(h)
    assert prof is not None and (prof.extra_surges, prof.damage) == (2, 2)
    h.weapon = Item("bow", "Bow", "shop", "weapon", hands=2, attack="ranged", dice=("sure",))
    h.skills = [
        skill(attack=AttackBonus("ranged", range=3)),
        skill(attack=AttackBonus("ranged", surges=2)),
        skill(attack=AttackBonus("ranged-magic", range=2, damage=1)),
        skill(attack=AttackBonus("magic", surges=2)),
    ]
    prof = hero_profile(h)
    assert prof is not None and (prof.range, prof.extra_surges, prof.damage) == (5, 2, 1)


def test_armor_skills_by_attack_type() -> None:
    # DJ-SKILL-M10 parry, DJ-SKILL-R06 deflect arrows, DJ-SKILL-G09 willpower
    _game, _, h = _hero_with(skill(armor_vs={"melee": 1}), skill(armor_vs={"ranged": 1}))
    base = h.base_armor + (h.armor_item.armor if h.armor_item else 0)
    assert h.armor_against("melee") == base + 1
    assert h.armor_against("ranged") == base + 1
    h.skills = [skill(armor_vs={"magic": 1})]
    assert h.armor_against("magic") == base + 1 and h.armor_against("melee") == base


def test_tough_skilled_swift() -> None:
    # DJ-SKILL-M12 tough (+wounds), DJ-SKILL-R02 skilled (+fatigue) are applied at setup:
    # the fixture's "tough" card adds 2 wounds (hero 10 -> 12)
    _game, _, h = _hero_with()
    assert h.max_wounds == 12
    # DJ-SKILL-R03 swift: the armor's speed limit first, then +2
    h.armor_item = Item("plate", "Plate", "gold", "armor", armor=3, max_speed=3)
    h.skills = [skill(speed=2)]
    assert h.speed == 5


def test_immunities() -> None:
    # DJ-SKILL-M14: ignores knockback, stun, web, ...
    from questforge.engine.descent.game.combat import _conditions

    game, _, h = _hero_with(skill(immune=frozenset({"stun", "web"})))
    _conditions(game, h, {"stun": 1, "web": 1, "burn": 1}, 2)
    assert (h.conditions["stun"], h.conditions["web"], h.conditions["burn"]) == (0, 0, 1)


def test_terrain_skills() -> None:
    # DJ-SKILL-R01 acrobat, DJ-SKILL-G13 wind pact (pits), DJ-SKILL-G15 fire pact (lava),
    # DJ-SKILL-G16 water pact (water)
    from djgame import pack_files

    files = pack_files()
    files["quests/q.json"]["terrain"] = [
        {"type": "water", "cells": [[1, 2]]},
        {"type": "pit", "cells": [[2, 1]]},
        {"type": "lava", "cells": [[2, 2]]},
    ]
    game, _ = new_game(files)
    h = hero(game)
    put(h, (0, 2))
    put(hero(game, 1), (0, 0))
    assert (1, 2) not in game.geometry.reachable(h, 1)
    h.skills = [skill(ignore=frozenset({"water", "pit", "lava"}))]
    assert (1, 2) in game.geometry.reachable(h, 1)
    from questforge.engine.descent.game.heroes import move_hero

    before = h.wounds
    move_hero(game, h, [[1, 2], [2, 1], [2, 2]])
    assert h.wounds == before and not of(game, "fell-in-pit")


def test_cautious_costs_the_overlord_threat() -> None:
    # DJ-SKILL-R09: the Overlord gains 1 threat fewer per turn
    game, _, _h = _hero_with(skill(threat=-1))
    game.monsters.clear()
    game.controller.answers["overlord-play"] = {"play": "done"}
    game.deck = [game.pack.overlord_cards["dart"]] * 4
    before = game.threat
    overlord_turn(game)
    assert game.threat == before + 1  # two heroes, one cautious


def test_burglar_opens_cheaply_and_traps_cost_more() -> None:
    # DJ-SKILL-R15: doors and chests cost 1; traps in response cost +1 threat
    game, _, h = _hero_with(skill(door_cost=1, trap_threat=1))
    put(h, (2, 0))
    assert {"do": "open-door", "door": "d1", "cost": 1} in step_options(game, h, 1, 0, True, False)
    game.hand = [game.pack.overlord_cards["dart"]]
    game.threat = 2  # the card costs 2: not enough with the burglar's +1
    offer_trap(game, "chest-opened", h)
    assert not of(game, "trap-sprung")
    game.threat = 3
    game.controller.answers["trap"] = "dart"
    offer_trap(game, "chest-opened", h)
    assert of(game, "trap-sprung") and game.threat == 0


def test_burglar_trap_threat_is_its_own_field_and_holds_for_every_action() -> None:
    # DJ-SKILL-R15: the +1 is for trap cards played in response to the hero's actions -
    # a cheap-doors card that does not say it costs the Overlord nothing more, and the +1
    # also holds for a trap on the hero's move; an event card costs what it says
    from dataclasses import replace

    game, _, h = _hero_with(skill(door_cost=1))
    dart = game.pack.overlord_cards["dart"]
    game.hand = [dart]
    game.threat = 2
    game.controller.answers["trap"] = "dart"
    offer_trap(game, "chest-opened", h)
    assert of(game, "trap-sprung") and game.threat == 0
    game, _, h = _hero_with(skill(trap_threat=1))
    put(h, (1, 1))
    game.hand = [replace(dart, trigger="hero-moves")]
    game.threat = 2
    game.controller.answers["trap"] = "dart"
    offer_trap(game, "hero-moves", h)
    assert not of(game, "trap-sprung")
    game.threat = 3
    offer_trap(game, "hero-moves", h)
    assert of(game, "trap-sprung") and game.threat == 0
    game.hand = [replace(dart, type="event", trigger="hero-moves", damage=0)]
    game.threat = 2
    offer_trap(game, "hero-moves", h)
    assert of(game, "overlord-played")[-1]["cost"] == 2


def test_wind_pact_makes_the_overlord_discard_when_an_area_is_revealed() -> None:
    # DJ-SKILL-G13: whenever a new area is revealed the Overlord discards one card from
    # hand: the Overlord's choice, no threat for it (not a DJ-REF-27 discard), once per area
    for pact, lost in ((1, 1), (0, 0)):
        game, _, _h = _hero_with(skill(reveal_discard=pact))
        deck = game.pack.overlord_cards
        game.hand = [deck["dart"], deck["omen"]]
        game.discard = []
        game.threat = 0
        game.controller.answers["overlord-discard"] = "omen"
        game.reveal("gallery")
        game.reveal("gallery")  # already revealed: nothing more
        assert sorted(c.id for c in game.hand) == (["dart"] if lost else ["dart", "omen"]), pact
        assert [c.id for c in game.discard] == (["omen"] if lost else [])
        assert len(of(game, "overlord-card-lost")) == lost
        assert game.threat == 0 and not of(game, "overlord-discarded")


def test_wind_pact_is_read_from_the_card() -> None:
    # DJ-SKILL-G13: the format carries the discard (`effects.reveal_discard`)
    data = {"id": "w", "name": "W", "deck": "wizardry", "text": ""}
    card = Skill.load({**data, "effects": {"reveal_discard": 1, "ignore": ["pit"]}})
    assert card.reveal_discard == 1 and "pit" in card.ignore


def test_fire_pact_ignores_burn() -> None:
    # DJ-SKILL-G15: ignores Burn
    from questforge.engine.descent.game.combat import _conditions

    game, _, h = _hero_with(skill(immune=frozenset({"burn"}), ignore=frozenset({"lava"})))
    _conditions(game, h, {"burn": 1}, 3)
    assert h.conditions["burn"] == 0


def test_attack_bonus_applies_to_the_right_type() -> None:
    assert AttackBonus("ranged-magic").applies("magic") and not AttackBonus("ranged-magic").applies(
        "melee"
    )
    assert AttackBonus("any").applies("melee") and not AttackBonus("melee").applies("ranged")


def test_extra_attacks_for_fatigue() -> None:
    # DJ-SKILL-M04 able warrior (Advance, 2 fatigue), DJ-SKILL-R04 rapid fire (ranged, each
    # 2 fatigue), DJ-SKILL-G07 quick casting (magic, 2 fatigue, once: the card is exhausted)
    able = Skill("able", "Able", "fighting", "", extra_attack=("melee", 2, "advance", False))
    game, _, h = _hero_with(able)
    h.fatigue = 4
    h.turn_action = "advance"
    opts = step_options(game, h, 0, 0, True, False)
    assert {"do": "fatigue-attack", "skill": "able", "fatigue": 2} in opts
    h.turn_action = "battle"
    assert not [o for o in step_options(game, h, 0, 0, True, False) if o["do"] == "fatigue-attack"]
    quick = Skill("quick", "Quick", "wizardry", "", extra_attack=("magic", 2, None, True))
    h.skills = [quick]
    h.weapon = Item("rod", "Rod", "shop", "weapon", hands=2, attack="magic", dice=("sure",))
    assert [o for o in step_options(game, h, 0, 0, True, False) if o["do"] == "fatigue-attack"]
    h.used.add("quick")
    assert not [o for o in step_options(game, h, 0, 0, True, False) if o["do"] == "fatigue-attack"]


def test_holy_aura_and_vampiric_blood() -> None:
    # DJ-SKILL-G02: a monster entering a square next to the hero suffers 1 damage
    from djgame import add_monster

    from questforge.engine.descent.game.overlord import _move_monster

    game, _, h = _hero_with(skill(holy_aura=1))
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    imp = add_monster(game, "imp", (2, 0))
    _move_monster(game, imp, [[1, 0]])
    assert imp.wounds == imp.max_wounds - 1
    # DJ-SKILL-G03: each kill recovers 1 fatigue
    from questforge.engine.descent.game.combat import attack

    h.skills = [skill(kill_fatigue=1)]
    h.fatigue = 0
    imp.wounds = 1
    attack(game, h, imp, hero_profile(h))
    assert h.fatigue == 1


def test_enduring() -> None:
    # DJ-SKILL-M11: armor does not slow the hero; +1 armor when wearing none
    _game, _, h = _hero_with(skill(unencumbered=True, unarmored_armor=1))
    h.armor_item = None
    base = h.base_armor
    assert h.armor_against("melee") == base + 1
    h.armor_item = Item("plate", "Plate", "gold", "armor", armor=3, max_speed=2)
    assert h.speed == h.base_speed and h.armor_against("melee") == base + 3


def test_born_to_the_bow_counts_as_aimed() -> None:
    # DJ-SKILL-R16
    from djgame import add_monster

    from questforge.engine.descent.game.combat import attack

    game, script, h = _hero_with(skill(aimed_two_handed=True))
    game.controller.answers["aim-reroll"] = "keep"
    h.weapon = Item("bow", "Bow", "shop", "weapon", hands=2, attack="ranged", dice=("sure",))
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    imp = add_monster(game, "imp", (2, 0))
    attack(game, h, imp, hero_profile(h))
    assert [d for d in script.asked if d.kind == "aim-reroll"]


def test_crack_shot_traces_sight_from_an_adjacent_square() -> None:
    # DJ-SKILL-R05
    from djgame import add_monster

    from questforge.engine.descent.game.combat import targets

    game, _, h = _hero_with()
    h.weapon = Item("bow", "Bow", "shop", "weapon", hands=2, attack="ranged", dice=("sure",))
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    add_monster(game, "imp", (1, 0))
    hidden = add_monster(game, "imp", (2, 0))
    assert hidden not in targets(game, h, hero_profile(h))
    h.skills = [skill(sight_from_adjacent=True)]
    assert hidden in targets(game, h, hero_profile(h))


def test_divine_retribution_and_earth_pact() -> None:
    # DJ-SKILL-G12: on death, non-named monsters within 3 are destroyed
    from djgame import add_monster

    from questforge.engine.descent.game.combat import apply_damage

    game, _, h = _hero_with(skill(death_blast=3))
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    imp = add_monster(game, "imp", (2, 2))
    apply_damage(game, h, h.wounds, imp, "test")
    assert imp.cell is None
    # DJ-SKILL-G14: 2 wounds back at the end of a turn without moving
    game2, _, h2 = _hero_with(skill(still_heal=2))
    game2.monsters.clear()
    game2.controller.answers.update({"action": "battle", "step": {"do": "end"}})
    h2.wounds = h2.max_wounds - 3
    hero_turn(game2, h2)
    assert h2.wounds == h2.max_wounds - 1


def test_knight_and_leadership() -> None:
    # DJ-SKILL-M02: on Battle, 2 fatigue for half Speed (rounded up) and three attacks
    game, _, h = _hero_with(skill(battle_charge=2))
    game.monsters.clear()
    game.controller.answers.update(
        {"action": "battle", "battle-charge": "charge", "step": {"do": "end"}}
    )
    h.fatigue = 4
    hero_turn(game, h)
    chosen = of(game, "action-chosen")[-1]
    assert (chosen["mp"], chosen["attacks"]) == ((h.speed + 1) // 2, 3) and h.fatigue == 2
    # DJ-SKILL-M06: on Ready, both move and attack
    game, script, h = _hero_with(skill(ready_both=True))
    game.monsters.clear()
    game.controller.answers.update({"action": "ready", "step": {"do": "end"}, "order": "guard"})
    hero_turn(game, h)
    chosen = of(game, "action-chosen")[-1]
    assert (chosen["mp"], chosen["attacks"]) == (h.speed, 1)
    assert not [d for d in script.asked if d.kind == "ready"]


def test_cleaving() -> None:
    # DJ-SKILL-M07: a melee kill lets the hero spend 1 fatigue to attack again
    from djgame import add_monster

    game, _, h = _hero_with(skill(cleave=1))
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    imp = add_monster(game, "imp", (1, 0))
    game.controller.answers.update(
        {
            "action": "advance",
            "cleave": "attack",
            "step": lambda d: next(
                i for i, o in enumerate(d.options) if o["do"] in ("attack", "end")
            ),
        }
    )
    h.fatigue = 2
    hero_turn(game, h)
    assert imp.cell is None and h.fatigue == 1
    assert [e for e in of(game, "fatigue-spent") if e["why"] == "cleave"]


def test_alertness_and_taunt() -> None:
    # DJ-SKILL-R07: a monster moving next to the hero can be struck for 2 fatigue
    from djgame import add_monster

    from questforge.engine.descent.game.combat import attack, monster_profile
    from questforge.engine.descent.game.overlord import _move_monster

    game, _, h = _hero_with(skill(alertness=2))
    game.controller.answers["alertness"] = "attack"
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    imp = add_monster(game, "imp", (2, 0))
    h.fatigue = 2
    _move_monster(game, imp, [[1, 0]])
    assert h.fatigue == 0 and imp.cell is None
    # DJ-SKILL-M15: taunt draws an attack meant for another hero within 5
    game, _, h = _hero_with(skill(taunt=5))
    game.controller.answers["taunt"] = "taunt"
    put(h, (0, 0))
    other = hero(game, 1)
    put(other, (2, 1))
    imp = add_monster(game, "imp", (1, 1))
    attack(game, imp, other, monster_profile(game, imp))
    assert of(game, "attack-declared")[-1]["target"] == h.uid


def test_telekinesis_and_precision() -> None:
    # DJ-SKILL-G01: each fatigue moves a figure in sight one square
    from djgame import add_monster

    from questforge.engine.descent.game.combat import targets

    game, _, h = _hero_with(skill(telekinesis=True))
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    imp = add_monster(game, "imp", (2, 0))
    opts = [o for o in step_options(game, h, 0, 0, False, False) if o["do"] == "telekinesis"]
    assert {"do": "telekinesis", "figure": imp.uid, "to": [2, 1]} in opts
    # DJ-SKILL-R12: ranged attacks ignore one figure in the way
    h.weapon = Item("bow", "Bow", "shop", "weapon", hands=2, attack="ranged", dice=("sure",))
    h.skills = []
    add_monster(game, "imp", (1, 0))
    assert imp not in targets(game, h, hero_profile(h))
    h.skills = [skill(precision=True)]
    assert imp in targets(game, h, hero_profile(h))


def test_ambidextrous_shield() -> None:
    # DJ-SKILL-R11: with a shield the hero prevents 1 more damage
    _, _, h = _hero_with(skill(shield_armor=1))
    h.shield = None
    without = h.armor_against("melee")
    h.shield = Item("buckler", "Buckler", "shop", "shield", hands=1, armor=1)
    assert h.armor_against("melee") == without + 2


def test_divine_retribution_kills_can_win_the_quest() -> None:
    # DJ-SKILL-G12 with DJ-GOAL-01: the monsters the dying hero destroys count like any
    # kill: if they clear the area the last objective names, the heroes win (before the
    # death's conquest loss)
    import dataclasses

    import pytest
    from djgame import add_monster

    from questforge.engine.descent.game.combat import apply_damage
    from questforge.engine.descent.game.game import GameOver
    from questforge.engine.descent.model.quest import Objective

    game, _, h = _hero_with(skill(death_blast=3))
    game.monsters.clear()
    put(h, (0, 0))
    imp = add_monster(game, "imp", (2, 2))
    area = game.qmap.area_of[(2, 2)]
    game.revealed.add(area)
    game.quest = dataclasses.replace(
        game.quest, objectives=(Objective("clear", area, None, "clear it", 0),)
    )
    with pytest.raises(GameOver) as over:
        apply_damage(game, h, h.wounds, imp, "test")
    assert imp.cell is None and over.value.outcome == "won"
    assert [e.type for e in game.log.events][-2:] == ["monster-killed", "hero-killed"]
