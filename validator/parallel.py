"""A second process for the one-shot command: work handed to a forked child.

``questforge validate`` of a large pack spends its time in two places that can run side by
side on a second core: loading and schema-validating each file (independent per file) and
the semantic checks (independent per check, given every document). :func:`in_child` runs a
function in a forked copy of the process and hands back its (pickled) result, so the parent
does its own share meanwhile. Only the command-line run uses it (``validate_paths(jobs=...)``
defaults to one process; the command's default is two, see :func:`default_jobs`): a library
caller may hold threads (the editor's Qt event loop, a test runner) that a fork must not
copy.

The child shares nothing after the fork: whatever it computes reaches the parent only
through the result. A child that fails, is killed or cannot be forked makes :meth:`Child.result`
return ``None``, and the caller then does the work itself: the answer never depends on
whether a second process ran, only the time does.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")

#: environment variable that caps the processes of a run (``1``: never fork)
JOBS_VARIABLE = "QUESTFORGE_JOBS"


def can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform != "win32"


def default_jobs() -> int:
    """Processes for a command-line run without ``--jobs``: ``QUESTFORGE_JOBS`` if set,
    else 2 on a machine with two or more cores available to this process (1 on one core,
    or when the process already runs other threads, which a fork must not copy).

    Two pay on a large pack (the runs decide by size: ``--schema-only`` from 200 files, the
    checks from 200 documents): a ``--schema-only`` child loads and checks half of the
    files and hands back only their findings, so the command takes about half the time
    after its start-up at the same CPU; a full run's child runs about half of the checks
    and hands back their located findings (less wall clock, more CPU in total: its
    copy-on-write pages). ``--jobs 1`` (or ``QUESTFORGE_JOBS=1``) keeps one process.
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


class Child(Generic[T]):
    """A forked child computing one value (see :func:`in_child`)."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd

    def result(self) -> T | None:
        """The child's value, or ``None`` if it failed (wait for it to finish)."""
        chunks: list[bytes] = []
        try:
            while True:
                chunk = os.read(self.fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        except OSError:
            chunks = []
        finally:
            os.close(self.fd)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self.pid, 0)
        try:
            status, value = pickle.loads(b"".join(chunks))
        except Exception:  # killed half-way, or nothing written
            return None
        return value if status == "ok" else None


def in_child(func: Callable[[], T]) -> Child[T] | None:
    """Start ``func()`` in a forked child; ``None`` when no child could be started."""
    if not can_fork():
        return None
    try:
        read_fd, write_fd = os.pipe()
    except OSError:
        return None
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_fd)
        os.close(write_fd)
        return None
    if pid == 0:  # the child: compute, write, leave without running the parent's exit code
        code = 0
        try:
            os.close(read_fd)
            try:
                payload = pickle.dumps(("ok", func()), pickle.HIGHEST_PROTOCOL)
            except BaseException:
                payload = pickle.dumps(("failed", None))
                code = 1
            view = memoryview(payload)
            while view:
                written = os.write(write_fd, view)
                view = view[written:]
            os.close(write_fd)
        finally:
            os._exit(code)
    os.close(write_fd)
    return Child(pid, read_fd)


def split(items: list[Any], parts: int) -> list[list[Any]]:
    """``items`` cut into ``parts`` contiguous runs of nearly equal length (in order)."""
    size, extra = divmod(len(items), parts)
    out = []
    start = 0
    for index in range(parts):
        end = start + size + (1 if index < extra else 0)
        out.append(items[start:end])
        start = end
    return out
