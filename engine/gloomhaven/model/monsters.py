"""Monster stat cards, monster ability decks and bosses (GH-MSTAT, GH-MABIL, GH-BOSS)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from questforge.engine.gloomhaven.model.actions import Ability, parse_ability, parse_action
from questforge.engine.gloomhaven.model.base import (
    ContentDocument,
    JsonPath,
    ModelError,
    Node,
    Reader,
    Value,
    value_of,
)
from questforge.engine.gloomhaven.model.scenario_map import SpecialRule, parse_special_rule

LEVELS: tuple[int, ...] = tuple(range(8))


@dataclass(frozen=True, kw_only=True)
class MonsterStats(Node):
    """Stats of one monster variant at one level, as the engine uses them (GH-MSTAT-02).

    ``flying`` and ``immunities`` are copied from the type so one object answers every
    question about a monster in play.
    """

    health: int
    move: int
    attack: int
    range: int = 0
    shield: int = 0
    retaliate: int = 0
    retaliate_range: int = 1
    pierce: int = 0
    targets: int = 1
    attack_conditions: tuple[str, ...] = ()
    specials: tuple[str, ...] = ()
    flying: bool = False
    immunities: tuple[str, ...] = ()

    @property
    def is_melee(self) -> bool:
        """Range ``-`` on the card: the monster's base attack targets adjacent hexes only."""
        return self.range == 0


@dataclass(frozen=True, kw_only=True)
class MonsterLevel(Node):
    level: int
    normal: MonsterStats
    elite: MonsterStats


@dataclass(frozen=True, kw_only=True)
class MonsterType(ContentDocument):
    """A monster stat card (GH-MSTAT-01): normal and elite stats for levels 0-7."""

    name: str
    description: str | None = None
    #: reference of the monster ability deck the type uses (GH-MABIL-03)
    deck: str
    standees: int
    flying: bool = False
    immunities: tuple[str, ...] = ()
    levels: Mapping[int, MonsterLevel] = field(default_factory=dict)
    #: printed specials the engine applies while a figure of the type is on the map
    #: (GH-MSTAT-04), in the scenario special rules' grammar
    rules: tuple[SpecialRule, ...] = ()

    def stats(self, level: int, elite: bool = False) -> MonsterStats:
        """The stats at scenario ``level`` (0-7) for a normal or an elite monster."""
        try:
            row = self.levels[level]
        except KeyError:
            raise KeyError(f"monster {self.id!r} has no stats for level {level}") from None
        return row.elite if elite else row.normal


@dataclass(frozen=True, kw_only=True)
class MonsterAbilityCard(Node):
    """One monster ability card (GH-MABIL-02)."""

    index: int
    id: str | None = None
    name: str | None = None
    initiative: int
    shuffle: bool = False
    abilities: tuple[Ability, ...] = ()
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class MonsterAbilityDeck(ContentDocument):
    """A monster ability deck shared by the monster types that name it (GH-MABIL-03)."""

    name: str
    description: str | None = None
    boss: bool = False
    cards: tuple[MonsterAbilityCard, ...] = ()


@dataclass(frozen=True, kw_only=True)
class BossStatFormulas(Node):
    """Boss stats as integers or formulas in L and C (GH-BOSS-03)."""

    health: Value
    move: Value
    attack: Value
    range: Value = 0
    shield: Value = 0
    retaliate: Value = 0
    retaliate_range: int = 1
    pierce: Value = 0
    targets: int = 1
    attack_conditions: tuple[str, ...] = ()
    specials: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class BossSpecialAction(Node):
    """A boss special action (``Special 1`` / ``Special 2`` on the boss deck, GH-BOSS-02)."""

    number: int
    name: str | None = None
    abilities: tuple[Ability, ...] = ()
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Boss(ContentDocument):
    """A boss stat card (GH-BOSS): formulas in L and C, immunities, special actions."""

    name: str
    description: str | None = None
    deck: str
    flying: bool = False
    immunities: tuple[str, ...] = ()
    base: BossStatFormulas
    #: per-level overrides of ``base`` (only the keys given in the file are set)
    levels: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    special_actions: tuple[BossSpecialAction, ...] = ()
    #: printed specials the engine applies while the boss is on the map (GH-MSTAT-04)
    rules: tuple[SpecialRule, ...] = ()

    def formulas(self, level: int) -> BossStatFormulas:
        """The stat formulas at ``level``: ``base`` with that level's overrides applied."""
        override = self.levels.get(level)
        if not override:
            return self.base
        return replace(self.base, **dict(override))

    def stats(self, level: int, characters: int) -> MonsterStats:
        """Stats at scenario ``level`` with ``characters`` characters (C)."""
        f = self.formulas(level)

        def ev(v: Value) -> int:
            out = value_of(v, L=level, C=characters)
            assert out is not None
            return out

        return MonsterStats(
            source_path=f.source_path,
            health=ev(f.health),
            move=ev(f.move),
            attack=ev(f.attack),
            range=ev(f.range),
            shield=ev(f.shield),
            retaliate=ev(f.retaliate),
            retaliate_range=f.retaliate_range,
            pierce=ev(f.pierce),
            targets=f.targets,
            attack_conditions=f.attack_conditions,
            specials=f.specials,
            flying=self.flying,
            immunities=self.immunities,
        )

    def special_action(self, number: int) -> BossSpecialAction | None:
        return next((s for s in self.special_actions if s.number == number), None)


# ---------------------------------------------------------------- parsing


