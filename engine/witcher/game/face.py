"""The Witcher's game face: the ruleset contract's game, implemented over :class:`WitcherGame`.

A game starts from a ``game-options`` document (``questforge play witcher-sample:standard``):
the options name the lengths, the combat dice and the setup obstacles; the rest of its pack
gives the board, heroes and cards. Setup options: the number of heroes (2-4, sweepable),
which heroes (default: the pack's first N) and the game length.

The outcome of a game is ``finished`` with a ranking (a competitive race, WI-GOAL-01), or
``unfinished`` when a round cap stopped it.
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
    SetupOption,
    TextBoard,
    TextSpan,
)
from questforge.engine.core.targets import Target, read_documents
from questforge.engine.witcher.game.bots import WitcherBot
from questforge.engine.witcher.game.declarations import DECISIONS, EVENTS
from questforge.engine.witcher.game.game import WitcherGame
from questforge.engine.witcher.game.metrics import game_metrics, summarise
from questforge.engine.witcher.game.narrator import Narrator, board_text
from questforge.engine.witcher.game.setup import Setup, SetupError, content_problems
from questforge.engine.witcher.model.load import WitcherPack, load_pack_model

#: engine identity written into game logs (bump when rules change what a log replays to)
ENGINE_ID = "witcher-2"
#: a game still running after this many rounds is stopped as unfinished
ROUND_CAP = 80


class WitcherContent:
    """What a game needs: the pack's model and the id of the game-options document."""

    def __init__(self, pack: WitcherPack, options_id: str) -> None:
        self.pack = pack
        self.options_id = options_id
        self.narrator = Narrator(pack)

    @property
    def options(self) -> Any:
        return self.pack.options[self.options_id]


def _inner(game: Any) -> WitcherGame:
    if not isinstance(game, WitcherGame):
        raise TypeError(f"not a Witcher game: {type(game).__name__}")
    return game


