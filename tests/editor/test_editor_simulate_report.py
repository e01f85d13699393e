"""The Simulate dialog as a designer uses it: charts in the dialog, "Compare with last
saved version", and a closest loss replayed in the playtest window.

Driven through the editor window (Play > Simulate) on a private copy of a pack, with an
unsaved edit, so version A is the file on disk and version B the document as edited.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts
from questforge.engine.core import simulation
from questforge.engine.core.targets import resolve_target
from questforge.engine.gloomhaven.game.face import FACE

pytestmark = pytest.mark.gui

SHOTS = Path(os.environ.get("QUESTFORGE_TEST_SHOTS", "/tmp"))


@pytest.fixture
def window(qtbot: QtBot, editor_pack: Path) -> MainWindow:
    # the fixture has a deliberate schema error (an unknown key): play it anyway
    win = MainWindow(prompts=ScriptedPrompts(play_anyway=True), live_validation=False)
    win.resize(1400, 900)
    qtbot.addWidget(win)
    win.show()
    win.open_path(editor_pack / "scenarios" / "two-rooms.json")
    return win


def _simulate(qtbot: QtBot, window: MainWindow, players: tuple[int, ...]) -> Any:
    window.simulate_action.trigger()
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    dialog = editor.simulate_dialog
    assert dialog is not None, window.prompts.errors  # type: ignore[attr-defined]
    for n, box in dialog.controls["players"].boxes.items():
        box.setChecked(n in players)
    dialog.games_spin.setValue(16)
    dialog.seed_spin.setValue(5)
    return dialog


def test_compare_with_last_saved_version_shows_difference_and_significance(
    qtbot: QtBot, window: MainWindow, editor_pack: Path
) -> None:
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    saved_file = editor_pack / "scenarios" / "two-rooms.json"
    on_disk = saved_file.read_bytes()
    # an unsaved edit that makes the scenario much harder: every monster elite at any count
    for i, m in enumerate(editor.document.data["monsters"]):
        for count in m["players"]:
            editor.document.set_value(("monsters", i, "players", count), "elite")
    dialog = _simulate(qtbot, window, (2, 3))
    assert dialog.compare_button.isEnabled()
    with qtbot.waitSignal(dialog.runEnded, timeout=120_000):
        qtbot.mouseClick(dialog.compare_button, Qt.MouseButton.LeftButton)
        assert dialog.running and not dialog.compare_button.isEnabled()
    report = dialog.report
    assert report is not None, dialog.status_label.text()
    assert saved_file.read_bytes() == on_disk  # comparing never writes the user's file
    # A is exactly the saved file and B the document as edited: the same seeded games as
    # `questforge simulate` on each
    setups = dialog.setups()
    a, _ = simulation.run_simulation(
        FACE, resolve_target(str(saved_file)), setups, games=16, seed=5
    )
    b, _ = simulation.run_simulation(FACE, dialog.target, setups, games=16, seed=5)
    assert [s["wins"] for s in report["setups"]] == [s["wins"] for s in a["setups"]]
    assert [s["wins"] for s in report["compared_with"]["setups"]] == [
        s["wins"] for s in b["setups"]
    ]
    assert report["versions"] == {"base": "last saved version", "other": "this version"}
    # the per-player-count difference and its significance, in the dialog's table
    rows = dialog.comparison()
    assert [r["label"] for r in rows] == ["2 characters · level 1", "3 characters · level 1"]
    assert dialog.tabs.currentWidget() is dialog.comparison_table
    table = dialog.comparison_table
    for i, r in enumerate(rows):
        assert r["difference"] == pytest.approx(r["win_rate"] - r["base_win_rate"], abs=1e-4)
        cells = [table.item(i, c).text() for c in range(table.columnCount())]
        assert cells[0] == r["label"]
        assert cells[3] == f"{100 * r['difference']:+.1f} points"
        assert cells[4] == ("yes" if r["significant"] else "no")
        assert ("a real difference" in cells[5]) == r["significant"]
        assert "could be chance" in cells[5] or r["significant"]
    # the charts of the HTML page are drawn in the dialog (every SVG became an image)
    from questforge.engine.core.report_html import render_html

    page = render_html(report, FACE.report_html)
    assert len(dialog.report_view.charts) == page.count("<svg") > 10
    assert all(not img.isNull() and img.width() > 100 for img in dialog.report_view.charts)
    assert "too hard below 35 %" in dialog.bands_label.text()
    dialog.grab().save(str(SHOTS / "reports-compare-dialog.png"))
    dialog.tabs.setCurrentWidget(dialog.report_view)
    QApplication.processEvents()
    dialog.grab().save(str(SHOTS / "reports-charts-dialog.png"))
    bar = dialog.report_view.verticalScrollBar()
    bar.setValue(int(bar.maximum() * 0.22))
    QApplication.processEvents()
    dialog.report_view.grab().save(str(SHOTS / "reports-charts-dialog-curves.png"))
    dialog.close()


def test_a_closest_loss_opens_in_the_playtest_and_replays_that_game(
    qtbot: QtBot, window: MainWindow
) -> None:
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    for i, m in enumerate(editor.document.data["monsters"]):
        for count in m["players"]:
            editor.document.set_value(("monsters", i, "players", count), "elite")
    dialog = _simulate(qtbot, window, (2,))
    with qtbot.waitSignal(dialog.runEnded, timeout=120_000):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    losses = dialog.report["setups"][0]["closest_losses"]
    assert losses, "the elite version should lose some games"
    assert dialog.losses_table.rowCount() == len(losses)
    assert dialog.losses_table.item(0, 2).text() == str(losses[0]["seed"])
    assert f"--seed {losses[0]['seed']}" in dialog.loss_command.text()
    # the command names the designer's file, not the editor's temporary copy
    assert str(window.current_editor().document.path) in dialog.loss_command.text()  # type: ignore[union-attr]
    dialog.tabs.setCurrentIndex(2)
    dialog.losses_table.selectRow(0)
    dialog.grab().save(str(SHOTS / "reports-closest-losses.png"))
    qtbot.mouseClick(dialog.open_loss_button, Qt.MouseButton.LeftButton)
    play = dialog.playtests[-1]
    # a simulated game's seed has 63 bits: the seed box shows it, the game runs under it
    assert play.game_seed() == losses[0]["seed"]
    assert play.seed_spin.text() == str(losses[0]["seed"])
    assert all(box.isChecked() for box in play.bot_boxes)  # bots replay the very game
    play.step("end")
    qtbot.waitUntil(lambda: play.runner is not None and play.runner.finished, timeout=60_000)
    result = play.runner.game.result
    assert result is not None and result.outcome == "lost"
    assert result.rounds == losses[0]["rounds"]
    assert (str(result.rounds) in losses[0]["note"]) and "left" in losses[0]["note"]
    play.grab().save(str(SHOTS / "reports-replayed-loss.png"))
    # changing the seed box hands it back to the designer
    play.seed_spin.setValue(7)
    assert play.game_seed() == 7 and play.seed_spin.text() == "7"
    play.close()
    dialog.close()
    QApplication.processEvents()
