"""Walking distances for the bots: "how many movement points from here to somewhere useful".

One backward Dijkstra from a set of goal hexes gives, for every hex, the movement a
character needs to reach a goal: a hex from which it can attack an enemy, an unopened door,
a treasure. Monsters block (GH-MOVE-02), obstacles block (GH-OBST-01), difficult terrain
costs 2 (GH-DIFF-01), and traps and hazardous terrain cost extra so the bots walk around
them when they can (a person would).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

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
    blocked = {f.hex for f in state.figures.values() if f.side != mover.side}
    obstacles = state.obstacles
    traps = state.traps
    hazardous = board.spec.hazardous
    difficult = board.spec.difficult
    dist: dict[Hex, int] = {}
    heap: list[tuple[int, Hex]] = []
    for g in goals:
        if g not in dist:
            dist[g] = 0
            heap.append((0, g))
    heapq.heapify(heap)
    adj = board.adj
    in_play = board.in_play
    flying = mover.flying
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist.get(h, 1 << 30) or d > limit:
            continue
        # cost of entering h (we walk backwards: from a neighbour n into h)
        step = 1
        if not flying:
            if h in difficult:
                step = 2
            if h in traps or h in hazardous:
                step += NEGATIVE_HEX_PENALTY
        for n in adj.get(h, ()):
            if n in dist and dist[n] <= d + step:
                continue
            if not in_play(state, n):
                continue
            if not flying and (n in obstacles or n in blocked) and n != mover.hex:
                continue
            nd = d + step
            if nd < dist.get(n, 1 << 30):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
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
        if door.locked and h not in state.unlocked_doors:
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
    blocked = {f.hex for f in state.figures.values() if f.side != mover.side}
    obstacles = state.obstacles
    traps = state.traps
    hazardous = board.spec.hazardous
    difficult = board.spec.difficult
    adj = board.adj
    in_play = board.in_play
    flying = mover.flying
    best: dict[Hex, int] = {start: 0}
    heap: list[tuple[int, Hex]] = [(0, start)]
    while heap:
        d, h = heapq.heappop(heap)
        if h in goals:
            return d
        if d > best.get(h, 1 << 30) or d > limit:
            continue
        for n in adj.get(h, ()):
            if not flying and (n in obstacles or n in blocked):
                continue
            step = 1
            if not flying:
                if n in difficult:
                    step = 2
                if n in traps or n in hazardous:
                    step += NEGATIVE_HEX_PENALTY
            nd = d + step
            if nd < best.get(n, 1 << 30) and in_play(state, n):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return None
