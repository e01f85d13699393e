"""Playtest-window fixtures: offscreen Qt, the sample pack's engine content loaded once."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(scope="session")
def sample_content(sample_pack: Path) -> Any:
    """The bundled pack as engine content (loading it once keeps the tests fast)."""
    from questforge.engine.gloomhaven.game import as_content

    return as_content(sample_pack)


@pytest.fixture
def playtest(qtbot: Any, sample_content: Any) -> Iterator[Callable[..., Any]]:
    """Open a playtest window on a scenario (shown at once, its game set up)."""
    from playtest_helpers import wait_idle

    from questforge.editor.gloomhaven.playtest.window import PlaytestWindow

    def make(scenario: str = "collapsed-adit") -> PlaytestWindow:
        window = PlaytestWindow(sample_content, scenario)
        qtbot.addWidget(window)
        window.show()
        wait_idle(qtbot, window)
        return window

    yield make