class WitcherFace:
    """The game face of the Witcher ruleset (one instance: :data:`FACE`)."""

    ruleset = "witcher"
    engine_id = ENGINE_ID
    playable_kinds: tuple[str, ...] = ("game-options",)
    event_types: tuple[EventSpec, ...] = tuple(EVENTS.values())
    decision_types: tuple[DecisionSpec, ...] = tuple(DECISIONS.values())
    round_cap = ROUND_CAP

    def __init__(self) -> None:
        #: the narrator of the content last loaded (``narrate`` gets no game: see docs)
        self._narrator: Narrator | None = None
        self._narrators: dict[int, tuple[Any, Narrator]] = {}

    # ------------------------------------------------------------------ content
    def load(self, target: Target) -> WitcherContent:
        documents, errors = read_documents(target.pack_root, first=target.file)
        pack = load_pack_model(documents)  # type: ignore[arg-type]
        problems = [str(e) for e in pack.errors] + errors
        if target.id not in pack.options or not pack.maps or len(pack.heroes) < 2:
            missing = (
                f"game options {target.id!r}"
                if target.id not in pack.options
                else ("a map" if not pack.maps else "at least two heroes")
            )
            raise GameContentError(
                f"{target.file}: the pack cannot be played: it lacks {missing}"
                + (f" ({'; '.join(problems[:3])})" if problems else "")
                + "; run `questforge validate` on the pack for details"
            )
        content = WitcherContent(pack, target.id)
        broken = content_problems(pack, content.options)
        if broken:
            more = f" (and {len(broken) - 3} more)" if len(broken) > 3 else ""
            raise GameContentError(
                f"{target.file}: the pack cannot be played: {'; '.join(broken[:3])}{more}; "
                "run `questforge validate` on the pack for details"
            )
        self._narrator = content.narrator
        return content

    def content_info(self, content: WitcherContent, target: Target) -> dict[str, JSONValue]:
        return {
            "id": target.id,
            "name": content.options.name,
            "pack": target.pack_id,
            "pack_version": target.pack_version,
            "heroes": len(content.pack.heroes),
            "locations": len(content.pack.board.locations),
        }

    def setup_options(self, content: WitcherContent, target: Target) -> tuple[SetupOption, ...]:
        options = content.options
        lengths = tuple(x.id for x in options.lengths)
        heroes = len(content.pack.heroes)
        return (
            SetupOption(
                "players",
                "heroes",
                "int",
                2,
                "Heroes in the race, 2-4 (WI-REF-01).",
                minimum=2,
                maximum=min(4, heroes),
                sweep=True,
                text="{} heroes",
            ),
            SetupOption(
                "heroes",
                "hero ids",
                "text",
                "",
                f"Heroes in seat order, comma-separated (default: the pack's first N of {heroes}).",
            ),
            SetupOption(
                "length",
                "length",
                "choice",
                options.length(None).id,
                "Game length: main quests that end the game (WI-REF-07).",
                choices=lengths,
                sweep=True,
                text="{} game",
            ),
        )

    def new_game(
        self, content: WitcherContent, target: Target, setup: Mapping[str, JSONValue], seed: int
    ) -> WitcherGame:
        heroes = tuple(h.strip() for h in str(setup.get("heroes") or "").split(",") if h.strip())
        players = setup.get("players", 2)
        if not isinstance(players, int):
            raise SetupError("players must be a whole number")
        game_setup = Setup(players, heroes, str(setup.get("length") or "") or None)
        self._narrator = content.narrator
        return WitcherGame(content.pack, game_setup, seed, content.options)

    # ------------------------------------------------------------------ actors and bots
    def actors(self, game: Any) -> tuple[Actor, ...]:
        return tuple(Actor(h.id, h.hero.name) for h in _inner(game).state.heroes)

    def bots(self, game: Any, seed: int) -> Controller:
        return WitcherBot(_inner(game))

    # ------------------------------------------------------------------ words and views
    def narrate(self, event: Event, game: Any = None) -> str | None:
        # with the game, names come from *its* content (two packs in one process stay apart)
        narrator = self._narrator_of(_inner(game).pack) if game is not None else self._narrator
        if narrator is None:
            return f"{event.type.replace('-', ' ').capitalize()}: " + ", ".join(
                f"{k.replace('_', ' ')} {v}" for k, v in event.data.items()
            )
        return narrator.describe(event)

    def _narrator_of(self, pack: Any) -> Narrator:
        """One narrator per pack (kept while the pack object lives)."""
        hit = self._narrators.get(id(pack))
        if hit is None or hit[0] is not pack:
            if len(self._narrators) > 8:
                self._narrators.clear()
            hit = self._narrators[id(pack)] = (pack, Narrator(pack))
        return hit[1]

    def describe_decision(self, game: Any, decision: Decision) -> str:
        g = _inner(game)
        who = g.pack.heroes[decision.actor].name if decision.actor in g.pack.heroes else ""
        return f"{who}: {decision.prompt}" if who else decision.prompt

    def describe_option(self, game: Any, decision: Decision, index: int) -> str:
        g = _inner(game)
        return Narrator(g.pack).option(decision.kind, decision.options[index])

    def board(self, game: Any, decision: Decision | None = None) -> TextBoard:
        g = _inner(game)
        lines: list[tuple[TextSpan, ...]] = []
        for i, line in enumerate(board_text(g.pack, g.state).splitlines()):
            style = "heading" if i == 0 else ("hero" if not line.startswith("  ") else "area")
            lines.append((TextSpan(line, style),))
        if decision is not None and decision.kind == "action":
            narrator = Narrator(g.pack)
            for n, option in enumerate(decision.options, 1):
                lines.append((TextSpan(f"  [{n}] {narrator.option('action', option)}", "option"),))
        legend = {"hero": "a hero: VP, place, resources", "area": "obstacles of an area"}
        return TextBoard(tuple(lines), legend)

    # ------------------------------------------------------------------ reports
    def summary(self, game: Any) -> GameSummary:
        g = _inner(game)
        metrics = game_metrics(g)
        outcome = "finished" if g.state.outcome == "finished" else "unfinished"
        ranking = tuple(g.state.ranking or (h.id for h in g.ranked()))
        metrics["ranking"] = list(ranking)
        metrics["winner"] = ranking[0] if outcome == "finished" else None
        return GameSummary(outcome, g.state.round, metrics, ranking)  # type: ignore[arg-type]

    def report_sections(self, summaries: Sequence[GameSummary]) -> dict[str, JSONValue]:
        report = summarise([dict(s.metrics) for s in summaries])
        # core's setup report has its own games, outcomes and rounds
        return {k: v for k, v in report.items() if k not in ("games", "outcomes", "rounds_mean")}

    def report_text(self, setup_report: Mapping[str, Any]) -> list[str]:
        lines = []
        win = setup_report.get("hero_win_rate") or {}
        if win:
            lines.append("win rate: " + ", ".join(f"{h} {100 * r:.0f}%" for h, r in win.items()))
        seats = setup_report.get("seat_win_rate") or {}
        if seats:
            lines.append(
                "by seat: " + ", ".join(f"{int(s) + 1}: {100 * r:.0f}%" for s, r in seats.items())
            )
        vp = setup_report.get("hero_vp_mean") or {}
        if vp:
            lines.append("mean VP: " + ", ".join(f"{h} {v}" for h, v in vp.items()))
        fights = setup_report.get("fights") or {}
        if fights:
            lines.append(
                "fights won: "
                + ", ".join(
                    f"{c} {f['won']}/{f['fought']}" for c, f in fights.items() if f["fought"]
                )
            )
        quests = setup_report.get("quests") or {}
        never = [q for q, n in quests.items() if not n["finished"]]
        if never:
            lines.append("quests never finished: " + ", ".join(never))
        return lines

    def report_html(self, setup_report: Mapping[str, Any]) -> str:
        def table(title: str, head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
            cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
            body = "".join(
                "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                for row in rows
            )
            return f"<h4>{html.escape(title)}</h4><table><tr>{cells}</tr>{body}</table>"

        win = setup_report.get("hero_win_rate") or {}
        vp = setup_report.get("hero_vp_mean") or {}
        vp_range = setup_report.get("hero_vp_range") or {}
        heroes = [
            (h, f"{100 * r:.1f}%", vp.get(h, "-"), "-".join(map(str, vp_range.get(h, []))))
            for h, r in win.items()
        ]
        seats = [
            (int(s) + 1, f"{100 * r:.1f}%")
            for s, r in (setup_report.get("seat_win_rate") or {}).items()
        ]
        quests = [
            (q, n["taken"], n["finished"]) for q, n in (setup_report.get("quests") or {}).items()
        ]
        fights = [
            (
                c,
                f["fought"],
                f["won"],
                "-" if f["win_rate"] is None else f"{100 * f['win_rate']:.0f}%",
            )
            for c, f in (setup_report.get("fights") or {}).items()
        ]
        return "".join(
            [
                table("Heroes", ("hero", "win rate", "mean VP", "VP range"), heroes),
                table("Seats", ("seat", "win rate"), seats),
                table("Quests", ("quest", "taken", "finished"), quests),
                table("Fights by monster class", ("class", "fought", "won", "rate"), fights),
            ]
        )


FACE = WitcherFace()
