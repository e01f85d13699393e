"""Arkham's game face: the ruleset contract's game, implemented over :class:`ArkhamGame`.

A game starts from a ``board`` document (the town) with the rest of its pack: the
investigators, Ancient Ones, decks and monsters. ``questforge play``, ``simulate``,
``replay`` and the editor's playtest reach the engine only through :data:`FACE`.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from questforge.engine.arkham.game import spec
from questforge.engine.arkham.game.bots import ArkhamBot
from questforge.engine.arkham.game.engine import ArkhamGame, Setup
from questforge.engine.arkham.game.engine import SetupError as EngineSetupError
from questforge.engine.arkham.game.metrics import metrics
from questforge.engine.arkham.game.narrator import Narrator
from questforge.engine.arkham.game.view import render
from questforge.engine.arkham.model import ArkhamModel, load_pack_model
from questforge.engine.core.decisions import Controller, Decision
from questforge.engine.core.events import Event, JSONValue
from questforge.engine.core.game import (
    Actor,
    DecisionSpec,
    EventSpec,
    GameContentError,
    GameSummary,
    SetupError,
    SetupOption,
    TextBoard,
    TextSpan,
)
from questforge.engine.core.targets import Target, read_documents

ENGINE_ID = "arkham-1"
ROUND_CAP = 60
#: the actor of decisions the investigators take together (who takes a clue, AH-CLUE-02)
PLAYERS_ACTOR = "players"

EVENT_TYPES: tuple[EventSpec, ...] = tuple(spec.EVENTS.values())
DECISION_TYPES: tuple[DecisionSpec, ...] = tuple(spec.DECISIONS.values())


class ArkhamPlayable:
    """An :class:`ArkhamGame` seen through the contract's ``PlayableGame`` protocol."""

    def __init__(self, game: ArkhamGame) -> None:
        self.game = game

    @property
    def events(self) -> Sequence[Event]:
        return self.game.events

    @property
    def answers(self) -> Sequence[Mapping[str, JSONValue]]:
        return self.game.answers

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def round(self) -> int:
        return self.game.round

    def step(self, controller: Controller) -> list[Event]:
        return self.game.step(controller)

    def run(self, controller: Controller, round_cap: int | None = None) -> None:
        self.game.run(controller, round_cap)

    def to_log_result(self) -> dict[str, JSONValue] | None:
        st = self.game.state
        if st.outcome is None:
            return None
        end = self.game.log.of_type("game-over")
        return {
            "outcome": st.outcome,
            "how": st.how,
            "rounds": st.round,
            "score": end[-1].get("score") if end else None,
        }


def _inner(game: Any) -> ArkhamPlayable:
    if not isinstance(game, ArkhamPlayable):
        raise TypeError(f"not an Arkham game: {type(game).__name__}")
    return game


