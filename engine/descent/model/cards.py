"""Descent cards as typed objects: dice, heroes, skills, items, monsters, Overlord cards,
dungeon tiles and the shop table.

Every loader reads a schema-valid document (the schema is the one truth about the format;
these classes only give it types). A document that is not schema-valid may still reach a
loader (the model is also built outside the validator): a missing key or a wrong type
raises :class:`ModelError` naming the file and JSON path, never a bare ``KeyError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.errors import ContentError

JsonPath = tuple[str | int, ...]
Cell = tuple[int, int]

ATTACK_TYPES: tuple[str, ...] = ("melee", "ranged", "magic")
CONDITIONS: tuple[str, ...] = ("burn", "poison", "stun", "web", "bleed")
TIERS: tuple[str, ...] = ("shop", "copper", "silver", "gold", "relic")
#: hero counts a monster card must cover (DJ-REF-21: 2-5 players = 1-4 heroes)
HERO_COUNTS: tuple[str, ...] = ("2", "3", "4")


class ModelError(ContentError):
    """Content the model cannot read: what was expected, at which path of which file."""

    def __init__(self, message: str, path: JsonPath = (), file: str | None = None) -> None:
        self.message = message
        self.path = tuple(path)
        self.file = file
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        super().__init__(f"{file + ': ' if file else ''}{where}: {message}")


def cell(value: Any) -> Cell:
    """A ``[x, y]`` JSON pair as a tuple."""
    return (int(value[0]), int(value[1]))


@dataclass(frozen=True)
class Face:
    """One die face (DJ-REF-02..04)."""

    range: int = 0
    damage: int = 0
    surges: int = 0
    enhancements: int = 0
    miss: bool = False


@dataclass(frozen=True)
class Die:
    """A die colour: its role and faces."""

    id: str
    name: str
    role: str
    faces: tuple[Face, ...]
    file: str | None = None

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> Die:
        faces = tuple(
            Face(
                range=int(f.get("range", 0)),
                damage=int(f.get("damage", 0)),
                surges=int(f.get("surges", 0)),
                enhancements=int(f.get("enhancements", 0)),
                miss=bool(f.get("miss", False)),
            )
            for f in data["faces"]
        )
        return Die(data["id"], data["name"], data["role"], faces, file)


@dataclass(frozen=True)
class Ability:
    """An ability with its rank (Fear 2, Pierce 1, Reach = rank 0).

    ``template`` is Breath's template shape (DJ-ABIL-03), as the pack draws it: the
    squares it covers as ``(forward, side)`` offsets from the square where it is laid,
    ``(0, 0)``, next to the attacker, forward pointing away from the attacker (the published
    game lays the teardrop with its narrow end there). ``None``: the pack gives no shape and
    the engine's earlier reading holds (``docs/descent.md``)."""

    name: str
    rank: int = 0
    template: tuple[tuple[int, int], ...] | None = None

    @staticmethod
    def load(data: Mapping[str, Any]) -> Ability:
        raw = data.get("template")
        template = None if raw is None else tuple((int(c[0]), int(c[1])) for c in raw)
        return Ability(str(data["name"]), int(data.get("rank", 0)), template)


@dataclass(frozen=True)
class SurgeAbility:
    """What ``cost`` surges buy on an attack (DJ-ATK-05)."""

    cost: int
    damage: int = 0
    range: int = 0
    ability: Ability | None = None

    @staticmethod
    def load(data: Mapping[str, Any]) -> SurgeAbility:
        ab = data.get("ability")
        return SurgeAbility(
            int(data["cost"]),
            int(data.get("damage", 0)),
            int(data.get("range", 0)),
            Ability.load(ab) if ab is not None else None,
        )


def _abilities(data: Mapping[str, Any]) -> tuple[Ability, ...]:
    return tuple(Ability.load(a) for a in data.get("abilities", ()))


def _surges(data: Mapping[str, Any]) -> tuple[SurgeAbility, ...]:
    return tuple(SurgeAbility.load(s) for s in data.get("surges", ()))


