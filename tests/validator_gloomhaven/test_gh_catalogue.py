"""The Gloomhaven check catalogue: documented, complete, and clean on the sample pack."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from questforge.schema import load_schema, schema_files
from questforge.validator.gloomhaven.catalogue import gloomhaven_specs
from questforge.validator.gloomhaven.docs import render
from questforge.validator.gloomhaven.refs import target_kind
from questforge.validator.runner import validate_paths

REPO = Path(__file__).resolve().parents[2]


def test_every_check_is_documented() -> None:
    specs = gloomhaven_specs()
    assert len(specs) >= 30
    for spec in specs:
        assert spec.code.startswith("QGH2") and len(spec.code) == 6
        assert spec.title and spec.description and spec.func is not None
        assert spec.extra.get("example") and spec.extra.get("fix"), spec.code


def test_docs_file_is_up_to_date() -> None:
    text = (REPO / "docs" / "checks-gloomhaven.md").read_text(encoding="utf-8")
    assert text == render(), (
        "regenerate: python -m questforge.validator.gloomhaven.docs > docs/checks-gloomhaven.md"
    )


def _reference_properties(node: Any, prop: str | None, out: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.endswith("/$defs/reference") and prop is not None:
            out.add(prop)
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for name, sub in value.items():
                    _reference_properties(sub, name, out)
            elif key != "$defs":
                _reference_properties(value, prop, out)
    elif isinstance(node, list):
        for value in node:
            _reference_properties(value, prop, out)


def test_every_reference_property_of_the_schemas_has_a_target_kind() -> None:
    """A new reference property in a schema must be added to ``refs.TARGETS``."""
    missing = []
    for folder, name, _path in schema_files():
        if folder not in ("gloomhaven", "common"):
            continue
        schema = load_schema(folder, name)
        found: set[str] = set()
        _reference_properties(schema, None, found)
        for defs in schema.get("$defs", {}).values():
            _reference_properties(defs, None, found)
        for prop in sorted(found):
            if target_kind(name, (prop,)) is None:
                missing.append(f"{folder}/{name}: {prop}")
    assert missing == []


def test_sample_pack_has_no_gloomhaven_errors() -> None:
    report = validate_paths([REPO / "content" / "gloomhaven-sample"])
    ours = [
        (f.code, f.file, f.path, f.message)
        for f in report.findings
        if f.code.startswith("QGH") and f.is_error
    ]
    assert ours == []
