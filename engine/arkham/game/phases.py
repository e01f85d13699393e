"""Setup (AH-SETUP), the five phases of a round (AH-TURN) and the final battle (AH-FINAL).

Functions of the game rather than methods so that each phase reads top to bottom as the
rulebook does; they use the shared rules of :class:`~.engine.ArkhamGame`.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from questforge.engine.arkham.game import checks, combat, status, town
from questforge.engine.arkham.game.effects import apply_sourced
from questforge.engine.arkham.game.state import InvState, MonsterToken, Rumor
from questforge.engine.arkham.model.types import Effect
from questforge.engine.core.decks import Deck

if TYPE_CHECKING:
    from questforge.engine.arkham.game.engine import ArkhamGame

DECK_TYPES = ("common", "unique", "spell", "skill", "ally", "special")


# ---------------------------------------------------------------------- setup
def setup(game: ArkhamGame) -> None:
    st, model, rng = game.state, game.model, game.rng
    st.terror = 0  # AH-SETUP-01
    for loc in game.board.locations:
        if loc.unstable:
            st.clues[loc.id] = 1  # AH-SETUP-02
    st.first_player = 0  # AH-SETUP-03
    ao_id = game.setup.ancient_one
    if ao_id == "random":
        ao_id = rng.choice(sorted(model.ancient_ones))  # AH-SETUP-05
    elif ao_id not in model.ancient_ones:
        from questforge.engine.arkham.game.engine import SetupError

        raise SetupError(f"unknown Ancient One {ao_id!r}")
    st.ancient_one = ao_id
    pool = sorted(model.investigators)
    wanted = [] if game.setup.investigators == "random" else game.setup.investigators.split(",")
    wanted = [w.strip() for w in wanted if w.strip()]
    for w in wanted:
        if w not in model.investigators:
            from questforge.engine.arkham.game.engine import SetupError

            raise SetupError(f"unknown investigator {w!r}")
    rest = [i for i in pool if i not in wanted]
    rng.shuffle(rest)  # AH-SETUP-04
    chosen = (wanted + rest)[: st.players]
    st.unused_investigators = [i for i in rest if i not in chosen]
    for deck in DECK_TYPES:  # AH-SETUP-06/08
        cards = [c.id for c in model.cards.values() if c.type == deck for _ in range(c.count)]
        d: Deck[str] = Deck(cards, reshuffle_when_empty=False)
        rng.shuffle(d.draw_pile)
        st.decks[deck] = d
    st.investigators = [new_investigator(game, iid, n) for n, iid in enumerate(chosen)]
    game.emit("setup", ancient_one=ao_id, investigators=chosen, players=st.players)
    for loc in game.board.locations:
        if loc.unstable:
            game.emit("clue-placed", location=loc.id)  # AH-SETUP-02, placed above
    for inv in st.investigators:  # AH-SETUP-07/09/10
        equip(game, inv)
    masks = game.ancient.masks
    st.cup = [
        m.id
        for m in model.monsters.values()
        if masks or "mask" not in m.abilities  # AH-SETUP-11/12
        for _ in range(m.count)
    ]
    st.gate_pile = [g.id for g in model.gate_markers.values() for _ in range(g.count)]
    rng.shuffle(st.gate_pile)  # AH-SETUP-13
    st.mythos = sorted(model.mythos)
    rng.shuffle(st.mythos)
    st.gate_deck = sorted(model.gate_cards)
    rng.shuffle(st.gate_deck)
    st.location_decks = {}
    for card in model.location_cards.values():
        st.location_decks.setdefault(card.neighbourhood, []).append(card.id)
    mythos_phase(game, first=True)  # AH-SETUP-15


def new_investigator(game: ArkhamGame, iid: str, player: int) -> InvState:
    """An investigator set up as at the start (AH-SETUP-14), also one who replaces a
    devoured one (AH-STAT-10): at home, or, when home is closed by then (the terror
    track's closures, a mythos card's), in its street, where a closed location's
    occupants go (AH-COMP-11, AH-TERROR-04..06)."""
    data = game.model.investigators[iid]
    home = data.home
    if home in game.state.closed:
        home = game.board.exit_street(home) or home
    return InvState(
        id=iid,
        player=player,
        area=home,  # AH-SETUP-14
        sanity=data.sanity,
        stamina=data.stamina,
        max_sanity=data.sanity,
        max_stamina=data.stamina,
        money=data.money,
        clues=data.clues,
        sliders=[s.start for s in data.sliders],
    )  # a sheet's ``blessed`` is taken by :func:`equip`, with its card


def equip(game: ArkhamGame, inv: InvState) -> None:
    """Fixed possessions, then random ones (AH-SETUP-07/09), then sliders (AH-SETUP-10)."""
    data = game.model.investigators[inv.id]
    if data.blessed:
        status.become(game, inv, "blessing")  # the sheet's Blessing is the card
    for cid in data.cards:
        deck = game.state.decks.get(game.card(cid).type)
        if deck is not None and cid in deck.draw_pile:
            deck.draw_pile.remove(cid)
        status.give(game, inv, cid)
    for deck_name, count in data.random.items():
        for _ in range(count):
            status.draw_card(game, inv, deck_name)
    set_sliders(game, inv, free=True)
    game.emit(
        "investigator-ready",
        investigator=inv.id,
        area=inv.area,
        sanity=inv.sanity,
        stamina=inv.stamina,
        money=inv.money,
        clues=inv.clues,
    )


def set_sliders(game: ArkhamGame, inv: InvState, free: bool) -> None:
    """Slider positions within Focus steps (AH-UPK-03), or anywhere at setup (AH-SETUP-10)."""
    data = game.model.investigators[inv.id]
    ranges = [range(len(s.top_values)) for s in data.sliders]
    focus = data.focus
    options = [list(inv.sliders)]
    for combo in product(*ranges):
        steps = sum(abs(a - b) for a, b in zip(combo, inv.sliders, strict=False))
        if list(combo) != inv.sliders and (free or steps <= focus):
            options.append(list(combo))
    chosen = game.ask("sliders", inv.id, options, "set your skill sliders", free=free, focus=focus)
    if chosen != inv.sliders:
        before, inv.sliders = inv.sliders, list(chosen)
        # the positions before, the steps taken and the Focus they must not exceed (none
        # when placed freely at setup), so that a referee can check AH-UPK-03
        game.emit(
            "sliders",
            investigator=inv.id,
            positions=inv.sliders,
            before=before,
            steps=sum(abs(a - b) for a, b in zip(inv.sliders, before, strict=False)),
            focus=None if free else focus,
        )


# ---------------------------------------------------------------------- the round
def begin_round(game: ArkhamGame) -> None:
    st = game.state
    st.round += 1
    game.emit("round", number=st.round, first_player=st.investigators[st.first_player].id)
    for inv in st.investigators:
        inv.out_this_round = False
        inv.skips_round, inv.loses_next_round = inv.loses_next_round, False  # AH-STAT-08


def end_round(game: ArkhamGame) -> None:
    st = game.state
    for inv in st.investigators:
        inv.just_returned = False
    st.first_player = (st.first_player + 1) % len(st.investigators)  # AH-TURN-03
    st.doom_history.append(st.doom)


def play_round(game: ArkhamGame) -> None:
    """AH-TURN-01: five phases, each in player order from the first player."""
    begin_round(game)
    for name, phase in PHASES:
        game.state.phase = name
        phase(game)
    end_round(game)


def upkeep(game: ArkhamGame) -> None:
    for inv in game.state.order():
        if inv.exhausted:
            inv.exhausted.clear()  # AH-UPK-01
            game.emit("refreshed", investigator=inv.id)
        if inv.area == game.lost and not inv.delayed:
            return_from_lost(game, inv)  # AH-STAT-09
        if not inv.out_this_round and not inv.skips_round:
            pay_off(game, inv)
        # AH-UPK-02: every upkeep requirement (the sheet's, each card's) "in any order the
        # player chooses", which AH-MISC-06 makes the active player's choice; each card's own
        # effects know their card, so ``discard-this`` (a Blessing's roll) discards it
        sources: list[str] = ["ability"] if game.model.investigators[inv.id].upkeep else []
        sources += [cid for cid in inv.cards if game.card(cid).upkeep]
        if sources and not inv.out_this_round:
            sourced: list[tuple[Effect, str | None]] = []
            for source in order_simultaneous(game, inv.id, "upkeep", sources, inv):
                if source == "ability":
                    sourced += [(e, None) for e in game.model.investigators[inv.id].upkeep]
                else:
                    sourced += [(e, source) for e in game.card(source).upkeep]
            apply_sourced(game, inv, sourced, inv.area)
        if not inv.devoured and not inv.out_this_round and not inv.skips_round:
            use_cards(game, inv)
        if not inv.devoured and not inv.out_this_round and not inv.skips_round:
            set_sliders(game, inv, free=False)  # AH-UPK-03


def pay_off(game: ArkhamGame, inv: InvState) -> None:
    """A card with a ``discard_cost`` may be paid off "any phase" (the published bank
    loan: "pay $10 to discard this card"; the catalogue and seed are silent, AH-MISC-02
    names the loan only). The reading: offered once each Upkeep, before the card's own
    upkeep roll, so a player who can repay need not risk the interest."""
    for cid in list(dict.fromkeys(inv.cards)):
        card = game.card(cid)
        if not card.discard_cost or cid not in inv.cards:
            continue
        if not all(can_pay(game, inv, c.what, c.amount) for c in card.discard_cost):
            continue
        costs = {c.what: c.amount for c in card.discard_cost}
        if (
            game.ask(
                "pay-off", inv.id, ["no", "yes"], f"pay off {card.name}?", card=cid, costs=costs
            )
            != "yes"
        ):
            continue
        for c in card.discard_cost:
            _pay(game, inv, c.what, c.amount)
        game.emit("paid-off", investigator=inv.id, card=cid)
        status.discard(game, inv, cid)


def use_cards(game: ArkhamGame, inv: InvState) -> None:
    """Cards with ``use`` effects (healing items, a healing spell: "effects the card gives
    when used, outside combat"). The rules give no moment for them; the reading: in Upkeep
    (AH-UPK-02), each ready card once a round, as the player chooses. An item marked
    ``discard_after_use`` goes to the bottom of its deck (AH-MISC-01), one marked
    ``exhaust`` is exhausted; a spell is cast (cost, then a spell check, AH-SPELL-01/02)
    and takes effect only on a pass."""
    used: set[str] = set()
    while not (inv.devoured or inv.out_this_round):
        ready = [
            c
            for c in dict.fromkeys(inv.cards)
            if game.card(c).use and c not in inv.exhausted and c not in used
        ]
        if not ready:
            return
        choice = game.ask("use-card", inv.id, ["done", *ready], "use a card?")
        if choice == "done":
            return
        cid = str(choice)
        used.add(cid)
        card = game.card(cid)
        game.emit("card-used", investigator=inv.id, card=cid)
        if card.is_spell:
            if combat.cast(game, inv, cid) and not (inv.devoured or inv.out_this_round):
                game.apply(inv, card.use, inv.area, cid)
            continue
        if card.discard_after_use:
            status.discard(game, inv, cid)
        elif card.exhaust:
            inv.exhausted.add(cid)
        game.apply(inv, card.use, inv.area, cid)


def return_from_lost(game: ArkhamGame, inv: InvState) -> None:
    places = [
        a.id
        for a in game.board.areas.values()
        if a.type in ("location", "street") and a.id not in game.state.closed
    ]
    to = game.ask("return", inv.id, places, "where do you return to Arkham?")
    status.move_inv(game, inv, to)


def movement(game: ArkhamGame) -> None:
    for inv in game.state.order():
        if inv.out_this_round or inv.devoured:
            continue
        if inv.delayed:
            inv.delayed = False  # AH-DELAY-01, AH-STAT-07
            game.emit("stood-up", investigator=inv.id)
            if inv.jailed:  # AH-STAT-08: "stand up and move to the main area"
                inv.jailed = False
                game.emit("released", investigator=inv.id, location=inv.area)
            trade(game, inv)  # no movement, but trading is still a Movement-phase step
            continue
        trade(game, inv)
        if inv.stage == 1:
            status.move_inv(game, inv, inv.area, 2)  # AH-OW-02
        elif inv.stage == 2:
            leave_world(game, inv)
        elif game.in_town(inv.area):
            arkham_move(game, inv)
        trade(game, inv)


#: card types that may change hands (AH-MOVE-09: items and spells; money too)
TRADABLE = ("common", "unique", "spell")


def trade(game: ArkhamGame, inv: InvState, anywhere: bool = False) -> None:
    """AH-MOVE-09: before and after moving, an investigator may give money, items and
    spells to others in the same area (street, location or other-world area); in the
    final battle (``anywhere``) to every other investigator (AH-FINAL-02)."""
    if inv.out_this_round or inv.devoured or inv.skips_round:
        return
    for _ in range(6):  # a few gifts at most per chance (every gift is one decision)
        others = [
            o
            for o in game.state.order()
            if o is not inv
            and (
                anywhere or (o.area == inv.area and o.stage == inv.stage and o.jailed == inv.jailed)
            )
            and not o.out_this_round
        ]
        if not others:
            return
        options: list[Any] = ["done"]
        for other in others:
            options += [
                f"give:{c}:{other.id}"
                for c in dict.fromkeys(inv.cards)
                if game.card(c).type in TRADABLE
            ]
            if inv.money:
                options.append(f"money:{other.id}")
        choice = game.ask("trade", inv.id, options, "give something to an investigator here?")
        if choice == "done":
            return
        parts = str(choice).split(":")
        other = game.inv(parts[-1])
        if parts[0] == "money":
            inv.money -= 1
            other.money += 1
            game.emit("traded", giver=inv.id, receiver=other.id, what="money")
        else:
            inv.cards.remove(parts[1])
            inv.exhausted.discard(parts[1])
            other.cards.append(parts[1])
            game.emit("traded", giver=inv.id, receiver=other.id, what=parts[1])


def leave_world(game: ArkhamGame, inv: InvState) -> None:
    """AH-OW-03/04: back through a gate to that world, or lost in time and space."""
    world = inv.area
    gates = sorted(loc for loc, g in game.state.gates.items() if g.world == world)
    if not gates:
        status.lost_in_time(game, inv, "no-gate")  # AH-OW-04
        return
    to = game.ask("return-gate", inv.id, gates, "which gate do you return through?", world=world)
    status.move_inv(game, inv, to)
    inv.explored = True
    inv.just_returned = True  # AH-CMB-10
    game.emit("explored", investigator=inv.id, location=to)


def reachable(game: ArkhamGame, start: str, points: int) -> dict[str, list[str]]:
    """Areas within ``points`` moves (closed locations excluded) and the route to each.

    The player moves area by area (AH-MOVE-03) but is asked only for the destination, so
    the engine picks the route a player would: the one that leaves the fewest areas
    holding monsters on the way (each is evaded or fought on leaving, AH-MOVE-05), then
    the shortest, then the first found. The start is left on every route and the
    destination's monsters are met on every route, so neither counts."""
    graph = game.board.graph
    closed = game.state.closed
    danger = {m.area for m in game.state.monsters}
    best: dict[str, tuple[int, int, list[str]]] = {start: (0, 0, [start])}
    order = [start]
    layer: dict[str, tuple[int, list[str]]] = {start: (0, [start])}
    for steps in range(1, max(points, 0) + 1):
        nxt: dict[str, tuple[int, list[str]]] = {}
        for area, (risk, path) in layer.items():
            cost = risk + (1 if area != start and area in danger else 0)
            for n in graph.neighbors(area):
                n = str(n)
                if n in closed or n in path:
                    continue
                if n not in nxt or cost < nxt[n][0]:
                    nxt[n] = (cost, [*path, n])
        for n, (risk, path) in nxt.items():
            if n not in best:
                order.append(n)
                best[n] = (risk, steps, path)
            elif risk < best[n][0]:
                best[n] = (risk, steps, path)
        layer = nxt
    return {area: best[area][2] for area in order}


def arkham_move(game: ArkhamGame, inv: InvState) -> None:
    """AH-MOVE-02..08: speed points along connections; monsters are evaded or fought when
    leaving and where the move ends; a combat ends the move, and the investigator then
    ends movement in that area: every other monster there is still faced (AH-MOVE-05)
    and the clues there are picked up (AH-MOVE-08)."""
    points = checks.skill(game, inv, "speed")
    # the points and how they are counted (the Speed slider and each standing modifier),
    # so that a referee can check the steps that follow
    game.emit(
        "movement-points",
        investigator=inv.id,
        points=points,
        base=checks.base_skill(game, inv, "speed"),
        modifiers=checks.standing(game, inv, "speed"),
    )
    paths = reachable(game, inv.area, points)
    dest = game.ask("move", inv.id, list(paths), "where do you move?", speed=points)
    path = paths[dest]
    for step in path[1:]:
        if not face_monsters(game, inv):
            break  # AH-MOVE-07: the move ends where the combat was
        status.move_inv(game, inv, step)
    else:
        face_monsters(game, inv)  # AH-MOVE-05: where the move ends
    pick_up_clues(game, inv)
    if not (inv.out_this_round or inv.devoured):
        activity(game, inv, "enter")


def face_monsters(game: ArkhamGame, inv: InvState) -> bool:
    """Evade or fight each monster in the investigator's area in turn (AH-MOVE-05,
    AH-EVADE-01). True when every one was evaded, so the move may go on; False when a
    combat happened (AH-MOVE-07) or the investigator is out (knocked out, devoured). An
    investigator who has just returned from an other world is not forced (AH-CMB-10)."""
    if inv.just_returned:
        return True
    may_go_on = True
    for token in list(game.state.monsters_at(inv.area)):
        if inv.out_this_round or inv.devoured:
            return False
        if token not in game.state.monsters or token.area != inv.area:
            continue
        if combat.meet(game, inv, token) != "evaded":
            may_go_on = False
    return may_go_on and not (inv.out_this_round or inv.devoured)


def pick_up_clues(game: ArkhamGame, inv: InvState) -> None:
    """AH-MOVE-08: every clue at the location where the move ends (the reading: always
    all of them; picking up fewer never helps)."""
    n = game.state.clues.get(inv.area, 0)
    if n and not inv.out_this_round:
        del game.state.clues[inv.area]
        inv.clues += n
        game.emit("clues-taken", investigator=inv.id, location=inv.area, amount=n)


# ---------------------------------------------------------------------- encounters
def arkham_encounters(game: ArkhamGame) -> None:
    for inv in game.state.order():
        if inv.out_this_round or inv.devoured or inv.skips_round:
            continue  # AH-STAT-03/04, AH-STAT-08
        if inv.stage or not game.is_location(inv.area):
            continue
        loc = inv.area
        gate = game.state.gates.get(loc)
        if gate is not None:
            if inv.explored:
                try_close(game, inv, loc)  # AH-ENC-06, AH-CLOSE-03
            else:
                game.emit("drawn-through", investigator=inv.id, location=loc, world=gate.world)
                status.move_inv(game, inv, gate.world, 1)  # AH-ENC-05
            continue
        activity(game, inv, "encounter")
        if inv.out_this_round or inv.devoured or inv.area != loc:
            continue
        location_action(game, inv, loc)


def activity(game: ArkhamGame, inv: InvState, when: str) -> None:
    """AH-MYTHA-05, AH-COMP-10: the activity markers at the investigator's location, each
    with its card's effect for ``when`` (``enter``: the investigator ended movement there;
    ``encounter``: before their encounter or special action there). The source is silent
    on what a marker does; the published cards say it on the card, so the card declares it."""
    for loc, cid in list(game.state.activity):
        if loc != inv.area or inv.stage or inv.jailed:
            continue
        for marker in game.model.mythos[cid].activity:
            if marker.location != loc or marker.when != when:
                continue
            if inv.out_this_round or inv.devoured:
                return
            game.emit("activity", investigator=inv.id, location=loc, card=cid, when=when)
            game.apply(inv, marker.effects, loc)


def location_action(game: ArkhamGame, inv: InvState, loc: str) -> None:
    area = game.board.areas[loc]
    options: list[Any] = ["encounter"]
    for i, special in enumerate(area.special):  # AH-ENC-08
        if all(can_pay(game, inv, c.what, c.amount) for c in special.cost) and takes_ok(
            game, inv, special.effects
        ):
            options.append(f"special:{i}")
    if members_entry(game, inv, loc):
        options.append("members")
    rumor = game.state.rumor
    if rumor is not None:
        r = game.model.mythos[rumor.card].rumor
        if r is not None and r.pass_at == loc and inv.clues >= r.pass_cost:
            options.append("rumor")
    choice = game.ask(
        "location-action", inv.id, options, f"what do you do at {area.name}?", location=loc
    )
    if choice == "rumor":
        pass_rumor(game, inv)
    elif choice == "members":
        location_encounter(game, inv, loc, members=True)
    elif isinstance(choice, str) and choice.startswith("special:"):
        special = area.special[int(choice.split(":")[1])]
        for cost in special.cost:
            _pay(game, inv, cost.what, cost.amount)
        game.emit("special-action", investigator=inv.id, location=loc, action=special.name)
        game.apply(inv, special.effects, loc)
    else:
        location_encounter(game, inv, loc)


def takes_ok(game: ArkhamGame, inv: InvState, effects: tuple[Effect, ...]) -> bool:
    """A special action that gives a special card (a loan, a deputy's badge, a
    membership) is offered only when the card can be taken: not held (AH-MISC-02), not
    barred, one left; nor one that blesses (curses) one already blessed (cursed), which
    changes nothing (AH-STAT-12): paying for nothing is never offered."""
    for e in effects:
        if e.do == "take-card" and status.why_not_take(game, inv, e.special, e.card):
            return False
        if (e.do == "blessed" and inv.blessed) or (e.do == "cursed" and inv.cursed):
            return False
    return True


def members_entry(game: ArkhamGame, inv: InvState, loc: str) -> bool:
    """A holder of a ``membership`` card at a location whose neighbourhood deck has
    members-only entries for it may read one instead (the published Lodge's Inner
    Sanctum, "a members-only sub-area of the Lodge", AH-REF-01)."""
    if not any(game.card(c).special == "membership" for c in inv.cards):
        return False
    hood = game.board.areas[loc].neighbourhood or ""
    deck = game.state.location_decks.get(hood, ())
    return any(game.model.location_cards[c].for_location(loc, members=True) for c in deck)


def monster_toughness(game: ArkhamGame, inv: InvState) -> int:
    return sum(game.monster(m).toughness for m in inv.monster_trophies)


def can_pay(game: ArkhamGame, inv: InvState, what: str, amount: int) -> bool:
    if what == "monster-trophies":
        return len(inv.monster_trophies) >= amount
    if what == "monster-toughness":
        return monster_toughness(game, inv) >= amount
    if what == "gate-trophies":
        return len(inv.gate_trophies) >= amount
    have: int = getattr(inv, what)
    return have > amount if what in ("sanity", "stamina") else have >= amount


def _pay(game: ArkhamGame, inv: InvState, what: str, amount: int) -> None:
    """Pay a cost; spent trophies go back to the cup / the gate pile's bottom (AH-MISC-05)."""
    # each spent trophy is named (``trophies``), for a referee to check the price
    if what == "monster-trophies":
        spent = [inv.monster_trophies.pop(0) for _ in range(amount)]
        game.state.cup += spent
        game.emit(
            "trophies-spent", investigator=inv.id, what="monster", amount=amount, trophies=spent
        )
    elif what == "monster-toughness":
        # trophies worth ``amount`` toughness in all (the published deputy's "10
        # toughness of monster trophies"); the reading: the toughest first, the fewest
        # trophies, any excess lost as with change never given
        spent = []
        paid = 0
        for mid in sorted(inv.monster_trophies, key=lambda m: -game.monster(m).toughness):
            if paid >= amount:
                break
            inv.monster_trophies.remove(mid)
            game.state.cup.append(mid)
            paid += game.monster(mid).toughness
            spent.append(mid)
        game.emit(
            "trophies-spent",
            investigator=inv.id,
            what="monster",
            amount=len(spent),
            trophies=spent,
            toughness=paid,
        )
    elif what == "gate-trophies":
        spent = [inv.gate_trophies.pop(0) for _ in range(amount)]
        for marker in spent:
            game.state.gate_pile.insert(0, marker)
        game.emit("trophies-spent", investigator=inv.id, what="gate", amount=amount, trophies=spent)
    else:
        status.lose(game, inv, what, amount)


def location_encounter(game: ArkhamGame, inv: InvState, loc: str, members: bool = False) -> None:
    """AH-ENC-02/09: shuffle the neighbourhood's deck, draw, read this location's entry
    (``members``: its members-only entry, :func:`members_entry`)."""
    hood = game.board.areas[loc].neighbourhood or ""
    deck = list(game.state.location_decks.get(hood, ()))
    if not deck:
        return
    game.rng.shuffle(deck)
    card = game.model.location_cards[deck[0]]
    entry = card.for_location(loc, members)
    if members:
        game.emit("members-encounter", investigator=inv.id, location=loc, card=card.id)
    else:
        game.emit("encounter", investigator=inv.id, location=loc, card=card.id)
    if entry is not None:
        game.apply(inv, entry.effects, loc)


def try_close(game: ArkhamGame, inv: InvState, loc: str) -> None:
    """AH-CLOSE-03/04, AH-SEAL-01, AH-ELDER-01..03."""
    gate = game.state.gates[loc]
    options = ["fight", "lore"]
    signs = [c for c in inv.cards if game.card(c).elder_sign]
    if signs and loc not in game.state.sealed:
        options.insert(0, "elder-sign")
    choice = game.ask(
        "close", inv.id, options, "how do you close the gate?", modifier=gate.modifier
    )
    if choice == "elder-sign":
        inv.cards.remove(signs[0])  # removed from the game (AH-ELDER-02)
        game.emit("elder-sign-used", investigator=inv.id, card=signs[0], location=loc)
        game.state.elder_signs_used += 1
        town.close_gate(game, inv, loc)
        if game.state.doom > 0:
            game.state.doom -= 1
            game.emit("doom", level=game.state.doom, track=game.ancient.doom_track)
        status.lose_together(game, inv, {"sanity": 1, "stamina": 1})  # AH-ELDER-02
        town.seal(game, loc, elder_sign=True)  # AH-ELDER-03
        return
    if not checks.check(game, inv, choice, gate.modifier, 1, label="close"):
        game.emit("close-failed", investigator=inv.id, location=loc)
        return
    town.close_gate(game, inv, loc)
    cost = game.rules.seal_cost
    can_seal = inv.clues >= cost and loc not in game.state.sealed
    if (
        can_seal
        and game.ask("seal", inv.id, ["no", "yes"], f"spend {cost} clues to seal?") == "yes"
    ):
        inv.clues -= cost
        game.emit("lost", investigator=inv.id, what="clues", amount=cost)
        town.seal(game, loc)  # AH-SEAL-01/02
        return
    town.check_victory(game)


def other_world_encounters(game: ArkhamGame) -> None:
    """AH-OWE-01/02: draw gate cards until one matches the world's colours."""
    st = game.state
    for inv in st.order():
        if inv.out_this_round or inv.devoured or not inv.stage:
            continue
        world = game.board.areas[inv.area]
        unmatched: list[str] = []
        for _ in range(len(st.gate_deck)):
            cid = st.gate_deck.pop(0)
            st.gate_deck.append(cid)  # to the bottom, matching or not
            card = game.model.gate_cards[cid]
            if card.colour not in world.colours:
                unmatched.append(cid)
            else:
                entry = card.for_world(world.id)
                game.emit(
                    "world-encounter",
                    investigator=inv.id,
                    world=world.id,
                    card=cid,
                    unmatched=unmatched,
                )
                if entry is not None:
                    game.apply(inv, entry.effects, world.id)
                break


def pass_rumor(game: ArkhamGame, inv: InvState) -> None:
    rumor = game.state.rumor
    assert rumor is not None
    card = game.model.mythos[rumor.card]
    assert card.rumor is not None
    inv.clues -= card.rumor.pass_cost
    game.emit("lost", investigator=inv.id, what="clues", amount=card.rumor.pass_cost)
    game.emit("rumor-passed", investigator=inv.id, card=rumor.card)
    game.state.rumor = None
    reopen(game, rumor.card)
    game.state.mythos.append(rumor.card)  # AH-MYTHA-04
    for other in game.state.order():
        game.apply(other, card.rumor.on_pass, other.area)


# ---------------------------------------------------------------------- mythos
def mythos_phase(game: ArkhamGame, first: bool = False) -> None:
    """AH-MYTH-01: gate and monster, clue, monster movement, mythos ability."""
    st = game.state
    cid = st.mythos.pop(0)
    card = game.model.mythos[cid]
    game.emit("mythos", card=cid, subtype=card.type, gate=card.gate, clue=card.clue)
    open_gate(game, card.gate)  # AH-GATE
    place_clue(game, card.clue)  # AH-CLUE
    move_monsters(game, card.white, card.black)  # AH-MMOVE
    ability(game, card, first)  # AH-MYTHA


def open_gate(game: ArkhamGame, loc: str) -> None:
    """AH-GATE-01..08."""
    from questforge.engine.arkham.game.engine import gate_for

    st = game.state
    if loc in st.sealed:
        game.emit("gate-blocked", location=loc)  # AH-GATE-01
        return
    if loc in st.gates:
        monster_surge(game, loc)  # AH-GATE-02
        return
    town.add_doom(game, 1)  # AH-GATE-04
    if not st.gate_pile:
        refill_gates(game)
    if not st.gate_pile:
        game.awaken("no gate markers are left")  # AH-AWAKE-01
    marker = st.gate_pile.pop()
    gate = gate_for(game, loc, marker)
    st.gates[loc] = gate  # AH-GATE-05
    st.gates_opened[loc] = st.gates_opened.get(loc, 0) + 1
    game.emit("gate-opened", location=loc, world=gate.world, marker=marker)
    if st.clues.pop(loc, 0):
        game.emit("clues-discarded", location=loc)
    for inv in st.investigators_at(loc):  # AH-GATE-08
        game.emit("drawn-through", investigator=inv.id, location=loc, world=gate.world)
        status.move_inv(game, inv, gate.world, 1)
        inv.delayed = True
        game.emit("delayed", investigator=inv.id)
    town.place_monster(game, loc)  # AH-GATE-06
    if len(st.gates) >= game.rules.gates_to_awaken(st.players):
        game.awaken("too many gates are open")  # AH-AWAKE-01


def refill_gates(game: ArkhamGame) -> None:
    """AH-AWAKE-02, AH-MISC-05: with no gate marker left, an investigator may spend a gate
    trophy; it goes to the bottom of the gate markers and the gate can open."""
    holders = [i.id for i in game.state.order() if i.gate_trophies]
    if not holders:
        return
    who = game.ask(
        "refill-gates", PLAYERS_ACTOR, ["no", *holders], "spend a gate trophy to refill the gates?"
    )
    if who == "no":
        return
    inv = game.inv(who)
    marker = inv.gate_trophies.pop(0)
    game.state.gate_pile.insert(0, marker)
    game.emit("trophies-spent", investigator=inv.id, what="gate", amount=1, trophies=[marker])


PLAYERS_ACTOR = "players"


def order_simultaneous(
    game: ArkhamGame,
    actor: str,
    what: str,
    items: list[str],
    investigator: InvState | None = None,
    **context: Any,
) -> list[str]:
    """AH-MISC-06: effects that resolve at once are ordered by the active player (an
    investigator's own upkeep, AH-UPK-02), or by the first player for the town's
    (``actor`` is :data:`PLAYERS_ACTOR`, "the first player decides"). Asked one pick at a
    time among the effects still waiting (an ``order-upkeep`` or ``order-surge`` decision
    each, while two or more wait); the options are listed in the engine's stated order,
    which is the bots' answer: an investigator's sheet ability, then its cards in the order
    they were gained; a surge's gates from the mythos card's gate, then by id. The chosen
    order is logged (``ordered``, with who chose it) so that a referee can follow every
    later step."""
    if len(items) < 2:
        return list(items)
    waiting = list(items)
    chosen: list[str] = []
    while len(waiting) > 1:
        pick = str(
            game.ask(
                "order-surge" if what == "monster-surge" else "order-upkeep",
                actor,
                list(waiting),
                f"which {what} effect resolves next?",
                what=what,
                done=list(chosen),
                **context,
            )
        )
        waiting.remove(pick)
        chosen.append(pick)
    chosen += waiting
    by = investigator.id if investigator is not None else game.state.order()[0].id
    game.emit("ordered", by=by, what=what, order=chosen)
    return chosen


def monster_surge(game: ArkhamGame, at: str | None = None) -> None:
    """AH-GATE-02: a monster comes out of every open gate. The seed leaves the placing to
    the players, the first player deciding ("all players decide where they go; the first
    player decides disputes"), so the order in which the gates take their monster (each
    drawn in turn, the limit sending the later ones to the Outskirts) is the first
    player's (AH-MISC-06); listed from the gate the mythos card named (``at``)."""
    gates = sorted(game.state.gates)
    if at in game.state.gates:
        gates.remove(at)
        gates.insert(0, at)
    game.emit("monster-surge", gates=gates)
    for loc in order_simultaneous(game, PLAYERS_ACTOR, "monster-surge", gates):
        town.place_monster(game, loc)


def place_clue(game: ArkhamGame, loc: str) -> None:
    st = game.state
    if loc in st.gates:
        game.emit("clue-skipped", location=loc)  # AH-CLUE-01: a gate is open there
        return
    here = st.investigators_at(loc)
    if here:  # AH-CLUE-02
        names = [i.id for i in here]
        taker = game.ask("clue-taker", "players", names, "who takes the clue?", location=loc)
        inv = game.inv(taker)
        inv.clues += 1
        game.emit("clues-taken", investigator=taker, location=loc, amount=1)
        return
    st.clues[loc] = st.clues.get(loc, 0) + 1
    game.emit("clue-placed", location=loc)


def move_monsters(game: ArkhamGame, white: tuple[str, ...], black: tuple[str, ...]) -> None:
    """AH-MMOVE-01..05, AH-FLY-01..04."""
    game.emit("monsters-move", white=list(white), black=list(black))
    for token in list(game.state.monsters):
        m = game.monster(token)
        colour = "white" if m.dimension in white else "black" if m.dimension in black else None
        if colour is None or token not in game.state.monsters:
            continue
        if m.movement == "flying":
            fly(game, token)
        elif m.movement in ("normal", "fast"):
            if not game.in_town(token.area):
                continue
            for _ in range(2 if m.movement == "fast" else 1):
                if held(game, token):
                    break  # AH-MMOVE-03, AH-MMOVE-04
                step(game, token, colour)
        elif m.movement == "unique":
            unique_move(game, token)


def held(game: ArkhamGame, token: MonsterToken) -> bool:
    """AH-MMOVE-03/04, AH-FLY-01: a monster in an area with investigators does not leave
    it (a fast one stops on entering one). Logged with who holds it (``monster-held``):
    a monster whose symbol is in a movement box and does not move must say why."""
    here = game.state.investigators_at(token.area) if game.in_town(token.area) else []
    if here:
        game.emit(
            "monster-held",
            uid=token.uid,
            monster=token.monster,
            area=token.area,
            by=[i.id for i in here],
        )
    return bool(here)


def step(game: ArkhamGame, token: MonsterToken, colour: str) -> None:
    board = game.board
    area = board.areas[token.area]
    to = (
        board.exit_street(token.area)
        if area.type == "location"
        else board.graph.arrow(token.area, colour)
    )
    if to is None or to in game.state.closed:
        return
    token.area = str(to)
    game.emit("monster-moved", uid=token.uid, monster=token.monster, to=token.area)


def fly(game: ArkhamGame, token: MonsterToken) -> None:
    """AH-FLY-01..03: stay with an investigator, swoop to a street next to one, else the Sky."""
    st = game.state
    if held(game, token):
        return  # AH-FLY-01
    if token.area == game.sky:
        near = [s.id for s in game.board.streets]  # AH-FLY-04
    elif game.in_town(token.area):
        near = [str(n) for n in game.board.graph.neighbors(token.area)]
        near = [n for n in near if game.board.areas[n].type == "street"]
    else:
        return  # Outskirts: flying monsters stay there
    targets = [
        (checks.skill(game, i, "sneak"), st.order().index(i), s)
        for s in near
        for i in st.investigators_at(s)
    ]
    why: dict[str, object] = {}
    if targets:
        # AH-FLY-02: toward the lowest Sneak; a tie between streets is the first player's
        # to break (the seed: "the first player decides"), asked with the streets in
        # player order, which is the bots' answer
        sneak = min(t[0] for t in targets)
        tied = sorted(t for t in targets if t[0] == sneak)
        streets = list(dict.fromkeys(t[2] for t in tied))
        to = streets[0]
        if len(streets) > 1:
            to = str(
                game.ask(
                    "fly-tie",
                    PLAYERS_ACTOR,
                    streets,
                    f"where does the {game.monster(token).name} fly?",
                    monster=token.monster,
                    sneak=sneak,
                )
            )
        index = next(t[1] for t in tied if t[2] == to)
        # the investigator flown at and their Sneak, for a referee to check
        why = {"toward": st.order()[index].id, "sneak": sneak}
    elif token.area != game.sky:
        to = game.sky  # AH-FLY-03
    else:
        return
    token.area = to
    game.emit("monster-moved", uid=token.uid, monster=token.monster, to=to, **why)


def unique_move(game: ArkhamGame, token: MonsterToken) -> None:
    """Unique movers follow their own rule (AH-MMOVE-05); the content names it."""
    rule = game.monster(token).unique_move or "stay"
    if rule == "stay" or not game.in_town(token.area):
        return
    if held(game, token):
        return  # AH-MMOVE-03 holds for every monster: it does not leave an investigator
    if rule == "random-street":
        streets = [s.id for s in game.board.streets]
        token.area = streets[game.rng.randbelow(len(streets))]
    else:
        st = game.state
        targets = [
            i.area for i in st.order() if i.stage == 0 and not i.jailed and game.in_town(i.area)
        ]
        if not targets or token.area in targets:
            return

        def enterable(area: object) -> bool:
            # closed markers keep monsters out (AH-COMP-11), and so does a seal: a sealed
            # location never gets a monster again (AH-SEAL-03), so an investigator there
            # is out of the monster's reach
            return area not in st.closed and area not in st.sealed

        best = None
        for t in sorted(set(targets)):
            path = game.board.graph.path(token.area, t, enterable)
            if path and (best is None or len(path) < len(best)):
                best = path
        if not best:
            return
        token.area = str(best[1])
    game.emit("monster-moved", uid=token.uid, monster=token.monster, to=token.area)


def ability(game: ArkhamGame, card: Any, first: bool) -> None:
    """AH-MYTHA-01..04: headline now; environment stays; one rumor at a time."""
    st = game.state
    rumor_before = st.rumor
    environment_before = st.environment
    if card.type == "headline":
        game.emit("headline", card=card.id)
        _global_effects(game, card.effects)
        st.mythos.append(card.id)  # AH-MYTHA-02
    elif card.type == "environment":
        if st.environment is not None:
            reopen(game, st.environment)
            st.mythos.append(st.environment)  # AH-MYTHA-03
        st.environment = card.id
        close_for(game, card)
        game.emit("environment", card=card.id)
        _global_effects(game, card.effects)
    elif card.type == "rumor":
        if st.rumor is not None:
            game.emit("rumor-ignored", card=card.id)  # AH-MYTHA-04
            st.mythos.append(card.id)
        else:
            st.rumor = Rumor(card.id, card.rumor.start)
            game.emit("rumor", card=card.id, counter=card.rumor.start)
            close_for(game, card)
    if environment_before is not None and st.environment == environment_before:
        # AH-MYTHA-03: the Environment's special text "remains in play": its effects
        # happen again in each Mythos phase it stays (the content format: "each Mythos
        # phase it stays"), after the new card's own ability
        environment = game.model.mythos[environment_before]
        if environment.effects:
            game.emit("environment-effects", card=environment_before)
            _global_effects(game, environment.effects)
    if rumor_before is not None and st.rumor is rumor_before and not first:
        tick_rumor(game)


def close_for(game: ArkhamGame, card: Any) -> None:
    """AH-MYTHA-05: closed and activity markers of a card that stays in play."""
    st = game.state
    for loc in card.closes:
        if loc in st.closed or not game.is_location(loc):
            continue
        st.mythos_closed[loc] = card.id
        town.shut(game, loc, game.board.exit_street(loc) or loc)
    for marker in card.activity:
        if (marker.location, card.id) in st.activity or not game.is_location(marker.location):
            continue
        st.activity.append((marker.location, card.id))
        game.emit("activity-placed", location=marker.location, card=card.id)


def reopen(game: ArkhamGame, card_id: str) -> None:
    """AH-MYTHA-05: the card left play: its closed markers go (not the terror track's),
    and its activity markers."""
    st = game.state
    for loc, cid in list(st.mythos_closed.items()):
        if cid == card_id:
            del st.mythos_closed[loc]
            if loc not in st.closed_for_good:
                st.closed.discard(loc)
                game.emit("location-opened", location=loc)
    for loc, cid in list(st.activity):
        if cid == card_id:
            st.activity.remove((loc, cid))
            game.emit("activity-removed", location=loc, card=cid)


def _global_effects(game: ArkhamGame, effects: Any) -> None:
    """Effects of a mythos card, resolved by the first player (AH-MYTH-01): effects on the
    town once; an effect on an investigator (``gain``, ``lose``, ...) hits every
    investigator in Arkham, as if wrapped in ``all-investigators``."""
    if not effects or not game.state.order():
        return
    lead = game.state.order()[0]
    for e in effects:
        if e.do in _GLOBAL_DO:
            game.apply(lead, [e], lead.area)
        else:
            game.apply(lead, [Effect("all-investigators", then=(e,))], lead.area)


_GLOBAL_DO = frozenset({"terror", "doom", "return-monsters", "monster-surge", "all-investigators"})


def tick_rumor(game: ArkhamGame) -> None:
    st = game.state
    rumor = st.rumor
    assert rumor is not None
    card = game.model.mythos[rumor.card]
    assert card.rumor is not None
    rumor.counter -= 1
    game.emit("rumor-counter", card=rumor.card, counter=rumor.counter)
    if rumor.counter <= card.rumor.fail_at:
        st.rumor = None
        st.mythos.append(rumor.card)
        game.emit("rumor-failed", card=rumor.card)
        reopen(game, rumor.card)
        _global_effects(game, card.rumor.on_fail)


# ---------------------------------------------------------------------- final battle
def final_battle(game: ArkhamGame) -> None:
    """AH-FINAL-01..08, AH-REF-19: rounds of refresh, attack and the Ancient One's attack."""
    st = game.state
    ao = game.ancient
    for inv in list(st.investigators):
        if inv.area == game.lost and not inv.devoured:
            status.devour(game, inv)  # AH-FINAL-01
    hits = 0
    for attack in range(100):
        if all(i.devoured for i in st.investigators):
            game.finish("lost", "devoured")  # AH-FINAL-08
        game.emit("final-round", number=attack + 1, doom=st.doom)  # before its refresh
        for inv in st.order():  # AH-FINAL-02: refresh and adjust as in Upkeep
            inv.out_this_round = False  # knocked out or arrested before: over now
            inv.skips_round = inv.loses_next_round = False
            if inv.exhausted:
                inv.exhausted.clear()
                game.emit("refreshed", investigator=inv.id)
            # "use character abilities": the sheet's upkeep ability (cards' upkeep, such as
            # a retainer's pay, belongs to the town's rounds, not to the battle), announced
            # as in Upkeep (the ``upkeep`` event)
            ability_upkeep = game.model.investigators[inv.id].upkeep
            apply_sourced(game, inv, [(e, None) for e in ability_upkeep], inv.area)
            if inv.devoured:
                continue
            set_sliders(game, inv, free=False)
        st.first_player = (st.first_player + 1) % len(st.investigators)
        for inv in st.order():
            trade(game, inv, anywhere=True)  # AH-FINAL-02: as if at one location
        for inv in st.order():  # AH-FINAL-03
            bonus = combat.weapons_bonus(game, inv, None)
            if inv.devoured:
                continue
            hits += checks.check(
                game,
                inv,
                "combat",
                ao.combat_rating,
                1,
                label="final",
                extra=bonus,
                count_only=True,
                against=st.ancient_one,
            )
            while hits >= st.players:  # AH-FINAL-04, AH-REF-19
                hits -= st.players
                st.doom -= 1
                game.emit("doom", level=st.doom, track=ao.doom_track)
                if st.doom <= 0:
                    game.finish("won", "banished")  # AH-FINAL-05, AH-WIN-04
        modifier = ao.attack_modifier + ao.attack_escalation * attack  # AH-FINAL-06
        game.emit("ancient-one-attacks", modifier=modifier)
        for inv in st.order():
            attacked = checks.check(
                game, inv, ao.attack_check, modifier, 1, label="attack", against=st.ancient_one
            )
            if not attacked:
                status.lose(game, inv, ao.attack_lose, ao.attack_amount)  # AH-FINAL-07
    game.finish("lost", "devoured")


#: the five phases of a round, in order (AH-TURN-01); looked up by name at call time so
#: that tests may watch a phase
PHASES: tuple[tuple[str, Any], ...] = (
    ("upkeep", lambda g: upkeep(g)),
    ("movement", lambda g: movement(g)),
    ("arkham-encounters", lambda g: arkham_encounters(g)),
    ("other-world-encounters", lambda g: other_world_encounters(g)),
    ("mythos", lambda g: mythos_phase(g)),
)
