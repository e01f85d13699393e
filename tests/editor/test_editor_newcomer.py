"""A newcomer's first hour in the editor: nothing cut off, maps that explain themselves.

Issue 9: the inspector was too narrow (values cut off behind a horizontal scroll bar), the
pack tree cut names off so ability cards could not be told apart, the problems' message
column was cut off, a tile label hid under a door ("crossing A" read "crossing /"), and a
rendered map had no title, player count or legend.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from questforge.editor.editors import editor_for
from questforge.editor.gloomhaven.export import export_map, legend_entries, title_text
from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.gloomhaven.scenario_map import as_hex
from questforge.editor.mainwindow import MainWindow
from questforge.editor.packbrowser import PATH_ROLE, PackBrowser
from questforge.editor.problems import ProblemsPanel
from questforge.editor.prompts import ScriptedPrompts
from questforge.editor.validation import ValidationResult
from questforge.editor.workspace import Workspace
from questforge.validator.findings import Finding, Severity

pytestmark = pytest.mark.gui


@pytest.fixture
def full_pack(sample_pack: Path, tmp_path: Path) -> Path:
    """A private copy of the whole sample pack (its scenarios have doors and bosses)."""
    pack = tmp_path / "pack"
    shutil.copytree(sample_pack, pack)
    return pack


def _items(browser: PackBrowser) -> dict[str, QTreeWidgetItem]:
    out = {}
    for i in range(browser.topLevelItemCount()):
        group = browser.topLevelItem(i)
        assert group is not None
        for j in range(group.childCount()):
            item = group.child(j)
            assert item is not None
            out[Path(item.data(0, PATH_ROLE)).name] = item
    return out


def test_pack_tree_shows_card_names_in_full(qtbot: QtBot, editor_pack: Path) -> None:
    workspace = Workspace()
    workspace.open_pack(editor_pack)
    browser = PackBrowser(workspace)
    qtbot.addWidget(browser)
    browser.resize(330, 600)
    browser.show()
    items = _items(browser)
    # ability cards of one class differ by name, not by a cut-off path
    assert items["lampwright-flashpoint.json"].text(0) == "Flashpoint"
    assert (
        items["lampwright-flashpoint.json"].text(1)
        == "classes/lampwright/lampwright-flashpoint.json"
    )
    assert items["quarry-brute.json"].text(0) == "Quarry Brute"
    assert items["city-01.json"].text(0) == "city-01"  # no name: the id
    groups = {
        browser.topLevelItem(i).text(0): browser.topLevelItem(i).text(1)  # type: ignore[union-attr]
        for i in range(browser.topLevelItemCount())
    }
    cards = sum(1 for f in workspace.files if f.kind == "ability-card")
    assert cards > 12 and groups["ability-card"] == f"{cards} files"
    # the name column is as wide as the longest name
    widest = max(browser.fontMetrics().horizontalAdvance(i.text(0)) for i in items.values())
    assert browser.header().sectionSize(0) >= widest
    # an edit of the name in an open document shows after a refresh
    doc = workspace.open_document(editor_pack / "items" / "sling.json")
    doc.set_value(("name",), "Slingshot")
    browser.refresh()
    assert _items(browser)["sling.json"].text(0) == "Slingshot"


def test_window_gives_the_pack_tree_and_the_inspector_room(qtbot: QtBot, full_pack: Path) -> None:
    window = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    window.resize(1400, 900)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(full_pack / "scenarios" / "cinder-forge.json")
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    qtbot.waitUntil(lambda: editor.inspector is not None and editor.inspector.isVisible())
    assert window.browser.width() >= 300
    # the scenario inspector shows its values without a horizontal scroll bar
    qtbot.waitUntil(lambda: editor.inspector_scroll.viewport().width() > 0)
    bar = editor.inspector_scroll.horizontalScrollBar()
    assert bar.maximum() == 0 or not bar.isVisible()
    assert editor.inspector_scroll.viewport().width() >= editor.inspector.minimumSizeHint().width()  # type: ignore[union-attr]


def test_problem_messages_take_the_spare_width_and_wrap(qtbot: QtBot) -> None:
    panel = ProblemsPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 300)
    panel.show()
    long = "The placement refers to a monster type that no file of the pack defines; " * 3
    findings = [
        Finding("QGH101", Severity.ERROR, long, "scenarios/a.json", ("monsters", 2)),
        Finding("QGH102", Severity.WARNING, "Short one.", "monsters/b.json", ("levels",)),
    ]
    panel.show_result(ValidationResult(1, findings, 0.01))
    header = panel.tree.header()
    others = sum(header.sectionSize(c) for c in (0, 2, 3))
    assert header.sectionSize(1) >= panel.tree.viewport().width() - others - 2
    assert header.sectionSize(1) > max(header.sectionSize(c) for c in (0, 2, 3))
    # the long message wraps onto several lines rather than ending in "…"
    first = panel.tree.topLevelItem(0)
    assert first is not None
    line = panel.tree.fontMetrics().height()
    qtbot.waitUntil(lambda: panel.tree.visualItemRect(first).height() > 1.8 * line)


def _editor(qtbot: QtBot, pack: Path, players: int = 2) -> tuple[ScenarioEditor, Workspace]:
    workspace = Workspace()
    doc = workspace.open_document(pack / "scenarios" / "cinder-forge.json")
    editor = editor_for(doc, workspace)
    qtbot.addWidget(editor)
    assert isinstance(editor, ScenarioEditor)
    editor.scene.set_players(players)
    return editor, workspace


def _scene(qtbot: QtBot, pack: Path, players: int = 2):  # type: ignore[no-untyped-def]
    editor, workspace = _editor(qtbot, pack, players)
    return editor.scene, workspace


def test_tile_labels_do_not_sit_under_doors_or_figures(qtbot: QtBot, full_pack: Path) -> None:
    scene, _ws = _scene(qtbot, full_pack)
    doors = [as_hex(d["hex"]) for d in scene.data["doors"]]
    assert doors
    for tile in scene.smap.tiles:
        placed = scene.tile_label_rect(tile)
        assert placed is not None
        rect, _on_wall = placed
        for h in doors:
            assert h is not None
            c = scene.center(h)
            plank = QRectF(
                c.x() - scene.size * 0.75,
                c.y() - scene.size * 0.75,
                scene.size * 1.5,
                scene.size * 1.5,
            )
            assert not rect.intersects(plank), (tile.tile, h)


def test_rendered_map_has_a_title_and_a_legend(
    qtbot: QtBot, full_pack: Path, tmp_path: Path
) -> None:
    scene, workspace = _scene(qtbot, full_pack, players=3)
    head, sub = title_text(scene)
    assert head == "#3 The Cinder Forge"
    assert sub.startswith("3 characters")
    labels = [e.label for e in legend_entries(scene, workspace.lookup)]
    assert "SH = Slag Hound" in labels and "ES = Ember Sprite" in labels
    assert "B:AF = The Ash Foreman (boss)" in labels
    assert {"Black: absent", "White: normal", "Gold: elite"} <= set(labels)
    assert "Door" in labels and "Starting hex" in labels and "Trap" in labels
    assert "Locked door" not in labels  # only symbols the map uses
    with_legend = export_map(scene, tmp_path / "m.png", lookup=workspace.lookup)
    bare = export_map(scene, tmp_path / "bare.png", legend=False)
    assert QImage(str(with_legend)).height() > QImage(str(bare)).height() + 200
    svg = export_map(scene, tmp_path / "m.svg", lookup=workspace.lookup).read_text(encoding="utf-8")
    assert "The Cinder Forge" in svg and "Slag Hound" in svg and "3 characters" in svg


def test_file_export_image_of_a_scenario_has_the_legend_too(
    qtbot: QtBot, full_pack: Path, tmp_path: Path
) -> None:
    editor, _ws = _editor(qtbot, full_pack, players=4)
    editor.export_image(tmp_path / "m.svg")
    svg = (tmp_path / "m.svg").read_text(encoding="utf-8")
    assert "4 characters" in svg and "B:AF = The Ash Foreman" in svg  # the boss named
