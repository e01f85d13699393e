"""Movement, terrain, doors and rooms: GH-MOVE, GH-TRAP, GH-HAZ, GH-DIFF, GH-OBST, GH-DOOR,
GH-ROOM, GH-SPEC-03."""

from __future__ import annotations

from questforge.engine.gloomhaven.game.board import find_routes
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
from questforge.engine.gloomhaven.game.character_turn import character_move
from questforge.engine.gloomhaven.game.spec import Ability, DoorSpec, TrapSpec


def corridor(**kw: object) -> object:
    """Hexes (0,0)..(6,0); alpha at (0,0), beta at (0,1)."""
    hexes = [*line(0, 6), (0, 1)]
    sc = scenario("c", {"a": hexes}, [(0, 0), (0, 1)], **kw)  # type: ignore[arg-type]
    return content([sc], monsters=[simple_monster("grunt", health=30, move=0)])


def do_move(game: object, dest: tuple[int, int], points: int, **ab: object) -> None:
    g = game
    g.rules.controller = Policy({"move": [list(dest)]})  # type: ignore[attr-defined]
    char = g.state.characters["alpha"]  # type: ignore[attr-defined]
    fig = g.state.figures["alpha"]  # type: ignore[attr-defined]
    character_move(g.rules, char, fig, Ability("move", points, **ab))  # type: ignore[attr-defined,arg-type]


def routes_of(game: object, points: int, **kw: object) -> dict:
    g = game
    return find_routes(g.board, g.state, g.state.figures["alpha"].hex, points, "party", **kw)  # type: ignore[attr-defined,arg-type]


def test_move_up_to_x() -> None:
    # GH-MOVE-01, GH-TURN-03 (own hex = not moving is always an option)
    g = new_game(corridor(), "c")
    assert max(h[0] for h in routes_of(g, 3)) == 3
    do_move(g, (3, 0), 3)
    assert g.state.figures["alpha"].hex == (3, 0)


def test_difficult_terrain_costs_two() -> None:
    # GH-MOVE-08 / GH-DIFF-01
    g = new_game(corridor(difficult=[(1, 0)]), "c")
    assert (3, 0) not in routes_of(g, 3) and (2, 0) in routes_of(g, 3)
    assert (3, 0) in routes_of(g, 3, jump=True)  # jumping ignores it


def test_allies_pass_enemies_and_obstacles_block() -> None:
    # GH-MOVE-02, GH-MOVE-04, GH-OBST-01, GH-MAP-02 (walls: only the corridor)
    g = new_game(corridor(monsters=[("grunt", (4, 0), "normal")], obstacles={(2, 0): ""}), "c")
    g.state.figures["beta"].hex = (1, 0)
    r = routes_of(g, 5)
    assert (1, 0) not in r  # cannot end on the ally
    assert (2, 0) not in r and (3, 0) not in r  # the obstacle blocks the corridor
    r_jump = routes_of(g, 5, jump=True)
    assert (3, 0) in r_jump and (5, 0) in r_jump  # jump over obstacle and enemy (GH-MOVE-05)
    assert (4, 0) not in r_jump


def test_flying_ends_on_obstacle_but_not_on_figure() -> None:
    # GH-MOVE-06, GH-OBST-02
    g = new_game(corridor(obstacles={(2, 0): ""}, monsters=[("grunt", (3, 0), "normal")]), "c")
    r = routes_of(g, 4, flying=True)
    assert (2, 0) in r and (3, 0) not in r and (4, 0) in r


def test_trap_springs_deals_2_plus_L_and_is_removed() -> None:
    # GH-TRAP-01, GH-TRAP-02, GH-TRAP-04, GH-MOVE-03
    g = new_game(corridor(traps={(5, 0): TrapSpec(True, ("poison",))}), "c", level=2)
    fig = g.state.figures["alpha"]
    fig.hex = (4, 0)
    do_move(g, (6, 0), 2)
    assert fig.hp == 10 - 4 and "poison" in fig.conditions
    assert (5, 0) not in g.state.traps
    assert any(e.type == "trap_sprung" for e in g.events)


