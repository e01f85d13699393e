"""Whole games: determinism, declared events and decisions, the effect vocabulary, bots,
narrator, text view and metrics."""

from __future__ import annotations

from typing import Any

import pytest
from ahgame import model

from questforge.engine.arkham.game import (
    DECISIONS,
    EVENTS,
    ArkhamBot,
    ArkhamGame,
    Narrator,
    Setup,
    metrics,
    render,
)
from questforge.engine.arkham.game.effects import PERFORMED
from questforge.engine.core.decisions import Decision, RecordingController, ScriptedController
from questforge.schema import load_schema


class Watching:
    """A bot that also records every decision it is asked."""

    def __init__(self, game: ArkhamGame, seed: int) -> None:
        self.bot = ArkhamBot(seed).attach(game)
        self.asked: list[Decision] = []

    def choose(self, d: Decision) -> int:
        self.asked.append(d)
        return self.bot.choose(d)


def _play(players: int, seed: int, **kw: Any) -> tuple[ArkhamGame, Watching]:
    g = ArkhamGame(model(), Setup(players=players, **kw), seed)
    w = Watching(g, seed)
    g.run(w)
    return g, w


def test_same_seed_same_game_and_replay_from_answers() -> None:
    g1, _ = _play(3, 11)
    g2, _ = _play(3, 11)
    assert g1.log.to_json() == g2.log.to_json()
    g3 = ArkhamGame(model(), Setup(players=3), 11)
    rec = RecordingController(ArkhamBot(11).attach(g3))
    g3.run(rec)
    g4 = ArkhamGame(model(), Setup(players=3), 11)
    g4.run(ScriptedController([a.to_json() for a in rec.record]))
    assert g3.log.to_json() == g4.log.to_json()
    assert _play(3, 12)[0].log.to_json() != g1.log.to_json()


@pytest.mark.parametrize("players", [1, 2, 4, 6, 8])
def test_bot_games_end_and_match_their_declarations(players: int) -> None:
    for seed in range(3):
        g, w = _play(players, seed)
        assert g.state.outcome in ("won", "lost", "unfinished")
        for e in g.log:
            assert e.type in EVENTS, e.type
            assert EVENTS[e.type].check(e) == [], e
        for d in w.asked:
            assert d.kind in DECISIONS, d.kind
            assert len(d.options) >= 2
            actor = DECISIONS[d.kind].actor
            assert (d.actor == "players") == (actor == "players")


def test_bots_win_sometimes_and_games_vary() -> None:
    outcomes = [(_play(2, s)[0].state.how) for s in range(30)]
    assert "devoured" in outcomes
    assert any(o in ("sealed", "closed", "banished") for o in outcomes), outcomes


def test_every_schema_effect_is_performed() -> None:
    defs = load_schema("arkham", "defs")
    kinds = {branch["properties"]["do"]["const"] for branch in defs["$defs"]["effect"]["oneOf"]}
    assert kinds == set(PERFORMED)


def test_narrator_view_and_metrics() -> None:
    g, w = _play(2, 5)
    n = Narrator(model())
    lines = [n.event(e) for e in g.log]
    assert all(line and "{" not in line for line in lines)
    assert any("gate" in line.lower() for line in lines)
    for d in w.asked[:50]:
        assert all(n.option(d, o) for o in d.options)
    text = render(g)
    assert "Quayside" in text and "doom" in text
    m = metrics(g)
    assert m["outcome"] == g.state.outcome and m["rounds"] == g.state.round
    assert len(m["doom_history"]) <= m["rounds"] and sum(m["gates_opened"].values()) >= 1


def test_setup_options_have_defaults() -> None:
    from questforge.engine.arkham.game.face import FACE
    from questforge.engine.core.targets import resolve_target

    target = resolve_target("arkham-sample:harrowmere")
    options = FACE.setup_options(FACE.load(target), target)
    assert {o.name for o in options} == {"players", "ancient_one", "investigators"}
    defaults = {o.name: o.default for o in options}
    assert defaults == {"players": 2, "ancient_one": "random", "investigators": ""}
    assert Setup(players=2, ancient_one="random") == Setup()


def test_round_limit_makes_an_unfinished_game() -> None:
    g, _ = _play(2, 1, max_rounds=1)
    assert g.state.outcome in ("unfinished", "won", "lost")
    if g.state.outcome == "unfinished":
        assert g.state.round == 1


def test_docs_list_every_event_and_decision() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "arkham.md").read_text(encoding="utf-8")
    for name in [*EVENTS, *DECISIONS]:
        assert f"| `{name}` |" in text, name
