"""Monster turns: GH-MORD, GH-MABIL, GH-MMOVE, GH-MATK, GH-MOTH, GH-AMBIG, GH-FOCUS-06,
GH-BOSS, GH-SPEC-07, GH-ELEM-09."""

from __future__ import annotations

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    new_game,
    scenario,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.monster_turn import monster_type_turn
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    Consume,
    MonsterAbilityCardSpec,
    MonsterStats,
    MonsterTypeSpec,
)
from questforge.engine.gloomhaven.game.state import INERT, STRONG


def game(
    abilities: list[Ability], monsters: list, *, extra_monsters: list | None = None, **mon: object
) -> object:
    sc = scenario("m", {"a": disc((0, 0), 4)}, [(-4, 0), (-4, 1)], monsters=monsters)
    specs = [simple_monster("grunt", health=10, move=2, attack=2, **mon)] + (extra_monsters or [])  # type: ignore[arg-type]
    decks = {"grunt": simple_deck("grunt", 50, abilities)}
    for m in extra_monsters or []:
        decks.setdefault(m.deck, simple_deck(m.deck, 40, abilities))
    return new_game(content([sc], monsters=specs, decks=decks), "m")


def act(g: object, monster: str = "grunt") -> None:
    g.rules.draw_missing_ability_cards()  # type: ignore[attr-defined]
    g.state.phase = "turns"  # type: ignore[attr-defined]
    monster_type_turn(g.rules, g.state.monster_types[monster])  # type: ignore[attr-defined]


def test_elites_first_then_standee_order() -> None:
    # GH-MORD-01, GH-MORD-02, GH-MORD-03, GH-MORD-04
    g = game(
        [Ability("shield", 1)],
        [("grunt", (2, 0), "normal"), ("grunt", (2, -1), "elite"), ("grunt", (3, 0), "normal")],
    )
    act(g)
    order = [e["figure"] for e in g.events if e.type == "turn_start"]
    figs = g.state.figures
    assert figs[order[0]].elite
    normals = [figs[o].standee for o in order[1:]]
    assert normals == sorted(normals)


def test_monster_moves_then_attacks_via_solver() -> None:
    # GH-MMOVE-01, GH-MMOVE-03, GH-MMOVE-04, GH-MATK-01, GH-MATK-02, GH-MATK-04, GH-MABIL-04 (abilities in order), GH-FOCUS-01, GH-FOCUS-02
    g = game([Ability("move", 0), Ability("attack", 1)], [("grunt", (-1, 0), "normal")])
    g.state.figures["beta"].hex = (4, -4)
    act(g)
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert abs(grunt.hex[0] - (-4)) + abs(grunt.hex[1]) <= 2 or grunt.hex != (-1, 0)
    attack = next(e for e in g.events if e.type == "attack")
    assert attack["target"] == "alpha" and attack["base"] == 3


def test_several_valid_options_go_to_the_controller() -> None:
    # GH-AMBIG-01
    g = game([Ability("move", 0)], [("grunt", (0, 0), "normal")])
    g.state.figures["alpha"].hex = (4, -2)
    g.state.figures["beta"].hex = (-4, 4)
    pol = Policy({"monster_option": lambda d: len(d.options) - 1})
    g.rules.controller = pol
    act(g)
    asked = [d for d in pol.asked if d.kind == "monster_option"]
    assert asked and len(asked[0].options) > 1 and asked[0].actor == "monsters"
    chosen = asked[0].options[-1]["destination"]
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert list(grunt.hex) == chosen


def test_no_focus_when_enemies_invisible() -> None:
    # GH-FOCUS-04, GH-FOCUS-06: no move, no attack; other abilities still happen
    g = game(
        [Ability("move", 0), Ability("attack", 0), Ability("shield", 1)],
        [("grunt", (0, 0), "normal")],
    )
    for c in ("alpha", "beta"):
        g.state.figures[c].conditions["invisible"] = False
    act(g)
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert grunt.hex == (0, 0) and not [e for e in g.events if e.type == "attack"]
    assert grunt.shield == 1


def test_a_monster_with_no_focus_still_consumes_its_cards_element() -> None:
    # GH-ELEM-09, GH-MOTH-06, GH-FOCUS-06: the card consumes the element when it can, also
    # when the monster finds no focus and so does not attack (reading, docs/engine.md)
    g = game(
        [Ability("move", 0), Ability("attack", 0, consume=(Consume(("fire",), value=1),))],
        [("grunt", (0, 0), "normal")],
    )
    g.state.elements["fire"] = STRONG
    for c in ("alpha", "beta"):
        g.state.figures[c].conditions["invisible"] = False
    act(g)
    assert not [e for e in g.events if e.type == "attack"]
    assert [e["element"] for e in g.events if e.type == "element_consumed"] == ["fire"]
    assert g.state.elements["fire"] == INERT


