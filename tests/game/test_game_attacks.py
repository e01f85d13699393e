"""Attacks: GH-ATK, GH-AMD, GH-ADV, GH-AOE, GH-EFF, GH-SHLD, GH-RET, GH-LOS, GH-SPEC-05."""

from __future__ import annotations

from questforge.engine.gloomhaven.game.attacks import AttackParams, forced_move, resolve_attack
from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    line,
    new_game,
    scenario,
    simple_class,
    simple_monster,
    stack,
)
from questforge.engine.gloomhaven.game.character_turn import character_attack
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AreaPattern,
    ModifierCard,
    standard_modifier_deck,
)

EXTRA = (
    ModifierCard("roll-poison", value=0, rolling=True, conditions=("poison",)),
    ModifierCard("roll-1", value=1, rolling=True),
    ModifierCard("roll-push", value=0, rolling=True, push=1),
)


def field(monsters: list | None = None, **mon: object) -> object:
    hexes = disc((0, 0), 3)
    sc = scenario(
        "f",
        {"a": hexes},
        [(0, 0), (-3, 0)],
        monsters=monsters if monsters is not None else [("grunt", (1, 0), "normal")],
    )
    alpha = simple_class("alpha", modifier_deck=standard_modifier_deck("alpha:") + EXTRA)
    return content(
        [sc],
        classes=[alpha, simple_class("beta")],
        monsters=[simple_monster("grunt", health=20, move=0, **mon)],  # type: ignore[arg-type]
    )


def setup(monsters: list | None = None, top: list[str] | None = None, **mon: object) -> tuple:
    g = new_game(field(monsters, **mon), "f")
    if top:
        stack(g.state.characters["alpha"].modifier_deck, top)
    alpha = g.state.figures["alpha"]
    grunt = next((f for f in g.state.figures.values() if f.side == "monsters"), None)
    return g, alpha, grunt


def attack(g: object, attacker: object, target: object, value: int, **kw: object) -> dict:
    resolve_attack(
        g.rules, attacker, target, AttackParams(value=value, ranged=kw.pop("ranged", False), **kw)
    )  # type: ignore[attr-defined,arg-type]
    return [e for e in g.events if e.type == "attack"][-1].data  # type: ignore[attr-defined]


def test_modifier_then_shield() -> None:
    # GH-ATK-05 order: attacker bonuses, one modifier card, target's shield (GH-SHLD-01),
    # GH-AMD-01, GH-AMD-03 (one card, its value added), GH-ATK-09 (damage recorded)
    g, alpha, grunt = setup(top=["alpha:+1-1"], shield=1)
    e = attack(g, alpha, grunt, 3)
    assert (e["value"], e["shield"], e["damage"]) == (3, 1, 3)
    assert grunt.hp == 17


def test_null_and_double() -> None:
    # GH-AMD-04
    g, alpha, grunt = setup(top=["alpha:null", "alpha:x2"])
    assert attack(g, alpha, grunt, 3)["damage"] == 0
    assert attack(g, alpha, grunt, 3)["damage"] == 6


def test_rolling_modifiers_add_up() -> None:
    # GH-AMD-06: keep drawing until a non-rolling card; add all effects
    g, alpha, grunt = setup(top=["roll-poison", "roll-1", "alpha:+1-1"])
    e = attack(g, alpha, grunt, 2)
    assert e["applied"] == ["roll-poison", "roll-1", "alpha:+1-1"]
    assert e["damage"] == 4 and "poison" in grunt.conditions  # GH-AMD-05


def test_advantage_uses_the_better_card() -> None:
    # GH-ADV-01 / GH-COND-12 (strengthen gives advantage)
    g, alpha, grunt = setup(top=["alpha:-1-1", "alpha:+2-1"])
    alpha.conditions["strengthen"] = False
    e = attack(g, alpha, grunt, 3)
    assert e["advantage"] and e["modifiers"] == ["alpha:-1-1", "alpha:+2-1"] and e["damage"] == 5


