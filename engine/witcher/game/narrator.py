"""Events and decision options as English sentences, and the board as text.

One narrator for the terminal, the editor's playtest and reports (STYLE: one text form per
concept, in the library). Names come from the pack, so the text reads "Corvin Ashe travels
from Karst Hold to Emberfall" rather than ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from questforge.engine.core.events import Event
from questforge.engine.witcher.game.state import GameState
from questforge.engine.witcher.model.content import Resources
from questforge.engine.witcher.model.load import WitcherPack


class Narrator:
    def __init__(self, pack: WitcherPack) -> None:
        self.pack = pack

    # --- names ---------------------------------------------------------------------------

    def hero(self, ident: str) -> str:
        found = self.pack.heroes.get(ident)
        return found.name if found else ident

    def place(self, ident: str | None) -> str:
        if ident is None:
            return "nowhere"
        try:
            return self.pack.board.location_by_id[ident].name
        except (LookupError, KeyError):
            return ident

    def card(self, ident: str) -> str:
        for table in (
            self.pack.quests,
            self.pack.development,
            self.pack.investigation,
            self.pack.misfortune,
            self.pack.luck,
            self.pack.challenges,
            self.pack.monsters,
        ):
            if ident in table:
                return str(table[ident].name)
        return ident

    def area(self, ident: str | None) -> str:
        try:
            return self.pack.board.area_by_id[str(ident)].name
        except (LookupError, KeyError):
            return str(ident)

    def reason(self, text: str) -> str:
        """A reason as people read it: the ids in it (cards, quests, monsters, places,
        heroes) become names, e.g. "defeated bog-lurker" -> "defeated Bog Lurker"."""
        words = []
        for word in str(text).split(" "):
            name = self.card(word)
            if name == word:
                name = self.place(word) if word else word
            if name == word and word in self.pack.heroes:
                name = self.hero(word)
            words.append(name)
        return " ".join(words)

    def deck(self, label: str) -> str:
        """``investigation:blue`` -> "blue investigation", ``quest:red`` -> "red quest"."""
        kind, _, colour = label.partition(":")
        return f"{colour} {kind}" if colour else kind

    def goods(self, what: Mapping[str, Any]) -> str:
        """One side of a trade: "a red lead" or "2 gold"."""
        if "lead" in what:
            return f"a {what['lead']} lead"
        return f"{what['gold']} gold"

    def resources(self, cost: Resources) -> str:
        """A cost in words: "2 gold, a red lead and 1 lead of any colour"."""
        parts = [f"{cost.gold} gold"] if cost.gold else []
        parts += [f"{n} {c} lead{'s' * (n > 1)}" for c, n in cost.leads.items() if n]
        if cost.any_leads:
            parts.append(f"{cost.any_leads} lead{'s' * (cost.any_leads > 1)} of any colour")
        parts += [f"{n} {c} proof" for c, n in cost.proof.items() if n]
        if not parts:
            return "nothing"
        return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]

    # --- events --------------------------------------------------------------------------

    def describe(self, event: Event) -> str:
        d = event.data
        who = self.hero(d["hero"]) if "hero" in d else ""
        method = getattr(self, "_e_" + event.type.replace("-", "_"), None)
        if method is not None:
            return str(method(d, who))
        # an undeclared event (a newer engine): its name and fields in words, never k=v
        return f"{event.type.replace('-', ' ').capitalize()}: " + ", ".join(
            f"{k.replace('_', ' ')} {v}" for k, v in d.items()
        )

    def _e_setup(self, d: Mapping[str, Any], who: str) -> str:
        heroes = ", ".join(self.hero(h) for h in d["heroes"])
        return f"A race of {d['quests_to_end']} main quests begins: {heroes}."

    def _e_round(self, d: Mapping[str, Any], who: str) -> str:
        return f"Round {d['round']}."

    def _e_turn(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who}'s turn at {self.place(d['location'])}."

    def _e_turn_end(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} ends the turn with {d['vp']} VP."

    def _e_action(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} takes the {d['action']} action."

    def _e_passed(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} gives up action {d['slot']}."

    def _e_delayed(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} is delayed."

    def _e_delay_ignored(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} is already delayed; the new delay is ignored."

    def _e_delay_paid(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} loses action {d['slot']} to the delay."

    def _e_travelled(self, d: Mapping[str, Any], who: str) -> str:
        path = d["path"]
        via = f" by way of {self.place(path[1])}" if len(path) == 3 else ""
        cost = f", paying {d['cost']} gold for the crossing" if d["cost"] else ""
        return f"{who} travels from {self.place(path[0])} to {self.place(path[-1])}{via}{cost}."

    def _e_gold(self, d: Mapping[str, Any], who: str) -> str:
        verb = "gains" if d["delta"] > 0 else "loses"
        return f"{who} {verb} {abs(d['delta'])} gold ({self.reason(d['reason'])}; {d['gold']} now)."

    # every change of gold, leads and proof says why (its reason, as VP changes do), so a
    # referee can tie each to the rule or card that caused it

    def _e_leads(self, d: Mapping[str, Any], who: str) -> str:
        verb = "gains" if d["delta"] > 0 else "loses"
        n = abs(d["delta"])
        why = self.reason(d["reason"])
        return f"{who} {verb} {n} {d['colour']} lead{'s' if n > 1 else ''} ({why})."

    def _e_proof(self, d: Mapping[str, Any], who: str) -> str:
        verb = "gains" if d["delta"] > 0 else "spends"
        return f"{who} {verb} {abs(d['delta'])} {d['colour']} proof ({self.reason(d['reason'])})."

    def _e_exchanged(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} turns {d['leads']} {d['colour']} leads into a {d['colour']} proof."

    def _e_vp(self, d: Mapping[str, Any], who: str) -> str:
        verb = "gains" if d["delta"] > 0 else "loses"
        return f"{who} {verb} {abs(d['delta'])} VP ({self.reason(d['reason'])}): {d['vp']} VP."

    def _e_wounded(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} takes a {d['severity']} wound; {d['space']} is blocked."

    def _e_healed(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who}'s {d['severity']} wound heals ({d['space']} free again)."

    def _e_eased(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who}'s severe wound eases to a minor one."

    def _e_overflow(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} has no space left for a {d['token']} token."

    def _e_short(self, d: Mapping[str, Any], who: str) -> str:
        what = "VP" if d["resource"] == "vp" else d["resource"]
        had = f"only {d['paid']}" if d["paid"] else "none"
        return (
            f"{who} should lose {d['wanted']} {what} ({self.reason(d['reason'])}) "
            f"but has {had} to lose."
        )

    def _e_misfortune_token(self, d: Mapping[str, Any], who: str) -> str:
        return f"A misfortune token lands on {who}'s {d['space']} space."

    def _e_misfortune_removed(self, d: Mapping[str, Any], who: str) -> str:
        return f"The misfortune token leaves {who}'s {d['space']} space."

    def _e_misfortune(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} draws misfortune: {self.card(d['card'])}."

    def _e_investigation(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} investigates: {self.card(d['card'])}."

    def _e_kept(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} keeps {self.card(d['card'])}."

    def _e_discarded(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} discards {self.card(d['card'])} and it takes effect."

    def _e_task(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} completes the task of {self.card(d['card'])}."

    def _e_luck(self, d: Mapping[str, Any], who: str) -> str:
        # a luck card is kept face down (WI-LUCK-02), so the table does not learn it; one
        # that acts when drawn is resolved in the open, and naming it explains what follows
        card = self.pack.luck.get(str(d["card"]))
        if card is not None and card.timing == "immediate":
            return f"{who} draws the luck card {card.name}, which acts at once."
        return f"{who} draws a luck card."

    def _e_luck_used(self, d: Mapping[str, Any], who: str) -> str:
        # WI-LUCK-03/04: whether the card stays (it says so) and whether it may be used
        # only on its holder's turn, so a referee can check both from the printed game
        card = self.pack.luck.get(str(d["card"]))
        text = f"{who} plays {self.card(d['card'])}"
        if card is None:
            return text + "."
        if card.own_turn_only:
            text += " (usable on their own turn only)"
        if card.keep:
            return text + " and keeps it: the card says it is not discarded (once a turn)."
        return text + " and discards it."

    def _e_developed(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} develops {self.card(d['card'])}."

    def _e_card_used(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} uses {self.card(d['card'])}."

    def _e_marker(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} puts a marker on {self.card(d['card'])} ({d['markers']} now)."

    def _e_no_marker_space(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} has no {d['card_type']} card to put a marker on."

    def _e_special_operation(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} performs the special operation {d['name']}."

    def _e_targeted(self, d: Mapping[str, Any], who: str) -> str:
        return (
            f"{self.reason(d['reason'])} falls on the hero with the most VP: {who} ({d['vp']} VP)."
        )

    def _e_chose(self, d: Mapping[str, Any], who: str) -> str:
        # the option's effects, so a referee sees what was chosen (WI-SPEND-05), not only
        # its number; a reason naming no card with a choice keeps the plain sentence
        what = self._choice_option(str(d["reason"]), int(d["option"]))
        chosen = f": {what}" if what else ""
        return f"{who} chooses option {d['option'] + 1} of {self.reason(d['reason'])}{chosen}."

    def _choice_option(self, source: str, index: int) -> str:
        """The effects of option ``index`` of the first choice on card ``source``."""
        effects: tuple[Any, ...] = ()
        for table in (
            self.pack.misfortune,
            self.pack.luck,
            self.pack.investigation,
            self.pack.development,
        ):
            card = table.get(source)
            if card is not None:
                effects = tuple(card.effects)
                break
        if source in self.pack.challenges:
            effects = tuple(self.pack.challenges[source].penalty)
        for effect in effects:
            if effect.op == "choice" and 0 <= index < len(effect.options):
                return "; ".join(_effect_text(e.to_json()) for e in effect.options[index])
        return ""

    def _e_ignore_obstacle(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} will slip past this turn's obstacle."

    def _e_obstacle_ignored(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} ignores the obstacles."

    def _e_track(self, d: Mapping[str, Any], who: str) -> str:
        what = f"a {d['monster_class']} monster" if d["obstacle"] == "monster" else "misfortune"
        return (
            f"The battle track advances to space {d['position'] + 1}: {what} "
            f"for {self.area(d['area'])}."
        )

    def _e_placed(self, d: Mapping[str, Any], who: str) -> str:
        what = "A face-down monster" if d["obstacle"] == "monster" else "A misfortune token"
        return f"{what} appears in {self.area(d['area'])} (obstacle area {d['space']})."

    def _e_not_placed(self, d: Mapping[str, Any], who: str) -> str:
        what = "monster" if d["obstacle"] == "monster" else "misfortune token"
        return f"No {what} can be placed in {self.area(d['area'])}: no token or space is left."

    def _e_encounter(self, d: Mapping[str, Any], who: str) -> str:
        if d["obstacle"] == "monster":
            return f"{who} meets {self.card(d['monster'])}."
        return f"{who} meets a misfortune token."

    def _e_fight(self, d: Mapping[str, Any], who: str) -> str:
        ritual = f", ritual {d['ritual']}" if d.get("ritual") else ""
        if ritual and d.get("replaces_swords"):
            ritual += " in place of swords"
        return (
            f"{who} fights {self.card(d['monster'])} "
            f"(swords {d['sword']}, shields {d['shield']}{ritual})."
        )

    def _faces(self, faces: list[list[str]], dice: list[str] | None = None) -> str:
        """Faces in roll order; the hero's own dice (WI-DICE-01) after a bar when known."""
        text = ["+".join(f) or "blank" for f in faces]
        own = [
            i
            for i, ident in enumerate(dice or ())
            if ident in self.pack.dice and self.pack.dice[ident].owner == "hero"
        ]
        if own and own[0] > 0:
            return ", ".join(text[: own[0]]) + " | hero dice: " + ", ".join(text[own[0] :])
        return ", ".join(text)

    def _e_roll(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} rolls {self._faces(d['faces'], d.get('dice'))}."

    def _e_dice_test(self, d: Mapping[str, Any], who: str) -> str:
        verdict = "and succeeds" if d["success"] else "and fails"
        faces = ", ".join("+".join(f) or "blank" for f in d["faces"]) or "no dice"
        return f"{who} rolls their hero dice for {self.reason(d['reason'])}: {faces}, {verdict}."

    def _e_reroll(self, d: Mapping[str, Any], who: str) -> str:
        # which dice were rolled again, by their place in the roll (counted from 1), so a
        # referee can follow every die from the roll to the comparison (WI-DICE-02)
        places = [str(int(i) + 1) for i in d.get("rerolled") or ()]
        if not places:
            return f"{who} rerolls no die: {self._faces(d['faces'])}."
        which = places[0] if len(places) == 1 else ", ".join(places[:-1]) + " and " + places[-1]
        noun = "die" if len(places) == 1 else "dice"
        return (
            f"{who} rerolls {noun} {which} of the roll, which now shows {self._faces(d['faces'])}."
        )

    def _e_result_added(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} adds {d['amount']} {d['result']} ({self.reason(d['reason'])})."

    def _e_converted(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} turns an arrow shield and a sword into a grid shield."

    def _e_fight_result(self, d: Mapping[str, Any], who: str) -> str:
        end = "defeats it" if d["defeated"] else "does not defeat it"
        return (
            f"{who} has {d['swords']} swords, {d['shields']} shields, {d['ritual']} ritual "
            f"and {end}."
        )

    def _e_quest(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} takes the quest {self.card(d['quest'])}."

    def _e_main_quest(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} completes {self.card(d['quest'])} (main quest {d['completed']})."

    def _e_side_quest(self, d: Mapping[str, Any], who: str) -> str:
        # the side quest by name and condition, so a referee can check it was met
        # (WI-OP-03, WI-QUEST-05/07); the VP line alone showed only its id
        quest = self.pack.quests.get(str(d["quest"]))
        side = next((s for s in quest.side_quests if s.id == d["side"]), None) if quest else None
        if side is None:
            return f"{who} completes a side quest of {self.card(d['quest'])}."
        c = side.condition
        if c.type == "visit":
            need = f"visit {self.place(c.location)}"
        elif c.type == "defeat":
            need = f"defeat a {c.monster_class} monster" if c.monster_class else "defeat a monster"
        else:
            need = f"spend {self.resources(c.cost)}"
        return f"{who} completes the side quest {side.name} ({need}) of {self.card(d['quest'])}."

    def _e_support_quest(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} supports {self.hero(d['owner'])}'s {self.card(d['quest'])}."

    def _e_end_triggered(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} has completed {d['quests']} main quests: one more round for everyone."

    def _e_deck_empty(self, d: Mapping[str, Any], who: str) -> str:
        return f"The {self.deck(d['deck'])} deck and its discards are empty."

    def _e_drew(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} draws {len(d['cards'])} {self.deck(d['deck'])} cards to keep one."

    def _e_looked(self, d: Mapping[str, Any], who: str) -> str:
        n = len(d["cards"])
        return f"{who} looks at {n} {self.deck(d['deck'])} card{'s' if n > 1 else ''} in secret."

    def _e_revealed(self, d: Mapping[str, Any], who: str) -> str:
        cards = ", ".join(self.card(c) for c in d["cards"])
        return f"{who} reveals {self.deck(d['deck'])} cards to everyone: {cards}."

    def _e_kept_revealed(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} keeps {self.card(d['card'])} of the revealed cards."

    def _e_face_set(self, d: Mapping[str, Any], who: str) -> str:
        face = " and ".join(d["face"]) or "a blank"
        die = self.pack.dice.get(str(d["die"]))
        name = die.name if die is not None else "a die"
        return f"{who} turns {name} to {face} with {self.card(d['reason'])}."

    def _e_challenge(self, d: Mapping[str, Any], who: str) -> str:
        n = len(d["drawn"])
        return f"{who} draws {n} challenge card{'s' if n > 1 else ''} and takes on {self.card(d['card'])}."

    def _e_challenge_met(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} meets the challenge {self.card(d['card'])}."

    def _e_challenge_failed(self, d: Mapping[str, Any], who: str) -> str:
        return f"{who} does not meet the challenge {self.card(d['card'])} and pays its penalty."

    def _e_trade_offer(self, d: Mapping[str, Any], who: str) -> str:
        return (
            f"{who} offers {self.hero(d['partner'])} {self.goods(d['give'])} "
            f"for {self.goods(d['get'])}."
        )

    def _e_trade_declined(self, d: Mapping[str, Any], who: str) -> str:
        return f"{self.hero(d['partner'])} declines {who}'s offer."

    def _e_traded(self, d: Mapping[str, Any], who: str) -> str:
        return (
            f"{who} trades {self.goods(d['give'])} to {self.hero(d['partner'])} "
            f"for {self.goods(d['get'])}."
        )

    def _e_game_end(self, d: Mapping[str, Any], who: str) -> str:
        ranking = ", ".join(f"{self.hero(h)} {d['vp'][h]} VP" for h in d["ranking"])
        state = "ends" if d["outcome"] == "finished" else "stops unfinished"
        text = f"The game {state} after {d['rounds']} rounds: {ranking}."
        ties = [self._tie(d, a, b) for a, b in zip(d["ranking"], d["ranking"][1:], strict=False)]
        return " ".join([text, *(t for t in ties if t)])

    def _tie(self, d: Mapping[str, Any], a: str, b: str) -> str:
        """Why ``a`` ranks above ``b`` when both have the same VP (WI-WIN-02..04)."""
        if d["vp"][a] != d["vp"][b]:
            return ""
        ahead = f"{self.hero(a)} ranks ahead of {self.hero(b)} on"
        quests, leads = d.get("quests_done") or {}, d.get("lead_total") or {}
        if a in quests and quests[a] != quests[b]:
            return f"Tied on VP: {ahead} quests completed ({quests[a]} to {quests[b]})."
        if a in leads and leads[a] != leads[b]:
            return f"Tied on VP and quests: {ahead} leads and proof ({leads[a]} to {leads[b]})."
        return f"Tied on VP, quests, leads and proof: {ahead} finishing the final round first."

    # --- decision options ----------------------------------------------------------------

    def option(self, kind: str, option: Any) -> str:
        """One decision option as a sentence fragment a person can pick from."""
        if kind in ("keep-quest", "develop", "marker", "keep-card", "challenge"):
            return self.card(str(option))
        if kind in ("travel-luck", "investigate-luck"):
            return "keep the luck cards" if option == "keep" else f"play {self.card(str(option))}"
        if kind == "target-hero":
            return self.hero(str(option))
        if kind == "invade-area":
            return self.area(str(option))
        if kind == "meet-challenge":
            return "meet the challenge" if option == "meet" else "refuse it and pay the penalty"
        if kind == "trade-reply":
            return "accept the trade" if option == "accept" else "decline the trade"
        if kind in ("set-face", "reroll-die"):
            face = "+".join(option["shows"]) or "blank"
            return f"the {'hero' if option['hero_die'] else 'combat'} die showing {face}"
        if kind == "action":
            if option["action"] == "travel":
                path = " -> ".join(self.place(p) for p in option["path"][1:])
                cost = f" ({option['cost']} gold)" if option["cost"] else ""
                return f"travel to {path}{cost}"
            return str(option["action"])
        if kind == "operation":
            op = option["op"]
            if op == "end":
                return "no (more) operations"
            if op == "exchange":
                return f"exchange {option['colour']} leads for proof"
            if op in ("main-quest", "support"):
                return f"{op.replace('-', ' ')}: {self.card(option['quest'])}"
            if op == "side-quest":
                return f"side quest {option['side']} of {self.card(option['quest'])}"
            if op in ("card", "luck", "task"):
                return f"{op}: {self.card(option['card'])}"
            if op == "discard":
                return f"discard {self.card(option['card'])} for its effect"
            if op == "trade":
                return (
                    f"offer {self.hero(option['with'])} {self.goods(option['give'])} "
                    f"for {self.goods(option['get'])}"
                )
            return "special operation"
        if kind == "rest":
            return "remove two minor wounds" if option == "minor" else "remove a severe wound"
        if kind == "heal":
            return "remove a minor wound" if option == "minor" else "ease a severe wound to minor"
        if kind == "choice":
            return "; ".join(_effect_text(e) for e in option["effects"])
        if kind == "obstacle":
            if option["obstacle"] == "misfortune":
                return f"the misfortune token in {option['space']}"
            monster = (
                self.card(option["monster"]) if option.get("monster") else "a face-down monster"
            )
            return f"{monster} in {option['space']}"
        if kind == "combat":
            use = option["use"]
            if use in ("card", "luck"):
                return f"play {self.card(option['card'])}"
            return {"done": "no more changes", "convert": "arrow shield + sword -> grid shield"}[
                use
            ]
        return str(option)


