"""The Witcher board: areas, locations, land and sea routes, obstacle areas, battle track.

Geometry is the core :class:`~questforge.engine.core.graph.GraphBoard` (one graph node type
for every ruleset); this module only adds what the Witcher needs on top: route types and
gold costs, which area a location is in, and travel options of one or two routes
(WI-ACT-01, WI-MOVE-02).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from questforge.engine.core.graph import GraphBoard
from questforge.engine.witcher.model.content import (
    Area,
    Location,
    ObstacleArea,
    Route,
    TrackSpace,
)


@dataclass(frozen=True)
class TravelOption:
    """A way to travel in one action: one route, or two consecutive routes."""

    path: tuple[str, ...]  # start, (via,) destination
    cost: int  # gold for sea routes

    @property
    def destination(self) -> str:
        return self.path[-1]

    @property
    def routes(self) -> int:
        return len(self.path) - 1


@dataclass(frozen=True, eq=False)
class Board:
    id: str
    name: str
    areas: tuple[Area, ...]
    locations: tuple[Location, ...]
    routes: tuple[Route, ...]
    obstacle_areas: tuple[ObstacleArea, ...] = ()
    battle_track: tuple[TrackSpace, ...] = ()
    file: str | None = None

    @cached_property
    def location_by_id(self) -> dict[str, Location]:
        return {loc.id: loc for loc in self.locations}

    @cached_property
    def area_by_id(self) -> dict[str, Area]:
        return {a.id: a for a in self.areas}

    @cached_property
    def graph(self) -> GraphBoard:
        """The route graph (routes naming unknown locations are left out: QWI403 says so)."""
        known = self.location_by_id
        edges = [(r.a, r.b) for r in self.routes if r.a in known and r.b in known and r.a != r.b]
        return GraphBoard(known, edges)

    @cached_property
    def _route_table(self) -> dict[str, list[Route]]:
        table: dict[str, list[Route]] = {loc.id: [] for loc in self.locations}
        for route in self.routes:
            if route.a in table and route.b in table and route.a != route.b:
                table[route.a].append(route)
                table[route.b].append(route)
        return table

    def routes_from(self, location: str) -> list[Route]:
        """Routes touching ``location`` in file order (WI-ADJ-01)."""
        return list(self._route_table.get(location, ()))

    def obstacle_areas_of(self, area: str) -> list[ObstacleArea]:
        return [o for o in self.obstacle_areas if o.area == area]

    def area_of(self, location: str) -> str:
        return self.location_by_id[location].area

    def travel_options(self, start: str) -> list[TravelOption]:
        """Every destination reachable by one route or two consecutive routes (WI-ACT-01),
        never along the same route twice in one action (WI-MOVE-02). The cheapest way is
        kept per (destination, number of routes); one route is listed before two."""
        best: dict[tuple[str, int], TravelOption] = {}
        for first in self.routes_from(start):
            mid = first.other(start)
            key = (mid, 1)
            opt = TravelOption((start, mid), first.cost)
            if key not in best or opt.cost < best[key].cost:
                best[key] = opt
            for second in self.routes_from(mid):
                if second is first:
                    continue
                end = second.other(mid)
                if end == start:
                    continue
                key = (end, 2)
                opt = TravelOption((start, mid, end), first.cost + second.cost)
                if key not in best or opt.cost < best[key].cost:
                    best[key] = opt
        return sorted(best.values(), key=lambda o: (o.routes, o.cost, o.destination))

    def iter_route_keys(self) -> Iterator[frozenset[str]]:
        for r in self.routes:
            yield frozenset((r.a, r.b))
