"""The layering in DESIGN.md is law: these tests fail the build when an import crosses it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: folder -> module prefixes it must never import
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": (
        "PySide6",
        "click",
        "rich",
        "questforge.validator",
        "questforge.editor",
        "questforge.cli",
        "questforge.commands",
    ),
    "validator": ("PySide6", "questforge.editor", "questforge.cli", "questforge.commands"),
    "schema": (
        "PySide6",
        "click",
        "questforge.engine",
        "questforge.validator",
        "questforge.editor",
    ),
}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def _violations(folder: str) -> list[str]:
    bad: list[str] = []
    for path in sorted((REPO / folder).rglob("*.py")):
        for lineno, module in _imports(path):
            for prefix in FORBIDDEN[folder]:
                if module == prefix or module.startswith(prefix + "."):
                    bad.append(f"{path.relative_to(REPO)}:{lineno} imports {module}")
    return bad


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_layer_imports_point_one_way(folder: str) -> None:
    assert _violations(folder) == []


def test_code_imports_through_questforge_namespace() -> None:
    """``import engine`` would work from the repo root but break an installed copy."""
    bare = {"engine", "validator", "editor", "schema", "content"}
    bad = []
    for folder in ("questforge", *bare):
        for path in sorted((REPO / folder).rglob("*.py")):
            for lineno, module in _imports(path):
                if module.split(".")[0] in bare:
                    bad.append(f"{path.relative_to(REPO)}:{lineno} imports {module}")
    assert bad == []


def test_layering_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    """The detector itself must fire (a test that cannot fail is a defect)."""
    sample = tmp_path / "x.py"
    sample.write_text("from PySide6 import QtCore\nimport questforge.validator.runner\n")
    assert [m for _, m in _imports(sample)] == ["PySide6", "questforge.validator.runner"]
