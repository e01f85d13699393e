"""``questforge ai``: the monster-AI solver on situation files.

``questforge ai solve FILE... [--format text|json] [--check]`` (a directory stands for its
``*.json`` files in name order)

- ``text`` (default) reads like a referee's ruling: the focus and why (movement needed,
  proximity, initiative), the destination, the attack, every option where the players
  choose, and the rule IDs applied.
- ``json`` prints one JSON object per line, one line per input file, in input order
  (``{"id", "options": [{"destination", "attacks", "focus"}]}``, see SITUATION.md). A file
  that cannot be read gives ``{"file", "error"}`` on its line, so lines stay aligned.
- ``--explain`` (with ``json``) adds an ``explanation`` object to each line: the focus
  candidates with their measures, the decisions and the rule IDs.
- ``--check`` compares each answer with the file's ``expected`` options and exits 1 on any
  difference.

Exit codes: 0 success, 1 an answer differs from ``expected`` (with ``--check``), 2 a file
could not be read or is not a valid situation.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import click

from questforge.engine.core.hexgrid import Hex
from questforge.engine.core.jsonload import (
    JsonLoadError,
    load_json_bytes,
    load_json_file,
    locate,
)
from questforge.engine.gloomhaven.ai import (
    GeometryCache,
    Situation,
    SituationError,
    Solution,
    load_situation,
    solve,
)
from questforge.engine.gloomhaven.ai.ruling import candidate_lines, hex_text, step_line

MAX_BYTES = 20 * 1024 * 1024


class InputError(Exception):
    """A situation file could not be used; the message names the file and the place."""


def _json_path(path: str) -> tuple[str | int, ...]:
    """``$.figures[2].hex`` -> ``("figures", 2, "hex")`` (situation keys are plain names)."""
    return tuple(
        int(index) if index else key
        for key, index in re.findall(r"\.([^.\[\]]+)|\[(\d+)\]", path.removeprefix("$"))
    )


def read_situation(path: Path) -> Situation:
    """Read and load one situation file, turning every failure into :class:`InputError`.

    The file is read with the same safe loader as content files (size, depth, encoding,
    ``NaN``, duplicate keys), and every message names the file and, where there is one, the
    line and column: ``sit.json:12:5: $.figures[2].hex: hex [9, 9] is not on the map``.
    """
    try:
        if str(path) == "-":  # a situation piped in on standard input
            loaded = load_json_bytes(sys.stdin.buffer.read(MAX_BYTES + 1), max_bytes=MAX_BYTES)
        else:
            loaded = load_json_file(path, max_bytes=MAX_BYTES)
    except JsonLoadError as exc:
        where = f"{path}:{exc.line}:{exc.column}" if exc.line is not None else str(path)
        raise InputError(f"{where}: {exc.message}") from None
    if loaded.duplicates:
        first = loaded.duplicates[0]
        key = first.path[-1]
        raise InputError(
            f"{path}:{first.line}:{first.column}: duplicate key {key!r}: "
            "a situation file may name each property once"
        )
    try:
        return load_situation(loaded.data)
    except SituationError as exc:
        line, column = locate(loaded.text, _json_path(exc.path))
        raise InputError(f"{path}:{line}:{column}: {exc}") from None


def _hexes(hs: tuple[Hex, ...]) -> str:
    return ", ".join(hex_text(h) for h in hs)


def _ability(sit: Situation) -> str:
    a = sit.active
    parts = [f"move {a.move}" if a.move else "no move"]
    if a.targets == 0:
        parts.append("no attack")
    else:
        kind = f"ranged attack (range {a.range})" if a.range else "melee attack"
        if a.aoe is not None:
            kind += (
                f" with a {'melee' if a.aoe.melee else 'ranged'} area of {len(a.aoe.hexes)} hex(es)"
            )
        parts.append(kind)
        parts.append("targets all" if a.targets >= 6 else f"{a.targets} target(s)")
    for flag in ("flying", "jumping", "muddled"):
        if getattr(a, flag):
            parts.append(flag)
    return ", ".join(parts)


def expected_matches(sit: Situation, solution: Solution) -> bool | None:
    """Whether the solution's option set equals ``expected`` (None without expected)."""
    if sit.expected is None:
        return None
    got = {(o.destination, o.attacks) for o in solution.options}
    want = {(e.destination, e.attacks) for e in sit.expected}
    return got == want


