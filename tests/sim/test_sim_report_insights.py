"""The report answers the designer's next question: per-round curves, rounds split by
outcome, the closest losses with seeds that replay, two versions compared, designer words
and shared axes. Stub games pin the arithmetic; engine games pin that it is real."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.cli import cli
from questforge.engine.core import report_html, simulation
from questforge.engine.core.game import GameSummary
from questforge.engine.core.report_words import significance_words, thresholds_words
from questforge.engine.core.simulation import GameRecord
from questforge.engine.gloomhaven.game.face import FACE
from questforge.engine.gloomhaven.simulation import setups as make_setups


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def record(index: int, outcome: str, rounds: int, **kw: object) -> GameRecord:
    return GameRecord(0, index, 1000 + index, GameSummary(outcome, rounds, **kw))  # type: ignore[arg-type]


# ------------------------------------------------------------------ arithmetic on stubs


def test_per_round_curves_mean_quartiles_and_games_still_running() -> None:
    summaries = [
        GameSummary("won", 3, per_round={"hp": [10, 8, 6]}),
        GameSummary("lost", 2, per_round={"hp": [10, 4]}),
        GameSummary("won", 1, per_round={"hp": [6]}),
        GameSummary("won", 3, per_round={"hp": [2, 0, 0]}),
    ]
    curve = simulation.per_round_curves(summaries)["hp"]
    assert curve["round"] == [1, 2, 3]
    assert curve["games"] == [4, 3, 2]  # a game that ended no longer counts
    assert curve["mean"] == [7.0, 4.0, 3.0]
    assert curve["p25"] == [5.0, 2.0, 1.5] and curve["p75"] == [10.0, 6.0, 4.5]


def test_rounds_histogram_is_split_by_outcome() -> None:
    summaries = [
        GameSummary("won", 5),
        GameSummary("won", 5),
        GameSummary("lost", 3),
        GameSummary("unfinished", 40),
        GameSummary("error", 0),
    ]
    assert simulation.histogram_by_outcome(summaries) == {
        "won": {"5": 2},
        "lost": {"3": 1},
        "unfinished": {"40": 1},
    }


def test_closest_losses_rank_by_closeness_then_rounds_and_keep_seeds() -> None:
    records = [
        record(0, "lost", 4, closeness=(2.0, -4.0), closeness_note="two left"),
        record(1, "won", 9),
        record(2, "lost", 9, closeness=(1.0, -9.0), closeness_note="one left, late"),
        record(3, "lost", 5, closeness=(1.0, -5.0), closeness_note="one left"),
        *(record(i, "lost", 3, closeness=(5.0, -3.0)) for i in range(4, 10)),
    ]
    losses = simulation.closest_losses(records)
    assert [x["game"] for x in losses] == [2, 3, 0, 4, 5]  # 5 at most, ties by game number
    assert losses[0] == {"game": 2, "seed": 1002, "rounds": 9, "note": "one left, late"}
    assert losses[3]["note"] == "lost in round 3"
    # without a ruleset's closeness: the longest-surviving losses first
    plain = [record(0, "lost", 3), record(1, "lost", 8), record(2, "lost", 8)]
    assert [x["game"] for x in simulation.closest_losses(plain)] == [1, 2, 0]


def test_replay_command_names_the_setup_and_the_seed() -> None:
    setup = {"players": 3, "level": 1, "classes": "", "solo": False, "hard": True}
    assert simulation.play_arguments(setup, 77) == [
        *("--players", "3", "--level", "1", "--hard", "--seed", "77", "--auto"),
    ]
    command = simulation.replay_command("my pack/s.json", setup, 77)
    assert shlex.split(command)[:3] == ["questforge", "play", "my pack/s.json"]


def test_comparison_keeps_the_clock_under_timing_only() -> None:
    def stub(task: simulation.GameTask) -> GameRecord:
        won = task.seed % 3 != 0
        return GameRecord(
            task.setup, task.index, task.seed, GameSummary("won" if won else "lost", 4)
        )

    setups = make_setups([2, 3], [1])
    a, _ = simulation.run_batch(FACE, {"id": "s"}, setups, stub, games=30, seed=1)
    b, _ = simulation.run_batch(FACE, {"id": "s"}, setups, stub, games=30, seed=2)
    both = simulation.comparison_report(a, b, base_name="old", other_name="new")
    assert set(both["timing"]) == {
        *("seconds", "games_per_second", "jobs", "seconds_b", "games_per_second_b", "jobs_b")
    }
    assert "timing" not in both["compared_with"]
    assert both["versions"] == {"base": "old", "other": "new"}
    for row, sa, sb in zip(both["comparison"], a["setups"], b["setups"], strict=True):
        assert row["difference"] == pytest.approx(sb["win_rate"] - sa["win_rate"], abs=1e-4)


def test_designer_words() -> None:
    assert thresholds_words(0.35, 0.9) == (
        "too hard below 35 %, fair from 35 % to 90 %, too easy above 90 %"
    )
    yes = {"difference": -0.25, "p_value": 0.001, "significant": True}
    no = {"difference": 0.05, "p_value": 0.4, "significant": False}
    assert significance_words(yes) == (
        "B is won 25.0 points less often than A: a real difference (p = 0.001, below 0.05)"
    )
    assert "could be chance" in significance_words(no) and "more often" in significance_words(no)
    sized = {**yes, "difference_ci95": [-0.41, -0.09]}
    assert "(95 % range -41 to -9 points)" in significance_words(sized)


def test_difference_interval_matches_newcombe() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 against 48/80,
    # method 10 (score interval, hybrid): 0.0524 to 0.3339
    lo, hi = simulation.difference_interval(48, 80, 56, 70)
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)
    # it stays within -1..1 and is symmetric for equal versions at 0 %
    lo, hi = simulation.difference_interval(0, 10, 0, 10)
    assert -1 < lo < 0 < hi < 1 and lo == pytest.approx(-hi)
    row = simulation.two_proportion_test(16, 16, 9, 16)
    assert row["difference_ci95"][0] < row["difference"] < row["difference_ci95"][1] < 0


# ------------------------------------------------------------------ real games


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory, sample_pack: Path) -> dict[str, Path]:
    """`simulate A B` on the sample scenario and a copy with every monster elite, twice
    with the same seed (one and two processes), JSON and HTML."""
    import shutil

    tmp = tmp_path_factory.mktemp("compare")
    pack = tmp / "harder"
    shutil.copytree(sample_pack, pack)
    scenario = pack / "scenarios" / "collapsed-adit.json"
    data = json.loads(scenario.read_text(encoding="utf-8"))
    for m in data["monsters"]:
        m["players"] = {k: "elite" for k in m["players"]}
    scenario.write_text(json.dumps(data), encoding="utf-8")
    out = {"b": scenario}
    for name, jobs in (("one", "1"), ("two", "2")):
        path, page = tmp / f"{name}.json", tmp / f"{name}.html"
        code, text = run(
            *("simulate", "collapsed-adit", str(scenario), "--players", "2,3", "--games", "10"),
            *("--seed", "4", "--jobs", jobs, "--json", str(path), "--html", str(page), "-q"),
        )
        assert code == 0, text
        out[name], out[name + "_html"], out[name + "_out"] = path, page, Path(text)
    return out


def test_simulate_a_b_is_deterministic_for_a_seed(compared: dict[str, Path]) -> None:
    one = json.loads(compared["one"].read_text())
    two = json.loads(compared["two"].read_text())
    assert one.pop("timing")["jobs"] == 1 and two.pop("timing")["jobs"] == 2
    assert one == two  # byte for byte but the clock, B and the comparison included
    assert [r["label"] for r in one["comparison"]] == [
        "2 characters · level 1",
        "3 characters · level 1",
    ]
    assert one["compared_with"]["target"] == str(compared["b"])
    # every monster elite: B is won less often at both counts
    assert all(r["difference"] < 0 for r in one["comparison"])


def test_json_keeps_machine_names_and_carries_the_words(compared: dict[str, Path]) -> None:
    report = json.loads(compared["one"].read_text())
    s = report["setups"][0]
    assert report["verdict_thresholds"]["too_hard_below"] == simulation.TOO_HARD_BELOW
    assert report["words"]["party_hp"] == "party hit points at the end of the round"
    assert report["words"]["too_hard_below"] == "too hard below"
    assert set(s["per_round"]) == {"party_hp", "monsters_alive", "damage_taken"}
    assert len(s["per_round"]["party_hp"]["round"]) == s["rounds"]["max"]
    assert sum(sum(h.values()) for h in s["rounds"]["histogram_by_outcome"].values()) == 10
    for kind, k in s["kills_of_placed"].items():
        assert 0 <= k["killed"] <= k["placed"], kind
        assert s["kills"].get(kind, 0) == k["killed"]
    dealt = sum(v["total"] for v in s["damage_by_monster"].values())
    taken = sum(c["damage_taken"]["mean"] * c["games"] for c in s["characters"])
    assert 0 < dealt <= round(taken) + 1e-6  # monsters deal most damage, traps the rest
    assert sum(s["exhaustions_by_round"].values()) == sum(c["exhausted"] for c in s["characters"])


def test_a_closest_loss_replays_with_its_command(compared: dict[str, Path]) -> None:
    report = json.loads(compared["one"].read_text())["compared_with"]
    s = next(x for x in report["setups"] if x["closest_losses"])
    loss = s["closest_losses"][0]
    command = simulation.replay_command(report["target"], s["setup"], loss["seed"])
    args = shlex.split(command)[1:]
    code, out = run(*args)
    assert code == 0, out
    assert f"LOST after {loss['rounds']} rounds" in out
    assert f"lost in round {loss['rounds']}" in loss["note"]


def test_html_speaks_designer_words_and_shares_axes(compared: dict[str, Path]) -> None:
    page = compared["one_html"].read_text()
    assert "too hard below 35 %, fair from 35 % to 90 %, too easy above 90 %" in page
    for machine in ("too_hard_below", "too_easy_above", "party_hp", "monsters_alive"):
        assert machine not in page
    assert "B against A" in page
    assert "a real difference" in page or "could be chance" in page
    assert "Closest losses" in page and "questforge play collapsed-adit --players" in page
    assert "Damage dealt by monster type" in page
    assert re.search(r">\d+(\.\d)? of \d+(\.\d)? \(\d+", page)  # kills as "3.2 of 4 (80 %)"
    # the party's hit points: one chart per version and setup, all with the same axis top
    charts = re.findall(r'<svg[^>]*aria-label="party hit points[^"]*".*?</svg>', page, re.S)
    assert len(charts) == 4
    tops = {re.findall(r'text-anchor="end">([\d.]+)</text>', c)[0] for c in charts}
    assert len(tops) == 1
    report = json.loads(compared["one"].read_text())
    every = [*report["setups"], *report["compared_with"]["setups"]]
    highest = max(max(s["per_round"]["party_hp"]["p75"]) for s in every)
    assert highest <= float(tops.pop()) < 2.5 * highest
    # rounds histograms: one x axis for all four
    hist = re.findall(r'<svg[^>]*aria-label="histogram of rounds".*?</svg>', page, re.S)
    assert len(hist) == 4
    assert len({re.findall(r'text-anchor="middle">(\d+)</text>', h)[0] for h in hist}) == 1


def test_peer_setups_only_while_rendering() -> None:
    assert report_html.peer_setups() == ()
    seen: list[int] = []

    def ruleset_html(s: object) -> str:
        seen.append(len(report_html.peer_setups()))
        return ""

    report, _ = simulation.run_batch(
        FACE,
        {"id": "s"},
        make_setups([2, 3, 4], [1]),
        lambda t: GameRecord(t.setup, t.index, t.seed, GameSummary("won", 3)),
        games=2,
        seed=1,
    )
    report_html.render_html(report, ruleset_html)
    assert seen == [3, 3, 3] and report_html.peer_setups() == ()
