"""A location-graph board (Arkham Horror / The Witcher style): named places and routes.

Cells are arbitrary hashable ids (usually strings). ``distance`` is the number of routes on
the shortest way (unweighted), so "within 2 spaces" questions work like on grids; weighted
travel uses :func:`questforge.engine.core.grid.shortest_paths` with a cost function.

Besides undirected routes, a graph may carry *arrows*: directed edges with a label (Arkham's
white and black monster-movement arrows between streets). Arrows are a separate layer
because they answer a different question ("where does something that follows the white
arrows go from here?") than routes ("where may a figure walk?"); a board may have an
arrow where it has no route, or a route with no arrow. At most one arrow per (cell, label)
leaves a cell, so following an arrow is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator

from questforge.engine.core.pathfind import bfs


class GraphBoard:
    """An undirected graph of locations; implements :class:`questforge.engine.core.grid.Board`.

    ``arrows`` are ``(from, to, label)`` triples (see the module doc).
    """

    def __init__(
        self,
        nodes: Iterable[Hashable],
        edges: Iterable[tuple[Hashable, Hashable]],
        arrows: Iterable[tuple[Hashable, Hashable, str]] = (),
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
        self._arrows: dict[tuple[Hashable, str], Hashable] = {}
        for a, b, label in arrows:
            for n in (a, b):
                if n not in self._adj:
                    raise ValueError(f"{label} arrow {a!r} -> {b!r} names unknown location {n!r}")
            if a == b:
                raise ValueError(f"{label} arrow from {a!r} to itself")
            if (a, label) in self._arrows and self._arrows[(a, label)] != b:
                raise ValueError(f"two {label} arrows leave {a!r}")
            self._arrows[(a, label)] = b
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

    # --- arrows --------------------------------------------------------------------------

    def arrow(self, cell: Hashable, label: str) -> Hashable | None:
        """Where the ``label`` arrow out of ``cell`` leads (``None`` if there is none)."""
        return self._arrows.get((cell, label))

    def arrows(self) -> list[tuple[Hashable, Hashable, str]]:
        """Every arrow as ``(from, to, label)``, in the order given."""
        return [(a, b, label) for (a, label), b in self._arrows.items()]

    # --- connectivity --------------------------------------------------------------------

    def components(self) -> list[list[Hashable]]:
        """The connected components, each in node order, ordered by their first node.

        Used to report a board whose locations cannot all reach each other (the Witcher
        validator's QWI401, Arkham's QAH303) and to find which locations a start can reach.
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

    def path(
        self,
        a: Hashable,
        b: Hashable,
        passable: Callable[[Hashable], bool] | None = None,
    ) -> list[Hashable] | None:
        """A shortest route from ``a`` to ``b`` (both included; ``None`` if unreachable).

        ``passable`` filters the cells that may be entered (``b`` must pass it too). Ties are
        broken by the order neighbours were given, so the answer is deterministic.
        """
        result = bfs([a], self._adj, passable, track_parents=True, targets=[b])
        if not result.reached(b):
            return None
        return result.path_to(b)
