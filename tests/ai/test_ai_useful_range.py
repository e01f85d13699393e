"""A range longer than the board changes nothing, so the engine cuts it (issue 9).

A boss with ``"range": "1000*C"`` made one simulated game run for minutes: the solver's
work grows with the square of the range. The game now passes the solver
:func:`useful_range` (the board's extent, plus the area pattern's width), which must give
exactly the same options as the original range on every board.
"""

from __future__ import annotations

import random

from test_ai_properties import _random_situation  # type: ignore[import-not-found]

from questforge.engine.core.hexgrid import Hex
from questforge.engine.gloomhaven.ai import AoePattern, solve
from questforge.engine.gloomhaven.ai.situation import useful_range


def _options(sit: object) -> set[tuple[object, object]]:
    return {(o.destination, o.attacks) for o in solve(sit).options}  # type: ignore[arg-type]


def test_cut_range_gives_the_same_options() -> None:
    rng = random.Random(909)
    checked = clipped = 0
    while checked < 150:
        sit = _random_situation(rng)
        if sit is None or sit.active.targets == 0:
            continue
        aoe = sit.active.aoe
        if aoe is not None and aoe.melee:
            aoe = AoePattern(False, aoe.hexes)  # long ranges are for ranged attacks
        long = sit.replace(active=sit.active.replace(range=rng.choice([25, 40, 60]), aoe=aoe))
        cut = useful_range(long.active.range, long.hexes, aoe)
        assert 1 <= cut <= long.active.range
        short = long.replace(active=long.active.replace(range=cut))
        assert _options(short) == _options(long)
        checked += 1
        clipped += cut < long.active.range
    assert clipped == checked  # every board here is smaller than the ranges tried


def test_melee_and_short_ranges_are_untouched() -> None:
    board = [Hex(q, r) for q in range(5) for r in range(5)]
    assert useful_range(0, board, None) == 0
    assert useful_range(3, board, None) == 3
    assert useful_range(4000, board, None) == 8
    assert useful_range(4000, [Hex(0, 0)], None) == 1  # ranged stays ranged
    pattern = AoePattern(False, (Hex(0, 0), Hex(2, 0)))
    assert useful_range(4000, board, pattern) == 12
