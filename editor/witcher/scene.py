"""The Witcher map drawn on the shared graph canvas: locations as discs in their lead
colour (a tinted halo for their area, a heart where one heals), land routes as lines, sea
routes dashed with their gold cost. Rebuilt from the document on every change (maps are
small), so undo, redo and the form tab all show at once."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF

from questforge.editor.document import Document
from questforge.editor.map.graph_canvas import GraphEdge, GraphModel, GraphNode, GraphScene

RADIUS = 16.0
#: lead colours as drawn (the eight token colours)
COLOURS = {
    "red": "#c0392b",
    "blue": "#2e6fb5",
    "green": "#3f8f3f",
    "yellow": "#d4ac0d",
    "purple": "#7d3c98",
    "orange": "#d35400",
    "white": "#f4f4f4",
    "black": "#333333",
}
AREA_TINTS = ("#efe3c8", "#dde8d5", "#d8e0ec", "#ecd9d9", "#e6dcef", "#e0ecec")
LAND, SEA = "#6b5a3a", "#2e6fb5"


def _pos(loc: Any) -> tuple[float, float] | None:
    pos = loc.get("position") if isinstance(loc, dict) else None
    if isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int | float) for v in pos):
        return float(pos[0]), float(pos[1])
    return None


def map_model(data: Any, emphasised: set[int] | None = None) -> GraphModel:
    """The graph of a map document; locations whose index is in ``emphasised`` (the
    selection, the first end of a route being drawn) get a heavier ring. Locations without a
    position are left out (the problems panel names them), and so are their routes."""
    model = GraphModel()
    if not isinstance(data, dict):
        return model
    raw = data.get("locations")
    locations: list[Any] = raw if isinstance(raw, list) else []
    areas = [a.get("id") for a in data.get("areas") or [] if isinstance(a, dict)]
    area_names = {
        a.get("id"): str(a.get("name") or a.get("id"))
        for a in data.get("areas") or []
        if isinstance(a, dict)
    }
    obstacles: dict[Any, list[str]] = {}
    for obstacle in data.get("obstacle_areas") or []:
        if isinstance(obstacle, dict):
            obstacles.setdefault(obstacle.get("area"), []).append(str(obstacle.get("id")))
    emphasised = emphasised or set()
    for i, loc in enumerate(locations):
        p = _pos(loc)
        if p is None:
            continue
        area = loc.get("area")
        tint = AREA_TINTS[areas.index(area) % len(AREA_TINTS)] if area in areas else "#ffffff"
        lead = loc.get("lead") if loc.get("gives_lead", True) else None
        tip = f"area: {area_names.get(area, area)}"
        if obstacles.get(area):
            tip += "\nobstacle areas: " + ", ".join(obstacles[area])
        model.nodes.append(
            GraphNode(
                str(loc.get("id")),
                str(loc.get("name") or loc.get("id")),
                p[0],
                p[1],
                "circle",
                fill=COLOURS.get(str(lead), "#bbbbbb"),
                border="#000000",
                width=2 * RADIUS,
                height=2 * RADIUS,
                halo=tint,
                mark="♥" if loc.get("heal") else None,
                border_width=3.0 if i in emphasised else 1.5,
                label_size=9.0,
                tooltip=tip,
            )
        )
    for route in data.get("routes") or []:
        if not isinstance(route, dict):
            continue
        a, b = str(route.get("from")), str(route.get("to"))
        if route.get("type") == "sea":
            label = f"{route.get('cost', 0)}g"
            model.edges.append(GraphEdge(a, b, SEA, style="dashed", width=3.0, label=label))
        else:
            model.edges.append(GraphEdge(a, b, LAND, width=3.0))
    return model


class MapScene(GraphScene):
    """The canvas of one map document; ``selected`` is a location index or ``None``.

    Input reaches the editor's tools through the view, so the canvas's own click signals
    are not used here; the scene only draws."""

    def __init__(self, document: Document) -> None:
        super().__init__()
        self.document = document
        self.selected: int | None = None
        self.pending_from: int | None = None  # the first end of a route being drawn
        self.document.changed.connect(lambda _path: self.rebuild())
        self.rebuild()

    def fit_rect(self) -> QRectF:
        rect = self.itemsBoundingRect()
        return rect.adjusted(-20, -20, 20, 20) if not rect.isEmpty() else QRectF(0, 0, 400, 300)

    def rebuild(self) -> None:
        marked = {i for i in (self.selected, self.pending_from) if i is not None}
        self.set_model(map_model(self.document.data, marked))
