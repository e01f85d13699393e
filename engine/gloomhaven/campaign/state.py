"""The campaign's sheets: the campaign board, the party sheet and the character sheets
(GH-BOARD, GH-PARTY, GH-CSHEET), as one mutable record and its JSON.

The JSON is the campaign file (``schema/gloomhaven/campaign.schema.json``); the schema
checks it before :func:`Campaign.from_json` reads it, so reading trusts its shape.
Derived numbers (a character's level from its sheet, perks still to mark) are computed,
never stored twice, so a hand-edited file cannot disagree with itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.events import JSONValue
from questforge.engine.gloomhaven.campaign import tables

#: the campaign file's format number (a reader refuses others)
FORMAT = 1
SCHEMA_URL = "https://questforge.dev/schema/gloomhaven/campaign.schema.json"
#: where the party is between scenarios (GH-TRAVEL): the city, or a scenario's id
IN_TOWN = "gloomhaven"


@dataclass
class Character:
    """One character sheet (GH-CSHEET-01/02)."""

    #: the character's key on the command line: its name, unique in the campaign
    name: str
    class_id: str
    level: int = 1
    xp: int = 0
    gold: int = 0
    items: list[str] = field(default_factory=list)
    #: battle-goal checkmarks gained in all (GH-PERK-01); perks from them: every 3, at most 6
    checkmarks: int = 0
    #: perks marked, by number in the class's list (from 1); a number twice = marked twice
    perks: list[int] = field(default_factory=list)
    #: the available ability-card pool (GH-CSHEET-02): level-1 and X cards, one per level-up
    pool: list[str] = field(default_factory=list)
    personal_quest: str = ""
    #: the other personal quest dealt (GH-PQ-01), which the player may keep instead until
    #: the character's first scenario; ``""`` after it
    quest_offered: str = ""
    #: boxes ticked for each requirement of the personal quest (GH-PQ-02)
    quest_progress: list[int] = field(default_factory=list)
    retired: bool = False
    #: the town visit in which the character last donated (GH-DONATE-01: once per visit)
    donated_visit: int = 0
    #: bless cards for the next scenario (GH-DONATE-01)
    blesses: int = 0
    #: damage and conditions an event left for the next scenario (GH-EVT-02)
    start_damage: int = 0
    start_conditions: list[str] = field(default_factory=list)

    def checkmark_perks(self) -> int:
        """GH-PERK-02/03: one perk per 3 checkmarks, at most 6."""
        return min(tables.MAX_CHECKMARK_PERKS, self.checkmarks // tables.CHECKMARKS_PER_PERK)

    def perks_owed(self) -> int:
        """Perks earned (one per level above 1, GH-LVL-03, and from checkmarks) not yet
        marked; never negative (GH-ROAD-05: a character never loses perks)."""
        return max(0, (self.level - 1) + self.checkmark_perks() - len(self.perks))

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "name": self.name,
            "class": self.class_id,
            "level": self.level,
            "xp": self.xp,
            "gold": self.gold,
            "items": list(self.items),
            "checkmarks": self.checkmarks,
            "perks": list(self.perks),
            "pool": list(self.pool),
            "personal_quest": self.personal_quest,
            "quest_offered": self.quest_offered,
            "quest_progress": list(self.quest_progress),
            "retired": self.retired,
            "donated_visit": self.donated_visit,
            "blesses": self.blesses,
            "start_damage": self.start_damage,
            "start_conditions": list(self.start_conditions),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Character:
        return cls(
            name=d["name"],
            class_id=d["class"],
            level=d["level"],
            xp=d["xp"],
            gold=d["gold"],
            items=list(d.get("items", [])),
            checkmarks=d.get("checkmarks", 0),
            perks=list(d.get("perks", [])),
            pool=list(d.get("pool", [])),
            personal_quest=d.get("personal_quest", ""),
            quest_offered=d.get("quest_offered", ""),
            quest_progress=list(d.get("quest_progress", [])),
            retired=d.get("retired", False),
            donated_visit=d.get("donated_visit", 0),
            blesses=d.get("blesses", 0),
            start_damage=d.get("start_damage", 0),
            start_conditions=list(d.get("start_conditions", [])),
        )


@dataclass
class Campaign:
    """The whole campaign: board, party, event decks, item supply, characters."""

    pack_id: str
    pack_path: str
    seed: int
    party: str
    #: random draws made so far: each draw forks the seed with this count, so the same
    #: file and the same commands give the same campaign
    draws: int = 0
    reputation: int = 0
    prosperity: int = 0
    global_achievements: list[str] = field(default_factory=list)
    party_achievements: list[str] = field(default_factory=list)
    unlocked: list[str] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)
    #: classes new characters may take (starting classes, then unlocked ones)
    classes: list[str] = field(default_factory=list)
    #: GH-TRAVEL: ``gloomhaven`` or the id of the scenario the party last played
    location: str = IN_TOWN
    #: town visits so far (GH-DONATE-01 is once per visit)
    visit: int = 1
    #: the visit in which the party last resolved a city event (GH-CITY-01: one a visit)
    city_event_visit: int = 0
    #: GH-EVT-04/05: each deck's cards, top first
    city_events: list[str] = field(default_factory=list)
    road_events: list[str] = field(default_factory=list)
    #: the personal quest deck, top first (GH-PQ-01)
    quest_deck: list[str] = field(default_factory=list)
    #: the city's available supply: item id -> copies that can be bought (GH-SHOP-05/06)
    supply: dict[str, int] = field(default_factory=dict)
    #: GH-ENH-08: enhancement stickers per class (not per character: they survive
    #: retirement), in the text form of ``gloomhaven.enhancements.Enhancement``
    enhancements: dict[str, list[str]] = field(default_factory=dict)
    #: GH-RID-01 / GH-RSC-01: the random item design and random scenario decks, top
    #: first; ``None`` until the first draw builds them (files from before have none)
    random_items: list[str] | None = None
    random_scenarios: list[str] | None = None
    #: treasure numbers looted so far, in any mode (GH-TREAS-04: once, ever)
    looted_treasures: list[str] = field(default_factory=list)
    #: GH-ENV-01: the sealed envelopes opened so far, by letter, in the order opened
    envelopes: list[str] = field(default_factory=list)
    characters: list[Character] = field(default_factory=list)
    #: what happened, one line per step (the party sheet's notes)
    history: list[str] = field(default_factory=list)

    def prosperity_level(self) -> int:
        return tables.prosperity_level(self.prosperity)

    def active(self) -> list[Character]:
        return [c for c in self.characters if not c.retired]

    def town_records_open(self) -> bool:
        """GH-TOWN-01: the sealed town records book is opened after the first character
        retires (derived from the sheets, never stored)."""
        return any(c.retired for c in self.characters)

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "$schema": SCHEMA_URL,
            "kind": "campaign",
            "format": FORMAT,
            "ruleset": "gloomhaven",
            "pack": {"id": self.pack_id, "path": self.pack_path},
            "seed": self.seed,
            "draws": self.draws,
            "party": {
                "name": self.party,
                "reputation": self.reputation,
                "achievements": list(self.party_achievements),
                "location": self.location,
                "visit": self.visit,
                "city_event_visit": self.city_event_visit,
            },
            "board": {
                "prosperity": self.prosperity,
                "global_achievements": list(self.global_achievements),
                "unlocked": list(self.unlocked),
                "completed": list(self.completed),
                "classes": list(self.classes),
                "looted_treasures": list(self.looted_treasures),
                # written once one is open: older files stay as they were
                **({"envelopes": list(self.envelopes)} if self.envelopes else {}),
            },
            "events": {"city": list(self.city_events), "road": list(self.road_events)},
            "personal_quests": list(self.quest_deck),
            "supply": dict(sorted(self.supply.items())),
            # written only once there is some: files stay as they were until then
            **(
                {"enhancements": {k: list(v) for k, v in sorted(self.enhancements.items()) if v}}
                if any(self.enhancements.values())
                else {}
            ),
            **({"random_decks": self._random_decks()} if self._random_decks() else {}),
            "characters": [c.to_json() for c in self.characters],
            "history": list(self.history),
        }

    def _random_decks(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {}
        if self.random_items is not None:
            out["items"] = list(self.random_items)
        if self.random_scenarios is not None:
            out["scenarios"] = list(self.random_scenarios)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Campaign:
        party, board = d["party"], d["board"]
        return cls(
            pack_id=d["pack"]["id"],
            pack_path=d["pack"]["path"],
            seed=d["seed"],
            party=party["name"],
            draws=d.get("draws", 0),
            reputation=party.get("reputation", 0),
            prosperity=board.get("prosperity", 0),
            global_achievements=list(board.get("global_achievements", [])),
            party_achievements=list(party.get("achievements", [])),
            unlocked=list(board.get("unlocked", [])),
            completed=list(board.get("completed", [])),
            classes=list(board.get("classes", [])),
            looted_treasures=[str(t) for t in board.get("looted_treasures", [])],
            envelopes=[str(e) for e in board.get("envelopes", [])],
            location=party.get("location", IN_TOWN),
            visit=party.get("visit", 1),
            city_event_visit=party.get("city_event_visit", 0),
            city_events=list(d["events"].get("city", [])),
            road_events=list(d["events"].get("road", [])),
            quest_deck=list(d.get("personal_quests", [])),
            supply=dict(d.get("supply", {})),
            enhancements={k: list(v) for k, v in d.get("enhancements", {}).items()},
            random_items=_opt_list(d.get("random_decks", {}).get("items")),
            random_scenarios=_opt_list(d.get("random_decks", {}).get("scenarios")),
            characters=[Character.from_json(c) for c in d.get("characters", [])],
            history=list(d.get("history", [])),
        )


def _opt_list(value: Any) -> list[str] | None:
    return None if value is None else [str(v) for v in value]
