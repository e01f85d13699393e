"""The Gloomhaven monster-AI solver: focus, movement and targets, with every valid option.

The rules are those of ``rules/gloomhaven.md`` (GH-FOCUS, GH-MMOVE, GH-MHAZ, GH-MATK, GH-LOS,
GH-MOVE, GH-AOE, GH-AMBIG, GH-REF-07), read the way the Gloomhaven Monster Mover test
situations show (see ``docs/monster-ai.md``). In outline:

1. **Travel.** Every hex the monster could end its move on, with the movement it costs
   under *unlimited* movement. Normal moves cannot enter obstacles or enemies, may pass
   allies, pay 2 for difficult terrain, and avoid traps/hazardous hexes: the cost is the
   pair (negative hexes crossed, movement points), compared lexicographically and packed
   into one integer (GH-MHAZ-01). Jumps ignore everything but the landing hex (GH-MOVE-05);
   flying ignores terrain and figures (GH-MOVE-06).
2. **Focus.** For each visible enemy, the cheapest hex from which the attack can reach it
   (GH-FOCUS-02). Ties: proximity, the hex count around walls (GH-REF-07), then initiative
   with summons just before their summoner and long rest as 99 (GH-FOCUS-03).
3. **Targets from a hex** (GH-MATK-02/03): the focus must be attacked; then no
   disadvantage against the focus; the most targets; then secondary targets ranked as
   focus candidates (GH-FOCUS-07).
4. **Destination.** Hexes are compared by: negative hexes crossed (only as many as
   attacking the focus at all requires, GH-MHAZ-01), no disadvantage against the focus
   (GH-MMOVE-06/07), most targets (GH-MMOVE-05), fewest targets at disadvantage, fewest
   movement points (GH-MMOVE-03), best secondary targets. If the focus can be attacked
   this turn, the best reachable hex wins. Otherwise the monster takes the best hexes under
   unlimited movement and, for each, ends where the fewest (negatives, movement) remain to
   it, using the least movement now (GH-MMOVE-08); it attacks no one.
5. Every tie that survives is an option for the players (GH-AMBIG-01).
"""

from __future__ import annotations

from _operator import itemgetter
from itertools import combinations, islice

from questforge.engine.core.hexgrid import DIRECTIONS, Hex, HexBoard, HexKey, distance
from questforge.engine.core.los import LineOfSight
from questforge.engine.gloomhaven.ai.situation import Situation, SituationFigure
from questforge.engine.gloomhaven.ai.solution import (
    Explanation,
    FocusCandidate,
    Option,
    Solution,
)

# the C heap functions themselves (``heapq`` is a Python module around them: one import less)
try:
    from _heapq import heappop, heappush
except ImportError:  # pragma: no cover - an interpreter without the accelerator
    from heapq import heappop, heappush

# ``collections`` is not imported at run time (``questforge ai solve`` starts faster)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

#: Weight of one negative hex (trap / hazardous) in a packed (negatives, moves) cost.
NEG = 1 << 20
INF = 1 << 60
NEGATIVE = frozenset({"trap", "hazardous"})

#: How an enemy ranks as a focus: (packed movement cost, proximity, initiative key).
Rank = tuple[int, int, tuple[int, int]]
#: How an enemy ranks as a secondary target (GH-REF-09): (proximity, initiative key).
Second = tuple[int, tuple[int, int]]
Ranks = tuple[Second, ...]
#: (disadvantage on focus, -number of targets): smaller = better. Disadvantage against
#: secondary targets is not weighed (GH-REF-09).
Primary = tuple[int, int]
#: One way to attack from a hex: primary measure, ranks of the secondary targets, targets.
#: One way to attack from a hex: primary measure, ranks of the secondary targets, targets at
#: disadvantage (the last tie-break only, see ``best_attack``), the targets.
Choice = tuple[Primary, Ranks, int, frozenset[HexKey]]
#: Full comparison key of a destination: (negatives, primary, moves, secondary ranks).
DestKey = tuple[int, Primary, int, Ranks, int]


class GeometryCache:
    """Reuses board geometry (:class:`MapGeometry`: neighbours, line of sight, hex numbering,
    distance neighbourhoods) across solves on the same map.

    Geometry depends only on the hexes and thin walls, not on figures or terrain, so a
    scenario engine that asks the solver many times per round can keep one cache per game
    (the Gloomhaven engine keeps one per scenario board, shared by its games):
    ``solve(situation, geometry=cache)``. Answers are never cached, and without a cache
    every solve builds its geometry from scratch. ``size`` maps are kept (least recently
    used first out), since revealing rooms changes the map a few times per scenario.
    """

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._maps: dict[tuple[frozenset[HexKey], frozenset[frozenset[Hex]]], MapGeometry] = {}
        # The scenario engine passes the very same hex set while the revealed map is
        # unchanged (a Situation copies its thin walls into a new, equal tuple): an
        # identity check plus a tuple comparison then skip building and hashing the key.
        self._last: tuple[frozenset[HexKey], tuple[tuple[Hex, Hex], ...], MapGeometry] | None = None

    def get(self, sit: Situation) -> tuple[HexBoard, LineOfSight]:
        """The (board, line of sight) of the situation's map, built once per map."""
        return self.map(sit).pair

    def map(self, sit: Situation) -> MapGeometry:
        """All static geometry of the situation's map, built once per map."""
        return self.for_map(sit.hexes, sit.thin_walls)

    def for_map(
        self, hexes: frozenset[HexKey], thin_walls: tuple[tuple[Hex, Hex], ...]
    ) -> MapGeometry:
        """The geometry of a map given as hexes and thin walls (as in a :class:`Situation`):
        e.g. for the engine's own range questions (GH-REF-08) on the monsters' view."""
        last = self._last
        if last is not None and last[0] is hexes and last[1] == thin_walls:
            return last[2]
        key = (hexes, frozenset(frozenset(w) for w in thin_walls))
        got = self._maps.pop(key, None)
        if got is None:
            got = MapGeometry(hexes, thin_walls)
            while len(self._maps) >= self.size:
                self._maps.pop(next(iter(self._maps)))
        self._maps[key] = got
        self._last = (hexes, thin_walls, got)
        return got


