"""The engine, the validator and the editor's canvas read one scenario map.

A scenario's geometry (placed tiles, rooms, room of a hex, doors, thin walls) is derived
once, by the content model's map builder. Issue 8 found the three disagreeing: a corridor
overlay on a hex outside every tile and room was drawn as playable by the editor, ignored
by the engine and rejected by ``validate`` (QGH220). Here each asks its own question of
its own view, for the same hexes, and the answers must be the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from ghfixture import Files, base_pack, run

from questforge.editor.gloomhaven.scenario_map import build_map, door_rooms
from questforge.engine.gloomhaven import model as gh
from questforge.engine.gloomhaven.game.board import Board
from questforge.engine.gloomhaven.game.from_model import scenario_spec

SCN = "scenarios/first.json"
#: corridor overlay on a hex outside every tile and every room's ``hexes``
STRAY_CORRIDOR = (5, 0)
#: corridor overlay on a hex a room lists in its ``hexes`` (GH-CORR-01: a room hex)
ROOM_CORRIDOR = (4, 0)
#: a hex of tile t1, room "first"
ROOM_HEX = (1, 1)
#: next to tile t1, on no tile: the black wall border around the map
WALL_HEX = (-1, 1)
#: the door between "first" (rows 0-2) and "second" (rows 4-6)
DOOR_HEX = (1, 3)
#: a thin wall the scenario draws inside room "first"
THIN_WALL = ((0, 1), (1, 1))


def _pack() -> Files:
    files = base_pack()
    scn = files[SCN]
    scn["rooms"][0]["hexes"] = [list(ROOM_CORRIDOR)]
    scn["walls"] = [[list(THIN_WALL[0]), list(THIN_WALL[1])]]
    scn["overlays"] += [
        {"type": "corridor", "hexes": [list(STRAY_CORRIDOR)]},
        {"type": "corridor", "hexes": [list(ROOM_CORRIDOR)]},
    ]
    return files


class Engine:
    """What the rules play: the runtime board made from the loaded pack."""

    def __init__(self, files: Files) -> None:
        pack = gh.load_pack_model([(name, data) for name, data in files.items()])
        assert not pack.errors
        self.board = Board(scenario_spec(pack, pack.scenarios["first"]))

    def on_map(self, h: tuple[int, int]) -> bool:
        return h in self.board.spec.hexes

    def room(self, h: tuple[int, int]) -> str | None:
        return self.board.room_of.get(h)

    def door_joins(self, h: tuple[int, int]) -> set[str]:
        return set(self.board.doors[h].rooms)

    def wall(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        return not self.board.grid.crossable(a, b)


class Validator:
    """What ``questforge validate`` reports: an overlay off the map is QGH220."""

    def __init__(self, files: Files) -> None:
        self.files = files

    def on_map(self, h: tuple[int, int]) -> bool:
        probe = {**self.files, SCN: {**self.files[SCN]}}
        overlays = [*probe[SCN]["overlays"], {"type": "coin", "hexes": [list(h)]}]
        probe[SCN]["overlays"] = overlays
        at = ("overlays", len(overlays) - 1)
        return not any(f.code == "QGH220" and f.path[:2] == at for f in run(probe).findings)

    def stray_corridor_rejected(self) -> bool:
        index = self.files[SCN]["overlays"].index(
            {"type": "corridor", "hexes": [list(STRAY_CORRIDOR)]}
        )
        return any(
            f.code == "QGH220" and f.path[:2] == ("overlays", index)
            for f in run(self.files).findings
        )


class Canvas:
    """What the editor draws: its map model, built from the JSON being edited."""

    def __init__(self, files: Files) -> None:
        tiles = {data["id"]: data for data in files.values() if data.get("kind") == "map-tile"}
        self.smap = build_map(files[SCN], tiles.get)

    def on_map(self, h: tuple[int, int]) -> bool:
        return h in self.smap.hexes

    def room(self, h: tuple[int, int]) -> str | None:
        return self.smap.room_of.get(h)

    def door_joins(self, h: tuple[int, int]) -> set[str]:
        assert h in self.smap.doors
        return set(door_rooms(self.smap, h))

    def wall(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        return (min(a, b), max(a, b)) in {(min(x, y), max(x, y)) for x, y in self.smap.walls}


@pytest.fixture(scope="module")
def views() -> tuple[Engine, Validator, Canvas]:
    files = _pack()
    return Engine(files), Validator(files), Canvas(files)


@pytest.mark.parametrize(
    ("hex_", "playable"),
    [
        (STRAY_CORRIDOR, False),  # GH-CORR-01: a corridor joins tiles of one room
        (ROOM_CORRIDOR, True),
        (ROOM_HEX, True),
        (WALL_HEX, False),
        (DOOR_HEX, True),
    ],
)
def test_every_view_agrees_whether_a_hex_is_on_the_map(
    views: tuple[Engine, Validator, Canvas], hex_: tuple[int, int], playable: bool
) -> None:
    engine, validator, canvas = views
    answers = {
        "engine": engine.on_map(hex_),
        "validator": validator.on_map(hex_),
        "canvas": canvas.on_map(hex_),
    }
    assert answers == dict.fromkeys(answers, playable)


def test_a_stray_corridor_is_off_the_map_everywhere(
    views: tuple[Engine, Validator, Canvas],
) -> None:
    # GH-CORR-01: corridor hexes are room hexes; one outside every room joins nothing
    engine, validator, canvas = views
    assert validator.stray_corridor_rejected()
    assert not engine.on_map(STRAY_CORRIDOR)
    assert not canvas.on_map(STRAY_CORRIDOR)
    assert STRAY_CORRIDOR in canvas.smap.wall_hexes()  # drawn as wall, not as floor


@pytest.mark.parametrize(
    ("hex_", "room"),
    [(ROOM_HEX, "first"), (ROOM_CORRIDOR, "first"), ((2, 5), "second"), (DOOR_HEX, None)],
)
def test_engine_and_canvas_agree_on_the_room_of_a_hex(
    views: tuple[Engine, Validator, Canvas], hex_: tuple[int, int], room: str | None
) -> None:
    # GH-SETUP-02: rooms are joined by doors; a door hex belongs to no room
    engine, _validator, canvas = views
    assert engine.room(hex_) == canvas.room(hex_) == room


def test_the_door_seam_joins_the_same_rooms(views: tuple[Engine, Validator, Canvas]) -> None:
    # GH-SETUP-02
    engine, _validator, canvas = views
    assert engine.door_joins(DOOR_HEX) == canvas.door_joins(DOOR_HEX) == {"first", "second"}


def test_a_thin_wall_blocks_in_the_engine_and_is_drawn(
    views: tuple[Engine, Validator, Canvas],
) -> None:
    # GH-MAP-02
    engine, _validator, canvas = views
    assert engine.wall(*THIN_WALL) and canvas.wall(*THIN_WALL)
    assert not engine.wall((0, 0), (1, 0)) and not canvas.wall((0, 0), (1, 0))


def test_the_tolerant_builder_skips_broken_parts_and_says_which() -> None:
    files = _pack()
    scn: dict[str, Any] = files[SCN]
    scn["tiles"].append({"id": "t3", "tile": "strip", "side": "a", "position": "here"})
    scn["doors"].append({"id": "d2"})
    tiles = {data["id"]: data for data in files.values() if data.get("kind") == "map-tile"}
    geo, skipped = gh.build_scenario_map_tolerant(
        scn, lambda ref: gh.map_tile_from_data(tiles.get(ref), ref)
    )
    assert sorted(e.path for e in skipped) == [("doors", 1), ("tiles", 2, "position")]
    assert ROOM_HEX in geo.hexes and DOOR_HEX in geo.door_at
    # the rest equals the strict builder's map of the valid scenario
    pack = gh.load_pack_model([(name, data) for name, data in _pack().items()])
    strict = pack.scenario_map("first")
    assert geo.hexes == strict.hexes and geo.room_of == strict.room_of
