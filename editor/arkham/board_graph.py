"""An Arkham board document as a ruleset-neutral :class:`GraphModel` (drawing only).

Locations are circles (a red diamond badge marks unstable ones, AH-SETUP-02), streets are
rounded boxes, other worlds large ellipses tinted by their first encounter colour, special
areas grey boxes; each neighbourhood is a tinted group box around its locations and street;
connections are the yellow routes; street arrows are drawn white and black beside them.
Areas without a position are laid out on a grid so a half-written board still shows.
"""

from __future__ import annotations

from typing import Any

from questforge.editor.map.graph_canvas import (
    GraphArrow,
    GraphEdge,
    GraphGroup,
    GraphModel,
    GraphNode,
)

WORLD_FILL = {"blue": "#7fa7e0", "green": "#8fd18f", "red": "#e08a7f", "yellow": "#e8d77a"}
ARROW_COLOURS = {"white": ("#ffffff", "#222222"), "black": ("#111111", "#ffffff")}


def board_model(data: Any) -> GraphModel:
    if not isinstance(data, dict):
        return GraphModel()
    model = GraphModel()
    placed = 0

    def pos(area: dict[str, Any]) -> tuple[float, float]:
        nonlocal placed
        p = area.get("position")
        if isinstance(p, list) and len(p) == 2 and all(isinstance(v, int | float) for v in p):
            return float(p[0]), float(p[1])
        placed += 1
        return 100.0 + 120 * (placed % 8), 800.0 + 100 * (placed // 8)

    colours: dict[str, str] = {}
    for hood in _objects(data.get("neighbourhoods")):
        colour = str(hood["colour"]) if isinstance(hood.get("colour"), str) else "#999999"
        colours[str(hood["id"])] = colour
        model.groups.append(
            GraphGroup(str(hood.get("id")), str(hood.get("name", hood.get("id"))), colour)
        )
    known: set[str] = set()
    for loc in _objects(data.get("locations")):
        x, y = pos(loc)
        unstable = loc.get("stability") == "unstable"
        model.nodes.append(
            GraphNode(
                str(loc.get("id")),
                str(loc.get("name", loc.get("id"))),
                x,
                y,
                "circle",
                fill="#fbf6e9",
                border=colours.get(str(loc.get("neighbourhood")), "#555555"),
                width=54,
                height=54,
                badge="#c0392b" if unstable else None,
                group=str(loc.get("neighbourhood")),
            )
        )
        known.add(str(loc.get("id")))
    for street in _objects(data.get("streets")):
        x, y = pos(street)
        model.nodes.append(
            GraphNode(
                str(street.get("id")),
                str(street.get("name", street.get("id"))),
                x,
                y,
                "rect",
                fill=colours.get(str(street.get("neighbourhood")), "#cccccc"),
                border="#333333",
                width=92,
                height=34,
                group=str(street.get("neighbourhood")),
            )
        )
        known.add(str(street.get("id")))
    for world in _objects(data.get("other_worlds")):
        x, y = pos(world)
        cols = world.get("colours") if isinstance(world.get("colours"), list) else []
        fill = WORLD_FILL.get(cols[0], "#bbbbbb") if cols else "#bbbbbb"
        model.nodes.append(
            GraphNode(
                str(world.get("id")),
                str(world.get("name", world.get("id"))),
                x,
                y,
                "ellipse",
                fill=fill,
                border="#40304f",
                width=120,
                height=70,
            )
        )
    for special in _objects(data.get("special_areas")):
        x, y = pos(special)
        model.nodes.append(
            GraphNode(
                str(special.get("id")),
                str(special.get("name", special.get("id"))),
                x,
                y,
                "rect",
                fill="#d5d5d5",
                border="#666666",
                width=110,
                height=40,
            )
        )
    seen: set[frozenset[str]] = set()
    for area in [*_objects(data.get("locations")), *_objects(data.get("streets"))]:
        for other in area.get("connects", []) if isinstance(area.get("connects"), list) else []:
            key = frozenset((str(area.get("id")), str(other)))
            if str(other) in known and key not in seen:
                seen.add(key)
                model.edges.append(GraphEdge(str(area.get("id")), str(other)))
    for street in _objects(data.get("streets")):
        arrows = street.get("arrows")
        for colour, target in arrows.items() if isinstance(arrows, dict) else ():
            fill, outline = ARROW_COLOURS.get(colour, ("#888888", "#000000"))
            if str(target) in known:
                model.arrows.append(
                    GraphArrow(str(street.get("id")), str(target), colour, fill, outline)
                )
    return model


def _objects(value: Any) -> list[dict[str, Any]]:
    return (
        [v for v in value if isinstance(v, dict) and isinstance(v.get("id"), str)]
        if isinstance(value, list)
        else []
    )
