"""Scenario special rules as data (GH-SPEC): every effect of the vocabulary and the new
triggers, applied by the engine; the content grammar (schema -> model -> engine) and the
sample pack's cinder-forge forge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from questforge.engine.gloomhaven.game import Game
from questforge.engine.gloomhaven.game.board import find_routes
from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    line,
    new_game,
    scenario,
    simple_monster,
)
from questforge.engine.gloomhaven.game.spec import (
    DoorSpec,
    EffectSpec,
    RuleSpec,
    TrapSpec,
    TriggerSpec,
)
from questforge.engine.gloomhaven.game.state import INERT, STRONG


def game_with(*rules: RuleSpec, **kw: Any) -> Any:
    sc = scenario(
        "e",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-1, 0)],
        monsters=kw.pop("monsters", [("grunt", (2, 0), "normal"), ("grunt", (3, -1), "normal")]),
        rules=rules,
        **kw,
    )
    c = content([sc], monsters=[simple_monster("grunt", health=6, move=0, attack=1)])
    g = new_game(c, "e", level=1)
    g.state.phase = "turns"
    return g


def on_round_start(*effects: EffectSpec) -> RuleSpec:
    return RuleSpec(TriggerSpec("round", round=1, when="start"), tuple(effects))


def fire_round_start(g: Any) -> None:
    g.rules.fire("round", round_no=1, when="start")


def test_infuse_and_consume_elements() -> None:
    # GH-SPEC, GH-ELEM-02, GH-ELEM-05: a scenario effect changes the infusion board at once
    g = game_with(
        on_round_start(
            EffectSpec("infuse", elements=("fire", "ice")),
            EffectSpec("consume", elements=("ice",)),
        )
    )
    fire_round_start(g)
    assert g.state.elements["fire"] == STRONG and g.state.elements["ice"] == INERT
    assert [e["element"] for e in g.events if e.type == "element_consumed"] == ["ice"]


def test_damage_and_conditions_to_figures_in_an_area() -> None:
    # GH-SPEC, GH-COND: an area (hexes) and a kind of figure; damage is not an attack
    g = game_with(
        on_round_start(
            EffectSpec("damage", amount=2, hexes=((2, 0), (0, 0)), figures="monsters"),
            EffectSpec("condition", conditions=("poison",), hexes=((2, 0), (0, 0))),
        )
    )
    grunt = next(f for f in g.state.figures.values() if f.hex == (2, 0))
    grunt.base_shield = 5  # GH-SHLD-02: shield does not stop non-attack damage
    other = next(f for f in g.state.figures.values() if f.hex == (3, -1))
    fire_round_start(g)
    assert grunt.hp == 4 and other.hp == 6 and g.state.figures["alpha"].hp == 10
    assert "poison" in grunt.conditions and "poison" in g.state.figures["alpha"].conditions
    assert "poison" not in other.conditions


def test_damage_formula_to_every_character() -> None:
    # GH-SPEC-08: amounts as formulas in L and C; characters may negate it by cards (GH-DMG-03)
    g = game_with(on_round_start(EffectSpec("damage", amount_formula="L+1", figures="characters")))
    fire_round_start(g)
    assert g.state.figures["alpha"].hp == 8 and g.state.figures["beta"].hp == 8


def rooms_and_door() -> Any:
    sc = scenario(
        "d",
        {"a": line(0, 3), "b": line(5, 8)},
        [(0, 0), (1, 0)],
        doors=[DoorSpec((4, 0), ("a", "b"), False, "d1")],
        monsters=[("grunt", (8, 0), "normal")],
        rules=[
            on_round_start(EffectSpec("lock-door", key="d1")),
            RuleSpec(
                TriggerSpec("round", round=2, when="start"), (EffectSpec("open-door", key="d1"),)
            ),
        ],
    )
    return content([sc], monsters=[simple_monster("grunt", move=0)])


def test_lock_and_open_a_door() -> None:
    # GH-SPEC-03: a locked door is a wall until a rule opens it
    g = new_game(rooms_and_door(), "d")
    g.state.phase = "turns"
    fire_round_start(g)
    routes = find_routes(g.board, g.state, (3, 0), 3, "party")
    assert (4, 0) not in routes and any(e.type == "door_locked" for e in g.events)
    g.rules.fire("round", round_no=2, when="start")
    assert (4, 0) in g.state.open_doors and "b" in g.state.revealed_rooms


def test_change_a_monster_types_stats_now_and_later() -> None:
    # GH-SPEC: "monster-stats" on every monster of a type, also those placed afterwards
    g = game_with(
        on_round_start(
            EffectSpec("monster-stats", monster="grunt", stats=(("attack", 2), ("health", 3)))
        )
    )
    fire_round_start(g)
    grunts = [f for f in g.state.figures.values() if f.side == "monsters"]
    assert all(f.attack == 3 and f.max_hp == 9 and f.hp == 9 for f in grunts)
    later = g.rules.place_monster("grunt", (0, 2), False, drops_coin=False, acts_from=1)
    assert later is not None and later.attack == 3 and later.max_hp == 9


def test_add_and_remove_overlays() -> None:
    # GH-SPEC: overlays added by a rule (a trap, an obstacle not on a figure), removed later
    g = game_with(
        on_round_start(
            EffectSpec(
                "add-overlays",
                overlay="trap",
                hexes=((1, 1),),
                trap=TrapSpec(True),
                overlays=("new-trap",),
            ),
            EffectSpec("add-overlays", overlay="obstacle", hexes=((0, 0), (1, -1))),
        ),
        RuleSpec(
            TriggerSpec("round", round=2, when="start"),
            (EffectSpec("remove-overlays", overlays=("new-trap",)),),
        ),
    )
    fire_round_start(g)
    assert (1, 1) in g.state.traps and (1, -1) in g.state.obstacles
    assert (0, 0) not in g.state.obstacles  # alpha stands there
    g.rules.fire("round", round_no=2, when="start")
    assert (1, 1) not in g.state.traps


def test_win_effect_ends_the_round_won() -> None:
    # GH-END-01: a rule's win is a goal met: the round is played to its end
    g = game_with(
        RuleSpec(TriggerSpec("round", round=1, when="end"), (EffectSpec("win"),)),
        monsters=[("grunt", (3, 0), "normal")],
    )
    g.state.phase = "setup"
    result = g.run()
    assert result.outcome == "won" and result.rounds == 1


def test_lose_effect_ends_the_scenario_lost() -> None:
    g = game_with(
        RuleSpec(TriggerSpec("round", round=2, when="start"), (EffectSpec("lose"),)),
        monsters=[("grunt", (3, 0), "normal")],
    )
    g.state.phase = "setup"
    result = g.run()
    assert result.outcome == "lost" and result.rounds == 2


def test_monster_killed_trigger_by_type_and_count() -> None:
    # GH-SPEC: "monster-killed" fires when the count-th monster of the type dies
    g = game_with(
        RuleSpec(
            TriggerSpec("monster-killed", key="grunt", count=2),
            (EffectSpec("infuse", elements=("dark",)),),
        )
    )
    grunts = sorted(
        (f for f in g.state.figures.values() if f.side == "monsters"), key=lambda f: f.id
    )
    g.rules.suffer_damage(grunts[0], 99, "alpha", "test")
    assert g.state.elements["dark"] == INERT
    g.rules.suffer_damage(grunts[1], 99, "alpha", "test")
    assert g.state.elements["dark"] == STRONG


def test_enter_hex_trigger_for_characters_only() -> None:
    # GH-SPEC, GH-MOVE: a character entering a watched hex fires the rule; monsters do not
    from questforge.engine.gloomhaven.game.character_turn import character_move
    from questforge.engine.gloomhaven.game.spec import Ability

    g = game_with(
        RuleSpec(
            TriggerSpec("enter-hex", hexes=((1, 0),), figures="characters"),
            (EffectSpec("infuse", elements=("air",)),),
        ),
        monsters=[("grunt", (3, 0), "normal")],
    )
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    g.rules.enter_hex(grunt, (1, 0), forced=False, last=True, ignore=False)
    assert g.state.elements["air"] == INERT
    grunt.hex = (3, 0)
    g.rules.controller = Policy({"move": [[2, 0]]})
    character_move(
        g.rules, g.state.characters["alpha"], g.state.figures["alpha"], Ability("move", 2)
    )
    assert g.state.elements["air"] == STRONG


# ---------------------------------------------------------------- content grammar


def copy_pack(tmp_path: Path, sample_pack: Path) -> Path:
    import shutil

    dst = tmp_path / "pack"
    shutil.copytree(sample_pack, dst)
    return dst


def test_cinder_forge_infuses_fire_when_the_forge_is_revealed(sample_pack: Path) -> None:
    # GH-SPEC, GH-ELEM-02 on the bundled pack: "fire is infused when the forge is revealed"
    # is data the engine applies, not free text
    game = Game.new(str(sample_pack), "cinder-forge", players=["shaftbreaker", "tunnel-rat"])
    game.start()
    rule = game.scenario.special_rules[0]
    assert rule.trigger.type == "room-revealed" and rule.trigger.key == "forge"
    assert [e.type for e in rule.effects] == ["infuse"]
    assert game.state.elements["fire"] == INERT
    game.rules.reveal_room("forge", None)
    assert game.state.elements["fire"] == STRONG
    assert any(e.type == "element_infused" and e["by"] == "scenario" for e in game.events)


def test_every_effect_and_trigger_kind_loads_from_content(
    tmp_path: Path, sample_pack: Path
) -> None:
    # GH-SPEC: the scenario schema's effect grammar, through the content model, to the engine
    from questforge.engine.gloomhaven.game.from_model import content_from_pack
    from questforge.engine.gloomhaven.model import load_pack_dir

    pack = copy_pack(tmp_path, sample_pack)
    path = pack / "scenarios" / "collapsed-adit.json"
    data = json.loads(path.read_text())
    room = data["starting_room"]
    data["special_rules"] = [
        {
            "trigger": {"type": "monster-killed", "monster": "rust-crawler", "count": 2},
            "effects": [
                {"type": "infuse", "elements": ["earth"]},
                {"type": "consume", "elements": ["fire"]},
                {"type": "damage", "amount": "1+L", "room": room, "figures": "monsters"},
                {"type": "condition", "conditions": ["muddle"], "hexes": [[0, 0]]},
                {"type": "monster-stats", "monster": "rust-crawler", "attack": 1, "health": -1},
                {
                    "type": "add-overlays",
                    "overlay": "trap",
                    "hexes": [[0, 0]],
                    "damage": True,
                    "id": "late-trap",
                },
                {"type": "lock-door", "door": data["doors"][0]["id"]},
                {"type": "win"},
            ],
        },
        {"trigger": {"type": "enter-hex", "hexes": [[1, 1]]}, "effects": [{"type": "lose"}]},
    ]
    path.write_text(json.dumps(data))
    from questforge.validator.runner import validate_paths

    report = validate_paths([str(pack)])
    assert not [f for f in report.findings if f.severity == "error"], report.findings
    spec = content_from_pack(load_pack_dir(pack)).scenarios["collapsed-adit"]
    kinds = [e.type for e in spec.special_rules[0].effects]
    assert kinds == [
        "infuse",
        "consume",
        "damage",
        "condition",
        "monster-stats",
        "add-overlays",
        "lock-door",
        "win",
    ]
    effects = {e.type: e for e in spec.special_rules[0].effects}
    assert effects["damage"].amount_formula == "1+L" and effects["damage"].key == room
    assert effects["monster-stats"].stats == (("attack", 1), ("health", -1))
    assert effects["add-overlays"].trap == TrapSpec(True) and effects["add-overlays"].overlays == (
        "late-trap",
    )
    assert (
        spec.special_rules[0].trigger.key == "rust-crawler"
        and spec.special_rules[0].trigger.count == 2
    )
    assert (
        spec.special_rules[1].trigger.hexes == ((1, 1),)
        and spec.special_rules[1].trigger.figures == "characters"
    )


def test_the_new_events_are_declared_in_the_catalogue() -> None:
    # every event the special-rule vocabulary emits is declared with its fields
    from questforge.engine.core.game import check_events
    from questforge.engine.gloomhaven.game import catalogue

    g = game_with(
        on_round_start(
            EffectSpec("infuse", elements=("fire",)),
            EffectSpec("consume", elements=("fire",)),
            EffectSpec("damage", amount=1, figures="monsters"),
            EffectSpec("monster-stats", monster="grunt", stats=(("move", 1),)),
            EffectSpec("add-overlays", overlay="difficult", hexes=((1, 1),), overlays=("mud",)),
            EffectSpec("remove-overlays", overlays=("mud",)),
            EffectSpec("custom", text="The floor shakes."),
            EffectSpec("win"),
        )
    )
    fire_round_start(g)
    types = {e.type for e in g.events}
    assert {"overlays_added", "monster_stats", "goal_met", "overlays_removed"} <= types
    assert check_events(catalogue.EVENT_TYPES, g.events) == []


def test_a_stat_card_rule_applies_while_its_type_is_on_the_map() -> None:
    # GH-MSTAT-04: a printed special applies to every monster of the type, so a stat
    # card's rule fires with the scenario's rules while one of its figures is on the map,
    # every round when it says so (once: false), and stops when the last one is gone
    from dataclasses import replace

    every_round = RuleSpec(
        TriggerSpec("round", round=1, every=1, when="start"),
        (EffectSpec("infuse", elements=("fire",)),),
        once=False,
        id="heat",
    )
    sc = scenario(
        "e",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-1, 0)],
        monsters=[("stoker", (2, 0), "normal"), ("grunt", (3, -1), "normal")],
    )
    stoker = replace(simple_monster("stoker", health=6, move=0, attack=1), rules=(every_round,))
    c = content([sc], monsters=[stoker, simple_monster("grunt", health=6, move=0, attack=1)])
    g = new_game(c, "e", level=1)
    g.state.phase = "turns"
    assert g.rules.ruled_types == ("stoker",)
    for round_no in (1, 2):
        g.state.elements["fire"] = INERT
        g.rules.fire("round", round_no=round_no, when="start")
        assert g.state.elements["fire"] == STRONG
    fired = [e for e in g.events if e.type == "special_rule"]
    assert [(e["rule"], e["trigger"]) for e in fired] == [("stoker:heat", "round")] * 2
    (figure,) = [f for f in g.state.figures.values() if f.monster_type == "stoker"]
    g.rules.kill_monster(figure, "test")
    g.state.elements["fire"] = INERT
    g.rules.fire("round", round_no=3, when="start")
    assert g.state.elements["fire"] == INERT  # no stoker on the map: its rule is silent


def test_the_ash_foremans_printed_special_is_applied(sample_pack: Path) -> None:
    # GH-MSTAT-04, GH-ELEM-02 on the bundled pack: the boss's "at the start of each round,
    # fire is infused" is a stat-card rule the engine applies, not text only
    game = Game.new(str(sample_pack), "cinder-forge", players=["shaftbreaker", "tunnel-rat"])
    game.start()
    assert game.rules.ruled_types == ("ash-foreman",)

    def round_start_fire(round_no: int) -> int:
        game.state.elements["fire"] = INERT
        game.rules.fire("round", round_no=round_no, when="start")
        return game.state.elements["fire"]

    # the boss waits in an unrevealed room: not on the map, so its special is silent
    assert not any(f.monster_type == "ash-foreman" for f in game.state.figures.values())
    assert round_start_fire(1) == INERT
    for room in game.scenario.rooms:
        if room not in game.state.revealed_rooms:
            game.rules.reveal_room(room, None)
    assert any(f.monster_type == "ash-foreman" for f in game.state.figures.values())
    assert round_start_fire(2) == STRONG and round_start_fire(3) == STRONG


def two_rooms_with(rule: RuleSpec) -> Any:
    """Rooms a (start) and b, both revealed: a named grunt "chief" in a, three grunts in b."""
    sc = scenario(
        "two",
        {"a": line(0, 3), "b": line(4, 8)},
        [(0, 0), (1, 0)],
        monsters=[("grunt", (3, 0), "normal"), *(("grunt", (q, 0), "normal") for q in (6, 7, 8))],
        named={(3, 0): ("chief", "")},
        rules=[rule],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "two")
    g.rules.reveal_room("b", None)
    g.state.phase = "turns"
    return g


def kill_at(g: Any, q: int) -> None:
    g.rules.suffer_damage(g.state.figure_at((q, 0)), 99, "alpha", "attack")


def fired(g: Any) -> int:
    return sum(1 for e in g.events if e.type == "special_rule")


def test_a_repeating_room_cleared_rule_fires_when_the_room_is_cleared_not_at_every_kill() -> None:
    # GH-SPEC: "once: false" = each time the room *becomes* clear; kills in another room
    # do not clear room a again (the rule fired at every later death anywhere)
    infuse = (EffectSpec("infuse", elements=("fire",)),)
    g = two_rooms_with(RuleSpec(TriggerSpec("room-cleared", key="a"), infuse, once=False))
    kill_at(g, 3)
    assert fired(g) == 1
    for q in (6, 7, 8):
        kill_at(g, q)
    assert fired(g) == 1
    # a monster placed in room a and killed there clears it again: the rule fires again
    g.rules.place_monster("grunt", (2, 0), False, drops_coin=False, acts_from=1)
    kill_at(g, 2)
    assert fired(g) == 2


def test_a_once_room_cleared_rule_fires_once_even_if_the_room_is_cleared_again() -> None:
    # GH-SPEC: "once" (the default) fires the first time only
    infuse = (EffectSpec("infuse", elements=("fire",)),)
    g = two_rooms_with(RuleSpec(TriggerSpec("room-cleared", key="a"), infuse))
    kill_at(g, 3)
    g.rules.place_monster("grunt", (2, 0), False, drops_coin=False, acts_from=1)
    kill_at(g, 2)
    assert fired(g) == 1


def test_a_repeating_killed_rule_fires_with_the_death_not_at_every_later_kill() -> None:
    # GH-SPEC, GH-SPEC-07: a "killed" trigger fires with the death that leaves its named
    # figures dead; later deaths of other monsters do not fire it again
    infuse = (EffectSpec("infuse", elements=("fire",)),)
    g = two_rooms_with(RuleSpec(TriggerSpec("killed", targets=("chief",)), infuse, once=False))
    kill_at(g, 6)
    assert fired(g) == 0
    kill_at(g, 3)
    assert fired(g) == 1
    kill_at(g, 7)
    kill_at(g, 8)
    assert fired(g) == 1
