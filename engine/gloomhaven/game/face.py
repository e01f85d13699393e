"""Gloomhaven's game face: the ruleset contract's game, implemented over :class:`Game`.

Everything ``questforge play``, ``simulate``, ``replay`` and the editor's playtest window
need from Gloomhaven goes through :data:`FACE` (see
:class:`questforge.engine.core.game.GameFace`): setup options (player count, scenario
level, classes, solo variant), loading a scenario's content, new games, bots, the narrator,
the text board, per-game summaries and the report's Gloomhaven sections.
"""

from __future__ import annotations

import dataclasses
import statistics
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import compress
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar

from questforge.engine.core.decisions import Controller, Decision
from questforge.engine.core.events import Event, JSONValue
from questforge.engine.core.game import (
    Actor,
    GameContentError,
    GameSummary,
    SetupOption,
    TextBoard,
)
from questforge.engine.core.hexgrid import parse_hex
from questforge.engine.core.rng import Rng
from questforge.engine.core.targets import Target, read_documents
from questforge.engine.gloomhaven.game import battle_goals, catalogue, narrator
from questforge.engine.gloomhaven.game.game import ENGINE_ID, Game
from questforge.engine.gloomhaven.game.names import names_of
from questforge.engine.gloomhaven.game.party import setup_from_options
from questforge.engine.gloomhaven.game.setup import coin_value
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