def test_path_avoids_trap_when_it_can() -> None:
    # GH-MOVE-03: the mover picks the path; the engine takes the one without the trap
    hexes = [*line(0, 4), (1, -1), (2, -1), (3, -1)]
    sc = scenario("p", {"a": [*hexes, (0, 1)]}, [(0, 0), (0, 1)], traps={(2, 0): TrapSpec()})
    g = new_game(content([sc]), "p")
    do_move(g, (3, 0), 4)
    assert g.state.figures["alpha"].hp == 10 and (2, 0) in g.state.traps


def test_jump_triggers_trap_only_on_last_hex() -> None:
    # GH-MOVE-05, GH-TRAP-01
    g = new_game(corridor(traps={(1, 0): TrapSpec(), (3, 0): TrapSpec()}), "c", level=0)
    do_move(g, (3, 0), 3, jump=True)
    fig = g.state.figures["alpha"]
    assert fig.hp == 8 and (1, 0) in g.state.traps and (3, 0) not in g.state.traps


def test_hazardous_damage_each_hex_and_stays() -> None:
    # GH-HAZ-01, GH-HAZ-02: half the trap damage (rounded down) per hex entered
    g = new_game(corridor(hazardous=[(1, 0), (2, 0)]), "c", level=3)
    do_move(g, (3, 0), 3)
    assert g.state.figures["alpha"].hp == 10 - 2 * (5 // 2)
    assert {(1, 0), (2, 0)} <= g.state.hazardous


def rooms_with_door(locked: bool = False, initiative: int = 50) -> object:
    a = line(0, 3)
    b = line(5, 8)
    sc = scenario(
        "r",
        {"a": [*a, (0, 1)], "b": b},
        [(0, 0), (0, 1)],
        doors=[DoorSpec((4, 0), ("a", "b"), locked, "d1")],
        monsters=[
            ("grunt", (7, 0), "normal"),
            ("grunt", (8, 0), {2: "elite", 3: "elite", 4: "elite"}),
        ],
    )
    return content(
        [sc],
        monsters=[simple_monster("grunt", health=30, move=0, attack=1)],
        decks={"grunt": simple_deck("grunt", initiative)},
    )


def test_door_opens_and_reveals_room_with_its_monsters() -> None:
    # GH-DOOR-01, GH-DOOR-02, GH-DOOR-05, GH-ROOM-01, GH-ROOM-02, GH-MOVE-09, GH-SETUP-09
    g = new_game(rooms_with_door(), "r")
    assert not [f for f in g.state.figures.values() if f.side == "monsters"]
    assert (5, 0) not in routes_of(g, 6)  # unrevealed hexes are not in play
    do_move(g, (4, 0), 6)
    assert "b" in g.state.revealed_rooms and (4, 0) in g.state.open_doors
    placed = [f for f in g.state.figures.values() if f.side == "monsters"]
    assert sorted(f.hex for f in placed) == [(7, 0), (8, 0)]
    assert [f.elite for f in sorted(placed, key=lambda f: f.hex)] == [False, True]


def test_move_continues_after_door_opens() -> None:
    # GH-ROOM-01: the room is revealed immediately; the move goes on
    g = new_game(rooms_with_door(), "r")
    g.rules.controller = Policy({"move": [[4, 0], [6, 0]]})
    character_move(
        g.rules, g.state.characters["alpha"], g.state.figures["alpha"], Ability("move", 6)
    )
    assert g.state.figures["alpha"].hex == (6, 0)


def test_closed_doors_are_walls_for_monsters_and_forced_moves() -> None:
    # GH-DOOR-03, GH-DOOR-04
    g = new_game(rooms_with_door(), "r")
    hexes = g.board.play_hexes(g.state, monsters_view=True)
    assert (4, 0) not in hexes and (3, 0) in hexes
    assert (4, 0) in g.board.play_hexes(g.state, monsters_view=False)


def test_locked_door_is_a_wall_until_opened() -> None:
    # GH-SPEC-03
    g = new_game(rooms_with_door(locked=True), "r")
    assert (4, 0) not in routes_of(g, 6)
    g.rules.apply_effect(
        __import__("questforge.engine.gloomhaven.game.spec", fromlist=["EffectSpec"]).EffectSpec(
            "open-door", "d1"
        )
    )
    assert (4, 0) in g.state.open_doors and "b" in g.state.revealed_rooms


def test_revealed_monsters_with_lower_initiative_act_this_round() -> None:
    # GH-ROOM-04, GH-ROOM-05: cards drawn at once; lower initiative acts right after the revealer
    from questforge.engine.gloomhaven.game.builders import plan

    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-6", "alpha-7"),  # initiative 60
            ("plan", "beta"): plan("beta-1", "beta-2"),  # 10
            ("action", "alpha"): [
                {"card": "alpha-6", "half": "bottom", "default": False},
                {"card": "alpha-7", "half": "top", "default": False},
            ],
            ("move", "alpha"): [[4, 0]],
        }
    )
    g = new_game(rooms_with_door(initiative=30), "r", controller=pol)
    g.state.figures["alpha"].hex = (1, 0)
    g.step_round()
    starts = [e["figure"] for e in g.events if e.type == "turn_start"]
    assert starts[0] == "beta" and starts[1] == "alpha"
    assert starts[2].startswith("grunt")  # initiative 30 < 60: acts this round
    assert any(e.type == "monster_card_drawn" for e in g.events)


