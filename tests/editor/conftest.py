"""Editor test fixtures: offscreen Qt, a private recovery folder, a private QSettings."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_editor_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Autosave files and settings (recent files) go to the test's temp folder."""
    monkeypatch.setenv("QUESTFORGE_RECOVERY_DIR", str(tmp_path / "recovery"))
    monkeypatch.setenv("QUESTFORGE_SETTINGS_DIR", str(tmp_path / "settings"))
    yield
