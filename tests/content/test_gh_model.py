"""The typed content model: loading, tolerance, references, stats and placed geometry."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.gloomhaven.model import (
    Boss,
    MapTile,
    ModelError,
    MonsterType,
    PackModel,
    Scenario,
    build_scenario_map,
    distance,
    load_document,
    load_pack_dir,
    load_pack_model,
    neighbours,
    place,
    rotate,
    wall,
)
from tests.startup_probe import REPO, modules_after_validating

SCHEMA = "https://questforge.dev/schema/gloomhaven"


def tile(id: str, hexes: list[list[int]], walls: list[Any] | None = None) -> dict[str, Any]:
    side: dict[str, Any] = {"hexes": hexes}
    if walls:
        side["walls"] = walls
    return {"kind": "map-tile", "id": id, "name": id, "sides": {"a": side}}


def rect(width: int, height: int) -> list[list[int]]:
    return [[q, r] for r in range(height) for q in range(-(r // 2), width - (r // 2))]


def scenario(**over: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "kind": "scenario",
        "id": "s",
        "number": 1,
        "name": "S",
        "tiles": [
            {"id": "p1", "tile": "room", "side": "a", "position": [0, 0]},
            {"id": "p2", "tile": "room", "side": "a", "position": [0, 4]},
        ],
        "rooms": [{"id": "first", "tiles": ["p1"]}, {"id": "second", "tiles": ["p2"]}],
        "starting_room": "first",
        "starting_hexes": [[0, 0]],
        "doors": [{"id": "d", "hex": [1, 3], "rooms": ["first", "second"]}],
        "monsters": [
            {
                "monster": "imp",
                "hex": [1, 1],
                "players": {"2": "absent", "3": "normal", "4": "elite"},
            },
            {
                "monster": "imp",
                "hex": [2, 1],
                "players": {"2": "normal", "3": "normal", "4": "normal"},
            },
        ],
        "win": [{"type": "kill-all"}],
    }
    doc.update(over)
    return doc


# ------------------------------------------------------------------ hex arithmetic


def test_rotation_step_is_the_shared_convention() -> None:
    assert rotate((1, 0), 1) == (0, 1)  # (q, r) -> (-r, q + r)
    assert rotate((2, -1), 1) == (1, 1)
    assert rotate((3, -2), 6) == (3, -2)
    assert rotate((3, -2), 7) == rotate((3, -2), 1)
    # every rotation keeps distances to the origin and maps neighbours to neighbours
    for k in range(6):
        for h in [(1, 0), (2, -1), (-3, 1)]:
            assert distance(rotate(h, k), (0, 0)) == distance(h, (0, 0))
        assert sorted(rotate(n, k) for n in neighbours((0, 0))) == sorted(neighbours((0, 0)))


def test_placed_geometry_of_a_rotated_tile() -> None:
    # a three-hex tile with a thin wall, rotated twice (120°) and moved to [5, 2]
    model = load_pack_model(
        [
            tile("bar", [[0, 0], [1, 0], [2, 0]], walls=[[[0, 0], [1, 0]]]),
            scenario(
                tiles=[{"id": "p", "tile": "bar", "side": "a", "position": [5, 2], "rotation": 2}],
                rooms=[{"id": "first", "tiles": ["p"]}],
                doors=[],
                monsters=[],
                starting_hexes=[[5, 2]],
            ),
        ]
    )
    geo = model.scenario_map("s")
    # rotate^2 (1,0) = (-1, 1); rotate^2 (2,0) = (-2, 2)
    assert geo.hexes == {(5, 2), (4, 3), (3, 4)}
    assert geo.thin_walls == {wall((5, 2), (4, 3))}
    assert geo.blocked((4, 3), (5, 2)) and not geo.blocked((4, 3), (3, 4))
    assert place((2, 0), (5, 2), 2) == (3, 4)


def test_rooms_doors_and_room_walls() -> None:
    model = load_pack_model([tile("room", rect(4, 3)), scenario()])
    geo = model.scenario_map("s")
    door = model.scenarios["s"].doors[0]
    assert (1, 3) not in geo.room_of  # a door hex belongs to no room
    assert geo.door_rooms(door) == {"first", "second"}
    assert geo.room_graph() == {"first": {"second"}, "second": {"first"}}
    assert geo.room_at((0, 0)) == "first" and geo.room_at((0, 4)) == "second"
    assert not geo.overlaps and not geo.shared_hexes and not geo.unresolved


def test_door_on_a_tile_hex_is_taken_out_of_the_room_and_boundaries_are_walls() -> None:
    # two tiles touching directly: the rooms are separated by walls except at the door
    doc = scenario(
        tiles=[
            {"id": "p1", "tile": "room", "side": "a", "position": [0, 0]},
            {"id": "p2", "tile": "room", "side": "a", "position": [-1, 3]},
        ],
        doors=[{"id": "d", "hex": [0, 3], "rooms": ["first", "second"]}],
        monsters=[],
    )
    model = load_pack_model([tile("room", rect(4, 3)), doc])
    geo = model.scenario_map("s")
    assert (0, 3) not in geo.room_hexes["second"]
    assert geo.blocked((1, 2), (1, 3))  # different rooms, no door: a wall
    assert not geo.blocked((0, 2), (0, 3))  # into the door hex: open
    assert geo.door_rooms(model.scenarios["s"].doors[0]) == {"first", "second"}


def test_overlaps_shared_hexes_and_unresolved_tiles_are_reported() -> None:
    doc = scenario(
        tiles=[
            {"id": "p1", "tile": "room", "side": "a", "position": [0, 0]},
            {"id": "p2", "tile": "room", "side": "a", "position": [1, 0]},
            {"id": "p3", "tile": "missing", "side": "a", "position": [9, 9]},
            {"id": "p4", "tile": "room", "side": "b", "position": [20, 20]},
        ],
        rooms=[
            {"id": "first", "tiles": ["p1", "p2", "p3", "nope"]},
            {"id": "second", "hexes": [[0, 0]]},
        ],
    )
    model = load_pack_model([tile("room", rect(4, 3)), doc])
    geo = model.scenario_map("s")
    assert geo.overlaps[(1, 0)] == ("p1", "p2")
    assert geo.shared_hexes[(0, 0)] == ("first", "second")
    assert {p.id for p in geo.unresolved} == {"p3", "p4"}
    assert geo.unknown_room_tiles == (("first", "nope"),)


# ------------------------------------------------------------------ loading


def test_loader_accepts_lists_pairs_and_groups() -> None:
    room = tile("room", rect(2, 2))
    by_list = load_pack_model([room])
    by_pair = load_pack_model([("tiles/room.json", room)])
    by_group = load_pack_model({"map-tile": [{k: v for k, v in room.items() if k != "kind"}]})
    for model in (by_list, by_pair, by_group):
        assert isinstance(model.map_tiles["room"], MapTile)
    assert by_pair.map_tiles["room"].file == "tiles/room.json"


def test_unknown_keys_are_ignored_and_unknown_kinds_skipped() -> None:
    room = tile("room", rect(2, 2))
    room["x-editor"] = {"colour": "red"}
    room["sides"]["a"]["x-note"] = 1
    model = load_pack_model(
        [room, {"kind": "situation", "id": "s1"}, {"kind": "card-game", "id": "x"}]
    )
    assert model.errors == []
    assert list(model.map_tiles) == ["room"]


def test_bad_documents_are_recorded_with_file_and_path() -> None:
    bad_hex = scenario(starting_hexes=[[0, 0], [1, "2"]])
    bad_formula = {
        "kind": "boss",
        "id": "b",
        "name": "B",
        "deck": "d",
        "stats": {"health": "C*(8+L", "move": 1, "attack": 1},
        "special_actions": [],
    }
    model = load_pack_model(
        [("a.json", bad_hex), ("b.json", bad_formula), ("c.json", [1, 2]), ("d.json", {"id": "x"})]
    )
    assert model.documents == {}
    paths = {(e.file, e.path) for e in model.errors}
    assert ("a.json", ("starting_hexes", 1)) in paths
    assert ("b.json", ("stats", "health")) in paths
    assert ("c.json", ()) in paths
    assert ("d.json", ()) in paths
    assert "missing ')'" in next(e.message for e in model.errors if e.file == "b.json")


def test_load_document_raises_model_error() -> None:
    with pytest.raises(ModelError) as info:
        load_document(
            {
                "kind": "monster",
                "id": "m",
                "name": "M",
                "deck": "d",
                "standees": "six",
                "levels": {},
            },
            file="m.json",
        )
    assert info.value.file == "m.json"
    assert info.value.path == ("standees",)


def test_duplicates_keep_the_first() -> None:
    first, second = tile("room", rect(2, 2)), tile("room", rect(3, 3))
    model = load_pack_model([("1.json", first), ("2.json", second)])
    assert model.map_tiles["room"].file == "1.json"
    [(kept, dup)] = model.duplicates()
    assert kept.file == "1.json" and dup.file == "2.json"


def test_cross_pack_references_resolve_through_dependencies() -> None:
    base = load_pack_model(
        [
            {
                "kind": "pack",
                "id": "base",
                "name": "Base",
                "version": "1.0",
                "ruleset": "gloomhaven",
            },
            tile("room", rect(4, 3)),
        ]
    )
    doc = scenario()
    doc["tiles"] = [dict(t, tile="base:room") for t in doc["tiles"]]
    ext = load_pack_model(
        [
            {"kind": "pack", "id": "ext", "name": "Ext", "version": "1.0", "ruleset": "gloomhaven"},
            doc,
        ],
        dependencies=[base],
    )
    assert ext.get("map-tile", "base:room") is base.map_tiles["room"]
    assert ext.get("map-tile", "room") is None
    assert ext.get("map-tile", "other:room") is None
    assert not ext.scenario_map("s").unresolved


def test_source_paths_point_into_the_document() -> None:
    model = load_pack_model([tile("room", rect(4, 3)), scenario()])
    s = model.scenarios["s"]
    assert s.monsters[1].source_path == ("monsters", 1)
    assert s.doors[0].source_path == ("doors", 0)
    assert s.win[0].source_path == ("win", 0)
    assert s.tiles[0].source_path == ("tiles", 0)


def test_monster_placements_per_player_count() -> None:
    model = load_pack_model([scenario()])
    s: Scenario = model.scenarios["s"]
    assert [state for _m, state in s.monsters_for(2)] == ["normal"]  # GH-SETUP-04
    assert [state for _m, state in s.monsters_for(4)] == ["elite", "normal"]
    assert s.monsters[0].state(1) == "absent"  # solo plays as two characters


def test_monster_stats_for_level_and_rank() -> None:
    levels = {
        str(lv): {
            "normal": {"health": 2 + lv, "move": 2, "attack": 1},
            "elite": {"health": 4 + lv, "move": 3, "attack": 2, "attack_conditions": ["poison"]},
        }
        for lv in range(8)
    }
    doc = {
        "kind": "monster",
        "id": "imp",
        "name": "Imp",
        "deck": "d",
        "standees": 4,
        "flying": True,
        "immunities": ["stun"],
        "levels": levels,
    }
    monster = load_document(doc)
    assert isinstance(monster, MonsterType)
    stats = monster.stats(5, elite=True)
    assert (stats.health, stats.move, stats.attack, stats.range) == (9, 3, 2, 0)
    assert stats.is_melee and stats.flying and stats.immunities == ("stun",)
    assert stats.attack_conditions == ("poison",)
    assert monster.stats(0).health == 2
    with pytest.raises(KeyError):
        monster.stats(8)


def test_boss_stats_evaluate_c_and_l() -> None:
    doc = {
        "kind": "boss",
        "id": "b",
        "name": "B",
        "deck": "d",
        "immunities": ["stun"],
        "stats": {"health": "C*(8+L)", "move": 2, "attack": "3+L/2", "range": 3},
        "levels": {"7": {"move": 3}},
        "special_actions": [{"number": 1, "text": "Roar."}],
    }
    boss = load_document(doc)
    assert isinstance(boss, Boss)
    s = boss.stats(level=3, characters=4)  # GH-BOSS-03
    assert (s.health, s.move, s.attack, s.range) == (44, 2, 4, 3)
    assert boss.stats(7, 2).move == 3 and boss.stats(6, 2).move == 2
    assert boss.special_action(1) is not None and boss.special_action(2) is None


def test_load_pack_dir_reports_unreadable_files(tmp_path: Path) -> None:
    (tmp_path / "ok.json").write_text(json.dumps(tile("room", rect(2, 2))), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "latin.json").write_bytes(b'{"kind": "map-tile", "name": "\xe9"}')
    model = load_pack_dir(tmp_path)
    assert list(model.map_tiles) == ["room"]
    assert {Path(e.file or "").name for e in model.errors} == {"broken.json", "latin.json"}


def test_build_scenario_map_is_pure() -> None:
    model = load_pack_model([tile("room", rect(4, 3)), scenario()])
    s = model.scenarios["s"]
    built = build_scenario_map(s, lambda ref: model.map_tiles.get(ref))
    assert built.hexes == model.scenario_map(s).hexes
    assert model.scenario_map("s") is model.scenario_map(s)  # cached


def test_deep_copy_of_model_objects_is_equal() -> None:
    model: PackModel = load_pack_model([tile("room", rect(4, 3)), scenario()])
    s = model.scenarios["s"]
    assert copy.deepcopy(s) == s


def test_load_pack_dir_skips_hidden_folders_and_outside_links(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    (pack / ".git").mkdir(parents=True)
    (pack / ".git" / "x.json").write_text(json.dumps(tile("hidden", rect(2, 2))), encoding="utf-8")
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(tile("outside", rect(2, 2))), encoding="utf-8")
    (pack / "link.json").symlink_to(outside)
    model = load_pack_dir(pack)
    assert model.map_tiles == {}
    assert [Path(e.file or "").name for e in model.errors] == ["link.json"]


def test_registered_kinds_match_the_model_and_schemas() -> None:
    from questforge.engine.gloomhaven.model import KINDS
    from questforge.engine.rulesets import get, ruleset_for_kind, rulesets_defining
    from questforge.schema import load_schema

    ruleset = get("gloomhaven")
    assert set(ruleset.kinds) == set(KINDS)
    assert ruleset.schema_folder == "gloomhaven" and ruleset.load_model is not None
    for kind in ruleset.kinds:
        assert load_schema("gloomhaven", kind)["$id"].endswith(f"/gloomhaven/{kind}.schema.json")
        # kinds are keyed by (ruleset, kind): another ruleset may define a kind too
        assert ruleset in rulesets_defining(kind)
        assert ruleset_for_kind(kind) in (ruleset, None)
    assert ruleset_for_kind("pack") is None
    model = ruleset.load_model([tile("room", rect(2, 2))])
    assert isinstance(model, PackModel) and "room" in model.map_tiles


def test_validating_a_pack_imports_only_the_map_part_of_the_model() -> None:
    """``questforge validate`` reads map tiles and scenarios through the model; the
    action, card and monster sub-modules (33 dataclasses, ~40 ms of start-up) are imported
    only when something asks for one of their names."""
    modules = modules_after_validating(REPO / "content" / "gloomhaven-sample")
    prefix = "questforge.engine.gloomhaven.model."
    assert {m for m in modules if m.startswith(prefix)} == {
        prefix + "base",
        prefix + "scenario_map",
    }


def test_lazily_imported_names_load_every_kind() -> None:
    """Every parser of the model is reachable through ``PARSERS`` whether or not its
    sub-module was imported yet, and an unknown name is still an ``AttributeError``."""
    from questforge.engine.gloomhaven import model
    from questforge.engine.gloomhaven.model import cards, monsters

    assert model.AbilityCard is cards.AbilityCard and model.MonsterType is monsters.MonsterType
    loaded = model.load_pack_dir(REPO / "content" / "gloomhaven-sample")
    assert not loaded.errors
    assert loaded.monsters and loaded.ability_cards and loaded.treasure_tables
    assert {type(d).__name__ for d in loaded.all_documents} >= {
        "MonsterType",
        "AbilityCard",
        "Item",
    }
    with pytest.raises(AttributeError):
        model.NoSuchThing  # noqa: B018


def test_load_pack_dir_reads_only_the_kinds_asked_for() -> None:
    """The campaign asks for six kinds: it gets those and the manifest, nothing else."""
    sample = REPO / "content" / "gloomhaven-sample"
    loaded = load_pack_dir(sample, kinds=("item", "event"))
    assert loaded.id == "gloomhaven-sample" and not loaded.errors
    assert set(loaded.documents) == {"item", "event"}
    assert loaded.items == load_pack_dir(sample).items


def test_an_item_without_prosperity_is_in_a_new_campaigns_supply() -> None:
    # GH-SHOP-05: the prosperity level that puts it in the supply; absent, level 1
    item = {"kind": "item", "id": "i", "number": 1, "name": "I", "cost": 5, "slot": "small"}
    assert load_document(item).prosperity == 1  # type: ignore[attr-defined]
    assert load_document({**item, "prosperity": 3}).prosperity == 3  # type: ignore[attr-defined]
