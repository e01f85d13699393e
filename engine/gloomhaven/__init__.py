"""The Gloomhaven ruleset: registers its schemas, kinds and model loader.

Importing this package must stay cheap (the registry imports it to list rulesets), so the
model is imported only when a model is actually built.
"""

from __future__ import annotations

from typing import Any

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


def load_model(documents: Any, **kwargs: Any) -> Any:
    """Build a :class:`~questforge.engine.gloomhaven.model.PackModel` (see ``load_pack_model``)."""
    from questforge.engine.gloomhaven.model import load_pack_model

    return load_pack_model(documents, **kwargs)


RULESET = register(
    Ruleset(
        name="gloomhaven",
        title="Gloomhaven",
        kinds=KINDS,
        schema_folder="gloomhaven",
        load_model=load_model,
    )
)
