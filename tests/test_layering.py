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


#: core modules (DESIGN.md, "Ruleset contract"): they talk to rulesets only through the
#: contract and never import a ruleset's package
CORE: tuple[str, ...] = (
    "engine/core",
    "engine/rulesets.py",
    "validator/*.py",
    "validator/reporters",
    "editor/*.py",
    "editor/map",
    "editor/forms",
    "editor/playtest/*.py",
    "questforge",
)


def _ruleset_packages() -> set[str]:
    """Every ruleset folder of the repository (``engine/<id>`` other than ``core``)."""
    return {
        p.name
        for p in (REPO / "engine").iterdir()
        if p.is_dir() and p.name not in ("core", "__pycache__") and (p / "__init__.py").exists()
    }


def _core_files() -> list[Path]:
    out: list[Path] = []
    for pattern in CORE:
        path = REPO / pattern
        if path.is_dir():
            out += sorted(path.rglob("*.py"))
        elif "*" in pattern:
            out += sorted(REPO.glob(pattern))
        elif path.exists():
            out.append(path)
    return out


def _ruleset_imports(path: Path, ids: set[str]) -> list[str]:
    bad = []
    for lineno, module in _imports(path):
        parts = module.split(".")
        if (
            len(parts) >= 3
            and parts[0] == "questforge"
            and parts[1] in ("engine", "validator", "editor")
            and parts[2] in ids
        ):
            bad.append(f"{path.relative_to(REPO)}:{lineno} imports {module}")
    return bad


def test_core_never_imports_a_ruleset() -> None:
    ids = _ruleset_packages()
    assert "gloomhaven" in ids
    bad = [line for path in _core_files() for line in _ruleset_imports(path, ids)]
    assert bad == []


def test_core_check_catches_a_ruleset_import() -> None:
    """The detector must fire on a file that imports a ruleset (a ruleset's own module,
    which legitimately does, stands in for a core file that would)."""
    assert _ruleset_imports(REPO / "engine" / "gloomhaven" / "game" / "face.py", {"gloomhaven"})
