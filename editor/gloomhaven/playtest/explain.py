"""The monster-move explanation shown in the playtest: the engine's ruling for one move,
and the solver's full reasoning re-derived from the recorded moment (a situation file).

The engine's ``focus`` event carries the ruling it applied (focus, destination, attacks,
the focus reason and the rule IDs). The solver's candidate table (movement, proximity,
initiative of every enemy) is not in the event, so it is re-computed by solving the
situation recorded at that moment - the same file "Export situation..." writes, so what
the window shows is exactly what ``questforge ai solve`` says about that file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from questforge.editor.gloomhaven.playtest.describe import hex_text
from questforge.editor.gloomhaven.playtest.runner import MonsterMoment
from questforge.editor.gloomhaven.scenario_map import as_hex
from questforge.engine.gloomhaven.ai import load_situation, solve
from questforge.engine.gloomhaven.ai.ruling import candidate_lines, step_line


def move_path(
    events: Sequence[Mapping[str, Any]], moment: MonsterMoment
) -> tuple[tuple[int, int] | None, list[tuple[int, int]]]:
    """Where the monster started and the hexes it entered, from the events after its
    ``focus`` event up to the end of its turn."""
    start = None
    if moment.situation is not None:
        active = moment.situation.get("active")
        if isinstance(active, Mapping):
            start = as_hex(active.get("hex"))
    for e in events[moment.event_index + 1 :]:
        if e.get("figure") != moment.figure:
            continue
        if e.get("type") == "move":
            path = [h for h in (as_hex(x) for x in e.get("path") or []) if h is not None]
            return as_hex(e.get("start")) or start, path
        if e.get("type") in ("turn_end", "focus"):
            break
    return start, []


def explanation_text(moment: MonsterMoment) -> str:
    """Plain text: the ruling, then the solver's candidates and steps with rule IDs."""
    f = moment.focus
    attacks = ", ".join(hex_text(a) for a in f.get("attacks") or []) or "nothing"
    lines = [
        f"Round {moment.round}, {moment.figure}: focus {hex_text(f.get('focus'))}, "
        f"moves to {hex_text(f.get('destination'))}, attacks {attacks}.",
    ]
    if f.get("reason"):
        lines.append(str(f.get("reason")))
    options = f.get("options")
    if isinstance(options, int) and options > 1:
        lines.append(f"The rules allowed {options} equally valid options (GH-AMBIG-01).")
    rules = f.get("rules") or []
    if rules:
        lines.append("Rules applied: " + ", ".join(str(r) for r in rules))
    if moment.situation is None:
        if moment.error:
            lines.append(f"(no situation recorded: {moment.error})")
        return "\n".join(lines)
    try:
        solution = solve(load_situation(moment.situation))
    except Exception as exc:  # explanation only; the game already moved
        lines.append(f"(the recorded situation could not be re-solved: {exc})")
        return "\n".join(lines)
    ex = solution.explanation
    if ex.candidates:
        lines.append("")
        lines.extend(candidate_lines(ex))
    if ex.steps:
        lines.append("")
        lines.append("Solver steps:")
        lines.extend(f"  {step_line(step)}" for step in ex.steps)
    return "\n".join(lines)


def moment_summary(moment: MonsterMoment) -> str:
    f: dict[str, Any] = dict(moment.focus)
    return f"{moment.figure} -> {hex_text(f.get('destination'))}"
