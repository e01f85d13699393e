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

The work itself is the ruleset's referee face (Gloomhaven's monster AI), reached through
:mod:`questforge.commands.ai_run` (no click), which ``questforge.launch`` also calls
directly for plain ``ai solve`` command lines, so start-up does not pay for click; both
print the same output.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from questforge.commands.ai_run import UsageProblem, expand, run

__all__ = ["ai"]


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
    try:
        paths = expand(files)
    except UsageProblem as exc:
        raise click.UsageError(str(exc)) from None
    code = run(
        paths,
        fmt,
        check,
        explain,
        click.echo,
        lambda text: click.echo(text, err=True),
    )
    if code:
        sys.exit(code)