class GloomhavenFace:
    """The game face of the Gloomhaven ruleset (one instance: :data:`FACE`)."""

    ruleset = "gloomhaven"
    engine_id = ENGINE_ID
    playable_kinds: tuple[str, ...] = ("scenario",)
    event_types = catalogue.EVENT_TYPES
    decision_types = catalogue.DECISION_TYPES
    round_cap = ROUND_CAP
    #: designer words for the report's machine names (core puts them into the report)
    report_words: ClassVar[dict[str, str]] = {
        "party_hp": "party hit points at the end of the round",
        "monsters_alive": "monsters on the map at the end of the round",
        "damage_taken": "damage the party takes in the round",
        "health": "ran out of hit points",
        "cards": "ran out of cards",
        "exhausted": "every character exhausted",
        "scenario": "a loss condition of the scenario",
        "unknown": "unknown",
    }

    # ------------------------------------------------------------------ content
    def load(self, target: Target) -> Content:
        from questforge.engine.gloomhaven.game.from_model import content_from_pack
        from questforge.engine.gloomhaven.model import load_pack_model, required_models

        documents, errors = read_documents(target.pack_root, first=target.file)
        model = load_pack_model(
            documents,  # type: ignore[arg-type]
            dependencies=required_models(target.pack_root),
        )
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
            SetupOption(
                "character-levels",
                "character levels",
                "text",
                "",
                "Character levels 1-9: one for everyone, or one per character in party "
                "order (e.g. 3,2); default 1. Sets HP and the card pool (GH-LVL-01).",
            ),
            SetupOption(
                "recommended-level",
                "scenario level from the character levels",
                "flag",
                False,
                "Play at the scenario level recommended for the characters' levels "
                "(ceil(average / 2), GH-LEVEL-03) instead of --level.",
            ),
            SetupOption(
                "hands",
                "hands",
                "text",
                "",
                "Cards each character brings: CLASS=CARD,CARD,...;CLASS=... (default: "
                "level-1 cards, then X cards, up to the hand limit; GH-HAND-01/02).",
            ),
            SetupOption(
                "items",
                "items",
                "text",
                "",
                "Items each character owns: CLASS=ITEM,ITEM;CLASS=... (GH-ITEM-03/04).",
            ),
            SetupOption(
                "battle-goals",
                "battle goals",
                "text",
                "",
                "Default (or deal): two battle goals per character from the pack's deck "
                "(shuffled by the game's seed), each player keeping one as the scenario is set "
                "up (a bot: the one worth more checkmarks) "
                "(GH-BG-01); none; or CLASS=KEPT,DISCARDED;CLASS=...; checked when the "
                "scenario ends (GH-BG-02).",
            ),
            SetupOption(
                "perks",
                "perks",
                "text",
                "",
                "Perks each character has marked, by number in its class's list: "
                "CLASS=1,3,3;CLASS=... (applied to the modifier deck, GH-LVL-03/04).",
            ),
            SetupOption(
                "start-damage",
                "starting damage",
                "text",
                "",
                "Damage characters start with (a campaign event's, GH-EVT-02): CLASS=N;...",
            ),
            SetupOption(
                "start-conditions",
                "starting conditions",
                "text",
                "",
                "Conditions characters start with: CLASS=bless,bless,poison;... (bless and "
                "curse are cards shuffled into the deck, once per time named: a sanctuary "
                "donation's two blesses, GH-DONATE-01; the others are tokens, GH-EVT-02).",
            ),
            SetupOption(
                "enhancements",
                "enhancements",
                "text",
                "",
                "Enhanced cards (a campaign's stickers, GH-ENH-03): "
                "CLASS=CARD:top:0:attack,CARD:bottom:0:jump;... (an attack hex: "
                "CARD:top:0:attack-hex:Q:R).",
            ),
            SetupOption(
                "looted-treasures",
                "treasures already looted",
                "text",
                "",
                "Treasure numbers looted in earlier plays, comma-separated: their tiles are "
                "not set out (GH-TREAS-04: a treasure is looted once, ever; campaign play "
                "passes them).",
            ),
        )

    def new_game(
        self, content: Content, target: Target, setup: Mapping[str, JSONValue], seed: int
    ) -> GloomhavenGame:
        built = setup_from_options(content, target.id, setup)
        if str(setup.get("battle-goals") or "").strip() in ("", "deal"):
            dealt = battle_goals.deal(content, built.characters, Rng(seed).fork("battle-goals"))
            built = dataclasses.replace(built, battle_goals=dealt, choose_battle_goals=True)
        return GloomhavenGame(Game(content, built, seed))

    # ------------------------------------------------------------------ actors and bots
    def actors(self, game: Any) -> tuple[Actor, ...]:
        g = _inner(game)
        names = names_of(g.game)
        chars = tuple(Actor(c, names.figure(c)) for c in g.game.setup.characters)
        return (*chars, Actor(MONSTERS_ACTOR, "monster choices (GH-AMBIG-01)", "opponent"))

    def bots(self, game: Any, seed: int) -> Controller:
        from questforge.engine.gloomhaven.bots import BotController

        g = _inner(game)
        bot = BotController(f"bots:{seed}")
        bot.attach(g.game)
        return bot

    # ------------------------------------------------------------------ words and views
    def narrate(self, event: Event, game: Any = None) -> str | None:
        # with the game, figures and cards are named from its content (learnt up to event)
        names = names_of(_inner(game).game, event) if game is not None else None
        return narrator.narrate(event, names)

    def describe_decision(self, game: Any, decision: Decision) -> str:
        return narrator.describe_decision(decision, names_of(_inner(game).game))

    def describe_option(self, game: Any, decision: Decision, index: int) -> str:
        g = _inner(game)
        names = names_of(g.game)
        return narrator.describe_option(decision, index, g.content, g.state, names)

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
    for event in events_of(game.events, _SUMMARY_EVENTS):
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
    goals = (
        {c.id: c for c in game.result.characters if c.battle_goal}
        if game.result is not None
        else {}
    )
    chars = []
    for cid, ch in state.characters.items():
        reason, room, when = falls.get(cid, (None, None, 0))
        goal = goals.get(cid)
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
                # GH-BG: the kept goal, met or not, and the checkmarks it gave
                **(
                    {
                        "battle_goal": goal.battle_goal,
                        "battle_goal_met": goal.battle_goal_met,
                        "checkmarks": goal.checkmarks,
                    }
                    if goal is not None
                    else {}
                ),
            }
        )
    loss_cause = None
    if outcome == "lost":
        loss_cause = "exhausted" if all(c["exhausted"] for c in chars) else "scenario"
    flow = game_flow(game)
    metrics: dict[str, JSONValue] = {
        "characters": chars,
        "kills": dict(sorted(state.killed.items())),
        "rooms_revealed": list(state.revealed_rooms),
        "events": len(game.events),
        "loss_cause": loss_cause,
        "monsters_placed": flow.placed,
        "damage_by_monster": flow.damage_by_monster,
        "names": {
            **flow.names,
            **{
                g.battle_goal: game.content.battle_goals[g.battle_goal].name for g in goals.values()
            },
        },
    }
    unrevealed = len(game.content.scenarios[game.setup.scenario].rooms) - len(state.revealed_rooms)
    closeness: tuple[float, ...] = ()
    note = ""
    if outcome == "lost":
        # closer to a win: fewer rooms still closed, fewer monsters standing, more rounds
        closeness = (float(max(0, unrevealed)), float(flow.alive), -float(state.round))
        rooms = (
            f", {unrevealed} room{'s' if unrevealed != 1 else ''} not reached" if unrevealed else ""
        )
        note = (
            f"{flow.alive} monster{'s' if flow.alive != 1 else ''} left{rooms}; "
            f"lost in round {state.round}"
            + (" (every character exhausted)" if loss_cause == "exhausted" else "")
        )
    return GameSummary(
        outcome,  # type: ignore[arg-type]
        state.round,
        metrics,
        per_round=flow.per_round(state.round),
        closeness=closeness,
        closeness_note=note,
    )


