"""Character classes, ability cards, attack modifiers, items, goals, quests, events, treasure.

The kinds a campaign and a character need besides the map and the monsters. Field names
follow the JSON (``docs/content-format.md``); the JSON key ``class`` of an ability card is
:attr:`AbilityCard.character_class` here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from questforge.engine.gloomhaven.model.actions import Ability, parse_action
from questforge.engine.gloomhaven.model.base import (
    ContentDocument,
    JsonPath,
    Node,
    Reader,
    as_int,
)

#: experience needed for levels 1..9 (GH-REF-03)
DEFAULT_XP_THRESHOLDS: tuple[int, ...] = (0, 45, 95, 150, 210, 275, 345, 420, 500)


@dataclass(frozen=True, kw_only=True)
class CardCount(Node):
    """A card reference with a number of copies."""

    card: str
    count: int = 1


def parse_card_count(data: Any, path: JsonPath) -> CardCount:
    r = Reader(data, path)
    return CardCount(source_path=path, card=r.req_str("card"), count=r.int_or("count", 1))


# ---------------------------------------------------------------- characters


@dataclass(frozen=True, kw_only=True)
class Perk(Node):
    """A perk (GH-LVL-04): remove and add attack modifier cards; may be taken ``count`` times."""

    text: str
    count: int = 1
    remove: tuple[CardCount, ...] = ()
    add: tuple[CardCount, ...] = ()


@dataclass(frozen=True, kw_only=True)
class CharacterClass(ContentDocument):
    name: str
    description: str | None = None
    icon: str | None = None
    starting: bool = False
    hand_size: int
    #: maximum health at levels 1..9 (index 0 is level 1)
    health: tuple[int, ...] = ()
    xp_thresholds: tuple[int, ...] = DEFAULT_XP_THRESHOLDS
    perks: tuple[Perk, ...] = ()
    #: reference of the attack modifier deck a new character starts with
    modifier_deck: str | None = None
    #: the class's own attack modifier cards, added by perks
    modifier_cards: tuple[str, ...] = ()
    events_on_unlock: tuple[str, ...] = ()
    events_on_retire: tuple[str, ...] = ()
    unlock: str | None = None
    #: the sealed envelope holding the class (GH-ENV-02): available once it is opened
    envelope: str | None = None

    def max_health(self, level: int) -> int:
        """Maximum health at character ``level`` (1-9)."""
        if not 1 <= level <= len(self.health):
            raise KeyError(f"class {self.id!r} has no health for level {level}")
        return self.health[level - 1]


@dataclass(frozen=True, kw_only=True)
class EnhancementSlot(Node):
    """``count`` sticker slots on ability line ``ability`` of a card half (GH-ENH-03), each
    taking the ``kinds`` printed (``()``: every kind the line can take; see
    :mod:`~questforge.engine.gloomhaven.enhancements`)."""

    ability: int
    count: int = 1
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class CardHalf(Node):
    """The top or bottom action of an ability card, with its markers (GH-SEL-07, GH-BONUS)."""

    abilities: tuple[Ability, ...] = ()
    lost: bool = False
    persistent: bool = False
    round: bool = False
    unrecoverable: bool = False
    #: use slots of a persistent bonus (GH-BONUS-03); ``None`` for none
    uses: int | None = None
    #: XP gained on each use slot (GH-XP-04)
    use_xp: tuple[int, ...] = ()
    enhancement_slots: tuple[EnhancementSlot, ...] = ()
    text: str | None = None

    @property
    def xp(self) -> int:
        """Unconditional XP of the action's ``xp`` abilities."""
        total = 0
        for a in self.abilities:
            if (
                a.type == "xp"
                and a.condition is None
                and a.when is None
                and isinstance(a.value, int)
            ):
                total += a.value
        return total

    @property
    def xp_if(self) -> tuple[tuple[str, int], ...]:
        """XP the engine gives only when a checked condition holds (GH-XP-03):
        (``when``, amount) of the ``xp`` abilities with ``when``."""
        return tuple(
            (a.when, a.value)
            for a in self.abilities
            if a.type == "xp" and a.when is not None and isinstance(a.value, int)
        )


@dataclass(frozen=True, kw_only=True)
class AbilityCard(ContentDocument):
    name: str
    #: reference of the character class (JSON key ``class``)
    character_class: str
    #: 1..9, or ``"X"``
    level: int | str
    initiative: int
    top: CardHalf
    bottom: CardHalf


# ---------------------------------------------------------------- attack modifiers


