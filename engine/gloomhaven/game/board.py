"""The scenario board as the rules see it: static geometry (walls, thin walls, rooms,
doors) from :mod:`questforge.engine.core.hexgrid` / :mod:`~questforge.engine.core.los`,
plus the rule-level questions that depend on the current state (which hexes a figure may
enter, how much a step costs, which path it takes).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from questforge.engine.core.hexgrid import Hex as GridHex
from questforge.engine.core.hexgrid import HexBoard, distance, mirror, rotate
from questforge.engine.core.los import LineOfSight
from questforge.engine.gloomhaven.ai.solver import GeometryCache
from questforge.engine.gloomhaven.game.spec import (
    AreaPattern,
    DoorSpec,
    Hex,
    ScenarioSpec,
    rooms_by_hex,
)
from questforge.engine.gloomhaven.game.state import GameState

#: "not cached yet" (``None`` is a cached answer)
_MISSING: Any = object()


class Board:
    """Static geometry of one scenario, built once and shared by every game copy."""

    def __init__(self, spec: ScenarioSpec) -> None:
        self.spec = spec
        walls = [tuple(sorted(pair)) for pair in spec.thin_walls]
        self.grid = HexBoard(spec.hexes, [(w[0], w[1]) for w in walls])
        self.adj: dict[Hex, tuple[Hex, ...]] = {
            (h[0], h[1]): tuple((n[0], n[1]) for n in ns) for h, ns in self.grid.adjacency.items()
        }
        self.los = LineOfSight(spec.hexes, [(w[0], w[1]) for w in walls])
        self.room_of: dict[Hex, str] = rooms_by_hex(spec)
        self.doors: dict[Hex, DoorSpec] = {d.hex: d for d in spec.doors}
        self._play_cache: dict[tuple[str, ...], frozenset[Hex]] = {}
        self._last_rooms: list[str] | None = None
        self._last_len = -1
        self._last_play: frozenset[Hex] = frozenset()
        self._monster_cache: dict[
            tuple[tuple[str, ...], frozenset[Hex]],
            tuple[frozenset[GridHex], tuple[tuple[GridHex, GridHex], ...]],
        ] = {}
        #: (id of a cached view, origin, range) -> the hexes within range (``None``: the
        #: origin is off that view's map), for :meth:`within_range`
        self._within_cache: dict[tuple[int, Hex, int], frozenset[GridHex] | None] = {}
        #: :func:`aoe_placements`' answers by (pattern, origin, range, id of the cached
        #: character view the range is counted on; ``id(None)`` for melee patterns)
        self._aoe_cache: dict[tuple[AreaPattern, Hex, int, int], tuple[frozenset[Hex], ...]] = {}
        self._character_cache: dict[
            tuple[str, ...], tuple[frozenset[GridHex], tuple[tuple[GridHex, GridHex], ...]]
        ] = {}
        #: a revealed map and its all-plain step table (see ``_step_table``)
        self._plain_steps: tuple[frozenset[Hex], dict[Hex, tuple[int, int] | None]] = (
            frozenset(),
            {},
        )
        #: the last answer of :meth:`character_view`: (the rooms list, its length, view)
        self._last_view: (
            tuple[list[str], int, tuple[frozenset[GridHex], tuple[tuple[GridHex, GridHex], ...]]]
            | None
        ) = None
        #: the monster-AI solver's geometry (neighbours, line of sight) per monster view:
        #: it depends on the map only, so every game of the scenario shares it
        #: (:meth:`monster_view` returns the same objects while the map is unchanged)
        self.geometry = GeometryCache(size=32)

    def room_at(self, h: Hex) -> str | None:
        """The room of a hex; a door hex counts as the first room it joins (reports)."""
        room = self.room_of.get(h)
        if room is None and h in self.doors:
            room = self.doors[h].rooms[0]
        return room

    def visible(self, a: Hex, b: Hex) -> bool:
        """GH-LOS-01: corner-to-corner line of sight (walls and thin walls block)."""
        return self.los.visible(a, b)

    def melee_reach(self, a: Hex, b: Hex) -> bool:
        """A melee attack reaches an adjacent hex unless a thin wall lies on the shared
        edge (GH-ATK-03, GH-MAP-02); the same reading as the monster-AI solver's."""
        return (min(a, b), max(a, b)) not in self.thin_edges

    def adjacent(self, a: Hex, b: Hex) -> bool:
        """Neighbouring hexes with no thin wall on their shared edge: what a melee attack
        reaches (GH-REF-08 counts a hex behind a thin wall two away). The one reading of
        "adjacent" for a ranged attack's disadvantage (GH-ATK-04) and for a target next
        to an ally (GH-XP-03)."""
        return distance(a, b) == 1 and self.melee_reach(a, b)

    @functools.cached_property
    def grid_hexes(self) -> dict[Hex, GridHex]:
        """Every hex of the board as a :class:`~questforge.engine.core.hexgrid.Hex` (the
        monster-AI solver's type), made once: each solver call names the figures' hexes
        and the terrain's."""
        return {h: GridHex(h[0], h[1]) for h in self.adj}

    @functools.cached_property
    def thin_edges(self) -> frozenset[tuple[Hex, Hex]]:
        edges: set[tuple[Hex, Hex]] = set()
        for pair in self.spec.thin_walls:
            a, b = sorted(tuple(h) for h in pair)
            edges.add(((a[0], a[1]), (b[0], b[1])))
        return frozenset(edges)

    def in_play(self, state: GameState, h: Hex) -> bool:
        """A hex figures may stand on: in a revealed room, or a door of a revealed room."""
        rooms = state.revealed_rooms
        if len(rooms) == self._last_len and rooms is self._last_rooms:
            return h in self._last_play
        return h in self.play_set(state)

    def play_set(self, state: GameState) -> frozenset[Hex]:
        """Every hex of the revealed map (cached per set of revealed rooms)."""
        rooms = state.revealed_rooms
        if len(rooms) == self._last_len and rooms is self._last_rooms:
            return self._last_play  # the hot path: rooms are only ever appended
        key = tuple(rooms)
        got = self._play_cache.get(key)
        if got is None:
            revealed = set(key)
            hexes = {h for h, room in self.room_of.items() if room in revealed}
            hexes |= {
                h for h, d in self.doors.items() if d.rooms[0] in revealed or d.rooms[1] in revealed
            }
            got = frozenset(hexes)
            self._play_cache[key] = got
        self._last_rooms, self._last_len, self._last_play = rooms, len(rooms), got
        return got

    def monster_view(
        self, state: GameState
    ) -> tuple[frozenset[GridHex], tuple[tuple[GridHex, GridHex], ...]]:
        """The board as the monster-AI solver sees it: revealed hexes without closed doors
        (walls to monsters and summons, GH-DOOR-03) and the thin walls among them. Cached
        per (revealed rooms, open doors): it changes a few times per game."""
        key = (tuple(state.revealed_rooms), frozenset(state.open_doors))
        got = self._monster_cache.get(key)
        if got is None:
            hexes = frozenset(
                GridHex(q, r)
                for q, r in self.play_set(state)
                if not (((q, r) in self.doors) and (q, r) not in state.open_doors)
            )
            walls = self._thin_walls_among(hexes)
            got = (hexes, walls)
            self._monster_cache[key] = got
        return got

    def _thin_walls_among(self, hexes: frozenset[GridHex]) -> tuple[tuple[GridHex, GridHex], ...]:
        """The scenario's thin walls with both sides in ``hexes``, in a fixed order (a
        board view's walls, as the monster-AI geometry takes them)."""
        return tuple(
            (GridHex(*a), GridHex(*b))
            for a, b in sorted(tuple(sorted(w)) for w in self.spec.thin_walls)
            if a in hexes and b in hexes
        )

    def character_view(
        self, state: GameState
    ) -> tuple[frozenset[GridHex], tuple[tuple[GridHex, GridHex], ...]]:
        """The board as characters count range on it: every revealed hex (a closed door is
        not a wall to characters, GH-DOOR-02) and the thin walls among them. Cached per
        set of revealed rooms."""
        rooms = state.revealed_rooms
        last = self._last_view
        # (the hot path, as in :meth:`play_set`: rooms are only ever appended to a
        # state's list, so the same list at the same length is the same view)
        if last is not None and last[0] is rooms and last[1] == len(rooms):
            return last[2]
        key = tuple(rooms)
        got = self._character_cache.get(key)
        if got is None:
            grid = self.grid_hexes
            hexes = frozenset(grid[h] for h in self.play_set(state))
            walls = self._thin_walls_among(hexes)
            got = (hexes, walls)
            self._character_cache[key] = got
        self._last_view = (rooms, len(rooms), got)
        return got

    def within_range(
        self, state: GameState, origin: Hex, h: Hex, rng: int, monsters_view: bool = False
    ) -> bool:
        """Whether ``h`` is within range ``rng`` of ``origin``: hexes counted along the
        shortest path that does not cross a wall or a thin wall (GH-REF-08; figures,
        obstacles and terrain do not lengthen it). One measure for every range in the
        game - attacks, heals, bonuses given to allies, retaliate, loot, traps - so a
        character's reach and a monster's agree. ``monsters_view``: on the board as
        monsters and summons see it (closed doors are walls, GH-DOOR-03); otherwise as
        characters see it. Line of sight is a separate question (GH-LOS-01)."""
        dq = origin[0] - h[0]
        dr = origin[1] - h[1]
        if abs(dq) + abs(dr) + abs(dq + dr) > 2 * rng:  # (``distance``, written out)
            return False  # the path is never shorter than the plain hex count
        view = self.monster_view(state) if monsters_view else self.character_view(state)
        # the views live in this board's caches as long as the board: their identity keys
        # the hexes within range of a hex (asked again and again by the bots' plans)
        key = (id(view), origin, rng)
        within = self._within_cache.get(key, _MISSING)
        if within is _MISSING:
            hexes, walls = view
            start = GridHex(origin[0], origin[1])
            # not on that map (cannot happen in play): the plain count, ``None``
            within = (
                self.geometry.for_map(hexes, walls).within(start, rng) if start in hexes else None
            )
            self._within_cache[key] = within
        # a plain (q, r) tuple equals and hashes as the GridHex of the same hex
        return within is None or h in within

    def proximity(self, state: GameState, a: Hex, b: Hex, monsters_view: bool = True) -> int:
        """The hex count from ``a`` to ``b`` along paths that cross no wall or thin wall
        (GH-REF-07's proximity; figures and terrain do not lengthen it), on the monsters'
        board (closed doors are walls, GH-DOOR-03) or the characters'. A hex that cannot
        be reached counts as very far."""
        hexes, walls = self.monster_view(state) if monsters_view else self.character_view(state)
        start = GridHex(a[0], a[1])
        if start not in hexes:
            return 10_000
        table = self.geometry.for_map(hexes, walls).proximity(start)
        return table.get(GridHex(b[0], b[1]), 10_000)

    def closed_door(self, state: GameState, h: Hex) -> bool:
        return h in self.doors and h not in state.open_doors

    def door_locked(self, state: GameState, h: Hex) -> bool:
        """A locked door (GH-SPEC-03): locked in the scenario and not yet unlocked, or
        locked by a special rule since; a wall to characters too."""
        door = self.doors.get(h)
        if door is None:
            return False
        return (door.locked and h not in state.unlocked_doors) or h in state.locked_doors

    def play_hexes(self, state: GameState, monsters_view: bool) -> list[Hex]:
        """Hexes of the revealed map. For monsters and summons closed doors are walls
        (GH-DOOR-03)."""
        play = self.play_set(state)
        if not monsters_view:
            return list(play)
        return [h for h in play if not self.closed_door(state, h)]


