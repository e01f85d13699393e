"""The ``questforge`` console script: a fast start for ``ai solve``, click for the rest.

Importing click and building the command group costs more than solving a folder of
monster-AI situations, so a plain ``questforge ai solve [--format F] [--check] [--explain]
FILE...`` is run by :func:`questforge.commands.ai_run.fast_main` without click. Every other
command line (including ``ai solve --help`` and any malformed option) goes to
:func:`questforge.cli.main` unchanged; the output and exit codes are the same either way.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Console-script entry point."""
    args = sys.argv[1:]
    if len(args) > 2 and args[0] == "ai" and args[1] == "solve":
        from questforge.commands.ai_run import fast_main

        code = fast_main(args[2:])
        if code is not None:
            sys.exit(code)
    from questforge.cli import main as cli_main

    cli_main()
