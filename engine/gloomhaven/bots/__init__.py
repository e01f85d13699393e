"""Bots: controllers that play Gloomhaven games without a person.

:class:`BotController` answers every decision of a game (each character, the players'
initiative ties, and the monsters' open choices among the solver's equally valid options).
It is seeded, so a bot game is a pure function of the game's seed; ``questforge simulate``
plays thousands of them and ``questforge play --auto`` shows one.
"""

from questforge.engine.gloomhaven.bots.character import MONSTERS_ACTOR, BotController

__all__ = ["MONSTERS_ACTOR", "BotController"]