def _effect_text(effect: Mapping[str, Any]) -> str:
    op = effect["op"].replace("-", " ")
    extra = effect.get("colour") or effect.get("class") or effect.get("severity") or ""
    return f"{op} {effect.get('amount', 1)} {extra}".strip()


def board_text(pack: WitcherPack, state: GameState) -> str:
    """The game as a terminal board view: heroes, then each area's obstacles."""
    board = pack.board
    lines = [f"Round {state.round} - battle track at {state.track_position + 1}"]
    for h in state.heroes:
        leads = " ".join(f"{c}:{n}" for c, n in sorted(h.leads.items()) if n) or "-"
        proof = " ".join(f"{c}:{n}" for c, n in sorted(h.proof.items()) if n) or "-"
        wounds = ", ".join(f"{a}({s})" for a, s in h.wounds.items()) or "none"
        quest = pack.quests[h.quest].name if h.quest else "-"
        lines.append(
            f"{h.hero.name:<16} {h.vp:>3} VP  at {board.location_by_id[h.location].name:<14} "
            f"gold {h.gold}  leads {leads}  proof {proof}  wounds {wounds}  "
            f"quests {len(h.completed)}  current: {quest}"
        )
    for area in board.areas:
        parts = []
        for o in state.obstacles_in(area.id):
            for t in o.monsters:
                parts.append(pack.monsters[t.monster].name if t.face_up else "?monster")
            if o.misfortune:
                parts.append("misfortune")
        lines.append(f"  {area.name}: {', '.join(parts) or 'clear'}")
    return "\n".join(lines)
