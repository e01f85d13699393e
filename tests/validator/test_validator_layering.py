"""Layering: the validator never pulls in Qt; engine core loaders never pull in the
validator, click or rich (the editor and other engines import them)."""

from __future__ import annotations

import subprocess
import sys


def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    return set(out.split())


def test_validator_imports_no_qt(sample_pack: object) -> None:
    loaded = _modules_after(
        "from questforge.validator.runner import validate_paths\n"
        f"validate_paths([{str(sample_pack)!r}])\n"
        "import questforge.validator.reporters, questforge.validator.bundle"
    )
    assert not any(m.startswith(("PySide6", "shiboken6", "questforge.editor")) for m in loaded)


def test_engine_core_loaders_import_no_validator_click_or_rich() -> None:
    loaded = _modules_after("import questforge.engine.core.jsonload, questforge.engine.core.pack")
    assert not any(
        m.startswith(("questforge.validator", "click", "rich", "PySide6")) for m in loaded
    )
