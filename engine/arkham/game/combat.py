"""Evading and combat (AH-EVADE, AH-CMB), weapons and spells (AH-WPN, AH-SPELL).

A monster met on the board is a :class:`MonsterToken`; a monster from an encounter card
(AH-EMON) is drawn from the cup, fought or evaded the same way, and then goes back to the
cup unless it was defeated (then it is a trophy, AH-CMB-06: the reading chosen for the
unclear AH-EMON-02).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from questforge.engine.arkham.game import checks, status, town
from questforge.engine.arkham.game.state import InvState, MonsterToken

if TYPE_CHECKING:
    from questforge.engine.arkham.game.engine import ArkhamGame


def evade_check(game: ArkhamGame, inv: InvState, mid: str, active: list[str] | None = None) -> bool:
    """Sneak (evade) check modified by the monster's awareness (AH-EVADE-02), with the
    cards that help an evade check and need hands or a cast (``active``: spells still
    held from this combat keep their hands)."""
    aw = town.monster_stat(game, mid, "awareness")
    bonus = weapons_bonus(game, inv, mid, active, check="evade")
    if not _still_fighting(game, inv):
        return False
    return bool(checks.check(game, inv, "evade", aw, 1, label="evade", extra=bonus, against=mid))


def meet(game: ArkhamGame, inv: InvState, token: MonsterToken) -> str:
    """The investigator must evade or fight ``token`` (AH-EVADE-01); returns ``evaded``,
    ``defeated``, ``fled`` or ``lost``."""
    choice = game.ask(
        "evade-or-fight",
        inv.id,
        ["evade", "fight"],
        f"evade or fight the {game.monster(token).name}?",
        monster=token.monster,
        area=inv.area,
    )
    if choice == "evade":
        if evade_check(game, inv, token.monster):
            game.emit("evaded", investigator=inv.id, monster=token.monster)  # AH-EVADE-03
            return "evaded"
        _damage(game, inv, token.monster)  # AH-MOVE-06, AH-EVADE-03
        if not _still_fighting(game, inv):
            return "lost"
        return fight(game, inv, token.monster, token, horror_done=False)
    return fight(game, inv, token.monster, token, horror_done=False)


def encounter_monster(game: ArkhamGame, inv: InvState, where: str) -> None:
    """AH-EMON-01/02, AH-ENC-03, AH-OWE-02: a monster appears for this encounter only."""
    if where in game.state.sealed:
        game.emit("monster-blocked", investigator=inv.id, location=where)  # AH-ENC-04
        return
    mid = town.draw_monster(game)
    game.emit("encounter-monster", investigator=inv.id, monster=mid)
    token = MonsterToken(0, mid, "encounter")
    result = meet(game, inv, token)
    if result != "defeated":
        game.state.cup.append(mid)
        game.emit("monster-returned", monster=mid, uid=0, area="encounter")


def _still_fighting(game: ArkhamGame, inv: InvState) -> bool:
    return not inv.devoured and not inv.out_this_round


def fight(
    game: ArkhamGame, inv: InvState, mid: str, token: MonsterToken | None, horror_done: bool
) -> str:
    """Combat rounds (AH-CMB-01..09)."""
    m = game.monster(mid)
    game.emit("combat", investigator=inv.id, monster=mid)
    if "ambush" in m.abilities:
        ability_used(game, inv, mid, "ambush")  # no fleeing from this combat
    active: list[str] = []  # spells cast in this combat: they last until it ends
    if not horror_done:
        aid = weapons_bonus(game, inv, mid, None, check="horror")
        if not _still_fighting(game, inv):
            return "lost"
        passed = checks.check(
            game, inv, "horror", m.horror_rating, 1, label="horror", extra=aid, against=mid
        )  # AH-CMB-01
        if not passed:
            status.lose(game, inv, "sanity", m.horror_damage)  # AH-CMB-02
        elif "nightmarish" in m.abilities:
            ability_used(game, inv, mid, "nightmarish", m.amount("nightmarish"))
            status.lose(game, inv, "sanity", m.amount("nightmarish"))  # AH-CMB-08
        if not _still_fighting(game, inv):
            return "lost"
    while True:
        options = ["fight"] if "ambush" in m.abilities else ["fight", "flee"]
        choice = game.ask(
            "fight-or-flee", inv.id, options, f"fight or flee the {m.name}?", monster=mid
        )  # AH-CMB-03
        if choice == "flee":
            if evade_check(game, inv, mid, active):  # AH-CMB-04
                game.emit("fled", investigator=inv.id, monster=mid)
                return "fled"
        else:
            bonus = weapons_bonus(game, inv, mid, active)
            if not _still_fighting(game, inv):
                return "lost"
            rating = town.monster_stat(game, mid, "combat_rating")
            tough = town.monster_stat(game, mid, "toughness")
            if checks.check(
                game, inv, "combat", rating, tough, label="combat", extra=bonus, against=mid
            ):  # AH-CMB-05
                _defeated(game, inv, mid, token)
                if "overwhelming" in m.abilities:
                    ability_used(game, inv, mid, "overwhelming", m.amount("overwhelming"))
                    status.lose(game, inv, "stamina", m.amount("overwhelming"))  # AH-CMB-08
                return "defeated"
        _damage(game, inv, mid)  # AH-CMB-07
        if not _still_fighting(game, inv):  # AH-CMB-09
            return "lost"


def ability_used(
    game: ArkhamGame, inv: InvState, mid: str, ability: str, amount: int | None = None
) -> None:
    """Log a monster ability as it changes a combat (AH-CMB-08 and the published
    abilities): the reason for a loss after a passed check, a missing trophy or a combat
    with no flight, which the log otherwise leaves unexplained."""
    extra = {"amount": amount} if amount is not None else {}
    game.emit("monster-ability", investigator=inv.id, monster=mid, ability=ability, **extra)


def _damage(game: ArkhamGame, inv: InvState, mid: str) -> None:
    status.lose(game, inv, "stamina", game.monster(mid).combat_damage)


def _defeated(game: ArkhamGame, inv: InvState, mid: str, token: MonsterToken | None) -> None:
    """AH-CMB-06: the monster is a trophy (endless ones go back to the cup)."""
    if token is not None and token in game.state.monsters:
        game.state.monsters.remove(token)
    # the token's uid (0: an encounter's monster, never on the board), so that a referee
    # can tell which of two markers of one kind left the board
    uid = token.uid if token is not None else 0
    m = game.monster(mid)
    if "endless" in m.abilities:
        ability_used(game, inv, mid, "endless")  # never a trophy
        game.state.cup.append(mid)
        game.emit("monster-defeated", investigator=inv.id, monster=mid, uid=uid, trophy=False)
        return
    inv.monster_trophies.append(mid)
    game.emit("monster-defeated", investigator=inv.id, monster=mid, uid=uid, trophy=True)


def weapon_options(
    game: ArkhamGame, inv: InvState, hands: int = 2, check: str = "combat"
) -> list[list[str]]:
    """Every set of ready weapons and spells for a ``check`` using at most ``hands``
    hands: two, less the hands of spells still active in this combat (AH-WPN-03). Cards
    that need hands or a cast give their bonus only this way; the others count always
    (:func:`checks.modifiers`)."""
    ready = [
        c
        for c in dict.fromkeys(inv.cards)
        if c not in inv.exhausted
        and (game.card(c).hands > 0 or game.card(c).is_spell)
        and any(b.check == check for b in game.card(c).bonuses)
    ]
    out: list[list[str]] = [[]]
    # AH-WPN-03 limits the hands, not the number of cards: a card needing no hand (a
    # 0-hand spell) goes with two one-handed weapons
    for n in range(1, len(ready) + 1):
        for combo in combinations(ready, n):
            if sum(game.card(c).hands for c in combo) <= hands:
                out.append(list(combo))
    return out


def card_bonus(game: ArkhamGame, cid: str, mid: str | None, check: str = "combat") -> int:
    """A weapon's combat bonus against monster ``mid``: immunity to its kind gives 0,
    resistance half, rounded up. The seed gives no monster abilities (the catalogue's "Not
    covered by the source"); these are the published game's: "half their normal combat
    bonus (round up)"."""
    abilities = game.monster(mid).abilities if mid and check == "combat" else frozenset()
    total = 0
    for b in game.card(cid).bonuses:
        if b.check != check:
            continue
        kind = b.type if b.type in ("physical", "magical") else "physical"
        if f"{kind}-immunity" in abilities:
            continue
        total += (b.amount + 1) // 2 if f"{kind}-resistance" in abilities else b.amount
    return total


def weapons_bonus(
    game: ArkhamGame,
    inv: InvState,
    mid: str | None,
    active: list[str] | None = None,
    check: str = "combat",
) -> int:
    """Choose weapons and spells for one combat check; weapons add their bonus directly
    (AH-WPN-01), spells only when cast (AH-SPELL-01/02, AH-WPN-04).

    ``active`` holds the spells cast successfully earlier in this combat: the seed does not
    say how long a spell lasts, and in the published game a combat spell lasts until the
    end of that combat, keeping its hands busy; so they add their bonus again without a
    new cast, and only the other hands are chosen anew. A spell cast now joins them."""
    held = list(active or ())
    free = 2 - sum(game.card(c).hands for c in held)
    options = weapon_options(game, inv, free, check)
    choice: Any = game.ask(
        "weapons",
        inv.id,
        options,
        f"which weapons and spells for the {check} check?",
        monster=mid or "ancient-one",
        check=check,
    )
    # what each card gives against this monster, beside its printed bonus, so that a
    # referee can check resistance (half, rounded up), immunity (nothing) and a failed cast
    each: list[dict[str, Any]] = []

    def gives(cid: str, amount: int) -> int:
        printed = sum(b.amount for b in game.card(cid).bonuses if b.check == check)
        each.append({"card": cid, "amount": amount, "printed": printed})
        return amount

    bonus = sum(gives(cid, card_bonus(game, cid, mid)) for cid in held) if check == "combat" else 0
    for cid in choice:
        card = game.card(cid)
        if card.is_spell:
            if cast(game, inv, cid):
                bonus += gives(cid, card_bonus(game, cid, mid, check))
                if active is not None and check == "combat":
                    active.append(cid)
            else:
                gives(cid, 0)
            if not _still_fighting(game, inv):
                return 0
        else:
            bonus += gives(cid, card_bonus(game, cid, mid, check))
            spend(game, inv, cid)
    if choice or (held and check == "combat"):
        cards = (held if check == "combat" else []) + list(choice)
        game.emit("armed", investigator=inv.id, check=check, cards=cards, bonus=bonus, each=each)
    return bonus


def spend(game: ArkhamGame, inv: InvState, cid: str) -> None:
    """A card used for a check (a weapon, a spell cast) as its card says: discarded when
    marked ``discard_after_use`` ("discarded after one use": to the bottom of its deck,
    AH-MISC-01), else exhausted when marked ``exhaust`` (until the next refresh,
    AH-UPK-01); a card marked neither may be used again."""
    card = game.card(cid)
    if card.discard_after_use and cid in inv.cards:
        status.discard(game, inv, cid)
    elif card.exhaust:
        inv.exhausted.add(cid)


def cast(game: ArkhamGame, inv: InvState, cid: str) -> bool:
    """AH-SPELL-01/02: pay the sanity cost, then a spell (lore) check."""
    card = game.card(cid)
    game.emit(
        "casting",
        investigator=inv.id,
        card=cid,
        cost=card.sanity_cost,
        modifier=card.casting_modifier or 0,
    )
    spend(game, inv, cid)
    if card.sanity_cost:
        status.lose(game, inv, "sanity", card.sanity_cost)
        if not _still_fighting(game, inv):
            return False
    passed = bool(checks.check(game, inv, "spell", card.casting_modifier or 0, 1, label="spell"))
    game.emit("cast", investigator=inv.id, card=cid, passed=passed)
    return passed
