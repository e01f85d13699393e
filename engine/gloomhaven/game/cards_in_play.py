"""Cards in play and what they give: active (persistent and round-bonus) cards, their
uses and grants, items, and experience (GH-BONUS, GH-ITEM, GH-XP).

Part of the rules context: each function here is also a method of
:class:`~.rules.Rules` (``r.bonus_kind(...)``), which is how the turn logic calls them.
"""

from __future__ import annotations

from collections.abc import Callable

from questforge.engine.core.events import JSONValue
from questforge.engine.gloomhaven.game.spec import (
    AbilityCard,
    ItemSpec,
)
from questforge.engine.gloomhaven.game.state import (
    ActiveCard,
    Character,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from questforge.engine.gloomhaven.game.rules import Rules


def bonus_kind(r: Rules, active: ActiveCard) -> str:
    """The kind of the bonus an active card's use slots count (``""``: none)."""
    card = r.find_card(active.card)
    action = card.top if active.half == "top" else card.bottom
    return action.bonus.kind if action.bonus is not None else ""


def find_card(r: Rules, card_id: str) -> AbilityCard:
    """An ability card of any class by id."""
    card = r.cards.get(card_id)
    if card is None:
        raise KeyError(f"no ability card {card_id!r}")
    return card


def use_active(r: Rules, char: Character, active: ActiveCard) -> None:
    """GH-BONUS-03/09: advance the token; XP on the slot; lost when all slots used."""
    card = r.find_card(active.card)
    action = card.top if active.half == "top" else card.bottom
    bonus = action.bonus
    active.used += 1
    left = None if active.uses_left is None else active.uses_left - 1
    # the token's move, so a referee can follow the slots (GH-BONUS-03/04)
    r.emit("bonus_used", character=char.id, card=active.card, slot=active.used, left=left)
    if bonus is not None and active.used <= len(bonus.xp_slots):
        xp = bonus.xp_slots[active.used - 1]
        if xp:
            r.gain_xp(char, xp, "bonus slot")
    if active.uses_left is not None:
        active.uses_left -= 1
        if active.uses_left <= 0:
            r.retire_active(char, active, force_lost=True)


def withdraw_grants(r: Rules, active: ActiveCard) -> None:
    """Take back the round bonuses a card put on figures, when the card leaves the
    active area before the end of the round (GH-BONUS-08 recover, GH-EXH-02). A
    persistent card's bonuses end with the card by themselves."""
    if active.persistent:
        return
    for g in active.grants:
        for fid in g.figures:
            f = r.state.figures.get(fid)
            if f is None:
                continue
            if g.kind == "shield":
                f.shield = max(0, f.shield - g.value)
            elif (g.value, g.range) in f.retaliate:
                f.retaliate.remove((g.value, g.range))
    active.grants = []


def retire_active(r: Rules, char: Character, active: ActiveCard, force_lost: bool = False) -> None:
    if active not in char.active:
        return
    char.active.remove(active)
    lost = active.lost or force_lost
    (char.lost if lost else char.discard).append(active.card)
    r.emit("card_moved", character=char.id, card=active.card, to="lost" if lost else "discard")
    if active.summon and active.summon in r.state.figures:
        r.remove_summon(r.state.figures[active.summon], "card removed")


def offer_items(
    r: Rules,
    char: Character,
    triggers: tuple[str, ...],
    why: str,
    useful: Callable[[list[ItemSpec]], bool] | None = None,
    context: Callable[[list[ItemSpec]], dict[str, JSONValue]] | None = None,
) -> list[ItemSpec]:
    """GH-TURN-07 / GH-ITEM-12: the player may use any number of ready items whose
    trigger fits; returns the items used (already marked spent/consumed). ``useful``
    (given the items used so far) says whether one more could still do anything: when it
    says no, none is offered (an item spent for nothing is not offered, the reading of
    the third audit). ``context`` (given the items used so far) adds to the decision's
    context what a player needs to weigh the item (a move's start and points)."""
    used: list[ItemSpec] = []
    # (asked several times a turn: nothing to look at while every item is spent or
    # consumed, and each ready item looked up once)
    if "ready" not in char.items.values():
        return used
    items = r.content.items
    while True:
        if useful is not None and not useful(used):
            return used
        ready = [
            item
            for i, status in sorted(char.items.items())
            if status == "ready"
            and (item := items.get(i)) is not None
            and item.timing in triggers
            and item not in used
        ]
        if not ready:
            return used
        options: list[JSONValue] = ["none", *(it.id for it in ready)]
        ctx: dict[str, JSONValue] = {"when": why}
        if context is not None:
            ctx.update(context(used))
        idx = r.ask("use_item", char.id, options, ctx)
        if idx == 0:
            return used
        item = ready[idx - 1]
        r.use_item(char, item)
        used.append(item)


def use_item(r: Rules, char: Character, item: ItemSpec) -> None:
    """GH-ITEM-06/07/08/10: spent (refreshed by a long rest), consumed, or unlimited;
    use slots before it is spent."""
    count = char.item_uses.get(item.id, 0) + 1
    char.item_uses[item.id] = count
    if item.usage in ("spent", "consumed") and count >= max(1, item.uses):
        char.items[item.id] = item.usage
        char.item_uses[item.id] = 0
    # ``use`` of ``uses`` (GH-ITEM-07: the use slots), so a reader can follow the token
    r.emit(
        "item_used",
        character=char.id,
        item=item.id,
        status=char.items[item.id],
        use=count,
        uses=max(1, item.uses),
    )


def gain_xp(r: Rules, char: Character, amount: int, why: str) -> None:
    if amount:
        char.xp += amount
        r.emit("xp", character=char.id, amount=amount, total=char.xp, why=why)