class Route(NamedTuple):
    """A chosen way to a destination: ``path`` excludes the start hex.

    (A named tuple: a move builds one per reachable hex, and a frozen dataclass is several
    times slower to create.)
    """

    dest: Hex
    path: tuple[Hex, ...]
    cost: int
    negatives: int


def find_moves(
    board: Board,
    state: GameState,
    start: Hex,
    budget: int,
    side: str,
    *,
    jump: bool = False,
    flying: bool = False,
    character: bool = True,
    goal: Hex | None = None,
) -> Moves:
    """Every hex a figure of ``side`` at ``start`` can end a move on with ``budget`` points,
    with the cost of getting there (:class:`Moves`; :func:`find_routes` gives the routes).

    GH-MOVE-02 (through allies, not enemies/obstacles, never walls), GH-MOVE-04 (never end
    on a figure), GH-MOVE-05 (jump ignores figures and terrain; the last hex is normal:
    landing on difficult terrain costs 2, a trap or hazard there is sprung),
    GH-MOVE-06 (flying ignores everything, still ends on an empty hex), GH-MOVE-08 /
    GH-DIFF-01 (difficult terrain costs 2), GH-DOOR-02/03 (closed doors: characters may
    enter them - the move stops there so the room can be revealed, GH-ROOM-01; they are
    walls for monsters and summons).

    Among routes to one hex, the one entering the fewest traps and hazardous hexes wins,
    then the cheapest (a player would choose it: the rules let the mover pick the path).

    ``goal``: only the route to that hex is wanted (a monster's solver-chosen destination);
    the result may then hold just that route, found by the same search stopped early (the
    route is the same as in the full answer).
    """
    occupied = {f.hex: f.side for f in state.figures.values()}
    play = board.play_set(state)
    traps = state.traps
    hazardous = state.hazardous
    difficult = state.difficult
    obstacles = state.obstacles
    ignore_terrain = jump or flying
    doors = board.doors
    open_doors = state.open_doors

    # The cost of stepping into each hex that is not plain, as (cost, negatives), None =
    # blocked (a hex of the revealed map missing here costs (1, 0)); checked in the order
    # of the rules below, the blocking ones written last so that they win:
    # GH-DOOR-03 / GH-SPEC-03 (a closed door: a wall to monsters and summons, a locked one
    # to everybody; a character may enter it), GH-OBST-01, GH-MOVE-02 (enemies block),
    # GH-TRAP / GH-HAZ (negative hexes), GH-DIFF-01 (difficult terrain costs 2); jumping and
    # flying ignore all but the doors (GH-MOVE-05/06). Made once per search from the few
    # special hexes, instead of a Python call per hex looked at.
    special: dict[Hex, tuple[int, int] | None] = {}
    if not ignore_terrain:
        for h in difficult:
            special[h] = _DIFFICULT
        for group in (traps, hazardous):
            for h in group:
                special[h] = _DIFFICULT_NEGATIVE if h in difficult else _NEGATIVE
        for h, other in occupied.items():
            if other != side:
                special[h] = None
        for h in obstacles:
            special[h] = None
    for h in doors:
        if h not in open_doors and (not character or board.door_locked(state, h)):
            special[h] = None

    if ignore_terrain or not _negative_within(start, budget, traps, hazardous):
        return _plain_moves(
            board, state, start, budget, special, play, occupied, jump, flying, goal
        )

    # Labels per hex: the Pareto set of (negatives, cost), so a cheap route through a trap
    # survives beside a safe but longer one that the budget might cut off. A label is
    # (negatives, cost, hex, the label it was reached from): the path is read off that
    # chain for the one route a move takes, not copied at every step. Labels are taken in
    # (cost, negatives, hex) order: no two share all three (an equal label is never
    # added), so the order is the search's own. They wait in Dial's buckets, one per cost
    # (a step costs at least 1, so a bucket is complete before it is taken), each sorted
    # once - its labels share the cost, so a label's own order is (negatives, hex) - the
    # order a heap would pop them in, for one sort per cost instead of a heap operation
    # per label.
    root: _Label = (0, 0, start, None)
    labels: dict[Hex, list[_Label]] = {start: [root]}
    #: the labels to take, by cost (only those below the budget are ever expanded)
    buckets: list[list[_Label]] = [[] for _ in range(max(budget, 0))]
    if buckets:
        buckets[0].append(root)
    steps = _step_table(board, play, special)
    adj = board.adj
    # (bound once: looked up for every neighbour of every hex taken)
    step_of = steps.get
    labels_of = labels.get
    found = False
    for bucket in buckets:
        bucket.sort()
        for label in bucket:
            neg, cost, h, _ = label
            if h != start and h in doors and h not in open_doors:
                continue  # a character stops on a closed door (it opens, GH-ROOM-01)
            for n in adj.get(h, ()):
                step = step_of(n)
                if step is None:
                    continue
                ncost = cost + step[0]
                if ncost > budget:
                    continue
                nneg = neg + step[1]
                lab = labels_of(n)
                if lab is None:
                    new: _Label = (nneg, ncost, n, label)
                    labels[n] = [new]
                else:
                    # Labels are taken in (cost, negatives) order and every label of ``n``
                    # costs the cost it was reached from plus ``n``'s own step, so no
                    # label of ``n`` costs more than this one: it is dominated exactly when
                    # one has no more negatives, and a label is only ever added with fewer
                    # negatives than all before it - so the last one has the fewest.
                    if lab[-1][0] <= nneg:
                        continue  # dominated
                    if any(ncost <= x[1] and nneg <= x[0] for x in lab):
                        lab[:] = [x for x in lab if not (ncost <= x[1] and nneg <= x[0])]
                    new = (nneg, ncost, n, label)
                    lab.append(new)
                if nneg == 0 and n == goal:
                    found = True  # final: see below
                    break
                if ncost < budget:  # (with the budget spent it would not be expanded)
                    buckets[ncost].append(new)
            if found:
                break
        if found:
            break
    if found:
        # The goal has a label without negatives: the label the full search keeps for it
        # (none can have fewer negatives, and a later one with as few is dominated, so it
        # stays the last; its chain is fixed), so only the goal's route is answered.
        assert goal is not None  # (only the goal ends the search early)
        labels = {goal: labels[goal]}
    costs: dict[Hex, tuple[int, int]] = {}
    best: dict[Hex, _Label] = {}
    for h, lab in labels.items():
        if h != start:
            if h in occupied:
                continue  # GH-MOVE-04 / GH-MOVE-06
            if not flying and h in obstacles:
                continue
        # the fewest negatives, then the cheapest ((negatives, cost) differ within a set):
        # the last label (see the search above: each added one has fewer negatives)
        top = lab[-1]
        final_neg = top[0]
        if jump and h != start:
            # GH-MOVE-05: only the last hex of a jump is normal movement
            final_neg = 1 if (h in traps or h in hazardous) else 0
        costs[h] = (top[1], final_neg)
        best[h] = top
    return Moves(costs, labels=best)