def _monster_stats(
    data: Any, path: JsonPath, flying: bool, immunities: tuple[str, ...]
) -> MonsterStats:
    r = Reader(data, path)
    return MonsterStats(
        source_path=path,
        health=r.req_int("health"),
        move=r.req_int("move"),
        attack=r.req_int("attack"),
        range=r.int_or("range", 0),
        shield=r.int_or("shield", 0),
        retaliate=r.int_or("retaliate", 0),
        retaliate_range=r.int_or("retaliate_range", 1),
        pierce=r.int_or("pierce", 0),
        targets=r.int_or("targets", 1),
        attack_conditions=r.strs("attack_conditions"),
        specials=r.strs("specials"),
        flying=flying,
        immunities=immunities,
    )


def parse_monster(r: Reader, common: dict[str, Any]) -> MonsterType:
    flying = r.flag("flying")
    immunities = r.strs("immunities")
    levels: dict[int, MonsterLevel] = {}
    lr = r.child("levels", Reader)
    if lr is None:
        raise ModelError("missing required property 'levels'", r.path)
    for key, row in lr.data.items():
        path = lr.at(key)
        if not (isinstance(key, str) and key.isdigit() and int(key) in LEVELS):
            raise ModelError(f"level keys are '0' to '7', found {key!r}", path)
        rr = Reader(row, path)
        levels[int(key)] = MonsterLevel(
            source_path=path,
            level=int(key),
            normal=_monster_stats(rr.data.get("normal"), rr.at("normal"), flying, immunities),
            elite=_monster_stats(rr.data.get("elite"), rr.at("elite"), flying, immunities),
        )
    return MonsterType(
        **common,
        name=r.req_str("name"),
        description=r.opt_str("description"),
        deck=r.req_str("deck"),
        standees=r.req_int("standees"),
        flying=flying,
        immunities=immunities,
        levels=dict(sorted(levels.items())),
        rules=_rules(r),
    )


def _rules(r: Reader) -> tuple[SpecialRule, ...]:
    """The ``rules`` of a monster or boss document (its applied printed specials)."""
    return r.array("rules", lambda data, path: parse_special_rule(Reader(data, path)))


def parse_monster_deck(r: Reader, common: dict[str, Any]) -> MonsterAbilityDeck:
    def card(data: Any, path: JsonPath) -> MonsterAbilityCard:
        c = Reader(data, path)
        return MonsterAbilityCard(
            source_path=path,
            index=int(path[-1]),
            id=c.opt_str("id"),
            name=c.opt_str("name"),
            initiative=c.req_int("initiative"),
            shuffle=c.flag("shuffle"),
            abilities=c.req_child("abilities", parse_action),
            text=c.opt_str("text"),
        )

    return MonsterAbilityDeck(
        **common,
        name=r.req_str("name"),
        description=r.opt_str("description"),
        boss=r.flag("boss"),
        cards=r.array("cards", card),
    )


_BOSS_VALUE_KEYS = ("health", "move", "attack", "range", "shield", "retaliate", "pierce")
_BOSS_INT_KEYS = ("retaliate_range", "targets")


def _boss_formulas(data: Any, path: JsonPath) -> BossStatFormulas:
    r = Reader(data, path)
    return BossStatFormulas(
        source_path=path,
        health=r.req_value("health"),
        move=r.req_value("move"),
        attack=r.req_value("attack"),
        range=r.opt_value("range") or 0,
        shield=r.opt_value("shield") or 0,
        retaliate=r.opt_value("retaliate") or 0,
        retaliate_range=r.int_or("retaliate_range", 1),
        pierce=r.opt_value("pierce") or 0,
        targets=r.int_or("targets", 1),
        attack_conditions=r.strs("attack_conditions"),
        specials=r.strs("specials"),
    )


def _boss_override(data: Any, path: JsonPath) -> dict[str, Any]:
    r = Reader(data, path)
    out: dict[str, Any] = {}
    for key in _BOSS_VALUE_KEYS:
        v = r.opt_value(key)
        if v is not None:
            out[key] = v
    for key in _BOSS_INT_KEYS:
        i = r.opt_int(key)
        if i is not None:
            out[key] = i
    for key in ("attack_conditions", "specials"):
        if r.has(key):
            out[key] = r.strs(key)
    return out


def parse_boss(r: Reader, common: dict[str, Any]) -> Boss:
    levels: dict[int, Mapping[str, Any]] = {}
    lr = r.child("levels", Reader)
    if lr is not None:
        for key, row in lr.data.items():
            path = lr.at(key)
            if not (isinstance(key, str) and key.isdigit() and int(key) in LEVELS):
                raise ModelError(f"level keys are '0' to '7', found {key!r}", path)
            levels[int(key)] = _boss_override(row, path)

    def special(data: Any, path: JsonPath) -> BossSpecialAction:
        s = Reader(data, path)
        return BossSpecialAction(
            source_path=path,
            number=s.req_int("number"),
            name=s.opt_str("name"),
            abilities=s.array("abilities", parse_ability),
            text=s.opt_str("text"),
        )

    return Boss(
        **common,
        name=r.req_str("name"),
        description=r.opt_str("description"),
        deck=r.req_str("deck"),
        flying=r.flag("flying"),
        immunities=r.strs("immunities"),
        base=r.req_child("stats", _boss_formulas),
        levels=levels,
        special_actions=r.array("special_actions", special),
        rules=_rules(r),
    )