def test_monster_heal_picks_most_damaged() -> None:
    # GH-MOTH-01, GH-MOTH-02
    g = game(
        [Ability("heal", 3, range=3, affects="self-or-ally")],
        [("grunt", (0, 0), "normal"), ("grunt", (1, 0), "normal")],
    )
    a, b = sorted(
        (f for f in g.state.figures.values() if f.side == "monsters"), key=lambda f: f.standee
    )
    a.hp = 9
    b.hp = 4
    act(g)
    heals = [e for e in g.events if e.type == "heal"]
    assert heals[0]["figure"] == b.id and b.hp >= 7


def test_monster_heal_without_range_uses_the_base_range() -> None:
    # GH-MOTH-01, GH-MOTH-02: "Heal 3" with no range: the base range (3 here), the monster
    # of the two that lost more HP - not only the healer itself
    g = game(
        [Ability("heal", 3)],
        [("grunt", (0, 0), "normal"), ("grunt", (2, 0), "normal")],
        range_=3,
    )
    a, b = sorted(
        (f for f in g.state.figures.values() if f.side == "monsters"), key=lambda f: f.standee
    )
    a.hp, b.hp = 8, 3
    act(g)
    heals = [e["figure"] for e in g.events if e.type == "heal"]
    assert heals == [b.id, b.id] and b.hp == 9  # each heals b, who lost more (7, then 4)


def test_melee_monster_heal_without_range_reaches_adjacent_allies() -> None:
    # GH-MOTH-02, GH-MSTAT-03: a melee monster's base range "-" reaches adjacent hexes only
    g = game(
        [Ability("heal", 2)],
        [("grunt", (0, 0), "normal"), ("grunt", (1, 0), "normal"), ("grunt", (3, 0), "normal")],
    )
    ms = sorted((f for f in g.state.figures.values() if f.side == "monsters"), key=lambda f: f.hex)
    near, far, first = ms[1], ms[2], ms[0]  # (1, 0) next to (0, 0); (3, 0) 3 hexes away
    assert first.hex == (0, 0)
    first.hp, near.hp, far.hp = 9, 6, 1
    g.rules.controller = Policy({})
    g.rules.draw_missing_ability_cards()
    g.state.phase = "turns"
    from questforge.engine.gloomhaven.game.monster_turn import TypeTurn, figure_turn
    from questforge.engine.gloomhaven.game.monster_turn import ability_card as card_of

    mt = g.state.monster_types["grunt"]
    figure_turn(g.rules, first, TypeTurn(card_of(g.rules, mt)))
    heals = [e["figure"] for e in g.events if e.type == "heal"]
    assert heals == [near.id]  # the far one lost more but is out of reach


def test_monster_summon_waits_and_drops_no_coin() -> None:
    # GH-MOTH-03, GH-MOTH-04
    g = game([Ability("summon", monster="grunt")], [("grunt", (0, 0), "normal")])
    act(g)
    summoned = [f for f in g.state.figures.values() if f.side == "monsters" and f.hex != (0, 0)]
    assert len(summoned) == 1
    s = summoned[0]
    assert s.acts_from_round == g.state.round + 1 and not s.drops_coin
    from questforge.engine.core.hexgrid import distance

    assert distance(s.hex, (0, 0)) == 1


def test_monster_bonus_lasts_the_round() -> None:
    # GH-MOTH-05, GH-EOR-05
    g = game([Ability("shield", 2), Ability("retaliate", 1)], [("grunt", (0, 0), "normal")])
    act(g)
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert grunt.shield == 2 and grunt.retaliate == [(1, 1)]
    from questforge.engine.gloomhaven.game.rounds import end_of_round

    end_of_round(g.rules)
    assert grunt.shield == 0 and grunt.retaliate == []


def test_monsters_always_consume_and_share_the_bonus() -> None:
    # GH-ELEM-09, GH-MOTH-06, GH-MOTH-07
    ab = Ability("shield", 1, consume=(Consume(("fire",), value=2),))
    g = game(
        [ab, Ability("infuse", elements=("ice",))],
        [("grunt", (0, 0), "normal"), ("grunt", (1, 0), "normal")],
    )
    g.state.elements["fire"] = STRONG
    act(g)
    shields = sorted(f.shield for f in g.state.figures.values() if f.side == "monsters")
    assert shields == [3, 3]
    assert g.state.elements["fire"] == INERT and g.state.elements["ice"] == STRONG
    assert len([e for e in g.events if e.type == "element_consumed"]) == 1


