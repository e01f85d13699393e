"""A batch of bot games must not leave each finished game to the cyclic garbage collector.

A thousand-game simulation frees a game after every game. While the bots held their game
strongly (the game holds them as its controller), every finished game was a reference
cycle, and the collector spent a noticeable share of a batch's CPU time walking young
objects to find them. The bots now hold their game weakly, so a game is freed by
reference counting the moment the runner drops it; these tests keep it that way.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.game.from_model import content_from_pack

PARTY = ("lampwright", "ore-singer")


@pytest.fixture
def no_collector() -> Iterator[None]:
    """The cyclic collector off: whatever is freed is freed by reference counting."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def test_a_finished_bot_game_is_freed_when_dropped(sample_pack: Path, no_collector: None) -> None:
    content = content_from_pack(sample_pack)
    game = simulation.new_bot_game(content, "collapsed-adit", PARTY, 1, 3)
    simulation.run_capped(game, simulation.DEFAULT_ROUND_CAP)
    assert game.finished or game.state.round >= simulation.DEFAULT_ROUND_CAP
    bot = game.controller
    gone = weakref.ref(game)
    del game
    # no cycle keeps it: reference counting freed it at once, the collector never ran
    assert gone() is None
    # the bot that played it says so plainly if asked about it afterwards
    with pytest.raises(ReferenceError):
        _ = bot.state


def test_a_bot_still_plays_a_game_it_holds_weakly(sample_pack: Path) -> None:
    # the weak hold changes nothing in the game itself: same seed, same game
    content = content_from_pack(sample_pack)
    games = [simulation.new_bot_game(content, "collapsed-adit", PARTY, 1, 5) for _ in range(2)]
    for game in games:
        simulation.run_capped(game, simulation.DEFAULT_ROUND_CAP)
    assert games[0].decisions == games[1].decisions
    assert [e.to_json() for e in games[0].events] == [e.to_json() for e in games[1].events]
