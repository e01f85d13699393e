"""The content-model adapter on the bundled sample pack (what the engine plays)."""

from __future__ import annotations

from pathlib import Path

import pytest

from questforge.engine.gloomhaven import model
from questforge.engine.gloomhaven.game.from_model import content_from_pack, item_trigger

PACK = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"


@pytest.fixture(scope="module")
def pack() -> model.PackModel:
    return model.load_pack_dir(PACK)


def test_conversion_is_cached_per_pack(pack: model.PackModel) -> None:
    assert content_from_pack(pack) is content_from_pack(pack)


def test_every_scenario_converts_with_rooms_doors_and_walls(pack: model.PackModel) -> None:
    # GH-SETUP-01 / GH-MAP-01 (the map from the scenario's tiles), GH-SETUP-02 (rooms, doors)
    c = content_from_pack(pack)
    assert set(c.scenarios) == set(pack.scenarios)
    for sid, spec in c.scenarios.items():
        smap = pack.scenario_map(sid)
        assert spec.hexes == frozenset(smap.hexes)
        assert spec.starting_room in spec.rooms
        # rooms connect only through doors (room walls are walls, GH-SETUP-02)
        assert {frozenset(w) for w in smap.walls} <= spec.thin_walls
        for door in spec.doors:
            assert door.hex in spec.hexes and all(r in spec.rooms for r in door.rooms)


def test_classes_cards_and_decks(pack: model.PackModel) -> None:
    c = content_from_pack(pack)
    for cid, cls in c.classes.items():
        assert len(cls.cards) >= cls.hand_size
        assert len(cls.modifier_deck) >= 20  # GH-COMP-04 / GH-REF-01
        assert cls.max_health(1) == pack.character_classes[cid].health[0]
    assert len(c.monster_modifier_deck) == 20


def test_monsters_bosses_and_ability_decks(pack: model.PackModel) -> None:
    c = content_from_pack(pack)
    for mid, mon in pack.monsters.items():
        spec = c.monsters[mid]
        assert spec.levels[3]["elite"].health == mon.levels[3].elite.health
        assert spec.deck in c.monster_decks
    for bid, boss in pack.bosses.items():
        spec = c.monsters[bid]
        assert (
            spec.boss and spec.levels_by_players[3][2]["normal"].health == boss.stats(2, 3).health
        )


def test_flooded_workings_special_rules(pack: model.PackModel) -> None:
    c = content_from_pack(pack)
    if "flooded-workings" not in c.scenarios:
        pytest.skip("scenario renamed")
    spec = c.scenarios["flooded-workings"]
    kinds = {(r.trigger.type, tuple(e.type for e in r.effects)) for r in spec.special_rules}
    assert ("pressure-plate", ("open-door",)) in kinds
    assert any(d.locked for d in spec.doors)
    assert spec.loss and spec.loss[0].type == "round-limit"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("During your turn", "turn"),
        ("During your move", "move"),
        ("When attacked", "defense"),
        ("When you would suffer damage from an attack", "defense"),
        ("On your attack", "attack"),
        ("On your melee attack", "melee-attack"),
        ("Instead of your attack", "instead-of-attack"),  # GH-TURN-07: replaces it
        ("Instead of your move", "turn"),
        (None, "turn"),
    ],
)
def test_item_triggers(text: str | None, kind: str) -> None:
    assert item_trigger(text) == kind


def test_unplayable_scenario_is_a_clear_setup_error(tmp_path: Path) -> None:
    import json
    import shutil

    from questforge.engine.gloomhaven.game import Setup, SetupError

    pack_dir = tmp_path / "pack"
    shutil.copytree(PACK, pack_dir)
    scn = next((pack_dir / "scenarios").glob("*.json"))
    data = json.loads(scn.read_text())
    data["tiles"][0]["tile"] = "no-such-tile"
    scn.write_text(json.dumps(data))
    c = content_from_pack(pack_dir)
    assert data["id"] in c.unplayable
    with pytest.raises(SetupError, match="cannot be played: its map tiles do not resolve"):
        Setup(data["id"], tuple(sorted(c.classes)[:2])).check(c)
