"""The Witcher game: setup, rounds of turns, actions, the end of a turn, the end.

Operations are in :mod:`.operations`, quests in :mod:`.quests`, the effect vocabulary in
:mod:`.effects`, fights in :mod:`.fights`: mixins of this class, one concern each.

A game is ``(pack, setup, seed, decisions)``: :meth:`WitcherGame.run` asks every choice of
its controller as a :class:`~questforge.engine.core.decisions.Decision` and records every
state change as an event, so replaying the answers with the seed reproduces the game.

A turn (WI-TURN-02): operations, action, operations, action, operations, then one obstacle
in the hero's area or the battle track. Two different actions per turn (WI-TURN-03/04);
an action blocked by a wound cannot be taken (WI-TURN-06, WI-REF-09). The game ends when a
hero completes the length's number of main quests: that turn is finished and every hero
plays one more turn (WI-WIN-01); ranking by VP, then quests, then leads and proof, then who
finished the final round first (WI-WIN-02..04).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from questforge.engine.core.decisions import Controller
from questforge.engine.core.events import Event
from questforge.engine.core.rng import Rng
from questforge.engine.witcher.game.operations import OperationsMixin
from questforge.engine.witcher.game.setup import Setup, initial_state
from questforge.engine.witcher.game.state import HeroState
from questforge.engine.witcher.model.content import GameOptions
from questforge.engine.witcher.model.load import WitcherPack


class WitcherGame(OperationsMixin):
    """One game; :meth:`run` plays it to the end with a controller."""

    def __init__(
        self,
        pack: WitcherPack,
        setup: Setup | None = None,
        seed: int | str = 0,
        options: GameOptions | None = None,
    ) -> None:
        super().__init__(pack, Rng(seed), options)
        self.setup = setup or Setup()
        self.seed = seed
        self.state = initial_state(pack, self.setup, self.rng, self.options)
        #: (owner, quest) whose support quest an opponent completed (WI-OP-04)
        self.supported: set[tuple[str, str]] = set()
        self._slot = 0
        self._steps: Iterator[None] | None = None
        #: the last hero of the seat order has just finished a turn (a round is complete)
        self.round_complete = False

    # --- the whole game, step by step ----------------------------------------------------

    @property
    def events(self) -> list[Event]:
        return self.log.events

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def round(self) -> int:
        return self.state.round

    def step(self, controller: Controller) -> list[Event]:
        """Play to the next boundary (the setup, then one hero's turn); the new events."""
        self.controller = controller
        if self._steps is None:
            self._steps = self._play()
        start = len(self.log)
        if not self.state.finished:
            next(self._steps, None)
        return self.log.events[start:]

    def run(self, controller: Controller, round_cap: int | None = None) -> Any:
        """Play to the end, or until ``round_cap`` rounds are complete (then the game is
        left unfinished, without a ``game-end`` event)."""
        while not self.state.finished:
            self.step(controller)
            if round_cap is not None and self.round_complete and self.state.round >= round_cap:
                break
        return self.state

    def to_log_result(self) -> dict[str, Any] | None:
        if not self.state.finished:
            return None
        return {
            "outcome": self.state.outcome,
            "rounds": self.state.round,
            "ranking": list(self.state.ranking),
            "vp": {h.id: h.vp for h in self.state.heroes},
        }

    def _play(self) -> Iterator[None]:
        self.start()
        yield
        n = len(self.state.heroes)
        remaining: int | None = None
        turn = 0
        while True:
            seat = turn % n
            self.round_complete = False
            if seat == 0:
                self.state.round += 1
                # the round limit is a safety stop for a game nobody ends; once the end is
                # triggered the final round ends the game within a round, so it is played
                # out (WI-WIN-01: "every player plays one more round"), past the limit
                if self.state.round > self.options.max_rounds and remaining is None:
                    self.state.round -= 1
                    self._finish("unfinished")
                    return
                self.emit("round", round=self.state.round)
            h = self.state.heroes[seat]
            self.state.active = seat
            self.play_turn(h)
            self.round_complete = seat == n - 1
            if remaining is not None:
                self.state.final_order.append(h.id)
                remaining -= 1
                if remaining == 0:
                    self._finish("finished")
                    return
            elif self.state.end_triggered_by is not None:
                remaining = n  # WI-WIN-01: every hero plays one more turn
            turn += 1
            yield

    def start(self) -> None:
        """Place the setup obstacles and let every hero keep a first quest (WI-BASIC-01)."""
        s = self.state
        self.emit(
            "setup",
            heroes=[h.id for h in s.heroes],
            starts=[h.location for h in s.heroes],
            gold=self.options.starting_gold,
            quests_to_end=s.quests_to_end,
        )
        for item in self.options.setup_obstacles:
            obstacles = s.obstacles_in(item.area)
            if item.obstacle == "monster" and item.monster_class:
                target = next((o for o in obstacles if o.monster_space), None)
                monster = self.draw(s.monster_pools[item.monster_class]) if target else None
                if target is not None and monster is not None:
                    from questforge.engine.witcher.game.state import MonsterToken

                    target.monsters.append(MonsterToken(monster))
                    self.emit(
                        "placed",
                        obstacle="monster",
                        monster=monster,
                        area=item.area,
                        space=target.id,
                    )
            else:
                target = next(
                    (o for o in obstacles if o.misfortune_space and not o.misfortune), None
                )
                if target is not None:
                    target.misfortune = True
                    self.emit(
                        "placed",
                        obstacle="misfortune",
                        monster=None,
                        area=item.area,
                        space=target.id,
                    )
        for h in s.heroes:
            self.take_quest(h)  # WI-BASIC-01

    def _finish(self, outcome: str) -> None:
        s = self.state
        s.finished = True
        s.outcome = outcome
        s.ranking = [h.id for h in self.ranked()]
        self.emit(
            "game-end",
            outcome=outcome,
            rounds=s.round,
            ranking=s.ranking,
            vp={h.id: h.vp for h in s.heroes},
            # the counts the tie-breakers compare (WI-WIN-02/03), so a referee can check
            # the order of heroes tied on VP
            quests_done={h.id: h.quests_done for h in s.heroes},
            lead_total={h.id: self.tiebreak_leads(h) for h in s.heroes},
        )

    def tiebreak_leads(self, h: HeroState) -> int:
        """WI-WIN-03: proof turned back into leads at the hero's rate, plus their leads."""
        return h.total_leads() + sum(n * h.hero.rate(c) for c, n in h.proof.items())

    def ranked(self) -> list[HeroState]:
        """WI-GOAL-01, WI-WIN-01..04: VP; quests done; leads plus proof turned back into
        leads; finishing the final round first."""
        order = {h: i for i, h in enumerate(self.state.final_order)}

        def key(h: HeroState) -> tuple[int, int, int, int]:
            leads = self.tiebreak_leads(h)
            return (-h.vp, -h.quests_done, -leads, order.get(h.id, len(order) + h.seat))

        return sorted(self.state.heroes, key=key)

    # --- a turn --------------------------------------------------------------------------

    def play_turn(self, h: HeroState) -> None:
        self.emit("turn", hero=h.id, round=self.state.round, location=h.location)
        h.special_operation_used = False
        h.traded_with.clear()
        h.luck_used.clear()
        for owned in h.development:
            owned.used_this_turn = False
        taken: list[str] = []
        for slot in (1, 2):
            self._slot = slot
            self.operations(h)
            if h.delayed:  # WI-DELAY-01/02: the delay costs this action
                h.delayed = False
                self.emit("delay-paid", hero=h.id, slot=slot)
                continue
            action = self.ask(
                "action", h.id, self.action_options(h, taken), f"Action {slot} of 2", slot=slot
            )
            if action["action"] == "pass":
                self.emit("passed", hero=h.id, slot=slot)
                continue
            taken.append(action["action"])
            # WI-DOOM-04: a hero who *takes* an action while a misfortune token is on its
            # space draws a misfortune card after resolving it. A token that lands on the
            # space during the action (a skull on arrival) did not affect the action when it
            # was taken: it waits for the next time that action is taken. One removed
            # during the action (WI-DOOM-07) no longer affects the hero.
            under_token = action["action"] in h.misfortune
            self.emit("action", hero=h.id, action=action["action"], slot=slot)
            self.perform(h, action)
            if under_token and action["action"] in h.misfortune:
                h.misfortune.remove(action["action"])
                self.emit("misfortune-removed", hero=h.id, space=action["action"])
                self.misfortune_card(h, "acted under a misfortune token")
        self._slot = 3
        self.operations(h)
        self.end_of_turn(h)
        self.emit("turn-end", hero=h.id, vp=h.vp)

    def action_options(self, h: HeroState, taken: list[str]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for action in h.hero.actions:
            if action in taken or action in h.wounds:  # WI-TURN-04, WI-TURN-06
                continue
            if action == "travel":
                for opt in self.board.travel_options(h.location):
                    if opt.cost <= h.gold and self.has_open_space(h, opt.destination):
                        out.append(
                            {
                                "action": "travel",
                                "to": opt.destination,
                                "path": list(opt.path),
                                "cost": opt.cost,
                            }
                        )
            elif action == "develop":
                deck = self.state.development_decks[h.id]
                if len(deck) + len(deck.discard):
                    out.append({"action": "develop"})
            elif action == "rest":
                if h.wounds:
                    out.append({"action": "rest"})
            elif action == "special":
                if h.hero.special_action is not None:
                    out.append({"action": "special"})
            else:
                out.append({"action": action})
        out.append({"action": "pass"})
        return out

    def has_open_space(self, h: HeroState, location: str) -> bool:
        """WI-LOC-01/02: a hero who arrives places their figure in an open hero space of
        the location (the seed: "他將他的英雄玩具放置在開放的空間內"), so a location whose
        spaces are all taken by other heroes cannot be a destination. Passing through one
        on a two-route travel is not arriving there (WI-LEAD-03)."""
        others = sum(1 for x in self.state.heroes if x is not h and x.location == location)
        return others < self.board.location_by_id[location].spaces

    def perform(self, h: HeroState, action: dict[str, Any]) -> None:
        kind = action["action"]
        if kind == "travel":
            self.travel(h, action["path"], action["cost"])
        elif kind == "investigate":
            self.investigate(h)
        elif kind == "develop":
            self.develop(h)
        elif kind == "rest":
            self.rest(h)
        elif kind == "special" and h.hero.special_action is not None:
            self.resolve(h, h.hero.special_action.effects, h.hero.special_action.name)

    def travel(self, h: HeroState, path: list[str], cost: int) -> None:
        """WI-ACT-01: one or two routes; the lead of the destination only (WI-LEAD-03), a
        heart heals (WI-LOC-05), two routes cost a misfortune card; sea routes cost gold."""
        self.lose_gold(h, cost, "sea route")
        h.location = path[-1]
        self.emit("travelled", hero=h.id, path=path, cost=cost)
        loc = self.board.location_by_id[h.location]
        if loc.lead and loc.gives_lead:  # WI-LOC-04
            self.gain_lead(h, loc.lead, 1, "arrival")
        if loc.heal and h.wounds:
            self.heal_one(h, loc.id)  # WI-LOC-05
        for owned in list(h.development):
            card = self.pack.development[owned.id]
            if card.timing == "travel" and self.marker_paid(h, owned):  # WI-DEV-02/04
                self.resolve(h, card.effects, card.id)
        self.travel_luck(h)
        self.challenge(h)
        if len(path) == 3:
            self.misfortune_card(h, "travelled two routes")

    def travel_luck(self, h: HeroState) -> None:
        """WI-LUCK-03: a luck card is used at the time it names; one that names travelling
        may be played after a travel (a ``travel-luck`` decision, one card at a time), then
        it is discarded unless it says it is kept (WI-LUCK-04)."""
        while True:
            cards = self.luck_cards(h, "travel")
            if not cards:
                return
            pick = self.ask("travel-luck", h.id, [*cards, "keep"], "Play a travel luck card?")
            if pick == "keep" or pick not in h.luck:
                return
            self.use_luck(h, pick)

    def challenge(self, h: HeroState) -> None:
        """WI-BASIC-05, read from the seed ("每到達一處地點…三張挑戰卡牌…完成挑戰卡牌才能完成
        對應的支線任務（獲得VP），一旦無法完成，就會受挑戰卡牌上指明的懲罰"): on every
        arrival the hero draws three challenge cards (``challenge_draw``); drawing several
        means keeping one (WI-DRAW-02). The seed does not make meeting it compulsory, as
        the catalogue's "must complete" suggests: meeting the card (paying its cost) is what
        completes its side quest and earns the VP, and a hero who cannot (or does not)
        meet it suffers the penalty printed on it. A pack without challenge cards skips
        this (the seed's verb is missing; the published game has no such deck)."""
        deck = self.state.challenge_deck
        if not (len(deck) + len(deck.discard)) or self.options.challenge_draw <= 0:
            return
        drawn = [c for c in (self.draw(deck) for _ in range(self.options.challenge_draw)) if c]
        if not drawn:
            return
        keep = self.ask("challenge", h.id, drawn, "Which challenge do you take on?")
        for other in drawn:
            if other != keep:
                deck.discard_card(other)
        card = self.pack.challenges[keep]
        self.emit("challenge", hero=h.id, card=keep, drawn=drawn)
        options = ["meet", "refuse"] if self.can_pay(h, card.cost) else ["refuse"]
        pick = self.ask("meet-challenge", h.id, options, f"Meet {card.name}?", card=keep)
        if pick == "meet":
            self.pay(h, card.cost, f"challenge {keep}")
            h.challenges_done += 1
            self.emit("challenge-met", hero=h.id, card=keep)
            self.gain_vp(h, card.vp, f"challenge {keep}")
        else:
            self.emit("challenge-failed", hero=h.id, card=keep)
            self.resolve(h, card.penalty, keep)
        deck.discard_card(keep)

    def rest(self, h: HeroState) -> None:
        """WI-ACT-04: remove two minor wounds or one severe wound."""
        minors = [a for a, s in h.wounds.items() if s == "minor"]
        severes = [a for a, s in h.wounds.items() if s == "severe"]
        options = []
        if minors:
            options.append("minor")
        if severes:
            options.append("severe")
        pick = self.ask("rest", h.id, options, "Remove two minor wounds or one severe wound?")
        for space in minors[:2] if pick == "minor" else severes[:1]:
            severity = h.wounds.pop(space)
            self.emit("healed", hero=h.id, space=space, severity=severity, reason="rest")

    # --- the end of a turn (WI-OBS) ------------------------------------------------------

    def end_of_turn(self, h: HeroState) -> None:
        """Meet one obstacle in the hero's area, or advance the battle track and meet what
        it places (WI-OBS-02..07, WI-TRACK-03)."""
        area = self.board.area_of(h.location)
        if h.ignore_obstacle:
            # WI-OBS-07: a hero who meets no obstacle because they ignored one or more does
            # not advance along the battle track. With none in the area they ignored none:
            # the track advances (WI-OBS-06) and the hero ignores what it places too.
            h.ignore_obstacle = False
            if not any(o.monsters or o.misfortune for o in self.state.obstacles_in(area)):
                self.advance_track(h, encounter=False)
            self.emit("obstacle-ignored", hero=h.id)
            return
        options: list[dict[str, Any]] = []
        for obstacle in self.state.obstacles_in(area):
            for i, token in enumerate(obstacle.monsters):
                options.append(
                    {
                        "obstacle": "monster",
                        "space": obstacle.id,
                        "index": i,
                        "monster": token.monster if token.face_up else None,
                    }
                )
            if obstacle.misfortune:
                options.append({"obstacle": "misfortune", "space": obstacle.id})
        if not options:
            self.advance_track(h, encounter=True)  # WI-OBS-06
            return
        pick = self.ask("obstacle", h.id, options, "Which obstacle do you face?")  # WI-OBS-05
        obstacle = next(o for o in self.state.obstacles if o.id == pick["space"])
        if pick["obstacle"] == "monster":
            self.encounter_monster(h, obstacle, obstacle.monsters[pick["index"]])
        else:
            obstacle.misfortune = False  # WI-OBS-03
            self.emit(
                "encounter", hero=h.id, obstacle="misfortune", monster=None, space=obstacle.id
            )
            self.misfortune_card(h, "misfortune token")
