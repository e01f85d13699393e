"""What ``play``, ``simulate``, ``replay`` and ``render`` share: finding the target and its
ruleset, the ruleset's setup options as command-line flags, output-path checks, and the
terminal's drawing of a ruleset's text board.

The commands dispatch through the ruleset contract only; nothing here names a ruleset.
Setup options are declared by each ruleset (``--players``, ``--heroes``, ``--level`` …), so
they cannot be fixed click options: the commands accept unknown ``--name value`` pairs and
:func:`parse_setup_args` checks them against the target's declared options.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from questforge.engine import rulesets
from questforge.engine.core.errors import QuestforgeError
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import GameFace, SetupError, SetupOption, TextBoard
from questforge.engine.core.targets import Target, TargetError, resolve_target


def fail(message: str, status: int = 2) -> NoReturn:
    """Print a clear error and exit (2: usage or input error), never a traceback."""
    Console(stderr=True, soft_wrap=True).print(
        f"[bold red]error:[/] {escape(message)}", highlight=False
    )
    sys.exit(status)


def check_output(path: Path | None, option: str) -> None:
    """Refuse an output path that cannot be written *before* the work starts."""
    if path is None:
        return
    if path.is_dir():
        fail(f"{option} {path}: is a folder; give a file name")
    parent = path.absolute().parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        fail(f"{option} {path}: cannot write there ({parent} is not a writable folder)")
    if path.exists() and not os.access(path, os.W_OK):
        fail(f"{option} {path}: the file exists and cannot be overwritten")
    probe = parent / f".questforge-write-test-{os.getpid()}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        fail(f"{option} {path}: cannot write there ({exc.strerror or exc})")


def write_text(path: Path, text: str, what: str) -> None:
    """Write atomically (temporary file, then rename); a failure is a clear error."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8", errors="strict")
        tmp.replace(path)
    except (OSError, UnicodeEncodeError) as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        fail(f"cannot write the {what} to {path}: {getattr(exc, 'strerror', None) or exc}")


@dataclass
class GameTarget:
    """A resolved target with its ruleset's game face and content, ready to play."""

    target: Target
    face: GameFace
    content: Any
    options: tuple[SetupOption, ...]


def game_face(ruleset_id: str) -> GameFace:
    try:
        face = rulesets.get(ruleset_id).game()
    except QuestforgeError as exc:
        fail(str(exc))
    if face is None:
        fail(f"ruleset {ruleset_id!r} has no game engine; nothing to play")
    return face


def open_game_target(ref: str) -> GameTarget:
    """Resolve ``ref`` (file, PACK-DIR:ID, PACK-ID:ID or a bundled id) to something
    playable; every problem exits 2 with one clear line."""
    try:
        kinds = sorted({k for r in rulesets.all_rulesets() for k in _playable(r)})
        target = resolve_target(ref, kinds or None)
    except TargetError as exc:
        fail(str(exc))
    face = game_face(target.ruleset)
    if target.kind not in face.playable_kinds:
        fail(
            f"{ref}: a {target.kind!r} cannot be played; {target.ruleset} plays "
            f"{', '.join(face.playable_kinds)}"
        )
    try:
        content = face.load(target)
        options = face.setup_options(content, target)
    except QuestforgeError as exc:
        fail(str(exc))
    return GameTarget(target, face, content, options)


def _playable(ruleset: rulesets.Ruleset) -> tuple[str, ...]:
    """The kinds ``ruleset`` plays: as its record states them (no import), else as its
    game face says (a plug-in that does not state them)."""
    if ruleset.playable_kinds is not None:
        return ruleset.playable_kinds
    try:
        face = ruleset.game()
    except QuestforgeError:
        return ()
    return face.playable_kinds if face is not None else ()


