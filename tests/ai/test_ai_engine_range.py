"""The engine's monster turns count range the way the solver does (GH-REF-08): along the
shortest path that does not cross a wall or thin wall. A monster's attack targets come from
the solver; its heal and loot ranges are checked here."""

from __future__ import annotations

from typing import Any

from questforge.engine.gloomhaven.game.builders import (
    content,
    disc,
    new_game,
    scenario,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.monster_turn import in_range, monster_type_turn
from questforge.engine.gloomhaven.game.spec import Ability

#: a thin wall on the edge between the healer's hex (0, 0) and (0, -1): the ally at (0, -2)
#: is two hexes away as the crow flies, three around the wall
WALL = [((0, 0), (0, -1))]


def heal_game(heal_range: int, walls: list[Any]) -> Any:
    sc = scenario(
        "m",
        {"a": disc((0, 0), 4)},
        [(-4, 0), (-4, 1)],
        monsters=[("grunt", (0, 0), "normal"), ("grunt", (0, -2), "normal")],
        thin_walls=walls,
    )
    specs = [simple_monster("grunt", health=10, move=0, attack=2)]
    decks = {"grunt": simple_deck("grunt", 50, [Ability("heal", 3, range=heal_range)])}
    g = new_game(content([sc], monsters=specs, decks=decks), "m")
    healer = next(f for f in g.state.figures.values() if f.hex == (0, 0))
    ally = next(f for f in g.state.figures.values() if f.hex == (0, -2))
    healer.hp, ally.hp = 9, 3
    return g, healer, ally


def healed_by(g: Any, healer: Any) -> str:
    """Whom ``healer`` healed on its turn (each monster of the type acts once)."""
    g.rules.draw_missing_ability_cards()
    g.state.phase = "turns"
    monster_type_turn(g.rules, g.state.monster_types["grunt"])
    return str(next(e for e in g.events if e.type == "heal" and e["source"] == healer.id)["figure"])


def test_a_monster_heal_range_is_counted_around_a_thin_wall() -> None:
    # GH-REF-08, GH-MOTH-01: range 2 does not reach the hurt ally around the wall, so the
    # healer heals itself; range 3 does, and the ally (who lost more HP) is healed
    g, healer, ally = heal_game(2, WALL)
    assert g.rules.board.visible(healer.hex, ally.hex)  # sight is not the question
    assert healed_by(g, healer) == healer.id
    g, healer, ally = heal_game(3, WALL)
    assert healed_by(g, healer) == ally.id
    g, healer, ally = heal_game(2, [])
    assert healed_by(g, healer) == ally.id


def test_in_range_is_the_path_count_on_the_monsters_map() -> None:
    # GH-REF-08: the same measure as proximity (GH-REF-07)
    g, healer, ally = heal_game(2, WALL)
    assert not in_range(g.rules, healer.hex, ally.hex, 2)
    assert in_range(g.rules, healer.hex, ally.hex, 3)
    assert in_range(g.rules, healer.hex, (1, -1), 1)
    assert not in_range(g.rules, healer.hex, (0, -1), 1)  # adjacent, but behind the wall
