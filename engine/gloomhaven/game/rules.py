"""The rules context: one object that holds a game's state and performs its primitive
steps (ask a controller, emit an event, damage, heal, conditions, deaths, elements, loot,
moving figures, opening doors and revealing rooms).

Turn logic lives in :mod:`.character_turn`, :mod:`.monster_turn`, :mod:`.attacks` and
:mod:`.rounds`; they all act through a :class:`Rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from questforge.engine.core.decisions import Controller, Decision, check_index
from questforge.engine.core.decks import Deck
from questforge.engine.core.events import EventLog, JSONValue
from questforge.engine.core.hexgrid import distance
from questforge.engine.gloomhaven.game.board import Board, Route, nearest_empty
from questforge.engine.gloomhaven.game.spec import (
    CARD_CONDITIONS,
    ELEMENTS,
    TIMED_CONDITIONS,
    AbilityCard,
    Content,
    EffectSpec,
    Hex,
    ItemSpec,
    ModifierCard,
    MonsterAbilityCardSpec,
    MonsterStats,
    ScenarioSpec,
    TrapSpec,
)
from questforge.engine.gloomhaven.game.state import (
    INERT,
    STRONG,
    WANING,
    ActiveCard,
    Character,
    Figure,
    FigureKind,
    GameState,
    MonsterType,
    Side,
)

#: published game: at most 10 bless and 10 curse cards exist (not in the seed text)
MAX_BLESS_CURSE = 10


class GameOver(Exception):
    """Raised to unwind a turn when the scenario is lost (GH-EXH-03) mid-turn."""


class Rules:
    """State + primitives. Not a public API: use :class:`~.game.Game`."""

    def __init__(
        self,
        content: Content,
        scenario: ScenarioSpec,
        board: Board,
        state: GameState,
        log: EventLog,
        controller: Controller,
        formula: Callable[[str, int, int], int],
    ) -> None:
        self.content = content
        self.scenario = scenario
        self.board = board
        self.state = state
        self.log = log
        self.controller = controller
        self.formula = formula
        #: answers given so far (the decision log)
        self.answers: list[dict[str, JSONValue]] = []
        #: elements to infuse at the end of the current turn (GH-ELEM-02)
        self.pending_infusions: list[str] = []
        #: the figure whose turn it is (for condition expiry, GH-REF-05)
        self.active_figure: str = ""
        #: ability card id -> card (every class)
        self.cards: dict[str, AbilityCard] = {
            c.id: c for cls in content.classes.values() for c in cls.cards
        }
        #: modifier card id -> card (every deck of the game)
        self.modifier_cards: dict[str, ModifierCard] = {}
        #: GH-MSTAT-05 / GH-VAR-02: the stat level monsters use
        self.monster_level: int = state.level
        #: GH-VAR-02: the solo variant adds 1 to trap damage
        self.trap_bonus: int = 0
        #: (monster deck id, card id) -> ability card, filled on first use (content is
        #: immutable, so the lookup never changes)
        self.ability_cards: dict[tuple[str, str], MonsterAbilityCardSpec] = {}
        #: every attack resolved: (attacker, target, damage dealt, target killed, target
        #: adjacent to one of the attacker's allies) - for conditional XP (GH-XP-03)
        self.attack_notes: list[tuple[str, str, int, bool, bool]] = []
        #: hexes an ``enter-hex`` special rule watches (checked on every step, so a set)
        self.watched_hexes: frozenset[Hex] = frozenset(
            h
            for rule in scenario.rules
            if rule.trigger.kind == "enter-hex"
            for h in rule.trigger.hexes
        )

    # ------------------------------------------------------------------ plumbing
    def emit(self, type_: str, **fields: Any) -> None:
        self.log.emit(type_, **fields)

    def ask(
        self,
        kind: str,
        actor: str,
        options: Sequence[JSONValue],
        context: dict[str, Any] | None = None,
        prompt: str = "",
    ) -> int:
        """Ask the controller; a decision with one option is answered without asking
        (it is not a choice, and leaving it out keeps logs short)."""
        if not options:
            raise ValueError(f"decision {kind!r} has no options")
        if len(options) == 1:
            return 0
        # options and context are built as JSON data by the engine (lists for hexes), so
        # they are not converted again: plan decisions have ~100 options, a hot path
        decision = Decision(kind, actor, tuple(options), context or {}, prompt)
        index = check_index(decision, self.controller.choose(decision))
        self.answers.append(
            {"kind": kind, "actor": actor, "index": index, "option": decision.options[index]}
        )
        return index

    @property
    def trap_damage(self) -> int:
        """GH-TRAP-04 / GH-REF-02: 2 + L (the solo variant adds 1, GH-VAR-02)."""
        return 2 + self.state.level + self.trap_bonus

    @property
    def hazard_damage(self) -> int:
        """GH-HAZ-01: half the trap damage, rounded down."""
        return self.trap_damage // 2

    # ------------------------------------------------------------------ lookups
    def fig(self, fid: str) -> Figure:
        return self.state.figures[fid]

    def char_of(self, f: Figure) -> Character | None:
        """The character owning a character figure or a summon."""
        if f.kind == "character":
            return self.state.characters.get(f.id)
        if f.kind == "summon":
            return self.state.characters.get(f.owner)
        return None

    def enemies_of(self, f: Figure) -> list[Figure]:
        return [o for o in self.state.figures.values() if o.side != f.side]

    def allies_of(self, f: Figure) -> list[Figure]:
        """GH-TURN-04: allies exclude the figure itself."""
        return [o for o in self.state.figures.values() if o.side == f.side and o.id != f.id]

    def monster_stats(self, f: Figure) -> MonsterStats:
        return self.stats_line(f.monster_type, f.elite or f.stat_elite)

    def stats_line(self, monster: str, elite: bool) -> MonsterStats:
        """GH-MSTAT-05: the stat line for the monster level; bosses by C too (GH-BOSS-03)."""
        spec = self.content.monsters[monster]
        table = spec.stats
        if spec.stats_by_players:
            table = spec.stats_by_players.get(self.state.players) or next(
                iter(spec.stats_by_players.values())
            )
        line = table.get(self.monster_level) or table[max(table)]
        return line["elite" if elite else "normal"]

    # ------------------------------------------------------------------ conditions
    def apply_condition(self, target: Figure, condition: str, source: str) -> bool:
        """GH-COND-01/02: one of each at most; bless/curse are cards (GH-COND-10/13);
        immunities (GH-BOSS-04, GH-COND-15)."""
        if condition in target.immunities:
            self.emit("condition_immune", figure=target.id, condition=condition)
            return False
        if condition in CARD_CONDITIONS:
            deck_owner = self.modifier_deck_owner(target)
            deck = (
                self.state.monster_modifier_deck
                if deck_owner is None
                else self.state.characters[deck_owner].modifier_deck
            )
            if deck.count(condition) >= MAX_BLESS_CURSE:
                return False
            deck.insert_random(condition, self.state.rng)
            self.emit("condition_applied", figure=target.id, condition=condition, source=source)
            return True
        if target.kind == "character" and condition == "wound" and target.hp <= 0:
            return False
        # A fresh token applied during the figure's own turn lasts through its *next*
        # turn (GH-REF-05); re-applying renews it.
        target.conditions[condition] = target.id == self.active_figure
        self.emit("condition_applied", figure=target.id, condition=condition, source=source)
        return True

    def modifier_deck_owner(self, f: Figure) -> str | None:
        """GH-AMD-02: characters use their own deck, summons their summoner's, monsters the
        shared monster deck (``None``). Allied figures (GH-SPEC-06) have no deck of their
        own: they draw from the monster deck (the engine's reading, docs/engine.md)."""
        if f.kind == "character":
            return f.id
        if f.kind == "summon":
            return f.owner
        return None

    def expire_conditions(self, f: Figure) -> None:
        """End of a figure's turn: timed conditions not applied during this very turn go
        (GH-COND-05/06/07/09/11/12, GH-REF-05)."""
        for cond in [c for c, fresh in f.conditions.items() if c in TIMED_CONDITIONS]:
            if f.conditions[cond]:
                f.conditions[cond] = False
            else:
                del f.conditions[cond]
                self.emit("condition_expired", figure=f.id, condition=cond)
        for cond in f.conditions:
            f.conditions[cond] = False

    # ------------------------------------------------------------------ damage & healing
    def suffer_damage(
        self, target: Figure, amount: int, source: str, cause: str, negatable: bool = True
    ) -> int:
        """Deal ``amount`` damage; returns the damage actually suffered.

        Characters: an active negate-damage bonus must be used (GH-BONUS-04/06); then the
        player may negate the damage by losing one hand card or two discards
        (GH-DMG-01..04). At 0 HP a character is exhausted (GH-EXH-01), a monster dies
        (GH-ATK-10), a summon is removed (GH-SUMM-04).
        """
        if amount <= 0 or target.id not in self.state.figures:
            return 0
        char = self.state.characters.get(target.id) if target.kind == "character" else None
        if char is not None and negatable:
            for active in char.active:
                if active.uses_left is not None and self.bonus_kind(active) == "negate_damage":
                    self.use_active(char, active)
                    self.emit(
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
            idx = self.ask(
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
                self.emit(
                    "damage_negated",
                    figure=target.id,
                    amount=amount,
                    by=how,
                    cards=cards,
                    cause=cause,
                )
                return 0
        target.hp -= amount
        if char is not None:
            char.damage_taken += amount
        self.emit(
            "damage", figure=target.id, amount=amount, hp=target.hp, source=source, cause=cause
        )
        if target.hp <= 0:
            self.defeat(target, source)
        return amount

    def heal(self, target: Figure, amount: int, source: str) -> int:
        """GH-HEAL-03/04, GH-COND-03/04: poison makes the heal only remove poison; wound is
        removed and the heal still applies; never above max HP."""
        if target.id not in self.state.figures:
            return 0
        if "poison" in target.conditions:
            del target.conditions["poison"]
            self.emit("condition_removed", figure=target.id, condition="poison", by="heal")
            if "wound" in target.conditions:
                del target.conditions["wound"]
                self.emit("condition_removed", figure=target.id, condition="wound", by="heal")
            self.emit("heal", figure=target.id, amount=0, hp=target.hp, source=source)
            return 0
        if "wound" in target.conditions:
            del target.conditions["wound"]
            self.emit("condition_removed", figure=target.id, condition="wound", by="heal")
        gained = max(0, min(amount, target.max_hp - target.hp))
        target.hp += gained
        self.emit("heal", figure=target.id, amount=gained, hp=target.hp, source=source)
        return gained

    def defeat(self, target: Figure, source: str) -> None:
        if target.kind == "character":
            self.exhaust(self.state.characters[target.id], "health")
        elif target.kind == "summon":
            self.remove_summon(target, "killed")
        elif target.kind == "ally":
            # GH-SPEC-06: an ally at 0 HP leaves the map; "killed" loss conditions and
            # triggers may name it
            self.state.figures.pop(target.id, None)
            self.state.named_killed.append(target.id)
            self.emit("ally_killed", figure=target.id, hex=target.hex, by=source)
            self.check_state_triggers()
        else:
            self.kill_monster(target, source)

    def kill_monster(self, f: Figure, source: str) -> None:
        """GH-ATK-10/11: remove it; a monster placed by room setup leaves a money token."""
        st = self.state
        del st.figures[f.id]
        mt = st.monster_types.get(f.monster_type)
        if mt is not None:
            mt.free_standees.append(f.standee)
        st.killed[f.monster_type] = st.killed.get(f.monster_type, 0) + 1
        if f.named:
            st.named_killed.append(f.named)
        self.emit(
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
            self.emit("coin_dropped", hex=f.hex)
        if self.scenario.rules:
            self.fire("monster-killed", f.monster_type)
        self.check_state_triggers()

    def remove_summon(self, f: Figure, reason: str) -> None:
        """GH-SUMM-04: the summon leaves; its card leaves the active area."""
        self.state.figures.pop(f.id, None)
        self.emit("summon_removed", figure=f.id, owner=f.owner, reason=reason)
        char = self.state.characters.get(f.owner)
        if char is not None:
            for active in list(char.active):
                if active.summon == f.id:
                    self.retire_active(char, active)

    def exhaust(self, char: Character, reason: str) -> None:
        """GH-EXH-01/02: out of the scenario; its summons go too (GH-SUMM-04)."""
        if char.exhausted:
            return
        char.exhausted = True
        fig = self.state.figures.pop(char.figure, None)
        for s in [f for f in self.state.figures.values() if f.owner == char.id]:
            self.state.figures.pop(s.id, None)
            self.emit("summon_removed", figure=s.id, owner=char.id, reason="summoner exhausted")
        for active in list(char.active):
            # GH-EXH-02: every active bonus ends, also round bonuses given to allies
            self.withdraw_grants(active)
            char.active.remove(active)
            (char.lost if active.lost else char.discard).append(active.card)
        # cards chosen this round count as discarded (cards stay conserved)
        char.discard.extend(char.selected)
        char.selected = []
        self.emit(
            "exhausted",
            character=char.id,
            reason=reason,
            hex=fig.hex if fig is not None else None,
            room=self.board.room_at(fig.hex) if fig is not None else None,
        )
        if not self.state.living_characters():
            self.state.lost_game = True
            raise GameOver()

    # ------------------------------------------------------------------ active cards
    def bonus_kind(self, active: ActiveCard) -> str:
        """The kind of the bonus an active card's use slots count (``""``: none)."""
        card = self.find_card(active.card)
        action = card.top if active.half == "top" else card.bottom
        return action.bonus.kind if action.bonus is not None else ""

    def find_card(self, card_id: str) -> AbilityCard:
        """An ability card of any class by id."""
        card = self.cards.get(card_id)
        if card is None:
            raise KeyError(f"no ability card {card_id!r}")
        return card

    def use_active(self, char: Character, active: ActiveCard) -> None:
        """GH-BONUS-03/09: advance the token; XP on the slot; lost when all slots used."""
        card = self.find_card(active.card)
        action = card.top if active.half == "top" else card.bottom
        bonus = action.bonus
        active.used += 1
        if bonus is not None and active.used <= len(bonus.xp_slots):
            xp = bonus.xp_slots[active.used - 1]
            if xp:
                self.gain_xp(char, xp, "bonus slot")
        if active.uses_left is not None:
            active.uses_left -= 1
            if active.uses_left <= 0:
                self.retire_active(char, active, force_lost=True)

    def withdraw_grants(self, active: ActiveCard) -> None:
        """Take back the round bonuses a card put on figures, when the card leaves the
        active area before the end of the round (GH-BONUS-08 recover, GH-EXH-02). A
        persistent card's bonuses end with the card by themselves."""
        if active.persistent:
            return
        for g in active.grants:
            for fid in g.figures:
                f = self.state.figures.get(fid)
                if f is None:
                    continue
                if g.kind == "shield":
                    f.shield = max(0, f.shield - g.value)
                elif (g.value, g.range) in f.retaliate:
                    f.retaliate.remove((g.value, g.range))
        active.grants = []

    def retire_active(self, char: Character, active: ActiveCard, force_lost: bool = False) -> None:
        if active not in char.active:
            return
        char.active.remove(active)
        lost = active.lost or force_lost
        (char.lost if lost else char.discard).append(active.card)
        self.emit(
            "card_moved", character=char.id, card=active.card, to="lost" if lost else "discard"
        )
        if active.summon and active.summon in self.state.figures:
            self.remove_summon(self.state.figures[active.summon], "card removed")

    # ------------------------------------------------------------------ items
    def offer_items(self, char: Character, triggers: tuple[str, ...], why: str) -> list[ItemSpec]:
        """GH-TURN-07 / GH-ITEM-12: the player may use any number of ready items whose
        trigger fits; returns the items used (already marked spent/consumed)."""
        used: list[ItemSpec] = []
        while True:
            ready = [
                self.content.items[i]
                for i, status in sorted(char.items.items())
                if status == "ready"
                and i in self.content.items
                and self.content.items[i].trigger in triggers
                and self.content.items[i] not in used
            ]
            if not ready:
                return used
            options: list[JSONValue] = ["none", *(it.id for it in ready)]
            idx = self.ask("use_item", char.id, options, {"when": why})
            if idx == 0:
                return used
            item = ready[idx - 1]
            self.use_item(char, item)
            used.append(item)

    def use_item(self, char: Character, item: ItemSpec) -> None:
        """GH-ITEM-06/07/08/10: spent (refreshed by a long rest), consumed, or unlimited;
        use slots before it is spent."""
        count = char.item_uses.get(item.id, 0) + 1
        char.item_uses[item.id] = count
        if item.usage in ("spent", "consumed") and count >= max(1, item.uses):
            char.items[item.id] = item.usage
            char.item_uses[item.id] = 0
        self.emit("item_used", character=char.id, item=item.id, status=char.items[item.id])

    def gain_xp(self, char: Character, amount: int, why: str) -> None:
        if amount:
            char.xp += amount
            self.emit("xp", character=char.id, amount=amount, total=char.xp, why=why)

    # ------------------------------------------------------------------ elements
    def element_available(self, element: str) -> bool:
        return self.state.elements.get(element, INERT) in (STRONG, WANING)

    def consume_element(self, element: str, by: str) -> None:
        """GH-ELEM-05: Strong/Waning -> Inert."""
        self.state.elements[element] = INERT
        self.emit("element_consumed", element=element, by=by)

    def infuse_at_end_of_turn(self, element: str) -> None:
        if element not in self.pending_infusions:
            self.pending_infusions.append(element)

    def flush_infusions(self, by: str) -> None:
        """GH-ELEM-02: infusions take effect at the end of the turn."""
        for element in self.pending_infusions:
            self.state.elements[element] = STRONG
            self.emit("element_infused", element=element, by=by)
        self.pending_infusions = []

    def choose_any_element(self, actor: str, consumable: bool) -> str | None:
        """GH-ELEM-10: the wild element; the players (or the acting player) choose."""
        pool = [e for e in ELEMENTS if not consumable or self.element_available(e)]
        if not pool:
            return None
        return pool[self.ask("element", actor, pool, {"consume": consumable})]

    # ------------------------------------------------------------------ loot
    def loot_hexes(self, char: Character, hexes: Sequence[Hex]) -> None:
        """GH-LOOT-01..04: money tokens and treasures in the hexes go to the character."""
        st = self.state
        for h in hexes:
            n = st.coins.pop(h, 0)
            if n:
                char.coins += n
                self.emit("loot", character=char.id, hex=h, coins=n)
            t = st.treasures.pop(h, None)
            if t is not None:
                char.treasures.append(t)
                st.treasures_looted.append(t)
                self.emit("loot", character=char.id, hex=h, treasure=t)
                self.resolve_treasure(char, t)
                self.fire("treasure-looted", t)

    def resolve_treasure(self, char: Character, number: str) -> None:
        """GH-LOOT-03 / GH-TREAS-01..05: look the number up and apply what acts inside the
        scenario (gold, XP, damage, conditions); items and designs are recorded for the
        campaign (GH-TREAS-02 adds a named item to the looter's items)."""
        spec = self.content.treasures.get(number)
        if spec is None:
            return
        self.emit(
            "treasure",
            character=char.id,
            number=number,
            kind=spec.kind,
            amount=spec.amount,
            item=spec.item,
            text=spec.text,
        )
        fig = self.state.figures.get(char.figure)
        if spec.kind == "gold":
            char.treasure_gold += spec.amount
        elif spec.kind == "xp":
            self.gain_xp(char, spec.amount, f"treasure {number}")
        elif spec.kind == "item" and spec.item:
            char.treasure_items.append(spec.item)
        elif spec.kind == "damage" and fig is not None:
            self.suffer_damage(fig, spec.amount, f"treasure {number}", "treasure")
        elif spec.kind == "condition" and fig is not None:
            for c in spec.conditions:
                if fig.id in self.state.figures:
                    self.apply_condition(fig, c, f"treasure {number}")

    # ------------------------------------------------------------------ movement
    def enter_hex(self, f: Figure, h: Hex, forced: bool, last: bool, ignore: bool) -> bool:
        """Move ``f`` one hex and resolve what entering it does. Returns False when the
        figure stopped existing (died on a trap) or must stop (a door opened)."""
        st = self.state
        f.hex = h
        trap = st.traps.get(h)
        triggers = not ignore or last
        if f.flying:
            # GH-MOVE-06 / GH-TRAP-01 / GH-HAZ-01: flying ignores traps and hazardous
            # terrain. The texts speak of flying *movement*; for a flying figure pushed or
            # pulled they are silent, and the published game's accepted ruling is that a
            # flying figure never springs them (flying is permanent, GH-MSTAT-04).
            triggers = False
        if triggers and trap is not None:
            self.spring_trap(f, h, trap)
            if f.id not in st.figures:
                return False
        if triggers and h in st.hazardous:
            self.emit("hazard", figure=f.id, hex=h)
            self.suffer_damage(f, self.hazard_damage, "hazardous", "hazardous terrain")
            if f.id not in st.figures:
                return False
        if h in self.watched_hexes:
            self.fire("enter-hex", figure=f)
            if f.id not in st.figures:
                return False
        if f.kind == "character" and self.board.closed_door(st, h) and not forced:
            if self.board.door_locked(st, h):
                return True  # GH-SPEC-03: a locked door does not open
            self.open_door(h, f)
            return False
        return True

    def spring_trap(self, f: Figure, h: Hex, trap: TrapSpec) -> None:
        """GH-TRAP-01/02/04: damage 2 + L and/or conditions, then the trap is removed."""
        del self.state.traps[h]
        self.emit("trap_sprung", figure=f.id, hex=h)
        if trap.damage:
            self.suffer_damage(f, trap.amount or self.trap_damage, "trap", "trap")
        if f.id in self.state.figures:
            for c in trap.conditions:
                self.apply_condition(f, c, "trap")

    def disarm_trap(self, h: Hex, by: Figure) -> None:
        """GH-TRAP-03: the trap leaves the map without its effect."""
        del self.state.traps[h]
        self.emit("trap_disarmed", figure=by.id, hex=h)

    def create_trap(self, h: Hex, trap: TrapSpec, by: Figure) -> None:
        """GH-TRAP-05: the creating ability sets the trap's effect (its damage and
        conditions are in the event, the tokens of the published game)."""
        self.state.traps[h] = trap
        self.emit(
            "trap_created",
            figure=by.id,
            hex=h,
            damage=(trap.amount or self.trap_damage) if trap.damage else 0,
            conditions=list(trap.conditions),
        )

    def lose_flying(self, f: Figure) -> None:
        """GH-MOVE-07 / GH-OBST-02: call when ``f``'s flying ends (a flying move is over).
        On an obstacle hex it suffers trap damage (2 + L, GH-TRAP-04) and then moves at once
        to the nearest empty hex; elsewhere nothing happens. A figure that still flies
        (``f.flying``, permanent) never lands."""
        if f.flying or f.hex not in self.state.obstacles or f.id not in self.state.figures:
            return
        start = f.hex
        self.emit("flying_lost", figure=f.id, hex=start)
        self.suffer_damage(f, self.trap_damage, "obstacle", "lost flying on an obstacle")
        if f.id not in self.state.figures:
            return
        dest = nearest_empty(self.board, self.state, start)
        if dest is None:
            return
        f.hex = dest
        self.emit("move", figure=f.id, start=start, end=dest, path=[dest])

    def walk(self, f: Figure, route: Route, jump: bool) -> None:
        """Perform a move along a route chosen with :func:`~.board.find_routes`."""
        start = f.hex
        for i, h in enumerate(route.path):
            last = i == len(route.path) - 1
            if not self.enter_hex(f, h, forced=False, last=last, ignore=jump):
                break
        if f.id in self.state.figures:
            self.emit("move", figure=f.id, start=start, end=f.hex, path=list(route.path))

    # ------------------------------------------------------------------ doors & rooms
    def open_door(self, h: Hex, by: Figure | None) -> None:
        """GH-DOOR-01 / GH-ROOM-01: flip the door and reveal the room beyond."""
        st = self.state
        if h in st.open_doors:
            return
        st.open_doors.add(h)
        door = self.board.doors[h]
        self.emit("door_opened", hex=h, door=door.id, by=by.id if by else None)
        for room in door.rooms:
            if room not in st.revealed_rooms:
                self.reveal_room(room, by)
        self.fire("door-opened", door.id)

    def reveal_room(self, room: str, by: Figure | None) -> None:
        """GH-ROOM-02/03/04, GH-SETUP-05/06/09: place the room's monsters for the player
        count with random standee numbers, then draw ability cards for new types."""
        st = self.state
        st.revealed_rooms.append(room)
        placements = [
            p
            for p in self.scenario.placements
            if p.room == room and p.by_players.get(st.players, "none") not in ("none", "absent")
        ]
        if by is not None:
            # GH-ROOM-03: when standees run short, the ones closest to the revealer first
            placements.sort(key=lambda p: (distance(p.hex, by.hex), p.hex))
        placed = []
        for p in placements:
            f = self.place_monster(
                p.monster,
                p.hex,
                p.by_players[st.players] == "elite",
                named=p.named,
                health_formula=p.health_formula,
                drops_coin=True,
                acts_from=st.round,
            )
            if f is not None:
                placed.append(f.id)
        self.place_allies(room)
        self.emit("room_revealed", room=room, by=by.id if by else None, monsters=placed)
        if st.phase == "turns":
            self.draw_missing_ability_cards()  # GH-ROOM-04
        self.fire("room-revealed", room)
        self.check_state_triggers()  # a room revealed empty is already cleared

    def place_allies(self, room: str) -> None:
        """GH-SPEC-06: the allies of a revealed room, each with a numbered token drawn at
        random (the numbers order allies that share an initiative); a figure already on the
        hex moves the ally to the nearest empty hex (GH-SPEC-01's reading)."""
        st = self.state
        allies = [a for a in self.scenario.allies if a.room == room and st.players in a.players]
        if not allies:
            return
        taken = {f.standee for f in st.figures.values() if f.kind == "ally"}
        free = [n for n in range(1, len(self.scenario.allies) + 1) if n not in taken]
        for a in allies:
            number = free.pop(st.rng.randbelow(len(free)))
            where: Hex | None = a.hex
            if st.figure_at(a.hex) is not None:
                where = nearest_empty(self.board, st, a.hex)
            if where is None:
                continue
            hp = self.formula(a.health, st.level, st.players)
            st.figures[a.id] = Figure(
                id=a.id,
                kind=FigureKind.ALLY,
                side=Side.PARTY,
                hex=where,
                hp=hp,
                max_hp=hp,
                standee=number,
                named=a.id,
                flying=a.flying,
                appeared_round=st.round,
                acts_from_round=st.round,
                move=a.move,
                attack=a.attack,
                range=a.range,
                base_shield=a.shield,
                base_retaliate=a.retaliate,
            )
            self.emit("ally_placed", figure=a.id, name=a.name, token=number, hex=where, hp=hp)

    def ally_initiative(self, f: Figure) -> int:
        """An ally's initiative (GH-SPEC-06): fixed by the scenario."""
        for a in self.scenario.allies:
            if a.id == f.id:
                return a.initiative
        return 99

    def place_monster(
        self,
        monster: str,
        hex_: Hex,
        elite: bool,
        *,
        named: str = "",
        health_formula: str = "",
        drops_coin: bool,
        acts_from: int,
    ) -> Figure | None:
        """Put a standee on the map (random free standee number, GH-SETUP-06)."""
        st = self.state
        spec = self.content.monsters[monster]
        mt = st.monster_types.get(monster)
        if mt is None:
            mt = MonsterType(monster, spec.deck, free_standees=list(range(1, spec.standees + 1)))
            st.monster_types[monster] = mt
            if spec.deck not in st.ability_decks:
                deck: Deck[str] = Deck(c.id for c in self.content.monster_decks[spec.deck])
                deck.shuffle(st.rng)
                st.ability_decks[spec.deck] = deck
        if not mt.free_standees:
            self.emit("no_standee", monster=monster, hex=hex_)
            return None
        number = mt.free_standees.pop(st.rng.randbelow(len(mt.free_standees)))
        stats = self.stats_line(monster, elite)
        hp = stats.health
        if health_formula:
            # GH-SPEC-08: L is the level monsters play at (the solo variant's +1 included)
            hp = self.formula(health_formula, self.monster_level, st.players)
        f = Figure(
            id=f"{monster}-{number}",
            kind=FigureKind.MONSTER,
            side=Side.MONSTERS,
            hex=hex_,
            hp=hp,
            max_hp=hp,
            monster_type=monster,
            elite=elite and not named and not spec.boss,
            stat_elite=elite,
            standee=number,
            named=named,
            boss=spec.boss,
            flying=stats.flying,
            # GH-ATK-11: every monster placed by room setup drops a money token, named
            # monsters and bosses included (the rule has no exception; only summoned and
            # spawned monsters do not, GH-MOTH-04, GH-SPEC-01)
            drops_coin=drops_coin,
            appeared_round=st.round,
            acts_from_round=acts_from,
            move=stats.move,
            attack=stats.attack,
            range=stats.range,
            pierce=stats.pierce,
            base_shield=stats.shield,
            base_retaliate=stats.retaliate,
            base_retaliate_range=stats.retaliate_range,
            attack_conditions=stats.attack_conditions,
            immunities=stats.immunities,
        )
        st.figures[f.id] = f
        for key in (f"type:{monster}", f"named:{named}" if named else ""):
            if key in st.stat_changes:
                _change_stats(f, st.stat_changes[key])
        self.emit(
            "monster_placed",
            figure=f.id,
            monster=monster,
            elite=f.elite,
            standee=number,
            hex=hex_,
            hp=hp,
            named=named,
        )
        return f

    def draw_missing_ability_cards(self) -> None:
        """GH-MABIL-01 / GH-ROOM-04: one card per type on the board that has none yet."""
        st = self.state
        for mt in st.monster_types.values():
            if mt.card or not any(
                f.monster_type == mt.id for f in st.figures.values() if f.kind == "monster"
            ):
                continue
            drawn = self.monster_type_card_this_round(mt.deck_id)
            if drawn is None:
                deck = st.ability_decks[mt.deck_id]
                drawn = deck.draw(st.rng)
                self.emit("monster_card_drawn", deck=mt.deck_id, card=drawn, monster=mt.id)
            mt.card = drawn

    def monster_type_card_this_round(self, deck_id: str) -> str | None:
        """Types sharing a deck (GH-MABIL-03) share this round's card."""
        for mt in self.state.monster_types.values():
            if mt.deck_id == deck_id and mt.card:
                return mt.card
        return None

    # ------------------------------------------------------------------ special rules
    def fire(
        self,
        kind: str,
        key: str = "",
        round_no: int = 0,
        when: str = "",
        figure: Figure | None = None,
    ) -> None:
        """Run every special rule whose trigger matches (GH-SPEC, GH-EOR-06)."""
        st = self.state
        for i, rule in enumerate(self.scenario.rules):
            t = rule.trigger
            if t.kind != kind:
                continue
            if kind == "monster-killed":
                if t.key and t.key != key:
                    continue
                deaths = st.killed.get(t.key, 0) if t.key else sum(st.killed.values())
                if t.count and deaths % t.count != 0:
                    continue
            elif kind == "enter-hex":
                if figure is None or figure.hex not in t.hexes:
                    continue
                if t.figures == "characters" and figure.kind != "character":
                    continue
                if t.figures == "monsters" and figure.kind != "monster":
                    continue
            elif kind == "round":
                if t.when != when:
                    continue
                if round_no != t.round and not (
                    t.every and round_no > t.round and (round_no - t.round) % t.every == 0
                ):
                    continue
            elif kind == "killed":
                if not t.targets or not all(x in st.named_killed for x in t.targets):
                    continue
            elif t.key != key:
                continue
            tag = f"rule:{i}"
            if rule.once and tag in st.triggered:
                continue
            st.triggered.add(tag)
            self.emit("special_rule", rule=rule.id or str(i), trigger=kind, key=key)
            for effect in rule.effects:
                self.apply_effect(effect)

    def apply_effect(self, effect: EffectSpec) -> None:
        """Apply one special-rule effect (GH-SPEC; the vocabulary: :class:`~.spec.EffectSpec`).
        Scenario effects are not a figure's ability: elements change at once, damage is
        not an attack (no shield, GH-SHLD-02) and a character may negate it (GH-DMG-03)."""
        st = self.state
        kind = effect.kind
        if kind == "spawn" and effect.hex is not None:
            self.spawn(effect.monster, effect.hex, effect.by_players.get(st.players, "normal"))
        elif kind == "open-door":
            for door in self.scenario.doors:
                if door.id == effect.key:
                    st.unlocked_doors.add(door.hex)
                    st.locked_doors.discard(door.hex)
                    self.open_door(door.hex, None)
        elif kind == "lock-door":
            for door in self.scenario.doors:
                if door.id == effect.key and self.state.figure_at(door.hex) is None:
                    # GH-SPEC-03: a wall until opened again (an occupied door stays open)
                    st.open_doors.discard(door.hex)
                    st.unlocked_doors.discard(door.hex)
                    st.locked_doors.add(door.hex)
                    self.emit("door_locked", hex=door.hex, door=door.id)
        elif kind == "reveal-room":
            if effect.key in self.scenario.rooms and effect.key not in st.revealed_rooms:
                self.reveal_room(effect.key, None)
        elif kind == "custom":
            # the engine cannot act on free text; views show it to the players
            self.emit("custom_effect", text=effect.text)
        elif kind == "remove-overlays":
            for oid in effect.overlays:
                if oid in st.added_overlays:
                    okind, hexes = st.added_overlays.pop(oid)
                else:
                    okind, hexes = self.scenario.overlay_ids.get(oid, ("", ()))
                for h in hexes:
                    st.obstacles.pop(h, None)
                    st.traps.pop(h, None)
                    st.hazardous.discard(h)
                    st.difficult.discard(h)
                self.emit("overlays_removed", overlay=oid, kind=okind, hexes=list(hexes))
        elif kind == "add-overlays":
            self._add_overlays(effect)
        elif kind == "infuse":
            for e in effect.elements:
                st.elements[e] = STRONG  # at once: not an ability's infusion (GH-ELEM-02)
                self.emit("element_infused", element=e, by="scenario")
        elif kind == "consume":
            for e in effect.elements:
                if st.elements.get(e, INERT) != INERT:
                    self.consume_element(e, "scenario")
        elif kind in ("damage", "condition"):
            amount = (
                self.formula(effect.formula, st.level, st.players)
                if effect.formula
                else effect.amount
            )
            for f in self.figures_in_area(effect):
                if kind == "damage":
                    self.suffer_damage(f, amount, "scenario", "special rule")
                else:
                    for c in effect.conditions:
                        if f.id in st.figures:
                            self.apply_condition(f, c, "scenario")
        elif kind == "monster-stats":
            key = f"named:{effect.key}" if effect.key else f"type:{effect.monster}"
            changes = st.stat_changes.setdefault(key, {})
            for stat, delta in effect.stats:
                changes[stat] = changes.get(stat, 0) + delta
            for f in list(st.figures.values()):
                if f.kind == "monster" and (
                    (effect.key and f.named == effect.key)
                    or (not effect.key and f.monster_type == effect.monster)
                ):
                    _change_stats(f, dict(effect.stats))
                    self.emit("monster_stats", figure=f.id, changes=dict(effect.stats))
        elif kind == "win":
            st.goal_met = True  # GH-END-01: the round is still played to its end
            self.emit("goal_met", by="special rule")
        elif kind == "lose":
            st.lost_game = True
            self.emit("scenario_lost", by="special rule")
            raise GameOver()

    def figures_in_area(self, effect: EffectSpec) -> list[Figure]:
        """The figures an area effect reaches: in ``hexes``, or in room ``key``, or (neither)
        anywhere; of ``figures`` "characters" (and their summons), "monsters" or "all"."""
        area: set[Hex] | None = None
        if effect.hexes:
            area = set(effect.hexes)
        elif effect.key:
            area = set(self.scenario.rooms.get(effect.key, ()))
        out = []
        for f in sorted(self.state.figures.values(), key=lambda x: x.id):
            if area is not None and f.hex not in area:
                continue
            if effect.figures == "characters" and f.side != "party":
                continue
            if effect.figures == "monsters" and f.side != "monsters":
                continue
            out.append(f)
        return out

    def _add_overlays(self, effect: EffectSpec) -> None:
        """``add-overlays``: put an overlay kind on hexes of the map (an obstacle never on a
        figure, GH-MOVE-04)."""
        st = self.state
        placed: list[Hex] = []
        occupied = self.occupied_hexes()
        for h in effect.hexes:
            if h not in self.scenario.hexes:
                continue
            if effect.overlay == "trap":
                st.traps[h] = effect.trap or TrapSpec()
            elif effect.overlay == "obstacle":
                if h in occupied:
                    continue
                st.obstacles[h] = (
                    self.formula(effect.formula, st.level, st.players)
                    if effect.formula
                    else (effect.amount or None)
                )
            elif effect.overlay == "hazardous":
                st.hazardous.add(h)
            elif effect.overlay == "difficult":
                st.difficult.add(h)
            elif effect.overlay == "coin":
                st.coins[h] = st.coins.get(h, 0) + max(1, effect.amount)
            elif effect.overlay == "treasure" and effect.key:
                st.treasures[h] = effect.key
            else:
                continue
            placed.append(h)
        for oid in effect.overlays:
            st.added_overlays[oid] = (effect.overlay, tuple(placed))
        self.emit(
            "overlays_added",
            overlay=effect.overlays[0] if effect.overlays else "",
            kind=effect.overlay,
            hexes=placed,
        )

    def spawn(self, monster: str, hex_: Hex, kind: str) -> None:
        """GH-SPEC-01/02: at the hex or the nearest empty one. A monster spawned during a
        round - a round-start trigger included, the round has begun - acts as if just
        revealed: its type draws an ability card (now, or with the others after card
        selection) and acts in initiative order, at once if its initiative has passed
        (GH-ROOM-04/05). Only a spawn at the end of a round waits for the next round."""
        st = self.state
        if kind in ("none", "absent"):
            return
        target: Hex | None = hex_
        if not self.board.in_play(st, hex_) or st.figure_at(hex_) is not None:
            target = nearest_empty(self.board, st, hex_)
        if target is None:
            self.emit("spawn_failed", monster=monster, hex=hex_)
            return
        during = st.phase != "end-of-round"
        f = self.place_monster(
            monster,
            target,
            kind == "elite",
            drops_coin=False,
            acts_from=st.round if during else st.round + 1,
        )
        if f is not None:
            self.emit("spawned", figure=f.id, hex=target)
            if st.phase == "turns":
                self.draw_missing_ability_cards()  # GH-ROOM-04

    def check_state_triggers(self) -> None:
        """``killed`` and ``room-cleared`` triggers depend on who is left on the map."""
        if not self.scenario.rules:
            return
        self.fire("killed")
        for room in list(self.state.revealed_rooms):
            if not any(
                f.side == "monsters" and self.board.room_of.get(f.hex) == room
                for f in self.state.figures.values()
            ):
                self.fire("room-cleared", room)

    def occupied_hexes(self) -> set[Hex]:
        return {f.hex for f in self.state.figures.values()}

    def empty_adjacent(self, h: Hex, monsters_view: bool) -> list[Hex]:
        """Empty hexes next to ``h`` (summons, GH-SUMM-01, GH-MOTH-03)."""
        occ = self.occupied_hexes()
        out = []
        for n in self.board.adj.get(h, ()):
            if not self.board.in_play(self.state, n) or n in occ or n in self.state.obstacles:
                continue
            if monsters_view and self.board.closed_door(self.state, n):
                continue
            out.append(n)
        return sorted(out)


def new_character_figure(char_id: str, hex_: Hex, hp: int) -> Figure:
    return Figure(
        id=char_id, kind=FigureKind.CHARACTER, side=Side.PARTY, hex=hex_, hp=hp, max_hp=hp
    )


def _change_stats(f: Figure, changes: dict[str, int]) -> None:
    """A ``monster-stats`` effect on one figure: health moves maximum and current HP (at
    least 1), the other stats never go below 0."""
    for stat, delta in changes.items():
        if stat == "health":
            f.max_hp = max(1, f.max_hp + delta)
            f.hp = max(1, min(f.max_hp, f.hp + delta))
        elif stat == "move":
            f.move = max(0, f.move + delta)
        elif stat == "attack":
            f.attack = max(0, f.attack + delta)
        elif stat == "range":
            f.range = max(0, f.range + delta)
        elif stat == "shield":
            f.base_shield = max(0, f.base_shield + delta)
        elif stat == "retaliate":
            f.base_retaliate = max(0, f.base_retaliate + delta)
