"""Axial hex-grid mathematics shared by every hex-based ruleset.

Coordinates are axial ``(q, r)`` as in Red Blob Games' guide. Adjacency, distance and line of
sight do not depend on how hexes are drawn; only :func:`hex_to_pixel` and
:func:`hex_corners` take an orientation (``"flat"`` or ``"pointy"``).

Besides floating-point pixel layout, this module offers *exact* corner points: scaling axial
coordinates by 3 puts every hex corner on an integer lattice point (a corner is the centroid
of three mutually adjacent hex centres), so geometric predicates such as line-of-sight
segment tests can be decided with integer arithmetic and no epsilon.
"""

from __future__ import annotations

from itertools import repeat

# ``typing`` and ``collections`` are not imported at run time (``questforge ai solve`` starts
# faster without them): mypy reads the ``TYPE_CHECKING`` branch; the interpreter builds, by
# hand, the class ``collections.namedtuple("Hex", ("q", "r"))`` would generate (same
# methods, ``repr``, pickling and C field accessors), which is what ``typing.NamedTuple``
# makes too
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any, Literal, NamedTuple

    Orientation = Literal["flat", "pointy"]

    class Hex(NamedTuple):
        """An axial hex coordinate. Being a tuple, ``Hex(1, 2) == (1, 2)``."""

        q: int
        r: int

else:
    from _collections import _tuplegetter

    Orientation = str
    _tuple_new = tuple.__new__

    class Hex(tuple):
        """An axial hex coordinate. Being a tuple, ``Hex(1, 2) == (1, 2)``."""

        __slots__ = ()
        _fields = ("q", "r")
        _field_defaults = {}  # noqa: RUF012 - as namedtuple has it
        __match_args__ = ("q", "r")

        def __new__(_cls, q, r):
            """Create new instance of Hex(q, r)"""
            return _tuple_new(_cls, (q, r))

        @classmethod
        def _make(cls, iterable):
            """Make a new Hex object from a sequence or iterable"""
            result = _tuple_new(cls, iterable)
            if len(result) != 2:
                raise TypeError(f"Expected 2 arguments, got {len(result)}")
            return result

        def _replace(self, /, **kwds):
            """Return a new Hex object replacing specified fields with new values"""
            result = self._make(map(kwds.pop, ("q", "r"), self))
            if kwds:
                raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
            return result

        def __repr__(self):
            """Return a nicely formatted representation string"""
            return f"Hex(q={self[0]!r}, r={self[1]!r})"

        def _asdict(self):
            """Return a new dict which maps field names to their values."""
            return dict(zip(self._fields, self, strict=True))

        def __getnewargs__(self):
            """Return self as a plain tuple.  Used by copy and pickle."""
            return tuple(self)

        q = _tuplegetter(0, "Alias for field number 0")
        r = _tuplegetter(1, "Alias for field number 1")


#: The key form of a :class:`Hex`: a plain ``(q, r)`` tuple, equal to and hashing like the
#: ``Hex`` with the same coordinates (every ``Hex`` is one). Runtime tables that build
#: millions of coordinates (the engine's board, the solvers) use plain tuples because a
#: named tuple costs several times more to create; they say so by typing with this alias.
#: It is the only such alias: no module defines its own ``Hex = tuple[int, int]``.
HexKey = tuple[int, int]
#: An edge between two adjacent hexes (a thin wall) in key form: the two hexes either side.
EdgeKey = tuple[HexKey, HexKey]

#: Coordinates beyond this are no hex at all for :func:`parse_hex`: content schemas allow
#: far less, and a drawn or stored coordinate must stay a finite float (``10**400`` would
#: overflow a pixel position).
MAX_COORDINATE = 10**9


#: The six axial directions, in the project-wide order (see the team conventions).
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)

#: Corner offsets of a hex in "axial x 3" integer coordinates. Corner ``i`` lies between the
#: neighbours in directions ``i`` and ``i + 1``; the edge towards direction ``d`` therefore
#: runs from corner ``d - 1`` to corner ``d``.
CORNER_OFFSETS3: tuple[tuple[int, int], ...] = (
    (2, -1),
    (1, -2),
    (-1, -1),
    (-2, 1),
    (-1, 2),
    (1, 1),
)

#: ``math.sqrt(3.0)`` (the float it returns, written out: importing ``math`` loads a shared
#: library, a start-up cost of every command that uses hexes)
_SQRT3 = 1.7320508075688772


def as_hex(value: object) -> Hex:
    """The :class:`Hex` of a ``[q, r]`` known to be one (schema-valid data, a decision's
    option); :func:`parse_hex` reads it, and anything else is a ``ValueError``."""
    found = parse_hex(value)
    if found is None:
        raise ValueError(f"expected a hex [q, r] of two integers, found {value!r}")
    return found


