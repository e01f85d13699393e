"""The Descent rules engine: game, turns, combat, bots, narrator, metrics and the game face."""
