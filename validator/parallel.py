"""A second process for the one-shot command: work handed to a forked child.

``questforge validate`` of a large pack spends its time in two places that can run side by
side on a second core: loading and schema-validating each file (independent per file) and
the semantic checks (independent per check, given every document). :func:`in_child` runs a
function in a forked copy of the process and hands back its (pickled) result, so the parent
does its own share meanwhile. Only the command-line run uses it (``validate_paths(jobs=...)``
defaults to one process; the command's default is two, see
:func:`~questforge.engine.core.processes.default_jobs`): a library
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
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform != "win32"


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
