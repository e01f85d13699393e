"""The solver's searches on hex numbers give the general searches' answers.

``MapGeometry.steps_from`` (breadth first over ``HexBoard.numbered``) replaced
``pathfind.bfs`` in the solver for speed; ``HexBoard.numbered`` is built from integer hex
numbers, not from the neighbour table. Both must agree with the general code on every dev
map, thin walls included, and on the corner cases the general code handles (a source or a
target off the map, blocked hexes, a depth limit, stopping at targets).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from questforge.engine.core.hexgrid import DIRECTIONS, Hex, HexBoard, distance
from questforge.engine.core.los import LineOfSight
from questforge.engine.core.pathfind import bfs, dijkstra
from questforge.engine.core.plainjson import loads
from questforge.engine.gloomhaven.ai import load_situation, solver
from questforge.engine.gloomhaven.ai.solver import NEG, MapGeometry, _least_costs

REPO = Path(__file__).resolve().parents[2]
DEV = Path(os.environ.get("QUESTFORGE_SHARED", REPO.parent / "shared")) / "data/monster-ai/dev"
CASES = sorted(DEV.glob("*.json"))


def _maps() -> list[MapGeometry]:
    seen: dict[tuple[frozenset[tuple[int, int]], frozenset[frozenset[Hex]]], MapGeometry] = {}
    for path in CASES:
        sit = load_situation(loads(path.read_text(encoding="utf-8")))
        key = (sit.hexes, frozenset(frozenset(w) for w in sit.thin_walls))
        if key not in seen:
            seen[key] = MapGeometry(sit.hexes, sit.thin_walls)
    return list(seen.values())


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_the_numbered_table_is_the_neighbour_table() -> None:
    # GH-MOVE-02 / GH-LOS-02: neighbours on the map, none across a thin wall
    maps = _maps()
    assert any(geo.thin_walls for geo in maps)
    for geo in maps:
        # the board's own numbering and the solver's (``MapGeometry``, numbered from the
        # situation's plain (q, r) tuples without building the board: six entries a row,
        # 0 where no step leads)
        for cells, index, nbrs in (geo.board.numbered(), (geo.cells, geo.index, geo.nbrs)):
            assert cells[0] is None and nbrs[0] == ()
            assert {index[h] for h in geo.board.hexes} == set(range(1, len(cells)))
            for h, row in geo.board.adjacency.items():
                assert [cells[j] for j in nbrs[index[h]] if j] == row
        assert all(len(row) == 6 for row in geo.nbrs[1:])
        # the border the line of sight builds its walls from: in each direction, the hexes
        # whose neighbour that way is off the map (GH-LOS-02)
        for d, (dq, dr) in enumerate(DIRECTIONS):
            want = {h for h in geo.board.hexes if (h[0] + dq, h[1] + dr) not in geo.hexes}
            assert set(geo.border[d]) == want


def test_the_solver_numbering_honours_thin_walls_either_way_round() -> None:
    # GH-MOVE-02: a thin wall blocks the step both ways, however it is listed
    hexes = frozenset((q, r) for q in range(4) for r in range(4))
    a, b = Hex(1, 1), Hex(2, 1)
    for walls in (((a, b),), ((b, a),), ((a, b), (b, a))):
        geo = MapGeometry(hexes, walls)
        assert geo.nbrs == MapGeometry(hexes, ((a, b),)).nbrs
        assert [geo.cells[j] for j in geo.nbrs[geo.index[a]] if j] == geo.board.adjacency[a]
        assert not geo.adjacent(a, b) and not geo.adjacent(b, a)
        assert geo.adjacent(a, Hex(1, 2))
    with pytest.raises(ValueError, match="adjacent"):
        MapGeometry(hexes, ((Hex(0, 0), Hex(2, 0)),))


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_near_is_the_plain_hex_count() -> None:
    # GH-REF-08's cheap side: the hexes within d by plain count, on the map; small and
    # large d (beyond what the numbering's own keys reach, a table of its own)
    for geo in _maps():
        hexes = sorted(geo.board.hexes)
        for h in hexes[:: max(1, len(hexes) // 7)]:
            for d in (0, 1, 3, 24, 25, 40):
                assert geo.near(h, d) == {x for x in hexes if distance(x, h) <= d}


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_steps_from_gives_the_breadth_first_distances() -> None:
    # GH-REF-07 / GH-REF-08: proximity and range counted around walls; GH-MOVE-02: blocked
    # hexes are never entered, a blocked source still counts
    rng = random.Random(14)
    off_map = Hex(-999, -999)
    for geo in _maps():
        hexes = sorted(geo.board.hexes)
        adj = geo.adj
        index = geo.index
        for _ in range(6):
            sources = rng.sample(hexes, rng.choice((1, 1, 3)))
            walls = set(rng.sample(hexes, 15))
            blocked = [False] * (len(hexes) + 1)
            for h in walls:
                blocked[index[h]] = True
            targets = [*rng.sample(hexes, 4), off_map]
            depth = rng.choice((1, 3, 6))
            assert geo.steps_from(sources) == bfs(sources, adj).dist
            assert (
                geo.steps_from(sources, blocked)
                == bfs(sources, adj, lambda h, walls=walls: h not in walls).dist
            )
            assert geo.steps_from(sources, depth=depth) == bfs(sources, adj, max_steps=depth).dist
            # stopping at targets: the targets' distances are final (an off-map one is
            # never reached, so the search runs to the end, as bfs does)
            got = geo.steps_from(sources, targets=targets)
            want = bfs(sources, adj, targets=targets).dist
            assert {t: got.get(t) for t in targets} == {t: want.get(t) for t in targets}
            # stopping at the nearest targets (GH-MMOVE-08's remaining movement): every
            # hex as near as they are is in, with its distance; no farther target is
            full = bfs(sources, adj, lambda h, walls=walls: h not in walls).dist
            near = geo.steps_from(sources, blocked, targets[:4], nearest=True)
            least = min((full[t] for t in targets[:4] if t in full), default=None)
            if least is None:
                assert near == full
            else:
                assert near == {h: d for h, d in full.items() if h in near}
                assert {h for h, d in full.items() if d <= least} <= near.keys()
                assert all(full[t] == least for t in targets[:4] if t in near)
        # a source off the map is counted and goes nowhere
        assert geo.steps_from([off_map]) == bfs([off_map], adj).dist == {off_map: 0}


def test_an_empty_board_numbers_nothing() -> None:
    board = HexBoard(frozenset())
    assert board.numbered() == ([None], {}, [()])
    assert board.adjacency == {}


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_line_of_sight_from_the_solver_border_is_the_same() -> None:
    # GH-LOS-01, GH-LOS-02: the walls made from the solver's border (``MapGeometry.los``) are the
    # ones the oracle finds on its own, and so are its answers
    rng = random.Random(3)
    for geo in _maps():
        alone = LineOfSight(geo.hexes, geo.thin_walls)
        alone._build()
        geo.los._build()
        assert sorted(geo.los.segments) == sorted(alone.segments)
        assert geo.los.blocked_points == alone.blocked_points

        def filed(oracle: LineOfSight) -> dict[tuple[int, int], list[tuple[int, ...]]]:
            return {k: sorted(oracle.segments[i] for i in v) for k, v in oracle._buckets.items()}

        assert filed(geo.los) == filed(alone)
        hexes = sorted(geo.board.hexes)
        for _ in range(40):
            a, b = rng.sample(hexes, 2)
            assert geo.los.visible(a, b) == alone.visible(a, b)


def test_a_one_hex_map_has_no_steps() -> None:
    geo = MapGeometry(frozenset({(2, -1)}), ())
    assert geo.cells == [None, (2, -1)] and geo.nbrs == [(), (0, 0, 0, 0, 0, 0)]
    assert geo.steps_from([Hex(2, -1)]) == {(2, -1): 0}
    assert all(found == [(2, -1)] for found in geo.border)
    empty = MapGeometry(frozenset(), ())
    assert empty.cells == [None] and empty.nbrs == [()]


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_proximity_to_the_enemies_is_the_whole_tables() -> None:
    # GH-REF-07: proximity counted around walls; the search that stops at the enemies
    # gives them the whole table's values, cached table or not
    rng = random.Random(5)
    for geo in _maps():
        hexes = sorted(geo.board.hexes)
        for _ in range(5):
            start, *targets = rng.sample(hexes, 4)
            whole = bfs([start], geo.adj).dist
            got = geo.proximity_to(start, targets)
            assert {t: got.get(t) for t in targets} == {t: whole.get(t) for t in targets}
            geo.proximity(start)  # now cached: the whole table
            assert geo.proximity_to(start, targets) == whole


def test_a_sparse_map_is_numbered_without_a_table_of_its_extent() -> None:
    # GH-MOVE-02: neighbours on the map only, also for hexes far apart (the schema allows
    # coordinates up to 1000: a dense table of that extent would be millions of entries)
    hexes = frozenset({(-1000, -1000), (-999, -1000), (1000, 1000), (1000, 999), (0, 0)})
    geo = MapGeometry(hexes, ())
    board = HexBoard(hexes)
    for h, row in board.adjacency.items():
        assert [geo.cells[j] for j in geo.nbrs[geo.index[h]] if j] == row
    assert geo.steps_from([Hex(-1000, -1000)]) == {(-1000, -1000): 0, (-999, -1000): 1}
    assert geo.near(Hex(1000, 1000), 1) == {(1000, 1000), (1000, 999)}


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_the_enemies_proximity_read_off_the_travel_table_is_the_search() -> None:
    # GH-REF-07: proximity counted around walls; the solver takes it from the travel table
    # where the bounds prove it, else searches: both must agree, walls, thin walls,
    # obstacles, difficult and negative terrain, flying and jumping included
    from questforge.engine.gloomhaven.ai.solver import _Solver

    rng = random.Random(7)
    checked = proved = 0
    for case in CASES:
        base = loads(case.read_text(encoding="utf-8"))
        for k in range(8):
            data = loads(case.read_text(encoding="utf-8"))
            hexes = [tuple(h) for h in base["map"]["hexes"]]
            taken = {tuple(base["active"]["hex"])} | {tuple(f["hex"]) for f in base["figures"]}
            free = [h for h in hexes if h not in taken]
            rng.shuffle(free)
            if k:
                data["map"]["hexes"] = [list(h) for h in hexes if h not in free[: 2 * k]]
                data["map"]["terrain"] = [
                    {"hex": list(h), "type": rng.choice(["obstacle", "difficult", "trap"])}
                    for h in free[2 * k : 3 * k]
                ]
                data["map"]["thin_walls"] = []
                data["active"]["flying"] = k == 5
                data["active"]["jumping"] = k == 6
            sit = load_situation(data)
            solver = _Solver(sit)
            enemies = list(solver.enemy_at)
            got = solver._enemy_proximity(solver.travel())
            want = solver.geo.proximity_to(solver.me, enemies)
            assert {e: got.get(e) for e in enemies} == {e: want.get(e) for e in enemies}
            checked += 1
            proved += bool(enemies) and set(got) == set(enemies)  # (a search has more)
    assert checked > 300 and proved > 100


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_least_costs_settle_by_cost_then_hex_number() -> None:
    # GH-MHAZ-01 / GH-MOVE-08: packed (negative hexes, movement) costs with difficult terrain
    # and traps; the bucket queue gives the core Dijkstra's distances, settled in the order a
    # heap of (cost, hex number) keys settles them, so a search stopped at its targets stops
    # at the same hex and the tables (and answers built from them) do not change
    rng = random.Random(5)
    for geo in _maps():
        hexes = sorted(geo.board.hexes)
        for _ in range(4):
            table: dict[Hex, int] = {}
            for h in hexes:
                roll = rng.random()
                if roll < 0.1:
                    continue  # an obstacle or an enemy: not entered
                table[h] = 2 if roll < 0.3 else (1 + NEG if roll < 0.35 else 1)
            costs: list[int | None] = [None, *(table.get(h) for h in geo.cells[1:])]  # type: ignore[arg-type]
            source = rng.choice(hexes)
            for reverse in (False, True):
                got = _least_costs(geo, source, costs, reverse=reverse)
                want = dijkstra([source], geo.adj, table, reverse=reverse).dist
                assert got == want
                settled = [(c, geo.index[h]) for h, c in got.items()]
                assert settled == sorted(settled)
                targets = rng.sample(sorted(got), min(4, len(got)))
                part = _least_costs(geo, source, costs, reverse=reverse, targets=targets)
                # stopped right after the last target, in the same order as the whole run
                assert list(part.items()) == list(got.items())[: len(part)]
                assert list(part)[-1] in targets and set(targets) <= set(part)


def test_within_is_the_same_with_or_without_the_clearance_table() -> None:
    # GH-REF-08: range counted around walls. A big map asks the clearance table first (the
    # plain ball where no wall is near), a small one searches: the same hexes either way
    big = frozenset((q, r) for q in range(36) for r in range(36) if (q, r) not in HOLE)
    walls = ((Hex(10, 10), Hex(11, 10)), (Hex(20, 5), Hex(20, 6)))
    assert len(big) > solver._CLEARANCE_FROM
    geo = MapGeometry(big, walls)
    rng = random.Random(8)
    for h in rng.sample(sorted(big), 40):
        for d in (1, 2, 4, 7):
            assert geo.within(h, d) == frozenset(geo.steps_from([h], depth=d))
    assert geo._clear is not None  # (the table was asked)


HOLE = frozenset((q, r) for q in range(14, 18) for r in range(14, 18))
