"""Schema findings keep JSON object keys as strings and array indices as ints.

jsonschema-rs reports a numeric-looking object key (the ``"2"`` of a player-count object)
as an int, like an array index; a finding path must say ``("players", "2")`` so that tools
following it (the editor's jump-to, line/column lookup) find the key.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from questforge.validator.document import LoadedDocument
from questforge.validator.runner import validate_documents


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def scenario_with_monsters(sample_pack: Path) -> dict[str, Any]:
    for path in sorted((sample_pack / "scenarios").glob("*.json")):
        data = load(path)
        if len(data.get("monsters", [])) >= 2:
            return data
    raise AssertionError("the sample pack has a scenario with two monsters")


def schema_findings(name: str, data: Any, text: str | None = None) -> list[Any]:
    report = validate_documents([LoadedDocument(name, data, text=text)], schema_only=True)
    return [f for f in report.findings if f.file == name]


def test_player_count_key_stays_a_string_and_list_index_an_int(sample_pack: Path) -> None:
    data = scenario_with_monsters(sample_pack)
    data["monsters"][1]["players"]["2"] = "champion"
    text = json.dumps(data, indent=2)
    (finding,) = schema_findings("s.json", data, text)
    assert finding.path == ("monsters", 1, "players", "2")
    assert [type(p) for p in finding.path] == [str, int, str, str]
    assert finding.dotted_path() == "$.monsters[1].players.2"
    # line/column point at the key "2" of that monster (an int path missed it)
    assert finding.line is not None
    assert text.splitlines()[finding.line - 1].strip().startswith('"2": "champion"')


def test_unknown_and_missing_properties_under_numeric_keys(sample_pack: Path) -> None:
    monster = load(sample_pack / "monsters" / "slag-hound.json")
    unknown = copy.deepcopy(monster)
    unknown["levels"]["2"]["elite"]["speed"] = 4
    (finding,) = schema_findings("m.json", unknown)
    assert finding.path == ("levels", "2", "elite", "speed")

    missing = copy.deepcopy(monster)
    del missing["levels"]["3"]["normal"]["health"]
    (finding,) = schema_findings("m.json", missing)
    assert finding.path == ("levels", "3", "normal")
    assert "$.levels.3.normal" in finding.message


def test_a_key_that_looks_like_an_index_inside_an_array_item(sample_pack: Path) -> None:
    # array index, then object key "0", then array index: each segment keeps its type
    monster = load(sample_pack / "monsters" / "slag-hound.json")
    monster["levels"]["0"]["elite"]["attack_conditions"] = ["wound", 7]
    (finding,) = schema_findings("m.json", monster)
    assert finding.path == ("levels", "0", "elite", "attack_conditions", 1)
