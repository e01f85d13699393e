"""``questforge simulate``: many seeded bot playthroughs and a balance report.

The command wires the engine-layer batch runner (:mod:`questforge.engine.gloomhaven.simulation`)
to the terminal: options, a rich progress bar, the summary table, and the JSON / HTML files.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.simulation import ScenarioRefError, Setup

MAX_GAMES = 1_000_000
MAX_JOBS = 64


def parse_int_list(value: str, name: str, low: int, high: int) -> list[int]:
    """``"2,3,4"`` or ``"2-4"`` -> ``[2, 3, 4]``; every value within [low, high], no repeats."""
    out: list[int] = []
    for part in value.split(","):
        part = part.strip()
        if not part:
            raise click.BadParameter(f"empty item in {value!r}", param_hint=name)
        try:
            if "-" in part:
                a, b = part.split("-", 1)
                lo, hi = int(a), int(b)
                if lo > hi:
                    raise click.BadParameter(f"range {part!r} runs backwards", param_hint=name)
                items = list(range(lo, hi + 1))
            else:
                items = [int(part)]
        except ValueError:
            raise click.BadParameter(
                f"{part!r} is not a whole number (use e.g. 2 or 2,3,4 or 2-4)", param_hint=name
            ) from None
        for n in items:
            if not low <= n <= high:
                raise click.BadParameter(f"{n} is outside {low}-{high}", param_hint=name)
            if n in out:
                raise click.BadParameter(f"{n} is listed twice", param_hint=name)
            out.append(n)
    return out


def fail(message: str) -> NoReturn:
    """Print a clear error and exit 2 (usage / input error), never a traceback."""
    Console(stderr=True, soft_wrap=True).print(f"[bold red]error:[/] {message}", highlight=False)
    sys.exit(2)


def write_text(path: Path, text: str, what: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        fail(f"cannot write the {what} to {path}: {exc.strerror or exc}")


def check_output(path: Path | None, option: str) -> None:
    """Refuse an output path that cannot be written before spending minutes simulating."""
    if path is None:
        return
    if path.is_dir():
        fail(f"{option} {path}: is a folder; give a file name")
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        fail(f"{option} {path}: cannot write there ({parent} is not a writable folder)")


def summary_table(report: dict[str, Any]) -> Table:
    table = Table(title=escape(f"Balance: {report['scenario'].get('name', '')}"))
    for col, justify in (
        ("chars", "right"),
        ("level", "right"),
        ("games", "right"),
        ("win rate", "right"),
        ("95% CI", "right"),
        ("rounds", "right"),
        ("exh.", "right"),
        ("verdict", "left"),
    ):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    colours = {"too hard": "red", "fair": "green", "too easy": "yellow"}
    for s in report["setups"]:
        lo, hi = s["win_rate_ci95"]
        exhausted = sum(c["exhausted"] for c in s["characters"])
        seats = sum(c["games"] for c in s["characters"]) or 1
        verdict = f"[{colours.get(s['verdict'], 'white')}]{s['verdict']}[/]"
        if not s["verdict_conclusive"]:
            verdict += "*"
        if s["errors"]:
            verdict += " [red]![/]"
        mean_rounds = s["rounds"]["mean"]
        table.add_row(
            str(s["players"]),
            str(s["level"]),
            str(s["games"]),
            f"{100 * s['win_rate']:.1f}%",
            f"{100 * lo:.1f}–{100 * hi:.1f}%",
            "–" if mean_rounds is None else f"{mean_rounds:.1f}",
            f"{100 * exhausted / seats:.0f}%",
            verdict,
        )
    return table


@click.command(name="simulate")
@click.argument("scenario")
@click.option(
    "--players",
    "players_text",
    default="2",
    show_default=True,
    help="Characters per game: one count or a list (2,3,4 or 2-4) to compare.",
)
@click.option(
    "--level",
    "level_text",
    default="1",
    show_default=True,
    help="Scenario level 0-7: one or a list (0,1,2) to compare.",
)
@click.option("--games", type=int, default=100, show_default=True, help="Games per setup.")
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Base seed; same seed, same report."
)
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes.")
@click.option(
    "--classes",
    default=None,
    help="Character classes, comma-separated (default: the pack's classes in id order).",
)
@click.option(
    "--json",
    "json_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the JSON report here.",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the HTML report here.",
)
@click.option(
    "--round-cap",
    type=int,
    default=simulation.DEFAULT_ROUND_CAP,
    show_default=True,
    help="A game still running after this many rounds counts as unfinished.",
)
@click.option(
    "--games-detail", is_flag=True, help="Include one record per game in the JSON report."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def simulate(
    scenario: str,
    players_text: str,
    level_text: str,
    games: int,
    seed: int,
    jobs: int,
    classes: str | None,
    json_path: Path | None,
    html_path: Path | None,
    round_cap: int,
    games_detail: bool,
    quiet: bool,
) -> None:
    """Play SCENARIO many times with bots and report how hard it is.

    SCENARIO is a scenario file, PACK-DIR:SCENARIO-ID, or the id of a scenario in the
    bundled sample pack. Exit status: 0 done, 1 some games hit an engine error (the report
    lists them), 2 bad input.
    """
    try:
        players = parse_int_list(players_text, "--players", 2, 4)
        levels = parse_int_list(level_text, "--level", 0, 7)
    except click.BadParameter as exc:
        fail(f"{exc.param_hint}: {exc.message}")
    if not 1 <= games <= MAX_GAMES:
        fail(f"--games must be between 1 and {MAX_GAMES}, got {games}")
    if not 1 <= jobs <= MAX_JOBS:
        fail(f"--jobs must be between 1 and {MAX_JOBS}, got {jobs}")
    if not 1 <= round_cap <= 1000:
        fail(f"--round-cap must be between 1 and 1000, got {round_cap}")
    class_list = [c.strip() for c in classes.split(",")] if classes else None
    check_output(json_path, "--json")
    check_output(html_path, "--html")
    setups = [Setup(p, lv) for p in players for lv in levels]
    try:
        source = simulation.resolve_scenario(scenario)
        content = simulation.load_content(source)
        for p in players:
            simulation.party_for(content, p, class_list)
    except ScenarioRefError as exc:
        fail(str(exc))

    play = simulation.BotGame(
        simulation.PackLoader(source.pack_root), source.scenario_id, class_list, round_cap
    )
    total = games * len(setups)
    console = Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]simulating[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
        transient=False,
    )
    with progress:
        bar = progress.add_task("games", total=total)
        report, _ = simulation.run_simulation(
            simulation.scenario_info(content, source.scenario_id),
            setups,
            play,
            games=games,
            seed=seed,
            jobs=jobs,
            progress=lambda done, _total: progress.update(bar, completed=done),
            include_games=games_detail,
        )
    out = Console()
    out.print(summary_table(report))
    if not all(s["verdict_conclusive"] for s in report["setups"]):
        out.print(
            "* not conclusive: the 95% interval crosses a verdict threshold; run more games",
            highlight=False,
        )
    timing = report.get("timing", {})
    out.print(
        f"{total} games in {timing.get('seconds', 0):.1f} s "
        f"({timing.get('games_per_second', 0):.1f} games/s on {jobs} process"
        f"{'es' if jobs > 1 else ''})",
        highlight=False,
    )
    if json_path:
        write_text(json_path, json.dumps(report, indent=2) + "\n", "JSON report")
        out.print(f"JSON report: {json_path}", highlight=False)
    if html_path:
        from questforge.engine.gloomhaven.report_html import render_html

        write_text(html_path, render_html(report), "HTML report")
        out.print(f"HTML report: {html_path}", highlight=False)
    failed = [e for s in report["setups"] for e in s["error_games"]]
    if failed:
        errors = sum(s["errors"] for s in report["setups"])
        first = failed[0]
        Console(stderr=True, soft_wrap=True).print(
            f"[bold red]{errors} game(s) failed with an engine error[/] (marked ! above; the "
            f"JSON report lists them). First: game {first['game']}, seed {first['seed']}: "
            f"{escape(str(first['error']))}",
            highlight=False,
        )
        sys.exit(1)
