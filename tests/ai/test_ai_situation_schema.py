"""The situation loader is driven by ``situation.schema.json``.

A valid situation is checked by a predicate compiled from the schema (no jsonschema-rs
import: ``ai solve`` start-up stays cheap); an invalid one is explained by jsonschema-rs.
The predicate must agree with jsonschema-rs on every document, or a bad file would slip
through (or a good one be refused): checked on mutations of the 51 dev situations.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questforge.engine.core.schemacheck import compile_check
from questforge.engine.gloomhaven.ai import SituationError, load_situation, situation_check
from questforge.engine.gloomhaven.ai import situation as situation_module
from questforge.schema import all_schemas, load_schema

REPO = Path(__file__).resolve().parents[2]
DEV = Path(os.environ.get("QUESTFORGE_SHARED", REPO.parent / "shared")) / "data/monster-ai/dev"
CASES = sorted(DEV.glob("*.json"))

SCHEMA = load_schema("gloomhaven", "situation")
REFERENCE = jsonschema_rs.validator_for(
    SCHEMA, registry=jsonschema_rs.Registry(list(all_schemas().items()))
)


def _resolve(uri: str) -> Any:
    document, _, fragment = uri.partition("#")
    node: Any = all_schemas()[document]
    for part in (p for p in fragment.split("/") if p):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


FAST = compile_check(SCHEMA, SCHEMA["$id"], _resolve)
#: the same predicate written out as a module (what the loader uses)
GENERATED = situation_check.check

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-1200, 1200)
    | st.sampled_from(
        ["", "x", "situation", "character", "monster", "obstacle", "icy", "flat", "a b"]
    ),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["hex", "side", "move", "melee", "hexes", "type", "extra"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=6,
)


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _places(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node[:4]):
            out += _places(value, (*path, i))
    return out


@pytest.mark.skipif(not CASES, reason="dev situations not available")
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_compiled_check_agrees_with_jsonschema_rs(data: st.DataObject) -> None:
    doc = copy.deepcopy(json.loads(data.draw(st.sampled_from(CASES)).read_text()))
    for _ in range(data.draw(st.integers(1, 2))):
        place = data.draw(st.sampled_from(_places(doc)))
        value = data.draw(json_values)
        if not place:
            continue
        parent = doc
        for part in place[:-1]:
            parent = parent[part]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            parent.pop(place[-1], None)
        else:
            parent[place[-1]] = value
    assert FAST(doc) == REFERENCE.is_valid(doc)
    assert GENERATED(doc) == FAST(doc)
    if not FAST(doc):
        with pytest.raises(SituationError):
            load_situation(doc)


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_every_dev_situation_passes_both() -> None:
    for case in CASES:
        doc = json.loads(case.read_text())
        assert FAST(doc) and REFERENCE.is_valid(doc), case.name
        assert GENERATED(doc), case.name
        # short and long hex lists take different routes through the written-out check
        for hexes in ([[0, 0]] * 9, [[0, 0]] * 8, [[0, True]] * 9, [[0, 1001]], [[0]] * 9):
            changed = copy.deepcopy(doc)
            changed["map"]["hexes"] = hexes
            changed["active"]["aoe"] = {"melee": False, "hexes": hexes}
            assert GENERATED(changed) == FAST(changed) == REFERENCE.is_valid(changed)


def test_the_written_out_check_is_current() -> None:
    # after changing situation.schema.json (or the definitions it uses), write it again:
    # Path(situation_check.__file__).write_text(situation_module.check_source())
    assert Path(situation_check.__file__).read_text(encoding="utf-8") == (
        situation_module.check_source()
    ), "situation_check.py is stale: write it again from check_source()"


def test_a_changed_schema_file_is_checked_by_the_compiled_closures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert situation_module._generated_check() is GENERATED
    changed = tuple((folder, name, text + " ") for folder, name, text in situation_check.SOURCES)
    monkeypatch.setattr(situation_check, "SOURCES", changed)
    assert situation_module._generated_check() is None


@pytest.mark.skipif(not CASES, reason="dev situations not available")
def test_loading_valid_situations_does_not_import_jsonschema() -> None:
    code = (
        "import json, sys, pathlib\n"
        "from questforge.engine.gloomhaven.ai import load_situation\n"
        f"for p in sorted(pathlib.Path({str(DEV)!r}).glob('*.json')):\n"
        "    load_situation(json.loads(p.read_text()))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('jsonschema', 'referencing'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        ({"active": {"hex": [0, 0], "move": 51}}, "$.active.move", "must be at most 50, got 51"),
        ({"orientation": "sideways"}, "$.orientation", "expected 'flat' or 'pointy'"),
        (  # the misspelt flag is named first, not the bound that follows it
            {"active": {"hex": [0, 0], "range": 99, "muddeld": True}},
            "$.active.muddeld",
            "unknown property 'muddeld' (did you mean 'muddled'?)",
        ),
        ({"map": {"hexes": []}}, "$.map.hexes", "needs at least 1 item, got 0"),
        (
            {"active": {"hex": [0, 0], "aoe": {"melee": True, "hexes": [[0, 1001]]}}},
            "$.active.aoe.hexes[0]",
            "expected a hex [q, r] of two integers between -1000 and 1000",
        ),
        (
            {"figures": [{"hex": [1, 0], "side": "character", "initiative": 1.0}]},
            "$.figures[0].initiative",
            "expected an integer, got a number",
        ),
    ],
)
def test_schema_errors_name_the_place_in_the_loaders_words(
    change: dict[str, Any], path: str, words: str
) -> None:
    doc = {
        "kind": "situation",
        "map": {"hexes": [[0, 0], [1, 0]]},
        "figures": [],
        "active": {"hex": [0, 0]},
        **change,
    }
    with pytest.raises(SituationError) as refused:
        load_situation(doc)
    assert refused.value.path == path
    assert words in refused.value.message


def test_an_error_inside_a_oneof_branch_is_worded_with_the_branchs_bounds(
    shared_dir: Path,
) -> None:
    # found by the property above: an area pattern with no hex fails inside the
    # ``aoe`` union's object branch, which the schema explains without a URI of its own
    # (``shared_dir``: skipped, like the other dev-case tests, without the shared folder)
    data = json.loads((DEV / "gloom-118.json").read_text(encoding="utf-8"))
    data["active"]["aoe"]["hexes"] = []
    with pytest.raises(SituationError) as caught:
        load_situation(data)
    assert str(caught.value) == "$.active.aoe.hexes: needs at least 1 item, got 0"


def test_the_loader_finds_the_shipped_schema_files_where_the_schema_package_does() -> None:
    from questforge.schema import shipped_path

    for folder, name, _text in situation_check.SOURCES:
        found = shipped_path(folder, name)
        assert found is not None
        assert os.path.samefile(situation_module._shipped_file(folder, name), found)
