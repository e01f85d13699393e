"""The parts the editor's windows are built from, used on their own (issue 8, item 6).

The main window and the scenario tab hand their jobs to small objects; these tests use two
of those parts directly, the way a new board mode would: playing on a snapshot of the pack
as edited, and the setup tool bar generated from an editor's declared options.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

from questforge.editor.play_snapshot import open_on_snapshot
from questforge.editor.setup_toolbar import SetupToolbar
from questforge.engine.core.game import SetupOption


class _Workspace:
    """Writes a one-file pack where the snapshot is asked for (as Workspace.snapshot)."""

    def __init__(self) -> None:
        self.target: Path | None = None

    def snapshot(self, target: Path) -> Path:
        target.mkdir(parents=True)
        (target / "pack.json").write_text("{}", encoding="utf-8")
        self.target = target
        return target


def test_a_play_window_on_a_snapshot_removes_it_when_closed(qtbot: Any) -> None:
    workspace = _Workspace()
    seen: list[tuple[Any, str, str | None, dict[str, Any]]] = []

    def opener(parent: Any, pack: str, content_id: str | None, **kwargs: Any) -> QObject:
        seen.append((parent, pack, content_id, kwargs))
        assert (Path(pack) / "pack.json").is_file()  # the window plays the snapshot
        return QObject()

    window = open_on_snapshot(workspace, opener, None, "my-scenario", setup={"players": 3})
    assert seen[0][2:] == ("my-scenario", {"setup": {"players": 3}})
    assert workspace.target is not None and workspace.target.parent.is_dir()
    window.deleteLater()
    qtbot.waitUntil(lambda: not workspace.target.parent.exists())


def test_content_the_engine_refuses_is_a_message_and_leaves_no_snapshot() -> None:
    workspace = _Workspace()

    def opener(*_args: Any, **_kwargs: Any) -> QObject:
        raise KeyError("scenario 'x' has no starting hexes")

    with pytest.raises(ValueError, match="no starting hexes"):
        open_on_snapshot(workspace, opener, None, "x")
    assert workspace.target is not None and not workspace.target.parent.exists()


class _Editor:
    """The two methods of DocumentEditor the setup tool bar uses."""

    def __init__(self) -> None:
        self.applied: list[dict[str, Any]] = []

    def setup_options(self) -> tuple[SetupOption, ...]:
        return (
            SetupOption("heroes", "Heroes", "int", 2, "Heroes in play.", minimum=1, maximum=4),
            SetupOption("side", "Side", "choice", "a", "Board side.", choices=("a", "b")),
            SetupOption("solo", "Solo", "flag", False, "Solo variant."),
        )

    def set_setup(self, values: dict[str, Any]) -> None:
        self.applied.append(dict(values))


def test_the_setup_toolbar_is_generated_from_the_declared_options(qtbot: Any) -> None:
    values: dict[str, Any] = {}
    changes: list[tuple[str, Any]] = []
    bar = SetupToolbar(values, lambda name, value: changes.append((name, value)))
    qtbot.addWidget(bar)
    editor = _Editor()
    bar.rebuild(editor)  # type: ignore[arg-type]
    heroes, side, solo = bar.widgets["heroes"], bar.widgets["side"], bar.widgets["solo"]
    assert isinstance(heroes, QSpinBox) and (heroes.minimum(), heroes.maximum()) == (1, 4)
    assert isinstance(side, QComboBox) and side.currentText() == "a"
    assert isinstance(solo, QCheckBox) and not solo.isChecked()
    assert values == {"heroes": 2, "side": "a", "solo": False}  # the defaults, shared
    heroes.setValue(3)  # the designer turns the spin box
    assert changes == [("heroes", 3)]
    # a script sets a value: the widget follows and every editor is told
    bar.set_value("side", "b", [editor])  # type: ignore[list-item]
    assert side.currentText() == "b" and values["side"] == "b"
    assert editor.applied[-1] == {"side": "b"}