def test_shuffle_card_reshuffles_the_deck() -> None:
    # GH-MABIL-05, GH-EOR-02
    g = game([Ability("shield", 1)], [("grunt", (0, 0), "normal")])
    deck = g.state.ability_decks["grunt"]
    from questforge.engine.gloomhaven.game.builders import stack
    from questforge.engine.gloomhaven.game.rounds import end_of_round

    stack(deck, ["grunt-1"])
    act(g)
    end_of_round(g.rules)
    assert deck.discard == ["grunt-1"]
    stack(deck, ["grunt-7"])  # the shuffle card of simple_deck
    act(g)
    end_of_round(g.rules)
    assert deck.discard == [] and len(deck) == 8


def test_types_sharing_a_deck_share_the_card() -> None:
    # GH-MABIL-03
    other = simple_monster("brute", deck="grunt")
    g = game(
        [Ability("shield", 1)],
        [("grunt", (0, 0), "normal"), ("brute", (2, 0), "normal")],
        extra_monsters=[other],
    )
    g.rules.draw_missing_ability_cards()
    assert g.state.monster_types["grunt"].card == g.state.monster_types["brute"].card
    assert len([e for e in g.events if e.type == "monster_card_drawn"]) == 1


def test_attack_without_range_uses_base_range() -> None:
    # GH-MATK-05, GH-MOTH-02
    g = game([Ability("attack", 0)], [("grunt", (2, 0), "normal")], range_=3)
    g.state.figures["alpha"].hex = (-1, 0)
    act(g)
    assert [e for e in g.events if e.type == "attack" and e["target"] == "alpha"]


def boss_content() -> object:
    stats = {
        c: {
            lvl: {
                "normal": MonsterStats(c * 5 + lvl, 1, 2, immunities=("stun",)),
                "elite": MonsterStats(c * 5 + lvl, 1, 2, immunities=("stun",)),
            }
            for lvl in range(8)
        }
        for c in range(1, 5)
    }
    boss = MonsterTypeSpec(
        "lord",
        "Lord",
        "boss",
        1,
        stats[2],
        boss=True,
        levels_by_players=stats,
        special_actions={1: (Ability("shield", 4),)},
    )
    sc = scenario(
        "b",
        {"a": disc((0, 0), 3)},
        [(-3, 0), (-3, 1), (-2, 0), (-2, 1)],
        monsters=[("lord", (3, 0), "normal")],
        named={(3, 0): ("the-lord", "")},
    )
    deck = (MonsterAbilityCardSpec("b1", 30, (Ability("special", number=1),)),)
    return content([sc], monsters=[boss], decks={"boss": deck})


def test_boss_stats_by_character_count_and_special_action() -> None:
    # GH-BOSS-01, GH-BOSS-02, GH-BOSS-03, GH-BOSS-04, GH-SPEC-07
    from questforge.engine.gloomhaven.game.builders import simple_class

    c = boss_content()
    g = new_game(c, "b", level=2)
    lord = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert lord.hp == 12 and lord.boss and not lord.elite and lord.named == "the-lord"
    assert not g.rules.apply_condition(lord, "stun", "alpha")
    act(g, "lord")
    assert lord.shield == 4
    c4 = content(
        list(c.scenarios.values()),
        classes=[simple_class(x) for x in "abcd"],
        monsters=list(c.monsters.values()),
        decks=dict(c.monster_decks),
    )
    g4 = new_game(c4, "b", ("a", "b", "c", "d"), level=2)
    assert next(f for f in g4.state.figures.values() if f.side == "monsters").hp == 22


def test_export_a_monster_moment_as_a_situation() -> None:
    # the editor's "why did it do that?": the exported file loads and solves
    from questforge.engine.gloomhaven.ai import load_situation, solve

    g = game([Ability("move", 1), Ability("attack", 0)], [("grunt", (0, 0), "normal")])
    g.rules.draw_missing_ability_cards()
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    data = g.monster_situation(grunt.id)
    sit = load_situation(data)
    assert sit.active.move == 3 and sit.active.targets == 1
    assert solve(sit).options


def test_non_attack_abilities_do_not_change_the_move() -> None:
    # GH-MMOVE-09: a heal after the move does not change where the monster goes
    a = game([Ability("move", 0), Ability("attack", 0)], [("grunt", (3, 0), "normal")])
    b = game(
        [Ability("move", 0), Ability("attack", 0), Ability("heal", 2, affects="self")],
        [("grunt", (3, 0), "normal")],
    )
    for g in (a, b):
        act(g)
    dest = [next(f.hex for f in g.state.figures.values() if f.side == "monsters") for g in (a, b)]
    assert dest[0] == dest[1]


