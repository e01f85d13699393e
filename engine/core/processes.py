"""How many processes a command uses when the user does not say (``--jobs``).

One policy for every command that can use a second core - ``validate`` (a forked child
checks part of a large pack) and ``simulate`` (a pool of workers plays the games) - so
that ``QUESTFORGE_JOBS`` means the same everywhere. It lives in the engine's core because
``simulate`` is the engine's and ``validate`` may use the engine, not the other way round.
"""

from __future__ import annotations

import os
import threading

#: environment variable that sets the processes of a run (``1``: never a second one)
JOBS_VARIABLE = "QUESTFORGE_JOBS"


def default_jobs() -> int:
    """Processes for a command-line run without ``--jobs``: ``QUESTFORGE_JOBS`` if set,
    else 2 on a machine with two or more cores available to this process (1 on one core,
    or when the process already runs other threads, which a fork must not copy).

    Each command decides by size whether a second process pays (``validate``: from 200
    files or documents; see ``questforge.validator.parallel``), and its output never
    depends on the number. ``--jobs 1`` (or ``QUESTFORGE_JOBS=1``) keeps one process.
    """
    setting = os.environ.get(JOBS_VARIABLE, "").strip()
    if setting.isdigit() and int(setting) >= 1:
        return int(setting)
    if threading.active_count() > 1:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every platform
        cores = os.cpu_count() or 1
    return 2 if cores >= 2 else 1
