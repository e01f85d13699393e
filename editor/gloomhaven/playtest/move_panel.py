"""The playtest window's monster-move box: why the monster on display moved where it did
(its focus, path and attacks, :mod:`~questforge.editor.gloomhaven.playtest.explain`), and the
same move drawn on the map.

The move on display is the selected monster's last move, else the latest one; a move of an
earlier round is explained but not drawn (it would be drawn over today's board). A widget
the :class:`~questforge.editor.gloomhaven.playtest.window.PlaytestWindow` owns.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGroupBox, QPlainTextEdit, QVBoxLayout

from questforge.editor.gloomhaven.playtest.board import MoveOverlay, PlaytestScene
from questforge.editor.gloomhaven.playtest.explain import explanation_text, move_path
from questforge.editor.gloomhaven.playtest.runner import GameRunner, MonsterMoment
from questforge.editor.gloomhaven.scenario_map import as_hex

NO_MOVE = "No monster has moved yet."


class MovePanel(QGroupBox):
    """The "Monster move: focus and path" box (see the module docstring)."""

    def __init__(self, scene: PlaytestScene) -> None:
        super().__init__("Monster move: focus and path")
        self.scene = scene
        mlay = QVBoxLayout(self)
        self.move_text = QPlainTextEdit()
        self.move_text.setReadOnly(True)
        mlay.addWidget(self.move_text)

    def reset(self) -> None:
        """A new game: no move yet."""
        self.scene.set_move(MoveOverlay())
        self.move_text.setPlainText(NO_MOVE)

    def fill(
        self, r: GameRunner, events: list[dict[str, Any]], selected_figure: str
    ) -> MonsterMoment | None:
        """The monster move on display: the selected monster's last move, else the latest;
        returns it (``None`` before any monster moved)."""
        moment = None
        if selected_figure:
            moment = next((m for m in reversed(r.moments) if m.figure == selected_figure), None)
        if moment is None and r.moments:
            moment = r.moments[-1]
        if moment is None:
            self.reset()
            return None
        self.move_text.setPlainText(explanation_text(moment))
        if moment.figure != selected_figure and moment.round != r.game.state.round:
            # an earlier round's move would be drawn over today's board: text only
            self.scene.set_move(MoveOverlay())
            return moment
        start, path = move_path(events, moment)
        f = moment.focus
        self.scene.set_move(
            MoveOverlay(
                moment.figure,
                start,
                path,
                as_hex(f.get("focus")),
                as_hex(f.get("destination")),
                [h for h in (as_hex(a) for a in f.get("attacks") or []) if h is not None],
            )
        )
        return moment
