"""Typed Witcher content: one frozen dataclass per concept, read from schema-valid JSON.

The schema (``schema/witcher/*.schema.json``) is the one truth about the format; these
classes are its typed reading for the engine, the validator and the editor. Defaults here
are the schema's ``default`` values. Every document object keeps the ``file`` it came from
so that checks can point at it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.errors import ContentError

#: die results that count as swords / shields, and how many each is worth (WI-DICE-07,
#: WI-CMB-02): a double sword is two swords; an arrow shield is nothing until paired with a
#: sword into a grid shield
SWORD_VALUE: Mapping[str, int] = {"sword": 1, "double-sword": 2}
SHIELD_VALUE: Mapping[str, int] = {"shield": 1, "grid-shield": 1}


class ModelError(ContentError):
    """A document the model cannot read: what was expected, where."""

    def __init__(self, message: str, file: str | None = None, path: tuple[Any, ...] = ()) -> None:
        self.message = message
        self.file = file
        self.path = tuple(path)
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        super().__init__(f"{file + ': ' if file else ''}{where}: {message}")


@dataclass(frozen=True)
class Effect:
    """One step of the declarative effect vocabulary (``schema/witcher/defs``: ``effect``)."""

    op: str
    amount: int = 1
    colour: str | None = None
    severity: str = "minor"
    monster_class: str | None = None
    card_type: str | None = None
    result: str | None = None
    per_missing: bool = False
    options: tuple[tuple[Effect, ...], ...] = ()
    #: the deck of ``look-at`` / ``reveal`` (WI-DRAW-03/04)
    deck: str | None = None
    #: multiply ``amount`` by the hero's investigation cards with this trait (WI-TRAIT-02)
    per_trait: str | None = None
    #: who suffers it: ``self`` (the hero resolving) or ``most-vp`` (WI-VP-03)
    target: str = "self"
    #: the die face a card shows for ``set-face`` (WI-DICE-06)
    face: tuple[str, ...] | None = None
    #: where ``place-monster`` puts monsters: ``own`` (the hero's area) or ``each`` area
    #: (WI-MON-04)
    area: str = "own"
    #: ``roll-hero-dice`` (WI-DICE-01/05): results needed (result, count), results that
    #: must not appear, and what follows success or failure
    need: tuple[tuple[str, int], ...] = ()
    absent: tuple[str, ...] = ()
    success: tuple[Effect, ...] = ()
    failure: tuple[Effect, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"op": self.op, "amount": self.amount}
        for key, value in (
            ("colour", self.colour),
            ("class", self.monster_class),
            ("card_type", self.card_type),
            ("result", self.result),
            ("deck", self.deck),
            ("per_trait", self.per_trait),
        ):
            if value is not None:
                out[key] = value
        if self.target != "self":
            out["target"] = self.target
        if self.area != "own":
            out["area"] = self.area
        if self.face is not None:
            out["face"] = list(self.face)
        if self.op == "wound":
            out["severity"] = self.severity
        if self.per_missing:
            out["per_missing"] = True
        if self.options:
            out["options"] = [[e.to_json() for e in opt] for opt in self.options]
        if self.need:
            out["need"] = dict(self.need)
        if self.absent:
            out["absent"] = list(self.absent)
        if self.success:
            out["success"] = [e.to_json() for e in self.success]
        if self.failure:
            out["failure"] = [e.to_json() for e in self.failure]
        return out


Effects = tuple[Effect, ...]


@dataclass(frozen=True)
class Resources:
    """Resources to spend (WI-SPEND-01)."""

    gold: int = 0
    leads: Mapping[str, int] = field(default_factory=dict)
    any_leads: int = 0
    proof: Mapping[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (
            self.gold or self.any_leads or any(self.leads.values()) or any(self.proof.values())
        )


@dataclass(frozen=True)
class Condition:
    """What completes a side quest or task: ``visit``, ``defeat`` or ``spend``."""

    type: str
    location: str | None = None
    monster_class: str | None = None
    cost: Resources = field(default_factory=Resources)


@dataclass(frozen=True)
class Die:
    id: str
    name: str
    owner: str
    faces: tuple[tuple[str, ...], ...]
    colour: str = ""
    file: str | None = None


@dataclass(frozen=True)
class Monster:
    id: str
    name: str
    monster_class: str
    sword: int
    shield: int
    vp: int
    sword_effects: Effects = ()
    shield_effects: Effects = ()
    ritual: int | None = None
    ritual_replaces_swords: bool = False
    tokens: int = 1
    file: str | None = None


@dataclass(frozen=True)
class DiceEffect:
    """A hero-sheet dice effect (WI-DICE-05): the results the hero's own dice must show
    (``need``) and those that must not appear (``absent``), and what success gives."""

    need: Mapping[str, int]
    effects: Effects
    absent: tuple[str, ...] = ()


@dataclass(frozen=True)
class SpecialOperation:
    name: str
    effects: Effects
    cost: Resources = field(default_factory=Resources)


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    dice: tuple[str, ...]
    quest_deck: str
    start: str
    exchange_default: int
    exchange: Mapping[str, int]
    actions: tuple[str, ...]
    development_deck: tuple[str, ...]
    special_action: SpecialOperation | None = None
    special_operation: SpecialOperation | None = None
    dice_effects: tuple[DiceEffect, ...] = ()
    file: str | None = None

    def rate(self, colour: str) -> int:
        """Leads of ``colour`` per proof (WI-LEAD-05)."""
        return self.exchange.get(colour, self.exchange_default)


@dataclass(frozen=True)
class SideQuest:
    id: str
    name: str
    condition: Condition
    vp: int


@dataclass(frozen=True)
class Support:
    cost: Resources
    vp_supporter: int = 6
    vp_owner: int = 3


@dataclass(frozen=True)
class Quest:
    id: str
    name: str
    deck: str
    destination: str
    cost: Resources
    vp: int
    enemy: str | None = None
    reward: Effects = ()
    side_quests: tuple[SideQuest, ...] = ()
    support: Support | None = None
    file: str | None = None


@dataclass(frozen=True)
class DevelopmentCard:
    id: str
    name: str
    hero: str
    type: str
    timing: str
    effects: Effects
    traits: tuple[str, ...] = ()
    uses_markers: bool = False
    max_markers: int = 3
    start_markers: int = 0
    file: str | None = None


@dataclass(frozen=True)
class InvestigationCard:
    id: str
    name: str
    colour: str
    effects: Effects = ()
    traits: tuple[str, ...] = ()
    complication: bool = False
    keep: bool = False
    task: tuple[Condition, Effects] | None = None
    file: str | None = None
    #: effects that act only when the hero discards the card (WI-INV-02's second kind of
    #: purple card): such a card is kept face up until then (WI-KEEP-01)
    on_discard: Effects = ()

    @property
    def kept(self) -> bool:
        """Whether the hero keeps the card face up once it is resolved: for its traits or
        told to (WI-KEEP-02), for a task (WI-KEEP-03), or until it is discarded for its
        effect (WI-KEEP-01, WI-INV-02). A card with a trait is kept for it whether or not
        it says ``keep``: the seed's "有些卡牌因為其特性緣故…需要持有它…正面朝上放置" (WI-KEEP-02)
        and WI-INV-03 (the traits accumulate once the effect is resolved), else a trait on
        a card without ``keep`` could never be counted (WI-TRAIT-02)."""
        return self.keep or bool(self.traits) or self.task is not None or bool(self.on_discard)


@dataclass(frozen=True)
class MisfortuneCard:
    id: str
    name: str
    effects: Effects
    file: str | None = None


@dataclass(frozen=True)
class ChallengeCard:
    """A challenge card (WI-BASIC-05): met by paying ``cost`` for ``vp``, else ``penalty``."""

    id: str
    name: str
    cost: Resources
    vp: int
    penalty: Effects
    file: str | None = None


@dataclass(frozen=True)
class LuckCard:
    """A luck card (WI-LUCK): kept face down, used at its ``timing`` (WI-LUCK-03).

    ``own_turn_only``: the card says "on your turn", so it is used only while its holder
    is the active hero (WI-LUCK-03). ``keep``: the card says it is not discarded after use
    (WI-LUCK-04 "unless the card says otherwise"); it stays with the hero, usable once a
    turn."""

    id: str
    name: str
    timing: str
    effects: Effects
    own_turn_only: bool = False
    keep: bool = False
    file: str | None = None


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    investigation: str


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    area: str
    lead: str | None = None
    gives_lead: bool = True
    heal: bool = False
    spaces: int = 4
    position: tuple[float, float] | None = None


@dataclass(frozen=True)
class Route:
    a: str
    b: str
    type: str = "land"
    cost: int = 0

    def other(self, end: str) -> str:
        return self.b if end == self.a else self.a


@dataclass(frozen=True)
class ObstacleArea:
    id: str
    area: str
    monster_space: bool = True
    misfortune_space: bool = True


@dataclass(frozen=True)
class TrackSpace:
    obstacle: str
    monster_class: str | None = None
    area: str | None = None


@dataclass(frozen=True)
class Length:
    id: str
    quests: int
    name: str = ""


@dataclass(frozen=True)
class SetupObstacle:
    area: str
    obstacle: str
    monster_class: str | None = None


@dataclass(frozen=True)
class GameOptions:
    id: str
    name: str
    lengths: tuple[Length, ...]
    combat_dice: tuple[str, ...]
    default_length: str | None = None
    starting_gold: int = 2
    setup_obstacles: tuple[SetupObstacle, ...] = ()
    overflow_vp: int = 2
    max_rounds: int = 60
    #: challenge cards drawn on reaching a location (WI-BASIC-05: three)
    challenge_draw: int = 3
    file: str | None = None

    def length(self, ident: str | None) -> Length:
        """The length ``ident`` (the default, else the first, when ``None``)."""
        wanted = ident or self.default_length
        for length in self.lengths:
            if length.id == wanted:
                return length
        if ident is not None:
            known = ", ".join(x.id for x in self.lengths)
            raise KeyError(f"unknown game length {ident!r} (known: {known})")
        return self.lengths[0]
