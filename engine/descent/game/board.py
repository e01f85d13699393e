"""Where figures can go and what they can see, on the core square board.

Movement (DJ-REF-07..10): one movement point per square, diagonals included; friendly
figures can be passed through but a move must end on an empty square; enemies, closed
doors, rubble and water block; a flyer ignores figures and terrain while moving but must
stop on a square it could stand on (DJ-ABIL-07). Leaving a pit costs 2 (DJ-MAP-01). A
two-square monster moves caterpillar style and may turn (DJ-REF-18); a larger one moves its
whole footprint as a block (our reading; see ``docs/descent.md``).

Line of sight (DJ-ATK-02, DJ-REF-11): centre to centre, blocked by walls, closed doors,
rubble and other figures; monsters are transparent when the Overlord checks spawn squares
(DJ-SPAWN-03). A large figure sees from, and is seen at, any of its squares (DJ-REF-18); a
figure in a pit sees nothing (DJ-REF-13).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import TYPE_CHECKING

from questforge.engine.core.square import SquareBoard
from questforge.engine.descent.game.state import Cell, Figure, MonsterFigure
from questforge.engine.descent.model import IMPASSABLE, OPAQUE, Door, QuestMap, footprint

if TYPE_CHECKING:
    from questforge.engine.descent.game.game import DescentGame


PIT_JUMP = 3  # DJ-AP-01, DJ-REF-13: movement points per pit square jumped
Size = tuple[int, int]
#: a figure's place: its top-left square and its footprint, which turns for a two-square
#: figure moving caterpillar style (DJ-REF-18)
Place = tuple[Cell, Size]


def caterpillar(fig: Figure) -> bool:
    """Whether ``fig`` moves caterpillar style: a two-square figure (the Hell Hound's 1x2,
    DJ-REF-16, 18). The six-square Dragon keeps block moves (see ``docs/descent.md``)."""
    return sorted(fig.size) == [1, 2]


def place_of(squares: Iterable[Cell]) -> Place:
    """The top-left square and the size of a rectangle of squares."""
    cells = list(squares)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return (min(xs), min(ys)), (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def _ignores(fig: Figure) -> set[str]:
    """Terrain a hero's skills let it cross safely (DJ-SKILL-R01, G13, G15, G16)."""
    return {t for s in getattr(fig, "skills", ()) for t in s.ignore}


