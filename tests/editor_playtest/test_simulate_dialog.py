"""The Simulate dialog: a small seeded batch with progress, the report table, cancel."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playtest_helpers import click

from questforge.editor.playtest import open_simulate
from questforge.editor.playtest.simulate import SimulateDialog
from questforge.engine.core import simulation as core
from questforge.engine.core.targets import resolve_target
from questforge.engine.gloomhaven.game.face import FACE


def _dialog(sample_pack: Path, scenario: str, **kw: Any) -> SimulateDialog:
    target = resolve_target(f"{sample_pack}:{scenario}")
    return SimulateDialog(FACE, target, FACE.load(target), **kw)


pytestmark = pytest.mark.gui


def test_simulate_runs_a_batch_and_shows_the_win_rate(
    qtbot: Any, sample_pack: Path, tmp_path: Path
) -> None:
    dialog = _dialog(sample_pack, "collapsed-adit")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.games_spin.setValue(10)
    dialog.jobs_spin.setValue(1)
    seen: list[tuple[int, int]] = []
    with qtbot.waitSignal(dialog.finished_signal(), timeout=60000):
        click(qtbot, dialog.run_button)
        assert dialog.running and not dialog.run_button.isEnabled()
        assert dialog.cancel_button.isEnabled()
        dialog.worker.progress.connect(lambda d, t: seen.append((d, t)))
    qtbot.waitUntil(lambda: dialog.report is not None)
    assert dialog.progress.maximum() == 10 and dialog.progress.value() == 10
    assert seen and seen[-1] == (10, 10)
    # the same games as `questforge simulate` with the same seed: same win rate
    report = dialog.report
    assert report is not None and report["setups"][0]["games"] == 10
    target = resolve_target(f"{sample_pack}:collapsed-adit")
    expected, _ = core.run_simulation(FACE, target, dialog.setups(), games=10, seed=1)
    assert dialog.win_rates() == [expected["setups"][0]["win_rate"]]
    row = [dialog.table.item(0, c).text() for c in range(dialog.table.columnCount())]
    assert row[0] == "2 characters · level 1" and row[1] == "10"
    assert row[3] == f"{100 * expected['setups'][0]['win_rate']:.1f}%"
    assert row[5].split(" ")[0] in ("too", "fair")
    assert "seat 1" in dialog.details.toPlainText()
    html = dialog.save_html(tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<svg" in html and "collapsed-adit" in html
    saved = json.loads(dialog.save_json(tmp_path / "report.json").read_text(encoding="utf-8"))
    assert saved["setups"] == expected["setups"]


def test_cancel_stops_the_run_without_a_report(qtbot: Any, sample_pack: Path) -> None:
    dialog = _dialog(sample_pack, "flooded-workings")
    qtbot.addWidget(dialog)
    dialog.games_spin.setValue(5000)
    assert dialog.start()
    with qtbot.waitSignal(dialog.worker.cancelled, timeout=30000):
        qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=30000)
        click(qtbot, dialog.cancel_button)
    assert dialog.report is None and dialog.run_button.isEnabled()
    assert dialog.progress.value() < 5000
    assert "Cancelled" in dialog.status_label.text()


def test_open_simulate_entry_point(qtbot: Any, sample_pack: Path) -> None:
    dialog = open_simulate(None, sample_pack, "cinder-forge", setup={"players": 3, "level": 4})
    assert isinstance(dialog, SimulateDialog) and dialog.isVisible()
    # the controls come from the ruleset's declared setup options
    assert dialog.chosen()["players"] == [3] and dialog.chosen()["level"] == [4]
    assert dialog.jobs_spin.isEnabled()  # saved content: worker processes may load it
    for box in dialog.controls["players"].boxes.values():
        box.setChecked(False)
    assert not dialog.start() and "at least one" in dialog.status_label.text()
    dialog.close()
    qtbot.wait(5)
    with pytest.raises(ValueError, match="no document 'nowhere'"):
        open_simulate(None, sample_pack, "nowhere")
