"""The scenario tab's inspector: the selected placement (or, with nothing selected, the
scenario's own fields) as a schema-generated form, above it the monster's stats at the
tab's level and player count or the selected tile's rotation, and the monster's
per-player-count marker.

Placements are edited on the map, so the scenario's form leaves out :data:`MAP_KEYS` (a
form of hundreds of placements would also be slow to rebuild on every selection). A
widget the :class:`~questforge.editor.gloomhaven.scenario_editor.ScenarioEditor` owns; its
form, stats label and marker stay reachable under the editor's old names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QScrollArea, QVBoxLayout

from questforge.editor.forms.form_editor import schema_for_document
from questforge.editor.forms.schema_form import SchemaForm
from questforge.editor.gloomhaven import tools
from questforge.editor.gloomhaven.marker_widget import MarkerWidget
from questforge.editor.gloomhaven.monster_table import standee_note_html
from questforge.editor.gloomhaven.scenario_text import monster_stats_html, tile_text_html
from questforge.editor.jsonpath import JsonPath
from questforge.schema.walk import SchemaContext

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor

#: scenario keys edited on the map rather than in the scenario inspector
MAP_KEYS = frozenset(
    {
        "tiles",
        "doors",
        "overlays",
        "monsters",
        "named_monsters",
        "bosses",
        "starting_hexes",
        "walls",
    }
)


class ScenarioInspector(QGroupBox):
    """The inspector box of one scenario tab (see the module docstring)."""

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__("Inspector")
        self.editor = editor
        inspector_layout = QVBoxLayout(self)
        self.stats_label = QLabel()
        self.stats_label.setWordWrap(True)
        self.stats_label.setTextFormat(Qt.TextFormat.RichText)
        inspector_layout.addWidget(self.stats_label)
        self.marker = MarkerWidget({}, self._on_marker)
        self.marker.setVisible(False)
        inspector_layout.addWidget(self.marker)
        self.form_scroll = QScrollArea()
        self.form_scroll.setWidgetResizable(True)
        inspector_layout.addWidget(self.form_scroll, 1)
        schema = schema_for_document(editor.document)
        self.schema_ctx = SchemaContext(schema) if schema is not None else None
        #: the form of the selection (of the scenario with nothing selected)
        self.form: SchemaForm | None = None

    def show_path(self, path: JsonPath | None) -> None:
        """Rebuild the form for ``path`` (``None``: the scenario's own fields)."""
        editor = self.editor
        if self.form is not None:
            self.form.deleteLater()
            self.form = None
        path = path if path is not None else ()
        if self.schema_ctx is not None:
            # with nothing selected: the scenario's own fields; its placements are edited on
            # the map (and a form of hundreds of placements would be slow to rebuild)
            self.form = SchemaForm(
                editor.document,
                self.schema_ctx,
                path,
                exclude=MAP_KEYS if not path else frozenset(),
                services=editor.form_services,
            )
            self.form_scroll.setWidget(self.form)
        title = "Inspector — scenario" if not path else f"Inspector — {tools._describe(path)}"
        self.setTitle(title)
        self.update_stats()

    def update_stats(self) -> None:
        """The selected monster's stats and marker, else the selected tile's rotation."""
        editor = self.editor
        path = editor.selection
        entry = editor.document.get(path) if path and path[0] == "monsters" else None
        if not isinstance(entry, dict):
            self.stats_label.setText(tile_text_html(editor))
            self.marker.setVisible(False)
            return
        self.stats_label.setText(
            monster_stats_html(editor, entry) + standee_note_html(editor, str(entry.get("monster")))
        )
        counts = entry.get("players")
        counts = counts if isinstance(counts, dict) else {}
        self.marker.set_states({k: str(v) for k, v in counts.items()})
        self.marker.setVisible(True)

    def _on_marker(self, count: str, state: str) -> None:
        selection = self.editor.selection
        if selection and selection[0] == "monsters" and isinstance(selection[1], int):
            self.editor.edits.set_monster_state(selection[1], count, state)

    def show_properties(self) -> None:
        """Bring the form (of the selection, or the scenario) into view."""
        self.show()
        if self.form is not None:
            self.form.setFocus()

    def reveal(self, path: JsonPath) -> None:
        """Scroll the form to the field of ``path`` (a finding's place), if it shows one."""
        if self.form is not None:
            widget = self.form.widget_for(path)
            if widget is not None:
                self.form_scroll.ensureWidgetVisible(widget)
