"""Editor test fixtures: offscreen Qt, a private recovery folder, a private QSettings."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_editor_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Autosave files and settings (recent files) go to the test's temp folder; the
    clipboard is emptied afterwards (PySide6 crashes at interpreter exit when the
    clipboard still holds data a test put there)."""
    monkeypatch.setenv("QUESTFORGE_RECOVERY_DIR", str(tmp_path / "recovery"))
    monkeypatch.setenv("QUESTFORGE_SETTINGS_DIR", str(tmp_path / "settings"))
    yield
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.clipboard().clear()


FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def editor_pack(sample_pack: Path, tmp_path: Path) -> Path:
    """A private copy of the sample pack whose only scenario is ``two-rooms`` (a fixture
    with known hexes), so map tests do not depend on the bundled scenarios' layout."""
    pack = tmp_path / "pack"
    shutil.copytree(sample_pack, pack, ignore=shutil.ignore_patterns("scenarios"))
    (pack / "scenarios").mkdir()
    shutil.copy(FIXTURES / "two-rooms.json", pack / "scenarios" / "two-rooms.json")
    return pack
