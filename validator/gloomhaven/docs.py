"""Render ``docs/checks-gloomhaven.md`` from the registered Gloomhaven checks.

Run ``python -m questforge.validator.gloomhaven.docs > docs/checks-gloomhaven.md`` after
adding or changing a check; a test fails while the committed file is out of date.
"""

from __future__ import annotations

import sys

from questforge.validator.checks_docs import render_checks_page
from questforge.validator.gloomhaven.catalogue import gloomhaven_specs

HEADER = """\
# Gloomhaven semantic checks

`questforge validate` first checks every file against its JSON Schema, then loads the pack
into the content model and runs the semantic checks below: the consistency rules a schema
cannot express (references between files, map geometry, placements per player count,
formulas, decks and hands). Every finding carries its stable code, a severity, the file, the
JSON path of the offending value and, where useful, a hint. `questforge validate
--list-checks` lists the same codes.

Codes are stable: a code is never reused for a different meaning. `QGH2xx` codes are
findings of this validator; `GH-...` ids in the "Rules" lines are rule ids of the rules
catalogue the check enforces.

| range | area |
|---|---|
| QGH200-209 | identity and references |
| QGH210-219 | map geometry: tiles, rooms, doors |
| QGH220-229 | things on the map: overlays, figures, starting hexes, obstacles |
| QGH230-239 | monster placements per player count |
| QGH240-249 | formulas and treasure |
| QGH250-259 | monsters, stat levels and ability decks |
| QGH260-269 | character classes and ability cards |

## How the checks see a scenario map

The map is built by the engine's content model (`build_scenario_map_tolerant`, the one
builder the engine, the editor's canvas and the playtest also use), so they agree on every
hex: the map is the placed tile hexes plus the rooms' explicit hexes plus the door hexes; a
corridor overlay is not map by itself (list its hexes in a room's `hexes`, GH-CORR-01); a
door hex belongs to no room (it is taken out of the room whose tile it lies on);
neighbouring hexes of two different rooms are separated by a wall, so rooms connect only
through doors. The map reads only `tiles`, `rooms`, `doors` and `walls`, so a broken
formula or goal elsewhere does not hide a map error. When a tile placement does not resolve
(QGH201) or a tile placement, room, door or wall cannot be read, the geometry checks stay
silent for that scenario instead of reporting a cascade of follow-up errors; fix the first
finding and validate again.

Ids unique per kind within a pack are the core check `QC101`; references and ids *inside*
a document are checked here.

## Finding a hex (editor integration)

Map findings point (by their JSON path) at the scenario element at fault: a monster marker
(or its `players` state), an overlay or one of its hexes, a door, a room, a tile placement,
a starting hex. `finding_hexes(finding, scenario_data, tiles=None)` in
`questforge.validator.gloomhaven` turns such a finding into the sorted list of axial hexes
`(q, r)` to highlight, and returns `[]` for findings that are not about a place on a map
(stats, decks, cards). `scenario_data` is the scenario's JSON; `tiles` (a `PackModel` or a
function from a tile reference to a `MapTile`) is needed only for findings about a whole
room or tile placement.

```python
from questforge.validator.gloomhaven import finding_hexes

for finding in report.findings:
    if finding.file == document.name:
        canvas.highlight(finding_hexes(finding, document.data, model))
```

"""


def render() -> str:
    """The whole Markdown document."""
    return render_checks_page(HEADER, gloomhaven_specs())


def main() -> None:
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
