"""The Arkham simulation report: deterministic, answers the designer's questions."""

from __future__ import annotations

import json

from ahgame import model

from questforge.engine.arkham.simulation import render_html, simulate


def test_report_is_deterministic_and_complete() -> None:
    a = simulate(model(), players=[1, 3], games=4, seed=7)
    b = simulate(model(), players=[1, 3], games=4, seed=7)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert len(a["cells"]) == 2 * len(model().ancient_ones)
    for cell in a["cells"]:
        assert cell["games"] == 4 and sum(cell["how"].values()) == 4
        assert 0 <= cell["win_rate"] <= 1 and cell["doom_by_round"]
    assert {g["players"] for g in a["by_players"]} == {1, 3}
    assert sum(g["games"] for g in a["by_ancient_one"]) == 2 * 4 * len(model().ancient_ones)
    assert simulate(model(), players=[1], games=4, seed=8) != simulate(
        model(), players=[1], games=4, seed=7
    )


def test_html_is_self_contained() -> None:
    report = simulate(model(), players=[2], games=3, seed=1)
    names = {k: v.name for k, v in model().ancient_ones.items()}
    page = render_html(report, names)
    assert page.startswith("<!doctype html>") and "<script" not in page
    assert "Win rate by player count" in page and "The Drowned Choir" in page
    assert "<svg" in page
