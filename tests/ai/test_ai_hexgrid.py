"""Axial hex maths: neighbours, distance, rotation, placement, pixel layout, corners."""

from __future__ import annotations

import math

import pytest

from questforge.engine.core.hexgrid import (
    DIRECTIONS,
    Hex,
    HexBoard,
    Orientation,
    corners3,
    direction_to,
    distance,
    edge3,
    hex_corners,
    hex_to_pixel,
    neighbors,
    pixel_to_hex,
    place,
    ring,
    rotate,
    spiral,
)


def test_neighbours_follow_the_project_order() -> None:
    assert neighbors((0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert all(distance((3, -2), n) == 1 for n in neighbors((3, -2)))
    assert direction_to((0, 0), (0, -1)) == 2
    assert direction_to((0, 0), (2, 0)) is None


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [((0, 0), (0, 0), 0), ((0, 0), (3, 0), 3), ((0, 0), (2, -1), 2), ((1, -3), (-2, 2), 5)],
)
def test_distance(a: tuple[int, int], b: tuple[int, int], d: int) -> None:
    assert distance(a, b) == d
    assert distance(b, a) == d


def test_rotation_is_sixty_degrees_about_the_origin() -> None:
    assert rotate((1, 0)) == (0, 1)
    # One step maps each direction onto the previous one in DIRECTIONS order.
    assert [rotate(d) for d in DIRECTIONS] == [DIRECTIONS[(i - 1) % 6] for i in range(6)]
    for h in [(2, -1), (0, 3), (-4, 1)]:
        assert rotate(h, 6) == h
        assert rotate(rotate(h, 2), 4) == h
        assert distance((0, 0), rotate(h, 1)) == distance((0, 0), h)


def test_place_rotates_then_translates() -> None:
    assert place((1, 0), 0, (5, 5)) == Hex(6, 5)
    assert place((1, 0), 1, (5, 5)) == Hex(5, 6)
    assert place((0, 0), 3, (2, -1)) == Hex(2, -1)


def test_ring_and_spiral() -> None:
    assert len(ring((0, 0), 2)) == 12
    assert all(distance((0, 0), h) == 2 for h in ring((0, 0), 2))
    assert len(list(spiral((1, 1), 2))) == 19


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_pixel_layout_round_trips_and_corners_sit_on_the_circumcircle(
    orientation: Orientation,
) -> None:
    for h in [(0, 0), (3, -2), (-1, 4)]:
        x, y = hex_to_pixel(h, 10.0, orientation)
        assert pixel_to_hex(x, y, 10.0, orientation) == h
        for cx, cy in hex_corners(h, 10.0, orientation):
            assert math.isclose(math.hypot(cx - x, cy - y), 10.0)
    # Neighbouring centres are sqrt(3) * size apart in both orientations.
    ax, ay = hex_to_pixel((0, 0), 1.0, orientation)
    bx, by = hex_to_pixel((1, 0), 1.0, orientation)
    assert math.isclose(math.hypot(bx - ax, by - ay), math.sqrt(3))


def test_flat_hex_has_a_corner_straight_right_and_pointy_straight_up() -> None:
    flat = hex_corners((0, 0), 1.0, "flat")
    pointy = hex_corners((0, 0), 1.0, "pointy")
    assert any(math.isclose(x, 1.0) and math.isclose(y, 0.0, abs_tol=1e-9) for x, y in flat)
    assert any(math.isclose(x, 0.0, abs_tol=1e-9) and math.isclose(abs(y), 1.0) for x, y in pointy)


def test_integer_corners_are_shared_by_neighbours() -> None:
    for d, n in enumerate(neighbors((2, -1))):
        a, b = edge3((2, -1), d)
        shared = set(corners3((2, -1))) & set(corners3(n))
        assert shared == {a, b}
    # Corner i of the float layout is the same geometric point as corners3()[i].
    size = 1.0
    for i, (q3, r3) in enumerate(corners3((1, 1))):
        x, y = hex_to_pixel((q3 / 3, r3 / 3), size, "flat")
        fx, fy = hex_corners((1, 1), size, "flat")[i]
        assert math.isclose(x, fx) and math.isclose(y, fy)


def test_hex_board_neighbours_respect_walls_and_thin_walls() -> None:
    board = HexBoard([(0, 0), (1, 0), (0, 1), (1, -1)], thin_walls=[((0, 0), (1, 0))])
    assert sorted(board.neighbors(Hex(0, 0))) == [(0, 1), (1, -1)]
    assert not board.crossable((0, 0), (1, 0))
    assert board.crossable((0, 0), (0, 1))
    assert (5, 5) not in board
    with pytest.raises(ValueError, match="adjacent"):
        HexBoard([(0, 0), (2, 0)], thin_walls=[((0, 0), (2, 0))])


def test_hex_board_from_rotated_tiles() -> None:
    tile = [(0, 0), (1, 0), (2, 0)]
    board = HexBoard.from_tiles([(tile, 0, (0, 0)), (tile, 1, (0, 1))])
    assert set(board.cells()) == {(0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (0, 3)}


def test_tile_thin_walls_map_like_hexes() -> None:
    from questforge.engine.core.hexgrid import place_edge

    a, b = place_edge((0, 0), (1, 0), 2, (4, 4))
    assert (a, b) == (place((0, 0), 2, (4, 4)), place((1, 0), 2, (4, 4)))
    assert distance(a, b) == 1


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_edge_pixels_are_the_two_shared_corners(orientation: Orientation) -> None:
    from questforge.engine.core.hexgrid import edge_pixels

    a, b = (2, 1), (2, 2)
    p1, p2 = edge_pixels(a, b, 10.0, orientation)
    mine = hex_corners(a, 10.0, orientation)
    theirs = hex_corners(b, 10.0, orientation)
    for p in (p1, p2):
        assert any(math.isclose(p[0], x) and math.isclose(p[1], y) for x, y in mine)
        assert any(math.isclose(p[0], x) and math.isclose(p[1], y) for x, y in theirs)
    with pytest.raises(ValueError, match="not adjacent"):
        edge_pixels((0, 0), (2, 0))


def test_the_written_out_square_root_of_three_is_maths() -> None:
    # hexgrid writes the constant out instead of importing ``math`` at start-up
    from questforge.engine.core import hexgrid

    assert math.sqrt(3.0) == hexgrid._SQRT3
