"""Conditions, elements, healing, damage and exhaustion: GH-COND, GH-REF-05, GH-ELEM,
GH-HEAL, GH-DMG, GH-EXH, GH-BONUS, GH-LOOT, GH-RECOV."""

from __future__ import annotations

import pytest

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    new_game,
    plan,
    scenario,
    simple_card,
    simple_class,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.character_turn import (
    character_attack,
    end_of_turn,
    perform_ability,
    start_of_turn,
)
from questforge.engine.gloomhaven.game.rules import GameOver
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AbilityCard,
    Action,
    Bonus,
    Consume,
    SummonStats,
)
from questforge.engine.gloomhaven.game.state import INERT, STRONG, WANING


def game(**kw: object) -> object:
    sc = scenario(
        "c", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (1, 0), "normal")]
    )
    classes = kw.pop("classes", None)
    c = content(
        [sc],
        classes=classes or [simple_class("alpha"), simple_class("beta")],
        monsters=[simple_monster("grunt", health=20, move=0)],
    )
    return new_game(c, "c", **kw)


def grunt_of(g: object) -> object:
    return next(f for f in g.state.figures.values() if f.side == "monsters")  # type: ignore[attr-defined]


def test_wound_damages_at_turn_start_and_heal_removes_it() -> None:
    # GH-COND-04, GH-HEAL-04
    g = game()
    alpha = g.state.figures["alpha"]
    alpha.conditions["wound"] = False
    start_of_turn(g.rules, alpha)
    assert alpha.hp == 9
    g.rules.heal(alpha, 3, "x")
    assert "wound" not in alpha.conditions and alpha.hp == 10  # GH-HEAL-03: never above max


def test_heal_on_poison_only_removes_poison() -> None:
    # GH-COND-03, GH-HEAL-04
    g = game()
    alpha = g.state.figures["alpha"]
    alpha.hp = 5
    alpha.conditions["poison"] = False
    assert g.rules.heal(alpha, 3, "x") == 0
    assert alpha.hp == 5 and "poison" not in alpha.conditions


def test_a_heal_on_a_poisoned_and_wounded_figure_removes_both_and_heals_nothing() -> None:
    # GH-COND-03 / GH-COND-04 / GH-HEAL-04 meet: the seed says a heal on a poisoned figure
    # "has no other effect" and one on a wounded figure removes the wound; the published
    # game's ruling for both at once: both tokens go, no hit point comes back
    g = game()
    alpha = g.state.figures["alpha"]
    alpha.hp = 5
    alpha.conditions["poison"] = False
    alpha.conditions["wound"] = False
    assert g.rules.heal(alpha, 3, "x") == 0
    assert alpha.hp == 5 and not {"poison", "wound"} & set(alpha.conditions)


def test_timed_conditions_expire_at_end_of_next_turn() -> None:
    # GH-REF-05, GH-COND-05, GH-COND-06, GH-COND-07, GH-COND-09, GH-COND-11, GH-COND-12
    g = game()
    grunt = grunt_of(g)
    g.rules.apply_condition(grunt, "immobilize", "alpha")  # applied outside its turn
    start_of_turn(g.rules, grunt)
    end_of_turn(g.rules, grunt, None)
    assert "immobilize" not in grunt.conditions
    alpha = g.state.figures["alpha"]
    start_of_turn(g.rules, alpha)
    g.rules.apply_condition(alpha, "strengthen", "alpha")  # on its own turn
    end_of_turn(g.rules, alpha, g.state.characters["alpha"])
    assert "strengthen" in alpha.conditions  # lasts through the next turn
    start_of_turn(g.rules, alpha)
    end_of_turn(g.rules, alpha, g.state.characters["alpha"])
    assert "strengthen" not in alpha.conditions


def test_poison_and_wound_stay_until_healed() -> None:
    # GH-COND-01
    g = game()
    grunt = grunt_of(g)
    for c in ("poison", "wound"):
        g.rules.apply_condition(grunt, c, "alpha")
    for _ in range(2):
        start_of_turn(g.rules, grunt)
        end_of_turn(g.rules, grunt, None)
    assert {"poison", "wound"} <= set(grunt.conditions)


def test_one_of_each_condition() -> None:
    # GH-COND-02
    g = game()
    grunt = grunt_of(g)
    g.rules.apply_condition(grunt, "poison", "a")
    g.rules.apply_condition(grunt, "poison", "b")
    assert list(grunt.conditions).count("poison") == 1


