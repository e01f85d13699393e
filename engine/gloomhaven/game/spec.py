"""The engine's own, resolved view of Gloomhaven content.

The content model (``questforge.engine.gloomhaven.model``) mirrors the JSON files. The rules
engine works on these smaller, frozen records instead: one action grammar for characters,
monsters, summons and items, stats already looked up for the scenario level, hexes as
tuples. :mod:`.from_model` converts a loaded pack; tests build tiny scenarios directly
(:mod:`.builders`). Keeping the engine on its own records means a schema rename touches one
adapter, not every rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from questforge.engine.core.hexgrid import HexKey as Hex

# the game constants are defined once (constants.py); re-exported for the engine's modules
from questforge.engine.gloomhaven.constants import (
    ANY_ELEMENT as ANY_ELEMENT,
)
from questforge.engine.gloomhaven.constants import (
    CARD_CONDITIONS as CARD_CONDITIONS,
)
from questforge.engine.gloomhaven.constants import (
    CONDITIONS as CONDITIONS,
)
from questforge.engine.gloomhaven.constants import (
    ELEMENTS as ELEMENTS,
)
from questforge.engine.gloomhaven.constants import (
    NEGATIVE_CONDITIONS as NEGATIVE_CONDITIONS,
)
from questforge.engine.gloomhaven.constants import (
    POSITIVE_CONDITIONS as POSITIVE_CONDITIONS,
)
from questforge.engine.gloomhaven.constants import (
    STANDARD_MODIFIERS,
)
from questforge.engine.gloomhaven.constants import (
    TIMED_CONDITIONS as TIMED_CONDITIONS,
)


@dataclass(frozen=True, slots=True)
class AreaPattern:
    """GH-AOE: hex offsets. ``melee``: offsets from the attacker's hex (the attacker's own
    hex is not part of the pattern); otherwise offsets from any one hex of the pattern,
    which must come within range (GH-AOE-04). Any rotation is allowed (GH-AOE-01)."""

    hexes: tuple[Hex, ...]
    melee: bool


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of the shared action grammar.

    ``kind``: ``move``, ``attack``, ``heal``, ``shield``, ``retaliate``, ``loot``,
    ``infuse``, ``summon``, ``recover``, ``refresh``, ``condition`` (apply conditions to
    self/allies without an attack, GH-COND-14/GH-EFF-02), ``xp``, ``special`` (boss
    special action ``value`` = 1 or 2), ``disarm`` (remove up to ``targets`` traps within
    ``range``, default 1 = adjacent, without springing them, GH-TRAP-03), ``trap`` (create
    a trap on an empty hex within ``range``, default 1 = adjacent: ``value`` damage, 0 =
    none, and ``conditions``, GH-TRAP-05).

    Conditional XP (GH-XP-03): ``xp`` on a :class:`Consume` is gained only when the
    element is consumed; ``xp`` on the ability itself whenever it is performed.

    On monster ability cards ``value`` of ``move`` and ``attack`` and the ``range`` of an
    ``attack`` modify the stat card (GH-MMOVE-01, GH-MATK-01, GH-MATK-05; no range = the
    base range, GH-MOTH-02); a heal's range is absolute. Everywhere else values are
    absolute.
    """

    kind: str
    value: int = 0
    range: int | None = None
    targets: int = 1
    pierce: int = 0
    push: int = 0
    pull: int = 0
    jump: bool = False
    flying: bool = False
    conditions: tuple[str, ...] = ()
    aoe: AreaPattern | None = None
    add_target: bool = False
    #: who a heal/shield/retaliate/condition affects, as the schema's ``affects``: "self",
    #: "ally", "self-or-ally", "allies", "self-and-allies", "enemies"; "" = the default
    #: (heal: "self" without a range, else "self-or-ally"; others: "self")
    target: str = ""
    elements: tuple[str, ...] = ()
    consumes: tuple[Consume, ...] = ()
    xp: int = 0
    summon: SummonSpec | None = None
    #: recover/refresh: which pile ("discard", "lost", "spent", "consumed")
    pile: str = ""
    #: monster summon: monster type id to summon and whether elite
    monster: str = ""
    elite: bool = False
    #: ``value`` as a formula in L and C (e.g. a boss special "Attack 1+L/2"), evaluated
    #: when the ability is performed (GH-SPEC-08); "" = ``value`` is a plain number
    formula: str = ""


