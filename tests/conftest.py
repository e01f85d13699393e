"""Shared test fixtures: where the repository and the read-only ``shared/`` folder are."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# play/simulate keep the validator's verdict per pack; tests keep theirs to themselves
os.environ.setdefault("QUESTFORGE_CACHE_DIR", tempfile.mkdtemp(prefix="questforge-cache-"))

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("QUESTFORGE_SHARED", REPO.parent / "shared"))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"shared/ folder not found at {SHARED} (set QUESTFORGE_SHARED)")
    return SHARED


@pytest.fixture(scope="session")
def sample_pack() -> Path:
    """The bundled Gloomhaven sample pack."""
    return REPO / "content" / "gloomhaven-sample"


@pytest.fixture
def show_window(qtbot: Any) -> Callable[..., Any]:
    """Open the editor's main window as a user sees it: 1400 x 900, shown and exposed.

    ``show_window(prompts=..., live_validation=...)`` takes ``MainWindow``'s arguments;
    Qt is imported only when a GUI test asks for it.
    """
    from questforge.editor.mainwindow import MainWindow

    def show(**kwargs: Any) -> MainWindow:
        win = MainWindow(**kwargs)
        win.resize(1400, 900)
        qtbot.addWidget(win)
        win.show()
        qtbot.waitExposed(win)
        return win

    return show
