"""Quitting after a copy must not crash the interpreter (PySide6 segfaults at exit while
the application still owns clipboard data)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QMimeData, QTimer
    from PySide6.QtWidgets import QApplication
    from questforge.editor.clipboard import release_clipboard_on_quit, set_clipboard

    app = QApplication([])
    if sys.argv[1] == "guarded":
        release_clipboard_on_quit(app)
    mime = QMimeData()
    mime.setText("placement")
    set_clipboard(mime)
    QTimer.singleShot(0, app.quit)
    app.exec()
    """
)


def _run(mode: str) -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], env=env, capture_output=True, timeout=60
    ).returncode


def test_quit_after_copy_exits_cleanly() -> None:
    assert _run("guarded") == 0
