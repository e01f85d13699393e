"""``questforge replay LOG``: re-run a saved game log of any ruleset, show it, or verify it.

A game is ``(content, setup, seed, decisions)``: feeding the logged decisions back to the
engine must reproduce every logged event. The log's header says which ruleset, engine and
content it was played with (pack id, version and a digest of its files); ``--verify`` first
compares the header with the engine and content at hand and says precisely what differs,
then compares the events one by one and reports the first that differs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from questforge.commands.gamecli import board_text, fail, game_face
from questforge.engine.core.errors import QuestforgeError
from questforge.engine.core.gamelog import GameLog, header_differences, read_log, replay_game
from questforge.engine.core.pack import MANIFEST
from questforge.engine.core.targets import (
    Target,
    TargetError,
    bundled_packs,
    pack_digest,
    resolve_target,
    target_of_file,
)


def _short(event: dict[str, Any]) -> str:
    return json.dumps(event, separators=(", ", ": "))


def find_target(log: GameLog, pack: Path | None, log_path: Path) -> tuple[Target, list[str]]:
    """The document to replay against, and notes about how it was found: ``--pack``, the
    recorded pack folder (if it is still there and is the same pack), or a bundled pack
    with the recorded id (said so, since it may be other content)."""
    rec = log.target
    doc_id, kind = rec.get("id"), rec.get("kind")
    if not isinstance(doc_id, str) or not doc_id:
        fail(f"{log_path}: the log names no document to replay")
    kinds = [kind] if isinstance(kind, str) and kind else None
    notes: list[str] = []
    candidates: list[Path] = []
    if pack is not None:
        if not (pack / MANIFEST).is_file():
            fail(f"--pack {pack}: not a content pack folder (no {MANIFEST})")
        candidates.append(pack)
    else:
        root = rec.get("pack_root")
        if isinstance(root, str) and (Path(root) / MANIFEST).is_file():
            candidates.append(Path(root))
        else:
            pack_id = rec.get("pack")
            for bundled in bundled_packs():
                if bundled.name == pack_id:
                    candidates.append(bundled)
                    where = f"the recorded folder {root}" if root else "no folder"
                    notes.append(
                        f"the log names {where}, which is not there; replaying against the "
                        f"bundled pack {pack_id!r}"
                    )
        if not candidates:
            fail(
                f"{log_path}: cannot find the pack {rec.get('pack')!r} the game was played "
                "with; give it with --pack DIR"
            )
    folder = candidates[0]
    rel = rec.get("file")
    try:
        if isinstance(rel, str) and rel and (folder / rel).is_file():
            target = target_of_file(folder / rel, kinds)
            if target.id != doc_id:
                target = resolve_target(f"{folder}:{doc_id}", kinds)
        else:
            target = resolve_target(f"{folder}:{doc_id}", kinds)
    except TargetError as exc:
        fail(str(exc))
    return target, notes


@click.command(name="replay")
@click.argument("log_path", metavar="LOG", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--verify",
    is_flag=True,
    help="Check the header and every event; exit 1 on the first difference.",
)
@click.option(
    "--pack",
    type=click.Path(path_type=Path, file_okay=False),
    help="The content pack to replay against (default: the one recorded in the log).",
)
@click.option(
    "--quiet", "-q", is_flag=True, help="With --verify: print nothing unless something differs."
)
def replay(log_path: Path, verify: bool, pack: Path | None, quiet: bool) -> None:
    """Re-run a saved game LOG (from `questforge play --log`) and show it.

    Exit status: 0 shown / verified identical, 1 the replay or its header differs
    (--verify), 2 bad input.
    """
    try:
        log = read_log(log_path)
    except QuestforgeError as exc:
        fail(str(exc))
    face = game_face(log.ruleset)
    target, notes = find_target(log, pack, log_path)
    if target.ruleset != log.ruleset:
        fail(
            f"{log_path}: the log is a {log.ruleset} game but {target.file} belongs to a "
            f"{target.ruleset} pack"
        )
    try:
        content = face.load(target)
    except QuestforgeError as exc:
        fail(str(exc))
    console = Console()
    for note in notes:
        console.print(f"[yellow]note:[/] {escape(note)}", highlight=False)
    if log.source_format != 2 and not quiet:
        console.print(
            f"[yellow]note:[/] format-{log.source_format} log, read through its migration "
            "(no content digest recorded)",
            highlight=False,
        )

    if not verify:

        def show(game: Any, events: Any) -> None:
            for e in events:
                line = face.narrate(e, game)
                if line is not None:
                    console.print(line, highlight=False, markup=False)

        game, problem = replay_game(face, content, target, log, show)
        console.print(board_text(face.board(game)))
        if problem or [e.to_json() for e in game.events] != log.events:
            console.print(
                "[yellow]note: this engine does not reproduce the log exactly; "
                "run with --verify for details[/]"
            )
        return

    differences = header_differences(
        log, engine=face.engine_id, target=target.to_json(), digest=pack_digest([target.pack_root])
    )
    game, problem = replay_game(face, content, target, log)
    produced = [e.to_json() for e in game.events]
    logged = log.events
    diverged = False
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
            diverged = True
            break
    if not diverged and len(produced) != len(logged):
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
        diverged = True
    if not diverged and problem:
        console.print(
            f"[bold red]DIVERGES[/]: the events match but {escape(problem)}", highlight=False
        )
        diverged = True
    if differences:
        console.print("[bold red]HEADER DIFFERS[/]: the log was recorded with", highlight=False)
        for d in differences:
            console.print(f"  - {d}", highlight=False, markup=False, soft_wrap=True)
        if not diverged:
            console.print(
                f"  (the {len(logged)} events still replay identically with this engine and content)",
                highlight=False,
            )
    if diverged or differences:
        sys.exit(1)
    if not quiet:
        outcome = (log.result or {}).get("outcome") or "unfinished (left early)"
        console.print(f"verified: {len(logged)} events identical · {outcome}", highlight=False)
