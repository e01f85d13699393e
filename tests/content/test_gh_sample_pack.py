"""The bundled sample pack: every file validates, the model loads it whole, and it has
the content issue 2 asks for (tiles, monsters, boss, classes, decks, items, scenarios)."""

from __future__ import annotations

import json
from collections import Counter, deque
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.gloomhaven.model import PackModel, Scenario, load_pack_dir

PACK = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"
FILES = sorted(PACK.rglob("*.json"))


@pytest.fixture(scope="module")
def model() -> PackModel:
    return load_pack_dir(PACK)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(PACK)) for p in FILES])
def test_file_validates_against_its_kind_schema(path: Path, errors_for: Any) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["$schema"].endswith(f"/{doc['kind']}.schema.json")
    errors = errors_for(doc)
    assert not errors, [(list(e.absolute_path), e.message) for e in errors[:5]]


def test_model_loads_every_file(model: PackModel) -> None:
    assert model.errors == []
    assert model.id == "gloomhaven-sample"
    assert len(model.all_documents) == len(FILES)
    assert model.duplicates() == []


def test_required_content_counts(model: PackModel) -> None:
    assert len(model.map_tiles) >= 8
    assert len(model.monsters) >= 6
    assert len(model.bosses) >= 1
    assert len(model.character_classes) >= 4
    assert len(model.items) >= 10
    assert len(model.scenarios) >= 3
    assert model.battle_goals and model.personal_quests and model.treasure_tables
    assert {e.deck for e in model.events.values()} == {"city", "road"}


def test_tiles_are_real_shapes_and_some_have_walls(model: PackModel) -> None:
    for tile in model.map_tiles.values():
        for side in tile.sides.values():
            assert 15 <= len(side.hexes) <= 60, (tile.id, side.side)
            assert len(set(side.hexes)) == len(side.hexes)
            for a, b in side.walls:
                assert a in side.hexes and b in side.hexes
    assert sum(1 for t in model.map_tiles.values() if any(s.walls for s in t.sides.values())) >= 1


def test_monsters_have_all_levels_and_eight_card_decks(model: PackModel) -> None:
    for monster in model.monsters.values():
        assert sorted(monster.levels) == list(range(8))
        for level in range(8):
            normal, elite = monster.stats(level), monster.stats(level, elite=True)
            assert elite.health > normal.health  # elites are tougher (GH-MORD-01)
        deck = model.monster_deck_for(monster)
        assert deck is not None, monster.id
        assert len(deck.cards) == 8
        assert sum(c.shuffle for c in deck.cards) == 2  # GH-MABIL-05
        assert all(0 <= c.initiative <= 99 and c.abilities for c in deck.cards)


def test_boss_uses_c_and_l_formulas(model: PackModel) -> None:
    boss = model.bosses["ash-foreman"]
    assert boss.immunities
    # GH-BOSS-03: health grows with the number of characters
    assert boss.stats(2, 4).health > boss.stats(2, 2).health
    assert boss.stats(4, 3).health > boss.stats(1, 3).health
    deck = model.monster_deck_for(boss)
    assert deck is not None and deck.boss
    numbers = {a.number for c in deck.cards for a in c.abilities if a.type == "special"}
    assert numbers <= {s.number for s in boss.special_actions}


def test_classes_have_a_full_level_one_hand(model: PackModel) -> None:
    for cls in model.character_classes.values():
        assert len(cls.health) == 9
        assert cls.health == tuple(sorted(cls.health))
        cards = model.class_cards(cls.id)
        levels = Counter(c.level for c in cards)
        assert levels[1] == cls.hand_size, cls.id  # GH-HAND-01
        assert levels["X"] == 3, cls.id  # GH-HAND-02
        assert len({c.initiative for c in cards}) >= len(cards) - 2
        assert any(c.top.lost or c.bottom.lost for c in cards)
        for perk in cls.perks:
            for cc in (*perk.remove, *perk.add):
                assert model.get("attack-modifier", cc.card) is not None, cc.card


