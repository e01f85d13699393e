"""The Descent game object: setup, the round, and the shared rules every turn uses.

A game is ``(pack, setup, seed, decisions)``. :meth:`DescentGame.run` plays it to the end,
asking every choice of a :class:`~questforge.engine.core.decisions.Controller` as a
:class:`~questforge.engine.core.decisions.Decision` and recording every change as an event
in :attr:`DescentGame.log`. Same inputs, same events: all randomness is the game's one
seeded :class:`~questforge.engine.core.rng.Rng`.

The round (DJ-ROUND-01): every hero takes a turn, in an order the heroes choose each round
(DJ-REF-39), then the Overlord. The heroes win when every objective is met (DJ-GOAL-01);
the Overlord wins when conquest reaches 0 (DJ-GOAL-02, DJ-REF-33) or the quest's round
limit passes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.decisions import Controller, Decision, check_index
from questforge.engine.core.events import Event, EventLog, JSONValue, to_jsonable
from questforge.engine.core.rng import Rng
from questforge.engine.descent.game.board import Geometry
from questforge.engine.descent.game.state import Cell, Figure, HeroFigure, MonsterFigure
from questforge.engine.descent.model import (
    DescentPack,
    Item,
    OverlordCard,
    Quest,
    Shop,
    footprint,
)

HAND_LIMIT = 8  # DJ-OVL-03
DEFAULT_SHOP = Shop(
    "default",
    "Town",
    {
        "healing-potion": 50,
        "vitality-potion": 50,
        "copper": 250,
        "silver": 500,
        "gold": 750,
        "skill": 1000,
        "training": 500,
    },
    {"copper": 125, "silver": 250, "gold": 375},
)


class GameOver(Exception):
    """Raised to end the game from anywhere: ``outcome`` is ``won``, ``lost`` or ``unfinished``."""

    def __init__(self, outcome: str, reason: str) -> None:
        super().__init__(reason)
        self.outcome = outcome
        self.reason = reason


@dataclass
class Setup:
    """What a game is played with; every field has a default (``play --auto`` needs none)."""

    quest: str
    heroes: int = 2
    #: hero ids, in seat order; empty = the first ``heroes`` heroes of the pack by id
    hero_ids: Sequence[str] = ()
    #: stop after this many rounds (the game is then ``unfinished``) unless the quest sets one
    round_cap: int = 40


@dataclass
class DescentGame:
    pack: DescentPack
    setup: Setup
    seed: int | str = 0
    log: EventLog = field(default_factory=EventLog)

    def __post_init__(self) -> None:
        quest = self.pack.get("quest", self.setup.quest)
        if quest is None:
            raise ValueError(f"no quest {self.setup.quest!r} in the pack")
        self.quest: Quest = quest
        self.qmap = self.pack.quest_map(quest)
        self.shop: Shop = self.pack.shop_for(quest) or DEFAULT_SHOP
        self.rng = Rng(self.seed)
        self.round = 0
        self.conquest = quest.conquest
        self.threat = 0
        self.heroes: list[HeroFigure] = []
        self.monsters: list[MonsterFigure] = []
        self.revealed: set[str] = set()
        self.open_doors: set[str] = {d.id for d in quest.doors if d.open}
        self.keys: set[str] = set()
        self.glyphs: set[str] = {o.id for o in quest.objects if o.type == "glyph" and o.active}
        self.taken: set[str] = set()  # map objects picked up or opened
        #: relics dropped on the map, by square (DJ-TREAS-14)
        self.dropped_relics: dict[Cell, list[Item]] = {}
        self.deck: list[OverlordCard] = []
        self.discard: list[OverlordCard] = []
        self.hand: list[OverlordCard] = []
        self.powers: list[OverlordCard] = []
        self.treasure: dict[str, list[Item]] = {}
        #: the skill decks after setup's draws (DJ-SETUP-03), drawn from in town (DJ-SHOP-01)
        self.skill_decks: dict[str, list[str]] = {}
        self.fired: set[str] = set()
        self.killed_named: set[str] = set()
        self.outcome = "unfinished"
        self.reason = ""
        self.controller: Controller | None = None
        self.active_hero: HeroFigure | None = None
        self._uid = 0
        self.geometry = Geometry(self, self.qmap)
        self.decisions = 0
        #: every answer given, as ``{"kind", "actor", "index", "option"}`` (the replay log)
        self.answers: list[dict[str, JSONValue]] = []
        self.finished = False
        self._flow: Iterator[None] | None = None

    # --- plumbing ----------------------------------------------------------------------

    def emit(self, type_: str, **fields: Any) -> None:
        self.log.emit(type_, **fields)

    def ask(
        self,
        kind: str,
        actor: str,
        options: Sequence[JSONValue],
        prompt: str,
        **context: JSONValue,
    ) -> Any:
        """Ask the controller; a choice of one option is made without asking."""
        if not options:
            raise ValueError(f"decision {kind!r} without options")
        if len(options) == 1:
            return options[0]
        assert self.controller is not None
        decision = Decision(kind, actor, tuple(options), context, prompt)
        index = check_index(decision, self.controller.choose(decision))
        self.decisions += 1
        self.answers.append(
            {"kind": kind, "actor": actor, "index": index, "option": to_jsonable(options[index])}
        )
        return options[index]

    def next_uid(self, prefix: str) -> str:
        self._uid += 1
        return f"{prefix}{self._uid}"

    def figures(self) -> list[Figure]:
        out: list[Figure] = [h for h in self.heroes if h.cell is not None]
        out += [m for m in self.monsters if m.cell is not None]
        return out

    def figure(self, uid: str) -> Figure | None:
        return next((f for f in [*self.heroes, *self.monsters] if f.uid == uid), None)

    def active_glyph_cells(self) -> set[Cell]:
        return {o.cell for o in self.quest.objects if o.type == "glyph" and o.id in self.glyphs}

    @property
    def hero_count(self) -> int:
        return len(self.heroes)

    # --- running ----------------------------------------------------------------------

    def run(self, controller: Controller) -> str:
        """Play the whole game; returns the outcome (``won``, ``lost``, ``unfinished``)."""
        while not self.finished:
            self.step(controller)
        return self.outcome

    def step(self, controller: Controller) -> list[Event]:
        """Play to the next boundary (setup, one hero's turn, the Overlord's turn) and
        return the events of that step. A controller that raises (a person must decide,
        in core's step API) leaves the game unusable: it is rebuilt and replayed."""
        self.controller = controller
        first = len(self.log.events)
        if self._flow is None:
            self._flow = self._rounds()
        try:
            next(self._flow)
        except GameOver as over:
            self._finish(over)
        except StopIteration:  # pragma: no cover - the flow only ends through GameOver
            self._finish(GameOver("unfinished", "the game stopped"))
        return self.log.events[first:]

    def _finish(self, over: GameOver) -> None:
        self.finished = True
        self.outcome = over.outcome
        self.reason = over.reason
        self.emit(
            "game-ended",
            outcome=over.outcome,
            reason=over.reason,
            round=self.round,
            conquest=self.conquest,
        )

    def _rounds(self) -> Iterator[None]:
        """The game as a sequence of steps: setup, then per round every hero's turn in an
        order the heroes choose (DJ-REF-39), then the Overlord's turn (DJ-ROUND-01)."""
        from questforge.engine.descent.game.heroes import hero_turn
        from questforge.engine.descent.game.overlord import overlord_turn
        from questforge.engine.descent.game.setup import setup_game

        setup_game(self)
        yield
        cap = self.quest.max_rounds or self.setup.round_cap
        while True:
            self.round += 1
            self.emit("round-started", round=self.round, conquest=self.conquest, threat=self.threat)
            self.fire_events("round", None)
            remaining = list(self.heroes)
            while remaining:
                uid = self.ask(
                    "hero-order", "heroes", [h.uid for h in remaining], "Which hero acts next?"
                )
                hero = next(h for h in remaining if h.uid == uid)
                remaining.remove(hero)
                hero_turn(self, hero)
                yield
            overlord_turn(self)
            yield
            if self.round >= cap:
                outcome = "lost" if self.quest.max_rounds else "unfinished"
                raise GameOver(outcome, f"round limit {cap} reached")

    # --- conquest, objectives, quest events -------------------------------------------

    def gain_conquest(self, amount: int, why: str) -> None:
        """Change conquest (DJ-CQ-02); the game ends at 0 or fewer (DJ-GOAL-02, DJ-REF-33)."""
        if amount == 0:
            return
        self.conquest += amount
        self.emit("conquest-changed", amount=amount, total=self.conquest, why=why)
        if self.conquest <= 0:
            raise GameOver("lost", "the heroes ran out of conquest")

    def check_objectives(self) -> None:
        """The heroes win once every objective is met (DJ-GOAL-01)."""
        if all(self._objective_met(o.type, o.target, o.cell) for o in self.quest.objectives):
            raise GameOver("won", "every objective is met")

    def _objective_met(self, kind: str, target: str | None, cell: Cell | None) -> bool:
        if kind == "kill":
            return target in self.killed_named
        if kind in ("open",):
            return target in self.taken
        if kind == "activate":
            return target in self.glyphs
        if kind == "reach":
            return any(h.cell == cell for h in self.heroes)
        if kind == "clear":
            if target not in self.revealed:
                return False
            return not any(
                m.cell is not None and self.qmap.area_of.get(m.cell) == target
                for m in self.monsters
            )
        return False

    def fire_events(self, trigger: str, target: str | None, cell: Cell | None = None) -> None:
        for ev in self.quest.events:
            if ev.trigger != trigger or (ev.once and ev.id in self.fired):
                continue
            if trigger == "round" and ev.round != self.round:
                continue
            if trigger == "square-entered" and ev.cell != cell:
                continue
            if trigger not in ("round", "square-entered") and ev.target != target:
                continue
            self.fired.add(ev.id)
            self.emit("quest-event", event=ev.id, text=str(ev.effect.get("text", "")))
            self.apply_effect(ev.effect, f"event {ev.id}")

    def apply_effect(self, effect: Mapping[str, Any], why: str) -> None:
        if effect.get("threat"):
            self.gain_threat(int(effect["threat"]), why)
        if effect.get("gold"):
            for h in self.heroes:
                h.gold += int(effect["gold"])
            self.emit(
                "gold-gained",
                heroes=[h.uid for h in self.heroes],
                amount=int(effect["gold"]),
                why=why,
            )
        if effect.get("open_door") and effect["open_door"] not in self.open_doors:
            self.open_door(str(effect["open_door"]), None)
        if effect.get("reveal"):
            self.reveal(str(effect["reveal"]))
        for s in effect.get("spawn", ()):
            monster = self.pack.get("monster", s["monster"])
            if monster is not None:
                self.place_monster(
                    monster, s.get("rank", "normal"), (int(s["cell"][0]), int(s["cell"][1])), why
                )
        if effect.get("conquest"):
            self.gain_conquest(int(effect["conquest"]), why)

    def gain_threat(self, amount: int, why: str) -> None:
        if amount:
            self.threat += amount
            self.emit("threat-changed", amount=amount, total=self.threat, why=why)

    # --- map ----------------------------------------------------------------------------

    def reveal(self, area: str) -> None:
        """Reveal an area: its monsters and named monsters appear (per hero count)."""
        if area in self.revealed:
            return
        self.revealed.add(area)
        self.emit("area-revealed", area=area)
        n = self.hero_count
        for p in self.quest.monsters:
            if self.qmap.area_of.get(p.cell) != area:
                continue
            rank = p.rank_for(n)
            monster = self.pack.get("monster", p.monster)
            if rank != "none" and monster is not None:
                self.place_monster(monster, rank, p.cell, "placed")
        for named in self.quest.named:
            monster = self.pack.get("monster", named.monster)
            if self.qmap.area_of.get(named.cell) == area and monster is not None:
                self.place_monster(monster, "master", named.cell, "placed", named=named)
        self.fire_events("area-revealed", area)
        self._discard_on_reveal()

    def _discard_on_reveal(self) -> None:
        """Wind Pact (DJ-SKILL-G13): whenever a new area is revealed the Overlord discards a
        card from hand per such skill. The Overlord chooses which (it is their hand); the
        card gives no threat, since that is only for discarding by choice (DJ-REF-27). The
        quest's first area is revealed before the Overlord's first draw (DJ-SETUP-06), so
        the empty hand makes it cost nothing, as it is no newly opened area."""
        for hero in self.heroes:
            for skill in hero.skills:
                for _ in range(skill.reveal_discard):
                    if not self.hand:
                        return
                    ident = self.ask(
                        "overlord-discard",
                        "overlord",
                        sorted({c.id for c in self.hand}),
                        f"{hero.name}'s {skill.name}: discard a card",
                    )
                    card = next(c for c in self.hand if c.id == ident)
                    self.hand.remove(card)
                    self.discard.append(card)
                    self.emit("overlord-card-lost", card=card.id, hero=hero.uid, why=skill.id)

    def place_monster(
        self, monster: Any, rank: str, cell: Cell, why: str, named: Any = None
    ) -> MonsterFigure:
        stats = monster.stats_for(self.hero_count, rank)
        wounds = stats.wounds
        armor = stats.armor
        bonus = 0
        name = monster.name if rank == "normal" else f"master {monster.name}"
        if named is not None:
            wounds += named.wounds * self.hero_count
            armor += named.armor
            bonus = named.damage
            name = named.name
        fig = MonsterFigure(
            uid=self.next_uid(f"{monster.id}-"),
            side="overlord",
            name=name,
            cell=cell,
            size=monster.size,
            max_wounds=wounds,
            wounds=wounds,
            monster=monster,
            rank=rank,
            stats=stats,
            named=named,
            armor=armor,
            speed=stats.speed,
            damage_bonus=bonus,
        )
        self.monsters.append(fig)
        self.emit(
            "monster-placed",
            figure=fig.uid,
            monster=monster.id,
            rank=rank,
            named=named.id if named is not None else None,
            cell=cell,
            wounds=wounds,
            why=why,
        )
        return fig

    def open_door(self, door_id: str, hero: Figure | None) -> None:
        """Open a door and reveal what lies behind it (DJ-MAP-08). ``hero`` is whoever opens
        it: a hero, a monster (a normal door into revealed areas, DJ-REF-31) or nobody (a
        quest effect); the event's ``hero`` field names that figure."""
        self.open_doors.add(door_id)
        self.geometry.rebuild()
        self.emit("door-opened", door=door_id, hero=hero.uid if hero else None)
        for area in sorted(self.qmap.door_areas(door_id)):
            self.reveal(area)
        self.fire_events("door-opened", door_id)

    def close_door(self, door_id: str, hero: Figure | None) -> None:
        """Close an open door: it blocks movement and sight again (DJ-MAP-08, DJ-REF-37);
        what was revealed stays revealed."""
        self.open_doors.discard(door_id)
        self.geometry.rebuild()
        self.emit("door-closed", door=door_id, hero=hero.uid if hero else None)

    def free_square_near(self, fig: Figure, around: Sequence[Cell]) -> Cell | None:
        """The first empty standable square among ``around`` and then their neighbours."""
        occupied = self.geometry.occupants()
        seen: list[Cell] = []
        for c in around:
            seen.append(c)
        for c in list(around):
            if c in self.geometry.board:
                seen.extend(sorted(self.geometry.board.neighbors(c)))
        for c in seen:
            if self.geometry.standable(fig, c, occupied):
                return c
        return None

    def squares_of(self, fig: Figure) -> list[Cell]:
        return footprint(fig.cell, fig.size) if fig.cell else []