def parse_hex(value: object) -> Hex | None:
    """The :class:`Hex` a JSON value ``[q, r]`` names, ``None`` for anything else.

    The one reading of a hex in content (lists or tuples of two integers, booleans are not
    integers, nothing beyond :data:`MAX_COORDINATE`; ``2.0`` is the integer 2, as JSON
    Schema's ``integer`` reads it, so whatever the schema accepts is a hex here too): readers that must explain a bad value
    (the content model, the situation loader) call it and word their own error; tolerant
    views (the editor's canvas) skip what it rejects.
    """
    if isinstance(value, list | tuple) and len(value) == 2:
        q, r = value
        if type(q) is float and q.is_integer():
            q = int(q)
        if type(r) is float and r.is_integer():
            r = int(r)
        if (
            type(q) is int
            and type(r) is int
            and -MAX_COORDINATE <= q <= MAX_COORDINATE
            and -MAX_COORDINATE <= r <= MAX_COORDINATE
        ):
            return Hex(q, r)
    return None


def add(a: tuple[int, int], b: tuple[int, int]) -> Hex:
    """Component-wise sum of two axial coordinates."""
    return Hex(a[0] + b[0], a[1] + b[1])


def subtract(a: tuple[int, int], b: tuple[int, int]) -> Hex:
    """Component-wise difference ``a - b``."""
    return Hex(a[0] - b[0], a[1] - b[1])


def neighbors(h: tuple[int, int]) -> list[Hex]:
    """The six neighbours of ``h`` in :data:`DIRECTIONS` order."""
    q, r = h
    return [Hex(q + dq, r + dr) for dq, dr in DIRECTIONS]


def neighbor(h: tuple[int, int], direction: int) -> Hex:
    """The neighbour of ``h`` in direction ``direction`` (0-5, taken modulo 6)."""
    dq, dr = DIRECTIONS[direction % 6]
    return Hex(h[0] + dq, h[1] + dr)