def find_routes(
    board: Board,
    state: GameState,
    start: Hex,
    budget: int,
    side: str,
    *,
    jump: bool = False,
    flying: bool = False,
    character: bool = True,
    goal: Hex | None = None,
) -> dict[Hex, Route]:
    """Every hex a figure of ``side`` at ``start`` can end a move on with ``budget`` points,
    with the route there (see :func:`find_moves` for the rules; ``goal``: only the route to
    that hex is wanted, the result may hold just that one)."""
    moves = find_moves(
        board,
        state,
        start,
        budget,
        side,
        jump=jump,
        flying=flying,
        character=character,
        goal=goal,
    )
    if goal is not None:
        return {goal: moves.route(goal)} if goal in moves.costs else {}
    return {h: moves.route(h) for h in moves.costs}


#: a search label: (negatives, cost, hex, the label it came from; None at the start)
_Label = tuple[int, int, Hex, "_Label | None"]


def move_destinations(moves: Moves, here: Hex) -> list[Hex]:
    """The options of a character's ``move`` decision: staying first, then by cost and
    hex (the keys are built as plain tuples and compared in C: no key function called per
    reachable hex). The bot weighing a move item asks the same list (GH-ITEM-06)."""
    return [k[2] for k in sorted([(h != here, c[0], h) for h, c in moves.costs.items()])]


