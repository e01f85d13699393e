"""Attack resolution shared by characters, summons and monsters (GH-ATK, GH-AMD, GH-ADV,
GH-EFF, GH-SHLD, GH-RET).

One call of :func:`resolve_attack` is one attack against one target: attacker bonuses,
one modifier draw for the target (with advantage/disadvantage and rolling cards), the
target's shield less pierce, damage, then the attack's effects and finally retaliate.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from questforge.engine.core.hexgrid import distance
from questforge.engine.gloomhaven.game.rules import Rules
from questforge.engine.gloomhaven.game.spec import (
    BLESS_CARD,
    CURSE_CARD,
    Hex,
    ItemSpec,
    ModifierCard,
)
from questforge.engine.gloomhaven.game.state import ActiveCard, Character, Figure

#: guard against a deck made only of rolling cards
_MAX_DRAWS = 60


@dataclass(slots=True)
class AttackParams:
    """Everything an attack carries after the attacker's bonuses (GH-ATK-05 step 1)."""

    value: int
    ranged: bool
    range: int = 1
    pierce: int = 0
    push: int = 0
    pull: int = 0
    conditions: tuple[str, ...] = ()
    #: who chooses push/pull hexes: the attacking player, or "monsters" (GH-AMBIG-01)
    chooser: str = ""
    source_label: str = "attack"
    #: other enemies already targeted by this action (for add-target bookkeeping)
    notes: dict[str, int] = field(default_factory=dict)
    #: an "add target" modifier card may add a target (GH-EFF-06); not on the attack
    #: against an added target (it creates no further targets)
    adds_targets: bool = True


def modifier_card(r: Rules, card_id: str) -> ModifierCard:
    if card_id == "bless":
        return BLESS_CARD
    if card_id == "curse":
        return CURSE_CARD
    return r.modifier_cards[card_id]


def _draw_one(r: Rules, owner: str | None, drawn: list[str]) -> ModifierCard:
    st = r.state
    deck = st.monster_modifier_deck if owner is None else st.characters[owner].modifier_deck
    if not deck.draw_pile:
        # GH-AMD-09: an empty deck is reshuffled from its discards before the draw; the
        # log says so, so a reader counting the cards can follow the deck
        r.emit("modifier_deck_shuffled", owner="monsters" if owner is None else owner)
    cid = deck.draw(st.rng)
    drawn.append(cid)
    card = modifier_card(r, cid)
    if card.special in ("bless", "curse"):
        pass  # GH-AMD-07 / GH-COND-10/13: removed from the deck when drawn
    else:
        deck.discard_card(cid)
    if card.shuffle:
        # GH-AMD-08: shuffle this deck at the end of the round
        if owner is None:
            st.monster_modifier_shuffle_pending = True
        else:
            st.characters[owner].modifier_shuffle_pending = True
    return card


def _gains(c: ModifierCard) -> tuple[frozenset[str], tuple[int, ...]]:
    """What a modifier card adds besides its value (GH-AMD-05): conditions and elements,
    and the amounts of its numeric effects."""
    return (
        frozenset(c.conditions) | frozenset(f"element:{e}" for e in c.elements),
        (c.push, c.pull, c.pierce, c.heal, c.shield, int(c.add_target)),
    )


def compare_modifiers(value: int, a: ModifierCard, b: ModifierCard) -> int | None:
    """Which card is better for an attack of ``value`` (GH-ADV-01/03/04).

    Cards are compared by the value they make the attack (GH-AMD-03/04: at Attack 1 a
    ``2x`` gives 2 and a ``+2`` gives 3) and by their effects. A card is clearly better
    when it is at least as good in both and better in one; equal in both is a tie.
    Returns 1 (``a`` better), -1 (``b`` better), 0 (no difference) or ``None`` when it is
    unclear (e.g. a higher value against an added condition) - then the first card
    drawn is used (GH-ADV-04)."""
    va, vb = apply_modifiers(value, [a]), apply_modifiers(value, [b])
    (sa, na), (sb, nb) = _gains(a), _gains(b)
    a_covers = va >= vb and sa >= sb and all(x >= y for x, y in zip(na, nb, strict=True))
    b_covers = vb >= va and sb >= sa and all(y >= x for x, y in zip(na, nb, strict=True))
    if a_covers and b_covers:
        return 0
    if a_covers:
        return 1
    if b_covers:
        return -1
    return None


