"""Gloomhaven bot games outside the command line: small helpers over the game face.

Batch simulation itself is ruleset-neutral (:mod:`questforge.engine.core.simulation`); the
command line and the editor run it through the ruleset contract. What remains here is for
code that plays Gloomhaven directly — tests, benchmarks, notebooks: resolving a scenario,
loading its content (cached per content digest), a game with bots attached, and a
picklable :class:`BotGame` for :func:`~questforge.engine.core.simulation.run_tasks` that
also accepts hand-built content (tests build scenarios in code).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from questforge.engine.core.game import GameSummary, SetupOption
from questforge.engine.core.simulation import (
    GameRecord,
    GameTask,
    SetupPoint,
    load_target_content,
    sweep,
)
from questforge.engine.core.targets import Target, TargetError, bundled_root, resolve_target
from questforge.engine.gloomhaven.game.face import FACE, ROUND_CAP, summarize
from questforge.engine.gloomhaven.game.party import party_for

__all__ = [
    "BUNDLED_PACK",
    "DEFAULT_ROUND_CAP",
    "BotGame",
    "ScenarioRefError",
    "bundled_pack_root",
    "load_content",
    "new_bot_game",
    "party_for",
    "resolve_scenario",
    "run_capped",
    "setups",
]

#: a game still running after this many rounds is "unfinished" (every game ends)
DEFAULT_ROUND_CAP = ROUND_CAP

BUNDLED_PACK = "gloomhaven-sample"

#: a scenario reference that cannot be used (the message says why)
ScenarioRefError = TargetError


def bundled_pack_root() -> Path:
    """The bundled Gloomhaven sample pack."""
    return bundled_root() / BUNDLED_PACK


def resolve_scenario(ref: str) -> Target:
    """A scenario file (that file), PACK-DIR:ID, PACK-ID:ID or a bundled scenario id."""
    return resolve_target(ref, ("scenario",))


def load_content(target: Target) -> Any:
    """The engine content of the target's pack (cached per process and content digest)."""
    return load_target_content(FACE, target)


def setups(players: Sequence[int], levels: Sequence[int] = (1,)) -> list[SetupPoint]:
    """Setups for a report: every player count at every level (seeds as ``simulate``)."""
    options: tuple[SetupOption, ...] = (
        SetupOption("players", "characters", "int", 2, sweep=True, text="{} characters"),
        SetupOption("level", "level", "int", 1, sweep=True, text="level {}"),
    )
    return sweep(options, {"players": list(players), "level": list(levels)})


def new_bot_game(
    content: Any, scenario_id: str, classes: Sequence[str], level: int, seed: int | str
) -> Any:
    """A :class:`~.game.Game` with a :class:`~.bots.BotController` attached (not yet run)."""
    from questforge.engine.gloomhaven.bots import BotController
    from questforge.engine.gloomhaven.game import Game, Setup

    bot = BotController(f"bots:{seed}")
    game = Game(content, Setup(scenario_id, tuple(classes), level=level), seed=seed, controller=bot)
    bot.attach(game)
    return game


def run_capped(game: Any, round_cap: int) -> None:
    """Play round by round until the game ends or ``round_cap`` rounds have been played."""
    while not game.finished:
        game.step_round()
        if not game.finished and game.state.round >= round_cap:
            break


class BotGame:
    """Plays one task with bots: a picklable ``task -> GameRecord`` for ``run_tasks``.

    ``load`` returns the engine content (any picklable zero-argument callable, e.g. a
    test's hand-built content). Same game as the command line's for the same seed."""

    def __init__(
        self,
        load: Callable[[], Any],
        scenario_id: str,
        classes: Sequence[str] | None = None,
        round_cap: int = DEFAULT_ROUND_CAP,
    ) -> None:
        self.load = load
        self.scenario_id = scenario_id
        self.classes = tuple(classes) if classes else None
        self.round_cap = round_cap

    def summary(self, task: GameTask) -> GameSummary:
        setup = task.setup_dict()
        content = self.load()
        players, level = setup.get("players", 2), setup.get("level", 1)
        assert isinstance(players, int) and isinstance(level, int)
        party = party_for(content, players, self.classes)
        game = new_bot_game(content, self.scenario_id, party, level, task.seed)
        run_capped(game, self.round_cap)
        return summarize(game)

    def __call__(self, task: GameTask) -> GameRecord:
        return GameRecord(task.setup, task.index, task.seed, self.summary(task))