class Moves:
    """The answer of :func:`find_moves`: every destination's (cost, negatives), in the
    order the search met them, and the route to any of them on demand.

    A move takes one route of the dozens the search finds; building every path (and a
    :class:`Route` per hex) cost about a third of a character move's search. A path is
    read off the search's own record (parent hexes, or the labels' chains), so it is the
    path the search found.
    """

    __slots__ = ("_labels", "_parent", "_paths", "costs")

    def __init__(
        self,
        costs: dict[Hex, tuple[int, int]],
        *,
        parent: dict[Hex, Hex] | None = None,
        start: Hex | None = None,
        labels: dict[Hex, _Label] | None = None,
    ) -> None:
        #: destination -> (cost, negatives entered on the way)
        self.costs = costs
        self._parent = parent
        self._paths: dict[Hex, tuple[Hex, ...]] = {start: ()} if start is not None else {}
        self._labels = labels

    def route(self, h: Hex) -> Route:
        """The route to destination ``h`` (a key of :attr:`costs`)."""
        cost, neg = self.costs[h]
        return make_route(Route, (h, self._path(h), cost, neg))

    def _path(self, h: Hex) -> tuple[Hex, ...]:
        if self._labels is not None:
            chain: list[Hex] = []
            node = self._labels[h]
            while node[3] is not None:
                chain.append(node[2])
                node = node[3]
            chain.reverse()
            return tuple(chain)
        # a route's path is its parent's path plus the hex: each chain is walked once
        paths = self._paths
        parent = self._parent
        assert parent is not None
        path = paths.get(h)
        if path is None:
            chain = [h]
            node_hex = parent[h]
            while node_hex not in paths:
                chain.append(node_hex)
                node_hex = parent[node_hex]
            path = paths[node_hex]
            for step in reversed(chain):
                path = paths[step] = (*path, step)
        return path


