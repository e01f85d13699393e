"""The bots' and the engine's speed-ups leave every game as it was, on every bundled scenario.

``test_game_bot_logs_pinned.py`` pins three games of one scenario. The speed work of the
"botspeed" branch (the bots' situation summary and card plan, the move route search, event
construction) touches code every scenario runs through, at other player counts and levels
too: these digests were taken with the engine *before* that work (commit a7be0be), so a
speed-up that changes any decision, event or result of one of these games fails here.

A rule change legitimately changes games: regenerate the digests then, as the pinned-log
test says, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.core.events import Event, EventLog, event_of, make_event
from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.game.from_model import content_from_pack

PARTY = ("lampwright", "ore-singer", "shaftbreaker", "tunnel-rat")

#: "scenario/characters/level/seed" -> sha256 of [decisions, events, result]
BEFORE = {
    "flooded-workings/4/1/4001": "70165d9c0d640d8640c687273d2ed9ac65d6f7a4cf8d2b9de40121e174beb859",
    "flooded-workings/3/3/3020": "2e3dc18a187da6ce7f49c514d92f189aa3d200e073e0f2c900517f1844bb2f40",
    "flooded-workings/2/0/2034": "de6f02f6a68002a12ea9b4df563f6e5702deccf9a43221e2694b459f994b48ab",
    "collapsed-adit/2/0/2017": "f57b62786393f04b1f45df50d97d7240aae54cdfea1ef1a4661a1a30fdfa868c",
    "collapsed-adit/4/1/4018": "a3460adfa10397dfc90e18c297f72cffe975b0035a2920e857a5509fe79983ed",
    "cinder-forge/3/3/3003": "078d3dee85d3b30996e0c748ae9aa48b97f6086062fcc4091cd8089f6e66a87e",
    "cinder-forge/4/1/4001": "a6e37b0d28d90b8a91354cf6f4cc91c60fb0919614af1656b0added5ff4d5116",
}


def digest(game: Any) -> str:
    log = game.to_log()
    text = json.dumps(
        [log["decisions"], log["events"], log.get("result")],
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("key", sorted(BEFORE))
def test_bot_games_are_the_games_played_before_the_speed_work(sample_pack: Path, key: str) -> None:
    # GH-MOVE-02 / GH-MMOVE-03 / GH-FOCUS-02: character routes, monster turns and every bot
    # decision of a whole game are in the digest
    scenario, players, level, seed = key.split("/")
    game = simulation.new_bot_game(
        content_from_pack(sample_pack), scenario, PARTY[: int(players)], int(level), int(seed)
    )
    simulation.run_capped(game, simulation.DEFAULT_ROUND_CAP)
    assert game.finished
    assert digest(game) == BEFORE[key]


def test_an_event_keeps_plain_fields_and_converts_hexes() -> None:
    # the fast path hands a field dict of plain JSON data over as the event's data; any
    # other value (a hex tuple, a set) is still converted, as before
    fields: dict[str, Any] = {"figure": "a", "amount": 3, "killed": False, "note": None}
    plain = event_of("damage", fields)
    assert plain.data == {"figure": "a", "amount": 3, "killed": False, "note": None}
    mixed = event_of("move", {"figure": "a", "path": ((1, 2), (2, 2)), "seen": {"b", "a"}})
    assert mixed.data == {"figure": "a", "path": [[1, 2], [2, 2]], "seen": ["a", "b"]}
    assert make_event("move", figure="a", start=(0, 0)).data == {"figure": "a", "start": [0, 0]}
    with pytest.raises(TypeError):
        event_of("x", {"thing": object()})


def test_emit_fields_logs_and_tells_listeners() -> None:
    log = EventLog()
    heard: list[Event] = []
    log.listeners.append(heard.append)
    event = log.emit_fields("move", {"figure": "a", "to": (3, 4)})
    assert log.events == [event] == heard
    assert event.to_json() == {"type": "move", "figure": "a", "to": [3, 4]}
