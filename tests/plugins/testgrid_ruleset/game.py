"""testgrid's game face: runners, a hunter and an exit on a square grid (8-connected).

Round: each runner still in play chooses a free neighbouring cell or stays (a decision of
actor ``runner-N``); reaching the exit takes the runner out as escaped. Then the hunter
steps to the neighbouring cell closest to the nearest runner, picking among equally good
cells with the seeded RNG; a runner on the hunter's cell is caught. Won when a runner
escapes, lost when all are caught.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from questforge.engine.core.decisions import Controller, Decision
from questforge.engine.core.events import Event, EventLog, JSONValue
from questforge.engine.core.game import (
    Actor,
    DecisionSpec,
    EventSpec,
    GameContentError,
    GameSummary,
    SetupOption,
    TextBoard,
    TextSpan,
)
from questforge.engine.core.rng import Rng
from questforge.engine.core.square import SquareBoard
from questforge.engine.core.targets import Target, read_documents
from testgrid_ruleset.model import Cell, GridScenario, load_model


class GridGame:
    def __init__(self, scenario: GridScenario, runners: int, seed: int) -> None:
        self.scenario = scenario
        self.board = SquareBoard(scenario.cells(), diagonal=True)
        self.rng = Rng(seed)
        self.log = EventLog()
        self.answers: list[dict[str, JSONValue]] = []
        self.positions: dict[str, Cell] = {
            f"runner-{i + 1}": scenario.start[i] for i in range(runners)
        }
        self.hunter = scenario.hunter
        self.escaped: list[str] = []
        self.caught: list[str] = []
        self.round = 0
        self.outcome: str | None = None
        self.log.emit("setup", scenario=scenario.id, runners=runners, seed=seed)

    @property
    def events(self) -> Sequence[Event]:
        return self.log.events

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def _ask(self, controller: Controller, kind: str, actor: str, options: list[Any]) -> int:
        decision = Decision(kind, actor, tuple(options), {}, "where to?")
        index = controller.choose(decision)
        self.answers.append(
            {"kind": kind, "actor": actor, "index": index, "option": options[index]}
        )
        return index

    def step(self, controller: Controller) -> list[Event]:
        """One round."""
        before = len(self.log.events)
        if self.finished:
            return []
        self.round += 1
        self.log.emit("round_start", round=self.round)
        for runner, cell in list(self.positions.items()):
            taken = {c for r, c in self.positions.items() if r != runner}
            options = [list(cell)] + [
                list(n)
                for n in sorted(self.board.neighbors(cell))
                if n not in taken and n != self.hunter
            ]
            choice = options[self._ask(controller, "move", runner, options)]
            end = (int(choice[0]), int(choice[1]))
            if end != cell:
                self.positions[runner] = end
                self.log.emit("move", figure=runner, start=cell, end=end)
            if end == self.scenario.exit:
                del self.positions[runner]
                self.escaped.append(runner)
                self.log.emit("escaped", figure=runner)
        if not self.escaped and self.positions:
            self._hunt()
        if self.escaped:
            self._end("won")
        elif not self.positions:
            self._end("lost")
        return self.log.events[before:]

    def _hunt(self) -> None:
        targets = list(self.positions.values())
        options = [self.hunter, *self.board.neighbors(self.hunter)]
        best = min(min(self.board.distance(o, t) for t in targets) for o in options)
        good = sorted(o for o in options if min(self.board.distance(o, t) for t in targets) == best)
        end = good[self.rng.randbelow(len(good))]
        if end != self.hunter:
            self.log.emit("move", figure="hunter", start=self.hunter, end=end)
            self.hunter = end
        for runner, cell in list(self.positions.items()):
            if cell == end:
                del self.positions[runner]
                self.caught.append(runner)
                self.log.emit("caught", figure=runner)

    def _end(self, outcome: str) -> None:
        self.outcome = outcome
        self.log.emit("game_end", outcome=outcome, rounds=self.round)

    def run(self, controller: Controller, round_cap: int | None = None) -> None:
        while not self.finished and (round_cap is None or self.round < round_cap):
            self.step(controller)

    def to_log_result(self) -> dict[str, JSONValue] | None:
        if self.outcome is None:
            return None
        return {"outcome": self.outcome, "rounds": self.round}


class Runners:
    """Bots: step to the free neighbour closest to the exit."""

    def __init__(self, game: GridGame) -> None:
        self.game = game

    def choose(self, decision: Decision) -> int:
        exit_ = self.game.scenario.exit
        board = self.game.board
        scored = [
            (board.distance((int(o[0]), int(o[1])), exit_), i)  # type: ignore[index]
            for i, o in enumerate(decision.options)
        ]
        return min(scored)[1]


class GridFace:
    ruleset = "gridrun"
    engine_id = "testgrid-engine/1"
    playable_kinds: tuple[str, ...] = ("scenario",)
    round_cap = 30
    event_types = (
        EventSpec("setup", ("scenario", "runners", "seed"), "The game is set up."),
        EventSpec("round_start", ("round",), "A round begins."),
        EventSpec("move", ("figure", "start", "end"), "A runner or the hunter moves."),
        EventSpec("escaped", ("figure",), "A runner reaches the exit."),
        EventSpec("caught", ("figure",), "The hunter catches a runner."),
        EventSpec("game_end", ("outcome", "rounds"), "The game ends."),
    )
    decision_types = (DecisionSpec("move", "[x, y]", "Where a runner steps (first: stay)."),)

    def load(self, target: Target) -> GridScenario:
        documents, _errors = read_documents(target.pack_root, first=target.file)
        model = load_model(documents)
        try:
            return model.scenarios[target.id]
        except KeyError:
            raise GameContentError(
                f"{target.file}: scenario {target.id!r} cannot be read"
            ) from None

    def content_info(self, content: GridScenario, target: Target) -> dict[str, JSONValue]:
        return {"id": content.id, "name": content.name, "pack": target.pack_id}

    def setup_options(self, content: GridScenario, target: Target) -> tuple[SetupOption, ...]:
        return (
            SetupOption(
                "runners",
                "runners",
                "int",
                min(2, len(content.start)),
                "How many runners.",
                minimum=1,
                maximum=len(content.start),
                sweep=True,
                text="{} runners",
            ),
        )

    def new_game(
        self, content: GridScenario, target: Target, setup: Mapping[str, JSONValue], seed: int
    ) -> GridGame:
        runners = setup.get("runners", 2)
        assert isinstance(runners, int)
        return GridGame(content, runners, seed)

    def actors(self, game: Any) -> tuple[Actor, ...]:
        return tuple(Actor(r, r.replace("-", " ")) for r in game.positions)

    def bots(self, game: Any, seed: int) -> Controller:
        return Runners(game)

    def narrate(self, event: Event, game: Any = None) -> str | None:
        g = event.get
        return {
            "setup": lambda: f"{g('runners')} runners enter {g('scenario')}.",
            "round_start": lambda: f"Round {g('round')}.",
            "move": lambda: f"{g('figure')} moves to {tuple(g('end'))}.",
            "escaped": lambda: f"{g('figure')} escapes!",
            "caught": lambda: f"The hunter catches {g('figure')}.",
            "game_end": lambda: f"The game is {g('outcome')} after {g('rounds')} rounds.",
        }[event.type]()

    def describe_decision(self, game: Any, decision: Decision) -> str:
        return f"{decision.actor}: where to?"

    def describe_option(self, game: Any, decision: Decision, index: int) -> str:
        o = decision.options[index]
        return ("stay at " if index == 0 else "step to ") + f"({o[0]}, {o[1]})"  # type: ignore[index]

    def board(self, game: Any, decision: Decision | None = None) -> TextBoard:
        s: GridScenario = game.scenario
        marks = {}
        if decision is not None:
            marks = {(int(o[0]), int(o[1])): str(i + 1) for i, o in enumerate(decision.options)}  # type: ignore[index]
        runners = {c: r for r, c in game.positions.items()}
        lines = []
        for y in range(s.height):
            spans = []
            for x in range(s.width):
                c = (x, y)
                if c in runners:
                    spans.append(TextSpan(runners[c][-1:].rjust(2) + " ", "player"))
                elif c == game.hunter:
                    spans.append(TextSpan(" H ", "monster"))
                elif c in marks:
                    spans.append(TextSpan(marks[c].center(3), "mark"))
                elif c in s.walls:
                    spans.append(TextSpan("###", "wall"))
                elif c == s.exit:
                    spans.append(TextSpan(" E ", "good"))
                else:
                    spans.append(TextSpan(" . ", "floor"))
            lines.append(tuple(spans))
        return TextBoard(tuple(lines), {"player": "runner", "monster": "hunter", "good": "exit"})

    def summary(self, game: Any) -> GameSummary:
        outcome = game.outcome or "unfinished"
        return GameSummary(
            outcome, game.round, {"escaped": len(game.escaped), "caught": len(game.caught)}
        )

    def report_sections(self, summaries: Sequence[GameSummary]) -> dict[str, JSONValue]:
        n = len(summaries) or 1
        return {"caught_per_game": round(sum(int(s.metrics["caught"]) for s in summaries) / n, 4)}  # type: ignore[call-overload]

    def report_text(self, setup_report: Mapping[str, Any]) -> list[str]:
        return [f"runners caught per game: {setup_report.get('caught_per_game')}"]

    def report_html(self, setup_report: Mapping[str, Any]) -> str:
        return f"<p>Runners caught per game: {setup_report.get('caught_per_game')}</p>"


FACE = GridFace()
