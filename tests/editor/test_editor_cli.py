"""``questforge render`` and ``questforge edit`` from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pytestqt.qtbot import QtBot

from questforge.cli import cli

pytestmark = pytest.mark.gui


def test_render_png_and_svg(qtbot: QtBot, editor_pack: Path, tmp_path: Path) -> None:
    scenario = editor_pack / "scenarios" / "two-rooms.json"
    runner = CliRunner()
    result = runner.invoke(
        cli, ["render", str(scenario), "--players", "4", "-o", str(tmp_path / "m.png")]
    )
    # the fixture carries an unknown property (an error): the map is drawn, the error is
    # listed and the exit status says so (a broken file never renders "successfully")
    assert result.exit_code == 1, result.output
    assert "x-designer-note" in result.output and "1 error(s)" in result.output
    assert (tmp_path / "m.png").read_bytes()[:4] == b"\x89PNG"
    data = scenario.read_text(encoding="utf-8")
    import json

    clean = json.loads(data)
    clean.pop("x-designer-note", None)
    scenario.write_text(json.dumps(clean), encoding="utf-8")
    result = runner.invoke(cli, ["render", str(scenario), "-o", str(tmp_path / "ok.png")])
    assert result.exit_code == 0, result.output
    # an id works like a path (the bundled sample pack)
    result = runner.invoke(cli, ["render", "collapsed-adit", "-o", str(tmp_path / "id.png")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(
        cli, ["render", str(scenario), "--format", "svg", "-o", str(tmp_path / "m.svg")]
    )
    assert result.exit_code == 0, result.output
    assert "<svg" in (tmp_path / "m.svg").read_text(encoding="utf-8")


def test_render_refuses_what_it_cannot_draw(
    qtbot: QtBot, editor_pack: Path, tmp_path: Path
) -> None:
    runner = CliRunner()
    # a map tile is neither a scenario map nor a card (a monster now renders as its card)
    result = runner.invoke(cli, ["render", str(editor_pack / "tiles" / "drift.json")])
    assert result.exit_code == 2
    assert "no picture to render" in result.output and "Traceback" not in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "scenario",\n  oops}', encoding="utf-8")
    result = runner.invoke(cli, ["render", str(bad), "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "bad.json:2:" in result.output and "Traceback" not in result.output


def test_edit_without_display_says_so(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    result = CliRunner().invoke(cli, ["edit"])
    assert result.exit_code == 2
    for hint in ("no display", "--screenshot", "questforge render", "questforge simulate"):
        assert hint in result.output
    assert "Traceback" not in result.output


def test_edit_screenshot_of_the_bundled_pack(
    qtbot: QtBot, sample_pack: Path, tmp_path: Path
) -> None:
    out = tmp_path / "shot.png"
    result = CliRunner().invoke(cli, ["edit", "--screenshot", str(out), "--players", "3"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_edit_screenshot_of_a_file(qtbot: QtBot, editor_pack: Path, tmp_path: Path) -> None:
    pack = editor_pack
    out = tmp_path / "shot.png"
    result = CliRunner().invoke(
        cli, ["edit", str(pack / "monsters" / "slag-hound.json"), "--screenshot", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.is_file()


def test_edit_screenshot_of_a_broken_file_explains(qtbot: QtBot, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "scenario",\n  "id": }', encoding="utf-8")
    result = CliRunner().invoke(cli, ["edit", str(bad), "--screenshot", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "bad.json:2:" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x.png").exists()
