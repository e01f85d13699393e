"""Win/loss and special rules: GH-END-01, GH-END-05, GH-END-06, GH-END-07, GH-END-11, GH-SPEC-01, GH-SPEC-02, GH-SPEC-04, GH-SPEC-06, GH-SPEC-07, GH-SPEC-08, GH-EOR-06."""

from __future__ import annotations

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    line,
    new_game,
    scenario,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    DoorSpec,
    EffectSpec,
    Goal,
    RuleSpec,
    TriggerSpec,
)


def kill_all_game(**kw: object) -> object:
    sc = scenario(
        "k",
        {"a": disc((0, 0), 2)},
        [(-2, 0), (-2, 1)],
        monsters=[("grunt", (1, 0), "normal")],
        **kw,
    )  # type: ignore[arg-type]
    return new_game(
        content([sc], monsters=[simple_monster("grunt", health=1, move=0, attack=0)]), "k", level=2
    )


def test_win_finishes_the_round_and_gives_bonus_xp_and_gold() -> None:
    # GH-END-01, GH-END-05 (4 + 2L), GH-END-06 (coin value)
    g = kill_all_game()
    g.state.figures["alpha"].hex = (0, 0)
    res = g.run(Policy({"attack_target": lambda d: 0}))
    assert res.outcome == "won"
    assert g.events[-2].type == "round_end"  # the round was played to its end
    alpha = next(c for c in res.characters if c.id == "alpha")
    assert alpha.xp >= 8
    coins = g.state.characters["alpha"].coins + g.state.characters["beta"].coins
    assert sum(c.gold for c in res.characters) == coins * 3


def test_kill_all_needs_unrevealed_rooms_too() -> None:
    # GH-END-01 with "kill-all": monsters behind a closed door still count
    sc = scenario(
        "two",
        {"a": [*line(0, 2), (0, 1)], "b": line(4, 5)},
        [(0, 0), (0, 1)],
        doors=[DoorSpec((3, 0), ("a", "b"))],
        monsters=[("grunt", (5, 0), "normal")],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "two")
    from questforge.engine.gloomhaven.game.rounds import goals_met

    assert not goals_met(g.rules)


def test_loss_when_all_exhausted() -> None:
    # GH-EXH-03, GH-END-07 (XP kept)
    sc = scenario(
        "l", {"a": disc((0, 0), 2)}, [(-2, 0), (-2, 1)], monsters=[("grunt", (1, 0), "normal")]
    )
    g = new_game(
        content([sc], monsters=[simple_monster("grunt", health=99, move=3, attack=30)]), "l"
    )
    g.state.characters["alpha"].xp = 3
    res = g.run()
    assert res.outcome == "lost" and all(c.exhausted for c in res.characters)
    assert next(c for c in res.characters if c.id == "alpha").xp == 3


def test_round_limit_loss_and_survive_win() -> None:
    # loss "round-limit" / win "survive-rounds" (scenario schema), GH-EOR-06
    g = kill_all_game(losses=[Goal("round-limit", rounds=1)])
    g.state.figures["alpha"].hex = (-2, 0)
    g.state.figures["beta"].hex = (-2, 1)
    res = g.run(Policy({"move": lambda d: 0, "attack_target": lambda d: len(d.options) - 1}))
    assert res.outcome == "lost" and res.rounds == 1
    g2 = kill_all_game(goals=[Goal("survive-rounds", rounds=2)])
    res2 = g2.run(Policy({"attack_target": lambda d: len(d.options) - 1}))
    assert res2.outcome == "won" and res2.rounds == 2


def test_reach_hexes_goal() -> None:
    g = kill_all_game(goals=[Goal("reach-hexes", hexes=((2, -2),), all_characters=False)])
    g.state.figures["alpha"].hex = (1, -1)
    res = g.run(
        Policy({("move", "alpha"): [[2, -2]], "attack_target": lambda d: len(d.options) - 1})
    )
    assert res.outcome == "won" and res.rounds == 1


def test_named_monster_goal_and_formula_health() -> None:
    # GH-SPEC-07, GH-SPEC-08: named monster with health in L and C, not elite; "kill" goal
    sc = scenario(
        "n",
        {"a": disc((0, 0), 2)},
        [(-2, 0), (-2, 1)],
        monsters=[("grunt", (1, 0), "elite"), ("grunt", (2, 0), "normal")],
        named={(1, 0): ("chief", "2*C+L")},
        goals=[Goal("kill", targets=("chief",))],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0, attack=0)]), "n", level=1)
    chief = next(f for f in g.state.figures.values() if f.named == "chief")
    assert chief.hp == 5 and not chief.elite and chief.attack == 1  # elite stat line (normal: 0)
    g.rules.suffer_damage(chief, 5, "alpha", "test")
    from questforge.engine.gloomhaven.game.rounds import goals_met

    assert goals_met(g.rules)


