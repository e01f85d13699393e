"""The map's right-click menu: what a designer can do with the thing under the cursor.

Why: rotate, flip, delete and "show its fields" were keyboard-only or behind the
inspector; a context menu on the hex offers them where the designer is looking. Each entry
calls the same edit operation as its key, so it is one undo step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from questforge.editor.gloomhaven import placements
from questforge.editor.gloomhaven.edits import describe
from questforge.editor.gloomhaven.scenario_map import Hex

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor


def build_menu(editor: ScenarioEditor, h: Hex) -> QMenu:
    """The menu for hex ``h`` (it selects the topmost thing there first)."""
    menu = QMenu(editor)
    found = placements.at_hex(editor.document.data, h, editor.scene.smap.tile_at)
    if found:
        editor.set_selection(found[0])
    path = editor.selection
    tile = editor.selected_tile()
    if tile is not None:
        menu.addAction("Rotate tile 60° (R)", lambda: editor.edits.rotate_tile(tile, 1))
        menu.addAction("Rotate tile back (Shift+R)", lambda: editor.edits.rotate_tile(tile, -1))
        menu.addAction("Flip tile (F)", lambda: editor.edits.flip_tile(tile))
    if path is not None:
        menu.addAction(f"Delete {describe(path)}", lambda: editor.tool_edits.remove_placement(path))
        menu.addAction("Duplicate (Ctrl+D)", editor.duplicate)
        menu.addAction("Properties", editor.show_properties)
    else:
        menu.addAction("Scenario properties", editor.show_properties)
    menu.addSeparator()
    menu.addAction("Fit map (Ctrl+0)", editor.view.fit)
    return menu
