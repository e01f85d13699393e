"""A plain (non-editable) install must ship every module, schema and bundled pack."""

from __future__ import annotations

import ast
import fcntl
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

import questforge

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
    # pip builds in the checkout's own ``build/`` folder: two test processes (pytest-xdist)
    # building at once trip over each other's files, so builds of one checkout take turns
    lock_name = hashlib.sha256(str(REPO).encode()).hexdigest()[:16]
    lock_path = Path(tempfile.gettempdir()) / f"questforge-wheel-build-{lock_name}.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _build_wheel(out)
    (path,) = out.glob("questforge-*.whl")
    return zipfile.ZipFile(path)


def _build_wheel(out: Path) -> None:
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


def _setup_folders() -> dict[str, str]:
    """``setup.py``'s ``FOLDERS`` literal, read without running setup.py."""
    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FOLDERS":
            return dict(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no FOLDERS")


def test_checkout_finder_maps_the_folders_setup_py_maps() -> None:
    mapped = {name for name in _setup_folders() if name != "questforge"}
    assert mapped == set(questforge.CHECKOUT_PACKAGES)
    assert all(_setup_folders()[name] == name.split(".")[-1] for name in mapped)


def test_a_checkout_on_the_path_imports_questforge_without_an_install_hook(
    tmp_path: Path,
) -> None:
    """``./dev`` installs in setuptools' "compat" mode (the checkout on ``sys.path``):
    questforge's own finder then maps ``questforge.engine`` & co. to the top-level
    folders, importing none of what setuptools' default hook imports at every start."""
    code = (
        "import sys, questforge.engine.core.hexgrid as h, questforge.schema as s\n"
        "print(h.__file__); print(s.__file__)\n"
        "print(sorted(m for m in ('re', 'pathlib', 'importlib.util', 'urllib') "
        "if m in sys.modules))\n"
        "import importlib.util\n"
        "print(importlib.util.find_spec('questforge.tests'))"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    hexgrid, schema, expensive, tests_spec = done.stdout.splitlines()
    assert Path(hexgrid) == REPO / "engine" / "core" / "hexgrid.py"
    assert Path(schema) == REPO / "schema" / "__init__.py"
    assert expensive == "[]"
    assert tests_spec == "None"  # only the mapped folders become questforge.*


@pytest.mark.skipif(sys.platform == "win32", reason="Windows gets the generated .exe")
def test_the_command_is_a_plain_script_without_pips_import_re(
    wheel: zipfile.ZipFile,
) -> None:
    """pip's generated entry point imports ``re`` before questforge starts (a tenth of
    ``ai solve``'s run); the wheel's ``questforge`` is ``scripts/questforge`` instead,
    and the installed command is that script."""
    (script,) = [n for n in wheel.namelist() if n.endswith(".data/scripts/questforge")]
    text = wheel.read(script).decode()
    assert "from questforge.launch import main" in text
    assert "import re" not in text.splitlines()
    installed = Path(sys.executable).parent / "questforge"
    if installed.exists():  # the development environment's command is the same script
        assert "import re" not in installed.read_text(encoding="utf-8").splitlines()
        done = subprocess.run(
            [str(installed), "--version"], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
