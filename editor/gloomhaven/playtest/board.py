"""The playtest map: the scenario as the game sees it now, plus the monster-move overlay.

Why not the editor's :class:`~questforge.editor.gloomhaven.scene.ScenarioScene`? That scene
draws the scenario *document* (placements for every player count, every overlay as
authored). A playtest must draw the *game state*: which rooms are revealed, which doors
are open, which traps are sprung, where the figures stand and how hurt they are. So this
scene reads the engine's resolved map (:class:`~.spec.ScenarioSpec`: hexes, rooms, thin
walls, doors) and a :class:`BoardSnapshot` of the state, and reuses the editor's
scenario-book glyphs (:mod:`questforge.editor.gloomhaven.symbols`) and its
:class:`~questforge.editor.map.view.MapView` (zoom, pan) so the two maps look alike.

The scene paints from a snapshot (plain data copied when the game is idle), never from the
live state: the game runs on a worker thread and Qt may repaint at any time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from questforge.editor.gloomhaven import symbols
from questforge.editor.gloomhaven.playtest.describe import CONDITION_BADGES, POSITIVE, figure_label
from questforge.editor.tools.base import Tool
from questforge.engine.core import hexgrid
from questforge.engine.core.hexgrid import HexKey as Hex
from questforge.engine.gloomhaven.game.spec import ScenarioSpec, rooms_by_hex

HEX_SIZE = 34.0
ORIENTATION: hexgrid.Orientation = "flat"
ROOM_TINTS = ("#efe6d2", "#dfe9f2", "#e6f0dc", "#f2e0e0", "#ebe2f3", "#f3ecd6", "#dcefee")
FOG = QColor("#8c857a")
WALL = QColor("#2a2522")
PARTY = QColor("#2f6db5")
SUMMON = QColor("#3f9a5a")
MONSTER = QColor("#fdfcf8")
ELITE = QColor("#e2b007")
PATH = QColor("#c0392b")
OPTION = QColor(200, 40, 160)


@dataclass(frozen=True)
class FigureView:
    """What the map shows of one figure."""

    id: str
    kind: str
    side: str
    hex: Hex
    hp: int
    max_hp: int
    label: str
    elite: bool = False
    conditions: tuple[str, ...] = ()
    shield: int = 0


@dataclass
class BoardSnapshot:
    """Everything the map draws of the game state, copied while the game is idle."""

    revealed: frozenset[Hex] = frozenset()
    open_doors: frozenset[Hex] = frozenset()
    tokens: list[tuple[str, Hex, int | None]] = field(default_factory=list)
    figures: list[FigureView] = field(default_factory=list)
    current: str = ""


@dataclass
class MoveOverlay:
    """A monster's move: the path it walked, its focus and the hexes it attacks."""

    figure: str = ""
    start: Hex | None = None
    path: list[Hex] = field(default_factory=list)
    focus: Hex | None = None
    destination: Hex | None = None
    attacks: list[Hex] = field(default_factory=list)


def snapshot(state: Any, spec: ScenarioSpec) -> BoardSnapshot:
    """Copy what the map needs from a (quiescent) game state."""
    revealed: set[Hex] = set()
    for room in state.revealed_rooms:
        revealed.update(spec.rooms.get(room, ()))
    for door in spec.doors:
        if any(r in state.revealed_rooms for r in door.rooms):
            revealed.add(door.hex)
    tokens: list[tuple[str, Hex, int | None]] = []
    tokens += [("hazardous", h, None) for h in sorted(state.hazardous)]
    tokens += [("difficult", h, None) for h in sorted(state.difficult)]
    tokens += [("trap", h, None) for h in sorted(state.traps)]
    tokens += [("obstacle", h, hp) for h, hp in sorted(state.obstacles.items())]
    tokens += [("coin", h, n) for h, n in sorted(state.coins.items())]
    for h, number in sorted(state.treasures.items()):
        digits = "".join(ch for ch in str(number) if ch.isdigit())
        tokens.append(("treasure", h, int(digits) if digits else None))
    tokens += [("pressure-plate", h, None) for h in sorted(spec.pressure_plates)]
    tokens = [t for t in tokens if t[1] in revealed]
    figures = [
        FigureView(
            f.id,
            f.kind,
            f.side,
            (f.hex[0], f.hex[1]),
            f.hp,
            f.max_hp,
            figure_label(f),
            bool(f.elite),
            tuple(sorted(f.conditions)),
            f.shield + f.base_shield,
        )
        for f in state.figures.values()
    ]
    return BoardSnapshot(
        frozenset(revealed),
        frozenset((h[0], h[1]) for h in state.open_doors),
        tokens,
        figures,
        state.current,
    )


