"""Abilities as printed card lines, from the JSON being edited.

A card shows an action as big lines (``⚔ Attack 3``) with small lines under each
(``➶ Range 2``, ``☣ Poison``, an area diagram, an element consume bonus). This module turns
an ``abilities`` list (any JSON: the form may hold half-typed values) into
:class:`Line` values, and paints a list of lines centred in a rectangle, shrinking it to
fit. On a monster ability card the move and attack values and the attack range modify the
stat card (GH-MMOVE-01, GH-MATK-01, GH-MATK-05), so they print signed: ``Attack +1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from questforge.editor.gloomhaven.cards import draw
from questforge.editor.gloomhaven.cards.draw import as_list

MAIN_PX = 54.0
SUB_PX = 36.0
TEXT_PX = 30.0
#: an enhancement slot mark's width and radius, as fractions of the line's text size
SLOT_STEP = 0.6
SLOT_RADIUS = 0.2


@dataclass
class Line:
    """One printed line: ``parts`` are ``("icon", name)`` or ``("text", words)``."""

    parts: list[tuple[str, str]]
    main: bool = True
    #: an area-of-effect pattern drawn under the line: (hexes, melee)
    aoe: tuple[list[Any], bool] | None = None
    #: free text (a ``text`` field): wrapped, italic
    note: str = ""
    colour: QColor = field(default_factory=lambda: QColor(draw.INK))
    #: enhancement sticker slots printed after the line (GH-ENH-03), one shape each:
    #: ``"dot"`` (a slot for +1, a condition, jump or an element) or ``"hex"`` (an
    #: attack-hex slot, which only takes a hex)
    slots: list[str] = field(default_factory=list)


def _num(value: Any, relative: bool = False) -> str:
    if isinstance(value, bool):
        return "?"
    if isinstance(value, int):
        return f"{value:+d}" if relative else str(value)
    if isinstance(value, str) and value:
        return value
    return "?"


def _words(value: str) -> str:
    return value.replace("-", " ").replace("_", " ").capitalize()


def _affects(ab: dict[str, Any]) -> Line | None:
    who = ab.get("affects")
    if not isinstance(who, str) or not who:
        return None
    rng = ab.get("range")
    label = {
        "self": "Self",
        "ally": "Target one ally",
        "self-or-ally": "Self or one ally",
        "allies": "All allies",
        "self-and-allies": "Self and all allies",
        "enemies": "All enemies",
    }.get(who, _words(who))
    if isinstance(rng, int) and rng > 0 and who != "self":
        label += f" within range {rng}"
    return Line([("text", label)], main=False)


def _conditions(values: Any) -> list[Line]:
    out = []
    for c in values if isinstance(values, list) else []:
        if isinstance(c, str):
            out.append(Line([("icon", c), ("text", c.capitalize())], main=False))
    return out


def _bonus_text(bonus: Any, kind: str) -> str:
    """``+2 Attack, Wound``: what consuming the elements adds to the ability."""
    if not isinstance(bonus, dict):
        return ""
    bits = []
    for key, word in (
        ("value", kind.capitalize()),
        ("range", "Range"),
        ("targets", "Target"),
        ("pierce", "Pierce"),
        ("push", "Push"),
        ("pull", "Pull"),
        ("add_target", "Add target"),
        ("xp", "XP"),
    ):
        v = bonus.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and v:
            bits.append(f"{v:+d} {word}" if key in ("value", "xp") else f"{word} {v:+d}")
    for c in as_list(bonus.get("conditions")):
        if isinstance(c, str):
            bits.append(c.capitalize())
    if bonus.get("jump") is True:
        bits.append("Jump")
    if isinstance(bonus.get("aoe"), dict):
        bits.append("area")
    return ", ".join(bits)


def _consume(ab: dict[str, Any]) -> list[Line]:
    out = []
    for c in as_list(ab.get("consume")):
        if not isinstance(c, dict):
            continue
        parts: list[tuple[str, str]] = []
        for e in as_list(c.get("elements")):
            if isinstance(e, str):
                parts.append(("icon", e))
        words = _bonus_text(c.get("bonus"), str(ab.get("type", "")))
        extra = [
            ability_lines(a)[0].parts
            for a in as_list(c.get("abilities"))
            if isinstance(a, dict) and ability_lines(a)
        ]
        parts.append(("text", ":"))
        if words:
            parts.append(("text", words))
        for e_parts in extra:
            parts.extend(e_parts)
        out.append(Line(parts, main=False, colour=QColor("#6a3b12")))
    return out


def ability_lines(ab: Any, relative: bool = False) -> list[Line]:
    """The printed lines of one ability (``relative``: on a monster ability card)."""
    if not isinstance(ab, dict):
        return [Line([("text", "?")])]
    kind = ab.get("type")
    kind = kind if isinstance(kind, str) else "?"
    lines: list[Line] = []
    subs: list[Line] = []
    value = ab.get("value")
    if kind == "move":
        icon = (
            "flying" if ab.get("flying") is True else "jump" if ab.get("jump") is True else "move"
        )
        lines.append(Line([("icon", "move"), ("text", f"Move {_num(value, relative)}")]))
        if icon != "move":
            subs.append(Line([("icon", icon), ("text", icon.capitalize())], main=False))
    elif kind == "attack":
        lines.append(Line([("icon", "attack"), ("text", f"Attack {_num(value, relative)}")]))
        rng = ab.get("range")
        if isinstance(rng, int) and not isinstance(rng, bool) and (rng or (relative and rng)):
            subs.append(
                Line([("icon", "range"), ("text", f"Range {_num(rng, relative)}")], main=False)
            )
        for key, word in (
            ("targets", "Target"),
            ("pierce", "Pierce"),
            ("push", "Push"),
            ("pull", "Pull"),
        ):
            v = ab.get(key)
            if (
                isinstance(v, int)
                and not isinstance(v, bool)
                and (v > 1 if key == "targets" else v > 0)
            ):
                subs.append(Line([("icon", key.rstrip("s")), ("text", f"{word} {v}")], main=False))
        add = ab.get("add_target")
        if isinstance(add, int) and add > 0:
            subs.append(
                Line(
                    [("icon", "target"), ("text", "Add target" + (f" ×{add}" if add > 1 else ""))],
                    main=False,
                )
            )
        subs.extend(_conditions(ab.get("conditions")))
        aoe = ab.get("aoe")
        if isinstance(aoe, dict) and isinstance(aoe.get("hexes"), list):
            subs.append(Line([], main=False, aoe=(aoe["hexes"], aoe.get("melee") is True)))
    elif kind in ("heal", "shield", "retaliate", "loot"):
        lines.append(Line([("icon", kind), ("text", f"{kind.capitalize()} {_num(value)}")]))
        rng = ab.get("range")
        if (kind == "retaliate" and isinstance(rng, int) and rng > 1) or (
            kind == "heal" and isinstance(rng, int) and rng > 0 and ab.get("affects") in (None, "")
        ):
            subs.append(Line([("icon", "range"), ("text", f"Range {rng}")], main=False))
        affects = _affects(ab)
        if affects is not None:
            subs.append(affects)
        subs.extend(_conditions(ab.get("conditions")))
    elif kind == "summon":
        name = ab.get("name") or ab.get("monster") or "?"
        rank = "Elite " if ab.get("rank") == "elite" else ""
        count = ab.get("count")
        times = f"{count} × " if isinstance(count, int) and count > 1 else ""
        lines.append(
            Line(
                [
                    ("icon", "summon"),
                    (
                        "text",
                        f"Summon {times}{rank}{_words(str(name)) if not ab.get('name') else name}",
                    ),
                ]
            )
        )
        stats = ab.get("stats")
        if isinstance(stats, dict):
            parts: list[tuple[str, str]] = []
            for key, icon in (
                ("health", "health"),
                ("move", "move"),
                ("attack", "attack"),
                ("range", "range"),
            ):
                v = stats.get(key)
                if key == "range" and not v:
                    continue
                parts += [("icon", icon), ("text", _num(v) + "  ")]
            subs.append(Line(parts, main=False))
            subs.extend(_conditions(stats.get("conditions")))
    elif kind == "infuse":
        elements = (
            [e for e in ab.get("elements") or [] if isinstance(e, str)]
            if isinstance(ab.get("elements"), list)
            else []
        )
        lines.append(Line([("icon", e) for e in elements] + [("text", "Infuse")]))
    elif kind == "recover":
        count = ab.get("count")
        pile = ab.get("pile") if isinstance(ab.get("pile"), str) else "lost"
        lines.append(
            Line(
                [
                    ("icon", "recover"),
                    ("text", f"Recover {_num(count)} {pile} card{'s' if count != 1 else ''}"),
                ]
            )
        )
    elif kind == "refresh":
        count = ab.get("count")
        which = ab.get("items") if isinstance(ab.get("items"), str) else "spent"
        n = f"{count} " if isinstance(count, int) else "all "
        plural = "" if count == 1 else "s"
        lines.append(Line([("icon", "refresh"), ("text", f"Refresh {n}{which} item{plural}")]))
    elif kind == "xp":
        lines.append(Line([("icon", "xp"), ("text", f"+{_num(value)} XP")], main=False))
        cond = ab.get("condition")
        if isinstance(cond, str) and cond:
            lines[-1].parts.append(("text", f"({cond})"))
    elif kind == "condition":
        conds = (
            [c for c in ab.get("conditions") or [] if isinstance(c, str)]
            if isinstance(ab.get("conditions"), list)
            else []
        )
        lines.append(
            Line(
                [p for c in conds for p in (("icon", c), ("text", c.capitalize()))]
                or [("text", "Condition")]
            )
        )
        affects = _affects(ab)
        if affects is not None:
            subs.append(affects)
    elif kind == "disarm":
        targets = ab.get("targets")
        n = f"{targets} traps" if isinstance(targets, int) and targets > 1 else "trap"
        lines.append(Line([("icon", "disarm"), ("text", f"Disarm {n}")]))
        rng = ab.get("range")
        subs.append(
            Line(
                [("text", f"Range {rng}" if isinstance(rng, int) and rng else "Adjacent")],
                main=False,
            )
        )
    elif kind == "trap":
        dmg = f"{_num(value)} damage " if value not in (None, 0) else ""
        lines.append(Line([("icon", "trap"), ("text", f"Create {dmg}trap")]))
        subs.extend(_conditions(ab.get("conditions")))
        rng = ab.get("range")
        subs.append(
            Line(
                [("text", f"Range {rng}" if isinstance(rng, int) and rng else "Adjacent")],
                main=False,
            )
        )
    elif kind == "special":
        number = ab.get("number")
        label = f"Special {number}" if isinstance(number, int) else "Special"
        lines.append(Line([("icon", "special"), ("text", label)]))
    else:
        lines.append(Line([("text", _words(kind))]))
    subs.extend(_consume(ab))
    note = ab.get("text")
    if isinstance(note, str) and note.strip():
        subs.append(Line([], main=False, note=note.strip()))
    return lines + subs


def slot_shapes(slots: Any) -> dict[int, list[str]]:
    """An action's ``enhancement_slots`` as marks per ability index (GH-ENH-03): each slot
    entry's ``count`` (default 1) marks, a hexagon for a slot that takes only attack
    hexes, a dot for the rest. Half-typed entries (the form is being edited) are skipped."""
    out: dict[int, list[str]] = {}
    for slot in slots if isinstance(slots, list) else []:
        if not isinstance(slot, dict):
            continue
        index, count = slot.get("ability"), slot.get("count", 1)
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            continue
        if not isinstance(count, int) or isinstance(count, bool) or not 0 < count <= 5:
            continue
        shape = "hex" if slot.get("kinds") == ["attack-hex"] else "dot"
        out.setdefault(index, []).extend([shape] * count)
    return out


def action_lines(abilities: Any, relative: bool = False, slots: Any = None) -> list[Line]:
    """The printed lines of an action; ``slots`` (its ``enhancement_slots``) puts the
    sticker marks after the first line of the ability each names."""
    marks = slot_shapes(slots)
    out: list[Line] = []
    for i, ab in enumerate(abilities if isinstance(abilities, list) else []):
        lines = ability_lines(ab, relative)
        if lines and i in marks:
            lines[0].slots = marks[i]
        out.extend(lines)
    return out


# --------------------------------------------------------------------------- layout
def _line_height(line: Line, width: float) -> float:
    if line.aoe is not None:
        return 110.0
    if line.note:
        return draw.text_height(line.note, width, TEXT_PX, italic=True) + 8
    return (MAIN_PX if line.main else SUB_PX) * 1.35


def _line_width(line: Line) -> float:
    px = MAIN_PX if line.main else SUB_PX
    w = 0.0
    for kind, value in line.parts:
        w += px * 1.35 if kind == "icon" else draw.text_width(value, px, bold=line.main) + px * 0.25
    return w + SLOT_STEP * px * len(line.slots)


def paint_lines(p: QPainter, rect: QRectF, lines: list[Line]) -> None:
    """Lines centred in ``rect``, scaled down (never up) until they fit."""
    if not lines:
        return
    natural_w = max([_line_width(line) for line in lines] + [1.0])
    scale = min(1.0, rect.width() / natural_w) if natural_w else 1.0
    width = rect.width() / scale
    heights = [_line_height(line, width * 0.95) for line in lines]
    total = sum(heights)
    scale = min(scale, rect.height() / total) if total else scale
    width = rect.width() / scale
    p.save()
    p.translate(rect.left(), rect.top() + max(0.0, (rect.height() - total * scale) / 2))
    p.scale(scale, scale)
    y = 0.0
    for line, h in zip(lines, heights, strict=True):
        if line.aoe is not None:
            draw.hex_diagram(
                p, QRectF(width / 2 - 110, y + 4, 220, h - 8), line.aoe[0], line.aoe[1]
            )
        elif line.note:
            draw.wrapped(
                p, QRectF(width * 0.025, y, width * 0.95, h), line.note, TEXT_PX, italic=True
            )
        else:
            _paint_parts(p, line, QPointF(width / 2, y + h / 2))
        y += h
    p.restore()


def _paint_parts(p: QPainter, line: Line, centre: QPointF) -> None:
    px = MAIN_PX if line.main else SUB_PX
    x = centre.x() - _line_width(line) / 2
    for kind, value in line.parts:
        if kind == "icon":
            size = px * 1.25
            draw.icon(p, value, QRectF(x, centre.y() - size / 2, size, size))
            x += px * 1.35
        else:
            w = draw.text_width(value, px, bold=line.main)
            draw.text(
                p,
                QRectF(x, centre.y() - px, w + px * 0.25, px * 2),
                value,
                px,
                bold=line.main,
                colour=line.colour,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            x += w + px * 0.25
    for shape in line.slots:
        draw.slot_mark(p, QPointF(x + SLOT_STEP * px / 2, centre.y()), SLOT_RADIUS * px, shape)
        x += SLOT_STEP * px
