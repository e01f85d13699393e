"""``questforge ai solve`` without click: file arguments, the fast start, and dispatch to
the ruleset's referee face.

``questforge ai solve`` on a folder of situations is often run in scripts and editors' save
hooks, where start-up dominates, so a plain command line is run by :func:`fast_main` without
click (``questforge.launch``); :mod:`questforge.commands.ai` is the click command. Both
call :func:`run`, which hands the files to the referee face of the ruleset that has one
(Gloomhaven's monster AI; found through the ruleset contract, built-in rulesets first so
the entry-point scan is not paid when a built-in referee exists).
"""

from __future__ import annotations

import os
import sys

# ``typing`` and ``pathlib`` are not imported at run time on the fast path (``questforge ai
# solve`` starts faster without them): file arguments stay strings there
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path
    from typing import Any

    Echo = Callable[[str], None]


class UsageProblem(Exception):
    """The file arguments cannot be used (the click command reports it as a usage error)."""


def referee() -> Any:
    """The referee face questforge offers (the first ruleset, by id, that has one)."""
    from questforge.engine import rulesets

    # built-in rulesets first: ``all_rulesets()`` scans the plug-in entry points
    # (importlib.metadata, a hundred modules), which a built-in referee makes unnecessary
    # built-in rulesets first, one at a time (the first, Gloomhaven, has one: the others'
    # packages are then never imported)
    for name in rulesets.BUILTIN:
        builtin = rulesets.builtin_ruleset(name)
        face = builtin.referee() if builtin is not None else None
        if face is not None:
            return face
    for ruleset in rulesets.all_rulesets():
        face = ruleset.referee()
        if face is not None:
            return face
    raise UsageProblem("no installed ruleset has a referee (monster-AI) face")


def run(
    files: Sequence[str | os.PathLike[str]],
    fmt: str,
    check: bool,
    explain: bool,
    out: Echo,
    err: Echo,
) -> int:
    """Solve every file with the referee and print the answers; the exit code (0 ok, 1 a
    difference from ``expected`` with ``check``, 2 a file could not be used)."""
    code: int = referee().run(files, fmt, check, explain, out, err)
    return code


def expand(paths: tuple[Path, ...] | list[Path]) -> list[Path]:
    """Files as given; a directory stands for its ``*.json`` files in name order."""
    out: list[Path] = []
    if sum(1 for p in paths if str(p) == "-") > 1:
        raise UsageProblem("standard input (-) can be read only once")
    for p in paths:
        if str(p) != "-" and p.is_dir():
            found = sorted(p.glob("*.json"))
            if not found:
                raise UsageProblem(f"{p}: folder holds no *.json situation files")
            out.extend(found)
        else:
            out.append(p)
    return out


def _expand_plain(args: list[str]) -> list[str] | None:
    """:func:`expand` for the fast start: the same files, as strings, found with ``os``
    (no ``pathlib``); ``None`` for anything :func:`expand` would refuse or that cannot be
    listed, so the click command reports it exactly as always.

    A folder stands for the entries whose names end in ``.json`` (what ``Path.glob("*.json")``
    matches on a POSIX system: hidden names too, case-sensitive), in name order.
    """
    if args.count("-") > 1:
        return None
    out: list[str] = []
    for a in args:
        if a != "-" and os.path.isdir(a or "."):
            try:
                with os.scandir(a or ".") as entries:
                    names = sorted(e.name for e in entries if e.name.endswith(".json"))
            except OSError:
                return None
            if not names:
                return None
            out.extend(os.path.join(a, name) for name in names)
        else:
            out.append(a)
    return out


# ---------------------------------------------------------------- the fast start


def fast_main(args: list[str]) -> int | None:
    """Run ``ai solve`` with ``args`` (what follows ``ai solve``) without click.

    Only the plain forms are taken: files, ``-``, ``--format text|json`` (or
    ``--format=...``), ``--check`` and ``--explain``. Anything else (``--help``, an unknown
    or malformed option, ``--``, no file, a usage problem with the files) returns ``None``
    before any output, and the click command then handles the arguments exactly as always.
    """
    fmt = "text"
    check = explain = False
    files: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--check":
            check = True
        elif a == "--explain":
            explain = True
        elif a == "--format" or a.startswith("--format="):
            if a == "--format":
                i += 1
                if i >= len(args):
                    return None
                value = args[i]
            else:
                value = a.split("=", 1)[1]
            if value not in ("text", "json"):
                return None
            fmt = value
        elif a.startswith("-") and a != "-":
            return None
        else:
            files.append(a)
        i += 1
    if not files:
        return None
    if sys.platform == "win32":
        return None  # ``Path.glob`` matching differs there: the click command expands
    paths = _expand_plain(files)
    if paths is None:
        return None
    stdout, stderr = sys.stdout, sys.stderr

    def plain(text: str, stream: Any) -> str:
        if "\x1b" in text and not stream.isatty():  # as click.echo does for a pipe or file
            import re

            text = re.sub(r"\033\[[;?0-9]*[a-zA-Z]", "", text)
        return text

    def out(text: str) -> None:
        stdout.write(plain(text, stdout) + "\n")

    def err(text: str) -> None:
        stdout.flush()
        stderr.write(plain(text, stderr) + "\n")
        stderr.flush()

    code = run(paths, fmt, check, explain, out, err)
    stdout.flush()
    return code