def test_revealed_monsters_with_higher_initiative_act_in_order() -> None:
    # GH-ROOM-05: a higher initiative simply takes its place in the order
    from questforge.engine.gloomhaven.game.builders import plan

    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),  # 10
            ("plan", "beta"): plan("beta-8", "beta-2"),  # 80
            ("move", "alpha"): [[4, 0]],
        }
    )
    g = new_game(rooms_with_door(initiative=50), "r", controller=pol)
    g.state.figures["alpha"].hex = (1, 0)
    g.step_round()
    starts = [e["figure"] for e in g.events if e.type == "turn_start"]
    assert starts[0] == "alpha" and starts[1].startswith("grunt") and starts[-1] == "beta"


def test_standee_shortage_places_closest_first() -> None:
    # GH-ROOM-03
    a = line(0, 3)
    b = line(5, 9)
    sc = scenario(
        "short",
        {"a": [*a, (0, 1)], "b": b},
        [(0, 0), (0, 1)],
        doors=[DoorSpec((4, 0), ("a", "b"))],
        monsters=[("grunt", (9, 0), "normal"), ("grunt", (6, 0), "normal")],
    )
    c = content([sc], monsters=[simple_monster("grunt", standees=1, move=0)])
    g = new_game(c, "short")
    do_move(g, (4, 0), 4)
    placed = [f.hex for f in g.state.figures.values() if f.side == "monsters"]
    assert placed == [(6, 0)]
    assert any(e.type == "no_standee" for e in g.events)


def test_figures_never_share_hex_after_moves() -> None:
    # GH-MOVE-04
    g = new_game(corridor(), "c")
    g.state.figures["beta"].hex = (2, 0)
    assert (2, 0) not in routes_of(g, 4)
    assert disc((0, 0), 0) == [(0, 0)]


def test_jump_landing_on_difficult_terrain_costs_two() -> None:
    # GH-MOVE-05, GH-DIFF-01: the hexes jumped over are free of terrain, the last hex is
    # normal movement: landing on difficult terrain costs 2
    g = new_game(corridor(difficult=[(1, 0), (2, 0)]), "c")
    jump2 = routes_of(g, 2, jump=True)
    assert (2, 0) not in jump2  # 1 + 2 = 3 points
    assert jump2[(1, 0)].cost == 2
    jump3 = routes_of(g, 3, jump=True)
    assert jump3[(2, 0)].cost == 3 and jump3[(3, 0)].cost == 3
    do_move(g, (2, 0), 3, jump=True)
    assert g.state.figures["alpha"].hex == (2, 0)


def test_characters_and_monsters_share_one_jump_cost() -> None:
    # GH-MOVE-05, GH-DIFF-01, GH-MOVE-08: the engine's routes (characters and monster walks)
    # cost what the monster-AI solver charges a jumping monster, hex by hex
    from questforge.engine.gloomhaven.ai import solver as ai_solver
    from questforge.engine.gloomhaven.game.monster_turn import situation_for

    g = new_game(corridor(difficult=[(1, 0), (2, 0), (4, 0)]), "c")
    alpha = g.state.figures["alpha"]
    sit = situation_for(g.rules, alpha, 6, 0, 1, None, True)
    solver_costs = {
        (h[0], h[1]): packed % ai_solver.NEG
        for h, packed in ai_solver._Solver(sit).travel().items()
        if (h[0], h[1]) != alpha.hex
    }
    occupied = {f.hex for f in g.state.figures.values()}
    expected = {h: c for h, c in solver_costs.items() if c <= 6 and h not in occupied}
    assert expected[(2, 0)] == 3 and expected[(4, 0)] == 5
    for character in (True, False):
        routes = find_routes(
            g.board, g.state, alpha.hex, 6, "party", jump=True, character=character
        )
        assert {h: r.cost for h, r in routes.items() if h != alpha.hex} == expected


