"""Scenario edit operations without a widget: a document, edits, undo/redo, the JSON.

Each edit must be exactly one entry on the undo stack (what the History panel shows), undo
must give back the JSON before it, and a refused edit must change nothing.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from questforge.editor.document import Document
from questforge.editor.gloomhaven.edits import NEW_ROOM, PRESETS, EditRefused, ScenarioEdits


def _tiles(sample_pack: Path) -> dict[str, Any]:
    return {
        p.stem: json.loads(p.read_text(encoding="utf-8"))
        for p in (sample_pack / "tiles").glob("*.json")
    }


@pytest.fixture
def blank(qapp: Any, sample_pack: Path) -> ScenarioEdits:
    doc = Document({"kind": "scenario", "id": "s", "name": "S"}, autosave=False)
    tiles = _tiles(sample_pack)
    return ScenarioEdits(doc, tiles.get)


def _one_step(edits: ScenarioEdits, action: Any) -> Any:
    """Run ``action``; check it made one undo entry that undoes and redoes exactly."""
    doc = edits.document
    before = copy.deepcopy(doc.data)
    count = doc.undo_stack.count()
    result = action()
    after = copy.deepcopy(doc.data)
    assert doc.undo_stack.count() == count + 1, "one undo step per edit"
    doc.undo_stack.undo()
    assert doc.data == before
    doc.undo_stack.redo()
    assert doc.data == after
    return result


def test_build_a_two_room_scenario_with_edits_only(blank: ScenarioEdits) -> None:
    e = blank
    doc = e.document
    assert _one_step(e, lambda: e.place_tile("gate", (0, 0))) == ("tiles", 0)
    assert doc.data["rooms"] == [{"id": "room-1", "tiles": ["gate-1"]}]
    assert doc.data["starting_room"] == "room-1"
    _one_step(e, lambda: e.place_tile("shaft", (0, 5), room=NEW_ROOM))
    assert doc.data["rooms"][1] == {"id": "room-2", "tiles": ["shaft-1"]}
    assert doc.undo_stack.text(0) == "Place tile gate"

    # a door only where two rooms meet; the seams list says where
    assert (1, 4) in e.door_seams()
    assert (0, 0) not in e.door_seams()
    with pytest.raises(EditRefused, match="two rooms"):
        e.place_door((0, 0))
    assert "doors" not in doc.data
    assert _one_step(e, lambda: e.place_door((1, 4))) == ("doors", 0)
    assert doc.data["doors"] == [{"id": "door-1", "hex": [1, 4], "rooms": ["room-1", "room-2"]}]
    assert (1, 4) not in e.door_seams()

    for h in [(0, 0), (1, 0)]:
        _one_step(e, lambda h=h: e.toggle_start(h))
    assert doc.data["starting_hexes"] == [[0, 0], [1, 0]]
    assert _one_step(e, lambda: e.toggle_start((0, 0))) is False
    assert doc.data["starting_hexes"] == [[1, 0]]

    path = _one_step(e, lambda: e.place_monster("slag-hound", (3, 2)))
    assert doc.get(path) == {
        "monster": "slag-hound",
        "hex": [3, 2],
        "players": {"2": "normal", "3": "normal", "4": "elite"},
    }
    _one_step(e, lambda: e.set_monster_state(0, "2", "absent"))
    assert e.monster_states(0) == {"2": "absent", "3": "normal", "4": "elite"}
    assert _one_step(e, lambda: e.cycle_monster_state(0, "2")) == "normal"
    _one_step(e, lambda: e.set_monster_players(0, PRESETS["only at 4"]))
    assert doc.data["monsters"][0]["players"] == {"2": "absent", "3": "absent", "4": "normal"}
    with pytest.raises(EditRefused, match="marker state"):
        e.set_monster_state(0, "2", "boss")

    _one_step(e, lambda: e.paint_overlay("trap", (0, 2)))
    assert e.paint_overlay("trap", (0, 2)) is None  # already there: nothing pushed
    _one_step(e, lambda: e.paint_overlay("treasure", (2, 7)))
    assert doc.data["overlays"][-1]["number"] == 1
    _one_step(e, lambda: e.set_field("win", [{"type": "kill-all"}]))
    assert doc.undo_stack.count() == 13


def test_rotate_flip_move_and_delete_a_tile(blank: ScenarioEdits) -> None:
    e = blank
    e.place_tile("gate", (0, 0))
    assert _one_step(e, lambda: e.rotate_tile(0)) == 1
    assert _one_step(e, lambda: e.rotate_tile(0, -2)) == 5
    assert e.document.undo_stack.text(e.document.undo_stack.count() - 1).endswith("300°")
    assert _one_step(e, lambda: e.flip_tile(0)) == "b"
    _one_step(e, lambda: e.move(("tiles", 0), (2, -1)))
    assert e.document.data["tiles"][0]["position"] == [2, -1]
    _one_step(e, lambda: e.remove(("tiles", 0)))
    assert e.document.data["tiles"] == [] and e.document.data["rooms"][0]["tiles"] == []
    with pytest.raises(EditRefused):
        e.rotate_tile(0)


def test_room_assignment_erase_walls_and_paste(blank: ScenarioEdits) -> None:
    e = blank
    doc = e.document
    e.place_tile("gate", (0, 0))
    e.place_tile("shaft", (0, 5))
    # the shaft joins room-1: it leaves room-2 in the same step
    assert _one_step(e, lambda: e.assign_room((1, 6), "room-1")) == "room-1"
    assert doc.data["rooms"][0]["tiles"] == ["gate-1", "shaft-1"]
    assert doc.data["rooms"][1]["tiles"] == []
    # a hex outside every tile is a corridor hex of the room
    _one_step(e, lambda: e.assign_room((9, 9), "room-2"))
    assert doc.data["rooms"][1]["hexes"] == [[9, 9]]
    assert _one_step(e, lambda: e.toggle_wall((0, 0), 0)) is True
    assert len(doc.data["walls"]) == 1
    e.paint_overlay("difficult", (0, 1))
    assert _one_step(e, lambda: e.erase_at((0, 1))) == ("overlays", 0)
    assert doc.data["overlays"] == []
    assert e.erase_at((50, 50)) is None
    e.place_monster("slag-hound", (2, 2))
    path = _one_step(e, lambda: e.insert_copy("monsters", doc.data["monsters"][0], (1, 0)))
    assert doc.get(path)["hex"] == [3, 2]
    tile = _one_step(e, lambda: e.insert_copy("tiles", doc.data["tiles"][0], (10, 0)))
    assert doc.get(tile)["id"] == "gate-2"
    with pytest.raises(EditRefused):
        e.insert_copy("rooms", {}, (0, 0))


def test_drag_paint_is_one_step(blank: ScenarioEdits) -> None:
    e = blank
    e.place_tile("gate", (0, 0))
    count = e.document.undo_stack.count()
    with e.step("Paint starting hexes"):
        for h in [(0, 0), (1, 0), (2, 0), (2, 0)]:
            e.set_start(h, True)
    assert e.document.undo_stack.count() == count + 1
    assert e.document.data["starting_hexes"] == [[0, 0], [1, 0], [2, 0]]
    e.document.undo_stack.undo()
    assert "starting_hexes" not in e.document.data


def test_refused_edits_change_nothing(blank: ScenarioEdits) -> None:
    e = blank
    before = copy.deepcopy(e.document.data)
    with pytest.raises(EditRefused, match="No map tile"):
        e.place_tile("", (0, 0))
    with pytest.raises(EditRefused, match="No monster"):
        e.place_monster("", (0, 0))
    with pytest.raises(EditRefused):
        e.remove(("monsters", 3))
    assert e.document.data == before and e.document.undo_stack.count() == 0


def test_paste_and_duplicate(blank: ScenarioEdits) -> None:
    e = blank
    doc = e.document
    e.place_tile("gate", (0, 0))
    e.place_monster("slag-hound", (1, 1))
    copied = copy.deepcopy(doc.data["monsters"][0])
    path = _one_step(e, lambda: e.paste("monsters", copied, (3, 1)))
    assert doc.get(path)["hex"] == [3, 1]
    # onto its own hex: one hex to the side
    path = _one_step(e, lambda: e.paste("monsters", copied, (1, 1)))
    assert doc.get(path)["hex"] == [2, 1]
    # duplicate: the first free neighbour on the map
    path = _one_step(e, lambda: e.duplicate(("monsters", 0)))
    assert doc.get(path)["hex"] not in ([1, 1], [2, 1], [3, 1])
    with pytest.raises(EditRefused):
        e.duplicate(("monsters", 9))


def test_tiles_snap_out_of_an_overlap_but_keep_a_gap() -> None:
    from questforge.editor.gloomhaven.placement_aids import seams, snap_position

    placed = {(0, 0), (1, 0), (0, 1)}
    two = [(0, 0), (1, 0)]
    at = snap_position(two, 0, (0, 0), placed)
    covered = {(at[0], at[1]), (at[0] + 1, at[1])}
    assert not covered & placed and seams(covered, placed)
    assert snap_position(two, 0, (5, 5), placed) == (5, 5)  # a gap is the designer's choice
    assert snap_position(two, 0, (0, 0), set()) == (0, 0)  # nothing placed yet
