"""Broken content is refused before a game (issue 13): ``play`` and ``simulate`` validate
the target's pack first, list the errors as ``file:line:col`` and exit 1; ``--force``
plays anyway after a warning; warnings never block; the verdict is cached per pack
content; the bundled sample packs of every ruleset are error-free."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from questforge.cli import cli
from questforge.engine import rulesets
from questforge.engine.core.jsonload import load_json_file
from questforge.engine.core.pack import content_files
from questforge.engine.core.targets import bundled_root
from questforge.validator.preflight import check_target


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUESTFORGE_CACHE_DIR", str(tmp_path / "cache"))


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(bundled_root() / "gloomhaven-sample", target)
    return target


def _edit(path: Path, **changes: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _monster_off_the_map(pack: Path) -> Path:
    scenario = pack / "scenarios" / "collapsed-adit.json"
    data = json.loads(scenario.read_text(encoding="utf-8"))
    data["monsters"][0]["hex"] = [40, 40]
    scenario.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return scenario


def _playable_targets() -> list[tuple[str, Path]]:
    out = []
    for ruleset in rulesets.all_rulesets():
        face = ruleset.game()
        if face is None:
            continue
        root = bundled_root() / f"{ruleset.id}-sample"
        files, _ = content_files(root)
        for path in files:
            data = load_json_file(path).data
            if isinstance(data, dict) and data.get("kind") in face.playable_kinds:
                out.append((str(data["kind"]), path))
    return out


def test_every_bundled_sample_target_is_error_free() -> None:
    targets = _playable_targets()
    rulesets_seen = {path.parent.parent.name for _kind, path in targets} | {
        path.parent.name for _kind, path in targets
    }
    for ruleset in ("gloomhaven", "descent", "arkham", "witcher"):
        assert any(ruleset in name for name in rulesets_seen), ruleset
    for kind, path in targets:
        root = next(p for p in path.parents if (p / "pack.json").is_file())
        verdict = check_target(root, path, kind)
        assert verdict.ok, (path, verdict.lines())


def test_play_refuses_a_monster_off_the_map_with_the_finding(pack: Path) -> None:
    scenario = _monster_off_the_map(pack)
    result = run("play", str(scenario), "--auto")
    assert result.exit_code == 1
    # GH-MAP-01: the validator's finding, located, before any game output
    assert "collapsed-adit.json:" in result.output
    assert "error QGH220" in result.output and "not on the map" in result.output
    assert "--force" in result.output
    assert "Round 1" not in result.output


def test_force_plays_broken_content_with_a_warning(pack: Path) -> None:
    scenario = _monster_off_the_map(pack)
    result = run("play", str(scenario), "--auto", "--force")
    assert "QGH220" in result.output
    assert "--force" in result.output and "warning" in result.output
    # the game starts (and the engine trips over the monster off the map, as it would
    # without the check: that is what --force is for)
    assert "seed 1" in result.output


def test_simulate_refuses_and_force_simulates(pack: Path, tmp_path: Path) -> None:
    scenario = _monster_off_the_map(pack)
    report = tmp_path / "r.json"
    refused = run("simulate", str(scenario), "--games", "1", "-q", "--json", str(report))
    assert refused.exit_code == 1 and "QGH220" in refused.output
    assert not report.exists()
    forced = run("simulate", str(scenario), "--games", "1", "-q", "--json", str(report), "--force")
    # the games run (and hit the engine error the check warned about: exit 1 says so)
    assert "because of --force" in forced.output
    assert report.exists()
    assert json.loads(report.read_text())["setups"][0]["games"] == 1


def test_simulate_refuses_a_broken_second_version(pack: Path) -> None:
    good = pack / "scenarios" / "collapsed-adit.json"
    other = pack / "scenarios" / "zz-other.json"
    shutil.copy(good, other)
    _edit(other, id="zz-other", number=99)
    data = json.loads(other.read_text(encoding="utf-8"))
    data["monsters"][0]["hex"] = [40, 40]
    other.write_text(json.dumps(data), encoding="utf-8")
    result = run("simulate", str(good), str(other), "--games", "1", "-q")
    assert result.exit_code == 1
    assert "zz-other.json" in result.output and "QGH220" in result.output


def test_a_broken_sibling_scenario_does_not_block_this_one(pack: Path) -> None:
    _monster_off_the_map(pack)  # collapsed-adit is broken ...
    others = sorted(p for p in (pack / "scenarios").glob("*.json") if "collapsed" not in p.name)
    result = run("play", str(others[0]), "--auto")  # ... another scenario still plays
    assert result.exit_code == 0, result.output


def test_broken_shared_content_blocks(pack: Path) -> None:
    monster = pack / "monsters" / "slag-hound.json"
    _edit(monster, standees="many")  # a schema error in a monster every scenario may use
    verdict = check_target(pack, pack / "scenarios" / "collapsed-adit.json", "scenario")
    assert not verdict.ok
    assert any("slag-hound.json" in line for line in verdict.lines())


def test_warnings_do_not_block(pack: Path) -> None:
    scenario = pack / "scenarios" / "collapsed-adit.json"
    data = json.loads(scenario.read_text(encoding="utf-8"))
    # a pressure plate nobody names: QGH235, a warning
    data.setdefault("overlays", []).append({"type": "pressure-plate", "hexes": [[0, 1]]})
    scenario.write_text(json.dumps(data), encoding="utf-8")
    verdict = check_target(pack, scenario, "scenario")
    assert verdict.ok
    assert any(f.code == "QGH235" for f in verdict.warnings)


def test_the_verdict_is_cached_until_the_pack_changes(pack: Path) -> None:
    scenario = pack / "scenarios" / "collapsed-adit.json"
    first = check_target(pack, scenario, "scenario")
    second = check_target(pack, scenario, "scenario")
    assert first.ok and not first.cached and second.cached
    _monster_off_the_map(pack)
    third = check_target(pack, scenario, "scenario")
    assert not third.cached and not third.ok
    assert [f.code for f in third.errors] == ["QGH220"]
