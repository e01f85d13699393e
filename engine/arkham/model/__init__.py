"""The typed Arkham content model (see :mod:`.types`) and its loader (:mod:`.load`)."""

from __future__ import annotations

from questforge.engine.arkham.model.load import (
    ArkhamModel,
    ModelError,
    load_pack_dir,
    load_pack_model,
    parse_effect,
)
from questforge.engine.arkham.model.types import *  # noqa: F403

__all__ = ["ArkhamModel", "ModelError", "load_pack_dir", "load_pack_model", "parse_effect"]
