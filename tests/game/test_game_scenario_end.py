"""When a scenario ends (GH-END-01, GH-EXH-03, GH-END-11): at the end of the round in which
the goal was met - an end-of-round spawn does not take the win back - and lost if every
character is exhausted before then."""

from __future__ import annotations

from pathlib import Path

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    new_game,
    scenario,
    simple_class,
    simple_deck,
    simple_monster,
    stack,
)
from questforge.engine.gloomhaven.game.from_model import content_from_pack
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    EffectSpec,
    Goal,
    RuleSpec,
    TriggerSpec,
)

PARTY = ("lampwright", "ore-singer", "shaftbreaker", "tunnel-rat")


def _last_round(game: object) -> list[object]:
    events = game.events  # type: ignore[attr-defined]
    last = max(e["round"] for e in events if e.type == "round_start")
    out, rnd = [], 0
    for e in events:
        if e.type == "round_start":
            rnd = e["round"]
        if rnd == last:
            out.append(e)
    return out


def test_goal_met_mid_round_wins_at_round_end_despite_an_end_of_round_spawn() -> None:
    # GH-END-01, GH-SPEC-02: the last monster dies in round 1, a monster spawns at the end of
    # that round; the scenario still ends, won, at the end of round 1
    rule = RuleSpec(
        TriggerSpec("round", round=1, when="end"),
        (EffectSpec("spawn", monster="grunt", hex=(2, 0), players={2: "normal"}),),
    )
    sc = scenario(
        "k",
        {"a": disc((0, 0), 2)},
        [(0, 0), (-2, 1)],
        monsters=[("grunt", (1, 0), "normal")],
        rules=[rule],
    )
    c = content([sc], monsters=[simple_monster("grunt", health=1, move=0, attack=0)])
    g = new_game(c, "k", start=True)
    stack(g.state.characters["alpha"].modifier_deck, ["alpha:+0-1"])
    result = g.run(Policy({"plan": lambda d: 0}))
    assert result.outcome == "won" and result.rounds == 1
    types = [e.type for e in _last_round(g)]
    assert types.index("monster_killed") < types.index("spawned") < types.index("scenario_end")
    assert any(f.side == "monsters" for f in g.state.figures.values())


def test_every_character_exhausted_after_the_goal_in_the_same_round_loses() -> None:
    # GH-END-01, GH-EXH-03, GH-END-11: the named chief dies at initiative 10, then a brute
    # (initiative 50) exhausts both characters before the round ends: the scenario is lost
    sc = scenario(
        "n",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-1, 0)],
        monsters=[("chief", (1, 0), "normal"), ("brute", (-3, 3), "normal")],
        named={(1, 0): ("the-chief", "1")},
        goals=[Goal("kill", targets=("the-chief",))],
    )
    c = content(
        [sc],
        classes=[simple_class("alpha", health=2), simple_class("beta", health=2)],
        monsters=[
            simple_monster("chief", health=1, move=0, attack=0),
            simple_monster("brute", health=30, move=0, attack=10, range_=6),
        ],
        decks={
            "chief": simple_deck("chief", 90, [Ability("shield", 1)]),
            "brute": simple_deck("brute", 50, [Ability("attack", 0, targets=2)]),
        },
    )
    g = new_game(c, "n")
    stack(g.state.characters["alpha"].modifier_deck, ["alpha:+0-1"])
    stack(g.state.monster_modifier_deck, ["monster:+0-1", "monster:+0-2"])
    result = g.run(
        Policy(
            {
                "attack_target": lambda d: next(
                    i for i, o in enumerate(d.options) if str(o).startswith("chief")
                )
            }
        )
    )
    assert "the-chief" in g.state.named_killed
    assert result.outcome == "lost" and result.rounds == 1
    assert all(c.exhausted for c in g.state.characters.values())


def test_flooded_workings_seed_1000_last_kill_then_spawn_is_won(sample_pack: Path) -> None:
    # GH-END-01 on the bundled pack (issue 14): 3 characters, level 0, seed 1000 - the last
    # monster dies in the final round and the end-of-round spawn brings a crawler back;
    # the round in which the goal was met ends the scenario, won
    from questforge.engine.gloomhaven.simulation import new_bot_game

    g = new_bot_game(content_from_pack(str(sample_pack)), "flooded-workings", PARTY[:3], 0, 1000)
    result = g.run()
    last = [e.type for e in _last_round(g)]
    assert "monster_killed" in last and "spawned" in last
    assert last.index("monster_killed") < last.index("spawned")
    assert result.outcome == "won"


def test_cinder_forge_ends_lost_when_the_last_character_is_exhausted(
    sample_pack: Path,
) -> None:
    # GH-EXH-03, GH-END-11 on the bundled pack (issue 14): 4 characters, level 0. Issue 14
    # reported seed 1134 (the Ash Foreman killed, then the last character lost in the same
    # round); the rule fixes since changed that game (with the boss's printed special
    # applied, GH-MSTAT-04, seed 1134 is now won). The constructed test above keeps the
    # exact case; this one keeps a seed that ends the same way: lost, at the exhaustion of
    # the last character, mid-round. (Seed 1149 kept it until pushes could pass the
    # target's allies, GH-EFF-03 with GH-MOVE-02; 1183 is the next seed that does.)
    from questforge.engine.gloomhaven.simulation import new_bot_game

    g = new_bot_game(content_from_pack(str(sample_pack)), "cinder-forge", PARTY, 0, 1183)
    result = g.run()
    assert result.outcome == "lost"
    assert all(c.exhausted for c in g.state.characters.values())
    last = [e.type for e in _last_round(g)]
    assert last[-2:] == ["exhausted", "scenario_end"] and "round_end" not in last
