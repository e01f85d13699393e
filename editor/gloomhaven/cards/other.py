"""Items, events, battle goals, personal quests and attack modifier cards."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QPainter

from questforge.editor.cards import MINI, POKER, CardContext, CardFace
from questforge.editor.gloomhaven.cards import draw
from questforge.editor.gloomhaven.cards.abilities import Line, action_lines, paint_lines
from questforge.editor.gloomhaven.cards.draw import as_list

ITEM_ACCENT = QColor("#6e5a2e")
EVENT_ACCENTS = {"city": QColor("#7a4b2a"), "road": QColor("#3f6b3a")}
GOAL_ACCENT = QColor("#2f4d6b")
QUEST_ACCENT = QColor("#5b4a2a")
MODIFIER_ACCENT = QColor("#444444")


def _s(value: Any, default: str = "") -> str:
    return value if isinstance(value, str) and value else default


def _d(data: Any) -> dict[str, Any]:
    return data if isinstance(data, dict) else {}


# --------------------------------------------------------------------------- item
def _item(p: QPainter, d: dict[str, Any]) -> None:
    size = QRectF(QPointF(0, 0), MINI)
    draw.card_frame(p, size, ITEM_ACCENT)
    number = d.get("number")
    draw.text(
        p,
        QRectF(36, 30, 120, 40),
        f"#{number:03d}" if isinstance(number, int) else "#?",
        26,
        bold=True,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    cost = d.get("cost")
    draw.icon(p, "coin", QRectF(330, 26, 50, 50))
    draw.text(
        p,
        QRectF(250, 26, 82, 50),
        str(cost) if isinstance(cost, int) else "?",
        30,
        bold=True,
        align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
    )
    draw.banner(
        p, QRectF(24, 84, 392, 70), _s(d.get("name"), _s(d.get("id"), "Item")), ITEM_ACCENT, 36
    )
    y = 170.0
    trigger = _s(d.get("trigger"))
    if trigger:
        y += draw.wrapped(p, QRectF(40, y, 360, 90), trigger + ":", 26, italic=True) + 6
    lines = action_lines(d.get("abilities"))
    text = _s(d.get("text"))
    if text:
        lines.append(Line([], main=False, note=text))
    paint_lines(p, QRectF(40, y, 360, 470 - y), lines)
    uses = d.get("uses")
    if isinstance(uses, int) and 0 < uses <= 20:
        step = min(40.0, 340 / uses)  # boxes shrink to fit the card's width
        for i in range(uses):
            draw.icon(p, "check", QRectF(50 + i * step, 478, step * 0.85, step * 0.85))
    mods = d.get("modifier_cards")
    if isinstance(mods, list) and mods:
        count = sum(
            m.get("count", 1) if isinstance(m, dict) and isinstance(m.get("count"), int) else 1
            for m in mods
        )
        draw.text(
            p,
            QRectF(40, 478, 360, 36),
            f"Adds {count} modifier card{'s' if count != 1 else ''}",
            22,
            italic=True,
            align=Qt.AlignmentFlag.AlignRight,
        )
    slot = _s(d.get("slot"), "small")
    draw.icon(p, f"slot:{slot}", QRectF(34, 530, 66, 66))
    draw.text(
        p,
        QRectF(104, 530, 150, 66),
        slot.replace("-", " "),
        24,
        bold=True,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    usage = _s(d.get("usage"), "none")
    if usage in ("spent", "consumed"):
        draw.icon(p, usage, QRectF(340, 530, 66, 66))
        draw.text(
            p,
            QRectF(220, 530, 116, 66),
            usage,
            22,
            italic=True,
            align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
    count = d.get("count")
    if isinstance(count, int):
        draw.text(
            p, QRectF(150, 36, 140, 30), f"×{count}", 22, italic=True, colour=QColor("#6b5d4a")
        )


def item_faces(data: Any, context: CardContext) -> list[CardFace]:
    d = _d(data)
    return [CardFace(_s(d.get("name"), "Item"), (), lambda p: _item(p, d), QSizeF(MINI))]


# --------------------------------------------------------------------------- event
def _outcome_lines(outcome: dict[str, Any]) -> str:
    parts = []
    cond = _d(outcome.get("condition"))
    kind = cond.get("type")
    if kind == "class":
        parts.append(f"If {_s(cond.get('class'), '?')} is in the party:")
    elif kind == "reputation":
        lo, hi = cond.get("min"), cond.get("max")
        if isinstance(lo, int) and isinstance(hi, int):
            parts.append(f"Reputation {lo} to {hi}:")
        elif isinstance(lo, int):
            parts.append(f"Reputation {lo} or more:")
        elif isinstance(hi, int):
            parts.append(f"Reputation {hi} or less:")
    elif kind == "otherwise":
        parts.append("Otherwise:")
    text = _s(outcome.get("text"))
    if text:
        parts.append(text)
    effects = _d(outcome.get("effects"))
    bits = []
    for key, value in effects.items():
        if isinstance(value, int) and not isinstance(value, bool):
            bits.append(f"{value:+d} {key.replace('_', ' ')}")
        elif isinstance(value, list):
            bits.append(f"{key.replace('_', ' ')}: {', '.join(str(v) for v in value)}")
        elif value not in (None, False):
            bits.append(f"{key.replace('_', ' ')}: {value}")
    if bits:
        parts.append("[" + ", ".join(bits) + "]")
    disposition = outcome.get("disposition")
    if disposition == "remove":
        parts.append("Remove from the game.")
    elif disposition == "return":
        parts.append("Return to the bottom of the deck.")
    return " ".join(parts)


def _event_front(p: QPainter, d: dict[str, Any]) -> None:
    deck = _s(d.get("deck"), "city")
    accent = EVENT_ACCENTS.get(deck, ITEM_ACCENT)
    draw.card_frame(p, QRectF(QPointF(0, 0), POKER), accent)
    number = d.get("number")
    title = (
        f"{deck.capitalize()} event {number:02d}"
        if isinstance(number, int)
        else f"{deck.capitalize()} event"
    )
    draw.banner(p, QRectF(40, 36, 550, 80), title, accent, 40)
    y = 140.0
    y += draw.wrapped(p, QRectF(60, y, 510, 360), _s(d.get("text"), "…"), 30, serif=True) + 24
    options = as_list(d.get("options"))
    for i, option in enumerate(options):
        o = _d(option)
        label = _s(o.get("label"), "AB"[i] if i < 2 else "?")
        draw.divider(p, y, 80, 550, accent)
        y += 24
        draw.badge(p, QPointF(86, y + 30), 28, label, accent.lighter(170))
        used = draw.wrapped(
            p,
            QRectF(130, y + 8, 450, 840 - y - 8),
            _s(o.get("text"), "…"),
            28,
            bold=True,
            align=Qt.AlignmentFlag.AlignLeft,
        )
        y += max(64.0, used + 24)


def _event_back(p: QPainter, d: dict[str, Any]) -> None:
    deck = _s(d.get("deck"), "city")
    accent = EVENT_ACCENTS.get(deck, ITEM_ACCENT)
    draw.card_frame(p, QRectF(QPointF(0, 0), POKER), accent, draw.PAPER_DARK)
    number = d.get("number")
    draw.banner(
        p,
        QRectF(40, 36, 550, 80),
        f"Outcomes {number:02d}" if isinstance(number, int) else "Outcomes",
        accent,
        40,
    )
    options = as_list(d.get("options"))
    y = 140.0
    room = (840 - y) / max(1, len(options))
    for i, option in enumerate(options):
        o = _d(option)
        label = _s(o.get("label"), "AB"[i] if i < 2 else "?")
        draw.badge(p, QPointF(86, y + 30), 28, label, accent.lighter(170))
        outcomes = as_list(o.get("outcomes"))
        text = "\n".join(_outcome_lines(_d(x)) for x in outcomes)
        draw.wrapped(
            p, QRectF(130, y + 6, 450, room - 16), text or "…", 26, align=Qt.AlignmentFlag.AlignLeft
        )
        y += room


def event_faces(data: Any, context: CardContext) -> list[CardFace]:
    d = _d(data)
    return [
        CardFace("Front", (), lambda p: _event_front(p, d)),
        CardFace("Back (outcomes)", ("options",), lambda p: _event_back(p, d)),
    ]


# --------------------------------------------------------------------------- battle goal
def _goal(p: QPainter, d: dict[str, Any]) -> None:
    draw.card_frame(p, QRectF(QPointF(0, 0), MINI), GOAL_ACCENT)
    draw.text(p, QRectF(30, 28, 380, 36), "BATTLE GOAL", 22, bold=True, colour=GOAL_ACCENT)
    draw.banner(p, QRectF(24, 70, 392, 74), _s(d.get("name"), "Battle goal"), GOAL_ACCENT, 38)
    draw.wrapped(p, QRectF(50, 180, 340, 300), _s(d.get("text"), "…"), 32, serif=True)
    marks = d.get("checkmarks")
    n = marks if isinstance(marks, int) and 0 < marks <= 5 else 0
    x = 220 - n * 35
    for i in range(n):
        draw.icon(p, "check", QRectF(x + i * 70, 510, 64, 64))


def goal_faces(data: Any, context: CardContext) -> list[CardFace]:
    d = _d(data)
    return [CardFace(_s(d.get("name"), "Battle goal"), (), lambda p: _goal(p, d), QSizeF(MINI))]


# --------------------------------------------------------------------------- personal quest
def _quest(p: QPainter, d: dict[str, Any]) -> None:
    draw.card_frame(p, QRectF(QPointF(0, 0), POKER), QUEST_ACCENT)
    number = d.get("number")
    draw.badge(
        p, QPointF(86, 80), 44, str(number) if isinstance(number, int) else "?", QColor("#fffaf0")
    )
    draw.banner(p, QRectF(140, 40, 450, 80), _s(d.get("name"), "Personal quest"), QUEST_ACCENT, 38)
    y = 150.0
    desc = _s(d.get("description"))
    if desc:
        y += draw.wrapped(p, QRectF(60, y, 510, 200), desc, 28, italic=True, serif=True) + 30
    draw.text(
        p, QRectF(60, y, 510, 40), "Requirements", 30, bold=True, align=Qt.AlignmentFlag.AlignLeft
    )
    y += 50
    for req in as_list(d.get("requirements")):
        r = _d(req)
        count = r.get("count")
        draw.icon(p, "check", QRectF(60, y, 40, 40))
        used = draw.wrapped(
            p,
            QRectF(110, y, 460, 120),
            _s(r.get("text"), "…") + (f" ({count})" if isinstance(count, int) else ""),
            28,
            align=Qt.AlignmentFlag.AlignLeft,
        )
        y += max(50.0, used + 12)
    reward = _d(d.get("reward"))
    bits = []
    if _s(reward.get("envelope")):
        bits.append(f"Open envelope {reward['envelope']}")
    if _s(reward.get("class")):
        bits.append(f"Unlock the {reward['class']} class")
    if _s(reward.get("text")):
        bits.append(reward["text"])
    draw.divider(p, 690, 60, 570, QUEST_ACCENT)
    draw.wrapped(
        p, QRectF(60, 710, 510, 130), "Reward: " + (" · ".join(bits) or "…"), 28, bold=True
    )


def quest_faces(data: Any, context: CardContext) -> list[CardFace]:
    d = _d(data)
    return [CardFace(_s(d.get("name"), "Personal quest"), (), lambda p: _quest(p, d))]


# --------------------------------------------------------------------------- attack modifier
def _modifier(p: QPainter, d: dict[str, Any]) -> None:
    special = _s(d.get("special"))
    paper = (
        QColor("#f6eccc")
        if special == "bless"
        else QColor("#e3d6ee")
        if special == "curse"
        else draw.PAPER
    )
    draw.card_frame(p, QRectF(QPointF(0, 0), MINI), MODIFIER_ACCENT, paper)
    value = d.get("value")
    if value in ("null", "x2"):
        big = "Null" if value == "null" else "×2"
    elif isinstance(value, int) and not isinstance(value, bool):
        big = f"{value:+d}"
    else:
        big = "?"
    colour = (
        QColor("#a8141b")
        if big in ("Null",) or (isinstance(value, int) and value < 0)
        else QColor("#1d4f91")
        if big == "×2"
        else draw.INK
    )
    draw.text(
        p,
        QRectF(30, 150, 380, 200),
        big,
        150 if len(big) <= 2 else 110,
        bold=True,
        serif=True,
        colour=colour,
    )
    effects = _d(d.get("effects"))
    lines: list[Line] = []
    for c in as_list(effects.get("conditions")):
        if isinstance(c, str):
            lines.append(Line([("icon", c), ("text", c.capitalize())], main=False))
    elements = (
        [e for e in effects.get("elements") or [] if isinstance(e, str)]
        if isinstance(effects.get("elements"), list)
        else []
    )
    if elements:
        lines.append(Line([("icon", e) for e in elements] + [("text", "Infuse")], main=False))
    for key, icon in (
        ("push", "push"),
        ("pull", "pull"),
        ("pierce", "pierce"),
        ("heal", "heal"),
        ("shield", "shield"),
        ("add_target", "target"),
    ):
        v = effects.get(key)
        if isinstance(v, int) and v > 0:
            lines.append(
                Line(
                    [("icon", icon), ("text", f"{key.replace('_', ' ').capitalize()} {v}")],
                    main=False,
                )
            )
    if _s(effects.get("text")):
        lines.append(Line([], main=False, note=effects["text"]))
    paint_lines(p, QRectF(40, 360, 360, 170), lines)
    x = 40.0
    for key in ("rolling", "shuffle"):
        if d.get(key) is True:
            draw.icon(p, "round" if key == "rolling" else "shuffle", QRectF(x, 540, 60, 60))
            draw.text(
                p,
                QRectF(x + 62, 540, 110, 60),
                key,
                20,
                italic=True,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            x += 180
    draw.text(p, QRectF(30, 36, 380, 40), _s(d.get("name"), _s(d.get("id"))), 24, bold=True)
    tag = _s(d.get("icon")) or special
    if tag:
        draw.text(p, QRectF(30, 80, 380, 32), tag, 20, italic=True, colour=QColor("#6b5d4a"))


def modifier_faces(data: Any, context: CardContext) -> list[CardFace]:
    d = _d(data)
    return [CardFace(_s(d.get("name"), "Modifier"), (), lambda p: _modifier(p, d), QSizeF(MINI))]