class Geometry:
    """Board questions for one game; rebuilt when a door opens or closes."""

    def __init__(self, game: DescentGame, qmap: QuestMap) -> None:
        self.game = game
        self.qmap = qmap
        self.terrain = qmap.quest.terrain
        self.board: SquareBoard = qmap.board(())
        self.stairs: dict[Cell, list[Cell]] = qmap.stairs_links()  # fixed for the quest
        self.pits: frozenset[Cell] = frozenset(c for c, t in self.terrain.items() if t == "pit")
        self._door_squares: dict[str, frozenset[Cell]] = {}
        self.rebuild()

    def rebuild(self) -> None:
        closed = [d.id for d in self.qmap.quest.doors if d.id not in self.game.open_doors]
        self.board = self.qmap.board(closed)

    # --- occupancy -----------------------------------------------------------------------

    def occupants(self) -> dict[Cell, Figure]:
        out: dict[Cell, Figure] = {}
        for fig in self.game.figures():
            for c in fig.squares:
                out[c] = fig
        return out

    def revealed(self, c: Cell) -> bool:
        return self.qmap.area_of.get(c) in self.game.revealed

    def blocks(self, fig: Figure, c: Cell) -> bool:
        """Whether terrain keeps ``fig`` out of ``c`` (rubble, water; a hero's skill may
        let it cross, DJ-SKILL-R01, G16)."""
        terrain = self.terrain.get(c)
        if terrain not in IMPASSABLE:
            return False
        skills = getattr(fig, "skills", ())
        return not any(terrain in s.ignore for s in skills)

    def standable(
        self,
        fig: Figure,
        origin: Cell,
        occupied: dict[Cell, Figure],
        size: Size | None = None,
    ) -> bool:
        """Whether ``fig`` may end a move (or be placed) with its top-left on ``origin``
        (lying as ``size``, by default its own)."""
        size = fig.size if size is None else size
        for c in footprint(origin, size):
            if c not in self.board or not self.revealed(c):
                return False
            if self.blocks(fig, c):
                return False
            other = occupied.get(c)
            if other is not None and other is not fig:
                return False
            if isinstance(fig, MonsterFigure) and c in self.game.active_glyph_cells():
                return False  # DJ-REF-31
        if size != (1, 1):
            squares = set(footprint(origin, size))
            for x, y in squares:
                for o in ((x + 1, y), (x, y + 1)):
                    if o in squares and not self.board.crossable((x, y), o):
                        return False
        return True

    def _enterable(
        self,
        fig: Figure,
        origin: Cell,
        occupied: dict[Cell, Figure],
        fly: bool,
        size: Size | None = None,
    ) -> bool:
        for c in footprint(origin, fig.size if size is None else size):
            if c not in self.board or not self.revealed(c):
                return False
            if fly:
                continue
            if self.blocks(fig, c):
                return False
            other = occupied.get(c)
            if other is not None and other is not fig and other.side != fig.side:
                return False
        return True

    def step_cost(self, fig: Figure, frm: Cell, to: Cell, fly: bool) -> int:
        # DJ-MAP-01: climbing out of a pit costs 2; a flyer, a large figure and a hero who
        # walks over pits (DJ-SKILL-G13, R01) were never in it
        if fly or fig.size != (1, 1) or "pit" in _ignores(fig):
            return 1
        return 2 if self.terrain.get(frm) == "pit" else 1

    def reachable(
        self, fig: Figure, points: int, fly: bool = False
    ) -> dict[Cell, tuple[int, list[Cell]]]:
        """Every square ``fig`` can end on with ``points`` movement points: cost and path.

        Among paths of the same cost the one with the fewest falls into pits wins. A walker
        may also jump a pit in a straight line, 3 points per pit square crossed, landing
        beyond it without falling (DJ-AP-01, DJ-MAP-01, DJ-REF-13); such a step is two or
        more squares long in the path."""
        if fig.cell is None or points <= 0:
            return {}
        occupied = self.occupants()
        start = fig.cell
        falls_in = fig.size == (1, 1) and not fly and "pit" not in _ignores(fig)
        jumps = fig.size == (1, 1) and not fly and bool(self.pits)
        never = (1 << 30, 0)
        best: dict[Cell, tuple[int, int]] = {start: (0, 0)}
        parent: dict[Cell, Cell] = {}
        heap: list[tuple[int, int, Cell]] = [(0, 0, start)]
        while heap:
            cost, falls, here = heapq.heappop(heap)
            if (cost, falls) > best.get(here, never):
                continue
            # DJ-REF-13: a figure in a pit climbs out onto an adjacent space (2 points),
            # not into another pit square
            in_pit = falls_in and here in self.pits
            steps = [
                (nxt, self.step_cost(fig, here, nxt, fly))
                for nxt in self._neighbours(fig, here)
                if self._enterable(fig, nxt, occupied, fly) and not (in_pit and nxt in self.pits)
            ]
            if jumps and here not in self.pits:
                steps += self._jumps(fig, here, occupied)
            for nxt, step in steps:
                c2 = cost + step
                f2 = falls + (1 if falls_in and nxt in self.pits else 0)
                if c2 > points or (c2, f2) >= best.get(nxt, never):
                    continue
                best[nxt] = (c2, f2)
                parent[nxt] = here
                heapq.heappush(heap, (c2, f2, nxt))
        out: dict[Cell, tuple[int, list[Cell]]] = {}
        for c, (cost, _falls) in best.items():
            if c == start or not self.standable(fig, c, occupied):
                continue
            path = [c]
            while path[-1] != start:
                path.append(parent[path[-1]])
            path.reverse()
            out[c] = (cost, path[1:])
        return out

    def reachable_places(
        self, fig: Figure, points: int, fly: bool = False
    ) -> dict[Place, tuple[int, list[Place]]]:
        """Where a two-square figure can end with ``points`` movement points, moving
        caterpillar style (DJ-REF-18): each point, one half steps orthogonally and the
        other fills the square it left (so the figure goes straight on or turns a corner),
        or both halves sidestep diagonally together. Each place maps to its cost and the
        places passed. Friends are passed through, enemies and blocking terrain are not
        (DJ-REF-09); a flyer passes everything (DJ-ABIL-07); the end must be standable."""
        if fig.cell is None or points <= 0:
            return {}
        occupied = self.occupants()
        start: Place = (fig.cell, fig.size)
        best: dict[Place, int] = {start: 0}
        parent: dict[Place, Place] = {}
        frontier = [start]
        for cost in range(1, points + 1):
            nxt: list[Place] = []
            for here in frontier:
                for place in self._caterpillar_steps(fig, here, occupied, fly):
                    if place not in best:
                        best[place] = cost
                        parent[place] = here
                        nxt.append(place)
            frontier = nxt
        out: dict[Place, tuple[int, list[Place]]] = {}
        for place, cost in best.items():
            if place == start or not self.standable(fig, place[0], occupied, place[1]):
                continue
            path = [place]
            while path[-1] != start:
                path.append(parent[path[-1]])
            path.reverse()
            out[place] = (cost, path[1:])
        return out

    def _caterpillar_steps(
        self, fig: Figure, here: Place, occupied: dict[Cell, Figure], fly: bool
    ) -> list[Place]:
        origin, size = here
        a, b = footprint(origin, size)
        out: list[Place] = []
        for head, tail in ((a, b), (b, a)):  # a half steps orthogonally, the other follows
            for c in self.board.neighbors(head):
                if c == tail or abs(c[0] - head[0]) + abs(c[1] - head[1]) != 1:
                    continue
                place = place_of((c, head))
                if self._enterable(fig, place[0], occupied, fly, place[1]):
                    out.append(place)
        for dx in (-1, 1):  # both halves sidestep diagonally together
            for dy in (-1, 1):
                if all((x + dx, y + dy) in self.board.neighbors((x, y)) for x, y in (a, b)):
                    to = (origin[0] + dx, origin[1] + dy)
                    if self._enterable(fig, to, occupied, fly, size):
                        out.append((to, size))
        return sorted(set(out))

    def push_steps(self, fig: Figure, steps: int) -> dict[Cell, int]:
        """Where ``fig`` can be moved by another's effect (Knockback, DJ-ABIL-09): up to
        ``steps`` squares along the board, never through a wall or closed door, and never
        into or through a square holding another figure or terrain it cannot enter. The
        squares it lands on must be ones it could stand on. Each square maps to the fewest
        squares the figure is moved to reach it."""
        if fig.cell is None:
            return {}
        occupied = self.occupants()

        def free(origin: Cell) -> bool:
            for c in footprint(origin, fig.size):
                if c not in self.board or not self.revealed(c) or self.blocks(fig, c):
                    return False
                other = occupied.get(c)
                if other is not None and other is not fig:
                    return False
            return True

        seen = {fig.cell: 0}
        frontier = [fig.cell]
        for depth in range(1, steps + 1):
            nxt = []
            for here in frontier:
                for c in self._neighbours(fig, here):
                    if c not in seen and free(c):
                        seen[c] = depth
                        nxt.append(c)
            frontier = nxt
        return {c: d for c, d in seen.items() if c != fig.cell and self.standable(fig, c, occupied)}

    def _jumps(
        self, fig: Figure, here: Cell, occupied: dict[Cell, Figure]
    ) -> list[tuple[Cell, int]]:
        """Jumps from ``here`` over pits in a straight line: (landing square, cost)."""
        out = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0):
                    continue
                prev, over = here, 0
                nxt = (here[0] + dx, here[1] + dy)
                while nxt in self.pits and nxt in self.board.neighbors(prev):
                    if not self._enterable(fig, nxt, occupied, False):
                        break  # an enemy in the pit blocks the jump
                    prev, over = nxt, over + 1
                    nxt = (nxt[0] + dx, nxt[1] + dy)
                else:
                    land = over and nxt in self.board.neighbors(prev)
                    if land and self._enterable(fig, nxt, occupied, False):
                        out.append((nxt, PIT_JUMP * over))
        return out

    def _neighbours(self, fig: Figure, origin: Cell) -> list[Cell]:
        if fig.size == (1, 1):
            return self.board.neighbors(origin)
        # a block moves one square in any of the 8 directions if every square can step
        out = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0):
                    continue
                ok = True
                for x, y in footprint(origin, fig.size):
                    to = (x + dx, y + dy)
                    if to not in self.board.neighbors((x, y)):
                        ok = False
                        break
                if ok:
                    out.append((origin[0] + dx, origin[1] + dy))
        return out

    # --- doors --------------------------------------------------------------------------

    def door_squares(self, door: Door) -> frozenset[Cell]:
        """The squares next to a door, from which a figure may open or close it (DJ-MAP-08,
        DJ-REF-08): every square that touches the door's line, side or corner, so the two
        squares on each side of it and the squares diagonally past its ends ("doors can be
        opened from a diagonally adjacent space too"). A square merely within 1 of a square
        beside the door is not next to the door itself."""
        cached = self._door_squares.get(door.id)
        if cached is not None:
            return cached
        out: set[Cell] = set()
        for a, b in door.edges:
            (ax, ay), (bx, by) = a, b
            if ay == by:  # a vertical line at x = max(ax, bx), from y = ay to ay + 1
                line_x = max(ax, bx)
                out.update((x, y) for x in (line_x - 1, line_x) for y in (ay - 1, ay, ay + 1))
            else:  # a horizontal line at y = max(ay, by), from x = ax to ax + 1
                line_y = max(ay, by)
                out.update((x, y) for y in (line_y - 1, line_y) for x in (ax - 1, ax, ax + 1))
        found = frozenset(c for c in out if c in self.board)
        self._door_squares[door.id] = found
        return found

    def next_to_door(self, fig: Figure, door: Door) -> bool:
        """Whether any square of ``fig`` is next to ``door`` (see :meth:`door_squares`)."""
        squares = self.door_squares(door)
        return any(c in squares for c in fig.squares)

    # --- distance and sight --------------------------------------------------------------

    def distance(self, a: Figure | Cell, b: Figure | Cell) -> int:
        sa = a.squares if isinstance(a, Figure) else [a]
        sb = b.squares if isinstance(b, Figure) else [b]
        return min(self.board.distance(x, y) for x in sa for y in sb) if sa and sb else 999

    def adjacent(self, a: Figure | Cell, b: Figure | Cell) -> bool:
        """Whether ``a`` and ``b`` are adjacent: a square of one touches a square of the
        other, side or corner (8-way, DJ-REF-08), and no wall or closed door stands between
        them. Our reading, the published game's accepted one (docs/descent.md): a wall
        parts two squares, as it keeps a melee attack (DJ-ATK-02) and a step out. A corner
        parts two diagonal squares only when it is closed on both sides, as it does for
        sight (``SquareBoard.line_of_sight`` with nothing opaque); figures and terrain do
        not part squares. Aura, Holy Aura, Grapple, Alertness and giving an item use it
        (DJ-ABIL-01, 08, DJ-SKILL-G02, R07, DJ-AP-01); the staircase's ends are adjacent
        for attacks only (DJ-REF-15, :meth:`stairs_distance`)."""
        sa = a.squares if isinstance(a, Figure) else [a]
        sb = b.squares if isinstance(b, Figure) else [b]
        return any(
            x == y or (self.board.distance(x, y) == 1 and self.board.line_of_sight(x, y))
            for x in sa
            for y in sb
        )

    def stairs_distance(self, a: Figure, b: Figure) -> int | None:
        """Distance for an attack through a staircase (DJ-REF-15): the two ends count as
        adjacent, and a figure on one end sees the other end and the squares around it.
        So ``b`` on the far end is at 1, next to it (in sight of that end) at 2; ``None``
        when no staircase joins them. Revealed areas only: stairs do not see into the dark
        (they reveal the area when used)."""
        if a.cell is None or b.cell is None:
            return None
        links = self.stairs
        if not links:
            return None
        best: int | None = None
        for here in a.squares:
            for end in links.get(here, ()):
                if not self.revealed(end):
                    continue
                d = self.distance(end, b)
                if d == 0:
                    far = 1
                elif d == 1 and self.sees(end, b, ignore=[a]):
                    far = 2
                else:
                    continue
                best = far if best is None else min(best, far)
        return best

    def stairs_view(self, fig: Figure, monsters_block: bool = True) -> set[Cell]:
        """The squares ``fig`` sees through a staircase it stands on (DJ-REF-15: "a figure
        on one end sees the other end and the spaces around it"): each far end and the
        squares next to it in that end's sight. Revealed areas only, as
        :meth:`stairs_distance`; empty for a figure on no staircase."""
        out: set[Cell] = set()
        if fig.cell is None:
            return out
        for here in fig.squares:
            for end in self.stairs.get(here, ()):
                if not self.revealed(end):
                    continue
                out.add(end)
                for c in self.board.neighbors(end):
                    if self.revealed(c) and self.sees(
                        end, c, monsters_block=monsters_block, ignore=[fig]
                    ):
                        out.add(c)
        return out

    def in_pit(self, fig: Figure) -> bool:
        """Whether ``fig`` is down in a pit (DJ-REF-13): every square of it a pit (a large
        figure only when wholly inside, DJ-REF-18) and it is one that falls in. A flyer over
        a pit (DJ-ABIL-07) and a hero who crosses pits safely (Wind Pact, Acrobat:
        DJ-SKILL-G13, R01) stand over it, not in it."""
        if fig.cell is None or not all(self.terrain.get(c) == "pit" for c in fig.squares):
            return False
        if isinstance(fig, MonsterFigure) and fig.has("fly"):
            return False
        return "pit" not in _ignores(fig)

    def sees(
        self,
        a: Figure | Cell,
        b: Figure | Cell,
        *,
        monsters_block: bool = True,
        ignore: Iterable[Figure] = (),
        ignore_squares: Iterable[Cell] = (),
    ) -> bool:
        """Line of sight from any square of ``a`` to any square of ``b`` (DJ-REF-11, 18);
        ``ignore_squares`` are terrain squares seen through (Precision, DJ-SKILL-R12)."""
        sa = a.squares if isinstance(a, Figure) else [a]
        sb = b.squares if isinstance(b, Figure) else [b]
        if isinstance(a, Figure) and self.in_pit(a):
            return False  # DJ-REF-13: a figure in a pit sees nothing
        skip = {id(f) for f in ignore}
        if isinstance(a, Figure):
            skip.add(id(a))
        if isinstance(b, Figure):
            skip.add(id(b))
        occupied = self.occupants()

        see_through = set(ignore_squares)

        def opaque(c: Cell) -> bool:
            if self.terrain.get(c) in OPAQUE and c not in see_through:
                return True
            fig = occupied.get(c)
            if fig is None or id(fig) in skip:
                return False
            return monsters_block or fig.side != "overlord"

        return any(self.board.line_of_sight(x, y, opaque) for x in sa for y in sb)