def test_modifier_decks_follow_the_standard_composition(model: PackModel) -> None:
    # GH-REF-01: six +0, five +1, five -1, one +2, one -2, one x2, one null; x2/null shuffle
    expected = {0: 6, 1: 5, -1: 5, 2: 1, -2: 1, "x2": 1, "null": 1}
    for deck_id in ("monster-deck", "standard-deck"):
        deck = model.attack_modifier_decks[deck_id]
        values: Counter[Any] = Counter()
        for ref in deck.card_ids():
            card = model.attack_modifiers[ref]
            values[card.value] += 1
            assert card.shuffle == (card.value in ("x2", "null"))
        assert dict(values) == expected
        assert deck.size == 20
    assert model.attack_modifiers["bless"].special == "bless"
    assert model.attack_modifiers["curse"].special == "curse"


def test_treasures_on_maps_exist_in_the_table(model: PackModel) -> None:
    for scenario in model.scenarios.values():
        for overlay in scenario.overlays:
            if overlay.type == "treasure":
                assert overlay.number is not None and model.treasure(overlay.number), (
                    scenario.id,
                    overlay,
                )


def _reachable_rooms(model: PackModel, scenario: Scenario) -> set[str]:
    graph = model.scenario_map(scenario).room_graph()
    seen = {scenario.starting_room}
    queue = deque(seen)
    while queue:
        for nxt in graph[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


@pytest.mark.parametrize("scenario_id", ["collapsed-adit", "flooded-workings", "cinder-forge"])
def test_scenario_is_playable(model: PackModel, scenario_id: str) -> None:
    scenario = model.scenarios[scenario_id]
    geo = model.scenario_map(scenario)
    assert not geo.overlaps and not geo.shared_hexes and not geo.unresolved
    for door in scenario.doors:
        assert geo.door_rooms(door) == set(door.rooms), door.id
    assert _reachable_rooms(model, scenario) == set(geo.room_hexes)
    obstacles = {h for o in scenario.overlays if o.type == "obstacle" for h in o.hexes}
    figures = [m.hex for m in scenario.monsters] + [n.hex for n in scenario.named_monsters]
    figures += [b.hex for b in scenario.bosses]
    assert len(figures) == len(set(figures))
    for h in scenario.starting_hexes:
        assert geo.room_at(h) == scenario.starting_room and h not in figures and h not in obstacles
    for h in figures:
        assert geo.room_at(h) is not None and h not in obstacles
    for overlay in scenario.overlays:
        assert set(overlay.hexes) <= geo.hexes
    for players in (2, 3, 4):
        counts = Counter(m.monster for m, _state in scenario.monsters_for(players))
        for monster_id, n in counts.items():
            assert n <= model.monsters[monster_id].standees


def test_big_scenario_has_everything(model: PackModel) -> None:
    scenario = model.scenarios["flooded-workings"]
    assert len(scenario.rooms) >= 4
    assert any(d.locked and d.opens_when for d in scenario.doors)
    types = {o.type for o in scenario.overlays}
    assert {
        "trap",
        "hazardous",
        "difficult",
        "treasure",
        "obstacle",
        "coin",
        "pressure-plate",
    } <= types
    per_count = {n: [(m.hex, state) for m, state in scenario.monsters_for(n)] for n in (2, 3, 4)}
    assert len(per_count[2]) < len(per_count[3]) <= len(per_count[4])
    states = {m.players[2] for m in scenario.monsters} | {m.players[4] for m in scenario.monsters}
    assert {"absent", "elite"} <= states
    assert any(r.trigger and r.trigger.type == "round" for r in scenario.special_rules)
    assert any(e.type == "spawn" for r in scenario.special_rules for e in r.effects)


def test_boss_scenario(model: PackModel) -> None:
    scenario = model.scenarios["cinder-forge"]
    assert scenario.bosses and scenario.win[0].type == "kill"
    assert set(scenario.win[0].targets) <= scenario.figure_ids()
    assert model.get("boss", scenario.bosses[0].boss) is not None
