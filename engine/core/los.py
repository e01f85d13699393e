"""Exact hex line of sight: corner-to-corner segments tested against walls, in integers.

The rule (GH-LOS-01): a hex sees another if a straight line can be drawn from *any corner*
of the first to *any corner* of the second without touching any part of a wall. Walls are
the hexes off the map and the thin walls along shared edges (GH-LOS-02); obstacles and
figures never block.

Reading of the unclear cases, as the monster-AI test situations show it:

- "touching" is closed: a line that grazes a wall's corner, runs along a wall edge, or
  starts at a corner lying on a wall (for example the tip of a thin wall, gloom case 55)
  is blocked;
- collinear segments that do not overlap do not touch (gloom case 142);
- adjacent hexes get the same corner test (a thin wall on their shared edge does not block
  a line through a third hex next to both, gloom case 85); a *melee* attack on an adjacent
  hex is a different question: it needs the shared edge free of a thin wall (gloom case 28),
  see :meth:`questforge.engine.core.hexgrid.HexBoard.crossable`.

Geometry is exact: in "axial x 3" coordinates every corner is an integer point
(:func:`questforge.engine.core.hexgrid.corners3`), and line intersection is affine-invariant,
so all tests are integer orientation tests without any epsilon.
"""

from __future__ import annotations

from questforge.engine.core.hexgrid import (
    CORNER_OFFSETS3,
    DIRECTIONS,
    corners3,
    edge3,
    edge_key,
)

# ``collections`` is not imported at run time (``questforge ai solve`` starts faster)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

Point = tuple[int, int]
Segment = tuple[int, int, int, int]

_BUCKET = 9  # bucket size in axial-x-3 units (three hexes)


def _orient(ax: int, ay: int, bx: int, by: int, cx: int, cy: int) -> int:
    v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return (v > 0) - (v < 0)


def _on_segment(ax: int, ay: int, bx: int, by: int, cx: int, cy: int) -> bool:
    """For collinear a, b, c: whether c lies on the closed segment ab."""
    return min(ax, bx) <= cx <= max(ax, bx) and min(ay, by) <= cy <= max(ay, by)


def segments_touch(s: Segment, t: Segment) -> bool:
    """Whether two closed segments share at least one point (exact, integer)."""
    px, py, qx, qy = s
    ax, ay, bx, by = t
    o1 = _orient(px, py, qx, qy, ax, ay)
    o2 = _orient(px, py, qx, qy, bx, by)
    o3 = _orient(ax, ay, bx, by, px, py)
    o4 = _orient(ax, ay, bx, by, qx, qy)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    if o1 == 0 and _on_segment(px, py, qx, qy, ax, ay):
        return True
    if o2 == 0 and _on_segment(px, py, qx, qy, bx, by):
        return True
    if o3 == 0 and _on_segment(ax, ay, bx, by, px, py):
        return True
    return o4 == 0 and _on_segment(ax, ay, bx, by, qx, qy)


