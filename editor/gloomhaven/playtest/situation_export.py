""" "Export situation...": the playtest's monster moment as a situation file, the
interchange format ``questforge ai solve`` reads (``docs/situation-format.md``).

Which moment: the monster move on display (the situation just before it moved); with
none, the selected monster's situation now. So a designer who asks "why did it do that?"
can hand over exactly the moment they are looking at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QMessageBox

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.playtest.window import PlaytestWindow


def situation_to_export(window: PlaytestWindow) -> dict[str, Any]:
    """The moment "Export situation..." writes: the displayed monster move (the
    situation just before it moved); with none, the selected monster's situation now."""
    r = window.runner
    if r is None:
        raise RuntimeError("no game is running")
    figures = r.game.state.figures
    sel = window.selected_figure
    if sel not in figures or figures[sel].side != "monsters":
        sel = ""  # a character (or nothing) selected: the latest monster move
    moment = window._moment
    if moment is not None and moment.situation is not None and (not sel or moment.figure == sel):
        return dict(moment.situation)
    if sel:
        return r.situation_now(sel)
    raise RuntimeError("no monster has moved yet: select a monster on the map first")


def export_situation(window: PlaytestWindow, path: Path) -> Path:
    """Write the current monster's moment as a situation file (``questforge ai solve``)."""
    data = situation_to_export(window)
    path = Path(path)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    window.status.showMessage(f"Situation written to {path}")
    return path


def export_clicked(window: PlaytestWindow) -> None:
    """The button: ask where, write, and say so (or why not) in a message box."""
    try:
        data = situation_to_export(window)
    except (RuntimeError, KeyError) as exc:
        QMessageBox.information(window, "Export situation", str(exc))
        return
    name = str(data.get("id") or "situation") + ".json"
    target, _ = QFileDialog.getSaveFileName(window, "Export situation", name, "Situation (*.json)")
    if target:
        try:
            export_situation(window, Path(target))
        except OSError as exc:
            QMessageBox.warning(window, "Export situation", f"{target}: {exc.strerror or exc}")
