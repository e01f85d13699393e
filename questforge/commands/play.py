"""``questforge play TARGET``: a game of any ruleset in the terminal (bots with ``--auto``).

The game runs through the step API (:class:`~questforge.engine.core.session.Session`):
bots answer every actor a person does not play; the person's decisions come back as
numbered menus worded by the ruleset's narrator, with the ruleset's text board drawn above
(the options' places marked on it). ``--auto`` lets bots play every side and prints the game
turn by turn. The setup options (``--players``, ``--level`` …) are the ruleset's own.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from questforge.commands.gamecli import (
    board_text,
    check_output,
    fail,
    open_game_target,
    parse_setup_args,
    refuse_broken,
    single_setup,
    write_text,
)
from questforge.engine.core.decisions import Decision
from questforge.engine.core.errors import QuestforgeError
from questforge.engine.core.events import Event
from questforge.engine.core.game import GameFace, PlayableGame, setup_label
from questforge.engine.core.gamelog import build_log
from questforge.engine.core.session import Session
from questforge.engine.core.simulation import describe_failure
from questforge.engine.core.targets import pack_digest


class QuitGame(Exception):
    """The person left the game (end of input or Ctrl-C)."""


class TerminalPrompt:
    """Asks a person one decision: a numbered menu; text narrows a long list."""

    def __init__(self, console: Console, read: object = None) -> None:
        self.console = console
        self.read = read or console.input

    def _input(self, prompt: str) -> str:
        try:
            raw = self.read(f"[bold]{prompt}[/] ")  # type: ignore[operator]
        except (EOFError, KeyboardInterrupt):
            raise QuitGame() from None
        return str(raw).strip()

    def choose(self, title: str, labels: Sequence[str]) -> int:
        shown = list(range(len(labels)))
        while True:
            self.console.print(f"[bold cyan]{escape(title)}[/]")
            for i in shown[:40]:
                self.console.print(f"  [bold]{i + 1:>3}[/] {escape(labels[i])}", highlight=False)
            if len(shown) > 40:
                self.console.print(f"  … {len(shown) - 40} more: type a word to narrow the list")
            answer = self._input(f"choose 1-{len(labels)} (q quits):")
            if answer.lower() in ("q", "quit", "exit"):
                raise QuitGame()
            if answer.isdigit() and 1 <= int(answer) <= len(labels):
                return int(answer) - 1
            narrowed = [i for i in range(len(labels)) if answer.lower() in labels[i].lower()]
            if answer and narrowed:
                if len(narrowed) == 1:
                    return narrowed[0]
                shown = narrowed
                continue
            self.console.print(
                f"[red]'{escape(answer)}' is not an option[/]: type a number, a word from an "
                "option, or q to quit"
            )


def print_events(
    console: Console, face: GameFace, events: Sequence[Event], game: PlayableGame | None = None
) -> None:
    for e in events:
        line = face.narrate(e, game)
        if line is not None:
            console.print(line, highlight=False, markup=False)


def ask_person(
    console: Console, prompt: TerminalPrompt, face: GameFace, game: PlayableGame, d: Decision
) -> int:
    console.print(board_text(face.board(game, d)))
    labels = [face.describe_option(game, d, i) for i in range(len(d.options))]
    return prompt.choose(face.describe_decision(game, d), labels)


def run_in_terminal(
    console: Console,
    face: GameFace,
    session: Session,
    *,
    boards: bool = False,
    left: str = "game left before its end",
) -> int:
    """Play ``session`` to its end in the terminal: every event narrated, each decision of
    the session's people asked at the prompt (with no people, a board after each round;
    ``boards``: also after every other stop and at the end). Returns 0 when the game ended
    or a person left it (``left`` is said), 1 on an engine failure, said plainly so the
    caller can still write the log for a report. Shared by ``play`` and ``campaign play``."""
    prompt = TerminalPrompt(console)
    printed = 0
    try:
        while True:
            decision = session.advance(None if session.people else after_round)
            game = session.game
            print_events(console, face, game.events[printed:], game)
            printed = len(game.events)
            if decision is not None:
                session.answer(ask_person(console, prompt, face, game, decision))
                continue
            if session.finished or session.capped:
                break
            if boards:
                console.print(board_text(face.board(game)))
        if boards:
            console.print(board_text(face.board(session.game)))
    except QuitGame:
        console.print(f"\n[yellow]{left}[/]")
    except Exception as exc:  # an engine failure: say so plainly, keep the log for a report
        console.print(
            f"[bold red]engine error[/] in round {session.game.round}: "
            f"{escape(describe_failure(exc))}",
            highlight=False,
            soft_wrap=True,
        )
        return 1
    return 0


def after_round(game: PlayableGame, events: Sequence[Event]) -> bool:
    """A stop rule: pause after a step in which a round ended (to draw the board)."""
    return any(e.type == "round_end" for e in events)


@click.command(
    name="play",
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
)
@click.argument("target")
@click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="[SETUP OPTIONS]")
@click.option("--seed", type=int, default=1, show_default=True, help="Game seed.")
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the game log here (checked before the game starts).",
)
@click.option("--auto", is_flag=True, help="Bots play every side; the game is printed.")
@click.option(
    "--force",
    is_flag=True,
    help="Play even if the validator finds errors in the content (for experiments).",
)
@click.option(
    "--as",
    "as_actors",
    default=None,
    help="Actors you play, comma-separated (default: every player-side actor).",
)
@click.pass_context
def play(
    ctx: click.Context,
    target: str,
    args: tuple[str, ...],
    seed: int,
    log_path: Path | None,
    auto: bool,
    force: bool,
    as_actors: str | None,
) -> None:
    """Play TARGET in the terminal: a file (that file exactly), PACK-DIR:ID, PACK-ID:ID or
    the id of a bundled scenario, quest or board.

    Setup options are the ruleset's own and all have defaults, e.g. Gloomhaven's
    --players 2-4 --level 0-7 --classes a,b --solo. Type q (or Ctrl-D) at a prompt to leave.
    The content is validated first: errors are listed and nothing is played (exit 1)
    unless --force is given. Exit status: 0 played, 1 engine error or content errors, 2 bad
    input.
    """
    check_output(log_path, "--log")
    gt = open_game_target(target)
    face, content = gt.face, gt.content
    setup = single_setup(gt.options, parse_setup_args(gt.options, [*args, *ctx.args]))
    refuse_broken(gt, force, "play")  # after the usage checks: bad flags are exit 2
    try:
        probe = face.new_game(content, gt.target, setup, seed)
    except QuestforgeError as exc:
        fail(str(exc))
    actors = face.actors(probe)
    if auto:
        people: set[str] = set()
    elif as_actors:
        people = {a.strip() for a in as_actors.split(",") if a.strip()}
        unknown = people - {a.id for a in actors}
        if unknown:
            fail(
                f"--as: no actor {', '.join(sorted(unknown))} (actors: {', '.join(a.id for a in actors)})"
            )
    else:
        people = {a.id for a in actors if a.side == "players"}
    session = Session(
        lambda: face.new_game(content, gt.target, setup, seed),
        lambda game: face.bots(game, seed),
        people=people,
        round_cap=face.round_cap,
    )
    console = Console()
    info = face.content_info(content, gt.target)
    console.print(
        f"[bold]{escape(str(info.get('name', gt.target.id)))}[/] ({gt.target.label}) · "
        f"{escape(setup_label(gt.options, setup))}"
        f" · seed {seed}",
        highlight=False,
    )
    status = run_in_terminal(console, face, session, boards=True)
    summary = face.summary(session.game) if (session.finished or session.capped) else None
    if summary is not None:
        colour = {"won": "green", "lost": "red"}.get(summary.outcome, "yellow")
        console.print(f"[bold {colour}]{summary.outcome.upper()}[/] after {summary.rounds} rounds")
    if log_path is not None:
        log = build_log(
            face, gt.target, pack_digest([gt.target.pack_root]), setup, seed, session.game
        )
        write_text(log_path, json.dumps(log.to_json(), indent=1) + "\n", "game log")
        console.print(f"log: {log_path}", highlight=False)
    sys.exit(status)
