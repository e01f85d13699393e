"""Typed content of an Arkham pack: one dataclass per concept, built from schema-valid JSON.

The engine, the validator's checks and the editor read these, never the raw JSON, so a
field's meaning is decided once (here) for all of them. Effects stay a small declarative
vocabulary (:class:`Effect`, the ``effect`` definition of ``schema/arkham/defs``): the
engine performs every one of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from questforge.engine.core.graph import GraphBoard

SKILLS: tuple[str, ...] = ("speed", "sneak", "fight", "will", "lore", "luck")
#: special checks and the skill each one rolls (AH-CHECK-05)
SPECIAL_CHECKS: dict[str, str] = {
    "evade": "sneak",
    "horror": "will",
    "combat": "fight",
    "spell": "lore",
}
COLOURS: tuple[str, ...] = ("blue", "green", "red", "yellow")
DECKS: tuple[str, ...] = ("common", "unique", "spell", "skill", "ally")
#: labels of the board's monster-movement arrows (AH-MMOVE-02)
ARROW_COLOURS: tuple[str, ...] = ("white", "black")


@dataclass(frozen=True)
class Effect:
    """One declarative effect (``do`` plus the parameters that effect uses)."""

    do: str
    what: str | None = None
    amount: int = 0
    deck: str | None = None
    count: int = 1
    area: str | None = None
    skill: str | None = None
    modifier: int = 0
    difficulty: int = 1
    dice: int = 1
    target: int = 0
    dimension: str | None = None
    source: str = "everywhere"
    #: ``take-card`` / ``barred``: the special card kind; ``take-card``: or a card id
    special: str | None = None
    card: str | None = None
    on_pass: tuple[Effect, ...] = ()
    on_fail: tuple[Effect, ...] = ()
    then: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Modifier:
    check: str
    amount: int


@dataclass(frozen=True)
class Cost:
    what: str
    amount: int


@dataclass(frozen=True)
class SpecialAction:
    name: str
    cost: tuple[Cost, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Neighbourhood:
    id: str
    name: str
    colour: str | None = None


@dataclass(frozen=True)
class Area:
    """One node of the board graph: a location, a street, an other world or a special area.

    ``type`` is ``location``, ``street``, ``world`` or ``special``; ``role`` is the special
    part a location plays (``asylum``, ``hospital``, ``jail``) or which special area this is
    (``sky``, ``outskirts``, ``lost-in-time-and-space``).
    """

    id: str
    name: str
    type: str
    neighbourhood: str | None = None
    unstable: bool = False
    connects: tuple[str, ...] = ()
    role: str | None = None
    closes_at_terror: int | None = None
    special: tuple[SpecialAction, ...] = ()
    arrows: dict[str, str] = field(default_factory=dict)
    colours: tuple[str, ...] = ()
    position: tuple[float, float] | None = None


@dataclass
class Board:
    id: str
    name: str
    file: str | None
    dimensions: tuple[str, ...]
    neighbourhoods: dict[str, Neighbourhood]
    areas: dict[str, Area]

    def of_type(self, kind: str) -> list[Area]:
        return [a for a in self.areas.values() if a.type == kind]

    @property
    def locations(self) -> list[Area]:
        return self.of_type("location")

    @property
    def streets(self) -> list[Area]:
        return self.of_type("street")

    @property
    def worlds(self) -> list[Area]:
        return self.of_type("world")

    def by_role(self, role: str) -> Area | None:
        return next((a for a in self.areas.values() if a.role == role), None)

    def street_of(self, neighbourhood: str) -> Area | None:
        return next((s for s in self.streets if s.neighbourhood == neighbourhood), None)

    def exit_street(self, location: str) -> str | None:
        """The street a monster leaving ``location`` moves to: its neighbourhood's street
        (exits of locations count as both arrow colours, AH-REF-02)."""
        area = self.areas[location]
        if area.neighbourhood is None:
            return None
        street = self.street_of(area.neighbourhood)
        return street.id if street is not None else None

    @cached_property
    def graph(self) -> GraphBoard:
        """Locations and streets (Arkham itself) with their routes and the street arrows.

        Only connections whose both ends are known Arkham areas become routes (the
        validator reports the others); arrows likewise.
        """
        town = [a.id for a in self.areas.values() if a.type in ("location", "street")]
        known = set(town)
        edges = [
            (a.id, b)
            for a in self.areas.values()
            if a.id in known
            for b in a.connects
            if b in known and b != a.id
        ]
        arrows = [
            (s.id, to, colour)
            for s in self.streets
            for colour, to in s.arrows.items()
            if to in known and to != s.id
        ]
        return GraphBoard(town, edges, arrows)


@dataclass(frozen=True)
class Slider:
    top: str
    bottom: str
    top_values: tuple[int, ...]
    bottom_values: tuple[int, ...]
    start: int = 0


@dataclass
class Investigator:
    id: str
    name: str
    file: str | None
    home: str
    sanity: int
    stamina: int
    focus: int
    sliders: tuple[Slider, ...]
    money: int = 0
    clues: int = 0
    cards: tuple[str, ...] = ()
    blessed: bool = False
    random: dict[str, int] = field(default_factory=dict)
    ability_name: str = ""
    modifiers: tuple[Modifier, ...] = ()
    upkeep: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Bonus:
    check: str
    amount: int
    type: str = "plain"


@dataclass
class InvestigatorCard:
    id: str
    name: str
    file: str | None
    type: str
    special: str | None = None
    count: int = 1
    price: int = 0
    hands: int = 0
    bonuses: tuple[Bonus, ...] = ()
    exhaust: bool = False
    discard_after_use: bool = False
    use: tuple[Effect, ...] = ()
    upkeep: tuple[Effect, ...] = ()
    casting_modifier: int | None = None
    sanity_cost: int = 0
    elder_sign: bool = False
    counts_as_item: bool = False
    #: performed when the card is taken (a bank loan's $10, a deputy's equipment)
    on_gain: tuple[Effect, ...] = ()
    #: "any phase: pay this to discard the card" (a bank loan repaid), offered in Upkeep
    discard_cost: tuple[Cost, ...] = ()

    @property
    def is_item(self) -> bool:
        """Discarded as an item on insanity or unconsciousness (AH-STAT-06)."""
        return self.type in ("common", "unique", "spell") or self.counts_as_item

    @property
    def is_weapon(self) -> bool:
        return self.hands > 0 and any(b.check == "combat" for b in self.bonuses)

    @property
    def is_spell(self) -> bool:
        return self.casting_modifier is not None


@dataclass
class AncientOne:
    id: str
    name: str
    file: str | None
    doom_track: int
    combat_rating: int
    attack_check: str
    attack_modifier: int
    attack_escalation: int
    attack_lose: str
    attack_amount: int
    worshipper_dimension: str | None = None
    worshipper_toughness: int = 0
    worshipper_combat: int = 0
    modifiers: tuple[Modifier, ...] = ()
    #: mask monsters join the cup only for such an Ancient One (AH-SETUP-12)
    masks: bool = False


@dataclass(frozen=True)
class Encounter:
    place: str  # a location id (location cards) or a world id / "other" (gate cards)
    text: str
    effects: tuple[Effect, ...]
    #: the location's members-only area (a Lodge's inner rooms): read instead of the plain
    #: entry by a holder of a ``membership`` card who chooses it
    members: bool = False


@dataclass
class LocationCard:
    id: str
    name: str
    file: str | None
    neighbourhood: str
    encounters: tuple[Encounter, ...]

    def for_location(self, location: str, members: bool = False) -> Encounter | None:
        """The plain entry for ``location``, or (``members``) its members-only entry."""
        return next(
            (e for e in self.encounters if e.place == location and e.members == members), None
        )


@dataclass
class GateCard:
    id: str
    name: str
    file: str | None
    colour: str
    encounters: tuple[Encounter, ...]

    def for_world(self, world: str) -> Encounter | None:
        """The entry for ``world``, else the ``other`` entry."""
        found = next((e for e in self.encounters if e.place == world), None)
        return found or next((e for e in self.encounters if e.place == "other"), None)


@dataclass(frozen=True)
class Rumor:
    start: int
    fail_at: int
    pass_at: str
    pass_cost: int
    on_pass: tuple[Effect, ...]
    on_fail: tuple[Effect, ...]


@dataclass(frozen=True)
class ActivityMarker:
    """An activity marker a mythos card places while in play (AH-MYTHA-05, AH-COMP-10):
    ``when`` is ``enter`` (an investigator ends movement there) or ``encounter`` (before
    an investigator's encounter or special action there); ``effects`` happen to them."""

    location: str
    when: str
    effects: tuple[Effect, ...]


@dataclass
class MythosCard:
    id: str
    name: str
    file: str | None
    type: str
    gate: str
    clue: str
    white: tuple[str, ...]
    black: tuple[str, ...]
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    rumor: Rumor | None = None
    #: locations closed while the card is in play (AH-MYTHA-05)
    closes: tuple[str, ...] = ()
    #: activity markers placed while the card is in play (AH-MYTHA-05)
    activity: tuple[ActivityMarker, ...] = ()


@dataclass
class Monster:
    id: str
    name: str
    file: str | None
    count: int
    dimension: str
    movement: str
    awareness: int
    horror_rating: int
    horror_damage: int
    combat_rating: int
    combat_damage: int
    toughness: int
    abilities: frozenset[str] = frozenset()
    unique_move: str | None = None
    #: the printed X of "Overwhelming X" / "Nightmarish X" by ability keyword
    ability_amounts: dict[str, int] = field(default_factory=dict)

    def amount(self, ability: str) -> int:
        """The X of an "ability X" (Overwhelming, Nightmarish); the sample content and
        older packs name no amount, so an absent one is 1 (AH-CMB-08)."""
        return self.ability_amounts.get(ability, 1)


@dataclass
class GateMarker:
    id: str
    name: str
    file: str | None
    world: str
    modifier: int
    dimension: str
    count: int = 1


@dataclass(frozen=True)
class TerrorClosure:
    terror: int
    location: str
    moves_to: str


@dataclass
class RulesTable:
    id: str
    name: str
    file: str | None
    monster_limit_base: int = 3
    outskirts: tuple[int, ...] = (7, 6, 5, 4, 3, 2, 1, 0)
    awakening_gates: tuple[int, ...] = (8, 8, 7, 7, 6, 6, 5, 5)
    seals_to_win: int = 6
    seal_cost: int = 5
    terror_closures: tuple[TerrorClosure, ...] = ()
    max_players: int = 8

    def outskirts_max(self, players: int) -> int:
        return self.outskirts[max(1, min(players, 8)) - 1]

    def gates_to_awaken(self, players: int) -> int:
        return self.awakening_gates[max(1, min(players, 8)) - 1]
