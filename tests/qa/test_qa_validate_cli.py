"""QA regressions for ``questforge validate`` options and the reporters.

The first four tests failed before their fixes: ``--pack-path`` to a missing folder was
ignored, ``--list-checks --format sarif`` silently printed text, an empty folder passed
without a word, and control characters from content (a key holding a newline and a forged
``file:1:1: error`` line, or an ANSI escape) reached the terminal raw. The others guard
what a CI set-up relies on: annotations stay one line each, and files inside the working
folder are named relative to it (GitHub places annotations and SARIF results by
repository path).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from questforge.cli import cli

# "$schema" names the ruleset: `monster` is a kind of more than one ruleset
BAD_KEY = (
    '{"$schema": "https://questforge.dev/schema/gloomhaven/monster.schema.json", '
    '"kind": "monster", "id": "x", "x\\u001b[31m\\nforged.json:1:1: error QC999 fake": 1}'
)


def validate(*args: str) -> Result:
    return CliRunner().invoke(cli, ["validate", *args])


@pytest.fixture
def in_tmp(tmp_path: Path) -> Iterator[Path]:
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(old)


def test_missing_pack_path_is_a_usage_error(sample_pack: Path, tmp_path: Path) -> None:
    result = validate(str(sample_pack / "pack.json"), "--pack-path", str(tmp_path / "nope"))
    assert result.exit_code == 2


def test_list_checks_refuses_formats_it_cannot_write() -> None:
    result = validate("--list-checks", "--format", "sarif")
    assert result.exit_code == 2
    assert "text or json" in result.output


def test_empty_folder_warns(tmp_path: Path) -> None:
    result = validate(str(tmp_path))
    assert result.exit_code == 0
    assert "no content files" in result.stderr


def test_control_characters_never_reach_the_text_report(tmp_path: Path) -> None:
    (tmp_path / "m.json").write_text(BAD_KEY, encoding="utf-8")
    result = validate(str(tmp_path / "m.json"), "--schema-only")
    assert result.exit_code == 1
    assert "\x1b" not in result.stdout
    assert not any(line.startswith("forged.json") for line in result.stdout.splitlines())
    assert "\\x1b[31m\\nforged.json" in result.stdout


def test_control_characters_never_reach_annotations(tmp_path: Path) -> None:
    (tmp_path / "m.json").write_text(BAD_KEY, encoding="utf-8")
    result = validate(str(tmp_path / "m.json"), "--schema-only", "--format", "github")
    assert "\x1b" not in result.stdout
    assert all(
        line.startswith("::") or line.startswith("questforge validate:")
        for line in result.stdout.splitlines()
    )


def test_github_annotation_paths_are_relative_to_the_working_folder(in_tmp: Path) -> None:
    (in_tmp / "m.json").write_text('{"kind": "monster"}', encoding="utf-8")
    result = validate(str(in_tmp / "m.json"), "--format", "github")
    assert result.stdout.startswith("::error file=m.json,"), result.stdout


def test_sarif_paths_are_relative_to_the_working_folder(in_tmp: Path) -> None:
    (in_tmp / "m.json").write_text('{"kind": "monster"}', encoding="utf-8")
    result = validate(str(in_tmp / "m.json"), "--format", "sarif")
    location = json.loads(result.stdout)["runs"][0]["results"][0]["locations"][0]
    artifact = location["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "m.json", "uriBaseId": "%SRCROOT%"}


def test_sarif_keeps_paths_outside_the_working_folder_absolute(
    in_tmp: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "m.json"
    elsewhere.write_text('{"kind": "monster"}', encoding="utf-8")
    result = validate(str(elsewhere), "--format", "sarif")
    location = json.loads(result.stdout)["runs"][0]["results"][0]["locations"][0]
    uri = location["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.startswith("file:///") and uri.endswith("/m.json")
