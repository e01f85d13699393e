"""Edit operations on a Gloomhaven scenario document: each user edit, one named undo step.

Why a module of its own: the domain edits of a scenario (place a tile, paint an overlay,
place a monster and set its marker per player count, a door, a room, a starting hex...)
used to be methods of the scenario tab's ``QWidget``, so they could only be exercised by
building the whole window. Here they are operations on a :class:`Document` — the JSON
tree and its ``QUndoStack`` — and nothing else: no widget, no scene, no palette. Tools,
the inspector, the per-count table, scripts and tests all call the same functions, and
each call pushes exactly one entry on the undo stack (one command, or one macro named for
the user's action), so what the history shows is what the user did.

Edits that cannot apply (a door that touches only one room, a placement with no monster
chosen) raise :class:`EditRefused` with a sentence for the status bar, and change nothing.

The map geometry a few edits need (which tile is under a hex, which rooms a door joins)
comes from the scenario map built with the pack's tile lookup; a caller that already holds
a current map (the scene) passes a ``map_provider`` so it is not rebuilt per click.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from questforge.editor.document import Document
from questforge.editor.gloomhaven import placements
from questforge.editor.gloomhaven.scenario_map import (
    PLAYER_COUNTS,
    STATES,
    Hex,
    ScenarioMap,
    as_hex,
    build_map,
    door_rooms,
    hexes_of,
    overlay_hexes,
)
from questforge.editor.jsonpath import MISSING, JsonPath
from questforge.engine.core import hexgrid
from questforge.engine.core.errors import UsageError

#: a room choice meaning "make a new room for this tile"
NEW_ROOM = "(new room)"
#: lists a placement can be pasted into
PASTABLE = ("monsters", "overlays", "doors", "named_monsters", "bosses", "tiles")
#: placements whose ``id`` must stay unique when copied
ID_LISTS = ("tiles", "doors", "named_monsters", "bosses")

#: the preset that copies each row's marker at 2 characters to 3 and 4
SAME_AT_ALL = "same at all counts (as at 2)"
#: marker presets of the per-count table (name -> states for 2, 3, 4 characters)
PRESETS: dict[str, dict[str, str]] = {
    "normal at all counts": {"2": "normal", "3": "normal", "4": "normal"},
    "elite at all counts": {"2": "elite", "3": "elite", "4": "elite"},
    "normal at 2, elite at 4": {"2": "normal", "3": "normal", "4": "elite"},
    "elite at 3 and 4": {"2": "normal", "3": "elite", "4": "elite"},
    "from 3 characters": {"2": "absent", "3": "normal", "4": "normal"},
    "only at 4": {"2": "absent", "3": "absent", "4": "normal"},
}

NAMES = {
    "monsters": "monster",
    "overlays": "overlay",
    "doors": "door",
    "tiles": "tile",
    "starting_hexes": "starting hex",
    "named_monsters": "named monster",
    "bosses": "boss",
    "rooms": "room",
}


class EditRefused(UsageError):
    """An edit that cannot apply; the message says why, for the status bar."""


def describe(path: JsonPath) -> str:
    """``monster``, ``tile``... the word for the placement at ``path``."""
    return NAMES.get(str(path[0]), str(path[0])) if path else "item"


def _hex(h: Hex) -> list[int]:
    return [int(h[0]), int(h[1])]


class ScenarioEdits:
    """The edit operations of one scenario document.

    ``tile_lookup(ref)`` returns a map-tile document (for geometry); ``map_provider()``,
    if given, returns the current :class:`ScenarioMap` (else it is built on demand).
    """

    def __init__(
        self,
        document: Document,
        tile_lookup: Callable[[str], Any] | None = None,
        map_provider: Callable[[], ScenarioMap] | None = None,
    ) -> None:
        self.document = document
        self.tile_lookup = tile_lookup or (lambda _ref: None)
        self._map_provider = map_provider

    # ----------------------------------------------------------------- reading
    @property
    def data(self) -> dict[str, Any]:
        data = self.document.data
        return data if isinstance(data, dict) else {}

    def smap(self) -> ScenarioMap:
        if self._map_provider is not None:
            return self._map_provider()
        return build_map(self.data, self.tile_lookup)

    def items(self, key: str) -> list[Any]:
        value = self.data.get(key)
        return value if isinstance(value, list) else []

    def room_index(self, rid: str) -> int | None:
        for i, room in enumerate(self.items("rooms")):
            if isinstance(room, dict) and room.get("id") == rid:
                return i
        return None

    @contextlib.contextmanager
    def step(self, text: str) -> Iterator[None]:
        """Several edits as one undo step (a painted stroke, a preset over many rows)."""
        with self.document.macro(text):
            yield

    # ----------------------------------------------------------------- tiles
    def place_tile(
        self, tile: str, h: Hex, side: str = "a", rotation: int = 0, room: str = NEW_ROOM
    ) -> JsonPath:
        """Place map tile ``tile`` at ``h``, in room ``room`` (a new room by default; the
        first room becomes the starting room). Returns the placement's path."""
        if not tile:
            raise EditRefused("No map tile in the pack to place")
        data = self.data
        pid = placements.unique_id(placements.ids_in(data, "tiles"), tile)
        placement = {
            "id": pid,
            "tile": tile,
            "side": side,
            "position": _hex(h),
            "rotation": rotation % 6,
        }
        with self.document.macro(f"Place tile {tile}"):
            index = self.document.insert_item(("tiles",), placement)
            room_index = self.room_index(room) if room != NEW_ROOM else None
            if room_index is None:
                rid = placements.unique_id(placements.ids_in(data, "rooms"), "room")
                self.document.insert_item(("rooms",), {"id": rid, "tiles": [pid]})
                if not data.get("starting_room"):
                    self.document.set_value(("starting_room",), rid)
            else:
                self.document.insert_item(("rooms", room_index, "tiles"), pid)
        return ("tiles", index)

    def _tile(self, index: int) -> dict[str, Any]:
        tile = self.document.get(("tiles", index), None)
        if not isinstance(tile, dict):
            raise EditRefused(f"There is no tile placement {index}")
        return tile

    def rotate_tile(self, index: int, step: int = 1) -> int:
        """Turn a placed tile by ``step`` × 60° about its position; returns the rotation."""
        tile = self._tile(index)
        rotation = tile.get("rotation", 0)
        new = ((rotation if isinstance(rotation, int) else 0) + step) % 6
        self.document.set_value(
            ("tiles", index, "rotation"), new, f"Rotate tile {tile.get('id', index)} to {new * 60}°"
        )
        return new

    def flip_tile(self, index: int) -> str:
        """Turn a placed tile over (side a <-> b); returns the new side."""
        tile = self._tile(index)
        new = "b" if tile.get("side", "a") == "a" else "a"
        self.document.set_value(
            ("tiles", index, "side"), new, f"Flip tile {tile.get('id', index)} to side {new}"
        )
        return new

    # ----------------------------------------------------------------- moving
    def move(self, path: JsonPath, delta: Hex, merge_key: str | None = None) -> None:
        """Shift the placement at ``path`` by ``delta`` hexes (a drag passes one
        ``merge_key`` for all its moves, so the whole drag is one undo step)."""
        value = self.document.get(path)
        if value is MISSING:
            raise EditRefused("Nothing to move")
        self.move_to(path, placements.moved(value, path, delta), merge_key)

    def move_to(self, path: JsonPath, value: Any, merge_key: str | None = None) -> None:
        """Put the moved copy ``value`` (see :func:`placements.moved`) at ``path``."""
        if value != self.document.get(path):
            self.document.set_value(path, value, f"Move {describe(path)}", merge_key=merge_key)

    # ----------------------------------------------------------------- overlays
    def has_overlay(self, kind: str, h: Hex) -> bool:
        return any(
            isinstance(o, dict) and o.get("type") == kind and h in overlay_hexes(o)
            for o in self.items("overlays")
        )

    def paint_overlay(self, kind: str, h: Hex, number: int | None = None) -> JsonPath | None:
        """Put an overlay of ``kind`` on ``h`` (``None`` when one is already there).

        Treasure and numbered tokens carry ``number`` (default: the next free one); a trap
        deals damage unless edited otherwise."""
        if self.has_overlay(kind, h):
            return None
        new: dict[str, Any] = {"type": kind, "hexes": [_hex(h)]}
        if kind in ("treasure", "token"):
            new["number"] = number if number is not None else self.next_number(kind)
        if kind == "trap":
            new["damage"] = True
        index = self.document.insert_item(("overlays",), new, None, f"Paint {kind}")
        return ("overlays", index)

    def next_number(self, kind: str) -> int:
        return placements.next_number(self.data, kind)

    # ----------------------------------------------------------------- monsters
    def place_monster(
        self, monster: str, h: Hex, players: Mapping[str, str] | None = None
    ) -> JsonPath:
        """Place ``monster`` on ``h`` with its marker per player count (default: normal at
        2 and 3, elite at 4). A monster already on ``h`` is returned unchanged."""
        for path in placements.at_hex(self.data, h):
            if path[0] == "monsters":
                return path
        if not monster:
            raise EditRefused("No monster in the pack to place")
        states = dict(players or PRESETS["normal at 2, elite at 4"])
        for count, state in states.items():
            _check_state(count, state)
        entry = {"monster": monster, "hex": _hex(h), "players": states}
        index = self.document.insert_item(("monsters",), entry, None, f"Place {monster}")
        return ("monsters", index)

    def monster_states(self, index: int) -> dict[str, str]:
        entry = self.document.get(("monsters", index), None)
        counts = entry.get("players") if isinstance(entry, dict) else None
        counts = counts if isinstance(counts, dict) else {}
        return {c: str(counts.get(c, "absent")) for c in PLAYER_COUNTS}

    def set_monster_state(self, index: int, count: str, state: str) -> None:
        """One cell of the marker: ``state`` at ``count`` characters."""
        _check_state(count, state)
        entry = self.document.get(("monsters", index), None)
        name = entry.get("monster", "monster") if isinstance(entry, dict) else "monster"
        if not isinstance(entry, dict) or not isinstance(entry.get("players"), dict):
            self.set_monster_players(index, {**self.monster_states(index), count: state})
            return
        self.document.set_value(
            ("monsters", index, "players", count), state, f"{name}: {state} at {count} characters"
        )

    def set_monster_players(self, index: int, states: Mapping[str, str], text: str = "") -> None:
        """The whole marker at once (a preset): one undo step."""
        for count, state in states.items():
            _check_state(count, state)
        entry = self.document.get(("monsters", index), None)
        if not isinstance(entry, dict):
            raise EditRefused(f"There is no monster placement {index}")
        merged = {**self.monster_states(index), **states}
        self.document.set_value(
            ("monsters", index, "players"),
            {c: merged[c] for c in PLAYER_COUNTS},
            text or f"{entry.get('monster', 'monster')}: marker {_marker_text(merged)}",
        )

    def same_at_all_counts(self, index: int, source: str = "2") -> None:
        """The marker at ``source`` characters for every player count: one undo step."""
        state = self.monster_states(index)[source]
        self.set_monster_players(
            index, dict.fromkeys(PLAYER_COUNTS, state), f"Same marker at all counts: {state}"
        )

    def cycle_monster_state(self, index: int, count: str) -> str:
        """absent -> normal -> elite -> absent at ``count``; returns the new state."""
        current = self.monster_states(index)[count]
        new = STATES[(STATES.index(current) + 1) % len(STATES)] if current in STATES else "normal"
        self.set_monster_state(index, count, new)
        return new

    # ----------------------------------------------------------------- doors and rooms
    def place_door(self, h: Hex, locked: bool = False) -> JsonPath:
        """A door on ``h`` joining the two rooms next to it (one undo step: the door hex
        also leaves a room's explicit hexes, as a door belongs to no room). An existing
        door there is returned unchanged."""
        for path in placements.at_hex(self.data, h):
            if path[0] == "doors":
                return path
        rooms = door_rooms(self.smap(), h)
        if len(rooms) < 2:
            raise EditRefused(
                f"A door needs two rooms next to it; hex [{h[0]}, {h[1]}] touches {len(rooms)}"
            )
        did = placements.unique_id(placements.ids_in(self.data, "doors"), "door")
        door: dict[str, Any] = {"id": did, "hex": _hex(h), "rooms": rooms[:2]}
        if locked:
            door["locked"] = True
        with self.document.macro("Place door"):
            index = self.document.insert_item(("doors",), door)
            for ri, room in enumerate(self.items("rooms")):
                if isinstance(room, dict):
                    hexes = hexes_of(room.get("hexes"))
                    if h in hexes:
                        self.document.remove_item(("rooms", ri, "hexes"), hexes.index(h))
        return ("doors", index)

    def door_seams(self) -> list[Hex]:
        """Hexes where a door could go: on the map or on its border, not a door yet, next
        to two rooms (where two tiles meet, or the gap between them)."""
        smap = self.smap()
        out = []
        for h in sorted(smap.hexes | smap.wall_hexes()):
            if h in smap.doors:
                continue
            if len(door_rooms(smap, h)) >= 2:
                out.append(h)
        return out

    def assign_room(self, h: Hex, room: str = NEW_ROOM) -> str:
        """The tile under ``h`` joins ``room`` (leaving any other); a hex outside every tile
        (a corridor) is added to or taken out of the room's hexes. Returns the room id."""
        tile = self.smap().tile_at(h)
        with self.document.macro("Assign room"):
            index = self.room_index(room) if room != NEW_ROOM else None
            if index is None:
                room = placements.unique_id(placements.ids_in(self.data, "rooms"), "room")
                index = self.document.insert_item(("rooms",), {"id": room, "tiles": []})
            if tile is not None:
                for ri, other in enumerate(self.items("rooms")):
                    tiles = other.get("tiles") if isinstance(other, dict) else None
                    if ri != index and isinstance(tiles, list) and tile.placement_id in tiles:
                        self.document.remove_item(
                            ("rooms", ri, "tiles"), tiles.index(tile.placement_id)
                        )
                tiles = self.document.get(("rooms", index, "tiles"), [])
                if tile.placement_id not in (tiles if isinstance(tiles, list) else []):
                    self.document.insert_item(("rooms", index, "tiles"), tile.placement_id)
            else:
                hexes = hexes_of(self.document.get(("rooms", index, "hexes"), []))
                if h in hexes:
                    self.document.remove_item(("rooms", index, "hexes"), hexes.index(h))
                else:
                    self.document.insert_item(("rooms", index, "hexes"), _hex(h))
        return room

    # ----------------------------------------------------------------- starting hexes, walls
    def is_start(self, h: Hex) -> bool:
        return h in hexes_of(self.data.get("starting_hexes"))

    def set_start(self, h: Hex, on: bool) -> bool:
        """Make ``h`` a starting hex (``on``) or not; False when it already was so."""
        starts = hexes_of(self.data.get("starting_hexes"))
        if on and h not in starts:
            self.document.insert_item(("starting_hexes",), _hex(h), None, "Add starting hex")
            return True
        if not on and h in starts:
            self.document.remove_item(("starting_hexes",), starts.index(h), "Remove starting hex")
            return True
        return False

    def toggle_start(self, h: Hex) -> bool:
        """Flip ``h`` between starting hex and not; returns whether it now is one."""
        on = not self.is_start(h)
        self.set_start(h, on)
        return on

    def toggle_wall(self, h: Hex, direction: int) -> bool:
        """Add or remove the thin wall between ``h`` and its neighbour in ``direction``;
        returns whether a wall is there now."""
        n = hexgrid.neighbor(h, direction)
        other = (n[0], n[1])
        for i, wall in enumerate(self.items("walls")):
            if (
                isinstance(wall, list)
                and len(wall) == 2
                and {as_hex(wall[0]), as_hex(wall[1])} == {h, other}
            ):
                self.document.remove_item(("walls",), i, "Remove thin wall")
                return False
        self.document.insert_item(("walls",), [_hex(h), _hex(other)], None, "Add thin wall")
        return True

    # ----------------------------------------------------------------- removing
    def remove(self, path: JsonPath) -> None:
        """Delete the placement at ``path`` (a tile also leaves its room)."""
        key, index = path[0], path[1]
        if not isinstance(index, int) or self.document.get(path) is MISSING:
            raise EditRefused("Nothing to delete")
        if key == "tiles":
            pid = (self.document.get(path) or {}).get("id")
            with self.document.macro(f"Delete tile {pid}"):
                self.document.remove_item(("tiles",), index)
                for ri, room in enumerate(self.items("rooms")):
                    if isinstance(room, dict) and pid in (room.get("tiles") or []):
                        self.document.remove_item(("rooms", ri, "tiles"), room["tiles"].index(pid))
        else:
            self.document.remove_item((str(key),), index, f"Delete {describe(path)}")

    def erase_at(self, h: Hex) -> JsonPath | None:
        """Remove the topmost thing on ``h`` (one hex of a multi-hex overlay); returns the
        path of what was touched, ``None`` on an empty hex."""
        smap = self.smap()
        found = placements.at_hex(self.data, h, smap.tile_at)
        if not found:
            return None
        path = found[0]
        if path[0] == "overlays":
            hexes = overlay_hexes(self.document.get(path))
            if len(hexes) > 1:
                self.document.remove_item((*path, "hexes"), hexes.index(h), "Erase overlay hex")
                return path
        self.remove(path)
        return path

    # ----------------------------------------------------------------- copies
    def insert_copy(self, key: str, value: Any, delta: Hex) -> JsonPath:
        """A copy of placement ``value`` from list ``key`` shifted by ``delta``, with a
        fresh id (a pasted tile gets a room of its own)."""
        if key not in PASTABLE:
            raise EditRefused(f"Cannot paste into {key}")
        new = placements.moved(copy.deepcopy(value), (key, 0), delta)
        if isinstance(new, dict) and "id" in new and key in ID_LISTS:
            old = str(new["id"])
            stem = old.rsplit("-", 1)[0] if old[-1:].isdigit() else old
            new["id"] = placements.unique_id(placements.ids_in(self.data, key), stem)
        if key == "tiles":
            with self.document.macro("Paste tile"):
                index = self.document.insert_item((key,), new)
                rid = placements.unique_id(placements.ids_in(self.data, "rooms"), "room")
                self.document.insert_item(("rooms",), {"id": rid, "tiles": [new["id"]]})
            return (key, index)
        if isinstance(new, dict) and "id" in new and key == "overlays":
            del new["id"]  # overlay ids are optional and must stay unique
        index = self.document.insert_item((key,), new, None, f"Paste {describe((key,))}")
        return (key, index)

    def paste(self, key: str, value: Any, target: Hex | None) -> JsonPath:
        """Paste placement ``value`` (copied from list ``key``) onto hex ``target`` (its
        anchor moves there; onto its own hex or with no target: one hex to the side)."""
        origin = placements.anchor(value, (key, 0))
        target = target if target is not None else origin
        if origin is None or target is None:
            raise EditRefused("The copied placement has no hex to paste from")
        if target == origin:
            target = (origin[0] + 1, origin[1])
        return self.insert_copy(key, value, (target[0] - origin[0], target[1] - origin[1]))

    def duplicate(self, path: JsonPath) -> JsonPath:
        """A copy of the placement at ``path`` on the first free neighbouring map hex (a
        tile: next to it, overlapping is the designer's to fix)."""
        key = str(path[0])
        value = copy.deepcopy(self.document.get(path))
        origin = placements.anchor(value, path) if value is not MISSING else None
        if origin is None:
            raise EditRefused(f"Cannot duplicate this {describe(path)}")
        occupied = self.smap().hexes
        taken = {placements.anchor(e, (key, 0)) for e in self.items(key)}
        delta = (1, 0)
        for d in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
            cand = (origin[0] + d[0], origin[1] + d[1])
            if cand not in taken and (cand in occupied or key == "tiles"):
                delta = d
                break
        return self.insert_copy(key, value, delta)

    # ----------------------------------------------------------------- scenario fields
    def set_field(self, key: str, value: Any) -> None:
        """A top-level scenario field (name, goal...), one undo step."""
        self.document.set_value((key,), value, f"Set {key}")


def _check_state(count: str, state: str) -> None:
    if count not in PLAYER_COUNTS:
        raise EditRefused(f"player count must be one of {', '.join(PLAYER_COUNTS)}, not {count}")
    if state not in STATES:
        raise EditRefused(f"marker state must be one of {', '.join(STATES)}, not {state}")


def _marker_text(states: Mapping[str, str]) -> str:
    return ", ".join(f"{states.get(c, 'absent')} at {c}" for c in PLAYER_COUNTS)