_PLAIN = (1, 0)
_DIFFICULT = (2, 0)
_NEGATIVE = (1, 1)
_DIFFICULT_NEGATIVE = (2, 1)


def _step_table(
    board: Board, play: frozenset[Hex], special: Mapping[Hex, tuple[int, int] | None]
) -> dict[Hex, tuple[int, int] | None]:
    """The cost of stepping into every hex of the revealed map, as (cost, negatives), or
    ``None`` (blocked; a hex off the revealed map is missing): the map's all-plain table,
    copied in C, with the few special hexes written over it. A search reads each
    neighbour's step with one lookup instead of working it out on first sight."""
    plain = board._plain_steps
    if plain[0] is not play:
        board._plain_steps = plain = (play, dict.fromkeys(play, _PLAIN))
    steps: dict[Hex, tuple[int, int] | None] = plain[1].copy()
    for h, step in special.items():
        if h in steps:
            steps[h] = step
    return steps


#: a :class:`Route` from its four fields in one C call (the named tuple's own ``__new__``
#: is a Python function; a move builds a route per reachable hex)
make_route: Callable[[type[Route], tuple[Hex, tuple[Hex, ...], int, int]], Route] = tuple.__new__


def _negative_within(
    start: Hex, budget: int, traps: Iterable[Hex], hazardous: Iterable[Hex]
) -> bool:
    """Is a trap or hazardous hex within ``budget`` hexes of ``start`` (so a route might
    enter one)? Hex distance written out: this runs before every move."""
    sq, sr = start
    reach = 2 * budget
    for group in (traps, hazardous):
        for q, r in group:
            dq = q - sq
            dr = r - sr
            if abs(dq) + abs(dr) + abs(dq + dr) <= reach:
                return True
    return False