def test_advantage_with_one_rolling_card_adds_it() -> None:
    # GH-ADV-01: a rolling card's effect is added to the other card
    g, alpha, grunt = setup(top=["roll-1", "alpha:+1-1"])
    alpha.conditions["strengthen"] = False
    assert attack(g, alpha, grunt, 3)["damage"] == 5


def test_advantage_both_rolling_keeps_drawing() -> None:
    # GH-ADV-02
    g, alpha, grunt = setup(top=["roll-1", "roll-poison", "alpha:+0-1"])
    alpha.conditions["strengthen"] = False
    e = attack(g, alpha, grunt, 3)
    assert len(e["modifiers"]) == 3 and e["damage"] == 4 and "poison" in grunt.conditions


def test_disadvantage_uses_worse_and_ignores_rolling() -> None:
    # GH-ADV-03 / GH-COND-09 (muddle)
    g, alpha, grunt = setup(top=["alpha:+2-1", "alpha:-1-1"])
    alpha.conditions["muddle"] = False
    assert attack(g, alpha, grunt, 3)["damage"] == 2
    g, alpha, grunt = setup(top=["roll-1", "alpha:+0-1"])
    alpha.conditions["muddle"] = False
    assert attack(g, alpha, grunt, 3)["damage"] == 3
    g, alpha, grunt = setup(top=["roll-1", "roll-poison", "alpha:-1-1"])
    alpha.conditions["muddle"] = False
    e = attack(g, alpha, grunt, 3)
    assert e["applied"] == ["alpha:-1-1"] and "poison" not in grunt.conditions


def test_tie_uses_first_drawn() -> None:
    # GH-ADV-04
    g, alpha, grunt = setup(top=["alpha:+0-1", "alpha:+0-2"])
    alpha.conditions["strengthen"] = False
    assert attack(g, alpha, grunt, 3)["applied"] == ["alpha:+0-1"]


def test_ranged_attack_adjacent_has_disadvantage() -> None:
    # GH-ATK-04 / GH-ADV-06, and GH-ADV-05 (both => normal)
    g, alpha, grunt = setup(top=["alpha:+2-1", "alpha:-2-1"])
    e = attack(g, alpha, grunt, 3, ranged=True, range=3)
    assert e["disadvantage"] and e["damage"] == 1
    g, alpha, grunt = setup(top=["alpha:+2-1", "alpha:-2-1"])
    alpha.conditions["strengthen"] = False
    e = attack(g, alpha, grunt, 3, ranged=True, range=3)
    assert not e["advantage"] and not e["disadvantage"] and e["modifiers"] == ["alpha:+2-1"]


def test_pierce_ignores_shield() -> None:
    # GH-EFF-05: Attack 3 Pierce 2 vs Shield 3 deals 2
    g, alpha, grunt = setup(top=["alpha:+0-1"], shield=3)
    assert attack(g, alpha, grunt, 3, pierce=2)["damage"] == 2


def test_poisoned_target_takes_plus_one() -> None:
    # GH-COND-03
    g, alpha, grunt = setup(top=["alpha:+0-1"])
    grunt.conditions["poison"] = False
    assert attack(g, alpha, grunt, 3)["damage"] == 4


def test_retaliate_after_attack_unless_killed() -> None:
    # GH-RET-01, GH-RET-03, GH-RET-04
    g, alpha, grunt = setup(top=["alpha:+0-1", "alpha:+0-2"], retaliate=2)
    grunt.retaliate.append((1, 1))
    attack(g, alpha, grunt, 1)
    assert alpha.hp == 10 - 3
    grunt.hp = 1
    attack(g, alpha, grunt, 3)
    assert alpha.hp == 7 and grunt.id not in g.state.figures


