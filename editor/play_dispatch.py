"""Play > Playtest and Play > Simulate: hand the current tab to its editor's playtest
window or simulate dialog, behind the play gate.

The main window never names a ruleset: the current
:class:`~questforge.editor.editors.DocumentEditor` opens its own window (its board mode's),
:mod:`questforge.editor.play_gate` first asks about errors the engine would trip on, and
content the engine cannot load comes back as a message rather than a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questforge.editor import play_gate

if TYPE_CHECKING:
    from questforge.editor.mainwindow import MainWindow


def playtest(window: MainWindow) -> object | None:
    """Play > Playtest: the current document on the engine (editors that can play)."""
    editor = window.current_editor()
    if not play_gate.allow(window, editor, "Playtest"):
        return None
    try:
        opened = editor.open_playtest() if editor else None
    except (ValueError, OSError) as exc:
        window.prompts.error("Cannot playtest", str(exc))
        return None
    if opened is None:
        window.statusBar().showMessage("Open a scenario to playtest it", 4000)
    return opened


def simulate(window: MainWindow) -> object | None:
    """Play > Simulate: many seeded bot games of the current document, with the setup
    tool bar's values."""
    editor = window.current_editor()
    if not play_gate.allow(window, editor, "Simulate"):
        return None
    try:
        dialog = editor.open_simulation(dict(window.setup)) if editor else None
    except (ValueError, OSError) as exc:
        window.prompts.error("Cannot simulate", str(exc))
        return None
    if dialog is None:
        window.statusBar().showMessage("Open a scenario to simulate it", 4000)
    return dialog
