"""Monster stat cards, boss stat cards and monster ability cards (GH-MSTAT, GH-MABIL).

A stat card is printed per scenario level: normal stats on the left (white), elite on the
right (gold), the stat icons between them, permanent specials under each side and the
immunities at the foot. A range of 0 prints as ``–`` (melee, GH-MSTAT-03). Monster
ability cards print move/attack/range as modifiers (``Attack +1``), initiative large in
the corner and the shuffle symbol when the card has one (GH-MABIL-05).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from questforge.editor.cards import POKER, CardContext, CardFace
from questforge.editor.gloomhaven.cards import draw
from questforge.editor.gloomhaven.cards.abilities import Line, action_lines, paint_lines
from questforge.editor.gloomhaven.cards.draw import as_dict, as_list, bind

LANDSCAPE = QSizeF(POKER.height(), POKER.width())
MONSTER_ACCENT = QColor("#7a2a1e")
BOSS_ACCENT = QColor("#4d2a6e")
STAT_ROWS = (
    ("health", "health", "Health"),
    ("move", "move", "Move"),
    ("attack", "attack", "Attack"),
    ("range", "range", "Range"),
)


def _str(value: Any, default: str = "") -> str:
    return value if isinstance(value, str) and value else default


def _stat(stats: Any, key: str) -> str:
    v = stats.get(key) if isinstance(stats, dict) else None
    if key == "range" and (v in (None, 0)):
        return "–"
    if isinstance(v, bool) or v is None:
        return "–" if v is None else "?"
    return str(v)


def _special_lines(stats: Any, rules: Any = None) -> list[Line]:
    """Permanent specials of one side: shield, retaliate, pierce, targets, conditions,
    specials in text, and the text of the document's ``rules`` (printed specials the
    engine applies, GH-MSTAT-04)."""
    if not isinstance(stats, dict):
        return []
    out: list[Line] = []
    for key, icon, word in (
        ("shield", "shield", "Shield"),
        ("retaliate", "retaliate", "Retaliate"),
        ("pierce", "pierce", "Pierce"),
        ("targets", "target", "Target"),
    ):
        v = stats.get(key)
        if (
            isinstance(v, int)
            and not isinstance(v, bool)
            and (v > 1 if key == "targets" else v > 0)
        ) or (isinstance(v, str) and v.strip() and v.strip() != "0"):  # a boss's formula
            words = f"{word} {v}"
            rr = stats.get("retaliate_range")
            if key == "retaliate" and isinstance(rr, int) and rr > 1:
                words += f" (range {rr})"
            out.append(Line([("icon", icon), ("text", words)], main=False))
    conds = stats.get("attack_conditions")
    if isinstance(conds, list) and conds:
        parts: list[tuple[str, str]] = [("text", "Attacks:")]
        for c in conds:
            if isinstance(c, str):
                parts += [("icon", c), ("text", c.capitalize())]
        out.append(Line(parts, main=False))
    for text in as_list(stats.get("specials")):
        if isinstance(text, str) and text:
            out.append(Line([], main=False, note=text))
    for rule in as_list(rules):
        text = rule.get("text") if isinstance(rule, dict) else None
        if isinstance(text, str) and text:
            out.append(Line([], main=False, note=text))
    return out


def _immunities(p: QPainter, rect: QRectF, immunities: Any) -> None:
    conds = [c for c in immunities if isinstance(c, str)] if isinstance(immunities, list) else []
    if not conds:
        return
    label_w = draw.text_width("Immune:", 28, bold=True)
    draw.text(
        p,
        QRectF(rect.left(), rect.top(), label_w + 4, rect.height()),
        "Immune:",
        28,
        bold=True,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    x = rect.left() + label_w + 12
    for c in conds:
        draw.icon(p, c, QRectF(x, rect.center().y() - 22, 44, 44))
        x += 50


def _stat_card(
    p: QPainter, data: dict[str, Any], level_key: str, level: Any, context: CardContext, boss: bool
) -> None:
    size = QRectF(QPointF(0, 0), LANDSCAPE)
    accent = BOSS_ACCENT if boss else MONSTER_ACCENT
    draw.card_frame(p, size, accent)
    name = _str(data.get("name"), _str(data.get("id"), "Unnamed"))
    draw.banner(p, QRectF(150, 36, 580, 84), name, accent, 48)
    draw.badge(p, QPointF(92, 86), 54, level_key if level_key != "L" else "L", QColor("#fffaf0"))
    draw.text(p, QRectF(38, 140, 110, 30), "LEVEL", 22, bold=True)
    # right corner: standees / flying
    if data.get("flying") is True:
        draw.icon(p, "flying", QRectF(760, 48, 70, 70))
    standees = data.get("standees")
    if isinstance(standees, int):
        draw.text(p, QRectF(730, 124, 120, 30), f"{standees} standees", 22)
    normal = level.get("normal") if isinstance(level, dict) else None
    elite = level.get("elite") if isinstance(level, dict) else None
    if boss:
        normal, elite = level, None
    left = QRectF(50, 175, 330 if not boss else 780, 360)
    right = QRectF(500, 175, 330, 360)
    p.setPen(QPen(draw.FRAME, 3))
    p.setBrush(QColor("#fbf6ea"))
    p.drawRoundedRect(left, 18, 18)
    if not boss:
        p.setBrush(QColor("#f3d77a"))
        p.drawRoundedRect(right, 18, 18)
        draw.text(p, QRectF(left.left(), left.top() + 6, left.width(), 34), "NORMAL", 26, bold=True)
        draw.text(
            p,
            QRectF(right.left(), right.top() + 6, right.width(), 34),
            "ELITE",
            26,
            bold=True,
            colour=QColor("#5a4300"),
        )
    rows_top = left.top() + 46
    row_h = 56.0
    for i, (key, icon, _word) in enumerate(STAT_ROWS):
        y = rows_top + i * row_h
        if boss:
            draw.icon(p, icon, QRectF(left.left() + 30, y + 6, 46, 46))
            draw.text(
                p,
                QRectF(left.left() + 90, y, 660, row_h),
                _stat(normal, key),
                42,
                bold=True,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            continue
        draw.icon(p, icon, QRectF(412, y + 2, 56, 56))
        draw.text(p, QRectF(left.left(), y, left.width(), row_h), _stat(normal, key), 46, bold=True)
        draw.text(
            p,
            QRectF(right.left(), y, right.width(), row_h),
            _stat(elite, key),
            46,
            bold=True,
            colour=QColor("#3a2a00"),
        )
    specials_top = rows_top + 4 * row_h + 6
    if boss:
        paint_lines(
            p,
            QRectF(
                left.left() + 20, specials_top, left.width() - 40, left.bottom() - specials_top - 8
            ),
            _special_lines(normal, data.get("rules")),
        )
    else:
        for side, rect in ((normal, left), (elite, right)):
            paint_lines(
                p,
                QRectF(
                    rect.left() + 10,
                    specials_top,
                    rect.width() - 20,
                    rect.bottom() - specials_top - 8,
                ),
                _special_lines(side, data.get("rules")),
            )
    _immunities(p, QRectF(52, 545, 560, 56), data.get("immunities"))
    deck = _str(data.get("deck"))
    if deck:
        deck_data = context.lookup("monster-ability-deck", deck)
        deck_name = _str(deck_data.get("name")) if isinstance(deck_data, dict) else ""
        draw.text(
            p,
            QRectF(560, 545, 270, 56),
            f"Deck: {deck_name or deck}",
            24,
            italic=True,
            align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )


def monster_faces(data: Any, context: CardContext) -> list[CardFace]:
    """A stat card per level ``0``..``7`` (the editor's level is the preferred face)."""
    d = data if isinstance(data, dict) else {}
    levels = as_dict(d.get("levels"))
    keys = [k for k in (str(i) for i in range(8))]
    keys += [k for k in levels if k not in keys]
    faces = []
    for key in keys:
        level = levels.get(key)
        faces.append(
            CardFace(
                f"Level {key}" + ("" if key in levels else " (missing)"),
                ("levels", key),
                bind(_stat_card, d, key, level, context, False),
                QSizeF(LANDSCAPE),
                preferred=key == str(context.level),
            )
        )
    return faces


def boss_faces(data: Any, context: CardContext) -> list[CardFace]:
    """A boss stat card: formula stats in L and C, immunities, special actions 1 and 2."""
    d = data if isinstance(data, dict) else {}

    def paint(p: QPainter) -> None:
        _stat_card(p, d, "L", d.get("stats"), context, boss=True)

    faces = [CardFace("Stats", ("stats",), paint, QSizeF(LANDSCAPE))]
    specials = as_list(d.get("special_actions"))
    for i, action in enumerate(specials):
        if not isinstance(action, dict):
            continue
        faces.append(
            CardFace(
                f"Special {action.get('number', i + 1)}",
                ("special_actions", i),
                bind(_special_action, d, action),
            )
        )
    return faces


def _special_action(p: QPainter, boss: dict[str, Any], action: dict[str, Any]) -> None:
    size = QRectF(QPointF(0, 0), POKER)
    draw.card_frame(p, size, BOSS_ACCENT)
    draw.banner(p, QRectF(40, 36, 550, 80), _str(boss.get("name"), "Boss"), BOSS_ACCENT, 40)
    draw.badge(p, QPointF(315, 190), 56, str(action.get("number", "?")), QColor("#e9dcf5"))
    draw.text(
        p,
        QRectF(40, 250, 550, 60),
        _str(action.get("name"), "Special action"),
        40,
        bold=True,
        serif=True,
    )
    paint_lines(p, QRectF(60, 330, 510, 330), action_lines(action.get("abilities")))
    text = action.get("text")
    if isinstance(text, str) and text:
        draw.wrapped(p, QRectF(60, 680, 510, 150), text, 28, italic=True)


def _ability_card(p: QPainter, deck: dict[str, Any], card: Any, index: int, total: int) -> None:
    size = QRectF(QPointF(0, 0), POKER)
    accent = BOSS_ACCENT if deck.get("boss") is True else QColor("#5a4a3a")
    draw.card_frame(p, size, accent)
    c = card if isinstance(card, dict) else {}
    draw.banner(
        p,
        QRectF(150, 36, 440, 80),
        _str(deck.get("name"), _str(deck.get("id"), "Deck")),
        accent,
        42,
    )
    ini = c.get("initiative")
    draw.badge(
        p, QPointF(95, 95), 66, str(ini) if isinstance(ini, int) else "?", QColor("#fffaf0"), 62
    )
    draw.text(p, QRectF(30, 165, 130, 28), "INITIATIVE", 18, bold=True)
    draw.text(
        p,
        QRectF(170, 128, 420, 60),
        _str(c.get("name"), f"Card {index + 1}"),
        38,
        bold=True,
        serif=True,
    )
    draw.divider(p, 210, 60, 570)
    lines = action_lines(c.get("abilities"), relative=True)
    text = c.get("text")
    if isinstance(text, str) and text:
        lines.append(Line([], main=False, note=text))
    paint_lines(p, QRectF(60, 230, 510, 540), lines)
    if c.get("shuffle") is True:
        draw.icon(p, "shuffle", QRectF(500, 770, 76, 76))
    draw.text(
        p,
        QRectF(50, 790, 300, 40),
        f"{index + 1} / {total}",
        24,
        italic=True,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )


def deck_faces(data: Any, context: CardContext) -> list[CardFace]:
    """One monster ability card per entry of ``cards``."""
    d = data if isinstance(data, dict) else {}
    cards = as_list(d.get("cards"))
    faces = []
    total = len(cards)
    for i, card in enumerate(cards):
        name = card.get("name") if isinstance(card, dict) else None
        ini = card.get("initiative") if isinstance(card, dict) else None
        title = f"{i + 1}. {name or 'card'}" + (f" ({ini})" if isinstance(ini, int) else "")
        faces.append(
            CardFace(
                title,
                ("cards", i),
                bind(_ability_card, d, card, i, total),
            )
        )
    return faces
