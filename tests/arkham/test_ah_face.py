"""Arkham through the ruleset contract: the game face, the step API, the CLI front ends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ahfixture import SAMPLE
from click.testing import CliRunner

from questforge.cli import cli
from questforge.engine import rulesets
from questforge.engine.core.game import check_events, resolve_setup
from questforge.engine.core.session import Session
from questforge.engine.core.targets import resolve_target, target_of_file

BOARD = SAMPLE / "board" / "harrowmere.json"


def _face():  # type: ignore[no-untyped-def]
    face = rulesets.get("arkham").game()
    assert face is not None
    return face


def test_record_names_every_face() -> None:
    r = rulesets.get("arkham")
    assert r.checks_module and r.board_mode_module and r.templates() is not None
    assert r.load_model([]).board is None
    assert resolve_target("arkham-sample:harrowmere").file == BOARD.resolve()


def test_session_plays_a_bot_game_matching_the_declarations() -> None:
    face = _face()
    target = target_of_file(BOARD)
    content = face.load(target)
    options = face.setup_options(content, target)
    setup = resolve_setup(options, {"players": 3})
    assert {o.name for o in options} == {"players", "ancient_one", "investigators"}

    def new() -> object:
        return face.new_game(content, target, setup, 5)

    session = Session(new, lambda g: face.bots(g, 5))
    session.run()
    game = session.game
    assert game.finished and check_events(face.event_types, game.events) == []
    kinds = {d.kind for d in face.decision_types}
    assert {a["kind"] for a in game.answers} <= kinds
    summary = face.summary(game)
    assert summary.outcome in ("won", "lost") and summary.rounds == game.round
    sections = face.report_sections([summary])
    assert sum(sections["how_games_end"].values()) == 1
    assert face.report_text(sections) and "<table>" in face.report_html(sections)
    assert any(face.narrate(e) for e in game.events)
    assert "Quayside" in face.board(game).plain()


def test_a_person_decides_and_the_replay_matches() -> None:
    face = _face()
    target = target_of_file(BOARD)
    content = face.load(target)
    setup = resolve_setup(face.setup_options(content, target), {"players": 2})
    person = face.actors(face.new_game(content, target, setup, 9))[0].id
    session = Session(
        lambda: face.new_game(content, target, setup, 9), lambda g: face.bots(g, 9), people={person}
    )
    decision = session.advance()
    assert decision is not None and decision.actor == person
    text = face.describe_decision(session.game, decision)
    assert text and face.describe_option(session.game, decision, 0)
    for _ in range(5):
        if session.pending is None:
            break
        session.answer(0)
    session.set_people(())
    if session.pending is not None:
        session.answer(0)
    else:
        session.advance()
    assert session.finished
    # the recorded answers and the seed reproduce the same game
    from questforge.engine.core.decisions import ScriptedController

    again = face.new_game(content, target, setup, 9)
    again.run(ScriptedController(list(session.answers)))
    assert [e.to_json() for e in again.events] == [e.to_json() for e in session.game.events]


@pytest.mark.parametrize("bad", [{"ancient_one": "nobody"}, {"investigators": "nobody"}])
def test_bad_setup_is_a_clear_error(bad: dict[str, str]) -> None:
    from questforge.engine.core.game import SetupError

    face = _face()
    target = target_of_file(BOARD)
    content = face.load(target)
    options = face.setup_options(content, target)
    with pytest.raises(SetupError):
        setup = resolve_setup(options, bad)
        face.new_game(content, target, setup, 1)


def test_cli_play_replay_simulate(tmp_path: Path) -> None:
    runner = CliRunner()
    log = tmp_path / "game.json"
    result = runner.invoke(cli, ["play", str(BOARD), "--auto", "--seed", "4", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert json.loads(log.read_text())["ruleset"] == "arkham"
    result = runner.invoke(cli, ["replay", str(log), "--verify"])
    assert result.exit_code == 0 and "identical" in result.output, result.output
    reports = []
    for _ in range(2):
        out = tmp_path / f"r{len(reports)}.json"
        result = runner.invoke(
            cli,
            ["simulate", str(BOARD), "--players", "1..2", "--games", "4", "-q", "--json", str(out)],
        )
        assert result.exit_code == 0, result.output
        data = json.loads(out.read_text())
        data.pop("elapsed_seconds", None)
        data.pop("timing", None)  # wall-clock figures differ run to run
        reports.append(json.dumps(data, sort_keys=True, default=str))
    assert "how_games_end" in reports[0]
    assert reports[0] == reports[1]  # same seed, same report