def test_immunity() -> None:
    # GH-BOSS-04 / GH-COND-15
    g = game()
    grunt = grunt_of(g)
    grunt.immunities = ("stun",)
    assert not g.rules.apply_condition(grunt, "stun", "alpha")
    assert "stun" not in grunt.conditions


def test_disarm_blocks_attacks_and_immobilize_moves() -> None:
    # GH-COND-05, GH-COND-06
    g = game()
    alpha = g.state.figures["alpha"]
    char = g.state.characters["alpha"]
    alpha.conditions["disarm"] = False
    assert character_attack(g.rules, char, alpha, Ability("attack", 3)) == 0
    alpha.conditions["immobilize"] = False
    from questforge.engine.gloomhaven.game.character_turn import character_move

    assert character_move(g.rules, char, alpha, Ability("move", 3)) == 0


def test_stunned_character_discards_both_cards() -> None:
    # GH-COND-07, GH-COND-08
    pol = Policy({("plan", "alpha"): plan("alpha-1", "alpha-2")})
    g = game(controller=pol)
    g.state.figures["alpha"].conditions["stun"] = False
    g.step_round()
    ch = g.state.characters["alpha"]
    assert {"alpha-1", "alpha-2"} <= set(ch.discard) | set(ch.hand)
    assert not [e for e in g.events if e.type == "action" and e["character"] == "alpha"]
    assert "stun" not in g.state.figures["alpha"].conditions


def test_elements_infuse_at_end_of_turn_and_wane() -> None:
    # GH-ELEM-02, GH-ELEM-03, GH-ELEM-05, GH-ELEM-07, GH-EOR-03
    g = game()
    alpha = g.state.figures["alpha"]
    char = g.state.characters["alpha"]
    start_of_turn(g.rules, alpha)
    perform_ability(g.rules, char, alpha, Ability("infuse", elements=("fire",)))
    assert g.state.elements["fire"] == INERT  # not before the end of the turn
    end_of_turn(g.rules, alpha, char)
    assert g.state.elements["fire"] == STRONG
    from questforge.engine.gloomhaven.game.rounds import end_of_round

    end_of_round(g.rules)
    assert g.state.elements["fire"] == WANING
    end_of_round(g.rules)
    assert g.state.elements["fire"] == INERT


def test_consume_element_for_a_bonus() -> None:
    # GH-ELEM-04, GH-ELEM-05, GH-ELEM-08
    g = game()
    g.state.elements["ice"] = WANING
    alpha = g.state.figures["alpha"]
    char = g.state.characters["alpha"]
    ab = Ability("attack", 2, consume=(Consume(("ice",), value=2, conditions=("wound",)),))
    g.rules.controller = Policy({"consume": "consume"})
    character_attack_boosted = perform_ability(g.rules, char, alpha, ab)
    assert character_attack_boosted[0] == 1
    e = next(e for e in g.events if e.type == "attack")
    assert e["base"] == 4 and "wound" in grunt_of(g).conditions
    assert g.state.elements["ice"] == INERT
    # both elements of one consume are needed (GH-ELEM-08)
    ab2 = Ability("attack", 2, consume=(Consume(("ice", "fire"), value=5),))
    g.state.elements["fire"] = STRONG
    perform_ability(g.rules, char, alpha, ab2)
    assert [e for e in g.events if e.type == "attack"][-1]["base"] == 2


def test_negate_damage_by_losing_cards() -> None:
    # GH-DMG-01, GH-DMG-02, GH-DMG-03, GH-DMG-04
    g = game()
    alpha = g.state.figures["alpha"]
    ch = g.state.characters["alpha"]
    g.rules.controller = Policy({"negate_damage": {"negate": "hand", "cards": ["alpha-3"]}})
    assert g.rules.suffer_damage(alpha, 4, "x", "test") == 0
    assert alpha.hp == 10 and "alpha-3" in ch.lost and "alpha-3" not in ch.hand
    ch.discard.extend(["alpha-4", "alpha-5"])
    ch.hand.remove("alpha-4")
    ch.hand.remove("alpha-5")
    g.rules.controller = Policy(
        {"negate_damage": {"negate": "discard", "cards": ["alpha-4", "alpha-5"]}}
    )
    assert g.rules.suffer_damage(alpha, 4, "x", "test") == 0
    assert {"alpha-4", "alpha-5"} <= set(ch.lost)


