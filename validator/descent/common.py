"""Shared helpers of the Descent checks: the quests of a pack with their maps."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from questforge.engine.descent.model import DescentPack, Quest, QuestMap
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument


@dataclass(frozen=True)
class QuestView:
    """A schema-valid quest document, its typed form and its map."""

    doc: LoadedDocument
    quest: Quest
    map: QuestMap


def model(ctx: CheckContext) -> DescentPack:
    found: DescentPack = ctx.model
    return found


def quests(ctx: CheckContext) -> Iterator[QuestView]:
    """Every schema-valid quest of the pack with its map (tiles from the pack's model)."""

    def build() -> list[QuestView]:
        pack = model(ctx)
        out = []
        for doc in ctx.of_kind("quest"):
            quest = Quest.load(doc.data, doc.name)
            out.append(QuestView(doc, quest, pack.quest_map(quest)))
        return out

    key = ("QDJ-quests", ctx.kind_token("quest"), ctx.kind_token("tile"), ctx.ids_token())
    yield from ctx.memo(key, build)
