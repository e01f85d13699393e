"""Copy, paste, duplicate and delete of the scenario tab's selected placement.

The clipboard carries ``{"list": <key>, "value": <placement>}`` under :data:`MIME` (and the
placement's JSON as plain text, for pasting into a file); a paste lands on the hovered hex
(:meth:`~questforge.editor.gloomhaven.edits.ScenarioEdits.paste`). The scenario tab's
Edit-menu methods (``copy``, ``paste`` …) hand over to :class:`ScenarioClipboard`.
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData
from PySide6.QtWidgets import QApplication

from questforge.editor.clipboard import set_clipboard
from questforge.editor.gloomhaven.edits import PASTABLE, EditRefused

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor

MIME = "application/x-questforge-placement"


class ScenarioClipboard:
    """The Edit menu of one scenario tab (see the module docstring)."""

    def __init__(self, editor: ScenarioEditor) -> None:
        self.editor = editor

    def can_copy(self) -> bool:
        selection = self.editor.selection
        return selection is not None and selection[0] != "starting_hexes"

    def copy(self) -> Any:
        if not self.can_copy():
            return None
        selection = self.editor.selection
        assert selection is not None
        payload = {
            "list": selection[0],
            "value": copy.deepcopy(self.editor.document.get(selection)),
        }
        mime = QMimeData()
        text = json.dumps(payload)
        mime.setData(MIME, text.encode("utf-8"))
        mime.setText(json.dumps(payload["value"], indent=2))
        set_clipboard(mime)
        return payload

    def paste(self, payload: Any = None) -> None:
        editor = self.editor
        if payload is None:
            mime = QApplication.clipboard().mimeData()
            if mime is None or not mime.hasFormat(MIME):
                return
            payload = json.loads(bytes(mime.data(MIME).data()).decode("utf-8"))
        key = payload.get("list") if isinstance(payload, dict) else None
        if key not in PASTABLE:
            return
        try:
            path = editor.edits.paste(str(key), payload.get("value"), editor.hover_hex)
        except EditRefused as exc:
            editor.statusMessage.emit(str(exc))
            return
        editor.set_selection(path)
        editor.map_findings.check_after_edit([path])  # pasted onto a legal hex?

    def duplicate(self) -> None:
        editor = self.editor
        if not self.can_copy():
            return
        assert editor.selection is not None
        try:
            path = editor.edits.duplicate(editor.selection)
        except EditRefused as exc:
            editor.statusMessage.emit(str(exc))
            return
        editor.set_selection(path)

    def delete_selection(self) -> None:
        if self.editor.selection is not None:
            self.editor.tool_edits.remove_placement(self.editor.selection)
