"""The Descent: Journeys in the Dark (1st edition) ruleset: one registration record.

Importing this package must stay cheap (the registry imports it to list rulesets): every
face is named by import path and loaded on first use.
"""

from __future__ import annotations

from questforge.engine.rulesets import Ruleset, register

#: content kinds with a schema in ``schema/descent/<kind>.schema.json``
KINDS: tuple[str, ...] = (
    "die",
    "hero",
    "skill",
    "item",
    "monster",
    "overlord-card",
    "tile",
    "shop",
    "quest",
)

RULESET = register(
    Ruleset(
        id="descent",
        title="Descent: Journeys in the Dark (1st edition)",
        kinds=KINDS,
        schema_folder="descent",
        model="questforge.engine.descent.model:load_pack_model",
        checks_module="questforge.validator.descent",
        templates_face="questforge.engine.descent.templates:TEMPLATES",
        game_face="questforge.engine.descent.game.face:FACE",
        playable_kinds=("quest",),
        board_mode_module="questforge.editor.descent",
        description="Square grid with diagonals, heroes against the Overlord, dice pools, "
        "conquest tokens, a town to return to.",
    )
)