def test_negate_damage_bonus_must_be_used() -> None:
    # GH-BONUS-03, GH-BONUS-04, GH-BONUS-06
    card = AbilityCard(
        "alpha-1",
        "ward",
        1,
        10,
        Action((Ability("shield", 0),), persistent=True, bonus=Bonus("negate_damage", uses=2)),
        Action((Ability("move", 1),)),
    )
    cls = simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    g = game(classes=[cls, simple_class("beta")])
    from questforge.engine.gloomhaven.game.state import ActiveCard

    ch = g.state.characters["alpha"]
    ch.hand.remove("alpha-1")
    ch.active.append(ActiveCard("alpha-1", "top", False, True, 2))
    alpha = g.state.figures["alpha"]
    g.rules.suffer_damage(alpha, 3, "x", "t")
    g.rules.suffer_damage(alpha, 3, "x", "t")
    assert alpha.hp == 10 and ch.lost == ["alpha-1"] and not ch.active
    g.rules.suffer_damage(alpha, 3, "x", "t")
    assert alpha.hp == 7


def test_exhaustion_by_damage_removes_figure_and_summons() -> None:
    # GH-EXH-01 (a), GH-EXH-02, GH-SUMM-04
    g = game()
    alpha = g.state.figures["alpha"]
    ch = g.state.characters["alpha"]
    g.rules.controller = Policy({"summon_hex": lambda d: 0})
    perform_ability(g.rules, ch, alpha, Ability("summon", name="wolf", stats=SummonStats(4, 2, 1)))
    assert any(f.kind == "summon" for f in g.state.figures.values())
    g.rules.suffer_damage(alpha, 10, "x", "t")
    assert ch.exhausted and "alpha" not in g.state.figures
    assert not any(f.kind == "summon" for f in g.state.figures.values())
    # the log tells it in that order: the character is exhausted, then its summon leaves
    # because of it ("summoner exhausted" was written before the exhaustion it names)
    kinds = [e.type for e in g.events if e.type in ("exhausted", "summon_removed")]
    assert kinds == ["exhausted", "summon_removed"]


def test_all_exhausted_loses() -> None:
    # GH-EXH-03, GH-END-11
    g = game()
    g.rules.suffer_damage(g.state.figures["alpha"], 10, "x", "t")
    with pytest.raises(GameOver):
        g.rules.suffer_damage(g.state.figures["beta"], 10, "x", "t")
    assert g.state.lost_game


def test_loot_and_end_of_turn_loot() -> None:
    # GH-LOOT-01, GH-LOOT-02, GH-LOOT-04, GH-TREAS-01
    g = game()
    g.state.coins[(0, 1)] = 2
    g.state.coins[(-1, 0)] = 1
    g.state.treasures[(0, -1)] = "7"
    alpha = g.state.figures["alpha"]
    ch = g.state.characters["alpha"]
    perform_ability(g.rules, ch, alpha, Ability("loot", 1))
    assert ch.coins == 3 and ch.treasures == ["7"]
    g.state.coins[(0, 0)] = 1
    end_of_turn(g.rules, alpha, ch)
    assert ch.coins == 4


def test_recover_lost_cards() -> None:
    # GH-RECOV-01
    g = game()
    ch = g.state.characters["alpha"]
    ch.lost.append("alpha-8")
    ch.hand.remove("alpha-8")
    g.rules.controller = Policy({"recover": "alpha-8"})
    perform_ability(g.rules, ch, g.state.figures["alpha"], Ability("recover", count=1, pile="lost"))
    assert "alpha-8" in ch.hand and not ch.lost


def test_round_bonus_shield_expires() -> None:
    # GH-SHLD-01, GH-BONUS-07, GH-EOR-05
    g = game()
    alpha = g.state.figures["alpha"]
    perform_ability(g.rules, g.state.characters["alpha"], alpha, Ability("shield", 2))
    assert alpha.shield == 2
    from questforge.engine.gloomhaven.game.rounds import end_of_round

    end_of_round(g.rules)
    assert alpha.shield == 0


