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
"""

from __future__ import annotations

import errno
import os
import sys


def main() -> None:
    """Console-script entry point."""
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


def _exit_now(code: int) -> None:
    """Flush the output and end the process without the interpreter's teardown."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        os._exit(1)  # the reader went away: exit 1 quietly, as click does
    os._exit(code)
