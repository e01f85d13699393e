"""The Arkham rules engine: one deterministic game from (content, setup, seed, decisions).

:class:`ArkhamGame` owns the state, the step driver, content lookups and the end of the
game (AH-AWAKE, AH-WIN, AH-SCORE). The rules several phases share are functions of the game
in modules named for their concern: skill checks in :mod:`.checks` (AH-CHECK), investigator
status in :mod:`.status` (AH-STAT), monsters, terror, doom, gates and seals in :mod:`.town`,
combat in :mod:`.combat`, the declarative effects of cards in :mod:`.effects`; the five
phases of a round and the final battle in :mod:`.phases`. Every choice is a :class:`~questforge.engine.core.decisions.Decision` asked
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
from questforge.engine.arkham.model.types import Effect
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

    def roll(self, dice: int) -> list[int]:
        """``dice`` six-sided dice from the game's seeded generator (tests script them)."""
        return [self.rng.randint(1, 6) for _ in range(max(0, dice))]

    # ------------------------------------------------------------------ effects
    def apply(
        self, inv: InvState, effects: Sequence[Effect], where: str = "", card: str | None = None
    ) -> None:
        from questforge.engine.arkham.game.effects import apply_effects

        apply_effects(self, inv, effects, where, card)

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
            from questforge.engine.arkham.game.metrics import first_citizen

            fields["score"] = self.score()  # AH-SCORE-01
            fields["first_citizen"] = first_citizen(self)  # AH-WIN-06
        self.emit("game-over", **fields)
        raise GameOver(outcome)


def gate_for(game: ArkhamGame, location: str, marker: str) -> Gate:
    m = game.model.gate_markers[marker]
    return Gate(location, marker, m.world, m.modifier, m.dimension)
