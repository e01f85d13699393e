"""Looting: coins and treasure tiles picked up, and what a treasure gives (GH-LOOT,
GH-TREAS).

Part of the rules context: each function here is also a method of
:class:`~.rules.Rules` (``r.loot_hexes(...)``), which is how the turn logic calls them.
"""

from __future__ import annotations

from collections.abc import Sequence

from questforge.engine.gloomhaven.game.spec import (
    Hex,
)
from questforge.engine.gloomhaven.game.state import (
    Character,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from questforge.engine.gloomhaven.game.rules import Rules


def loot_hexes(r: Rules, char: Character, hexes: Sequence[Hex]) -> None:
    """GH-LOOT-01..04: money tokens and treasures in the hexes go to the character."""
    st = r.state
    for h in hexes:
        n = st.coins.pop(h, 0)
        if n:
            char.coins += n
            r.emit("loot", character=char.id, hex=h, coins=n)
        t = st.treasures.pop(h, None)
        if t is not None:
            char.treasures.append(t)
            st.treasures_looted.append(t)
            r.emit("loot", character=char.id, hex=h, treasure=t)
            r.resolve_treasure(char, t)
            r.fire("treasure-looted", t)


def resolve_treasure(r: Rules, char: Character, number: str) -> None:
    """GH-LOOT-03 / GH-TREAS-01..05: look the number up and apply what acts inside the
    scenario (gold, XP, damage, conditions); items and designs are recorded for the
    campaign (GH-TREAS-02 adds a named item to the looter's items)."""
    spec = r.content.treasures.get(number)
    if spec is None:
        return
    r.emit(
        "treasure",
        character=char.id,
        number=number,
        kind=spec.type,
        amount=spec.amount,
        item=spec.item,
        text=spec.text,
    )
    fig = r.state.figures.get(char.figure)
    if spec.type == "gold":
        char.treasure_gold += spec.amount
    elif spec.type == "xp":
        r.gain_xp(char, spec.amount, f"treasure {number}")
    elif spec.type == "item" and spec.item:
        char.treasure_items.append(spec.item)
    elif spec.type == "damage" and fig is not None:
        r.suffer_damage(fig, spec.amount, f"treasure {number}", "treasure")
    elif spec.type == "condition" and fig is not None:
        for c in spec.conditions:
            if fig.id in r.state.figures:
                r.apply_condition(fig, c, f"treasure {number}")
