"""What a campaign reads from a pack: the campaign fields of scenarios, events, personal
quests, items with costs and copies, classes with perks and ability-card levels.

The game's runtime records (``game/spec.py``) hold what a scenario needs; these fields
(rewards, unlocks, costs, event outcomes) have no consumer there, so they are read here
from the pack's documents, once per pack. The documents are the validator's business: a
missing optional field takes the schema's default here, never a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from questforge.engine.core.targets import read_documents


@dataclass(frozen=True)
class ScenarioInfo:
    id: str
    number: int
    name: str
    #: GH-CAMP-02: achievements needed to play it in campaign mode
    needs_global: tuple[str, ...] = ()
    needs_party: tuple[str, ...] = ()
    #: GH-BOARD-02: scenarios unlocked on completion
    unlocks: tuple[str, ...] = ()
    #: GH-TRAVEL-02/03
    links: tuple[str, ...] = ()
    linked_to_city: bool = False
    #: the scenario's ``rewards`` object as written (gold, xp, reputation, prosperity,
    #: achievements, items, text)
    rewards: Mapping[str, Any] = field(default_factory=dict)
    #: GH-RSC-01: in the random scenario deck (unlocked only by a draw)
    random_deck: bool = False


@dataclass(frozen=True)
class ItemInfo:
    id: str
    number: int
    name: str
    cost: int
    #: copies in the game (GH-SHOP-06)
    count: int
    #: the prosperity level that puts it in the city's supply (GH-SHOP-05)
    prosperity: int
    slot: str
    #: GH-RID-01: in the random item design deck (never in the supply by prosperity)
    random_deck: bool = False


@dataclass(frozen=True)
class ClassInfo:
    id: str
    name: str
    starting: bool
    hand_size: int
    #: perk boxes, in the printed order: how often each perk may be marked
    perk_counts: tuple[int, ...]
    perk_texts: tuple[str, ...]
    #: ability card id -> level (``"X"`` cards as 1, GH-HAND-02), in file order
    card_levels: Mapping[str, int]
    #: cards a new character gets (GH-NEWCH-03): the level-1 and "X" cards
    starting_cards: tuple[str, ...]
    x_cards: tuple[str, ...]
    events_on_unlock: tuple[str, ...] = ()
    events_on_retire: tuple[str, ...] = ()


@dataclass(frozen=True)
class QuestInfo:
    id: str
    number: int
    name: str
    #: each requirement's text and its count of boxes
    requirements: tuple[tuple[str, int], ...]
    reward_class: str = ""
    reward_text: str = ""
    #: per requirement, what campaign play counts for it: ``("counter", NAME)``,
    #: ``("scenario", ID)`` or ``("", "")`` (the players tick it)
    counted: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class CampaignContent:
    pack_id: str
    scenarios: Mapping[str, ScenarioInfo]
    items: Mapping[str, ItemInfo]
    classes: Mapping[str, ClassInfo]
    quests: Mapping[str, QuestInfo]
    #: event id -> the event document (``deck``, ``text``, ``options``)
    events: Mapping[str, Mapping[str, Any]]

    def events_of(self, deck: str) -> list[str]:
        """The ids of a deck's events, by number (GH-EVT-04 builds the decks from them)."""
        found = [(int(e.get("number", 0)), i) for i, e in self.events.items() if e["deck"] == deck]
        return [i for _n, i in sorted(found)]


def _strs(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


@cache
def _read(root: str, stamp: tuple[tuple[str, int], ...]) -> CampaignContent:
    documents, _errors = read_documents(Path(root))
    by_kind: dict[str, dict[str, dict[str, Any]]] = {}
    for _file, data in documents:
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            by_kind.setdefault(str(data.get("kind")), {}).setdefault(data["id"], data)
    pack_id = next(iter(by_kind.get("pack", {})), Path(root).name)
    scenarios = {}
    for sid, d in by_kind.get("scenario", {}).items():
        needs: dict[str, Any] = d["requirements"] if isinstance(d.get("requirements"), dict) else {}
        scenarios[sid] = ScenarioInfo(
            sid,
            _int(d.get("number"), 0),
            str(d.get("name", sid)),
            _strs(needs.get("global")),
            _strs(needs.get("party")),
            _strs(d.get("unlocks")),
            _strs(d.get("links")),
            bool(d.get("linked_to_city", False)),
            dict(d["rewards"]) if isinstance(d.get("rewards"), dict) else {},
            d.get("random_deck") is True,
        )
    items = {
        iid: ItemInfo(
            iid,
            _int(d.get("number"), 0),
            str(d.get("name", iid)),
            _int(d.get("cost"), 0),
            _int(d.get("count"), 1),
            _int(d.get("prosperity"), 1),
            str(d.get("slot", "")),
            d.get("random_deck") is True,
        )
        for iid, d in by_kind.get("item", {}).items()
    }
    cards: dict[str, list[tuple[str, int | str]]] = {}
    for cid, d in by_kind.get("ability-card", {}).items():
        cards.setdefault(str(d.get("class")), []).append((cid, d.get("level", 1)))
    classes = {}
    for cid, d in by_kind.get("character-class", {}).items():
        own = cards.get(cid, [])
        levels = {c: (lv if isinstance(lv, int) else 1) for c, lv in own}
        perks = [p for p in d.get("perks", []) if isinstance(p, dict)]
        classes[cid] = ClassInfo(
            cid,
            str(d.get("name", cid)),
            bool(d.get("starting", False)),
            _int(d.get("hand_size"), 10),
            tuple(_int(p.get("count"), 1) for p in perks),
            tuple(str(p.get("text", "")) for p in perks),
            levels,
            tuple(c for c, lv in own if lv in (1, "X")),
            tuple(c for c, lv in own if lv == "X"),
            _strs(d.get("events_on_unlock")),
            _strs(d.get("events_on_retire")),
        )
    quests = {}
    for qid, d in by_kind.get("personal-quest", {}).items():
        reqs = tuple(
            (str(r.get("text", "")), _int(r.get("count"), 1))
            for r in d.get("requirements", [])
            if isinstance(r, dict)
        )
        counted = tuple(
            ("counter", str(r["counter"]))
            if r.get("counter")
            else ("scenario", str(r["scenario"]))
            if r.get("scenario")
            else ("", "")
            for r in d.get("requirements", [])
            if isinstance(r, dict)
        )
        reward: dict[str, Any] = d["reward"] if isinstance(d.get("reward"), dict) else {}
        quests[qid] = QuestInfo(
            qid,
            _int(d.get("number"), 0),
            str(d.get("name", qid)),
            reqs,
            str(reward.get("class", "")),
            str(reward.get("text", "")),
            counted,
        )
    events = {
        eid: d
        for eid, d in by_kind.get("event", {}).items()
        if d.get("deck") in ("city", "road") and isinstance(d.get("options"), list)
    }
    return CampaignContent(str(pack_id), scenarios, items, classes, quests, events)


def campaign_content(pack_root: Path) -> CampaignContent:
    """The campaign fields of the pack at ``pack_root`` (cached while its files are
    unchanged: the cache key holds every file's modification time)."""
    root = pack_root.absolute()
    stamp = tuple(
        sorted((str(p), p.stat().st_mtime_ns) for p in root.rglob("*.json") if p.is_file())
    )
    return _read(str(root), stamp)
