"""Shortest-path search over any board: Dijkstra with per-cell entry costs, and BFS.

The functions are board-agnostic: a board is described by its neighbour relation (a mapping
or a function) and a cost to *enter* each cell (``None`` = cannot be entered). That covers
every movement mode the rulesets need:

- normal movement: difficult terrain costs 2, obstacles / enemies / walls are blockers;
- flying and jumping: a cost function that ignores terrain and figures;
- "avoid negative hexes": encode a lexicographic cost ``(traps, moves)`` as one integer
  ``traps * BIG + moves`` so a single Dijkstra minimises traps first, then movement.

Results keep *every* optimal predecessor, so callers can enumerate all equally short paths
(rules such as Gloomhaven's let players choose among them).
"""

from __future__ import annotations

import heapq

# ``deque`` and ``Mapping`` are the very objects ``collections`` re-exports, taken from the
# modules that define them: importing the ``collections`` package costs ``questforge ai
# solve`` about 2 ms of start-up, and ``_collections_abc`` is loaded with ``os`` anyway
from _collections import deque
from _collections_abc import Mapping

# ``typing`` is not imported at run time (``questforge ai solve`` starts faster without it):
# mypy reads the ``TYPE_CHECKING`` branch; at run time ``PathResult[...]`` is the class itself
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterable, Sequence
    from typing import Generic as _Generic
    from typing import TypeVar

    N = TypeVar("N", bound=Hashable)

    Neighbours = Mapping[N, Sequence[N]] | Callable[[N], Iterable[N]]
    EntryCost = Mapping[N, int] | Callable[[N], "int | None"]
else:
    N = "N"

    class _Generic:
        """Run-time stand-in for ``typing.Generic``: subscripting gives the class."""

        __slots__ = ()

        def __class_getitem__(cls, item):
            return cls


class PathResult(_Generic[N]):
    """Distances from the sources, and every optimal predecessor of each reached cell.

    (A plain class rather than a dataclass: the monster-AI command imports this module at
    start-up, and generating a dataclass costs more than the class is worth there.)
    """

    __slots__ = ("dist", "parents")

    def __init__(self, dist: dict[N, int], parents: dict[N, list[N]] | None = None) -> None:
        self.dist = dist
        self.parents: dict[N, list[N]] = {} if parents is None else parents

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PathResult):
            return (self.dist, self.parents) == (other.dist, other.parents)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PathResult(dist={self.dist!r}, parents={self.parents!r})"

    def reached(self, node: N) -> bool:
        """Whether ``node`` was reached."""
        return node in self.dist

    def path_to(self, node: N) -> list[N]:
        """One shortest path from a source to ``node`` (sources first); [] if unreached.

        Needs the search to have been run with ``track_parents=True``.
        """
        if node not in self.dist:
            return []
        path = [node]
        while self.parents.get(path[-1]):
            path.append(self.parents[path[-1]][0])
        path.reverse()
        return path

    def all_paths_to(self, node: N, limit: int = 1000) -> list[list[N]]:
        """Every shortest path to ``node`` (at most ``limit``), sources first."""
        if node not in self.dist:
            return []
        out: list[list[N]] = []

        def walk(n: N, suffix: list[N]) -> None:
            if len(out) >= limit:
                return
            preds = self.parents.get(n)
            if not preds:
                out.append([n, *suffix])
                return
            for p in preds:
                walk(p, [n, *suffix])

        walk(node, [])
        return out


def _neighbour_fn(neighbours: Neighbours[N]) -> Callable[[N], Iterable[N] | None]:
    if callable(neighbours):
        return neighbours
    # A bound C method is much faster than a lambda; callers handle the ``None``.
    return neighbours.get


def _cost_fn(cost: EntryCost[N]) -> Callable[[N], int | None]:
    if callable(cost):
        return cost
    table = cost
    return table.get


