"""Numbers of the campaign that the seed text does not give (see "Not covered by the
source" in the rules catalogue). Each comes from the published game and says so; the seed
wins wherever it speaks (GH-REF-02/03 are the catalogue's own reference values)."""

from __future__ import annotations

#: GH-REF-03: the XP needed for character levels 1..9 (index = level - 1)
XP_FOR_LEVEL: tuple[int, ...] = (0, 45, 95, 150, 210, 275, 345, 420, 500)

#: the highest character level (GH-REF-03 lists nine)
MAX_LEVEL = 9

#: published game (not in the seed, GH-BOARD-05): prosperity points needed for prosperity
#: levels 1..9 (index = level - 1)
PROSPERITY_FOR_LEVEL: tuple[int, ...] = (0, 4, 9, 15, 22, 30, 39, 50, 64)

#: GH-REP-02: reputation stays within these bounds
REPUTATION_MIN, REPUTATION_MAX = -20, 20

#: GH-PERK-03: perks gained from checkmarks at most; GH-BG-07 / GH-PERK-02: 3 checkmarks each
MAX_CHECKMARK_PERKS = 6
CHECKMARKS_PER_PERK = 3

#: GH-DONATE-01: the sanctuary's price and what it gives for the next scenario
DONATION = 10
DONATION_BLESSES = 2


#: GH-NEWCH-05: a new character of level L starts with 15 x (L + 1) gold
def starting_gold(level: int) -> int:
    return 15 * (level + 1)


def min_xp(level: int) -> int:
    """GH-NEWCH-06 / GH-REF-03: the XP printed under ``level`` on the character sheet."""
    return XP_FOR_LEVEL[max(1, min(level, MAX_LEVEL)) - 1]


def level_for_xp(xp: int) -> int:
    """The highest character level ``xp`` is enough for (GH-LVL-01, GH-REF-03)."""
    return max(i + 1 for i, need in enumerate(XP_FOR_LEVEL) if xp >= need)


def prosperity_level(points: int) -> int:
    """The prosperity level of ``points`` prosperity (published thresholds, GH-BOARD-05)."""
    return max(i + 1 for i, need in enumerate(PROSPERITY_FOR_LEVEL) if points >= need)


def price_modifier(reputation: int) -> int:
    """Published game (not in the seed, GH-PARTY-04 / GH-REP-04): gold added to a shop
    price at ``reputation``: -1 per 4 points above 2 (3..6: -1, 7..10: -2, ... 19..20: -5),
    +1 per 4 points below -2, at most 5 either way."""
    size = abs(reputation)
    if size <= 2:
        return 0
    steps = min(5, (size - 2 + 3) // 4)
    return -steps if reputation > 0 else steps


def clamp_reputation(value: int) -> int:
    """GH-REP-02: reputation is capped at +20 and -20."""
    return max(REPUTATION_MIN, min(REPUTATION_MAX, value))