def test_named_monsters_and_bosses_placed_by_room_setup_drop_a_coin() -> None:
    # GH-ATK-11: placed during room setup (not summoned or spawned) -> a money token, with
    # no exception for named monsters (GH-SPEC-07) or bosses
    from dataclasses import replace

    sc = scenario(
        "n",
        {"a": disc((0, 0), 2)},
        [(-2, 0), (-2, 1)],
        monsters=[("grunt", (1, 0), "elite"), ("lord", (2, 0), "normal")],
        named={(1, 0): ("chief", "3"), (2, 0): ("the-lord", "")},
        goals=[Goal("kill", targets=("chief", "the-lord"))],
    )
    lord = replace(simple_monster("lord", health=4, move=0, attack=0), boss=True)
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0, attack=0), lord]), "n")
    chief = next(f for f in g.state.figures.values() if f.named == "chief")
    boss = next(f for f in g.state.figures.values() if f.boss)
    g.rules.suffer_damage(chief, 5, "alpha", "test")
    g.rules.suffer_damage(boss, 9, "alpha", "test")
    assert g.state.coins.get((1, 0)) == 1 and g.state.coins.get((2, 0)) == 1
    assert [list(e["hex"]) for e in g.events if e.type == "coin_dropped"] == [[1, 0], [2, 0]]


def spawn_rule(trigger: TriggerSpec) -> RuleSpec:
    return RuleSpec(
        trigger,
        (EffectSpec("spawn", monster="grunt", hex=(1, 0), players={2: "elite"}),),
        once=True,
    )


def test_round_end_spawn_acts_next_round_at_nearest_empty_hex() -> None:
    # GH-SPEC-01, GH-SPEC-02
    sc = scenario(
        "sp",
        {"a": disc((0, 0), 2)},
        [(-2, 0), (-2, 1)],
        monsters=[("grunt", (1, 0), "normal")],
        rules=[spawn_rule(TriggerSpec("round", round=1, when="end"))],
    )
    g = new_game(
        content([sc], monsters=[simple_monster("grunt", health=50, move=0, attack=0)]), "sp"
    )
    g.step_round()
    spawned = [e for e in g.events if e.type == "spawned"]
    assert len(spawned) == 1
    f = g.state.figures[spawned[0]["figure"]]
    assert f.hex != (1, 0) and f.elite and f.acts_from_round == 2 and not f.drops_coin


def test_pressure_plate_opens_locked_door() -> None:
    # GH-SPEC-03, GH-SPEC-04
    sc = scenario(
        "pp",
        {"a": [*line(0, 3), (0, 1)], "b": line(5, 6)},
        [(0, 0), (0, 1)],
        doors=[DoorSpec((4, 0), ("a", "b"), locked=True, id="gate")],
        monsters=[("grunt", (6, 0), "normal")],
        pressure_plates={(2, 0): "plate-1"},
        rules=[
            RuleSpec(
                TriggerSpec("pressure-plate", key="plate-1"), (EffectSpec("open-door", key="gate"),)
            )
        ],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "pp")
    g.rules.controller = Policy({("move", "alpha"): [[2, 0]]})
    g.step_round()
    assert (4, 0) in g.state.open_doors and "b" in g.state.revealed_rooms


def test_room_revealed_and_killed_triggers() -> None:
    sc = scenario(
        "tr",
        {"a": disc((0, 0), 2)},
        [(-2, 0), (-2, 1)],
        monsters=[("grunt", (1, 0), "normal")],
        named={(1, 0): ("boss-x", "")},
        rules=[spawn_rule(TriggerSpec("killed", targets=("boss-x",)))],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "tr")
    boss = next(f for f in g.state.figures.values() if f.named)
    g.state.phase = "turns"
    g.rules.suffer_damage(boss, 99, "alpha", "test")
    assert any(e.type == "spawned" for e in g.events)
    assert any(e.type == "special_rule" for e in g.events)


def test_custom_goals_fall_back_to_kill_all() -> None:
    g = kill_all_game(goals=[Goal("custom")])
    from questforge.engine.gloomhaven.game.rounds import checkable_goals

    assert [x.type for x in checkable_goals(g.rules)] == ["kill-all"]


