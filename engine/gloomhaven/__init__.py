"""The Gloomhaven ruleset: registers its schemas, kinds and model loader.

Importing this package must stay cheap (the registry imports it to list rulesets), so the
model is imported only when a model is actually built.
"""

from __future__ import annotations

from questforge.engine.rulesets import Ruleset, register

#: content kinds with a schema in ``schema/gloomhaven/<kind>.schema.json``
KINDS: tuple[str, ...] = (
    "map-tile",
    "scenario",
    "monster",
    "monster-ability-deck",
    "boss",
    "character-class",
    "ability-card",
    "attack-modifier",
    "attack-modifier-deck",
    "item",
    "battle-goal",
    "personal-quest",
    "event",
    "treasure-table",
    "situation",
)


RULESET = register(
    Ruleset(
        id="gloomhaven",
        title="Gloomhaven",
        kinds=KINDS,
        schema_folder="gloomhaven",
        model="questforge.engine.gloomhaven.model:load_pack_model",
        checks_module="questforge.validator.gloomhaven",
        templates_face="questforge.engine.gloomhaven.templates:TEMPLATES",
        game_face="questforge.engine.gloomhaven.game.face:FACE",
        playable_kinds=("scenario",),
        referee_face="questforge.engine.gloomhaven.ai.referee:REFEREE",
        campaign_face="questforge.engine.gloomhaven.campaign.face:FACE",
        board_mode_module="questforge.editor.gloomhaven",
        description="Hex map tiles, rooms behind doors, monsters per 2/3/4 characters, "
        "monster AI, modifier decks.",
    )
)
