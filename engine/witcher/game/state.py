"""The mutable state of a Witcher game: heroes, the board's obstacles, decks, the track.

Plain dataclasses holding ids and counts (content stays in the frozen model), so a state is
cheap to inspect from bots, the narrator and the text board view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from questforge.engine.core.decks import Deck
from questforge.engine.witcher.model.content import Hero


@dataclass
class OwnedCard:
    """A face-up development card in a hero's area, with its common markers (WI-DEV-01)."""

    id: str
    markers: int = 0
    used_this_turn: bool = False


@dataclass
class KeptInvestigation:
    """An investigation card kept face up (WI-KEEP, WI-TASK-01): its task done or not."""

    id: str
    task_done: bool = False


@dataclass
class HeroState:
    hero: Hero
    seat: int
    location: str
    gold: int = 0
    vp: int = 0
    leads: dict[str, int] = field(default_factory=dict)
    proof: dict[str, int] = field(default_factory=dict)
    #: action space -> "minor" / "severe" (a wound blocks that action, WI-REF-09)
    wounds: dict[str, str] = field(default_factory=dict)
    #: action spaces holding a misfortune token (WI-DOOM-05)
    misfortune: list[str] = field(default_factory=list)
    quest: str | None = None
    completed: list[str] = field(default_factory=list)
    side_done: set[tuple[str, str]] = field(default_factory=set)
    supports_done: int = 0
    tasks_done: int = 0
    #: challenge cards met (WI-BASIC-05: each completes "the matching side quest")
    challenges_done: int = 0
    #: heroes this hero has offered a trade to this turn (WI-LOC-03)
    traded_with: set[str] = field(default_factory=set)
    development: list[OwnedCard] = field(default_factory=list)
    luck: list[str] = field(default_factory=list)
    #: luck cards kept after use (WI-LUCK-04) that were used this turn: once a turn each
    luck_used: set[str] = field(default_factory=set)
    investigations: list[KeptInvestigation] = field(default_factory=list)
    delayed: bool = False
    ignore_obstacle: bool = False
    special_operation_used: bool = False
    defeated: int = 0

    @property
    def id(self) -> str:
        return self.hero.id

    @property
    def quests_done(self) -> int:
        """Every quest completed: main, side and support (WI-WIN-02)."""
        return len(self.completed) + len(self.side_done) + self.supports_done + self.challenges_done

    def total_leads(self) -> int:
        return sum(self.leads.values())

    def card(self, ident: str) -> OwnedCard | None:
        for owned in self.development:
            if owned.id == ident:
                return owned
        return None


@dataclass
class MonsterToken:
    monster: str
    face_up: bool = False


@dataclass
class ObstacleState:
    """What waits in one obstacle area (WI-OBS-09): any monsters, one misfortune token."""

    id: str
    area: str
    monster_space: bool = True
    misfortune_space: bool = True
    monsters: list[MonsterToken] = field(default_factory=list)
    misfortune: bool = False


@dataclass
class GameState:
    heroes: list[HeroState]
    obstacles: list[ObstacleState]
    quest_decks: dict[str, Deck[str]]
    investigation_decks: dict[str, Deck[str]]
    development_decks: dict[str, Deck[str]]
    misfortune_deck: Deck[str]
    luck_deck: Deck[str]
    monster_pools: dict[str, Deck[str]]
    quests_to_end: int
    challenge_deck: Deck[str] = field(default_factory=Deck)
    round: int = 0
    track_position: int = -1
    active: int = 0
    end_triggered_by: str | None = None
    finished: bool = False
    outcome: str = "unfinished"
    ranking: list[str] = field(default_factory=list)
    #: the order in which heroes took their final turn (WI-WIN-04)
    final_order: list[str] = field(default_factory=list)

    def hero(self, ident: str) -> HeroState:
        for h in self.heroes:
            if h.id == ident:
                return h
        raise KeyError(ident)

    def obstacles_in(self, area: str) -> list[ObstacleState]:
        return [o for o in self.obstacles if o.area == area]
