"""Whole games: the end and ranking (WI-WIN, WI-GOAL-01), determinism and replay, the
declared events and decisions, the narrator, the board view, metrics and bots."""

from __future__ import annotations

import json

import pytest
from wigame import PACK, hero, new_game

from questforge.engine.core.decisions import (
    RandomController,
    RecordingController,
    ScriptedController,
)
from questforge.engine.core.events import first_divergence
from questforge.engine.witcher.game import (
    DECISIONS,
    EVENTS,
    Narrator,
    Setup,
    SetupError,
    WitcherBot,
    WitcherGame,
    board_text,
    game_metrics,
    summarise,
)
from questforge.engine.witcher.game.declarations import OPTION_KEYS


def _bot_game(players: int, seed: int) -> WitcherGame:
    game = WitcherGame(PACK, Setup(players=players), seed)
    game.run(WitcherBot(game))
    return game


def test_ranking_by_vp_then_quests_then_leads_then_final_round_order() -> None:
    # WI-GOAL-01, WI-WIN-02, WI-WIN-03, WI-WIN-04
    game, _ = new_game(heroes=("corvin", "ysolde", "tamsin", "brannoc"))
    c, y, t, b = (hero(game, h) for h in ("corvin", "ysolde", "tamsin", "brannoc"))
    c.vp, y.vp, t.vp, b.vp = 30, 20, 20, 20
    y.completed = ["a", "b"]  # more quests wins the tie
    t.completed, b.completed = ["a"], ["a"]
    t.proof = {"green": 1}  # 1 proof at rate 3 = 3 leads
    b.leads = {"red": 2}  # 2 leads
    assert [h.id for h in game.ranked()] == ["corvin", "ysolde", "tamsin", "brannoc"]
    b.leads = {"red": 3}  # tie on leads: who finished the final round first
    game.state.final_order = ["brannoc", "tamsin"]
    assert [h.id for h in game.ranked()][2:] == ["brannoc", "tamsin"]


def test_the_end_gives_everyone_one_more_turn() -> None:
    # WI-WIN-01, WI-REF-07, WI-GOAL-03 (the length is the quest count)
    game = WitcherGame(PACK, Setup(players=3, length="short"), 7)
    game.run(WitcherBot(game))
    log = game.log.events
    trigger = next(i for i, e in enumerate(log) if e.type == "end-triggered")
    after = [e["hero"] for e in log[trigger:] if e.type == "turn"]
    assert sorted(after) == sorted(h.id for h in game.state.heroes)
    assert log[-1].type == "game-end" and log[-1]["outcome"] == "finished"
    assert game.state.quests_to_end == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_finish_with_a_ranking(players: int) -> None:
    # WI-REF-01 (2-4 heroes), WI-REF-08 (a race: the most VP wins), WI-BASIC-02
    for seed in range(3):
        game = _bot_game(players, seed)
        assert game.state.outcome == "finished", (players, seed)
        ranking = game.state.ranking
        vps = [game.state.hero(h).vp for h in ranking]
        assert vps == sorted(vps, reverse=True) and len(ranking) == players
        assert max(len(h.completed) for h in game.state.heroes) >= 3


def test_a_game_is_a_function_of_seed_and_decisions() -> None:
    a, b = _bot_game(3, 11), _bot_game(3, 11)
    assert a.log.to_json() == b.log.to_json()
    assert _bot_game(3, 12).log.to_json() != a.log.to_json()


def test_replaying_the_recorded_answers_reproduces_every_event() -> None:
    game = WitcherGame(PACK, Setup(players=4), 5)
    recorder = RecordingController(WitcherBot(game))
    game.run(recorder)
    answers = [json.loads(json.dumps(a.to_json())) for a in recorder.record]
    replay = WitcherGame(PACK, Setup(players=4), 5)
    replay.run(ScriptedController(answers))
    assert first_divergence(game.log, replay.log) is None


def test_random_play_never_breaks_the_rules_engine() -> None:
    for seed in range(6):
        game = WitcherGame(PACK, Setup(players=2 + seed % 3), seed)
        game.run(RandomController(seed))
        assert game.state.finished


def test_every_event_and_decision_matches_its_declaration() -> None:
    seen_events: set[str] = set()
    seen_decisions: set[str] = set()
    for seed in range(8):
        game = WitcherGame(PACK, Setup(players=2 + seed % 3), seed)
        rec = RecordingController(WitcherBot(game) if seed % 2 else RandomController(seed))
        game.run(rec)
        for e in game.log:
            assert e.type in EVENTS, e.type
            assert set(e.data) == set(EVENTS[e.type].fields), (e.type, sorted(e.data))
            seen_events.add(e.type)
        for answer in rec.record:
            assert answer.kind in DECISIONS, answer.kind
            fields = OPTION_KEYS.get(answer.kind, ())
            if fields:
                assert set(fields) <= set(answer.option), (answer.kind, answer.option)
            seen_decisions.add(answer.kind)
    assert len(seen_events) >= 40 and len(seen_decisions) >= 10


def test_the_narrator_tells_every_event_and_option() -> None:
    narrator = Narrator(PACK)
    game = WitcherGame(PACK, Setup(players=4), 3)
    rec = RecordingController(WitcherBot(game))
    game.run(rec)
    for e in game.log:
        text = narrator.describe(e)
        assert text and "=" not in text, (e.type, text)
    for answer in rec.record:
        assert narrator.option(answer.kind, answer.option)
    assert "Corvin Ashe" in narrator.describe(game.log.events[0])


def test_board_view_shows_heroes_and_areas() -> None:
    game = _bot_game(2, 1)
    text = board_text(PACK, game.state)
    for h in game.state.heroes:
        assert h.hero.name in text
    for area in PACK.board.areas:
        assert area.name in text


def test_metrics_and_summary() -> None:
    records = [game_metrics(_bot_game(2, s)) for s in range(4)]
    report = summarise(records)
    assert report["games"] == 4
    assert abs(sum(report["seat_win_rate"].values()) - 1.0) < 1e-9
    assert set(report["fights"]) <= {"bronze", "silver", "gold"}
    assert all(q["finished"] <= q["taken"] + 1 for q in report["quests"].values())


def test_setup_errors_are_clear() -> None:
    # WI-REF-01: 2-4 heroes
    with pytest.raises(SetupError, match="unknown hero"):
        WitcherGame(PACK, Setup(heroes=("geralt", "corvin")), 1)
    with pytest.raises(SetupError, match="2-4"):
        WitcherGame(PACK, Setup(heroes=("corvin",)), 1)
    with pytest.raises(SetupError, match="unknown game length"):
        WitcherGame(PACK, Setup(length="marathon"), 1)


def test_heroes_start_at_their_locations_with_the_starting_gold() -> None:
    # WI-REF-10 (each hero starts in a different city, from the hero sheet)
    game, _ = new_game(heroes=("corvin", "ysolde", "tamsin", "brannoc"))
    starts = [h.location for h in game.state.heroes]
    assert starts == [PACK.heroes[h.id].start for h in game.state.heroes]
    assert len(set(starts)) == 4
    assert all(h.gold == PACK.game_options.starting_gold for h in game.state.heroes)


def test_docs_list_every_event_and_decision() -> None:
    from wigame import REPO

    text = (REPO / "docs" / "witcher.md").read_text(encoding="utf-8")
    for name in (*EVENTS, *DECISIONS):
        assert f"| `{name}` |" in text, name