def test_summon_acts_before_summoner_from_next_round() -> None:
    # GH-SUMM-01, GH-SUMM-03, GH-SUMM-05, GH-SUMM-07, GH-INIT-07
    card = simple_card(
        "alpha-1", 5, top=(Ability("summon", name="wolf", stats=SummonStats(4, 1, 1)),)
    )
    cls = simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    pol = Policy(
        {
            ("plan", "alpha"): [plan("alpha-1", "alpha-2"), plan("alpha-3", "alpha-4")],
            ("action", "alpha"): [{"card": "alpha-1", "half": "top", "default": False}],
        }
    )
    sc = scenario(
        "s", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (3, 0), "normal")]
    )
    c = content(
        [sc],
        classes=[cls, simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0)],
        decks={"grunt": simple_deck("grunt", 99)},
    )
    g = new_game(c, "s", controller=pol)
    g.step_round()
    summon = next(f for f in g.state.figures.values() if f.kind == "summon")
    r1 = [e["figure"] for e in g.events if e.type == "turn_start"]
    assert summon.id not in r1
    g.step_round()
    starts = [e["figure"] for e in g.events if e.type == "turn_start" and e["round"] == 2]
    assert starts.index(summon.id) == starts.index("alpha") - 1


def items_content() -> object:
    from questforge.engine.gloomhaven.game.spec import ItemSpec

    sc = scenario(
        "c", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (1, 0), "normal")]
    )
    c = content([sc], monsters=[simple_monster("grunt", health=20, move=0, attack=3)])
    items = {
        "boots": ItemSpec("boots", "Boots", "spent", (Ability("move", 2),), timing="move"),
        "club": ItemSpec(
            "club",
            "Club",
            "none",
            (Ability("attack", 1, conditions=("wound",)),),
            timing="melee-attack",
        ),
        "charm": ItemSpec(
            "charm", "Charm", "spent", (Ability("attack", 1),), uses=2, timing="attack"
        ),
        "apron": ItemSpec("apron", "Apron", "spent", (Ability("shield", 1),), timing="defense"),
        "tonic": ItemSpec("tonic", "Tonic", "consumed", (Ability("heal", 3),), timing="turn"),
    }
    from dataclasses import replace as dc_replace

    return dc_replace(c, items=items)


def test_items_spent_consumed_and_unlimited() -> None:
    # GH-TURN-07, GH-ITEM-06, GH-ITEM-07, GH-ITEM-08, GH-ITEM-10, GH-ITEM-12
    c = items_content()
    g = new_game(c, "c", items={"alpha": ("boots", "club", "charm", "apron", "tonic")})
    ch = g.state.characters["alpha"]
    alpha = g.state.figures["alpha"]
    g.rules.controller = Policy({"use_item": lambda d: 1 if len(d.options) > 1 else 0})
    from questforge.engine.gloomhaven.game.builders import stack
    from questforge.engine.gloomhaven.game.character_turn import character_move

    stack(ch.modifier_deck, ["alpha:+0-1", "alpha:+0-2"])
    character_attack(g.rules, ch, alpha, Ability("attack", 2))
    e = [e for e in g.events if e.type == "attack"][-1]
    assert e["base"] == 4 and "wound" in grunt_of(g).conditions  # charm + club
    assert ch.items["club"] == "ready" and ch.items["charm"] == "ready"  # 1 of 2 slots used
    character_attack(g.rules, ch, alpha, Ability("attack", 2))
    assert ch.items["charm"] == "spent"
    g.rules.controller = Policy(
        {"use_item": lambda d: 1 if len(d.options) > 1 else 0, "move": [[-3, 1]]}
    )
    character_move(g.rules, ch, alpha, Ability("move", 1))
    assert alpha.hex == (-3, 1) and ch.items["boots"] == "spent"
    stack(g.state.monster_modifier_deck, ["monster:+0-1"])
    from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack

    grunt = grunt_of(g)
    grunt.hex = (-2, 1)
    g.rules.controller = Policy({"use_item": "apron"})
    resolve_attack(g.rules, grunt, alpha, AttackParams(value=3, ranged=False))
    assert [e for e in g.events if e.type == "attack"][-1]["damage"] == 2
    assert ch.items["apron"] == "spent"
    # a long rest refreshes spent items, not consumed ones (GH-REST-06)
    ch.items["tonic"] = "consumed"
    ch.discard.extend(["alpha-1", "alpha-2"])
    ch.hand.remove("alpha-1")
    ch.hand.remove("alpha-2")
    from questforge.engine.gloomhaven.game.character_turn import long_rest

    long_rest(g.rules, ch, alpha)
    assert ch.items["apron"] == "ready" and ch.items["tonic"] == "consumed"


