"""The Arkham game face: engine, setup options, events and decisions, bots, narrator, text
board view and per-game metrics."""

from __future__ import annotations

from questforge.engine.arkham.game.bots import ArkhamBot
from questforge.engine.arkham.game.engine import ArkhamGame, Setup, SetupError
from questforge.engine.arkham.game.metrics import metrics
from questforge.engine.arkham.game.narrator import Narrator
from questforge.engine.arkham.game.spec import DECISIONS, EVENTS
from questforge.engine.arkham.game.view import render

__all__ = [
    "DECISIONS",
    "EVENTS",
    "ArkhamBot",
    "ArkhamGame",
    "Narrator",
    "Setup",
    "SetupError",
    "metrics",
    "render",
]