@dataclass(frozen=True, kw_only=True)
class ModifierEffects(Node):
    conditions: tuple[str, ...] = ()
    elements: tuple[str, ...] = ()
    push: int = 0
    pull: int = 0
    pierce: int = 0
    heal: int = 0
    shield: int = 0
    add_target: int = 0
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class AttackModifier(ContentDocument):
    """An attack modifier card (GH-AMD): ``value`` is an integer, ``"null"`` or ``"x2"``."""

    name: str | None = None
    value: int | str
    rolling: bool = False
    shuffle: bool = False
    #: ``"bless"`` or ``"curse"``: removed from the deck when drawn (GH-AMD-07)
    special: str | None = None
    icon: str | None = None
    effects: ModifierEffects | None = None

    @property
    def is_null(self) -> bool:
        return self.value == "null"

    @property
    def is_double(self) -> bool:
        return self.value == "x2"

    def apply(self, attack: int) -> int:
        """The attack value after this card: null is 0, x2 doubles, numbers add (GH-AMD-03/04)."""
        if self.value == "null":
            return 0
        if self.value == "x2":
            return attack * 2
        assert isinstance(self.value, int)
        return attack + self.value


@dataclass(frozen=True, kw_only=True)
class AttackModifierDeck(ContentDocument):
    name: str
    description: str | None = None
    #: ``monster`` or ``character``
    owner: str = "character"
    cards: tuple[CardCount, ...] = ()

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards)

    def card_ids(self) -> list[str]:
        """The deck as a flat list of card references, one per copy, in file order."""
        return [c.card for c in self.cards for _ in range(c.count)]


# ---------------------------------------------------------------- items


@dataclass(frozen=True, kw_only=True)
class Item(ContentDocument):
    number: int
    name: str
    cost: int
    slot: str
    #: ``none``, ``spent`` or ``consumed`` (GH-ITEM-05..10)
    usage: str = "none"
    uses: int | None = None
    count: int = 1
    modifier_cards: tuple[CardCount, ...] = ()
    abilities: tuple[Ability, ...] = ()
    trigger: str | None = None
    text: str | None = None
    #: the prosperity level that puts it in the city's supply (GH-SHOP-05); absent: 1,
    #: the supply of a new campaign
    prosperity: int = 1
    #: in the random item design deck (GH-RID-01): in the supply only once drawn
    random_deck: bool = False
    #: the sealed envelope holding its design (GH-ENV-02): in the supply once opened
    envelope: str | None = None


# ---------------------------------------------------------------- campaign


@dataclass(frozen=True, kw_only=True)
class BattleGoalCondition(Node):
    """What the engine checks for a battle goal when the scenario ends (GH-BG-02):
    ``type`` ``counter`` (``counter`` compared by ``compare`` with ``value`` or with the
    other characters) or ``last-exhausted``."""

    type: str
    counter: str | None = None
    compare: str | None = None
    value: int | None = None


@dataclass(frozen=True, kw_only=True)
class BattleGoal(ContentDocument):
    name: str
    text: str
    checkmarks: int
    #: ``None``: the goal is text only (the engine cannot check it)
    condition: BattleGoalCondition | None = None


@dataclass(frozen=True, kw_only=True)
class QuestRequirement(Node):
    text: str
    count: int = 1
    #: what campaign play counts for it (GH-PQ-02): a counter name, or a scenario to win
    counter: str | None = None
    scenario: str | None = None


@dataclass(frozen=True, kw_only=True)
class PersonalQuest(ContentDocument):
    number: int | None = None
    name: str
    description: str | None = None
    requirements: tuple[QuestRequirement, ...] = ()
    reward_envelope: str | None = None
    reward_class: str | None = None
    reward_text: str | None = None


@dataclass(frozen=True, kw_only=True)
class OutcomeCondition(Node):
    """``class`` (a class in the party), ``reputation`` (in ``min..max``) or ``otherwise``."""

    type: str
    character_class: str | None = None
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True, kw_only=True)
class OutcomeEffects(Node):
    gold: int = 0
    xp: int = 0
    reputation: int = 0
    prosperity: int = 0
    checkmarks: int = 0
    conditions: tuple[str, ...] = ()
    damage: int = 0
    add_events: tuple[str, ...] = ()
    remove_events: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    unlock_scenarios: tuple[str, ...] = ()
    #: the sealed envelope the outcome opens (GH-ENV-01/03)
    envelope: str | None = None
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class EventOutcome(Node):
    condition: OutcomeCondition | None = None
    text: str
    effects: OutcomeEffects | None = None
    #: ``remove`` (from the game) or ``return`` (to the bottom of the deck)
    disposition: str = "return"


