"""The exception that ends a game mid-turn."""

from __future__ import annotations


class GameOver(Exception):
    """Raised to unwind a turn when the scenario is lost (GH-EXH-03) mid-turn."""
