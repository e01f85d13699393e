"""Speed work must not change a game: bot games write the very same log as before.

The engine's hot paths (monster turns, the solver, the bots' walking fields, events) are
tuned for speed; each such change must leave every game exactly as it was. These digests
pin the decisions and event logs of full bot games (heuristic characters, the monster-AI
solver for monsters) on the largest bundled scenario: a speed-up that changes any decision
or event fails here.

A *rule* change legitimately changes the games: then regenerate the digests and say so in
the commit (``QUESTFORGE_UPDATE_PINNED=1 .venv/bin/python -m pytest
tests/game/test_game_bot_logs_pinned.py`` rewrites ``bot_game_logs.json``).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.core.events import Event
from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.game.from_model import content_from_pack

PINNED = Path(__file__).with_name("bot_game_logs.json")
PARTY = ("lampwright", "ore-singer", "shaftbreaker", "tunnel-rat")
#: (scenario, characters, seed)
GAMES = [("flooded-workings", 4, 1), ("flooded-workings", 4, 2), ("flooded-workings", 3, 7)]


def digest(game: Any) -> str:
    """sha256 of the decisions and events (no file paths: they depend on the checkout)."""
    log = game.to_log()
    text = json.dumps([log["decisions"], log["events"]], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def play(pack: Path, scenario: str, players: int, seed: int) -> Any:
    content = content_from_pack(pack)
    game = simulation.new_bot_game(content, scenario, PARTY[:players], 1, seed)
    simulation.run_capped(game, simulation.DEFAULT_ROUND_CAP)
    return game


def test_bot_games_write_the_pinned_logs(sample_pack: Path) -> None:
    # GH-MMOVE-03 / GH-FOCUS-02: every monster turn goes through the solver, every
    # character turn through the bots; any change to either shows in the digest
    got = {f"{s}/{p}/{seed}": digest(play(sample_pack, s, p, seed)) for s, p, seed in GAMES}
    if os.environ.get("QUESTFORGE_UPDATE_PINNED"):
        PINNED.write_text(json.dumps(got, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        pytest.skip("pinned digests rewritten")
    want = json.loads(PINNED.read_text(encoding="utf-8"))
    assert got == want, (
        "a bot game's decisions or events changed; if a rule changed on purpose, "
        "regenerate (see the module docstring)"
    )


def test_the_digest_sees_a_changed_event(sample_pack: Path) -> None:
    # the pin is only worth something if one changed event changes the digest
    game = play(sample_pack, "flooded-workings", 2, 3)
    before = digest(game)
    last = game.log.events[-1]
    game.log.events[-1] = Event(last.type, {**last.data, "pinned-test": 1})
    assert digest(game) != before
