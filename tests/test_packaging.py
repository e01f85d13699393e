"""A plain (non-editable) install must ship every module, schema and bundled pack."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FOLDERS = {
    "engine": "engine",
    "validator": "validator",
    "editor": "editor",
    "schema": "schema",
    "content": "content",
}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    (path,) = out.glob("questforge-*.whl")
    return zipfile.ZipFile(path)


def test_wheel_has_every_module(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    missing = []
    for folder, target in FOLDERS.items():
        for src in (REPO / folder).rglob("*.py"):
            rel = src.relative_to(REPO / folder).as_posix()
            if f"questforge/{target}/{rel}" not in names:
                missing.append(f"{folder}/{rel}")
    for src in (REPO / "questforge").rglob("*.py"):
        rel = src.relative_to(REPO).as_posix()
        if rel not in names:
            missing.append(rel)
    assert missing == []


def test_wheel_has_schemas_and_bundled_content(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for folder in ("schema", "content"):
        for src in (REPO / folder).rglob("*.json"):
            rel = src.relative_to(REPO / folder).as_posix()
            assert f"questforge/{folder}/{rel}" in names, rel
    assert any(n.startswith("questforge/schema/") and n.endswith(".schema.json") for n in names)
