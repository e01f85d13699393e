"""``questforge render`` draws a Descent quest map (PNG and SVG) through the board mode's
renderer; the picture shows the quest's squares."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.cli import cli

QUEST = (
    Path(__file__).resolve().parents[2]
    / "content"
    / "descent-sample"
    / "quests"
    / "hollow-crown.json"
)


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_render_quest(tmp_path: Path, fmt: str) -> None:
    pytest.importorskip("PySide6")
    out = tmp_path / f"quest.{fmt}"
    result = CliRunner().invoke(cli, ["render", str(QUEST), "--heroes", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000
    if fmt == "png":
        from PySide6.QtGui import QColor, QImage

        image = QImage(str(out))
        # the first area's floor tint is painted inside the map
        assert image.width() > 300 and image.height() > 300
        assert QColor(image.pixel(60, 80)).name() != "#f7f3ea"
    else:
        assert "The Hollow Crown" in out.read_text(encoding="utf-8")
