"""Export a scenario map as PNG or SVG - the same drawing code as the interactive scene.

SVG goes through ``QSvgGenerator`` (``PySide6.QtSvg``, part of PySide6-Essentials), so the
file is vector art of exactly what the canvas shows.

A picture leaves the editor, so it carries what the editor shows around the map: a title
(scenario number and name, the player count and level it is drawn for) and a legend (each
monster abbreviation with its name, the player-count marker colours, the map symbols in
use). Without them a printed map cannot be read: "SH" and a gold third mean nothing on
paper.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen

from questforge.editor.gloomhaven import symbols
from questforge.editor.gloomhaven.scenario_map import STATES
from questforge.editor.gloomhaven.scene import TERRAIN, ScenarioScene

FORMATS = ("png", "svg")
MAX_SIDE = 4000
#: narrowest picture with a legend (two legend columns), in map pixels
MIN_WIDTH = 640.0
BACKGROUND = QColor("#f7f3ea")
#: legend and title sizes, in map pixels (scaled with the map)
TITLE_PX = 26.0
SUBTITLE_PX = 17.0
TEXT_PX = 15.0
ROW_H = 36.0
PAD = 16.0
TITLE_H = PAD + TITLE_PX * 1.4 + SUBTITLE_PX * 1.5 + PAD * 0.5
OVERLAY_NAMES = {
    "corridor": "Corridor",
    "trap": "Trap",
    "hazardous": "Hazardous terrain",
    "difficult": "Difficult terrain",
    "obstacle": "Obstacle",
    "treasure": "Treasure (number)",
    "coin": "Money token",
    "pressure-plate": "Pressure plate",
    "token": "Scenario token",
}

Lookup = Callable[[str, str], Any]


def _content_rect(scene: ScenarioScene) -> QRectF:
    return scene.layers["board"].boundingRect()


def _hide_editing_layers(scene: ScenarioScene) -> tuple[object, object, object]:
    saved = (scene.selected, scene.highlight, scene.preview)
    scene.selected, scene.highlight, scene.preview = None, None, None
    return saved


@dataclass
class LegendEntry:
    """One legend row: a symbol painter and its words."""

    label: str
    paint: Callable[[QPainter, QPointF, float], None]


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, round(px)))
    font.setBold(bold)
    return font


def _name(lookup: Lookup | None, kind: str, ref: str) -> str:
    data = lookup(kind, ref) if lookup is not None else None
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name else ref.split(":", 1)[-1]


def title_text(scene: ScenarioScene) -> tuple[str, str]:
    """(``#3 The Cinder Forge``, ``2 characters · scenario level 1``)."""
    d = scene.data if isinstance(scene.data, dict) else {}
    number = d.get("number")
    name = d.get("name") if isinstance(d.get("name"), str) else scene.document.content_id
    head = f"#{number} {name}" if isinstance(number, int) else str(name or "Scenario")
    return head, f"{scene.players} characters · scenario level {scene.level}"


def legend_entries(scene: ScenarioScene, lookup: Lookup | None = None) -> list[LegendEntry]:
    """What the picture needs explained: monsters by abbreviation, markers, symbols."""
    d = scene.data if isinstance(scene.data, dict) else {}
    if lookup is None:
        monster_lookup = scene.monster_lookup

        def lookup(kind: str, ref: str) -> Any:
            return monster_lookup(ref) if kind == "monster" else None

    entries: list[LegendEntry] = []
    seen: set[str] = set()
    for key, kind, prefix in (
        ("monsters", "monster", ""),
        ("named_monsters", "monster", ""),
        ("bosses", "boss", "B:"),
    ):
        for entry in d.get(key) or []:
            if not isinstance(entry, dict):
                continue
            ref = str(entry.get("monster") or entry.get("boss") or "?")
            label = prefix + symbols.monster_label(ref)
            words = _name(lookup, kind, ref)
            if key == "named_monsters" and isinstance(entry.get("name"), str):
                words = f"{entry['name']} ({words})"
            text = f"{label} = {words}" + (" (boss)" if kind == "boss" else "")
            if text in seen:
                continue
            seen.add(text)
            if key == "monsters":
                entries.append(
                    LegendEntry(
                        text,
                        _marker({"2": "normal", "3": "normal", "4": "normal"}, label, 0),
                    )
                )
            else:
                colour = "#b03a2e" if key == "named_monsters" else "#6c2a86"
                entries.append(LegendEntry(text, _disc_painter(QColor(colour))))
    if d.get("monsters"):
        for state in STATES:
            entries.append(
                LegendEntry(
                    {
                        "absent": "Black: absent",
                        "normal": "White: normal",
                        "elite": "Gold: elite",
                    }.get(state, state),
                    _marker({"2": state, "3": state, "4": state}, "", 0),
                )
            )
        entries.append(
            LegendEntry(
                f"Thirds: 2 left, 3 right, 4 below; red: {scene.players}",
                _marker({"2": "absent", "3": "normal", "4": "elite"}, "", scene.players),
            )
        )
    used = [o.get("type") for o in d.get("overlays") or [] if isinstance(o, dict)]
    for kind in OVERLAY_NAMES:
        if kind in used:
            entries.append(
                LegendEntry(
                    OVERLAY_NAMES[kind],
                    _overlay(kind, scene.orientation),
                )
            )
    doors = [x for x in d.get("doors") or [] if isinstance(x, dict)]
    if any(not x.get("locked") for x in doors):
        entries.append(LegendEntry("Door", lambda p, c, s: symbols.paint_door(p, c, s, 0, False)))
    if any(x.get("locked") for x in doors):
        entries.append(
            LegendEntry("Locked door", lambda p, c, s: symbols.paint_door(p, c, s, 0, True))
        )
    if d.get("starting_hexes"):
        entries.append(
            LegendEntry(
                "Starting hex", lambda p, c, s: symbols.paint_start(p, c, s, scene.orientation)
            )
        )
    return entries


Symbol = Callable[[QPainter, QPointF, float], None]


def _marker(states: dict[str, str], label: str, players: int) -> Symbol:
    def paint(p: QPainter, c: QPointF, s: float) -> None:
        symbols.paint_monster(p, c, s, states, label, players)

    return paint


def _overlay(kind: str, orientation: str) -> Symbol:
    def paint(p: QPainter, c: QPointF, s: float) -> None:
        number = None if kind in TERRAIN else 1
        symbols.paint_overlay(p, kind, c, s, orientation, number)

    return paint


def _disc_painter(colour: QColor) -> Symbol:
    def paint(p: QPainter, c: QPointF, s: float) -> None:
        _disc(p, c, s, colour)

    return paint


def _disc(p: QPainter, c: QPointF, s: float, colour: QColor) -> None:
    p.setPen(QPen(symbols.INK, s * 0.06))
    p.setBrush(colour)
    p.drawEllipse(c, s * 0.7, s * 0.7)
    p.setBrush(QColor("#fff"))
    p.drawEllipse(c, s * 0.42, s * 0.42)


def _legend_layout(entries: list[LegendEntry], width: float) -> tuple[list[QRectF], float]:
    """Entries in columns that fit ``width``: (cell rects, total height)."""
    metrics = QFontMetricsF(_font(TEXT_PX))
    widest = max([metrics.horizontalAdvance(e.label) for e in entries] + [0.0])
    # columns of the widest label, but not one long column because of a single long name
    cell_w = min(width - 2 * PAD, ROW_H * 1.4 + min(widest, 210.0) + PAD)
    columns = max(1, int((width - PAD) // (cell_w + PAD)))
    rects = []
    for i, _entry in enumerate(entries):
        row, col = divmod(i, columns)
        rects.append(QRectF(PAD + col * (cell_w + PAD), PAD + row * ROW_H, cell_w, ROW_H))
    rows = (len(entries) + columns - 1) // columns
    return rects, (PAD * 2 + rows * ROW_H) if entries else 0.0


def _paint_frame(
    p: QPainter, scene: ScenarioScene, entries: list[LegendEntry], source: QRectF, scale: float
) -> None:
    """Title band, the map, and the legend, in map pixels scaled by ``scale``."""
    width = source.width()
    title_h = TITLE_H
    rects, legend_h = _legend_layout(entries, width)
    p.save()
    p.scale(scale, scale)
    p.fillRect(QRectF(0, 0, width, title_h + source.height() + legend_h), BACKGROUND)
    head, sub = title_text(scene)
    px = TITLE_PX
    while px > 10 and QFontMetricsF(_font(px, True)).horizontalAdvance(head) > width - 2 * PAD:
        px *= 0.92
    p.setFont(_font(px, bold=True))
    p.setPen(symbols.INK)
    left = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    p.drawText(QRectF(PAD, PAD * 0.5, width - 2 * PAD, TITLE_PX * 1.4), left, head)
    p.setFont(_font(SUBTITLE_PX))
    p.setPen(QColor("#5b5143"))
    p.drawText(
        QRectF(PAD, PAD * 0.5 + TITLE_PX * 1.4, width - 2 * PAD, SUBTITLE_PX * 1.5), left, sub
    )
    p.restore()
    target = QRectF(0, title_h * scale, width * scale, source.height() * scale)
    scene.render(p, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    p.save()
    p.scale(scale, scale)
    top = title_h + source.height()
    p.setPen(QPen(QColor("#b9ae98"), 1.5))
    p.drawLine(QPointF(PAD, top), QPointF(width - PAD, top))
    size = ROW_H * 0.45
    for entry, rect in zip(entries, rects, strict=True):
        cell = rect.translated(0, top)
        centre = QPointF(cell.left() + ROW_H * 0.6, cell.center().y())
        p.save()
        entry.paint(p, centre, size)
        p.restore()
        p.setFont(_font(TEXT_PX))
        p.setPen(symbols.INK)
        p.drawText(  # a long name wraps onto a second line within its cell
            cell.adjusted(ROW_H * 1.4, 0, 0, 0),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            | int(Qt.TextFlag.TextWordWrap),
            entry.label,
        )
    p.restore()


def export_map(
    scene: ScenarioScene,
    path: Path,
    fmt: str | None = None,
    scale: float = 1.5,
    lookup: Lookup | None = None,
    legend: bool = True,
) -> Path:
    """Write the map to ``path`` as ``png`` or ``svg`` (default: from the suffix), with a
    title and a legend unless ``legend`` is false. ``lookup(kind, ref)`` names monsters
    and bosses in the legend."""
    fmt = (fmt or path.suffix.lstrip(".") or "png").lower()
    if fmt not in FORMATS:
        raise ValueError(f"unknown image format {fmt!r} (expected png or svg)")
    saved = _hide_editing_layers(scene)
    try:
        source = _content_rect(scene)
        entries = legend_entries(scene, lookup) if legend else []
        # the legend and title need width even for a narrow map
        if legend and source.width() < MIN_WIDTH:
            grow = (MIN_WIDTH - source.width()) / 2
            source = source.adjusted(-grow, 0, grow, 0)
        extra = (TITLE_H + _legend_layout(entries, source.width())[1]) if legend else 0.0
        full_h = source.height() + extra
        # keep huge maps to a sane picture size (longest side at most MAX_SIDE pixels)
        longest = max(source.width(), full_h, 1.0)
        scale = min(scale, MAX_SIDE / longest)
        width = max(1, int(source.width() * scale))
        height = max(1, int(full_h * scale))
        target = QRectF(0, 0, width, height)

        def paint(painter: QPainter) -> None:
            if legend:
                _paint_frame(painter, scene, entries, source, scale)
            else:
                painter.fillRect(target, BACKGROUND)
                scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)

        if fmt == "png":
            image = QImage(width, height, QImage.Format.Format_ARGB32)
            image.fill(BACKGROUND)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            paint(painter)
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
            paint(painter)
            painter.end()
            if not path.is_file():
                raise OSError(f"{path}: cannot write SVG")
    finally:
        scene.selected, scene.highlight, scene.preview = saved  # type: ignore[assignment]
    return path
