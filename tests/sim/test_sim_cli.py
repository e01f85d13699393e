"""`questforge play`, `simulate` and `replay` as a user runs them (click's CliRunner)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.cli import cli


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.output


def no_traceback(output: str) -> bool:
    return "Traceback" not in output


# ------------------------------------------------------------------ simulate


def test_simulate_writes_deterministic_json_and_html(tmp_path: Path) -> None:
    a, b, h = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "r.html"
    code, out = run(
        "simulate",
        "collapsed-adit",
        "--players",
        "2,3",
        "--games",
        "3",
        "--seed",
        "4",
        "--jobs",
        "1",
        "--json",
        str(a),
        "--html",
        str(h),
        "-q",
    )
    assert code == 0, out
    assert "win rate" in out and "6 games" in out
    code, out = run(
        "simulate",
        "collapsed-adit",
        "--players",
        "2-3",
        "--games",
        "3",
        "--seed",
        "4",
        "--jobs",
        "2",
        "--json",
        str(b),
        "-q",
    )
    assert code == 0, out
    ra, rb = json.loads(a.read_text()), json.loads(b.read_text())
    assert ra.pop("timing")["jobs"] == 1 and rb.pop("timing")["jobs"] == 2
    assert ra == rb
    assert [(s["players"], s["games"]) for s in ra["setups"]] == [(2, 3), (3, 3)]
    assert ra["scenario"]["id"] == "collapsed-adit"
    page = h.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "collapsed-adit" in page


def test_simulate_level_list_compares_setups(tmp_path: Path) -> None:
    out_json = tmp_path / "r.json"
    code, out = run(
        "simulate",
        "content/gloomhaven-sample:collapsed-adit",
        "--level",
        "0,2",
        "--games",
        "2",
        "--json",
        str(out_json),
        "-q",
    )
    assert code == 0, out
    setups = json.loads(out_json.read_text())["setups"]
    assert [(s["players"], s["level"]) for s in setups] == [(2, 0), (2, 2)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "--players must be between 2 and 4"),
        (["--players", "two"], "expected a whole number"),
        (["--players", "2,2"], "listed twice"),
        (["--level", "8"], "--level must be between 0 and 7"),
        (["--level", "3-1"], "runs backwards"),
        (["--games", "0"], "--games must be"),
        (["--jobs", "0"], "--jobs must be"),
        (["--classes", "lampwright,nobody"], "unknown character class 'nobody'"),
        (["--classes", "lampwright", "--players", "2"], "need 2 classes"),
    ],
)
def test_simulate_bad_options_exit_2(args: list[str], message: str) -> None:
    code, out = run("simulate", "collapsed-adit", "--games", "1", *args)
    assert code == 2, out
    assert message in out and no_traceback(out)


def test_simulate_refuses_an_unwritable_report_path_before_running(tmp_path: Path) -> None:
    code, out = run("simulate", "collapsed-adit", "--json", str(tmp_path))
    assert code == 2 and "is a directory" in out  # click checks this one
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, out = run("simulate", "collapsed-adit", "--html", str(blocker / "r.html"))
    assert code == 2 and "cannot write there" in out and no_traceback(out)


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ("no-such-scenario", "scenario has this id"),  # "no bundled game-options/scenario"
        ("missing/file.json", "no such file"),
        ("content/gloomhaven-sample", "is a folder"),
        ("content/gloomhaven-sample:nope", "scenario 'nope'"),
        ("nowhere-dir:intro", "no such pack folder"),
        ("pyproject.toml", "pyproject.toml:1:2: malformed JSON"),
    ],
)
def test_simulate_bad_scenario_exit_2(scenario: str, message: str) -> None:
    code, out = run("simulate", scenario, "--games", "1")
    assert code == 2, out
    assert message in out and no_traceback(out)


def test_scenario_file_path_is_accepted(sample_pack: Path, tmp_path: Path) -> None:
    path = sample_pack / "scenarios" / "collapsed-adit.json"
    code, out = run("simulate", str(path), "--games", "1", "-q")
    assert code == 0, out
    bad = tmp_path / "x.json"
    bad.write_text('{"kind": "monster", "id": "x"}')
    (tmp_path / "pack.json").write_text("{}")
    code, out = run("simulate", str(bad), "--games", "1")
    assert code == 2 and "expected " in out and "'scenario'" in out  # (or another ruleset's)


# ------------------------------------------------------------------ play and replay


def test_auto_play_log_replays_and_verifies(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    code, out = run(
        "play", "collapsed-adit", "--players", "3", "--seed", "11", "--auto", "--log", str(log)
    )
    assert code == 0, out
    assert "Round 1 begins." in out and ("WON" in out or "LOST" in out)
    assert "[D]" in out or "▯" in out  # the map is drawn
    data = json.loads(log.read_text())
    assert data["format"] == 2 and data["ruleset"] == "gloomhaven"
    assert data["setup"]["players"] == 3 and data["decisions"] and data["events"]
    assert data["content"]["target"]["id"] == "collapsed-adit"
    assert data["content"]["digest"].startswith("sha256:")

    code, out = run("replay", str(log), "--verify")
    assert code == 0, out
    assert f"verified: {len(data['events'])} events identical" in out

    code, out = run("replay", str(log))
    assert code == 0 and "Round 1 begins." in out

    # tamper with one event: verification names the index and both versions
    data["events"][25]["tampered"] = True
    log.write_text(json.dumps(data))
    code, out = run("replay", str(log), "--verify")
    assert code == 1
    assert "DIVERGES at event 25" in out and "tampered" in out


def test_replay_detects_a_changed_decision(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    assert run("play", "collapsed-adit", "--seed", "2", "--auto", "--log", str(log))[0] == 0
    data = json.loads(log.read_text())
    first_plan = next(i for i, d in enumerate(data["decisions"]) if d["kind"] == "plan")
    data["decisions"][first_plan]["index"] += 1
    log.write_text(json.dumps(data))
    code, out = run("replay", str(log), "--verify")
    assert code == 1 and "DIVERGES at event" in out and no_traceback(out)


def test_interactive_play_reads_numbers_and_quits_cleanly(tmp_path: Path) -> None:
    log = tmp_path / "partial.json"
    # starting hexes, an invalid answer, two cards, then quit
    code, out = run(
        "play", "collapsed-adit", "--seed", "3", "--log", str(log), input="1\n1\nzz\n1\n1\nq\n"
    )
    assert code == 0, out
    assert "choose two cards" in out
    assert "'zz' is not an option" in out
    assert "game left before its end" in out
    # the partial log replays as far as it went
    code, out = run("replay", str(log), "--verify")
    assert code == 0, out
    assert "left early" in out


def test_interactive_play_end_of_input_is_a_clean_exit() -> None:
    code, out = run("play", "collapsed-adit", input="")
    assert code == 0 and "game left before its end" in out and no_traceback(out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "1"], "--players must be between 2 and 4"),
        (["--level", "-1"], "--level must be between 0 and 7"),
        (["--classes", "lampwright,lampwright"], "one character only"),
    ],
)
def test_play_bad_options_exit_2(args: list[str], message: str) -> None:
    code, out = run("play", "collapsed-adit", "--auto", *args)
    assert code == 2 and message in out and no_traceback(out)


def test_replay_bad_logs_exit_2(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    code, out = run("replay", str(missing))
    assert code == 2 and "cannot read file" in out
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1,')
    code, out = run("replay", str(broken))
    assert code == 2 and "broken.json:" in out and no_traceback(out)
    other = tmp_path / "other.json"
    other.write_text('{"kind": "scenario"}')
    code, out = run("replay", str(other), "--verify")
    assert code == 2 and "not a questforge game log" in out
    nopack = tmp_path / "nopack.json"
    nopack.write_text(
        json.dumps(
            {
                "format": 1,
                "setup": {"scenario": "x", "characters": []},
                "seed": 1,
                "decisions": [],
                "events": [],
                "pack": {"id": "elsewhere"},
            }
        )
    )
    code, out = run("replay", str(nopack))
    assert code == 2 and "--pack" in out
    code, out = run("replay", str(nopack), "--pack", str(tmp_path))
    assert code == 2 and "not a content pack folder" in out


def test_a_simulated_game_can_be_watched_with_play_auto(tmp_path: Path) -> None:
    report_path = tmp_path / "r.json"
    code, out = run(
        "simulate",
        "collapsed-adit",
        "--players",
        "3",
        "--level",
        "2",
        "--games",
        "2",
        "--seed",
        "8",
        "--games-detail",
        "--json",
        str(report_path),
        "-q",
    )
    assert code == 0, out
    game = json.loads(report_path.read_text())["games"][1]
    code, out = run(
        "play",
        "collapsed-adit",
        "--players",
        "3",
        "--level",
        "2",
        "--seed",
        str(game["seed"]),
        "--auto",
    )
    assert code == 0
    word = {"won": "WON", "lost": "LOST"}[game["outcome"]]
    assert f"{word} after {game['rounds']} rounds" in out


def test_an_engine_failure_is_reported_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from questforge.engine.gloomhaven.game import character_turn

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("simulated engine bug")

    log = tmp_path / "game.json"
    assert run("play", "collapsed-adit", "--seed", "4", "--auto", "--log", str(log))[0] == 0
    monkeypatch.setattr(character_turn, "play_cards", broken)
    code, out = run("play", "collapsed-adit", "--auto")
    assert code == 1 and "engine error" in out and "simulated engine bug" in out
    assert no_traceback(out)
    code, out = run("replay", str(log), "--verify")
    assert code == 1 and "the engine failed" in out and no_traceback(out)
    code, out = run("simulate", "collapsed-adit", "--games", "2", "-q")
    assert code == 1 and "2 game(s) failed with an engine error" in out
    assert "simulated engine bug" in out and no_traceback(out)


def test_simulate_uses_the_second_core_by_default(tmp_path: Path, monkeypatch: object) -> None:
    # 1,000 games take half the time on two processes and the report is the same (the
    # default follows ``validate``'s: 2 with two cores or more; QUESTFORGE_JOBS sets it)
    out_default, out_one = tmp_path / "d.json", tmp_path / "one.json"
    monkeypatch.setenv("QUESTFORGE_JOBS", "2")  # type: ignore[attr-defined]
    args = ("simulate", "collapsed-adit", "--players", "2", "--games", "2", "-q")
    assert run(*args, "--json", str(out_default))[0] == 0
    monkeypatch.setenv("QUESTFORGE_JOBS", "1")  # type: ignore[attr-defined]
    assert run(*args, "--json", str(out_one))[0] == 0
    a, b = json.loads(out_default.read_text()), json.loads(out_one.read_text())
    assert a.pop("timing")["jobs"] == 2 and b.pop("timing")["jobs"] == 1
    assert a == b