def draw_modifiers(
    r: Rules, owner: str | None, advantage: bool, disadvantage: bool, value: int = 0
) -> tuple[list[ModifierCard], list[str]]:
    """Draw for one target of an attack of ``value``. Returns (cards whose effects apply,
    every card id drawn).

    The *last* card of the applied list sets the value (rolling cards before it add
    their value and effects). GH-AMD-06 rolling; GH-ADV-01..05: with advantage the better
    of two cards, with disadvantage the worse, compared by :func:`compare_modifiers`; the
    first card drawn when neither is clearly better (GH-ADV-04).
    """
    drawn: list[str] = []
    if advantage and disadvantage:
        advantage = disadvantage = False  # GH-ADV-05: both => normal
    if not advantage and not disadvantage:
        applied: list[ModifierCard] = []
        for _ in range(_MAX_DRAWS):
            c = _draw_one(r, owner, drawn)
            applied.append(c)
            if not c.rolling:
                break
        return applied, drawn
    c1 = _draw_one(r, owner, drawn)
    c2 = _draw_one(r, owner, drawn)
    if advantage:
        if c1.rolling and c2.rolling:
            # GH-ADV-02: keep drawing until a non-rolling card, add everything
            applied = [c1, c2]
            for _ in range(_MAX_DRAWS):
                c = _draw_one(r, owner, drawn)
                applied.append(c)
                if not c.rolling:
                    break
            return applied, drawn
        if c1.rolling:
            return [c1, c2], drawn  # GH-ADV-01: the rolling card's effect adds
        if c2.rolling:
            return [c2, c1], drawn
        # the second card only when it is clearly better (GH-ADV-04: else the first)
        return ([c2] if compare_modifiers(value, c1, c2) == -1 else [c1]), drawn
    # disadvantage: rolling cards are ignored (GH-ADV-03)
    if c1.rolling and c2.rolling:
        last = c2
        for _ in range(_MAX_DRAWS):
            last = _draw_one(r, owner, drawn)
            if not last.rolling:
                break
        return [last], drawn
    if c1.rolling:
        return [c2], drawn
    if c2.rolling:
        return [c1], drawn
    # the second card only when it is clearly worse (GH-ADV-04: else the first)
    return ([c2] if compare_modifiers(value, c1, c2) == 1 else [c1]), drawn


def apply_modifiers(value: int, cards: list[ModifierCard]) -> int:
    """GH-AMD-03/04: add the values, then "2x" doubles and "Null" zeroes.

    Where rolling +X cards and a 2x meet, the attacker may order them (GH-ATK-06); the
    engine adds first and doubles last, the order that never deals less damage.
    """
    total = value + sum(c.value for c in cards)
    final = cards[-1]
    if final.multiplier == 0:
        return 0
    if final.multiplier == 2:
        return total * 2
    return total


def active_bonuses(
    r: Rules, target: Figure, kind: str
) -> list[tuple[Character, ActiveCard, int, int]]:
    """Persistent bonuses of ``kind`` protecting ``target`` (GH-BONUS-02): (owner, card,
    value, range), at most one entry per card.

    Only *persistent* cards count here: a round bonus is on the figures it was given to
    (``Figure.shield`` / ``retaliate``), so counting its card too would count it twice
    (GH-SHLD-01, GH-RET-01, GH-BONUS-07). A card carries the bonuses recorded when it was
    played (``ActiveCard.grants``); a card put in the active area without that record
    carries its action's bonus for the figures in ``targets`` (its owner when empty)."""
    out = []
    for char in r.state.characters.values():
        for active in char.active:
            if not active.persistent:
                continue
            if active.grants:
                value, reach, hit = 0, 0, False
                for g in active.grants:
                    if g.kind == kind and target.id in g.figures:
                        value += g.value
                        reach = max(reach, g.range)
                        hit = True
                if hit:
                    out.append((char, active, value, reach))
                continue
            card = r.find_card(active.card)
            action = card.top if active.half == "top" else card.bottom
            bonus = action.bonus
            if bonus is None or bonus.kind != kind:
                continue
            protected = active.targets or [char.figure]
            if target.id in protected:
                out.append((char, active, bonus.value, bonus.range))
    return out


def shield_of(r: Rules, target: Figure) -> int:
    """GH-SHLD-01: shields from every source add up, each counted once: the stat card,
    round bonuses on the figure, persistent bonuses protecting it."""
    total = target.base_shield + target.shield
    for _, _, value, _ in active_bonuses(r, target, "shield"):
        total += value
    return total


def retaliate_of(r: Rules, target: Figure, attacker: Figure) -> int:
    """GH-RET-01/02/04: every retaliate whose range reaches the attacker adds up, each
    counted once (see :func:`shield_of`). Range is counted around walls from the
    retaliating figure (GH-REF-08), as every range is."""
    total = 0
    if target.base_retaliate and r.in_range(target, attacker.hex, target.base_retaliate_range):
        total += target.base_retaliate
    for value, rng in target.retaliate:
        if r.in_range(target, attacker.hex, rng):
            total += value
    for _, _, value, rng in active_bonuses(r, target, "retaliate"):
        if r.in_range(target, attacker.hex, rng):
            total += value
    return total


