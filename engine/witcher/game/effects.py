"""The declarative effect vocabulary at play (``schema/witcher/defs``: ``effect``), and the
card draws and board changes effects cause: investigation, misfortune, luck and development
draws (WI-DRAW, WI-INV, WI-DOOM, WI-LUCK, WI-DEV), monsters and misfortune tokens placed in
areas (WI-MON-03/04), and the battle track (WI-TRACK-02).
"""

from __future__ import annotations

from questforge.engine.core.decks import Deck
from questforge.engine.witcher.game import combat
from questforge.engine.witcher.game.fights import Fight, FightsMixin
from questforge.engine.witcher.game.state import (
    HeroState,
    KeptInvestigation,
    MonsterToken,
    ObstacleState,
    OwnedCard,
)
from questforge.engine.witcher.model.content import Effect, Effects


class EffectsMixin(FightsMixin):
    def resolve(
        self,
        h: HeroState,
        effects: Effects,
        reason: str,
        *,
        shortfall: int = 1,
        fight: Fight | None = None,
    ) -> None:
        """Resolve ``effects`` in order for hero ``h``. ``shortfall`` multiplies the amount
        of ``per_missing`` effects (WI-CMB-06); ``fight`` receives ``add-result`` and
        ``reroll`` (outside a fight they do nothing: nothing to modify)."""
        for effect in effects:
            amount = effect.amount * (shortfall if effect.per_missing else 1)
            if effect.per_trait is not None:
                amount *= self.trait_count(h, effect.per_trait)
                if amount == 0:
                    continue
            target = h
            if effect.target != "self":
                target = self.target_of(h, effect)
                # WI-VP-03: say who the effect falls on and why, so a referee can check it
                # was the hero with the most VP (the card was drawn by someone else)
                self.emit("targeted", hero=target.id, vp=target.vp, drawn_by=h.id, reason=reason)
            self._one(target, effect, amount, reason, fight if target is h else None)

    def trait_count(self, h: HeroState, trait: str) -> int:
        """WI-TRAIT-02: the traits counted are those on the hero's investigation cards,
        kept for a task done or not yet done, or for their traits. The card being resolved
        does not count yet: its traits accumulate once its effect is resolved (WI-INV-03)."""
        return sum(trait in self.pack.investigation[k.id].traits for k in h.investigations)

    def target_of(self, h: HeroState, effect: Effect) -> HeroState:
        """WI-VP-03, as the seed reads ("if an effect refers to the player with the most
        VP and more than one player holds that most, the active player chooses who suffers
        it"; the catalogue's "maximum VP" sentence is a garbled rendering of this): the
        hero with the most VP; on a tie the active hero picks among the tied ones."""
        top = max(x.vp for x in self.state.heroes)
        tied = [x.id for x in self.state.heroes if x.vp == top]
        active = self.state.heroes[self.state.active]
        pick = self.ask(
            "target-hero",
            active.id,
            tied,
            "Several heroes share the most VP: who suffers the effect?",
            op=effect.op,
        )
        return self.state.hero(pick)

    def _one(self, h: HeroState, e: Effect, amount: int, reason: str, fight: Fight | None) -> None:
        op = e.op
        if op == "gain-gold":
            self.gain_gold(h, amount, reason)
        elif op == "lose-gold":
            self.lose_gold(h, amount, reason)
        elif op == "gain-leads":
            for _ in range(amount):
                colour = e.colour or self.ask(
                    "lead-colour", h.id, self.lead_colours, "Lead of which colour?"
                )  # WI-LEAD-04
                self.gain_lead(h, colour, 1, reason)
        elif op == "lose-leads":
            self.lose_leads(h, amount, e.colour, reason)
        elif op == "gain-proof" and e.colour:
            h.proof[e.colour] = h.proof.get(e.colour, 0) + amount
            self.emit("proof", hero=h.id, colour=e.colour, delta=amount, reason=reason)
        elif op == "gain-vp":
            self.gain_vp(h, amount, reason)
        elif op == "lose-vp":
            self.gain_vp(h, -amount, reason)
        elif op == "wound":
            for _ in range(amount):
                self.wound(h, e.severity, reason)
        elif op == "heal":
            self.heal(h, amount, e.severity == "severe", reason)
        elif op == "misfortune-token":
            for _ in range(amount):
                self.misfortune_token(h, reason)
        elif op == "remove-misfortune-token":
            for _ in range(min(amount, len(h.misfortune))):  # WI-DOOM-07
                space = self.ask(
                    "remove-token",
                    h.id,
                    list(h.misfortune),
                    "Remove the misfortune token from which action space?",
                )
                h.misfortune.remove(space)
                self.emit("misfortune-removed", hero=h.id, space=space)
        elif op == "delay":
            if h.delayed:  # WI-DELAY-03
                self.emit("delay-ignored", hero=h.id)
            else:
                h.delayed = True
                self.emit("delayed", hero=h.id, reason=reason)
        elif op in ("draw-luck", "draw-investigation", "draw-development"):
            self.draw_cards(h, op.removeprefix("draw-"), amount)
        elif op == "place-monster" and e.monster_class and e.area == "each":
            self.invade(h, e.monster_class, amount)
        elif op == "place-monster" and e.monster_class:
            self.place_monsters(h, e.monster_class, amount)
        elif op == "fight" and e.monster_class:
            self.fight_drawn(h, e.monster_class, reason)
        elif op == "advance-track":
            for _ in range(amount):
                self.advance_track(h, encounter=False)
        elif op == "choice":
            self._choice(h, e, reason)
        elif op == "add-marker" and e.card_type:
            for _ in range(amount):
                self.add_marker(h, e.card_type)
        elif op == "add-result" and e.result and fight is not None:
            fight.bonus[e.result] += amount
            self.emit("result-added", hero=h.id, result=e.result, amount=amount, reason=reason)
        elif op == "reroll" and fight is not None:
            self.reroll(h, fight, amount)
        elif op == "ignore-obstacle":
            h.ignore_obstacle = True
            self.emit("ignore-obstacle", hero=h.id, reason=reason)
        elif op in ("look-at", "reveal") and e.deck:
            self.look_or_reveal(h, e.deck, e.colour, amount, secret=op == "look-at")
        elif op == "set-face" and e.face is not None and fight is not None:
            self.set_face(h, fight, e.face, reason)
        elif op == "roll-hero-dice":
            self.roll_hero_dice(h, e, reason)

    def roll_hero_dice(self, h: HeroState, e: Effect, reason: str) -> None:
        """WI-DICE-01: an effect that tells the hero to roll their hero dice rolls only
        their own dice (no combat die); WI-DICE-05: it succeeds when they show the results
        it needs and none it needs absent, and its success or failure effects follow. The
        roll and its verdict are one ``dice-test`` event, so the log shows every face.
        (No card modifies such a roll: cards name fights, WI-CMB-02.)"""
        dice = [self.pack.dice[d] for d in h.hero.dice if d in self.pack.dice]
        faces = combat.roll(dice, self.rng)
        ok = combat.dice_effects_met(dict(e.need), faces, e.absent)
        self.emit(
            "dice-test",
            hero=h.id,
            dice=[d.id for d in dice],
            faces=[list(f) for f in faces],
            success=ok,
            reason=reason,
        )
        self.resolve(h, e.success if ok else e.failure, reason)

    def affordable(self, h: HeroState, effects: Effects) -> bool:
        """Whether ``h`` can fully meet a choice's option (WI-SPEND-05): the gold, leads
        and VP it takes away are all there (penalties such as wounds or fights always can)."""
        gold, leads, vp = h.gold, dict(h.leads), h.vp
        for e in effects:
            if e.op == "lose-gold":
                gold -= e.amount
            elif e.op == "lose-vp" and e.target == "self":
                vp -= e.amount  # VP one does not have are not paid (WI-VP-02)
            elif e.op == "lose-leads":
                if e.colour:
                    leads[e.colour] = leads.get(e.colour, 0) - e.amount
                else:
                    leads["*"] = leads.get("*", 0) - e.amount
        spare = sum(n for c, n in leads.items() if c != "*" and n > 0)
        return (
            gold >= 0
            and vp >= 0
            and all(n >= 0 for c, n in leads.items() if c != "*")
            and spare + leads.get("*", 0) >= 0
        )

    def _choice(self, h: HeroState, e: Effect, reason: str) -> None:
        indexed = list(enumerate(e.options))
        can = [(i, opt) for i, opt in indexed if self.affordable(h, opt)] or indexed
        options = [{"option": i, "effects": [x.to_json() for x in opt]} for i, opt in can]
        pick = self.ask("choice", h.id, options, "Choose one:", reason=reason)
        self.emit("chose", hero=h.id, option=pick["option"], reason=reason)
        self.resolve(h, e.options[pick["option"]], reason)

    # --- cards ---------------------------------------------------------------------------

    def investigate(self, h: HeroState) -> None:
        """WI-ACT-02: draw from the deck of the hero's area and resolve; keep it when told
        to (a task or traits, WI-KEEP), else discard it. Cards used "when drawing
        investigation cards" (WI-LUCK-03, WI-DEV-02: timing ``investigate``) act first and
        may add cards to the draw, of which the hero then keeps one (WI-DRAW-02)."""
        colour = self.board.area_by_id[self.board.area_of(h.location)].investigation
        deck = self.state.investigation_decks.get(colour)
        extra = self.investigate_cards(h)
        drawn: list[str] = []
        if deck is not None:
            drawn = [c for c in (self.draw(deck) for _ in range(1 + extra)) if c is not None]
        if not drawn:
            self.emit("deck-empty", hero=h.id, deck=f"investigation:{colour}")
            return
        if len(drawn) == 1:
            self.resolve_investigation(h, drawn[0])
            return
        assert deck is not None
        self.emit("drew", hero=h.id, deck=f"investigation:{colour}", cards=drawn)
        self._keep_one(h, "investigation", deck, drawn, secret=True)

    def investigate_cards(self, h: HeroState) -> int:
        """WI-LUCK-03: a luck card is used at the time it names, e.g. "when drawing
        investigation cards": before the Investigate action draws, the hero's development
        cards of that timing act (WI-DEV-02, a marker each when they use them, WI-DEV-04)
        and their luck cards of that timing are offered one at a time (an
        ``investigate-luck`` decision), each discarded after use unless kept (WI-LUCK-04). Their
        ``draw-investigation`` effects are extra cards for this draw (WI-DRAW-02: "X extra
        cards ... keep one"); their other effects resolve at once. The number of extra
        cards."""
        extra = 0

        def act(effects: Effects, source: str) -> int:
            more = sum(
                e.amount * (self.trait_count(h, e.per_trait) if e.per_trait else 1)
                for e in effects
                if e.op == "draw-investigation"
            )
            self.resolve(h, tuple(e for e in effects if e.op != "draw-investigation"), source)
            return more

        for owned in list(h.development):
            card = self.pack.development[owned.id]
            if card.timing == "investigate" and self.marker_paid(h, owned):
                extra += act(card.effects, card.id)
        while True:
            cards = self.luck_cards(h, "investigate")
            if not cards:
                return extra
            pick = self.ask(
                "investigate-luck", h.id, [*cards, "keep"], "Play a luck card on this draw?"
            )
            if pick == "keep" or pick not in h.luck:
                return extra
            self.play_luck(h, pick)
            extra += act(self.pack.luck[pick].effects, pick)
            self.finish_luck(pick)

    def resolve_investigation(self, h: HeroState, card_id: str) -> None:
        card = self.pack.investigation[card_id]
        deck = self.state.investigation_decks.get(card.colour)
        self.emit("investigation", hero=h.id, card=card_id, complication=card.complication)
        self.resolve(h, card.effects, card_id)
        if card.kept:  # WI-KEEP-01..03, WI-INV-02
            h.investigations.append(KeptInvestigation(card_id))
            self.emit("kept", hero=h.id, card=card_id)
        elif deck is not None:
            deck.discard_card(card_id)

    def discard_investigation(self, h: HeroState, card_id: str) -> None:
        """WI-INV-02: a purple card of the second kind ("當玩家放棄其價值信息卡牌後，調查卡牌
        的效果才會發動") acts only when the hero discards it: the hero keeps it face up
        (WI-KEEP-01) and may discard it as an operation on their turn; it goes to its deck's
        discards face down (WI-DISC-03), then its ``on_discard`` effects resolve. A card
        discarded no longer counts its traits (WI-TRAIT-02) nor offers its task."""
        kept = next(k for k in h.investigations if k.id == card_id)
        h.investigations.remove(kept)
        card = self.pack.investigation[card_id]
        deck = self.state.investigation_decks.get(card.colour)
        if deck is not None:
            deck.discard_card(card_id)
        self.emit("discarded", hero=h.id, card=card_id)
        self.resolve(h, card.on_discard, card_id)

    def misfortune_card(self, h: HeroState, reason: str) -> None:
        """Draw a misfortune card, resolve it and discard it (WI-OBS-03, WI-DOOM-03)."""
        card_id = self.draw(self.state.misfortune_deck)
        if card_id is None:
            return
        self.resolve_misfortune(h, card_id, reason)

    def resolve_misfortune(self, h: HeroState, card_id: str, reason: str) -> None:
        self.emit("misfortune", hero=h.id, card=card_id, reason=reason)
        self.resolve(h, self.pack.misfortune[card_id].effects, card_id)
        self.state.misfortune_deck.discard_card(card_id)

    def draw_luck(self, h: HeroState) -> None:
        """A luck card is kept face down for later (WI-LUCK-02); ``immediate`` ones act now."""
        card_id = self.draw(self.state.luck_deck)
        if card_id is None:
            return
        self.resolve_luck(h, card_id)

    def resolve_luck(self, h: HeroState, card_id: str) -> None:
        card = self.pack.luck[card_id]
        self.emit("luck", hero=h.id, card=card_id)
        if card.timing == "immediate":
            self.resolve(h, card.effects, card_id)
            self.state.luck_deck.discard_card(card_id)
        else:
            h.luck.append(card_id)

    def develop(self, h: HeroState) -> None:
        """WI-ACT-03: draw two development cards, keep one, discard the other."""
        deck = self.state.development_decks[h.id]
        drawn = [c for c in (self.draw(deck), self.draw(deck)) if c is not None]
        if not drawn:
            self.emit("deck-empty", hero=h.id, deck="development")
            return
        keep = self.ask("develop", h.id, drawn, "Which development card do you keep?")
        for other in drawn:
            if other != keep:
                deck.discard_card(other)  # WI-DISC-01
        self.keep_development(h, keep, [c for c in drawn if c != keep])

    def keep_development(self, h: HeroState, keep: str, discarded: list[str]) -> None:
        card = self.pack.development[keep]
        owned = OwnedCard(keep, min(card.start_markers, card.max_markers))
        h.development.append(owned)
        self.emit("developed", hero=h.id, card=keep, discarded=discarded)
        if card.timing == "immediate":
            self.resolve(h, card.effects, keep)

    def _named_deck(self, h: HeroState, deck: str, colour: str | None) -> tuple[str, Deck[str]]:
        if deck == "investigation":
            colour = colour or self.board.area_by_id[self.board.area_of(h.location)].investigation
            found = self.state.investigation_decks.get(colour)
            return f"investigation:{colour}", found if found is not None else Deck()
        if deck == "development":
            return deck, self.state.development_decks[h.id]
        if deck == "misfortune":
            return deck, self.state.misfortune_deck
        return deck, self.state.luck_deck

    def draw_cards(self, h: HeroState, deck_name: str, amount: int) -> None:
        """A ``draw-luck``/``draw-investigation``/``draw-development`` effect of ``amount``
        cards. WI-DRAW-01: drawing a single card means owning it and resolving it (so one
        development card is kept as drawn, not picked from two as the Develop action does,
        WI-ACT-03). WI-DRAW-02: drawing more than one card (an effect's X cards) means
        keeping one of them: the hero sees them (a ``drew`` event; no one else does), keeps
        one and resolves it as if drawn alone, and the rest go to the discards face down.
        The investigation deck is the one of the hero's area (as for Investigate)."""
        label, deck = self._named_deck(h, deck_name, None)
        drawn = [c for c in (self.draw(deck) for _ in range(amount)) if c is not None]
        if not drawn:
            self.emit("deck-empty", hero=h.id, deck=label)
            return
        if len(drawn) == 1:
            self._resolve_kept(h, deck_name, drawn[0], [])
            return
        self.emit("drew", hero=h.id, deck=label, cards=drawn)
        self._keep_one(h, deck_name, deck, drawn, secret=True)

    def _keep_one(
        self, h: HeroState, deck_name: str, deck: Deck[str], drawn: list[str], *, secret: bool
    ) -> None:
        """WI-DRAW-02: of several cards drawn the hero keeps one and resolves it as if drawn
        alone (WI-DRAW-01); the others go to the discards face down (WI-DISC)."""
        keep = self.ask(
            "keep-card", h.id, drawn, "Which card do you keep?", deck=deck_name, secret=secret
        )
        for other in drawn:
            if other != keep:
                deck.discard_card(other)
        if not secret:
            # WI-DRAW-04: everyone saw the revealed cards, so which one stays with the hero
            # is no secret (a luck card is otherwise narrated face down, WI-LUCK-02)
            self.emit("kept-revealed", hero=h.id, deck=deck_name, card=keep)
        self._resolve_kept(h, deck_name, keep, [c for c in drawn if c != keep])

    def _resolve_kept(self, h: HeroState, deck_name: str, keep: str, discarded: list[str]) -> None:
        """Resolve the one card kept of those drawn, as if it had been drawn alone."""
        if deck_name == "investigation":
            self.resolve_investigation(h, keep)
        elif deck_name == "misfortune":
            self.resolve_misfortune(h, keep, "kept of the cards drawn")
        elif deck_name == "luck":
            self.resolve_luck(h, keep)
        else:
            self.keep_development(h, keep, discarded)

    def look_or_reveal(
        self, h: HeroState, deck_name: str, colour: str | None, amount: int, *, secret: bool
    ) -> None:
        """WI-DRAW-03 "look at X cards": draw X from the named deck and view them in
        secret; WI-DRAW-04 "reveal X cards": draw X and show them face up to everyone.
        Either way more than one card was drawn, so the hero keeps one of them
        (WI-DRAW-02) and resolves it as if drawn alone (WI-DRAW-01); the others go to the
        discard pile face down (WI-DISC). What differs is who learns the cards: the
        ``looked`` event is the hero's secret (the narrator does not name the cards), the
        ``revealed`` event names them for the table."""
        label, deck = self._named_deck(h, deck_name, colour)
        drawn = [c for c in (self.draw(deck) for _ in range(amount)) if c is not None]
        if not drawn:
            self.emit("deck-empty", hero=h.id, deck=label)
            return
        self.emit("looked" if secret else "revealed", hero=h.id, deck=label, cards=drawn)
        self._keep_one(h, deck_name, deck, drawn, secret=secret)

    def add_marker(self, h: HeroState, card_type: str) -> None:
        """A common marker on a face-up card of that type, at most 3 (WI-DEV-01, WI-ACT-06)."""
        fits = [
            o.id
            for o in h.development
            if self.pack.development[o.id].type == card_type
            and self.pack.development[o.id].uses_markers
            and o.markers < self.pack.development[o.id].max_markers
        ]
        if not fits:
            self.emit("no-marker-space", hero=h.id, card_type=card_type)
            return
        pick = self.ask("marker", h.id, fits, "Put the marker on which card?")
        owned = h.card(pick)
        assert owned is not None
        owned.markers += 1
        self.emit("marker", hero=h.id, card=pick, markers=owned.markers)

    # --- monsters, obstacles and the battle track -----------------------------------------

    def _monster_area(self, area: str) -> ObstacleState | None:
        return next((o for o in self.state.obstacles_in(area) if o.monster_space), None)

    def invade(self, h: HeroState, monster_class: str, amount: int) -> None:
        """``place-monster`` in each area (``area: each``): ``amount`` monsters of the class
        face down in every area that has a monster space (WI-MON-03). WI-MON-04: with too
        few tokens of the class left, the hero places as many as there are and chooses
        which areas are invaded and which are not (an ``invade-area`` decision per token,
        an area at most ``amount`` times); the areas left out get a ``not-placed``."""
        areas = [a.id for a in self.board.areas if self._monster_area(a.id) is not None]
        pool = self.state.monster_pools[monster_class]
        left = len(pool) + len(pool.discard)
        wanted = {a: amount for a in areas}
        if left < amount * len(areas):
            chosen = dict.fromkeys(areas, 0)
            for _ in range(left):
                options = [a for a in areas if chosen[a] < amount]
                pick = self.ask(
                    "invade-area",
                    h.id,
                    options,
                    "Too few monsters: which area is invaded?",
                    monster_class=monster_class,
                )
                chosen[pick] += 1
            wanted = chosen
        for area in areas:
            if wanted[area]:
                self.place_monsters(h, monster_class, wanted[area], area)
            else:
                self.emit("not-placed", obstacle="monster", area=area)

    def place_monsters(
        self, h: HeroState, monster_class: str, amount: int, area: str | None = None
    ) -> list[str]:
        """Monsters drawn from the class pool go face down into the hero's area (WI-MON-03)
        or ``area``; as many as there are tokens left (WI-MON-04)."""
        placed = []
        area = area or self.board.area_of(h.location)
        for _ in range(amount):
            obstacle = self._monster_area(area)
            monster = self.draw(self.state.monster_pools[monster_class]) if obstacle else None
            if obstacle is None or monster is None:
                self.emit("not-placed", obstacle="monster", area=area)
                break
            obstacle.monsters.append(MonsterToken(monster))
            self.emit("placed", obstacle="monster", monster=monster, area=area, space=obstacle.id)
            placed.append(monster)
        return placed

    def fight_drawn(self, h: HeroState, monster_class: str, reason: str) -> None:
        """``fight``: a monster of the class is drawn and fought at once; it goes back to
        the pool whatever the result (our reading: it was never on the board)."""
        pool = self.state.monster_pools[monster_class]
        monster = self.draw(pool)
        if monster is None:
            self.emit("not-placed", obstacle="monster", area=self.board.area_of(h.location))
            return
        self.fight(h, monster, reason)
        pool.discard_card(monster)

    def advance_track(self, h: HeroState, *, encounter: bool) -> None:
        """Move to the next battle-track space clockwise and resolve it (WI-TRACK-02): a
        monster of the class face down, or a misfortune token, in the space's area (the
        active hero's area when the space names none). At the end of a turn without
        obstacles the hero then meets what was placed in their area (WI-OBS-06).

        A misfortune space whose area has no free misfortune space places nothing, costs
        nothing, and the hero keeps moving along the track to the space after it
        (WI-INV-04; the seed: "他不需要放置一個厄運記號，但他需要繼續沿著戰鬥路線前進").
        At most one lap: a track of nothing but taken misfortune spaces ends there."""
        track = self.board.battle_track
        for _ in range(len(track)):
            self.state.track_position = (self.state.track_position + 1) % len(track)
            space = track[self.state.track_position]
            area = space.area or self.board.area_of(h.location)
            self.emit(
                "track",
                hero=h.id,
                position=self.state.track_position,
                obstacle=space.obstacle,
                monster_class=space.monster_class,
                area=area,
            )
            if space.obstacle == "monster" and space.monster_class:
                self._track_monster(h, area, space.monster_class, encounter=encounter)
                return
            free = next(
                (
                    o
                    for o in self.state.obstacles_in(area)
                    if o.misfortune_space and not o.misfortune
                ),
                None,
            )
            if free is None:  # WI-DOOM-02: one token per space; WI-INV-04: move on
                self.emit("not-placed", obstacle="misfortune", area=area)
                continue
            free.misfortune = True
            self.emit("placed", obstacle="misfortune", monster=None, area=area, space=free.id)
            if encounter and area == self.board.area_of(h.location):
                free.misfortune = False
                self.emit(
                    "encounter", hero=h.id, obstacle="misfortune", monster=None, space=free.id
                )
                self.misfortune_card(h, "misfortune token")
            return

    def _track_monster(
        self, h: HeroState, area: str, monster_class: str, *, encounter: bool
    ) -> None:
        """A monster space of the track: a monster of the class face down in ``area``."""
        obstacle = self._monster_area(area)
        monster = self.draw(self.state.monster_pools[monster_class]) if obstacle else None
        if obstacle is None or monster is None:
            self.emit("not-placed", obstacle="monster", area=area)
            return
        token = MonsterToken(monster)
        obstacle.monsters.append(token)
        self.emit("placed", obstacle="monster", monster=monster, area=area, space=obstacle.id)
        if encounter and area == self.board.area_of(h.location):
            self.encounter_monster(h, obstacle, token)

    def encounter_monster(self, h: HeroState, obstacle: ObstacleState, token: MonsterToken) -> None:
        """Flip the token face up and fight it; a defeated monster is discarded, otherwise
        it stays face up in the obstacle area (WI-OBS-04, WI-MON-05/06)."""
        token.face_up = True
        self.emit(
            "encounter", hero=h.id, obstacle="monster", monster=token.monster, space=obstacle.id
        )
        outcome = self.fight(h, token.monster, "obstacle")
        if outcome.defeated:
            obstacle.monsters.remove(token)
            self.state.monster_pools[self.pack.monsters[token.monster].monster_class].discard_card(
                token.monster
            )
