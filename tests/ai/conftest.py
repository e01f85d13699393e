"""Fixtures for the monster-AI and geometry tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def dev_dir(shared_dir: Path) -> Path:
    path = shared_dir / "data" / "monster-ai" / "dev"
    if not path.is_dir():
        pytest.skip(f"no dev situations at {path}")
    return path
