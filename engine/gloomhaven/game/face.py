"""Gloomhaven's game face: the ruleset contract's game, implemented over :class:`Game`.

Everything ``questforge play``, ``simulate``, ``replay`` and the editor's playtest window
need from Gloomhaven goes through :data:`FACE` (see
:class:`questforge.engine.core.game.GameFace`): setup options (player count, scenario
level, classes, solo variant), loading a scenario's content, new games, bots, the narrator,
the text board, per-game summaries and the report's Gloomhaven sections.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from questforge.engine.core.decisions import Controller, Decision
from questforge.engine.core.events import Event, JSONValue
from questforge.engine.core.game import (
    Actor,
    GameContentError,
    GameSummary,
    SetupError,
    SetupOption,
    TextBoard,
)
from questforge.engine.core.hexgrid import parse_hex
from questforge.engine.core.targets import Target, read_documents
from questforge.engine.gloomhaven.game import catalogue, narrator
from questforge.engine.gloomhaven.game.game import ENGINE_ID, Game
from questforge.engine.gloomhaven.game.setup import Setup, coin_value
from questforge.engine.gloomhaven.game.spec import Content
from questforge.engine.gloomhaven.game.textboard import BoardText, initiative_order

#: the actor id of the monsters' choices the rules leave to the players (GH-AMBIG-01)
MONSTERS_ACTOR = "monsters"

#: a game still running after this many rounds is "unfinished" (every game ends)
ROUND_CAP = 40


class GloomhavenGame:
    """A :class:`Game` seen through the contract's :class:`PlayableGame` protocol."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._text: BoardText | None = None

    @property
    def events(self) -> Sequence[Event]:
        return self.game.events

    @property
    def answers(self) -> Sequence[Mapping[str, JSONValue]]:
        return self.game.decisions

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def round(self) -> int:
        return self.game.state.round

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def content(self) -> Content:
        return self.game.content

    def step(self, controller: Controller) -> list[Event]:
        return self.game.step_turn(controller)

    def run(self, controller: Controller, round_cap: int | None = None) -> None:
        if round_cap is None:
            self.game.run(controller)
            return
        game = self.game
        game.controller = controller
        while not game.finished:
            game.step_round()
            if not game.finished and game.state.round >= round_cap:
                break

    def to_log_result(self) -> dict[str, JSONValue] | None:
        return self.game.result.to_json() if self.game.result is not None else None

    def text(self) -> BoardText:
        if self._text is None:
            self._text = BoardText(self.game.scenario, self.game.content)  # type: ignore[arg-type]
        return self._text


def _inner(game: Any) -> GloomhavenGame:
    if not isinstance(game, GloomhavenGame):
        raise TypeError(f"not a Gloomhaven game: {type(game).__name__}")
    return game


def party_for(content: Content, players: int, classes: Sequence[str] | None) -> tuple[str, ...]:
    """The classes of an N-character party: the first N of ``classes`` (or of the pack's
    classes in id order). GH-CHAR-01: one character per class."""
    pool = list(classes) if classes else sorted(content.classes)
    for c in pool:
        if c not in content.classes:
            known = ", ".join(sorted(content.classes)) or "none"
            raise SetupError(f"unknown character class {c!r} (known: {known})")
    if len(set(pool)) != len(pool):
        raise SetupError("a class can be played by one character only (GH-CHAR-01)")
    if len(pool) < players:
        where = "--classes lists" if classes else "the pack has"
        raise SetupError(f"{players} characters need {players} classes; {where} {len(pool)}")
    return tuple(pool[:players])


