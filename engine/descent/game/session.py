"""Play, log, replay and simulate Descent games without any front end.

These are the pieces core's step API, ``play``, ``replay`` and ``simulate`` need from the
Descent ruleset (see ``docs/descent.md``): a game log records the ruleset, the pack, the
setup, the seed and every answer; replaying the answers with the seed must reproduce every
event (:func:`verify`). Batch simulation runs seeded bot games per hero count and returns
the metrics summary of :mod:`.metrics`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from questforge.engine.core.decisions import (
    Answer,
    Controller,
    RecordingController,
    ScriptedController,
)
from questforge.engine.core.events import first_divergence
from questforge.engine.descent.game.bots import DescentBot
from questforge.engine.descent.game.game import DescentGame, Setup
from questforge.engine.descent.game.metrics import game_metrics, summarise
from questforge.engine.descent.model import DescentPack

LOG_FORMAT = 1
RULESET = "descent"


def pack_digest(pack: DescentPack) -> str:
    """A digest of the pack's content ids by kind (a stale log is refused loudly)."""
    ids = {kind: sorted(docs) for kind, docs in sorted(pack.documents.items())}
    return hashlib.sha256(json.dumps(ids, sort_keys=True).encode()).hexdigest()[:16]


def play(
    pack: DescentPack, setup: Setup, seed: int | str = 0, controller: Controller | None = None
) -> tuple[DescentGame, list[Answer]]:
    """Play one game (bots on every seat unless ``controller`` is given); returns the game
    and the recorded answers."""
    game = DescentGame(pack, setup, seed=seed)
    recorder = RecordingController(controller or DescentBot(game))
    game.run(recorder)
    return game, recorder.record


def game_log(game: DescentGame, answers: Sequence[Answer]) -> dict[str, Any]:
    """The JSON log of a finished game."""
    setup = asdict(game.setup)
    setup["hero_ids"] = list(game.setup.hero_ids)
    return {
        "format": LOG_FORMAT,
        "ruleset": RULESET,
        "pack": {"id": game.pack.pack_id, "digest": pack_digest(game.pack)},
        "setup": setup,
        "seed": game.seed,
        "decisions": [a.to_json() for a in answers],
        "events": game.log.to_json(),
        "outcome": game.outcome,
    }


def replay(pack: DescentPack, log: Mapping[str, Any]) -> DescentGame:
    """Re-run a log's answers with its seed (raises on a decision that does not fit)."""
    if log.get("ruleset") != RULESET:
        raise ValueError(f"not a Descent game log (ruleset {log.get('ruleset')!r})")
    digest = log.get("pack", {}).get("digest")
    if digest is not None and digest != pack_digest(pack):
        raise ValueError("the pack's content differs from the one the log was recorded with")
    raw = dict(log["setup"])
    setup = Setup(
        quest=str(raw["quest"]),
        heroes=int(raw.get("heroes", 2)),
        hero_ids=tuple(raw.get("hero_ids", ())),
        round_cap=int(raw.get("round_cap", 40)),
    )
    game = DescentGame(pack, setup, seed=log["seed"])
    game.run(ScriptedController([Answer.from_json(a) for a in log["decisions"]]))
    return game


def verify(pack: DescentPack, log: Mapping[str, Any]) -> int | None:
    """Index of the first event that differs when replaying ``log`` (``None``: identical)."""
    game = replay(pack, log)
    return first_divergence(log["events"], game.log.events)


def simulate(
    pack: DescentPack,
    quest: str,
    hero_counts: Iterable[int],
    games: int,
    seed: int = 0,
) -> dict[str, Any]:
    """Seeded bot games per hero count: the metrics summary for each count."""
    out: dict[str, Any] = {"quest": quest, "games_per_count": games, "seed": seed, "by_heroes": {}}
    for heroes in hero_counts:
        metrics = []
        for i in range(games):
            game, _ = play(pack, Setup(quest, heroes=heroes), seed=f"{seed}:{heroes}:{i}")
            metrics.append(game_metrics(game.log))
        out["by_heroes"][str(heroes)] = summarise(metrics)
    return out
