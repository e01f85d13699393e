"""The one action grammar shared by monsters, characters and items.

An *action* is an ordered tuple of :class:`Ability` objects (GH-TURN-02, GH-MABIL-04). An
ability is one flat frozen dataclass discriminated by ``type`` (``move``, ``attack``,
``heal``, ``shield``, ``retaliate``, ``summon``, ``loot``, ``infuse``, ``recover``,
``refresh``, ``xp``, ``condition``, ``disarm``, ``trap``, ``special``): a single class
keeps the engine's dispatch simple (``if ability.type == "attack"``) and fields that do not
apply to a type keep their neutral default. The JSON form is ``schema/gloomhaven/defs.schema.json#/$defs/ability``
(a Gloomhaven definition: ``schema/common/defs.schema.json`` holds only ruleset-neutral ones).

On a monster ability card the ``value`` of ``move`` and ``attack`` and the ``range`` of an
``attack`` are modifiers to the monster's stat card (GH-MMOVE-01, GH-MATK-01, GH-MATK-05);
everywhere else values are absolute.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from questforge.engine.gloomhaven.model.base import (
    Hex,
    JsonPath,
    ModelError,
    Node,
    Reader,
    Value,
    as_bool,
    as_int,
    as_list,
    as_str,
    as_strs,
    as_value,
)

T = TypeVar("T")

ABILITY_TYPES: tuple[str, ...] = (
    "move",
    "attack",
    "heal",
    "shield",
    "retaliate",
    "summon",
    "loot",
    "infuse",
    "recover",
    "refresh",
    "xp",
    "condition",
    "disarm",
    "trap",
    "special",
    "attack-bonus",
    "negate-damage",
)


@dataclass(frozen=True, kw_only=True)
class AreaPattern(Node):
    """An area-of-effect pattern (GH-AOE): offsets from the attacker (``melee``) or from
    any one pattern hex (ranged). Any rotation of the pattern is valid (GH-AOE-01)."""

    melee: bool
    hexes: tuple[Hex, ...]


@dataclass(frozen=True, kw_only=True)
class SummonStats(Node):
    """Base stats of a character summon (GH-SUMM-03)."""

    health: Value
    move: int
    attack: int
    range: int = 0
    shield: int = 0
    retaliate: int = 0
    flying: bool = False
    conditions: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class AbilityBonus(Node):
    """Additions to an ability's values, e.g. from consuming an element."""

    value: int = 0
    range: int = 0
    targets: int = 0
    pierce: int = 0
    push: int = 0
    pull: int = 0
    add_target: int = 0
    conditions: tuple[str, ...] = ()
    aoe: AreaPattern | None = None
    jump: bool = False
    xp: int = 0


@dataclass(frozen=True, kw_only=True)
class ConsumeBonus(Node):
    """Consume every element in ``elements`` (GH-ELEM-08) to get ``bonus`` and ``abilities``."""

    elements: tuple[str, ...]
    bonus: AbilityBonus | None = None
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Ability(Node):
    """One ability of an action; see the module docstring for the meaning of ``value``."""

    type: str
    #: move points, attack, heal, shield, retaliate, loot range, xp or a created trap's
    #: damage (``trap``, GH-TRAP-05)
    value: Value | None = None
    #: range of an attack, heal, retaliate, shield, condition, disarm or trap (``None``:
    #: not stated; for ``disarm`` and ``trap`` ``None`` and 0 both mean adjacent)
    range: int | None = None
    #: attack targets, or the most traps a ``disarm`` removes (GH-TRAP-03)
    targets: int = 1
    pierce: int = 0
    push: int = 0
    pull: int = 0
    add_target: int = 0
    #: conditions of an attack, heal or condition ability, or of a created trap
    conditions: tuple[str, ...] = ()
    aoe: AreaPattern | None = None
    jump: bool = False
    #: a flying move (GH-MOVE-06); a non-flying figure lands when the move ends (GH-MOVE-07)
    flying: bool = False
    #: who a heal/shield/retaliate/condition affects (``self``, ``ally``, ...)
    affects: str | None = None
    #: elements infused (``infuse``)
    elements: tuple[str, ...] = ()
    consume: tuple[ConsumeBonus, ...] = ()
    #: summon: a monster type (reference) and rank, or a named summon with stats
    monster: str | None = None
    rank: str = "normal"
    name: str | None = None
    stats: SummonStats | None = None
    #: summon count, recover count, refresh count
    count: int | None = None
    #: recover: ``lost`` or ``discard``; refresh: ``spent``, ``consumed`` or ``any``
    pile: str | None = None
    items: str | None = None
    #: xp: the condition under which it is gained (text), and one the engine checks
    #: (``target-adjacent-to-ally``, ``kill``, ``damage``; GH-XP-03)
    condition: str | None = None
    when: str | None = None
    #: special: the boss special action number
    number: int | None = None
    text: str | None = None

    @property
    def is_melee(self) -> bool:
        """An attack with no range (or range 0) is melee (GH-ATK-03)."""
        return self.type == "attack" and not self.range


