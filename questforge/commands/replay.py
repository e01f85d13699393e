"""``questforge replay``: re-run a saved game log, show it, or verify it event by event.

A game is ``(content, setup, seed, decisions)``: feeding the logged decisions back to the
engine must reproduce every logged event. ``--verify`` is the regression check for the
engine (and for content edits): the first event that differs is reported with its index,
the expected event and the one the engine produced now.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from questforge.commands.play import BoardView, show_turn
from questforge.commands.simulate import fail
from questforge.engine.core.decisions import DecisionError, ScriptedController
from questforge.engine.core.jsonload import JsonLoadError, load_json_file
from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.simulation import ScenarioRefError, ScenarioSource

#: a log larger than this is refused (a 1,000-round game log is a few MB)
MAX_LOG_BYTES = 200 * 1024 * 1024


def read_log(path: Path) -> dict[str, Any]:
    """Load and shape-check a game log; any problem exits 2 with a clear message."""
    try:
        data = load_json_file(path, max_bytes=MAX_LOG_BYTES).data
    except JsonLoadError as exc:
        where = f":{exc.line}:{exc.column}" if exc.line else ""
        fail(f"{path}{where}: {exc.message}")
    if not isinstance(data, dict):
        fail(f"{path}: not a questforge game log (expected a JSON object)")
    missing = [k for k in ("format", "setup", "seed", "decisions", "events") if k not in data]
    if missing:
        fail(f"{path}: not a questforge game log (missing {', '.join(missing)})")
    if not isinstance(data["decisions"], list) or not isinstance(data["events"], list):
        fail(f"{path}: 'decisions' and 'events' must be lists")
    if not isinstance(data["setup"], dict):
        fail(f"{path}: 'setup' must be an object")
    return data


def find_source(log: dict[str, Any], pack: Path | None, path: Path) -> ScenarioSource:
    """Which pack to replay against: ``--pack``, the log's recorded pack, or the bundled
    sample pack when the log names it."""
    scenario = str(log["setup"].get("scenario", ""))
    if pack is not None:
        if not (pack / "pack.json").is_file():
            fail(f"--pack {pack}: not a content pack folder (no pack.json)")
        return ScenarioSource(str(pack.resolve()), scenario)
    recorded = log.get("source")
    if isinstance(recorded, dict) and isinstance(recorded.get("pack_root"), str):
        root = Path(recorded["pack_root"])
        if (root / "pack.json").is_file():
            return ScenarioSource(str(root), scenario)
    pack_id = (log.get("pack") or {}).get("id") if isinstance(log.get("pack"), dict) else None
    if pack_id == simulation.BUNDLED_PACK:
        return ScenarioSource(str(simulation.bundled_pack_root()), scenario)
    fail(
        f"{path}: cannot find the pack {pack_id!r} the game was played with; give it with --pack DIR"
    )


def replay_game(
    content: Any, log: dict[str, Any], step: Callable[[Any], None] | None = None
) -> tuple[Any, str | None]:
    """Re-run the log's decisions; returns the game and, if the decisions stopped fitting,
    why (the events produced so far are still in the game). ``step(game)`` advances the
    game (default: one turn at a time, silently)."""
    from questforge.engine.gloomhaven.game import Game, Setup, SetupError

    try:
        setup = Setup.from_json(log["setup"])
        setup.check(content)
    except SetupError as exc:
        fail(f"the log's setup cannot be played: {exc}")
    seed = log["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        fail(f"the log's seed must be an integer or a string, not {seed!r}")
    script = ScriptedController(list(log["decisions"]))
    game = Game(content, setup, seed, script)
    advance = step or (lambda g: g.step_turn())
    problem: str | None = None
    try:
        while not game.finished:
            advance(game)
    except DecisionError as exc:
        if script.exhausted and log.get("result") is None:
            problem = None  # a game left before its end: replayed as far as it went
        else:
            problem = f"decision {script.position - 1}: {exc}"
    except Exception as exc:  # an engine failure is a divergence too, reported plainly
        problem = f"the engine failed after decision {script.position - 1}: " + (
            simulation.describe_failure(exc)
        )
    return game, problem


def _short(event: dict[str, Any]) -> str:
    return json.dumps(event, separators=(", ", ": "))


@click.command(name="replay")
@click.argument("log_path", metavar="LOG", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--verify", is_flag=True, help="Compare every event; exit 1 on the first difference.")
@click.option(
    "--pack",
    type=click.Path(path_type=Path, file_okay=False),
    help="The content pack to replay against (default: the one recorded in the log).",
)
@click.option(
    "--quiet", "-q", is_flag=True, help="With --verify: print nothing unless the replay diverges."
)
def replay(log_path: Path, verify: bool, pack: Path | None, quiet: bool) -> None:
    """Re-run a saved game LOG (from `questforge play --log`) and show it.

    Exit status: 0 shown / verified identical, 1 the replay diverges (--verify), 2 bad input.
    """
    log = read_log(log_path)
    source = find_source(log, pack, log_path)
    try:
        content = simulation.load_content(source)
    except ScenarioRefError as exc:
        fail(str(exc))
    console = Console()
    logged = [dict(e) for e in log["events"] if isinstance(e, dict)]
    if len(logged) != len(log["events"]):
        fail(f"{log_path}: every event must be a JSON object")

    if not verify:
        # show the game as `play --auto` does: events as they happen, the map each round
        view = BoardView(content.scenarios[str(log["setup"].get("scenario"))], content)

        def show_step(game: Any) -> None:
            show_turn(console, game, view)

        game, problem = replay_game(content, log, show_step)
        console.print(view.board(game.state))
        console.print(view.figures_table(game.state))
        if problem or game.log.to_json() != logged:
            console.print(
                "[yellow]note: this engine does not reproduce the log exactly; "
                "run with --verify for details[/]"
            )
        return

    game, problem = replay_game(content, log)
    produced = game.log.to_json()

    # --verify: event by event
    for i, (want, got) in enumerate(zip(logged, produced, strict=False)):
        if want != got:
            console.print(
                f"[bold red]DIVERGES[/] at event {i} (of {len(logged)} logged):", highlight=False
            )
            console.print(
                f"  expected: {_short(want)}", highlight=False, markup=False, soft_wrap=True
            )
            console.print(
                f"  got:      {_short(got)}", highlight=False, markup=False, soft_wrap=True
            )
            sys.exit(1)
    if len(produced) != len(logged):
        i = min(len(produced), len(logged))
        console.print(f"[bold red]DIVERGES[/] at event {i}:", highlight=False)
        if len(produced) < len(logged):
            reason = f" ({problem})" if problem else ""
            console.print(
                f"  expected: {_short(logged[i])}", highlight=False, markup=False, soft_wrap=True
            )
            console.print(
                f"  got:      the replay ended{reason}",
                highlight=False,
                markup=False,
                soft_wrap=True,
            )
        else:
            console.print(
                "  expected: the end of the log", highlight=False, markup=False, soft_wrap=True
            )
            console.print(
                f"  got:      {_short(produced[i])}", highlight=False, markup=False, soft_wrap=True
            )
        sys.exit(1)
    if problem:
        console.print(f"[bold red]DIVERGES[/]: the events match but {problem}", highlight=False)
        sys.exit(1)
    if not quiet:
        outcome = game.result.outcome if game.result is not None else "unfinished (left early)"
        console.print(f"verified: {len(logged)} events identical · {outcome}", highlight=False)
