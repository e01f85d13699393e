"""Fights (WI-CMB-01..09): roll, modify, compare swords and shields, resolve defeat.

The steps follow WI-CMB-01: combat effects of passive cards, the roll of the combat dice
plus the hero's own dice (WI-DICE-01), the tally with the hero sheet's dice effects
(WI-DICE-05), modification by development and luck cards and the arrow-shield conversion
(WI-CMB-02) as a decision loop, then the comparisons and their effects.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from questforge.engine.witcher.game import combat
from questforge.engine.witcher.game.base import GameBase
from questforge.engine.witcher.game.state import HeroState
from questforge.engine.witcher.model.content import DiceEffect, Die, Effects

#: effects that change a fight's dice: a hero-sheet dice effect gives them as results
#: (``add-result``) or not at all, since the dice it reads are already final
_DICE_OPS = frozenset({"add-result", "reroll", "set-face"})


@dataclass
class Fight:
    """One fight in progress: the dice, their faces and the results added by cards."""

    monster: str
    dice: list[Die]
    hero_dice: int  # the last ``hero_dice`` of ``dice`` are the hero's own
    faces: list[combat.Face]
    bonus: Counter[str] = field(default_factory=Counter)
    conversions: int = 0
    used: set[str] = field(default_factory=set)
    #: dice turned to a face a card shows (WI-DICE-06): placed, not rolled
    placed: set[int] = field(default_factory=set)

    def tally(self, sheet_bonus: Counter[str]) -> combat.Tally:
        results = combat.count_results(self.faces)
        results.update(self.bonus)
        results.update(sheet_bonus)
        tally = combat.Tally(results)
        for _ in range(self.conversions):
            if tally.can_convert():
                tally.convert()
        return tally


class FightsMixin(GameBase):
    def resolve(
        self,
        h: HeroState,
        effects: Effects,
        reason: str,
        *,
        shortfall: int = 1,
        fight: Fight | None = None,
    ) -> None:  # implemented in effects.py
        raise NotImplementedError

    def luck_cards(self, h: HeroState, timing: str) -> list[str]:
        """The luck cards ``h`` may use now at ``timing`` (WI-LUCK-03): a card that says
        "on your turn" (``own_turn_only``) only while ``h`` is the active hero ("only while
        that player is acting"); a card kept after use (WI-LUCK-04) once a turn (ours: the
        seed sets no limit, and a card used again at the same moment would never end it)."""
        active = h is self.state.heroes[self.state.active]
        out = []
        for ident in h.luck:
            card = self.pack.luck[ident]
            if card.timing != timing or ident in h.luck_used:
                continue
            if card.own_turn_only and not active:
                continue
            out.append(ident)
        return out

    def play_luck(self, h: HeroState, card_id: str) -> None:
        """Take a luck card out of the hero's hand to use it (a ``luck-used`` event). A card
        that says it is not discarded (``keep``, WI-LUCK-04) stays, marked used this turn."""
        if self.pack.luck[card_id].keep:
            h.luck_used.add(card_id)
        else:
            h.luck.remove(card_id)
        self.emit("luck-used", hero=h.id, card=card_id)

    def finish_luck(self, card_id: str) -> None:
        """WI-LUCK-04, WI-DISC-05: after its effect a luck card goes face down to the luck
        discards, unless it says it is kept."""
        if not self.pack.luck[card_id].keep:
            self.state.luck_deck.discard_card(card_id)

    def use_luck(self, h: HeroState, card_id: str, fight: Fight | None = None) -> None:
        """Play a luck card the hero holds: resolve it, then discard it unless it says it is
        kept (WI-LUCK-04)."""
        self.play_luck(h, card_id)
        self.resolve(h, self.pack.luck[card_id].effects, card_id, fight=fight)
        self.finish_luck(card_id)

    def fight(self, h: HeroState, monster_id: str, reason: str) -> combat.Outcome:
        """Fight ``monster_id``; VP and side quests on a defeat (WI-CMB-05, WI-QUEST-05).
        Where the token goes afterwards is the caller's business."""
        monster = self.pack.monsters[monster_id]
        dice = [self.pack.dice[d] for d in self.options.combat_dice if d in self.pack.dice]
        own = [self.pack.dice[d] for d in h.hero.dice if d in self.pack.dice]
        self.emit(
            "fight",
            hero=h.id,
            monster=monster.id,
            sword=monster.sword,
            shield=monster.shield,
            ritual=monster.ritual,
            replaces_swords=monster.ritual_replaces_swords,
            reason=reason,
        )
        state = Fight(monster.id, dice + own, len(own), combat.roll(dice + own, self.rng))
        for owned in h.development:  # step 1: combat effects always on (passive cards)
            card = self.pack.development[owned.id]
            if card.timing == "passive" and self.marker_paid(h, owned):  # WI-DEV-04
                self.resolve(h, card.effects, card.id, fight=state)
        for luck in self.luck_cards(h, "passive"):
            # WI-LUCK-03/04: a luck card that names no moment but "always" acts in the
            # next fight's first step (one it may use then: own_turn_only), once, and is
            # discarded unless it says it is kept
            self.use_luck(h, luck, state)
        self.emit(
            "roll",
            hero=h.id,
            dice=[d.id for d in state.dice],
            faces=[list(f) for f in state.faces],
        )
        self._modify(h, state, monster_id)
        sheet = self._sheet_bonus(h, state)
        for result, amount in sorted(sheet.items()):
            # WI-DICE-05: what the hero sheet's dice effects add, so the log shows every
            # result the comparison counts
            self.emit("result-added", hero=h.id, result=result, amount=amount, reason="hero sheet")
        for effect in self._sheet_met(h, state):
            # WI-DICE-05: a hero-sheet dice effect that is not a die result (gold, a lead,
            # a heal...) happens once the dice are final; what changes the dice themselves
            # has no dice left to change (no fight is passed)
            other = tuple(e for e in effect.effects if e.op not in _DICE_OPS)
            if other:
                self.resolve(h, other, "hero sheet")
        tally = state.tally(sheet)
        outcome = combat.compare(tally, monster)
        self.emit(
            "fight-result",
            hero=h.id,
            monster=monster.id,
            swords=tally.swords,
            shields=tally.shields,
            ritual=tally.ritual,
            attack=outcome.attack_ok,
            defence=outcome.defence_ok,
            ritual_ok=outcome.ritual_ok,
            defeated=outcome.defeated,
        )
        if not outcome.defeated:  # WI-CMB-03: the enemy's sword effect
            self.resolve(h, monster.sword_effects, monster.id, shortfall=outcome.sword_shortfall)
        if not outcome.defence_ok:  # WI-CMB-04
            self.resolve(h, monster.shield_effects, monster.id, shortfall=outcome.shield_shortfall)
        if outcome.defeated:  # WI-CMB-05
            h.defeated += 1
            self.gain_vp(h, monster.vp, f"defeated {monster.id}")
            self.on_defeat(h, monster.monster_class)
        return outcome

    def on_defeat(self, h: HeroState, monster_class: str) -> None:  # quests.py
        raise NotImplementedError

    def _sheet_met(self, h: HeroState, state: Fight) -> list[DiceEffect]:
        """The hero-sheet dice effects the hero's own dice meet (WI-DICE-05): the results
        they need shown and none of those they need absent."""
        own = state.faces[len(state.faces) - state.hero_dice :]
        return [
            effect
            for effect in h.hero.dice_effects
            if combat.dice_effects_met(effect.need, own, effect.absent)
        ]

    def _sheet_bonus(self, h: HeroState, state: Fight) -> Counter[str]:
        """The die results the hero-sheet dice effects met add (WI-DICE-05)."""
        bonus: Counter[str] = Counter()
        for effect in self._sheet_met(h, state):
            for e in effect.effects:
                if e.op == "add-result" and e.result:
                    bonus[e.result] += e.amount
        return bonus

    def _modify(self, h: HeroState, state: Fight, monster_id: str) -> None:
        """Step 5 of WI-CMB-01 as a loop of ``combat`` decisions: play a combat card, a
        luck card, or turn an arrow shield and a sword into a grid shield; ``done`` ends.

        WI-DEV-03: development card abilities are used only on the active hero's turn, so
        a hero who fights on another's turn (an effect aimed at the hero with the most VP,
        WI-VP-03) plays no combat development card; their luck cards name the fight as
        their moment (WI-LUCK-03) and stay playable."""
        active = h is self.state.heroes[self.state.active]
        while True:
            options: list[dict[str, str]] = [{"use": "done"}]
            tally = state.tally(self._sheet_bonus(h, state))
            if tally.can_convert():
                options.append({"use": "convert"})
            for owned in h.development if active else ():
                card = self.pack.development[owned.id]
                if card.timing != "combat" or owned.id in state.used:
                    continue
                if card.uses_markers and owned.markers == 0:
                    continue
                options.append({"use": "card", "card": owned.id})
            for luck in self.luck_cards(h, "combat"):  # WI-LUCK-03
                if luck not in state.used:
                    options.append({"use": "luck", "card": luck})
            if len(options) == 1:
                return
            choice = self.ask(
                "combat",
                h.id,
                options,
                "Modify the dice?",
                monster=monster_id,
                swords=tally.swords,
                shields=tally.shields,
                ritual=tally.ritual,
            )
            if choice["use"] == "done":
                return
            if choice["use"] == "convert":
                state.conversions += 1
                self.emit("converted", hero=h.id)
                continue
            ident = choice["card"]
            state.used.add(ident)
            if choice["use"] == "card":
                owned_card = h.card(ident)
                assert owned_card is not None
                if self.pack.development[ident].uses_markers:
                    owned_card.markers -= 1  # WI-SPEND-03
                self.emit("card-used", hero=h.id, card=ident, markers=owned_card.markers)
                self.resolve(h, self.pack.development[ident].effects, ident, fight=state)
            else:
                self.use_luck(h, ident, state)  # WI-LUCK-04

    def reroll(self, h: HeroState, state: Fight, amount: int) -> None:
        """Reroll ``amount`` dice of the hero's choice (a ``reroll-die`` decision per die,
        never a die a card has set, WI-DICE-06); a reroll must be taken and its new result
        stands (WI-DICE-02)."""
        chosen: list[int] = []
        for _ in range(amount):
            options = [
                {
                    "die": i,
                    "shows": list(state.faces[i]),
                    "hero_die": i >= len(state.faces) - state.hero_dice,
                }
                for i in range(len(state.faces))
                if i not in state.placed and i not in chosen
            ]
            if not options:
                break
            pick = self.ask("reroll-die", h.id, options, "Reroll which die?")
            chosen.append(int(pick["die"]))
        for i in chosen:  # rolled in the order chosen
            die = state.dice[i]
            state.faces[i] = die.faces[self.rng.randbelow(len(die.faces))]
        self.emit(
            "reroll", hero=h.id, rerolled=sorted(chosen), faces=[list(f) for f in state.faces]
        )

    def set_face(self, h: HeroState, state: Fight, face: tuple[str, ...], reason: str) -> None:
        """WI-DICE-06: a sword-and-shield group printed on a card is a die *face*, not a
        set of results: the hero turns one die of the fight (their choice, WI-DICE-04) to
        that face. The die then shows the whole group and nothing of what it rolled, a
        hero die so turned counts for the hero sheet's dice effects (WI-DICE-05: cards can
        produce the symbols), and a later reroll leaves it alone (it was not rolled)."""
        options = [
            {"die": i, "shows": list(f), "hero_die": i >= len(state.faces) - state.hero_dice}
            for i, f in enumerate(state.faces)
            if i not in state.placed
        ]
        if not options:
            return
        pick = self.ask(
            "set-face", h.id, options, "Turn which die to the card's face?", face=list(face)
        )
        index = int(pick["die"])
        state.faces[index] = face
        state.placed.add(index)
        self.emit("face-set", hero=h.id, die=state.dice[index].id, face=list(face), reason=reason)
