"""The ruleset contract, proven with a third-party ruleset the core has never heard of.

``testgrid`` (``tests/plugins/testgrid_ruleset``) is installed the way a plug-in is: a
``*.dist-info`` folder with a ``questforge.rulesets`` entry point on ``sys.path``. It has a
kind named ``scenario`` (like Gloomhaven) on a square board. Every front end handles it
through the contract: ``validate`` (side by side with a Gloomhaven pack, each scenario
against its own schema), ``new``, ``play --auto``, ``simulate``, ``replay --verify``,
``render`` and ``edit --screenshot``.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from PySide6.QtCore import Qt

from questforge.cli import cli
from questforge.engine import rulesets
from questforge.engine.core.game import check_events
from tests.startup_probe import REPO, modules_after_validating

PLUGINS = Path(__file__).resolve().parent / "plugins"


def _install_dist(site: Path, name: str, entry_points: str) -> None:
    """A distribution ``name`` 1.0 in folder ``site`` (put it on ``sys.path``) with the
    given lines in its ``questforge.rulesets`` entry-point group."""
    dist = site / f"{name.replace('-', '_')}-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[questforge.rulesets]\n" + entry_points)


@pytest.fixture
def testgrid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Install testgrid as a plug-in (entry point) and return a pack of its content."""
    site = tmp_path / "site"
    _install_dist(site, "testgrid-ruleset", "testgrid = testgrid_ruleset:RULESET\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.syspath_prepend(str(PLUGINS))
    monkeypatch.setattr(rulesets, "_loaded", False)
    monkeypatch.setattr(rulesets, "_REGISTRY", {})
    pack = tmp_path / "grid-pack"
    (pack / "scenarios").mkdir(parents=True)
    (pack / "pack.json").write_text(
        json.dumps(
            {
                "$schema": "https://questforge.dev/schema/common/pack.schema.json",
                "kind": "pack",
                "id": "grid-pack",
                "name": "Grid pack",
                "version": "1.0.0",
                "ruleset": "gridrun",
                "requires": [],
            }
        )
    )
    (pack / "scenarios" / "corridor.json").write_text(
        json.dumps(
            {
                "$schema": "https://questforge.dev/schema/gridrun/scenario.schema.json",
                "kind": "scenario",
                "id": "corridor",
                "name": "The Corridor",
                "width": 7,
                "height": 5,
                "walls": [[3, 1], [3, 2], [3, 3]],
                "start": [[0, 0], [0, 4], [0, 2]],
                "exit": [6, 2],
                "hunter": [5, 0],
            }
        )
    )
    yield pack
    for name in [m for m in sys.modules if m.startswith("testgrid_ruleset")]:
        del sys.modules[name]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_the_plugin_registers_through_its_entry_point(testgrid: Path) -> None:
    ids = rulesets.ids()
    assert "gridrun" in ids and "gloomhaven" in ids
    # both define a kind named "scenario": kinds are never resolved globally
    assert rulesets.ruleset_for_kind("scenario") is None
    assert {r.id for r in rulesets.rulesets_defining("scenario")} >= {"gridrun", "gloomhaven"}


def test_play_replay_and_simulate_a_plugin_game(testgrid: Path, tmp_path: Path) -> None:
    scenario = testgrid / "scenarios" / "corridor.json"
    log = tmp_path / "g.json"
    code, out = run("play", str(scenario), "--auto", "--seed", "3", "--log", str(log))
    assert code == 0, out
    assert "runners enter corridor" in out and ("WON" in out or "LOST" in out)
    data = json.loads(log.read_text())
    assert data["ruleset"] == "gridrun" and data["setup"] == {"runners": 2}
    code, out = run("replay", str(log), "--verify")
    assert code == 0 and "verified" in out, out
    code, out = run(
        "simulate",
        f"{testgrid}:corridor",
        "--runners",
        "1..3",
        "--games",
        "12",
        "-q",
        "--json",
        str(tmp_path / "r.json"),
        "--html",
        str(tmp_path / "r.html"),
    )
    assert code == 0, out
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["ruleset"] == "gridrun"
    assert [s["label"] for s in report["setups"]] == ["1 runners", "2 runners", "3 runners"]
    assert all("caught_per_game" in s for s in report["setups"])
    assert "Runners caught per game" in (tmp_path / "r.html").read_text()
    # a setup option the ruleset does not have is refused by name
    code, out = run("play", str(scenario), "--players", "3", "--auto")
    assert code == 2 and "--runners" in out


def test_plugin_events_match_their_declarations(testgrid: Path) -> None:
    from questforge.engine.core.session import Session
    from questforge.engine.core.targets import resolve_target

    target = resolve_target(f"{testgrid}:corridor")
    face = rulesets.get("gridrun").game()
    assert face is not None
    content = face.load(target)
    for seed in range(5):
        session = Session(
            lambda s=seed: face.new_game(content, target, {"runners": 3}, s),
            lambda g: face.bots(g, 0),
            round_cap=face.round_cap,
        )
        session.run()
        assert check_events(face.event_types, session.game.events) == []


def test_edit_screenshot_of_a_plugin_scenario(
    testgrid: Path, tmp_path: Path, qtbot: object
) -> None:
    out = tmp_path / "shot.png"
    code, text = run(
        "edit", str(testgrid / "scenarios" / "corridor.json"), "--screenshot", str(out)
    )
    assert code == 0, text
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_new_and_render_a_plugin_scenario(testgrid: Path, tmp_path: Path) -> None:
    code, out = run("new", "scenario", "Side Hall", "--dir", str(testgrid), "--size", "5")
    assert code == 0, out
    made = json.loads((testgrid / "scenarios" / "side-hall.json").read_text())
    assert made["$schema"].endswith("/gridrun/scenario.schema.json") and made["width"] == 5
    code, out = run("render", f"{testgrid}:side-hall", "-o", str(tmp_path / "m.png"))
    assert code == 0, out
    assert (tmp_path / "m.png").read_bytes()[:4] == b"\x89PNG"


def test_gloomhaven_and_plugin_scenarios_validate_side_by_side(
    testgrid: Path, sample_pack_copy: Path
) -> None:
    bad = json.loads((testgrid / "scenarios" / "corridor.json").read_text())
    bad["exit"] = [9, 9]  # off the 7x5 board: the plugin's own check QTG100
    (testgrid / "scenarios" / "broken.json").write_text(json.dumps({**bad, "id": "broken"}))
    code, out = run("validate", str(testgrid), str(sample_pack_copy), "--format", "json")
    assert code == 1  # the broken plug-in scenario is an error
    report = json.loads(out)
    codes = {(Path(f["file"]).name, f["code"]) for f in report["findings"]}
    assert ("broken.json", "QTG100") in codes
    assert not any(name == "corridor.json" for name, _ in codes)
    assert report["summary"]["files"] >= 3


@pytest.fixture
def sample_pack_copy(tmp_path: Path) -> Path:
    from questforge.engine.core.targets import bundled_root

    target = tmp_path / "gh"
    shutil.copytree(bundled_root() / "gloomhaven-sample", target)
    return target


def test_generic_playtest_window_plays_a_plugin_game(testgrid: Path, qtbot: Any) -> None:
    """A ruleset without a playtest window of its own gets the generic one: the person
    answers a runner's decisions, bots the rest; take back; play to the end."""
    from questforge.editor.playtest import open_playtest
    from questforge.editor.playtest.generic import GenericPlaytestWindow

    window = open_playtest(None, testgrid, "corridor", setup={"runners": 2})
    qtbot.addWidget(window)
    assert isinstance(window, GenericPlaytestWindow)
    assert window.pending is not None and window.pending.actor == "runner-1"
    assert window.options_list.count() == len(window.pending.options)
    assert "stay at" in window.options_list.item(0).text()
    window.options_list.setCurrentRow(1)
    qtbot.mouseClick(window.answer_button, Qt.MouseButton.LeftButton)
    answered = len(window.session.answers)
    assert answered >= 1 and "moves to" in window.log.toPlainText()
    window.undo()
    assert len(window.session.answers) < answered and window.pending.actor == "runner-1"
    for box in window.person_boxes.values():
        box.setChecked(False)  # hand everyone to the bots
    window.answer(0)
    qtbot.mouseClick(window.end_button, Qt.MouseButton.LeftButton)
    assert window.session.finished or window.session.capped
    assert "The game is over" in window.status.text()
    assert "<pre" in window.board_view.toHtml() or window.board_view.toPlainText()
    window.close()


def test_a_plugin_cannot_take_a_builtin_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack's ``"ruleset": "gloomhaven"`` always means the shipped ruleset: an installed
    plug-in whose record claims a built-in id is skipped by the scan, and registering
    such a record by hand is refused (the plug-in's own ids still register)."""
    site = tmp_path / "site"
    _install_dist(
        site,
        "impostor",
        "impostor = impostor_ruleset:RULESET\nhonest = impostor_ruleset:HONEST\n",
    )
    (site / "impostor_ruleset.py").write_text(
        "from questforge.engine.rulesets import Ruleset\n"
        "RULESET = Ruleset('gloomhaven', 'Impostor', ('scenario',))\n"
        "HONEST = Ruleset('honest-grid', 'Honest', ('scenario',))\n"
    )
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(rulesets, "_loaded", False)
    monkeypatch.setattr(rulesets, "_REGISTRY", {})
    try:
        assert [r.id for r in rulesets.all_rulesets()] == [
            "arkham",
            "descent",
            "gloomhaven",
            "honest-grid",
            "witcher",
        ]
        assert rulesets.get("gloomhaven").title != "Impostor"
        with pytest.raises(rulesets.RulesetError, match="reserved"):
            rulesets.register(rulesets.Ruleset("descent", "Impostor", ("quest",)))
        assert rulesets.get("descent").title != "Impostor"
    finally:
        sys.modules.pop("impostor_ruleset", None)


def test_looking_up_a_builtin_ruleset_scans_no_plugins() -> None:
    """``validate`` of a built-in ruleset's pack starts without importing
    :mod:`importlib.metadata` (tens of milliseconds of start-up)."""
    modules = modules_after_validating(REPO / "content" / "gloomhaven-sample")
    assert "questforge.engine.gloomhaven" in modules
    assert "importlib.metadata" not in modules
