"""Open a playtest window or simulate dialog on the pack *as edited*.

Play must see unsaved edits, and must not see them half-written into the designer's
files: the workspace writes a snapshot of the pack (open documents win over disk) into a
temporary folder, the window plays that, and the folder is removed when the window is
destroyed (or at once, if the engine cannot load the content). Used by the board modes'
editors (``open_playtest`` / ``open_simulation``); it names no ruleset.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


def play_snapshot(workspace: Any) -> Path:
    """The pack as edited, in a temporary folder (the caller removes ``result.parent``)."""
    folder = Path(tempfile.mkdtemp(prefix="questforge-play-"))
    try:
        return Path(workspace.snapshot(folder / "pack"))
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def open_on_snapshot(
    workspace: Any,
    opener: Callable[..., Any],
    parent: Any,
    content_id: str | None,
    **kwargs: Any,
) -> Any:
    """``opener(parent, pack, content_id, **kwargs)`` on a snapshot of the pack, removed
    when the returned window is destroyed; content the engine cannot load raises
    ``ValueError`` with the engine's message (a message for the designer, not a crash)."""
    pack = play_snapshot(workspace)
    try:
        window = opener(parent, str(pack), content_id, **kwargs)
    except Exception as exc:  # content the engine cannot load: a message, not a crash
        shutil.rmtree(pack.parent, ignore_errors=True)
        raise ValueError(str(exc)) from None
    window.destroyed.connect(lambda *_: shutil.rmtree(pack.parent, ignore_errors=True))
    return window
