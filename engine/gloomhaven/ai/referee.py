"""Gloomhaven's referee face (see ``docs/ruleset-contract.md``): situations in, rulings out.

The ruleset record names ``questforge.engine.gloomhaven.ai.referee:REFEREE``; core code that
holds a situation document of this ruleset asks it for the ruling without importing the
solver by name. ``questforge ai solve`` calls the solver directly (its start-up is timed).
"""

from __future__ import annotations

from typing import Any

from questforge.engine.gloomhaven.ai.situation import load_situation
from questforge.engine.gloomhaven.ai.solution import Solution
from questforge.engine.gloomhaven.ai.solver import solve


class GloomhavenReferee:
    """The monster-AI solver behind the :class:`~questforge.engine.core.game.RefereeFace`
    protocol."""

    #: the document kind of a situation file (``schema/gloomhaven/situation.schema.json``)
    situation_kind = "situation"

    def solve_file_data(self, data: Any, source: str) -> Solution:
        """The ruling for one parsed situation document: every valid option, explained.

        Raises :class:`~questforge.engine.gloomhaven.ai.situation.SituationError` (with the
        JSON path of the problem) for a document that is not a usable situation; ``source``
        names the file for the caller's messages.
        """
        return solve(load_situation(data))


REFEREE = GloomhavenReferee()
