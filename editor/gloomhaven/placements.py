"""Finding and changing the things placed on scenario hexes (pure data, no Qt).

Every placement is addressed by its JSON path (``("monsters", 3)``), which is also what the
selection, the inspector, copy/paste and the problems panel use.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from questforge.editor.gloomhaven.scenario_map import Hex, as_hex, hexes_of, overlay_hexes
from questforge.editor.jsonpath import JsonPath

TERRAIN = ("corridor", "hazardous", "difficult")
#: lists whose entries carry one ``hex``
HEX_LISTS = ("monsters", "named_monsters", "bosses", "doors")


def at_hex(data: Any, h: Hex, tile_at: Any = None) -> list[JsonPath]:
    """What sits on ``h``, topmost first: figures, doors, tokens, start hex, terrain, tile."""
    if not isinstance(data, dict):
        return []
    out: list[JsonPath] = []
    for key in ("monsters", "named_monsters", "bosses", "doors"):
        for i, entry in enumerate(data.get(key) or []):
            if isinstance(entry, dict) and as_hex(entry.get("hex")) == h:
                out.append((key, i))
    overlays = data.get("overlays") or []
    tokens = [
        (i, o)
        for i, o in enumerate(overlays)
        if isinstance(o, dict) and o.get("type") not in TERRAIN
    ]
    terrain = [
        (i, o) for i, o in enumerate(overlays) if isinstance(o, dict) and o.get("type") in TERRAIN
    ]
    for i, overlay in tokens:
        if h in overlay_hexes(overlay):
            out.append(("overlays", i))
    for i, start in enumerate(hexes_of(data.get("starting_hexes"))):
        if start == h:
            out.append(("starting_hexes", i))
    for i, overlay in terrain:
        if h in overlay_hexes(overlay):
            out.append(("overlays", i))
    if tile_at is not None:
        tile = tile_at(h)
        if tile is not None:
            out.append(("tiles", tile.index))
    return out


def moved(value: Any, path: JsonPath, delta: Hex) -> Any:
    """A copy of the placement at ``path`` shifted by ``delta`` hexes."""
    value = copy.deepcopy(value)
    dq, dr = delta
    key = path[0]
    if key == "starting_hexes":
        h = as_hex(value)
        return [h[0] + dq, h[1] + dr] if h else value
    if key == "tiles":
        pos = as_hex(value.get("position")) or (0, 0)
        value["position"] = [pos[0] + dq, pos[1] + dr]
        return value
    if key == "overlays":
        value["hexes"] = [[q + dq, r + dr] for q, r in overlay_hexes(value)]
        return value
    h = as_hex(value.get("hex")) if isinstance(value, dict) else None
    if h is not None:
        value["hex"] = [h[0] + dq, h[1] + dr]
    return value


def anchor(value: Any, path: JsonPath) -> Hex | None:
    """The hex a placement is "at" (first hex of an overlay, position of a tile)."""
    key = path[0]
    if key == "starting_hexes":
        return as_hex(value)
    if key == "tiles":
        return as_hex(value.get("position")) if isinstance(value, dict) else None
    if key == "overlays":
        hexes = overlay_hexes(value)
        return hexes[0] if hexes else None
    return as_hex(value.get("hex")) if isinstance(value, dict) else None


def unique_id(existing: set[str], stem: str) -> str:
    """``stem-1``, ``stem-2``... the first not in ``existing`` (ids are kebab-case)."""
    stem = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-") or "item"
    n = 1
    while f"{stem}-{n}" in existing:
        n += 1
    return f"{stem}-{n}"


def ids_in(data: Any, key: str) -> set[str]:
    out: set[str] = set()
    for entry in (data.get(key) or []) if isinstance(data, dict) else []:
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            out.add(entry["id"])
    return out


def next_number(data: Any, overlay_type: str) -> int:
    """Next free treasure/token number in the scenario."""
    used = {
        o.get("number")
        for o in (data.get("overlays") or [])
        if isinstance(o, dict) and o.get("type") == overlay_type
    }
    n = 1
    while n in used:
        n += 1
    return n
