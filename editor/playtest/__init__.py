"""The editor's playtest window and simulate dialog (issue 5, "Playtest").

The main window wires these two entry points into its menu and tool bar::

    from questforge.editor.playtest import open_playtest, open_simulate
    open_playtest(parent, pack, scenario_id)    # a PlaytestWindow, shown
    open_simulate(parent, pack, scenario_id)    # a SimulateDialog, shown (non-modal)

``pack`` is a pack folder, a loaded pack model or engine content. Both raise
``ValueError`` with a readable message when the scenario is not in the pack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from questforge.editor.playtest.simulate import SimulateDialog
    from questforge.editor.playtest.window import PlaytestWindow


def open_playtest(
    parent: QWidget | None,
    pack: Any,
    scenario_id: str,
    *,
    players: int | None = None,
    level: int | None = None,
) -> PlaytestWindow:
    """Open and show a playtest window for ``scenario_id`` (a top-level window, deleted
    when closed; its game stops then). ``players`` (2-4) and ``level`` (0-7) preset the
    setup, e.g. from the editor's player-count switch."""
    from questforge.editor.playtest.window import PlaytestWindow

    window = PlaytestWindow(pack, scenario_id, parent, players=players, level=level)
    _show_deleted_on_close(window)
    return window


def open_simulate(
    parent: QWidget | None,
    pack: Any,
    scenario_id: str,
    *,
    players: int | None = None,
    level: int | None = None,
) -> SimulateDialog:
    """Open and show the simulate dialog (non-modal: the editor stays usable), deleted when
    closed. ``players`` and ``level`` preset the player count ticked and the level."""
    from questforge.editor.playtest.simulate import SimulateDialog

    dialog = SimulateDialog(pack, scenario_id, parent, players=players, level=level)
    dialog.setModal(False)
    _show_deleted_on_close(dialog)
    return dialog


def _show_deleted_on_close(widget: QWidget) -> None:
    """Show ``widget``; Qt deletes it when it is closed, so a closed window's game or
    simulation does not linger behind the editor."""
    from PySide6.QtCore import Qt

    widget.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    widget.show()


__all__ = ["open_playtest", "open_simulate"]