@dataclass(frozen=True)
class AttackBonus:
    """A bonus on attacks of one type (``any``, ``ranged-magic`` or one attack type)."""

    type: str
    damage: int = 0
    range: int = 0
    surges: int = 0

    def applies(self, attack: str) -> bool:
        if self.type == "any":
            return True
        if self.type == "ranged-magic":
            return attack in ("ranged", "magic")
        return self.type == attack

    @staticmethod
    def load(data: Mapping[str, Any] | None) -> AttackBonus | None:
        if data is None:
            return None
        return AttackBonus(
            str(data["type"]),
            int(data.get("damage", 0)),
            int(data.get("range", 0)),
            int(data.get("surges", 0)),
        )


@dataclass(frozen=True)
class Hero:
    """A hero card (DJ-SETUP-01..05)."""

    id: str
    name: str
    speed: int
    wounds: int
    fatigue: int
    armor: int
    traits: Mapping[str, int]
    skills: Mapping[str, int]
    conquest: int
    ability_text: str
    attack_bonus: AttackBonus | None = None
    armor_bonus: int = 0
    speed_bonus: int = 0
    file: str | None = None

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> Hero:
        ability = data["ability"]
        return Hero(
            id=data["id"],
            name=data["name"],
            speed=int(data["speed"]),
            wounds=int(data["wounds"]),
            fatigue=int(data["fatigue"]),
            armor=int(data["armor"]),
            traits={t: int(data["traits"].get(t, 0)) for t in ATTACK_TYPES},
            skills={
                d: int(data["skills"].get(d, 0)) for d in ("fighting", "subterfuge", "wizardry")
            },
            conquest=int(data["conquest"]),
            ability_text=str(ability["text"]),
            attack_bonus=AttackBonus.load(ability.get("attack")),
            armor_bonus=int(ability.get("armor", 0)),
            speed_bonus=int(ability.get("speed", 0)),
            file=file,
        )


