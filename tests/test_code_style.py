"""ruff and mypy are part of the build: style and types are checked like behaviour."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    found = BIN / name
    if found.exists():
        return str(found)
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=600)


def test_ruff_lint_is_clean() -> None:
    done = _run(_tool("ruff"), "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = _run(_tool("ruff"), "format", "--check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean() -> None:
    _tool("mypy")
    venv = BIN.parent
    done = _run("bash", "scripts/mypy.sh", str(venv))
    assert done.returncode == 0, done.stdout + done.stderr
