"""``questforge simulate TARGET [OTHER]``: many seeded bot games of any ruleset and a balance
report; with two targets, a comparison of the two versions setup by setup.

The command wires the engine-layer batch runner (:mod:`questforge.engine.core.simulation`)
to the terminal: the ruleset's setup options as sweeps (``--players 2,3,4``), a rich
progress bar, the summary table, the JSON and HTML files, and ``--cluster`` for a Dask
cluster. Output paths are checked before a single game is played; Ctrl-C stops the
workers and exits 130 with one line.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

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

from questforge.commands.gamecli import (
    GameTarget,
    check_output,
    fail,
    open_game_target,
    parse_setup_args,
    refuse_broken,
    write_text,
)
from questforge.engine.core import simulation
from questforge.engine.core.report_words import significance_words, thresholds_words

MAX_GAMES = 1_000_000
MAX_JOBS = 64


def summary_table(report: dict[str, Any], title: str) -> Table:
    table = Table(title=escape(title))
    for col, justify in (
        ("setup", "left"),
        ("games", "right"),
        ("win rate", "right"),
        ("95% CI", "right"),
        ("rounds", "right"),
        ("verdict", "left"),
    ):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    colours = {"too hard": "red", "fair": "green", "too easy": "yellow"}
    for s in report["setups"]:
        lo, hi = s["win_rate_ci95"]
        verdict = f"[{colours.get(s['verdict'], 'white')}]{s['verdict']}[/]"
        if not s["verdict_conclusive"]:
            verdict += "*"
        if s["errors"]:
            verdict += " [red]![/]"
        mean_rounds = s["rounds"]["mean"]
        rate, interval = f"{100 * s['win_rate']:.1f}%", f"{100 * lo:.1f}–{100 * hi:.1f}%"
        if s["verdict"] == "competitive":  # no side wins: who came first how often
            firsts = s.get("first_place_rate") or {}
            rate, interval = "—", "—"
            verdict = "first: " + ", ".join(
                f"{escape(str(a))} {100 * r:.0f}%"
                for a, r in sorted(firsts.items(), key=lambda x: -x[1])
            )
        table.add_row(
            escape(str(s["label"])),
            str(s["games"]),
            rate,
            interval,
            "–" if mean_rounds is None else f"{mean_rounds:.1f}",
            verdict,
        )
    return table


def comparison_table(rows: list[dict[str, Any]], a: str, b: str) -> Table:
    table = Table(title=escape(f"{b} against {a}"))
    for col in ("setup", "win rate A", "win rate B", "difference", "p", "significant"):
        table.add_column(col)
    for r in rows:
        diff = r["difference"]
        table.add_row(
            escape(str(r["label"])),
            f"{100 * r['base_win_rate']:.1f}%",
            f"{100 * r['win_rate']:.1f}%",
            "–" if diff is None else f"{100 * diff:+.1f} pts",
            "–" if r["p_value"] is None else f"{r['p_value']:.3f}",
            "[bold]yes[/]" if r["significant"] else "no",
        )
    return table


def _run(
    gt: GameTarget,
    setups: list[simulation.SetupPoint],
    *,
    games: int,
    seed: int,
    jobs: int,
    cluster: str | None,
    quiet: bool,
    include_games: bool,
    label: str,
    target_text: str,
) -> dict[str, Any]:
    total = games * len(setups)
    progress = Progress(
        TextColumn(f"[bold]{escape(label)}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=quiet,
        transient=False,
    )
    with progress:
        bar = progress.add_task("games", total=total)
        report, _ = simulation.run_simulation(
            gt.face,
            gt.target,
            setups,
            games=games,
            seed=seed,
            jobs=jobs,
            cluster=cluster,
            progress=lambda done, _total: progress.update(bar, completed=done),
            include_games=include_games,
            target_text=target_text,
        )
    return report


@click.command(
    name="simulate",
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
)
@click.argument("target")
@click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="[OTHER] [SETUP OPTIONS]")
@click.option("--games", type=int, default=100, show_default=True, help="Games per setup.")
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Base seed; same seed, same report."
)
@click.option(
    "--jobs",
    type=int,
    default=None,
    help="Worker processes (default: 2 on a machine with two or more cores, QUESTFORGE_JOBS "
    "sets another; 1 keeps one process). The report is the same either way.",
)
@click.option(
    "--cluster",
    default=None,
    metavar="ADDRESS|local",
    help="Run the games on a Dask cluster: a scheduler address, or 'local' for a LocalCluster "
    "of --jobs workers. Same report as a local run for the same seed.",
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
    "--games-detail", is_flag=True, help="Include one record per game in the JSON report."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option(
    "--force",
    is_flag=True,
    help="Simulate even if the validator finds errors in the content (for experiments).",
)
@click.pass_context
def simulate(
    ctx: click.Context,
    target: str,
    args: tuple[str, ...],
    games: int,
    seed: int,
    jobs: int | None,
    cluster: str | None,
    json_path: Path | None,
    html_path: Path | None,
    games_detail: bool,
    quiet: bool,
    force: bool,
) -> None:
    """Play TARGET many times with bots and report how hard it is; with OTHER too, compare
    the two versions (e.g. a scenario and its tweaked copy) setup by setup.

    TARGET is a file (that file exactly), PACK-DIR:ID, PACK-ID:ID or a bundled id. Setup
    options are the ruleset's own; options that can be compared take lists or ranges
    (Gloomhaven: --players 2,3,4 --level 0..2). Exit status: 0 done, 1 some games hit an
    engine error (the report lists them) or the content has errors (listed; --force
    simulates anyway), 2 bad input, 130 interrupted.
    """
    if not 1 <= games <= MAX_GAMES:
        fail(f"--games must be between 1 and {MAX_GAMES}, got {games}")
    if jobs is None:
        # the second core as ``validate`` uses it: a thousand games take half the time, and
        # the report does not depend on how many processes played them
        from questforge.engine.core.processes import default_jobs

        jobs = min(default_jobs(), MAX_JOBS)
    if not 1 <= jobs <= MAX_JOBS:
        fail(f"--jobs must be between 1 and {MAX_JOBS}, got {jobs}")
    check_output(json_path, "--json")
    check_output(html_path, "--html")
    gt = open_game_target(target)
    others: list[str] = []
    given = parse_setup_args(gt.options, [*args, *ctx.args], sweep=True, positional=others)
    if len(others) > 1:
        fail(f"at most two versions can be compared, got {', '.join([target, *others])}")
    other = others[0] if others else None
    setups = simulation.sweep(gt.options, given)
    refuse_broken(gt, force, "simulate")  # after the usage checks: bad flags are exit 2
    try:
        for point in setups:  # refuse a setup the content cannot play before any game runs
            gt.face.new_game(gt.content, gt.target, point.as_dict(), seed)
    except Exception as exc:
        fail(str(exc))
    second: GameTarget | None = None
    if other is not None:
        second = open_game_target(other)
        refuse_broken(second, force, "simulate")
        if second.target.ruleset != gt.target.ruleset:
            fail(
                f"{other}: a {second.target.ruleset} game cannot be compared with {gt.target.ruleset}"
            )
    kwargs = dict(
        games=games, seed=seed, jobs=jobs, cluster=cluster, quiet=quiet, include_games=games_detail
    )
    try:
        report = _run(gt, setups, label="simulating", target_text=target, **kwargs)  # type: ignore[arg-type]
        report_b = (
            _run(second, setups, label="version B", target_text=other or "", **kwargs)  # type: ignore[arg-type]
            if second
            else None
        )
    except simulation.Interrupted:
        Console(stderr=True).print("[yellow]interrupted[/]: no report written")
        sys.exit(130)
    except simulation.ClusterError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"the simulation could not run: {exc}")
    out = Console()
    out.print(summary_table(report, f"Balance: {report['scenario'].get('name', '')}"))
    total = games * len(setups) * (2 if report_b is not None else 1)
    if report_b is not None:
        out.print(summary_table(report_b, f"Balance (B): {second.target.file if second else ''}"))
        report = simulation.comparison_report(report, report_b)
        out.print(comparison_table(report["comparison"], "A", "B"))
        for row in report["comparison"]:
            out.print(f"{row['label']}: {significance_words(row)}", highlight=False)
    bands = report["verdict_thresholds"]
    judged = [s for s in report["setups"] if s.get("verdict") != "competitive"]
    if judged:  # a competitive race has no win rate to judge: first places say it
        out.print(
            "Verdict on the bots' win rate: "
            + thresholds_words(float(bands["too_hard_below"]), float(bands["too_easy_above"])),
            highlight=False,
        )
    if not all(s.get("verdict_conclusive", True) for s in judged):
        out.print(
            "* not conclusive: the 95% interval crosses a verdict threshold; run more games",
            highlight=False,
        )
    timing = report.get("timing", {})
    out.print(
        f"{total} games in {timing.get('seconds', 0):.1f} s "
        f"({timing.get('games_per_second', 0):.1f} games/s on "
        f"{'a Dask cluster' if cluster else f'{jobs} process' + ('es' if jobs > 1 else '')})",
        highlight=False,
    )
    if json_path:
        write_text(json_path, json.dumps(report, indent=2, ensure_ascii=True) + "\n", "JSON report")
        out.print(f"JSON report: {json_path}", highlight=False)
    if html_path:
        from questforge.engine.core.report_html import render_html

        write_text(html_path, render_html(report, gt.face.report_html), "HTML report")
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