@dataclass(frozen=True)
class Skill:
    """A skill card with the effects the engine plays (DJ-SKILL)."""

    id: str
    name: str
    deck: str
    text: str
    wounds: int = 0
    fatigue: int = 0
    speed: int = 0
    armor: int = 0
    armor_vs: Mapping[str, int] = field(default_factory=dict)
    attack: AttackBonus | None = None
    on_action: tuple[str, int] | None = None
    #: heroes within this many squares share the ``on_action`` fatigue (DJ-SKILL-M01)
    on_action_radius: int = 0
    threat: int = 0
    trap_damage: int = 0
    door_cost: int | None = None
    #: extra threat for trap cards played in response to the hero's actions (DJ-SKILL-R15)
    trap_threat: int = 0
    #: cards the Overlord loses when a new area is revealed (DJ-SKILL-G13)
    reveal_discard: int = 0
    ignore: frozenset[str] = frozenset()
    immune: frozenset[str] = frozenset()
    #: (attack type or "any", fatigue cost, action or None, once per turn)
    extra_attack: tuple[str, int, str | None, bool] | None = None
    holy_aura: int = 0
    kill_fatigue: int = 0
    unencumbered: bool = False
    unarmored_armor: int = 0
    aimed_two_handed: bool = False
    sight_from_adjacent: bool = False
    death_blast: int = 0
    still_heal: int = 0
    cleave: int = 0
    alertness: int = 0
    taunt: int = 0
    telekinesis: bool = False
    battle_charge: int = 0
    ready_both: bool = False
    precision: bool = False
    shield_armor: int = 0
    #: power-die enhancements count as range and damage both (DJ-SKILL-R14)
    lucky: bool = False
    #: on Battle: armor until the next turn and a Guard order may be placed (DJ-SKILL-M03)
    battle_guard: int = 0
    #: no structured ``effects``: the engine plays nothing of the card, only its text
    #: exists (a pet or familiar, DJ-SKILL-M13, G10, G11; a skill whose effect the source
    #: lost); setup and the shop say so in the log
    text_only: bool = False
    file: str | None = None

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> Skill:
        e = data.get("effects", {})
        on = e.get("on_action")
        extra = e.get("extra_attack")
        return Skill(
            id=data["id"],
            name=data["name"],
            deck=data["deck"],
            text=data["text"],
            wounds=int(e.get("wounds", 0)),
            fatigue=int(e.get("fatigue", 0)),
            speed=int(e.get("speed", 0)),
            armor=int(e.get("armor", 0)),
            armor_vs={k: int(v) for k, v in e.get("armor_vs", {}).items()},
            attack=AttackBonus.load(e.get("attack")),
            on_action=(str(on["action"]), int(on["fatigue"])) if on else None,
            on_action_radius=int(on.get("radius", 0)) if on else 0,
            threat=int(e.get("threat", 0)),
            trap_damage=int(e.get("trap_damage", 0)),
            door_cost=int(e["door_cost"]) if "door_cost" in e else None,
            trap_threat=int(e.get("trap_threat", 0)),
            reveal_discard=int(e.get("reveal_discard", 0)),
            ignore=frozenset(e.get("ignore", ())),
            immune=frozenset(e.get("immune", ())),
            extra_attack=(
                (
                    str(extra["type"]),
                    int(extra["fatigue"]),
                    extra.get("action"),
                    bool(extra.get("once", False)),
                )
                if extra
                else None
            ),
            holy_aura=int(e.get("holy_aura", 0)),
            kill_fatigue=int(e.get("kill_fatigue", 0)),
            unencumbered=bool(e.get("unencumbered", False)),
            unarmored_armor=int(e.get("unarmored_armor", 0)),
            aimed_two_handed=bool(e.get("aimed_two_handed", False)),
            sight_from_adjacent=bool(e.get("sight_from_adjacent", False)),
            death_blast=int(e.get("death_blast", 0)),
            still_heal=int(e.get("still_heal", 0)),
            cleave=int(e.get("cleave", 0)),
            alertness=int(e.get("alertness", 0)),
            taunt=int(e.get("taunt", 0)),
            telekinesis=bool(e.get("telekinesis", False)),
            battle_charge=int(e.get("battle_charge", 0)),
            ready_both=bool(e.get("ready_both", False)),
            precision=bool(e.get("precision", False)),
            shield_armor=int(e.get("shield_armor", 0)),
            lucky=bool(e.get("lucky", False)),
            battle_guard=int(e.get("battle_guard", 0)),
            text_only=not e,
            file=file,
        )


@dataclass(frozen=True)
class Item:
    """An item card from the shop or a treasure deck (DJ-TREAS)."""

    id: str
    name: str
    tier: str
    type: str
    hands: int = 0
    attack: str | None = None
    dice: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    surges: tuple[SurgeAbility, ...] = ()
    armor: int = 0
    max_speed: int | None = None
    potion: str | None = None
    price: int | None = None
    count: int = 1
    file: str | None = None

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> Item:
        return Item(
            id=data["id"],
            name=data["name"],
            tier=data["tier"],
            type=data["type"],
            hands=int(data.get("hands", 0)),
            attack=data.get("attack"),
            dice=tuple(data.get("dice", ())),
            abilities=_abilities(data),
            surges=_surges(data),
            armor=int(data.get("armor", 0)),
            max_speed=int(data["max_speed"]) if "max_speed" in data else None,
            potion=data.get("potion"),
            price=int(data["price"]) if "price" in data else None,
            count=int(data.get("count", 1)),
            file=file,
        )


@dataclass(frozen=True)
class MonsterStats:
    """One section (normal or master) of a monster card for one hero count."""

    speed: int
    wounds: int
    armor: int
    dice: tuple[str, ...]
    abilities: tuple[Ability, ...] = ()
    surges: tuple[SurgeAbility, ...] = ()

    def rank(self, name: str) -> int | None:
        """The rank of ability ``name`` (0 for unranked), ``None`` when it is absent."""
        for ability in self.abilities:
            if ability.name == name:
                return ability.rank
        return None

    @staticmethod
    def load(data: Mapping[str, Any]) -> MonsterStats:
        return MonsterStats(
            int(data["speed"]),
            int(data["wounds"]),
            int(data["armor"]),
            tuple(data["dice"]),
            _abilities(data),
            _surges(data),
        )