def test_retaliate_range() -> None:
    # GH-RET-02: a ranged attacker is hit only within the retaliate range
    g, alpha, grunt = setup(
        monsters=[("grunt", (3, 0), "normal")], top=["alpha:+0-1", "alpha:+0-2"]
    )
    grunt.retaliate.append((2, 1))
    attack(g, alpha, grunt, 1, ranged=True, range=3)
    assert alpha.hp == 10
    grunt.retaliate.append((1, 3))
    attack(g, alpha, grunt, 1, ranged=True, range=3)
    assert alpha.hp == 9


def test_kill_drops_coin_and_counts() -> None:
    # GH-ATK-10, GH-ATK-11
    g, alpha, grunt = setup(top=["alpha:+0-1"])
    grunt.hp = 2
    attack(g, alpha, grunt, 3)
    assert grunt.id not in g.state.figures and g.state.coins.get((1, 0)) == 1
    assert g.state.killed == {"grunt": 1}
    assert grunt.standee in g.state.monster_types["grunt"].free_standees


def test_overkill_damage_leaves_zero_hp_not_less() -> None:
    # GH-ATK-10: 5 damage to a 2-HP monster is 5 damage suffered, and it dies at 0 HP;
    # the log says 0 HP left (a dial stops at 0), never a negative count
    g, alpha, grunt = setup(top=["alpha:+0-1"])
    grunt.hp = 2
    e = attack(g, alpha, grunt, 5)
    assert e["damage"] == 5
    damage = [ev.data for ev in g.events if ev.type == "damage"][-1]
    assert (damage["amount"], damage["hp"]) == (5, 0)
    assert grunt.id not in g.state.figures


def test_bless_and_curse_leave_the_deck() -> None:
    # GH-AMD-07, GH-COND-10, GH-COND-13
    g, alpha, grunt = setup()
    g.rules.apply_condition(alpha, "bless", "test")
    g.rules.apply_condition(grunt, "curse", "test")
    deck = g.state.characters["alpha"].modifier_deck
    assert deck.count("bless") == 1 and g.state.monster_modifier_deck.count("curse") == 1
    stack(deck, ["bless"])
    e = attack(g, alpha, grunt, 2)
    assert e["damage"] == 4 and deck.count("bless") == 0 and "bless" not in deck.discard
    stack(g.state.monster_modifier_deck, ["curse"])
    e = attack(g, grunt, alpha, 2)
    assert e["damage"] == 0 and g.state.monster_modifier_deck.count("curse") == 0


def test_shuffle_flag_reshuffles_at_end_of_round() -> None:
    # GH-AMD-08 / GH-EOR-01
    g, alpha, grunt = setup(top=["alpha:x2"])
    attack(g, alpha, grunt, 1)
    ch = g.state.characters["alpha"]
    assert ch.modifier_shuffle_pending and "alpha:x2" in ch.modifier_deck.discard
    from questforge.engine.gloomhaven.game.rounds import end_of_round

    end_of_round(g.rules)
    assert not ch.modifier_deck.discard and len(ch.modifier_deck) == 23


def test_push_moves_away_and_pull_closer() -> None:
    # GH-EFF-03, GH-EFF-04
    g, alpha, grunt = setup()
    g.rules.controller = Policy({"push": [[2, 0], [3, 0]]})
    forced_move(g.rules, alpha, grunt, 2, away=True, chooser="alpha")
    assert grunt.hex == (3, 0)
    g.rules.controller = Policy({"pull": [[2, 0]]})
    forced_move(g.rules, alpha, grunt, 1, away=False, chooser="alpha")
    assert grunt.hex == (2, 0)


