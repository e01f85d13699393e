"""Seeded random situations: the solver never crashes and its options obey the rules."""

from __future__ import annotations

import random

import pytest

from questforge.engine.core.hexgrid import Hex
from questforge.engine.gloomhaven.ai import (
    ActiveMonster,
    AoePattern,
    Situation,
    SituationFigure,
    find_path,
    solve,
    solver,
)


def _random_situation(rng: random.Random) -> Situation | None:
    w, h = rng.randint(3, 9), rng.randint(3, 7)
    board = [(q, r) for q in range(w) for r in range(h)]
    holes = set(rng.sample(board, rng.randint(0, len(board) // 4)))
    hexes = [x for x in board if x not in holes]
    if len(hexes) < 3:
        return None
    free = hexes[:]
    rng.shuffle(free)
    me = free.pop()
    figures: list[SituationFigure] = []
    for _ in range(rng.randint(0, 4)):
        if free:
            figures.append(
                SituationFigure(
                    Hex(*free.pop()),
                    "character",
                    initiative=rng.choice([0, 10, 20, 99]),
                    invisible=rng.random() < 0.1,
                    summon=rng.random() < 0.1,
                )
            )
    for _ in range(rng.randint(0, 3)):
        if free:
            figures.append(SituationFigure(Hex(*free.pop()), "monster"))
    terrain: dict[Hex, str] = {}
    for _ in range(rng.randint(0, 6)):
        if free:
            terrain[Hex(*free.pop())] = rng.choice(["obstacle", "trap", "hazardous", "difficult"])
    thin = []
    for _ in range(rng.randint(0, 4)):
        a = rng.choice(hexes)
        n = (a[0] + 1, a[1])
        if n in hexes:
            thin.append((Hex(*a), Hex(*n)))
    aoe = None
    if rng.random() < 0.3:
        melee = rng.random() < 0.5
        cells = [(1, 0), (1, -1), (0, -1), (2, -1)] if melee else [(0, 0), (1, 0), (0, 1), (2, 0)]
        aoe = AoePattern(melee, tuple(Hex(*c) for c in rng.sample(cells, rng.randint(1, 3))))
    active = ActiveMonster(
        Hex(*me),
        move=rng.randint(0, 6),
        range=rng.choice([0, 0, 2, 3, 5]),
        targets=rng.choice([0, 1, 1, 2, 3, 6]),
        flying=rng.random() < 0.15,
        jumping=rng.random() < 0.15,
        muddled=rng.random() < 0.2,
        aoe=aoe,
    )
    return Situation(
        hexes=frozenset(Hex(*x) for x in hexes),
        figures=tuple(figures),
        active=active,
        terrain=terrain,
        thin_walls=tuple(thin),
    )


def _path_cost(sit: Situation, path: list[Hex]) -> int:
    a = sit.active
    if a.flying:
        return len(path) - 1
    if a.jumping:
        landing = 1 if len(path) > 1 and sit.terrain.get(path[-1]) == "difficult" else 0
        return len(path) - 1 + landing
    return sum(2 if sit.terrain.get(h) == "difficult" else 1 for h in path[1:])


def test_random_situations_give_lawful_options() -> None:
    rng = random.Random(20261130)
    checked = 0
    while checked < 300:
        sit = _random_situation(rng)
        if sit is None:
            continue
        checked += 1
        solution = solve(sit)
        assert solution.options
        enemies = {f.hex for f in sit.figures if f.side == "character" and not f.invisible}
        occupied = {f.hex for f in sit.figures}
        a = sit.active
        for o in solution.options:
            # GH-MOVE-04: never end on another figure; GH-OBST-01: only fliers end on obstacles.
            assert o.destination == a.hex or o.destination not in occupied
            if not a.flying and o.destination != a.hex:
                assert sit.terrain.get(o.destination) != "obstacle"
            # GH-ATK-01 / GH-MATK-02: only enemies are attacked, the focus among them.
            assert set(o.attacks) <= enemies
            if o.attacks:
                assert o.focus in o.attacks
            if a.targets == 0 or o.focus is None:
                assert not o.attacks
            if o.focus is None:
                assert o.destination == a.hex
            if a.aoe is None and 0 < a.targets < 6:
                assert len(o.attacks) <= a.targets
            # GH-MOVE-01 / GH-MOVE-08: the path fits the movement points.
            path = find_path(sit, o.destination)
            assert path[0] == a.hex and path[-1] == o.destination
            assert _path_cost(sit, path) <= a.move


def test_the_lazy_travel_searches_give_the_options_of_the_full_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # GH-FOCUS-02, GH-MMOVE-03, GH-MMOVE-08: without the candidates table (``ai solve
    # --format json``, the scenario engine) the travel table is searched only as far as the
    # focus and the move need, and the remaining movement only to the nearest hexes in
    # reach; the options are those the full tables give
    approached = []
    settle_near = solver._Steps.settle_near

    def counted(self: solver._Steps, near: frozenset[Hex]) -> None:
        approached.append(near)
        settle_near(self, near)

    monkeypatch.setattr(solver._Steps, "settle_near", counted)
    rng = random.Random(20261202)
    situations = [s for s in (_random_situation(rng) for _ in range(700)) if s is not None]
    # open boards, ranged attacks on several targets: the best hex to approach is often
    # not the cheapest one to attack the focus from (it reaches more targets)
    for _ in range(600):
        board = [(q, r) for q in range(rng.randint(8, 14)) for r in range(rng.randint(5, 9))]
        free = rng.sample(board, 4)
        me = free.pop()
        characters = [
            SituationFigure(Hex(*free.pop()), "character", initiative=rng.choice([10, 20, 30]))
            for _ in range(rng.randint(1, 3))
        ]
        active = ActiveMonster(
            Hex(*me), move=1, range=rng.choice([2, 3]), targets=rng.randint(2, 3)
        )
        situations.append(Situation(frozenset(Hex(*x) for x in board), tuple(characters), active))
    for sit in situations:
        full = solve(sit).options
        assert solve(sit, explain=False).options == full
        assert solve(sit, candidates=False).options == full
    assert len(approached) > 200  # (monsters that cannot attack this turn, GH-MMOVE-08)
