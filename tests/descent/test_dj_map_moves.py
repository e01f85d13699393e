"""Movement, line of sight and map objects (DJ-MAP, DJ-REF-07..15, 30, 31, 34, 37)."""

from __future__ import annotations

from typing import Any

import pytest
from djgame import add_monster, hero, new_game, of, pack_files, put

from questforge.engine.core.square import SquareBoard, sight_line
from questforge.engine.descent.game.heroes import enter_square, hero_turn, move_hero, step_options
from questforge.engine.descent.game.overlord import spawn_squares


def _quest(files: dict[str, Any]) -> dict[str, Any]:
    return files["quests/q.json"]


def test_diagonal_steps_cost_one() -> None:
    # DJ-REF-07, DJ-REF-08: 8-way adjacency, a diagonal step costs 1
    game, _ = new_game()
    h = hero(game)
    put(hero(game, 1), (2, 2))
    reach = game.geometry.reachable(h, 1)
    assert set(reach) >= {(1, 2), (0, 0)}  # from (0, 1): diagonals at cost 1
    assert reach[(1, 2)][0] == 1
    assert game.geometry.distance((0, 0), (2, 2)) == 2


def test_friends_can_be_passed_enemies_cannot() -> None:
    # DJ-REF-09: pass through friends, end on an empty square; enemies block
    game, _ = new_game()
    h = hero(game)
    put(h, (0, 1))
    put(hero(game, 1), (1, 1))
    reach = game.geometry.reachable(h, 2)
    assert (2, 1) in reach and (1, 1) not in reach
    add_monster(game, "imp", (1, 0))
    add_monster(game, "imp", (1, 2))
    put(hero(game, 1), (2, 2))
    put(h, (0, 1))
    game.monsters[-1].cell = (1, 2)
    blocked = game.geometry.reachable(h, 2)
    assert (1, 0) not in blocked and (1, 2) not in blocked


def test_closed_door_blocks_until_opened() -> None:
    # DJ-MAP-08, DJ-REF-37: a closed door blocks movement and sight
    game, _ = new_game()
    h = hero(game)
    put(h, (2, 0))
    assert (3, 0) not in game.geometry.reachable(h, 3)
    assert not game.geometry.sees((2, 0), (4, 0))
    game.open_door("d1", h)
    assert (3, 0) in game.geometry.reachable(h, 3)
    assert game.geometry.sees((2, 0), (3, 0)) and game.geometry.sees((2, 1), (3, 2))
    assert "gallery" in game.revealed


def test_rune_door_needs_its_key_and_the_key_opens_it_for_everyone() -> None:
    # DJ-MAP-08, DJ-REF-37: rune-locked doors only with the key of their colour
    game, _ = new_game()
    game.open_door("d1", None)
    game.monsters.clear()
    h = hero(game)
    put(h, (5, 0))
    assert not [o for o in step_options(game, h, 4, 0, True, False) if o.get("door") == "rune"]
    enter_square(game, hero(game, 1), (4, 2))  # the runekey square
    assert game.keys == {"red"}
    assert [o for o in step_options(game, h, 4, 0, True, False) if o.get("door") == "rune"]


def test_line_of_sight_is_blocked_by_figures_but_not_for_spawning() -> None:
    # DJ-ATK-02, DJ-REF-11: centre to centre; other figures block
    game, _ = new_game()
    h = hero(game)
    put(h, (0, 0))
    put(hero(game, 1), (2, 2))
    target = add_monster(game, "imp", (2, 0))
    assert game.geometry.sees(h, target)
    blocker = add_monster(game, "imp", (1, 0))
    assert not game.geometry.sees(h, target) and blocker.cell == (1, 0)
    # DJ-SPAWN-03: monsters do not block the heroes' sight when checking spawn squares
    assert game.geometry.sees(h.cell, target.cell, monsters_block=False)


def test_spawn_squares_are_out_of_every_heros_sight() -> None:
    # DJ-SPAWN-03, DJ-REF-30: revealed, empty, no obstacle, out of sight
    game, _ = new_game()
    game.open_door("d1", None)
    game.monsters.clear()
    put(hero(game), (0, 0))
    put(hero(game, 1), (0, 2))
    squares = spawn_squares(
        game, game.place_monster(game.pack.monsters["imp"], "normal", (5, 2), "probe")
    )
    for c in squares:
        assert not any(game.geometry.sees(h, c, monsters_block=False) for h in game.heroes)
        assert game.qmap.area_of[c] in game.revealed  # never in an unrevealed area
    assert (6, 0) not in squares  # the vault is not revealed


def test_pits_hurt_on_entry_cost_two_to_leave_and_blind() -> None:
    # DJ-MAP-01, DJ-REF-13, DJ-MAP-02: fall for 1 wound, 2 MP to climb out, no sight out
    files = pack_files()
    _quest(files)["terrain"] = [{"type": "pit", "cells": [[2, 1]]}]
    game, _ = new_game(files)
    h = hero(game)
    put(h, (1, 1))
    wounds = h.wounds
    move_hero(game, h, [[2, 1]])
    assert h.wounds == wounds - 1 and of(game, "fell-in-pit")
    reach = game.geometry.reachable(h, 2)
    assert reach[(2, 2)][0] == 2
    target = add_monster(game, "imp", (2, 2))
    assert not game.geometry.sees(h, target)
    assert game.geometry.sees(target, h)  # others see into the pit