class PickTool(Tool):
    """The map view's tool in a playtest: a left click reports the hex under the cursor."""

    name = "pick"
    hexClicked = Signal(object)

    def __init__(self, scene: PlaytestScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.hexClicked.emit(self.scene.hex_at(pos))


class _BoardItem(QGraphicsItem):
    def __init__(self, scene: PlaytestScene) -> None:
        super().__init__()
        self._scene = scene
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = rect

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._scene.paint_all(painter)


class PlaytestScene(QGraphicsScene):
    """The map of one playtest game."""

    def __init__(self, spec: ScenarioSpec, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.size = HEX_SIZE
        self.orientation: hexgrid.Orientation = ORIENTATION
        self.snap = BoardSnapshot()
        self.move = MoveOverlay()
        #: clickable choices of the pending decision: hex -> option number (1-based)
        self.options: dict[Hex, int] = {}
        self.selected_figure = ""
        self.setBackgroundBrush(QColor("#f7f3ea"))
        self._room_of: dict[Hex, str] = rooms_by_hex(spec)
        self._rooms = list(spec.rooms)
        self._doors = {(d.hex[0], d.hex[1]): d for d in spec.doors}
        self._walls = sorted(
            {
                (n[0], n[1])
                for h in spec.hexes
                for n in hexgrid.neighbors(h)
                if (n[0], n[1]) not in spec.hexes
            }
        )
        self.item = _BoardItem(self)
        self.addItem(self.item)
        xs, ys = [], []
        for h in [*spec.hexes, *self._walls]:
            c = self.center(h)
            xs.append(c.x())
            ys.append(c.y())
        pad = self.size * 1.5
        rect = QRectF(
            min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        )
        self.item.set_rect(rect)
        self.setSceneRect(rect.adjusted(-200, -200, 200, 200))

    # ------------------------------------------------------------------ geometry
    def center(self, h: tuple[int, int]) -> QPointF:
        x, y = hexgrid.hex_to_pixel(h, self.size, self.orientation)
        return QPointF(x, y)

    def hex_at(self, pos: QPointF) -> Hex:
        h = hexgrid.pixel_to_hex(pos.x(), pos.y(), self.size, self.orientation)
        return (h[0], h[1])

    def polygon(self, h: Hex, scale: float = 1.0) -> QPolygonF:
        return symbols.hex_polygon(self.center(h), self.size, self.orientation, scale)

    def figure_at(self, h: Hex) -> FigureView | None:
        for f in self.snap.figures:
            if f.hex == h:
                return f
        return None

    def revealed_rect(self) -> QRectF | None:
        """The revealed rooms' rectangle with a margin (the whole map if none)."""
        hexes = self.snap.revealed or frozenset((h[0], h[1]) for h in self.spec.hexes)
        if not hexes:
            return None
        xs = [self.center(h).x() for h in hexes]
        ys = [self.center(h).y() for h in hexes]
        pad = self.size * 2.2
        return QRectF(
            min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        )

    # ------------------------------------------------------------------ updates
    def set_snapshot(self, snap: BoardSnapshot) -> None:
        self.snap = snap
        self.item.update()

    def set_move(self, move: MoveOverlay) -> None:
        self.move = move
        self.item.update()

    def set_options(self, options: dict[Hex, int]) -> None:
        self.options = dict(options)
        self.item.update()

    # ------------------------------------------------------------------ painting
    def paint_all(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self._paint_board(p)
        self._paint_tokens(p)
        self._paint_grid(p)
        self._paint_doors(p)
        self._paint_options(p)
        self._paint_path(p)
        self._paint_figures(p)
        self._paint_focus(p)

    def _paint_board(self, p: QPainter) -> None:
        p.setPen(QPen(WALL, 1))
        p.setBrush(WALL)
        for h in self._walls:
            p.drawPolygon(self.polygon(h))
        p.setPen(Qt.PenStyle.NoPen)
        for h in self.spec.hexes:
            hh = (h[0], h[1])
            if hh not in self.snap.revealed:
                p.setBrush(FOG)
            else:
                room = self._room_of.get(hh)
                tint = ROOM_TINTS[self._rooms.index(room) % len(ROOM_TINTS)] if room else "#e3ddcf"
                p.setBrush(QColor(tint))
            p.drawPolygon(self.polygon(hh))

    def _paint_tokens(self, p: QPainter) -> None:
        for kind, h, number in self.snap.tokens:
            symbols.paint_overlay(p, kind, self.center(h), self.size, self.orientation, number)

    def _paint_grid(self, p: QPainter) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor("#9d927e"), 1.0))
        for h in self.spec.hexes:
            p.drawPolygon(self.polygon((h[0], h[1])))
        pen = QPen(WALL, self.size * 0.22)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        for pair in self.spec.thin_walls:
            a, b = sorted(pair)
            (x1, y1), (x2, y2) = hexgrid.edge_pixels(a, b, self.size, self.orientation)
            p.drawLine(QPointF(x1, y1), QPointF(x2, y2))
        # unrevealed rooms: a question mark in the middle, their contents stay hidden
        p.setPen(QColor("#f3efe6"))
        p.setFont(_font(self.size * 0.9))
        for room, hexes in self.spec.rooms.items():
            if not hexes or any((h[0], h[1]) in self.snap.revealed for h in hexes):
                continue
            xs = [self.center(h).x() for h in hexes]
            ys = [self.center(h).y() for h in hexes]
            c = QPointF(sum(xs) / len(xs), sum(ys) / len(ys))
            p.drawText(QRectF(c.x() - 60, c.y() - 30, 120, 60), Qt.AlignmentFlag.AlignCenter, "?")
            del room

    def _door_angle(self, h: Hex) -> float:
        door = self._doors[h]
        points: dict[str, list[QPointF]] = {}
        for n in hexgrid.neighbors(h):
            room = self._room_of.get((n[0], n[1]))
            if room is not None and room in door.rooms:
                points.setdefault(room, []).append(self.center(n))
        if len(points) < 2:
            return 0.0
        (a, b) = list(points.values())[:2]
        ax, ay = sum(q.x() for q in a) / len(a), sum(q.y() for q in a) / len(a)
        bx, by = sum(q.x() for q in b) / len(b), sum(q.y() for q in b) / len(b)
        return math.degrees(math.atan2(by - ay, bx - ax)) + 90.0

    def _paint_doors(self, p: QPainter) -> None:
        for h, door in self._doors.items():
            c = self.center(h)
            if h in self.snap.open_doors:
                p.setPen(QPen(QColor("#6b4f2a"), 2, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(self.polygon(h, 0.8))
                continue
            symbols.paint_door(p, c, self.size, self._door_angle(h), door.locked)

    def _paint_options(self, p: QPainter) -> None:
        p.setFont(_font(self.size * 0.36))
        for h, number in sorted(self.options.items(), key=lambda kv: kv[1]):
            p.setPen(QPen(OPTION, self.size * 0.09))
            p.setBrush(QColor(OPTION.red(), OPTION.green(), OPTION.blue(), 55))
            p.drawPolygon(self.polygon(h, 0.9))
            if self.figure_at(h) is None:
                p.setPen(OPTION)
                c = self.center(h)
                p.drawText(
                    QRectF(
                        c.x() - self.size, c.y() - self.size * 0.4, 2 * self.size, self.size * 0.8
                    ),
                    Qt.AlignmentFlag.AlignCenter,
                    str(number),
                )

    def _paint_path(self, p: QPainter) -> None:
        move = self.move
        if move.start is None:
            return
        points = [self.center(move.start)] + [self.center(h) for h in move.path]
        pen = QPen(PATH, self.size * 0.13)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        # start of the move: a hollow ring where the monster stood
        p.drawEllipse(points[0], self.size * 0.3, self.size * 0.3)
        if len(points) > 1:
            path = QPainterPath(points[0])
            for pt in points[1:]:
                path.lineTo(pt)
            p.drawPath(path)
            _arrow_head(p, points[-2], points[-1], self.size * 0.45)

    def _paint_figures(self, p: QPainter) -> None:
        s = self.size
        for f in self.snap.figures:
            c = self.center(f.hex)
            if f.side == "party":
                fill = SUMMON if f.kind == "summon" else PARTY
                text = QColor("#ffffff")
            else:
                fill = ELITE if f.elite else MONSTER
                text = symbols.INK
            ring = QColor("#ff8c00") if f.id == self.snap.current else symbols.INK
            width = s * (0.14 if f.id == self.snap.current else 0.06)
            if f.id == self.selected_figure:
                p.setPen(QPen(QColor("#ff8c00"), s * 0.08, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(self.polygon(f.hex, 0.95))
            p.setPen(QPen(ring, width))
            p.setBrush(fill)
            p.drawEllipse(c, s * 0.6, s * 0.6)
            p.setPen(text)
            p.setFont(_font(s * 0.36))
            p.drawText(
                QRectF(c.x() - s * 0.6, c.y() - s * 0.42, s * 1.2, s * 0.5),
                Qt.AlignmentFlag.AlignCenter,
                f.label,
            )
            # health: "hp/max" under the label and a bar along the bottom of the hex
            p.setFont(_font(s * 0.27))
            p.drawText(
                QRectF(c.x() - s * 0.6, c.y() + s * 0.02, s * 1.2, s * 0.4),
                Qt.AlignmentFlag.AlignCenter,
                f"{f.hp}/{f.max_hp}",
            )
            frac = max(0.0, min(1.0, f.hp / f.max_hp)) if f.max_hp else 0.0
            bar = QRectF(c.x() - s * 0.55, c.y() + s * 0.62, s * 1.1, s * 0.14)
            p.setPen(QPen(symbols.INK, 1))
            p.setBrush(QColor("#3a3a3a"))
            p.drawRect(bar)
            colour = "#2e9d44" if frac > 0.5 else "#e0a800" if frac > 0.25 else "#d0202a"
            p.setBrush(QColor(colour))
            p.drawRect(QRectF(bar.left(), bar.top(), bar.width() * frac, bar.height()))
            if f.shield:
                p.setPen(QPen(symbols.INK, 1))
                p.setBrush(QColor("#b0c4de"))
                sc = QPointF(c.x() + s * 0.55, c.y() + s * 0.1)
                p.drawEllipse(sc, s * 0.2, s * 0.2)
                p.setFont(_font(s * 0.24))
                p.drawText(
                    QRectF(sc.x() - s * 0.2, sc.y() - s * 0.2, s * 0.4, s * 0.4),
                    Qt.AlignmentFlag.AlignCenter,
                    str(f.shield),
                )
            self._paint_conditions(p, c, f.conditions)

    def _paint_conditions(self, p: QPainter, c: QPointF, conditions: tuple[str, ...]) -> None:
        """Condition badges in a row above the disc (red: negative, green: positive)."""
        if not conditions:
            return
        s = self.size
        w, h = s * 0.62, s * 0.3
        total = w * len(conditions)
        x = c.x() - total / 2
        y = c.y() - s * 0.95
        p.setFont(_font(s * 0.21))
        for cond in conditions:
            rect = QRectF(x, y, w - 1, h)
            p.setPen(QPen(symbols.INK, 1))
            p.setBrush(QColor("#2e8b57") if cond in POSITIVE else QColor("#b22222"))
            p.drawRoundedRect(rect, 3, 3)
            p.setPen(QColor("#ffffff"))
            p.drawText(
                rect, Qt.AlignmentFlag.AlignCenter, CONDITION_BADGES.get(cond, cond[:3].upper())
            )
            x += w

    def _paint_focus(self, p: QPainter) -> None:
        move = self.move
        s = self.size
        if move.destination is not None and move.start is not None:
            p.setPen(QPen(PATH, s * 0.08, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(self.polygon(move.destination, 0.88))
        if move.focus is not None:
            c = self.center(move.focus)
            p.setPen(QPen(PATH, s * 0.1))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, s * 0.82, s * 0.82)
            for angle in (0, 90, 180, 270):
                rad = math.radians(angle)
                a = QPointF(c.x() + math.cos(rad) * s * 0.7, c.y() + math.sin(rad) * s * 0.7)
                b = QPointF(c.x() + math.cos(rad) * s * 0.98, c.y() + math.sin(rad) * s * 0.98)
                p.drawLine(a, b)
            p.setFont(_font(s * 0.24))
            label = QRectF(c.x() - s * 0.45, c.y() + s * 0.8, s * 0.9, s * 0.3)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 220))
            p.drawRoundedRect(label, 3, 3)
            p.setPen(PATH)
            p.drawText(
                label,
                Qt.AlignmentFlag.AlignCenter,
                "FOCUS",
            )
        for h in move.attacks:
            c = self.center(h)
            p.setPen(QPen(PATH, s * 0.08))
            d = s * 0.22
            off = QPointF(s * 0.5, -s * 0.5)
            p.drawLine(c + off + QPointF(-d, -d), c + off + QPointF(d, d))
            p.drawLine(c + off + QPointF(-d, d), c + off + QPointF(d, -d))


def _arrow_head(p: QPainter, a: QPointF, b: QPointF, length: float) -> None:
    angle = math.atan2(b.y() - a.y(), b.x() - a.x())
    left = QPointF(b.x() - length * math.cos(angle - 0.45), b.y() - length * math.sin(angle - 0.45))
    right = QPointF(
        b.x() - length * math.cos(angle + 0.45), b.y() - length * math.sin(angle + 0.45)
    )
    p.setBrush(PATH)
    p.drawPolygon(QPolygonF([b, left, right]))


def _font(px: float) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, int(px)))
    font.setBold(True)
    return font