class GloomhavenFace:
    """The game face of the Gloomhaven ruleset (one instance: :data:`FACE`)."""

    ruleset = "gloomhaven"
    engine_id = ENGINE_ID
    playable_kinds: tuple[str, ...] = ("scenario",)
    event_types = catalogue.EVENT_TYPES
    decision_types = catalogue.DECISION_TYPES
    round_cap = ROUND_CAP

    # ------------------------------------------------------------------ content
    def load(self, target: Target) -> Content:
        from questforge.engine.gloomhaven.game.from_model import content_from_pack
        from questforge.engine.gloomhaven.model import load_pack_model

        documents, errors = read_documents(target.pack_root, first=target.file)
        model = load_pack_model(documents)  # type: ignore[arg-type]
        try:
            content = content_from_pack(model)
        except Exception as exc:  # content problems surface in many shapes; report them
            raise GameContentError(
                f"{target.pack_root}: the pack cannot be played ({type(exc).__name__}: {exc}); "
                "run `questforge validate` on it for details"
            ) from None
        if target.id not in content.scenarios:
            problem = "; ".join([*(str(e) for e in model.errors), *errors][:3])
            raise GameContentError(
                f"{target.file}: scenario {target.id!r} cannot be played"
                + (f" ({problem})" if problem else "")
                + "; run `questforge validate` on the pack for details"
            )
        return content

    def content_info(self, content: Content, target: Target) -> dict[str, JSONValue]:
        spec = content.scenarios[target.id]
        return {
            "id": target.id,
            "name": spec.name,
            "pack": content.pack_id,
            "pack_version": content.pack_version,
            "rooms": len(spec.rooms),
        }

    def setup_options(self, content: Content, target: Target) -> tuple[SetupOption, ...]:
        classes = len(content.classes)
        return (
            SetupOption(
                "players",
                "characters",
                "int",
                2,
                "Characters in the party, 2-4 (GH-CHAR-02).",
                minimum=2,
                maximum=4,
                sweep=True,
                text="{} characters",
            ),
            SetupOption(
                "level",
                "level",
                "int",
                1,
                "Scenario level 0-7 (GH-LEVEL-01).",
                minimum=0,
                maximum=7,
                sweep=True,
                text="level {}",
            ),
            SetupOption(
                "classes",
                "classes",
                "text",
                "",
                f"Character classes, comma-separated (default: the pack's first N of {classes}).",
            ),
            SetupOption(
                "solo",
                "solo variant",
                "flag",
                False,
                "The solo variant: monsters and traps one level higher (GH-VAR-02).",
            ),
        )

    def new_game(
        self, content: Content, target: Target, setup: Mapping[str, JSONValue], seed: int
    ) -> GloomhavenGame:
        players = setup.get("players", 2)
        level = setup.get("level", 1)
        classes_text = setup.get("classes") or ""
        if not isinstance(players, int) or not isinstance(level, int):
            raise SetupError("players and level must be whole numbers")
        classes = [c.strip() for c in str(classes_text).split(",") if c.strip()] or None
        party = party_for(content, players, classes)
        game_setup = Setup(target.id, party, level=level, solo=bool(setup.get("solo", False)))
        return GloomhavenGame(Game(content, game_setup, seed))

    # ------------------------------------------------------------------ actors and bots
    def actors(self, game: Any) -> tuple[Actor, ...]:
        g = _inner(game)
        chars = tuple(Actor(c, narrator.name(c)) for c in g.game.setup.characters)
        return (*chars, Actor(MONSTERS_ACTOR, "monster choices (GH-AMBIG-01)", "opponent"))

    def bots(self, game: Any, seed: int) -> Controller:
        from questforge.engine.gloomhaven.bots import BotController

        g = _inner(game)
        bot = BotController(f"bots:{seed}")
        bot.attach(g.game)
        return bot

    # ------------------------------------------------------------------ words and views
    def narrate(self, event: Event, game: Any = None) -> str | None:
        return narrator.narrate(event)

    def describe_decision(self, game: Any, decision: Decision) -> str:
        return narrator.describe_decision(decision)

    def describe_option(self, game: Any, decision: Decision, index: int) -> str:
        g = _inner(game)
        return narrator.describe_option(decision, index, g.content, g.state)

    def board(self, game: Any, decision: Decision | None = None) -> TextBoard:
        g = _inner(game)
        marks: dict[tuple[int, int], str] = {}
        if decision is not None and decision.kind in narrator.HEX_KINDS:
            for i, option in enumerate(decision.options, 1):
                h = parse_hex(option)
                if h is not None:
                    marks[h] = str(i)
        return g.text().render(g.state, initiative_order(g.game), marks)

    # ------------------------------------------------------------------ reports
    def summary(self, game: Any) -> GameSummary:
        return summarize(_inner(game).game)

    def report_sections(self, summaries: Sequence[GameSummary]) -> dict[str, JSONValue]:
        return report_sections(summaries)

    def report_text(self, setup_report: Mapping[str, Any]) -> list[str]:
        return report_text(setup_report)

    def report_html(self, setup_report: Mapping[str, Any]) -> str:
        from questforge.engine.gloomhaven.report_html import setup_sections_html

        return setup_sections_html(setup_report)


