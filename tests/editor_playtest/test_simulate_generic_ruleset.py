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


def test_descent_replays_a_closest_loss_and_steps_back(qtbot: Any, repo_root: Path) -> None:
    """Descent's own playtest window replays a simulated game from its seed (bots on every
    side, the very game the report counted), then steps back through it."""
    from questforge.editor.descent.playtest import DescentPlaytest

    dialog = open_simulate(None, repo_root / "content" / "descent-sample", "hollow-crown")
    qtbot.addWidget(dialog)
    dialog.games_spin.setValue(6)
    with qtbot.waitSignal(dialog.runEnded, timeout=120_000):
        click(qtbot, dialog.run_button)
    current = dialog.current_report()
    assert current is not None
    losses = [x for s in current["setups"] for x in s["closest_losses"]]
    if not losses:
        pytest.skip("the heroes won every game of this seed: no loss to open")
    dialog.losses_table.selectRow(0)
    click(qtbot, dialog.open_loss_button)
    assert dialog.playtests, dialog.status_label.text()
    play = dialog.playtests[-1]
    assert isinstance(play, DescentPlaytest)
    assert play.game_seed() == losses[0]["seed"]
    assert not any(box.isChecked() for box in play.seats.values())  # bots only
    game = play.session.game
    assert game.finished
    summary = dialog.face.summary(game)
    assert (summary.outcome, summary.rounds) == ("lost", losses[0]["rounds"])
    assert play.question.text() == "The game is over."
    # step back: the game is replayed to where the step before the end left it
    ended = len(game.events)
    log = play.log.toPlainText()
    assert play.step_back_button.isEnabled()
    click(qtbot, play.step_back_button)
    assert not play.session.game.finished
    assert len(play.session.game.events) < ended
    # the log shows the last 200 events: stepping back slides that window, so the earlier
    # log is recognised by its last lines inside the later one (not by a shared start,
    # which held only while the final step was a short one)
    earlier = play.log.toPlainText()
    assert earlier != log and "\n".join(earlier.splitlines()[-3:]) in log
    qtbot.wait(50)  # laid out before the screenshot
    play.grab().save("/tmp/polish-descent-step-back.png")
    # and forward again (Play on): the same end as the report's
    click(qtbot, play.buttons["Play on"])
    assert play.session.game.finished
    assert play.log.toPlainText() == log
    play.close()
    dialog.close()
