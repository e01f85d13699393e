"""The typed Witcher content model (see :mod:`.content`, :mod:`.board`, :mod:`.load`)."""

from __future__ import annotations

from questforge.engine.witcher.model.board import Board, TravelOption
from questforge.engine.witcher.model.content import (
    Effect,
    GameOptions,
    Hero,
    ModelError,
    Monster,
    Quest,
    Resources,
)
from questforge.engine.witcher.model.load import WitcherPack, load_pack_dir, load_pack_model

__all__ = [
    "Board",
    "Effect",
    "GameOptions",
    "Hero",
    "ModelError",
    "Monster",
    "Quest",
    "Resources",
    "TravelOption",
    "WitcherPack",
    "load_pack_dir",
    "load_pack_model",
]
