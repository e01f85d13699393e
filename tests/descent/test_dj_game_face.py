"""The game as a whole: deterministic for a seed, every event and decision declared, the
narrator and the board view cover them, metrics add up; bots finish games on both quests."""

from __future__ import annotations

from pathlib import Path

import pytest

from questforge.engine.core.decisions import Decision
from questforge.engine.descent.game.bots import DescentBot
from questforge.engine.descent.game.game import DescentGame, Setup
from questforge.engine.descent.game.metrics import game_metrics, summarise
from questforge.engine.descent.game.narrator import board_text, describe_event, describe_option
from questforge.engine.descent.game.spec import DECISIONS, EVENTS, OPTION_KEYS
from questforge.engine.descent.model import load_pack_dir

PACK = load_pack_dir(Path(__file__).resolve().parents[2] / "content" / "descent-sample")


class Spy(DescentBot):
    def __init__(self, game: DescentGame) -> None:
        super().__init__(game)
        self.decisions: list[Decision] = []

    def choose(self, decision: Decision) -> int:
        self.decisions.append(decision)
        return super().choose(decision)


def play(quest: str, heroes: int, seed: int) -> tuple[DescentGame, Spy]:
    game = DescentGame(PACK, Setup(quest, heroes=heroes), seed=seed)
    spy = Spy(game)
    game.run(spy)
    return game, spy


GAMES = [
    play(q, n, s)
    for q in ("hollow-crown", "ratcatchers-culvert")
    for n in (2, 3, 4)
    for s in range(2)
]


def test_same_seed_same_game() -> None:
    a, _ = play("hollow-crown", 3, 11)
    b, _ = play("hollow-crown", 3, 11)
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
    c, _ = play("hollow-crown", 3, 12)
    assert [e.to_json() for e in a.log] != [e.to_json() for e in c.log]


def test_every_event_and_decision_is_declared() -> None:
    for game, spy in GAMES:
        for event in game.log:
            declared = EVENTS.get(event.type)
            assert declared is not None, event.type
            assert set(event.data) == set(declared.fields), (event.type, sorted(event.data))
        for d in spy.decisions:
            declared_d = DECISIONS.get(d.kind)
            assert declared_d is not None, d.kind
            for key in OPTION_KEYS.get(d.kind, ()):
                assert all(isinstance(o, dict) and key in o for o in d.options), d.kind


def test_games_end_and_outcomes_vary() -> None:
    outcomes = {g.outcome for g, _ in GAMES}
    assert outcomes <= {"won", "lost", "unfinished"}
    assert "won" in outcomes and "lost" in outcomes
    assert all(g.log.events[-1].type == "game-ended" for g, _ in GAMES)


def test_narrator_has_a_sentence_for_every_event_and_option() -> None:
    game, spy = GAMES[0]
    for event in game.log:
        text = describe_event(event, game)
        assert text and not text.startswith(event.type + ":"), event.type
    for d in spy.decisions[:200]:
        for option in d.options:
            assert describe_option(d.kind, option, game)
    assert set(EVENTS) <= set(_narrated())


def _narrated() -> set[str]:
    import inspect

    from questforge.engine.descent.game import narrator

    source = inspect.getsource(narrator.describe_event)
    return {name for name in EVENTS if f'"{name}"' in source}


def test_board_view_shows_the_map() -> None:
    game, _ = GAMES[0]
    text = board_text(game)
    assert "conquest" in text and "round" in text
    assert any(ch in text for ch in "123")


def test_metrics() -> None:
    per_game = [game_metrics(g.log) for g, _ in GAMES]
    for m, (g, _) in zip(per_game, GAMES, strict=True):
        assert m["outcome"] == g.outcome and m["rounds"] == g.round
    summary = summarise(per_game)
    assert summary["games"] == len(GAMES)
    assert 0 <= summary["hero_win_rate"] <= 1
    assert summary["conquest_by_round"]


def test_setup_options_have_defaults() -> None:
    from questforge.engine.core.targets import resolve_target
    from questforge.engine.descent.game.face import FACE

    target = resolve_target("descent-sample:ratcatchers-culvert")
    options = FACE.setup_options(FACE.load(target), target)
    assert {o.name: o.default for o in options} == {"heroes": 2, "hero_ids": ""}


@pytest.mark.parametrize("heroes", [1, 4])
def test_any_hero_count_plays(heroes: int) -> None:
    game, _ = play("ratcatchers-culvert", heroes, 5)
    assert len(game.heroes) == heroes and game.outcome in ("won", "lost", "unfinished")


def test_docs_list_every_event_and_decision() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "descent.md").read_text(encoding="utf-8")
    for name in [*EVENTS, *DECISIONS]:
        assert f"| `{name}` |" in text, name


@pytest.mark.parametrize("quest", ["hollow-crown", "ratcatchers-culvert"])
def test_random_answers_never_crash_the_engine(quest: str) -> None:
    """Every option the engine offers is legal: random answers on both sides play on."""
    from questforge.engine.core.decisions import RandomController

    for heroes in (1, 3):
        for seed in range(2):
            game = DescentGame(PACK, Setup(quest, heroes=heroes, round_cap=8), seed=seed)
            game.run(RandomController(seed))
            assert game.finished and game.log.events[-1].type == "game-ended"
