"""The shared core of the Witcher game object: asking decisions, emitting events, and the
small state changes every rule uses (gold, leads, VP, wounds, misfortune tokens, paying).

Split from :mod:`.effects` (the effect vocabulary), :mod:`.fights` (combat) and
:mod:`.game` (turns, actions, operations) so that each part does one job.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from questforge.engine.core.decisions import (
    Controller,
    Decision,
    FirstOptionController,
    check_index,
)
from questforge.engine.core.decks import Deck, EmptyDeck
from questforge.engine.core.events import EventLog, JSONValue, to_jsonable
from questforge.engine.core.rng import Rng
from questforge.engine.witcher.game.state import GameState, HeroState, OwnedCard
from questforge.engine.witcher.model.board import Board
from questforge.engine.witcher.model.content import GameOptions, Resources
from questforge.engine.witcher.model.load import WitcherPack


class GameBase:
    pack: WitcherPack
    board: Board
    options: GameOptions
    rng: Rng
    log: EventLog
    state: GameState
    controller: Controller

    def __init__(self, pack: WitcherPack, rng: Rng, options: GameOptions | None = None) -> None:
        self.pack = pack
        self.board = pack.board
        self.options = options or pack.game_options
        self.rng = rng
        self.log = EventLog()
        self.controller = FirstOptionController()
        #: every answered decision (``kind``, ``actor``, ``index``, ``option``): with the
        #: seed, enough to replay the game
        self.answers: list[dict[str, JSONValue]] = []
        self.lead_colours = sorted(
            {loc.lead for loc in self.board.locations if loc.lead and loc.gives_lead}
        )

    # --- decisions and events ------------------------------------------------------------

    def ask(
        self,
        kind: str,
        actor: str,
        options: Sequence[JSONValue],
        prompt: str,
        **context: Any,
    ) -> Any:
        """The chosen option (one-option decisions are not asked: nothing to choose)."""
        if not options:
            raise ValueError(f"decision {kind!r} without options")
        if len(options) == 1:
            return options[0]
        decision = Decision(
            kind, actor, tuple(to_jsonable(list(options))), to_jsonable(context), prompt
        )
        index = check_index(decision, self.controller.choose(decision))
        self.answers.append(
            {"kind": kind, "actor": actor, "index": index, "option": decision.options[index]}
        )
        return options[index]

    def emit(self, type_: str, **fields: Any) -> None:
        self.log.emit(type_, **fields)

    def draw(self, deck: Deck[str]) -> str | None:
        """The top card, reshuffling the discards when the pile is empty (WI-COMP-03)."""
        try:
            return deck.draw(self.rng)
        except EmptyDeck:
            return None

    # --- resources -----------------------------------------------------------------------

    def gain_gold(self, h: HeroState, amount: int, reason: str) -> None:
        if amount:
            h.gold += amount
            self.emit("gold", hero=h.id, delta=amount, gold=h.gold, reason=reason)

    def short(self, h: HeroState, resource: str, wanted: int, paid: int, reason: str) -> None:
        """A loss bigger than what the hero holds: they give what they have (WI-SPEND-04;
        VP never below 0, WI-VP-02). Said in the log, so a referee who sees a penalty
        take less than it names (or nothing at all) knows why."""
        self.emit("short", hero=h.id, resource=resource, wanted=wanted, paid=paid, reason=reason)

    def lose_gold(self, h: HeroState, amount: int, reason: str) -> None:
        paid = min(amount, h.gold)  # WI-SPEND-04: spend all you have
        if paid:
            h.gold -= paid
            self.emit("gold", hero=h.id, delta=-paid, gold=h.gold, reason=reason)
        if paid < amount:
            self.short(h, "gold", amount, paid, reason)

    def gain_vp(self, h: HeroState, amount: int, reason: str) -> None:
        before = h.vp
        h.vp = max(0, h.vp + amount)  # WI-VP-02: never below 0
        if h.vp != before:
            self.emit("vp", hero=h.id, delta=h.vp - before, vp=h.vp, reason=reason)
        if before + amount < 0:
            self.short(h, "vp", -amount, before, reason)

    def gain_lead(self, h: HeroState, colour: str, amount: int, reason: str) -> None:
        h.leads[colour] = h.leads.get(colour, 0) + amount
        self.emit("leads", hero=h.id, colour=colour, delta=amount, reason=reason)

    def lose_leads(self, h: HeroState, amount: int, colour: str | None, reason: str) -> None:
        for lost in range(amount):
            held = sorted(c for c, n in h.leads.items() if n > 0)
            if colour is not None:
                held = [c for c in held if c == colour]
            if not held:  # WI-SPEND-04
                self.short(h, f"{colour} leads" if colour else "leads", amount, lost, reason)
                return
            pick = self.ask("lose-lead", h.id, held, "Which lead do you give up?", reason=reason)
            h.leads[pick] -= 1
            self.emit("leads", hero=h.id, colour=pick, delta=-1, reason=reason)

    def can_pay(self, h: HeroState, cost: Resources) -> bool:
        if h.gold < cost.gold:
            return False
        for colour, n in cost.proof.items():
            if h.proof.get(colour, 0) < n:
                return False
        spare = 0
        for colour, held in h.leads.items():
            need = cost.leads.get(colour, 0)
            if held < need:
                return False
            spare += held - need
        if any(n > 0 and colour not in h.leads for colour, n in cost.leads.items()):
            return False
        return spare >= cost.any_leads

    def pay(self, h: HeroState, cost: Resources, reason: str) -> None:
        """Spend ``cost`` to the supply (WI-SPEND-01); call :meth:`can_pay` first."""
        self.lose_gold(h, cost.gold, reason)
        for colour, n in cost.proof.items():
            if n:
                h.proof[colour] -= n
                self.emit("proof", hero=h.id, colour=colour, delta=-n, reason=reason)
        for colour, n in cost.leads.items():
            if n:
                h.leads[colour] -= n
                self.emit("leads", hero=h.id, colour=colour, delta=-n, reason=reason)
        self.lose_leads(h, cost.any_leads, None, reason)

    def marker_paid(self, h: HeroState, owned: OwnedCard) -> bool:
        """Whether a development card used on its own (in the situation it names: a
        travel, a fight's passive step, WI-DEV-02) may act now: a card whose ability costs
        a cross-star spends one common marker each time (WI-DEV-04, WI-SPEND-03) and does
        nothing without one; other cards always act."""
        if not self.pack.development[owned.id].uses_markers:
            return True
        if owned.markers <= 0:
            return False
        owned.markers -= 1
        self.emit("card-used", hero=h.id, card=owned.id, markers=owned.markers)
        return True

    # --- wounds and misfortune tokens (WI-ACT-04, WI-DOOM-05/08, WI-REF-09) ---------------

    def wound(self, h: HeroState, severity: str, reason: str) -> None:
        """A wound occupies a free action space (not Rest, so a hero can always heal); with
        no space left the hero loses the overflow VP instead (our reading, like WI-DOOM-08)."""
        free = [a for a in h.hero.actions if a != "rest" and a not in h.wounds]
        if not free:
            self.emit("overflow", hero=h.id, token="wound")
            self.gain_vp(h, -self.options.overflow_vp, "no space for a wound")
            return
        space = self.ask(
            "wound-space", h.id, free, f"Which action does the {severity} wound block?"
        )
        h.wounds[space] = severity
        self.emit("wounded", hero=h.id, severity=severity, space=space, reason=reason)

    def heal(self, h: HeroState, amount: int, severe: bool, reason: str) -> None:
        """A ``heal`` effect: ``amount`` times, remove a severe wound (``severe``), or heal
        one wound as a heart location does (:meth:`heal_one`)."""
        for _ in range(amount):
            if not h.wounds:
                return
            if not severe:
                self.heal_one(h, reason)
                continue
            order = ("severe", "minor")
            target = next((a for kind in order for a, s in h.wounds.items() if s == kind), None)
            assert target is not None
            severity = h.wounds.pop(target)
            self.emit("healed", hero=h.id, space=target, severity=severity, reason=reason)

    def heal_one(self, h: HeroState, reason: str) -> None:
        """Heal one wound: remove a minor wound or turn a severe one into a minor one
        (WI-LOC-05, the seed's only words for healing one wound: "移除一個傷害或將一個嚴重
        傷害降為輕微傷害"). "Remove one wound" is read as a minor one: removing a severe
        one outright would make the second option pointless, and Rest counts one severe
        wound as two minor ones (WI-ACT-04). With wounds of both kinds the hero chooses
        (a ``heal`` decision)."""
        minor = next((a for a, s in h.wounds.items() if s == "minor"), None)
        severe = next((a for a, s in h.wounds.items() if s == "severe"), None)
        options = [k for k, space in (("minor", minor), ("severe", severe)) if space]
        if not options:
            return
        pick = self.ask(
            "heal", h.id, options, "Remove a minor wound or ease a severe one?", reason=reason
        )
        if pick == "minor" and minor is not None:
            del h.wounds[minor]
            self.emit("healed", hero=h.id, space=minor, severity="minor", reason=reason)
        elif severe is not None:
            h.wounds[severe] = "minor"
            self.emit("eased", hero=h.id, space=severe, reason=reason)

    def misfortune_token(self, h: HeroState, reason: str) -> None:
        """A skull: a misfortune token on the next free action space (WI-DOOM-05), or 2 VP
        lost when every space is taken (WI-DOOM-08)."""
        free = [a for a in h.hero.actions if a not in h.misfortune]
        if not free:
            self.emit("overflow", hero=h.id, token="misfortune")
            self.gain_vp(h, -self.options.overflow_vp, "no space for a misfortune token")
            return
        h.misfortune.append(free[0])
        self.emit("misfortune-token", hero=h.id, space=free[0], reason=reason)
