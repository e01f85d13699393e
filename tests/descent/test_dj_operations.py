"""The quest editor's Qt-free edit operations (what one click changes)."""

from __future__ import annotations

import pytest

from questforge.editor.descent import operations as ops

AREAS = {(x, y): ("a" if x < 3 else "b") for x in range(6) for y in range(3)}


def test_place_tile_creates_its_area_once() -> None:
    data: dict = {}
    data = ops.apply_plain(data, ops.place_tile(data, "room", (0, 0), 90, "area-1"))
    data = ops.apply_plain(data, ops.place_tile(data, "room", (3, 0), 360, "area-1"))
    assert data["areas"] == [{"id": "area-1", "name": "Area 1"}]
    assert data["tiles"] == [
        {"tile": "room", "at": [0, 0], "area": "area-1", "rotation": 90},
        {"tile": "room", "at": [3, 0], "area": "area-1"},
    ]
    assert ops.next_area_id(data) == "area-2"


def test_door_spans_two_edges_between_the_same_areas() -> None:
    # DJ-REF-37: a door marker sits between 4 squares
    door = ops.add_door({}, (2, 0), (3, 0), AREAS, rune="red")
    assert door == [
        (
            "insert",
            ("doors",),
            {"id": "door-1", "edges": [[[2, 0], [3, 0]], [[2, 1], [3, 1]]], "rune": "red"},
        )
    ]
    edge_only = ops.add_door({}, (2, 2), (3, 2), AREAS)
    assert edge_only[0][2]["edges"] == [[[2, 2], [3, 2]]]  # no row below: one edge
    with pytest.raises(ValueError):
        ops.add_door({}, (0, 0), (1, 0), AREAS)  # same area
    with pytest.raises(ValueError):
        ops.add_door({}, (0, 0), (2, 0), AREAS)  # not adjacent


def test_terrain_start_and_erase() -> None:
    data: dict = {"start": [[0, 0]]}
    data = ops.apply_plain(data, ops.paint_terrain(data, (1, 1), "pit"))
    data = ops.apply_plain(data, ops.paint_terrain(data, (1, 2), "pit"))
    assert data["terrain"] == [{"type": "pit", "cells": [[1, 1], [1, 2]]}]
    assert ops.paint_terrain(data, (1, 1), "pit") == []
    data = ops.apply_plain(
        data, ops.place_monster(data, "ogre", (4, 0), {"2": "normal", "3": "normal", "4": "master"})
    )
    # erasing finds the topmost thing: a 2x2 monster covers (5, 1)
    data = ops.apply_plain(data, ops.erase_at(data, (5, 1), {"ogre": (2, 2)}, None))
    assert data["monsters"] == []
    data = ops.apply_plain(data, ops.erase_at(data, (1, 1), {}, None))
    assert data["terrain"] == [{"type": "pit", "cells": [[1, 2]]}]
    data = ops.apply_plain(data, ops.erase_at(data, (0, 0), {}, None))
    assert data["start"] == []
    data = ops.apply_plain(data, ops.toggle_start(data, (2, 2)))
    assert data["start"] == [[2, 2]]
