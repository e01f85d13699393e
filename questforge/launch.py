"""The ``questforge`` console script: a fast start for ``ai solve``, click for the rest.

Importing click and building the command group costs more than solving a folder of
monster-AI situations, so a plain ``questforge ai solve [--format F] [--check] [--explain]
FILE...`` is run by :func:`questforge.commands.ai_run.fast_main` without click. Every other
command line (including ``ai solve --help`` and any malformed option) goes to
:func:`questforge.cli.main` unchanged; the output and exit codes are the same either way.

On the fast path the cyclic garbage collector is off (solving makes no reference cycles,
``tests/ai/test_ai_fast_start.py`` checks it, so it would only spend time looking) and the
process ends with ``os._exit`` once the output is flushed: tearing down the interpreter's
modules and caches is work nobody waits for. Together about a fifth of the command's time.
Other commands may end the same way through :func:`finish` (``validate`` does: freeing the
parsed files of a large pack costs about a twentieth of its run); a command run any other
way (a test's ``CliRunner``, ``python -m questforge``) exits as usual.
"""

from __future__ import annotations

import errno
import os
import sys

TYPE_CHECKING = False  # no ``typing`` at run time: ``ai solve`` starts without it
if TYPE_CHECKING:
    from typing import NoReturn

#: set by :func:`main`: the process is the console script, whose commands may end it at
#: once (:func:`finish`)
_CONSOLE = [False]


def finish(code: int) -> NoReturn:
    """End a command with exit status ``code``: without the interpreter's teardown in the
    console script (once the output is flushed), by ``SystemExit`` otherwise."""
    if _CONSOLE[0]:
        _exit_now(code)
    sys.exit(code)


def in_console() -> bool:
    """Whether :func:`finish` ends the process at once (so a command need not free what
    it built before it finishes)."""
    return _CONSOLE[0]


def main() -> None:
    """Console-script entry point."""
    _CONSOLE[0] = True
    args = sys.argv[1:]
    if len(args) > 2 and args[0] == "ai" and args[1] == "solve":
        import gc

        gc.disable()
        from questforge.commands.ai_run import fast_main

        try:
            code = fast_main(args[2:])
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise
            # the reader went away (``| head``): exit 1 quietly, as click does
            os._exit(1)
        if code is not None:
            _exit_now(code)
        gc.enable()
    from questforge.cli import main as cli_main

    cli_main()


def _exit_now(code: int) -> NoReturn:
    """Flush the output and end the process without the interpreter's teardown."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        os._exit(1)  # the reader went away: exit 1 quietly, as click does
    os._exit(code)
