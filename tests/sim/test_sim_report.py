"""The batch runner, the statistics and the report, on stub games (no engine needed).

The engine-backed determinism and property tests live in ``test_sim_properties.py``; these
pin down what the report promises whatever the engine does: per-game seeds independent of
job count and order, Wilson intervals, verdict bands, and a deterministic JSON.
"""

from __future__ import annotations

import json
import random

import pytest

from questforge.engine.core import report_html, simulation
from questforge.engine.core.game import GameSummary
from questforge.engine.core.simulation import GameRecord, GameTask
from questforge.engine.gloomhaven.game.face import FACE
from questforge.engine.gloomhaven.simulation import setups as make_setups


def stub_play(task: GameTask) -> GameRecord:
    """A fake game whose outcome is a pure function of the task's seed."""
    rng = random.Random(task.seed)
    players = int(task.setup_dict()["players"])  # type: ignore[arg-type]
    win = rng.random() < 0.3 + 0.1 * players
    chars = []
    for i in range(players):
        ex = rng.random() < 0.2
        chars.append(
            {
                "name": f"class-{i}",
                "damage_taken": rng.randint(0, 20),
                "exhausted": ex,
                "exhaustion_cause": "health" if ex else None,
                "exhausted_round": 3 if ex else None,
                "fell_in_room": rng.choice(["room-a", "room-b"]) if ex else None,
                "xp": rng.randint(0, 10),
                "gold": 0,
            }
        )
    if task.index == 3 and players == 3:
        raise RuntimeError("engine bug in game 3")
    metrics = {
        "characters": chars,
        "kills": {"rat": rng.randint(0, 4), "archer": rng.randint(0, 2)},
        "rooms_revealed": ["room-a"],
        "events": 10,
        "loss_cause": None if win else "exhausted",
    }
    summary = GameSummary("won" if win else "lost", rng.randint(4, 12), metrics)
    return GameRecord(task.setup, task.index, task.seed, summary)


SETUPS = make_setups([2, 3], [1])


def _report(jobs: int, seed: int = 7) -> dict:
    report, _ = simulation.run_batch(
        FACE,
        {"id": "demo", "pack": "p", "name": "Demo"},
        SETUPS,
        stub_play,
        games=40,
        seed=seed,
        jobs=jobs,
    )
    return report


def test_game_seed_depends_only_on_base_setup_and_index() -> None:
    a = simulation.make_tasks(make_setups([2], [1]), 5, 11)
    b = simulation.make_tasks(make_setups([4, 2], [1]), 50, 11)
    assert [t.seed for t in a] == [t.seed for t in b if t.setup_dict()["players"] == 2][:5]
    assert len({t.seed for t in b}) == len(b)
    assert simulation.game_seed(1, "2:1", 0) != simulation.game_seed(2, "2:1", 0)
    # the seed key of a Gloomhaven setup is "players:level": games recorded before the
    # ruleset contract keep their seeds
    assert a[0].seed == simulation.game_seed(11, "2:1", 0)


def test_report_identical_across_job_counts_except_timing() -> None:
    one = _report(1)
    two = _report(2)
    assert one.pop("timing")["jobs"] == 1
    assert two.pop("timing")["jobs"] == 2
    assert json.dumps(one, sort_keys=False) == json.dumps(two, sort_keys=False)
    assert _report(1, seed=8)["setups"] != one["setups"]


def test_progress_reaches_total_and_results_come_back_in_task_order() -> None:
    seen: list[tuple[int, int]] = []
    tasks = simulation.make_tasks(SETUPS, 10, 3)
    results = simulation.run_tasks(
        tasks, stub_play, jobs=2, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[0] == (0, 20) and seen[-1] == (20, 20)
    assert [(r.setup, r.index) for r in results] == [(t.setup, t.index) for t in tasks]


def test_a_crashing_game_is_reported_not_fatal() -> None:
    report = _report(1)
    three = report["setups"][1]
    assert three["errors"] == 1
    assert three["error_games"][0]["game"] == 3
    assert "engine bug" in three["error_games"][0]["error"]
    assert three["wins"] + three["losses"] + three["errors"] == 40


def test_report_figures_match_the_games() -> None:
    setups = make_setups([2], [1])
    tasks = simulation.make_tasks(setups, 30, 5)
    results = [stub_play(t) for t in tasks]
    report = simulation.build_report(FACE, {}, setups, results, seed=5, games=30)
    s = report["setups"][0]
    wins = sum(r.summary.outcome == "won" for r in results)
    assert s["wins"] == wins and s["win_rate"] == round(wins / 30, 4)
    assert sum(s["rounds"]["histogram"].values()) == 30
    assert s["kills"]["rat"] == sum(r.summary.metrics["kills"]["rat"] for r in results)
    falls = sum(c["exhausted"] for r in results for c in r.summary.metrics["characters"])
    assert sum(s["falls_by_room"].values()) == falls
    seat1 = s["characters"][0]
    assert seat1["name"] == "class-0"
    assert seat1["damage_taken"]["max"] == max(
        r.summary.metrics["characters"][0]["damage_taken"] for r in results
    )
    assert "timing" not in report


@pytest.mark.parametrize(
    ("wins", "n", "lo", "hi"),
    [
        (0, 10, 0.0, 0.2775),  # reference values: Wilson score interval, z = 1.96
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_reference_values(wins: int, n: int, lo: float, hi: float) -> None:
    got = simulation.wilson_interval(wins, n)
    assert got == pytest.approx((lo, hi), abs=1e-4)


def test_verdict_bands() -> None:
    assert simulation.verdict(0.1) == "too hard"
    assert simulation.verdict(simulation.TOO_HARD_BELOW) == "fair"
    assert simulation.verdict(0.6) == "fair"
    assert simulation.verdict(0.95) == "too easy"


def test_html_is_self_contained_and_shows_the_figures() -> None:
    report = _report(1)
    page = report_html.render_html(report, FACE.report_html)
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page and "<link" not in page and "src=" not in page
    # the only URL is the SVG namespace
    assert {u for u in __import__("re").findall(r"https?://[^\"' ]+", page)} == {
        "http://www.w3.org/2000/svg"
    }
    assert page.count("<svg") >= 1 + 5 * len(SETUPS)
    s = report["setups"][0]
    assert f"{100 * s['win_rate']:.1f}%" in page
    assert s["verdict"] in page
    assert "room-a" in page and "rat" in page


def test_html_escapes_content_names() -> None:
    report = _report(1)
    report["scenario"]["name"] = "<b>Evil & co</b>"
    page = report_html.render_html(report, FACE.report_html)
    assert "<b>Evil" not in page and "&lt;b&gt;Evil &amp; co" in page


def test_a_competitive_game_reports_first_places_not_a_verdict() -> None:
    """A race (The Witcher) has no winning side: outcome ``finished`` with a ranking. The
    report then counts first places per player and applies no verdict bands."""

    def race(task: GameTask) -> GameRecord:
        rng = random.Random(task.seed)
        order = ["ann", "bo", "cy"]
        rng.shuffle(order)
        return GameRecord(
            task.setup, task.index, task.seed, GameSummary("finished", 20, {}, tuple(order))
        )

    report, _ = simulation.run_batch(FACE, {}, make_setups([3], [1]), race, games=30, seed=2)
    s = report["setups"][0]
    assert s["verdict"] == "competitive" and s["wins"] == 0
    assert sum(s["first_places"].values()) == 30
    assert set(s["first_places"]) <= {"ann", "bo", "cy"}
    page = report_html.render_html(report)
    assert "First places" in page and "competitive game" in page
