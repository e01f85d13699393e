"""The shipped schemas are valid draft 2020-12, documented, closed and loadable offline."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
import referencing.exceptions

from questforge import schema as qs
from questforge.engine.rulesets import get

FILES = list(qs.schema_files())
#: schemas another engineer owns; they are checked for validity here, not for style
FOREIGN = {("gloomhaven", "situation")}
OWN = [(f, n, p) for f, n, p in FILES if (f, n) not in FOREIGN]


def _walk(node: Any, path: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every sub-schema (dict) with its location."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}/{i}")


@pytest.mark.parametrize(("folder", "name", "path"), FILES, ids=[f"{f}/{n}" for f, n, _ in FILES])
def test_schema_is_valid_draft_2020_12(folder: str, name: str, path: Any) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == qs.schema_id(folder, name)


@pytest.mark.parametrize(("folder", "name", "path"), OWN, ids=[f"{f}/{n}" for f, n, _ in OWN])
def test_every_property_has_title_and_description(folder: str, name: str, path: Any) -> None:
    schema = qs.load_schema(folder, name)
    assert schema.get("title") and schema.get("description")
    missing = []
    for where, node in _walk(schema):
        for prop, sub in (
            node.get("properties", {}).items() if isinstance(node.get("properties"), dict) else ()
        ):
            if where.endswith("/if") or "/if/" in where:
                continue  # discriminator tests, not documentation
            if not (isinstance(sub, dict) and sub.get("title") and sub.get("description")):
                missing.append(f"{where}/properties/{prop}")
    assert not missing, missing


@pytest.mark.parametrize(("folder", "name", "path"), OWN, ids=[f"{f}/{n}" for f, n, _ in OWN])
def test_objects_are_closed_against_typos(folder: str, name: str, path: Any) -> None:
    """Every object with properties forbids unknown keys, or dispatches on ``type`` to
    schemas that do (a typo would otherwise pass silently)."""
    open_objects = []
    for where, node in _walk(qs.load_schema(folder, name)):
        if "/if" in where or not isinstance(node.get("properties"), dict):
            continue
        if node.get("additionalProperties") is False:
            continue
        dispatch = node.get("allOf", [])
        if dispatch and all("if" in branch and "then" in branch for branch in dispatch):
            continue
        open_objects.append(where)
    assert not open_objects, open_objects


def test_loader_lists_every_kind_schema() -> None:
    names = {(f, n) for f, n, _ in FILES}
    assert ("common", "pack") in names and ("common", "defs") in names
    assert ("gloomhaven", "defs") in names
    for kind in get("gloomhaven").kinds:
        assert ("gloomhaven", kind) in names, kind


def test_defs_schemas_are_not_content_kinds() -> None:
    kinds = {(f, n) for f, n, _ in qs.kind_schema_files()}
    assert ("common", "pack") in kinds and ("gloomhaven", "monster") in kinds
    assert not {n for _, n in kinds} & {"defs"}
    defs_files = [(f, n) for f, n, _ in FILES if qs.is_definitions(n)]
    assert ("common", "defs") in defs_files and ("gloomhaven", "defs") in defs_files
    assert len(kinds) == len(FILES) - len(defs_files)  # every ruleset may have a defs file
    assert "defs" not in get("gloomhaven").kinds
    assert qs.is_definitions("defs") and not qs.is_definitions("monster")


#: words that only make sense in one ruleset's vocabulary or geometry
RULESET_WORDS = ("hex", "axial", "formula", "condition", "element", "ability", "summon", "aoe")


def test_common_defs_are_ruleset_neutral() -> None:
    """Rulesets are plug-ins: a Descent (square grid) or Arkham (location graph) schema must
    be able to use ``common/defs`` without inheriting Gloomhaven's hexes or kinds."""
    common = qs.load_schema("common", "defs")
    assert sorted(common["$defs"]) == sorted(
        ["id", "reference", "name", "text", "version", "card-count"]
    )
    for where, node in _walk(common):
        ref = node.get("$ref")
        if isinstance(ref, str):
            assert ref.startswith("#/") or ref.startswith(qs.schema_id("common", "defs")), where
    text = json.dumps(common["$defs"]).lower()
    assert not [w for w in RULESET_WORDS if w in text]


def test_gloomhaven_defs_keep_their_names_and_reach_common_defs() -> None:
    gh = qs.load_schema("gloomhaven", "defs")
    assert gh["$id"] == qs.schema_id("gloomhaven", "defs")
    for name in ("hex", "hex-list", "edge", "formula", "number-or-formula", "condition"):
        assert name in gh["$defs"], name
    for name in ("element", "element-or-any", "affects", "aoe", "player-counts", "action"):
        assert name in gh["$defs"], name
    assert not set(gh["$defs"]) & set(qs.load_schema("common", "defs")["$defs"])
    resolver = qs.registry().resolver()
    text = gh["$defs"]["ability-heal"]["properties"]["text"]["$ref"]
    assert text == qs.schema_id("common", "defs") + "#/$defs/text"
    assert resolver.lookup(text).contents["maxLength"] == 20000


def test_no_schema_refers_to_a_moved_definition_in_common() -> None:
    moved = set(qs.load_schema("gloomhaven", "defs")["$defs"])
    common = qs.schema_id("common", "defs") + "#/$defs/"
    stale = [
        (folder, name, where)
        for folder, name, _path in FILES
        for where, node in _walk(qs.load_schema(folder, name))
        if isinstance(node.get("$ref"), str)
        and node["$ref"].startswith(common)
        and node["$ref"][len(common) :] in moved
    ]
    assert not stale, stale


def test_loader_by_id_and_all_schemas() -> None:
    sid = qs.schema_id("gloomhaven", "monster")
    assert qs.schema_by_id(sid)["title"] == "Monster type"
    assert qs.schema_by_id(sid + "#/$defs/x") is qs.schema_by_id(sid)
    everything = qs.all_schemas()
    assert len(everything) == len(FILES)
    assert everything[sid] is qs.load_schema("gloomhaven", "monster")
    with pytest.raises(KeyError):
        qs.schema_by_id("https://example.com/nope.json")
    with pytest.raises(KeyError):
        qs.load_schema("gloomhaven", "nope")


def test_registry_resolves_cross_file_refs_locally() -> None:
    reg = qs.registry()
    resolver = reg.resolver()
    hex_schema = resolver.lookup(qs.schema_id("gloomhaven", "defs") + "#/$defs/hex").contents
    assert hex_schema["maxItems"] == 2
    with pytest.raises(referencing.exceptions.Unresolvable):
        resolver.lookup("https://example.com/remote.schema.json")


def test_every_ref_points_at_a_shipped_schema() -> None:
    reg = qs.registry()
    for folder, name, _path in OWN:
        base = qs.schema_id(folder, name)
        for where, node in _walk(qs.load_schema(folder, name)):
            ref = node.get("$ref")
            if isinstance(ref, str):
                target = ref if "://" in ref else base + ref
                reg.resolver().lookup(target)  # raises if it does not resolve
                assert target.startswith(qs.BASE_URI), (folder, name, where, ref)
