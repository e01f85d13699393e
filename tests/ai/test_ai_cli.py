"""``questforge ai solve``: JSON lines in input order, the text ruling, clear errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.commands.ai import ai


def _copy(dev_dir: Path, tmp_path: Path, *names: str) -> list[str]:
    out = []
    for n in names:
        target = tmp_path / n
        shutil.copy(dev_dir / n, target)
        out.append(str(target))
    return out


def test_json_is_one_line_per_file_in_input_order(dev_dir: Path, tmp_path: Path) -> None:
    files = _copy(dev_dir, tmp_path, "gloom-013.json", "gloom-007.json", "gloom-076.json")
    result = CliRunner().invoke(ai, ["solve", "--format", "json", *files])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert [json.loads(line)["id"] for line in lines] == ["gloom-013", "gloom-007", "gloom-076"]
    first = json.loads(lines[1])
    assert first["options"] == [{"destination": [6, -5], "attacks": [[7, -5]], "focus": [7, -5]}]
    assert json.loads(lines[2])["options"] == [
        {"destination": [4, -4], "attacks": [], "focus": None}
    ]
    assert len(json.loads(lines[0])["options"]) == 3


def test_text_ruling_explains_focus_destination_and_rules(dev_dir: Path) -> None:
    result = CliRunner().invoke(ai, ["solve", str(dev_dir / "gloom-007.json")])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Focus: C10 at [7, -5]" in out
    assert "initiative" in out and "proximity" in out
    assert "moves to [6, -5] and attacks [7, -5]" in out
    assert "GH-REF-07" in out and "GH-FOCUS-03" in out
    assert "Expected answer: matches." in out


def test_text_lists_every_option_when_players_choose(dev_dir: Path) -> None:
    result = CliRunner().invoke(ai, ["solve", str(dev_dir / "gloom-013.json")])
    assert "the players choose one of 3 options" in result.output
    assert "GH-AMBIG-01" in result.output


def test_bad_files_are_named_without_traceback(dev_dir: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "situation", "map": ', encoding="utf-8")
    icy = tmp_path / "icy.json"
    data = json.loads((dev_dir / "gloom-007.json").read_text(encoding="utf-8"))
    data["map"]["terrain"] = [{"hex": [4, -3], "type": "icy"}]
    icy.write_text(json.dumps(data), encoding="utf-8")
    good = str(dev_dir / "gloom-007.json")
    result = CliRunner().invoke(
        ai, ["solve", "--format", "json", str(broken), good, str(icy), str(tmp_path / "nope.json")]
    )
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 4
    assert json.loads(lines[1])["id"] == "gloom-007"
    assert f"{broken}:1:" in json.loads(lines[0])["error"]
    assert "not supported by Gloomhaven rules" in json.loads(lines[2])["error"]
    assert "nope.json" in json.loads(lines[3])["error"]
    assert "error:" in result.stderr


def test_check_flags_a_wrong_expected_answer(dev_dir: Path, tmp_path: Path) -> None:
    data = json.loads((dev_dir / "gloom-007.json").read_text(encoding="utf-8"))
    ok = CliRunner().invoke(ai, ["solve", "--check", str(dev_dir / "gloom-007.json")])
    assert ok.exit_code == 0
    data["expected"] = [{"destination": [5, -5], "attacks": []}]
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(ai, ["solve", "--check", str(wrong)])
    assert result.exit_code == 1
    assert "DIFFERS" in result.output


def test_a_directory_means_its_json_files_in_name_order(dev_dir: Path, tmp_path: Path) -> None:
    _copy(dev_dir, tmp_path, "gloom-010.json", "gloom-001.json")
    result = CliRunner().invoke(ai, ["solve", "--format", "json", "--check", str(tmp_path)])
    assert result.exit_code == 0, result.output
    ids = [json.loads(line)["id"] for line in result.output.strip().splitlines()]
    assert ids == ["gloom-001", "gloom-010"]


def test_explain_adds_the_reasoning_to_json(dev_dir: Path) -> None:
    result = CliRunner().invoke(
        ai, ["solve", "--format", "json", "--explain", str(dev_dir / "gloom-007.json")]
    )
    assert result.exit_code == 0, result.output
    line = json.loads(result.output)
    ex = line["explanation"]
    chosen = [c for c in ex["candidates"] if c["chosen"]]
    assert [c["hex"] for c in chosen] == [[7, -5]]
    assert {"GH-REF-07", "GH-FOCUS-03"} <= set(ex["rules"])
    assert line["options"][0]["destination"] == [6, -5]


def test_an_internal_error_names_the_file(dev_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import questforge.engine.gloomhaven.ai.referee as ai_module

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(ai_module, "solve", broken)
    path = str(dev_dir / "gloom-007.json")
    result = CliRunner().invoke(ai, ["solve", path])
    assert result.exit_code == 2
    assert f"{path}: internal solver error (RuntimeError: boom)" in result.stderr
    assert "Traceback" not in result.output
