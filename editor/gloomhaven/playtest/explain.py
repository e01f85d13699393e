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


def _who(situation: Mapping[str, Any] | None) -> dict[tuple[int, int], str]:
    """Hex -> display name of every named figure of a recorded situation."""
    out: dict[tuple[int, int], str] = {}
    if situation is None:
        return out
    for fig in situation.get("figures") or []:
        if isinstance(fig, Mapping) and fig.get("name"):
            h = as_hex(fig.get("hex"))
            if h is not None:
                out[h] = str(fig["name"])
    return out


def _named_hex(who: Mapping[tuple[int, int], str], h: Any) -> str:
    hx = as_hex(h)
    name = who.get(hx) if hx is not None else None
    return f"{name} at {hex_text(h)}" if name else hex_text(h)


def moment_name(moment: MonsterMoment) -> str:
    """The moving monster's display name (recorded in its situation), else its id."""
    active = moment.situation.get("active") if moment.situation is not None else None
    if isinstance(active, Mapping) and active.get("name"):
        return str(active["name"])
    return moment.figure


def explanation_text(moment: MonsterMoment) -> str:
    """Plain text: the ruling, then the solver's candidates and steps with rule IDs.
    Figures are called by their names (the situation recorded at the moment carries
    them), never by ids or by initiative labels."""
    f = moment.focus
    who = _who(moment.situation)
    attacks = ", ".join(_named_hex(who, a) for a in f.get("attacks") or []) or "nothing"
    name = moment_name(moment)
    active = moment.situation.get("active") if moment.situation is not None else None
    start = as_hex(active.get("hex")) if isinstance(active, Mapping) else None
    move = "stays at" if start is not None and start == as_hex(f.get("destination")) else "moves to"
    lines = [
        f"Round {moment.round}, {name[:1].upper() + name[1:]}: focus "
        f"{_named_hex(who, f.get('focus'))}, {move} {hex_text(f.get('destination'))}, "
        f"attacks {attacks}.",
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
    return f"{moment_name(moment)} -> {hex_text(f.get('destination'))}"