class MapGeometry:
    """The static geometry of one map: neighbours, thin walls, line of sight (lazy), the
    plain entry-cost table and the hexes within a distance of a hex (built on demand).

    Everything here depends on the map alone, so sharing it between solves cannot change
    an answer; what depends on figures or terrain is derived per solve.
    """

    __slots__ = (
        "_balls",
        "_board",
        "_cells",
        "_clear",
        "_columns",
        "_free",
        "_index",
        "_los",
        "_nbrs",
        "_near",
        "_own",
        "_pair",
        "_proximity",
        "_unit_costs",
        "_width",
        "_within",
        "hexes",
        "shift",
        "thin_walls",
    )

    def __init__(self, hexes: frozenset[HexKey], thin_walls: tuple[tuple[Hex, Hex], ...]) -> None:
        self.hexes = hexes
        self.thin_walls = thin_walls
        self._board: HexBoard | None = None
        #: every map hex -> 1: the entry costs before terrain and figures (copied per solve)
        # (the map's own hex objects, typed as Hex: a loaded situation's are plain (q, r)
        # tuples, which equal and hash alike; the solver reads only their coordinates and
        # makes a Hex of every hex it answers with)
        order: list[Hex] = list(hexes)  # type: ignore[arg-type]
        self._unit_costs: dict[Hex, int] | None = None
        self._near: dict[tuple[Hex, int], frozenset[Hex]] = {}
        self._balls: dict[int, tuple[int, Callable[[int], Hex | None], list[int]]] = {}
        self._within: dict[tuple[Hex, int], frozenset[Hex]] = {}
        self._proximity: dict[Hex, dict[Hex, int]] = {}
        self._clear: dict[Hex, int] | None = None
        # Built on first use (a melee-only solve never needs line of sight).
        self._los: LineOfSight | None = None
        self._pair: tuple[HexBoard, LineOfSight] | None = None
        self._number(order)
        #: the bits of a hex number (a search keyed ``cost << shift | hex number`` sorts by
        #: cost, then number: the order in which :func:`_least_costs` settles hexes)
        self.shift: int = max(1, len(hexes).bit_length())

    @property
    def unit_costs(self) -> dict[Hex, int]:
        """Every map hex -> 1: the entry costs before terrain and figures, in numbering
        order (built on first use: the solver's own searches read costs by hex number)."""
        got = self._unit_costs
        if got is None:
            got = self._unit_costs = dict.fromkeys(self._cells[1:], 1)  # type: ignore[arg-type]
        return got

    @property
    def los(self) -> LineOfSight:
        """The map's line-of-sight oracle (built on first use)."""
        got = self._los
        if got is None:
            got = self._los = LineOfSight(self.hexes, self.thin_walls, self.border)
        return got

    @property
    def pair(self) -> tuple[HexBoard, LineOfSight]:
        got = self._pair
        if got is None:
            got = self._pair = (self.board, self.los)
        return got

    @property
    def adj(self) -> dict[Hex, list[Hex]]:
        """The board's neighbour table (built on first use: the solver's own searches run
        on hex numbers, see :meth:`steps_from`)."""
        return self.board.adjacency

    def adjacent(self, h: Hex, e: HexKey) -> bool:
        """Whether a figure can step from map hex ``h`` to ``e`` (on the map, no thin wall
        between): exactly the pairs ``HexBoard.crossable`` accepts, by hex numbers."""
        index = self.index
        i = index.get(h)
        return i is not None and index.get(e, -1) in self._nbrs[i]  # type: ignore[call-overload]

    @property
    def board(self) -> HexBoard:
        """The map as a :class:`HexBoard` (built on first use: the solver's own searches
        run on the numbering of :meth:`_number`, so ``ai solve`` never needs it)."""
        got = self._board
        if got is None:
            got = self._board = HexBoard(self.hexes, self.thin_walls)
        return got

    def _number(self, order: list[Hex]) -> None:
        """Number the map's hexes 1 .. n (in the map set's own order, the map's own hex
        objects) for the solver's searches: ``cells`` (hex by number, ``None`` at 0),
        ``index`` (number by hex) and ``nbrs`` (by number, the six neighbour numbers in
        DIRECTIONS order, 0 where there is no map hex or a thin wall blocks the step;
        ``()`` at 0). Number 0 is never entered by a search (its distance is preset), so
        the rows need no filtering; ``free`` is the distance table a search starts from.

        Built in C from integer keys: a hex ``(q, r)`` is ``q * width + r``, so its
        neighbour in a direction is its key plus a constant. The numbers sit in a dense
        list by key (``grid``), so one direction's neighbours of every hex are a single
        ``itemgetter`` call on the list shifted by that constant. ``width`` exceeds the
        map's r span by :data:`_NEAR_SLACK` + 1, so the same keys also find the hexes near
        a map hex (:meth:`near`, up to that distance) without a table per distance: no two
        hexes whose r's differ by less than ``width`` share a key. The hexes with no map
        hex in each direction are kept for the line of sight's walls (:attr:`border`).
        """
        n = len(order)
        width = _NEAR_SLACK + 2
        columns: list[tuple[int, ...]] = [()] * 6
        keys: list[int] = []
        if n:
            _qs, rs = zip(*order, strict=True)
            width += max(rs) - min(rs)
            keys = [q * width + r for q, r in order]
            # positions in the grid: a neighbour's key is at most width + 1 away
            base = min(keys) - width - 1
            size = max(keys) - base + width + 2
            if size <= 16 * n + 4096:
                grid = [0] * size
                pos = [k - base for k in keys]
                for p, number in zip(pos, range(1, n + 1), strict=True):
                    grid[p] = number
                gather = itemgetter(*pos) if n > 1 else lambda g: (g[pos[0]],)
                for d, (dq, dr) in enumerate(DIRECTIONS):
                    o = dq * width + dr  # (|o| <= width + 1 <= every position)
                    columns[d] = gather(grid[o:] if o >= 0 else [0] * -o + grid)
            else:
                # a sparse map (a few hexes far apart): the numbers by key in a dictionary,
                # not a list as long as the map's extent
                at = dict(zip(keys, range(1, n + 1), strict=True)).get
                for d, (dq, dr) in enumerate(DIRECTIONS):
                    o = dq * width + dr
                    columns[d] = tuple([at(k + o, 0) for k in keys])
        rows: list[tuple[int, ...]] = [(), *zip(*columns, strict=False)]  # (n entries each)
        self._columns = columns
        numbers = range(1, n + 1)
        index: dict[Hex, int] = dict(zip(order, numbers, strict=True))
        for a, b in self.thin_walls:
            if distance(a, b) != 1:
                raise ValueError(f"a thin wall must separate two adjacent hexes: {a}, {b}")
            i, j = index.get(a), index.get(b)
            if i is not None and j is not None:
                rows[i] = tuple(0 if k == j else k for k in rows[i])
                rows[j] = tuple(0 if k == i else k for k in rows[j])
        self._cells: list[Hex | None] = [None, *order]
        self._index = index
        self._nbrs = rows
        self._free = [False] * (n + 1)
        self._free[0] = True
        self._width = width
        self._own: Callable[[int], Hex | None] = dict(zip(keys, order, strict=True)).get

    @property
    def border(self) -> list[list[Hex]]:
        """For each of the six DIRECTIONS, the map hexes with no map hex that way (thin
        walls aside): the line of sight's walls. Read off the neighbour columns of
        :meth:`_number` (the few 0 entries found by ``index``, a scan in C)."""
        got: list[list[Hex]] = []
        cells = self._cells
        for column in self._columns:
            found: list[Hex] = []
            i = -1
            try:
                while True:
                    i = column.index(0, i + 1)
                    found.append(cells[i + 1])  # type: ignore[arg-type]
            except ValueError:
                got.append(found)
        return got

    @property
    def cells(self) -> list[Hex | None]:
        """The map's hexes by number (see :meth:`_number`; ``None`` at 0)."""
        return self._cells

    @property
    def index(self) -> dict[Hex, int]:
        return self._index

    @property
    def nbrs(self) -> list[tuple[int, ...]]:
        return self._nbrs

    def steps_from(
        self,
        sources: Iterable[Hex],
        blocked: list[bool] | None = None,
        targets: Iterable[Hex] | None = None,
        depth: int = -1,
        nearest: bool = False,
    ) -> dict[Hex, int]:
        """Step counts from ``sources`` to the map hexes (breadth first), never entering a
        hex whose entry in ``blocked`` (by hex number) is true (a source is counted, not
        entered); with ``targets``, stop after the step on which the last of them is
        reached (those distances are final, others may be missing), or with ``nearest``
        the first of them (every hex as near as the nearest target is then in the table,
        no farther target is); ``depth`` >= 0: stop after that many steps. The same
        distances, in nondecreasing order, as :func:`questforge.engine.core.pathfind.bfs`.

        On hex numbers, so a step looks a list up rather than hashing a hex: the solver
        runs several of these over a whole board per situation.
        """
        index = self.index
        nbrs = self._nbrs
        cells = self._cells
        assert cells is not None
        # (by hex number: whether the search has been there or may not enter; a plain
        # truth test per neighbour is the cheapest step of the inner loop)
        seen = (self._free if blocked is None else blocked).copy()
        seen[0] = True  # (0 in a row: no map hex that way)
        out: dict[Hex, int] = {}
        frontier: list[int] = []
        for h in sources:
            i = index.get(h)
            if i is None:
                out[h] = 0  # a source off the map: counted, with no way out (as ``bfs``)
            elif h not in out:  # (a source is counted even where it may not be entered)
                seen[i] = True
                out[h] = 0
                frontier.append(i)
        pending = None
        if targets is not None:
            # (a target off the map is number 0, which no search reaches)
            pending = {index.get(t, 0) for t in targets}
        d = 0
        while frontier and d != depth:
            if pending is not None and not pending.isdisjoint(frontier):
                if nearest:
                    break
                pending.difference_update(frontier)
                if not pending:
                    break
            d += 1
            frontier = _layer(frontier, d, nbrs, seen, cells, out)
        return out

    def within(self, h: Hex, d: int) -> frozenset[Hex]:
        """The map hexes within range ``d`` of ``h``, range counted along paths that do not
        cross walls or thin walls (GH-REF-08; figures and terrain do not lengthen it)."""
        key = (h, d)
        got = self._within.get(key)
        if got is None and len(self._nbrs) > _CLEARANCE_FROM and self.clearance(h) >= d:
            # no wall or thin wall within d - 1 of h: every hex within d is on the map and
            # reached by a straight path, so the path count is the plain hex count
            got = self._within[key] = self.near(h, d)
        if got is None:
            got = self._within[key] = frozenset(self.steps_from([h], depth=d))
        return got

    def clearance(self, h: Hex) -> int:
        """How far ``h`` is from the nearest *ragged* hex (one with a wall or thin wall
        beside it, i.e. fewer than six neighbours to step to), counted along the map.

        If it is at least ``d``, nothing within ``d`` of ``h`` is off the map or behind a
        thin wall: a wall at plain distance k <= d would leave a ragged hex on the straight
        way to it, closer than k. Range and area searches then use plain hex distance
        there, so an open board costs what the hexes in range cost, not a search each.
        """
        clear = self._clear
        if clear is None:
            cells, nbrs = self.cells, self._nbrs
            ragged = [cells[i] for i in range(1, len(nbrs)) if 0 in nbrs[i]]
            clear = self._clear = self.steps_from(ragged)  # type: ignore[arg-type]
        return clear.get(h, 1 << 30)

    def proximity(self, h: Hex) -> dict[Hex, int]:
        """Hex count from ``h`` to every map hex along paths that do not cross walls or thin
        walls (GH-REF-07's proximity), cached per start hex."""
        got = self._proximity.get(h)
        if got is None:
            got = self._proximity[h] = self.steps_from([h])
        return got

    def proximity_to(self, h: Hex, targets: list[Hex]) -> dict[Hex, int]:
        """:meth:`proximity` from ``h``, final for the ``targets`` (other hexes may be
        missing): the cached whole table if there is one, else a search that stops once
        every target is reached (not cached: a solve asks about a handful of enemies, and
        most of a board lies beyond them)."""
        got = self._proximity.get(h)
        if got is None:
            got = self.steps_from([h], targets=targets)
        return got

    def near(self, h: Hex, d: int) -> frozenset[Hex]:
        """The map hexes within ``d`` hexes of ``h`` (plain hex count, walls ignored)."""
        key = (h, d)
        got = self._near.get(key)
        if got is None:
            width, own, offsets = self._ball(d)
            # the map's own hex objects at the keys of the ball around h (no hex made)
            k = h[0] * width + h[1]
            got = self._near[key] = frozenset([x for o in offsets if (x := own(k + o))])
        return got

    def _ball(self, d: int) -> tuple[int, Callable[[int], Hex | None], list[int]]:
        """Keys for :meth:`near` within distance ``d``: ``(width, key -> map hex, the
        offsets of the hexes within d)``. A hex ``(q, r)`` is ``q * width + r``; with
        ``width`` above the board's r span plus ``d``, no hex within ``d`` of a map hex
        shares a key with another (the r's of the two differ by less than ``width``): the
        numbering's keys (:meth:`_number`) up to :data:`_NEAR_SLACK`, else keys of their own."""
        got = self._balls.get(d)
        if got is None:
            if d <= _NEAR_SLACK:
                width, own = self._width, self._own
            else:
                cells = self._cells[1:]
                qs, rs = zip(*cells, strict=True) if cells else ((), ())
                width = (max(rs) - min(rs) if rs else 0) + d + 2
                keys = map(int.__add__, map(width.__mul__, qs), rs)
                table: dict[int, Hex | None] = dict(zip(keys, cells, strict=True))
                own = table.get
            offsets = [
                dq * width + dr
                for dq in range(-d, d + 1)
                for dr in range(max(-d, -dq - d), min(d, d - dq) + 1)
            ]
            got = self._balls[d] = (width, own, offsets)
        return got


