"""The schema walker's form side on the shipped schemas: unions and their members, the
object a member switch produces, starting values, and the annotations forms rely on
(references and board locations)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from questforge.schema import load_schema, schema_files
from questforge.schema.walk import LOCATION, NAMES, REFERENCE, SchemaContext

REPO = Path(__file__).resolve().parents[2]
GH = "https://questforge.dev/schema/gloomhaven/scenario.schema.json"


def scenario() -> SchemaContext:
    return SchemaContext(load_schema("gloomhaven", "scenario"))


def win(ctx: SchemaContext) -> dict[str, Any]:
    return {"$ref": GH + "#/$defs/win"}


def test_if_then_union_lists_its_members_in_enum_order() -> None:
    ctx = scenario()
    disc = ctx.discriminator(win(ctx))
    assert disc is not None and disc.prop == "type" and disc.style == "if"
    assert [b.value for b in disc.branches] == [
        "kill-all",
        "kill",
        "loot-treasure",
        "reach-hexes",
        "survive-rounds",
        "custom",
    ]
    assert disc.branch("reach-hexes") is not None
    assert disc.branch("reach-hexes").title == "Reach hexes"  # type: ignore[union-attr]


def test_switch_drops_the_old_members_fields_and_adds_the_new_ones_required() -> None:
    ctx = scenario()
    old = {"type": "loot-treasure", "numbers": [3, 4], "text": "Grab it", "x-mine": 1}
    assert ctx.switch_branch(win(ctx), None, old, "reach-hexes") == {
        "type": "reach-hexes",
        "text": "Grab it",  # both members know text
        "x-mine": 1,  # no member knows it: the designer's, kept
        "hexes": [],  # never invented
    }
    assert ctx.switch_branch(win(ctx), None, {"type": "kill-all"}, "survive-rounds") == {
        "type": "survive-rounds",
        "rounds": 1,
    }
    # names of things in the scenario start as the first one there, never invented
    scenario_data = {
        "overlays": [{"type": "token", "number": 2}, {"type": "treasure", "number": 5}]
    }
    assert ctx.switch_branch(
        win(ctx), None, {"type": "kill-all"}, "loot-treasure", scenario_data
    ) == {"type": "loot-treasure", "numbers": [5]}
    assert ctx.switch_branch(win(ctx), None, {"type": "kill-all"}, "loot-treasure") == {
        "type": "loot-treasure",
        "numbers": [],
    }


def test_one_of_union_by_const_property() -> None:
    """Arkham's effects: oneOf members told apart by ``do``; members with the same
    required fields (gain/lose) are still told apart by the const."""
    ctx = SchemaContext(load_schema("arkham", "defs"))
    effect = {"$ref": "#/$defs/effect"}
    disc = ctx.discriminator(effect)
    assert disc is not None and disc.prop == "do" and disc.style == "oneOf"
    values = [b.value for b in disc.branches]
    assert values[:2] == ["gain", "lose"] and len(values) == len(set(values)) > 5
    lose = {"do": "lose", "what": "sanity", "amount": 2}
    eff, _ = ctx.effective(effect, lose)
    resolved_do, _ = ctx.resolve(eff["properties"]["do"])
    assert resolved_do["const"] == "lose"  # not the first member with those fields
    moved = ctx.switch_branch(effect, None, lose, "move-to")
    assert moved == {"do": "move-to", "area": ""}


def test_fits_is_a_cheap_schema_test() -> None:
    ctx = scenario()
    hex_ref = {"$ref": "https://questforge.dev/schema/gloomhaven/defs.schema.json#/$defs/hex"}
    assert ctx.fits(hex_ref, [1, 2])
    assert not ctx.fits(hex_ref, [1, 2, 3])
    assert not ctx.fits(hex_ref, [1, "x"])
    ident = {"$ref": "https://questforge.dev/schema/common/defs.schema.json#/$defs/id"}
    assert ctx.fits(ident, "hall") and not ctx.fits(ident, "") and not ctx.fits(ident, "Hall")


def test_locations_and_references_come_from_annotations() -> None:
    ctx = scenario()
    props = ctx.root["$defs"]
    assert ctx.location_of(props["win-reach-hexes"]["properties"]["hexes"]) == ("hex", True)
    assert ctx.location_of(props["monster-placement"]["properties"]["hex"]) == ("hex", False)
    assert ctx.location_of(props["monster-placement"]["properties"]["players"]) is None
    assert ctx.reference_of(props["monster-placement"]["properties"]["monster"]) == "monster"
    assert ctx.reference_of(props["tile-placement"]["properties"]["tile"]) == "map-tile"
    assert ctx.reference_of(props["room"]["properties"]["id"]) is None


def _annotated(node: Any, key: str, out: list[Any], path: str = "") -> None:
    if isinstance(node, dict):
        if key in node:
            out.append(node[key])
        for k, v in node.items():
            _annotated(v, key, out, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _annotated(v, key, out, f"{path}/{i}")


@pytest.mark.parametrize("folder", ["gloomhaven", "descent", "arkham", "witcher"])
def test_every_annotated_reference_names_a_kind_of_its_ruleset(folder: str) -> None:
    kinds = {name for f, name, _ in schema_files() if f == folder and name != "defs"}
    found: list[Any] = []
    for f, name, _path in schema_files():
        if f == folder:
            _annotated(load_schema(f, name), REFERENCE, found)
    assert found, f"{folder} annotates no reference"
    assert sorted(set(found) - kinds) == []


#: references to things named inside a document (a board's areas, a map's locations),
#: not to documents: no combo of document ids for them
IN_DOCUMENT_NAMES = {"area", "location", "home", "gate", "clue", "closes", "pass_at"}
IN_DOCUMENT_NAMES |= {"moves_to", "start", "destination", "default_length"}


def _unannotated_references(node: Any, path: tuple[str, ...], out: list[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        is_reference = isinstance(ref, str) and ref.endswith(
            "common/defs.schema.json#/$defs/reference"
        )
        if is_reference and REFERENCE not in node and NAMES not in node:
            names = [p for p in path if p not in ("items", "properties", "oneOf", "$defs")]
            out.append(next((p for p in reversed(names) if not p.isdigit()), ""))
        for k, v in node.items():
            _unannotated_references(v, (*path, k), out)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _unannotated_references(v, (*path, str(i)), out)


def test_a_new_reference_field_must_say_what_it_names() -> None:
    """A reference without ``x-questforge-ref`` (another document) or
    ``x-questforge-names`` (a name in the same document) would be free text in every
    form: new ones must be annotated (or be one of the names listed above, which live in
    another document such as an Arkham board)."""
    missing: list[str] = []
    for folder, name, _ in schema_files():
        if folder == "common":
            continue
        found: list[str] = []
        _unannotated_references(load_schema(folder, name), (), found)
        missing += [f"{folder}/{name}: {p}" for p in found if p not in IN_DOCUMENT_NAMES]
    assert missing == []


def test_hexes_and_squares_are_annotated_locations() -> None:
    gh = json.loads((REPO / "schema" / "gloomhaven" / "defs.schema.json").read_text())
    dj = json.loads((REPO / "schema" / "descent" / "defs.schema.json").read_text())
    assert gh["$defs"]["hex"][LOCATION] == "hex"
    assert dj["$defs"]["cell"][LOCATION] == "square"


def test_in_document_names_point_at_fields_the_document_has() -> None:
    """Every ``x-questforge-names`` pattern starts at a top-level field of its schema and
    ends at a field of that list's items (a renamed field would leave a combo empty)."""
    from questforge.schema.walk import values_at

    for folder, name, _ in schema_files():
        schema = load_schema(folder, name)
        found: list[Any] = []
        _annotated(schema, NAMES, found)
        ctx = SchemaContext(schema)
        for patterns in found:
            for pattern in patterns:
                steps = [s for s in pattern.split("/") if s]
                top = (schema.get("properties") or {}).get(steps[0])
                assert top is not None, f"{folder}/{name}: {pattern}"
                items, base = ctx.resolve(ctx.resolve(top)[0].get("items", {}))
                eff, _ = ctx.effective(items, None, base)
                assert steps[-1] in (eff.get("properties") or {}) or any(
                    steps[-1]
                    in (ctx.resolve(part.get("then", {}), base)[0].get("properties") or {})
                    for part in items.get("allOf") or []
                ), f"{folder}/{name}: {pattern}"
    data = {"rooms": [{"id": "hall"}], "overlays": [{"type": "treasure", "number": 2}]}
    assert values_at(data, ["/rooms/*/id"]) == ["hall"]
    assert values_at(data, ["/overlays/*[type=treasure]/number"]) == [2]
    assert values_at(data, ["/overlays/*[type=token]/number"]) == []
