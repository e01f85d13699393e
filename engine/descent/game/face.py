"""Descent's game face: the ruleset contract's game, implemented over :class:`DescentGame`.

``questforge play``, ``simulate``, ``replay`` and the editor's playtest reach Descent only
through :data:`FACE` (see :class:`questforge.engine.core.game.GameFace`): setup options
(number of heroes, hero ids), loading a quest with its pack, new games, actors (each hero,
the heroes' turn order, the Overlord), bots for every seat, the narrator, the text board,
per-game summaries and the report's Descent sections. Outcomes are the heroes' side:
``won`` when the heroes complete the quest, ``lost`` when the Overlord wins.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

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
from questforge.engine.descent.game import spec
from questforge.engine.descent.game.bots import DescentBot
from questforge.engine.descent.game.game import DescentGame, Setup
from questforge.engine.descent.game.metrics import game_metrics, summarise
from questforge.engine.descent.game.narrator import board_text, describe_event, describe_option
from questforge.engine.descent.model import DescentPack, load_pack_model

ENGINE_ID = "questforge-descent-engine/1"
ROUND_CAP = 40


class DescentPlayable:
    """A :class:`DescentGame` seen through the contract's ``PlayableGame`` protocol."""

    def __init__(self, game: DescentGame) -> None:
        self.game = game

    @property
    def events(self) -> Sequence[Event]:
        return self.game.log.events

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
        while not self.game.finished:
            self.game.step(controller)
            if round_cap is not None and self.game.round >= round_cap and self._round_over():
                break

    def _round_over(self) -> bool:
        last = self.game.log.events[-1] if self.game.log.events else None
        return last is not None and last.type == "overlord-turn-ended"

    def to_log_result(self) -> dict[str, JSONValue] | None:
        if not self.game.finished:
            return None
        return {
            "outcome": self.game.outcome,
            "reason": self.game.reason,
            "rounds": self.game.round,
            "conquest": self.game.conquest,
        }


def _inner(game: Any) -> DescentPlayable:
    if not isinstance(game, DescentPlayable):
        raise TypeError(f"not a Descent game: {type(game).__name__}")
    return game


MARKED_KINDS = ("spawn-square", "knockback")


