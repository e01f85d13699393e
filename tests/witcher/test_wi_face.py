"""The Witcher through the ruleset contract: the game face, the step API, logs and the
command line (``play --auto --log``, ``replay --verify``, ``simulate``)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from questforge.cli import cli
from questforge.engine import rulesets
from questforge.engine.core.game import check_events, resolve_setup
from questforge.engine.core.gamelog import build_log, replay_game
from questforge.engine.core.session import Session
from questforge.engine.core.targets import resolve_target

FACE = rulesets.get("witcher").game()
TARGET = resolve_target("witcher-sample:standard")
CONTENT = FACE.load(TARGET)  # type: ignore[union-attr]


def _game(players: int = 3, seed: int = 2):  # type: ignore[no-untyped-def]
    assert FACE is not None
    setup = resolve_setup(FACE.setup_options(CONTENT, TARGET), {"players": players})
    return FACE.new_game(CONTENT, TARGET, setup, seed), setup


def test_the_face_is_registered_and_declares_its_options() -> None:
    assert FACE is not None and FACE.ruleset == "witcher"
    assert TARGET.kind in FACE.playable_kinds
    options = {o.name: o for o in FACE.setup_options(CONTENT, TARGET)}
    assert options["players"].default == 2 and options["players"].sweep
    assert options["length"].default == "standard"
    assert set(options["length"].choices) == {"short", "standard"}


def test_a_bot_game_through_the_face() -> None:
    # WI-GOAL-01: a competitive game ends with a ranking
    assert FACE is not None
    game, _ = _game()
    game.run(FACE.bots(game, 1))
    assert game.finished
    assert check_events(FACE.event_types, game.events) == []
    summary = FACE.summary(game)
    assert summary.outcome == "finished" and len(summary.ranking) == 3
    assert summary.ranking[0] == summary.metrics["winner"]
    assert [a.id for a in FACE.actors(game)] == [h.id for h in game.state.heroes]
    assert FACE.narrate(game.events[-1])
    assert FACE.board(game).plain()


def test_a_round_cap_leaves_the_game_unfinished() -> None:
    assert FACE is not None
    game, _ = _game()
    game.run(FACE.bots(game, 1), round_cap=3)
    assert not game.finished and game.round == 3
    assert FACE.summary(game).outcome == "unfinished"


def test_a_person_plays_one_hero_through_the_session() -> None:
    assert FACE is not None
    session = Session(lambda: _game()[0], lambda g: FACE.bots(g, 1), people={"corvin"})
    asked = []
    for _ in range(6):
        decision = session.advance()
        assert decision is not None and decision.actor == "corvin"
        asked.append(decision.kind)
        assert FACE.describe_decision(session.game, decision)
        assert FACE.describe_option(session.game, decision, 0)
        session.answer(0)
    assert "action" in asked or "keep-quest" in asked


def test_a_log_replays_identically() -> None:
    assert FACE is not None
    game, setup = _game(4, 9)
    game.run(FACE.bots(game, 9))
    log = build_log(FACE, TARGET, None, setup, 9, game)
    again, problem = replay_game(FACE, CONTENT, TARGET, log)
    assert problem is None
    assert [e.to_json() for e in again.events] == log.events


def test_report_sections_text_and_html() -> None:
    assert FACE is not None
    summaries = []
    for seed in range(4):
        game, _ = _game(2, seed)
        game.run(FACE.bots(game, seed))
        summaries.append(FACE.summary(game))
    sections = FACE.report_sections(summaries)
    assert "win_rate" not in sections and "hero_win_rate" in sections  # core owns win_rate
    text = FACE.report_text(sections)
    assert any(line.startswith("win rate:") for line in text)
    assert "<table>" in FACE.report_html(sections)


def test_play_replay_and_simulate_on_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    log = tmp_path / "game.json"
    played = runner.invoke(
        cli, ["play", "witcher-sample:standard", "--auto", "--players", "3", "--log", str(log)]
    )
    assert played.exit_code == 0, played.output
    assert "The game ends after" in played.output
    verified = runner.invoke(cli, ["replay", str(log), "--verify"])
    assert verified.exit_code == 0 and "identical" in verified.output
    report = tmp_path / "sim.json"
    html = tmp_path / "sim.html"
    sim = runner.invoke(
        cli,
        [
            "simulate",
            "witcher-sample:standard",
            "--players",
            "2,3",
            "--games",
            "3",
            "-q",
            "--json",
            str(report),
            "--html",
            str(html),
        ],
    )
    assert sim.exit_code == 0, sim.output
    data = json.loads(report.read_text())
    assert len(data["setups"]) == 2
    assert all("hero_win_rate" in s for s in data["setups"])
    page = html.read_text()
    assert "Fights by monster class" in page
    # a race has no win rate to judge: the overview shows first places, not "0 of 3 won"
    assert "<th>first places</th>" in page and "<th>games won</th><th>win rate</th>" not in page
    assert "Verdict on the bots" not in page and "Verdict on the bots" not in sim.output


def test_a_pack_that_cannot_be_played_is_refused_clearly(tmp_path: Path) -> None:
    import shutil

    from wigame import REPO

    pack = tmp_path / "broken"
    shutil.copytree(REPO / "content" / "witcher-sample", pack)
    hero = pack / "heroes" / "corvin.json"
    hero.write_text(hero.read_text().replace('"start": "karst-hold"', '"start": "nowhere"'))
    result = CliRunner().invoke(cli, ["play", f"{pack}:standard", "--auto"])
    assert result.exit_code != 0
    assert "hero 'corvin' starts at unknown location 'nowhere'" in result.output
    assert "Traceback" not in result.output
