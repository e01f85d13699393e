"""testgrid's board mode: a picture of a scenario for ``questforge render``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from questforge.editor.render import RenderOptions, register_renderer
from questforge.engine.core.game import SetupOption

CELL = 32


def render(document: Any, workspace: Any, options: RenderOptions, output: Path) -> None:
    from PySide6.QtCore import QRectF, QSize
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgGenerator

    data = document.data
    w, h = int(data["width"]), int(data["height"])
    size = QSize(w * CELL, h * CELL)
    if options.fmt == "svg":
        device: Any = QSvgGenerator()
        device.setFileName(str(output))
        device.setSize(size)
    else:
        device = QImage(size, QImage.Format.Format_ARGB32)
        device.fill(QColor("white"))
    painter = QPainter(device)
    walls = {tuple(c) for c in data.get("walls") or []}
    colour = {"exit": "#2e8b57", "hunter": "#c0392b"}
    for y in range(h):
        for x in range(w):
            rect = QRectF(x * CELL, y * CELL, CELL - 1, CELL - 1)
            fill = "#444444" if (x, y) in walls else "#eeeeee"
            if [x, y] == data["exit"]:
                fill = colour["exit"]
            elif [x, y] == data["hunter"]:
                fill = colour["hunter"]
            elif [x, y] in data["start"]:
                fill = "#3a7bd5"
            painter.fillRect(rect, QColor(fill))
    painter.end()
    if options.fmt != "svg" and not device.save(str(output)):
        raise OSError(f"cannot write {output}")


register_renderer(
    "gridrun",
    "scenario",
    render,
    (SetupOption("runners", "runners", "int", 2, "Runners shown.", minimum=1, maximum=3),),
)
