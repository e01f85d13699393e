"""QA regressions for situation input (``load_situation`` and ``questforge ai solve``).

Each test failed before its fix: unknown keys (a misspelt ``"muddeld": true``) were ignored
and silently changed the answer; figures on obstacles, repeated area hexes and area
patterns contradicting the range were accepted; error messages had no line and column; a
``NaN`` was misreported as a bad hex; an empty folder was a silent success; ``-`` (stdin)
was not readable; and a monster without a move was said to "move as close as it can".
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from questforge.cli import cli
from questforge.engine.gloomhaven.ai import SituationError, load_situation

HEXES = [[q, r] for r in range(4) for q in range(6)]
BASE: dict[str, Any] = {
    "kind": "situation",
    "format": 1,
    "id": "qa",
    "map": {"hexes": HEXES, "terrain": [], "thin_walls": []},
    "figures": [{"hex": [4, 1], "side": "character", "initiative": 10}],
    "active": {"hex": [0, 1], "move": 2, "range": 0, "targets": 1},
}


def variant(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    for dotted, value in changes.items():
        target = data
        *parents, last = dotted.split("__")
        for part in parents:
            target = target[part]
        target[last] = value
    return data


def refused(data: dict[str, Any]) -> SituationError:
    with pytest.raises(SituationError) as info:
        load_situation(data)
    return info.value


def test_base_situation_loads() -> None:
    assert load_situation(BASE).active.move == 2


@pytest.mark.parametrize(
    ("data", "path"),
    [
        (variant(active__muddeld=True), "$.active.muddeld"),
        (variant(extra=1), "$.extra"),
        (variant(map__walls=[]), "$.map.walls"),
        (
            variant(figures=[{"hex": [4, 1], "side": "character", "initative": 5}]),
            "$.figures[0].initative",
        ),
    ],
)
def test_unknown_properties_are_refused(data: dict[str, Any], path: str) -> None:
    error = refused(data)
    assert error.path == path
    assert "unknown property" in error.message


def test_misspelt_flag_suggests_the_right_one() -> None:
    assert "did you mean 'muddled'" in refused(variant(active__muddeld=True)).message


def test_active_monster_on_an_obstacle_is_refused() -> None:
    error = refused(variant(map__terrain=[{"hex": [0, 1], "type": "obstacle"}]))
    assert error.path == "$.active.hex" and "obstacle" in error.message


def test_flying_active_monster_may_hover_over_an_obstacle() -> None:
    # GH-OBST-02: a flying figure can be on an obstacle hex
    load_situation(variant(map__terrain=[{"hex": [0, 1], "type": "obstacle"}], active__flying=True))


def test_other_figures_on_obstacles_are_allowed() -> None:
    # GH-OBST-02: the format has no per-figure flying flag, so a figure there may fly
    load_situation(variant(map__terrain=[{"hex": [4, 1], "type": "obstacle"}]))


def test_figure_on_a_trap_is_still_allowed() -> None:
    load_situation(variant(map__terrain=[{"hex": [4, 1], "type": "trap"}]))


def test_repeated_area_hex_is_refused() -> None:
    data = variant(active__range=3, active__aoe={"melee": False, "hexes": [[0, 0], [0, 0]]})
    assert refused(data).path == "$.active.aoe.hexes[1]"


def test_ranged_area_with_range_zero_is_refused() -> None:
    data = variant(active__aoe={"melee": False, "hexes": [[0, 0], [1, 0]]})
    assert refused(data).path == "$.active.aoe.melee"


def test_melee_area_with_a_range_is_refused() -> None:
    data = variant(active__range=2, active__aoe={"melee": True, "hexes": [[1, 0]]})
    assert refused(data).path == "$.active.range"


def test_non_string_name_is_refused() -> None:
    assert refused(variant(active__name=5)).path == "$.active.name"


# ------------------------------------------------------------------ the command


def solve(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(cli, ["ai", "solve", *args], input=stdin)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_errors_name_file_line_and_column(tmp_path: Path) -> None:
    data = variant(figures=[{"hex": [9, 9], "side": "character"}])
    path = write(tmp_path, "sit.json", json.dumps(data, indent=2))
    result = solve(str(path), "--format", "json")
    assert result.exit_code == 2
    line = json.loads(result.stdout.strip())
    assert line["file"] == str(path)
    match = re.match(rf"{re.escape(str(path))}:(\d+):(\d+): \$\.figures\[0\]\.hex: ", line["error"])
    assert match, line["error"]
    row = int(match.group(1))
    assert '"hex": [' in path.read_text().splitlines()[row - 1]
    assert "Traceback" not in result.output


def test_nan_is_reported_as_bad_json(tmp_path: Path) -> None:
    path = write(tmp_path, "nan.json", '{"kind": "situation",\n "map": {"hexes": [[0, NaN]]}}')
    result = solve(str(path))
    assert result.exit_code == 2
    assert f"{path}:2:24: malformed JSON: NaN" in result.stderr


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    text = json.dumps(BASE)[:-1] + ', "id": "again"}'
    result = solve(str(write(tmp_path, "dup.json", text)))
    assert result.exit_code == 2 and "duplicate key 'id'" in result.stderr


def test_empty_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = solve(str(tmp_path))
    assert result.exit_code == 2
    assert "no *.json" in result.output


def test_json_lines_stay_aligned_with_inputs(tmp_path: Path) -> None:
    good = write(tmp_path, "a.json", json.dumps(BASE))
    bad = write(tmp_path, "b.json", json.dumps(variant(active__muddeld=True)))
    result = solve(str(good), str(bad), str(good), "--format", "json")
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert [("error" in x) for x in lines] == [False, True, False]
    assert lines[1]["file"] == str(bad)
    assert result.exit_code == 2


def test_stdin(tmp_path: Path) -> None:
    result = solve("-", "--format", "json", stdin=json.dumps(BASE))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["id"] == "qa"


def test_no_move_is_not_explained_as_moving() -> None:
    result = solve("-", stdin=json.dumps(variant(active__move=0)))
    assert result.exit_code == 0
    assert "moves as close as it can" not in result.stdout
    assert "no move, so it stays where it is" in result.stdout
