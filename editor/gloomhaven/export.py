"""Export a scenario map as PNG or SVG - the same drawing code as the interactive scene.

SVG goes through ``QSvgGenerator`` (``PySide6.QtSvg``, part of PySide6-Essentials), so the
file is vector art of exactly what the canvas shows.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from questforge.editor.gloomhaven.scene import ScenarioScene

FORMATS = ("png", "svg")
MAX_SIDE = 4000


def _content_rect(scene: ScenarioScene) -> QRectF:
    return scene.layers["board"].boundingRect()


def _hide_editing_layers(scene: ScenarioScene) -> tuple[object, object, object]:
    saved = (scene.selected, scene.highlight, scene.preview)
    scene.selected, scene.highlight, scene.preview = None, None, None
    return saved


def export_map(
    scene: ScenarioScene, path: Path, fmt: str | None = None, scale: float = 1.5
) -> Path:
    """Write the map to ``path`` as ``png`` or ``svg`` (default: from the suffix)."""
    fmt = (fmt or path.suffix.lstrip(".") or "png").lower()
    if fmt not in FORMATS:
        raise ValueError(f"unknown image format {fmt!r} (expected png or svg)")
    saved = _hide_editing_layers(scene)
    try:
        source = _content_rect(scene)
        # keep huge maps to a sane picture size (longest side at most MAX_SIDE pixels)
        longest = max(source.width(), source.height(), 1.0)
        scale = min(scale, MAX_SIDE / longest)
        width = max(1, int(source.width() * scale))
        height = max(1, int(source.height() * scale))
        target = QRectF(0, 0, width, height)
        if fmt == "png":
            image = QImage(width, height, QImage.Format.Format_ARGB32)
            image.fill(QColor("#f7f3ea"))
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
            painter.end()
            path.parent.mkdir(parents=True, exist_ok=True)
            if not image.save(str(path), "PNG"):  # type: ignore[call-overload]  # stub says bytes
                raise OSError(f"{path}: cannot write PNG")
        else:
            from PySide6.QtSvg import QSvgGenerator

            path.parent.mkdir(parents=True, exist_ok=True)
            generator = QSvgGenerator()
            generator.setFileName(str(path))
            generator.setSize(QSize(width, height))
            generator.setViewBox(target)
            generator.setTitle(scene.document.content_id or "scenario")
            generator.setDescription("Scenario map exported by questforge")
            painter = QPainter(generator)
            painter.fillRect(target, QColor("#f7f3ea"))
            scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
            painter.end()
            if not path.is_file():
                raise OSError(f"{path}: cannot write SVG")
    finally:
        scene.selected, scene.highlight, scene.preview = saved  # type: ignore[assignment]
    return path