class ArkhamFace:
    """The game face of the Arkham ruleset (one instance: :data:`FACE`)."""

    ruleset = "arkham"
    engine_id = ENGINE_ID
    playable_kinds: tuple[str, ...] = ("board",)
    event_types = EVENT_TYPES
    decision_types = DECISION_TYPES
    round_cap = ROUND_CAP

    # ------------------------------------------------------------------ content
    def load(self, target: Target) -> ArkhamModel:
        documents, errors = read_documents(target.pack_root, first=target.file)
        model = load_pack_model(documents)
        board = model.boards.get(target.id)
        problems = [*(f"{e.file}: {e.message}" for e in model.errors), *errors]
        missing = [
            what
            for what, table in (
                ("investigators", model.investigators),
                ("Ancient Ones", model.ancient_ones),
                ("mythos cards", model.mythos),
                ("monsters", model.monsters),
                ("gate markers", model.gate_markers),
                ("gate cards", model.gate_cards),
            )
            if not table
        ]
        if board is None or missing:
            why = f"the pack has no {', no '.join(missing)}" if missing else "it cannot be read"
            detail = f" ({'; '.join(problems[:3])})" if problems else ""
            raise GameContentError(
                f"{target.file}: board {target.id!r} cannot be played: {why}{detail}; "
                "run `questforge validate` on the pack for details"
            )
        # the target board is the one played (a pack normally has just one)
        model.boards = {board.id: board, **{k: v for k, v in model.boards.items() if k != board.id}}
        return model

    def content_info(self, content: ArkhamModel, target: Target) -> dict[str, JSONValue]:
        board = content.boards[target.id]
        return {
            "id": target.id,
            "name": board.name,
            "pack": target.pack_id,
            "pack_version": target.pack_version,
            "locations": len(board.locations),
            "investigators": len(content.investigators),
        }

    def setup_options(self, content: ArkhamModel, target: Target) -> tuple[SetupOption, ...]:
        most = max(1, min(8, len(content.investigators)))
        aos = tuple(sorted(content.ancient_ones))
        return (
            SetupOption(
                "players",
                "investigators",
                "int",
                min(2, most),
                f"Investigators in play, 1-{most} (AH-SETUP-04).",
                minimum=1,
                maximum=most,
                sweep=True,
                text="{} investigators",
            ),
            SetupOption(
                "ancient_one",
                "Ancient One",
                "choice",
                "random",
                "The Ancient One, or random (AH-SETUP-05).",
                choices=("random", *aos),
                sweep=True,
                text="{}",
            ),
            SetupOption(
                "investigators",
                "investigators chosen",
                "text",
                "",
                "Investigator ids, comma-separated; the rest are dealt at random (AH-SETUP-04).",
            ),
        )

    def new_game(
        self, content: ArkhamModel, target: Target, setup: Mapping[str, JSONValue], seed: int
    ) -> ArkhamPlayable:
        players = setup.get("players", 2)
        if not isinstance(players, int) or isinstance(players, bool):
            raise SetupError("players must be a whole number")
        chosen = str(setup.get("investigators") or "").strip() or "random"
        game_setup = Setup(
            players=players,
            ancient_one=str(setup.get("ancient_one") or "random"),
            investigators=chosen,
            max_rounds=10_000,
        )
        try:
            game = ArkhamGame(content, game_setup, seed)
            _check_names(content, game_setup)
        except EngineSetupError as exc:
            raise SetupError(str(exc)) from None
        return ArkhamPlayable(game)

    # ------------------------------------------------------------------ actors and bots
    def actors(self, game: Any) -> tuple[Actor, ...]:
        g = _inner(game).game
        ids = [i.id for i in g.state.investigators] or _dealt(g)
        names = Narrator(g.model)
        return (
            *(Actor(i, names.name(i)) for i in ids),
            Actor(PLAYERS_ACTOR, "the investigators together", "neutral"),
        )

    def bots(self, game: Any, seed: int) -> Controller:
        return ArkhamBot(f"bots:{seed}").attach(_inner(game).game)

    # ------------------------------------------------------------------ words and views
    def narrate(self, event: Event, game: Any = None) -> str | None:
        return _NAMELESS.event(event)

    def describe_decision(self, game: Any, decision: Decision) -> str:
        g = _inner(game).game
        who = Narrator(g.model).name(decision.actor)
        return f"{who}: {decision.prompt or decision.kind}"

    def describe_option(self, game: Any, decision: Decision, index: int) -> str:
        g = _inner(game).game
        return Narrator(g.model).option(decision, decision.options[index])

    def board(self, game: Any, decision: Decision | None = None) -> TextBoard:
        g = _inner(game).game
        if not g.state.investigators:
            return TextBoard(((TextSpan("(the game has not been set up yet)"),),))
        lines = render(g).splitlines()
        if decision is not None and decision.kind in ("move", "return", "return-gate"):
            names = Narrator(g.model)
            lines.append(
                "options: "
                + ", ".join(f"[{i}] {names.name(o)}" for i, o in enumerate(decision.options, 1))
            )
        return TextBoard(tuple((TextSpan(line),) for line in lines))

    # ------------------------------------------------------------------ reports
    def summary(self, game: Any) -> GameSummary:
        g = _inner(game).game
        m = metrics(g)
        outcome = g.state.outcome if g.state.outcome in ("won", "lost") else "unfinished"
        return GameSummary(outcome, g.state.round, m)  # type: ignore[arg-type]

    def report_sections(self, summaries: Sequence[GameSummary]) -> dict[str, JSONValue]:
        how: Counter[str] = Counter()
        gates: Counter[str] = Counter()
        doom: dict[int, list[int]] = {}
        score = [int(s.metrics["score"]) for s in summaries if s.metrics.get("score") is not None]
        for s in summaries:
            m: Mapping[str, Any] = s.metrics
            how[str(m.get("how") or s.outcome)] += 1
            gates.update(m.get("gates_opened") or {})
            for k, v in enumerate(m.get("doom_history") or []):
                doom.setdefault(k, []).append(int(v))
        games = len(summaries) or 1
        return {
            "how_games_end": dict(sorted(how.items())),
            "doom_by_round": [round(sum(v) / len(v), 2) for _, v in sorted(doom.items())],
            "gates_opened": dict(gates.most_common()),
            "awakened_rate": round(
                sum(bool(s.metrics.get("awakened")) for s in summaries) / games, 4
            ),
            "score_mean": round(sum(score) / len(score), 2) if score else None,
        }

    def report_text(self, setup_report: Mapping[str, Any]) -> list[str]:
        how = setup_report.get("how_games_end") or {}
        lines = ["games end: " + ", ".join(f"{k} {v}" for k, v in how.items())]
        gates = list((setup_report.get("gates_opened") or {}).items())[:5]
        if gates:
            lines.append("gates opened most: " + ", ".join(f"{k} {v}" for k, v in gates))
        doom = setup_report.get("doom_by_round") or []
        if doom:
            lines.append("doom by round: " + " ".join(f"{d:g}" for d in doom[:20]))
        return lines

    def report_html(self, setup_report: Mapping[str, Any]) -> str:
        how = setup_report.get("how_games_end") or {}
        rows = "".join(f"<tr><td>{escape(str(k))}</td><td>{v}</td></tr>" for k, v in how.items())
        gates = "".join(
            f"<tr><td>{escape(str(k))}</td><td>{v}</td></tr>"
            for k, v in list((setup_report.get("gates_opened") or {}).items())[:10]
        )
        doom = " ".join(f"{d:g}" for d in setup_report.get("doom_by_round") or [])
        return (
            "<h3>How games end</h3><table><tr><th>end</th><th>games</th></tr>"
            f"{rows}</table><h3>Gates opened most</h3><table><tr><th>location</th><th>gates</th>"
            f"</tr>{gates}</table><h3>Doom by round (mean)</h3><p>{escape(doom)}</p>"
        )


def _check_names(content: ArkhamModel, setup: Setup) -> None:
    if setup.investigators != "random":
        for name in (n.strip() for n in setup.investigators.split(",")):
            if name and name not in content.investigators:
                known = ", ".join(sorted(content.investigators))
                raise SetupError(f"unknown investigator {name!r} (known: {known})")
    if setup.ancient_one != "random" and setup.ancient_one not in content.ancient_ones:
        known = ", ".join(sorted(content.ancient_ones))
        raise SetupError(f"unknown Ancient One {setup.ancient_one!r} (known: {known})")


def _dealt(game: ArkhamGame) -> list[str]:
    """The investigators the setup will deal (the same seeded shuffle, on a copy)."""
    probe = ArkhamGame(game.model, game.setup, game.seed)
    probe.controller = ArkhamBot(0).attach(probe)
    from questforge.engine.arkham.game import phases
    from questforge.engine.arkham.game.state import GameOver

    with contextlib.suppress(GameOver):
        phases.setup(probe)
    return [i.id for i in probe.state.investigators]


_NAMELESS = Narrator(ArkhamModel())
FACE = ArkhamFace()
