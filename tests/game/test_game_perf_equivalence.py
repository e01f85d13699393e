"""The engine's speed-ups change no result: same seed, same events.

The monster turns keep one solver ``GeometryCache`` per scenario board, the solver runs its
own integer Dijkstra, and a monster's walk searches only for the route to the solver's
destination (``find_routes(..., goal=...)``). Each is checked here against the plain way
of doing the same thing: whole games with and without the shortcuts must write identical
event logs, and the pieces must give identical answers on real game moments.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from questforge.engine.core.decisions import FirstOptionController, RandomController
from questforge.engine.core.pathfind import dijkstra
from questforge.engine.gloomhaven.ai import GeometryCache, Situation
from questforge.engine.gloomhaven.ai import solver as ai_solver
from questforge.engine.gloomhaven.game import Game, monster_turn
from questforge.engine.gloomhaven.game import board as game_board

SCENARIOS = ("flooded-workings", "collapsed-adit", "cinder-forge")
PARTY = ("lampwright", "ore-singer", "shaftbreaker", "tunnel-rat")


def play(pack: Path, scenario: str, players: int, seed: int, first: bool = False) -> Game:
    game = Game.new(str(pack), scenario, players=list(PARTY[:players]), level=1, seed=seed)
    game.run(FirstOptionController() if first else RandomController(seed))
    return game


def events(game: Game) -> list[Any]:
    return game.to_log()["events"]


def plain_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Monster turns without the shortcuts: a fresh solver board per solve, full route
    searches."""

    def fresh_solve(sit: Situation, geometry: GeometryCache | None = None, **kw: Any) -> Any:
        # (the full solve: the candidates table and the whole travel table, whatever the
        # engine asks for)
        return ai_solver.solve(sit)

    def full_routes(*args: Any, goal: Any = None, **kw: Any) -> Any:
        return game_board.find_routes(*args, **kw)

    monkeypatch.setattr(monster_turn, "solve", fresh_solve)
    monkeypatch.setattr(monster_turn, "find_routes", full_routes)


@pytest.mark.parametrize(
    ("scenario", "players", "seed", "first"),
    [
        ("flooded-workings", 4, 1, False),
        ("flooded-workings", 3, 2, True),
        ("collapsed-adit", 2, 3, False),
        ("cinder-forge", 4, 4, False),
    ],
)
def test_games_write_the_same_events_with_and_without_the_shortcuts(
    sample_pack: Path,
    monkeypatch: pytest.MonkeyPatch,
    scenario: str,
    players: int,
    seed: int,
    first: bool,
) -> None:
    # GH-MMOVE-03 / GH-FOCUS-02 / GH-AMBIG-01: every monster turn goes through the solver
    fast = play(sample_pack, scenario, players, seed, first)
    with monkeypatch.context() as m:
        plain_engine(m)
        slow = play(sample_pack, scenario, players, seed, first)
    assert fast.decisions == slow.decisions
    assert events(fast) == events(slow)
    assert any(e["type"] == "focus" for e in events(fast))  # monsters did act


def moments(pack: Path, monkeypatch: pytest.MonkeyPatch) -> list[Situation]:
    """Every situation the monsters of a few games were solved on."""
    seen: list[Situation] = []
    real = monster_turn.solve

    def record(sit: Situation, geometry: GeometryCache | None = None, **kw: Any) -> Any:
        seen.append(sit)
        return real(sit, geometry=geometry, **kw)

    with monkeypatch.context() as m:
        m.setattr(monster_turn, "solve", record)
        # Enough games that the sample of monster situations is large, whatever the
        # bundled scenarios' balance does to the length of single games.
        for seed in (10, 11):
            for i, scenario in enumerate(SCENARIOS):
                play(pack, scenario, 4, seed + 2 * i)
    assert len(seen) > 50
    return seen


def test_the_solver_answers_and_explains_the_same_with_a_geometry_cache(
    sample_pack: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GH-FOCUS-02 / GH-MMOVE-08: the cache holds map geometry only, never answers
    cache = GeometryCache(size=2)  # small: maps are evicted and rebuilt along the way
    for sit in moments(sample_pack, monkeypatch):
        fresh = ai_solver.solve(sit)
        cached = ai_solver.solve(sit, geometry=cache)
        assert cached.options == fresh.options, sit.id
        assert cached.explanation.to_json() == fresh.explanation.to_json(), sit.id
        # as the engine asks: no candidates table, the travel table searched lazily
        brief = ai_solver.solve(sit, geometry=cache, candidates=False)
        assert brief.options == fresh.options, sit.id
        assert brief.explanation.steps == fresh.explanation.steps, sit.id
        assert brief.explanation.focus_reason == fresh.explanation.focus_reason, sit.id


def test_the_solver_dijkstra_matches_the_core_one(
    sample_pack: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GH-MHAZ-01 / GH-MOVE-08: packed (negative hexes, movement) costs, forwards and back
    cache = GeometryCache()
    checked = 0
    for sit in moments(sample_pack, monkeypatch):
        s = ai_solver._Solver(sit, cache)
        costs = s.cost_list()
        forward = ai_solver._least_costs(s.geo, s.me, costs)
        assert forward == dijkstra([s.me], s.adj, s.cost_table).dist
        # the lazy travel search settles the same hexes in the same order, bucket by bucket
        lazy = ai_solver._Travel(s.geo, s.me, costs, [c is None for c in costs])
        lazy.settle_to(2)
        assert list(lazy.out.items()) == [(h, c) for h, c in forward.items() if c <= 2]
        lazy.settle_to(ai_solver.INF)
        assert list(lazy.out.items()) == list(forward.items())
        wanted = sorted(forward)[:: max(1, len(forward) // 5)]
        for dest in wanted[:3]:
            back = ai_solver._least_costs(s.geo, dest, costs, reverse=True, targets=wanted)
            core = dijkstra([dest], s.adj, s.cost_table, reverse=True, targets=wanted).dist
            assert {h: back.get(h) for h in wanted} == {h: core.get(h) for h in wanted}
            checked += 1
    assert checked > 0


def test_a_route_searched_for_its_goal_is_the_route_of_the_full_search(
    sample_pack: Path,
) -> None:
    # GH-MOVE-02, GH-MOVE-04, GH-MOVE-08, GH-DOOR-03, GH-MHAZ-01: the monsters' view of a move
    game = Game.new(str(sample_pack), "flooded-workings", players=list(PARTY), level=1, seed=5)
    controller = RandomController(5)
    compared = 0
    while not game.finished and game.state.round < 8:
        game.step_round(controller)
        for f in list(game.state.figures.values()):
            for budget, jump in ((3, False), (5, False), (2, True)):
                full = game_board.find_routes(
                    game.board, game.state, f.hex, budget, f.side, jump=jump, character=False
                )
                for dest, route in full.items():
                    one = game_board.find_routes(
                        game.board,
                        game.state,
                        f.hex,
                        budget,
                        f.side,
                        jump=jump,
                        character=False,
                        goal=dest,
                    )
                    assert one[dest] == route
                    compared += 1
    assert compared > 100
