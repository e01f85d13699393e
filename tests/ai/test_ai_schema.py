"""The situation JSON Schema: a valid draft 2020-12 schema that accepts the dev files."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource


def _validator(repo_root: Path) -> Draft202012Validator:
    registry: Registry = Registry()
    for path in (repo_root / "schema").glob("*/*.schema.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        registry = registry.with_resource(doc["$id"], Resource.from_contents(doc))
    schema = json.loads(
        (repo_root / "schema/gloomhaven/situation.schema.json").read_text(encoding="utf-8")
    )
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "https://questforge.dev/schema/gloomhaven/situation.schema.json"
    return Draft202012Validator(schema, registry=registry)


def _walk_properties(node: object, where: str = "$") -> list[str]:
    """Paths of property schemas that lack a title or a description."""
    missing: list[str] = []
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            if not ("title" in sub and "description" in sub):
                missing.append(f"{where}.{name}")
        for key, value in node.items():
            missing += _walk_properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            missing += _walk_properties(value, f"{where}[{i}]")
    return missing


def test_schema_documents_every_property(repo_root: Path) -> None:
    schema = json.loads(
        (repo_root / "schema/gloomhaven/situation.schema.json").read_text(encoding="utf-8")
    )
    assert _walk_properties(schema) == []


def test_dev_situations_are_valid(repo_root: Path, dev_dir: Path) -> None:
    validator = _validator(repo_root)
    for path in sorted(dev_dir.glob("*.json")):
        errors = list(validator.iter_errors(json.loads(path.read_text(encoding="utf-8"))))
        assert errors == [], f"{path.name}: {errors[0].message}"


def test_schema_rejects_typos_and_bad_values(repo_root: Path, dev_dir: Path) -> None:
    validator = _validator(repo_root)
    data = json.loads((dev_dir / "gloom-007.json").read_text(encoding="utf-8"))
    data["active"]["muddle"] = True  # typo of "muddled"
    data["figures"][0]["side"] = "enemy"
    data["map"]["terrain"] = [{"hex": [1, 2], "type": "lava"}]
    paths = {"/".join(map(str, e.absolute_path)) for e in validator.iter_errors(data)}
    assert {"active", "figures/0/side", "map/terrain/0/type"} <= paths


def test_questforge_validate_accepts_situation_files(dev_dir: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from questforge.cli import cli

    ok = CliRunner().invoke(cli, ["validate", str(dev_dir / "gloom-007.json")])
    assert ok.exit_code == 0, ok.output
    data = json.loads((dev_dir / "gloom-007.json").read_text(encoding="utf-8"))
    data["active"]["move"] = "two"
    bad = tmp_path / "bad-situation.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(bad)])
    assert result.exit_code == 1
    assert "active" in result.output and "move" in result.output
