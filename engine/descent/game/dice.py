"""Dice pools (DJ-ATK-03..08, DJ-REF-01..06): roll, total, and turn a roll into hits.

A roll is a list of ``(die id, face index)`` so that rerolls (Aim, Dodge) can replace single
dice and the log can show exactly what came up. Enhancements (the power die's "+1 range or
+1 damage" face, DJ-REF-04) are assigned by :func:`assign_enhancements`: as much range as
the target's distance still needs, the rest to damage. That is the choice a player always
makes (range beyond the distance is worth nothing), so the engine makes it without asking.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from questforge.engine.core.rng import Rng
from questforge.engine.descent.model import Die, Face

Rolled = tuple[str, int]


@dataclass(frozen=True)
class Totals:
    """What a roll shows, summed over its dice."""

    range: int = 0
    damage: int = 0
    surges: int = 0
    enhancements: int = 0
    miss: bool = False


def roll(dice: Sequence[str], table: Mapping[str, Die], rng: Rng) -> list[Rolled]:
    """Roll every die of ``dice`` once (unknown colours are skipped: the validator reports
    them as QDJ250)."""
    out: list[Rolled] = []
    for ident in dice:
        die = table.get(ident)
        if die is not None:
            out.append((ident, rng.randbelow(len(die.faces))))
    return out


def face(table: Mapping[str, Die], rolled: Rolled) -> Face:
    return table[rolled[0]].faces[rolled[1]]


def totals(rolls: Iterable[Rolled], table: Mapping[str, Die]) -> Totals:
    """Sum a roll. Any miss face makes the whole roll a miss (DJ-ATK-04, DJ-REF-02)."""
    r = d = s = e = 0
    miss = False
    for rolled in rolls:
        f = face(table, rolled)
        r += f.range
        d += f.damage
        s += f.surges
        e += f.enhancements
        miss = miss or f.miss
    return Totals(r, d, s, e, miss)


def assign_enhancements(enhancements: int, needed_range: int) -> tuple[int, int]:
    """Split enhancements into (range, damage): range only as far as it is needed."""
    to_range = min(enhancements, max(0, needed_range))
    return to_range, enhancements - to_range


def is_blank(table: Mapping[str, Die], rolled: Rolled) -> bool:
    f = face(table, rolled)
    return not (f.range or f.damage or f.surges or f.enhancements or f.miss)


def shows_surge(table: Mapping[str, Die], rolled: Rolled) -> bool:
    return face(table, rolled).surges > 0