def use_bonuses(r: Rules, target: Figure, kind: str, attacker: Figure | None = None) -> None:
    """GH-BONUS-03/04: a persistent bonus with use slots advances each time the bonus its
    slots count (the action's ``Bonus``) applies."""
    for char, active, _, rng in active_bonuses(r, target, kind):
        if active.uses_left is None or r.bonus_kind(active) != kind:
            continue
        if attacker is not None and not r.in_range(target, attacker.hex, rng):
            continue
        r.use_active(char, active)


def resolve_attack(r: Rules, attacker: Figure, target: Figure, params: AttackParams) -> bool:
    """One attack against one target, in the order of GH-ATK-05. Returns True when a
    modifier card applied to it says "add target" (GH-EFF-06): the caller then adds one
    more target within the attack's range (:func:`added_target_params`)."""
    st = r.state
    if attacker.id not in st.figures or target.id not in st.figures:
        return False
    value = params.value
    if "poison" in target.conditions:
        value += 1  # GH-COND-03
    # adjacent: what a melee attack reaches, not across a thin wall (GH-ATK-04 as the
    # monster-AI solver reads it: such a target is two hexes away by GH-REF-08)
    adjacent = r.board.adjacent(attacker.hex, target.hex)
    advantage = "strengthen" in attacker.conditions  # GH-COND-12
    disadvantage = "muddle" in attacker.conditions or (
        params.ranged and adjacent
    )  # GH-COND-09, GH-ATK-04
    owner = r.modifier_deck_owner(attacker)
    cards, drawn = draw_modifiers(r, owner, advantage, disadvantage, value)
    after_mod = apply_modifiers(value, cards)
    pierce = params.pierce + sum(c.pierce for c in cards)
    shield = shield_of(r, target)
    defender = st.characters.get(target.id) if target.kind == "character" else None
    if defender is not None:
        # GH-TURN-07: defensive items (e.g. "when attacked: shield 1") for this attack,
        # offered while the attack would still deal damage (one spent against an attack
        # already stopped by the shields would do nothing)
        def still_hurts(used: list[ItemSpec]) -> bool:
            extra = sum(a.value for it in used for a in it.abilities if a.type == "shield")
            return after_mod - max(0, shield + extra - pierce) > 0

        for item in r.offer_items(defender, ("defense",), "attacked", still_hurts):
            shield += sum(a.value for a in item.abilities if a.type == "shield")
    effective_shield = max(0, shield - pierce)  # GH-EFF-05
    damage = max(0, after_mod - effective_shield)  # GH-ATK-05 step 3
    r.emit(
        "attack",
        attacker=attacker.id,
        target=target.id,
        base=params.value,
        value=value,
        modifiers=drawn,
        applied=[c.id for c in cards],
        advantage=advantage and not disadvantage,
        disadvantage=disadvantage and not advantage,
        shield=shield,
        pierce=pierce,
        damage=damage,
    )
    killed_before = target.id not in st.figures
    # GH-XP-03 "a target adjacent to one of the attacker's allies" (Board.adjacent)
    flanked = any(
        r.board.adjacent(a.hex, target.hex) for a in r.allies_of(attacker) if a.id != target.id
    )
    use_bonuses(r, target, "shield")  # GH-BONUS-04: a persistent shield is used up
    dealt = r.suffer_damage(target, damage, attacker.id, params.source_label)
    target_alive = target.id in st.figures and not killed_before
    r.attack_notes.append((attacker.id, target.id, dealt, not target_alive, flanked))
    # GH-EFF-01/07: effects apply after damage whether or not it dealt any
    conditions = list(params.conditions) + list(attacker.attack_conditions)
    for c in cards:
        conditions.extend(c.conditions)
        for e in c.elements:
            r.infuse_at_end_of_turn(e)  # GH-AMD-05
        if c.heal and attacker.id in st.figures:
            r.heal(attacker, c.heal, attacker.id)
        if c.shield and attacker.id in st.figures:
            attacker.shield += c.shield
    if target_alive:
        for cond in dict.fromkeys(conditions):
            if target.id in st.figures:
                r.apply_condition(target, cond, attacker.id)
        push = params.push + sum(c.push for c in cards)
        pull = params.pull + sum(c.pull for c in cards)
        if push and target.id in st.figures:
            forced_move(r, attacker, target, push, away=True, chooser=params.chooser)
        if pull and target.id in st.figures:
            forced_move(r, attacker, target, pull, away=False, chooser=params.chooser)
    # GH-RET-03: retaliate after the attack, unless the target died
    if target.id in st.figures and attacker.id in st.figures:
        ret = retaliate_of(r, target, attacker)
        if ret > 0:
            r.emit("retaliate", figure=target.id, attacker=attacker.id, amount=ret)
            use_bonuses(r, target, "retaliate", attacker)
            r.suffer_damage(attacker, ret, target.id, "retaliate")
    return params.adds_targets and any(c.add_target for c in cards)