def parse_area(data: Any, path: JsonPath) -> AreaPattern:
    r = Reader(data, path)
    return AreaPattern(source_path=path, melee=r.flag("melee"), hexes=r.hexes("hexes"))


def parse_summon_stats(data: Any, path: JsonPath) -> SummonStats:
    r = Reader(data, path)
    return SummonStats(
        source_path=path,
        health=r.req_value("health"),
        move=r.req_int("move"),
        attack=r.req_int("attack"),
        range=r.int_or("range", 0),
        shield=r.int_or("shield", 0),
        retaliate=r.int_or("retaliate", 0),
        flying=r.flag("flying"),
        conditions=r.strs("conditions"),
    )


def parse_bonus(data: Any, path: JsonPath) -> AbilityBonus:
    r = Reader(data, path)
    return AbilityBonus(
        source_path=path,
        value=r.int_or("value", 0),
        range=r.int_or("range", 0),
        targets=r.int_or("targets", 0),
        pierce=r.int_or("pierce", 0),
        push=r.int_or("push", 0),
        pull=r.int_or("pull", 0),
        add_target=r.int_or("add_target", 0),
        conditions=r.strs("conditions"),
        aoe=r.child("aoe", parse_area),
        jump=r.flag("jump"),
        xp=r.int_or("xp", 0),
    )


def parse_consume(data: Any, path: JsonPath) -> ConsumeBonus:
    r = Reader(data, path)
    return ConsumeBonus(
        source_path=path,
        elements=r.strs("elements"),
        bonus=r.child("bonus", parse_bonus),
        abilities=r.array("abilities", parse_ability),
    )


def _array(item: Callable[[Any, JsonPath], T]) -> Callable[[Any, JsonPath], tuple[T, ...]]:
    def convert(value: Any, path: JsonPath) -> tuple[T, ...]:
        return tuple(item(v, (*path, i)) for i, v in enumerate(as_list(value, path)))

    return convert


#: JSON key -> converter; the keys are the :class:`Ability` field names
_ABILITY_FIELDS: dict[str, Callable[[Any, JsonPath], Any]] = {
    "value": as_value,
    "range": as_int,
    "targets": as_int,
    "pierce": as_int,
    "push": as_int,
    "pull": as_int,
    "add_target": as_int,
    "conditions": as_strs,
    "aoe": parse_area,
    "jump": as_bool,
    "flying": as_bool,
    "affects": as_str,
    "elements": as_strs,
    "consume": _array(parse_consume),
    "monster": as_str,
    "rank": as_str,
    "name": as_str,
    "stats": parse_summon_stats,
    "count": as_int,
    "pile": as_str,
    "items": as_str,
    "condition": as_str,
    "when": as_str,
    "number": as_int,
    "text": as_str,
}


def parse_ability(data: Any, path: JsonPath) -> Ability:
    """One ability; unknown keys are ignored, a missing or odd ``type`` is a ModelError.

    Abilities are the most numerous objects in a pack, so only the keys present are
    converted (a table lookup per key) instead of probing every field.
    """
    r = Reader(data, path)
    kind = as_str(r.data.get("type"), r.at("type"))
    fields: dict[str, Any] = {}
    for key, value in r.data.items():
        convert = _ABILITY_FIELDS.get(key)
        if convert is not None and value is not None:
            fields[key] = convert(value, (*path, key))
    return Ability(source_path=path, type=kind, **fields)


def parse_action(data: Any, path: JsonPath) -> tuple[Ability, ...]:
    """An action (an ordered list of abilities) at ``path``."""
    if not isinstance(data, list):
        raise ModelError("expected an array of abilities", path)
    return tuple(parse_ability(item, (*path, i)) for i, item in enumerate(data))