@dataclass(frozen=True, slots=True)
class Consume:
    """GH-ELEM-04/08: consume all of ``elements`` to add ``bonus`` to the ability."""

    elements: tuple[str, ...]
    value: int = 0
    range: int = 0
    targets: int = 0
    pierce: int = 0
    push: int = 0
    pull: int = 0
    conditions: tuple[str, ...] = ()
    xp: int = 0
    #: extra abilities performed when consumed (e.g. "heal 2 self")
    extra: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class SummonSpec:
    """GH-SUMM-03: a character summon's base stats."""

    name: str
    health: int
    move: int
    attack: int
    range: int = 0
    flying: bool = False
    shield: int = 0
    retaliate: int = 0


@dataclass(frozen=True, slots=True)
class Bonus:
    """GH-BONUS: what an active (persistent or round) card keeps doing.

    ``kind``: ``shield``, ``retaliate``, ``attack`` (+value to own attacks; content:
    an ``attack-bonus`` ability), ``negate_damage`` (GH-BONUS-06; content: a
    ``negate-damage`` ability), ``summon`` (kept while the summon lives).
    ``uses`` is the number of use slots (``None``: no slots; round bonuses and
    persistent bonuses without slots). ``xp_slots``: XP gained entering each slot
    (GH-BONUS-09)."""

    kind: str
    value: int = 0
    range: int = 1
    uses: int | None = None
    xp_slots: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Action:
    """One half (top or bottom) of an ability card."""

    abilities: tuple[Ability, ...]
    lost: bool = False
    persistent: bool = False
    round_bonus: bool = False
    bonus: Bonus | None = None
    xp: int = 0
    unrecoverable: bool = False
    #: XP gained only when a condition holds (GH-XP-03): (when, amount) with ``when``
    #: ``target-adjacent-to-ally``, ``kill`` or ``damage`` (about this action's attacks)
    xp_if: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class AbilityCard:
    id: str
    name: str
    level: int | str
    initiative: int
    top: Action
    bottom: Action


@dataclass(frozen=True, slots=True)
class ModifierCard:
    """GH-AMD: ``multiplier`` 2 for "2x", 0 for "Null", else 1."""

    id: str
    value: int = 0
    multiplier: int = 1
    rolling: bool = False
    shuffle: bool = False
    #: "bless" / "curse" cards leave the deck when drawn (GH-AMD-07)
    special: str = ""
    conditions: tuple[str, ...] = ()
    elements: tuple[str, ...] = ()
    push: int = 0
    pull: int = 0
    pierce: int = 0
    heal_self: int = 0
    shield_self: int = 0
    add_target: bool = False
    #: removed at the end of the scenario (GH-AMD-12, scenario/item cards)
    temporary: bool = False


BLESS_CARD = ModifierCard("bless", value=0, multiplier=2, special="bless")
CURSE_CARD = ModifierCard("curse", value=0, multiplier=0, special="curse")


@dataclass(frozen=True, slots=True)
class ClassSpec:
    """A character class, resolved for the engine."""

    id: str
    name: str
    health: tuple[int, ...]  # index = level - 1
    hand_size: int
    cards: tuple[AbilityCard, ...]
    modifier_deck: tuple[ModifierCard, ...]
    _by_id: Mapping[str, AbilityCard] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})

    def max_health(self, level: int) -> int:
        return self.health[max(0, min(level, len(self.health)) - 1)]

    def card(self, card_id: str) -> AbilityCard:
        try:
            return self._by_id[card_id]
        except KeyError:
            raise KeyError(f"class {self.id!r} has no card {card_id!r}") from None


