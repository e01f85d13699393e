"""What the editor around a form lends it: a canvas to pick locations on, the ids that
exist. A form without them still edits everything, as text."""

from __future__ import annotations

from dataclasses import dataclass

from questforge.editor.forms.location_pick import LocationPicker
from questforge.editor.forms.references import ReferenceSource


@dataclass
class FormServices:
    #: picks board locations for location fields (the scenario's map); ``None``: typed
    picker: LocationPicker | None = None
    #: ids for reference fields; ``None``: free text
    references: ReferenceSource | None = None
