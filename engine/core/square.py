"""A square-grid board (Descent-style): cells ``(x, y)``, 4- or 8-connected, with walls.

Distance follows the connectivity: Manhattan for 4-connected boards, Chebyshev for
8-connected ones (diagonal steps cost one, as in most square-grid dungeon games). Walls are
blocked edges between two adjacent cells; a diagonal step is refused when either of the two
orthogonal edges around its corner is walled or leads off the board (no corner cutting).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

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

    def cells(self) -> Iterator[Cell]:
        return iter(self._cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self._cells

    def _open(self, a: Cell, b: Cell) -> bool:
        return b in self._cells and frozenset((a, b)) not in self._walls

    def neighbors(self, cell: Cell) -> list[Cell]:
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
