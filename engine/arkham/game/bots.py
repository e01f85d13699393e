"""Heuristic investigator bots: answer every decision kind sensibly for every investigator.

The plan of a bot investigator, by priority: heal when hurt; close (and seal) a gate it has
explored; with 2-4 clues, pick up clues within reach first (so the next closing can be a
seal) unless the gates are near the awakening count; go through the nearest gate when
healthy; otherwise collect clues at unstable locations. In a fight it estimates its dice against the monster and evades when the odds
are poor. Clues are kept for sealing unless a check that matters is failing.

Call :meth:`ArkhamBot.attach` with the game before it runs (bots read the state, never
change it).
"""

from __future__ import annotations

from typing import Any

from questforge.engine.arkham.game import checks, combat, phases, town
from questforge.engine.arkham.game.state import InvState
from questforge.engine.arkham.model.types import SpecialAction
from questforge.engine.core.decisions import Decision
from questforge.engine.core.rng import Rng

#: how much a bot values one point of each skill when setting its sliders
SKILL_WEIGHTS = {"speed": 1.0, "sneak": 0.9, "fight": 1.2, "will": 1.0, "lore": 1.1, "luck": 0.6}


class ArkhamBot:
    """Plays every side of an Arkham game (all decisions are the investigators')."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)
        self.game: Any = None

    def attach(self, game: Any) -> ArkhamBot:
        self.game = game
        return self

    def choose(self, decision: Decision) -> int:
        if self.game is None:
            raise RuntimeError("ArkhamBot.attach(game) must be called before the game runs")
        handler = getattr(self, "_on_" + decision.kind.replace("-", "_"), None)
        if handler is None:
            return 0
        index = int(handler(decision))
        return index if 0 <= index < len(decision.options) else 0

    # ------------------------------------------------------------------ helpers
    def _inv(self, d: Decision) -> InvState:
        inv: InvState = self.game.inv(d.actor)
        return inv

    def _hurt(self, inv: InvState) -> bool:
        return inv.stamina <= 2 or inv.sanity <= 2

    def _odds(self, dice: int, need: int) -> float:
        """Chance of at least ``need`` successes with ``dice`` dice (1/3 each)."""
        if need <= 0:
            return 1.0
        if dice <= 0:
            return 0.0
        from math import comb

        return sum(
            comb(dice, k) * (1 / 3) ** k * (2 / 3) ** (dice - k) for k in range(need, dice + 1)
        )

    def _best_weapons(
        self, inv: InvState, mid: str | None, options: Any = None, check: str = "combat"
    ) -> tuple[int, int]:
        """(index, bonus) of the weapon set with the largest bonus among ``options`` (the
        decision's; by default every set for two free hands), spells only when sanity can
        pay."""
        g = self.game
        best, best_bonus = 0, -1
        sets = combat.weapon_options(g, inv) if options is None else options
        for i, combo in enumerate(sets):
            cost = sum(g.card(c).sanity_cost for c in combo)
            if cost and inv.sanity <= cost + 1:
                continue
            bonus = sum(combat.card_bonus(g, c, mid, check) for c in combo)
            if any(g.card(c).is_spell for c in combo):
                bonus = int(bonus * 0.6)
            if bonus > best_bonus:
                best, best_bonus = i, bonus
        return best, max(best_bonus, 0)

    def _fight_odds(self, inv: InvState, mid: str) -> float:
        g = self.game
        _, bonus = self._best_weapons(inv, mid)
        dice = checks.skill(g, inv, "combat") + town.monster_stat(g, mid, "combat_rating") + bonus
        return self._odds(dice, town.monster_stat(g, mid, "toughness"))

    def _evade_odds(self, inv: InvState, mid: str) -> float:
        g = self.game
        return self._odds(checks.skill(g, inv, "evade") + town.monster_stat(g, mid, "awareness"), 1)

    # ------------------------------------------------------------------ decisions
    def _on_sliders(self, d: Decision) -> int:
        g = self.game
        inv = self._inv(d)
        data = g.model.investigators[inv.id]
        want_lore = bool(g.state.gates) and inv.explored

        def value(pos: list[int]) -> float:
            total = 0.0
            for slider, p in zip(data.sliders, pos, strict=False):
                for skill, values in (
                    (slider.top, slider.top_values),
                    (slider.bottom, slider.bottom_values),
                ):
                    w = SKILL_WEIGHTS[skill] * (
                        1.5 if want_lore and skill in ("lore", "fight") else 1
                    )
                    total += w * min(values[p], 5)
            return total

        return max(range(len(d.options)), key=lambda i: (value(d.options[i]), -i))

    def _goal(self, inv: InvState) -> list[str]:
        """Areas this investigator wants to reach, best first."""
        g = self.game
        st = g.state
        if self._hurt(inv):
            role = "hospital" if inv.stamina <= inv.sanity else "asylum"
            area = g.board.by_role(role)
            if area is not None and area.id not in st.closed:
                return [area.id]
        if inv.explored and inv.area in st.gates:
            return [inv.area]
        errands = self._errands(inv)
        if errands:
            return errands
        clues = [loc for loc, n in st.clues.items() if n and loc not in st.gates]
        # gather clues nearby first when they would make the next closing a seal
        if clues and 2 <= inv.clues < g.rules.seal_cost and not inv.stage:
            near = [
                c for c in clues if _dist(g, inv.area, c) <= max(2, checks.skill(g, inv, "speed"))
            ]
            if near and len(st.gates) < g.rules.gates_to_awaken(st.players) - 2:
                return sorted(near)
        if st.gates and inv.stamina >= 4 and inv.sanity >= 3:
            return sorted(st.gates)
        return sorted(clues) or sorted(st.gates) or [inv.area]

    def _errands(self, inv: InvState) -> list[str]:
        """Locations within one move whose special action gives a special card the bot
        wants now (:meth:`_wants`): a loan when poor, a deputy's badge for trophies."""
        g = self.game
        if inv.stage or not g.in_town(inv.area):
            return []
        reach = checks.skill(g, inv, "speed")
        return sorted(
            loc.id
            for loc in g.board.locations
            if loc.id not in g.state.closed
            and loc.id not in g.state.gates
            and any(self._wants(inv, special) for special in loc.special)
            and _dist(g, inv.area, loc.id) <= reach
        )

    def _wants(self, inv: InvState, special: SpecialAction) -> bool:
        """A special action giving a special card the bot would take: a loan when poor
        with no weapon to its name (it wants an item); a retainer, membership or deputy's
        badge it can pay for without gate trophies (kept for AH-WIN-02) and, in money,
        with $2 to spare."""
        g = self.game
        kinds = {e.special for e in special.effects if e.do == "take-card"}
        if not kinds or not all(phases.can_pay(g, inv, c.what, c.amount) for c in special.cost):
            return False
        if "bank-loan" in kinds:
            wanted = inv.money < 3 and not any(g.card(c).is_weapon for c in inv.cards)
        else:
            wanted = all(
                c.what != "gate-trophies" and (c.what != "money" or inv.money >= c.amount + 2)
                for c in special.cost
            )
        # whether the card can be taken last: it looks through the decks
        return wanted and phases.takes_ok(g, inv, special.effects)

    def _on_move(self, d: Decision) -> int:
        g = self.game
        inv = self._inv(d)
        goals = self._goal(inv)
        graph = g.board.graph

        def cost(i: int) -> tuple[float, int]:
            area = d.options[i]
            try:
                dist = min(graph.distance(area, goal) for goal in goals)
            except ValueError:
                dist = 99
            danger = sum(1 - self._evade_odds(inv, t.monster) for t in g.state.monsters_at(area))
            return (dist + 2 * danger, i)

        return min(range(len(d.options)), key=cost)

    def _on_evade_or_fight(self, d: Decision) -> int:
        inv = self._inv(d)
        mid = str(d.context.get("monster"))
        fight = self._fight_odds(inv, mid)
        evade = self._evade_odds(inv, mid)
        dmg = self.game.monster(mid).combat_damage
        if fight >= 0.6 and inv.stamina > dmg:
            return d.options.index("fight")
        return d.options.index("evade" if evade >= fight * 0.8 else "fight")

    def _on_fight_or_flee(self, d: Decision) -> int:
        inv = self._inv(d)
        mid = str(d.context.get("monster"))
        if "flee" not in d.options:
            return 0
        dmg = self.game.monster(mid).combat_damage
        fight = self._fight_odds(inv, mid)
        if inv.stamina <= dmg and self._evade_odds(inv, mid) > fight:
            return d.options.index("flee")
        return d.options.index("fight" if fight >= 0.35 else "flee")

    def _on_weapons(self, d: Decision) -> int:
        inv = self._inv(d)
        mid = d.context.get("monster")
        check = str(d.context.get("check", "combat"))
        monster = None if mid == "ancient-one" else str(mid)
        best, _ = self._best_weapons(inv, monster, d.options, check)
        return best

    def _on_spend_clue(self, d: Decision) -> int:
        inv = self._inv(d)
        label = d.context.get("label")
        seal = self.game.rules.seal_cost
        if label == "final":
            return 1
        if label == "close":
            return 1 if inv.clues < seal or inv.clues > seal else 0
        if label in ("combat", "horror", "evade") and (inv.stamina <= 2 or inv.sanity <= 2):
            return 1 if inv.clues != seal else 0
        return 0

    def _on_location_action(self, d: Decision) -> int:
        g = self.game
        inv = self._inv(d)
        area = g.board.areas[str(d.context.get("location"))]
        if "rumor" in d.options:
            return d.options.index("rumor")
        for i, option in enumerate(d.options):
            if not str(option).startswith("special:"):
                continue
            special = area.special[int(str(option).split(":")[1])]
            gains = {e.what for e in special.effects if e.do == "gain"}
            if "stamina" in gains and inv.stamina < inv.max_stamina - 1:
                return i
            if "sanity" in gains and inv.sanity < inv.max_sanity - 1:
                return i
            useful = "clues" in gains or any(
                e.do in ("draw", "blessed", "buy") for e in special.effects
            )
            rich = all(c.what != "money" or inv.money >= c.amount + 2 for c in special.cost)
            if any(e.do == "buy" for e in special.effects):
                rich = rich and inv.money >= 3  # enough to pay for most cards
            if any(e.do == "take-card" for e in special.effects):
                useful = rich = self._wants(inv, special)
            if useful and rich:
                return i
        if "members" in d.options:
            return d.options.index("members")  # a member reads the members-only entry
        return 0

    def _on_pay_off(self, d: Decision) -> int:
        """Repay a loan when rich: the price and $4 to spare."""
        inv = self._inv(d)
        costs = d.context.get("costs") or {}
        money = costs.get("money", 0) if isinstance(costs, dict) else 0
        return d.options.index("yes") if inv.money >= int(money) + 4 else 0

    def _on_close(self, d: Decision) -> int:
        g = self.game
        inv = self._inv(d)
        if "elder-sign" in d.options:
            return d.options.index("elder-sign")
        return d.options.index(
            "fight" if checks.skill(g, inv, "fight") >= checks.skill(g, inv, "lore") else "lore"
        )

    def _on_seal(self, d: Decision) -> int:
        return d.options.index("yes")

    def _on_may_pay(self, d: Decision) -> int:
        inv = self._inv(d)
        what = d.context.get("what")
        if what in ("sanity", "stamina") and getattr(inv, str(what)) <= 3:
            return 0
        return d.options.index("yes")

    def _on_use_card(self, d: Decision) -> int:
        """Use the card that heals most (never at full health); a spell only when sanity can
        pay."""
        g = self.game
        inv = self._inv(d)
        room = {"stamina": inv.max_stamina - inv.stamina, "sanity": inv.max_sanity - inv.sanity}

        def value(cid: str) -> int:
            card = g.card(cid)
            if card.is_spell and inv.sanity <= card.sanity_cost + 1:
                return 0
            gains = [e for e in card.use if e.do == "gain"]
            return sum(min(e.amount, room.get(e.what or "", e.amount)) for e in gains)

        best = max(range(1, len(d.options)), key=lambda i: (value(d.options[i]), -i), default=0)
        return best if best and value(d.options[best]) > 0 else 0

    def _on_buy(self, d: Decision) -> int:
        """Buy a weapon when holding none, else the dearest card it can pay for."""
        g = self.game
        inv = self._inv(d)
        armed = any(g.card(c).is_weapon for c in inv.cards)
        prices = d.context.get("prices") or {}
        best = max(
            range(1, len(d.options)),
            key=lambda i: (
                not armed and g.card(d.options[i]).is_weapon,
                prices.get(d.options[i], 0),
                -i,
            ),
            default=0,
        )
        return best

    def _on_discard(self, d: Decision) -> int:
        g = self.game
        return min(range(len(d.options)), key=lambda i: (g.card(d.options[i]).price, i))

    def _on_clue_taker(self, d: Decision) -> int:
        g = self.game
        return min(range(len(d.options)), key=lambda i: (g.inv(d.options[i]).clues, i))

    def _on_return(self, d: Decision) -> int:
        g = self.game
        inv = self._inv(d)
        goals = self._goal(inv)
        return min(
            range(len(d.options)),
            key=lambda i: (min(_dist(g, d.options[i], x) for x in goals), i),
        )

    def _on_refill_gates(self, d: Decision) -> int:
        """Always refill: with no marker left the Ancient One awakens at once."""
        return 1

    def _on_trade(self, d: Decision) -> int:
        """Give a spare weapon to an investigator here who has none; keep everything else."""
        g = self.game
        inv = self._inv(d)
        weapons = [c for c in inv.cards if g.card(c).is_weapon]
        if len(weapons) < 2:
            return 0
        spare = min(weapons, key=lambda c: (sum(b.amount for b in g.card(c).bonuses), c))
        for i, option in enumerate(d.options):
            parts = str(option).split(":")
            if parts[0] == "give" and parts[1] == spare:
                other = g.inv(parts[2])
                if not any(g.card(c).is_weapon for c in other.cards):
                    return i
        return 0

    def _on_return_gate(self, d: Decision) -> int:
        return 0


def _dist(game: Any, a: str, b: str) -> int:
    try:
        return int(game.board.graph.distance(a, b))
    except ValueError:
        return 99
