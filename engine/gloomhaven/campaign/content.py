"""What a campaign reads from a pack: the content model's scenarios, items and events, and
two views the campaign's rules ask for at every step (a class with its ability cards'
levels, a personal quest's boxes).

Everything comes from the typed content model (:func:`~questforge.engine.gloomhaven.model.
load_pack_dir`), the one reader of a pack's documents: the views below are derived from
model objects, never from the JSON. A document the model cannot read is left out of the
pack (``questforge validate`` names it), as it is for a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from questforge.engine.gloomhaven.model import (
    AbilityCard,
    CharacterClass,
    Event,
    Item,
    PackModel,
    PersonalQuest,
    Scenario,
    load_pack_dir,
)

#: the kinds of documents a campaign reads
KINDS = ("scenario", "item", "character-class", "ability-card", "personal-quest", "event")
#: the event decks of a campaign (GH-EVT-04)
DECKS = ("city", "road")


@dataclass(frozen=True)
class ClassInfo:
    """A character class with its ability cards, as levels and hands need them."""

    character_class: CharacterClass
    #: ability card id -> level (``"X"`` cards as 1, GH-HAND-02), in file order
    card_levels: Mapping[str, int]
    #: cards a new character gets (GH-NEWCH-03): the level-1 and "X" cards
    starting_cards: tuple[str, ...]
    x_cards: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.character_class.name

    @property
    def hand_size(self) -> int:
        return self.character_class.hand_size

    @property
    def perk_counts(self) -> tuple[int, ...]:
        """Perk boxes, in the printed order: how often each perk may be marked."""
        return tuple(p.count for p in self.character_class.perks)


@dataclass(frozen=True)
class QuestInfo:
    """A personal quest as the sheet keeps its boxes (GH-PQ-02)."""

    personal_quest: PersonalQuest
    #: each requirement's text and its count of boxes
    requirements: tuple[tuple[str, int], ...]
    #: per requirement, what campaign play counts for it: ``("counter", NAME)``,
    #: ``("scenario", ID)`` or ``("", "")`` (the players tick it)
    counted: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.personal_quest.name


@dataclass(frozen=True)
class CampaignContent:
    pack_id: str
    scenarios: Mapping[str, Scenario]
    items: Mapping[str, Item]
    classes: Mapping[str, ClassInfo]
    quests: Mapping[str, QuestInfo]
    #: the city and road events
    events: Mapping[str, Event]
    #: the pack's ability cards, as the enhancements' slots and lines need them (GH-ENH)
    ability_cards: Mapping[str, AbilityCard]

    def events_of(self, deck: str) -> list[str]:
        """The ids of a deck's events, by number (GH-EVT-04 builds the decks from them)."""
        found = sorted((e.number, e.id) for e in self.events.values() if e.deck == deck)
        return [i for _n, i in found]

    def starting_events(self, deck: str) -> list[str]:
        """GH-EVT-04: a new campaign's deck, by number: the deck's events except those the
        campaign adds later (the published game's events above 30): a class's events on
        unlock (GH-CHAR-03, GH-RETIRE-08; a starting class is unlocked from the start, so
        its own stay) or on first retirement (GH-RETIRE-07), and an outcome's
        ``add_events`` (GH-EVT-05)."""
        later: set[str] = set()
        for info in self.classes.values():
            cls = info.character_class
            if not cls.starting:
                later.update(cls.events_on_unlock)
            later.update(cls.events_on_retire)
        for event in self.events.values():
            for option in event.options:
                for outcome in option.outcomes:
                    if outcome.effects is not None:
                        later.update(outcome.effects.add_events)
        return [e for e in self.events_of(deck) if e not in later]


def _class(model: PackModel, cls: CharacterClass) -> ClassInfo:
    own = [(card.id, card.level) for card in model.class_cards(cls.id)]
    return ClassInfo(
        cls,
        {c: (lv if isinstance(lv, int) else 1) for c, lv in own},
        tuple(c for c, lv in own if lv in (1, "X")),
        tuple(c for c, lv in own if lv == "X"),
    )


def _quest(quest: PersonalQuest) -> QuestInfo:
    reqs = quest.requirements
    return QuestInfo(
        quest,
        tuple((r.text, r.count) for r in reqs),
        tuple(
            ("counter", r.counter)
            if r.counter
            else ("scenario", r.scenario)
            if r.scenario
            else ("", "")
            for r in reqs
        ),
    )


@cache
def _read(root: str, stamp: tuple[tuple[str, int], ...]) -> CampaignContent:
    model = load_pack_dir(root, kinds=KINDS)
    return CampaignContent(
        model.id or Path(root).name,
        model.scenarios,
        model.items,
        {cid: _class(model, cls) for cid, cls in model.character_classes.items()},
        {qid: _quest(q) for qid, q in model.personal_quests.items()},
        {eid: e for eid, e in model.events.items() if e.deck in DECKS},
        dict(model.ability_cards),
    )


def campaign_content(pack_root: Path) -> CampaignContent:
    """The campaign's content of the pack at ``pack_root`` (cached while its files are
    unchanged: the cache key holds every file's modification time)."""
    root = pack_root.absolute()
    stamp = tuple(
        sorted((str(p), p.stat().st_mtime_ns) for p in root.rglob("*.json") if p.is_file())
    )
    return _read(str(root), stamp)
