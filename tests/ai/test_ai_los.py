"""Exact corner-to-corner line of sight (GH-LOS-01, GH-LOS-02)."""

from __future__ import annotations

from questforge.engine.core.los import LineOfSight, segments_touch


def test_segment_touch_is_closed_and_exact() -> None:
    assert segments_touch((0, 0, 4, 4), (0, 4, 4, 0))  # proper crossing
    assert segments_touch((0, 0, 4, 4), (4, 4, 6, 0))  # shared end point
    assert segments_touch((0, 0, 4, 0), (2, 0, 2, 3))  # T-junction
    assert segments_touch((0, 0, 4, 0), (3, 0, 8, 0))  # collinear overlap
    # Collinear but disjoint segments do not touch (gloom case 142's bug).
    assert not segments_touch((0, 0, 2, 0), (3, 0, 8, 0))
    assert not segments_touch((0, 0, 4, 4), (0, 1, 3, 4))  # parallel


def _open_board(width: int = 9, height: int = 7) -> set[tuple[int, int]]:
    return {(q, r) for q in range(width) for r in range(height)}


def test_open_board_everything_visible() -> None:
    # GH-LOS-01: with no wall between them two hexes see each other.
    hexes = _open_board()
    los = LineOfSight(hexes)
    assert los.visible((2, 2), (6, 3))
    assert los.visible((4, 3), (4, 3))


def test_a_wall_hex_in_between_blocks() -> None:
    # GH-LOS-02: a hex off the map is wall; a line through it is blocked.
    hexes = _open_board()
    hexes -= {(4, 2), (4, 3), (4, 4)}
    los = LineOfSight(hexes)
    assert not los.visible((2, 3), (6, 3))
    # Around the end of the wall the line is free again.
    assert los.visible((2, 1), (6, 1))


def test_grazing_a_wall_corner_blocks() -> None:
    # GH-LOS-01 "without touching any part of a wall": from (1, 4) to (7, 1) the only
    # corner-to-corner lines that miss the wall hex (5, 2)'s interior pass exactly through
    # one of its corners. Touching counts, so there is no line of sight (a reading that let
    # lines touch walls at single points would see through).
    board = {(q, r) for q in range(9) for r in range(7)}
    assert LineOfSight(board).visible((1, 4), (7, 1))
    walled = LineOfSight(board - {(5, 2)})
    assert len(walled.free_corners((1, 4))) == 6 and len(walled.free_corners((7, 1))) == 6
    assert not walled.visible((1, 4), (7, 1))
    # Another single wall hex nearby does not block.
    assert LineOfSight(board - {(2, 1)}).visible((1, 4), (7, 1))


def test_thin_wall_blocks_a_line_through_it() -> None:
    hexes = _open_board()
    wall = [
        ((4, 3), (5, 3)),
        ((4, 4), (5, 3)),
        ((4, 4), (5, 4)),
        ((4, 2), (5, 2)),
        ((4, 3), (5, 2)),
    ]
    los = LineOfSight(hexes, wall)
    assert LineOfSight(hexes).visible((3, 3), (6, 3))
    assert not los.visible((3, 3), (6, 3))


def test_corner_at_the_tip_of_a_thin_wall_cannot_be_used() -> None:
    # gloom case 55: a corner that lies on a thin wall touches it, so no line starts there.
    hexes = _open_board()
    los = LineOfSight(hexes, [((4, 3), (5, 3))])
    free = los.free_corners((4, 3))
    assert len(free) == 4
    assert all(c not in los.blocked_points for c in free)


def test_adjacent_hexes_see_each_other_around_a_thin_wall() -> None:
    # gloom case 85: a thin wall on the shared edge leaves a line through a third hex.
    hexes = _open_board()
    los = LineOfSight(hexes, [((4, 3), (5, 3))])
    assert los.visible((4, 3), (5, 3))


def test_hexes_on_the_board_edge_lose_the_corners_touching_the_outer_wall() -> None:
    hexes = _open_board()
    los = LineOfSight(hexes)
    assert len(los.free_corners((4, 0))) < 6
    assert len(los.free_corners((4, 3))) == 6
    assert not los.visible((4, 3), (40, 3))  # off the map


def test_neighbours_in_a_one_hex_corridor_see_each_other() -> None:
    # GH-LOS-01: adjacent hexes share an edge; the line along it touches no wall.
    corridor = [(q, 0) for q in range(5)]
    los = LineOfSight(corridor)
    assert los.visible((1, 0), (2, 0))
    assert not LineOfSight(corridor, [((1, 0), (2, 0))]).visible((1, 0), (2, 0))