def _layer(
    frontier: list[int],
    d: int,
    nbrs: list[tuple[int, ...]],
    seen: list[bool],
    cells: list[Hex | None],
    out: dict[Hex, int],
) -> list[int]:
    """One step of a breadth-first search on hex numbers: the hexes first reached from
    ``frontier`` (marked in ``seen``, entered in ``out`` at distance ``d``), in the order
    the steps find them (:meth:`MapGeometry.steps_from`, :class:`_Steps`)."""
    nxt: list[int] = []
    append = nxt.append
    for i in frontier:
        # The six neighbours written out, in DIRECTIONS order (every row but the unused
        # row 0 has six entries): the same steps in the same order as a ``for`` over the
        # row, without the loop's own work per neighbour, which was about a third of a
        # whole-board search.
        m0, m1, m2, m3, m4, m5 = nbrs[i]
        if not seen[m0]:
            seen[m0] = True
            append(m0)
            out[cells[m0]] = d  # type: ignore[index]
        if not seen[m1]:
            seen[m1] = True
            append(m1)
            out[cells[m1]] = d  # type: ignore[index]
        if not seen[m2]:
            seen[m2] = True
            append(m2)
            out[cells[m2]] = d  # type: ignore[index]
        if not seen[m3]:
            seen[m3] = True
            append(m3)
            out[cells[m3]] = d  # type: ignore[index]
        if not seen[m4]:
            seen[m4] = True
            append(m4)
            out[cells[m4]] = d  # type: ignore[index]
        if not seen[m5]:
            seen[m5] = True
            append(m5)
            out[cells[m5]] = d  # type: ignore[index]
    return nxt


#: the map size (hexes) from which :meth:`MapGeometry.within` asks :meth:`clearance` first.
#: Below it the depth-limited search costs less than the whole-map search that builds the
#: clearance table would save: the 51 dev situations (rooms of about a hundred hexes) asked
#: 65 questions on 7 maps and the table answered 7 of them (2.0 M instructions more for the
#: command); on open boards of 12 x 12 and 20 x 20 the table cost 3 % more too, and on
#: 60 x 60 it is even. Either way the answers are the same.
_CLEARANCE_FROM = 1000

#: how far :meth:`MapGeometry.near` finds hexes with the numbering's own keys
_NEAR_SLACK = 24

#: "not computed yet" in a cache whose values may be ``None``
_UNSET: object = object()
#: the empty set of hexes
_NONE: frozenset[HexKey] = frozenset()


