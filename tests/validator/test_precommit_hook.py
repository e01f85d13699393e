"""The shipped ``.pre-commit-hooks.yaml`` names a command that works on changed files."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest


def _hooks(repo_root: Path) -> dict[str, dict[str, str]]:
    """Minimal reader for the flat list-of-mappings the hooks file uses (no PyYAML here)."""
    hooks: dict[str, dict[str, str]] = {}
    current: dict[str, str] = {}
    for line in (repo_root / ".pre-commit-hooks.yaml").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        match = re.match(r"^(- |  )(\w+): (.*)$", line)
        assert match, f"unexpected line in .pre-commit-hooks.yaml: {line!r}"
        if match.group(1) == "- ":
            current = {}
        current[match.group(2)] = match.group(3).strip().strip('"')
        if match.group(2) == "id":
            hooks[current["id"]] = current
    return hooks


def test_hook_is_declared(repo_root: Path) -> None:
    hook = _hooks(repo_root)["questforge-validate"]
    assert hook["entry"] == "questforge validate"
    assert hook["language"] == "python"
    assert hook["pass_filenames"] == "true"
    assert hook["types"] == "[json]"


def test_hook_entry_runs_on_a_changed_file(repo_root: Path, sample_pack: Path) -> None:
    if not (sample_pack / "pack.json").is_file():
        pytest.skip("sample pack not present yet")
    hook = _hooks(repo_root)["questforge-validate"]
    argv = shlex.split(hook["entry"])
    assert argv[0] == "questforge"
    changed = sorted(sample_pack.rglob("*.json"))[:2]
    proc = subprocess.run(
        [sys.executable, "-m", "questforge", *argv[1:], *map(str, changed)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 files checked" in proc.stdout