def dijkstra(
    sources: Iterable[N] | Mapping[N, int],
    neighbours: Neighbours[N],
    enter_cost: EntryCost[N],
    *,
    max_cost: int | None = None,
    reverse: bool = False,
    track_parents: bool = False,
    targets: Iterable[N] | None = None,
) -> PathResult[N]:
    """Least-cost distances from ``sources`` (several sources = multi-source search).

    ``enter_cost(n)`` is the price of stepping into ``n``; ``None`` (or a missing key in a
    mapping) blocks ``n``. Sources are never charged. With ``reverse=True`` the search runs
    backwards: ``dist[n]`` is then the cost of walking from ``n`` *to* the nearest source
    (each step is charged the cost of the cell it enters, and the start cell is free), for
    symmetric neighbour relations. ``max_cost`` stops the search beyond that cost.
    """
    nb = _neighbour_fn(neighbours)
    cost = _cost_fn(enter_cost)
    start: dict[N, int] = dict(sources) if isinstance(sources, Mapping) else {s: 0 for s in sources}
    dist: dict[N, int] = {}
    parents: dict[N, list[N]] = {}
    best: dict[N, int] = dict(start)
    heap: list[tuple[int, int, N]] = []
    counter = 0
    for s, c in start.items():
        heap.append((c, counter, s))
        counter += 1
    heapq.heapify(heap)
    pending = set(targets) if targets is not None else None
    while heap:
        d, _, n = heapq.heappop(heap)
        if n in dist:
            continue
        dist[n] = d
        if pending is not None:
            pending.discard(n)
            if not pending:
                break
        step_here = 0
        if reverse:
            c_here = cost(n)
            if c_here is None:
                # A blocked source (e.g. an occupied target) can still be a goal; nothing
                # can walk *through* it, so do not expand further.
                if n in start:
                    continue
                c_here = 0
            step_here = c_here
        for m in nb(n) or ():
            if m in dist:
                continue
            cm = cost(m)
            if cm is None:
                continue
            nd = d + (step_here if reverse else cm)
            if max_cost is not None and nd > max_cost:
                continue
            old = best.get(m)
            if old is None or nd < old:
                best[m] = nd
                if track_parents:
                    parents[m] = [n]
                counter += 1
                heapq.heappush(heap, (nd, counter, m))
            elif nd == old and track_parents:
                parents.setdefault(m, []).append(n)
    return PathResult(dist, parents if track_parents else {})


def bfs(
    sources: Iterable[N],
    neighbours: Neighbours[N],
    passable: Callable[[N], bool] | None = None,
    *,
    max_steps: int | None = None,
    track_parents: bool = False,
    targets: Iterable[N] | None = None,
) -> PathResult[N]:
    """Unit-cost distances from ``sources``; ``passable`` filters the cells that may be entered.

    ``targets`` stops the search once all of them have been reached (other distances are
    then partial; a target's distance is final when it is first reached).
    """
    nb = _neighbour_fn(neighbours)
    dist: dict[N, int] = {}
    parents: dict[N, list[N]] = {}
    queue: deque[N] = deque()
    for s in sources:
        if s not in dist:
            dist[s] = 0
            queue.append(s)
    pending = None
    if targets is not None:
        pending = set(targets) - dist.keys()
        if not pending:
            return PathResult(dist, parents if track_parents else {})
    if not track_parents and max_steps is None:
        return PathResult(_bfs_levels(list(queue), nb, passable, dist, pending))
    while queue:
        n = queue.popleft()
        d = dist[n] + 1
        if max_steps is not None and d > max_steps:
            continue
        for m in nb(n) or ():
            if m in dist:
                if track_parents and dist[m] == d:
                    parents[m].append(n)
                continue
            if passable is not None and not passable(m):
                continue
            dist[m] = d
            if track_parents:
                parents[m] = [n]
            queue.append(m)
            if pending is not None:
                pending.discard(m)
                if not pending:
                    return PathResult(dist, parents if track_parents else {})
    return PathResult(dist, parents if track_parents else {})


def _bfs_levels(
    frontier: list[N],
    nb: Callable[[N], Iterable[N] | None],
    passable: Callable[[N], bool] | None,
    dist: dict[N, int],
    pending: set[N] | None = None,
) -> dict[N, int]:
    """The plain BFS, one level at a time (the solver's hot path: no per-node lookups).

    With ``pending`` the search stops after the level on which the last of them is reached.
    """
    d = 0
    while frontier:
        if pending is not None and not pending.isdisjoint(frontier):
            pending.difference_update(frontier)
            if not pending:
                break
        d += 1
        nxt: list[N] = []
        append = nxt.append
        if passable is None:
            for n in frontier:
                for m in nb(n) or ():
                    if m not in dist:
                        dist[m] = d
                        append(m)
        else:
            for n in frontier:
                for m in nb(n) or ():
                    if m not in dist and passable(m):
                        dist[m] = d
                        append(m)
        frontier = nxt
    return dist
