"""Rendering a content file to an image without a window (``questforge render``).

Board modes register a renderer for the kinds they can draw; this module knows no
ruleset. Qt runs on the ``offscreen`` platform, so no display is needed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.engine.core.errors import UsageError
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption


class RenderError(UsageError):
    """The file cannot be rendered (unreadable, not a drawable kind, cannot write)."""


@dataclass
class RenderOptions:
    """What to draw: the renderer's declared options (``players``, ``orientation`` …, by
    name) and the image format."""

    values: dict[str, JSONValue] = field(default_factory=dict)
    fmt: str = "png"

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)


Renderer = Callable[[Any, Any, RenderOptions, Path], None]


@dataclass(frozen=True)
class RendererSpec:
    """A board mode's picture of one kind: the function and the options it takes."""

    ruleset: str
    kind: str
    render: Renderer
    options: tuple[SetupOption, ...] = ()


#: (ruleset, kind) -> renderer; two rulesets may both draw a ``scenario``
_RENDERERS: dict[tuple[str, str], RendererSpec] = {}


def register_renderer(
    ruleset: str, kind: str, renderer: Renderer, options: tuple[SetupOption, ...] = ()
) -> None:
    _RENDERERS[(ruleset, kind)] = RendererSpec(ruleset, kind, renderer, options)


def renderer_for(ruleset: str, kind: str) -> RendererSpec | None:
    from questforge.editor.boardmodes import load_all

    load_all()
    return _RENDERERS.get((ruleset, kind))


def renderable_kinds(ruleset: str) -> list[str]:
    from questforge.editor.boardmodes import load_all

    load_all()
    return sorted(k for r, k in _RENDERERS if r == ruleset)


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


def render_file(source: Path, output: Path, options: RenderOptions, ruleset: str) -> Path:
    """Draw ``source`` (a document of ``ruleset``) into ``output``; :class:`RenderError`
    explains any problem."""
    ensure_app()
    from questforge.editor.document import Document, DocumentError
    from questforge.editor.workspace import Workspace
    from questforge.engine.core.pack import find_pack_root

    try:
        doc = Document.open(source, autosave=False)
    except DocumentError as exc:
        raise RenderError(str(exc)) from None
    spec = renderer_for(ruleset, str(doc.kind))
    if spec is None:
        known = ", ".join(renderable_kinds(ruleset)) or "none"
        raise RenderError(
            f"{source}: a {ruleset} {doc.kind!r} has no picture to render (renderable kinds: {known})"
        )
    workspace = Workspace()
    root = find_pack_root(source)
    if root is not None:
        workspace.open_pack(root)
    workspace.add_document(doc)
    try:
        spec.render(doc, workspace, options, output)
    except (OSError, ValueError) as exc:
        raise RenderError(str(exc)) from None
    return output
