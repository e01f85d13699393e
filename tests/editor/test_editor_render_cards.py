"""``questforge render`` for cards: one card file, and a pack's contact sheet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from questforge.cli import cli

pytestmark = pytest.mark.gui


def test_render_an_ability_card_as_png_at_print_size(
    qtbot: QtBot, editor_pack: Path, tmp_path: Path
) -> None:
    out = tmp_path / "card.png"
    card = editor_pack / "classes" / "lampwright" / "lampwright-flashpoint.json"
    result = CliRunner().invoke(cli, ["render", str(card), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in result.output
    image = QImage(str(out))
    # a poker card, 63 x 88 mm at 300 dpi
    assert (image.width(), image.height()) == (744, 1039)
    assert round(image.dotsPerMeterX() * 0.0254) == 300


def test_render_a_card_as_svg_and_a_deck_as_one_picture(
    qtbot: QtBot, editor_pack: Path, tmp_path: Path
) -> None:
    out = tmp_path / "goal.svg"
    result = CliRunner().invoke(
        cli, ["render", str(editor_pack / "battle-goals" / "hunter.json"), "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert "<svg" in svg and "Hunter" in svg
    deck = tmp_path / "deck.png"
    result = CliRunner().invoke(
        cli, ["render", str(editor_pack / "decks" / "brute-deck.json"), "-o", str(deck)]
    )
    assert result.exit_code == 0, result.output
    image = QImage(str(deck))
    # eight cards, four across: wider than one card and two rows high
    assert image.width() > 3 * 744 and image.height() > 2 * 1039


def test_contact_sheet_of_a_pack_as_pdf_and_png(
    qtbot: QtBot, editor_pack: Path, tmp_path: Path
) -> None:
    pdf = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(cli, ["render", str(editor_pack), "--cards", "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    # real-size cards, at most 9 poker cards per A4 page: the sample pack's ~190 faces
    # need well over ten pages
    pages = len(re.findall(rb"/Type\s*/Page\b", data))
    assert pages >= 15
    png = tmp_path / "sheet.png"
    # a file of the pack with --cards means its whole pack
    member = editor_pack / "items" / "sling.json"
    result = CliRunner().invoke(cli, ["render", str(member), "--cards", "-o", str(png)])
    assert result.exit_code == 0, result.output
    image = QImage(str(png))
    assert not image.isNull() and max(image.width(), image.height()) <= 6000


def test_render_cards_refuses_clearly(qtbot: QtBot, editor_pack: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    card = editor_pack / "items" / "sling.json"
    result = runner.invoke(cli, ["render", str(card), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert "pdf" in result.output and "Traceback" not in result.output
    loose = tmp_path / "loose"
    loose.mkdir()
    result = runner.invoke(cli, ["render", str(loose), "-o", str(tmp_path / "s.png")])
    assert result.exit_code == 2
    assert "no pack.json" in result.output
    broken = tmp_path / "broken.json"
    broken.write_bytes(b'{"kind": "item", \xff}')
    result = runner.invoke(cli, ["render", str(broken), "-o", str(tmp_path / "b.png")])
    assert result.exit_code == 2
    assert "broken.json" in result.output and "Traceback" not in result.output
