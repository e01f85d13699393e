"""A Descent quest as typed data, and its map as geometry on the core square grid.

The map is built from tile placements (a tile's squares, rotated clockwise about its
``[0, 0]`` square, then shifted by ``at``). Each placement belongs to an area; squares of
different areas touch only through a door, so every other orthogonal edge between two
areas is a wall. A closed door is a wall too; the engine opens it by building the board
again without it. Geometry questions (neighbours with diagonals, distance, paths, line
of sight) are answered by :mod:`questforge.engine.core.square`, never here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from questforge.engine.core.square import SquareBoard
from questforge.engine.descent.model.cards import Cell, Tile, cell

Edge = tuple[Cell, Cell]

#: gold every hero gains from a coin pile on the map (DJ-TREAS-01)
COIN_PILE = 100
#: terrain that cannot be entered (DJ-MAP-03, 04)
IMPASSABLE: frozenset[str] = frozenset({"rubble", "water"})
#: terrain that blocks line of sight (DJ-MAP-03, DJ-REF-14)
OPAQUE: frozenset[str] = frozenset({"rubble"})


def rotate(c: Cell, rotation: int) -> Cell:
    """``c`` turned clockwise by ``rotation`` degrees about ``(0, 0)`` (y grows down)."""
    x, y = c
    turns = (rotation // 90) % 4
    for _ in range(turns):
        x, y = -y, x
    return (x, y)


def edge(a: Cell, b: Cell) -> Edge:
    """An edge as an ordered pair (smaller square first), so equal edges compare equal."""
    return (a, b) if a <= b else (b, a)


def footprint(origin: Cell, size: tuple[int, int]) -> list[Cell]:
    """The squares of a figure of ``size`` (width, height) whose top-left square is ``origin``."""
    return [(origin[0] + dx, origin[1] + dy) for dy in range(size[1]) for dx in range(size[0])]


@dataclass(frozen=True)
class TilePlacement:
    tile: str
    at: Cell
    rotation: int
    area: str
    index: int

    def cells(self, tile: Tile) -> list[Cell]:
        out = []
        for c in sorted(tile.cells):
            rx, ry = rotate(c, self.rotation)
            out.append((rx + self.at[0], ry + self.at[1]))
        return out


@dataclass(frozen=True)
class Door:
    id: str
    edges: tuple[Edge, ...]
    rune: str | None
    open: bool
    index: int


@dataclass(frozen=True)
class MapObject:
    id: str
    type: str
    cell: Cell
    colour: str | None
    active: bool
    amount: int
    contents: tuple[tuple[str, int], ...]
    index: int


@dataclass(frozen=True)
class Placement:
    """A monster placed when its area is revealed, per number of heroes."""

    monster: str
    cell: Cell
    heroes: Mapping[str, str]
    index: int

    def rank_for(self, heroes: int) -> str:
        """``none``, ``normal`` or ``master`` with ``heroes`` heroes (1 uses the 2 column)."""
        return self.heroes.get(str(heroes)) or self.heroes.get("2", "none")


@dataclass(frozen=True)
class Named:
    id: str
    name: str
    monster: str
    cell: Cell
    wounds: int
    armor: int
    damage: int
    conquest: int
    index: int


@dataclass(frozen=True)
class QuestEvent:
    id: str
    trigger: str
    target: str | None
    cell: Cell | None
    round: int | None
    effect: Mapping[str, Any]
    once: bool
    index: int


@dataclass(frozen=True)
class Objective:
    type: str
    target: str | None
    cell: Cell | None
    text: str
    index: int


@dataclass(frozen=True)
class Quest:
    """A quest document (schema ``descent/quest``) as typed data."""

    id: str
    name: str
    description: str
    conquest: int
    heroes: tuple[int, ...]
    shop: str | None
    areas: tuple[tuple[str, str, str], ...]
    tiles: tuple[TilePlacement, ...]
    doors: tuple[Door, ...]
    terrain: Mapping[Cell, str]
    terrain_entries: tuple[tuple[str, tuple[Cell, ...], int], ...]
    objects: tuple[MapObject, ...]
    start: tuple[Cell, ...]
    monsters: tuple[Placement, ...]
    named: tuple[Named, ...]
    events: tuple[QuestEvent, ...]
    objectives: tuple[Objective, ...]
    max_rounds: int = 0
    file: str | None = None

    @property
    def first_area(self) -> str:
        return self.areas[0][0]

    def object(self, ident: str) -> MapObject | None:
        return next((o for o in self.objects if o.id == ident), None)

    def door(self, ident: str) -> Door | None:
        return next((d for d in self.doors if d.id == ident), None)

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> Quest:
        terrain: dict[Cell, str] = {}
        entries = []
        for i, t in enumerate(data.get("terrain", ())):
            cells = tuple(cell(c) for c in t["cells"])
            entries.append((str(t["type"]), cells, i))
            for c in cells:
                terrain.setdefault(c, str(t["type"]))
        return Quest(
            id=data["id"],
            name=data["name"],
            description=str(data.get("description", "")),
            conquest=int(data["conquest"]),
            heroes=tuple(int(h) for h in data.get("heroes", (2, 3, 4))),
            shop=data.get("shop"),
            areas=tuple((a["id"], a["name"], a.get("text", "")) for a in data["areas"]),
            tiles=tuple(
                TilePlacement(t["tile"], cell(t["at"]), int(t.get("rotation", 0)), t["area"], i)
                for i, t in enumerate(data["tiles"])
            ),
            doors=tuple(
                Door(
                    d["id"],
                    tuple(edge(cell(e[0]), cell(e[1])) for e in d["edges"]),
                    d.get("rune"),
                    bool(d.get("open", False)),
                    i,
                )
                for i, d in enumerate(data.get("doors", ()))
            ),
            terrain=terrain,
            terrain_entries=tuple(entries),
            objects=tuple(
                MapObject(
                    o["id"],
                    o["type"],
                    cell(o["cell"]),
                    o.get("colour"),
                    bool(o.get("active", False)),
                    # a coin pile gives every hero 100 (DJ-TREAS-01) unless the quest says
                    int(o.get("amount", COIN_PILE if o["type"] == "coins" else 0)),
                    tuple((str(c["type"]), int(c.get("amount", 1))) for c in o.get("contents", ())),
                    i,
                )
                for i, o in enumerate(data.get("objects", ()))
            ),
            start=tuple(cell(c) for c in data["start"]),
            monsters=tuple(
                Placement(m["monster"], cell(m["cell"]), dict(m["heroes"]), i)
                for i, m in enumerate(data.get("monsters", ()))
            ),
            named=tuple(
                Named(
                    n["id"],
                    n["name"],
                    n["monster"],
                    cell(n["cell"]),
                    int(n.get("wounds", 0)),
                    int(n.get("armor", 0)),
                    int(n.get("damage", 0)),
                    int(n.get("conquest", 0)),
                    i,
                )
                for i, n in enumerate(data.get("named", ()))
            ),
            events=tuple(
                QuestEvent(
                    e["id"],
                    e["trigger"]["type"],
                    e["trigger"].get("target"),
                    cell(e["trigger"]["cell"]) if "cell" in e["trigger"] else None,
                    e["trigger"].get("round"),
                    dict(e["effect"]),
                    bool(e.get("once", True)),
                    i,
                )
                for i, e in enumerate(data.get("events", ()))
            ),
            objectives=tuple(
                Objective(
                    o["type"],
                    o.get("target"),
                    cell(o["cell"]) if "cell" in o else None,
                    str(o.get("text", "")),
                    i,
                )
                for i, o in enumerate(data["objectives"])
            ),
            max_rounds=int(data.get("max_rounds", 0)),
            file=file,
        )


@dataclass
class QuestMap:
    """The geometry of one quest: squares by area, walls, doors, terrain, objects.

    ``overlaps`` lists squares covered by two placements (the first placement keeps
    them); ``missing_tiles`` the placements whose tile is unknown. Both are reported by
    the checks and otherwise ignored, so a broken quest still gives a usable map.
    """

    quest: Quest
    tiles: Mapping[str, Tile]
    area_of: dict[Cell, str] = field(default_factory=dict)
    placement_of: dict[Cell, int] = field(default_factory=dict)
    overlaps: list[tuple[Cell, int, int]] = field(default_factory=list)
    missing_tiles: list[TilePlacement] = field(default_factory=list)

    def __post_init__(self) -> None:
        for placement in self.quest.tiles:
            tile = self.tiles.get(placement.tile)
            if tile is None:
                self.missing_tiles.append(placement)
                continue
            for c in placement.cells(tile):
                if c in self.area_of:
                    self.overlaps.append((c, self.placement_of[c], placement.index))
                    continue
                self.area_of[c] = placement.area
                self.placement_of[c] = placement.index

    @cached_property
    def cells(self) -> frozenset[Cell]:
        return frozenset(self.area_of)

    @cached_property
    def door_edges(self) -> dict[Edge, str]:
        """Each door edge -> the door's id."""
        return {e: d.id for d in self.quest.doors for e in d.edges}

    @cached_property
    def area_walls(self) -> frozenset[Edge]:
        """Orthogonal edges between squares of two areas that no door covers."""
        out = set()
        for (x, y), area in self.area_of.items():
            for other in ((x + 1, y), (x, y + 1)):
                a2 = self.area_of.get(other)
                if a2 is not None and a2 != area:
                    e = edge((x, y), other)
                    if e not in self.door_edges:
                        out.add(e)
        return frozenset(out)

    def board(self, closed_doors: Iterable[str] = ()) -> SquareBoard:
        """The square board (8-way, DJ-REF-07/08) with the given doors closed."""
        closed = set(closed_doors)
        walls = set(self.area_walls)
        for door in self.quest.doors:
            if door.id in closed:
                walls.update(door.edges)
        return SquareBoard(self.cells, diagonal=True, walls=walls)

    def door_areas(self, door_id: str) -> set[str]:
        """The areas a door's edges touch."""
        door = self.quest.door(door_id)
        out: set[str] = set()
        for a, b in door.edges if door else ():
            for c in (a, b):
                if c in self.area_of:
                    out.add(self.area_of[c])
        return out

    def stairs_links(self) -> dict[Cell, list[Cell]]:
        """Each staircase square -> the squares of the other staircases of its colour."""
        by_colour: dict[str | None, list[Cell]] = {}
        for o in self.quest.objects:
            if o.type == "stairs":
                by_colour.setdefault(o.colour, []).append(o.cell)
        out: dict[Cell, list[Cell]] = {}
        for cells in by_colour.values():
            for c in cells:
                out[c] = [o for o in cells if o != c]
        return out

    def area_graph(self) -> dict[str, set[str]]:
        """Areas joined by a door or a staircase (either way): for reachability."""
        graph: dict[str, set[str]] = {a[0]: set() for a in self.quest.areas}
        links: list[set[str]] = [self.door_areas(d.id) for d in self.quest.doors]
        for c, others in self.stairs_links().items():
            for o in others:
                if c in self.area_of and o in self.area_of:
                    links.append({self.area_of[c], self.area_of[o]})
        for group in links:
            for a in group:
                graph.setdefault(a, set()).update(group - {a})
        return graph