def added_target_params(params: AttackParams) -> AttackParams:
    """GH-EFF-06: the added target gets every effect and condition of the attack, but the
    attack on it adds no further target."""
    return replace(params, adds_targets=False)


def forced_move(
    r: Rules, attacker: Figure, target: Figure, steps: int, away: bool, chooser: str
) -> None:
    """GH-EFF-03/04 push/pull: each hex farther from (closer to) the attacker; the
    attacker chooses; ends early when no hex qualifies. Closed doors stop characters
    (GH-DOOR-04) and are walls for monsters (GH-DOOR-03); traps and hazardous terrain
    trigger, difficult terrain is ignored (GH-EFF-08, GH-MOVE-10).

    Forced movement is movement (GH-MOVE-02/04, the published game's reading): the
    target may pass through its own allies, never through its enemies or obstacles
    (a flying target passes both, GH-MOVE-06), and it may not end in an occupied hex - a
    hex with an ally is offered only when the push can go on from it to a free hex, and
    the push cannot stop there."""
    st = r.state
    board = r.board
    kind = "push" if away else "pull"
    start = target.hex
    path: list[Hex] = []  # every hex entered, so a referee can check each step
    occupants = {f.hex: f for f in st.figures.values() if f.id != target.id}

    def onward(here: Hex) -> list[Hex]:
        d0 = distance(here, attacker.hex)
        out: list[Hex] = []
        for n in board.adj.get(here, ()):
            if not board.in_play(st, n) or board.closed_door(st, n):
                continue
            if n in st.obstacles and not target.flying:
                continue
            other = occupants.get(n)
            if other is not None and other.side != target.side and not target.flying:
                continue  # GH-MOVE-02: never through an enemy
            d = distance(n, attacker.hex)
            if (away and d > d0) or (not away and d < d0):
                out.append(n)
        return out

    def can_end(h: Hex, left: int) -> bool:
        """A push through ``h`` can still end on a free hex within ``left`` more steps."""
        if h not in occupants:
            return True
        return left > 0 and any(can_end(n, left - 1) for n in onward(h))

    # the trap or hazard damage of a forced move is the attacker's doing (terrain.enter_hex)
    forced_before, r.forced_by = r.forced_by, attacker.id
    try:
        for step in range(steps):
            here = target.hex
            options = sorted(n for n in onward(here) if can_end(n, steps - step - 1))
            if not options:
                break
            opts: list[object] = [list(h) for h in options]
            if attacker.side == "party" and here not in occupants:
                opts.append("stop")  # GH-TURN-03: a player may forgo the rest of an ability
            idx = r.ask(kind, chooser or attacker.id, opts, {"figure": target.id, "step": step + 1})
            if idx >= len(options):
                break
            path.append(options[idx])
            if not r.enter_hex(target, options[idx], forced=True, last=True, ignore=False):
                break
    finally:
        r.forced_by = forced_before
    if target.id in st.figures and target.hex != start:
        r.emit(kind, figure=target.id, start=start, end=target.hex, by=attacker.id, path=path)


def attack_obstacle(r: Rules, attacker: Figure, hex_: Hex, params: AttackParams) -> None:
    """GH-SPEC-05: a destructible obstacle takes attack damage and is removed below 1 HP."""
    st = r.state
    owner = r.modifier_deck_owner(attacker)
    cards, drawn = draw_modifiers(
        r,
        owner,
        "strengthen" in attacker.conditions,
        "muddle" in attacker.conditions,
        params.value,
    )
    damage = max(0, apply_modifiers(params.value, cards))
    hp = st.obstacles.get(hex_)
    if hp is None:
        return
    hp = max(0, hp - damage)
    r.emit("attack_obstacle", attacker=attacker.id, hex=hex_, modifiers=drawn, damage=damage, hp=hp)
    if hp < 1:
        del st.obstacles[hex_]
        r.emit("obstacle_destroyed", hex=hex_, by=attacker.id)
    else:
        st.obstacles[hex_] = hp
