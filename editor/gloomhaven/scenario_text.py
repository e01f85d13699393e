"""What the scenario tab says about the map: the hex under the cursor (status bar and
tooltip), a monster placement's stats at the chosen level and player count, the selected
tile's rotation.

Text only, from the document, the pack and the tab's switches: the inspector
(:mod:`~questforge.editor.gloomhaven.scenario_inspector`) and the map view's hover share
it, so a monster's stats read the same in both places.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from questforge.editor.gloomhaven import placements
from questforge.editor.gloomhaven.scenario_map import Hex

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor


def monster_stats(editor: ScenarioEditor, entry: dict[str, Any]) -> str:
    """``health 7, move 2, attack 2`` at the current level and player count ("" if none)."""
    counts = entry.get("players")
    counts = counts if isinstance(counts, dict) else {}
    state = str(counts.get(str(editor.players), "absent"))
    monster = editor.lookup("monster", str(entry.get("monster", "")))
    if state == "absent" or not isinstance(monster, dict):
        return ""
    levels = monster.get("levels")
    stats = levels.get(str(editor.level), {}) if isinstance(levels, dict) else {}
    stats = stats.get(state) if isinstance(stats, dict) else None
    if not isinstance(stats, dict):
        return ""
    return ", ".join(f"{k} {v if isinstance(v, str) else json.dumps(v)}" for k, v in stats.items())


def monster_stats_html(editor: ScenarioEditor, entry: dict[str, Any]) -> str:
    """Stats the placement gets at the current level and player count."""
    ref = str(entry.get("monster", ""))
    counts = entry.get("players")
    counts = counts if isinstance(counts, dict) else {}
    state = str(counts.get(str(editor.players), "absent"))
    monster = editor.lookup("monster", ref)
    head = f"<b>{ref}</b> — {editor.players} characters: <b>{state}</b>"
    if state == "absent":
        return head + " (not placed)"
    if not isinstance(monster, dict):
        return head + f"<br><i>monster “{ref}” not found in the pack</i>"
    stats = (monster.get("levels") or {}).get(str(editor.level), {})
    stats = stats.get(state) if isinstance(stats, dict) else None
    if not isinstance(stats, dict):
        return head + f"<br><i>no stats for level {editor.level}</i>"
    parts = ", ".join(
        f"{k} {json.dumps(v) if not isinstance(v, str) else v}" for k, v in stats.items()
    )
    return head + f"<br>Level {editor.level}: {parts}"


def tile_text_html(editor: ScenarioEditor) -> str:
    """The selected tile, its side and rotation, and the keys that turn it."""
    index = editor.selected_tile()
    tile = editor.document.get(("tiles", index)) if index is not None else None
    if not isinstance(tile, dict):
        return ""
    rotation = tile.get("rotation", 0)
    degrees = rotation * 60 if isinstance(rotation, int) else 0
    return (
        f"<b>{tile.get('tile')}</b> side {tile.get('side', 'a')} · "
        f"rotation <b>{degrees}°</b> (R / Shift+R turn it, F flips)"
    )


def hex_status_text(editor: ScenarioEditor, h: Hex) -> str:
    """One line about hex ``h``: its room, door or "off the map", what is placed on it
    (a monster with its state and stats at the tab's player count and level) and its
    tile."""
    smap = editor.scene.smap
    text = f"hex [{h[0]}, {h[1]}]"
    room = smap.room_of.get(h)
    if room:
        text += f" · room {room}"
    elif h in smap.doors:
        text += " · door"
    elif h not in smap.hexes:
        text += " · off the map"
    for path in placements.at_hex(editor.document.data, h):
        entry = editor.document.get(path)
        if path[0] == "monsters" and isinstance(entry, dict):
            state = str((entry.get("players") or {}).get(str(editor.players), "absent"))
            text += f" · {entry.get('monster')} ({state} at {editor.players}p"
            stats = monster_stats(editor, entry)
            text += f", L{editor.level}: {stats})" if stats else ")"
        elif path[0] == "overlays" and isinstance(entry, dict):
            text += f" · {entry.get('type')}"
        elif path[0] == "doors":
            text += " · door"
        elif path[0] == "starting_hexes":
            text += " · starting hex"
    tile = smap.tile_at(h)
    if tile is not None:
        rotation = editor.document.get(("tiles", tile.index, "rotation"), 0)
        degrees = rotation * 60 if isinstance(rotation, int) else 0
        text += f" · tile {tile.placement_id} ({tile.side}, {degrees}°)"
    return text
