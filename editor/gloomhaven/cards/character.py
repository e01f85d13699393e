"""Character ability cards (GH-HAND, GH-SEL): name, level, initiative, top and bottom.

Laid out like the printed card: the name on a ribbon in the class colour, the level in the
corner, the top action above and the bottom action below the initiative disc in the
middle; lost / persistent / round-bonus marks sit in the corner of their half, persistent
use slots show their XP.
"""

from __future__ import annotations

import hashlib
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from questforge.editor.cards import POKER, CardContext, CardFace
from questforge.editor.gloomhaven.cards import draw
from questforge.editor.gloomhaven.cards.abilities import action_lines, paint_lines
from questforge.editor.gloomhaven.cards.draw import as_list

CLASS_COLOURS = [
    QColor("#8c3b2a"),
    QColor("#2f5d7c"),
    QColor("#4f6b2a"),
    QColor("#6b3f7a"),
    QColor("#8a6a1f"),
    QColor("#2e6e66"),
    QColor("#7a2f4f"),
    QColor("#44506b"),
]


def class_colour(class_id: str) -> QColor:
    """A stable colour per class id (the same class always gets the same ribbon)."""
    digest = hashlib.sha1(class_id.encode("utf-8", "replace")).digest()
    return CLASS_COLOURS[digest[0] % len(CLASS_COLOURS)]


def _marks(p: QPainter, half: dict[str, Any], rect: QRectF) -> None:
    """Corner marks of one half and its use slots."""
    x = rect.right() - 70
    for key in ("lost", "persistent", "round"):
        if half.get(key) is True:
            draw.icon(p, key, QRectF(x, rect.bottom() - 74, 70, 70))
            x -= 74
    if half.get("unrecoverable") is True:
        draw.text(
            p,
            QRectF(rect.left(), rect.bottom() - 40, 300, 36),
            "unrecoverable",
            22,
            italic=True,
            align=Qt.AlignmentFlag.AlignLeft,
        )
    uses = half.get("uses")
    xp = as_list(half.get("use_xp"))
    if isinstance(uses, int) and 0 < uses <= 20:
        # slots shrink to fit the half's width (a 20-use bonus still fits beside the marks)
        step = min(48.0, (rect.width() - 170) / uses)
        radius = min(20.0, step * 0.42)
        slot_x = rect.left() + 10
        for i in range(uses):
            centre = QPointF(slot_x + radius + 2, rect.bottom() - 36)
            p.setPen(QPen(draw.FRAME, 3))
            p.setBrush(QColor("#fffaf0"))
            p.drawEllipse(centre, radius, radius)
            value = xp[i] if i < len(xp) and isinstance(xp[i], int) else 0
            if value:
                draw.text(
                    p,
                    QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
                    str(value),
                    radius * 1.1,
                    bold=True,
                    colour=QColor("#2f6db5"),
                )
            slot_x += step


def _half(p: QPainter, half: Any, rect: QRectF) -> None:
    h = half if isinstance(half, dict) else {}
    # marks sit in the half's bottom-right corner, use slots along its bottom: the
    # abilities keep the full height and stay centred between equal side margins
    has_marks = any(h.get(k) is True for k in ("lost", "persistent", "round"))
    side = 76 if has_marks else 0
    area = rect.adjusted(side, 0, -side, -64 if isinstance(h.get("uses"), int) else 0)
    paint_lines(p, area, action_lines(h.get("abilities"), slots=h.get("enhancement_slots")))
    _marks(p, h, rect)


def _paint(p: QPainter, data: dict[str, Any], context: CardContext) -> None:
    size = QRectF(QPointF(0, 0), POKER)
    class_id = data.get("class") if isinstance(data.get("class"), str) else ""
    accent = class_colour(class_id or "?")
    draw.card_frame(p, size, accent)
    name = (
        data.get("name")
        if isinstance(data.get("name"), str) and data.get("name")
        else data.get("id", "Unnamed")
    )
    draw.banner(p, QRectF(120, 34, 470, 80), str(name), accent, 44)
    level = data.get("level")
    draw.badge(
        p,
        QPointF(78, 74),
        46,
        str(level) if isinstance(level, int | str) else "?",
        QColor("#fffaf0"),
    )
    cls = context.lookup("character-class", class_id) if class_id else None
    class_name = (
        cls.get("name") if isinstance(cls, dict) and isinstance(cls.get("name"), str) else class_id
    )
    draw.text(p, QRectF(120, 116, 470, 34), str(class_name or ""), 26, italic=True, serif=True)
    _half(p, data.get("top"), QRectF(48, 150, 534, 232))
    # initiative across the middle
    mid = 448.0
    draw.divider(p, mid, 40, 230, accent)
    draw.divider(p, mid, 400, 590, accent)
    ini = data.get("initiative")
    draw.badge(
        p, QPointF(315, mid), 62, str(ini) if isinstance(ini, int) else "?", QColor("#fffaf0"), 64
    )
    _half(p, data.get("bottom"), QRectF(48, 516, 534, 300))
    cid = str(data.get("id")) if isinstance(data.get("id"), str) else ""
    draw.text(p, QRectF(40, 826, 550, 30), cid, 18, italic=True, colour=QColor("#6b5d4a"))


def ability_card_faces(data: Any, context: CardContext) -> list[CardFace]:
    d = data if isinstance(data, dict) else {}
    name = d.get("name") if isinstance(d.get("name"), str) and d.get("name") else "Ability card"
    return [CardFace(str(name), (), lambda p: _paint(p, d, context))]
