"""The issue's three broken boards, caught by ``questforge validate`` with file:line:column."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ahfixture import SAMPLE
from click.testing import CliRunner

from questforge.cli import cli


def _validate(pack: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["validate", str(pack)])
    return result.exit_code, result.output


def _edit(pack: Path, rel: str, change: Callable[[Any], None]) -> None:
    path = pack / rel
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _one_way(board: dict[str, Any]) -> None:
    street = next(s for s in board["streets"] if s["id"] == "quayside-streets")
    street["connects"].append("gallows-green")  # the green lists only its own street


def _no_arrows(board: dict[str, Any]) -> None:
    del board["streets"][3]["arrows"]


def _stable_gate(card: dict[str, Any]) -> None:
    card["gate"] = "savings-hall"


@pytest.mark.parametrize(
    ("rel", "change", "code", "needle"),
    [
        ("board/harrowmere.json", _one_way, "QAH302", '"gallows-green"'),
        ("board/harrowmere.json", _no_arrows, "QAH304", None),
        ("mythos/mythos-05.json", _stable_gate, "QAH310", '"gate"'),
    ],
    ids=["one-way connection", "street without arrows", "mythos gate on a stable location"],
)
def test_broken_board_is_caught_with_line_and_column(
    tmp_path: Path, rel: str, change: Callable[[Any], None], code: str, needle: str | None
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    _edit(pack, rel, change)
    exit_code, output = _validate(pack)
    assert exit_code == 1, output
    match = re.search(rf"{re.escape(rel)}:(\d+):(\d+): error {code} ", output)
    assert match, output
    line, column = int(match[1]), int(match[2])
    text = (pack / rel).read_text(encoding="utf-8").splitlines()
    assert 1 <= line <= len(text) and column >= 1
    if needle is not None:  # the position is the offending value itself
        assert text[line - 1][column - 1 :].startswith(needle), (text[line - 1], column)


def test_sample_pack_validates_clean() -> None:
    exit_code, output = _validate(SAMPLE)
    assert exit_code == 0, output
    assert "no problems found" in output
