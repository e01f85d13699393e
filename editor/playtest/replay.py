"""Replaying a simulated game in a playtest window: "Open in playtest" on a closest loss.

``simulate`` derives each game's seed with SHA-256 (63 bits, :func:`questforge.engine.core.
simulation.game_seed`), more than a ``QSpinBox`` holds, so a playtest window cannot take
such a seed through its seed box. :class:`SeedReplay` is a small mixin for the playtest
windows: :meth:`~SeedReplay.replay_seed` starts the game under any seed with bots on every
side (the very game the report counted), shows the seed in the seed box (as its special
text), and hands the box back to the designer as soon as they change it.

A window using it reads its seed through :meth:`~SeedReplay.game_seed` instead of
``seed_spin.value()``; it must have ``seed_spin`` and ``new_game()``.
"""

from __future__ import annotations

import contextlib
from typing import Any


class SeedReplay:
    """Mixin: start a window's game from a simulated game's seed (see the module)."""

    _replayed_seed: int | None = None
    #: while True, a new game gives every seat to the bots (a replayed simulated game)
    bots_only: bool = False

    def game_seed(self) -> int:
        """The seed of the next game: a replayed game's, else the seed box's."""
        if self._replayed_seed is not None:
            return self._replayed_seed
        return int(self.seed_spin.value())  # type: ignore[attr-defined]

    def replay_seed(self, seed: int) -> None:
        """Start the game under ``seed`` with bots deciding for every side."""
        spin: Any = self.seed_spin  # type: ignore[attr-defined]
        if 0 <= seed <= spin.maximum():
            self._forget_replay()
            spin.setValue(int(seed))
        else:
            spin.blockSignals(True)
            spin.setValue(spin.minimum())
            spin.setSpecialValueText(str(seed))
            spin.blockSignals(False)
            spin.setToolTip(
                f"Replaying the simulated game with seed {seed}; change to play another"
            )
            if self._replayed_seed is None:
                spin.valueChanged.connect(self._forget_replay)
            self._replayed_seed = int(seed)
        for box in getattr(self, "bot_boxes", []):  # Gloomhaven: a "bot" box per character
            box.setChecked(True)
        # the generic window reads this while it builds its "played by a person" boxes, so
        # the new game has no person from its first decision on
        self.bots_only = True
        try:
            self.new_game()  # type: ignore[attr-defined]
        finally:
            self.bots_only = False

    def _forget_replay(self, *_: Any) -> None:
        if self._replayed_seed is None:
            return
        spin: Any = self.seed_spin  # type: ignore[attr-defined]
        self._replayed_seed = None
        spin.setSpecialValueText("")
        spin.setToolTip("")
        with contextlib.suppress(RuntimeError, TypeError):  # already disconnected
            spin.valueChanged.disconnect(self._forget_replay)