class LineOfSight:
    """Line-of-sight oracle for one map; answers are cached per hex pair."""

    def __init__(
        self,
        hexes: Iterable[tuple[int, int]],
        thin_walls: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
        border: Sequence[Iterable[tuple[int, int]]] | None = None,
    ) -> None:
        """``border``, if the caller has it (a solver that numbered the map): for each of
        the six DIRECTIONS, the map hexes whose neighbour that way is off the map; the
        wall segments are then made from it rather than found again."""
        self.hexes = frozenset(hexes)
        self.thin = frozenset(edge_key(a, b) for a, b in thin_walls)
        self._border = border
        self._built = False
        self.segments: list[Segment] = []
        self.blocked_points: frozenset[Point] = frozenset()
        self._buckets: dict[tuple[int, int], list[int]] = {}
        self._free_corners: dict[tuple[int, int], list[Point]] = {}
        self._cache: dict[tuple[tuple[int, int], tuple[int, int]], bool] = {}
        self._area_cache: dict[tuple[int, int, int, int], list[Segment]] = {}

    def _build(self) -> None:
        """Collect wall segments lazily: melee-only questions never pay for it.

        Every map is built once per solve of a new map (``questforge ai solve`` meets a dozen
        maps in a folder), so this runs on numbers: a hex ``(q, r)`` is the integer
        ``q * width + (r - r_min + 1)``, its neighbour in a direction that integer plus a
        constant, and the hexes with no map hex in a direction are one set difference
        computed with integers (no tuple is made for a hex that is not on the border).
        """
        self._built = True
        segments: list[Segment] = []
        points: set[Point] = set()
        cells = self.hexes
        append = segments.append
        add_point = points.add
        border = self._border
        buckets: dict[tuple[int, int], list[int]] = {}
        filed = 0  # (the segments already in their buckets)
        if border is not None:
            # (the same segments in the same order as below, each put in its buckets as it
            # is made: an edge's two ends lie in one bucket as a rule)
            get = buckets.get
            i = 0
            for d, found in enumerate(border):
                aq, ar = CORNER_OFFSETS3[d - 1]
                bq, br = CORNER_OFFSETS3[d]
                if aq > bq:  # (ends in x order: fixed by the direction)
                    aq, ar, bq, br = bq, br, aq, ar
                for q, r in found:
                    cq, cr = 3 * q, 3 * r
                    x1, y1, x2, y2 = cq + aq, cr + ar, cq + bq, cr + br
                    append((x1, y1, x2, y2))
                    add_point((x1, y1))
                    add_point((x2, y2))
                    k1 = (x1 // _BUCKET, y1 // _BUCKET)
                    k2 = (x2 // _BUCKET, y2 // _BUCKET)
                    if k1 == k2:
                        bucket = get(k1)
                        if bucket is None:
                            buckets[k1] = [i]
                        else:
                            bucket.append(i)
                    else:
                        self._file(buckets, i, k1, k2)
                    i += 1
            filed = i
        elif cells:
            rs = [h[1] for h in cells]
            low = min(rs)
            width = max(rs) - low + 3  # a neighbour's r - low + 1 stays in 0 .. width - 1
            shift = 1 - low
            numbers = [q * width + r + shift for q, r in cells]
            numbered = set(numbers)
            for d, (dq, dr) in enumerate(DIRECTIONS):
                aq, ar = CORNER_OFFSETS3[d - 1]
                bq, br = CORNER_OFFSETS3[d]
                # the hexes whose neighbour in direction d is off the map
                step = -(dq * width + dr)
                for k in numbered.difference([k + step for k in numbers]):
                    q, r = divmod(k, width)
                    cq, cr = 3 * q, 3 * (r - shift)
                    x1, y1, x2, y2 = cq + aq, cr + ar, cq + bq, cr + br
                    append((x1, y1, x2, y2) if x1 <= x2 else (x2, y2, x1, y1))
                    add_point((x1, y1))
                    add_point((x2, y2))
        for key in self.thin:
            a, b = tuple(key)
            d = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
            (x1, y1), (x2, y2) = edge3(a, d)
            segments.append((x1, y1, x2, y2) if x1 <= x2 else (x2, y2, x1, y1))
            add_point((x1, y1))
            add_point((x2, y2))
        # (each segment's ends in x order: the sight test rejects by x with two comparisons)
        self.segments = segments
        self.blocked_points = frozenset(points)
        for i in range(filed, len(segments)):
            x1, y1, x2, y2 = segments[i]
            self._file(buckets, i, (x1 // _BUCKET, y1 // _BUCKET), (x2 // _BUCKET, y2 // _BUCKET))
        self._buckets = buckets

    @staticmethod
    def _file(
        buckets: dict[tuple[int, int], list[int]],
        i: int,
        k1: tuple[int, int],
        k2: tuple[int, int],
    ) -> None:
        """Put segment ``i`` in the buckets under it, given the buckets of its two ends.
        Edges are shorter than a bucket, so their end points' buckets cover them: one
        bucket for most edges, two or four for one that crosses a bucket border."""
        (kx1, ky1), (kx2, ky2) = k1, k2
        if kx1 == kx2:
            keys: tuple[tuple[int, int], ...] = (k1,) if ky1 == ky2 else (k1, k2)
        elif ky1 == ky2:
            keys = (k1, k2)
        else:
            keys = (k1, k2, (kx1, ky2), (kx2, ky1))
        for cell in keys:
            bucket = buckets.get(cell)
            if bucket is None:
                buckets[cell] = [i]
            else:
                bucket.append(i)

    def free_corners(self, h: tuple[int, int]) -> list[Point]:
        """Corners of ``h`` that touch no wall (only these can start a line of sight)."""
        if not self._built:
            self._build()
        got = self._free_corners.get(h)
        if got is None:
            got = [c for c in corners3(h) if c not in self.blocked_points]
            self._free_corners[h] = got
        return got

    def _candidates(self, a: tuple[int, int], b: tuple[int, int]) -> list[Segment]:
        """Wall segments in the buckets under the bounding box of both hexes."""
        ax, bx_ = 3 * a[0], 3 * b[0]
        ay, by_ = 3 * a[1], 3 * b[1]
        if ax > bx_:
            ax, bx_ = bx_, ax
        if ay > by_:
            ay, by_ = by_, ay
        x0 = (ax - 2) // _BUCKET
        x1 = (bx_ + 2) // _BUCKET
        y0 = (ay - 2) // _BUCKET
        y1 = (by_ + 2) // _BUCKET
        # Many queries share a bucket range (one enemy seen from many hexes): reuse lists.
        area = (x0, x1, y0, y1)
        got = self._area_cache.get(area)
        if got is not None:
            return got
        seen: set[int] = set()
        buckets = self._buckets
        for bx in range(x0, x1 + 1):
            for by in range(y0, y1 + 1):
                ids = buckets.get((bx, by))
                if ids:
                    seen.update(ids)
        segs = self.segments
        got = [segs[i] for i in seen]
        self._area_cache[area] = got
        return got

    def visible(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether hex ``a`` has line of sight to hex ``b`` (symmetric)."""
        key = (a, b) if a <= b else (b, a)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        # (the hexes as given: the test reads coordinates and looks hexes up, and a plain
        # tuple equals and hashes like the Hex of the same coordinates)
        result = self._compute(a, b)
        self._cache[key] = result
        return result

    def _compute(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        if a == b:
            return a in self.hexes
        if a not in self.hexes or b not in self.hexes:
            return False
        dq = b[0] - a[0]
        dr = b[1] - a[1]
        if abs(dq) + abs(dr) + abs(dq + dr) == 2 and edge_key(a, b) not in self.thin:
            # Adjacent hexes share an edge: a line along it joins a corner of each, so only a
            # thin wall there can block (the published game's reading; the strict corner test
            # would deny sight between neighbours in a one-hex corridor). With a thin wall on
            # the edge, a line through a third hex may still exist (gloom case 85): fall on.
            return True
        if not self._built:
            self._build()
        ca = self.free_corners(a)
        cb = self.free_corners(b)
        if not ca or not cb:
            return False
        walls = self._candidates(a, b)
        if not walls:
            return True
        # A blocked pair of hexes must fail every corner pair, mostly on the same few walls:
        # a wall that blocks a corner pair moves to the front (of this pair's own copy of
        # the list), so the next corner pairs meet it first. The order in which walls are
        # tried never changes an answer, only how soon a blocked line is known.
        order = walls
        for px, py in ca:
            for qx, qy in cb:
                dx = qx - px
                dy = qy - py
                lx0, lx1 = (px, qx) if px <= qx else (qx, px)
                ly0, ly1 = (py, qy) if py <= qy else (qy, py)
                for wall in order:
                    ax, ay, bx, by = wall
                    # Cheap bounding-box rejection before the exact test (a wall's ends are
                    # stored with ax <= bx).
                    if bx < lx0 or ax > lx1 or (ay < ly0 and by < ly0) or (ay > ly1 and by > ly1):
                        continue
                    # Orientation of the wall's ends relative to the sight line.
                    o1 = dx * (ay - py) - dy * (ax - px)
                    o2 = dx * (by - py) - dy * (bx - px)
                    if (o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0):
                        continue
                    # ... and of the sight line's ends relative to the wall.
                    ex = bx - ax
                    ey = by - ay
                    o3 = ex * (py - ay) - ey * (px - ax)
                    o4 = ex * (qy - ay) - ey * (qx - ax)
                    if (o3 > 0 and o4 > 0) or (o3 < 0 and o4 < 0):
                        continue
                    if (
                        (o1 and o2 and o3 and o4)
                        or (o1 == 0 and lx0 <= ax <= lx1 and ly0 <= ay <= ly1)
                        or (o2 == 0 and lx0 <= bx <= lx1 and ly0 <= by <= ly1)
                        or (o3 == 0 and ax <= px <= bx and (ay <= py <= by or by <= py <= ay))
                        or (o4 == 0 and ax <= qx <= bx and (ay <= qy <= by or by <= qy <= ay))
                    ):
                        # ``segments_touch`` written out: with no orientation zero, each
                        # segment's ends lie strictly on both sides of the other's line (a
                        # proper crossing); otherwise an end on the other segment (collinear
                        # and end-point cases). (the line's box is lx0..lx1, ly0..ly1; a
                        # wall's x's are in order)
                        if order[0] is not wall:
                            if order is walls:
                                order = walls.copy()  # (the list is shared: see _candidates)
                            order.remove(wall)
                            order.insert(0, wall)
                        break
                else:
                    return True
        return False
