"""``questforge schema list`` / ``export [--bundle]`` and the bundler."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
import pytest
from click.testing import CliRunner

from questforge.cli import cli
from questforge.validator.bundle import BundleError, bundle
from questforge.validator.schemas import SchemaStore, default_store


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        out = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return out + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def test_schema_list_shows_folder_name_id_title() -> None:
    result = CliRunner().invoke(cli, ["schema", "list"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split() == ["FOLDER", "NAME", "$ID", "TITLE"]
    pack = next(line for line in lines if line.split()[:2] == ["common", "pack"])
    assert "https://questforge.dev/schema/common/pack.schema.json" in pack
    rows = json.loads(CliRunner().invoke(cli, ["schema", "list", "--format", "json"]).output)
    assert {(r["folder"], r["name"]) for r in rows} == {(e.folder, e.name) for e in default_store()}


def test_schema_export_writes_every_schema(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["schema", "export", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    for entry in default_store():
        written = json.loads(
            (tmp_path / "out" / entry.folder / f"{entry.name}.schema.json").read_text()
        )
        assert written == entry.schema


def test_schema_export_to_an_unwritable_place_is_exit_2(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = CliRunner().invoke(cli, ["schema", "export", str(blocker / "sub")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_bundled_schemas_have_only_local_refs(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["schema", "export", str(tmp_path), "--bundle"])
    assert result.exit_code == 0, result.output
    for path in tmp_path.rglob("*.schema.json"):
        schema = json.loads(path.read_text())
        assert all(ref.startswith("#") for ref in _refs(schema)), path
        # still a valid draft 2020-12 schema (the fast meta-validator; python-jsonschema's
        # check_schema takes seconds on the large bundled schemas)
        jsonschema_rs.meta.validate(schema)


def test_bundled_schemas_validate_the_sample_pack_without_a_registry(
    tmp_path: Path, sample_pack: Path
) -> None:
    if not (sample_pack / "pack.json").is_file():
        pytest.skip("sample pack not present yet")
    store = default_store()
    checked = 0
    for path in sorted(sample_pack.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        entry = store.for_kind(data["kind"], "gloomhaven")
        assert entry is not None, path
        validator = jsonschema.Draft202012Validator(bundle(entry, store))  # no registry
        assert list(validator.iter_errors(data)) == [], path
        # and it still catches errors
        broken = {**data, "id": "Not An Id"}
        assert list(validator.iter_errors(broken)), path
        checked += 1
    assert checked >= 10


def test_bundler_handles_recursion_and_chains(store: SchemaStore) -> None:
    gadget = store.get("qftest", "gadget")
    assert gadget is not None
    bundled = bundle(gadget, store)
    assert set(bundled["$defs"]) == {"common.defs", "qftest.widget"}
    # the recursive tree definition refers to itself inside the inlined copy
    tree = bundled["$defs"]["common.defs"]["$defs"]["tree"]
    assert tree["properties"]["children"]["items"]["$ref"] == "#/$defs/common.defs/$defs/tree"
    validator = jsonschema.Draft202012Validator(bundled)
    good = {
        "kind": "gadget",
        "id": "g",
        "widget": "w",
        "spec": {
            "kind": "widget",
            "id": "w",
            "size": 1,
            "tree": {"children": [{"children": [{"label": "x"}]}]},
        },
    }
    assert list(validator.iter_errors(good)) == []
    bad = json.loads(json.dumps(good))
    bad["spec"]["tree"]["children"][0]["children"][0]["label"] = 5
    (error,) = validator.iter_errors(bad)
    assert list(error.absolute_path) == ["spec", "tree", "children", 0, "children", 0, "label"]


def test_bundler_refuses_unknown_urls(store: SchemaStore) -> None:
    remote = store.get("qftest", "remote")
    assert remote is not None
    with pytest.raises(BundleError, match=r"example\.invalid"):
        bundle(remote, store)


def test_check_jsonschema_uses_a_bundled_schema_offline(tmp_path: Path, sample_pack: Path) -> None:
    """What the docs promise: the bundled schema works in check-jsonschema, no network."""
    import os
    import shutil
    import subprocess
    import sys

    tool = Path(sys.executable).parent / "check-jsonschema"
    if not tool.exists() and shutil.which("check-jsonschema") is None:
        pytest.skip("check-jsonschema not installed")
    if not (sample_pack / "pack.json").is_file():
        pytest.skip("sample pack not present yet")
    store = default_store()
    entry = store.get("common", "pack")
    assert entry is not None
    schema_file = tmp_path / "pack.schema.json"
    schema_file.write_text(json.dumps(bundle(entry, store)))
    bad = tmp_path / "bad-pack.json"
    bad.write_text(json.dumps({"kind": "pack", "id": "Nope"}))
    env = {**os.environ, "https_proxy": "http://127.0.0.1:9", "http_proxy": "http://127.0.0.1:9"}
    cmd = [str(tool) if tool.exists() else "check-jsonschema", "--schemafile", str(schema_file)]
    good = subprocess.run(
        [*cmd, str(sample_pack / "pack.json")], capture_output=True, text=True, env=env, timeout=120
    )
    assert good.returncode == 0, good.stdout + good.stderr
    failed = subprocess.run([*cmd, str(bad)], capture_output=True, text=True, env=env, timeout=120)
    assert failed.returncode == 1, failed.stdout + failed.stderr