def summarize(game: Game) -> GameSummary:
    """Distil a finished (or capped) game into the report's per-game record."""
    state = game.state
    outcome = game.result.outcome if game.result is not None else "unfinished"
    falls: dict[str, tuple[Any, Any, int]] = {}
    round_no = 0
    for event in game.events:
        if event.type == "round_start":
            round_no = int(event.get("round", round_no))
        elif event.type == "exhausted":
            room = event.get("room")
            hex_ = event.get("hex")
            if room is None and isinstance(hex_, list) and len(hex_) == 2:
                door = game.board.doors.get((hex_[0], hex_[1]))
                if door is not None:
                    room = "door " + "/".join(door.rooms)
            falls[str(event.get("character"))] = (event.get("reason"), room, round_no)
    won = outcome == "won"
    chars = []
    for cid, ch in state.characters.items():
        reason, room, when = falls.get(cid, (None, None, 0))
        chars.append(
            {
                "name": ch.class_id,
                "damage_taken": ch.damage_taken,
                "exhausted": ch.exhausted,
                "exhaustion_cause": reason if ch.exhausted else None,
                "exhausted_round": when if ch.exhausted else None,
                "fell_in_room": room if ch.exhausted else None,
                "xp": ch.xp + ((4 + 2 * state.level) if won else 0),  # GH-END-05
                "gold": ch.coins * coin_value(state.level),  # GH-END-06
            }
        )
    loss_cause = None
    if outcome == "lost":
        loss_cause = "exhausted" if all(c["exhausted"] for c in chars) else "scenario"
    metrics: dict[str, JSONValue] = {
        "characters": chars,
        "kills": dict(sorted(state.killed.items())),
        "rooms_revealed": list(state.revealed_rooms),
        "events": len(game.events),
        "loss_cause": loss_cause,
    }
    return GameSummary(outcome, state.round, metrics)  # type: ignore[arg-type]


def _r(x: float) -> float:
    return round(x, 4)


def _numbers(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None}
    return {
        "mean": _r(statistics.fmean(values)),
        "median": _r(float(statistics.median(values))),
        "min": min(values),
        "max": max(values),
    }


def report_sections(summaries: Sequence[GameSummary]) -> dict[str, JSONValue]:
    """Gloomhaven's aggregates of one setup: characters by seat, kills, falls, rooms."""
    games = len(summaries)
    seats: dict[int, list[Mapping[str, Any]]] = {}
    for s in summaries:
        for i, c in enumerate(s.metrics.get("characters") or []):
            seats.setdefault(i, []).append(c)
    characters = []
    for seat in sorted(seats):
        rows = seats[seat]
        names = Counter(str(c["name"]) for c in rows)
        exhausted = [c for c in rows if c["exhausted"]]
        causes = Counter(str(c["exhaustion_cause"] or "unknown") for c in exhausted)
        characters.append(
            {
                "seat": seat + 1,
                "name": names.most_common(1)[0][0],
                "games": len(rows),
                "damage_taken": _numbers([int(c["damage_taken"]) for c in rows]),
                "exhausted": len(exhausted),
                "exhaustion_rate": _r(len(exhausted) / len(rows)),
                "exhaustion_causes": dict(sorted(causes.items())),
                "xp_mean": _r(statistics.fmean(int(c["xp"]) for c in rows)),
                "gold_mean": _r(statistics.fmean(int(c["gold"]) for c in rows)),
            }
        )
    kills: Counter[str] = Counter()
    falls: Counter[str] = Counter()
    reveals: Counter[str] = Counter()
    losses: Counter[str] = Counter()
    for s in summaries:
        metrics: Mapping[str, Any] = s.metrics
        kills.update(metrics.get("kills") or {})
        for c in metrics.get("characters") or []:
            if c["exhausted"]:
                falls[str(c["fell_in_room"] or "unknown")] += 1
        reveals.update(metrics.get("rooms_revealed") or [])
        if s.outcome == "lost":
            losses[str(metrics.get("loss_cause") or "unknown")] += 1
    return {
        "losses_by_cause": dict(sorted(losses.items())),
        "characters": characters,
        "kills": {k: kills[k] for k in sorted(kills)},
        "kills_per_game": {k: _r(kills[k] / games) for k in sorted(kills)} if games else {},
        "falls_by_room": {k: falls[k] for k in sorted(falls)},
        "rooms_revealed": {k: reveals[k] for k in sorted(reveals)},
    }


def report_text(s: Mapping[str, Any]) -> list[str]:
    """Gloomhaven's sections of one setup as lines (the editor's Simulate dialog)."""
    lines = []
    for c in s.get("characters") or []:
        dmg = (c.get("damage_taken") or {}).get("mean")
        causes = c.get("exhaustion_causes") or {}
        why = ", ".join(f"{k} {v}" for k, v in causes.items())
        lines.append(
            f"seat {c.get('seat')} {c.get('name')}: damage taken "
            f"{'-' if dmg is None else f'{dmg:.1f}'} on average, exhausted in "
            f"{100 * float(c.get('exhaustion_rate') or 0):.0f}% of games"
            + (f" ({why})" if why else "")
        )
    kills = s.get("kills_per_game") or {}
    if kills:
        lines.append("kills per game: " + ", ".join(f"{k} {v}" for k, v in kills.items()))
    falls = s.get("falls_by_room") or {}
    if falls:
        lines.append("falls by room: " + ", ".join(f"{k} {v}" for k, v in falls.items()))
    return lines


def load_path(path: str | Path) -> Any:  # pragma: no cover - convenience for notebooks
    from questforge.engine.core.targets import target_of_file

    return FACE.load(target_of_file(Path(path)))


FACE = GloomhavenFace()