def _plain_moves(
    board: Board,
    state: GameState,
    start: Hex,
    budget: int,
    special: Mapping[Hex, tuple[int, int] | None],
    play: frozenset[Hex],
    occupied: Mapping[Hex, str],
    jump: bool,
    flying: bool,
    goal: Hex | None = None,
) -> Moves:
    """:func:`find_moves` when no trap or hazardous hex is in reach (the common case):
    a plain Dijkstra on movement cost, several times cheaper than the label search.

    With a ``goal`` the search stops once the goal is settled: its cost and parent chain
    are final then (costs are positive), so its route is the one the full search finds.
    """
    dist: dict[Hex, int] = {start: 0}
    parent: dict[Hex, Hex] = {}
    doors = board.doors
    open_doors = state.open_doors
    adj = board.adj
    steps = _step_table(board, play, special)
    over = budget + 1
    # (bound once: looked up for every neighbour of every hex taken)
    step_of = steps.get
    known = dist.get
    # Dial's buckets, one per cost, each taken in hex order: the order a heap of (cost,
    # hex) pops them in (a step costs at least 1, so a bucket is complete before it is
    # taken, and a hex enters a bucket once), so parents and routes are the heap's, for
    # one sort of a few hexes per cost instead of a heap operation per hex
    buckets: list[list[Hex]] = [[] for _ in range(max(budget, 0) + 1)]
    if buckets:
        buckets[0].append(start)
    for cost, bucket in enumerate(buckets):
        bucket.sort()
        for h in bucket:
            if cost > dist[h]:
                continue
            if h == goal:
                break
            if cost >= budget:
                continue  # every step costs at least 1: nothing further is within the budget
            if h != start and h in doors and h not in open_doors:
                continue  # a character stops on a closed door (it opens, GH-ROOM-01)
            for n in adj.get(h, ()):
                step = step_of(n)
                if step is None:
                    continue
                ncost = cost + step[0]
                if ncost <= budget and ncost < known(n, over):
                    dist[n] = ncost
                    parent[n] = h
                    if ncost < budget or n == goal:  # (else it would not be expanded)
                        buckets[ncost].append(n)
        else:
            continue
        dist = {goal: cost}  # the goal is settled: its route is the full search's
        break
    obstacles = state.obstacles
    difficult = state.difficult
    traps = state.traps
    hazardous = state.hazardous
    costs: dict[Hex, tuple[int, int]] = {}
    for h, cost in dist.items():
        neg = 0
        if h != start:
            if h in occupied:
                continue  # GH-MOVE-04 / GH-MOVE-06
            if not flying and h in obstacles:
                continue
            if jump and not flying and h in difficult:
                # GH-MOVE-05 / GH-DIFF-01: the last hex of a jump is normal movement, so
                # landing on difficult terrain costs 2 - for characters and monsters alike
                # (the monster-AI solver's ``landing_extra``)
                cost += 1
                if cost > budget:
                    continue
            if jump:
                # the last hex of a jump is entered normally: a trap or hazard there counts
                neg = 1 if (h in traps or h in hazardous) else 0
        costs[h] = (cost, neg)
    return Moves(costs, parent=parent, start=start)


