"""A location-graph board (Arkham Horror / The Witcher style): named places and routes.

Cells are arbitrary hashable ids (usually strings). ``distance`` is the number of routes on
the shortest way (unweighted), so "within 2 spaces" questions work like on grids; weighted
travel uses :func:`questforge.engine.core.grid.shortest_paths` with a cost function.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator

from questforge.engine.core.pathfind import bfs


class GraphBoard:
    """An undirected graph of locations; implements :class:`questforge.engine.core.grid.Board`."""

    def __init__(
        self, nodes: Iterable[Hashable], edges: Iterable[tuple[Hashable, Hashable]]
    ) -> None:
        self._adj: dict[Hashable, list[Hashable]] = {n: [] for n in nodes}
        for a, b in edges:
            for n in (a, b):
                if n not in self._adj:
                    raise ValueError(f"route {a!r} - {b!r} names unknown location {n!r}")
            if a == b:
                raise ValueError(f"route from {a!r} to itself")
            if b not in self._adj[a]:
                self._adj[a].append(b)
                self._adj[b].append(a)
        self._dist_cache: dict[Hashable, dict[Hashable, int]] = {}

    def cells(self) -> Iterator[Hashable]:
        return iter(self._adj)

    def __contains__(self, cell: object) -> bool:
        return cell in self._adj

    def neighbors(self, cell: Hashable) -> list[Hashable]:
        return list(self._adj.get(cell, ()))

    def distance(self, a: Hashable, b: Hashable) -> int:
        """Number of routes between ``a`` and ``b``; raises ``ValueError`` if unconnected."""
        table = self._dist_cache.get(a)
        if table is None:
            table = bfs([a], self._adj).dist
            self._dist_cache[a] = table
        if b not in table:
            raise ValueError(f"no route from {a!r} to {b!r}")
        return table[b]

    def components(self) -> list[list[Hashable]]:
        """The connected components, each in node order, ordered by their first node.

        Used to report a board whose locations cannot all reach each other (the Witcher
        validator's QWI401) and to find which locations a start can reach.
        """
        seen: set[Hashable] = set()
        out: list[list[Hashable]] = []
        for node in self._adj:
            if node in seen:
                continue
            reached = bfs([node], self._adj).dist
            seen.update(reached)
            out.append([n for n in self._adj if n in reached])
        return out
