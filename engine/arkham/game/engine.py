"""The Arkham rules engine: one deterministic game from (content, setup, seed, decisions).

:class:`ArkhamGame` owns the state and the rules that several phases share: skill checks
(AH-CHECK), combat (AH-CMB, AH-WPN, AH-SPELL), the declarative effects of cards
(:mod:`.effects`), investigator status (AH-STAT), gates, monsters, terror and doom, and the
end of the game (AH-WIN, AH-SCORE). The five phases of a round and the final battle are in
:mod:`.phases`. Every choice is a :class:`~questforge.engine.core.decisions.Decision` asked
of the controller, every change an event in :attr:`ArkhamGame.log`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from questforge.engine.arkham.game import phases
from questforge.engine.arkham.game.state import (
    GameOver,
    GameState,
    Gate,
    InvState,
    MonsterToken,
)
from questforge.engine.arkham.model import ArkhamModel, Board, InvestigatorCard, Monster
from questforge.engine.arkham.model.types import SPECIAL_CHECKS, Effect
from questforge.engine.core.decisions import (
    Controller,
    Decision,
    FirstOptionController,
    check_index,
)
from questforge.engine.core.events import Event, EventLog, JSONValue, to_jsonable
from questforge.engine.core.game import SetupError as CoreSetupError
from questforge.engine.core.rng import Rng

PLAYERS = "players"


class SetupError(CoreSetupError):
    """The setup does not fit the content (unknown Ancient One, too many players...)."""


@dataclass(frozen=True)
class Setup:
    """What a game is set up with; every field has a default (the game face declares the
    options a person chooses: ``players``, ``ancient_one``, ``investigators``)."""

    players: int = 2
    #: an Ancient One id, or ``random`` (AH-SETUP-05)
    ancient_one: str = "random"
    #: investigator ids (comma separated), or ``random`` (AH-SETUP-04)
    investigators: str = "random"
    #: a game still running after this many rounds ends as ``unfinished``
    max_rounds: int = 60


@dataclass
class CombatResult:
    outcome: str  # defeated | fled | evaded | lost (knocked out) | ended


class ArkhamGame:
    """One game. ``run(controller)`` plays it to the end and returns the final state."""

    def __init__(self, model: ArkhamModel, setup: Setup | None = None, seed: int | str = 0) -> None:
        if model.board is None:
            raise SetupError("the content has no board")
        self.model = model
        self.board: Board = model.board
        self.rules = model.rules
        self.setup = setup or Setup()
        self.seed = seed
        self.rng = Rng(seed)
        self.log = EventLog()
        self.controller: Controller = FirstOptionController()
        if not 1 <= self.setup.players <= min(8, len(model.investigators)):
            raise SetupError(
                f"{self.setup.players} players, but the content has "
                f"{len(model.investigators)} investigators (1-8 players)"
            )
        self.state = GameState(players=self.setup.players, ancient_one="")
        #: every answered decision (``kind``, ``actor``, ``index``, ``option``): with the
        #: seed, enough to replay the game
        self.answers: list[dict[str, JSONValue]] = []
        self._started = False
        self._phase = 0
        self.sky = self._role_area("sky")
        self.outskirts = self._role_area("outskirts")
        self.lost = self._role_area("lost-in-time-and-space")

    def _role_area(self, role: str) -> str:
        area = self.board.by_role(role)
        if area is None:
            raise SetupError(f"the board has no area with role {role!r}")
        return area.id

    # ------------------------------------------------------------------ plumbing
    def emit(self, type_: str, **fields: Any) -> None:
        self.log.emit(type_, **fields)

    def ask(
        self, kind: str, actor: str, options: Sequence[JSONValue], prompt: str = "", **context: Any
    ) -> Any:
        """Ask the controller; a single option is taken without asking."""
        opts = tuple(to_jsonable(list(options)))
        if len(opts) == 1:
            return opts[0]
        decision = Decision(kind, actor, opts, to_jsonable(context), prompt)
        index = check_index(decision, self.controller.choose(decision))
        self.answers.append({"kind": kind, "actor": actor, "index": index, "option": opts[index]})
        return opts[index]

    @property
    def finished(self) -> bool:
        return self.state.outcome is not None

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def events(self) -> list[Event]:
        return self.log.events

    def step(self, controller: Controller | None = None) -> list[Event]:
        """Play one step: the setup, or one phase of a round (the final battle runs inside
        the step that awakens the Ancient One). Returns the step's events."""
        if controller is not None:
            self.controller = controller
        start = len(self.log)
        if self.finished:
            return []
        try:
            if not self._started:
                self._started = True
                phases.setup(self)
            else:
                if self._phase == 0:
                    if self.state.round >= self.setup.max_rounds:
                        self.finish("unfinished", "unfinished")
                    phases.begin_round(self)
                name, phase = phases.PHASES[self._phase]
                self.state.phase = name
                self._phase += 1
                phase(self)
                if self._phase == len(phases.PHASES):
                    self._phase = 0
                    phases.end_round(self)
        except GameOver:
            pass
        return self.log.events[start:]

    def run(self, controller: Controller | None = None, round_cap: int | None = None) -> GameState:
        """Play the whole game (setup, rounds, perhaps the final battle), or stop once
        ``round_cap`` rounds are complete."""
        while not self.finished:
            capped = round_cap is not None and self.state.round >= round_cap
            if capped and self._started and self._phase == 0:
                break
            self.step(controller)
        return self.state

    # ------------------------------------------------------------------ content lookups
    def inv(self, ident: str) -> InvState:
        return next(i for i in self.state.investigators if i.id == ident)

    def card(self, ident: str) -> InvestigatorCard:
        return self.model.cards[ident]

    def monster(self, token: MonsterToken | str) -> Monster:
        return self.model.monsters[token.monster if isinstance(token, MonsterToken) else token]

    @property
    def ancient(self) -> Any:
        return self.model.ancient_ones[self.state.ancient_one]

    def in_town(self, area: str) -> bool:
        a = self.board.areas.get(area)
        return a is not None and a.type in ("location", "street")

    def is_location(self, area: str) -> bool:
        a = self.board.areas.get(area)
        return a is not None and a.type == "location"

    # ------------------------------------------------------------------ skills and checks
    def base_skill(self, inv: InvState, skill: str) -> int:
        data = self.model.investigators[inv.id]
        for slider, pos in zip(data.sliders, inv.sliders, strict=False):
            if slider.top == skill:
                return slider.top_values[pos]
            if slider.bottom == skill:
                return slider.bottom_values[pos]
        return 0

    def modifiers(self, inv: InvState, check: str) -> int:
        """Modifiers to ``check`` from held cards without hands, the investigator's
        ability, the Ancient One and the environment in play (AH-CHECK-05)."""
        total = 0
        for cid in inv.cards:
            c = self.card(cid)
            if c.hands == 0 and not c.is_spell:
                total += sum(b.amount for b in c.bonuses if b.check == check)
        mods = list(self.model.investigators[inv.id].modifiers)
        if self.state.ancient_one:
            mods += self.ancient.modifiers
        if self.state.environment:
            mods += self.model.mythos[self.state.environment].modifiers
        return total + sum(m.amount for m in mods if m.check == check)

    def skill(self, inv: InvState, check: str) -> int:
        """Dice for ``check`` before the check's own modifier: the skill a special check
        uses plus every modifier to that skill and to the special check (AH-CHECK-05)."""
        base = SPECIAL_CHECKS.get(check, check)
        value = self.base_skill(inv, base) + self.modifiers(inv, base)
        if base != check:
            value += self.modifiers(inv, check)
        return value

    def roll(self, dice: int) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(max(0, dice))]

    def successes(self, inv: InvState, rolls: Sequence[int]) -> int:
        """5 and 6 succeed; 4-6 when blessed, only 6 when cursed (AH-CHECK-04/07)."""
        need = 4 if inv.blessed else 6 if inv.cursed else 5
        return sum(1 for r in rolls if r >= need)

    def check(
        self,
        inv: InvState,
        check: str,
        modifier: int = 0,
        difficulty: int = 1,
        *,
        label: str = "",
        extra: int = 0,
        count_only: bool = False,
    ) -> int:
        """A skill check (AH-CHECK-01..06); returns the successes (``count_only``) or
        1/0 for pass/fail. Clues may be spent after a failure, one extra die each."""
        dice = self.skill(inv, check) + modifier + extra
        rolls = self.roll(dice) if dice > 0 else []  # 0 or fewer dice: automatic fail
        hits = self.successes(inv, rolls)
        self.emit(
            "check",
            investigator=inv.id,
            check=check,
            dice=max(dice, 0),
            rolls=rolls,
            successes=hits,
            difficulty=difficulty,
            label=label,
        )
        while (count_only or hits < difficulty) and inv.clues > 0:
            spend = self.ask(
                "spend-clue",
                inv.id,
                ["stop", "spend"],
                f"spend a clue for one more die on {check}?",
                check=check,
                label=label,
                successes=hits,
                difficulty=difficulty,
                clues=inv.clues,
            )
            if spend != "spend":
                break
            inv.clues -= 1
            die = self.roll(1)
            hits += self.successes(inv, die)
            self.emit("clue-spent", investigator=inv.id, roll=die[0], successes=hits)
        if count_only:
            return hits
        passed = hits >= difficulty
        self.emit("check-result", investigator=inv.id, check=check, passed=passed, label=label)
        return 1 if passed else 0

    # ------------------------------------------------------------------ resources and status
    def gain(self, inv: InvState, what: str, amount: int) -> None:
        if what == "sanity":
            amount = min(amount, inv.max_sanity - inv.sanity)  # AH-STAT-01
            inv.sanity += amount
        elif what == "stamina":
            amount = min(amount, inv.max_stamina - inv.stamina)
            inv.stamina += amount
        elif what == "money":
            inv.money += amount
        else:
            inv.clues += amount
        if amount:
            self.emit("gained", investigator=inv.id, what=what, amount=amount)

    def lose(self, inv: InvState, what: str, amount: int) -> None:
        """Lose a resource; sanity or stamina at 0 drives insane / knocks out (AH-STAT)."""
        have = getattr(inv, what)
        taken = min(have, amount) if what in ("money", "clues") else amount
        setattr(inv, what, have - taken)
        if taken:
            self.emit("lost", investigator=inv.id, what=what, amount=taken)
        if what in ("sanity", "stamina") and getattr(inv, what) <= 0 and not inv.devoured:
            self.knocked_out(inv, "insane" if what == "sanity" else "unconscious")

    def knocked_out(self, inv: InvState, how: str) -> None:
        """Insane (AH-STAT-03) or unconscious (AH-STAT-04) in Arkham, or lost in time and
        space from an other world (AH-STAT-05); devoured in the final battle (AH-FINAL-07)."""
        if self.state.awakened:
            self.devour(inv)
            return
        if inv.sanity <= 0 and inv.stamina <= 0:
            self.devour(inv)  # both gone at once: devoured (AH-STAT-10)
            return
        self.emit("knocked-out", investigator=inv.id, how=how)
        self.lose_half(inv)  # AH-STAT-02
        in_world = inv.stage > 0 or inv.area == self.lost
        inv.sanity = max(inv.sanity, 1)
        inv.stamina = max(inv.stamina, 1)
        inv.out_this_round = True
        if in_world:
            self.lost_in_time(inv)  # AH-STAT-05
        else:
            role = "asylum" if how == "insane" else "hospital"
            target = self.board.by_role(role)
            self.move_inv(inv, target.id if target else inv.area)

    def lose_half(self, inv: InvState) -> None:
        """Discard half the items (rounded down, the investigator chooses) and half the
        clues, and every retainer (AH-STAT-02, AH-STAT-06)."""
        items = [c for c in inv.cards if self.card(c).is_item]
        for _ in range(len(items) // 2):
            items = [c for c in inv.cards if self.card(c).is_item]
            choice = self.ask("discard", inv.id, items, "discard an item", purpose="half")
            self.discard(inv, choice)
        lost = inv.clues // 2
        if lost:
            inv.clues -= lost
            self.emit("lost", investigator=inv.id, what="clues", amount=lost)
        for cid in list(inv.cards):
            if self.card(cid).special == "retainer":
                self.discard(inv, cid)

    def discard(self, inv: InvState, cid: str) -> None:
        inv.cards.remove(cid)
        inv.exhausted.discard(cid)
        card = self.card(cid)
        deck = self.state.decks.get(card.type)
        if deck is not None:
            deck.draw_pile.insert(0, cid)  # the bottom of its deck (AH-MISC-01)
        self.emit("discarded", investigator=inv.id, card=cid)

    def draw_card(self, inv: InvState, deck_name: str) -> str | None:
        deck = self.state.decks.get(deck_name)
        if deck is None or not deck.draw_pile:
            self.emit("deck-empty", deck=deck_name)
            return None
        cid = deck.draw_pile.pop()
        self.give(inv, cid)
        return cid

    def give(self, inv: InvState, cid: str) -> None:
        card = self.card(cid)
        if card.special in ("blessing", "curse"):
            self.set_blessing(inv, card.special)
        elif card.special and any(self.card(c).special == card.special for c in inv.cards):
            self.emit("card-refused", investigator=inv.id, card=cid)  # AH-MISC-02
            return
        inv.cards.append(cid)
        self.emit("card-gained", investigator=inv.id, card=cid)

    def set_blessing(self, inv: InvState, which: str) -> None:
        """Blessed and cursed replace each other (AH-STAT-11/12)."""
        inv.blessed = which == "blessing"
        inv.cursed = which == "curse"
        for cid in list(inv.cards):
            if self.card(cid).special in ("blessing", "curse"):
                inv.cards.remove(cid)
        self.emit("blessing", investigator=inv.id, state="blessed" if inv.blessed else "cursed")

    def move_inv(self, inv: InvState, area: str, stage: int = 0) -> None:
        if inv.area != area and inv.explored:
            self.emit("explored-lost", investigator=inv.id)  # AH-ENC-07, AH-CLOSE-02
            inv.explored = False
        inv.area = area
        inv.stage = stage
        self.emit("investigator-moved", investigator=inv.id, to=area, stage=stage)

    def lost_in_time(self, inv: InvState) -> None:
        """AH-STAT-09: to Lost in Time and Space, delayed."""
        self.move_inv(inv, self.lost)
        inv.delayed = True
        self.emit("delayed", investigator=inv.id)

    def arrest(self, inv: InvState) -> None:
        """AH-STAT-08: to the jail, half the money lost, delayed."""
        jail = self.board.by_role("jail")
        if jail is not None:
            self.move_inv(inv, jail.id)
        if inv.money // 2:
            self.lose(inv, "money", inv.money // 2)
        inv.delayed = True
        self.emit("arrested", investigator=inv.id)

    def devour(self, inv: InvState) -> None:
        """AH-STAT-10: the investigator is devoured. Outside the final battle the player
        goes on with a new investigator drawn from the unused ones; in it, they are out."""
        self.emit("devoured", investigator=inv.id)
        inv.devoured = True
        if not self.state.awakened and self.state.unused_investigators:
            new_id = self.state.unused_investigators.pop(0)
            fresh = phases.new_investigator(self, new_id, inv.player)
            fresh.monster_trophies = inv.monster_trophies  # unused trophies stay
            fresh.gate_trophies = inv.gate_trophies
            index = self.state.investigators.index(inv)
            self.state.investigators[index] = fresh
            phases.equip(self, fresh)
            self.emit("investigator-joined", investigator=new_id, player=inv.player)
        elif all(i.devoured for i in self.state.investigators):
            self.finish("lost", "devoured")  # AH-FINAL-08, AH-WIN-05

    # ------------------------------------------------------------------ effects
    def apply(self, inv: InvState, effects: Sequence[Effect], where: str = "") -> None:
        from questforge.engine.arkham.game.effects import apply_effects

        apply_effects(self, inv, effects, where)

    # ------------------------------------------------------------------ monsters
    def monster_stat(self, token: MonsterToken | str, stat: str) -> int:
        """A monster's stat with the Ancient One's worshipper changes."""
        m = self.monster(token)
        value: int = getattr(m, stat)
        ao = self.ancient if self.state.ancient_one else None
        if ao is not None and ao.worshipper_dimension == m.dimension:
            if stat == "toughness":
                value += ao.worshipper_toughness
            elif stat == "combat_rating":
                value += ao.worshipper_combat
        return value

    def counted_monsters(self) -> int:
        """Monsters that count toward the limit: Arkham and the Sky (AH-LIMIT-02)."""
        return sum(1 for m in self.state.monsters if self.in_town(m.area) or m.area == self.sky)

    def monster_limit(self) -> int | None:
        if self.state.terror >= 10:
            return None  # AH-LIMIT-03
        return self.state.players + self.rules.monster_limit_base  # AH-LIMIT-01

    def draw_monster(self) -> str:
        if not self.state.cup:
            self.emit("cup-empty")
            self.awaken("the monster cup is empty")  # AH-REF-16
        index = self.rng.randbelow(len(self.state.cup))
        return self.state.cup.pop(index)

    def place_monster(self, area: str) -> MonsterToken | None:
        """A monster from the cup appears at ``area`` or, over the limit, in the Outskirts
        (AH-GATE-06, AH-OUT-01/02)."""
        if area in self.state.sealed:
            return None  # AH-ENC-04, AH-SEAL-03
        mid = self.draw_monster()
        limit = self.monster_limit()
        if limit is not None and self.counted_monsters() >= limit:
            area = self.outskirts
        token = MonsterToken(self.state.next_uid, mid, area)
        self.state.next_uid += 1
        self.state.monsters.append(token)
        self.emit("monster-appeared", monster=mid, uid=token.uid, area=area)
        if area == self.outskirts:
            outskirts = self.state.monsters_at(self.outskirts)
            if len(outskirts) > self.rules.outskirts_max(self.state.players):
                for t in outskirts:
                    self.return_monster(t)
                self.raise_terror(1)
        elif limit is None and self.counted_monsters() >= 2 * (
            self.state.players + self.rules.monster_limit_base
        ):
            self.awaken("the town is overrun")  # AH-REF-16 (5)
        return token

    def return_monster(self, token: MonsterToken) -> None:
        self.state.monsters.remove(token)
        self.state.cup.append(token.monster)
        self.emit("monster-returned", monster=token.monster, uid=token.uid, area=token.area)

    # ------------------------------------------------------------------ tracks
    def add_doom(self, amount: int = 1) -> None:
        for _ in range(amount):
            self.state.doom += 1
            self.emit("doom", level=self.state.doom, track=self.ancient.doom_track)
            if self.state.doom >= self.ancient.doom_track:
                self.awaken("the doom track is full")  # AH-GATE-04

    def raise_terror(self, amount: int = 1) -> None:
        """AH-TERROR: allies leave, stores close, the limit goes at 10; past 10 each rise
        adds doom instead (AH-REF-14)."""
        for _ in range(amount):
            if self.state.terror >= 10:
                self.add_doom(1)
                continue
            self.state.terror += 1
            self.emit("terror", level=self.state.terror)
            allies = self.state.decks.get("ally")
            if allies is not None and allies.draw_pile:
                gone = allies.draw_pile.pop(self.rng.randbelow(len(allies.draw_pile)))
                self.emit("ally-gone", card=gone)  # AH-TERROR-03
            for closure in self.rules.terror_closures:
                if closure.terror == self.state.terror:
                    self.close_location(closure.location, closure.moves_to)
            if self.state.terror == 10:
                self.emit("monster-limit-removed")
                for t in self.state.monsters_at(self.outskirts):
                    self.return_monster(t)

    def close_location(self, location: str, moves_to: str) -> None:
        """AH-TERROR-04..06: closed for good; occupants go to the street."""
        self.state.closed_for_good.add(location)
        self.shut(location, moves_to)

    def shut(self, location: str, moves_to: str) -> None:
        """A closed marker on ``location``: nobody may enter; occupants go to ``moves_to``."""
        self.state.closed.add(location)
        self.emit("location-closed", location=location)
        for inv in self.state.investigators_at(location):
            self.move_inv(inv, moves_to)
        for token in self.state.monsters_at(location):
            token.area = moves_to
            self.emit("monster-moved", uid=token.uid, monster=token.monster, to=moves_to)

    # ------------------------------------------------------------------ gates
    def close_gate(self, inv: InvState, location: str) -> None:
        """AH-CLOSE-04/05: the gate becomes a trophy; monsters of its dimension return."""
        gate = self.state.gates.pop(location)
        inv.gate_trophies.append(gate.marker)
        self.emit("gate-closed", location=location, investigator=inv.id, marker=gate.marker)
        for token in list(self.state.monsters):
            town = self.in_town(token.area) or token.area in (self.sky, self.outskirts)
            if town and self.monster(token).dimension == gate.dimension:
                self.return_monster(token)

    def seal(self, location: str, elder_sign: bool = False) -> None:
        self.state.sealed.add(location)
        self.emit("sealed", location=location, elder_sign=elder_sign)
        self.check_victory()

    def check_victory(self) -> None:
        """AH-WIN-02/03: sealed enough gates, or no gate open with enough trophies."""
        if len(self.state.sealed) >= self.rules.seals_to_win:
            self.finish("won", "sealed")
        if not self.state.gates and self.state.gates_opened:
            trophies = sum(len(i.gate_trophies) for i in self.state.investigators)
            if trophies >= self.state.players:
                self.finish("won", "closed")

    # ------------------------------------------------------------------ the end
    def awaken(self, why: str) -> None:
        """AH-AWAKE: the Ancient One awakens; the final battle decides the game."""
        if self.state.awakened:
            return
        self.state.awakened = True
        self.state.doom = self.ancient.doom_track  # AH-AWAKE-03
        self.emit("awakened", reason=why, doom=self.state.doom)
        phases.final_battle(self)

    def score(self) -> int:
        """AH-SCORE-01 with the AH-REF-18 fix: doom track - terror - elder signs used +
        gate trophies + monster trophies // 3 + investigators still in play."""
        st = self.state
        gates = sum(len(i.gate_trophies) for i in st.investigators)
        monsters = sum(len(i.monster_trophies) for i in st.investigators)
        loans = sum(
            1 for i in st.investigators for c in i.cards if self.card(c).special == "bank-loan"
        )
        alive = sum(1 for i in st.investigators if not i.devoured)
        return (
            self.ancient.doom_track
            - st.terror
            - loans
            - st.elder_signs_used
            + gates
            + monsters // 3
            + alive
        )

    def finish(self, outcome: str, how: str) -> None:
        st = self.state
        st.outcome, st.how = outcome, how
        fields: dict[str, Any] = {"outcome": outcome, "how": how, "round": st.round}
        if outcome == "won":
            fields["score"] = self.score()
        self.emit("game-over", **fields)
        raise GameOver(outcome)


def gate_for(game: ArkhamGame, location: str, marker: str) -> Gate:
    m = game.model.gate_markers[marker]
    return Gate(location, marker, m.world, m.modifier, m.dimension)