@dataclass(frozen=True)
class Monster:
    """A monster reference card: stats by hero count and rank (DJ-REF-20, 21)."""

    id: str
    name: str
    attack: str
    size: tuple[int, int]
    stats: Mapping[str, Mapping[str, MonsterStats]]
    models: Mapping[str, int]
    file: str | None = None

    def stats_for(self, heroes: int, rank: str) -> MonsterStats:
        """The stats for ``heroes`` heroes (the nearest count the card has)."""
        key = str(heroes)
        if key not in self.stats:
            key = min(self.stats, key=lambda k: abs(int(k) - heroes))
        return self.stats[key][rank]

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> Monster:
        size = data.get("size", [1, 1])
        return Monster(
            id=data["id"],
            name=data["name"],
            attack=data["attack"],
            size=(int(size[0]), int(size[1])),
            stats={
                k: {r: MonsterStats.load(v[r]) for r in ("normal", "master")}
                for k, v in data["stats"].items()
            },
            models={
                "normal": int(data["models"]["normal"]),
                "master": int(data["models"]["master"]),
            },
            file=file,
        )


@dataclass(frozen=True)
class SpawnGroup:
    """Monsters one spawn card places."""

    monster: str
    normal: int = 0
    master: int = 0


@dataclass(frozen=True)
class OverlordCard:
    """A card of the Overlord deck (DJ-REF-27, 28)."""

    id: str
    name: str
    type: str
    cost: int
    value: int = 0
    count: int = 1
    spawn: tuple[SpawnGroup, ...] = ()
    trigger: str | None = None
    damage: int = 0
    conditions: Mapping[str, int] = field(default_factory=dict)
    threat: int = 0
    draw: int = 0
    bonus: Mapping[str, int] = field(default_factory=dict)
    text: str = ""
    file: str | None = None

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> OverlordCard:
        return OverlordCard(
            id=data["id"],
            name=data["name"],
            type=data["type"],
            cost=int(data["cost"]),
            value=int(data.get("value", 0)),
            count=int(data.get("count", 1)),
            spawn=tuple(
                SpawnGroup(str(s["monster"]), int(s.get("normal", 0)), int(s.get("master", 0)))
                for s in data.get("spawn", ())
            ),
            trigger=data.get("trigger"),
            damage=int(data.get("damage", 0)),
            conditions={k: int(v) for k, v in data.get("conditions", {}).items()},
            threat=int(data.get("threat", 0)),
            draw=int(data.get("draw", 0)),
            bonus={k: int(v) for k, v in data.get("bonus", {}).items()},
            text=str(data.get("text", "")),
            file=file,
        )


@dataclass(frozen=True)
class Tile:
    """A dungeon map piece: its squares before rotation."""

    id: str
    name: str
    cells: frozenset[Cell]
    file: str | None = None

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> Tile:
        return Tile(data["id"], data["name"], frozenset(cell(c) for c in data["cells"]), file)


@dataclass(frozen=True)
class Shop:
    """The town's price table (DJ-SHOP-01, 04)."""

    id: str
    name: str
    prices: Mapping[str, int]
    sell: Mapping[str, int]
    start_gold: int = 300
    training_max: int = 5
    visit_cost: int = 3
    file: str | None = None

    @staticmethod
    def load(data: Mapping[str, Any], file: str | None = None) -> Shop:
        return Shop(
            id=data["id"],
            name=data["name"],
            prices={str(e["buy"]): int(e["price"]) for e in data["entries"]},
            sell={k: int(v) for k, v in data["sell"].items()},
            start_gold=int(data.get("start_gold", 300)),
            training_max=int(data.get("training_max", 5)),
            visit_cost=int(data.get("visit_cost", 3)),
            file=file,
        )