def ruling_text(sit: Situation, solution: Solution) -> str:
    """The referee's ruling for one situation."""
    ex = solution.explanation
    name = sit.active.name or "The monster"
    lines = [f"== {sit.id or '(no id)'}" + (f": {sit.description}" if sit.description else "")]
    lines.append(f"{name} at {hex_text(sit.active.hex)}: {_ability(sit)}.")
    lines.extend(candidate_lines(ex))
    lines.extend(step_line(step) for step in ex.steps)
    options = solution.options
    if len(options) == 1:
        o = options[0]
        move = "stays at" if o.destination == sit.active.hex else "moves to"
        attack = f" and attacks {_hexes(o.attacks)}" if o.attacks else " and does not attack"
        lines.append(
            f"Ruling: {name.lower() if name == 'The monster' else name} {move} {hex_text(o.destination)}{attack}."
        )
    else:
        lines.append(f"Ruling: the players choose one of {len(options)} options (GH-AMBIG-01):")
        for i, o in enumerate(options, 1):
            attack = f"attack {_hexes(o.attacks)}" if o.attacks else "no attack"
            lines.append(
                f"  {i}. end at {hex_text(o.destination)}, {attack} (focus {hex_text(o.focus)})"
            )
    lines.append(f"Rules applied: {', '.join(ex.rules) or '-'}")
    match = expected_matches(sit, solution)
    if match is not None:
        lines.append("Expected answer: " + ("matches." if match else "DIFFERS from this ruling."))
    return "\n".join(lines)


def _expand(paths: tuple[Path, ...]) -> list[Path]:
    """Files as given; a directory stands for its ``*.json`` files in name order."""
    out: list[Path] = []
    if sum(1 for p in paths if str(p) == "-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    for p in paths:
        if str(p) != "-" and p.is_dir():
            found = sorted(p.glob("*.json"))
            if not found:
                raise click.UsageError(f"{p}: folder holds no *.json situation files")
            out.extend(found)
        else:
            out.append(p)
    return out


@click.group("ai")
def ai() -> None:
    """Monster-AI solver: where does the monster move, what does it attack."""


@ai.command("solve")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a referee's ruling; json: one answer object per line, in input order.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Compare each answer with the file's `expected` options; exit 1 on a difference.",
)
@click.option(
    "--explain",
    is_flag=True,
    help="With --format json: add an 'explanation' object (focus candidates, steps, rules).",
)
def solve_command(files: tuple[Path, ...], fmt: str, check: bool, explain: bool) -> None:
    """Solve situation FILE(s) (format: SITUATION.md) and print every valid option.

    A directory stands for the *.json files in it, in name order; - reads one situation
    from standard input.
    """
    failed_input = False
    mismatch = False
    first = True
    geometry = GeometryCache()  # files often share a map; answers are never reused
    for path in _expand(files):
        try:
            sit = read_situation(path)
        except InputError as exc:
            failed_input = True
            click.echo(f"error: {exc}", err=True)
            if fmt == "json":
                click.echo(json.dumps({"file": str(path), "error": str(exc)}))
            continue
        try:
            solution = solve(sit, geometry=geometry)
        except Exception as exc:  # a solver bug must still name the file, not dump a trace
            failed_input = True
            message = f"{path}: internal solver error ({type(exc).__name__}: {exc})"
            click.echo(f"error: {message}", err=True)
            if fmt == "json":
                click.echo(json.dumps({"file": str(path), "error": message}))
            continue
        match = expected_matches(sit, solution)
        if check and match is False:
            mismatch = True
            if fmt == "json":
                click.echo(f"{path}: answer differs from expected", err=True)
        if fmt == "json":
            out: dict[str, Any] = solution.to_json()
            if explain:
                out["explanation"] = solution.explanation.to_json()
            click.echo(json.dumps(out, separators=(", ", ": ")))
        else:
            if not first:
                click.echo("")
            first = False
            click.echo(ruling_text(sit, solution))
    if failed_input:
        sys.exit(2)
    if mismatch:
        sys.exit(1)
