"""The state of an Arkham game: investigators, monsters, gates, tracks and decks.

Plain dataclasses of ids and numbers (content stays in the model), so a state is cheap
to inspect, and every change to it goes through the engine, which logs it as an event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from questforge.engine.core.decks import Deck

#: where investigators are when they are in no area of the board
OTHER_WORLD = "world"


@dataclass
class InvState:
    """One investigator in play. ``area`` is a board area id; in an other world it is the
    world's id and ``stage`` is 1 (first area) or 2 (second area)."""

    id: str
    player: int
    area: str
    sanity: int
    stamina: int
    max_sanity: int
    max_stamina: int
    money: int
    clues: int
    sliders: list[int]
    cards: list[str] = field(default_factory=list)
    exhausted: set[str] = field(default_factory=set)
    monster_trophies: list[str] = field(default_factory=list)
    gate_trophies: list[str] = field(default_factory=list)
    stage: int = 0
    delayed: bool = False
    explored: bool = False
    #: returned from an other world this round: a guarding monster does not force
    #: combat (AH-CMB-10)
    just_returned: bool = False
    blessed: bool = False
    cursed: bool = False
    #: insane or unconscious this round: does nothing more this round (AH-STAT-03/04)
    out_this_round: bool = False
    #: arrested or lost in time and space: the next round is lost (AH-STAT-08/09);
    #: ``skips_round`` is that round
    loses_next_round: bool = False
    skips_round: bool = False
    devoured: bool = False
    #: arrested: in the Jail Cell, a sub-area of the jail location (AH-STAT-08, AH-REF-01:
    #: "the Jail Cell is a sub-area of the Police Station"), not in its main area: ``area``
    #: is that location, but the investigator is not "at" it for monsters, clues, gates or
    #: trading until released in the Movement phase of the round lost
    jailed: bool = False
    #: special card kinds the investigator may never take again (a defaulted bank loan:
    #: the published game's "you may never get another Bank Loan")
    barred: set[str] = field(default_factory=set)

    @property
    def active(self) -> bool:
        return not self.devoured


@dataclass
class MonsterToken:
    uid: int
    monster: str
    area: str


@dataclass
class Gate:
    location: str
    marker: str
    world: str
    modifier: int
    dimension: str


@dataclass
class Rumor:
    card: str
    counter: int


@dataclass
class GameState:
    players: int
    ancient_one: str
    investigators: list[InvState] = field(default_factory=list)
    first_player: int = 0
    round: int = 0
    phase: str = "setup"
    doom: int = 0
    terror: int = 0
    clues: dict[str, int] = field(default_factory=dict)
    gates: dict[str, Gate] = field(default_factory=dict)
    sealed: set[str] = field(default_factory=set)
    closed: set[str] = field(default_factory=set)
    #: closed by the terror track: never open again
    closed_for_good: set[str] = field(default_factory=set)
    #: closed by a mythos card in play: location -> card (AH-MYTHA-05)
    mythos_closed: dict[str, str] = field(default_factory=dict)
    #: activity markers of mythos cards in play: (location, card) pairs (AH-MYTHA-05)
    activity: list[tuple[str, str]] = field(default_factory=list)
    monsters: list[MonsterToken] = field(default_factory=list)
    next_uid: int = 1
    cup: list[str] = field(default_factory=list)
    gate_pile: list[str] = field(default_factory=list)
    #: top card first; discards go to the end (the bottom, AH-MISC-01)
    mythos: list[str] = field(default_factory=list)
    gate_deck: list[str] = field(default_factory=list)
    location_decks: dict[str, list[str]] = field(default_factory=dict)
    decks: dict[str, Deck[str]] = field(default_factory=dict)
    unused_investigators: list[str] = field(default_factory=list)
    environment: str | None = None
    rumor: Rumor | None = None
    elder_signs_used: int = 0
    gates_opened: dict[str, int] = field(default_factory=dict)
    awakened: bool = False
    outcome: str | None = None
    #: how the game ended: sealed, closed, banished, devoured, unfinished
    how: str | None = None
    doom_history: list[int] = field(default_factory=list)

    def order(self) -> list[InvState]:
        """Investigators in play, first player first, then clockwise (AH-TURN-02)."""
        n = len(self.investigators)
        return [
            self.investigators[(self.first_player + i) % n]
            for i in range(n)
            if not self.investigators[(self.first_player + i) % n].devoured
        ]

    def monsters_at(self, area: str) -> list[MonsterToken]:
        return [m for m in self.monsters if m.area == area]

    def investigators_at(self, area: str) -> list[InvState]:
        """Investigators in ``area`` itself (not in an other world, not in the Jail Cell
        of a jail location, AH-STAT-08)."""
        return [
            i
            for i in self.investigators
            if i.area == area and not i.devoured and i.stage == 0 and not i.jailed
        ]


class GameOver(Exception):
    """Raised inside the engine when the game has ended (caught by :meth:`run`)."""
