"""Gloomhaven's "Start here" steps for a scenario (see :mod:`questforge.editor.checklist`).

The steps are what the scenario schema requires and a playable scenario needs: a map tile,
every tile in a room (placing a tile makes its room, and the first room is the starting
room), four starting hexes (one per character, GH-SETUP-07), a goal, and a monster to
fight. Each stands for the schema errors of the properties it fills in.
"""

from __future__ import annotations

from typing import Any

from questforge.editor.checklist import Checklist, ChecklistItem

#: starting hexes a four-character party needs (GH-SETUP-03, GH-SETUP-07)
STARTS = 4


def _list(data: Any, key: str) -> list[Any]:
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, list) else []


def _has_tile(data: Any) -> bool:
    return bool(_list(data, "tiles"))


def _rooms_done(data: Any) -> bool:
    rooms = [r for r in _list(data, "rooms") if isinstance(r, dict)]
    if not rooms or not data.get("starting_room"):
        return False
    in_rooms = {t for r in rooms for t in (r.get("tiles") or [])}
    placed = {t.get("id") for t in _list(data, "tiles") if isinstance(t, dict)}
    return bool(placed) and placed <= in_rooms


def _starts(data: Any) -> int:
    return len({tuple(h) for h in _list(data, "starting_hexes") if isinstance(h, list)})


def _has_goal(data: Any) -> bool:
    return any(isinstance(g, dict) and g.get("type") for g in _list(data, "win"))


def _has_monster(data: Any) -> bool:
    return any(_list(data, key) for key in ("monsters", "named_monsters", "bosses"))


SCENARIO_CHECKLIST = Checklist(
    "Start here",
    (
        ChecklistItem(
            "tile",
            "Add a map tile",
            "Tile tool (T): pick a tile, click the map",
            _has_tile,
            covers=("tiles",),
        ),
        ChecklistItem(
            "rooms",
            "Put every tile in a room",
            "a tile placed makes its room (Tile palette: Room)",
            _rooms_done,
            covers=("rooms", "starting_room"),
        ),
        ChecklistItem(
            "starts",
            f"Set {STARTS} starting hexes",
            "Start tool (H): click hexes of the starting room",
            lambda data: _starts(data) >= STARTS,
            covers=("starting_hexes",),
            progress=lambda data: f"{min(_starts(data), STARTS)}/{STARTS}",
            codes=("QGH229",),  # "too few starting hexes" says the same
        ),
        ChecklistItem(
            "goal",
            "Set a goal",
            "Win conditions in the inspector (nothing selected)",
            _has_goal,
            covers=("win",),
        ),
        ChecklistItem(
            "monster",
            "Place a monster",
            "Monster tool (M): pick a monster, click a hex",
            _has_monster,
        ),
    ),
)
