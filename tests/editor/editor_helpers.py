"""Helpers for driving the editor like a user: click hexes, press keys."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.engine.core.hexgrid import HexKey as Hex


def hex_point(editor: ScenarioEditor, h: Hex) -> QPoint:
    """Viewport pixel of the centre of hex ``h`` (scrolling the view there first)."""
    editor.view.centerOn(editor.scene.center(h))
    return editor.view.mapFromScene(editor.scene.center(h))


def hover_hex(qtbot: QtBot, editor: ScenarioEditor, h: Hex) -> QPoint:
    """Move the mouse onto ``h``.

    The move event is sent directly: QTest.mouseMove is dropped on the offscreen platform
    when it thinks the cursor is already there, which made tests depend on their order.
    """
    pos = hex_point(editor, h)
    viewport = editor.view.viewport()
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(pos),
        viewport.mapToGlobal(QPointF(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(viewport, event)
    return pos


def click_hex(qtbot: QtBot, editor: ScenarioEditor, h: Hex) -> None:
    pos = hover_hex(qtbot, editor, h)
    qtbot.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def drag_hex(qtbot: QtBot, editor: ScenarioEditor, start: Hex, end: Hex) -> None:
    viewport = editor.view.viewport()
    a = hex_point(editor, start)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    b = editor.view.mapFromScene(editor.scene.center(end))
    qtbot.mouseMove(viewport, (a + b) / 2)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)


def key(
    qtbot: QtBot,
    widget: object,
    k: Qt.Key,
    mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    qtbot.keyClick(widget, k, mods)


def empty_pack(sample_pack: Path, target: Path) -> Path:
    """A copy of the sample pack without its scenarios: tiles, monsters, decks, tables."""
    shutil.copytree(sample_pack, target, ignore=shutil.ignore_patterns("scenarios"))
    return target