class GameFlow:
    """What happened round by round, read back from a game's events (the engine keeps no
    history of its state): the party's hit points and the monsters standing at the end of
    each round, damage the party took per round and from which monster type, and the
    monsters placed per type (kills are then "k of n")."""

    def __init__(self) -> None:
        self.hp: dict[str, int] = {}
        self.standing: dict[str, str] = {}  # monster figure -> type, while on the map
        self.types: dict[str, str] = {}  # every monster figure ever placed -> type
        self.placed: dict[str, int] = {}
        self.damage_by_monster: dict[str, int] = {}
        self.names: dict[str, str] = {}
        self.party_hp: list[int] = []
        self.monsters_alive: list[int] = []
        self.damage_taken: list[int] = []
        self._damage = 0

    @property
    def alive(self) -> int:
        return len(self.standing)

    def close_round(self) -> None:
        self.party_hp.append(sum(max(0, hp) for hp in self.hp.values()))
        self.monsters_alive.append(len(self.standing))
        self.damage_taken.append(self._damage)
        self._damage = 0

    def per_round(self, rounds: int) -> dict[str, list[float]]:
        if len(self.party_hp) < rounds:  # the game ended inside its last round
            self.close_round()
        return {
            "party_hp": [float(v) for v in self.party_hp[:rounds]],
            "monsters_alive": [float(v) for v in self.monsters_alive[:rounds]],
            "damage_taken": [float(v) for v in self.damage_taken[:rounds]],
        }


#: the event types :func:`summarize` and :func:`game_flow` read (every other is skipped)
_SUMMARY_EVENTS = frozenset({"round_start", "exhausted"})
_FLOW_EVENTS = frozenset(
    {
        "character_placed",
        "monster_placed",
        "monster_killed",
        "damage",
        "heal",
        "exhausted",
        "round_end",
    }
)
_TYPE_OF = attrgetter("type")


def events_of(events: Sequence[Event], types: frozenset[str]) -> Iterator[Event]:
    """The events of the given types, in order. The filter runs in C (a game's summary
    reads a few kinds of its ~2,000 events; looking at each in Python was about 1 % of a
    bot game)."""
    return compress(events, map(types.__contains__, map(_TYPE_OF, events)))


