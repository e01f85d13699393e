"""Work around a PySide6 6.12 reference-count bug on CPython < 3.12.

Measured here (PySide6 6.12.0, CPython 3.11.7): many ``void`` QPainter and QGraphicsView
methods called from Python - ``QPainter.translate``, ``rotate``, ``scale``,
``setRenderHint(s)``, ``setTransform``, ``fillRect``... - decrement the reference count of
``None`` once per call without having incremented it. Exporting one map costs about 700;
an editing session costs many thousands, and when ``None``'s count reaches zero CPython
aborts ("none_dealloc: deallocating None"), at the latest when the interpreter exits.

CPython 3.12 made ``None`` immortal (PEP 683), which hides the bug. On older versions we
give ``None`` the same property by raising its reference count by a very large amount once;
``None`` is a static object that is never freed, so this changes nothing else. Imported
first by :mod:`questforge.editor`.
"""

from __future__ import annotations

import ctypes
import platform
import sys

#: far beyond any number of leaked decrements, far below overflow of a signed 64-bit count
_BOOST = 1 << 48
_applied = False


def make_none_immortal() -> bool:
    """Apply the workaround once (CPython < 3.12 only); returns True if it was applied."""
    global _applied
    if _applied or sys.version_info >= (3, 12) or platform.python_implementation() != "CPython":
        return False
    if ctypes.sizeof(ctypes.c_ssize_t) < 8:
        return False
    refcnt = ctypes.c_ssize_t.from_address(id(None))
    refcnt.value += _BOOST
    _applied = True
    return True
