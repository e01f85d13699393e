"""Investigator status (AH-STAT): resources gained and lost, knocked out, lost in time and
space, arrested, devoured; cards given and discarded; blessings and curses; moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questforge.engine.arkham.game import phases
from questforge.engine.arkham.game.state import InvState

if TYPE_CHECKING:
    from questforge.engine.arkham.game.engine import ArkhamGame


def gain(game: ArkhamGame, inv: InvState, what: str, amount: int) -> None:
    if what == "sanity":
        amount = min(amount, inv.max_sanity - inv.sanity)  # AH-STAT-01
        inv.sanity += amount
    elif what == "stamina":
        amount = min(amount, inv.max_stamina - inv.stamina)
        inv.stamina += amount
    elif what == "money":
        inv.money += amount
    else:
        inv.clues += amount
    if amount:
        game.emit("gained", investigator=inv.id, what=what, amount=amount)


def lose(game: ArkhamGame, inv: InvState, what: str, amount: int) -> None:
    """Lose a resource; sanity or stamina at 0 drives insane / knocks out (AH-STAT)."""
    lose_together(game, inv, {what: amount})


def lose_together(game: ArkhamGame, inv: InvState, losses: dict[str, int]) -> None:
    """Lose several resources at once (an Elder Sign's sanity and stamina, AH-ELDER-02),
    then look at the investigator once: sanity and stamina at 0 together are one event
    (devoured, AH-STAT-10), never an insanity followed by a second knock-out."""
    for what, amount in losses.items():
        have = getattr(inv, what)
        taken = min(have, amount) if what in ("money", "clues") else amount
        setattr(inv, what, have - taken)
        if taken:
            game.emit("lost", investigator=inv.id, what=what, amount=taken)
    if inv.devoured:
        return
    if "sanity" in losses and inv.sanity <= 0:
        knocked_out(game, inv, "insane")
    elif "stamina" in losses and inv.stamina <= 0:
        knocked_out(game, inv, "unconscious")


def knocked_out(game: ArkhamGame, inv: InvState, how: str) -> None:
    """Insane (AH-STAT-03) or unconscious (AH-STAT-04) in Arkham, or lost in time and
    space from an other world (AH-STAT-05); devoured in the final battle (AH-FINAL-07)."""
    if game.state.awakened:
        devour(game, inv)
        return
    in_world = inv.stage > 0 or inv.area == game.lost
    if inv.sanity <= 0 and inv.stamina <= 0 and not in_world:
        # both gone at once in Arkham: devoured (AH-STAT-10; the seed is silent here, the
        # published game's ruling). In an other world the seed decides: "stamina and/or
        # sanity at 0 or less" is lost in time and space, both restored to at least 1
        # (AH-STAT-05)
        devour(game, inv)
        return
    game.emit("knocked-out", investigator=inv.id, how=how)
    lose_half(game, inv)  # AH-STAT-02
    for what in ("sanity", "stamina"):
        # restored to 1 (AH-STAT-03/04: "restore 1"; AH-STAT-05: "at least 1"), logged as
        # the tokens taken back: a track below 0 is at 0 on the table
        have = getattr(inv, what)
        if have < 1:
            setattr(inv, what, 1)
            game.emit("gained", investigator=inv.id, what=what, amount=1 - max(have, 0))
    inv.out_this_round = True
    if in_world:
        lost_in_time(game, inv, "knocked-out")  # AH-STAT-05
    else:
        role = "asylum" if how == "insane" else "hospital"
        target = game.board.by_role(role)
        move_inv(game, inv, target.id if target else inv.area)


def lose_half(game: ArkhamGame, inv: InvState) -> None:
    """Discard half the items (rounded down, the investigator chooses) and half the
    clues, and every retainer (AH-STAT-02, AH-STAT-06)."""
    items = [c for c in inv.cards if game.card(c).is_item]
    for _ in range(len(items) // 2):
        items = [c for c in inv.cards if game.card(c).is_item]
        choice = game.ask("discard", inv.id, items, "discard an item", purpose="half")
        discard(game, inv, choice)
    lost = inv.clues // 2
    if lost:
        inv.clues -= lost
        game.emit("lost", investigator=inv.id, what="clues", amount=lost)
    for cid in list(inv.cards):
        if game.card(cid).special == "retainer":
            discard(game, inv, cid)


def discard(game: ArkhamGame, inv: InvState, cid: str) -> None:
    inv.cards.remove(cid)
    inv.exhausted.discard(cid)
    card = game.card(cid)
    deck = game.state.decks.get(card.type)
    if deck is not None:
        deck.draw_pile.insert(0, cid)  # the bottom of its deck (AH-MISC-01)
    game.emit("discarded", investigator=inv.id, card=cid)
    if card.special in ("blessing", "curse") and (inv.blessed or inv.cursed):
        # the card is the blessing or curse (AH-STAT-11): without it the dice are plain
        inv.blessed = inv.cursed = False
        game.emit("blessing", investigator=inv.id, state="none")


def draw_card(game: ArkhamGame, inv: InvState, deck_name: str) -> str | None:
    deck = game.state.decks.get(deck_name)
    if deck is None or not deck.draw_pile:
        game.emit("deck-empty", deck=deck_name)
        return None
    cid = deck.draw_pile.pop()
    give(game, inv, cid)
    return cid


def give(game: ArkhamGame, inv: InvState, cid: str) -> None:
    """``cid`` (out of its deck already) into the investigator's hand. A special card
    they may not hold (one of its name already, AH-MISC-02, or a kind they are barred
    from, a defaulted loan's) is refused and goes to the bottom of its deck (AH-MISC-01):
    it would otherwise leave the game."""
    card = game.card(cid)
    if card.special and (why := _refusal(game, inv, card.special)):
        deck = game.state.decks.get(card.type)
        if deck is not None:
            deck.draw_pile.insert(0, cid)
        game.emit("card-refused", investigator=inv.id, card=cid, why=why)
        return
    if card.special in ("blessing", "curse"):
        set_blessing(game, inv, card.special)
    inv.cards.append(cid)
    game.emit("card-gained", investigator=inv.id, card=cid)
    if card.on_gain:
        # "when you take this card" (a bank loan's $10, a deputy's equipment): announced
        # as the card's, as an upkeep is, so a referee sees why money or cards arrive
        game.emit("on-gain", investigator=inv.id, card=cid)
        game.apply(inv, card.on_gain, inv.area, cid)


def why_not_take(game: ArkhamGame, inv: InvState, special: str | None, card: str | None) -> str:
    """Why the investigator cannot take this special card now ("" if they can):
    ``barred`` (a defaulted loan), ``held`` (one of its kind already, AH-MISC-02; a
    Curse is never held against a Blessing nor a Blessing against a Curse: the newer
    replaces the older, AH-STAT-12) or ``none-left`` (the deck has no such card)."""
    kind = special or (game.card(card).special if card in game.model.cards else None)
    if kind is not None and (why := _refusal(game, inv, kind)):
        return why
    return "" if find_special(game, special, card) is not None else "none-left"


def _refusal(game: ArkhamGame, inv: InvState, kind: str) -> str:
    """``barred`` or ``held`` (see :func:`why_not_take`), "" when a card of ``kind`` may
    be taken."""
    if kind in inv.barred:
        return "barred"
    if any(game.card(c).special == kind for c in inv.cards):
        return "held"  # a Blessing held refuses a Blessing, not a Curse (AH-STAT-12)
    return ""


def find_special(game: ArkhamGame, special: str | None, card: str | None) -> str | None:
    """The card a ``take-card`` would take: ``card`` itself or the first card of kind
    ``special`` still in a deck (the special cards sit in the ``special`` deck)."""
    for deck in game.state.decks.values():
        for cid in reversed(deck.draw_pile):  # the top of a pile is its end
            if cid == card or (special is not None and game.card(cid).special == special):
                return cid
    return None


def take_special(game: ArkhamGame, inv: InvState, special: str | None, card: str | None) -> None:
    """The ``take-card`` effect: a special card out of its deck (AH-COMP-05), refused
    with the reason logged when :func:`why_not_take` says so (AH-MISC-02)."""
    why = why_not_take(game, inv, special, card)
    if why:
        game.emit("card-unavailable", investigator=inv.id, wanted=card or special, why=why)
        return
    cid = find_special(game, special, card)
    assert cid is not None
    for deck in game.state.decks.values():
        if cid in deck.draw_pile:
            deck.draw_pile.remove(cid)
            break
    give(game, inv, cid)


def discard_items(game: ArkhamGame, inv: InvState) -> None:
    """Every item (AH-STAT-06's count: common and unique items, spells, cards that count
    as items) to the bottom of its deck: a defaulted bank loan's price."""
    for cid in list(inv.cards):
        if cid in inv.cards and game.card(cid).is_item:
            discard(game, inv, cid)


def set_blessing(game: ArkhamGame, inv: InvState, which: str) -> None:
    """Blessed and cursed replace each other (AH-STAT-11/12)."""
    inv.blessed = which == "blessing"
    inv.cursed = which == "curse"
    for cid in list(inv.cards):
        if game.card(cid).special in ("blessing", "curse"):
            inv.cards.remove(cid)
            inv.exhausted.discard(cid)
            deck = game.state.decks.get(game.card(cid).type)
            if deck is not None:
                deck.draw_pile.insert(0, cid)  # replaced: to the bottom (AH-MISC-01)
            game.emit("discarded", investigator=inv.id, card=cid)
    game.emit("blessing", investigator=inv.id, state="blessed" if inv.blessed else "cursed")


def become(game: ArkhamGame, inv: InvState, which: str) -> None:
    """Blessed or cursed by an effect or the sheet: a Blessing or Curse is a special card
    (AH-COMP-05, AH-MISC-02), so the special deck's first such card is taken when one is
    left, and its own upkeep (the published roll: discarded on a 1) applies; with none
    left, the state alone, which lasts until replaced (AH-STAT-11/12). One already
    blessed (or cursed) and blessed (or cursed) again stays as they are, with the card
    they hold (``unchanged``): only the other kind replaces it (AH-STAT-12), and one
    of each name (AH-MISC-02)."""
    if inv.blessed if which == "blessing" else inv.cursed:
        state = "blessed" if which == "blessing" else "cursed"
        game.emit("blessing", investigator=inv.id, state=state, unchanged=True)
        return
    for deck in game.state.decks.values():
        for cid in deck.draw_pile:
            if game.card(cid).special == which:
                deck.draw_pile.remove(cid)
                give(game, inv, cid)
                return
    set_blessing(game, inv, which)


def move_inv(game: ArkhamGame, inv: InvState, area: str, stage: int = 0) -> None:
    if inv.area != area and inv.explored:
        game.emit("explored-lost", investigator=inv.id)  # AH-ENC-07, AH-CLOSE-02
        inv.explored = False
    inv.area = area
    inv.stage = stage
    inv.jailed = False
    game.emit("investigator-moved", investigator=inv.id, to=area, stage=stage)


def lost_in_time(game: ArkhamGame, inv: InvState, why: str = "effect") -> None:
    """AH-STAT-09: to Lost in Time and Space, delayed, and the next round is lost (as
    for an arrest, AH-STAT-08: standing up is all that round's doing). Logged with why
    (``no-gate``: no open gate back to the world, AH-OW-04; ``knocked-out`` in an other
    world, AH-STAT-05; ``effect``: a card) and the world it happened in, if any."""
    world = {"world": inv.area} if inv.stage else {}
    game.emit("lost-in-time", investigator=inv.id, why=why, **world)
    move_inv(game, inv, game.lost)
    inv.delayed = True
    inv.loses_next_round = True
    game.emit("delayed", investigator=inv.id)


def arrest(game: ArkhamGame, inv: InvState) -> None:
    """AH-STAT-08: to the Jail Cell of the jail location ("not the main area"), half the
    money lost, delayed, and the next round skipped (no sliders, trading or encounters
    then); in that round's Movement the investigator stands up and is released into the
    location's main area (:func:`phases.movement`)."""
    jail = game.board.by_role("jail")
    if jail is not None:
        move_inv(game, inv, jail.id)
        inv.jailed = True
    if inv.money // 2:
        lose(game, inv, "money", inv.money // 2)
    inv.delayed = True
    inv.loses_next_round = True
    game.emit("arrested", investigator=inv.id)


def devour(game: ArkhamGame, inv: InvState) -> None:
    """AH-STAT-10: the investigator is devoured. Outside the final battle the player
    discards every card (trophies stay), puts the sheet back among the unused ones,
    shuffles them and goes on with the one drawn (the seed's words: the same one may come
    back, fresh); in the final battle they are out (AH-FINAL-07)."""
    game.emit("devoured", investigator=inv.id)
    inv.devoured = True
    if not game.state.awakened:
        for cid in list(inv.cards):
            discard(game, inv, cid)  # to the bottom of their decks (AH-MISC-01)
        pool = game.state.unused_investigators
        pool.append(inv.id)
        game.rng.shuffle(pool)
        new_id = pool.pop(0)
        fresh = phases.new_investigator(game, new_id, inv.player)
        fresh.monster_trophies = inv.monster_trophies  # unused trophies stay
        fresh.gate_trophies = inv.gate_trophies
        index = game.state.investigators.index(inv)
        game.state.investigators[index] = fresh
        phases.equip(game, fresh)
        game.emit("investigator-joined", investigator=new_id, player=inv.player)
    elif all(i.devoured for i in game.state.investigators):
        game.finish("lost", "devoured")  # AH-FINAL-08, AH-WIN-05