def test_monster_summon_ability_in_a_round() -> None:
    sc = scenario(
        "ms", {"a": disc((0, 0), 2)}, [(-2, 0), (-2, 1)], monsters=[("grunt", (1, 0), "normal")]
    )
    c = content(
        [sc],
        monsters=[simple_monster("grunt", move=0)],
        decks={"grunt": simple_deck("grunt", 50, [Ability("summon", monster="grunt")])},
    )
    g = new_game(c, "ms")
    g.step_round()
    assert any(e.type == "monster_summoned" for e in g.events)


def test_end_of_scenario_cleanup() -> None:
    # GH-END-08, GH-END-09: cards back, bless/curse and item cards out, items refreshed
    g = kill_all_game()
    ch = g.state.characters["alpha"]
    g.rules.apply_condition(g.state.figures["alpha"], "curse", "x")
    ch.items["boots"] = "spent"
    ch.lost.append(ch.hand.pop())
    g.state.lost_game = True
    g._finish()
    assert g.result.characters[0].cards_lost == 1 and ch.lost  # the final state is kept
    g.cleanup()
    assert len(ch.hand) == 8 and not ch.lost and not ch.discard
    assert ch.modifier_deck.count("curse") == 0 and ch.items["boots"] == "ready"


def test_only_looted_money_counts_and_treasures_resolve() -> None:
    # GH-LOOT-03, GH-LOOT-05, GH-TREAS-01, GH-TREAS-02, GH-TREAS-04, GH-SETUP-08, GH-END-06
    from dataclasses import replace

    from questforge.engine.gloomhaven.game.spec import TreasureSpec

    sc = scenario(
        "t",
        {"a": disc((0, 0), 2)},
        [(-2, 0), (-2, 1)],
        monsters=[("grunt", (1, 0), "normal")],
        coins={(2, 0): 3},
        treasures={(-1, 0): "1", (-1, 1): "2", (0, 1): "3"},
    )
    c = content([sc], monsters=[simple_monster("grunt", health=1, move=0, attack=0)])
    c = replace(
        c,
        treasures={
            "1": TreasureSpec("1", "gold", 15),
            "2": TreasureSpec("2", "item", item="lucky-nugget"),
            "3": TreasureSpec("3", "damage", 3),
        },
    )
    g = new_game(c, "t", level=0)
    ch = g.state.characters["alpha"]
    g.rules.loot_hexes(ch, [(-1, 0), (-1, 1), (0, 1)])
    assert g.state.figures["alpha"].hp == 7 and ch.treasure_gold == 15
    g.rules.loot_hexes(ch, [(-1, 0)])  # a treasure is looted only once
    assert ch.treasure_gold == 15 and ch.treasures == ["1", "2", "3"]
    g.state.lost_game = True
    g._finish()
    res = next(r for r in g.result.characters if r.id == "alpha")
    assert res.gold == 15 and res.items == ("lucky-nugget",) and res.treasures == ("1", "2", "3")
    assert res.coins == 0  # the 3 money tokens were never looted


def test_room_revealed_rule_with_custom_text() -> None:
    # GH-SPEC: a room-revealed trigger; custom effects are shown, not applied
    sc = scenario(
        "cx",
        {"a": [*line(0, 2), (0, 1)], "b": line(4, 5)},
        [(0, 0), (0, 1)],
        doors=[DoorSpec((3, 0), ("a", "b"))],
        monsters=[("grunt", (5, 0), "normal")],
        rules=[
            RuleSpec(
                TriggerSpec("room-revealed", key="b"),
                (EffectSpec("custom", text="The floor shakes."),),
            )
        ],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "cx")
    g.rules.open_door((3, 0), g.state.figures["alpha"])
    assert [e["text"] for e in g.events if e.type == "custom_effect"] == ["The floor shakes."]


def test_a_treasure_looted_in_an_earlier_play_is_not_on_the_map() -> None:
    # GH-TREAS-04: "each treasure tile can be looted only once, ever" - a campaign replaying
    # a scenario (casual, or after a loss) passes the numbers it has looted, and their tiles
    # are not set out again; the others are
    sc = scenario(
        "t",
        {"a": disc((0, 0), 2)},
        [(-2, 0), (-2, 1)],
        monsters=[("grunt", (1, 0), "normal")],
        treasures={(-1, 0): "1", (-1, 1): "2"},
    )
    c = content([sc], monsters=[simple_monster("grunt", health=1, move=0, attack=0)])
    g = new_game(c, "t", looted_treasures=("1",))
    assert g.state.treasures == {(-1, 1): "2"}
    assert g.to_log()["setup"]["looted_treasures"] == ["1"]
    # the log replays the same map; without looted treasures the setup is as before
    assert "looted_treasures" not in new_game(c, "t").to_log()["setup"]