def aoe_placements(
    pattern: AreaPattern, origin: Hex, range_: int, board: Board, state: GameState
) -> list[frozenset[Hex]]:
    """Every distinct hex set an area pattern can cover from ``origin`` (GH-AOE-01/04/05).

    Melee patterns are offsets from the attacker's hex, rotated (or flipped) about it. Ranged patterns
    may be anchored anywhere as long as one hex is within range and in line of sight.

    The answer depends on the map alone (the board's hexes, walls and line of sight, and
    for a ranged pattern the revealed map that range is counted on), never on figures or
    terrain, so it is remembered on the board, shared by every game of the scenario: a
    ranged area attack tries every anchor near the attacker in twelve orientations (a few
    thousand candidate hex sets), and the bots' plans and turns ask again and again.
    """
    view = None if pattern.melee else board.character_view(state)
    key = (pattern, origin, range_, id(view))
    got = board._aoe_cache.get(key)
    if got is None:
        if len(board._aoe_cache) >= _AOE_CACHE_SIZE:
            board._aoe_cache.clear()
        got = board._aoe_cache[key] = tuple(_aoe_placements(pattern, origin, range_, board, state))
    return list(got)


#: how many answers of :func:`aoe_placements` a board keeps
_AOE_CACHE_SIZE = 20_000


