"""Logs, replay and simulation of Descent games (the pieces the front ends plug in)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from questforge.engine.core.decisions import DecisionError
from questforge.engine.descent.game.game import Setup
from questforge.engine.descent.game.session import game_log, play, replay, simulate, verify
from questforge.engine.descent.model import load_pack_dir

PACK = load_pack_dir(Path(__file__).resolve().parents[2] / "content" / "descent-sample")


def test_log_replays_exactly() -> None:
    game, answers = play(PACK, Setup("hollow-crown", heroes=2), seed=3)
    log = json.loads(json.dumps(game_log(game, answers)))
    assert log["ruleset"] == "descent" and log["decisions"]
    assert verify(PACK, log) is None


def test_tampered_log_is_refused_or_diverges() -> None:
    game, answers = play(PACK, Setup("ratcatchers-culvert", heroes=3), seed=4)
    log = game_log(game, answers)
    log["seed"] = 5
    try:
        diverged = verify(PACK, log) is not None
    except DecisionError:
        diverged = True  # a recorded answer no longer fits: refused loudly
    assert diverged
    with pytest.raises(ValueError, match="not a Descent"):
        replay(PACK, {**log, "ruleset": "gloomhaven"})


def test_simulation_is_deterministic_for_a_seed() -> None:
    a = simulate(PACK, "ratcatchers-culvert", [2, 3], games=4, seed=9)
    b = simulate(PACK, "ratcatchers-culvert", [2, 3], games=4, seed=9)
    assert a == b
    assert set(a["by_heroes"]) == {"2", "3"}
    assert a["by_heroes"]["2"]["games"] == 4