@dataclass(frozen=True, slots=True)
class MonsterStats:
    """One stat line (a level, normal or elite) of a monster (GH-MSTAT-02)."""

    health: int
    move: int
    attack: int
    range: int = 0
    shield: int = 0
    retaliate: int = 0
    retaliate_range: int = 1
    pierce: int = 0
    flying: bool = False
    #: conditions every attack of this monster applies (stat-card specials)
    attack_conditions: tuple[str, ...] = ()
    immunities: tuple[str, ...] = ()
    target: int = 1


@dataclass(frozen=True, slots=True)
class MonsterAbilityCardSpec:
    id: str
    initiative: int
    abilities: tuple[Ability, ...]
    shuffle: bool = False


@dataclass(frozen=True, slots=True)
class MonsterTypeSpec:
    """A monster type or boss. ``stats[level]`` is ``{"normal": .., "elite": ..}``;
    bosses keep formulas in ``boss_health`` etc. and are resolved at setup (GH-BOSS-03)."""

    id: str
    name: str
    deck: str
    standees: int
    stats: Mapping[int, Mapping[str, MonsterStats]]
    boss: bool = False
    #: bosses: stats per character count C (GH-BOSS-03): ``{C: {level: {"normal": ..}}}``
    stats_by_players: Mapping[int, Mapping[int, Mapping[str, MonsterStats]]] = field(
        default_factory=dict
    )
    special_actions: Mapping[int, tuple[Ability, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TrapSpec:
    """GH-TRAP-04: ``damage`` means 2 + L damage; conditions applied too.

    A trap created by an ability (GH-TRAP-05) carries the ability's own damage in
    ``amount`` instead (0 = the scenario's 2 + L)."""

    damage: bool = True
    conditions: tuple[str, ...] = ()
    amount: int = 0


@dataclass(frozen=True, slots=True)
class DoorSpec:
    """A door hex between two rooms (GH-DOOR-01). A locked door (GH-SPEC-03) opens only
    through a special rule's ``open-door`` effect."""

    hex: Hex
    rooms: tuple[str, str]
    locked: bool = False
    id: str = ""


@dataclass(frozen=True, slots=True)
class Placement:
    """A monster marker: per player count (2, 3, 4) ``"none"``, ``"normal"`` or ``"elite"``
    (GH-SETUP-03/04). Named monsters and bosses carry their scenario id in ``named`` (goals
    and triggers refer to it) and may give their health as a formula (GH-SPEC-07/08)."""

    monster: str
    hex: Hex
    room: str
    by_players: Mapping[int, str]
    named: str = ""
    health_formula: str = ""


@dataclass(frozen=True, slots=True)
class AllySpec:
    """An allied figure (GH-SPEC-06): on the party's side, played by the rules like a
    character summon ("Move +0, Attack +0" with its own stats) at its own ``initiative``;
    ``health`` may be a formula in L and C (GH-SPEC-08). Present for the player counts in
    ``players``. Allies get random numbered tokens when placed; the numbers order allies
    sharing an initiative."""

    id: str
    name: str
    hex: Hex
    room: str
    health: str
    move: int
    attack: int
    initiative: int
    range: int = 0
    shield: int = 0
    retaliate: int = 0
    flying: bool = False
    players: frozenset[int] = frozenset({2, 3, 4})


@dataclass(frozen=True, slots=True)
class TriggerSpec:
    """When a special rule fires (GH-SPEC):

    ``round`` (``round`` n at ``when`` "start"/"end", repeating ``every`` k rounds),
    ``room-revealed`` (``key`` = room), ``door-opened`` (``key`` = door id),
    ``pressure-plate`` (``key`` = plate overlay id, GH-SPEC-04), ``killed`` (``targets``
    = named monster / boss ids, all dead), ``room-cleared`` (``key`` = room, no monster
    left), ``treasure-looted`` (``key`` = treasure number), ``monster-killed`` (``key`` =
    monster type, "" = any; fires when the ``count``-th such monster dies, default the
    first), ``enter-hex`` (a figure of ``figures`` - characters, monsters, any - enters one
    of ``hexes``), ``custom`` (never fires: free text for the players)."""

    kind: str
    key: str = ""
    round: int = 0
    when: str = "end"
    every: int = 0
    targets: tuple[str, ...] = ()
    count: int = 0
    hexes: tuple[Hex, ...] = ()
    figures: str = ""


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """What a special rule does:

    - ``spawn`` (``monster`` at ``hex`` per ``by_players``, GH-SPEC-01/02);
    - ``open-door`` / ``lock-door`` (``key`` = door id, GH-SPEC-03);
    - ``reveal-room`` (``key`` = room);
    - ``remove-overlays`` (``overlays`` ids) / ``add-overlays`` (an ``overlay`` kind on
      ``hexes``: ``trap`` with ``trap``, ``obstacle`` with ``formula`` health,
      ``hazardous``, ``difficult``, ``coin`` with ``amount`` tokens, ``treasure`` with
      ``key`` = number; ``overlays`` = its id, if any);
    - ``infuse`` / ``consume`` (``elements``, at once);
    - ``damage`` (``amount`` or ``formula`` in L and C) and ``condition`` (``conditions``)
      to the figures of ``figures`` ("characters", "monsters", "all") in the area: ``hexes``,
      or room ``key``, or (neither) the whole revealed map;
    - ``monster-stats`` (``stats``: (stat, delta) pairs for every monster of type
      ``monster``, also placed later, or for the named figure ``key``);
    - ``win`` / ``lose``;
    - ``custom`` (only its ``text`` is shown, never applied)."""

    kind: str
    key: str = ""
    monster: str = ""
    hex: Hex | None = None
    by_players: Mapping[int, str] = field(default_factory=dict)
    overlays: tuple[str, ...] = ()
    elements: tuple[str, ...] = ()
    amount: int = 0
    formula: str = ""
    conditions: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    figures: str = "all"
    stats: tuple[tuple[str, int], ...] = ()
    overlay: str = ""
    trap: TrapSpec | None = None
    #: wording for people (``custom`` effects are only shown, never applied)
    text: str = ""


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """A special rule: ``effects`` when ``trigger`` fires (only the first time if ``once``)."""

    trigger: TriggerSpec
    effects: tuple[EffectSpec, ...]
    once: bool = True
    id: str = ""


@dataclass(frozen=True, slots=True)
class Goal:
    """A win or loss condition (GH-END, GH-SPEC-07), as the scenario schema words them.

    Win: ``kill-all`` (every monster dead, revealed or not), ``kill`` (``targets`` =
    named monster / boss ids, or monster type ids), ``loot-treasure`` (``targets`` =
    treasure numbers), ``reach-hexes`` (``hexes``; every living character at once if
    ``all_characters``, else one), ``survive-rounds`` (to the end of round ``rounds``).
    Loss: ``round-limit`` (goal not met by the end of round ``rounds``), ``killed``
    (a listed named figure died). ``custom`` goals cannot be checked by the engine.
    """

    kind: str
    targets: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    rounds: int = 0
    all_characters: bool = True


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """A scenario map, resolved to hexes (tiles already placed and rotated)."""

    id: str
    name: str
    hexes: frozenset[Hex]
    #: unordered pairs of adjacent hexes with a thin wall between them
    thin_walls: frozenset[frozenset[Hex]]
    rooms: Mapping[str, frozenset[Hex]]
    start_room: str
    doors: tuple[DoorSpec, ...]
    start_hexes: tuple[Hex, ...]
    obstacles: Mapping[Hex, str] = field(default_factory=dict)  # hex -> hp formula ("" = none)
    traps: Mapping[Hex, TrapSpec] = field(default_factory=dict)
    hazardous: frozenset[Hex] = frozenset()
    difficult: frozenset[Hex] = frozenset()
    treasures: Mapping[Hex, str] = field(default_factory=dict)
    coins: Mapping[Hex, int] = field(default_factory=dict)
    #: hex -> pressure plate overlay id (GH-SPEC-04)
    pressure_plates: Mapping[Hex, str] = field(default_factory=dict)
    placements: tuple[Placement, ...] = ()
    rules: tuple[RuleSpec, ...] = ()
    goals: tuple[Goal, ...] = (Goal("kill-all"),)
    losses: tuple[Goal, ...] = ()
    #: overlay id -> (overlay type, hexes), for ``remove-overlays`` effects
    overlay_ids: Mapping[str, tuple[str, tuple[Hex, ...]]] = field(default_factory=dict)
    #: allied figures (GH-SPEC-06)
    allies: tuple[AllySpec, ...] = ()

    def room_of(self, hex_: Hex) -> str | None:
        return rooms_by_hex(self).get(hex_)


def rooms_by_hex(spec: ScenarioSpec) -> dict[Hex, str]:
    """The room of every hex of the runtime map (the first room listing it); door hexes
    belong to no room. :mod:`.from_model` fills ``spec.rooms`` from the content model's
    map (which already takes doors out of rooms); builders in tests may not, so doors are
    taken out here too. The engine's board and the playtest board both read this table."""
    found: dict[Hex, str] = {}
    for room, hexes in spec.rooms.items():
        for h in hexes:
            found.setdefault((h[0], h[1]), room)
    for door in spec.doors:
        found.pop(door.hex, None)
    return found


@dataclass(frozen=True, slots=True)
class ItemSpec:
    """An item: ``usage`` is ``"none"``, ``"spent"`` or ``"consumed"`` (GH-ITEM-06/08/10),
    ``uses`` its use slots (GH-ITEM-07). ``trigger`` says when it may be used (GH-TURN-07):
    ``"turn"`` (its abilities, on the character's turn), ``"move"`` (adds to a move:
    value, jump), ``"attack"`` / ``"melee-attack"`` (adds to an attack: value,
    conditions, pierce), ``"defense"`` (shield against one attack)."""

    id: str
    name: str
    usage: str
    abilities: tuple[Ability, ...]
    uses: int = 1
    trigger: str = "turn"
    modifier_cards: tuple[ModifierCard, ...] = ()
    #: equipment slot (GH-REF-04): head, body, legs, one-hand, two-hands, small ("" = any)
    slot: str = ""


@dataclass(frozen=True, slots=True)
class TreasureSpec:
    """What a treasure tile gives (GH-LOOT-03, GH-TREAS): ``kind`` is ``gold``, ``xp``,
    ``damage``, ``condition`` (resolved at once in the scenario), or ``item``,
    ``item-design``, ``random-item-design``, ``random-scenario``, ``other`` (recorded in
    the result for the campaign)."""

    number: str
    kind: str
    amount: int = 0
    item: str = ""
    conditions: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Content:
    """Everything a game needs, keyed by id."""

    classes: Mapping[str, ClassSpec]
    monsters: Mapping[str, MonsterTypeSpec]
    monster_decks: Mapping[str, tuple[MonsterAbilityCardSpec, ...]]
    monster_modifier_deck: tuple[ModifierCard, ...]
    scenarios: Mapping[str, ScenarioSpec]
    items: Mapping[str, ItemSpec] = field(default_factory=dict)
    #: treasure number -> what it gives
    treasures: Mapping[str, TreasureSpec] = field(default_factory=dict)
    #: scenarios of the pack that cannot be played, with the reason
    unplayable: Mapping[str, str] = field(default_factory=dict)
    pack_id: str = ""
    pack_version: str = ""


def standard_modifier_deck(prefix: str = "m") -> tuple[ModifierCard, ...]:
    """GH-REF-01: six +0, five +1, five −1, one +2, one −2, one ×2, one Null; ×2 and Null
    shuffle (GH-AMD-08)."""
    cards: list[ModifierCard] = []
    for _card, _label, value, count, shuffle in STANDARD_MODIFIERS:
        if isinstance(value, int):
            for i in range(count):
                cards.append(ModifierCard(f"{prefix}{value:+d}-{i + 1}", value=value))
        else:  # "x2" / "null": one card each, named by its value
            multiplier = 2 if value == "x2" else 0
            cards.append(ModifierCard(f"{prefix}{value}", multiplier=multiplier, shuffle=shuffle))
    return tuple(cards)