def test_a_consume_can_add_a_target_an_area_or_a_jump() -> None:
    # GH-ELEM-04: the consumed element's enhancement is whatever the card shows: "+1 target"
    # (GH-EFF-06, adds a target), an area pattern (GH-AOE) or Jump (GH-MOVE-05), as well as
    # numbers
    from questforge.engine.gloomhaven.game.character_turn import boost
    from questforge.engine.gloomhaven.game.describe import ability_text
    from questforge.engine.gloomhaven.game.spec import AreaPattern

    g = game()
    g.state.elements["ice"] = WANING
    g.state.elements["air"] = STRONG
    g.rules.controller = Policy({"consume": "consume"})
    cone = AreaPattern(((1, 0), (1, -1)), melee=True)
    attack = Ability("attack", 2, consume=(Consume(("ice",), add_target=True, aoe=cone, value=1),))
    boosted = boost(g.rules, "alpha", attack).ability
    assert boosted.add_target and boosted.aoe == cone and boosted.value == 3
    # the card as the playtest shows it names every enhancement
    assert ability_text(attack) == "Attack 2 (consume ice: +1, add a target, area of 2 hexes)"
    move = Ability("move", 2, consume=(Consume(("air",), jump=True),))
    assert boost(g.rules, "alpha", move).ability.jump
    # nothing to consume: the ability as printed
    assert not boost(g.rules, "alpha", move).ability.jump


def test_a_summon_card_s_conditions_come_with_every_summon_attack() -> None:
    # GH-SUMM-03: the summon's special abilities (here: its attacks poison), GH-COND-04
    from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack
    from questforge.engine.gloomhaven.game.spec import SummonStats

    g = game()
    alpha = g.state.figures["alpha"]
    g.rules.controller = Policy({"summon_hex": lambda d: 0})
    stats = SummonStats(4, 1, 1, conditions=("poison",))
    perform_ability(
        g.rules,
        g.state.characters["alpha"],
        alpha,
        Ability("summon", name="adder", stats=stats),
    )
    adder = next(f for f in g.state.figures.values() if f.kind == "summon")
    grunt = grunt_of(g)
    resolve_attack(g.rules, adder, grunt, AttackParams(value=1, ranged=False))
    assert "poison" in grunt.conditions


def test_a_defensive_item_is_offered_only_while_the_attack_would_still_hurt() -> None:
    # GH-TURN-07, GH-ITEM-06 (the audit-3 reading: an item is not offered where using it
    # does nothing): a "when attacked: shield 1" item is not offered against an attack its
    # owner's shield already stops (it was offered whenever the attack was above 0, and
    # spent for nothing: sample seed games showed a Miner's Helm spent on an attack 2
    # against shield 2); with two such items, the second is not offered once the first
    # stops the attack
    from dataclasses import replace as dc_replace

    from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack
    from questforge.engine.gloomhaven.game.builders import stack
    from questforge.engine.gloomhaven.game.spec import ItemSpec

    c = items_content()
    helm = ItemSpec("helm", "Helm", "spent", (Ability("shield", 1),), timing="defense")
    c = dc_replace(c, items={**c.items, "helm": helm})  # type: ignore[attr-defined]
    g = new_game(c, "c", items={"alpha": ("apron", "helm")})
    ch = g.state.characters["alpha"]
    alpha = g.state.figures["alpha"]
    grunt = grunt_of(g)
    pol = Policy({"use_item": lambda d: 1 if len(d.options) > 1 else 0})
    g.rules.controller = pol
    alpha.shield = 2  # a round bonus
    stack(g.state.monster_modifier_deck, ["monster:+0-1", "monster:+0-2"])
    resolve_attack(g.rules, grunt, alpha, AttackParams(value=2, ranged=False))
    assert not [d for d in pol.asked if d.kind == "use_item"]
    assert ch.items == {"apron": "ready", "helm": "ready"}
    resolve_attack(g.rules, grunt, alpha, AttackParams(value=3, ranged=False))
    offers = [d for d in pol.asked if d.kind == "use_item"]
    assert len(offers) == 1  # one item stops it; the other is not offered
    assert sorted(ch.items.values()) == ["ready", "spent"]
    assert [e for e in g.events if e.type == "attack"][-1]["damage"] == 0
