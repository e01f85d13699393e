"""The declarative effect vocabulary, performed (``schema/arkham/defs`` ``effect``).

Every ``do`` the schema allows has a branch here; a test checks that the two lists agree,
so a new effect kind cannot be added to the schema without the engine performing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from questforge.engine.arkham.game import checks, status, town
from questforge.engine.arkham.game.state import InvState
from questforge.engine.arkham.model.types import Effect

if TYPE_CHECKING:
    from questforge.engine.arkham.game.engine import ArkhamGame

#: every effect kind performed by :func:`apply_effect`
PERFORMED: frozenset[str] = frozenset(
    {
        "gain",
        "lose",
        "draw",
        "buy",
        "move-to",
        "delayed",
        "arrested",
        "lost-in-time-and-space",
        "monster-appears",
        "gate-opens",
        "blessed",
        "cursed",
        "discard-this",
        "terror",
        "doom",
        "check",
        "roll",
        "may-pay",
        "all-investigators",
        "return-monsters",
        "monster-surge",
        "take-card",
        "must-pay",
        "discard-items",
        "barred",
    }
)


def apply_effects(
    game: ArkhamGame,
    inv: InvState,
    effects: Sequence[Effect],
    where: str,
    card: str | None = None,
) -> None:
    """``card`` is the investigator card whose ``upkeep`` or ``use`` these effects are:
    the one ``discard-this`` discards (None elsewhere, where it does nothing).

    Knocked out by one of these effects, the investigator "does nothing more this round"
    (AH-STAT-03/04): the rest stop. Already out when they arrive (a Mythos card's or a
    rumor's effect on every investigator, AH-MYTHA-02/04), the investigator is not
    shielded from them: being out for the round is about acting, not about being out of
    the game, so they happen (and may knock the investigator out again)."""
    already_out = inv.out_this_round
    for effect in effects:
        if inv.devoured or (inv.out_this_round and not already_out and effect.do not in _GLOBAL):
            return
        apply_effect(game, inv, effect, where, card)


def apply_sourced(
    game: ArkhamGame, inv: InvState, sourced: Sequence[tuple[Effect, str | None]], where: str
) -> None:
    """:func:`apply_effects` for effects gathered from several cards (Upkeep, AH-UPK-02),
    each with the card it came from (None: the sheet's ability), stopping as one list
    would. Each source's effects are announced first (an ``upkeep`` event naming the card
    or ``ability``): a gain in Upkeep otherwise has no reason a referee can check."""
    announced: object = ()
    for effect, card in sourced:
        if inv.devoured or (inv.out_this_round and effect.do not in _GLOBAL):
            return
        if card != announced:
            announced = card
            game.emit("upkeep", investigator=inv.id, source=card or "ability")
        apply_effect(game, inv, effect, where, card)


_GLOBAL = frozenset({"terror", "doom", "return-monsters", "monster-surge", "all-investigators"})


def apply_effect(
    game: ArkhamGame, inv: InvState, e: Effect, where: str, card: str | None = None
) -> None:
    from questforge.engine.arkham.game import combat, phases

    do = e.do
    if do == "gain":
        status.gain(game, inv, e.what or "clues", e.amount)
    elif do == "lose":
        status.lose(game, inv, e.what or "clues", e.amount)
    elif do == "draw":
        for _ in range(e.count):
            status.draw_card(game, inv, e.deck or "common")
    elif do == "buy":
        _buy(game, inv, e)
    elif do == "move-to":
        if e.area and e.area not in game.state.closed:
            status.move_inv(game, inv, e.area)
    elif do == "delayed":
        inv.delayed = True  # AH-DELAY-01
        game.emit("delayed", investigator=inv.id)
    elif do == "arrested":
        status.arrest(game, inv)
    elif do == "lost-in-time-and-space":
        status.lost_in_time(game, inv)
    elif do == "monster-appears":
        combat.encounter_monster(game, inv, where)  # AH-EMON-01
    elif do == "gate-opens":
        if game.is_location(inv.area):
            phases.open_gate(game, inv.area)
    elif do in ("blessed", "cursed"):
        status.become(game, inv, "blessing" if do == "blessed" else "curse")
    elif do == "discard-this":
        if card is not None and card in inv.cards:  # AH-UPK-02: e.g. a Blessing's roll
            status.discard(game, inv, card)
    elif do == "terror":
        town.raise_terror(game, e.amount)
    elif do == "doom":
        town.add_doom(game, e.amount)
    elif do == "check":
        passed = checks.check(
            game, inv, e.skill or "luck", e.modifier, e.difficulty, label="encounter"
        )
        apply_effects(game, inv, e.on_pass if passed else e.on_fail, where, card)
    elif do == "roll":
        rolls = game.roll(e.dice)
        passed = any(r >= e.target for r in rolls)
        # the card whose upkeep or use rolls (a Blessing's, a retainer's): a referee must
        # see what a roll is for when no encounter or check names it
        source = {"card": card} if card is not None else {}
        game.emit(
            "rolled", investigator=inv.id, rolls=rolls, target=e.target, passed=passed, **source
        )
        apply_effects(game, inv, e.on_pass if passed else e.on_fail, where, card)
    elif do == "may-pay":
        _may_pay(game, inv, e, where, card)
    elif do == "all-investigators":
        for other in game.state.order():
            if other.stage == 0 and game.in_town(other.area):
                apply_effects(game, other, e.then, other.area)
    elif do == "return-monsters":
        _return_monsters(game, e)
    elif do == "monster-surge":
        phases.monster_surge(game)  # a card's surge: no gate is named first
    elif do == "take-card":
        status.take_special(game, inv, e.special, e.card)
    elif do == "must-pay":
        _must_pay(game, inv, e, where, card)
    elif do == "discard-items":
        status.discard_items(game, inv)
    elif do == "barred":
        if e.special is not None and e.special not in inv.barred:
            inv.barred.add(e.special)
            game.emit("barred", investigator=inv.id, special=e.special)
    else:  # pragma: no cover - the schema and PERFORMED agree (tested)
        raise ValueError(f"unknown effect {do!r}")


def _may_pay(game: ArkhamGame, inv: InvState, e: Effect, where: str, card: str | None) -> None:
    what = e.what or "money"
    have = getattr(inv, what)
    if have < e.amount or (what in ("sanity", "stamina") and have <= e.amount):
        return  # cannot pay (paying sanity or stamina to 0 is not offered)
    answer = game.ask(
        "may-pay", inv.id, ["no", "yes"], f"pay {e.amount} {what}?", what=what, amount=e.amount
    )
    if answer == "yes":
        status.lose(game, inv, what, e.amount)
        apply_effects(game, inv, e.then, where, card)


def _must_pay(game: ArkhamGame, inv: InvState, e: Effect, where: str, card: str | None) -> None:
    """A payment that is not optional (a bank loan's interest): paid when the
    investigator has it, else the ``fail`` effects (the published loan: "pay $1 or
    discard all your items and this card"; the reading: one who can pay, pays)."""
    what = e.what or "money"
    if getattr(inv, what) >= e.amount:
        status.lose(game, inv, what, e.amount)
        return
    game.emit("cannot-pay", investigator=inv.id, what=what, amount=e.amount)
    apply_effects(game, inv, e.on_fail, where, card)


def _buy(game: ArkhamGame, inv: InvState, e: Effect) -> None:
    """AH-MISC-03: "pay the listed price" (or e.g. "$1 over list price", ``modifier``):
    ``count`` cards are drawn from the deck, the investigator may buy one they can pay
    for, and every card not bought goes to the bottom of its deck (AH-MISC-01)."""
    name = e.deck or "common"
    deck = game.state.decks.get(name)
    drawn: list[str] = []
    for _ in range(e.count):
        if deck is None or not deck.draw_pile:
            game.emit("deck-empty", deck=name)
            break
        drawn.append(deck.draw_pile.pop())
    if not drawn:
        return
    prices = [max(0, game.card(c).price + e.modifier) for c in drawn]
    game.emit("offered", investigator=inv.id, deck=name, cards=drawn, prices=prices)
    options: list[str] = ["none"]
    options += [c for c, p in zip(drawn, prices, strict=True) if p <= inv.money]
    choice = str(
        game.ask(
            "buy",
            inv.id,
            list(dict.fromkeys(options)),
            "buy one of these cards?",
            prices=dict(zip(drawn, prices, strict=True)),
        )
    )
    if choice != "none":
        price = prices[drawn.index(choice)]
        drawn.remove(choice)
        if price:
            status.lose(game, inv, "money", price)
        status.give(game, inv, choice)
    assert deck is not None
    for cid in drawn:
        deck.draw_pile.insert(0, cid)  # not bought: to the bottom (AH-MISC-01)


def _return_monsters(game: ArkhamGame, e: Effect) -> None:
    for token in list(game.state.monsters):
        if e.dimension is not None and game.monster(token).dimension != e.dimension:
            continue
        if e.source == "outskirts" and token.area != game.outskirts:
            continue
        if e.source == "sky" and token.area != game.sky:
            continue
        town.return_monster(game, token)