def test_push_springs_traps_and_stops_at_walls() -> None:
    # GH-EFF-08, GH-MOVE-10
    from questforge.engine.gloomhaven.game.spec import TrapSpec

    sc = scenario(
        "p",
        {"a": [*line(0, 3), (0, 1)]},
        [(0, 0), (0, 1)],
        monsters=[("grunt", (1, 0), "normal")],
        traps={(2, 0): TrapSpec()},
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", health=20, move=0)]), "p", level=1)
    alpha = g.state.figures["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    forced_move(g.rules, alpha, grunt, 5, away=True, chooser="alpha")
    assert grunt.hex == (3, 0) and grunt.hp == 17


def run_attack(g: object, ability: Ability, answers: dict) -> None:
    g.rules.controller = Policy(answers)  # type: ignore[attr-defined]
    character_attack(g.rules, g.state.characters["alpha"], g.state.figures["alpha"], ability)  # type: ignore[attr-defined]


def test_area_attack_draws_per_target_and_spares_allies() -> None:
    # GH-AOE-01, GH-AOE-02, GH-AOE-03, GH-AOE-05, GH-AOE-07, GH-ATK-01 (allies are never attacked), GH-ATK-07
    g, _alpha, _ = setup(monsters=[("grunt", (1, 0), "normal"), ("grunt", (1, -1), "normal")])
    g.state.figures["beta"].hex = (0, -1)
    pattern = AreaPattern(((1, 0), (1, -1), (0, -1)), melee=True)
    run_attack(g, Ability("attack", 2, aoe=pattern), {})
    attacks = [e for e in g.events if e.type == "attack"]
    assert len(attacks) == 2 and {e["target"] for e in attacks} == {
        f.id for f in g.state.figures.values() if f.side == "monsters"
    }
    assert g.state.figures["beta"].hp == 10


def test_target_x_and_add_target() -> None:
    # GH-AOE-06, GH-EFF-06
    g, _alpha, _ = setup(
        monsters=[
            ("grunt", (1, 0), "normal"),
            ("grunt", (1, -1), "normal"),
            ("grunt", (0, 1), "normal"),
        ]
    )
    run_attack(g, Ability("attack", 1, targets=2, add_target=True), {})
    assert len({e["target"] for e in g.events if e.type == "attack"}) == 3


def test_ranged_needs_line_of_sight() -> None:
    # GH-LOS-01, GH-LOS-02, GH-ATK-02: walls block line of sight; obstacles do not (GH-OBST-03)
    column = [(0, r) for r in range(-3, 4)]
    walled = [h for h in disc((0, 0), 3) if h not in column] + [(0, 3)]
    sc = scenario("los", {"a": walled}, [(-2, 0), (-2, 1)], monsters=[("grunt", (2, 0), "normal")])
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "los")
    character_attack(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("attack", 2, range=5),
    )
    assert not [e for e in g.events if e.type == "attack"]
    sc2 = scenario(
        "los2",
        {"a": disc((0, 0), 3)},
        [(-2, 0), (-2, 1)],
        monsters=[("grunt", (2, 0), "normal")],
        obstacles=dict.fromkeys(column, ""),
    )
    g2 = new_game(content([sc2], monsters=[simple_monster("grunt", move=0)]), "los2")
    character_attack(
        g2.rules,
        g2.state.characters["alpha"],
        g2.state.figures["alpha"],
        Ability("attack", 2, range=5),
    )
    assert [e for e in g2.events if e.type == "attack"]


def test_conditions_apply_even_without_damage() -> None:
    # GH-EFF-01, GH-EFF-07, GH-COND-02
    g, alpha, grunt = setup(top=["alpha:null"], shield=5)
    e = attack(g, alpha, grunt, 1, conditions=("wound", "immobilize"))
    assert e["damage"] == 0 and {"wound", "immobilize"} <= set(grunt.conditions)


def test_destructible_obstacle() -> None:
    # GH-SPEC-05 / GH-OBST-05, GH-SPEC-08 (health formula in L and C)
    hexes = [*line(0, 3), (0, 1)]
    sc = scenario(
        "o",
        {"a": hexes},
        [(0, 0), (0, 1)],
        obstacles={(1, 0): "L+C"},
        monsters=[("grunt", (3, 0), "normal")],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "o", level=1)
    assert g.state.obstacles[(1, 0)] == 3
    stack(g.state.characters["alpha"].modifier_deck, ["alpha:+0-1"])
    run_attack(g, Ability("attack", 3), {"attack_target": {"obstacle": [1, 0]}})
    assert (1, 0) not in g.state.obstacles
    assert any(e.type == "obstacle_destroyed" for e in g.events)


def test_rulebook_attack_example() -> None:
    # GH-ATK-08: 3 +2 (card) doubled (active card) = 10 -> draw -1 = 9 -> shield 1 -> 8
    g, alpha, grunt = setup(top=["alpha:-1-1"], shield=1)
    e = attack(g, alpha, grunt, (3 + 2) * 2)
    assert e["damage"] == 8 and grunt.hp == 12


def test_monster_attacks_draw_from_the_monster_deck_and_summons_from_summoner() -> None:
    # GH-AMD-02, GH-SUMM-06
    from questforge.engine.gloomhaven.game.character_turn import perform_ability
    from questforge.engine.gloomhaven.game.spec import SummonStats

    g, alpha, grunt = setup(top=["alpha:+2-1"])
    stack(g.state.monster_modifier_deck, ["monster:-1-1"])
    e = attack(g, grunt, alpha, 3)
    assert e["modifiers"] == ["monster:-1-1"]
    g.rules.controller = Policy({"summon_hex": lambda d: 0})
    perform_ability(
        g.rules,
        g.state.characters["alpha"],
        alpha,
        Ability("summon", name="wolf", stats=SummonStats(3, 1, 1)),
    )
    wolf = next(f for f in g.state.figures.values() if f.kind == "summon")
    e = attack(g, wolf, grunt, 1)
    assert e["modifiers"] == ["alpha:+2-1"]


def test_rolling_plus_then_double() -> None:
    # GH-ATK-06: the attacker orders same-step modifiers; the engine adds, then doubles
    from questforge.engine.gloomhaven.game.attacks import apply_modifiers

    roll = ModifierCard("r", value=1, rolling=True)
    double = ModifierCard("d", multiplier=2)
    assert apply_modifiers(2, [roll, double]) == 6
    assert apply_modifiers(2, [roll, ModifierCard("n", multiplier=0)]) == 0


def test_ally_means_not_self() -> None:
    # GH-TURN-04: "ally" excludes the figure itself
    from questforge.engine.gloomhaven.game.character_turn import affected

    g, alpha, _ = setup()
    g.state.figures["beta"].hex = (0, 1)
    pol = Policy({})
    g.rules.controller = pol
    got = affected(
        g.rules, alpha, Ability("condition", conditions=("bless",), affects="ally", range=2)
    )
    assert [f.id for f in got] == ["beta"]
    both = affected(g.rules, alpha, Ability("heal", 1, range=2))
    assert both and pol.asked[-1].options == ("alpha", "beta")


def test_flying_figures_are_not_trapped_by_forced_movement() -> None:
    # GH-MOVE-06, GH-TRAP-01 (published ruling for pushed flyers)
    from questforge.engine.gloomhaven.game.spec import TrapSpec

    sc = scenario(
        "fp",
        {"a": [*line(0, 3), (0, 1)]},
        [(0, 0), (0, 1)],
        monsters=[("bat", (1, 0), "normal")],
        traps={(2, 0): TrapSpec()},
    )
    g = new_game(
        content([sc], monsters=[simple_monster("bat", health=20, move=0, flying=True)]), "fp"
    )
    bat = next(f for f in g.state.figures.values() if f.side == "monsters")
    forced_move(g.rules, g.state.figures["alpha"], bat, 1, away=True, chooser="alpha")
    assert bat.hex == (2, 0) and bat.hp == 20 and (2, 0) in g.state.traps
