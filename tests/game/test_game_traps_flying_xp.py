"""Corridors, disarming and creating traps, losing flying on an obstacle, conditional XP:
GH-CORR-01, GH-TRAP-03, GH-TRAP-05, GH-MOVE-07, GH-OBST-02, GH-XP-03."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from questforge.engine.gloomhaven.game import Game
from questforge.engine.gloomhaven.game.board import find_routes, nearest_empty
from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    line,
    new_game,
    scenario,
    simple_card,
    simple_class,
    simple_monster,
)
from questforge.engine.gloomhaven.game.character_turn import (
    character_move,
    perform_ability,
    perform_card_half,
)
from questforge.engine.gloomhaven.game.spec import Ability, Consume, TrapSpec

PACK = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"


def corridor(**kw: Any) -> Any:
    """Hexes (0,0)..(6,0) plus (0,1); alpha at (0,0), beta at (0,1)."""
    sc = scenario("c", {"a": [*line(0, 6), (0, 1)]}, [(0, 0), (0, 1)], **kw)
    return content([sc], monsters=[simple_monster("grunt", health=30, move=0)])


def act(game: Any, ab: Ability, rules: dict[object, object] | None = None) -> int:
    """alpha performs ``ab`` now; returns 1 if it was performed."""
    game.rules.controller = Policy(rules or {})
    char = game.state.characters["alpha"]
    return int(perform_ability(game.rules, char, game.state.figures["alpha"], ab)[0])


def move(game: Any, dest: tuple[int, int], points: int, **ab: Any) -> None:
    game.rules.controller = Policy({"move": [list(dest)]})
    char = game.state.characters["alpha"]
    character_move(game.rules, char, game.state.figures["alpha"], Ability("move", points, **ab))


# ---------------------------------------------------------------- corridors


def test_corridor_hexes_of_the_sample_pack_are_normal_empty_hexes() -> None:
    # GH-CORR-01: cinder-forge covers the yard's edge with a corridor overlay at (0, 4)
    game = Game.new(str(PACK), "cinder-forge", players=["lampwright", "ore-singer"], seed=0)
    game.start()
    st, board = game.state, game.rules.board
    corridor_hex = (0, 4)
    assert board.room_at(corridor_hex) == "yard" and board.in_play(st, corridor_hex)
    for terrain in (st.obstacles, st.traps, st.hazardous, st.difficult, st.coins, st.treasures):
        assert corridor_hex not in terrain
    fig = st.figures["lampwright"]
    fig.hex = (0, 3)  # a starting hex next to the corridor
    routes = find_routes(board, st, fig.hex, 1, "party")
    assert routes[corridor_hex].cost == 1  # movement cost 1, and a figure may end there
    move_ab = Ability("move", 1)
    game.rules.controller = Policy({"move": [list(corridor_hex)]})
    character_move(game.rules, st.characters["lampwright"], fig, move_ab)
    assert fig.hex == corridor_hex and fig.hp == fig.max_hp
    # GH-MOVE-07: "empty" includes corridors; the figure standing there is what fills it
    assert nearest_empty(board, st, corridor_hex, extra=[]) != corridor_hex
    fig.hex = (0, 3)
    assert nearest_empty(board, st, corridor_hex) == corridor_hex


# ---------------------------------------------------------------- disarming traps


def test_disarm_removes_an_adjacent_trap_without_its_effect() -> None:
    # GH-TRAP-03
    g = new_game(corridor(traps={(1, 0): TrapSpec(True, ("poison",)), (3, 0): TrapSpec()}), "c")
    alpha = g.state.figures["alpha"]
    assert act(g, Ability("disarm")) == 1
    assert (1, 0) not in g.state.traps and (3, 0) in g.state.traps  # adjacent only
    assert alpha.hp == 10 and not alpha.conditions
    assert [e["hex"] for e in g.events if e.type == "trap_disarmed"] == [[1, 0]]
    assert not any(e.type == "trap_sprung" for e in g.events)
    move(g, (2, 0), 2)  # the disarmed hex is a plain hex now
    assert alpha.hp == 10 and not alpha.conditions


def open_room(**kw: Any) -> Any:
    """A round room of radius 3 (open sight lines); alpha at (0,0), beta at (0,1)."""
    return content([scenario("o", {"a": disc((0, 0), 3)}, [(0, 0), (0, 1)], **kw)])


def test_disarm_at_range_several_traps_and_nothing_to_disarm() -> None:
    # GH-TRAP-03: "disarm" with a range and a target count; "done" stops early
    traps = {(1, 0): TrapSpec(), (2, 0): TrapSpec(), (3, 0): TrapSpec()}
    g = new_game(open_room(traps=traps), "o")
    assert act(g, Ability("disarm", range=2, targets=3), {"disarm_target": [[2, 0], "done"]})
    assert set(g.state.traps) == {(1, 0), (3, 0)}
    assert act(g, Ability("disarm", range=2, targets=3)) == 1
    assert set(g.state.traps) == {(3, 0)}  # out of range stays
    assert act(g, Ability("disarm", range=2)) == 0  # no trap in range: not performed


# ---------------------------------------------------------------- creating traps


def test_created_trap_uses_the_ability_damage_and_conditions() -> None:
    # GH-TRAP-05: the creating ability sets the effect, not the scenario's 2 + L
    sc = scenario(
        "d",
        {"a": disc((0, 0), 2)},
        [(0, 0), (1, 0)],
        obstacles={(0, 1): ""},
        traps={(-1, 0): TrapSpec()},
        coins={(0, -1): 1},
    )
    g = new_game(content([sc]), "d", level=3)
    pol = Policy({"trap_hex": [[1, -1]]})
    g.rules.controller = pol
    char, alpha = g.state.characters["alpha"], g.state.figures["alpha"]
    done, _, _ = perform_ability(g.rules, char, alpha, Ability("trap", 3, conditions=("wound",)))
    assert done == 1
    # adjacent, empty hexes only: not beta's hex, the obstacle, the trap or the coin
    assert [tuple(o) for o in pol.asked[0].options] == [(-1, 1), (1, -1)]
    assert g.state.traps[(1, -1)] == TrapSpec(True, ("wound",), 3)
    ev = next(e for e in g.events if e.type == "trap_created")
    assert ev["hex"] == [1, -1] and ev["damage"] == 3 and ev["conditions"] == ["wound"]
    # the trap springs like any other (GH-TRAP-01, GH-TRAP-02), for 3 damage at level 3
    beta = g.state.figures["beta"]
    g.rules.enter_hex(beta, (1, -1), forced=False, last=True, ignore=False)
    assert beta.hp == 10 - 3 and "wound" in beta.conditions and (1, -1) not in g.state.traps


def test_created_trap_without_damage_and_at_range() -> None:
    # GH-TRAP-05: a condition-only trap; a range lets it go further, nearest hexes first
    g = new_game(open_room(), "o")
    pol = Policy({"trap_hex": [[2, 0]]})
    g.rules.controller = pol
    char, alpha = g.state.characters["alpha"], g.state.figures["alpha"]
    perform_ability(g.rules, char, alpha, Ability("trap", 0, range=2, conditions=("stun",)))
    offered = [tuple(o) for o in pol.asked[0].options]
    distances = [max(abs(q), abs(r), abs(q + r)) for q, r in offered]
    assert distances == sorted(distances) and set(distances) == {1, 2}
    assert len(offered) == 5 + 12 and (0, 1) not in offered  # beta's hex is not empty
    beta = g.state.figures["beta"]
    g.rules.enter_hex(beta, (2, 0), forced=True, last=True, ignore=False)
    assert beta.hp == 10 and "stun" in beta.conditions


def test_trap_ability_on_a_card() -> None:
    # GH-TRAP-05 from hand-built card content; GH-TRAP-03 likewise
    cards = [
        simple_card("alpha-1", 10, top=(Ability("trap", 2),), bottom=(Ability("disarm"),)),
        *[simple_card(f"alpha-{i}", 10 * i) for i in range(2, 9)],
    ]
    sc = scenario("c", {"a": [*line(0, 6), (0, 1)]}, [(0, 0), (0, 1)], traps={(1, 0): TrapSpec()})
    c = content([sc], classes=[simple_class("alpha", cards=cards), simple_class("beta")])
    g = new_game(c, "c")
    g.rules.controller = Policy()
    char = g.state.characters["alpha"]
    char.selected = ["alpha-1"]
    perform_card_half(g.rules, char, "alpha-1", "bottom", False)
    assert (1, 0) not in g.state.traps
    perform_card_half(g.rules, char, "alpha-1", "top", False)
    assert g.state.traps == {(1, 0): TrapSpec(True, (), 2)}  # the one empty adjacent hex


# ---------------------------------------------------------------- losing flying


def test_flying_move_ending_on_an_obstacle_lands_with_trap_damage() -> None:
    # GH-MOVE-07, GH-OBST-02, GH-MOVE-06: the move's flying ends on the obstacle
    g = new_game(corridor(obstacles={(2, 0): ""}, coins={(1, 0): 1}), "c", level=2)
    alpha = g.state.figures["alpha"]
    move(g, (2, 0), 3, flying=True)
    assert alpha.hp == 10 - (2 + 2)
    # nearest empty hex: (1, 0) holds a coin token, so (3, 0)
    assert alpha.hex == (3, 0)
    types = [e.type for e in g.events]
    lost = types.index("flying_lost")
    assert g.events[lost]["hex"] == [2, 0]
    assert types[lost - 1] == "move" and g.events[lost - 1]["end"] == [2, 0]  # the flight
    assert g.events[-1].type == "move" and g.events[-1]["end"] == [3, 0]  # the landing


def test_flying_move_elsewhere_and_permanent_flyers_do_not_land() -> None:
    # GH-MOVE-07 applies only on an obstacle hex, and only when flying is lost
    g = new_game(corridor(obstacles={(2, 0): ""}), "c")
    alpha = g.state.figures["alpha"]
    move(g, (3, 0), 3, flying=True)
    assert alpha.hp == 10 and alpha.hex == (3, 0)
    alpha.hex = (2, 0)
    alpha.flying = True  # a permanently flying figure stays up (GH-OBST-02)
    g.rules.lose_flying(alpha)
    assert alpha.hex == (2, 0) and alpha.hp == 10
    alpha.flying = False  # its flying is gone (the function the engine calls)
    g.rules.lose_flying(alpha)
    assert alpha.hp == 10 - 3 and alpha.hex == (1, 0)  # ties: the lowest (q, r)


def test_landing_damage_can_kill_and_then_nothing_moves() -> None:
    # GH-MOVE-07: damage first, then the move to the nearest empty hex
    g = new_game(corridor(obstacles={(2, 0): ""}, monsters=[("grunt", (2, 0), "normal")]), "c")
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    grunt.hp = 2
    g.rules.lose_flying(grunt)
    assert grunt.id not in g.state.figures
    assert not any(e.type == "move" and e["figure"] == grunt.id for e in g.events)


# ---------------------------------------------------------------- conditional XP


def test_xp_only_when_the_element_is_consumed() -> None:
    # GH-XP-03 (conditional XP), GH-XP-01; GH-ELEM-04 (consuming is the condition)
    ab = Ability("attack", 2, consume=(Consume(("fire",), xp=1),))
    g = new_game(corridor(monsters=[("grunt", (1, 0), "normal")]), "c")
    char = g.state.characters["alpha"]
    g.state.elements["fire"] = 2
    act(g, ab, {"consume": "skip"})
    assert char.xp == 0 and g.state.elements["fire"] == 2  # declined: no XP
    act(g, ab, {"consume": "consume"})
    assert char.xp == 1 and g.state.elements["fire"] == 0
    act(g, ab, {"consume": "consume"})  # element gone: nothing to consume, no XP
    assert char.xp == 1
    # unconditional XP on the ability is gained either way
    act(g, Ability("attack", 2, xp=2, consume=(Consume(("fire",), xp=1),)))
    assert char.xp == 3


def test_trap_abilities_read_as_card_text() -> None:
    # GH-TRAP-03 / GH-TRAP-05 wording shown to players (play, editor)
    from questforge.engine.gloomhaven.game.describe import ability_text

    assert ability_text(Ability("disarm")) == "Disarm trap (adjacent)"
    assert ability_text(Ability("disarm", range=2, targets=2)) == "Disarm 2 traps (range 2)"
    assert ability_text(Ability("trap", 3, conditions=("poison",))) == (
        "Create 3 damage trap (adjacent, poison)"
    )
    assert ability_text(Ability("trap", range=2)) == "Create trap (range 2)"
