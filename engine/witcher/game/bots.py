"""The heuristic Witcher bot: answers every decision kind for every hero.

It reads the live game (never changes it) and plans toward its main quest: collect the
leads of the colours the quest's proof needs (travelling to locations of those colours,
investigating), exchange them as soon as the rate allows, travel to the destination and
complete it. Along the way it takes side and support quests that cost little, develops
early, rests when wounds block its actions, and fights or avoids obstacles by comparing its
expected swords and shields with the monster's values. Ties are broken by option order, so
a bot game is a pure function of the seed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from questforge.engine.core.decisions import Decision
from questforge.engine.witcher.game import combat
from questforge.engine.witcher.game.game import WitcherGame
from questforge.engine.witcher.game.state import HeroState
from questforge.engine.witcher.model.content import SHIELD_VALUE, SWORD_VALUE, Effect, Quest

#: how much the bot dislikes each effect of a choice (WI-SPEND-05)
_HARM = {
    "lose-gold": 1.0,
    "lose-leads": 1.6,
    "lose-vp": 1.0,
    "delay": 2.0,
    "misfortune-token": 1.5,
    "fight": 1.5,
    "place-monster": 0.8,
    "advance-track": 0.5,
}
#: actions a wound should block first (the least useful to this bot)
_BLOCK_ORDER = ("develop", "special", "investigate", "travel")


class WitcherBot:
    """A controller for every seat of a :class:`WitcherGame`."""

    def __init__(self, game: WitcherGame) -> None:
        self.game = game

    # --- what the hero needs -------------------------------------------------------------

    def quest(self, h: HeroState) -> Quest | None:
        return self.game.pack.quests.get(h.quest) if h.quest else None

    def lead_needs(self, h: HeroState, quest: Quest | None = None) -> dict[str, int]:
        """Leads of each colour still needed for the quest's proof and leads."""
        quest = quest or self.quest(h)
        if quest is None:
            return {}
        out: dict[str, int] = {}
        for colour, n in quest.cost.proof.items():
            missing = n - h.proof.get(colour, 0)
            if missing > 0:
                out[colour] = max(0, missing * h.hero.rate(colour) - h.leads.get(colour, 0))
        for colour, n in quest.cost.leads.items():
            out[colour] = out.get(colour, 0) + max(0, n - h.leads.get(colour, 0))
        return {c: n for c, n in out.items() if n > 0}

    def way(self, start: str, goal: str, gold: int) -> tuple[float, int]:
        """(steps, gold) of the best way from ``start`` to ``goal``: a route is a step, a
        sea route also costs its gold, and a crossing dearer than ``gold`` counts three
        extra steps (the hero must find the gold first). Plain hop counts sent heroes
        toward an island they could not pay to reach, where they waited forever."""
        if start == goal:
            return 0.0, 0
        board = self.game.board
        best: dict[str, tuple[float, int]] = {start: (0.0, 0)}
        frontier = [(0.0, 0, start)]
        while frontier:
            frontier.sort()
            steps, paid, here = frontier.pop(0)
            if here == goal:
                return steps, paid
            if best.get(here, (math.inf, 0))[0] < steps:
                continue
            for route in board.routes_from(here):
                there = route.other(here)
                extra = 0.0 if route.cost <= gold - paid else 3.0
                cand = (steps + 1.0 + extra, paid + route.cost)
                if cand[0] < best.get(there, (math.inf, 0))[0]:
                    best[there] = cand
                    frontier.append((cand[0], cand[1], there))
        return 20.0, 0

    def gold_needed(self, h: HeroState) -> int:
        """Gold the main quest still asks for: its cost and the crossings on the way."""
        quest = self.quest(h)
        if quest is None:
            return 0
        return quest.cost.gold + self.way(h.location, quest.destination, h.gold)[1]

    def ready(self, h: HeroState) -> bool:
        quest = self.quest(h)
        return quest is not None and not self.lead_needs(h) and h.gold >= self.gold_needed(h)

    def strength(self, h: HeroState) -> tuple[float, float, float]:
        """Expected swords, shields and ritual in a fight (dice plus passive cards)."""
        g = self.game
        dice = [g.pack.dice[d] for d in (*g.options.combat_dice, *h.hero.dice) if d in g.pack.dice]
        swords = shields = ritual = 0.0
        for die in dice:
            for face in die.faces:
                swords += sum(SWORD_VALUE.get(r, 0) for r in face) / len(die.faces)
                shields += sum(SHIELD_VALUE.get(r, 0) for r in face) / len(die.faces)
                ritual += face.count("ritual") / len(die.faces)
        for owned in h.development:
            card = g.pack.development[owned.id]
            usable = card.timing == "passive" or (card.timing == "combat" and owned.markers > 0)
            for e in card.effects if usable else ():
                if e.op == "add-result" and e.result:
                    if e.result in SWORD_VALUE:
                        swords += e.amount
                    elif e.result in SHIELD_VALUE:
                        shields += e.amount
                    elif e.result == "ritual":
                        ritual += e.amount
                elif e.op == "set-face" and e.face is not None:  # replaces a weak face
                    swords += sum(SWORD_VALUE.get(r, 0) for r in e.face) * 0.8
                    shields += sum(SHIELD_VALUE.get(r, 0) for r in e.face) * 0.8
        return swords, shields, ritual

    def fight_value(self, h: HeroState, monster_id: str | None) -> float:
        """Expected worth of fighting: VP if likely won, minus the likely harm."""
        g = self.game
        if monster_id is None:  # face down: an average bronze-to-silver monster
            return 0.5
        m = g.pack.monsters[monster_id]
        swords, shields, ritual = self.strength(h)
        attack = swords if not m.ritual_replaces_swords else 0
        win = attack >= m.sword + 0.5 or (m.ritual is not None and ritual >= m.ritual + 0.3)
        value = m.vp if win else -2.0
        if shields < m.shield:
            value -= 1.5 * (m.shield - shields)
        return value

    # --- decisions -----------------------------------------------------------------------

    def choose(self, decision: Decision) -> int:
        h = self.game.state.hero(decision.actor)
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        if handler is None:
            return 0
        scores = [handler(h, option, decision.context) for option in decision.options]
        return max(range(len(scores)), key=lambda i: (scores[i], -i))

    def _keep_quest(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        quest = self.game.pack.quests[option]
        leads = sum(self.lead_needs(h, quest).values())
        dist = self.way(h.location, quest.destination, h.gold)[0]
        enemy = 0.0
        if quest.enemy:
            enemy = min(0.0, self.fight_value(h, quest.enemy))
        return quest.vp + 2 * enemy - 1.2 * leads - 0.7 * dist - 0.5 * quest.cost.gold

    def _action(self, h: HeroState, option: Mapping[str, Any], context: Mapping[str, Any]) -> float:
        g = self.game
        kind = option["action"]
        quest = self.quest(h)
        wounds = len(h.wounds)
        if kind == "pass":
            return -10.0
        if kind == "rest":
            return 1.0 + 1.5 * wounds + (2.0 if "travel" in h.wounds else 0.0)
        if kind == "investigate":
            return 1.6
        if kind == "develop":
            return 2.4 if len(h.development) < 3 else 0.9
        if kind == "special":
            effects = h.hero.special_action.effects if h.hero.special_action else ()
            if any(e.op == "add-marker" for e in effects):
                return 2.0 if self._marker_targets(h, effects) else 0.1
            return 1.5
        # travel
        dest = option["to"]
        loc = g.board.location_by_id[dest]
        score = 0.0
        needs = self.lead_needs(h)
        if loc.lead and loc.gives_lead:
            score += 2.2 if loc.lead in needs else 0.6
        if quest is not None:
            before = self.way(h.location, quest.destination, h.gold)[0]
            after = self.way(dest, quest.destination, h.gold - option["cost"])[0]
            weight = 3.0 if self.ready(h) else 0.4
            score += weight * (before - after)
            if self.ready(h) and dest == quest.destination:
                score += 4.0
            for side in quest.side_quests:
                if (
                    side.condition.type == "visit"
                    and side.condition.location == dest
                    and (quest.id, side.id) not in h.side_done
                ):
                    score += 2.0
        if len(option["path"]) == 3:
            score -= 1.2  # a misfortune card (WI-ACT-01)
        score -= 0.4 * option["cost"]
        if loc.heal and h.wounds:
            score += 1.0
        return score

    def _marker_targets(self, h: HeroState, effects: tuple[Effect, ...]) -> bool:
        g = self.game
        types = {e.card_type for e in effects if e.op == "add-marker"}
        return any(
            g.pack.development[o.id].type in types
            and g.pack.development[o.id].uses_markers
            and o.markers < g.pack.development[o.id].max_markers
            for o in h.development
        )

    def _operation(
        self, h: HeroState, option: Mapping[str, Any], context: Mapping[str, Any]
    ) -> float:
        g = self.game
        kind = option["op"]
        if kind == "end":
            return 0.0
        if kind == "main-quest":
            return 100.0
        if kind == "exchange":
            return 50.0 if option["colour"] in self._proof_colours(h) else -1.0
        if kind == "side-quest":
            quest = g.pack.quests[option["quest"]]
            side = next(s for s in quest.side_quests if s.id == option["side"])
            if side.condition.type == "spend":
                return 20.0 if self._spare_after(h, side.condition.cost) else -1.0
            return 40.0
        if kind == "support":
            quest = g.pack.quests[option["quest"]]
            assert quest.support is not None
            return 30.0 if self._spare_after(h, quest.support.cost) else -1.0
        if kind == "task":
            return 35.0
        if kind == "trade":
            gain = self.trade_value(h, option["get"]) - self.trade_value(h, option["give"])
            return 8.0 + gain if gain >= 1.5 else -1.0
        card_effects: tuple[Effect, ...]
        if kind == "card":
            card_effects = g.pack.development[option["card"]].effects
        elif kind == "luck":
            card_effects = g.pack.luck[option["card"]].effects
        elif kind == "discard":
            card_effects = g.pack.investigation[option["card"]].on_discard
        else:
            return 5.0 if h.gold >= 3 else -1.0
        return self._worth_now(h, card_effects, context)

    def _worth_now(
        self, h: HeroState, effects: tuple[Effect, ...], context: Mapping[str, Any]
    ) -> float:
        score = 0.0
        for e in effects:
            if e.op in ("gain-leads", "gain-gold", "draw-investigation", "gain-vp"):
                score += 10.0
            elif e.op == "heal":
                score += 10.0 if h.wounds else -1.0
            elif e.op == "remove-misfortune-token":
                score += 10.0 if h.misfortune else -1.0
            elif e.op == "ignore-obstacle":
                danger = self._area_danger(h)
                score += 10.0 if context.get("slot") == 3 and danger else -1.0
            else:
                score -= 1.0
        return score

    def _area_danger(self, h: HeroState) -> bool:
        g = self.game
        area = g.board.area_of(h.location)
        return any(
            (tok.face_up and self.fight_value(h, tok.monster) < 0)
            for o in g.state.obstacles_in(area)
            for tok in o.monsters
        )

    def _proof_colours(self, h: HeroState) -> set[str]:
        quest = self.quest(h)
        if quest is None:
            return set()
        return {c for c, n in quest.cost.proof.items() if h.proof.get(c, 0) < n}

    def _spare_after(self, h: HeroState, cost: Any) -> bool:
        """Whether paying ``cost`` leaves what the main quest needs."""
        need_gold = self.gold_needed(h)  # the quest's gold and its crossings
        if h.gold - cost.gold < need_gold:
            return False
        needs = self.lead_needs(h)
        proof_colours = self._proof_colours(h)
        for colour, n in cost.leads.items():
            if n and colour in needs:
                return False
        surplus = sum(n for c, n in h.leads.items() if c not in needs and c not in proof_colours)
        return surplus >= cost.any_leads and not any(cost.proof.values())

    def _develop(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        card = self.game.pack.development[option]
        score = {"passive": 3.0, "combat": 2.5, "own-turn": 2.2, "immediate": 1.5, "travel": 1.2}
        value = score.get(card.timing, 1.0)
        if any(e.op == "gain-leads" for e in card.effects):
            value += 0.8
        return value

    def _rest(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        minors = sum(1 for s in h.wounds.values() if s == "minor")
        return 2.0 if option == "minor" and minors >= 2 else (1.5 if option == "severe" else 1.0)

    def _heal(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        # a removed minor wound frees an action now; an eased severe one still blocks it
        return 1.0 if option == "minor" else 0.5

    def _travel_luck(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        if option == "keep":
            return 0.0
        return self._worth_now(h, self.game.pack.luck[option].effects, context)

    def _investigate_luck(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        return self._travel_luck(h, option, context)

    def _invade_area(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        # monsters where the hero is not: others meet them at the end of their turns
        return 0.0 if option == self.game.board.area_of(h.location) else 1.0

    def _remove_token(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        # the token placed first (the bot's old habit): it sits on the earliest action
        return -float(h.misfortune.index(option)) if option in h.misfortune else -99.0

    def _wound_space(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        return (
            float(len(_BLOCK_ORDER) - _BLOCK_ORDER.index(option)) if option in _BLOCK_ORDER else 0.0
        )

    def _lead_colour(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        needs = self.lead_needs(h)
        return needs.get(option, 0) + 1.0 / h.hero.rate(option)

    def _lose_lead(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        needs = self.lead_needs(h)
        return h.leads.get(option, 0) - 3.0 * needs.get(option, 0)

    def _choice(self, h: HeroState, option: Mapping[str, Any], context: Mapping[str, Any]) -> float:
        return -self._choice_harm(option["effects"])

    def _choice_harm(self, effects: Any) -> float:
        harm = 0.0
        for e in effects:
            op = e["op"]
            if op == "wound":
                harm += (4.0 if e.get("severity") == "severe" else 2.0) * e.get("amount", 1)
            elif op == "fight":
                harm += 1.0 if e.get("class") == "bronze" else 3.0
            else:
                harm += _HARM.get(op, 0.5) * e.get("amount", 1)
        return harm

    def _obstacle(
        self, h: HeroState, option: Mapping[str, Any], context: Mapping[str, Any]
    ) -> float:
        if option["obstacle"] == "misfortune":
            return -1.5
        return self.fight_value(h, option.get("monster"))

    def _combat(self, h: HeroState, option: Mapping[str, Any], context: Mapping[str, Any]) -> float:
        g = self.game
        m = g.pack.monsters[context["monster"]]
        short_sword = context["swords"] < m.sword and not m.ritual_replaces_swords
        short_ritual = m.ritual is not None and context["ritual"] < m.ritual
        short_shield = context["shields"] < m.shield
        use = option["use"]
        if use == "done":
            return 0.0
        if use == "convert":
            return 1.0 if short_shield and context["swords"] > m.sword else -1.0
        effects = (
            g.pack.development[option["card"]].effects
            if use == "card"
            else g.pack.luck[option["card"]].effects
        )
        # a card used up costs the chance to use it later; one kept after use (WI-LUCK-04)
        # costs nothing but this fight's use, so any help is worth taking
        kept = use == "luck" and g.pack.luck[option["card"]].keep
        value = -0.1 if kept else -0.5
        for e in effects:
            if e.op == "reroll" and (short_sword or short_shield):
                value += 1.0
            elif e.op == "add-result" and e.result in SWORD_VALUE and short_sword:
                value += 2.0
            elif e.op == "add-result" and e.result in SHIELD_VALUE and short_shield:
                value += 1.5
            elif e.op == "set-face" and e.face is not None:
                if short_sword and any(r in SWORD_VALUE for r in e.face):
                    value += 1.5
                if short_shield and any(r in SHIELD_VALUE for r in e.face):
                    value += 1.0
            elif (
                e.op == "add-result"
                and e.result == "ritual"
                and (short_ritual and (short_sword or m.ritual_replaces_swords))
            ):
                value += 2.0
        return value

    # --- trades, look/reveal, faces, challenges (WI-LOC-03, WI-DRAW-03/04, WI-DICE-06,
    # WI-VP-03, WI-BASIC-05) ------------------------------------------------------------

    def trade_value(self, h: HeroState, what: Mapping[str, Any]) -> float:
        """What a lead or some gold is worth to ``h``: a lead its quest still needs is
        worth much, any other lead little; gold is worth more while the quest costs some."""
        if "lead" in what:
            return 3.0 if what["lead"] in self.lead_needs(h) else 0.5
        short = h.gold < self.gold_needed(h)
        return float(what["gold"]) * (1.5 if short else 0.7)

    def _trade_reply(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        # the partner receives the offer's ``give`` and pays its ``get``
        gain = self.trade_value(h, context["give"]) - self.trade_value(h, context["get"])
        accept = gain >= 0.5
        return 1.0 if (option == "accept") == accept else 0.0

    def _harm(self, effects: tuple[Effect, ...]) -> float:
        return -self._choice_harm([e.to_json() for e in effects])

    def _keep_card(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        g = self.game
        deck = context.get("deck")
        if deck == "misfortune":
            return self._harm(g.pack.misfortune[option].effects)
        if deck == "development":
            return self._develop(h, option, context)
        if deck == "investigation":
            card = g.pack.investigation[option]
            leads = sum(e.amount for e in card.effects if e.op == "gain-leads")
            return leads + (2.0 if card.task else 0.0) - (3.0 if card.complication else 0.0)
        return 0.0

    def _reroll_die(
        self, h: HeroState, option: Mapping[str, Any], context: Mapping[str, Any]
    ) -> float:
        # the least useful face first (blanks and hands); on a tie the first die
        return -float(combat.face_value(tuple(option["shows"])))

    def _set_face(
        self, h: HeroState, option: Mapping[str, Any], context: Mapping[str, Any]
    ) -> float:
        shows = tuple(option["shows"])
        value = -float(combat.face_value(shows))
        if option["hero_die"] and "hand" in shows:
            value -= 0.5  # a hand may count for the hero sheet
        return value

    def _target_hero(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        return 0.0 if option == h.id else 1.0  # spare yourself

    def _challenge_worth(self, h: HeroState, card_id: str) -> tuple[float, float]:
        """(worth of meeting it, worth of refusing it) for ``h``."""
        card = self.game.pack.challenges[card_id]
        cost = card.cost
        price = cost.gold * 0.7 + cost.any_leads * 1.0 + 1.6 * sum(cost.leads.values())
        price += 4.0 * sum(cost.proof.values())
        can = self.game.can_pay(h, cost) and self._spare_after(h, cost)
        meet = card.vp - price if can else -99.0
        return meet, self._harm(card.penalty)

    def _challenge(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        return max(self._challenge_worth(h, option))

    def _meet_challenge(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        meet, refuse = self._challenge_worth(h, context["card"])
        return meet if option == "meet" else refuse

    def _marker(self, h: HeroState, option: str, context: Mapping[str, Any]) -> float:
        owned = h.card(option)
        return -float(owned.markers) if owned else 0.0
