"""Map a finding to the hexes an editor should highlight.

Every map finding of the Gloomhaven checks points, with its JSON path, at the scenario
element at fault: a monster placement or its ``players`` marker, an overlay or one of its
hexes, a door, a room, a tile placement, a starting hex. :func:`finding_hexes` walks that
path in the scenario's data and returns the element's hexes:

- a path that ends at (or inside) a ``[q, r]`` value: that hex; at a list of them (the
  starting hexes): those hexes;
- inside an object with ``hex`` (placements, doors, spawns): that hex;
- inside an object with ``hexes`` (overlays, goals): those hexes;
- a room (``$.rooms[i]...``): every hex of the room (its tiles need ``tiles``);
- a tile placement (``$.tiles[i]...``): every hex it covers (needs ``tiles``).

Findings that are not about a place (a monster's stats, a missing deck, a deck never used)
give ``[]``. The editor calls it with the scenario document it shows, e.g.::

    for finding in report.findings:
        if finding.file == doc.name:
            canvas.highlight(finding_hexes(finding, doc.data, model))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from questforge.engine.core.hexgrid import HexKey as Hex
from questforge.engine.core.hexgrid import parse_hex
from questforge.engine.gloomhaven import model as gh
from questforge.validator.findings import Finding

#: how tiles are found: a pack model, or a function from a tile reference to a map tile
TileSource = gh.PackModel | Callable[[str], gh.MapTile | None] | None


def _is_hex(value: Any) -> bool:
    return parse_hex(value) is not None


def _geometry(scenario: Mapping[str, Any], tiles: TileSource) -> gh.ScenarioMap | None:
    """The engine's map of ``scenario`` (what reads of it: the editor shows scenarios
    being edited), ``None`` without tiles."""
    if tiles is None:
        return None
    resolve: Callable[[str], gh.MapTile | None]
    if isinstance(tiles, gh.PackModel):
        model = tiles

        def resolve_in_model(ref: str) -> gh.MapTile | None:
            return model.resolve("map-tile", ref, gh.MapTile)

        resolve = resolve_in_model
    else:
        resolve = tiles
    return gh.build_scenario_map_tolerant(scenario, resolve)[0]


def finding_hexes(
    finding: Finding, scenario: Mapping[str, Any], tiles: TileSource = None
) -> list[Hex]:
    """The hexes of the scenario element ``finding`` points at (sorted, no duplicates).

    ``scenario`` is the scenario's JSON data; ``tiles`` (a :class:`PackModel` or a resolver
    function) is only needed for findings about a whole room or tile placement.
    """
    nodes: list[Any] = [scenario]
    for part in finding.path:
        node = nodes[-1]
        try:
            nodes.append(node[part])
        except (KeyError, IndexError, TypeError):
            break
    path = finding.path[: len(nodes) - 1]
    for depth in range(len(nodes) - 1, -1, -1):
        node = nodes[depth]
        prefix = path[:depth]
        if _is_hex(node):
            return [(node[0], node[1])]
        if isinstance(node, list) and node and all(_is_hex(h) for h in node):
            return sorted({(h[0], h[1]) for h in node})
        if len(prefix) == 2 and prefix[0] in ("rooms", "tiles") and isinstance(prefix[1], int):
            return _area(scenario, prefix[0], prefix[1], node, tiles)
        if isinstance(node, Mapping):
            if _is_hex(node.get("hex")):
                return [(node["hex"][0], node["hex"][1])]
            hexes = node.get("hexes")
            if isinstance(hexes, list) and depth > 0:
                return sorted({(h[0], h[1]) for h in hexes if _is_hex(h)})
    return []


def _area(
    scenario: Mapping[str, Any], key: str, index: int, node: Any, tiles: TileSource
) -> list[Hex]:
    explicit = node.get("hexes", []) if isinstance(node, Mapping) else []
    found = {(h[0], h[1]) for h in explicit if _is_hex(h)}
    geo = _geometry(scenario, tiles)
    if geo is not None:
        if key == "tiles":
            found |= {
                h
                for p in geo.placed
                if p.placement.source_path == ("tiles", index)
                for h in p.hexes
            }
        elif key == "rooms" and isinstance(node, Mapping):
            found |= set(geo.room_hexes.get(str(node.get("id")), frozenset()))
    return sorted(found)
