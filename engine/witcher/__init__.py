"""The Witcher Adventure Game ruleset (``witcher``): its registration record.

A competitive race for victory points on a graph of locations joined by land and sea routes
(rules catalogue ``rules/witcher.md``, IDs ``WI-...``). Importing this package must stay
cheap (the registry imports it to list rulesets): every face is named by import path and
loaded on first use.
"""

from __future__ import annotations

from questforge.engine.rulesets import Ruleset, register

#: content kinds with a schema in ``schema/witcher/<kind>.schema.json``
KINDS: tuple[str, ...] = (
    "map",
    "die",
    "hero",
    "quest",
    "development-card",
    "investigation-card",
    "misfortune-card",
    "luck-card",
    "challenge-card",
    "monster",
    "game-options",
)


RULESET = register(
    Ruleset(
        id="witcher",
        title="The Witcher Adventure Game",
        kinds=KINDS,
        schema_folder="witcher",
        model="questforge.engine.witcher.model:load_pack_model",
        checks_module="questforge.validator.witcher",
        templates_face="questforge.engine.witcher.templates:TEMPLATES",
        game_face="questforge.engine.witcher.game.face:FACE",
        playable_kinds=("game-options",),
        board_mode_module="questforge.editor.witcher",
        description="A race for victory points on a map of locations joined by land and "
        "sea routes: quests, dice fights, misfortune, luck and investigation cards.",
    )
)