@dataclass(frozen=True, kw_only=True)
class EventOption(Node):
    label: str
    text: str
    outcomes: tuple[EventOutcome, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Event(ContentDocument):
    """A city or road event (GH-EVT, GH-ROAD): two options with conditioned outcomes."""

    number: int
    deck: str
    text: str
    options: tuple[EventOption, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TreasureEntry(Node):
    number: int
    #: ``gold``, ``item``, ``item-design``, ``random-item-design``, ``random-scenario``,
    #: ``xp``, ``damage``, ``condition`` or ``other``
    type: str
    amount: int | None = None
    item: str | None = None
    scenario: str | None = None
    conditions: tuple[str, ...] = ()
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class TreasureTable(ContentDocument):
    name: str
    entries: tuple[TreasureEntry, ...] = ()

    def entry(self, number: int) -> TreasureEntry | None:
        return next((e for e in self.entries if e.number == number), None)


# ---------------------------------------------------------------- parsing


def parse_character_class(r: Reader, common: dict[str, Any]) -> CharacterClass:
    def perk(data: Any, path: JsonPath) -> Perk:
        p = Reader(data, path)
        return Perk(
            source_path=path,
            text=p.req_str("text"),
            count=p.int_or("count", 1),
            remove=p.array("remove", parse_card_count),
            add=p.array("add", parse_card_count),
        )

    return CharacterClass(
        **common,
        name=r.req_str("name"),
        description=r.opt_str("description"),
        icon=r.opt_str("icon"),
        starting=r.flag("starting"),
        hand_size=r.req_int("hand_size"),
        health=r.array("health", as_int),
        xp_thresholds=r.array("xp_thresholds", as_int) or DEFAULT_XP_THRESHOLDS,
        perks=r.array("perks", perk),
        modifier_deck=r.opt_str("modifier_deck"),
        modifier_cards=r.strs("modifier_cards"),
        events_on_unlock=r.strs("events_on_unlock"),
        events_on_retire=r.strs("events_on_retire"),
        unlock=r.opt_str("unlock"),
        envelope=r.opt_str("envelope"),
    )


def _half(data: Any, path: JsonPath) -> CardHalf:
    h = Reader(data, path)
    return CardHalf(
        source_path=path,
        abilities=h.req_child("abilities", parse_action),
        lost=h.flag("lost"),
        persistent=h.flag("persistent"),
        round=h.flag("round"),
        unrecoverable=h.flag("unrecoverable"),
        uses=h.opt_int("uses"),
        use_xp=h.array("use_xp", as_int),
        enhancement_slots=h.array(
            "enhancement_slots",
            lambda d, p: EnhancementSlot(
                source_path=p,
                ability=Reader(d, p).req_int("ability"),
                count=Reader(d, p).int_or("count", 1),
                kinds=Reader(d, p).strs("kinds"),
            ),
        ),
        text=h.opt_str("text"),
    )


def parse_ability_card(r: Reader, common: dict[str, Any]) -> AbilityCard:
    level = r.data.get("level")
    if level != "X":
        level = as_int(level, r.at("level"))
    return AbilityCard(
        **common,
        name=r.req_str("name"),
        character_class=r.req_str("class"),
        level=level,
        initiative=r.req_int("initiative"),
        top=r.req_child("top", _half),
        bottom=r.req_child("bottom", _half),
    )


def _modifier_effects(data: Any, path: JsonPath) -> ModifierEffects:
    e = Reader(data, path)
    return ModifierEffects(
        source_path=path,
        conditions=e.strs("conditions"),
        elements=e.strs("elements"),
        push=e.int_or("push", 0),
        pull=e.int_or("pull", 0),
        pierce=e.int_or("pierce", 0),
        heal=e.int_or("heal", 0),
        shield=e.int_or("shield", 0),
        add_target=e.int_or("add_target", 0),
        text=e.opt_str("text"),
    )


def parse_attack_modifier(r: Reader, common: dict[str, Any]) -> AttackModifier:
    value = r.data.get("value")
    if value not in ("null", "x2"):
        value = as_int(value, r.at("value"))
    return AttackModifier(
        **common,
        name=r.opt_str("name"),
        value=value,
        rolling=r.flag("rolling"),
        shuffle=r.flag("shuffle"),
        special=r.opt_str("special"),
        icon=r.opt_str("icon"),
        effects=r.child("effects", _modifier_effects),
    )


def parse_attack_modifier_deck(r: Reader, common: dict[str, Any]) -> AttackModifierDeck:
    return AttackModifierDeck(
        **common,
        name=r.req_str("name"),
        description=r.opt_str("description"),
        owner=r.opt_str("owner") or "character",
        cards=r.array("cards", parse_card_count),
    )


def parse_item(r: Reader, common: dict[str, Any]) -> Item:
    return Item(
        **common,
        number=r.req_int("number"),
        name=r.req_str("name"),
        cost=r.req_int("cost"),
        slot=r.req_str("slot"),
        usage=r.opt_str("usage") or "none",
        uses=r.opt_int("uses"),
        count=r.int_or("count", 1),
        modifier_cards=r.array("modifier_cards", parse_card_count),
        abilities=r.child("abilities", parse_action) or (),
        trigger=r.opt_str("trigger"),
        text=r.opt_str("text"),
        prosperity=r.int_or("prosperity", 1),
        random_deck=r.flag("random_deck"),
        envelope=r.opt_str("envelope"),
    )


def parse_battle_goal(r: Reader, common: dict[str, Any]) -> BattleGoal:
    return BattleGoal(
        **common,
        name=r.req_str("name"),
        text=r.req_str("text"),
        checkmarks=r.req_int("checkmarks"),
        condition=r.child("condition", _parse_goal_condition),
    )


def _parse_goal_condition(data: Any, path: JsonPath) -> BattleGoalCondition:
    r = Reader(data, path)
    return BattleGoalCondition(
        source_path=path,
        type=r.req_str("type"),
        counter=r.opt_str("counter"),
        compare=r.opt_str("compare"),
        value=r.opt_int("value"),
    )


def parse_personal_quest(r: Reader, common: dict[str, Any]) -> PersonalQuest:
    reward = r.child("reward", Reader)
    return PersonalQuest(
        **common,
        number=r.opt_int("number"),
        name=r.req_str("name"),
        description=r.opt_str("description"),
        requirements=r.array(
            "requirements",
            lambda d, p: QuestRequirement(
                source_path=p,
                text=Reader(d, p).req_str("text"),
                count=Reader(d, p).int_or("count", 1),
                counter=Reader(d, p).opt_str("counter"),
                scenario=Reader(d, p).opt_str("scenario"),
            ),
        ),
        reward_envelope=reward.opt_str("envelope") if reward else None,
        reward_class=reward.opt_str("class") if reward else None,
        reward_text=reward.opt_str("text") if reward else None,
    )


def _outcome(data: Any, path: JsonPath) -> EventOutcome:
    o = Reader(data, path)

    def cond(d: Any, p: JsonPath) -> OutcomeCondition:
        c = Reader(d, p)
        return OutcomeCondition(
            source_path=p,
            type=c.req_str("type"),
            character_class=c.opt_str("class"),
            min=c.opt_int("min"),
            max=c.opt_int("max"),
        )

    def effects(d: Any, p: JsonPath) -> OutcomeEffects:
        e = Reader(d, p)
        return OutcomeEffects(
            source_path=p,
            gold=e.int_or("gold", 0),
            xp=e.int_or("xp", 0),
            reputation=e.int_or("reputation", 0),
            prosperity=e.int_or("prosperity", 0),
            checkmarks=e.int_or("checkmarks", 0),
            conditions=e.strs("conditions"),
            damage=e.int_or("damage", 0),
            add_events=e.strs("add_events"),
            remove_events=e.strs("remove_events"),
            items=e.strs("items"),
            unlock_scenarios=e.strs("unlock_scenarios"),
            envelope=e.opt_str("envelope"),
            text=e.opt_str("text"),
        )

    return EventOutcome(
        source_path=path,
        condition=o.child("condition", cond),
        text=o.req_str("text"),
        effects=o.child("effects", effects),
        disposition=o.opt_str("disposition") or "return",
    )


def parse_event(r: Reader, common: dict[str, Any]) -> Event:
    def option(data: Any, path: JsonPath) -> EventOption:
        o = Reader(data, path)
        return EventOption(
            source_path=path,
            label=o.req_str("label"),
            text=o.req_str("text"),
            outcomes=o.array("outcomes", _outcome),
        )

    return Event(
        **common,
        number=r.req_int("number"),
        deck=r.req_str("deck"),
        text=r.req_str("text"),
        options=r.array("options", option),
    )


def parse_treasure_table(r: Reader, common: dict[str, Any]) -> TreasureTable:
    def entry(data: Any, path: JsonPath) -> TreasureEntry:
        e = Reader(data, path)
        reward = e.req_child("reward", Reader)
        return TreasureEntry(
            source_path=path,
            number=e.req_int("number"),
            type=reward.req_str("type"),
            amount=reward.opt_int("amount"),
            item=reward.opt_str("item"),
            scenario=reward.opt_str("scenario"),
            conditions=reward.strs("conditions"),
            text=reward.opt_str("text"),
        )

    return TreasureTable(**common, name=r.req_str("name"), entries=r.array("entries", entry))
