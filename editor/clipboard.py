"""Clipboard lifetime.

PySide6 crashes at interpreter exit (segmentation fault) when the application still holds
clipboard data it put there, e.g. after the user copied a placement and quit. The editor
puts data on the clipboard through :func:`set_clipboard` and releases it when the
application is about to quit; content another program put there is left alone.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QMimeData
from PySide6.QtWidgets import QApplication

_ours: list[QMimeData] = []


def set_clipboard(mime: QMimeData) -> None:
    """Put ``mime`` on the clipboard and remember it as ours."""
    _ours[:] = [mime]
    QApplication.clipboard().setMimeData(mime)


def _release_own_clipboard() -> None:
    clipboard = QApplication.clipboard()
    if clipboard is None:
        return
    # ownsClipboard() is False on platforms without clipboard ownership (offscreen), so
    # also recognise the data object we placed ourselves.
    if clipboard.ownsClipboard() or (_ours and clipboard.mimeData() is _ours[0]):
        clipboard.clear()
    _ours.clear()


def release_clipboard_on_quit(app: QCoreApplication) -> None:
    """Clear the clipboard on quit if (and only if) this application put data there."""
    app.aboutToQuit.connect(_release_own_clipboard)
