"""Gloomhaven monster AI: where a monster moves and what it attacks, with every valid option.

Public API (used by the scenario engine, the editor and ``questforge ai solve``)::

    from questforge.engine.gloomhaven.ai import load_situation, solve
    solution = solve(load_situation(json_data))
    for option in solution.options: ...

The solver is independent of the content model: callers build a :class:`Situation`.
"""

from questforge.engine.gloomhaven.ai.situation import (
    ActiveMonster,
    AoePattern,
    Expected,
    Figure,
    Situation,
    SituationError,
    load_situation,
)
from questforge.engine.gloomhaven.ai.solution import (
    Explanation,
    FocusCandidate,
    Option,
    Solution,
    Step,
)
from questforge.engine.gloomhaven.ai.solver import solve

__all__ = [
    "ActiveMonster",
    "AoePattern",
    "Expected",
    "Explanation",
    "Figure",
    "FocusCandidate",
    "Option",
    "Situation",
    "SituationError",
    "Solution",
    "Step",
    "load_situation",
    "solve",
]