def direction_to(a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """The direction index from ``a`` to an adjacent ``b``, or ``None`` if not adjacent."""
    d = (b[0] - a[0], b[1] - a[1])
    for i, step in enumerate(DIRECTIONS):
        if step == d:
            return i
    return None


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance: the number of steps between ``a`` and ``b`` on an open grid."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: tuple[int, int], steps: int = 1) -> Hex:
    """Rotate ``h`` about the origin by ``steps`` x 60° using ``(q, r) -> (-r, q + r)``."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return Hex(q, r)


def mirror(h: tuple[int, int]) -> Hex:
    """Reflect ``h`` across the axis through the origin and ``(1, 1)``: ``(q, r) -> (r, q)``
    (swapping the cube coordinates x and z). With :func:`rotate` this gives all twelve
    symmetries of the hex grid that keep the origin fixed (a flipped area pattern)."""
    return Hex(h[1], h[0])


def place(h: tuple[int, int], rotation: int, position: tuple[int, int]) -> Hex:
    """Map a tile-local hex onto the board: ``rotate^rotation(h) + position``."""
    rq, rr = rotate(h, rotation)
    return Hex(rq + position[0], rr + position[1])


def place_edge(
    a: tuple[int, int], b: tuple[int, int], rotation: int, position: tuple[int, int]
) -> tuple[Hex, Hex]:
    """Map a tile-local thin wall (two adjacent tile hexes) onto the board, like :func:`place`."""
    return place(a, rotation, position), place(b, rotation, position)


def ring(center: tuple[int, int], radius: int) -> list[Hex]:
    """Every hex exactly ``radius`` steps from ``center`` (``[center]`` for radius 0)."""
    if radius <= 0:
        return [Hex(center[0], center[1])]
    result: list[Hex] = []
    h = Hex(center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            h = neighbor(h, side)
    return result


def spiral(center: tuple[int, int], radius: int) -> Iterator[Hex]:
    """Every hex within ``radius`` of ``center``, nearest first."""
    for k in range(radius + 1):
        yield from ring(center, k)


def corners3(h: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The six corners of ``h`` as exact integer points in "axial x 3" coordinates."""
    cq = 3 * h[0]
    cr = 3 * h[1]
    return tuple((cq + oq, cr + orr) for oq, orr in CORNER_OFFSETS3)


def edge3(h: tuple[int, int], direction: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The edge of ``h`` shared with its neighbour in ``direction``, as two integer corners."""
    c = corners3(h)
    return c[(direction - 1) % 6], c[direction % 6]


def hex_to_pixel(
    h: tuple[float, float], size: float = 1.0, orientation: Orientation = "flat"
) -> tuple[float, float]:
    """Centre of ``h`` in pixels for hexes of circumradius ``size`` (y grows downwards).

    Fractional axial coordinates are allowed (e.g. a corner ``corners3(h)[i] / 3``).
    """
    q, r = h
    if orientation == "flat":
        return size * 1.5 * q, size * _SQRT3 * (r + q / 2.0)
    if orientation == "pointy":
        return size * _SQRT3 * (q + r / 2.0), size * 1.5 * r
    raise ValueError(f"unknown orientation {orientation!r} (expected 'flat' or 'pointy')")


def pixel_to_hex(x: float, y: float, size: float = 1.0, orientation: Orientation = "flat") -> Hex:
    """The hex containing pixel ``(x, y)`` (inverse of :func:`hex_to_pixel`, with rounding)."""
    if orientation == "flat":
        fq = (2.0 / 3.0 * x) / size
        fr = (-1.0 / 3.0 * x + _SQRT3 / 3.0 * y) / size
    elif orientation == "pointy":
        fq = (_SQRT3 / 3.0 * x - 1.0 / 3.0 * y) / size
        fr = (2.0 / 3.0 * y) / size
    else:
        raise ValueError(f"unknown orientation {orientation!r} (expected 'flat' or 'pointy')")
    return hex_round(fq, fr)


def hex_round(fq: float, fr: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_corners(
    h: tuple[int, int], size: float = 1.0, orientation: Orientation = "flat"
) -> list[tuple[float, float]]:
    """The six corner points of ``h`` in pixels, in :data:`CORNER_OFFSETS3` order.

    Corner ``i`` is the same geometric corner as ``corners3(h)[i]``, so an editor can draw a
    thin wall (an edge found with :func:`edge3`) by indices alone.
    """
    cx, cy = hex_to_pixel(h, size, orientation)
    result = []
    for oq, orr in CORNER_OFFSETS3:
        # A corner offset (oq, orr)/3 is an axial vector; map it like any axial coordinate.
        if orientation == "flat":
            dx = size * 1.5 * oq / 3.0
            dy = size * _SQRT3 * (orr + oq / 2.0) / 3.0
        else:
            dx = size * _SQRT3 * (oq + orr / 2.0) / 3.0
            dy = size * 1.5 * orr / 3.0
        result.append((cx + dx, cy + dy))
    return result


def edge_pixels(
    a: tuple[int, int], b: tuple[int, int], size: float = 1.0, orientation: Orientation = "flat"
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Pixel end points of the edge shared by adjacent hexes ``a`` and ``b`` (a thin wall)."""
    d = direction_to(a, b)
    if d is None:
        raise ValueError(f"hexes {tuple(a)} and {tuple(b)} are not adjacent")
    corners = hex_corners(a, size, orientation)
    return corners[(d - 1) % 6], corners[d]


def edge_key(a: tuple[int, int], b: tuple[int, int]) -> frozenset[Hex]:
    """A hashable, order-independent key for the edge between two hexes."""
    return frozenset((Hex(a[0], a[1]), Hex(b[0], b[1])))


_ONLY_HEX = frozenset((Hex,))
_HEX_OR_TUPLE = frozenset((Hex, tuple))
_tuple_new = tuple.__new__


class HexBoard:
    """A map of hexes plus thin walls; implements :class:`questforge.engine.core.grid.Board`.

    Hexes not in the map are walls. A thin wall is the shared edge of two adjacent map hexes:
    it blocks crossing that edge. ``neighbors`` already honours both, so path searches over a
    ``HexBoard`` never cross a wall.
    """

    def __init__(
        self,
        hexes: Iterable[tuple[int, int]],
        thin_walls: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
    ) -> None:
        # (a frozenset of Hex, as the solvers pass, is kept as it is: the type test runs in C)
        if type(hexes) is frozenset and _ONLY_HEX.issuperset(map(type, hexes)):
            self.hexes: frozenset[Hex] = hexes
        elif (
            type(hexes) is frozenset
            and _HEX_OR_TUPLE.issuperset(map(type, hexes))
            and set(map(len, hexes)) == {2}
        ):
            # plain (q, r) tuples (a loaded situation's map): the Hexes made in C
            self.hexes = frozenset(map(_tuple_new, repeat(Hex), hexes))
        else:
            self.hexes = frozenset(h if type(h) is Hex else Hex(h[0], h[1]) for h in hexes)
        walls: set[frozenset[Hex]] = set()
        blocked: set[tuple[tuple[int, int], tuple[int, int]]] = set()
        for a, b in thin_walls:
            if distance(a, b) != 1:
                raise ValueError(f"a thin wall must separate two adjacent hexes: {a}, {b}")
            walls.add(edge_key(a, b))
            ta, tb = (a[0], a[1]), (b[0], b[1])
            blocked.add((ta, tb))
            blocked.add((tb, ta))
        self.thin_walls: frozenset[frozenset[Hex]] = frozenset(walls)
        self._blocked_edges = frozenset(blocked)
        # Hot paths for solvers, built on first use: the neighbour table (:attr:`adjacency`)
        # and the numbered one (:meth:`numbered`), found with integers: each hex numbered
        # ``q * width + (r - r_min + 1)``, so its neighbour in a direction is its number plus
        # a constant, looked up column by column in C; the lists keep the DIRECTIONS order.
        self._adj: dict[Hex, list[Hex]] | None = None
        self._numbered: tuple[list[Hex | None], dict[Hex, int], list[tuple[int, ...]]] | None = None
        order = list(self.hexes)
        if order:
            low = min([h[1] for h in order])
            width = max([h[1] for h in order]) - low + 3  # a neighbour's r - low + 1 stays
            shift = 1 - low  # in 0 .. width - 1
            numbers = [q * width + r + shift for q, r in order]
        else:
            width, numbers = 0, []
        #: (the hexes in a fixed order, their numbers, the width)
        self._numbering: tuple[list[Hex], list[int], int] = (order, numbers, width)

    def _columns(self, at: Callable[[int], Any]) -> Iterator[tuple[Any, ...]]:
        """For each hex (in ``_numbering`` order), ``at`` of its six neighbours' numbers in
        DIRECTIONS order (``None`` for a number that is no map hex, if ``at`` says so)."""
        _, numbers, width = self._numbering
        columns = [map(at, map((dq * width + dr).__add__, numbers)) for dq, dr in DIRECTIONS]
        return zip(*columns, strict=False)  # (equal lengths: one entry per hex)

    @property
    def _table(self) -> dict[Hex, list[Hex]]:
        adj = self._adj
        if adj is None:
            # (the neighbour lists hold the map's own hex objects: a dict lookup of the very
            # key object skips the comparison)
            order, numbers, _ = self._numbering
            own = dict(zip(numbers, order, strict=True)).get
            # (``filter(None, row)`` drops the directions with no map hex: a hex is truthy)
            rows = map(list, map(filter, repeat(None), self._columns(own)))
            adj = dict(zip(order, rows, strict=False))
            blocked = self._blocked_edges
            if blocked:
                for h, row in adj.items():
                    adj[h] = [n for n in row if (h, n) not in blocked]
            self._adj = adj
        return adj

    def numbered(self) -> tuple[list[Hex | None], dict[Hex, int], list[tuple[int, ...]]]:
        """The map's hexes numbered 1 .. n, for searches that look lists up rather than
        hash hexes: ``(hex by number (None at 0), number by hex, neighbour numbers by
        number (() at 0))``, the neighbours in :attr:`adjacency` order. Built once, in C
        from the integer numbers (without building :attr:`adjacency`)."""
        got = self._numbered
        if got is None:
            order, numbers, _ = self._numbering
            index = dict(zip(order, range(1, len(order) + 1), strict=True))
            # (numbers from 1: ``filter(None, row)`` drops the directions off the map)
            at = dict(zip(numbers, range(1, len(order) + 1), strict=True)).get
            rows = list(map(tuple, map(filter, repeat(None), self._columns(at))))
            for a, b in self._blocked_edges:
                i = index.get(Hex(a[0], a[1]))
                j = index.get(Hex(b[0], b[1]))
                if i is not None and j is not None:
                    rows[i - 1] = tuple(k for k in rows[i - 1] if k != j)
            got = self._numbered = ([None, *order], index, [(), *rows])
        return got

    @classmethod
    def from_tiles(
        cls,
        tiles: Iterable[tuple[Iterable[tuple[int, int]], int, tuple[int, int]]],
        thin_walls: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
    ) -> HexBoard:
        """Build a map from placed tiles ``(tile_hexes, rotation, position)`` (see :func:`place`).

        ``thin_walls`` are already in board coordinates; use :func:`place` on both hexes of
        a tile-local wall first.
        """
        hexes: set[Hex] = set()
        for tile_hexes, rotation, position in tiles:
            hexes.update(place(h, rotation, position) for h in tile_hexes)
        return cls(hexes, thin_walls)

    def cells(self) -> Iterator[Hex]:
        return iter(self.hexes)

    def __contains__(self, cell: object) -> bool:
        return cell in self.hexes

    def neighbors(self, cell: Hex) -> list[Hex]:
        return self._table.get(Hex(cell[0], cell[1]), [])

    @property
    def adjacency(self) -> dict[Hex, list[Hex]]:
        """The neighbour table (read-only by convention), for fast path searches."""
        return self._table

    def distance(self, a: Hex, b: Hex) -> int:
        return distance(a, b)

    def crossable(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether a figure can step from ``a`` to adjacent ``b`` (both on map, no thin wall)."""
        return (
            distance(a, b) == 1
            and a in self.hexes
            and b in self.hexes
            and ((a[0], a[1]), (b[0], b[1])) not in self._blocked_edges
        )
