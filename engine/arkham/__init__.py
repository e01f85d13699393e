"""The Arkham Horror (2nd edition) ruleset: registers its record with the ruleset registry.

Importing this package must stay cheap (the registry imports it to list rulesets): every
face is named by import path and loaded on first use.
"""

from __future__ import annotations

from questforge.engine.rulesets import Ruleset, register

#: content kinds with a schema in ``schema/arkham/<kind>.schema.json``
KINDS: tuple[str, ...] = (
    "board",
    "investigator",
    "investigator-card",
    "ancient-one",
    "location-card",
    "gate-card",
    "mythos-card",
    "monster",
    "gate-marker",
    "rules-table",
)


RULESET = register(
    Ruleset(
        id="arkham",
        title="Arkham Horror (2nd edition)",
        kinds=KINDS,
        schema_folder="arkham",
        model="questforge.engine.arkham.model:load_pack_model",
        checks_module="questforge.validator.arkham",
        templates_face="questforge.engine.arkham.templates:TEMPLATES_FACE",
        game_face="questforge.engine.arkham.game.face:FACE",
        playable_kinds=("board",),
        board_mode_module="questforge.editor.arkham",
        description="A town as a graph of locations and streets, other worlds, gates, "
        "mythos; cooperative against an Ancient One.",
    )
)
