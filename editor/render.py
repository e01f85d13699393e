"""Rendering a content file to an image without a window (``questforge render``).

Board modes register a renderer for the kinds they can draw; this module knows no
ruleset. Qt runs on the ``offscreen`` platform, so no display is needed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class RenderError(Exception):
    """The file cannot be rendered (unreadable, not a drawable kind, cannot write)."""


@dataclass
class RenderOptions:
    players: int = 2
    level: int = 1
    orientation: str = "flat"
    fmt: str = "png"


Renderer = Callable[[Any, Any, RenderOptions, Path], None]

#: kind -> renderer(document, workspace, options, output)
_RENDERERS: dict[str, Renderer] = {}


def register_renderer(kind: str, renderer: Renderer) -> None:
    _RENDERERS[kind] = renderer


_QUIET = ("propagateSizeHints",)


def quiet_qt_messages() -> None:
    """Drop the offscreen platform's harmless "does not support propagateSizeHints" noise."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, _context: Any, message: str) -> None:
        if any(q in message for q in _QUIET):
            return
        sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


def ensure_app() -> Any:
    """A QApplication on the offscreen platform (rendering never needs a display)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        quiet_qt_messages()
        app = QApplication(["questforge"])
    return app


def render_file(source: Path, output: Path, options: RenderOptions) -> Path:
    """Draw ``source`` into ``output``; :class:`RenderError` explains any problem."""
    ensure_app()
    from questforge.editor.boardmodes import load_all
    from questforge.editor.document import Document, DocumentError
    from questforge.editor.workspace import Workspace
    from questforge.engine.core.pack import find_pack_root

    load_all()
    try:
        doc = Document.open(source, autosave=False)
    except DocumentError as exc:
        raise RenderError(str(exc)) from None
    renderer = _RENDERERS.get(doc.kind)
    if renderer is None:
        known = ", ".join(sorted(_RENDERERS)) or "none"
        raise RenderError(
            f"{source}: a {doc.kind!r} file has no map to render (renderable kinds: {known})"
        )
    workspace = Workspace()
    root = find_pack_root(source)
    if root is not None:
        workspace.open_pack(root)
    workspace.add_document(doc)
    try:
        renderer(doc, workspace, options, output)
    except (OSError, ValueError) as exc:
        raise RenderError(str(exc)) from None
    return output
