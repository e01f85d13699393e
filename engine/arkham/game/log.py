"""Game logs of Arkham games: record one, and replay one to verify it.

A log is JSON: the ruleset, the setup, the seed, every answer (kind, actor, index, option)
and every event. Replaying feeds the answers back to a new game with the same content,
setup and seed; :func:`verify` returns the index of the first event that differs (``None``
when the replay reproduces the log exactly), so a changed rule or card shows where a
recorded game stops matching.
"""

from __future__ import annotations

import contextlib
from dataclasses import asdict
from typing import Any

from questforge.engine.arkham.game.bots import ArkhamBot
from questforge.engine.arkham.game.engine import ArkhamGame, Setup
from questforge.engine.arkham.model import ArkhamModel
from questforge.engine.core.decisions import (
    Controller,
    DecisionError,
    RecordingController,
    ScriptedController,
)
from questforge.engine.core.events import first_divergence


def record(
    model: ArkhamModel, setup: Setup, seed: int | str, controller: Controller | None = None
) -> tuple[ArkhamGame, dict[str, Any]]:
    """Play a game (bots by default) and return it with its log."""
    game = ArkhamGame(model, setup, seed)
    inner = controller or ArkhamBot(seed).attach(game)
    recorder = RecordingController(inner)
    game.run(recorder)
    log = {
        "ruleset": "arkham",
        "setup": asdict(setup),
        "seed": seed,
        "decisions": [a.to_json() for a in recorder.record],
        "events": game.log.to_json(),
        "outcome": game.state.outcome,
    }
    return game, log


def replay(model: ArkhamModel, log: dict[str, Any]) -> ArkhamGame:
    """A new game played with the log's setup, seed and answers."""
    try:
        setup = Setup(**log["setup"])
        seed = log["seed"]
        answers = list(log["decisions"])
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not an Arkham game log: {exc}") from None
    game = ArkhamGame(model, setup, seed)
    # when the recorded answers no longer fit, the events so far show where
    with contextlib.suppress(DecisionError):
        game.run(ScriptedController(answers))
    return game


def verify(model: ArkhamModel, log: dict[str, Any]) -> int | None:
    """Index of the first event the replay does not reproduce (``None``: identical)."""
    return first_divergence(log.get("events", []), replay(model, log).log)
