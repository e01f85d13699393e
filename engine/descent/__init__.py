"""The Descent: Journeys in the Dark (1st edition) ruleset: registers its kinds and model.

Importing this package must stay cheap (the registry imports it to list rulesets): the
model and the engine are imported only when used.
"""

from __future__ import annotations

from typing import Any

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


def load_model(documents: Any, **kwargs: Any) -> Any:
    """Build a :class:`~questforge.engine.descent.model.DescentPack` (see ``load_pack_model``)."""
    from questforge.engine.descent.model import load_pack_model

    return load_pack_model(documents, **kwargs)


RULESET = register(
    Ruleset(
        name="descent",
        title="Descent: Journeys in the Dark (1st edition)",
        kinds=KINDS,
        schema_folder="descent",
        load_model=load_model,
    )
)
