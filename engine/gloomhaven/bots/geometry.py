"""Walking distances for the bots: "how many movement points from here to somewhere useful".

One backward Dijkstra from a set of goal hexes gives, for every hex, the movement a
character needs to reach a goal: a hex from which it can attack an enemy, an unopened door,
a treasure. Monsters block (GH-MOVE-02), obstacles block (GH-OBST-01), difficult terrain
costs 2 (GH-DIFF-01), and traps and hazardous terrain cost extra so the bots walk around
them when they can (a person would).
"""

from __future__ import annotations

from collections.abc import Iterable, Set

from questforge.engine.core.hexgrid import distance
from questforge.engine.gloomhaven.game.board import Board
from questforge.engine.gloomhaven.game.spec import Hex
from questforge.engine.gloomhaven.game.state import Figure, GameState

#: extra cost the bots give a trap or hazardous hex on their way (not a rule: a preference)
NEGATIVE_HEX_PENALTY = 3


def walking_field(
    board: Board,
    state: GameState,
    goals: Iterable[Hex],
    mover: Figure,
    limit: int = 60,
) -> dict[Hex, int]:
    """Movement points from every reachable hex to the nearest goal hex, for ``mover``."""
    traps = state.traps
    hazardous, difficult = _terrain(board, state)
    flying = mover.flying
    # the hexes a step may come from (the walk runs backwards from the goals)
    open_hexes = _open_hexes(board, state, mover)
    # Dial's algorithm: step costs are small integers, so a list of buckets indexed by
    # distance replaces the heap (no tuple comparisons; about twice as fast here)
    dist: dict[Hex, int] = {}
    buckets: list[list[Hex]] = [[]]
    for g in goals:
        if g not in dist:
            dist[g] = 0
            buckets[0].append(g)
    adj = board.adj
    d = 0
    while d < len(buckets):
        for h in buckets[d]:
            if dist[h] != d:
                continue  # reached more cheaply since it was queued
            # the cost of entering h, paid by a figure stepping from a neighbour into it
            step = 1
            if not flying:
                if h in difficult:
                    step = 2
                if h in traps or h in hazardous:
                    step += NEGATIVE_HEX_PENALTY
            nd = d + step
            if nd > limit:
                continue
            for n in adj.get(h, ()):
                if n in open_hexes and nd < dist.get(n, limit + 1):
                    dist[n] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(n)
        d += 1
    return dist


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
    out: set[Hex] = set()
    rng = max(1, attack_range)
    for t in targets:
        if rng == 1:
            cands: Iterable[Hex] = board.adj.get(t.hex, ())
        else:
            cands = (h for h in board.adj if 0 < distance(h, t.hex) <= rng)
        for h in cands:
            if h in occupied or h in state.obstacles or h in out:
                continue
            if not board.in_play(state, h):
                continue
            if rng > 1 and check_los and not board.visible(h, t.hex):
                continue
            out.add(h)
    return out


def closed_doors(board: Board, state: GameState) -> list[Hex]:
    """Doors not yet opened that lead into a room not yet revealed (the way on)."""
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
    """Movement points from ``mover`` to the nearest of ``goals`` (forward search that stops
    at the first goal reached: cheaper than a whole :func:`walking_field`)."""
    start = mover.hex
    if start in goals:
        return 0
    if not goals:
        return None
    traps = state.traps
    hazardous, difficult = _terrain(board, state)
    flying = mover.flying
    open_hexes = _open_hexes(board, state, mover)
    adj = board.adj
    best: dict[Hex, int] = {start: 0}
    buckets: list[list[Hex]] = [[start]]
    d = 0
    while d < len(buckets):
        for h in buckets[d]:
            if best[h] != d:
                continue
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
                    best[n] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(n)
        d += 1
    return None


def _play_hexes(board: Board, state: GameState) -> frozenset[Hex]:
    """The revealed map (the engine's cached set when it offers one)."""
    play_set = getattr(board, "play_set", None)
    if play_set is not None:
        hexes: frozenset[Hex] = play_set(state)
        return hexes
    return frozenset(h for h in board.adj if board.in_play(state, h))


def _open_hexes(board: Board, state: GameState, mover: Figure) -> frozenset[Hex]:
    """Hexes ``mover`` may walk through: the revealed map less enemies and obstacles
    (GH-MOVE-02, GH-OBST-01); a flying figure ignores both (GH-MOVE-06)."""
    play = _play_hexes(board, state)
    if mover.flying:
        return play
    blocked = {f.hex for f in state.figures.values() if f.side != mover.side}
    blocked.update(state.obstacles)
    blocked.discard(mover.hex)
    return play - blocked


def _terrain(board: Board, state: GameState) -> tuple[Set[Hex], Set[Hex]]:
    """Hazardous and difficult hexes now (the state's, when the engine tracks changes)."""
    hazardous = getattr(state, "hazardous", None)
    difficult = getattr(state, "difficult", None)
    return (
        hazardous if hazardous is not None else board.spec.hazardous,
        difficult if difficult is not None else board.spec.difficult,
    )
