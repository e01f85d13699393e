"""The Witcher Adventure Game ruleset (``witcher``): registers its schemas, kinds and model.

A competitive race for victory points on a graph of locations joined by land and sea routes
(rules catalogue ``rules/witcher.md``, IDs ``WI-...``). Importing this package must stay
cheap (the registry imports it to list rulesets): the model and the game are imported only
when used.
"""

from __future__ import annotations

from typing import Any

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
    "monster",
    "game-options",
)


def load_model(documents: Any, **kwargs: Any) -> Any:
    """Build a :class:`~questforge.engine.witcher.model.WitcherPack` from parsed documents."""
    from questforge.engine.witcher.model import load_pack_model

    return load_pack_model(documents, **kwargs)


RULESET = register(
    Ruleset(
        name="witcher",
        title="The Witcher Adventure Game",
        kinds=KINDS,
        schema_folder="witcher",
        load_model=load_model,
    )
)
