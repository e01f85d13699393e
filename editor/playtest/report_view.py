"""The balance report page inside the editor: the HTML of ``questforge simulate --html``,
charts included, in a :class:`QTextBrowser`.

PySide6-Essentials has no web engine and ``QTextBrowser`` draws a subset of HTML without
inline SVG. The page's charts are plain SVG built to render outside a browser (each
carries its own font and colours), so every ``<svg>`` is drawn once with Qt's SVG
renderer into an image resource of the document and replaced by an ``<img>`` of the same
size. The dialog thereby shows the very charts of the saved page (shared axes, bands,
verdict colours), not a second, drifting implementation.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt, QUrl
from PySide6.QtGui import QImage, QPainter, QTextDocument
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QTextBrowser, QWidget

_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"', re.S)
#: drawn at twice the size so the charts stay sharp on high-density screens
_SCALE = 2


def svg_image(svg: str, scale: int = _SCALE) -> QImage:
    """``svg`` (one chart) drawn into an image ``scale`` times its declared size."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    size = renderer.defaultSize()
    if not size.isValid() or size.isEmpty():
        size = QSize(400, 200)
    image = QImage(size * scale, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size.width() * scale, size.height() * scale))
    painter.end()
    return image


class ReportView(QTextBrowser):
    """A read-only view of a report page; :attr:`charts` counts the charts drawn."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenExternalLinks(False)
        self.setOpenLinks(False)
        self.charts: list[QImage] = []

    def set_page(self, html: str) -> None:
        """Show ``html`` (a whole report page) with its SVG charts as images."""
        self.charts = []
        doc = QTextDocument(self)

        def replace(match: re.Match[str]) -> str:
            svg = match.group(0)
            image = svg_image(svg)
            name = f"chart-{len(self.charts)}.png"
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
            self.charts.append(image)
            size = _SIZE.search(svg)
            w, h = (size.group(1), size.group(2)) if size else ("400", "200")
            # a paragraph of its own: a bare image after a heading would flow beside it
            return f'<p><img src="{name}" width="{float(w):.0f}" height="{float(h):.0f}"></p>'

        page = _SVG.sub(replace, html)
        # Qt's rich text ignores CSS padding on cells: give the tables room the HTML way.
        # The page's flex grid means nothing here either; the blocks simply stack.
        page = re.sub(r"<table\b[^>]*>", '<table cellpadding="4" cellspacing="0">', page)
        page = page.replace("<th>", '<th style="padding: 2px 10px">')
        page = page.replace("<td>", '<td style="padding: 2px 10px">')
        doc.setHtml(page)
        self.setDocument(doc)
