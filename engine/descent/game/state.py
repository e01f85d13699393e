"""Mutable game state: figures (heroes and monsters) and the shared counters.

Everything here is plain data; the rules that change it live in the turn modules. A figure
stands on ``cell`` (its top-left square; a large monster covers ``size`` from there) or,
for a hero in town, on no square (``cell is None``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from questforge.engine.descent.model import (
    AttackBonus,
    Hero,
    Item,
    Monster,
    MonsterStats,
    Named,
    Skill,
    footprint,
)

Cell = tuple[int, int]
CONDITION_KEYS: tuple[str, ...] = ("burn", "poison", "stun", "web", "bleed", "monkey")


@dataclass
class Figure:
    uid: str
    side: str  # "heroes" | "overlord"
    name: str
    cell: Cell | None
    size: tuple[int, int]
    max_wounds: int
    wounds: int  # wounds left: the figure dies at 0 (DJ-DEATH-01, DJ-REF-25)
    conditions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CONDITION_KEYS, 0))

    @property
    def squares(self) -> list[Cell]:
        return footprint(self.cell, self.size) if self.cell is not None else []

    @property
    def alive(self) -> bool:
        return self.wounds > 0


@dataclass
class HeroFigure(Figure):
    hero: Hero | None = None
    fatigue: int = 0
    max_fatigue: int = 0
    base_speed: int = 0
    base_armor: int = 0
    gold: int = 0
    traits: dict[str, int] = field(default_factory=dict)
    skills: list[Skill] = field(default_factory=list)
    weapon: Item | None = None
    #: a second one-handed weapon beside a one-handed ``weapon`` (DJ-TURN-02: weapons
    #: totalling at most two hand icons); the hero declares which one attacks (DJ-ATK-01)
    offhand: Item | None = None
    armor_item: Item | None = None
    shield: Item | None = None
    others: list[Item] = field(default_factory=list)
    potions: list[str] = field(default_factory=list)  # "healing" / "vitality"
    pack: list[Item] = field(default_factory=list)
    orders: set[str] = field(default_factory=set)
    in_town: bool = False
    glyph_used: bool = False
    deaths: int = 0
    #: this turn's action and the once-per-turn skills used (reset each turn)
    turn_action: str = ""
    #: turned into a monkey during this very turn: no token is discarded at its end
    monkey_fresh: bool = False
    used: set[str] = field(default_factory=set)
    #: whether this turn's action lets the hero attack at all (Run and a Ready that moves
    #: do not, DJ-TURN-03, 06): a skill's extra attack for fatigue needs one
    may_attack: bool = True
    #: armor until the hero's next turn (Unmovable on Battle, DJ-SKILL-M03)
    until_next_turn_armor: int = 0

    def has(self, effect: str) -> bool:
        return any(getattr(s, effect) for s in self.skills)

    @property
    def weapons(self) -> list[Item]:
        """The equipped weapons, the main one first."""
        return [w for w in (self.weapon, self.offhand) if w is not None]

    @property
    def speed(self) -> int:
        """Speed: the armor's limit first, then bonuses (DJ-SKILL-R03 order)."""
        speed = self.base_speed
        limit = self.armor_item.max_speed if self.armor_item is not None else None
        if limit is not None and not self.has("unencumbered"):  # DJ-SKILL-M11
            speed = min(speed, limit)
        speed += sum(s.speed for s in self.skills)
        if self.hero is not None:
            speed += self.hero.speed_bonus
        return speed

    def armor_against(self, attack: str) -> int:
        """Armor against an attack of type ``attack`` (DJ-ATK-08, DJ-SKILL-M10/R06/G09)."""
        if self.conditions["monkey"]:
            return 0  # DJ-EFF-09
        armor = self.base_armor + (self.hero.armor_bonus if self.hero else 0)
        armor += self.until_next_turn_armor
        for item in (self.armor_item, self.shield):
            if item is not None:
                armor += item.armor
        for skill in self.skills:
            armor += skill.armor + skill.armor_vs.get(attack, 0)
            if self.armor_item is None:
                armor += skill.unarmored_armor  # DJ-SKILL-M11
            if self.shield is not None:
                armor += skill.shield_armor  # DJ-SKILL-R11
        return armor

    def shield_armor(self) -> int:
        """The part of :meth:`armor_against` a shield gives (its armor and Ambidextrous'
        extra, DJ-SKILL-R11): Pierce does not reach it (DJ-ABIL-10)."""
        if self.conditions["monkey"] or self.shield is None:
            return 0
        return self.shield.armor + sum(s.shield_armor for s in self.skills)

    def attack_bonuses(self, attack: str) -> list[AttackBonus]:
        out = [s.attack for s in self.skills if s.attack is not None and s.attack.applies(attack)]
        bonus = self.hero.attack_bonus if self.hero is not None else None
        if bonus is not None and bonus.applies(attack):
            out.append(bonus)
        return out

    def immune(self, effect: str) -> bool:
        return any(effect in s.immune for s in self.skills)


@dataclass
class MonsterFigure(Figure):
    monster: Monster | None = None
    rank: str = "normal"
    stats: MonsterStats | None = None
    named: Named | None = None
    armor: int = 0
    speed: int = 0
    damage_bonus: int = 0

    def has(self, ability: str) -> bool:
        return self.stats is not None and self.stats.rank(ability) is not None

    def rank_of(self, ability: str) -> int:
        if self.stats is None:
            return 0
        return self.stats.rank(ability) or 0
