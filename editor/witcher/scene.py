"""The Witcher map drawn on the shared graph canvas: locations as discs in their lead
colour (a tinted halo for their area, a heart where one heals), land routes as lines, sea
routes dashed with their gold cost, the obstacle areas as a column of boxes on the left
(in their area's colour, showing a sword for a monster space and a skull for a misfortune
space), and the battle track as numbered discs around the
whole board in clockwise order (bronze, silver or gold for a monster space, dark for a
misfortune space). Rebuilt from the document on every change (maps are small), so undo,
redo and the form tab all show at once."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF

from questforge.editor.document import Document
from questforge.editor.map.graph_canvas import GraphEdge, GraphModel, GraphNode, GraphScene
from questforge.editor.witcher import map_edits

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
#: the same areas, darker: obstacle-area boxes and their links (white marks stay readable)
AREA_INKS = ("#8a6d3b", "#4f7a44", "#4a6890", "#8e4b4b", "#6d5a8a", "#4a8a8a")
LAND, SEA = "#6b5a3a", "#2e6fb5"
#: battle-track spaces: a monster class's colour, or dark for misfortune
TRACK_FILLS = {"bronze": "#a0522d", "silver": "#8d9096", "gold": "#c9a227", None: "#3a3a3a"}
TRACK_LINE = "#9a8f7a"
TRACK_RADIUS = 13.0


def _pos(loc: Any) -> tuple[float, float] | None:
    pos = loc.get("position") if isinstance(loc, dict) else None
    if isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int | float) for v in pos):
        return float(pos[0]), float(pos[1])
    return None


def map_model(
    data: Any, emphasised: set[int] | None = None, emphasised_nodes: set[str] | None = None
) -> GraphModel:
    """The graph of a map document; locations whose index is in ``emphasised`` (the
    selection, the first end of a route being drawn) and track or obstacle nodes whose id
    is in ``emphasised_nodes`` get a heavier ring. Locations without a position are left
    out (the problems panel names them), and so are their routes."""
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
    _obstacle_nodes(model, data, areas, area_names, emphasised_nodes or set())
    _track_nodes(model, data, area_names, emphasised_nodes or set())
    return model


def _obstacle_nodes(
    model: GraphModel,
    data: dict[str, Any],
    areas: list[Any],
    area_names: dict[Any, str],
    emphasised: set[str],
) -> None:
    """Each obstacle area as a box in the left column, in the darker tone of its area's
    tint, named in its label and tooltip (WI-OBS-08: a banner in the area's colour). No
    line to the area: an area's locations are spread over the map, and lines across it
    hid the routes."""
    raw = data.get("obstacle_areas")
    obstacles: list[Any] = raw if isinstance(raw, list) else []
    for i, ((x, y), o) in enumerate(zip(map_edits.obstacle_layout(data), obstacles, strict=False)):
        if not isinstance(o, dict):
            continue
        area = o.get("area")
        k = areas.index(area) % len(AREA_INKS) if area in areas else None
        ink = AREA_INKS[k] if k is not None else "#777777"
        monster, misfortune = o.get("monster_space", True), o.get("misfortune_space", True)
        mark = " ".join(m for m, on in (("⚔", monster), ("☠", misfortune)) if on) or "-"
        spaces = [
            s for s, on in (("monster space", monster), ("misfortune space", misfortune)) if on
        ]
        ident = f"{map_edits.OBSTACLE_NODE}{i}"
        model.nodes.append(
            GraphNode(
                ident,
                str(o.get("id")),
                x,
                y,
                "rect",
                fill=ink,
                border="#000000",
                width=70.0,
                height=30.0,
                halo=None,
                mark=mark,
                border_width=3.0 if ident in emphasised else 1.0,
                label_size=8.0,
                tooltip=f"obstacle area {o.get('id')} of {area_names.get(area, area)}: "
                + (", ".join(spaces) or "no spaces"),
            )
        )


def _track_nodes(
    model: GraphModel, data: dict[str, Any], area_names: dict[Any, str], emphasised: set[str]
) -> None:
    """The battle track: numbered discs around the board, clockwise (WI-TRACK-01/02)."""
    raw = data.get("battle_track")
    track: list[Any] = raw if isinstance(raw, list) else []
    places = map_edits.track_layout(data)
    ids = []
    for i, ((x, y), space) in enumerate(zip(places, track, strict=False)):
        space = space if isinstance(space, dict) else {}
        monster = space.get("obstacle") == "monster"
        cls = space.get("class") if monster else None
        area = space.get("area")
        what = f"{cls} monster" if monster else "misfortune"
        where = area_names.get(area, area) if area else "the active hero's area"
        ident = f"{map_edits.TRACK_NODE}{i}"
        ids.append(ident)
        model.nodes.append(
            GraphNode(
                ident,
                str(area_names.get(area, area)) if area else "",
                x,
                y,
                "circle",
                fill=TRACK_FILLS.get(cls, TRACK_FILLS[None]),
                border="#000000",
                width=2 * TRACK_RADIUS,
                height=2 * TRACK_RADIUS,
                mark=str(i + 1),
                border_width=3.0 if ident in emphasised else 1.0,
                label_size=7.0,
                tooltip=f"battle track space {i + 1}: {what}, placed in {where}",
            )
        )
    for a, b in zip(ids, ids[1:] + ids[:1], strict=False):
        if a != b:
            model.edges.append(GraphEdge(a, b, TRACK_LINE, width=2.0))


class MapScene(GraphScene):
    """The canvas of one map document; ``selected`` is a location index or ``None``.

    Input reaches the editor's tools through the view, so the canvas's own click signals
    are not used here; the scene only draws."""

    def __init__(self, document: Document) -> None:
        super().__init__()
        self.document = document
        self.selected: int | None = None
        #: a selected battle-track space or obstacle area (its canvas node id)
        self.selected_node: str | None = None
        self.pending_from: int | None = None  # the first end of a route being drawn
        self.document.changed.connect(lambda _path: self.rebuild())
        self.rebuild()

    def fit_rect(self) -> QRectF:
        rect = self.itemsBoundingRect()
        return rect.adjusted(-20, -20, 20, 20) if not rect.isEmpty() else QRectF(0, 0, 400, 300)

    def rebuild(self) -> None:
        marked = {i for i in (self.selected, self.pending_from) if i is not None}
        nodes = {self.selected_node} if self.selected_node else set()
        self.set_model(map_model(self.document.data, marked, nodes))
