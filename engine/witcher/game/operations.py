"""Operations (WI-OP): what a hero may do before and after each action - complete a quest,
a side quest or an investigation task whose condition is met, trade with a hero in the same
location (WI-LOC-03), use the hero's special operation - and doing it.
"""

from __future__ import annotations

from typing import Any

from questforge.engine.witcher.game.quests import QuestsMixin
from questforge.engine.witcher.game.state import HeroState
from questforge.engine.witcher.model.content import Condition

#: every operation uses something up; more than this many in one phase is a bug, never a hang
_MAX_OPERATIONS = 500


class OperationsMixin(QuestsMixin):
    #: set by the game: the seat whose turn it is, and (owner, quest) pairs whose support
    #: quest an opponent completed (WI-OP-04)
    _slot: int
    supported: set[tuple[str, str]]

    def operations(self, h: HeroState) -> None:
        for _ in range(_MAX_OPERATIONS):
            options = self.operation_options(h)
            if len(options) == 1:
                return
            op = self.ask("operation", h.id, options, "Any operation?", slot=self._slot)
            if op["op"] == "end":
                return
            self.operate(h, op)
        raise RuntimeError(
            f"{h.id} performed {_MAX_OPERATIONS} operations in a row: an operation that "
            "never uses anything up (a bug in the engine or a controller)"
        )

    def operation_options(self, h: HeroState) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"op": "end"}]
        for colour in sorted(h.leads):
            if h.leads[colour] >= h.hero.rate(colour):  # WI-OP-02
                out.append({"op": "exchange", "colour": colour})
        quest = self.pack.quests.get(h.quest) if h.quest else None
        if quest is not None:
            if h.location == quest.destination and self.can_pay(h, quest.cost):
                out.append({"op": "main-quest", "quest": quest.id})
            for side in quest.side_quests:
                if (quest.id, side.id) not in h.side_done and self._met(h, side.condition):
                    out.append({"op": "side-quest", "quest": quest.id, "side": side.id})
        for other in self.state.heroes:  # WI-OP-04, WI-QUEST-08: opponents only
            oq = self.pack.quests.get(other.quest) if other.quest else None
            if (
                other is not h
                and oq is not None
                and oq.support is not None
                and other.location == h.location
                and (other.id, oq.id) not in self.supported
                and self.can_pay(h, oq.support.cost)
            ):
                out.append({"op": "support", "owner": other.id, "quest": oq.id})
        out += self.trade_options(h)
        for kept in h.investigations:
            task = self.pack.investigation[kept.id].task
            if (
                task is not None
                and not kept.task_done
                and task[0].type != "defeat"
                and self._met(h, task[0])
            ):
                out.append({"op": "task", "card": kept.id})
        for kept in h.investigations:  # WI-INV-02: a card that acts when discarded
            if self.pack.investigation[kept.id].on_discard:
                out.append({"op": "discard", "card": kept.id})
        for owned in h.development:
            card = self.pack.development[owned.id]
            if card.timing == "own-turn" and (
                owned.markers > 0 if card.uses_markers else not owned.used_this_turn
            ):
                out.append({"op": "card", "card": owned.id})
        for luck in self.luck_cards(h, "own-turn"):  # WI-LUCK-03
            out.append({"op": "luck", "card": luck})
        special = h.hero.special_operation
        if (
            special is not None
            # WI-OP-01: any number of operations; each paid use of the special operation
            # uses something up. One that costs nothing is limited to once per turn (ours:
            # otherwise a turn need never end)
            and not (h.special_operation_used and special.cost.empty)
            and self.can_pay(h, special.cost)
            and self._special_useful(h)
        ):
            out.append({"op": "special"})
        return out

    def trade_options(self, h: HeroState) -> list[dict[str, Any]]:
        """WI-LOC-03: heroes in the same place may trade leads and gold as operations.
        The seed's 地區 here is a location (the section speaks of a location's four hero
        spaces), so partners share the hero's location. A trade is one offer of a lead or
        1-2 gold for a lead or 1-2 gold; the partner accepts or declines (a
        ``trade-reply`` decision of theirs). Our limit, so a turn always ends: one offer to
        each partner per turn."""
        out: list[dict[str, Any]] = []
        mine = sorted(c for c, n in h.leads.items() if n > 0)
        for other in self.state.heroes:
            if other is h or other.location != h.location or other.id in h.traded_with:
                continue
            theirs = sorted(c for c, n in other.leads.items() if n > 0)
            gives: list[dict[str, Any]] = [{"lead": c} for c in mine]
            gives += [{"gold": g} for g in (1, 2) if g <= h.gold]
            gets: list[dict[str, Any]] = [{"lead": c} for c in theirs]
            gets += [{"gold": g} for g in (1, 2) if g <= other.gold]
            for give in gives:
                for get in gets:
                    if ("gold" in give and "gold" in get) or give == get:
                        continue
                    out.append({"op": "trade", "with": other.id, "give": give, "get": get})
        return out

    def _transfer(self, src: HeroState, dst: HeroState, what: dict[str, Any]) -> None:
        if "lead" in what:
            src.leads[what["lead"]] -= 1
            self.emit("leads", hero=src.id, colour=what["lead"], delta=-1, reason="trade")
            self.gain_lead(dst, what["lead"], 1, "trade")
        else:
            src.gold -= what["gold"]
            self.emit("gold", hero=src.id, delta=-what["gold"], gold=src.gold, reason="trade")
            self.gain_gold(dst, what["gold"], "trade")

    def trade(self, h: HeroState, op: dict[str, Any]) -> None:
        other = self.state.hero(op["with"])
        h.traded_with.add(other.id)
        offer = {"from": h.id, "give": op["give"], "get": op["get"]}
        self.emit("trade-offer", hero=h.id, partner=other.id, give=op["give"], get=op["get"])
        reply = self.ask(
            "trade-reply", other.id, ["accept", "decline"], "Accept the trade?", **offer
        )
        if reply != "accept":
            self.emit("trade-declined", hero=h.id, partner=other.id)
            return
        self._transfer(h, other, op["give"])
        self._transfer(other, h, op["get"])
        self.emit("traded", hero=h.id, partner=other.id, give=op["give"], get=op["get"])

    def _special_useful(self, h: HeroState) -> bool:
        special = h.hero.special_operation
        assert special is not None
        for e in special.effects:
            if e.op == "add-marker":
                return any(
                    self.pack.development[o.id].type == e.card_type
                    and self.pack.development[o.id].uses_markers
                    and o.markers < self.pack.development[o.id].max_markers
                    for o in h.development
                )
        return True

    def _met(self, h: HeroState, condition: Condition) -> bool:
        if condition.type == "visit":
            return h.location == condition.location
        if condition.type == "spend":
            return self.can_pay(h, condition.cost)
        return False  # defeat: completed at once in the fight (WI-QUEST-05)

    def operate(self, h: HeroState, op: dict[str, Any]) -> None:
        kind = op["op"]
        if kind == "exchange":
            colour = op["colour"]
            rate = h.hero.rate(colour)
            h.leads[colour] -= rate
            h.proof[colour] = h.proof.get(colour, 0) + 1
            self.emit("exchanged", hero=h.id, colour=colour, leads=rate)
        elif kind == "main-quest":
            self.complete_main(h, self.pack.quests[op["quest"]])
        elif kind == "side-quest":
            quest = self.pack.quests[op["quest"]]
            side = next(s for s in quest.side_quests if s.id == op["side"])
            if side.condition.type == "spend":
                self.pay(h, side.condition.cost, f"side quest {side.id}")
            self._side_done(h, quest, side.id, side.vp)
        elif kind == "support":
            quest = self.pack.quests[op["quest"]]
            assert quest.support is not None
            self.pay(h, quest.support.cost, "support quest")
            self.supported.add((op["owner"], quest.id))
            h.supports_done += 1
            self.emit("support-quest", hero=h.id, owner=op["owner"], quest=quest.id)
            self.gain_vp(h, quest.support.vp_supporter, "support quest")  # WI-VP-06
            self.gain_vp(self.state.hero(op["owner"]), quest.support.vp_owner, "supported")
        elif kind == "task":
            kept = next(k for k in h.investigations if k.id == op["card"] and not k.task_done)
            task = self.pack.investigation[kept.id].task
            assert task is not None
            if task[0].type == "spend":
                self.pay(h, task[0].cost, "task")
            self._task_done(h, kept, task[1])
        elif kind == "card":
            owned = h.card(op["card"])
            assert owned is not None
            card = self.pack.development[owned.id]
            if card.uses_markers:
                owned.markers -= 1  # WI-SPEND-03
            owned.used_this_turn = True
            self.emit("card-used", hero=h.id, card=owned.id, markers=owned.markers)
            self.resolve(h, card.effects, card.id)
        elif kind == "luck":
            self.use_luck(h, op["card"])  # WI-LUCK-04
        elif kind == "discard":
            self.discard_investigation(h, op["card"])
        elif kind == "trade":
            self.trade(h, op)
        elif kind == "special" and h.hero.special_operation is not None:
            special = h.hero.special_operation
            h.special_operation_used = True
            self.pay(h, special.cost, special.name)
            self.emit("special-operation", hero=h.id, name=special.name)
            self.resolve(h, special.effects, special.name)
