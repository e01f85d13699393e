"""Every size, count and number in the shipped schemas has an upper bound (issue 9).

Unbounded values were how hostile content got through: a tile at ``[10000, -10000]``, a
situation with ``range`` 10000, lists of any length. A schema that adds an array without
``maxItems``, an integer without ``maximum`` or a free string without ``maxLength`` fails
here, so the bound is decided when the field is designed rather than after an incident.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from questforge import schema as qs

FILES = list(qs.schema_files())


def _walk(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{where}/{index}")


def _types(node: dict[str, Any]) -> list[Any]:
    kind = node.get("type")
    return kind if isinstance(kind, list) else [kind]


@pytest.mark.parametrize(("folder", "name", "path"), FILES, ids=[f"{f}/{n}" for f, n, _ in FILES])
def test_every_value_has_an_upper_bound(folder: str, name: str, path: Any) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    unbounded = []
    for where, node in _walk(schema, "#"):
        types = _types(node)
        if "const" in node or "enum" in node:
            continue
        if "array" in types and "maxItems" not in node and "prefixItems" not in node:
            unbounded.append(f"{where}: array without maxItems")
        if ("integer" in types or "number" in types) and not (
            "maximum" in node or "exclusiveMaximum" in node
        ):
            unbounded.append(f"{where}: number without maximum")
        if "string" in types and not ("maxLength" in node or "pattern" in node or "format" in node):
            unbounded.append(f"{where}: string without maxLength")
    assert not unbounded, unbounded


def test_coordinates_have_a_documented_limit(repo_root: Any) -> None:
    hex_schema = qs.load_schema("gloomhaven", "defs")["$defs"]["hex"]
    limits = {(p["minimum"], p["maximum"]) for p in hex_schema["prefixItems"]}
    assert limits == {(-1000, 1000)}
    doc = (repo_root / "docs" / "content-format.md").read_text(encoding="utf-8")
    assert "between -1000 and 1000" in doc
