"""The public game object: create, run or step, log, replay.

A game is ``(content, setup, seed, decisions)``. :class:`Game` records every decision and
every event; :meth:`Game.replay` re-runs a log's decisions with its seed and returns a new
game whose events must equal the logged ones (:meth:`Game.verify`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.decisions import (
    Controller,
    FirstOptionController,
    ScriptedController,
)
from questforge.engine.core.errors import EngineError
from questforge.engine.core.events import Event, EventLog, JSONValue, first_divergence
from questforge.engine.gloomhaven.game import battle_goals
from questforge.engine.gloomhaven.game.board import Board
from questforge.engine.gloomhaven.game.enhanced import enhanced_content
from questforge.engine.gloomhaven.game.rounds import Step, round_flow
from questforge.engine.gloomhaven.game.rules import GameOver, Rules
from questforge.engine.gloomhaven.game.setup import (
    Setup,
    bonus_xp,
    build_state,
    coin_value,
    monster_level,
    place_party,
    trap_damage,
)
from questforge.engine.gloomhaven.game.spec import Content, ScenarioSpec
from questforge.engine.gloomhaven.game.state import GameState

LOG_FORMAT = 1


class GameError(EngineError):
    """A game that stopped on an error (a controller failed) was asked to continue."""


ENGINE_ID = "questforge-gloomhaven-engine/1"

_BOARDS: dict[int, tuple[ScenarioSpec, Board]] = {}


def board_for(spec: ScenarioSpec) -> Board:
    """Static boards are cached per scenario object (bulk simulation reuses them)."""
    hit = _BOARDS.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    board = Board(spec)
    if len(_BOARDS) > 64:
        _BOARDS.clear()
    _BOARDS[id(spec)] = (spec, board)
    return board


def _evaluate_formula(text: str, level: int, players: int) -> int:
    from questforge.engine.gloomhaven.formula import evaluate

    return evaluate(text, L=level, C=players)


@dataclass(frozen=True)
class CharacterResult:
    id: str
    exhausted: bool
    xp: int
    coins: int
    gold: int
    treasures: tuple[str, ...]
    #: items gained from treasures (GH-TREAS-02)
    items: tuple[str, ...]
    damage_taken: int
    cards_lost: int
    #: the battle goal kept (GH-BG-01), whether it was met and the checkmarks it gave
    #: (GH-BG-02/03/05); ``""`` without battle goals
    battle_goal: str = ""
    battle_goal_met: bool = False
    checkmarks: int = 0


@dataclass(frozen=True)
class GameResult:
    """``outcome``: ``"won"``, ``"lost"`` or ``"unfinished"`` (safety cap on rounds)."""

    outcome: str
    rounds: int
    characters: tuple[CharacterResult, ...]
    kills: Mapping[str, int] = field(default_factory=dict)
    rooms_revealed: tuple[str, ...] = ()

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "outcome": self.outcome,
            "rounds": self.rounds,
            "kills": dict(sorted(self.kills.items())),
            "rooms_revealed": list(self.rooms_revealed),
            "characters": [
                {
                    "id": c.id,
                    "exhausted": c.exhausted,
                    "xp": c.xp,
                    "coins": c.coins,
                    "gold": c.gold,
                    "treasures": list(c.treasures),
                    "items": list(c.items),
                    "damage_taken": c.damage_taken,
                    "cards_lost": c.cards_lost,
                }
                for c in self.characters
            ],
        }


class Game:
    """One scenario playthrough.

    >>> game = Game(content, Setup("scenario-id", ("brute", "mage")), seed=7)  # doctest: +SKIP
    >>> result = game.run(FirstOptionController())                             # doctest: +SKIP

    Stepping: :meth:`step_turn` / :meth:`step_round` advance to the next boundary and
    return the events that happened; :attr:`state` is live between steps. The controller
    can change between steps (a person takes over a character mid-game).
    """

    def __init__(
        self,
        content: Content,
        setup: Setup,
        seed: int | str = 0,
        controller: Controller | None = None,
    ) -> None:
        # GH-ENH-03: enhanced cards are the class's cards changed before play (the same
        # content object when nobody has an enhancement)
        content = enhanced_content(content, setup.enhancements)
        self.content = content
        self.setup = setup
        self.seed = seed
        self.scenario = content.scenarios.get(setup.scenario, None)
        self.state: GameState = build_state(content, setup, seed)
        assert self.scenario is not None
        self.board = board_for(self.scenario)
        self.log = EventLog()
        self.rules = Rules(
            content,
            self.scenario,
            self.board,
            self.state,
            self.log,
            controller or FirstOptionController(),
            _evaluate_formula,
        )
        self.rules.modifier_cards = _modifier_index(content, setup)
        self.rules.monster_level = monster_level(self.state.level, setup.solo)
        self.rules.trap_bonus = 1 if setup.solo else 0
        #: each character's battle goals, the kept one first (GH-BG-01): as set up, or as
        #: chosen at the start when ``setup.choose_battle_goals``
        self.battle_goals: dict[str, tuple[str, ...]] = dict(setup.battle_goals)
        self._flow: Iterator[Step] | None = None
        self._started = False
        self._error: Exception | None = None
        self.result: GameResult | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        pack: Any,
        scenario: str,
        players: Sequence[str],
        level: int | None = None,
        seed: int | str = 0,
        *,
        character_levels: Sequence[int] = (),
        solo: bool = False,
        hands: Mapping[str, Sequence[str]] | None = None,
        items: Mapping[str, Sequence[str]] | None = None,
        controller: Controller | None = None,
    ) -> Game:
        """Build a game from a pack: the content model of a loaded pack, a pack folder
        path, or an engine :class:`~.spec.Content`."""
        content = as_content(pack)
        setup = Setup(
            scenario=scenario,
            characters=tuple(players),
            level=level,
            character_levels=tuple(character_levels),
            solo=solo,
            hands={k: tuple(v) for k, v in (hands or {}).items()},
            items={k: tuple(v) for k, v in (items or {}).items()},
        )
        return cls(content, setup, seed, controller)

    # ------------------------------------------------------------------ running
    @property
    def controller(self) -> Controller:
        return self.rules.controller

    @controller.setter
    def controller(self, value: Controller) -> None:
        self.rules.controller = value

    @property
    def events(self) -> list[Event]:
        return self.log.events

    @property
    def decisions(self) -> list[dict[str, JSONValue]]:
        return self.rules.answers

    @property
    def finished(self) -> bool:
        return self.result is not None

    def start(self, controller: Controller | None = None) -> list[Event]:
        """Set the scenario up (starting room revealed, characters placed) without playing
        a round; returns the setup events. Called implicitly by the step methods."""
        if controller is not None:
            self.rules.controller = controller
        before = len(self.log.events)
        self._start()
        return self.log.events[before:]

    def _start(self) -> None:
        if self._started:
            return
        self._started = True
        st = self.state
        self.rules.emit(
            "setup",
            scenario=self.setup.scenario,
            players=st.players,
            level=st.level,
            monster_level=self.rules.monster_level,
            trap_damage=trap_damage(st.level, self.setup.solo),
            hazard_damage=trap_damage(st.level, self.setup.solo) // 2,
            coin_value=coin_value(st.level),
            bonus_xp=bonus_xp(st.level),
            characters=list(self.setup.characters),
            seed=self.seed if isinstance(self.seed, int) else str(self.seed),
        )
        if self.setup.choose_battle_goals:
            self.battle_goals = battle_goals.choose(self.rules.ask, self.setup.battle_goals)
        with contextlib.suppress(GameOver):
            place_party(self.rules, self.setup)
        self._flow = round_flow(self.rules)

    def _advance(self, stop: Callable[[Step], bool], controller: Controller | None) -> list[Event]:
        if controller is not None:
            self.rules.controller = controller
        before = len(self.log.events)
        if self.result is not None:
            return []
        if self._error is not None:
            raise GameError(
                f"the game stopped on an error and cannot go on: {self._error}"
            ) from self._error
        try:
            self._start()
            assert self._flow is not None
            for step in self._flow:
                if self.state.phase == "finished":
                    break
                if stop(step):
                    return self.log.events[before:]
        except Exception as exc:
            # e.g. a scripted controller ran out of answers: the round generator is gone,
            # so the game cannot resume (replay its log instead)
            self._error = exc
            raise
        self._finish()
        return self.log.events[before:]

    def step_turn(self, controller: Controller | None = None) -> list[Event]:
        """Advance past the next boundary: card selection, one figure's turn (each monster,
        summon and character separately), or the end of the round."""
        return self._advance(lambda s: True, controller)

    def step_round(self, controller: Controller | None = None) -> list[Event]:
        """Advance to the end of the current round."""
        return self._advance(lambda s: s[0] == "round", controller)

    def run(self, controller: Controller | None = None) -> GameResult:
        """Play to the end and return the result."""
        self._advance(lambda s: False, controller)
        assert self.result is not None
        return self.result

    def _finish(self) -> None:
        if self.result is not None:
            return
        st = self.state
        st.phase = "finished"
        if st.lost_game:
            outcome = "lost"
        elif st.goal_met:
            outcome = "won"
        else:
            outcome = "unfinished"
        level = st.level
        # GH-END-02, GH-BG-02..06: battle goals are checked before the bonus XP
        goals = {
            g.character: g
            for g in battle_goals.outcomes(
                self.content,
                self.battle_goals,
                self.setup.characters,
                self.log.events,
                {cid: len(c.lost) for cid, c in st.characters.items()},
                outcome == "won",
            )
        }
        for g in goals.values():
            self.rules.emit(
                "battle_goal",
                character=g.character,
                goal=g.goal,
                met=g.met,
                checkmarks=g.checkmarks,
                **({"counter": g.counter, "count": g.count} if g.count is not None else {}),
                discarded=list(g.discarded),
            )
        chars = []
        for c in st.characters.values():
            goal = goals.get(c.id)
            xp = c.xp + (bonus_xp(level) if outcome == "won" else 0)  # GH-END-05/07
            chars.append(
                CharacterResult(
                    id=c.id,
                    exhausted=c.exhausted,
                    xp=xp,
                    coins=c.coins,
                    # GH-END-06 money tokens at the level's value, plus treasure gold
                    gold=c.coins * coin_value(level) + c.treasure_gold,
                    treasures=tuple(c.treasures),
                    items=tuple(c.treasure_items),
                    damage_taken=c.damage_taken,
                    cards_lost=len(c.lost),
                    battle_goal=goal.goal if goal is not None else "",
                    battle_goal_met=goal.met if goal is not None else False,
                    checkmarks=goal.checkmarks if goal is not None else 0,
                )
            )
        self.result = GameResult(
            outcome, st.round, tuple(chars), dict(st.killed), tuple(st.revealed_rooms)
        )
        self.rules.emit("scenario_end", outcome=outcome, rounds=st.round)

    def cleanup(self) -> None:
        """GH-END-08/09, after the scenario: every character gets all ability cards back,
        bless, curse and scenario/item modifier cards leave the decks, items refresh.

        Not done by :meth:`run`, so the final state (cards lost, decks) stays visible to
        views and reports; call it before carrying characters into a next scenario."""
        if self.result is None:
            raise GameError("the scenario is not over")
        temporary = {cid for cid, card in self.rules.modifier_cards.items() if card.temporary}
        for c in self.state.characters.values():
            c.hand.extend([*c.discard, *c.lost, *(a.card for a in c.active), *c.selected])
            c.discard, c.lost, c.active, c.selected = [], [], [], []
            deck = c.modifier_deck
            deck.draw_pile.extend(deck.discard)
            deck.discard = []
            for special in ("bless", "curse", *sorted(temporary)):
                deck.remove_all(special)
            for item in c.items:
                c.items[item] = "ready"
            c.item_uses = {}  # GH-ITEM-09: refreshed items start with every use slot
        self.state.monster_modifier_deck.remove_all("bless")
        self.state.monster_modifier_deck.remove_all("curse")

    def monster_situation(self, figure_id: str) -> dict[str, JSONValue]:
        """The monster-AI situation a monster (or summon) faces now, as a situation file
        (``SITUATION.md``): the editor's "export this moment"."""
        from questforge.engine.gloomhaven.game.monster_turn import (
            current_situation,
            situation_to_json,
        )

        return situation_to_json(current_situation(self.rules, self.state.figures[figure_id]))

    # ------------------------------------------------------------------ logs & replay
    def to_log(self) -> dict[str, JSONValue]:
        """The game log: setup, seed, decisions, events and result, all JSON data."""
        return {
            "format": LOG_FORMAT,
            "engine": ENGINE_ID,
            "ruleset": "gloomhaven",
            "pack": {"id": self.content.pack_id, "version": self.content.pack_version},
            "setup": self.setup.to_json(),
            "seed": self.seed,
            "decisions": list(self.rules.answers),
            "events": self.log.to_json(),
            "result": self.result.to_json() if self.result is not None else None,
        }

    @classmethod
    def replay(cls, log: Mapping[str, Any], pack: Any) -> Game:
        """Re-run a log's setup and decisions with its seed; compare ``.events``."""
        if log.get("format") != LOG_FORMAT:
            raise ValueError(f"unsupported game log format {log.get('format')!r}")
        content = as_content(pack)
        logged = log.get("pack") or {}
        if (
            isinstance(logged, Mapping)
            and logged.get("id")
            and content.pack_id
            and logged.get("id") != content.pack_id
        ):
            raise ValueError(
                f"the log was recorded with pack {logged.get('id')!r}, not {content.pack_id!r}"
            )
        if "setup" not in log or "seed" not in log:
            raise ValueError("a game log needs 'setup' and 'seed'")
        setup = Setup.from_json(log["setup"])
        game = cls(content, setup, log["seed"])
        game.run(ScriptedController(list(log.get("decisions", []))))
        return game

    @classmethod
    def verify(cls, log: Mapping[str, Any], pack: Any) -> int | None:
        """Index of the first event that differs on replay, ``None`` if identical."""
        game = cls.replay(log, pack)
        return first_divergence(list(log.get("events", [])), game.log.to_json())


def _modifier_index(content: Content, setup: Setup) -> dict[str, Any]:
    index: dict[str, Any] = {c.id: c for c in content.monster_modifier_deck}
    for cls in content.classes.values():
        for c in cls.modifier_deck:
            index[c.id] = c
        for perk in cls.perks:  # GH-AMD-11: the class's own cards, added by perks
            for c, _ in perk.add:
                index[c.id] = c
    for item in content.items.values():
        for c in item.modifier_cards:
            index[c.id] = c
    return index


def as_content(pack: Any) -> Content:
    """Accept an engine :class:`Content`, a loaded content model or a pack path."""
    if isinstance(pack, Content):
        return pack
    from questforge.engine.gloomhaven.game.from_model import content_from_pack

    return content_from_pack(pack)