def game_flow(game: Game) -> GameFlow:
    """Replay ``game``'s events into a :class:`GameFlow`."""
    flow = GameFlow()
    content = game.content
    for event in events_of(game.events, _FLOW_EVENTS):
        t = event.type
        if t == "character_placed":
            cid = str(event.get("character"))
            flow.hp[cid] = int(event.get("hp", 0))
            cls = content.classes.get(cid)
            flow.names[cid] = (cls.name if cls is not None else "") or cid
        elif t == "monster_placed":
            fig, mid = str(event.get("figure")), str(event.get("monster"))
            flow.standing[fig] = flow.types[fig] = mid
            flow.placed[mid] = flow.placed.get(mid, 0) + 1
            spec = content.monsters.get(mid)
            flow.names[mid] = (spec.name if spec is not None else "") or mid
        elif t == "monster_killed":
            flow.standing.pop(str(event.get("figure")), None)
        elif t in ("damage", "heal"):
            fig = str(event.get("figure"))
            if fig in flow.hp:
                flow.hp[fig] = int(event.get("hp", flow.hp[fig]))
                if t == "damage":
                    amount = int(event.get("amount", 0))
                    flow._damage += amount
                    source = flow.types.get(str(event.get("source")))
                    if source is not None:
                        flow.damage_by_monster[source] = (
                            flow.damage_by_monster.get(source, 0) + amount
                        )
        elif t == "exhausted":
            flow.hp[str(event.get("character"))] = 0
        elif t == "round_end":
            flow.close_round()
    flow.placed = dict(sorted(flow.placed.items()))
    flow.damage_by_monster = dict(sorted(flow.damage_by_monster.items()))
    flow.names = dict(sorted(flow.names.items()))
    return flow


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
        seat_names = Counter(str(c["name"]) for c in rows)
        exhausted = [c for c in rows if c["exhausted"]]
        causes = Counter(str(c["exhaustion_cause"] or "unknown") for c in exhausted)
        characters.append(
            {
                "seat": seat + 1,
                "name": seat_names.most_common(1)[0][0],
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
    placed: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    when: Counter[int] = Counter()
    names: dict[str, str] = {}
    for s in summaries:
        metrics = s.metrics
        placed.update(metrics.get("monsters_placed") or {})
        dealt.update(metrics.get("damage_by_monster") or {})
        names.update(metrics.get("names") or {})
        for c in metrics.get("characters") or []:
            if c["exhausted"] and c.get("exhausted_round"):
                when[int(c["exhausted_round"])] += 1
    for c in characters:
        c["label"] = names.get(str(c["name"]), str(c["name"]))
    kinds = sorted(set(placed) | set(kills))
    # GH-BG: each battle goal kept, how often it was met, and met in a won game (the
    # checkmarks), over every seat
    kept: Counter[str] = Counter()
    goal_met: Counter[str] = Counter()
    rewarded: Counter[str] = Counter()
    for s in summaries:
        for c in s.metrics.get("characters") or []:
            goal = c.get("battle_goal")
            if goal:
                kept[goal] += 1
                goal_met[goal] += 1 if c.get("battle_goal_met") else 0
                rewarded[goal] += 1 if c.get("checkmarks") else 0
    battle_goals = {
        g: {
            "kept": kept[g],
            "met": goal_met[g],
            "met_rate": _r(goal_met[g] / kept[g]),
            "rewarded": rewarded[g],
        }
        for g in sorted(kept)
    }
    return {
        **({"battle_goals": battle_goals} if battle_goals else {}),
        "losses_by_cause": dict(sorted(losses.items())),
        "characters": characters,
        "kills": {k: kills[k] for k in sorted(kills)},
        "kills_per_game": {k: _r(kills[k] / games) for k in sorted(kills)} if games else {},
        # kills as "k of n": of the monsters of each type that were placed, how many died
        "kills_of_placed": {
            k: {
                "killed": kills[k],
                "placed": placed[k],
                "killed_per_game": _r(kills[k] / games) if games else 0.0,
                "placed_per_game": _r(placed[k] / games) if games else 0.0,
            }
            for k in kinds
        },
        # damage the characters suffered from each monster type (attacks, retaliation ...)
        "damage_by_monster": {
            k: {"total": dealt[k], "per_game": _r(dealt[k] / games) if games else 0.0}
            for k in sorted(dealt)
        },
        "falls_by_room": {k: falls[k] for k in sorted(falls)},
        "exhaustions_by_round": {str(k): when[k] for k in sorted(when)},
        "rooms_revealed": {k: reveals[k] for k in sorted(reveals)},
        "names": dict(sorted(names.items())),
    }


def report_text(s: Mapping[str, Any]) -> list[str]:
    """Gloomhaven's sections of one setup as lines (the editor's Simulate dialog), in
    designer words: content names, causes in words, kills as "k of n"."""
    from questforge.engine.core.report_words import kills_words

    words = GloomhavenFace.report_words
    names = s.get("names") or {}
    lines = []
    for c in s.get("characters") or []:
        dmg = (c.get("damage_taken") or {}).get("mean")
        causes = c.get("exhaustion_causes") or {}
        why = ", ".join(f"{words.get(k, k)} {v}" for k, v in causes.items())
        lines.append(
            f"seat {c.get('seat')} {c.get('label') or c.get('name')}: damage taken "
            f"{'-' if dmg is None else f'{dmg:.1f}'} on average, exhausted in "
            f"{100 * float(c.get('exhaustion_rate') or 0):.0f}% of games"
            + (f" ({why})" if why else "")
        )
    kop = s.get("kills_of_placed") or {}
    if kop:
        lines.append(
            "killed per game: "
            + ", ".join(
                f"{names.get(k, k)} {kills_words(v['killed_per_game'], v['placed_per_game'])}"
                for k, v in kop.items()
            )
        )
    goals = s.get("battle_goals") or {}
    if goals:
        lines.append(
            "battle goals met (of the games each was kept in): "
            + ", ".join(
                f"{names.get(g, g)} {v['met']}/{v['kept']} ({100 * float(v['met_rate']):.0f}%)"
                for g, v in goals.items()
            )
        )
    dealt = s.get("damage_by_monster") or {}
    if dealt:
        lines.append(
            "damage dealt per game: "
            + ", ".join(f"{names.get(k, k)} {v['per_game']:.1f}" for k, v in dealt.items())
        )
    when = s.get("exhaustions_by_round") or {}
    if when:
        lines.append("exhausted in round: " + ", ".join(f"{r}: {n}" for r, n in when.items()))
    falls = s.get("falls_by_room") or {}
    if falls:
        lines.append("exhausted in room: " + ", ".join(f"{k} {v}" for k, v in falls.items()))
    for loss in s.get("closest_losses") or []:
        lines.append(f"closest loss: game {loss['game']} (seed {loss['seed']}): {loss['note']}")
        break
    return lines


def load_path(path: str | Path) -> Any:  # pragma: no cover - convenience for notebooks
    from questforge.engine.core.targets import target_of_file

    return FACE.load(target_of_file(Path(path)))


FACE = GloomhavenFace()
