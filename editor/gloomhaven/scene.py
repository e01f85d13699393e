"""The scenario scene: draws a scenario document as a scenario-book map.

Layers (bottom to top): wall border (off-map hexes next to the map, black), room tints,
terrain overlays (corridor, hazardous, difficult), the hex grid, tile outlines and labels,
thin walls, token overlays (trap, obstacle, treasure, coin, pressure plate, numbered token),
doors, starting hexes, monsters with their three-part player-count markers, then the
selection and the tool preview.

Each layer is one item that paints all of its hexes, and the scene rebuilds only the layers
whose part of the JSON tree changed (the document's path-level ``changed`` signal), so an
edit on a 60-tile map stays cheap.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from questforge.editor.document import Document
from questforge.editor.gloomhaven import placement_aids, symbols
from questforge.editor.gloomhaven.scenario_map import (
    Hex,
    ScenarioMap,
    as_hex,
    build_map,
    hexes_of,
    overlay_hexes,
)
from questforge.editor.jsonpath import JsonPath
from questforge.engine.core import hexgrid

HEX_SIZE = 32.0
ROOM_TINTS = [
    QColor("#efe6d2"),
    QColor("#dfe9f2"),
    QColor("#e6f0dc"),
    QColor("#f2e0e0"),
    QColor("#ebe2f3"),
    QColor("#f3ecd6"),
    QColor("#dcefee"),
    QColor("#f0e4d8"),
]
TERRAIN = ("corridor", "hazardous", "difficult")
#: keys whose change alters the board geometry (tiles, rooms, walls, doors)
BOARD_KEYS = {"tiles", "rooms", "walls", "doors"}
#: the layers and the top-level keys whose changes make them redraw
LAYER_KEYS = {
    "board": {"tiles", "rooms", "walls", "doors", "overlays"},
    "terrain": {"overlays"},
    "tokens": {"overlays"},
    "doors": {"doors", "rooms", "tiles"},
    "starts": {"starting_hexes"},
    "figures": {"monsters", "named_monsters", "bosses"},
}


class _Layer(QGraphicsItem):
    """One drawing layer: a paint callback over a cached bounding rectangle."""

    def __init__(self, scene: ScenarioScene, paint: Callable[[QPainter], None], z: float):
        super().__init__()
        self._scene = scene
        self._paint = paint
        self._rect = QRectF()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        # antialiasing comes from the view / the export painter; the exposed rectangle lets
        # layers skip what is off screen
        self._scene.exposed = option.exposedRect if option is not None else None
        self._paint(painter)
        self._scene.exposed = None


class ScenarioScene(QGraphicsScene):
    """Scene for one scenario document."""

    #: the map geometry was recomputed
    mapRebuilt = Signal()

    def __init__(
        self,
        document: Document,
        tile_lookup: Callable[[str], Any],
        monster_lookup: Callable[[str], Any] | None = None,
        orientation: str = "flat",
        parent: Any = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.tile_lookup = tile_lookup
        self.monster_lookup = monster_lookup or (lambda _ref: None)
        self.orientation = orientation
        self.size = HEX_SIZE
        self.players = 2
        self.level = 1
        self.selected: JsonPath | None = None
        self.highlight: Hex | None = None
        self.preview: Callable[[QPainter], None] | None = None
        self.smap = ScenarioMap()
        self._wall_path = QPainterPath()
        self._tint_paths: dict[str, QPainterPath] = {}
        self._grid_path = QPainterPath()
        self._outline_path = QPainterPath()
        self._thin_path = QPainterPath()
        self._map_rect: QRectF | None = None
        self.exposed: QRectF | None = None
        #: last drawn hexes of each placement, to repaint only around a moved one
        self._entry_hexes: dict[tuple[str, int], list[Hex]] = {}
        self.setBackgroundBrush(QColor("#f7f3ea"))
        self.layers = {
            "board": _Layer(self, self._paint_board, 0),
            "terrain": _Layer(self, self._paint_terrain, 1),
            "grid": _Layer(self, self._paint_grid, 2),
            "tokens": _Layer(self, self._paint_tokens, 3),
            "doors": _Layer(self, self._paint_doors, 4),
            "starts": _Layer(self, self._paint_starts, 5),
            "figures": _Layer(self, self._paint_figures, 6),
            "selection": _Layer(self, self._paint_selection, 7),
            "preview": _Layer(self, self._paint_preview, 8),
        }
        for name, layer in self.layers.items():
            if name in ("board", "grid"):
                # static until the board changes: paint once per zoom level, then blit
                layer.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            self.addItem(layer)
        document.changed.connect(self._on_changed)
        self.rebuild()

    # ----------------------------------------------------------------- geometry
    @property
    def data(self) -> Any:
        return self.document.data

    def center(self, h: Hex) -> QPointF:
        x, y = hexgrid.hex_to_pixel(h, self.size, self.orientation)  # type: ignore[arg-type]
        return QPointF(x, y)

    def hex_at(self, pos: QPointF) -> Hex:
        h = hexgrid.pixel_to_hex(pos.x(), pos.y(), self.size, self.orientation)  # type: ignore[arg-type]
        return (h[0], h[1])

    def nearest_direction(self, h: Hex, pos: QPointF) -> int:
        """The direction (0-5) of the neighbour of ``h`` whose shared edge is nearest ``pos``."""
        best, best_d = 0, float("inf")
        for direction in range(6):
            n = hexgrid.neighbor(h, direction)
            c = self.center((n[0], n[1]))
            d = (c.x() - pos.x()) ** 2 + (c.y() - pos.y()) ** 2
            if d < best_d:
                best, best_d = direction, d
        return best

    def polygon(self, h: Hex, scale: float = 1.0) -> Any:
        return symbols.hex_polygon(self.center(h), self.size, self.orientation, scale)

    def visible(self, h: Hex) -> bool:
        """False when ``h`` is outside the area being painted (always True for exports)."""
        rect = self.exposed
        if rect is None or rect.isEmpty():
            return True
        c = self.center(h)
        m = self.size * 1.2
        return (
            rect.left() - m <= c.x() <= rect.right() + m
            and rect.top() - m <= c.y() <= rect.bottom() + m
        )

    def _hex_rect(self, hexes: Any) -> QRectF | None:
        xs, ys = [], []
        for h in hexes:
            c = self.center(h)
            xs.append(c.x())
            ys.append(c.y())
        if not xs:
            return None
        pad = self.size * 3.0  # the wall border ring and the tile labels
        return QRectF(
            min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        )

    def _bounds(self) -> QRectF:
        """The map's rectangle (cached per board) joined with the placements' hexes."""
        if self._map_rect is None:
            self._map_rect = self._hex_rect(self.smap.hexes) or QRectF()
        placed = self._hex_rect(self._placed_hexes() - self.smap.hexes)
        rect = self._map_rect if placed is None else self._map_rect.united(placed)
        if rect.isEmpty():
            # an empty map shows the grid of placement_aids.paint_empty_grid
            r = (placement_aids.EMPTY_GRID_RADIUS * 2 + 2) * self.size
            return QRectF(-r, -r, 2 * r, 2 * r)
        return rect

    def fit_rect(self) -> QRectF:
        """What "fit" shows: the map with its wall border (and anything placed off it),
        without the label headroom of :meth:`_bounds`."""
        trim = self.size * 0.3  # _bounds pads 3 hex sizes; the wall ring needs about 2.7
        return self._bounds().adjusted(trim, trim, -trim, -trim)

    def _placed_hexes(self) -> set[Hex]:
        out: set[Hex] = set()
        d = self.data if isinstance(self.data, dict) else {}
        for key in ("monsters", "named_monsters", "bosses"):
            for entry in d.get(key) or []:
                h = as_hex(entry.get("hex")) if isinstance(entry, dict) else None
                if h:
                    out.add(h)
        out.update(hexes_of(d.get("starting_hexes")))
        for overlay in d.get("overlays") or []:
            out.update(overlay_hexes(overlay))
        return out

    # ----------------------------------------------------------------- updates
    def rebuild(self) -> None:
        """Recompute the board (tiles, rooms, walls, doors) and its cached drawing paths."""
        self.smap = build_map(self.data, self.tile_lookup)
        self._map_rect = None
        self._entry_hexes = {}
        self._build_paths()
        self._update_rect(force=True)
        for layer in self.layers.values():
            layer.update()
        self.mapRebuilt.emit()

    def _update_rect(self, force: bool = False) -> None:
        rect = self._bounds()
        if force or rect != self.layers["board"].boundingRect():
            for layer in self.layers.values():
                layer.set_rect(rect)
            self.setSceneRect(rect.adjusted(-400, -400, 400, 400))

    def _on_changed(self, path: tuple[Any, ...]) -> None:
        key = path[0] if path else None
        if key is None or key in BOARD_KEYS:
            # the board's geometry changed: recompute the map and its paths
            self.rebuild()
            return
        if key in ("monsters", "named_monsters", "bosses", "starting_hexes", "overlays"):
            self._update_rect()  # a placement may sit outside the map
        if (
            len(path) >= 2
            and isinstance(path[1], int)
            and key in ("monsters", "named_monsters", "bosses")
        ):
            # one placement changed: repaint around where it was and where it is now
            entry = (str(key), path[1])
            old = self._entry_hexes.get(entry, [])
            new = self.hexes_of_path(entry)
            self._entry_hexes[entry] = new
            dirty = self._hex_rect([*old, *new])
            if dirty is not None:
                self.layers["figures"].update(dirty)
                self.layers["selection"].update(dirty)
                return
        if key in ("monsters", "named_monsters", "bosses"):
            self._entry_hexes = {}
        for name, keys in LAYER_KEYS.items():
            if key in keys and name not in ("board",):
                self.layers[name].update()
        self.layers["selection"].update()

    def _build_paths(self) -> None:
        """Wall border, room tints, grid, tile outlines and thin walls as cached paths."""
        smap = self.smap
        walls = QPainterPath()
        for h in smap.wall_hexes():
            walls.addPolygon(self.polygon(h))
        self._wall_path = walls
        by_colour: dict[str, QPainterPath] = {}
        grid = QPainterPath()
        for h in smap.hexes:
            rid = smap.room_of.get(h)
            colour = self._room_colour(rid).name() if rid else "#e3ddcf"
            poly = self.polygon(h)
            by_colour.setdefault(colour, QPainterPath()).addPolygon(poly)
            grid.addPolygon(poly)
        self._tint_paths = by_colour
        self._grid_path = grid
        outline = QPainterPath()
        for tile in smap.tiles:
            for h in tile.hexes:
                for direction in range(6):
                    n = hexgrid.neighbor(h, direction)
                    if (n[0], n[1]) not in tile.hexes:
                        a, b = self._edge_points(h, direction)
                        outline.moveTo(a)
                        outline.lineTo(b)
        self._outline_path = outline
        thin = QPainterPath()
        for a_hex, b_hex in smap.walls:
            wall_dir = hexgrid.direction_to(a_hex, b_hex)
            if wall_dir is None:
                continue
            a, b = self._edge_points(a_hex, wall_dir)
            thin.moveTo(a)
            thin.lineTo(b)
        self._thin_path = thin

    def refresh_tiles(self) -> None:
        """A map tile changed in another tab: recompute the board."""
        self.rebuild()

    def set_players(self, players: int) -> None:
        self.players = players
        for name in ("figures", "selection"):
            self.layers[name].update()

    def set_level(self, level: int) -> None:
        self.level = level

    def set_orientation(self, orientation: str) -> None:
        self.orientation = orientation
        self.rebuild()

    def set_selected(self, path: JsonPath | None) -> None:
        self.selected = tuple(path) if path is not None else None
        self.layers["selection"].update()

    def set_highlight(self, h: Hex | None) -> None:
        self.highlight = h
        self.layers["selection"].update()

    def set_preview(self, painter_func: Callable[[QPainter], None] | None) -> None:
        self.preview = painter_func
        self.layers["preview"].update()

    # ----------------------------------------------------------------- painting
    def _room_colour(self, rid: str) -> QColor:
        try:
            index = self.smap.room_ids.index(rid)
        except ValueError:
            return QColor("#e8e2d4")
        return ROOM_TINTS[index % len(ROOM_TINTS)]

    def _paint_board(self, p: QPainter) -> None:
        # wall border: off-map hexes around the map are solid black, like printed tiles
        p.setPen(QPen(QColor("#2a2522"), 1))
        p.setBrush(QColor("#2a2522"))
        p.drawPath(self._wall_path)
        # room tints (hexes not in any room: neutral stone)
        p.setPen(Qt.PenStyle.NoPen)
        for colour, path in self._tint_paths.items():
            p.setBrush(QColor(colour))
            p.drawPath(path)
        # missing tiles: hatched red so an unknown tile id cannot go unnoticed
        for tile in self.smap.tiles:
            if tile.missing:
                for h in tile.hexes:
                    p.setBrush(QBrush(QColor("#c0392b"), Qt.BrushStyle.DiagCrossPattern))
                    p.drawPolygon(self.polygon(h))

    def _paint_terrain(self, p: QPainter) -> None:
        for overlay in self.data.get("overlays") or [] if isinstance(self.data, dict) else []:
            if isinstance(overlay, dict) and overlay.get("type") in TERRAIN:
                for h in overlay_hexes(overlay):
                    if self.visible(h):
                        symbols.paint_overlay(
                            p, overlay["type"], self.center(h), self.size, self.orientation
                        )

    def _paint_grid(self, p: QPainter) -> None:
        smap = self.smap
        if not smap.hexes:
            placement_aids.paint_empty_grid(self, p)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor("#9d927e"), 1.0))
        p.drawPath(self._grid_path)
        # tile outlines: edges between a tile's hex and a hex outside that tile
        p.setPen(QPen(QColor("#5b5143"), 2.2))
        p.drawPath(self._outline_path)
        # tile codes, printed on the wall border above each tile like the book's labels
        p.setFont(_font(self.size * 0.3))
        for tile in smap.tiles:
            placed = self.tile_label_rect(tile)
            if placed is None:
                continue
            rect, on_wall = placed
            # a required pack's tile (pack:id) is labelled by its id, as the book prints it
            label = f"{str(tile.tile).split(':', 1)[-1]} {tile.side.upper()}"
            # a plate behind the code keeps it readable where it overhangs a light hex
            w = p.fontMetrics().horizontalAdvance(label) + self.size * 0.3
            plate = QRectF(rect.center().x() - w / 2, rect.top(), w, rect.height())
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#2a2522") if on_wall else QColor(255, 250, 238, 200))
            p.drawRoundedRect(plate, self.size * 0.1, self.size * 0.1)
            p.setPen(QColor("#f2e6c9") if on_wall else QColor(60, 50, 40, 220))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
        # thin walls: thick dark bars along the shared edge
        pen = QPen(QColor("#2a2522"), self.size * 0.22)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawPath(self._thin_path)

    def _label_obstacles(self) -> list[QRectF]:
        """Where a tile label must not go: doors, figures, starting hexes, tokens."""
        d = self.data if isinstance(self.data, dict) else {}
        hexes: set[Hex] = set()
        for key in ("doors", "monsters", "named_monsters", "bosses"):
            for entry in d.get(key) or []:
                h = as_hex(entry.get("hex")) if isinstance(entry, dict) else None
                if h is not None:
                    hexes.add(h)
        hexes.update(hexes_of(d.get("starting_hexes")))
        for overlay in d.get("overlays") or []:
            if isinstance(overlay, dict) and overlay.get("type") not in TERRAIN:
                hexes.update(overlay_hexes(overlay))
        r = self.size * 0.8
        return [QRectF(self.center(h).x() - r, self.center(h).y() - r, 2 * r, 2 * r) for h in hexes]

    def tile_label_rect(self, tile: Any) -> tuple[QRectF, bool] | None:
        """Where the tile's code is printed, and whether that is on the wall border.

        The book prints it on the black border above the tile; a door, figure or token
        there would hide it ("crossing A" read "crossing /" under a door), so the label
        takes the highest spot along the tile's top edge where nothing is drawn, else
        the spot covering the fewest symbols.
        """
        if not tile.hexes:
            return None
        obstacles = self._label_obstacles()
        best: tuple[tuple[int, int, float], QRectF, bool] | None = None
        ordered = sorted(tile.hexes, key=lambda h: (self.center(h).y(), self.center(h).x()))
        for rank, h in enumerate(ordered[:12]):
            c = self.center(h)
            above = (h[0], h[1] - 1)  # the neighbour straight above (flat) / up-left
            on_wall = above not in self.smap.hexes
            y = c.y() - self.size * (1.45 if on_wall else 1.0)
            rect = QRectF(c.x() - self.size * 1.5, y, self.size * 3, self.size * 0.5)
            hits = sum(1 for o in obstacles if o.intersects(rect))
            score = (hits, 0 if on_wall else 1, rank)
            if best is None or score < best[0]:
                best = (score, rect, on_wall)
        assert best is not None
        return best[1], best[2]

    def _edge_points(self, h: Hex, direction: int) -> tuple[QPointF, QPointF]:
        corners = hexgrid.hex_corners(h, self.size, self.orientation)  # type: ignore[arg-type]
        a = corners[(direction - 1) % 6]
        b = corners[direction % 6]
        return QPointF(*a), QPointF(*b)

    def _paint_tokens(self, p: QPainter) -> None:
        d = self.data if isinstance(self.data, dict) else {}
        for overlay in d.get("overlays") or []:
            if not isinstance(overlay, dict) or overlay.get("type") in TERRAIN:
                continue
            kind = str(overlay.get("type"))
            number = (
                overlay.get("number") if kind in ("treasure", "token") else overlay.get("count")
            )
            for h in overlay_hexes(overlay):
                if not self.visible(h):
                    continue
                symbols.paint_overlay(
                    p,
                    kind,
                    self.center(h),
                    self.size,
                    self.orientation,
                    number if isinstance(number, int) else None,
                )

    def door_angle(self, h: Hex) -> float:
        """Orientation of a door plank: across the line joining its two rooms."""
        rooms: dict[str, list[QPointF]] = {}
        for n in hexgrid.neighbors(h):
            rid = self.smap.room_of.get((n[0], n[1]))
            if rid:
                rooms.setdefault(rid, []).append(self.center((n[0], n[1])))
        if len(rooms) < 2:
            return 0.0
        (_, a), (_, b) = list(rooms.items())[:2]
        ax = sum(pt.x() for pt in a) / len(a)
        ay = sum(pt.y() for pt in a) / len(a)
        bx = sum(pt.x() for pt in b) / len(b)
        by = sum(pt.y() for pt in b) / len(b)
        return math.degrees(math.atan2(by - ay, bx - ax)) + 90.0

    def _paint_doors(self, p: QPainter) -> None:
        d = self.data if isinstance(self.data, dict) else {}
        for door in d.get("doors") or []:
            if not isinstance(door, dict):
                continue
            h = as_hex(door.get("hex"))
            if h is None:
                continue
            symbols.paint_door(
                p, self.center(h), self.size, self.door_angle(h), bool(door.get("locked"))
            )

    def _paint_starts(self, p: QPainter) -> None:
        d = self.data if isinstance(self.data, dict) else {}
        for h in hexes_of(d.get("starting_hexes")):
            symbols.paint_start(p, self.center(h), self.size, self.orientation)

    def _paint_figures(self, p: QPainter) -> None:
        d = self.data if isinstance(self.data, dict) else {}
        for index, entry in enumerate(d.get("monsters") or []):
            if not isinstance(entry, dict):
                continue
            h = as_hex(entry.get("hex"))
            if h is None:
                continue
            self._entry_hexes[("monsters", index)] = [h]
            if not self.visible(h):
                continue
            counts = entry.get("players")
            counts = counts if isinstance(counts, dict) else {}
            states = {k: str(counts.get(k, "absent")) for k in ("2", "3", "4")}
            present = states.get(str(self.players), "absent") != "absent"
            p.setOpacity(1.0 if present else 0.35)
            symbols.paint_monster(
                p,
                self.center(h),
                self.size,
                states,
                symbols.monster_label(str(entry.get("monster", "?"))),
                self.players,
            )
        p.setOpacity(1.0)
        for key, colour in (("named_monsters", "#b03a2e"), ("bosses", "#6c2a86")):
            for index, entry in enumerate(d.get(key) or []):
                h = as_hex(entry.get("hex")) if isinstance(entry, dict) else None
                if h is None:
                    continue
                self._entry_hexes[(key, index)] = [h]
                if not self.visible(h):
                    continue
                c = self.center(h)
                p.setPen(QPen(symbols.INK, self.size * 0.06))
                p.setBrush(QColor(colour))
                p.drawEllipse(c, self.size * 0.7, self.size * 0.7)
                p.setBrush(QColor("#fff"))
                p.drawEllipse(c, self.size * 0.42, self.size * 0.42)
                ref = str(entry.get("monster") or entry.get("boss") or "?")
                p.setFont(_font(self.size * 0.3))
                p.drawText(
                    QRectF(
                        c.x() - self.size * 0.42,
                        c.y() - self.size * 0.42,
                        self.size * 0.84,
                        self.size * 0.84,
                    ),
                    Qt.AlignmentFlag.AlignCenter,
                    ("B:" if key == "bosses" else "") + symbols.monster_label(ref),
                )

    def _paint_selection(self, p: QPainter) -> None:
        if self.selected is not None:
            for h in self.hexes_of_path(self.selected):
                p.setBrush(QColor(255, 200, 0, 50))
                p.setPen(QPen(QColor("#ff8c00"), self.size * 0.12, Qt.PenStyle.DashLine))
                p.drawPolygon(self.polygon(h, 0.92))
        if self.highlight is not None:
            p.setBrush(QColor(220, 30, 40, 60))
            p.setPen(QPen(QColor("#d0202a"), self.size * 0.15))
            p.drawPolygon(self.polygon(self.highlight, 1.0))

    def _paint_preview(self, p: QPainter) -> None:
        if self.preview is not None:
            p.setOpacity(0.55)
            self.preview(p)
            p.setOpacity(1.0)

    # ----------------------------------------------------------------- queries
    def hexes_of_path(self, path: JsonPath) -> list[Hex]:
        """The hexes a JSON path (a placement, a finding's location) refers to."""
        d = self.data if isinstance(self.data, dict) else {}
        if not path:
            return []
        key = path[0]
        if key == "tiles" and len(path) >= 2 and isinstance(path[1], int):
            for tile in self.smap.tiles:
                if tile.index == path[1]:
                    return sorted(tile.hexes)
            return []
        if key == "rooms" and len(path) >= 2 and isinstance(path[1], int):
            rooms = d.get("rooms") or []
            if path[1] < len(rooms) and isinstance(rooms[path[1]], dict):
                rid = rooms[path[1]].get("id")
                return sorted(h for h, r in self.smap.room_of.items() if r == rid)
            return []
        if key == "starting_hexes" and len(path) >= 2 and isinstance(path[1], int):
            hexes = hexes_of(d.get("starting_hexes"))
            return [hexes[path[1]]] if path[1] < len(hexes) else []
        if key == "starting_hexes":
            return hexes_of(d.get("starting_hexes"))
        if key in ("overlays",) and len(path) >= 2 and isinstance(path[1], int):
            items = d.get(key) or []
            if path[1] < len(items):
                hexes = overlay_hexes(items[path[1]])
                if len(path) >= 4 and path[2] == "hexes" and isinstance(path[3], int):
                    return hexes[path[3] : path[3] + 1]
                return hexes
            return []
        if len(path) >= 2 and isinstance(path[1], int) and isinstance(d.get(key), list):
            items = d[key]
            if path[1] < len(items) and isinstance(items[path[1]], dict):
                h = as_hex(items[path[1]].get("hex"))
                return [h] if h else []
        return []


def _font(px: float) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, int(px)))
    font.setBold(True)
    return font
