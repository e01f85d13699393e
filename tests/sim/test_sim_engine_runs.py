"""Batch simulation on the real engine: same seed, same report, whatever the job count."""

from __future__ import annotations

import json
from pathlib import Path

import sim_scenarios

from questforge.engine.core import simulation as core
from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.game.face import FACE
from questforge.engine.gloomhaven.simulation import setups


def _run(jobs: int, seed: int = 5, games: int = 12) -> dict:
    report, _ = core.run_batch(
        FACE,
        {"id": "three-rooms"},
        [*setups([2], [1]), *setups([4], [0])],
        simulation.BotGame(sim_scenarios.three_rooms, "three-rooms"),
        games=games,
        seed=seed,
        jobs=jobs,
        include_games=True,
    )
    return report


def test_same_report_on_one_and_two_processes() -> None:
    one = _run(1)
    two = _run(2)
    assert "seconds" in one.pop("timing") and "seconds" in two.pop("timing")
    assert json.dumps(one) == json.dumps(two)
    assert len(one["games"]) == 24
    assert {g["outcome"] for g in one["games"]} <= {"won", "lost", "unfinished"}


def test_a_game_of_the_run_is_the_same_game_alone() -> None:
    report = _run(1, games=6)
    game3 = report["games"][3]
    task = core.make_tasks(setups([2], [1]), 6, 5)[3]
    alone = simulation.BotGame(sim_scenarios.three_rooms, "three-rooms")(task)
    assert alone.to_json() == game3


def test_round_cap_marks_games_unfinished() -> None:
    task = core.make_tasks(setups([3], [1]), 1, 9)[0]
    result = simulation.BotGame(sim_scenarios.three_rooms, "three-rooms", round_cap=2)(task)
    assert result.summary.outcome == "unfinished" and result.summary.rounds == 2


def test_report_counts_match_the_engine_results() -> None:
    points = setups([3], [1])
    tasks = core.make_tasks(points, 10, 2)
    play = simulation.BotGame(sim_scenarios.three_rooms, "three-rooms")
    results = [play(t).summary for t in tasks]
    records = [
        core.GameRecord(t.setup, t.index, t.seed, r) for t, r in zip(tasks, results, strict=True)
    ]
    report = core.build_report(FACE, {}, points, records, seed=2, games=10)
    s = report["setups"][0]
    assert s["wins"] == sum(r.outcome == "won" for r in results)
    assert sum(s["kills"].values()) == sum(sum(r.metrics["kills"].values()) for r in results)
    exhausted = [c for r in results for c in r.metrics["characters"] if c["exhausted"]]
    assert sum(s["falls_by_room"].values()) == len(exhausted)
    assert all(c["exhaustion_cause"] in ("health", "cards") for c in exhausted)
    # bonus XP 4 + 2L only for a won scenario (GH-END-05, GH-END-07)
    for r in results:
        for c in r.metrics["characters"]:
            assert c["xp"] >= 0
            if r.outcome == "won":
                assert c["xp"] >= 4 + 2 * 1


def test_load_content_sees_an_edited_pack(sample_pack: Path, tmp_path: Path) -> None:
    """The editor simulates a pack while it is edited: a changed file is loaded again."""
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(sample_pack, pack)
    source = simulation.resolve_scenario(f"{pack}:collapsed-adit")
    first = simulation.load_content(source)
    assert simulation.load_content(source) is first  # unchanged: cached
    path = pack / "scenarios" / "collapsed-adit.json"
    data = json.loads(path.read_text())
    data["name"] = "Renamed Adit"
    path.write_text(json.dumps(data))
    again = simulation.load_content(source)
    assert again is not first
    assert again.scenarios["collapsed-adit"].name == "Renamed Adit"
