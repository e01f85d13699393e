"""The Simulate dialog's charts, comparison and closest-loss replay are core: they work for
a ruleset other than Gloomhaven (Arkham Horror here, with the generic playtest window)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playtest_helpers import click

from questforge.editor.playtest import open_simulate
from questforge.engine.core.report_html import render_html

pytestmark = pytest.mark.gui

BOARD = "harrowmere"


def test_arkham_compare_and_replay_a_closest_loss(qtbot: Any, repo_root: Path) -> None:
    pack = repo_root / "content" / "arkham-sample"
    saved = pack / "board" / f"{BOARD}.json"
    dialog = open_simulate(None, pack, BOARD, saved_file=saved)
    qtbot.addWidget(dialog)
    dialog.games_spin.setValue(12)
    with qtbot.waitSignal(dialog.runEnded, timeout=120_000):
        click(qtbot, dialog.compare_button)
    assert dialog.report is not None, dialog.status_label.text()
    # the same file on both sides: the same games, no difference, nothing significant
    rows = dialog.comparison()
    assert rows and all(r["difference"] == 0 and not r["significant"] for r in rows)
    assert "exactly as often" in dialog.comparison_table.item(0, 5).text()
    page = render_html(dialog.report, dialog.face.report_html)
    assert len(dialog.report_view.charts) == page.count("<svg") >= 3
    current = dialog.current_report()
    assert current is not None
    losses = [x for s in current["setups"] for x in s["closest_losses"]]
    assert losses, "the bots lose most Arkham games at this seed"
    # without a ruleset closeness, the longest-surviving loss comes first
    first = current["setups"][0]["closest_losses"]
    assert [x["rounds"] for x in first] == sorted((x["rounds"] for x in first), reverse=True)
    dialog.losses_table.selectRow(0)
    click(qtbot, dialog.open_loss_button)
    play = dialog.playtests[-1]
    assert play.game_seed() == losses[0]["seed"]
    assert not any(box.isChecked() for box in play.person_boxes.values())  # bots only
    click(qtbot, play.end_button)
    qtbot.waitUntil(lambda: play.session.game.finished, timeout=60_000)
    summary = dialog.face.summary(play.session.game)
    assert (summary.outcome, summary.rounds) == ("lost", losses[0]["rounds"])
    play.close()
    dialog.close()


def test_a_window_that_cannot_replay_says_so(qtbot: Any, repo_root: Path) -> None:
    """Descent's own playtest window has no seed to replay yet: a message, not a crash."""
    dialog = open_simulate(None, repo_root / "content" / "descent-sample", "hollow-crown")
    qtbot.addWidget(dialog)
    assert not dialog.compare_button.isEnabled()  # no saved file given: nothing to compare
    dialog.games_spin.setValue(6)
    with qtbot.waitSignal(dialog.runEnded, timeout=120_000):
        click(qtbot, dialog.run_button)
    if not dialog.losses_table.rowCount():
        pytest.skip("the heroes won every game of this seed: no loss to open")
    dialog.losses_table.selectRow(0)
    click(qtbot, dialog.open_loss_button)
    assert not dialog.playtests
    assert "cannot replay a simulated game yet" in dialog.status_label.text()
    dialog.close()
