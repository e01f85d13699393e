"""Conditions, damage, healing and what follows a figure's defeat: deaths, kills,
summons removed, characters exhausted (GH-COND, GH-DMG, GH-HEAL, GH-EXH).

Part of the rules context: each function here is also a method of
:class:`~.rules.Rules` (``r.apply_condition(...)``), which is how the turn logic calls them.
"""

from __future__ import annotations

from questforge.engine.core.events import JSONValue
from questforge.engine.gloomhaven.game.game_over import GameOver
from questforge.engine.gloomhaven.game.spec import (
    CARD_CONDITIONS,
    TIMED_CONDITIONS,
)
from questforge.engine.gloomhaven.game.state import (
    Character,
    Figure,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from questforge.engine.gloomhaven.game.rules import Rules


#: published game: at most 10 bless and 10 curse cards exist (not in the seed text)
MAX_BLESS_CURSE = 10


def apply_condition(r: Rules, target: Figure, condition: str, source: str) -> bool:
    """GH-COND-01/02: one of each at most; bless/curse are cards (GH-COND-10/13);
    immunities (GH-BOSS-04, GH-COND-15)."""
    if condition in target.immunities:
        r.emit("condition_immune", figure=target.id, condition=condition)
        return False
    if condition in CARD_CONDITIONS:
        deck_owner = r.modifier_deck_owner(target)
        deck = (
            r.state.monster_modifier_deck
            if deck_owner is None
            else r.state.characters[deck_owner].modifier_deck
        )
        if deck.count(condition) >= MAX_BLESS_CURSE:
            return False
        deck.insert_random(condition, r.state.rng)
        r.emit("condition_applied", figure=target.id, condition=condition, source=source)
        return True
    if target.kind == "character" and condition == "wound" and target.hp <= 0:
        return False
    # A fresh token applied during the figure's own turn lasts through its *next*
    # turn (GH-REF-05); re-applying renews it.
    target.conditions[condition] = target.id == r.active_figure
    r.emit("condition_applied", figure=target.id, condition=condition, source=source)
    return True


def modifier_deck_owner(r: Rules, f: Figure) -> str | None:
    """GH-AMD-02: characters use their own deck, summons their summoner's, monsters the
    shared monster deck (``None``). Allied figures (GH-SPEC-06) have no deck of their
    own: they draw from the monster deck (the published first edition's rule,
    docs/engine.md). The same owner takes a curse or bless put on the figure
    (GH-COND-10/13): a summon's goes into its summoner's deck, an ally's into the
    monsters'."""
    if f.kind == "character":
        return f.id
    if f.kind == "summon":
        return f.owner
    return None


def expire_conditions(r: Rules, f: Figure) -> None:
    """End of a figure's turn: timed conditions not applied during this very turn go
    (GH-COND-05/06/07/09/11/12, GH-REF-05)."""
    for cond in [c for c, fresh in f.conditions.items() if c in TIMED_CONDITIONS]:
        if f.conditions[cond]:
            f.conditions[cond] = False
        else:
            del f.conditions[cond]
            r.emit("condition_expired", figure=f.id, condition=cond)
    for cond in f.conditions:
        f.conditions[cond] = False


def suffer_damage(
    r: Rules, target: Figure, amount: int, source: str, cause: str, negatable: bool = True
) -> int:
    """Deal ``amount`` damage; returns the damage actually suffered.

    Characters: an active negate-damage bonus must be used (GH-BONUS-04/06); then the
    player may negate the damage by losing one hand card or two discards
    (GH-DMG-01..04). At 0 HP a character is exhausted (GH-EXH-01), a monster dies
    (GH-ATK-10), a summon is removed (GH-SUMM-04).
    """
    if amount <= 0 or target.id not in r.state.figures:
        return 0
    char = r.state.characters.get(target.id) if target.kind == "character" else None
    if char is not None and negatable:
        for active in char.active:
            if active.uses_left is not None and r.bonus_kind(active) == "negate_damage":
                r.use_active(char, active)
                r.emit(
                    "damage_negated",
                    figure=target.id,
                    amount=amount,
                    by="bonus",
                    card=active.card,
                    cause=cause,
                )
                return 0
        options: list[JSONValue] = [{"negate": None}]
        payloads: list[tuple[str, list[str]]] = [("suffer", [])]
        for card in sorted(char.hand):
            options.append({"negate": "hand", "cards": [card]})
            payloads.append(("hand", [card]))
        disc = sorted(char.discard)
        for i in range(len(disc)):
            for j in range(i + 1, len(disc)):
                options.append({"negate": "discard", "cards": [disc[i], disc[j]]})
                payloads.append(("discard", [disc[i], disc[j]]))
        idx = r.ask(
            "negate_damage",
            char.id,
            options,
            {"amount": amount, "hp": target.hp, "source": source, "cause": cause},
            f"{char.id} would suffer {amount} damage ({cause})",
        )
        how, cards = payloads[idx]
        if how != "suffer":
            for c in cards:
                (char.hand if how == "hand" else char.discard).remove(c)
                char.lost.append(c)
            r.emit(
                "damage_negated",
                figure=target.id,
                amount=amount,
                by=how,
                cards=cards,
                cause=cause,
            )
            return 0
    # GH-ATK-10, GH-EXH-01: at 0 HP or less a figure dies or is exhausted; the damage
    # suffered is the whole amount, but a hit point dial stops at 0, so the HP the log
    # shows left are never negative
    target.hp = max(0, target.hp - amount)
    if char is not None:
        char.damage_taken += amount
    r.emit("damage", figure=target.id, amount=amount, hp=target.hp, source=source, cause=cause)
    if target.hp <= 0:
        r.defeat(target, source)
    return amount


def heal(r: Rules, target: Figure, amount: int, source: str) -> int:
    """GH-HEAL-03/04, GH-COND-03/04: poison makes the heal only remove poison; wound is
    removed and the heal still applies; never above max HP."""
    if target.id not in r.state.figures:
        return 0
    if "poison" in target.conditions:
        del target.conditions["poison"]
        r.emit("condition_removed", figure=target.id, condition="poison", by="heal")
        if "wound" in target.conditions:
            del target.conditions["wound"]
            r.emit("condition_removed", figure=target.id, condition="wound", by="heal")
        r.emit("heal", figure=target.id, amount=0, hp=target.hp, source=source)
        return 0
    if "wound" in target.conditions:
        del target.conditions["wound"]
        r.emit("condition_removed", figure=target.id, condition="wound", by="heal")
    gained = max(0, min(amount, target.max_hp - target.hp))
    target.hp += gained
    r.emit("heal", figure=target.id, amount=gained, hp=target.hp, source=source)
    return gained


def defeat(r: Rules, target: Figure, source: str) -> None:
    if target.kind == "character":
        r.exhaust(r.state.characters[target.id], "health")
    elif target.kind == "summon":
        r.remove_summon(target, "killed")
    elif target.kind == "ally":
        # GH-SPEC-06: an ally at 0 HP leaves the map; "killed" loss conditions and
        # triggers may name it
        r.state.figures.pop(target.id, None)
        r.state.named_killed.append(target.id)
        r.emit("ally_killed", figure=target.id, hex=target.hex, by=source)
        r.check_state_triggers(target.id, target.hex)
    else:
        r.kill_monster(target, source)


def kill_monster(r: Rules, f: Figure, source: str) -> None:
    """GH-ATK-10/11: remove it; a monster placed by room setup leaves a money token."""
    st = r.state
    del st.figures[f.id]
    mt = st.monster_types.get(f.monster_type)
    if mt is not None:
        mt.free_standees.append(f.standee)
    st.killed[f.monster_type] = st.killed.get(f.monster_type, 0) + 1
    if f.named:
        st.named_killed.append(f.named)
    r.emit(
        "monster_killed",
        figure=f.id,
        monster=f.monster_type,
        elite=f.elite,
        named=f.named,
        hex=f.hex,
        by=source,
    )
    if f.drops_coin:
        st.coins[f.hex] = st.coins.get(f.hex, 0) + 1
        r.emit("coin_dropped", hex=f.hex)
    if r.scenario.special_rules or r.ruled_types:
        r.fire("monster-killed", f.monster_type)
    r.check_state_triggers(f.named, f.hex)


def remove_summon(r: Rules, f: Figure, reason: str) -> None:
    """GH-SUMM-04: the summon leaves; its card leaves the active area."""
    r.state.figures.pop(f.id, None)
    r.emit("summon_removed", figure=f.id, owner=f.owner, reason=reason)
    char = r.state.characters.get(f.owner)
    if char is not None:
        for active in list(char.active):
            if active.summon == f.id:
                r.retire_active(char, active)


def exhaust(r: Rules, char: Character, reason: str) -> None:
    """GH-EXH-01/02: out of the scenario; its summons go too (GH-SUMM-04)."""
    if char.exhausted:
        return
    char.exhausted = True
    fig = r.state.figures.pop(char.figure, None)
    for active in list(char.active):
        # GH-EXH-02: every active bonus ends, also round bonuses given to allies
        r.withdraw_grants(active)
        char.active.remove(active)
        (char.lost if active.lost else char.discard).append(active.card)
    # cards chosen this round count as discarded (cards stay conserved)
    char.discard.extend(char.selected)
    char.selected = []
    r.emit(
        "exhausted",
        character=char.id,
        reason=reason,
        hex=fig.hex if fig is not None else None,
        room=r.board.room_at(fig.hex) if fig is not None else None,
    )
    # its summons leave because it is exhausted: said after the exhaustion they follow
    for s in [f for f in r.state.figures.values() if f.owner == char.id]:
        r.state.figures.pop(s.id, None)
        r.emit("summon_removed", figure=s.id, owner=char.id, reason="summoner exhausted")
    if not r.state.living_characters():
        r.state.lost_game = True
        raise GameOver()
