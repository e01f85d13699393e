"""The Witcher game face: engine, bots, narrator, text board view, metrics, declarations."""

from __future__ import annotations

from questforge.engine.witcher.game.bots import WitcherBot
from questforge.engine.witcher.game.declarations import DECISIONS, EVENTS
from questforge.engine.witcher.game.game import WitcherGame
from questforge.engine.witcher.game.metrics import game_metrics, summarise
from questforge.engine.witcher.game.narrator import Narrator, board_text
from questforge.engine.witcher.game.setup import Setup, SetupError

__all__ = [
    "DECISIONS",
    "EVENTS",
    "Narrator",
    "Setup",
    "SetupError",
    "WitcherBot",
    "WitcherGame",
    "board_text",
    "game_metrics",
    "summarise",
]
