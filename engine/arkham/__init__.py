"""The Arkham Horror (2nd edition) ruleset: registers its schemas, kinds and model loader.

Importing this package must stay cheap (the registry imports it to list rulesets), so the
model is imported only when a model is actually built.
"""

from __future__ import annotations

from typing import Any

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


def load_model(documents: Any, **kwargs: Any) -> Any:
    """Build an :class:`~questforge.engine.arkham.model.ArkhamModel` (see ``load_pack_model``)."""
    from questforge.engine.arkham.model import load_pack_model

    return load_pack_model(documents, **kwargs)


RULESET = register(
    Ruleset(
        name="arkham",
        title="Arkham Horror (2nd edition)",
        kinds=KINDS,
        schema_folder="arkham",
        load_model=load_model,
    )
)
