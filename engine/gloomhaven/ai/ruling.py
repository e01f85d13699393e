"""The solver's reasoning in a referee's words: the focus candidates and the steps.

``questforge ai solve`` (text format) and the editor's playtest move explanation both show
a :class:`~questforge.engine.gloomhaven.ai.solution.Explanation`; they share these plain
lines so one situation is explained the same way wherever it is read::

    Focus candidates:
      C10 at [7, -5]: 2 movement point(s) to an attack hex, proximity 3, initiative 10  <- focus
    Focus: C10 at [7, -5]. ... [GH-FOCUS-01, GH-FOCUS-02]
"""

from __future__ import annotations

from collections.abc import Sequence

from questforge.engine.gloomhaven.ai.solution import Explanation, FocusCandidate, Step

#: marks the chosen candidate at the end of its line
FOCUS_MARK = "  <- focus"


def hex_text(h: Sequence[int] | None) -> str:
    """``[q, r]``; ``-`` for no hex."""
    return "-" if h is None else f"[{h[0]}, {h[1]}]"


def candidate_line(c: FocusCandidate) -> str:
    """One focus candidate with the measures the focus rules compare (GH-FOCUS-02..04):
    movement to an attack hex (and negative hexes crossed), proximity, initiative."""
    if c.movement is None:
        how = "cannot be attacked from any reachable hex"
    else:
        how = f"{c.movement} movement point(s) to an attack hex"
        if c.traps:
            how += f" through {c.traps} trap/hazardous hex(es)"
    prox = "-" if c.proximity is None else str(c.proximity)
    init = f"{c.initiative}" + (" (summon)" if c.summon else "")
    mark = FOCUS_MARK if c.chosen else ""
    return f"{c.label}: {how}, proximity {prox}, initiative {init}{mark}"


def candidate_lines(explanation: Explanation, indent: str = "  ") -> list[str]:
    """``Focus candidates:`` and one indented line per candidate; nothing without any."""
    if not explanation.candidates:
        return []
    return ["Focus candidates:"] + [indent + candidate_line(c) for c in explanation.candidates]


def step_line(step: Step) -> str:
    """One decision of the solver with the rule IDs it applied: ``text [GH-X-01, ...]``."""
    return f"{step.text} [{', '.join(step.rules)}]"