def _aoe_placements(
    pattern: AreaPattern, origin: Hex, range_: int, board: Board, state: GameState
) -> list[frozenset[Hex]]:
    seen: set[frozenset[Hex]] = set()
    out: list[frozenset[Hex]] = []
    # GH-AOE-01 / GH-REF-10: any rotation of the pattern or of its mirror image
    flipped = tuple(mirror(o) for o in pattern.hexes)
    rotations = [
        tuple(rotate(o, k) for o in shape) for shape in (pattern.hexes, flipped) for k in range(6)
    ]
    if pattern.melee:
        for offs in rotations:
            cover = frozenset((origin[0] + o[0], origin[1] + o[1]) for o in offs)
            cover = frozenset(h for h in cover if h in board.adj)
            if cover and cover not in seen:
                seen.add(cover)
                out.append(cover)
        return out
    # GH-AOE-04: legal when *any* hex of the pattern is within range (and in sight), not
    # only the hex the pattern is anchored on: an anchor may lie as far beyond the range
    # as the pattern reaches from its first hex (a pattern without symmetry would else
    # lose every placement whose in-range hex is not its first one)
    spread = max(distance(pattern.hexes[0], o) for o in pattern.hexes)
    anchors = [h for h in board.adj if distance(h, origin) <= range_ + spread]
    for offs in rotations:
        for a in anchors:
            # anchor ``a`` plays the role of pattern hex 0 offset
            base = offs[0]
            cover = frozenset((a[0] + o[0] - base[0], a[1] + o[1] - base[1]) for o in offs)
            cover = frozenset(h for h in cover if h in board.adj)
            if not cover or cover in seen:
                continue
            if not any(
                board.within_range(state, origin, h, range_) and board.visible(origin, h)
                for h in cover
            ):
                continue
            seen.add(cover)
            out.append(cover)
    return out


def nearest_empty(
    board: Board, state: GameState, target: Hex, extra: Iterable[Hex] = ()
) -> Hex | None:
    """The nearest hex to ``target`` with no figure, obstacle, trap or other token
    (GH-MOVE-07, GH-SPEC-01), searched by walking distance over the revealed map. A
    closed door is never empty (an overlay tile other than a corridor or an open door,
    GH-MOVE-07; a wall to monsters, GH-DOOR-03), as for summons (``Rules.empty_adjacent``)."""
    occupied = {f.hex for f in state.figures.values()} | set(extra)

    def empty(h: Hex) -> bool:
        return h not in occupied and empty_of_tokens(state, h) and not board.closed_door(state, h)

    frontier = [target]
    seen = {target}
    while frontier:
        candidates = sorted(h for h in frontier if board.in_play(state, h) and empty(h))
        if candidates:
            return candidates[0]
        nxt = []
        for h in frontier:
            for n in board.adj.get(h, ()):
                if n not in seen and board.in_play(state, n):
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return None


def empty_of_tokens(state: GameState, h: Hex) -> bool:
    """No obstacle, trap, coin, treasure, hazardous or difficult terrain on ``h``: the
    "empty hex" of GH-MOVE-07 / GH-TRAP-05 apart from figures (corridors and open doors
    count as empty, GH-CORR-01)."""
    return (
        h not in state.obstacles
        and h not in state.traps
        and h not in state.coins
        and h not in state.treasures
        and h not in state.hazardous
        and h not in state.difficult
    )
