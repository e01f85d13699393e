"""Designer words for the machine names of a simulation report.

The JSON report keeps stable machine names (``too_hard_below``, ``win_rate_ci95``,
``unfinished``) because scripts read it; everything a person reads - the HTML page, the
terminal table, the editor's Simulate dialog - says the same thing in words ("too hard
below 35 %"). The words travel inside the report (its ``words`` object: these core words
plus the ruleset's ``GameFace.report_words``), so a page rendered from a saved JSON file
reads the same as one rendered right after the run.

Engine layer: plain strings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: machine name -> words, for every ruleset's report
CORE_WORDS: dict[str, str] = {
    "too_hard_below": "too hard below",
    "too_easy_above": "too easy above",
    "win_rate": "win rate",
    "win_rate_ci95": "95 % range of the win rate",
    "verdict_conclusive": "enough games for a firm verdict",
    "won": "won",
    "lost": "lost",
    "unfinished": "stopped at the round cap",
    "finished": "finished",
    "error": "engine error",
    "competitive": "competitive (no side wins)",
}


def pct(x: float) -> str:
    """A share as a percentage for people: ``35 %`` (whole numbers print without decimals)."""
    value = 100 * float(x)
    return f"{value:.0f} %" if abs(value - round(value)) < 1e-9 else f"{value:.1f} %"


def thresholds_words(too_hard_below: float, too_easy_above: float) -> str:
    """``too hard below 35 %, fair from 35 % to 90 %, too easy above 90 %``."""
    return (
        f"too hard below {pct(too_hard_below)}, fair from {pct(too_hard_below)} to "
        f"{pct(too_easy_above)}, too easy above {pct(too_easy_above)}"
    )


def word(words: Mapping[str, str], name: str) -> str:
    """The words for a machine name (``name`` with spaces for underscores when unknown)."""
    return words.get(name) or name.replace("_", " ").replace("-", " ")


def kills_words(killed: float, of: float) -> str:
    """Kills as "k of n" (means per game keep one decimal: ``3.2 of 4``)."""

    def n(x: float) -> str:
        return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"

    return f"{n(killed)} of {n(of)}"


def significance_words(row: Mapping[str, Any], base: str = "A", other: str = "B") -> str:
    """One comparison row (``simulation.compare_reports``) as a sentence a designer acts on:
    which version is won more often, by how many points, and whether that can be chance."""
    diff = row.get("difference")
    p = row.get("p_value")
    if diff is None or p is None:
        return "no games to compare"
    points = abs(100 * float(diff))
    if points < 0.05:
        change = f"{other} is won exactly as often as {base}"
    else:
        more = "more" if diff > 0 else "less"
        change = f"{other} is won {points:.1f} points {more} often than {base}"
    ci = row.get("difference_ci95")
    if ci:
        change += f" (95 % range {100 * float(ci[0]):+.0f} to {100 * float(ci[1]):+.0f} points)"
    if row.get("significant"):
        return f"{change}: a real difference (p = {float(p):.3f}, below 0.05)"
    return f"{change}: could be chance (p = {float(p):.3f}); run more games to be sure"
