"""Keyboard shortcuts of the playtest windows: step, round, to the end, step back.

Why a module of its own: every playtest window (Gloomhaven's, Descent's, the generic one)
has the same four driving buttons, and a designer stepping through fifty turns wants the
same keys in each. :func:`bind_playtest_keys` attaches the keys to the window and writes
them into each button's tooltip, so the keys are discoverable where the buttons are.

A key presses its button (``click``), so a key does exactly what the button does and does
nothing while the button is disabled (a decision is pending, the game is over). The
shortcuts are window-wide; a text field with the focus (an option filter) still receives
the letters and Backspace typed into it, because Qt lets a focused line edit override
shortcuts of printable keys.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QWidget

#: the keys of each playtest button, by role: the first is the one shown first
KEYS: dict[str, tuple[str, ...]] = {
    "step": ("N", "Space"),
    "round": ("R",),
    "end": ("E",),
    "back": ("Backspace", "Ctrl+Z"),
}


def keys_text(role: str) -> str:
    """``"N or Space"``: the keys of ``role`` as a tooltip shows them."""
    names = [QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) for k in KEYS[role]]
    return " or ".join(names)


def bind_playtest_keys(window: QWidget, **buttons: QAbstractButton | None) -> list[QShortcut]:
    """Bind the :data:`KEYS` of each role (``step=``, ``round=``, ``end=``, ``back=``) to
    its button in ``window`` and add the keys to the button's tooltip. Returns the
    shortcuts (kept alive by ``window``)."""
    made: list[QShortcut] = []
    for role, button in buttons.items():
        if button is None:
            continue
        if role not in KEYS:
            raise ValueError(f"no playtest keys for {role!r}; known: {', '.join(KEYS)}")
        for key in KEYS[role]:
            shortcut = QShortcut(QKeySequence(key), window)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(lambda b=button: _press(b))
            made.append(shortcut)
        tip = button.toolTip()
        keys = f"Keys: {keys_text(role)}"
        button.setToolTip(f"{tip}\n{keys}" if tip else f"{button.text()} ({keys})")
    return made


def _press(button: QAbstractButton) -> None:
    if button.isEnabled() and button.isVisible():
        button.click()
