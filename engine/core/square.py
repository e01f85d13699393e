"""A square-grid board (Descent-style): cells ``(x, y)``, 4- or 8-connected, with walls.

Distance follows the connectivity: Manhattan for 4-connected boards, Chebyshev for
8-connected ones (diagonal steps cost one, as in most square-grid dungeon games). Walls are
blocked edges between two adjacent cells; a diagonal step is refused when either of the two
orthogonal edges around its corner is walled or leads off the board (no corner cutting).

Line of sight (:meth:`SquareBoard.line_of_sight`) runs from the centre of one square to the
centre of another (Descent's rule, DJ-ATK-02). :func:`sight_line` lists what such a line
passes: the squares whose inside it crosses, the edges it crosses, and the corners it
passes exactly through. A line through a corner is open when at least one of the two
squares beside the corner could be walked around (it is on the board, not opaque, and
neither of its edges on the way is walled); it is blocked only when both sides are closed.
All of it is exact integer and rational arithmetic: no epsilon.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((1, 1), (-1, 1), (-1, -1), (1, -1))


class SquareBoard:
    """A finite set of square cells; implements :class:`questforge.engine.core.grid.Board`."""

    def __init__(
        self,
        cells: Iterable[Cell],
        *,
        diagonal: bool = True,
        walls: Iterable[tuple[Cell, Cell]] = (),
    ) -> None:
        self._cells: frozenset[Cell] = frozenset((int(x), int(y)) for x, y in cells)
        self.diagonal = diagonal
        self._walls: set[frozenset[Cell]] = set()
        for a, b in walls:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise ValueError(f"a wall must separate two orthogonally adjacent cells: {a}, {b}")
            self._walls.add(frozenset((tuple(a), tuple(b))))  # type: ignore[arg-type]
        self._neighbour_cache: dict[Cell, list[Cell]] = {}

    def cells(self) -> Iterator[Cell]:
        return iter(self._cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self._cells

    def _open(self, a: Cell, b: Cell) -> bool:
        return b in self._cells and frozenset((a, b)) not in self._walls

    def crossable(self, a: Cell, b: Cell) -> bool:
        """Whether the shared edge of orthogonally adjacent ``a`` and ``b`` can be crossed
        (both on the board, no wall between them)."""
        return a in self._cells and self._open(a, b)

    def walls(self) -> Iterator[tuple[Cell, Cell]]:
        """Every wall as a pair of squares (in no particular order)."""
        for wall in self._walls:
            a, b = sorted(wall)
            yield a, b

    def line_of_sight(self, a: Cell, b: Cell, opaque: Callable[[Cell], bool] | None = None) -> bool:
        """Whether a line from the centre of ``a`` to the centre of ``b`` is unobstructed.

        Squares off the board and squares ``opaque`` says block (figures, obstacles) stop it
        when the line crosses their inside; walls stop it when it crosses them; a corner
        stops it when both squares beside it are closed (see the module docstring). ``a``
        and ``b`` themselves are never tested for opacity.
        """
        if a not in self._cells or b not in self._cells:
            return False
        line = sight_line(a, b)
        blocked = opaque or (lambda c: False)
        for c in line.cells:
            if c not in self._cells or blocked(c):
                return False
        for x, y in line.edges:
            if not self._open(x, y):
                return False
        for here, side1, side2, there in line.corners:
            if not any(
                s in self._cells
                and not (blocked(s) and s not in (a, b))
                and self._open(here, s)
                and self._open(s, there)
                for s in (side1, side2)
            ):
                return False
        return True

    def neighbors(self, cell: Cell) -> list[Cell]:
        """Cells one step away (cached: the board does not change after construction)."""
        found = self._neighbour_cache.get(cell)
        if found is None:
            found = self._neighbours(cell)
            self._neighbour_cache[cell] = found
        return list(found)

    def _neighbours(self, cell: Cell) -> list[Cell]:
        x, y = cell
        out = [(x + dx, y + dy) for dx, dy in ORTHOGONAL if self._open(cell, (x + dx, y + dy))]
        if self.diagonal:
            for dx, dy in DIAGONAL:
                d = (x + dx, y + dy)
                side1 = (x + dx, y)
                side2 = (x, y + dy)
                if (
                    d in self._cells
                    and self._open(cell, side1)
                    and self._open(side1, d)
                    and self._open(cell, side2)
                    and self._open(side2, d)
                ):
                    out.append(d)
        return out

    def distance(self, a: Cell, b: Cell) -> int:
        dx = abs(a[0] - b[0])
        dy = abs(a[1] - b[1])
        return max(dx, dy) if self.diagonal else dx + dy


@dataclass(frozen=True)
class SightLine:
    """What a centre-to-centre line passes between two squares (ends excluded)."""

    #: squares whose inside the line crosses, in order
    cells: tuple[Cell, ...]
    #: edges crossed in their inside, as (from, to) squares
    edges: tuple[tuple[Cell, Cell], ...]
    #: corners passed exactly: (from, side 1, side 2, to)
    corners: tuple[tuple[Cell, Cell, Cell, Cell], ...]


@lru_cache(maxsize=1 << 16)
def sight_line(a: Cell, b: Cell) -> SightLine:
    """Walk the segment from the centre of ``a`` to the centre of ``b`` square by square.

    In doubled coordinates a centre is ``(2x + 1, 2y + 1)`` and square borders lie on even
    lines, so every crossing is at a rational parameter ``t``; a crossing of a vertical and
    a horizontal border at the same ``t`` is a corner.
    """
    x0, y0 = 2 * a[0] + 1, 2 * a[1] + 1
    x1, y1 = 2 * b[0] + 1, 2 * b[1] + 1
    dx, dy = x1 - x0, y1 - y0
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    events: dict[Fraction, set[str]] = {}
    if dx:
        for k in range(min(x0, x1) + 1, max(x0, x1)):
            if k % 2 == 0:
                events.setdefault(Fraction(k - x0, dx), set()).add("x")
    if dy:
        for k in range(min(y0, y1) + 1, max(y0, y1)):
            if k % 2 == 0:
                events.setdefault(Fraction(k - y0, dy), set()).add("y")
    cells: list[Cell] = []
    edges: list[tuple[Cell, Cell]] = []
    corners: list[tuple[Cell, Cell, Cell, Cell]] = []
    here = a
    for t in sorted(events):
        kinds = events[t]
        if kinds == {"x"}:
            there = (here[0] + sx, here[1])
            edges.append((here, there))
        elif kinds == {"y"}:
            there = (here[0], here[1] + sy)
            edges.append((here, there))
        else:
            there = (here[0] + sx, here[1] + sy)
            corners.append((here, (here[0] + sx, here[1]), (here[0], here[1] + sy), there))
        if there != b:
            cells.append(there)
        here = there
    return SightLine(tuple(cells), tuple(edges), tuple(corners))
