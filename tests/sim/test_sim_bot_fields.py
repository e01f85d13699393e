"""The bots' walking fields are searched lazily (only as far as a question needs, resumed
later); every answer must be the distance a full search gives, whatever order the
questions come in, and a field must answer for the state it was asked about."""

from __future__ import annotations

import functools
import heapq
from pathlib import Path
from types import SimpleNamespace

from questforge.engine.core.rng import Rng
from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.bots import geometry
from questforge.engine.gloomhaven.game.from_model import content_from_pack
from questforge.engine.gloomhaven.game.spec import Hex

PARTY = ("lampwright", "ore-singer", "shaftbreaker", "tunnel-rat")


def full_field(board, state, goals, mover, limit=geometry.FIELD_LIMIT) -> dict[Hex, int]:
    """A plain backward Dijkstra with the bots' step costs (entering a hex: 1, difficult
    2, a trap or hazard the penalty more; enemies and obstacles block)."""
    open_hexes = geometry._open_hexes(board, state, mover)
    dist: dict[Hex, int] = {}
    heap = [(0, g) for g in goals]
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if h in dist:
            continue
        dist[h] = d
        step = 1
        if not mover.flying:
            if h in state.difficult:
                step = 2
            if h in state.traps or h in state.hazardous:
                step += geometry.NEGATIVE_HEX_PENALTY
        if d + step > limit:
            continue
        for n in board.adj.get(h, ()):
            if n in open_hexes and n not in dist:
                heapq.heappush(heap, (d + step, n))
    return dist


def test_lazy_fields_give_the_full_search_distances(sample_pack: Path) -> None:
    # GH-MOVE-02 (enemies block), GH-DIFF-01 (difficult terrain costs 2): the distances
    # the bots plan with, asked in a random order and in several ways
    content = content_from_pack(sample_pack)
    rng = Rng(7)
    compared = 0
    for seed in (1, 2):
        game = simulation.new_bot_game(content, "flooded-workings", PARTY, 1, seed)
        while not game.finished and game.state.round < 12:
            game.step_round()
            st = game.state
            play = sorted(game.board.play_set(st))
            monsters = [f for f in st.figures.values() if f.side == "monsters"]
            for fig in [f for f in st.figures.values() if f.kind == "character"]:
                goals = [m.hex for m in monsters] or play[:1]
                want = full_field(game.board, st, goals, fig)
                terrain = (frozenset(st.traps), frozenset(st.hazardous), frozenset(st.difficult))
                open_hexes = geometry._open_hexes(game.board, st, fig)

                fresh = functools.partial(
                    geometry.WalkingField,
                    game.board,
                    terrain,
                    goals,
                    fig,
                    geometry.FIELD_LIMIT,
                    open_hexes,
                )

                # fresh fields: the first question answered from a search stopped early,
                # then every hex while the search is part-way (some distances not final)
                for h in play[:: max(1, len(play) // 8)]:
                    assert fresh().settled([h]).get(h) == want.get(h), (h, seed)
                    field = fresh()
                    assert field.get(h) == want.get(h), (h, seed)
                    for other in play:
                        assert field.get(other) == want.get(other), (h, other, seed)
                    compared += 2 + len(play)
                field = fresh()
                order = list(play)
                for i in range(len(order) - 1, 0, -1):  # a seeded shuffle
                    j = rng.randbelow(i + 1)
                    order[i], order[j] = order[j], order[i]
                for k, h in enumerate(order):
                    if k % 3 == 0:
                        assert field.get(h) == want.get(h), (h, seed)
                    elif k % 3 == 1:
                        bound = rng.randbelow(8)
                        expected = want.get(h)
                        if expected is not None and expected > bound:
                            expected = None
                        assert field.within(h, bound) == expected, (h, bound, seed)
                    else:
                        assert field.settled([h]).get(h) == want.get(h), (h, seed)
                    compared += 1
    assert compared > 500


def test_a_field_answers_for_the_state_it_was_asked_about(sample_pack: Path) -> None:
    # a field resumed after the map changed (a trap set on the way) still gives the
    # distances of the moment it was asked for: the terrain it searches is frozen
    content = content_from_pack(sample_pack)
    game = simulation.new_bot_game(content, "flooded-workings", PARTY, 1, 3)
    game.step_round()
    st = game.state
    fig = next(f for f in st.figures.values() if f.kind == "character")
    goals = [next(iter(sorted(game.board.play_set(st))))]
    want = full_field(game.board, st, goals, fig)
    field = geometry.walking_field(game.board, st, goals, fig)
    assert field.get(goals[0]) == 0  # asked, barely searched
    far = max(want, key=lambda h: want[h])
    on_the_way = [h for h in want if 0 < want[h] < want[far] and h not in st.traps]
    for h in on_the_way:
        st.traps[h] = None  # the live state moves on
    try:
        assert field.get(far) == want[far]
    finally:
        for h in on_the_way:
            del st.traps[h]


def test_a_distance_is_given_only_once_final() -> None:
    # GH-HAZ-01 (the bots walk around hazards: entering one costs the penalty more): the
    # goal G is one step from a hazard H next to N, and four plain steps from N the long
    # way round; the search first reaches N through H (1 + 4 = 5) and only later finds 4
    g, a, c1, c2, n, h = (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (2, -1)
    board = SimpleNamespace(
        adj={g: (a, h), a: (g, c1), c1: (a, c2), c2: (c1, n), n: (c2, h), h: (g, n)}
    )
    mover = SimpleNamespace(flying=False)
    terrain = (frozenset(), frozenset({h}), frozenset())
    hexes = frozenset(board.adj)

    def fresh() -> geometry.WalkingField:
        return geometry.WalkingField(board, terrain, [g], mover, 60, hexes)  # type: ignore[arg-type]

    assert fresh().get(n) == 4
    field = fresh()
    assert field.get(c1) == 2  # the search stops here, N known only through the hazard
    assert field.get(n) == 4
    field = fresh()
    assert field.get(c1) == 2
    assert field.within(n, 3) is None
    assert field.within(n, 4) == 4
    field = fresh()
    assert field.get(c1) == 2
    assert field.settled([n])[n] == 4
