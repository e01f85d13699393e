"""Path finding (difficult terrain, blockers, reverse, multi-source) and the three boards."""

from __future__ import annotations

import pytest

from questforge.engine.core.graph import GraphBoard
from questforge.engine.core.grid import Board, shortest_paths
from questforge.engine.core.hexgrid import Hex, HexBoard
from questforge.engine.core.pathfind import bfs, dijkstra
from questforge.engine.core.square import SquareBoard


def _line_board() -> HexBoard:
    # Two parallel rows: r=0 and r=1, q = 0..4.
    return HexBoard([(q, r) for q in range(5) for r in range(2)])


def test_difficult_terrain_costs_two() -> None:
    # GH-MOVE-08 / GH-DIFF-01: entering difficult terrain costs 2 movement points.
    board = HexBoard([(q, 0) for q in range(5)])
    cost = {h: (2 if h == Hex(2, 0) else 1) for h in board.cells()}
    result = dijkstra([Hex(0, 0)], board.adjacency, cost)
    assert result.dist[Hex(4, 0)] == 5
    assert result.dist[Hex(1, 0)] == 1


def test_detour_around_difficult_terrain_can_tie() -> None:
    board = _line_board()
    cost = {h: (2 if h == Hex(2, 0) else 1) for h in board.cells()}
    result = dijkstra([Hex(0, 0)], board.adjacency, cost, track_parents=True)
    # Straight through the difficult hex: 1 + 2 + 1; around it: four plain steps.
    assert result.dist[Hex(3, 0)] == 4
    paths = result.all_paths_to(Hex(3, 0))
    assert [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)] in paths
    assert [Hex(0, 0), Hex(0, 1), Hex(1, 1), Hex(2, 1), Hex(3, 0)] in paths
    assert all(p[0] == Hex(0, 0) and p[-1] == Hex(3, 0) for p in paths)


def test_blockers_are_never_entered() -> None:
    # GH-MOVE-02: no moving through enemies or obstacles.
    board = HexBoard([(q, 0) for q in range(5)])
    cost = {h: 1 for h in board.cells() if h != Hex(2, 0)}
    result = dijkstra([Hex(0, 0)], board.adjacency, cost)
    assert Hex(4, 0) not in result.dist
    assert result.path_to(Hex(4, 0)) == []


def test_reverse_search_charges_the_cells_entered_on_the_way_to_the_goal() -> None:
    board = HexBoard([(q, 0) for q in range(4)])
    cost = {Hex(0, 0): 1, Hex(1, 0): 2, Hex(2, 0): 1, Hex(3, 0): 5}
    forward = dijkstra([Hex(3, 0)], board.adjacency, cost).dist
    backward = dijkstra([Hex(0, 0)], board.adjacency, cost, reverse=True).dist
    # Walking (3,0) -> (0,0) enters (2,0), (1,0), (0,0): 1 + 2 + 1.
    assert backward[Hex(3, 0)] == 4
    assert forward[Hex(0, 0)] == 4


def test_multi_source_and_max_cost() -> None:
    board = HexBoard([(q, 0) for q in range(7)])
    result = dijkstra({Hex(0, 0): 0, Hex(6, 0): 0}, board.adjacency, lambda h: 1, max_cost=2)
    assert Hex(3, 0) not in result.dist
    assert result.dist[Hex(2, 0)] == 2 and result.dist[Hex(4, 0)] == 2


def test_bfs_with_passable_filter() -> None:
    board = _line_board()
    result = bfs([Hex(0, 0)], board.adjacency, lambda h: h != Hex(1, 0), track_parents=True)
    assert Hex(1, 0) not in result.dist
    assert result.dist[Hex(2, 0)] == 3  # around the blocked hex through row r=1
    assert result.path_to(Hex(2, 0)) == [Hex(0, 0), Hex(0, 1), Hex(1, 1), Hex(2, 0)]


def test_hex_board_thin_wall_lengthens_the_path() -> None:
    open_board = _line_board()
    walled = HexBoard(
        list(open_board.cells()), thin_walls=[(Hex(1, 0), Hex(2, 0)), (Hex(1, 1), Hex(2, 0))]
    )
    assert shortest_paths(open_board, [Hex(0, 0)]).dist[Hex(3, 0)] == 3
    assert shortest_paths(walled, [Hex(0, 0)]).dist[Hex(3, 0)] == 4


def test_square_board_connectivity_distance_and_walls() -> None:
    cells = [(x, y) for x in range(4) for y in range(4)]
    four = SquareBoard(cells, diagonal=False)
    eight = SquareBoard(cells, diagonal=True)
    assert isinstance(four, Board) and isinstance(eight, Board)
    assert four.distance((0, 0), (3, 3)) == 6
    assert eight.distance((0, 0), (3, 3)) == 3
    assert len(four.neighbors((1, 1))) == 4
    assert len(eight.neighbors((1, 1))) == 8
    assert shortest_paths(eight, [(0, 0)]).dist[(3, 3)] == 3
    walled = SquareBoard(cells, diagonal=True, walls=[((0, 0), (1, 0))])
    # No step through the wall, and no diagonal cutting its corner.
    assert (1, 0) not in walled.neighbors((0, 0))
    assert (1, 1) not in walled.neighbors((0, 0))
    assert shortest_paths(walled, [Hex(0, 0)]).dist[(1, 0)] == 3
    # Per-cell costs: a costly column forces a detour on the 4-connected board.
    cost = {(1, y): 5 for y in range(3)}
    assert shortest_paths(four, [(0, 0)], cost=cost).dist[(2, 0)] == 6
    with pytest.raises(ValueError):
        SquareBoard(cells, walls=[((0, 0), (1, 1))])


def test_graph_board_routes() -> None:
    g = GraphBoard(
        ["dock", "market", "temple", "gate", "island"],
        [
            ("dock", "market"),
            ("market", "temple"),
            ("temple", "gate"),
            ("dock", "gate"),
        ],
    )
    assert isinstance(g, Board)
    assert g.distance("dock", "temple") == 2
    assert sorted(str(n) for n in g.neighbors("dock")) == ["gate", "market"]
    with pytest.raises(ValueError, match="no route"):
        g.distance("dock", "island")
    blocked = shortest_paths(g, ["dock"], blocked=lambda n: n == "market")
    assert blocked.dist["temple"] == 2  # through the gate instead
    weighted = shortest_paths(g, ["dock"], cost={"gate": 10})
    assert weighted.dist["temple"] == 2 and weighted.dist["gate"] == 10
    with pytest.raises(ValueError, match="unknown"):
        GraphBoard(["a"], [("a", "b")])
