"""Allied figures and numbered tokens (GH-SPEC-06): placed with their room, token numbers at
random, acting at their initiative in token order like a summon ("Move +0, Attack +0" by
the monster-AI rules), drawing from the monster deck; monsters treat them as enemies; a
"killed" loss condition may name them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from questforge.engine.gloomhaven.game.builders import (
    content,
    disc,
    new_game,
    scenario,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.spec import Ability, AllySpec, Goal


def ally(aid: str, hex_: tuple[int, int], initiative: int = 30, **kw: Any) -> AllySpec:
    return AllySpec(aid, aid.title(), hex_, "a", kw.pop("health", "4+L"), 2, 2, initiative, **kw)


def game(
    allies: tuple[AllySpec, ...], monsters: Any = (("grunt", (3, 0), "normal"),), **kw: Any
) -> Any:
    sc = scenario("al", {"a": disc((0, 0), 3)}, [(-3, 0), (-3, 1)], monsters=list(monsters), **kw)
    sc = replace(sc, allies=allies)
    c = content(
        [sc],
        monsters=[simple_monster("grunt", health=8, move=2, attack=3)],
        decks={"grunt": simple_deck("grunt", 60, [Ability("move", 0), Ability("attack", 0)])},
    )
    return new_game(c, "al", level=1, seed=kw.pop("seed", 0) if "seed" in kw else 0)


def test_allies_are_placed_with_random_token_numbers() -> None:
    # GH-SPEC-06: numbered tokens assigned at random; health formulas in L (GH-SPEC-08)
    seen = set()
    for seed in range(8):
        sc = scenario("al", {"a": disc((0, 0), 3)}, [(-3, 0), (-3, 1)])
        sc = replace(sc, allies=(ally("guide", (0, 2)), ally("porter", (1, 2))))
        g = new_game(content([sc]), "al", level=1, seed=seed)
        guide, porter = g.state.figures["guide"], g.state.figures["porter"]
        assert guide.kind == "ally" and guide.side == "party" and guide.hp == 5
        assert {guide.standee, porter.standee} == {1, 2}
        seen.add(guide.standee)
    assert seen == {1, 2}


def test_allies_act_at_their_initiative_in_token_order_and_fight_monsters() -> None:
    # GH-SPEC-06, GH-SUMM-06 (their turn is a summon's), GH-INIT-02
    g = game((ally("guide", (1, 0)), ally("porter", (1, -1))))
    g.step_round()
    turns = [e["figure"] for e in g.events if e.type == "turn_start"]
    allies = [t for t in turns if t in ("guide", "porter")]
    tokens = {a: g.state.figures[a].standee for a in ("guide", "porter") if a in g.state.figures}
    assert allies == sorted(allies, key=lambda a: tokens.get(a, 0))
    assert turns.index(allies[0]) < turns.index(next(t for t in turns if t.startswith("grunt")))
    assert any(e.type == "attack" and e["attacker"] in ("guide", "porter") for e in g.events)
    assert g.state.turn_order.index("guide") < g.state.turn_order.index("grunt")
    g.run()
    from questforge.engine.gloomhaven.game import Game

    assert Game.verify(g.to_log(), g.content) is None  # replays to the same events
    from questforge.engine.core.game import check_events
    from questforge.engine.gloomhaven.game import catalogue

    assert check_events(catalogue.EVENT_TYPES, g.events) == []


def test_monsters_focus_allies_and_a_killed_ally_can_lose_the_scenario() -> None:
    # GH-FOCUS-01 (enemies: characters, their summons and the party's allies), GH-END-11
    g = game(
        (ally("guide", (2, 0), initiative=90, health="1"),),
        losses=[Goal("killed", targets=("guide",))],
    )
    result = g.run()
    assert any(e.type == "attack" and e["target"] == "guide" for e in g.events)
    assert any(e.type == "ally_killed" for e in g.events)
    assert result.outcome == "lost"


def test_allies_from_content(tmp_path: Path, sample_pack: Path) -> None:
    # GH-SPEC-06 in the content grammar: the scenario's "allies"
    import json
    import shutil

    from questforge.engine.gloomhaven.game.from_model import content_from_pack
    from questforge.engine.gloomhaven.model import load_pack_dir
    from questforge.validator.runner import validate_paths

    pack = tmp_path / "pack"
    shutil.copytree(sample_pack, pack)
    path = pack / "scenarios" / "collapsed-adit.json"
    data = json.loads(path.read_text())
    start = data["starting_hexes"]
    data["allies"] = [
        {
            "id": "old-miner",
            "name": "Old Miner",
            "hex": start[-1],
            "health": "3+L",
            "move": 2,
            "attack": 2,
            "initiative": 40,
            "players": {"2": "normal", "3": "normal", "4": "absent"},
        }
    ]
    data["loss"] = [{"type": "killed", "targets": ["old-miner"]}]
    path.write_text(json.dumps(data))
    report = validate_paths([str(pack)])
    assert not [f for f in report.findings if f.severity == "error"], report.findings
    spec = content_from_pack(load_pack_dir(pack)).scenarios["collapsed-adit"]
    (a,) = spec.allies
    assert (a.id, a.health_formula, a.initiative, a.players) == (
        "old-miner",
        "3+L",
        40,
        frozenset({2, 3}),
    )
    assert a.room == data["starting_room"]
