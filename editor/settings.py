"""Where the editor keeps its settings (recent files, window layout).

``QUESTFORGE_SETTINGS_DIR`` points the settings at a folder (an INI file) - the tests use it
so that they never read or write the user's real settings.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

MAX_RECENT = 10


def settings() -> QSettings:
    folder = os.environ.get("QUESTFORGE_SETTINGS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return QSettings(str(Path(folder) / "editor.ini"), QSettings.Format.IniFormat)
    return QSettings("questforge", "editor")


def recent_files() -> list[str]:
    value: object = settings().value("recent", [])
    if isinstance(value, str):
        return [value] if value else []
    if not isinstance(value, list | tuple):
        return []
    return [str(v) for v in value if v]


def add_recent_file(path: str) -> list[str]:
    items = [path] + [p for p in recent_files() if p != path]
    items = items[:MAX_RECENT]
    s = settings()
    s.setValue("recent", items)
    s.sync()
    return items
