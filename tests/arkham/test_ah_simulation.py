"""The Arkham balance report through the shared simulation (``questforge simulate``): one
setup per (investigators, Ancient One), deterministic for a seed, with Arkham's own
sections (how games end, doom by round, gates opened) in the JSON and the HTML page."""

from __future__ import annotations

import json
from pathlib import Path

from ahgame import model
from click.testing import CliRunner

from questforge.cli import cli

BOARD = (
    Path(__file__).resolve().parents[2] / "content" / "arkham-sample" / "board" / "harrowmere.json"
)


def simulate(tmp_path: Path, name: str, *args: str) -> dict:
    out = tmp_path / f"{name}.json"
    result = CliRunner().invoke(
        cli, ["simulate", str(BOARD), *args, "-q", "--json", str(out), "--html", str(out) + ".html"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    data.pop("timing", None)  # wall-clock figures only
    return data


def test_report_has_a_setup_per_player_count_and_ancient_one(tmp_path: Path) -> None:
    aos = sorted(model().ancient_ones)[:2]
    args = ("--players", "1,3", "--ancient_one", ",".join(aos), "--games", "4", "--seed", "7")
    a = simulate(tmp_path, "a", *args)
    assert simulate(tmp_path, "b", *args) == a  # same seed, same report
    assert simulate(tmp_path, "c", *args[:-1], "8") != a
    setups = a["setups"]
    assert {(s["setup"]["players"], s["setup"]["ancient_one"]) for s in setups} == {
        (p, ao) for p in (1, 3) for ao in aos
    }
    for s in setups:
        assert s["games"] == 4 and sum(s["how_games_end"].values()) == 4
        assert s["doom_by_round"] and all(n > 0 for n in s["gates_opened"].values())
    page = (tmp_path / "a.json.html").read_text()
    assert page.lower().startswith("<!doctype html>") and "How games end" in page and "<svg" in page
