"""A character's turn: long rest, or the top of one card and the bottom of the other (or
the default Attack 2 / Move 2), ability by ability, then end-of-turn upkeep.

Rules: GH-TURN, GH-REST-04/05/06, GH-COND-08, GH-MOVE, GH-ROOM, GH-ATK/GH-AOE/GH-EFF,
GH-HEAL, GH-SHLD, GH-RET, GH-SUMM, GH-RECOV, GH-LOOT, GH-XP, GH-ELEM, GH-BONUS, GH-SEL-06..08.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from questforge.engine.core.events import JSONValue
from questforge.engine.core.hexgrid import distance
from questforge.engine.gloomhaven.game.attacks import (
    AttackParams,
    added_target_params,
    attack_obstacle,
    resolve_attack,
)
from questforge.engine.gloomhaven.game.board import (
    aoe_placements,
    empty_of_tokens,
    find_moves,
    move_destinations,
)
from questforge.engine.gloomhaven.game.rules import Rules
from questforge.engine.gloomhaven.game.spec import (
    ANY_ELEMENT,
    ELEMENTS,
    Ability,
    AbilityCard,
    Action,
    Consume,
    Hex,
    ItemSpec,
    TrapSpec,
)
from questforge.engine.gloomhaven.game.state import ActiveCard, Character, Figure, Grant

#: GH-TURN-05: the default actions
DEFAULT_TOP = Action((Ability("attack", 2),))
DEFAULT_BOTTOM = Action((Ability("move", 2),))


@dataclass(slots=True)
class Boosted:
    """An ability after the chosen element consumptions (GH-ELEM-04/08)."""

    ability: Ability
    xp: int = 0
    extra: list[Ability] = field(default_factory=list)


def start_of_turn(r: Rules, f: Figure) -> None:
    """GH-COND-04: a wounded figure suffers 1 damage at the start of its turn."""
    r.active_figure = f.id
    r.pending_infusions = []
    r.emit("turn_start", figure=f.id, round=r.state.round)
    if "wound" in f.conditions:
        r.suffer_damage(f, 1, "wound", "wound")


def end_of_turn(r: Rules, f: Figure, char: Character | None) -> None:
    """GH-LOOT-04 end-of-turn loot, GH-SPEC-04 pressure plates, GH-ELEM-02 infusions,
    GH-REF-05 condition expiry, ``reach`` goals."""
    st = r.state
    if f.id in st.figures:
        if char is not None and f.kind == "character":
            r.loot_hexes(char, [f.hex])
            plate = r.scenario.pressure_plates.get(f.hex)
            if plate is not None:
                r.emit("pressure_plate", plate=plate, figure=f.id, hex=f.hex)
                r.fire("pressure-plate", plate)
        r.expire_conditions(f)
    r.flush_infusions(f.id)
    r.emit("turn_end", figure=f.id)
    r.active_figure = ""


def character_turn(r: Rules, char: Character) -> None:
    st = r.state
    f = st.figures.get(char.figure)
    if f is None or char.exhausted:
        return
    start_of_turn(r, f)
    if f.id not in st.figures:
        return
    if char.long_rest:
        # rested at the end of the initiative step (rounds.round_flow, GH-REST-05)
        offer_removal(r, char)
    elif "stun" in f.conditions:
        # GH-COND-07/08: a stunned character performs nothing; both cards are discarded
        r.emit("stunned", figure=f.id, cards=list(char.selected))
        char.discard.extend(char.selected)
        char.selected = []
    else:
        play_cards(r, char, f)
    end_of_turn(r, f, char)
    char.acted = True


def long_rest(r: Rules, char: Character, f: Figure) -> None:
    """GH-REST-05/06: lose one discard of the player's choice, the rest back to hand, heal
    2 and refresh spent items. Called at the end of the initiative step (the seed's
    timing); GH-REF-06 (the published game) places it on the 99 turn instead."""
    options = sorted(char.discard)
    if options:
        card = options[r.ask("long_rest_lose", char.id, options, {"discard": options})]
        char.discard.remove(card)
        char.lost.append(card)
        char.hand.extend(char.discard)
        char.discard = []
        r.emit("long_rest", character=char.id, lost=card)
    r.heal(f, 2, f.id)
    for item, status in char.items.items():
        if status == "spent":
            char.items[item] = "ready"
            r.emit("item_refreshed", character=char.id, item=item)


def removable(char: Character) -> list[ActiveCard]:
    """GH-BONUS-05: the active cards a player may put in the lost pile at will - the
    persistent ones without use slots (a summon's card, a bonus that lasts as long as the
    card stays). A card with slots leaves when its slots are used (GH-BONUS-03/04: its
    bonus must be used whenever possible), a round bonus at the end of the round."""
    return [a for a in char.active if a.persistent and a.uses_left is None]


def offer_removal(r: Rules, char: Character) -> None:
    """GH-BONUS-05: "may be removed at any time by putting it in the lost pile" - one
    ``remove_active`` decision per removable card until the player keeps the rest.

    "At any time" is offered at the moments of the owner's turn where nothing else is
    being resolved (before the first action, between the two, after the second; on a long
    rest, its turn): the moments a removal can change anything the player controls. The
    card goes to the *lost* pile whatever its own lost symbol (the rule says so; the
    engine does the same when a card's slots are used up, GH-BONUS-03), and its bonus
    ends; a summon's card takes its summon off the map: GH-SUMM-04 makes the summon the
    card's persistent effect, and a persistent effect lasts while its card is active
    (GH-BONUS-02) - its list of ways a summon leaves (killed, card back to hand, summoner
    exhausted) predates a card removed at will, which the rules allow only here."""
    while True:
        pool = removable(char)
        if not pool:
            return
        options: list[JSONValue] = ["keep", *(a.card for a in pool)]
        idx = r.ask(
            "remove_active",
            char.id,
            options,
            {"summons": [a.summon for a in pool]},
            "put a persistent card in the lost pile?",
        )
        if idx == 0:
            return
        active = pool[idx - 1]
        r.emit(
            "active_card_removed",
            character=char.id,
            card=active.card,
            summon=active.summon if active.summon in r.state.figures else "",
        )
        r.retire_active(char, active, force_lost=True)


def turn_items(r: Rules, char: Character, f: Figure) -> None:
    """GH-TURN-07: items used "during your turn" (a potion, a flask) - offered before the
    first action, between the two and after the second (any time in the turn, never
    inside an action, GH-TURN-02), so one may be used on what the turn brought. The same
    moments offer GH-BONUS-05's removal of a persistent card (:func:`offer_removal`)."""
    offer_removal(r, char)
    for item in r.offer_items(char, ("turn",), "turn"):
        for ab in item.abilities:
            if f.id in r.state.figures:
                perform_ability(r, char, f, ab)


def play_cards(r: Rules, char: Character, f: Figure) -> None:
    """GH-TURN-01/02/05/06: pick which card gives its top and which its bottom."""
    a, b = char.selected
    turn_items(r, char, f)
    if f.id not in r.state.figures:
        return
    first_opts: list[JSONValue] = []
    for card in (a, b):
        for half in ("top", "bottom"):
            first_opts.append({"card": card, "half": half, "default": False})
            first_opts.append({"card": card, "half": half, "default": True})
    choice = first_opts[r.ask("action", char.id, first_opts, {"selected": [a, b]})]
    assert isinstance(choice, dict)
    perform_card_half(r, char, str(choice["card"]), str(choice["half"]), bool(choice["default"]))
    other = b if choice["card"] == a else a
    other_half = "bottom" if choice["half"] == "top" else "top"
    if f.id not in r.state.figures:
        return
    turn_items(r, char, f)
    if f.id not in r.state.figures:
        return
    second_opts: list[JSONValue] = [
        {"card": other, "half": other_half, "default": False},
        {"card": other, "half": other_half, "default": True},
    ]
    second = second_opts[r.ask("action", char.id, second_opts, {"selected": [a, b]})]
    assert isinstance(second, dict)
    perform_card_half(r, char, other, other_half, bool(second["default"]))
    if f.id in r.state.figures:
        turn_items(r, char, f)


def perform_card_half(r: Rules, char: Character, card_id: str, half: str, default: bool) -> None:
    cls = r.content.classes[char.class_id]
    card: AbilityCard = cls.card(card_id)
    if default:
        action = DEFAULT_TOP if half == "top" else DEFAULT_BOTTOM
    else:
        action = card.top if half == "top" else card.bottom
    f = r.state.figures[char.figure]
    r.emit("action", character=char.id, card=card_id, half=half, default=default)
    performed = 0
    summon_id = ""
    protected: list[str] = []
    grants: list[Grant] = []
    action_xp = action.xp
    notes_before = len(r.attack_notes)
    for ab in action.abilities:
        if f.id not in r.state.figures:
            break
        if ab.type == "xp":
            action_xp += ab.xp or ab.value  # gained with the action, not on its own
            continue
        done, made, chosen = perform_ability(r, char, f, ab, action, grants)
        performed += done
        summon_id = summon_id or made
        protected = protected or chosen
    if performed and action.xp_if:
        action_xp += conditional_xp(action.xp_if, r.attack_notes[notes_before:], f.id)
    if performed and action_xp:
        # GH-XP-01/02: only when an accompanying ability was actually used - also by a
        # character it exhausted (a retaliation, a trap on its path): the ability was
        # performed, and an exhausted character keeps the XP it gained (GH-EXH-04)
        r.gain_xp(char, action_xp, f"{card_id} {half}")
    if char.exhausted:
        return
    if card_id in char.selected:
        char.selected.remove(card_id)
    # GH-SEL-06..08, GH-TURN-06: where the card goes
    if default:
        char.discard.append(card_id)
        dest = "discard"
    elif (action.persistent or action.round) and (performed or summon_id):
        uses = action.bonus.uses if action.bonus is not None else None
        char.active.append(
            ActiveCard(
                card_id,
                half,
                action.lost,
                action.persistent,
                uses,
                summon=summon_id,
                targets=protected,
                grants=grants,
            )
        )
        dest = "active"
    elif action.lost:
        char.lost.append(card_id)
        dest = "lost"
    else:
        char.discard.append(card_id)
        dest = "discard"
    r.emit("card_moved", character=char.id, card=card_id, to=dest)


def conditional_xp(
    conditions: tuple[tuple[str, int], ...],
    notes: list[tuple[str, str, int, bool, bool]],
    attacker: str,
) -> int:
    """GH-XP-03: XP of an action's checked conditions, from the attacks it made
    (``Rules.attack_notes``): ``target-adjacent-to-ally`` (a target next to one of the
    attacker's allies when attacked), ``kill`` (a target killed), ``damage`` (damage
    dealt)."""
    mine = [n for n in notes if n[0] == attacker]
    total = 0
    for when, amount in conditions:
        if (
            (when == "target-adjacent-to-ally" and any(n[4] for n in mine))
            or (when == "kill" and any(n[3] for n in mine))
            or (when == "damage" and any(n[2] > 0 for n in mine))
        ):
            total += amount
    return total


def boost(r: Rules, actor: str, ab: Ability, f: Figure | None = None) -> Boosted:
    """GH-ELEM-04..08: offer the ability's consume enhancements.

    An element is consumed to enhance an ability being used (GH-ELEM-04/05: "if using an
    ability that consumes an element ..."), so a consume is offered only if its elements
    are all Strong or Waning and the ability so enhanced can be performed at all
    (:func:`performable`): no element is spent on an attack with no target in reach.

    GH-ELEM-08: "the player picks which to use and in what order". What can be offered is
    worked out again after each consume (one may bring a target into reach and so make
    another usable). When the order can change the outcome (:func:`_order_matters`: two
    enhancements want the same element or a wild one, or each brings abilities performed
    in turn, or each gives an area pattern) one ``consume_order`` decision asks which to
    consume next (or none); otherwise each is offered in the card's order (``consume``:
    consume or skip), which reaches every outcome. A bot takes the card's order."""
    out = Boosted(ab)
    remaining = list(range(len(ab.consume)))
    while remaining:
        offer = [
            i
            for i in remaining
            if _satisfiable(r, ab.consume[i])
            and (f is None or performable(r, f, add_consume(out.ability, ab.consume[i])))
        ]
        if not offer:
            break
        chosen_order = len(offer) > 1 and _order_matters([ab.consume[i] for i in offer])
        if chosen_order:
            options: list[JSONValue] = [
                {"consume": i, "elements": list(ab.consume[i].elements)} for i in offer
            ]
            options.append("done")
            idx = r.ask("consume_order", actor, options, {"ability": ab.type})
            if idx >= len(offer):
                break
            pick = offer[idx]
        else:
            pick = offer[0]
        remaining.remove(pick)
        c = ab.consume[pick]
        chosen = _consume_elements(r, actor, c)
        if chosen is None:
            continue
        if (
            not chosen_order
            and r.ask(
                "consume", actor, ["consume", "skip"], {"elements": chosen, "ability": ab.type}
            )
            != 0
        ):
            continue
        for e in chosen:
            r.consume_element(e, actor)
        out.ability = add_consume(out.ability, c)
        out.xp += c.xp
        out.extra.extend(c.abilities)
    return out


def _satisfiable(r: Rules, c: Consume) -> bool:
    """Whether all of a consume's elements can be consumed now (GH-ELEM-05/08): its named
    elements available, and as many other available elements as it has wild ones
    (GH-ELEM-10; one infusion per icon, GH-ELEM-06). Asks nothing."""
    named = [e for e in c.elements if e != ANY_ELEMENT]
    if not all(r.element_available(e) for e in named):
        return False
    wild = len(c.elements) - len(named)
    return not wild or (
        sum(1 for e in ELEMENTS if e not in named and r.element_available(e)) >= wild
    )


def _consume_elements(r: Rules, actor: str, c: Consume) -> list[str] | None:
    """The elements a consume would take (a wild one chosen by the player, GH-ELEM-10),
    or ``None`` when they cannot all be had."""
    chosen: list[str] = []
    for e in c.elements:
        if e == ANY_ELEMENT:
            taken = tuple(chosen) + tuple(x for x in c.elements if x != ANY_ELEMENT)
            pick = r.choose_any_element(actor, consumable=True, exclude=taken)
            if pick is None:
                return None
            chosen.append(pick)
        elif r.element_available(e):
            chosen.append(e)
        else:
            return None
    return chosen


def _order_matters(offer: list[Consume]) -> bool:
    """GH-ELEM-08: whether the order of several usable consumes can change what they do:
    they compete for an element (the same one named twice, or a wild one that may take
    another's), more than one brings abilities (performed in the order consumed), or more
    than one gives an area pattern (the last replaces the others). Additive bonuses
    (+attack, +range, pierce, conditions ...) add up in any order."""
    named = [e for c in offer for e in c.elements if e != ANY_ELEMENT]
    if len(named) != len(set(named)) or any(ANY_ELEMENT in c.elements for c in offer):
        return True
    if sum(1 for c in offer if c.abilities) > 1:
        return True
    return sum(1 for c in offer if c.aoe is not None) > 1


def add_consume(ab: Ability, c: Consume) -> Ability:
    return replace(
        ab,
        value=ab.value + c.value,
        range=(ab.range + c.range) if ab.range is not None else (c.range or None),
        targets=ab.targets + c.targets,
        pierce=ab.pierce + c.pierce,
        push=ab.push + c.push,
        pull=ab.pull + c.pull,
        conditions=ab.conditions + c.conditions,
        add_target=ab.add_target or c.add_target,
        aoe=c.aoe if c.aoe is not None else ab.aoe,
        jump=ab.jump or c.jump,
    )


def perform_ability(
    r: Rules,
    char: Character,
    f: Figure,
    ab: Ability,
    action: Action | None = None,
    grants: list[Grant] | None = None,
) -> tuple[int, str, list[str]]:
    """Returns (1 if the ability was performed else 0, id of a summon created, figures a
    persistent bonus protects). Shields and retaliates given are appended to ``grants``
    (the record the card keeps in the active area)."""
    if ab.value_formula:
        ab = replace(
            ab, value=r.formula(ab.value_formula, r.state.level, r.state.players), value_formula=""
        )
    # GH-TURN-07: an item used "instead of your attack" is offered before the attack's
    # consumes - they enhance the card's attack, which the item's then replaces: no
    # element is spent (GH-ELEM-04) nor its XP gained (GH-XP-03) for an attack not made
    item_attack: Ability | None = None
    if ab.type == "attack" and "disarm" not in f.conditions:
        offered = instead_of_attack(r, char, ab, _boosted_value(r, f, ab))
        item_attack = offered if offered is not ab else None
    b = boost(r, char.id, ab, f) if ab.consume and item_attack is None else Boosted(ab)
    ab = b.ability
    done = 0
    made = ""
    protected: list[str] = []
    if ab.type == "move":
        done = character_move(r, char, f, ab)
    elif ab.type == "attack":
        done = character_attack(r, char, f, item_attack or ab, item_offered=True)
    elif ab.type == "heal":
        done = character_heal(r, char, f, ab)
    elif ab.type in ("shield", "retaliate"):
        done, protected = _grant_bonus(r, f, ab, action, grants)
    elif ab.type == "loot":
        # GH-LOOT-01: tokens within X hexes, on the revealed map and in sight (a reading:
        # the text does not say whether walls limit loot range; the published game counts
        # range around walls, which line of sight approximates)
        play = r.board.play_set(r.state)
        hexes = [
            h
            for h in set(r.state.coins) | set(r.state.treasures)
            if r.in_range(f, h, ab.value) and h in play and r.board.visible(f.hex, h)
        ]
        r.loot_hexes(char, sorted(hexes))
        done = 1 if hexes else 0  # GH-XP-02: a loot that picks up nothing did nothing
    elif ab.type == "infuse":
        for e in ab.elements:
            pick = r.choose_any_element(char.id, consumable=False) if e == ANY_ELEMENT else e
            if pick:
                r.infuse_at_end_of_turn(pick)
        done = 1
    elif ab.type == "summon" and ab.stats is not None:
        made = character_summon(r, char, f, ab)
        done = 1 if made else 0
    elif ab.type == "recover":
        done = character_recover(r, char, ab)
    elif ab.type == "refresh":
        done = character_refresh(r, char, ab)
    elif ab.type == "condition":
        # GH-COND-14 / GH-EFF-02; with nobody in reach the ability did nothing (GH-XP-02)
        reached = affected(r, f, ab)
        for t in reached:
            for c in ab.conditions:
                r.apply_condition(t, c, f.id)
        done = 1 if reached else 0
    elif ab.type == "xp":
        done = 1
    elif ab.type in ("attack-bonus", "negate-damage"):
        # GH-BONUS-01/02/06: the active card carries the bonus (``Action.bonus``); on an
        # action that is neither persistent nor a round bonus it does nothing
        done = 1 if action is not None and (action.persistent or action.round) else 0
    elif ab.type == "disarm":
        done = character_disarm(r, char, f, ab)
    elif ab.type == "trap":
        done = character_create_trap(r, char, f, ab)
    if not done and ab.type in _UNUSED_SAID and f.id in r.state.figures:
        r.emit("ability_unused", figure=f.id, ability=ab.type, reason=_unused_reason(r, f, ab))
    if done:
        for e in ab.elements if ab.type != "infuse" else ():
            r.infuse_at_end_of_turn(e)
        xp = ab.xp + b.xp
        if xp:
            r.gain_xp(char, xp, ab.type)  # GH-EXH-04: kept if the ability exhausted it
        for extra in b.extra:
            if f.id in r.state.figures:
                perform_ability(r, char, f, extra)
    return done, made, protected


def _grant_bonus(
    r: Rules, f: Figure, ab: Ability, action: Action | None, grants: list[Grant] | None
) -> tuple[int, list[str]]:
    """A shield or retaliate ability (GH-SHLD-01, GH-RET-01/02, GH-BONUS-01/02/07).

    One mechanism, so a bonus counts once: a *persistent* action's bonuses are carried by
    its card in the active area (:func:`~.attacks.shield_of` counts them while the card
    stays); every other shield or retaliate - a round bonus, or one on a plain action -
    goes on the figures (``Figure.shield`` / ``retaliate``), which the end of the round
    clears (GH-EOR-05), exactly as a monster's bonus (GH-MOTH-05). Returns (performed,
    protected figure ids); nobody in reach = not performed (GH-XP-02)."""
    targets = affected(r, f, ab)
    if not targets:
        return 0, []
    reach = ab.range or 1
    grant = Grant(ab.type, ab.value, reach, tuple(t.id for t in targets))
    carried = action is not None and action.persistent
    for t in targets:
        if not carried:
            if ab.type == "shield":
                t.shield += ab.value
            else:
                t.retaliate.append((ab.value, reach))
        r.emit("bonus", figure=t.id, kind=ab.type, value=ab.value, by=f.id)
    if grants is not None:
        grants.append(grant)
    return 1, list(grant.figures) if carried else []


#: abilities whose going unused the log explains (``ability_unused``): a referee reading
#: "performs the top of X" and then nothing must see whether the player chose not to
#: (GH-TURN-03) or the ability had nothing to act on (GH-XP-02 then withholds its XP)
#: (a summon that finds no empty hex has its own event, ``summon_failed``)
_UNUSED_SAID = frozenset(("move", "attack", "heal", "shield", "retaliate", "condition", "loot"))


def _unused_reason(r: Rules, f: Figure, ab: Ability) -> str:
    """Why an ability did nothing: ``immobilized`` (GH-COND-05), ``out-of-reach`` (no
    target or token it could affect), or ``not-used`` (the player's choice, GH-TURN-03)."""
    if ab.type == "move" and "immobilize" in f.conditions:
        return "immobilized"
    return "not-used" if performable(r, f, ab) else "out-of-reach"


def performable(r: Rules, f: Figure, ab: Ability) -> bool:
    """Whether a character could perform ``ab`` now at all (nothing is asked or changed):
    an attack needs a target in reach (GH-ATK-01..03, GH-AOE-04), a heal, shield,
    retaliate or condition someone it may affect, a loot a token in range, a move no
    immobilize (GH-COND-05). Other abilities always can."""
    if ab.type == "attack":
        return attack_possible(r, f, ab)
    if ab.type in ("heal", "shield", "retaliate", "condition"):
        return bool(affected_pool(r, f, ab)[0])
    if ab.type == "move":
        return "immobilize" not in f.conditions
    if ab.type == "loot":
        play = r.board.play_set(r.state)
        return any(
            r.in_range(f, h, ab.value) and h in play and r.board.visible(f.hex, h)
            for h in set(r.state.coins) | set(r.state.treasures)
        )
    return True


def affected(r: Rules, f: Figure, ab: Ability) -> list[Figure]:
    """Who a heal, shield, retaliate or condition ability affects (the schema's
    ``affects``; GH-HEAL-01/02, GH-COND-14, GH-EFF-02, GH-TURN-04: allies exclude self);
    one of several is the player's choice."""
    pool, choose = affected_pool(r, f, ab)
    if not choose or len(pool) <= 1:
        return pool
    idx = r.ask(f"{ab.type}_target", f.id, [p.id for p in pool], {"value": ab.value})
    return [pool[idx]]


def affected_pool(r: Rules, f: Figure, ab: Ability) -> tuple[list[Figure], bool]:
    """The figures :func:`affected` picks from, and whether only one of them is chosen."""
    target = ab.affects
    if not target:
        target = "self-or-ally" if ab.type == "heal" and ab.range is not None else "self"
    if target == "self":
        return [f], False
    rng = ab.range if ab.range is not None else 1
    if target == "enemies":
        return sorted(
            (
                e
                for e in r.enemies_of(f)
                if r.in_range(f, e.hex, rng)
                and "invisible" not in e.conditions
                and r.board.visible(f.hex, e.hex)
            ),
            key=lambda x: x.id,
        ), False
    allies = sorted(
        (a for a in r.allies_of(f) if r.in_range(f, a.hex, rng) and r.board.visible(f.hex, a.hex)),
        key=lambda x: x.id,
    )
    if target == "allies":
        return allies, False
    if target == "self-and-allies":
        return [f, *allies], False
    return ([f] if target == "self-or-ally" else []) + allies, True


def character_move(r: Rules, char: Character, f: Figure, ab: Ability) -> int:
    """GH-MOVE-01..09: choose a destination among every reachable hex (staying = not
    moving). A move that opens a door stops there; the rest of the move continues from
    the door once the room is revealed (GH-ROOM-01: revealed immediately)."""
    if "immobilize" in f.conditions:  # GH-COND-05
        return 0
    ab = offer_move_items(r, char, f, ab)
    budget = ab.value
    moved = 0
    while budget > 0 and f.id in r.state.figures:
        moves = find_moves(
            r.board, r.state, f.hex, budget, f.side, jump=ab.jump, flying=f.flying or ab.flying
        )
        dests = move_destinations(moves, f.hex)
        options: list[JSONValue] = [list(h) for h in dests]
        idx = r.ask(
            "move",
            char.id,
            options,
            {"from": list(f.hex), "points": budget, "jump": ab.jump},
            "choose where to move (your own hex = stay)",
        )
        dest = dests[idx]
        if dest == f.hex:
            break
        route = moves.route(dest)
        opened_before = len(r.state.open_doors)
        r.walk(f, route, ab.jump)
        moved = 1
        budget -= route.cost
        if len(r.state.open_doors) == opened_before:
            break
    if ab.flying and f.id in r.state.figures:
        r.lose_flying(f)  # GH-MOVE-07: the move's flying ends with the move
    return moved


def with_move_items(ab: Ability, items: list[ItemSpec]) -> Ability:
    """The move ``ab`` with the move items' extra points and jump added (GH-TURN-07)."""
    for item in items:
        for extra in item.abilities:
            if extra.type == "move":
                ab = replace(ab, value=ab.value + extra.value, jump=ab.jump or extra.jump)
    return ab


def offer_move_items(r: Rules, char: Character, f: Figure, ab: Ability) -> Ability:
    """GH-TURN-07 / GH-ITEM-06: a move item ("during your move: +2 move") is part of the
    move, so it is offered only while it changes what the move can reach: some hex
    reachable with the ready move items that is not reachable without them (GH-MOVE-01..06
    decide reach). An item that reaches nothing new is not offered - spent, it would
    only be lost to the next long rest. The destination is still one ``move`` decision
    after it; the ``use_item`` context says where the move starts, its points and jump,
    so a bot can take the item only when its preferred hex needs it. (Reach is judged on
    the map as it is: a door opened on the way may reveal more, as a player sees it.)"""
    flying = f.flying or ab.flying
    items = r.content.items
    reach: dict[tuple[int, bool], frozenset[Hex]] = {}

    def reachable(move: Ability) -> frozenset[Hex]:
        key = (move.value, move.jump)
        if key not in reach:
            moves = find_moves(
                r.board, r.state, f.hex, move.value, f.side, jump=move.jump, flying=flying
            )
            reach[key] = frozenset(moves.costs)
        return reach[key]

    def reaches_more(used: list[ItemSpec]) -> bool:
        now = with_move_items(ab, used)
        rest = [
            item
            for i, status in char.items.items()
            if status == "ready"
            and (item := items.get(i)) is not None
            and item.timing == "move"
            and item not in used
        ]
        return bool(rest) and not reachable(with_move_items(now, rest)) <= reachable(now)

    def context(used: list[ItemSpec]) -> dict[str, JSONValue]:
        now = with_move_items(ab, used)
        return {"from": list(f.hex), "points": now.value, "jump": now.jump}

    return with_move_items(ab, r.offer_items(char, ("move",), "move", reaches_more, context))


def character_disarm(r: Rules, char: Character, f: Figure, ab: Ability) -> int:
    """GH-TRAP-03: remove up to ``targets`` traps within ``range`` (default adjacent) on
    the revealed map and in sight, one ``disarm_target`` decision each (trap hexes, then
    ``"done"``)."""
    reach = 1 if ab.range is None else ab.range
    done = 0
    for _ in range(max(1, ab.targets)):
        play = r.board.play_set(r.state)
        hexes = sorted(
            h
            for h in r.state.traps
            if r.in_range(f, h, reach) and h in play and r.board.visible(f.hex, h)
        )
        if not hexes:
            break
        options: list[JSONValue] = [list(h) for h in hexes]
        options.append("done")
        idx = r.ask("disarm_target", char.id, options, {"range": reach}, "choose a trap to disarm")
        if idx >= len(hexes):
            break
        r.disarm_trap(hexes[idx], f)
        done = 1
    return done


def character_create_trap(r: Rules, char: Character, f: Figure, ab: Ability) -> int:
    """GH-TRAP-05: put a trap with the ability's damage (``value``) and ``conditions`` on
    an empty hex (no figure, token or overlay, not a closed door) within ``range``
    (default adjacent), in sight; one ``trap_hex`` decision, nearest hexes first."""
    reach = 1 if ab.range is None else ab.range
    st = r.state
    play = r.board.play_set(st)
    occupied = r.occupied_hexes()
    hexes = sorted(
        (
            h
            for h in play
            if h != f.hex
            and r.in_range(f, h, reach)
            and h not in occupied
            and empty_of_tokens(st, h)
            and not r.board.closed_door(st, h)
            and r.board.visible(f.hex, h)
        ),
        key=lambda h: (distance(h, f.hex), h),
    )
    if not hexes:
        return 0
    options: list[JSONValue] = [list(h) for h in hexes]
    idx = r.ask("trap_hex", char.id, options, {"range": reach}, "choose where to set the trap")
    trap = TrapSpec(damage=ab.value > 0, conditions=ab.conditions, amount=ab.value)
    r.create_trap(hexes[idx], trap, f)
    return 1


def attack_targets(r: Rules, f: Figure, ab: Ability) -> list[Figure]:
    """Enemies a character or summon may target: in range, in line of sight for ranged
    attacks (GH-ATK-02/03, GH-LOS-01), never invisible (GH-COND-11)."""
    rng = ab.range if ab.range is not None else 1
    out = []
    for e in r.enemies_of(f):
        if "invisible" in e.conditions:
            continue
        d = distance(e.hex, f.hex)
        if d == 0 or not r.in_range(f, e.hex, rng):
            continue  # GH-REF-08: range counted around walls
        if ab.range is None and d == 1:
            if not r.board.melee_reach(f.hex, e.hex):
                continue
        elif not r.board.visible(f.hex, e.hex):
            continue
        out.append(e)
    return sorted(out, key=lambda x: (distance(x.hex, f.hex), x.id))


def _attack_bonus(r: Rules, char: Character) -> int:
    """Persistent "+X attack" bonuses must be used (GH-BONUS-04)."""
    total = 0
    for active in list(char.active):
        card = r.find_card(active.card)
        action = card.top if active.half == "top" else card.bottom
        if action.bonus is not None and action.bonus.kind == "attack":
            total += action.bonus.value
            r.use_active(char, active)
    return total


def aoe_target_sets(r: Rules, f: Figure, ab: Ability) -> list[list[Figure]]:
    """The different sets of enemies an area attack can hit (GH-AOE-01/04/05/07), most
    first: visible, not invisible enemies under some placement of the pattern."""
    assert ab.aoe is not None
    rng = ab.range if ab.range is not None else 1
    placements = aoe_placements(ab.aoe, f.hex, rng, r.board, r.state)
    enemy_at = {e.hex: e for e in r.enemies_of(f) if "invisible" not in e.conditions}
    sets: list[list[Figure]] = []
    seen: set[tuple[str, ...]] = set()
    for cover in placements:
        hit = sorted(
            (enemy_at[h] for h in cover if h in enemy_at and r.board.visible(f.hex, h)),
            key=lambda x: x.id,
        )
        key = tuple(x.id for x in hit)
        if hit and key not in seen:
            seen.add(key)
            sets.append(hit)
    sets.sort(key=lambda s: (-len(s), [x.id for x in s]))
    return sets


def obstacle_targets(r: Rules, f: Figure, rng: int) -> list[Hex]:
    """Destructible obstacles in range and in sight (GH-SPEC-05)."""
    return [
        h
        for h, hp in sorted(r.state.obstacles.items())
        if hp is not None and r.in_range(f, h, rng) and r.board.visible(f.hex, h)
    ]


def attack_possible(r: Rules, f: Figure, ab: Ability) -> bool:
    """Whether the attack has anything to hit now (a target, or a destructible obstacle
    for a single-target attack), without asking anything."""
    if "disarm" in f.conditions:
        return False
    if ab.aoe is not None:
        return bool(aoe_target_sets(r, f, ab))
    rng = ab.range if ab.range is not None else 1
    return bool(attack_targets(r, f, ab)) or bool(obstacle_targets(r, f, rng))


def _boosted_value(r: Rules, f: Figure, ab: Ability) -> int:
    """The attack's value with every consume it could use now (nothing asked or spent):
    what an item "instead of your attack" would replace, for whoever decides."""
    return ab.value + sum(
        c.value for c in ab.consume if _satisfiable(r, c) and performable(r, f, add_consume(ab, c))
    )


def instead_of_attack(
    r: Rules, char: Character, ab: Ability, boosted: int | None = None
) -> Ability:
    """GH-TURN-07 / GH-ITEM-12: an item used "instead of your attack" replaces the attack
    ability being performed by the item's attack (one item at most: there is one attack to
    replace); the attack bonuses of active cards still apply to it. It is offered only when
    its attack has something to hit (as no element is spent on an attack with nothing to
    hit, GH-ELEM-04/05): otherwise the item would be spent for no attack at all."""
    f = r.state.figures[char.figure]
    ready = [
        it
        for i, status in sorted(char.items.items())
        if status == "ready"
        and (it := r.content.items.get(i)) is not None
        and it.timing == "instead-of-attack"
        and any(a.type == "attack" and attack_possible(r, f, a) for a in it.abilities)
    ]
    if not ready:
        return ab
    options: list[JSONValue] = ["none", *(it.id for it in ready)]
    idx = r.ask(
        "use_item",
        char.id,
        options,
        {
            "when": "instead-of-attack",
            "attack": ab.value,
            "range": ab.range,
            "boosted": ab.value if boosted is None else boosted,
        },
    )
    if idx == 0:
        return ab
    item = ready[idx - 1]
    r.use_item(char, item)
    return next(a for a in item.abilities if a.type == "attack")


def character_attack(
    r: Rules, char: Character, f: Figure, ab: Ability, item_offered: bool = False
) -> int:
    """GH-ATK, GH-AOE-03..07, GH-EFF-06: choose targets one by one (or an area
    placement); one modifier card per target. ``item_offered``: the "instead of your
    attack" items were offered already (:func:`perform_ability` offers them before the
    attack's consumes)."""
    if "disarm" in f.conditions:  # GH-COND-06
        return 0
    if not item_offered:
        ab = instead_of_attack(r, char, ab)
    ranged = ab.range is not None
    rng = ab.range if ab.range is not None else 1
    chosen: list[Figure] = []
    obstacle_hits: list[tuple[int, int]] = []
    if ab.aoe is not None:
        sets = aoe_target_sets(r, f, ab)
        if not sets:
            return 0
        options: list[JSONValue] = [[x.id for x in s] for s in sets]
        options.append("none")
        idx = r.ask("aoe", char.id, options, {"ability": "attack"})
        if idx >= len(sets):
            return 0
        chosen = sets[idx]
    else:
        count = ab.targets + (1 if ab.add_target else 0)
        for _ in range(count):
            pool = [e for e in attack_targets(r, f, ab) if e not in chosen]
            obstacle_pool = [h for h in obstacle_targets(r, f, rng) if h not in obstacle_hits]
            if not pool and not obstacle_pool:
                break
            opts: list[JSONValue] = [e.id for e in pool] + [
                {"obstacle": list(h)} for h in obstacle_pool
            ]
            opts.append("done")
            idx = r.ask(
                "attack_target",
                char.id,
                opts,
                {"value": ab.value, "range": rng, "chosen": [c.id for c in chosen]},
            )
            if idx == len(opts) - 1:
                break
            if idx < len(pool):
                chosen.append(pool[idx])
            else:
                obstacle_hits.append(obstacle_pool[idx - len(pool)])
    if not chosen and not obstacle_hits:
        return 0
    triggers = (
        ("attack",)
        if ranged or (ab.aoe is not None and not ab.aoe.melee)
        else ("attack", "melee-attack")
    )
    for item in r.offer_items(char, triggers, "attack"):
        for extra in item.abilities:
            if extra.type == "attack":
                ab = replace(
                    ab,
                    value=ab.value + extra.value,
                    pierce=ab.pierce + extra.pierce,
                    conditions=ab.conditions + extra.conditions,
                    push=ab.push + extra.push,
                    pull=ab.pull + extra.pull,
                )
    bonus = _attack_bonus(r, char)
    params = AttackParams(
        value=ab.value + bonus,
        ranged=ranged,
        range=rng,
        pierce=ab.pierce,
        push=ab.push,
        pull=ab.pull,
        conditions=ab.conditions,
        chooser=char.id,
    )
    added = 0
    for target in chosen:
        if f.id not in r.state.figures:
            break
        added += resolve_attack(r, f, target, params)
    # GH-EFF-06: each "add target" modifier adds one more target within the attack's range
    attacked = {t.id for t in chosen}
    for _ in range(added):
        if f.id not in r.state.figures:
            break
        reach = replace(ab, range=rng if ranged else None, aoe=None)
        pool = [e for e in attack_targets(r, f, reach) if e.id not in attacked]
        if not pool:
            break
        opts_add: list[JSONValue] = [*(e.id for e in pool), "done"]
        idx = r.ask(
            "attack_target",
            char.id,
            opts_add,
            {"value": ab.value, "range": rng, "chosen": sorted(attacked), "add_target": True},
            "add target: choose one more target",
        )
        if idx >= len(pool):
            break
        attacked.add(pool[idx].id)
        resolve_attack(r, f, pool[idx], added_target_params(params))
    for h in obstacle_hits:
        if f.id in r.state.figures:
            attack_obstacle(r, f, h, params)
    return 1


def character_heal(r: Rules, char: Character, f: Figure, ab: Ability) -> int:
    """GH-HEAL-01/02: self, or self or one ally within range (or as ``affects`` says)."""
    targets = affected(r, f, ab)
    for t in targets:
        r.heal(t, ab.value, f.id)
        for c in ab.conditions:
            r.apply_condition(t, c, f.id)
    return 1 if targets else 0


#: GH-SUMM-02: the summon tokens' eight colours
SUMMON_TOKENS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")


def character_summon(r: Rules, char: Character, f: Figure, ab: Ability) -> str:
    """GH-SUMM-01/03/05/07: an empty adjacent hex; acts from next round, before its
    summoner, in summoning order."""
    assert ab.stats is not None
    spots = r.empty_adjacent(f.hex)
    if not spots:
        r.emit("summon_failed", character=char.id, reason="no empty adjacent hex")
        return ""
    h = spots[r.ask("summon_hex", char.id, [list(s) for s in spots], {"summon": ab.name})]
    char.summons_made += 1
    from questforge.engine.gloomhaven.game.state import Figure as Fig
    from questforge.engine.gloomhaven.game.state import FigureKind, Side

    s = ab.stats
    # GH-SUMM-02: eight colours of summon tokens; the player may assign any - the engine
    # takes the first colour no summon on the map wears (after eight, they repeat)
    worn = {o.token for o in r.state.figures.values() if o.kind == "summon"}
    token = next((c for c in SUMMON_TOKENS if c not in worn), SUMMON_TOKENS[len(worn) % 8])
    fig = Fig(
        id=f"{char.id}-summon-{char.summons_made}",
        token=token,
        kind=FigureKind.SUMMON,
        side=Side.PARTY,
        hex=h,
        hp=s.health,
        max_hp=s.health,
        owner=char.id,
        summon_order=char.summons_made,
        flying=s.flying,
        appeared_round=r.state.round,
        acts_from_round=r.state.round + 1,
        move=s.move,
        attack=s.attack,
        range=s.range,
        base_shield=s.shield,
        base_retaliate=s.retaliate,
        attack_conditions=s.conditions,
    )
    r.state.figures[fig.id] = fig
    r.emit("summoned", figure=fig.id, owner=char.id, name=ab.name, hex=h, hp=s.health, token=token)
    return fig.id


def character_recover(r: Rules, char: Character, ab: Ability) -> int:
    """GH-RECOV-01/02, GH-BONUS-08: choose up to ``count`` cards from the discard or lost
    pile - including active cards that count as that pile, whose bonuses then end - back to
    hand; an unrecoverable card never comes back once lost (discarded, it may)."""
    want_lost = ab.pile != "discard"
    pile = char.lost if want_lost else char.discard
    cls = r.content.classes[char.class_id]

    def recoverable(card_id: str) -> bool:
        # GH-RECOV-02: "can never be recovered once lost, however they were lost" - the
        # symbol bars the lost pile only
        c = cls.card(card_id)
        return not (want_lost and (c.top.unrecoverable or c.bottom.unrecoverable))

    got = 0
    for _ in range(max(1, ab.count)):
        active = {a.card: a for a in char.active if a.lost == want_lost}
        pool = sorted({c for c in [*pile, *active] if recoverable(c)})
        if not pool:
            break
        opts: list[JSONValue] = [*pool, "done"]
        idx = r.ask("recover", char.id, opts, {"pile": "lost" if want_lost else "discard"})
        if idx == len(pool):
            break
        card = pool[idx]
        if card in active and card not in pile:
            a = active[card]
            r.withdraw_grants(a)  # GH-BONUS-08: its remaining bonuses end now
            char.active.remove(a)
            if a.summon and a.summon in r.state.figures:
                r.remove_summon(r.state.figures[a.summon], "card recovered")
        else:
            pile.remove(card)
        char.hand.append(card)
        r.emit("card_moved", character=char.id, card=card, to="hand")
        got += 1
    return 1 if got else 0


def character_refresh(r: Rules, char: Character, ab: Ability) -> int:
    """GH-RECOV-03/04: spent (or consumed) items become usable again."""
    # the schema's refresh ``items``: "spent", "consumed" or "any"
    wanted = {"spent"} if ab.items in ("", "spent") else {"consumed"}
    if ab.items == "any":
        wanted = {"spent", "consumed"}
    count = 0
    while count < max(1, ab.count):
        pool = sorted(i for i, status in char.items.items() if status in wanted)
        if not pool:
            break
        # GH-RECOV-03/04: the player picks which item comes back (it was the first by id)
        idx = r.ask("refresh_item", char.id, list(pool), {"items": ab.items or "spent"})
        item = pool[idx]
        char.items[item] = "ready"
        count += 1
        r.emit("item_refreshed", character=char.id, item=item)
    return 1 if count else 0
