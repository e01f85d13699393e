"""Attacks, abilities, conditions and death (DJ-ATK, DJ-ABIL, DJ-EFF, DJ-DEATH, DJ-ORD)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from djgame import add_monster, hero, new_game, of, pack_files, pick, put

from questforge.engine.descent.game.combat import (
    attack,
    heal,
    hero_profile,
    monster_profile,
    start_of_turn_effects,
    targets,
)
from questforge.engine.descent.game.heroes import hero_turn, step_options
from questforge.engine.descent.game.overlord import activate
from questforge.engine.descent.model import Ability, Item, SurgeAbility

NO_POWER = {"power-dice": 0}


def weapon(attack_type: str = "melee", dice: tuple[str, ...] = ("sure",), **kw: Any) -> Item:
    return Item(
        "test-weapon", "Test Weapon", "shop", "weapon", hands=1, attack=attack_type, dice=dice, **kw
    )


def setup(black: str = "blank", answers: dict[str, Any] | None = None, **kw: Any) -> Any:
    game, script = new_game(pack_files(black), answers={**NO_POWER, **(answers or {})}, **kw)
    h = hero(game)
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    return game, script, h


def hit(game: Any, attacker: Any, target: Any) -> None:
    prof = (
        hero_profile(attacker) if hasattr(attacker, "traits") else monster_profile(game, attacker)
    )
    attack(game, attacker, target, prof)


def test_hero_attack_rolls_weapon_and_power_dice_and_deals_damage_less_armor() -> None:
    # DJ-ATK-01, DJ-ATK-03: weapon dice plus one power die per trait point; DJ-ATK-08
    game, _, h = setup()
    imp = add_monster(game, "imp", (1, 0))
    hit(game, h, imp)
    assert of(game, "dice-rolled")[-1]["rolls"] == [["sure", 0], ["black", 0]]
    assert of(game, "attack-hit")[-1]["dealt"] == 3
    # DJ-REF-25: dies when its wounds are used up
    assert imp.cell is None and of(game, "monster-killed")


def test_any_miss_face_misses_the_whole_attack() -> None:
    # DJ-ATK-04, DJ-REF-02
    game, _, h = setup()
    h.weapon = weapon(dice=("sure", "miss"))
    imp = add_monster(game, "imp", (1, 0))
    hit(game, h, imp)
    assert of(game, "attack-missed")[-1]["why"] == "miss" and imp.wounds == imp.max_wounds


def test_ranged_needs_range_melee_does_not() -> None:
    # DJ-ATK-04, DJ-REF-06: ranged misses when range < distance
    game, _, h = setup()
    h.weapon = weapon("ranged")
    far = add_monster(game, "imp", (2, 2))
    put(hero(game, 1), (0, 1))
    h.cell = (0, 0)
    game.figure(far.uid).cell = (2, 0)
    hit(game, h, far)
    assert not of(game, "attack-missed")  # distance 2, range 3
    game2, _, h2 = setup()
    h2.weapon = weapon("ranged", dice=("bolt",))  # range 1
    target = add_monster(game2, "imp", (2, 0))
    hit(game2, h2, target)
    assert of(game2, "attack-missed")[-1]["why"] == "range"
    # melee may target adjacent squares only (DJ-REF-06)
    game3, _, h3 = setup()
    add_monster(game3, "imp", (2, 0))
    assert targets(game3, h3, hero_profile(h3)) == []


def test_enhancements_go_to_range_first_then_damage() -> None:
    # DJ-REF-04: each enhancement is +1 range or +1 damage
    game, _, h = setup("enh")
    h.weapon = weapon("ranged", dice=("bolt",))  # range 1, damage 1, 1 power die
    h.traits["ranged"] = 1
    near = add_monster(game, "imp", (1, 0))
    hit(game, h, near)
    assert of(game, "attack-hit")[-1]["damage"] == 2  # enhancement to damage
    game2, _, h2 = setup("enh")
    h2.weapon = weapon("ranged", dice=("bolt",))
    h2.traits["ranged"] = 1
    far = add_monster(game2, "imp", (2, 0))
    hit(game2, h2, far)
    assert of(game2, "attack-hit")[-1]["damage"] == 1  # enhancement to range


def test_fatigue_buys_power_dice_up_to_five() -> None:
    # DJ-ATK-07, DJ-REF-05: 1 fatigue per extra power die, at most 5 power dice
    game, script, h = setup(answers={"power-dice": 1})
    h.traits["melee"] = 4
    h.fatigue = 4
    imp = add_monster(game, "imp", (1, 0))
    hit(game, h, imp)
    asked = [d for d in script.asked if d.kind == "power-dice"][-1]
    assert list(asked.options) == [0, 1]  # 4 from the trait, room for one more
    assert sum(1 for d, _ in of(game, "dice-rolled")[-1]["rolls"] if d == "black") == 5


def test_surges_buy_the_weapons_abilities() -> None:
    # DJ-ATK-05
    game, _, h = setup(answers={"spend-surges": pick(lambda o: o["spend"] == "ability")})
    h.weapon = weapon(dice=("bolt",), surges=(SurgeAbility(1, damage=2),))
    imp = add_monster(game, "imp", (1, 0))
    hit(game, h, imp)
    assert of(game, "surge-spent")[-1]["damage"] == 2
    assert of(game, "attack-hit")[-1]["damage"] == 3


def test_overlord_trades_two_surges_for_a_threat() -> None:
    # DJ-ATK-06
    files = pack_files()
    for stats in files["monsters/imp.json"]["stats"].values():
        stats["normal"]["dice"] = ["bolt", "bolt"]
    game, _ = new_game(files, answers={"spend-surges": pick(lambda o: o["spend"] == "threat")})
    h = hero(game)
    put(h, (0, 0))
    imp = add_monster(game, "imp", (1, 0))
    before = game.threat
    hit(game, imp, h)
    assert game.threat == before + 1


def test_pierce_ignores_armor_and_fear_takes_surges() -> None:
    # DJ-ABIL-10, DJ-ATK-09: Pierce X ignores X armor
    game, _, h = setup()
    h.weapon = weapon(abilities=(Ability("pierce", 1),))
    master = add_monster(game, "imp", (1, 0), rank="master")
    assert master.armor == 1
    hit(game, h, master)
    assert of(game, "attack-hit")[-1]["armor"] == 0
    # DJ-ABIL-06: Fear X: the attack misses without X surges to spend
    game2, _, h2 = setup()
    feared = add_monster(game2, "imp", (1, 0))
    feared.stats = replace(feared.stats, abilities=(Ability("fear", 1),))
    hit(game2, h2, feared)
    assert of(game2, "attack-missed")[-1]["why"] == "fear"


def test_blast_hits_friend_and_foe_around_the_target() -> None:
    # DJ-ABIL-02
    game, _, h = setup()
    h.weapon = weapon("ranged", abilities=(Ability("blast", 1),))
    a = add_monster(game, "imp", (2, 0))
    b = add_monster(game, "imp", (2, 1))
    put(hero(game, 1), (1, 1))
    friend = hero(game, 1)
    hit(game, h, a)
    hit_ids = {e["target"] for e in of(game, "attack-hit")}
    assert {a.uid, b.uid, friend.uid} <= hit_ids


def test_sweep_hits_every_adjacent_enemy() -> None:
    # DJ-ABIL-15
    game, _, h = setup()
    imp = add_monster(game, "imp", (1, 1))
    imp.stats = replace(imp.stats, abilities=(Ability("sweep"),))
    put(h, (0, 0))
    put(hero(game, 1), (2, 2))
    hit(game, imp, h)
    assert {e["target"] for e in of(game, "attack-hit")} == {h.uid, hero(game, 1).uid}


def test_breath_ignores_range_and_hits_around_the_target() -> None:
    # DJ-ABIL-03
    files = pack_files()
    files["monsters/imp.json"]["attack"] = "ranged"
    for stats in files["monsters/imp.json"]["stats"].values():
        stats["normal"]["dice"] = ["bolt"]  # range 1 only
        stats["normal"]["abilities"] = [{"name": "breath"}]
    game, _ = new_game(files)
    h = hero(game)
    put(h, (0, 0))
    put(hero(game, 1), (0, 1))
    imp = add_monster(game, "imp", (2, 2))
    hit(game, imp, h)
    assert not of(game, "attack-missed")
    assert {e["target"] for e in of(game, "attack-hit")} == {h.uid, hero(game, 1).uid}


def test_reach_extends_melee_to_two_squares() -> None:
    # DJ-ABIL-12
    game, _, h = setup()
    far = add_monster(game, "imp", (2, 0))
    h.weapon = weapon(abilities=(Ability("reach"),))
    assert targets(game, h, hero_profile(h)) == [far]


def test_quick_shot_attacks_twice() -> None:
    # DJ-ABIL-13
    game, _, h = setup()
    imp = add_monster(game, "imp", (1, 0))
    imp.stats = replace(imp.stats, abilities=(Ability("quick-shot"),))
    h.wounds = h.max_wounds = 50
    activate(game, imp)
    assert len(of(game, "attack-declared")) == 2


def test_sorcery_adds_range_or_damage() -> None:
    # DJ-ABIL-14: each rank +1 range or +1 damage
    game, _, h = setup(answers={"spend-surges": pick(lambda o: o["spend"] == "ability")})
    h.weapon = weapon(
        "magic", dice=("bolt",), surges=(SurgeAbility(1, ability=Ability("sorcery", 2)),)
    )
    target = add_monster(game, "imp", (2, 0))
    hit(game, h, target)
    assert of(game, "attack-hit")[-1]["damage"] == 2  # 1 rank to range, 1 to damage


def test_command_helps_monsters_within_three() -> None:
    # DJ-ABIL-05, DJ-REF-41: +1 damage and +1 range, the commander included
    game, _, _h = setup()
    imp = add_monster(game, "imp", (1, 0))
    base = monster_profile(game, imp)
    boss = add_monster(game, "imp", (2, 0))
    boss.stats = replace(boss.stats, abilities=(Ability("command"),))
    helped = monster_profile(game, imp)
    assert (helped.damage, helped.range) == (base.damage + 1, base.range + 1)


def test_fly_passes_over_figures_and_terrain() -> None:
    # DJ-ABIL-07
    files = pack_files()
    files["quests/q.json"]["terrain"] = [{"type": "rubble", "cells": [[1, 0], [1, 1], [1, 2]]}]
    game, _ = new_game(files)
    put(hero(game), (0, 0))
    put(hero(game, 1), (0, 2))
    imp = add_monster(game, "imp", (2, 1))
    assert (0, 1) not in game.geometry.reachable(imp, 2)
    assert (0, 1) in game.geometry.reachable(imp, 2, fly=True)


def test_grapple_stops_movement() -> None:
    # DJ-ABIL-08
    game, _, h = setup()
    imp = add_monster(game, "imp", (1, 0))
    imp.stats = replace(imp.stats, abilities=(Ability("grapple"),))
    steps = iter([{"do": "end"}])
    game.controller.answers.update(
        {"action": "advance", "step": lambda d: list(d.options).index(next(steps))}
    )
    hero_turn(game, h)
    step = [d for d in game.controller.asked if d.kind == "step"][-1]
    assert not [o for o in step.options if o["do"] == "move"]
    assert [o for o in step.options if o["do"] == "attack"]  # may still attack


def test_knockback_moves_the_damaged_figure_up_to_three() -> None:
    # DJ-ABIL-09
    game, _, h = setup(answers={"knockback": pick(lambda o: o == [2, 2])})
    h.weapon = weapon(abilities=(Ability("knockback"),))
    imp = add_monster(game, "imp", (1, 0), rank="master")
    imp.wounds = imp.max_wounds = 20
    hit(game, h, imp)
    assert imp.cell == (2, 2)


def test_aura_hurts_enemies_moving_next_to_it() -> None:
    # DJ-ABIL-01
    from questforge.engine.descent.game.heroes import move_hero

    game, _, h = setup()
    imp = add_monster(game, "imp", (2, 2))
    imp.stats = replace(imp.stats, abilities=(Ability("aura"),))
    before = h.wounds
    move_hero(game, h, [[1, 1]])
    assert h.wounds == before - 1


def test_burn_poison_stun_web_land_on_damage() -> None:
    # DJ-ABIL-04, DJ-ABIL-11, DJ-ABIL-16, DJ-ABIL-18, DJ-EFF-02: poison tokens = damage
    game, _, h = setup()
    h.weapon = weapon(abilities=tuple(Ability(n) for n in ("burn", "poison", "stun", "web")))
    imp = add_monster(game, "imp", (1, 0), rank="master")
    imp.wounds = imp.max_wounds = 20
    hit(game, h, imp)
    dealt = of(game, "attack-hit")[-1]["dealt"]
    assert imp.conditions == {
        "burn": 1,
        "poison": dealt,
        "stun": 1,
        "web": 1,
        "bleed": 0,
        "monkey": 0,
    }


def test_burn_rolls_off_on_surges_and_hurts_otherwise() -> None:
    # DJ-EFF-01: one power die per burn token; a surge removes one; the rest deal 1 each
    game, _, h = setup("blank")
    h.conditions["burn"] = 2
    before = h.wounds
    start_of_turn_effects(game, h)
    assert h.wounds == before - 2 and h.conditions["burn"] == 2
    game2, _, h2 = setup("surge")
    h2.conditions["burn"] = 2
    start_of_turn_effects(game2, h2)
    assert h2.conditions["burn"] == 0 and h2.wounds == h2.max_wounds


def test_healing_removes_poison_first() -> None:
    # DJ-EFF-03
    game, _, h = setup()
    h.wounds = h.max_wounds - 3
    h.conditions["poison"] = 2
    heal(game, h, 3)
    assert h.conditions["poison"] == 0 and h.wounds == h.max_wounds - 2


def test_web_stops_movement_until_rolled_off() -> None:
    # DJ-EFF-10, DJ-EFF-11
    game, _, h = setup("blank")
    h.conditions["web"] = 1
    assert start_of_turn_effects(game, h) is False
    game2, _, h2 = setup("surge")
    h2.conditions["web"] = 1
    assert start_of_turn_effects(game2, h2) is True


def test_stunned_hero_moves_or_attacks_and_loses_one_token() -> None:
    # DJ-EFF-04, DJ-EFF-05, DJ-EFF-06
    game, script, h = setup(answers={"action": "stunned-move", "step": {"do": "end"}})
    h.conditions["stun"] = 2
    hero_turn(game, h)
    action = [d for d in script.asked if d.kind == "action"][-1]
    assert list(action.options) == ["stunned-move", "stunned-attack", "stunned-order"]
    assert h.conditions["stun"] == 1


def test_stunned_monster_loses_its_activation_master_may_act() -> None:
    # DJ-EFF-04: a stunned monster takes no action; DJ-REF-23: a master may move or attack
    game, _, _h = setup(answers={"stunned-master": "attack"})
    imp = add_monster(game, "imp", (1, 0))
    imp.conditions["stun"] = 1
    activate(game, imp)
    assert not of(game, "attack-declared")
    master = add_monster(game, "imp", (1, 1), rank="master")
    master.conditions["stun"] = 1
    activate(game, master)
    assert of(game, "attack-declared")


def test_named_monsters_ignore_stun() -> None:
    # DJ-ABIL-16, DJ-REF-24
    game, _, h = setup()
    game.revealed.add("vault")
    named = game.quest.named[0]
    boss = game.place_monster(game.pack.monsters["imp"], "master", (1, 0), "test", named=named)
    boss.wounds = boss.max_wounds = 30
    h.weapon = weapon(abilities=(Ability("stun"),))
    hit(game, h, boss)
    assert boss.conditions["stun"] == 0


def test_undying_returns_on_a_surge() -> None:
    # DJ-ABIL-17
    game, _, h = setup("surge")
    h.traits["melee"] = 0
    imp = add_monster(game, "imp", (1, 0))
    imp.stats = replace(imp.stats, abilities=(Ability("undying"),))
    hit(game, h, imp)
    assert imp.cell == (1, 0) and of(game, "monster-undying")


def test_hero_death() -> None:
    # DJ-DEATH-01: killed when the wounds run out; DJ-DEATH-02: to town, wounds and fatigue
    # restored; DJ-DEATH-03 with DJ-REF-35: half the gold, rounded down to 25 (125 -> 75);
    # DJ-DEATH-04: the heroes lose the hero's conquest value
    game, _, h = setup()
    h.gold = 125
    h.conditions["burn"] = 2
    h.fatigue = 0
    imp = add_monster(game, "imp", (1, 0))
    h.wounds = 1
    before = game.conquest
    hit(game, imp, h)
    assert h.cell is None and h.in_town
    assert game.conquest == before - 3
    assert h.gold == 75
    assert h.wounds == h.max_wounds and h.fatigue == h.max_fatigue
    assert h.conditions["burn"] == 0


def test_master_bounty() -> None:
    # DJ-REF-23: 50 gold to the hero who kills a master
    game, _, h = setup()
    master = add_monster(game, "imp", (1, 0), rank="master")
    master.wounds = 1
    gold = h.gold
    hit(game, h, master)
    assert h.gold == gold + 50


def test_armor_from_equipment_and_skills() -> None:
    # DJ-ATK-08: base armor plus equipment
    _game, _, h = setup()
    base = h.armor_against("melee")
    h.armor_item = Item("mail", "Mail", "shop", "armor", armor=2)
    assert h.armor_against("melee") == base + 2


def test_aim_rerolls_and_dodge_makes_the_overlord_reroll() -> None:
    # DJ-ORD-01: Aim rerolls, then the token is gone
    game, script, h = setup(answers={"aim-reroll": "reroll"})
    h.orders.add("aim")
    imp = add_monster(game, "imp", (1, 0))
    hit(game, h, imp)
    assert "aim" not in h.orders and [d for d in script.asked if d.kind == "aim-reroll"]
    # DJ-ORD-02: Dodge: the Overlord rerolls the attack
    game2, script2, h2 = setup(answers={"dodge-reroll": "reroll"})
    h2.orders.add("dodge")
    imp2 = add_monster(game2, "imp", (1, 0))
    hit(game2, imp2, h2)
    assert [d for d in script2.asked if d.kind == "dodge-reroll"]
    assert of(game2, "dice-rerolled")[-1]["why"] == "dodge"


def test_aim_against_dodge_cancels() -> None:
    # DJ-ORD-03
    game, script, h = setup()
    h.orders.add("aim")
    other = hero(game, 1)
    other.orders.add("dodge")
    put(other, (1, 0))
    other.side = "overlord"  # a stand-in target for the test
    attack(game, h, other, hero_profile(h))
    assert of(game, "orders-cancelled")
    assert not [d for d in script.asked if d.kind in ("aim-reroll", "dodge-reroll")]


def test_guard_interrupts_a_monster_move() -> None:
    # DJ-ORD-04: a guarding hero attacks a monster that comes in range, once
    game, _script, h = setup(answers={"guard": "attack"})
    game.open_door("d1", None)
    h.orders.add("guard")
    put(h, (1, 1))
    imp = game.monsters[0]
    imp.wounds = imp.max_wounds = 30
    from questforge.engine.descent.game.overlord import _move_monster

    _move_monster(game, imp, [[3, 1], [2, 1]])
    assert of(game, "guard-triggered") and "guard" not in h.orders


def test_rest_restores_fatigue_and_damage_removes_it() -> None:
    # DJ-ORD-05
    game, _, h = setup(answers={"action": "run", "step": {"do": "end"}})
    game.monsters.clear()
    h.fatigue = 0
    h.orders.add("rest")
    hero_turn(game, h)
    assert h.fatigue == h.max_fatigue and "rest" not in h.orders
    h.orders.add("rest")
    imp = add_monster(game, "imp", (1, 0))
    hit(game, imp, h)
    assert "rest" not in h.orders


def test_attack_options_list_targets_in_sight() -> None:
    # DJ-ATK-02: only targets in line of sight are offered
    game, _, h = setup()
    near = add_monster(game, "imp", (1, 0))
    opts = step_options(game, h, 0, 1, True, False)
    assert [o["target"] for o in opts if o["do"] == "attack"] == [near.uid]


def test_monkey_god() -> None:
    # DJ-EFF-07: the hero rolls a power die; a blank saves them
    from questforge.engine.descent.game.overlord import monkey_god

    game, _, h = setup("blank")
    monkey_god(game, h)
    assert h.conditions["monkey"] == 0
    game, _, h = setup("surge", answers={"action": "run", "step": {"do": "end"}})
    game.monsters.clear()
    monkey_god(game, h)
    assert h.conditions["monkey"] == 2
    # DJ-EFF-09: no attacks, at most 5 squares, armor 0, no potions
    assert h.armor_against("melee") == 0
    h.potions = ["healing"]
    hero_turn(game, h)
    chosen = of(game, "action-chosen")[-1]
    assert chosen["mp"] == 5 and chosen["attacks"] == 0
    assert not [
        d
        for d in game.controller.asked
        if d.kind == "step" and any(o["do"] == "potion" for o in d.options)
    ]
    # DJ-EFF-08: one token is discarded at the end of each turn
    assert h.conditions["monkey"] == 1
    hero_turn(game, h)
    assert h.conditions["monkey"] == 0


def test_no_token_is_discarded_on_the_turn_of_transformation() -> None:
    # DJ-EFF-08: cursed during its own turn, the hero keeps both tokens at its end
    from questforge.engine.descent.game.overlord import monkey_god

    game, _, h = setup("surge")
    game.monsters.clear()

    def curse_then_run(d: Any) -> int:
        monkey_god(game, h)
        return list(d.options).index("run")

    game.controller.answers.update({"action": curse_then_run, "step": {"do": "end"}})
    hero_turn(game, h)
    assert h.conditions["monkey"] == 2
    game.controller.answers["action"] = "run"
    hero_turn(game, h)
    assert h.conditions["monkey"] == 1