def parse_setup_args(
    options: Sequence[SetupOption],
    args: Sequence[str],
    *,
    sweep: bool = False,
    positional: list[str] | None = None,
) -> dict[str, list[JSONValue]]:
    """``--name value`` / ``--name=value`` / ``--flag`` pairs against the declared options.

    Returns each given option's values (one value, or a list for a sweep). Unknown flags
    and bad values exit 2 naming the flags this game has. Other words go to
    ``positional`` when given (a second target), else they are refused."""
    by_flag = {f"--{o.name}": o for o in options}
    out: dict[str, list[JSONValue]] = {}
    i = 0
    args = list(args)
    while i < len(args):
        arg = args[i]
        name, eq, inline = arg.partition("=")
        option = by_flag.get(name)
        if option is None and positional is not None and not arg.startswith("-"):
            positional.append(arg)
            i += 1
            continue
        if option is None:
            known = ", ".join(by_flag) or "none"
            what = "option" if arg.startswith("-") else "argument"
            fail(f"unknown {what} {arg!r} (this game's setup options: {known})")
        if eq:
            value = inline
        elif option.type == "flag":
            value = "yes"
        else:
            if i + 1 >= len(args):
                fail(f"{name} needs a value")
            i += 1
            value = args[i]
        try:
            out[option.name] = option.parse_many(value) if sweep else [option.parse(value)]
        except SetupError as exc:
            fail(str(exc))
        i += 1
    return out


def single_setup(
    options: Sequence[SetupOption], given: Mapping[str, list[JSONValue]]
) -> dict[str, JSONValue]:
    """Every option's one value (given or default)."""
    return {o.name: (given[o.name][0] if o.name in given else o.default) for o in options}


# ------------------------------------------------------------------------------ drawing

#: semantic style names of text boards -> rich styles
STYLES: dict[str, str] = {
    "heading": "bold",
    "muted": "grey42",
    "hidden": "grey23",
    "floor": "grey50",
    "character": "bold black on cyan",
    "hero": "bold black on cyan",
    "player": "bold black on cyan",
    "monster": "bold black on white",
    "elite": "bold black on yellow",
    "master": "bold black on yellow",
    "summon": "bold black on green",
    "mark": "bold black on bright_magenta",
    "door": "bold bright_white on grey30",
    "door-open": "green",
    "obstacle": "grey50",
    "wall": "grey50",
    "trap": "bold red",
    "hazard": "red",
    "lava": "bold red",
    "water": "blue",
    "difficult": "green",
    "treasure": "bold yellow",
    "coins": "yellow",
    "plate": "blue",
    "good": "green",
    "bad": "red",
    "element-fire": "red",
    "element-ice": "cyan",
    "element-air": "white",
    "element-earth": "green",
    "element-light": "yellow",
    "element-dark": "magenta",
}


def _style(name: str | None) -> str:
    if name is None:
        return ""
    if name in STYLES:
        return STYLES[name]
    if name.endswith("-strong") and name[: -len("-strong")] in STYLES:
        return "bold " + STYLES[name[: -len("-strong")]]
    return ""


def board_text(board: TextBoard) -> Text:
    """A text board as rich text (colours from :data:`STYLES`)."""
    out = Text()
    for line in board.lines:
        for span in line:
            out.append(span.text, style=_style(span.style))
        out.rstrip()
        out.append("\n")
    return out


def refuse_broken(gt: GameTarget, force: bool, command: str) -> None:
    """Validate the target's pack before a game (cached per pack content): errors in the
    target or the content it shares exit 1 with the findings as ``file:line:col`` lines;
    with ``force`` the game goes on after a warning. Warnings never stop a game."""
    from questforge.validator.preflight import check_target

    target = gt.target
    verdict = check_target(target.pack_root, target.file, target.kind)
    if verdict.ok:
        return
    err = Console(stderr=True, soft_wrap=True)
    for line in verdict.lines():
        err.print(line, highlight=False, markup=False)
    count = len(verdict.errors)
    if force:
        err.print(
            f"[bold yellow]warning:[/] {target.label} has {count} content error(s); "
            f"{command} goes on because of --force (the engine may misbehave)",
            highlight=False,
        )
        return
    err.print(
        f"[bold red]error:[/] {escape(target.label)} has {count} content error(s) (above); fix "
        f"them (questforge validate {escape(str(target.pack_root))}) or add --force to {command} "
        "anyway",
        highlight=False,
    )
    sys.exit(1)
