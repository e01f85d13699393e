"""Walking distances for the bots: "how many movement points from here to somewhere useful".

One backward Dijkstra from a set of goal hexes gives, for every hex, the movement a
character needs to reach a goal: a hex from which it can attack an enemy, an unopened door,
a treasure. Monsters block (GH-MOVE-02), obstacles block (GH-OBST-01), difficult terrain
costs 2 (GH-DIFF-01), and traps and hazardous terrain cost extra so the bots walk around
them when they can (a person would).
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import cast

from questforge.engine.core.hexgrid import distance
from questforge.engine.gloomhaven.game.board import Board
from questforge.engine.gloomhaven.game.spec import Hex
from questforge.engine.gloomhaven.game.state import Figure, GameState

#: extra cost the bots give a trap or hazardous hex on their way (not a rule: a preference)
NEGATIVE_HEX_PENALTY = 3

#: answers of :func:`walking_field` and :func:`steps_to` by their *whole* input (board,
#: goals, walkable hexes, terrain, flying, limit): a bot asks the same question again and
#: again between two moves (every character's card choice, every decision of a turn).
#: Keyed by the inputs themselves, never by a counter, so a hit is always the answer the
#: search would give. Bounded; a worker process keeps its own.
_MEMO: dict[tuple[object, ...], object] = {}
_MEMO_SIZE = 4096


def _memo_key(
    kind: str, board: Board, state: GameState, mover: Figure, goals: Iterable[Hex], limit: int
) -> tuple[tuple[object, ...], frozenset[Hex]]:
    """The memo key of a search, and the walkable hexes (which the search needs too)."""
    open_hexes = _open_hexes(board, state, mover)
    hazardous, difficult = _terrain(board, state)
    key = (
        kind,
        board,
        mover.hex if kind == "steps" else None,
        mover.flying,
        frozenset(goals),
        open_hexes,
        frozenset(state.traps),
        frozenset(hazardous),
        frozenset(difficult),
        limit,
    )
    return key, open_hexes


def _remember(key: tuple[object, ...], value: object) -> None:
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = value


#: the default reach of :func:`walking_field`
FIELD_LIMIT = 60


def walking_field(
    board: Board,
    state: GameState,
    goals: Iterable[Hex],
    mover: Figure,
    limit: int = FIELD_LIMIT,
) -> WalkingField:
    """Movement points from every reachable hex to the nearest goal hex, for ``mover``.

    The answer is a :class:`WalkingField`, searched only as far as the questions asked of
    it need. It may be shared with later calls on the same input.
    """
    goals = list(goals)
    key, open_hexes = _memo_key("field", board, state, mover, goals, limit)
    got = _MEMO.get(key)
    if got is not None:
        return got  # type: ignore[return-value]
    # the terrain as the key took it (frozen copies): the search runs on later, when the
    # state may have moved on, and must answer for the state it was asked about
    terrain = cast(tuple[frozenset[Hex], frozenset[Hex], frozenset[Hex]], key[6:9])
    field = WalkingField(board, terrain, goals, mover, limit, open_hexes)
    _remember(key, field)
    return field


class WalkingField:
    """Movement points to the nearest goal hex, from any hex: a backward search from the
    goals that runs only as far as the questions need.

    The bots mostly ask about hexes near the enemies (a character's own hex, the few hexes
    its move reaches), while the full search covers the whole revealed map; the search is
    Dial's algorithm (step costs are small integers, so a list of buckets indexed by
    distance replaces the heap), and it is resumed where it stopped when a later question
    needs more. An answer is given only once it is final, so it is the number the full
    search gives: after every bucket up to ``d`` has been expanded, each distance up to
    ``d + 1`` is final (a step costs at least 1, so whatever is still to come is dearer).
    """

    __slots__ = (
        "adj",
        "best",
        "buckets",
        "difficult",
        "dist",
        "done",
        "flying",
        "has_goals",
        "hazardous",
        "limit",
        "open_hexes",
        "step_costs",
        "traps",
    )

    def __init__(
        self,
        board: Board,
        terrain: tuple[frozenset[Hex], frozenset[Hex], frozenset[Hex]],
        goals: Iterable[Hex],
        mover: Figure,
        limit: int,
        open_hexes: frozenset[Hex],
    ) -> None:
        # (traps, hazardous, difficult) when the question was asked: frozen, since the
        # search may resume after the game has moved on
        self.traps, self.hazardous, self.difficult = terrain
        self.flying = mover.flying
        #: the cost of entering each hex that does not cost 1 (difficult terrain 2, a trap
        #: or hazard the penalty more; a flying figure pays 1 everywhere), looked up once
        #: per hex taken instead of three set lookups
        self.step_costs: dict[Hex, int] = {}
        if not self.flying:
            for h in self.difficult:
                self.step_costs[h] = 2
            for group in (self.traps, self.hazardous):
                for h in group:
                    self.step_costs[h] = (2 if h in self.difficult else 1) + NEGATIVE_HEX_PENALTY
        self.adj = board.adj
        # ``open_hexes``: the hexes a step may come from (the walk runs backwards)
        self.open_hexes = open_hexes
        self.limit = limit
        self.dist: dict[Hex, int] = {}
        #: every walkable hex -> the least distance found so far (``limit + 1`` until one
        #: is): a step is tried with one lookup here, no walkable-set test besides
        self.best = _unreached(open_hexes, limit + 1)
        self.buckets: list[list[Hex]] = [[]]
        for g in goals:
            if g not in self.dist:
                self.dist[g] = 0
                if g in self.best:
                    self.best[g] = 0
                self.buckets[0].append(g)
        self.has_goals = bool(self.dist)
        #: the buckets expanded so far (every bucket below this index)
        self.done = 0

    def __bool__(self) -> bool:
        return self.has_goals

    def get(self, h: Hex, default: int | None = None) -> int | None:
        """Movement points from ``h`` to the nearest goal (``default``: none within the
        limit)."""
        d = self.dist.get(h)
        if d is not None and d <= self.done:
            return d
        if self.done < len(self.buckets):
            self._expand((h,))
            d = self.dist.get(h)
        return default if d is None else d

    def within(self, h: Hex, limit: int) -> int | None:
        """Movement points from ``h`` to the nearest goal if at most ``limit``, else None
        (searching no further than ``limit`` needs)."""
        d = self.dist.get(h)
        if d is None or d > self.done:
            if self.done <= limit and self.done < len(self.buckets):
                self._expand((h,), limit)
            d = self.dist.get(h)
        return d if d is not None and d <= limit and d <= self.done else None

    def __contains__(self, h: object) -> bool:
        return self.get(h) is not None  # type: ignore[arg-type]

    def settled(self, hexes: Iterable[Hex]) -> dict[Hex, int]:
        """Distances that are final for every hex of ``hexes`` (one that is missing has
        no goal within the limit). Other hexes in the mapping may not be final yet: read
        only those asked for. (A plain mapping for a loop over many hexes.)"""
        if self.done < len(self.buckets):
            self._expand(tuple(hexes))
        return self.dist

    def _expand(self, wanted: tuple[Hex, ...], bound: int | None = None) -> None:
        """Expand buckets until every hex of ``wanted`` has its final distance, or every
        distance up to ``bound`` is final, or the search is over."""
        dist = self.dist
        buckets = self.buckets
        adj = self.adj
        best = self.best
        step_of = self.step_costs.get
        limit = self.limit
        over = limit + 1  # (no distance beyond the limit)
        # (bound once: looked up for every neighbour of every hex; -1 for a hex that may
        # not be walked, so no step into it is ever better)
        known = best.get
        d = self.done
        last = over if bound is None else bound + 1
        while d < len(buckets) and d < last:
            # distances up to d are final once bucket d - 1 is expanded (steps cost >= 1)
            for w in wanted:
                got = dist.get(w)
                if got is None or got > d:
                    break
            else:
                break
            for h in buckets[d]:
                if dist[h] != d:
                    continue  # reached more cheaply since it was queued
                # the cost of entering h, paid by a figure stepping from a neighbour into it
                nd = d + step_of(h, 1)
                if nd > limit:
                    continue
                for n in adj.get(h, ()):
                    if nd < known(n, -1):
                        best[n] = nd
                        dist[n] = nd
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(n)
            buckets[d] = []  # expanded: not needed again
            d += 1
        self.done = d


#: (walkable hexes, limit + 1) -> every walkable hex mapped to limit + 1, copied per field
#: (a dict copy in C; made once per walkable set, which a side's fields share)
_UNREACHED: dict[tuple[frozenset[Hex], int], dict[Hex, int]] = {}


def _unreached(open_hexes: frozenset[Hex], over: int) -> dict[Hex, int]:
    key = (open_hexes, over)
    got = _UNREACHED.get(key)
    if got is None:
        if len(_UNREACHED) >= 64:
            _UNREACHED.clear()
        got = _UNREACHED[key] = dict.fromkeys(open_hexes, over)
    return got.copy()


def attack_hexes(
    board: Board,
    state: GameState,
    targets: Iterable[Figure],
    attack_range: int,
    mover: Figure,
    check_los: bool = True,
) -> set[Hex]:
    """Hexes ``mover`` could stand on to attack one of ``targets`` with ``attack_range``."""
    occupied = {f.hex for f in state.figures.values() if f.id != mover.id}
    obstacles = state.obstacles
    play = _play_hexes(board, state)
    out: set[Hex] = set()
    rng = max(1, attack_range)
    for t in targets:
        los = rng > 1 and check_los
        cands = board.adj.get(t.hex, ()) if rng == 1 else _ring_within(board, t.hex, rng)
        for h in cands:
            if h in occupied or h in obstacles or h in out or h not in play:
                continue
            if los and not board.visible(h, t.hex):
                continue
            out.add(h)
    return out


#: (board, centre, range) -> the board's hexes 1..range away from the centre, in the
#: board's order: the map never changes, so a ranged character's candidate hexes around an
#: enemy are listed once per board instead of measuring every hex of the map each move
_WITHIN: dict[tuple[Board, Hex, int], tuple[Hex, ...]] = {}


def _ring_within(board: Board, center: Hex, rng: int) -> tuple[Hex, ...]:
    key = (board, center, rng)
    got = _WITHIN.get(key)
    if got is None:
        if len(_WITHIN) >= _MEMO_SIZE:
            _WITHIN.clear()
        got = _WITHIN[key] = tuple(h for h in board.adj if 0 < distance(h, center) <= rng)
    return got


#: closed_doors' answers by their whole input (the doors' state and the revealed rooms):
#: asked several times per move and per card plan, changed a few times per game
_DOORS: dict[tuple[object, ...], list[Hex]] = {}


def closed_doors(board: Board, state: GameState) -> list[Hex]:
    """Doors not yet opened that lead into a room not yet revealed (the way on).

    The returned list may be shared with later calls on the same input: do not change it.
    """
    key = (
        board,
        tuple(state.revealed_rooms),
        frozenset(state.open_doors),
        frozenset(state.unlocked_doors),
        frozenset(state.locked_doors),
    )
    got = _DOORS.get(key)
    if got is None:
        if len(_DOORS) >= _MEMO_SIZE:
            _DOORS.clear()
        got = _DOORS[key] = _closed_doors(board, state)
    return got


def _closed_doors(board: Board, state: GameState) -> list[Hex]:
    out = []
    for h, door in board.doors.items():
        if h in state.open_doors:
            continue
        if board.door_locked(state, h):
            continue
        if any(room not in state.revealed_rooms for room in door.rooms) and board.in_play(state, h):
            out.append(h)
    return out


def steps_to(
    board: Board,
    state: GameState,
    mover: Figure,
    goals: set[Hex],
    limit: int = 40,
) -> int | None:
    """Movement points from ``mover`` to the nearest of ``goals`` (None: none within
    ``limit``).

    An A* search: a hex is taken in order of the cost so far plus the hex distance to the
    nearest goal, a lower bound on what is left since every step costs at least 1, and
    one that never drops by more than a step's cost; so the first goal taken is the
    cheapest one, the same number a plain search finds, after looking at far fewer hexes
    (the bots ask this for a far door many times per game).
    """
    start = mover.hex
    if start in goals:
        return 0
    if not goals:
        return None
    open_hexes = _open_hexes(board, state, mover)
    if start in open_hexes and limit <= FIELD_LIMIT:
        # The backward field from the goals gives the same number (the cost of every hex
        # entered, the goal included, the start not): a goal nobody may enter is dropped
        # first, as the forward search could not end there either. The field serves every
        # figure of the side and every later question until an enemy moves, so it is
        # almost always remembered already.
        field = walking_field(board, state, [g for g in goals if g in open_hexes], mover)
        return field.within(start, limit)
    key, open_hexes = _memo_key("steps", board, state, mover, goals, limit)
    if key in _MEMO:
        return _MEMO[key]  # type: ignore[return-value]
    got = _steps_to(board, state, mover, goals, limit, open_hexes)
    _remember(key, got)
    return got


def _steps_to(
    board: Board,
    state: GameState,
    mover: Figure,
    goals: set[Hex],
    limit: int,
    open_hexes: frozenset[Hex],
) -> int | None:
    start = mover.hex
    traps = state.traps
    hazardous, difficult = _terrain(board, state)
    flying = mover.flying
    adj = board.adj
    targets = [(g[0], g[1]) for g in goals]
    estimate: dict[Hex, int] = {}

    def lower_bound(h: Hex) -> int:
        got = estimate.get(h)
        if got is None:
            q, r = h
            got = min((abs(q - gq) + abs(r - gr) + abs(q + r - gq - gr)) // 2 for gq, gr in targets)
            estimate[h] = got
        return got

    best: dict[Hex, int] = {start: 0}
    f0 = lower_bound(start)
    if f0 > limit:
        return None
    buckets: list[list[Hex]] = [[] for _ in range(f0 + 1)]
    buckets[f0].append(start)
    f = f0
    while f < len(buckets):
        for h in buckets[f]:
            d = best[h]
            if d + estimate[h] != f:
                continue  # reached more cheaply since it was queued
            if h in goals:
                return d
            for n in adj.get(h, ()):
                if n not in open_hexes:
                    continue
                step = 1
                if not flying:
                    if n in difficult:
                        step = 2
                    if n in traps or n in hazardous:
                        step += NEGATIVE_HEX_PENALTY
                nd = d + step
                if nd <= limit and nd < best.get(n, limit + 1):
                    nf = nd + lower_bound(n)
                    if nf > limit:
                        continue  # no goal within the limit that way
                    best[n] = nd
                    while len(buckets) <= nf:
                        buckets.append([])
                    buckets[nf].append(n)
        f += 1
    return None


def _play_hexes(board: Board, state: GameState) -> frozenset[Hex]:
    """The revealed map (the engine's cached set when it offers one)."""
    play_set = getattr(board, "play_set", None)
    if play_set is not None:
        hexes: frozenset[Hex] = play_set(state)
        return hexes
    return frozenset(h for h in board.adj if board.in_play(state, h))


#: (revealed map, blocked hexes) -> walkable hexes: the same frozenset object while
#: neither changes, so the memo keys that hold it hash it once (a frozenset keeps its hash)
_OPEN: dict[tuple[frozenset[Hex], frozenset[Hex]], frozenset[Hex]] = {}


def _open_hexes(board: Board, state: GameState, mover: Figure) -> frozenset[Hex]:
    """Hexes ``mover`` may walk through: the revealed map less enemies and obstacles
    (GH-MOVE-02, GH-OBST-01); a flying figure ignores both (GH-MOVE-06)."""
    play = _play_hexes(board, state)
    if mover.flying:
        return play
    blocked = {f.hex for f in state.figures.values() if f.side != mover.side}
    blocked.update(state.obstacles)
    blocked.discard(mover.hex)
    key = (play, frozenset(blocked))
    got = _OPEN.get(key)
    if got is None:
        if len(_OPEN) >= _MEMO_SIZE:
            _OPEN.clear()
        got = _OPEN[key] = play - key[1]
    return got


def _terrain(board: Board, state: GameState) -> tuple[Set[Hex], Set[Hex]]:
    """Hazardous and difficult hexes now (the state's, when the engine tracks changes)."""
    hazardous = getattr(state, "hazardous", None)
    difficult = getattr(state, "difficult", None)
    return (
        hazardous if hazardous is not None else board.spec.hazardous,
        difficult if difficult is not None else board.spec.difficult,
    )
