"""The typed model of a Descent pack: :func:`load_pack_model` turns a pack's documents
into a :class:`DescentPack` of cards and quests (by id), with :class:`QuestMap` for a
quest's geometry."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.engine.descent.model.cards import (
    ATTACK_TYPES,
    CONDITIONS,
    HERO_COUNTS,
    TIERS,
    Ability,
    AttackBonus,
    Cell,
    Die,
    Face,
    Hero,
    Item,
    ModelError,
    Monster,
    MonsterStats,
    OverlordCard,
    Shop,
    Skill,
    SpawnGroup,
    SurgeAbility,
    Tile,
)
from questforge.engine.descent.model.quest import (
    IMPASSABLE,
    OPAQUE,
    Door,
    MapObject,
    Named,
    Objective,
    Placement,
    Quest,
    QuestEvent,
    QuestMap,
    edge,
    footprint,
    rotate,
)

__all__ = [
    "ATTACK_TYPES",
    "CONDITIONS",
    "HERO_COUNTS",
    "IMPASSABLE",
    "KINDS",
    "OPAQUE",
    "TIERS",
    "Ability",
    "AttackBonus",
    "Cell",
    "DescentPack",
    "Die",
    "Door",
    "Face",
    "Hero",
    "Item",
    "MapObject",
    "ModelError",
    "Monster",
    "MonsterStats",
    "Named",
    "Objective",
    "OverlordCard",
    "Placement",
    "Quest",
    "QuestEvent",
    "QuestMap",
    "Shop",
    "Skill",
    "SpawnGroup",
    "SurgeAbility",
    "Tile",
    "edge",
    "footprint",
    "load_pack_dir",
    "load_pack_model",
    "rotate",
]

LOADERS: dict[str, Callable[[Mapping[str, Any], str | None], Any]] = {
    "die": Die.load,
    "hero": Hero.load,
    "skill": Skill.load,
    "item": Item.load,
    "monster": Monster.load,
    "overlord-card": OverlordCard.load,
    "tile": Tile.load,
    "shop": Shop.load,
    "quest": Quest.load,
}
KINDS: tuple[str, ...] = tuple(LOADERS)


@dataclass
class DescentPack:
    """Every Descent document of a pack, by kind and id; required packs' models in
    ``dependencies`` are searched after this pack's own documents."""

    documents: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: list[ModelError] = field(default_factory=list)
    dependencies: tuple[DescentPack, ...] = ()
    pack_id: str | None = None

    def of_kind(self, kind: str) -> dict[str, Any]:
        """Documents of ``kind`` by id, this pack's first, then its dependencies'."""
        out: dict[str, Any] = {}
        for dep in self.dependencies:
            out.update(dep.of_kind(kind))
        out.update(self.documents.get(kind, {}))
        return out

    def get(self, kind: str, ref: str) -> Any:
        """The document a reference names (``id`` or ``pack:id``), or ``None``."""
        ident = ref.split(":", 1)[-1]
        if ":" in ref:
            pack = ref.split(":", 1)[0]
            if pack != self.pack_id:
                for dep in self.dependencies:
                    if dep.pack_id == pack:
                        return dep.get(kind, ident)
                return None
        return self.of_kind(kind).get(ident)

    @property
    def dice(self) -> dict[str, Die]:
        return self.of_kind("die")

    @property
    def heroes(self) -> dict[str, Hero]:
        return self.of_kind("hero")

    @property
    def skills(self) -> dict[str, Skill]:
        return self.of_kind("skill")

    @property
    def items(self) -> dict[str, Item]:
        return self.of_kind("item")

    @property
    def monsters(self) -> dict[str, Monster]:
        return self.of_kind("monster")

    @property
    def overlord_cards(self) -> dict[str, OverlordCard]:
        return self.of_kind("overlord-card")

    @property
    def tiles(self) -> dict[str, Tile]:
        return self.of_kind("tile")

    @property
    def shops(self) -> dict[str, Shop]:
        return self.of_kind("shop")

    @property
    def quests(self) -> dict[str, Quest]:
        return self.of_kind("quest")

    def shop_for(self, quest: Quest) -> Shop | None:
        if quest.shop is not None:
            found: Shop | None = self.get("shop", quest.shop)
            return found
        shops = self.shops
        return next(iter(shops.values()), None) if shops else None

    def quest_map(self, quest: Quest) -> QuestMap:
        tiles = {}
        for placement in quest.tiles:
            tile = self.get("tile", placement.tile)
            if tile is not None:
                tiles[placement.tile] = tile
        return QuestMap(quest, tiles)


DocumentInput = Mapping[str, Any] | tuple[str | None, Mapping[str, Any]]


def load_pack_model(
    documents: Iterable[DocumentInput], *, dependencies: Iterable[DescentPack] = ()
) -> DescentPack:
    """The model of one pack from parsed documents (dicts or ``(file, dict)`` pairs).

    Kinds outside the model (``pack``, other rulesets) are skipped; a document the model
    cannot read is recorded in :attr:`DescentPack.errors` and skipped.
    """
    model = DescentPack(dependencies=tuple(dependencies))
    for item in documents:
        file, data = item if isinstance(item, tuple) else (None, item)
        if not isinstance(data, Mapping):
            model.errors.append(ModelError("a document must be a JSON object", (), file))
            continue
        kind = data.get("kind")
        if kind == "pack":
            model.pack_id = data.get("id") if isinstance(data.get("id"), str) else None
            continue
        if not isinstance(kind, str) or kind not in LOADERS:
            continue
        loader = LOADERS[kind]
        try:
            doc = loader(data, file)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            model.errors.append(ModelError(f"cannot read {kind!r}: {exc!r}", (), file))
            continue
        model.documents.setdefault(kind, {}).setdefault(doc.id, doc)
    return model


def load_pack_dir(path: str | os.PathLike[str]) -> DescentPack:
    """Read every content file under ``path`` through the one safe pack walk and loader
    (:func:`~questforge.engine.core.pack.read_pack`: no link followed, hidden folders
    skipped, pipes, devices, huge or non-UTF-8 files refused, never waited on)."""
    from questforge.engine.core.pack import read_pack

    root = Path(path).resolve()
    inputs: list[DocumentInput] = []
    files, problems = read_pack(root)
    errors = [ModelError(f"skipped: {p.message}", (), str(p.path)) for p in problems]
    for file in files:
        if file.error is not None:
            errors.append(
                ModelError(f"not readable as JSON: {file.error.message}", (), str(file.path))
            )
            continue
        inputs.append((str(file.path), file.data))
    model = load_pack_model(inputs)
    model.errors[:0] = errors
    return model
