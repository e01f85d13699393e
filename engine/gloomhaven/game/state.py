"""Mutable game state: plain objects, cheap to copy (:meth:`GameState.copy`).

Static data (the map, content) stays in :class:`~.spec.ScenarioSpec` / :class:`~.spec.Content`
and is shared by every copy; only what changes during play lives here.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from questforge.engine.core.decks import Deck
from questforge.engine.core.rng import Rng
from questforge.engine.gloomhaven.game.spec import ELEMENTS, Hex

INERT, WANING, STRONG = 0, 1, 2
ELEMENT_STATE_NAMES = {INERT: "inert", WANING: "waning", STRONG: "strong"}


class FigureKind(StrEnum):
    """What a figure is. A ``str`` enum: it equals (and hashes as) its value, so events,
    logs and tests that say ``"monster"`` keep working, while code that makes a figure
    can only name one of these."""

    CHARACTER = "character"
    MONSTER = "monster"
    #: a character's summon (GH-SUMM)
    SUMMON = "summon"
    #: an allied figure played by the rules (GH-SPEC-06)
    ALLY = "ally"


class Side(StrEnum):
    """Which side a figure fights on: characters, their summons and allies are the party."""

    PARTY = "party"
    MONSTERS = "monsters"


@dataclass(slots=True)
class Figure:
    """A character, monster or summon on the map."""

    id: str
    kind: FigureKind
    side: Side
    hex: Hex
    hp: int
    max_hp: int
    #: condition -> True if applied during this figure's own current turn (GH-REF-05)
    conditions: dict[str, bool] = field(default_factory=dict)
    #: round bonuses (GH-MOTH-05, GH-BONUS-07) and permanent stat values
    shield: int = 0
    retaliate: list[tuple[int, int]] = field(default_factory=list)
    #: monster fields
    monster_type: str = ""
    elite: bool = False
    #: named monsters use a stat line without being elite (GH-SPEC-07)
    stat_elite: bool = False
    standee: int = 0
    named: str = ""
    boss: bool = False
    #: summons: who summoned them and in which order (GH-SUMM-05)
    owner: str = ""
    summon_order: int = 0
    summon_card: str = ""
    #: a summon's coloured token (GH-SUMM-02), told apart on the map and in the log
    token: str = ""
    flying: bool = False
    #: monsters placed by room setup drop a money token (GH-ATK-11)
    drops_coin: bool = False
    #: the round the figure appeared; summoned/spawned figures wait (GH-SUMM-07, GH-MOTH-04)
    appeared_round: int = 0
    acts_from_round: int = 0
    #: the last round in which the figure took its turn as a monster (a type may act
    #: again in a round for monsters revealed or spawned after it acted, GH-ROOM-05)
    acted_round: int = -1
    #: stats the figure attacks with (monster stat line or summon card)
    move: int = 0
    attack: int = 0
    range: int = 0
    pierce: int = 0
    base_shield: int = 0
    base_retaliate: int = 0
    base_retaliate_range: int = 1
    attack_conditions: tuple[str, ...] = ()
    immunities: tuple[str, ...] = ()

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    def copy(self) -> Figure:
        n = copy.copy(self)
        n.conditions = dict(self.conditions)
        n.retaliate = list(self.retaliate)
        return n


@dataclass(frozen=True, slots=True)
class Grant:
    """A shield or retaliate an active card gives (GH-BONUS-01): ``kind``, ``value`` and
    ``range`` as performed (element consumptions included), and the ``figures`` it was
    given to."""

    kind: str
    value: int
    range: int
    figures: tuple[str, ...]


@dataclass(slots=True)
class ActiveCard:
    """A card in a character's active area (GH-BONUS, GH-SEL-08).

    ``grants``: the shields and retaliates the card's action gave. For a persistent card
    they are *carried by the card* (counted while it stays active, GH-BONUS-02); a round
    bonus is put on the figures themselves (``Figure.shield`` / ``retaliate``, cleared at
    the end of the round like a monster's, GH-BONUS-07, GH-MOTH-05), and the record only
    lets the engine take it back when the card leaves the active area early (recovered,
    GH-BONUS-08; its owner exhausted, GH-EXH-02). Either way a bonus counts once."""

    card: str
    half: str  # "top" | "bottom"
    lost: bool
    persistent: bool
    uses_left: int | None
    used: int = 0
    summon: str = ""
    #: figures a persistent shield/retaliate protects (empty: the owner)
    targets: list[str] = field(default_factory=list)
    grants: list[Grant] = field(default_factory=list)

    def copy(self) -> ActiveCard:
        n = copy.copy(self)
        n.targets = list(self.targets)
        n.grants = list(self.grants)
        return n


@dataclass(slots=True)
class Character:
    id: str  # the class id; one character per class (GH-CHAR-01)
    class_id: str
    level: int
    figure: str
    hand: list[str]
    discard: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    active: list[ActiveCard] = field(default_factory=list)
    selected: list[str] = field(default_factory=list)  # [leading, other] this round
    long_rest: bool = False
    initiative: int = 0
    second_initiative: int = 0
    xp: int = 0
    coins: int = 0
    treasures: list[str] = field(default_factory=list)
    #: gold and items gained from treasures (GH-TREAS-02, GH-LOOT-03)
    treasure_gold: int = 0
    treasure_items: list[str] = field(default_factory=list)
    exhausted: bool = False
    items: dict[str, str] = field(default_factory=dict)  # item id -> "ready"|"spent"|"consumed"
    item_uses: dict[str, int] = field(default_factory=dict)
    modifier_deck: Deck[str] = field(default_factory=Deck)
    modifier_shuffle_pending: bool = False
    summons_made: int = 0
    damage_taken: int = 0
    acted: bool = False

    def copy(self) -> Character:
        n = copy.copy(self)
        n.hand = list(self.hand)
        n.discard = list(self.discard)
        n.lost = list(self.lost)
        n.active = [a.copy() for a in self.active]
        n.selected = list(self.selected)
        n.treasures = list(self.treasures)
        n.treasure_items = list(self.treasure_items)
        n.items = dict(self.items)
        n.item_uses = dict(self.item_uses)
        n.modifier_deck = self.modifier_deck.copy()
        return n


@dataclass(slots=True)
class MonsterType:
    """Per monster type in play: its ability deck and this round's card (GH-MABIL)."""

    id: str
    deck_id: str
    card: str = ""  # this round's card ("" = none drawn)
    free_standees: list[int] = field(default_factory=list)
    acted: bool = False

    def copy(self) -> MonsterType:
        n = copy.copy(self)
        n.free_standees = list(self.free_standees)
        return n


@dataclass(slots=True)
class GameState:
    scenario: str
    level: int
    players: int
    round: int = 0
    phase: str = "setup"  # setup, select, turns, end-of-round, finished
    figures: dict[str, Figure] = field(default_factory=dict)
    characters: dict[str, Character] = field(default_factory=dict)
    monster_types: dict[str, MonsterType] = field(default_factory=dict)
    #: ability decks are shared by every type using them (GH-MABIL-03)
    ability_decks: dict[str, Deck[str]] = field(default_factory=dict)
    ability_shuffle_pending: set[str] = field(default_factory=set)
    monster_modifier_deck: Deck[str] = field(default_factory=Deck)
    monster_modifier_shuffle_pending: bool = False
    elements: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ELEMENTS, INERT))
    revealed_rooms: list[str] = field(default_factory=list)
    open_doors: set[Hex] = field(default_factory=set)
    unlocked_doors: set[Hex] = field(default_factory=set)
    #: doors a special rule locked (GH-SPEC-03: walls until opened again)
    locked_doors: set[Hex] = field(default_factory=set)
    #: special-rule stat changes: "type:<monster>" or "named:<id>" -> stat -> delta
    stat_changes: dict[str, dict[str, int]] = field(default_factory=dict)
    #: overlays added by special rules: id -> (kind, hexes), for later removal
    added_overlays: dict[str, tuple[str, tuple[Hex, ...]]] = field(default_factory=dict)
    traps: dict[Hex, Any] = field(default_factory=dict)
    coins: dict[Hex, int] = field(default_factory=dict)
    treasures: dict[Hex, str] = field(default_factory=dict)
    obstacles: dict[Hex, int | None] = field(default_factory=dict)  # hex -> hp (None: solid)
    hazardous: set[Hex] = field(default_factory=set)
    difficult: set[Hex] = field(default_factory=set)
    placed_overlays_rooms: set[str] = field(default_factory=set)
    #: this round's initiative order: character ids and monster type ids, first to last
    turn_order: list[str] = field(default_factory=list)
    initiatives: dict[str, int] = field(default_factory=dict)
    current: str = ""
    #: allied figures that have acted this round (GH-SPEC-06)
    allies_acted: set[str] = field(default_factory=set)
    killed: dict[str, int] = field(default_factory=dict)  # monster type -> kills
    named_killed: list[str] = field(default_factory=list)
    treasures_looted: list[str] = field(default_factory=list)
    triggered: set[str] = field(default_factory=set)
    #: revealed rooms found without monsters since a monster was last in them: a
    #: ``room-cleared`` trigger fires when a room joins this set (GH-SPEC)
    cleared_rooms: set[str] = field(default_factory=set)
    goal_met: bool = False
    #: characters currently on reach-hexes goal hexes, checked at the end of turns
    reached: set[str] = field(default_factory=set)
    lost_game: bool = False
    next_figure_serial: int = 0
    rng: Rng = field(default_factory=Rng)

    def copy(self) -> GameState:
        """An independent copy (static content stays shared), about ten times cheaper than
        :func:`copy.deepcopy`: bots and what-if tools copy states often."""
        n = copy.copy(self)
        n.figures = {k: f.copy() for k, f in self.figures.items()}
        n.characters = {k: c.copy() for k, c in self.characters.items()}
        n.monster_types = {k: m.copy() for k, m in self.monster_types.items()}
        n.ability_decks = {k: d.copy() for k, d in self.ability_decks.items()}
        n.ability_shuffle_pending = set(self.ability_shuffle_pending)
        n.monster_modifier_deck = self.monster_modifier_deck.copy()
        n.elements = dict(self.elements)
        n.revealed_rooms = list(self.revealed_rooms)
        n.open_doors = set(self.open_doors)
        n.unlocked_doors = set(self.unlocked_doors)
        n.locked_doors = set(self.locked_doors)
        n.stat_changes = {k: dict(v) for k, v in self.stat_changes.items()}
        n.added_overlays = dict(self.added_overlays)
        n.traps = dict(self.traps)
        n.coins = dict(self.coins)
        n.treasures = dict(self.treasures)
        n.obstacles = dict(self.obstacles)
        n.hazardous = set(self.hazardous)
        n.difficult = set(self.difficult)
        n.placed_overlays_rooms = set(self.placed_overlays_rooms)
        n.turn_order = list(self.turn_order)
        n.allies_acted = set(self.allies_acted)
        n.initiatives = dict(self.initiatives)
        n.killed = dict(self.killed)
        n.named_killed = list(self.named_killed)
        n.treasures_looted = list(self.treasures_looted)
        n.triggered = set(self.triggered)
        n.cleared_rooms = set(self.cleared_rooms)
        n.reached = set(self.reached)
        n.rng = self.rng.copy()
        return n

    def figure_at(self, hex_: Hex) -> Figure | None:
        for f in self.figures.values():
            if f.hex == hex_:
                return f
        return None

    def occupied(self) -> dict[Hex, Figure]:
        return {f.hex: f for f in self.figures.values()}

    def living_characters(self) -> list[Character]:
        return [c for c in self.characters.values() if not c.exhausted]

    def monsters(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == "monsters"]
