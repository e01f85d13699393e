"""A number written ``3.0`` where a schema says ``integer`` is an integer.

JSON Schema's ``integer`` is any number with a zero fractional part, so every schema of
ours accepts ``"hex": [3.0, 2]`` or ``"count": 2.0``: the checks and the engines must then
read the same value as ``3`` and ``2``. Before, such a file passed the schema and then
crashed every Gloomhaven map check (25 x QC900, "please report this as a bug"), a card's
use slots were miscounted (QGH261), and ``play`` of an Arkham board ended in a traceback.
Each test here fails on that behaviour.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from questforge.cli import cli
from questforge.engine.core.hexgrid import Hex, parse_hex
from questforge.schema.jsontypes import integral_as_int, json_int

CONTENT = Path(__file__).resolve().parents[2] / "content"

#: each sample pack and one target it plays
TARGETS = {
    "gloomhaven": "flooded-workings",
    "descent": "hollow-crown",
    "arkham": "harrowmere",
    "witcher": "standard",
}


def _floats(value: Any) -> Any:
    """Every integer (not boolean) of ``value`` written as a float."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, list):
        return [_floats(v) for v in value]
    if isinstance(value, dict):
        return {k: _floats(v) for k, v in value.items()}
    return value


def _floated_pack(game: str, into: Path) -> Path:
    pack = into / game
    shutil.copytree(CONTENT / f"{game}-sample", pack)
    for file in pack.rglob("*.json"):
        if file.name == "pack.json":
            continue
        file.write_text(json.dumps(_floats(json.loads(file.read_text("utf-8")))), "utf-8")
    return pack


def test_json_int_reads_integral_floats_and_refuses_the_rest() -> None:
    assert json_int(3) == 3 and json_int(3.0) == 3 and type(json_int(3.0)) is int
    assert json_int(3.5) is None
    assert json_int(True) is None and json_int("3") is None and json_int(None) is None


def test_integral_as_int_keeps_unchanged_values_and_copies_changed_ones() -> None:
    same = {"a": [1, "x", 2.5], "b": True}
    assert integral_as_int(same) is same
    changed = integral_as_int({"a": [1.0, 2.5], "b": {"c": 4.0}})
    assert changed == {"a": [1, 2.5], "b": {"c": 4}}
    assert type(changed["a"][0]) is int and type(changed["b"]["c"]) is int


def test_a_hex_written_with_float_coordinates_is_that_hex() -> None:
    assert parse_hex([3.0, -2.0]) == Hex(3, -2)
    assert parse_hex([3.5, 2]) is None
    assert parse_hex([True, 2]) is None


@pytest.mark.parametrize("game", sorted(TARGETS))
def test_a_pack_written_with_float_integers_validates_and_plays_the_same(
    game: str, tmp_path: Path
) -> None:
    floated = _floated_pack(game, tmp_path)
    runner = CliRunner()
    checked = runner.invoke(cli, ["validate", str(floated)])
    assert checked.exit_code == 0, checked.output
    assert "no problems found" in checked.output
    target = TARGETS[game]
    original = runner.invoke(
        cli, ["play", f"{CONTENT / f'{game}-sample'}:{target}", "--auto", "--seed", "4"]
    )
    again = runner.invoke(cli, ["play", f"{floated}:{target}", "--auto", "--seed", "4"])
    assert original.exit_code == 0, original.output
    assert again.exit_code == 0, again.output
    # the same game, event for event (the first line names the pack's folder)
    assert again.output.splitlines()[1:] == original.output.splitlines()[1:]


def test_an_error_message_with_brackets_is_printed_as_written() -> None:
    """``[q, r]`` in a message is text, not terminal markup to swallow."""
    result = CliRunner().invoke(cli, ["play", "no-such[q, r]"])
    assert result.exit_code == 2
    assert "no-such[q, r]" in result.output
