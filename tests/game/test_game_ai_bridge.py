"""The engine's bridge to the monster-AI solver: a game state built like a dev situation
must convert back into the same situation answers. The solver decides; the conversion
(board, terrain, thin walls, sides, initiative, long rest, flying, jump, muddle, areas) is
the engine's job, and the dev cases exercise, through it: GH-FOCUS-01, GH-FOCUS-02,
GH-FOCUS-03, GH-FOCUS-05, GH-FOCUS-07, GH-MMOVE-02, GH-MMOVE-03, GH-MMOVE-04, GH-MMOVE-05,
GH-MMOVE-06, GH-MMOVE-07, GH-MMOVE-08, GH-MMOVE-10, GH-MMOVE-11, GH-MHAZ-01, GH-MHAZ-02,
GH-MATK-02, GH-MATK-03, GH-LOS-01, GH-REF-07."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from questforge.engine.gloomhaven.ai import AoePattern, solve
from questforge.engine.gloomhaven.game.builders import (
    content,
    new_game,
    scenario,
    simple_class,
    simple_monster,
)
from questforge.engine.gloomhaven.game.monster_turn import situation_for
from questforge.engine.gloomhaven.game.spec import TrapSpec
from questforge.engine.gloomhaven.game.state import Figure

SHARED = Path(os.environ.get("QUESTFORGE_SHARED", Path(__file__).resolve().parents[3] / "shared"))
DEV = SHARED / "data" / "monster-ai" / "dev"
CASES = sorted(DEV.glob("*.json")) if DEV.is_dir() else []


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_engine_state_converts_to_the_same_situation(path: Path) -> None:
    data = json.loads(path.read_text())
    hexes = [tuple(h) for h in data["map"]["hexes"]]
    terrain = {tuple(t["hex"]): t["type"] for t in data["map"]["terrain"]}
    chars = [f for f in data["figures"] if f["side"] == "character"]
    allies = [f for f in data["figures"] if f["side"] == "monster"]
    if len(chars) > 4:
        pytest.skip("a game has at most 4 characters")
    ids = [f"c{i}" for i in range(max(2, len(chars)))]
    free = [h for h in hexes if h not in terrain and h != tuple(data["active"]["hex"])]
    starts = [tuple(c["hex"]) for c in chars] + [
        h for h in free if h not in {tuple(c["hex"]) for c in data["figures"]}
    ]
    sc = scenario(
        "dev",
        {"a": hexes},
        starts[: len(ids)],
        obstacles={h: "" for h, t in terrain.items() if t == "obstacle"},
        traps={h: TrapSpec() for h, t in terrain.items() if t == "trap"},
        hazardous=[h for h, t in terrain.items() if t == "hazardous"],
        difficult=[h for h, t in terrain.items() if t == "difficult"],
        thin_walls=[(tuple(a), tuple(b)) for a, b in data["map"]["thin_walls"]],
        goals=(),
    )
    c = content([sc], classes=[simple_class(i) for i in ids], monsters=[simple_monster("grunt")])
    g = new_game(c, "dev", tuple(ids))
    st = g.state
    for i, cid in enumerate(ids):
        if i < len(chars):
            st.figures[cid].hex = tuple(chars[i]["hex"])
            st.characters[cid].initiative = chars[i]["initiative"]
            st.characters[cid].long_rest = chars[i]["initiative"] == 99
        else:
            del st.figures[cid]  # a dev case with one character: the second sits out
    a = data["active"]
    me = Figure(
        "grunt-1",
        "monster",
        "monsters",
        tuple(a["hex"]),
        5,
        5,
        monster_type="grunt",
        flying=a["flying"],
        range=a["range"],
    )
    st.figures[me.id] = me
    for k, ally in enumerate(allies):
        st.figures[f"ally-{k}"] = Figure(
            f"ally-{k}", "monster", "monsters", tuple(ally["hex"]), 5, 5, monster_type="grunt"
        )
    if a["muddled"]:
        me.conditions["muddle"] = False
    aoe = None
    if a["aoe"] is not None:
        aoe = AoePattern(a["aoe"]["melee"], tuple(tuple(h) for h in a["aoe"]["hexes"]))  # type: ignore[arg-type]
    sit = situation_for(g.rules, me, a["move"], a["range"], a["targets"], aoe, a["jumping"])
    got = {
        (tuple(o.destination), tuple(sorted(tuple(h) for h in o.attacks)))
        for o in solve(sit).options
    }
    want = {
        (tuple(e["destination"]), tuple(sorted(tuple(h) for h in e["attacks"])))
        for e in data["expected"]
    }
    assert got == want


def test_summons_and_invisible_enemies_reach_the_solver() -> None:
    # GH-FOCUS-03 (a summon counts just before its summoner), GH-FOCUS-04 (invisible)
    from questforge.engine.gloomhaven.game.builders import Policy, disc
    from questforge.engine.gloomhaven.game.character_turn import perform_ability
    from questforge.engine.gloomhaven.game.spec import Ability, SummonStats

    sc = scenario(
        "s", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (3, 0), "normal")]
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt")]), "s")
    g.state.characters["alpha"].initiative = 30
    g.rules.controller = Policy({"summon_hex": lambda d: 0})
    perform_ability(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("summon", name="wolf", stats=SummonStats(3, 2, 1)),
    )
    g.state.figures["beta"].conditions["invisible"] = False
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    sit = situation_for(g.rules, grunt, 2, 0, 1, None, False)
    # the solver's figures carry display names (its explanation names them so)
    by_name = {f.name: f for f in sit.figures}
    wolf = next(f for n, f in by_name.items() if n and "summon" in n)
    assert wolf.summon and wolf.initiative == 30 and wolf.side == "character"
    assert by_name[g.content.classes["beta"].name or "Beta"].invisible