def _best_by_brute_force(g: object, start: tuple[int, int], budget: int) -> dict:
    """Every hex's (cost, negatives) by exhaustive search over (hex, points spent): the
    fewest traps/hazards entered, then the fewest points (GH-MOVE-02, GH-MOVE-03, GH-MOVE-04, GH-MOVE-08, GH-DIFF-01)."""
    st = g.state  # type: ignore[attr-defined]
    board = g.board  # type: ignore[attr-defined]
    occupied = {f.hex: f.side for f in st.figures.values()}
    play = board.play_set(st)
    fewest: dict[tuple[tuple[int, int], int], int] = {(start, 0): 0}
    for spent in range(budget):  # every step costs at least 1: states in order of cost
        for (h, c), neg in list(fewest.items()):
            if c != spent:
                continue
            for n in board.adj.get(h, ()):
                if n not in play or n in st.obstacles or occupied.get(n, "party") != "party":
                    continue
                cost = spent + (2 if n in st.difficult else 1)
                if cost > budget:
                    continue
                nneg = neg + (1 if n in st.traps or n in st.hazardous else 0)
                if nneg < fewest.get((n, cost), nneg + 1):
                    fewest[(n, cost)] = nneg
    out: dict[tuple[int, int], tuple[int, int]] = {}
    for (h, cost), neg in fewest.items():
        if h != start and h in occupied:
            continue
        if h not in out or (neg, cost) < (out[h][1], out[h][0]):
            out[h] = (cost, neg)
    return out


def test_route_search_takes_the_fewest_traps_then_the_fewest_points_everywhere() -> None:
    # GH-MOVE-03 / GH-MOVE-08 / GH-DIFF-01 / GH-TRAP-01 / GH-HAZ-01: on seeded random maps
    # full of traps, hazards, difficult terrain, obstacles and figures, every destination
    # the engine offers has the cost and trap count an exhaustive search finds, and its
    # route enters exactly those hexes (the label search's shortcuts must not change this)
    import random
    from itertools import pairwise

    from questforge.engine.gloomhaven.game.board import find_moves

    rng = random.Random(14)
    hexes = disc((0, 0), 4)
    checked = 0
    for _ in range(60):
        others = [h for h in hexes if h != (0, 0)]
        rng.shuffle(others)
        traps = {h: TrapSpec() for h in others[:5]}
        hazardous, difficult = others[5:10], others[10:16]
        obstacles = {h: "" for h in others[16:19]}
        monsters = [("grunt", h, "normal") for h in others[19:22]]
        sc = scenario(
            "r",
            {"a": hexes},
            [(0, 0), others[22]],
            traps=traps,
            hazardous=hazardous,
            difficult=difficult,
            obstacles=obstacles,
            monsters=monsters,  # type: ignore[arg-type]
        )
        g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "r")
        start = g.state.figures["alpha"].hex
        budget = rng.randint(1, 6)
        moves = find_moves(g.board, g.state, start, budget, "party")
        want = _best_by_brute_force(g, start, budget)
        assert moves.costs == want, {
            h: (moves.costs.get(h), want.get(h))
            for h in set(moves.costs) | set(want)
            if moves.costs.get(h) != want.get(h)
        }
        for h, (cost, neg) in moves.costs.items():
            route = moves.route(h)
            steps = [start, *route.path]
            assert all(b in g.board.adj[a] for a, b in pairwise(steps))
            assert sum(2 if s in g.state.difficult else 1 for s in route.path) == cost
            assert sum(s in g.state.traps or s in g.state.hazardous for s in route.path) == neg
            checked += 1
    assert checked > 300
