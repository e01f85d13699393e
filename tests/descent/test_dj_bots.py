"""The bots play like sensible players (the djbots pass): each test is a small board where
the old bot made a choice no player would, and failed before its fix. The simulator's win
rates, which a designer balances a quest by, come from these bots.

Fixture geometry (djfixture): the hall is x 0..2, the gallery x 3..5 behind door d1 (edges
(2, 0)-(3, 0) and (2, 1)-(3, 1)), the vault x 6..8 behind the closed rune door; (2, 2) and
(3, 2) touch across a wall. The runekey lies at (4, 2), the chest at (5, 2)."""

from __future__ import annotations

from typing import Any

from djgame import add_monster, clear_monsters, hero, new_game, of, pack_files, put

from questforge.engine.descent.game.heroes import hero_turn
from questforge.engine.descent.game.overlord import _play_phase, activate

NO_POWER = {"power-dice": 0}


def _game(pits: list[list[int]], answers: dict[str, Any] | None = None) -> Any:
    files = pack_files()
    files["quests/q.json"]["terrain"] = [{"type": "pit", "cells": pits}]
    game, script = new_game(files, answers={**NO_POWER, **(answers or {})})
    clear_monsters(game)
    game.open_door("d1", None)
    game.revealed.add("gallery")
    return game, script


def test_a_walking_monster_stops_short_of_a_pit_it_would_see_nothing_from() -> None:
    # DJ-REF-13: a figure in a pit sees nothing (so attacks nothing); DJ-MAP-01: it pays 2
    # to climb out. The weakest hero at (0, 1) is out of the imp's 3 points; the pit (2, 0)
    # was the first of the nearest squares toward it and the bot walked in (the Hollow
    # Crown pit); now it stops on (2, 1), as near and able to see
    game, _ = _game([[2, 0]])
    h, mate = hero(game), hero(game, 1)
    put(h, (0, 1))
    put(mate, (0, 2))
    h.wounds = 2  # the weakest: the one the Overlord bot walks toward
    imp = add_monster(game, "imp", (5, 2))
    imp.speed = 3
    activate(game, imp)
    assert not of(game, "fell-in-pit")
    assert imp.cell is not None and imp.cell[0] == 2, "it still walks toward the hero"
    assert imp.cell not in game.geometry.pits


def test_the_hero_bot_does_not_end_a_run_in_a_pit() -> None:
    # DJ-MAP-01, DJ-REF-13: with 2 movement points toward the runekey, the pit (2, 0) was
    # the first of the nearest squares the hero could reach (the Culvert pit); the hero
    # now ends beside it, on (2, 1), as near the key and out of the pit
    game, _ = _game([[2, 0]], {"action": "run"})
    h = hero(game)
    put(h, (0, 1))
    put(hero(game, 1), (0, 2))
    h.base_speed, h.fatigue = 1, 0  # Run: 2 points, none to buy with fatigue
    hero_turn(game, h)
    assert not of(game, "fell-in-pit")
    assert h.cell not in game.geometry.pits
    assert h.cell != (0, 1), "it still moves toward the key"


def test_a_monster_with_its_attack_left_moves_to_where_it_can_attack() -> None:
    # DJ-MON-01: a monster moves and attacks, in either order. The weakest hero (0, 0) is
    # out of the imp's 2 points; the bot walked toward it and stood idle next to nobody,
    # with the other hero (5, 0) one step away. Now it steps beside that hero and attacks
    game, _ = _game([])
    h, mate = hero(game), hero(game, 1)
    put(h, (0, 0))
    put(mate, (5, 0))
    h.wounds = 2
    imp = add_monster(game, "imp", (5, 2))
    imp.speed = 2
    activate(game, imp)
    assert [e["target"] for e in of(game, "attack-declared")] == [mate.uid]
    assert not of(game, "monster-idle")


def test_a_spawn_card_waits_for_a_legal_square() -> None:
    # DJ-SPAWN-03: monsters spawn only out of every hero's sight. The heroes see all of the
    # hall and the gallery (the vault is unrevealed): the bot played the card anyway and
    # every monster of it was skipped; now it keeps the card and its threat
    game, script = new_game()
    game.open_door("d1", None)
    game.monsters.clear()
    game.hand = [next(c for c in game.pack.overlord_cards.values() if c.id == "imps")]
    game.threat = 20
    _play_phase(game)
    assert not of(game, "spawn-skipped") and not of(game, "overlord-played")
    assert [c.id for c in game.hand] == ["imps"] and game.threat == 20
    offered = next(d for d in script.asked if d.kind == "overlord-play")
    assert any(o["play"] == "spawn" for o in offered.options), "the rules still offer it"
