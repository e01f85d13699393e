"""The gaps the fourth Descent audit left (the djgaps2 pass): each test failed before its
fix unless it says otherwise. Rule IDs are cited per test.

Fixture geometry (djfixture): the hall is x 0..2, the gallery x 3..5, joined by door d1 on
the edges (2, 0)-(3, 0) and (2, 1)-(3, 1); every other edge between them is a wall, so
(2, 2) and (3, 2) touch across a wall."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from djgame import add_monster, clear_monsters, hero, new_game, of, put

from questforge.engine.descent.model import Ability, Skill

NO_POWER = {"power-dice": 0}


def _game(answers: dict[str, Any] | None = None) -> Any:
    game, script = new_game(answers={**NO_POWER, **(answers or {})})
    clear_monsters(game)
    game.revealed.add("gallery")
    return game, script


def _with(game: Any, cell: tuple[int, int], *abilities: str) -> Any:
    imp = add_monster(game, "imp", cell)
    imp.stats = replace(imp.stats, abilities=tuple(Ability(a) for a in abilities))
    return imp


def test_adjacency_stops_at_a_wall_and_a_closed_door() -> None:
    # DJ-REF-08: adjacent squares touch (8-way); our reading (docs/descent.md): a wall or a
    # closed door between them parts them, as it keeps a melee attack out (DJ-ATK-02)
    game, _ = _game()
    g = game.geometry
    assert g.adjacent((2, 2), (2, 1)) and g.adjacent((1, 1), (2, 2))
    assert not g.adjacent((2, 2), (3, 2)), "a wall between them"
    assert not g.adjacent((2, 1), (3, 1)), "the closed door between them"
    assert not g.adjacent((2, 1), (3, 2)), "a diagonal whose corner is closed on both sides"
    game.open_doors.add("d1")
    g.rebuild()
    assert g.adjacent((2, 1), (3, 1)) and g.adjacent((2, 1), (3, 2))
    assert not g.adjacent((2, 2), (3, 2))


def test_aura_does_not_reach_across_a_wall() -> None:
    # DJ-ABIL-01: "an enemy that moves into a space adjacent to the aura figure suffers 1
    # damage"; across a wall the square is not adjacent (DJ-REF-08)
    from questforge.engine.descent.game.heroes import move_hero

    game, _ = _game()
    h = hero(game)
    put(h, (1, 2))
    put(hero(game, 1), (0, 0))
    _with(game, (3, 2), "aura")
    before = h.wounds
    move_hero(game, h, [[2, 2]])
    assert h.wounds == before and not of(game, "damage-taken")
    # on the aura's own side of the door, the same step hurts
    game.open_doors.add("d1")
    game.geometry.rebuild()
    move_hero(game, h, [[2, 1]])
    assert h.wounds == before - 1


def test_grapple_does_not_hold_across_a_wall() -> None:
    # DJ-ABIL-08: "enemies within 1 space of the grappling figure cannot spend any AP";
    # a wall between them frees the hero (DJ-REF-08)
    from questforge.engine.descent.game.heroes import grappled

    game, _ = _game()
    h = hero(game)
    put(h, (2, 2))
    imp = _with(game, (3, 2), "grapple")
    assert not grappled(game, h)
    put(imp, (3, 1))
    game.open_doors.add("d1")
    game.geometry.rebuild()
    assert grappled(game, h), "diagonal through the open door: adjacent"


def test_holy_aura_does_not_reach_across_a_wall() -> None:
    # DJ-SKILL-G02: "a monster that enters a space adjacent to the hero suffers 1 damage"
    from questforge.engine.descent.game.overlord import _move_monster

    game, _ = _game()
    h = hero(game)
    h.skills = [Skill("halo", "Halo", "wizardry", "", holy_aura=1)]
    put(h, (2, 2))
    put(hero(game, 1), (0, 0))
    imp = _with(game, (4, 2))
    _move_monster(game, imp, [[3, 2]])
    assert imp.wounds == imp.max_wounds
    _move_monster(game, imp, [[3, 1]])  # still walled off: the door d1 is closed
    assert imp.wounds == imp.max_wounds