class DescentFace:
    """The game face of the Descent ruleset (one instance: :data:`FACE`)."""

    ruleset = "descent"
    engine_id = ENGINE_ID
    playable_kinds: tuple[str, ...] = ("quest",)
    event_types: tuple[EventSpec, ...] = tuple(spec.EVENTS.values())
    decision_types: tuple[DecisionSpec, ...] = tuple(spec.DECISIONS.values())
    round_cap = ROUND_CAP

    # ------------------------------------------------------------------ content
    def load(self, target: Target) -> DescentPack:
        documents, errors = read_documents(target.pack_root, first=target.file)
        pack = load_pack_model(documents)  # type: ignore[arg-type]
        quest = pack.quests.get(target.id)
        if quest is None or not pack.quest_map(quest).cells:
            problem = "; ".join([*(str(e) for e in pack.errors), *errors][:3])
            raise GameContentError(
                f"{target.file}: quest {target.id!r} cannot be played"
                + (f" ({problem})" if problem else "")
                + "; run `questforge validate` on the pack for details"
            )
        if not pack.heroes:
            raise GameContentError(f"{target.pack_root}: the pack has no heroes to play")
        return pack

    def content_info(self, content: DescentPack, target: Target) -> dict[str, JSONValue]:
        quest = content.quests[target.id]
        return {
            "id": target.id,
            "name": quest.name,
            "pack": content.pack_id,
            "areas": len(quest.areas),
            "conquest": quest.conquest,
        }

    def setup_options(self, content: DescentPack, target: Target) -> tuple[SetupOption, ...]:
        quest = content.quests[target.id]
        counts = sorted(quest.heroes) or [2]
        default = 2 if 2 in counts else counts[0]
        return (
            SetupOption(
                "heroes",
                "heroes",
                "int",
                default,
                "Heroes in the party (the Overlord is always played; DJ-REF-21).",
                minimum=1,
                maximum=min(4, len(content.heroes)),
                sweep=True,
                text="{} heroes",
            ),
            SetupOption(
                "hero_ids",
                "hero ids",
                "text",
                "",
                f"Heroes, comma-separated (default: the first N of {len(content.heroes)} by id).",
            ),
        )

    def new_game(
        self, content: DescentPack, target: Target, setup: Mapping[str, JSONValue], seed: int
    ) -> DescentPlayable:
        heroes = setup.get("heroes", 2)
        if not isinstance(heroes, int):
            raise SetupError("--heroes must be a whole number")
        ids = tuple(h.strip() for h in str(setup.get("hero_ids") or "").split(",") if h.strip())
        for ident in ids:
            if ident not in content.heroes:
                known = ", ".join(sorted(content.heroes))
                raise SetupError(f"unknown hero {ident!r} (known: {known})")
        if ids and len(ids) != heroes:
            ids = ids[:heroes] if len(ids) > heroes else ids
            if len(ids) != heroes:
                raise SetupError(f"{heroes} heroes need {heroes} hero ids, got {len(ids)}")
        if heroes > len(content.heroes):
            raise SetupError(f"{heroes} heroes, but the pack has {len(content.heroes)}")
        game_setup = Setup(target.id, heroes=heroes, hero_ids=ids, round_cap=ROUND_CAP)
        return DescentPlayable(DescentGame(content, game_setup, seed=seed))

    # ------------------------------------------------------------------ actors and bots
    def actors(self, game: Any) -> tuple[Actor, ...]:
        g = _inner(game).game
        ids = list(g.setup.hero_ids) or sorted(g.pack.heroes)[: g.setup.heroes]
        heroes = tuple(Actor(h, g.pack.heroes[h].name) for h in ids)
        return (
            *heroes,
            Actor("heroes", "the heroes' turn order"),
            Actor("overlord", "the Overlord", "opponent"),
        )

    def bots(self, game: Any, seed: int) -> Controller:
        return DescentBot(_inner(game).game)

    # ------------------------------------------------------------------ words and views
    def narrate(self, event: Event, game: Any = None) -> str | None:
        if event.type == "monster-activated":
            return None  # bookkeeping: the monster's steps follow
        # overlord-drew is told without the card (the hand is hidden information) but with
        # the hand's size, so a reader can check the two draws and the limit of 8 (DJ-OVL-03)
        # the dice are shown face by face: a reader must be able to check every roll
        dice = _inner(game).game.pack.dice if isinstance(game, DescentPlayable) else None
        return describe_event(event, dice=dice)

    def describe_decision(self, game: Any, decision: Decision) -> str:
        return decision.prompt or decision.kind

    def describe_option(self, game: Any, decision: Decision, index: int) -> str:
        return describe_option(decision.kind, decision.options[index], _inner(game).game)

    def board(self, game: Any, decision: Decision | None = None) -> TextBoard:
        g = _inner(game).game
        marks: dict[tuple[int, int], str] = {}
        if decision is not None:
            for i, option in enumerate(decision.options, 1):
                cell = option.get("to") if isinstance(option, dict) else option
                placed = decision.kind in MARKED_KINDS or isinstance(option, dict)
                if placed and isinstance(cell, list) and len(cell) == 2:
                    marks[(int(cell[0]), int(cell[1]))] = str(i % 10)
        text = board_text(g, marks)
        lines = tuple((TextSpan(line),) for line in text.splitlines())
        legend = {
            "1-4": "heroes",
            "m/M/N": "normal, master, named monster",
            "C G/g S K": "chest, glyph (active/inactive), stairs, runekey",
            "o % ~ ^": "pit, rubble, water, lava",
            "#": "unrevealed",
        }
        return TextBoard(lines, legend)

    # ------------------------------------------------------------------ reports
    def summary(self, game: Any) -> GameSummary:
        g = _inner(game).game
        metrics = game_metrics(g.log)
        outcome = g.outcome if g.finished else "unfinished"
        return GameSummary(outcome, g.round, metrics)  # type: ignore[arg-type]

    def report_sections(self, summaries: Sequence[GameSummary]) -> dict[str, JSONValue]:
        summary = summarise(
            [dict(s.metrics, outcome=s.outcome, rounds=s.rounds) for s in summaries]
        )
        return {
            "overlord_win_rate": summary["overlord_win_rate"],
            "conquest_by_round": summary["conquest_by_round"],
            "death_squares": summary["death_squares"],
            "cards_in_overlord_wins": summary["cards_in_overlord_wins"],
        }

    def report_text(self, setup_report: Mapping[str, Any]) -> list[str]:
        lines = []
        curve = setup_report.get("conquest_by_round") or []
        if curve:
            lines.append("mean conquest by round: " + ", ".join(str(v) for v in curve[:15]))
        deaths = setup_report.get("death_squares") or []
        if deaths:
            lines.append(
                "heroes died most at: " + ", ".join(f"({x}, {y}) x{n}" for x, y, n in deaths[:5])
            )
        cards = setup_report.get("cards_in_overlord_wins") or {}
        if cards:
            lines.append(
                "cards played in Overlord wins: " + ", ".join(f"{k} {v}" for k, v in cards.items())
            )
        return lines

    def report_html(self, setup_report: Mapping[str, Any]) -> str:
        parts = ["<h4>Descent</h4>"]
        curve = setup_report.get("conquest_by_round") or []
        if curve:
            top = max(max(curve), 1)
            bars = "".join(
                f'<div title="round {i + 1}: {v}" style="display:inline-block;width:10px;'
                f'margin-right:2px;background:#7a4a21;height:{int(60 * max(v, 0) / top)}px"></div>'
                for i, v in enumerate(curve)
            )
            parts.append(f"<p>Mean conquest by round</p><div style='height:64px'>{bars}</div>")
        rows = "".join(
            f"<tr><td>({x}, {y})</td><td>{n}</td></tr>"
            for x, y, n in setup_report.get("death_squares") or []
        )
        if rows:
            parts.append(f"<table><tr><th>hero deaths at</th><th>games</th></tr>{rows}</table>")
        cards = setup_report.get("cards_in_overlord_wins") or {}
        if cards:
            items = "".join(f"<li>{html.escape(str(k))}: {v}</li>" for k, v in cards.items())
            parts.append(f"<p>Overlord cards played in the Overlord's wins</p><ul>{items}</ul>")
        return "\n".join(parts)


FACE = DescentFace()