def test_rubble_blocks_moves_and_sight_water_only_moves() -> None:
    # DJ-MAP-03, DJ-MAP-04, DJ-REF-14
    files = pack_files()
    _quest(files)["terrain"] = [
        {"type": "rubble", "cells": [[1, 1]]},
        {"type": "water", "cells": [[1, 2]]},
    ]
    game, _ = new_game(files)
    h = hero(game)
    put(h, (0, 1))
    put(hero(game, 1), (0, 0))
    reach = game.geometry.reachable(h, 1)
    assert (1, 1) not in reach and (1, 2) not in reach
    assert not game.geometry.sees((0, 1), (2, 1))  # through rubble
    assert game.geometry.sees((0, 2), (2, 2))  # over water


def test_stairs_lead_to_the_other_end_and_reveal() -> None:
    # DJ-MAP-05, DJ-REF-15: 1 MP to the staircase of the same colour
    files = pack_files()
    q = _quest(files)
    q["areas"].append({"id": "cellar", "name": "Cellar"})
    q["tiles"].append({"tile": "room-3x3", "at": [0, 6], "area": "cellar"})
    q["objects"] += [
        {"id": "up", "type": "stairs", "cell": [2, 2], "colour": "blue"},
        {"id": "down", "type": "stairs", "cell": [1, 7], "colour": "blue"},
    ]
    steps = iter([{"do": "stairs", "to": [1, 7]}, {"do": "end"}])
    game, _ = new_game(
        files, answers={"action": "advance", "step": lambda d: list(d.options).index(next(steps))}
    )
    h = hero(game)
    put(h, (2, 2))
    hero_turn(game, h)
    assert h.cell == (1, 7) and "cellar" in game.revealed


def test_glyph_activation_gives_conquest_and_one_trip_per_turn() -> None:
    # DJ-MAP-06, DJ-REF-34, DJ-CQ-02: +3 conquest; DJ-MAP-07: once per turn, 1 MP
    files = pack_files()
    _quest(files)["objects"].append({"id": "far", "type": "glyph", "cell": [2, 2]})
    game, _ = new_game(files)
    h = hero(game)
    put(h, (1, 1))
    before = game.conquest
    move_hero(game, h, [[2, 2]])
    assert "far" in game.glyphs and game.conquest == before + 3
    opts = step_options(game, h, 2, 0, True, False)
    assert {"do": "to-town", "glyph": "far"} in opts
    h.glyph_used = True
    assert {"do": "to-town", "glyph": "far"} not in step_options(game, h, 2, 0, True, False)


def test_monsters_may_not_end_on_an_active_glyph() -> None:
    # DJ-REF-31
    game, _ = new_game()
    imp = add_monster(game, "imp", (1, 1))
    put(hero(game), (2, 2))
    put(hero(game, 1), (2, 1))
    assert (0, 0) not in game.geometry.reachable(imp, 2)


def test_monster_movement_points_equal_speed() -> None:
    # DJ-REF-10, DJ-MON-01: a monster moves up to its Speed
    game, _ = new_game()
    game.open_door("d1", None)
    imp = game.monsters[0]
    put(hero(game), (0, 0))
    put(hero(game, 1), (0, 2))
    reach = game.geometry.reachable(imp, imp.speed)
    assert max(c for c, _ in reach.values()) <= imp.speed == 4


def test_large_monster_covers_its_footprint() -> None:
    # DJ-REF-16, DJ-REF-17, DJ-REF-18: a 2x2 monster fills 4 squares and moves as a block
    game, _ = new_game()
    game.revealed.add("vault")
    brute = game.place_monster(game.pack.monsters["brute"], "normal", (6, 0), "test")
    assert brute.squares == [(6, 0), (7, 0), (6, 1), (7, 1)]
    reach = game.geometry.reachable(brute, 1)
    assert (7, 1) in reach and (8, 1) not in reach  # (8,1) would leave the room


@pytest.mark.parametrize("a,b", [((0, 0), (3, 1)), ((0, 0), (2, 2)), ((1, 3), (4, 0))])
def test_sight_line_is_symmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    # DJ-ATK-02: the same line from either end
    board = SquareBoard([(x, y) for x in range(6) for y in range(6)])
    forward = sight_line(a, b)
    backward = sight_line(b, a)
    assert set(forward.cells) == set(backward.cells)
    assert board.line_of_sight(a, b) == board.line_of_sight(b, a)


def test_sight_through_a_corner_needs_one_open_side() -> None:
    board = SquareBoard([(x, y) for x in range(3) for y in range(3)])
    assert board.line_of_sight((0, 0), (1, 1), lambda c: c == (1, 0))
    assert not board.line_of_sight((0, 0), (1, 1), lambda c: c in ((1, 0), (0, 1)))
    walled = SquareBoard(
        [(x, y) for x in range(3) for y in range(3)], walls=[((0, 0), (1, 0)), ((0, 0), (0, 1))]
    )
    assert not walled.line_of_sight((0, 0), (1, 1))
