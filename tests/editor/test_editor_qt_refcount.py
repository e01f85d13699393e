"""Guards the PySide6 pin in pyproject.toml.

PySide6-Essentials 6.12.0 decrements ``None``'s reference count on every ``void`` QPainter
call; on CPython 3.11 the editor then aborts ("none_dealloc: deallocating None") after a
few thousand paint operations. This test fails on such a Qt build.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QImage, QPainter


def test_qpainter_calls_do_not_leak_none_references(qapp: object) -> None:
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        before = sys.getrefcount(None)
        for _ in range(500):
            painter.translate(1, 1)
            painter.rotate(1)
        after = sys.getrefcount(None)
    finally:
        painter.end()
    assert abs(after - before) < 50