def test_move_is_planned_for_the_boosted_attack() -> None:
    # GH-ELEM-09 with GH-MMOVE-06: consuming adds range, and the move is planned for it
    ab = Ability("attack", 0, consume=(Consume(("air",), range=2),))
    g = game([Ability("move", 0), ab], [("grunt", (4, 0), "normal")], range_=1)
    g.state.figures["alpha"].hex = (0, 0)
    g.state.figures["beta"].hex = (-4, 4)
    g.state.elements["air"] = STRONG
    act(g)
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    from questforge.engine.core.hexgrid import distance

    assert distance(grunt.hex, (0, 0)) == 3  # range 1 + 2: stops three hexes away
    assert [e for e in g.events if e.type == "attack" and e["target"] == "alpha"]


def test_monster_loot_removes_money() -> None:
    # monster "loot" (published game): the tokens leave the map, no character gets them
    g = game([Ability("loot", 1)], [("grunt", (0, 0), "normal")])
    g.state.coins[(1, 0)] = 2
    g.state.coins[(3, 0)] = 1
    act(g)
    assert (1, 0) not in g.state.coins and g.state.coins[(3, 0)] == 1


def test_ability_values_in_l_and_c() -> None:
    # GH-SPEC-08 / GH-BOSS-03: a special "Attack 1+L/2" is evaluated for the game
    g = game([Ability("attack", 0, value_formula="1+L/2")], [("grunt", (-3, 0), "normal")])
    g.state.figures["alpha"].hex = (-4, 0)
    act(g)
    attack = next(e for e in g.events if e.type == "attack")
    assert attack["base"] == 2 + 1  # base attack 2 + (1 + 1/2) at level 1


def test_monsters_create_traps_next_to_an_enemy() -> None:
    # GH-TRAP-05: characters and monsters create traps; the monster's goes on an empty hex in
    # range, as close to an enemy as possible; its damage and conditions are the ability's
    g = game([Ability("trap", 3, conditions=("poison",))], [("grunt", (1, 0), "normal")])
    g.state.figures["alpha"].hex = (3, 0)
    g.state.figures["beta"].hex = (-4, 0)
    act(g)
    made = [e for e in g.events if e.type == "trap_created"]
    assert len(made) == 1 and made[0]["damage"] == 3 and made[0]["conditions"] == ["poison"]
    assert tuple(made[0]["hex"]) == (2, 0)  # the adjacent hex next to alpha
    assert (2, 0) in g.state.traps


def test_monsters_disarm_the_nearest_traps_in_range() -> None:
    # GH-TRAP-03 for a monster: traps in range leave the map without their effect
    from questforge.engine.gloomhaven.game.spec import TrapSpec

    g = game([Ability("disarm", range=2, targets=1)], [("grunt", (0, 0), "normal")])
    g.state.traps[(2, 0)] = TrapSpec()
    g.state.traps[(1, 0)] = TrapSpec()
    act(g)
    assert (1, 0) not in g.state.traps and (2, 0) in g.state.traps
    assert [tuple(e["hex"]) for e in g.events if e.type == "trap_disarmed"] == [(1, 0)]


def test_a_type_whose_only_monster_was_summoned_this_round_takes_no_turn() -> None:
    # GH-MOTH-04, GH-INIT-02: the imp type's only monster dies before its initiative (40);
    # at 60 the caller summons a new imp, which does not act this round - so the imp type
    # has no turn (none was announced after the caller's, out of initiative order) and the
    # round's order does not list it
    from questforge.engine.gloomhaven.game.builders import plan

    sc = scenario(
        "s",
        {"a": disc((0, 0), 4)},
        [(0, 0), (-4, 1)],
        monsters=[("imp", (1, 0), "normal"), ("caller", (-3, 3), "normal")],
    )
    c = content(
        [sc],
        monsters=[
            simple_monster("imp", health=1, move=0, attack=0),
            simple_monster("caller", health=30, move=0, attack=0),
        ],
        decks={
            "imp": simple_deck("imp", 40, [Ability("move", 0), Ability("attack", 0)]),
            "caller": simple_deck("caller", 60, [Ability("summon", monster="imp")]),
        },
    )
    pol = Policy(
        {
            ("plan", "alpha"): [plan("alpha-1", "alpha-2"), plan("alpha-3", "alpha-4")],
            ("plan", "beta"): [plan("beta-8", "beta-7"), plan("beta-6", "beta-5")],
            ("action", "alpha"): [{"card": "alpha-1", "half": "top", "default": False}],
        }
    )
    g = new_game(content_=c, scenario_id="s", controller=pol)
    g.step_round()
    assert any(e.type == "monster_summoned" for e in g.events)
    turns = [e["monster"] for e in g.events if e.type == "monster_type_turn"]
    assert turns == ["caller"]
    assert "imp" not in g.state.turn_order
    g.step_round()  # the summoned imp acts from the next round on
    assert "imp" in [e["monster"] for e in g.events if e.type == "monster_type_turn"]
