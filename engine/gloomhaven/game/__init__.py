"""The Gloomhaven scenario rules engine.

Public API (stable; see ``docs/engine.md``)::

    from questforge.engine.gloomhaven.game import Game, Setup
    game = Game.new(pack, "scenario-id", players=["class-a", "class-b"], level=1, seed=7)
    result = game.run(controller)            # or game.step_turn() / game.step_round()
    game.state                                # figures, elements, round, decks ...
    log = game.to_log()                       # JSON: setup, seed, decisions, events, result
    again = Game.replay(log, pack)            # same events; Game.verify(log, pack) -> None

Front ends run games through the ruleset contract (``face.FACE``) and core's step API
(:class:`questforge.engine.core.session.Session`: one decision at a time, for GUIs).

Every choice is a :class:`~questforge.engine.core.decisions.Decision` answered by a
controller; :data:`DECISION_KINDS` lists them. Every state change is an
:class:`~questforge.engine.core.events.Event`; :data:`EVENT_TYPES` lists them.
"""

from questforge.engine.gloomhaven.game.catalogue import DECISION_TYPES
from questforge.engine.gloomhaven.game.catalogue import EVENT_TYPES as CATALOGUE_EVENTS
from questforge.engine.gloomhaven.game.game import (
    CharacterResult,
    Game,
    GameError,
    GameResult,
    as_content,
)
from questforge.engine.gloomhaven.game.setup import (
    Setup,
    SetupError,
    bonus_xp,
    coin_value,
    monster_level,
    recommended_level,
    trap_damage,
)
from questforge.engine.gloomhaven.game.spec import Content
from questforge.engine.gloomhaven.game.state import Character, Figure, GameState

#: decision kind -> what the options are, and event type -> what it means: views of the
#: one declaration in :mod:`.catalogue` (the first option of a decision is always legal,
#: so ``FirstOptionController`` plays complete games)
DECISION_KINDS: dict[str, str] = {d.kind: f"{d.option}: {d.doc}" for d in DECISION_TYPES}
EVENT_TYPES: dict[str, str] = {e.type: f"{', '.join(e.fields)}: {e.doc}" for e in CATALOGUE_EVENTS}

__all__ = [
    "DECISION_KINDS",
    "EVENT_TYPES",
    "Character",
    "CharacterResult",
    "Content",
    "Figure",
    "Game",
    "GameError",
    "GameResult",
    "GameState",
    "Setup",
    "SetupError",
    "as_content",
    "bonus_xp",
    "coin_value",
    "monster_level",
    "recommended_level",
    "trap_damage",
]
