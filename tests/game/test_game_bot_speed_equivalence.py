"""The bots' and the engine's speed-ups leave every game as it was, on every bundled scenario.

``test_game_bot_logs_pinned.py`` pins three games of one scenario. The speed work of the
"botspeed" branch (the bots' situation summary and card plan, the move route search, event
construction) touches code every scenario runs through, at other player counts and levels
too: these digests were taken with the engine *before* that work (commit a7be0be), so a
speed-up that changes any decision, event or result of one of these games fails here.

A rule change legitimately changes games: regenerate the digests then, as the pinned-log
test says, and say so in the commit. Regenerated once (2026-12-01): a figure's hit points
left stop at 0 (they went negative on overkill); the seven games were compared with the
engine before that change and differ in nothing else (29 damage events' ``hp`` only).
Regenerated again (helper "ghaudit"): GH-ROOM-05 - monsters revealed after their type
acted in the round now act at once; of the seven games only collapsed-adit/4/1/4018 has
such a reveal (round 2, two Tunnel Wardens behind the shaft door), and it differs from
there on. And GH-ELEM-04, GH-ELEM-05 - no element consumed for an attack with nothing to hit:
flooded-workings/2/0/2034 loses one "element_consumed" (fire, Lampwright) and nothing else.
Regenerated again (lead): GH-MSTAT-04 - the Ash Foreman's printed special ("at the start of
each round, fire is infused") is now a stat-card rule the engine applies; both cinder-forge
games first differ at the round start after the forge is revealed, where the rule fires.
Regenerated again (helper "ghaudit2"): GH-BONUS-07, GH-BONUS-08 with GH-EOR-04 - a round-bonus card
goes to the discard pile before the cleanup's short rests, so it counts toward the rest
and may be lost by it; five of the seven games have such a round and differ from there on.
And the new ``ability_unused`` event (the log says why an ability did nothing): all seven
games gain such events and nothing else - with them filtered out, each digest is the
previous one.
Regenerated again (helper "aiaudit"): GH-ATK-04 - a ranged attack on a figure across a thin
wall on the shared edge has no disadvantage (not adjacent: GH-REF-08 counts it two hexes
away); only collapsed-adit/4/1/4018 has such an attack (the Ore-singer on Tunnel Warden 3,
in round 2) and differs from there on.
Regenerated again (helper "ghaudit3"): push and pull events list every hex entered
(``path``) and ``item_used`` says which use of its slots it was (``use``, ``uses``): with
those fields filtered out, each of the seven digests (and the three pinned logs) is the
previous one - the games are unchanged. Then ``bonus_used`` events (each use of an
active card's bonus, GH-BONUS-03): with them filtered out, every digest is again the
previous one. And GH-BG-02 with GH-EFF-08: the trap or hazard damage of a push is the
pusher's (``damage.source``, ``monster_killed.by``): flooded-workings/3/3/3020 (the Ore
Singer pushes Tunnel Warden 3 onto a trap) and flooded-workings/4/1/4001 (a push into
hazardous terrain, twice) differ in those two or three fields only; decisions, every
other event and the results are the same.
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
    "flooded-workings/4/1/4001": "f5f0649bebff9e143db2c2d89d10e4ee19f2ebefe4e96eba5553131e60967710",
    "flooded-workings/3/3/3020": "44aa7211b84f2bad2d4ec139dba6524cd274e8116cd62ff854f1a466bb888b92",
    "flooded-workings/2/0/2034": "81b2bffbcb211e4b495c203fb2c09dc54eae695474eef455401e89955ca0ba99",
    "collapsed-adit/2/0/2017": "d1b482e93759e5ef492b19a1049abd681a37223c22bc57f1ffc4ea8d5dea30fc",
    "collapsed-adit/4/1/4018": "e00fb768d2320d7e1b1700097209d64d4c596554453047d9aa70bef70a082281",
    "cinder-forge/3/3/3003": "957ad9e13daf593a7a9c38e93dfaf2a276bf2bf11c0f84864399f00d7b7e1b8e",
    "cinder-forge/4/1/4001": "ccad71020276dfdd56fc1a36fbcb1ff2524c29ee52416d9dfa633052a94728f1",
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
