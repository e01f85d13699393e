"""Dice and the arithmetic of a fight (WI-CMB, WI-DICE), as pure functions.

A roll is a list of faces (each a tuple of results). Tallying turns results into swords,
shields and ritual; comparing them to a monster gives the outcome. The readings chosen
where the catalogue is unclear (see ``docs/witcher.md``):

- ties succeed: the hero needs *at least* the monster's value (the example of WI-CMB-06,
  "requires 5 shields, rolled 3, loses 2", reads the value as a requirement);
- an arrow shield counts for nothing until paired with a sword into a grid shield
  (WI-CMB-02); a double sword is two swords, and may pay the conversion's sword;
- the shortfall of "X per missing Y" effects is ``value - rolled`` (WI-CMB-06).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from questforge.engine.core.rng import Rng
from questforge.engine.witcher.model.content import Die, Monster

Face = tuple[str, ...]


def roll(dice: Sequence[Die], rng: Rng) -> list[Face]:
    """One face per die (WI-CMB-01 step 3)."""
    return [die.faces[rng.randbelow(len(die.faces))] for die in dice]


def count_results(faces: Iterable[Face]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for face in faces:
        counts.update(face)
    return counts


@dataclass
class Tally:
    """The results of a fight after modification (WI-CMB-01 step 4-5)."""

    results: Counter[str]

    @property
    def swords(self) -> int:
        return self.results["sword"] + 2 * self.results["double-sword"]

    @property
    def shields(self) -> int:
        return self.results["shield"] + self.results["grid-shield"]

    @property
    def ritual(self) -> int:
        return self.results["ritual"]

    def can_convert(self) -> bool:
        """An arrow shield and a sword may become a grid shield (WI-CMB-02). A double
        sword is two swords (WI-DICE-07), so it can pay the sword too."""
        return self.results["arrow-shield"] > 0 and (
            self.results["sword"] > 0 or self.results["double-sword"] > 0
        )

    def convert(self) -> None:
        """Spend an arrow shield and one sword for a grid shield: a single sword if there
        is one, else one of a double sword's two (the other stays, as a sword)."""
        self.results["arrow-shield"] -= 1
        if self.results["sword"] > 0:
            self.results["sword"] -= 1
        else:
            self.results["double-sword"] -= 1
            self.results["sword"] += 1
        self.results["grid-shield"] += 1

    def add(self, result: str, amount: int = 1) -> None:
        self.results[result] += amount


@dataclass(frozen=True)
class Outcome:
    """How a fight ended (WI-CMB-03..05, WI-CMB-07)."""

    attack_ok: bool
    defence_ok: bool
    ritual_ok: bool
    sword_shortfall: int
    shield_shortfall: int

    @property
    def defeated(self) -> bool:
        return self.attack_ok or self.ritual_ok


def compare(tally: Tally, monster: Monster) -> Outcome:
    """Compare swords, shields and ritual with the monster's values."""
    ritual_ok = monster.ritual is not None and tally.ritual >= monster.ritual
    attack_ok = not monster.ritual_replaces_swords and tally.swords >= monster.sword
    sword_short = 0 if (attack_ok or ritual_ok) else max(monster.sword - tally.swords, 1)
    if monster.ritual_replaces_swords and not ritual_ok:
        sword_short = max((monster.ritual or 0) - tally.ritual, 1)
    defence_ok = tally.shields >= monster.shield
    return Outcome(
        attack_ok, defence_ok, ritual_ok, sword_short, max(monster.shield - tally.shields, 0)
    )


def dice_effects_met(
    need: Mapping[str, int], hero_faces: Iterable[Face], absent: Iterable[str] = ()
) -> bool:
    """Whether the hero's own dice show the results a hero-sheet effect needs and none of
    those it needs not to appear (WI-DICE-05: "other effects need a symbol not to
    appear")."""
    counts = count_results(hero_faces)
    return all(counts[result] >= n for result, n in need.items()) and not any(
        counts[result] for result in absent
    )


def face_value(face: Face) -> int:
    """How useful a face is (for choosing what to reroll): swords, shields and ritual."""
    return sum(2 if r == "double-sword" else (0 if r == "hand" else 1) for r in face)
