"""The editor's playtest window and simulate dialog, for every ruleset.

The board modes call these two entry points from their editors::

    from questforge.editor.playtest import open_playtest, open_simulate
    open_playtest(parent, pack_dir, doc_id, setup={...})   # a playtest window, shown
    open_simulate(parent, pack_dir, doc_id, setup={...})   # a SimulateDialog (non-modal)

A board mode may register its own playtest window (:func:`register_playtest`); otherwise
the generic one (:mod:`.generic`) plays the game through the ruleset's game face. Both
raise ``ValueError`` with a readable message when the document cannot be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from questforge.editor.playtest.simulate import SimulateDialog


#: (ruleset, kind) -> factory(parent, target, content, setup) of a board mode's own
#: playtest window; every other playable kind gets :class:`GenericPlaytestWindow`
_PLAYTESTS: dict[tuple[str, str], Callable[..., Any]] = {}


def register_playtest(ruleset: str, kind: str, factory: Callable[..., Any]) -> None:
    """A board mode's playtest window for its playable ``kind``."""
    _PLAYTESTS[(ruleset, kind)] = factory


def _game_target(pack: Any, document_id: str) -> tuple[Any, Any, Any]:
    from questforge.engine import rulesets
    from questforge.engine.core.errors import QuestforgeError
    from questforge.engine.core.targets import resolve_target

    try:
        target = resolve_target(f"{pack}:{document_id}")
        face = rulesets.get(target.ruleset).game()
        if face is None:
            raise ValueError(f"ruleset {target.ruleset!r} has no game engine")
        if target.kind not in face.playable_kinds:
            raise ValueError(f"a {target.kind!r} cannot be played")
        content = face.load(target)
    except QuestforgeError as exc:
        raise ValueError(str(exc)) from None
    return face, target, content


def open_playtest(
    parent: QWidget | None,
    pack: Any,
    document_id: str,
    *,
    setup: dict[str, Any] | None = None,
    seed: int | None = None,
) -> QWidget:
    """Open and show a playtest window for ``document_id`` of the pack folder ``pack`` (a
    top-level window, deleted when closed): the board mode's own if it registered one,
    else the generic window built from the ruleset's game face. ``setup`` presets the
    ruleset's setup options. ``seed``: replay that game with bots on every side - the
    very game ``simulate`` played under that seed (a report's closest losses). Raises
    ``ValueError`` with a readable message."""
    from questforge.editor.boardmodes import load_all
    from questforge.editor.playtest.generic import GenericPlaytestWindow

    load_all()
    face, target, content = _game_target(pack, document_id)
    factory = _PLAYTESTS.get((target.ruleset, target.kind))
    if factory is not None:
        window = factory(parent, target, content, setup or {})
    else:
        window = GenericPlaytestWindow(face, target, content, parent, setup=setup)
    if seed is not None:
        try:
            replay_seed(window, seed)
        except ValueError:
            window.deleteLater()  # never shown: do not leave it behind
            raise
    _show_deleted_on_close(window)
    return window


def replay_seed(window: Any, seed: int) -> None:
    """Restart ``window``'s game under ``seed`` with bots on every side (its
    ``replay_seed``, see :class:`questforge.editor.playtest.replay.SeedReplay`)."""
    own = getattr(window, "replay_seed", None)
    if not callable(own):
        raise ValueError(
            f"this ruleset's playtest window ({type(window).__name__}) cannot replay a "
            "simulated game yet; use the replay command instead"
        )
    own(seed)


def open_simulate(
    parent: QWidget | None,
    pack: Any,
    document_id: str,
    *,
    setup: dict[str, Any] | None = None,
    saved: bool = True,
    saved_file: Any = None,
) -> SimulateDialog:
    """Open and show the simulate dialog of any ruleset (non-modal: the editor stays
    usable), deleted when closed. ``pack`` is a pack folder; ``setup`` presets the ruleset's
    setup options (e.g. the editor's player-count switch). ``saved_file``: the document's
    file as last saved, which "Compare with last saved version" plays against the content
    of ``pack`` (the document as edited). Raises ``ValueError`` with a readable message
    when the document cannot be played."""
    from questforge.editor.playtest.simulate import SimulateDialog
    from questforge.engine.core.errors import QuestforgeError
    from questforge.engine.core.targets import resolve_target

    face, target, content = _game_target(pack, document_id)
    saved_version = None
    if saved_file is not None:
        try:
            saved_version = resolve_target(str(saved_file))
        except QuestforgeError:
            saved_version = None  # not a playable file on disk: nothing to compare with
    dialog = SimulateDialog(
        face, target, content, parent, setup=setup, saved=saved, saved_version=saved_version
    )
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
