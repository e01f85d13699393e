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
    document_id: str,
    *,
    setup: dict[str, Any] | None = None,
    saved: bool = True,
) -> SimulateDialog:
    """Open and show the simulate dialog of any ruleset (non-modal: the editor stays
    usable), deleted when closed. ``pack`` is a pack folder; ``setup`` presets the ruleset's
    setup options (e.g. the editor's player-count switch). Raises ``ValueError`` with a
    readable message when the document cannot be played."""
    from questforge.editor.playtest.simulate import SimulateDialog
    from questforge.engine import rulesets
    from questforge.engine.core.errors import QuestforgeError
    from questforge.engine.core.targets import resolve_target

    try:
        target = resolve_target(f"{pack}:{document_id}")
        face = rulesets.get(target.ruleset).game()
        if face is None:
            raise ValueError(f"ruleset {target.ruleset!r} has no game engine")
        content = face.load(target)
    except QuestforgeError as exc:
        raise ValueError(str(exc)) from None
    dialog = SimulateDialog(face, target, content, parent, setup=setup, saved=saved)
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
