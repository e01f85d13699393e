"""The board-geometry protocol shared by hex, square and location-graph boards.

Rulesets differ in their boards (Gloomhaven: hexes; Descent: squares; Arkham Horror and The
Witcher: a graph of named locations), but movement and range questions are the same:
which cells neighbour a cell, how far apart two cells are, and the cheapest way from here
to there given per-cell costs and blockers. Code written against :class:`Board` (and the
:func:`shortest_paths` helper) works on all three.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Protocol, TypeVar, runtime_checkable

from questforge.engine.core.pathfind import PathResult, dijkstra

C = TypeVar("C", bound=Hashable)


@runtime_checkable
class Board(Protocol[C]):
    """A finite board of cells with a (symmetric) neighbour relation that respects walls."""

    def cells(self) -> Iterator[C]:
        """Every cell of the board."""
        ...

    def __contains__(self, cell: object) -> bool:
        """Whether ``cell`` is on the board."""
        ...

    def neighbors(self, cell: C) -> list[C]:
        """Cells one step from ``cell`` that can be crossed to (walls already removed)."""
        ...

    def distance(self, a: C, b: C) -> int:
        """The board's metric between two cells, ignoring walls and blockers."""
        ...


def shortest_paths(
    board: Board[C],
    sources: Iterable[C] | Mapping[C, int],
    *,
    cost: Mapping[C, int] | Callable[[C], int] | None = None,
    blocked: Callable[[C], bool] | None = None,
    max_cost: int | None = None,
    track_parents: bool = False,
) -> PathResult[C]:
    """Least-cost distances over ``board`` from ``sources``.

    ``cost`` gives the price of entering a cell (default 1; a mapping falls back to 1 for
    missing cells), ``blocked`` marks cells that cannot be entered.
    """
    if cost is None:
        base: Callable[[C], int] = lambda c: 1  # noqa: E731
    elif callable(cost):
        base = cost
    else:
        table = cost
        base = lambda c: table.get(c, 1)  # noqa: E731

    def enter(c: C) -> int | None:
        if blocked is not None and blocked(c):
            return None
        return base(c)

    return dijkstra(sources, board.neighbors, enter, max_cost=max_cost, track_parents=track_parents)
