"""Gloomhaven monster AI: where a monster moves and what it attacks, with every valid option.

Public API (used by the scenario engine, the editor and ``questforge ai solve``)::

    from questforge.engine.gloomhaven.ai import load_situation, solve
    solution = solve(load_situation(json_data))
    for option in solution.options: ...
    path = find_path(situation, option.destination)   # hexes entered, for traps & display

The solver is independent of the content model: callers build a :class:`Situation`. A game
that solves many times on one map can pass a :class:`GeometryCache` (``solve(s, geometry=c)``)
to build neighbours and line of sight once per map.
"""

from questforge.engine.gloomhaven.ai.situation import (
    ActiveMonster,
    AoePattern,
    Expected,
    Situation,
    SituationError,
    SituationFigure,
    load_situation,
)
from questforge.engine.gloomhaven.ai.solution import (
    Explanation,
    FocusCandidate,
    Option,
    Solution,
    Step,
)
from questforge.engine.gloomhaven.ai.solver import GeometryCache, find_path, solve

__all__ = [
    "ActiveMonster",
    "AoePattern",
    "Expected",
    "Explanation",
    "FocusCandidate",
    "GeometryCache",
    "Option",
    "Situation",
    "SituationError",
    "SituationFigure",
    "Solution",
    "Step",
    "find_path",
    "load_situation",
    "solve",
]