class _Solver:
    """One solve; all caches live here so nothing leaks between situations."""

    # (attributes in slots: a solve sets and reads them many times)
    __slots__ = (
        "_best",
        "_blocked",
        "_closed",
        "_cost_list",
        "_cost_table",
        "_cover",
        "_covers_at",
        "_no_end",
        "_placements",
        "_ranges",
        "_single",
        "_special",
        "_travel",
        "_visible",
        "_zone",
        "aoe",
        "aoe_offsets",
        "blocked",
        "cares_disadvantage",
        "enemies",
        "enemy_at",
        "enemy_block",
        "explain",
        "explaining",
        "geo",
        "has_attack",
        "listing",
        "me",
        "occupied",
        "range",
        "ranged",
        "reach",
        "reach_bound",
        "rotations",
        "sit",
        "targets",
        "terrain",
        "uniform",
    )

    def __init__(
        self,
        sit: Situation,
        geometry: GeometryCache | None = None,
        explain: bool = True,
        candidates: bool = True,
    ) -> None:
        self.sit = sit
        #: whether to write the explanation (the answer never depends on it)
        self.explaining = explain
        #: whether the explanation lists every focus candidate with its movement and
        #: proximity (a ruling shows the table; the engine reads only the rules and reason)
        self.listing = explain and candidates
        a = sit.active
        self.me = a.hex
        geo = geometry.map(sit) if geometry is not None else MapGeometry(sit.hexes, sit.thin_walls)
        self.geo = geo
        self.terrain = sit.terrain
        self.explain = Explanation()

        self.has_attack = a.targets > 0
        # GH-MMOVE-02: a move without an attack moves as if for a single melee attack.
        self.targets = a.targets if self.has_attack else 1
        self.range = a.range if self.has_attack else 0
        self.aoe = a.aoe if self.has_attack else None
        self.reach = max(self.range, 1)
        self.ranged = self.range > 0
        self.cares_disadvantage = self.ranged and not a.muddled

        self.enemies: list[SituationFigure] = [
            f for f in sit.figures if f.side == "character" and not f.invisible
        ]
        self.enemy_at: dict[Hex, SituationFigure] = {f.hex: f for f in self.enemies}
        self.occupied = frozenset(f.hex for f in sit.figures)
        # Enemies block movement; invisible figures count as obstacles (GH-MMOVE-11).
        self.enemy_block = frozenset(f.hex for f in sit.figures if f.side == "character")

        # GH-AOE-01 / GH-REF-10: rotations and mirror images alike
        self.rotations = self.aoe.orientations() if self.aoe else []
        if self.aoe is not None and self.aoe.melee:
            self.aoe_offsets = frozenset(c for rot in self.rotations for c in rot)
        else:
            self.aoe_offsets = frozenset()
        # Entry costs of normal movement (``enter_cost`` per hex): 1 but for the map hexes
        # listed here, read by the searches by hex number (``cost_list``); the same table by
        # hex (``cost_table``) is made only if asked for.
        hexes = geo.hexes
        special: list[tuple[Hex, int]] = []  # (map hex, cost other than 1)
        obstacles: list[Hex] = []
        for h, t in self.terrain.items():
            if h not in hexes:
                continue
            if t == "obstacle":
                obstacles.append(h)
            elif t == "difficult":
                special.append((h, 2))
            elif t in NEGATIVE:
                special.append((h, 1 + NEG))
        enemy_block = self.enemy_block
        #: the map hexes normal movement cannot enter (enemies, obstacles): the hexes not in
        #: ``cost_table``
        self.blocked: list[Hex] = [
            h for h in enemy_block if h in hexes and (not obstacles or h not in obstacles)
        ]
        self.blocked.extend(obstacles)
        self._special = special
        # (a difficult or negative hex with an enemy on it is not entered at all)
        self.uniform = all(h in enemy_block for h, _ in special)
        self._cost_table: dict[Hex, int] | None = None
        self._cost_list: list[int | None] | None = None
        self._closed: list[bool] | None = None
        self._blocked: list[bool] | None = None
        self._placements: list[tuple[frozenset[HexKey], tuple[HexKey, ...]]] | None = None
        self._single: dict[Hex, list[Hex]] = {}
        #: for each enemy asked about, the map hexes within range of it (``geo.within``)
        self._ranges: dict[Hex, frozenset[Hex]] = {}
        self._cover: dict[Hex, frozenset[HexKey]] = {}
        self._zone: dict[Hex, frozenset[Hex]] = {}
        #: for each hex, the sets of enemies covered by the ranged-area placements on it
        self._covers_at: dict[HexKey, set[tuple[HexKey, ...]]] = {}
        self.reach_bound = self.max_reach()
        self._best: dict[tuple[Hex, Hex], list[Choice] | None] = {}
        self._visible: Callable[[HexKey, HexKey], bool] | None = None
        self._no_end: set[Hex] = set()
        #: the lazily searched travel table (see :class:`_Lazy`), when one is used
        self._travel: _Lazy | None = None

    @property
    def adj(self) -> dict[Hex, list[Hex]]:
        """The board's neighbour table (built on first use)."""
        return self.geo.adj

    # ------------------------------------------------------------ movement

    def enter_cost(self, h: Hex) -> int | None:
        """Cost of a normal step into ``h`` (GH-MOVE-02/08, GH-MHAZ-01); None = blocked."""
        t = self.terrain.get(h)
        if t == "obstacle" or h in self.enemy_block:
            return None
        cost = 2 if t == "difficult" else 1
        if t in NEGATIVE:
            cost += NEG
        return cost

    def landing_extra(self, h: Hex) -> int:
        """What the last hex of a jump still costs (GH-MOVE-05): difficult, negative."""
        t = self.terrain.get(h)
        if t == "difficult":
            return 1
        if t in NEGATIVE:
            return NEG
        return 0

    def endable(self, h: Hex) -> bool:
        """Whether the move may end on ``h`` (GH-MOVE-04/05/06, GH-OBST-02)."""
        if h == self.me:
            return True
        if h in self.occupied:
            return False
        return self.sit.active.flying or self.terrain.get(h) != "obstacle"

    def travel(self) -> dict[Hex, int]:
        """Packed (negatives, moves) cost from the monster to every reachable hex."""
        a = self.sit.active
        if a.flying:
            # ignoring terrain and figures: the map's proximity (shared: read only)
            return self.geo.proximity(self.me)
        if a.jumping:
            steps = self.geo.proximity(self.me)
            return {h: d + (self.landing_extra(h) if h != self.me else 0) for h, d in steps.items()}
        if self.uniform:
            return self.geo.steps_from([self.me], self.blocked_list())
        return _least_costs(self.geo, self.me, self.cost_list(), closed=self._closed)

    def remaining(self, dest: Hex, wanted: list[Hex]) -> dict[Hex, int]:
        """Packed cost of moving from the ``wanted`` hexes to ``dest`` (the next turns' path).

        The search stops once every wanted hex is settled; where the cost is a plain step
        count (flying, or a normal move where every hex it can enter costs 1), once the
        nearest are: the caller (:meth:`_move_for`) takes the wanted hexes with the least
        remaining cost, and the others are then left out.
        """
        a = self.sit.active
        if a.jumping:
            extra = self.landing_extra(dest)
            steps = self.geo.steps_from([dest], targets=wanted)
            return {h: d + extra for h, d in steps.items()}
        if a.flying:
            return self.geo.steps_from([dest], targets=wanted, nearest=True)
        if self.uniform:
            return self.geo.steps_from([dest], self.blocked_list(), wanted, nearest=True)
        return _least_costs(
            self.geo, dest, self.cost_list(), reverse=True, targets=wanted, closed=self._closed
        )

    def blocked_list(self) -> list[bool]:
        """By hex number: True for the hexes normal movement cannot enter (obstacles,
        enemies: not in ``cost_table``), for :meth:`MapGeometry.steps_from`."""
        got = self._blocked
        if got is None:
            index = self.geo.index
            got = self.geo._free.copy()
            for h in self.blocked:
                got[index[h]] = True
            self._blocked = got
        return got

    @property
    def cost_table(self) -> dict[Hex, int]:
        """Entry costs of normal movement by map hex (GH-MOVE-02/08, GH-MHAZ-01): the hexes
        normal movement can enter, each with ``enter_cost``; built on first use."""
        got = self._cost_table
        if got is None:
            got = self.geo.unit_costs.copy()
            for h in self.blocked:
                got.pop(h, None)
            for h, c in self._special:
                if h in got:
                    got[h] = c
            self._cost_table = got
        return got

    def cost_list(self) -> list[int | None]:
        """``cost_table`` by hex number (see :class:`MapGeometry`), for :func:`_least_costs`
        (``None`` at 0 and for the hexes not entered)."""
        got = self._cost_list
        if got is None:
            index = self.geo.index
            got = [None, *[1] * (len(index))]
            for h, c in self._special:
                got[index[h]] = c
            # ``[c is None for c in got]``, made from the map's all-open table (True at
            # number 0 only) and the few blocked hexes instead of a test per map hex
            closed = self.geo._free.copy()
            for h in self.blocked:
                i = index[h]
                got[i] = None
                closed[i] = True
            self._cost_list = got
            self._closed = closed
        return got

    # ------------------------------------------------------------ attacks

    @property
    def los(self) -> LineOfSight:
        return self.geo.los

    def visible(self, a: HexKey, b: HexKey) -> bool:
        # (the map's oracle looked up once per solve: this is asked hundreds of times)
        got = self._visible
        if got is None:
            got = self._visible = self.geo.los.visible
        return got(a, b)

    def in_range(self, h: Hex, e: Hex) -> bool:
        """Whether ``e`` is within range of ``h``, counted around walls (GH-REF-08).

        The path measure is at least the plain hex distance, so that cheap test comes
        first; the exact one looks ``h`` up in the ball around the *enemy* (few enemies,
        many hexes asked about), cached per map.
        """
        reach = self.reach
        dq = h[0] - e[0]
        dr = h[1] - e[1]
        # (``distance(h, e) <= reach``, inline)
        if abs(dq) + abs(dr) + abs(dq + dr) > 2 * reach:
            return False
        zone = self._ranges.get(e)
        if zone is None:
            zone = self._ranges[e] = self.geo.within(e, reach)
        return h in zone

    def singles(self, h: Hex) -> list[Hex]:
        """Enemies a single-target attack from ``h`` can target (GH-ATK-02/03, GH-LOS-01).

        Melee: an adjacent enemy not behind a thin wall. Ranged: within range and in line
        of sight (corner to corner).
        """
        got = self._single.get(h)
        if got is None:
            if self.ranged:
                # (``in_range`` and ``visible`` written out: asked for every enemy and hex)
                reach = self.reach
                twice = 2 * reach
                ranges = self._ranges
                visible = self.geo.los.visible
                hq, hr = h[0], h[1]
                got = []
                for e in self.enemy_at:
                    dq = hq - e[0]
                    dr = hr - e[1]
                    if abs(dq) + abs(dr) + abs(dq + dr) > twice:
                        continue
                    zone = ranges.get(e)
                    if zone is None:
                        zone = ranges[e] = self.geo.within(e, reach)
                    if h in zone and visible(h, e):
                        got.append(e)
            else:
                adjacent = self.geo.adjacent
                got = [e for e in self.enemy_at if adjacent(h, e)]
            self._single[h] = got
        return got

    def single_ok(self, h: Hex, e: Hex) -> bool:
        """Whether a single-target attack from ``h`` can target ``e``."""
        if self.ranged:
            return self.in_range(h, e) and self.visible(h, e)
        # adjacent, on the map, no thin wall between: ``HexBoard.crossable``
        return self.geo.adjacent(h, e)

    def placements(self) -> list[tuple[frozenset[HexKey], tuple[HexKey, ...]]]:
        """Ranged AoE placements that cover at least one enemy: (cells, enemies covered)."""
        if self._placements is None:
            seen: set[frozenset[HexKey]] = set()
            out: list[tuple[frozenset[HexKey], tuple[HexKey, ...]]] = []
            for rot in self.rotations:
                for e in self.enemy_at:
                    for c in rot:
                        aq, ar = e[0] - c[0], e[1] - c[1]
                        cells = frozenset((aq + p[0], ar + p[1]) for p in rot)
                        if cells in seen:
                            continue
                        seen.add(cells)
                        covered = tuple(x for x in cells if x in self.enemy_at)
                        out.append((cells, covered))
            self._placements = out
            covers_at: dict[HexKey, set[tuple[HexKey, ...]]] = {}
            for on, enemies in out:
                for cell in on:
                    got = covers_at.get(cell)
                    if got is None:
                        covers_at[cell] = {enemies}
                    else:
                        got.add(enemies)
            self._covers_at = covers_at
        return self._placements

    def aoe_groups(self, h: Hex) -> list[frozenset[HexKey]]:
        """Sets of enemies one AoE use from ``h`` hits (GH-AOE-01/04/05, GH-AOE-07)."""
        aoe = self.aoe
        if aoe is None:
            return []
        groups: set[frozenset[HexKey]] = set()
        if aoe.melee:
            for rot in self.rotations:
                hit: frozenset[HexKey] = frozenset(
                    e
                    for c in rot
                    if (e := (h[0] + c[0], h[1] + c[1])) in self.enemy_at and self.visible(h, e)
                )
                if hit:
                    groups.add(hit)
        else:
            # GH-AOE-04 / GH-REF-08: the placements with a hex within range of ``h``, found
            # through the hexes in range rather than by testing every placement
            # (each cell's placements as the distinct sets of enemies they cover: the
            # placements themselves are many more)
            self.placements()
            covers_at = self._covers_at
            covers: set[tuple[HexKey, ...]] = set()
            for c in self.geo.within(h, self.reach):
                got = covers_at.get(c)
                if got:
                    covers.update(got)
            visible = self.geo.los.visible
            for covered in covers:
                hit = frozenset([e for e in covered if visible(h, e)])
                if hit:
                    groups.add(hit)
        return list(groups)

    def can_hit(self, h: Hex, e: Hex) -> bool:
        """Whether the attack from ``h`` can include enemy ``e`` at all."""
        aoe = self.aoe
        if aoe is None or self.targets > 1:
            if self.single_ok(h, e):
                return True
            if aoe is None:
                return False
        assert aoe is not None
        if aoe.melee:
            return (e[0] - h[0], e[1] - h[1]) in self.aoe_offsets and self.visible(h, e)
        if distance(h, e) > self.reach_bound:
            return False
        # Some placement covering e has a hex in range (GH-AOE-04, GH-REF-08), and e is
        # in sight.
        return h in self.aoe_zone(e) and self.visible(h, e)

    def aoe_zone(self, e: Hex) -> frozenset[Hex]:
        """The hexes from which some ranged-area placement covering ``e`` has a hex within
        range (counted around walls): one multi-source search per enemy."""
        got = self._zone.get(e)
        if got is None:
            hexes = self.geo.hexes
            cells: list[Hex] = [c for c in self.cover_cells(e) if c in hexes]  # type: ignore[misc]
            got = self._zone[e] = frozenset(self.geo.steps_from(cells, depth=self.reach))
        return got

    def cover_cells(self, e: Hex) -> frozenset[HexKey]:
        """Every hex of every ranged-area placement that covers enemy ``e``."""
        got = self._cover.get(e)
        if got is None:
            got = frozenset(
                c for cells, covered in self.placements() if e in covered for c in cells
            )
            self._cover[e] = got
        return got

    def max_reach(self) -> int:
        """An upper bound on the hex distance of any target (prunes the focus search)."""
        r = self.reach
        aoe = self.aoe
        if aoe is None:
            return r
        if aoe.melee:
            return max(r, max(distance((0, 0), c) for c in aoe.hexes))
        span = max(distance(a, b) for a in aoe.hexes for b in aoe.hexes)
        return r + span

    def disadvantaged(self, h: Hex, e: HexKey, melee_hit: frozenset[HexKey]) -> bool:
        """A ranged attack on an adjacent enemy has disadvantage (GH-ATK-04); muddled
        monsters already have it and ignore it (GH-COND muddle, gloom's reading).

        Adjacent means what a melee attack reaches: a neighbour not behind a thin wall. An
        enemy on the far side of a thin wall is two hexes away by GH-REF-08's measure (a
        melee attack cannot reach it), so a ranged attack on it has no disadvantage."""
        return (
            self.cares_disadvantage
            and e not in melee_hit
            and distance(h, e) == 1
            and self.geo.adjacent(h, e)
        )

    def best_attack(self, h: Hex, focus: Hex, rank: dict[HexKey, Second]) -> list[Choice] | None:
        """The attacks from ``h`` that include ``focus``, best target choice (GH-MATK-02/03,
        GH-REF-09).

        Targets are chosen by: no disadvantage on the focus, most targets, then the best
        secondary targets: sorted by ``rank`` (proximity from the monster's start, then
        initiative), so comparing the sorted tuples of two equally large sets compares how
        many targets of each rank they hit, best rank first. Disadvantage against secondary
        targets is not weighed. ``None`` if ``focus`` cannot be attacked from ``h``.
        """
        cache_key = (h, focus)
        result = self._best.get(cache_key, _UNSET)
        if result is _UNSET:
            result = self._best[cache_key] = self._best_attack(h, focus, rank)
        return result  # type: ignore[return-value]

    def _best_attack(self, h: Hex, focus: Hex, rank: dict[HexKey, Second]) -> list[Choice] | None:
        if not self.can_hit(h, focus):
            return None
        t = self.targets
        if t == 1 and self.aoe is None:
            # The common case: a single target, which must be the focus.
            dis = 1 if self.disadvantaged(h, focus, frozenset()) else 0
            return [((dis, -1), (), dis, frozenset((focus,)))]
        all_targets = t >= 6
        aoe = self.aoe
        if aoe is None:
            bases: list[frozenset[HexKey]] = [frozenset()]
            extras = t
        else:
            bases = self.aoe_groups(h)
            extras = t - 1
            if extras > 0:
                bases.append(frozenset())
        # the enemies a single-target attack could add (none when an area attack has no
        # target beside its area: the ranges and sight lines are then never asked)
        singles = self.singles(h) if extras > 0 else []
        best_key: tuple[int, int, Ranks] | None = None
        best_sets: dict[frozenset[HexKey], int] = {}
        melee_aoe = aoe is not None and aoe.melee
        # The enemies next to ``h`` (not behind a thin wall): a ranged attack from ``h`` has
        # disadvantage against them (``disadvantaged``, GH-ATK-04), unless muddled or hit by
        # a melee area.
        close: frozenset[HexKey] = _NONE
        if self.cares_disadvantage:
            hq, hr = h[0], h[1]
            adjacent = self.geo.adjacent
            close = frozenset(
                e
                for e in self.enemy_at
                if abs(hq - e[0]) + abs(hr - e[1]) + abs(hq - e[0] + hr - e[1]) == 2
                and adjacent(h, e)
            )
        for base in bases:
            melee_hit = base if melee_aoe else _NONE
            # (``disadvantaged(h, focus, melee_hit)``, the same for every combination)
            dis_focus = 1 if focus in close and focus not in melee_hit else 0
            pool = [e for e in singles if e not in base]
            k = len(pool) if all_targets else min(extras, len(pool))
            if focus not in base:
                if focus not in pool or k == 0:
                    continue
                rest = [e for e in pool if e != focus]
                combos: Iterable[tuple[Hex, ...]] = (
                    (focus, *c) for c in combinations(rest, min(k - 1, len(rest)))
                )
            else:
                combos = combinations(pool, k)
            for combo in combos:
                chosen = base.union(combo)
                secondary = tuple(sorted([rank[e] for e in chosen if e != focus]))
                key = (dis_focus, -len(chosen), secondary)
                if best_key is None or key < best_key:
                    best_key = key
                    # (``n_disadvantaged(h, chosen, melee_hit)``)
                    best_sets = {chosen: len(close.intersection(chosen).difference(melee_hit))}
                elif key == best_key and chosen not in best_sets:
                    best_sets[chosen] = len(close.intersection(chosen).difference(melee_hit))
        if best_key is None:
            return None
        primary = (best_key[0], best_key[1])
        return [(primary, best_key[2], dis, chosen) for chosen, dis in best_sets.items()]

    def n_disadvantaged(
        self, h: Hex, chosen: frozenset[HexKey], melee_hit: frozenset[HexKey]
    ) -> int:
        """How many of the targets would be attacked at disadvantage from ``h``.

        GH-REF-09 does not weigh disadvantage against secondary targets, and the solver never
        lets it outweigh a measure that rule lists. Dev case gloom-064 (quiz question 8) shows
        the one place it still counts: between hexes that tie on every listed measure, the
        monster takes the one with fewer targets at disadvantage (the last tie-break).
        """
        return sum(1 for e in chosen if self.disadvantaged(h, e, melee_hit))

    # ------------------------------------------------------------ solve

    def solve(self) -> Solution:
        sit = self.sit
        ex = self.explain
        a = sit.active
        # GH-MOVE-04 / GH-OBST-01: hexes the move may end on (the monster's own always).
        no_end = set(self.occupied)
        if not a.flying:
            no_end.update(h for h, t in self.terrain.items() if t == "obstacle")
        no_end.discard(self.me)
        self._no_end = no_end
        # Without the candidates table (which gives every enemy's movement cost) a normal
        # move's travel table is searched only as far as the focus and the move need
        # (:class:`_Steps`, :class:`_Travel`); the answer is the same.
        ends: list[tuple[int, Hex]] | None = None
        if not self.listing and not (a.flying or a.jumping):
            search: _Lazy
            if self.uniform:
                # (no difficult or negative hex to enter: costs are step counts)
                search = _Steps(self.geo, self.me, self.blocked_list())
            else:
                costs = self.cost_list()
                assert self._closed is not None
                search = _Travel(self.geo, self.me, costs, self._closed)
            self._travel = search
            travel = search.out
        else:
            travel = self.travel()
        # (cost order: every search but the jump's lists its hexes by nondecreasing cost,
        # which is all the walks below need; hexes of one cost may come in any order, since
        # options are sorted at the end)
        if self._travel is not None:
            pass
        elif a.jumping:
            ends = sorted((c, h) for h, c in travel.items() if h not in no_end)
        else:
            # (the pairs made in C, then the few hexes the move may not end on taken out)
            ends = list(zip(travel.values(), travel, strict=True))
            for h in no_end:
                c = travel.get(h)
                if c is not None:
                    ends.remove((c, h))
        # GH-FOCUS-02 / GH-MHAZ-01: fewest (negative hexes, movement) to an attack hex.
        reach_bound = self.reach_bound
        # Only hexes within ``reach_bound`` of an enemy can attack it (see ``can_hit``):
        # walking ``ends`` cheapest first, the first hex that can attack an enemy gives its
        # cost, and the walk stops once every enemy has one.
        cost: dict[Hex, int] = {}
        geo = self.geo
        can_hit = self.can_hit
        if self.listing:
            assert ends is not None
            for e in self.enemy_at:
                near = geo.near(e, reach_bound)
                for c, h in ends:
                    if h in near and can_hit(h, e):
                        cost[e] = c
                        break
        else:
            # Only the cheapest enemies can be the focus: one walk, cheapest hex first,
            # giving each enemy the cost of the first hex it can be attacked from (as
            # above), ended once the hexes cost more than the first enemy found.
            nears = [(e, geo.near(e, reach_bound)) for e in self.enemy_at]
            least = INF
            walk = ends if ends is not None else self._travel.ends(no_end)  # type: ignore[union-attr]
            for c, h in walk:
                if c > least:
                    break
                for e, near in nears:
                    if h in near and e not in cost and can_hit(h, e):
                        cost[e] = c
                        least = c
                if len(cost) == len(nears):
                    break

        # The enemies' proximity (GH-REF-07's tie-break, GH-REF-09's ranks of secondary
        # targets) matters only when enemies tie on movement cost, when secondary targets
        # are ranked (several targets or an area) or for the candidates table; otherwise
        # the focus is the one cheapest enemy whatever its proximity, and the search for
        # it (a breadth-first walk over much of the board in most solves) is skipped.
        proximity: dict[Hex, int] = {}
        if self.listing or self.targets > 1 or self.aoe is not None:
            proximity = self._enemy_proximity(travel)
        elif len(cost) > 1:
            least = min(cost.values())
            if sum(1 for c in cost.values() if c == least) > 1:
                proximity = self._enemy_proximity(travel)

        def init_key(f: SituationFigure) -> tuple[int, int]:
            # GH-FOCUS-03: summons act just before their summoner; long rest counts as 99.
            return (f.initiative, 0 if f.summon else 1)

        rank: dict[Hex, Rank] = {
            e: (cost.get(e, INF), proximity.get(e, INF), init_key(f))
            for e, f in self.enemy_at.items()
        }
        # GH-REF-09: secondary targets rank by proximity, then initiative (not movement).
        second: dict[HexKey, Second] = {e: (r[1], r[2]) for e, r in rank.items()}
        reachable = [e for e in self.enemy_at if e in cost]
        best_rank = min((rank[e] for e in reachable), default=None)
        focuses = [e for e in reachable if rank[e] == best_rank]
        focuses.sort()

        if self.listing:
            self._explain_candidates(cost, rank, proximity, focuses)
        elif self.explaining:
            self._explain_invisible()

        if not focuses:
            if self.explaining:
                ex.focus_reason = (
                    "No enemy can be attacked from any hex the monster can reach"
                    if self.enemy_at
                    else "There is no visible enemy"
                ) + ", so it has no focus: it neither moves nor attacks."
                ex.add(ex.focus_reason, "GH-FOCUS-06")
            return Solution(sit.id, [Option(self.me, (), None)], ex)

        if self.explaining:
            ex.focus_reason = self._focus_reason(focuses, reachable, rank)
        options: list[Option] = []
        seen: set[tuple[Hex, tuple[Hex, ...]]] = set()
        for focus in focuses:
            for dest, attacks in self._move_for(focus, travel, ends, rank, second):
                attacks_out = (
                    tuple(sorted(Hex(q, r) for q, r in attacks)) if self.has_attack else ()
                )
                k = (dest, attacks_out)
                if k not in seen:
                    seen.add(k)
                    options.append(
                        Option(Hex(dest[0], dest[1]), attacks_out, Hex(focus[0], focus[1]))
                    )
        options.sort(key=lambda o: (o.focus or self.me, o.destination, o.attacks))
        if len(options) > 1 and self.explaining:
            ex.add(f"{len(options)} options are equally valid; the players choose.", "GH-AMBIG-01")
        return Solution(sit.id, options, ex)

    def _explain_candidates(
        self,
        cost: dict[Hex, int],
        rank: dict[Hex, Rank],
        proximity: dict[Hex, int],
        focuses: list[Hex],
    ) -> None:
        """The focus candidates and the invisible enemies, for the explanation."""
        ex = self.explain
        for e, f in sorted(self.enemy_at.items(), key=lambda item: (rank[item[0]], item[0])):
            ce = cost.get(e)
            ex.candidates.append(
                FocusCandidate(
                    hex=e,
                    label=f.label,
                    movement=None if ce is None else ce % NEG,
                    traps=0 if ce is None else ce // NEG,
                    proximity=proximity.get(e),
                    initiative=f.initiative,
                    summon=f.summon,
                    chosen=e in focuses,
                )
            )
        self._explain_invisible()

    def _explain_invisible(self) -> None:
        """The invisible enemies, for the explanation (its rules, with or without the
        candidates table)."""
        ex = self.explain
        invisible = [f for f in self.sit.figures if f.side == "character" and f.invisible]
        if invisible:
            ex.add(
                f"{len(invisible)} invisible enem{'y is' if len(invisible) == 1 else 'ies are'} "
                "ignored for focus and treated as obstacles.",
                "GH-FOCUS-04",
                "GH-MMOVE-11",
            )

    def _enemy_proximity(self, travel: dict[Hex, int]) -> dict[Hex, int]:
        """The enemies' proximity (:meth:`MapGeometry.proximity_to` from the monster),
        read off the travel table where that proves it: proximity is at least the plain hex
        count, and at most one more than the travel cost of a neighbour the enemy can be
        stepped to from (travel costs count every step, and the travel search steps as
        proximity does, only around more hexes). Where the two bounds meet for every
        enemy, that is the answer; else the search."""
        geo = self.geo
        index, nbrs, cells = geo.index, geo.nbrs, geo.cells
        reached = travel.get
        mq, mr = self.me[0], self.me[1]
        search = self._travel
        if search is not None:
            # every cost the test below compares is below the farthest enemy's hex count
            # (a hex not settled then costs more: the test fails for it, as it would)
            far = (
                max(
                    (abs(e[0] - mq) + abs(e[1] - mr) + abs(e[0] - mq + e[1] - mr)) // 2
                    for e in self.enemy_at
                )
                if self.enemy_at
                else 0
            )
            search.settle_to(far - 1)
        out: dict[Hex, int] = {}
        for e in self.enemy_at:
            i = index.get(e)
            if i is None:
                break
            dq = e[0] - mq
            dr = e[1] - mr
            plain = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            for m in nbrs[i]:
                if m:
                    c = reached(cells[m])  # type: ignore[arg-type]
                    if c is not None and c + 1 == plain:
                        out[e] = plain
                        break
            else:
                break
        else:
            return out
        return geo.proximity_to(self.me, list(self.enemy_at))

    def _focus_reason(
        self,
        focuses: list[Hex],
        reachable: list[Hex],
        rank: dict[Hex, Rank],
    ) -> str:
        ex = self.explain
        f0 = focuses[0]
        c, prox, init = rank[f0]
        label = self.enemy_at[f0].label
        moves, traps = c % NEG, c // NEG
        by_move = [e for e in reachable if rank[e][0] == c]
        by_prox = [e for e in by_move if rank[e][1] == prox]
        trap_txt = f", crossing {traps} trap/hazardous hex(es) as the only way" if traps else ""
        parts = [f"Focus: {label}. It can be attacked after {moves} movement point(s){trap_txt}"]
        rules = ["GH-FOCUS-01", "GH-FOCUS-02"]
        if traps:
            rules.append("GH-MHAZ-01")
        if len(by_move) == 1:
            parts.append("; no other enemy is as close by movement.")
        else:
            rules.append("GH-REF-07")
            if len(by_prox) == 1:
                parts.append(
                    f"; {len(by_move) - 1} other enem(ies) tie on movement, and it is nearest "
                    f"by proximity ({prox} hex(es) around walls)."
                )
            else:
                rules.append("GH-FOCUS-03")
                summon = " (a summon, acting just before its summoner)" if init[1] == 0 else ""
                parts.append(
                    f"; ties on movement and proximity ({prox}) are broken by initiative: "
                    f"{init[0]}{summon} is lowest."
                )
                if len(focuses) > 1:
                    others = ", ".join(self.enemy_at[e].label for e in focuses[1:])
                    parts.append(
                        f" {others} tie(s) on every measure, so the players choose the focus."
                    )
                    rules.append("GH-AMBIG-01")
        text = "".join(parts)
        ex.add(text, *rules)
        return text

    def _best_dests(
        self, focus: Hex, cands: list[tuple[int, Hex]], second: dict[HexKey, Second]
    ) -> list[tuple[DestKey, Hex, frozenset[HexKey]]]:
        """The candidate hexes (packed cost, hex) with the smallest destination key
        (GH-REF-09), with their keys and targets; empty if none can attack the focus.

        With a single target (or no attack: GH-MMOVE-02) the key is fixed by the hex alone
        (negatives, disadvantage on the focus, movement), so the hexes are tried in key
        order and the search stops at the first key some hex can attack from: line of sight
        is asked only of the hexes that could win. Other attacks weigh every hex.
        """
        if self.targets == 1 and self.aoe is None:
            cares = self.cares_disadvantage
            adjacent = self.geo.adjacent
            keyed = sorted(
                (
                    c // NEG,
                    1 if cares and distance(h, focus) == 1 and adjacent(h, focus) else 0,
                    c % NEG,
                    h,
                )
                for c, h in cands
            )
            won: list[tuple[DestKey, Hex, frozenset[HexKey]]] = []
            group: tuple[int, int, int] | None = None
            target = frozenset((focus,))
            for neg, dis, moves, h in keyed:
                if won and (neg, dis, moves) != group:
                    break
                if self.can_hit(h, focus):
                    group = (neg, dis, moves)
                    won.append(((neg, (dis, -1), moves, (), dis), h, target))
            return won
        out: list[tuple[DestKey, Hex, frozenset[HexKey]]] = []
        for c, h in cands:
            for primary, ranks, dis, chosen_set in self.best_attack(h, focus, second) or ():
                out.append(((c // NEG, primary, c % NEG, ranks, dis), h, chosen_set))
        if not out:
            return out
        top = min(k for k, _, _ in out)
        return [item for item in out if item[0] == top]

    def _move_for(
        self,
        focus: Hex,
        travel: dict[Hex, int],
        ends: list[tuple[int, Hex]] | None,
        rank: dict[Hex, Rank],
        second: dict[HexKey, Second],
    ) -> list[tuple[Hex, frozenset[HexKey]]]:
        a = self.sit.active
        ex = self.explain
        move = a.move
        label = self.enemy_at[focus].label if self.explaining else ""
        # GH-MHAZ-01: negative hexes are obstacles unless crossing them is the only way to
        # attack the focus at all; then cross no more of them than that needs.
        allowed_negatives = rank[focus][0] // NEG
        # can_hit (and so best_attack) is false beyond reach_bound: skip those hexes early
        near = self.geo.near(focus, self.reach_bound)
        # The reachable end hexes near the focus, walked from the smaller side: a melee
        # focus has 7 hexes near it, a board hundreds. (``_best_dests`` needs no order.)
        no_end = self._no_end
        search = self._travel
        if search is not None:
            # the hexes reached this turn cost at most this (packed): settled, the rest
            # of the table is needed only if the focus cannot be attacked this turn
            search.settle_to(allowed_negatives * NEG + move)
            close = [(c, h) for h in near if (c := travel.get(h)) is not None and h not in no_end]
        elif len(near) < len(travel):
            close = [(c, h) for h in near if (c := travel.get(h)) is not None and h not in no_end]
        else:
            assert ends is not None
            close = [(c, h) for c, h in ends if h in near]
        now = self._best_dests(
            focus,
            [(c, h) for c, h in close if c % NEG <= move and c // NEG <= allowed_negatives],
            second,
        )
        if now:
            top = min(k for k, _, _ in now)
            chosen = [(h, t) for k, h, t in now if k == top]
            if not self.explaining:
                return chosen
            negatives, (dis_focus, neg_count), moves, _, _ = top
            if not self.has_attack:
                rules = ["GH-MMOVE-02"]
                why = "it moves as for a melee attack, by the fewest movement points to a hex next to it"
            else:
                rules = ["GH-MMOVE-03", "GH-MATK-02"]
                parts = []
                if self.targets > 1 or self.aoe is not None:
                    rules.append("GH-MMOVE-05")
                    parts.append(
                        f"its attack hits {-neg_count} target(s), the focus plus as many others as possible"
                    )
                elif not self.ranged:
                    rules.append("GH-MMOVE-04")
                if self.ranged:
                    rules.append("GH-MMOVE-06")
                    if self.cares_disadvantage:
                        rules.append("GH-MMOVE-07")
                        parts.append(
                            "it has disadvantage against the focus from every hex it can reach"
                            if dis_focus
                            else "it avoids disadvantage against the focus"
                        )
                    else:
                        parts.append("being muddled, it ignores disadvantage")
                parts.append(
                    "no move is needed" if moves == 0 else "it moves no farther than that needs"
                )
                why = "; ".join(parts)
            if negatives:
                rules.append("GH-MHAZ-01")
                why += f"; it crosses {negatives} trap/hazardous hex(es), the only way"
            dest_txt = "stays where it is" if moves == 0 else f"moves {moves} movement point(s)"
            ex.add(f"It can attack {label} this turn, so it {dest_txt}: {why}.", *rules)
            return chosen

        # GH-MMOVE-08: cannot attack the focus this turn; approach the best attack hexes.
        if search is not None:
            # (every hex near the focus, every end within the move)
            search.settle_near(near)
            close = [(c, h) for h in near if (c := travel.get(h)) is not None and h not in no_end]
            ends = [(c, h) for h, c in travel.items() if h not in no_end]
        assert ends is not None
        ideal = [(k, h) for k, h, _ in self._best_dests(focus, close, second)]
        if not ideal:  # cannot happen while can_hit and best_attack agree; stay put
            return [(self.me, frozenset())]
        itop = min(k for k, _ in ideal)
        dests = sorted({h for k, h in ideal if k == itop})
        result: list[tuple[Hex, frozenset[HexKey]]] = []
        # (the end hexes this turn's movement reaches, in ``ends`` order)
        reach = [(c, h) for c, h in ends if c % NEG <= move]
        in_reach = [h for _, h in reach]
        for d in dests:
            # (where the costs are step counts, ``rest`` holds only the nearest of the
            # hexes in reach: no negative hex in either cost, the least rest comes first)
            rest = self.remaining(d, in_reach)
            cands = [
                ((c // NEG + rest[h] // NEG, rest[h] % NEG, c % NEG), h)
                for c, h in reach
                if h in rest
            ]
            if not cands:
                continue
            best_k = min(k for k, _ in cands)
            result.extend((h, frozenset()) for k, h in cands if k == best_k)
        dest_list = ", ".join(f"[{d[0]}, {d[1]}]" for d in dests) if self.explaining else ""
        if not self.explaining:
            pass
        elif move == 0:  # (explanation only: with no move the only destination is its hex)
            doing = "the ability has no move, so it stays where it is"
            if not self.has_attack:
                doing = "the ability has neither a move nor an attack, so it stays where it is"
            ex.add(
                f"It cannot attack {label} from where it stands (the best attack hex needs "
                f"{itop[2]} movement point(s)); {doing}.",
                "GH-MMOVE-08",
                "GH-MMOVE-03",
            )
        else:
            ex.add(
                f"It cannot attack {label} this turn (the best attack hex needs {itop[2]} "
                f"movement point(s), it has {move}); it moves as close as it can to "
                f"{'one of ' if len(dests) > 1 else ''}{dest_list}, the best hex(es) to "
                "attack from, using the least movement.",
                "GH-MMOVE-08",
                "GH-MMOVE-03",
            )
        if not result:
            result = [(self.me, frozenset())]
        # Unique destinations in a stable order.
        seen: set[Hex] = set()
        out = []
        for h, s in result:
            if h not in seen:
                seen.add(h)
                out.append((h, s))
        return out


def _least_costs(
    geo: MapGeometry,
    source: Hex,
    costs: list[int | None],
    *,
    reverse: bool = False,
    targets: list[Hex] | None = None,
    closed: list[bool] | None = None,
) -> dict[Hex, int]:
    """Least packed costs from ``source`` (Dijkstra), the solver's hot path.

    The same distances as :func:`questforge.engine.core.pathfind.dijkstra` with the entry
    cost table ``costs`` (by hex number; ``None`` = blocked). ``reverse``: the cost of
    walking *to* ``source``, each step charged for the hex it enters; ``targets``: stop
    once all of them are settled (only their distances are then complete). Least costs are
    unique, so the answer does not depend on the order in which equal-cost hexes are
    settled; they are settled by hex number all the same, so the table (and where a
    search with ``targets`` stops) is the same from run to run.
    ``closed``, if the caller has it: ``[c is None for c in costs]``.

    A bucket queue: a search meets few distinct costs (movement points, plus
    :data:`NEG` per negative hex), so the hexes wait in one list per cost, and only the
    distinct costs go through a heap. Each list is sorted by hex number when its turn
    comes, which settles hexes in the (cost, number) order of a heap of
    ``cost << shift | number`` keys, at about half its price: a push is a list append,
    not a heap insertion of every hex.
    """
    cells, nbrs = geo.cells, geo.nbrs
    src = geo.index[source]
    best = [INF] * len(cells)
    best[src] = 0
    # (blocked hexes start as settled: never entered, one test per neighbour; number 0,
    # "no map hex" in the neighbour rows, is blocked: ``costs[0]`` is None)
    done = [c is None for c in costs] if closed is None else closed.copy()
    done[src] = False  # (a blocked source is still where the search starts)
    out: dict[Hex, int] = {}
    pending = {geo.index[t] for t in targets} if targets is not None else None
    pop, push = heappop, heappush
    waiting: dict[int, list[int]] = {0: [src]}  # cost -> the hexes pushed at it
    keys = [0]  # (a heap of the costs in ``waiting``)
    while keys:
        d = pop(keys)
        bucket = waiting.pop(d)
        if len(bucket) > 1:
            bucket.sort()
        for i in bucket:
            if done[i]:
                continue  # (settled at a lower cost, or twice in this bucket)
            done[i] = True
            out[cells[i]] = d  # type: ignore[index]  # (number 0 is never settled)
            if pending is not None:
                pending.discard(i)
                if not pending:
                    return out
            if reverse:
                here = costs[i]
                if here is None:
                    if i == src:
                        continue  # a blocked source is a goal, never walked through
                    here = 0
                nd = d + here
                into = waiting.get(nd)
                if into is None:
                    into = waiting[nd] = []
                    push(keys, nd)
                for m in nbrs[i]:
                    if not done[m] and nd < best[m]:
                        best[m] = nd
                        into.append(m)
            else:
                # The six neighbours written out, in DIRECTIONS order (as in
                # :meth:`MapGeometry.steps_from`: the same steps in the same order as a
                # ``for`` over the row, without the loop's own work per neighbour)
                m0, m1, m2, m3, m4, m5 = nbrs[i]
                if not done[m0] and (nd := d + costs[m0]) < best[m0]:  # type: ignore[operator]
                    best[m0] = nd
                    into = waiting.get(nd)
                    if into is None:
                        waiting[nd] = [m0]
                        push(keys, nd)
                    else:
                        into.append(m0)
                if not done[m1] and (nd := d + costs[m1]) < best[m1]:  # type: ignore[operator]
                    best[m1] = nd
                    into = waiting.get(nd)
                    if into is None:
                        waiting[nd] = [m1]
                        push(keys, nd)
                    else:
                        into.append(m1)
                if not done[m2] and (nd := d + costs[m2]) < best[m2]:  # type: ignore[operator]
                    best[m2] = nd
                    into = waiting.get(nd)
                    if into is None:
                        waiting[nd] = [m2]
                        push(keys, nd)
                    else:
                        into.append(m2)
                if not done[m3] and (nd := d + costs[m3]) < best[m3]:  # type: ignore[operator]
                    best[m3] = nd
                    into = waiting.get(nd)
                    if into is None:
                        waiting[nd] = [m3]
                        push(keys, nd)
                    else:
                        into.append(m3)
                if not done[m4] and (nd := d + costs[m4]) < best[m4]:  # type: ignore[operator]
                    best[m4] = nd
                    into = waiting.get(nd)
                    if into is None:
                        waiting[nd] = [m4]
                        push(keys, nd)
                    else:
                        into.append(m4)
                if not done[m5] and (nd := d + costs[m5]) < best[m5]:  # type: ignore[operator]
                    best[m5] = nd
                    into = waiting.get(nd)
                    if into is None:
                        waiting[nd] = [m5]
                        push(keys, nd)
                    else:
                        into.append(m5)
    return out


class _Lazy:
    """A travel table from the monster's hex searched only as far as asked: the solver's
    travel table when no candidates table is wanted (the scenario engine, ``ai solve
    --format json``).

    After :meth:`settle_to` (``c``) every hex of cost at most ``c`` is in :attr:`out` with
    its final cost, in the order the full search lists it, and every hex not in it costs
    more. Most monster turns need only the hexes up to the focus and its move (about a
    fifth of the table in the bundled scenarios); the rest is searched only when the
    monster cannot attack this turn and heads for the best attack hexes
    (:meth:`_Solver._move_for`).
    """

    __slots__ = ("out",)

    #: the settled hexes and their least packed costs, in settling order
    out: dict[Hex, int]

    def settle_to(self, limit: int) -> None:
        """Settle every hex whose least cost is at most ``limit`` (``INF``: all)."""
        raise NotImplementedError

    def _next_cost(self) -> int | None:
        """The cost of the next hexes to settle; ``None`` once every hex is settled."""
        raise NotImplementedError

    def settle_near(self, near: frozenset[Hex]) -> None:
        """Settle at least every hex of ``near`` the move can reach (here: every hex)."""
        self.settle_to(INF)

    def ends(self, no_end: set[Hex]) -> Iterator[tuple[int, Hex]]:
        """(cost, hex) of the hexes a move may end on, cheapest first (settling order),
        searching on as the caller reads."""
        out = self.out
        for h, c in list(out.items()):
            if h not in no_end:
                yield c, h
        while True:
            nxt = self._next_cost()
            if nxt is None:
                return
            before = len(out)
            self.settle_to(nxt)  # (one more cost: its hexes come last in ``out``)
            fresh = list(islice(reversed(out.items()), len(out) - before))
            fresh.reverse()
            for h, c in fresh:
                if h not in no_end:
                    yield c, h


class _Steps(_Lazy):
    """:meth:`MapGeometry.steps_from` from the monster's hex (``blocked`` by hex number),
    one step at a time: the travel table of a normal move where every hex it can enter
    costs 1 (the packed cost is then the step count). Its :attr:`out` lists the same hexes
    in the same order as the full search, as far as it goes."""

    __slots__ = ("blocked", "cells", "d", "frontier", "index", "nbrs", "seen")

    def __init__(self, geo: MapGeometry, source: Hex, blocked: list[bool]) -> None:
        self.cells, self.nbrs, self.index, self.blocked = geo.cells, geo.nbrs, geo.index, blocked
        src = geo.index[source]
        self.seen = blocked.copy()
        self.seen[0] = True  # (0 in a row: no map hex that way)
        self.seen[src] = True  # (the source is counted even where it may not be entered)
        self.out = {source: 0}
        self.frontier = [src]
        self.d = 0

    def settle_to(self, limit: int) -> None:
        frontier, d = self.frontier, self.d
        while frontier and d < limit:
            d += 1
            frontier = _layer(frontier, d, self.nbrs, self.seen, self.cells, self.out)
        self.frontier, self.d = frontier, d

    def _next_cost(self) -> int | None:
        return self.d + 1 if self.frontier else None

    def settle_near(self, near: frozenset[Hex]) -> None:
        # (costs are step counts: the hexes settled so far are every hex up to the last
        # step, so only the hexes of ``near`` it may enter are waited for; one that cannot
        # be reached keeps the search going to its end, as ``settle_to(INF)``)
        out, index, blocked = self.out, self.index, self.blocked
        pending = [h for h in near if h not in out and not blocked[index[h]]]
        while pending and self.frontier:
            self.settle_to(self.d + 1)
            pending = [h for h in pending if h not in out]


class _Travel(_Lazy):
    """:func:`_least_costs` forward from the monster's hex, searched only as far as asked.

    Buckets are settled exactly as :func:`_least_costs` settles them (cost, then hex
    number), so :attr:`out` holds the same costs in the same order as far as it goes; a
    bucket is settled whole.
    """

    __slots__ = ("best", "cells", "costs", "done", "keys", "nbrs", "waiting")

    def __init__(self, geo: MapGeometry, source: Hex, costs: list[int | None], closed: list[bool]):
        self.cells, self.nbrs, self.costs = geo.cells, geo.nbrs, costs
        src = geo.index[source]
        self.best = [INF] * len(self.cells)
        self.best[src] = 0
        self.done = closed.copy()
        self.done[src] = False  # (a blocked source is still where the search starts)
        self.out = {}
        self.waiting: dict[int, list[int]] = {0: [src]}  # cost -> the hexes pushed at it
        self.keys = [0]  # (a heap of the costs in ``waiting``)

    def _next_cost(self) -> int | None:
        return self.keys[0] if self.keys else None

    def settle_to(self, limit: int) -> None:
        keys = self.keys
        if not keys or keys[0] > limit:
            return
        cells, nbrs, costs, best, done, out, waiting = (
            self.cells,
            self.nbrs,
            self.costs,
            self.best,
            self.done,
            self.out,
            self.waiting,
        )
        pop, push = heappop, heappush
        while keys and keys[0] <= limit:
            d = pop(keys)
            bucket = waiting.pop(d)
            if len(bucket) > 1:
                bucket.sort()
            for i in bucket:
                if done[i]:
                    continue  # (settled at a lower cost, or twice in this bucket)
                done[i] = True
                out[cells[i]] = d  # type: ignore[index]  # (number 0 is never settled)
                # (a plain loop: :func:`_least_costs` writes the six steps out, worth
                # about 0.4 % of a bot game there; here it was worth 0.2 %, not 48 lines)
                for m in nbrs[i]:
                    if not done[m] and (nd := d + costs[m]) < best[m]:  # type: ignore[operator]
                        best[m] = nd
                        into = waiting.get(nd)
                        if into is None:
                            waiting[nd] = [m]
                            push(keys, nd)
                        else:
                            into.append(m)


def find_path(
    situation: Situation, destination: tuple[int, int], geometry: GeometryCache | None = None
) -> list[Hex]:
    """One path the active monster takes to ``destination`` (start and end included).

    The path follows the solver's movement rules: fewest traps/hazardous hexes, then fewest
    movement points (GH-MHAZ-01, GH-MOVE-08); flying and jumping ignore terrain and figures
    on the way (GH-MOVE-05/06). The scenario engine uses it to apply the hexes entered; the
    editor draws it. Returns ``[]`` when the destination cannot be reached.
    """
    # (imported here: ``questforge ai solve`` never needs the general searches)
    from questforge.engine.core.pathfind import bfs, dijkstra

    solver = _Solver(situation, geometry)
    a = situation.active
    dest = Hex(destination[0], destination[1])
    if a.flying or a.jumping:
        result = bfs([solver.me], solver.geo.adj, track_parents=True)
    else:
        result = dijkstra([solver.me], solver.geo.adj, solver.cost_table, track_parents=True)
    return [Hex(h[0], h[1]) for h in result.path_to(dest)]


def solve(
    situation: Situation,
    geometry: GeometryCache | None = None,
    explain: bool = True,
    candidates: bool = True,
) -> Solution:
    """Solve one situation: every valid (destination, attacks, focus) option, explained.

    ``geometry`` optionally reuses board geometry between calls on the same map (see
    :class:`GeometryCache`); the answer is the same with or without it. ``explain=False``
    leaves the solution's explanation empty (the options are the same): for a caller that
    prints only the answer, such as ``questforge ai solve --format json``.
    ``candidates=False`` leaves out only the explanation's table of focus candidates (each
    enemy's movement cost and proximity; the steps, rules and focus reason are the same):
    for the scenario engine, which logs the rules and the reason, and which then skips
    the proximity search whenever no tie or secondary target needs it.
    """
    return _Solver(situation, geometry, explain, candidates).solve()
