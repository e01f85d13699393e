"""Render ``docs/checks-descent.md`` from the registered Descent checks.

Run ``python -m questforge.validator.descent.docs > docs/checks-descent.md`` after adding
or changing a check; a test fails while the committed file is out of date.
"""

from __future__ import annotations

import sys

from questforge.validator.checks_docs import render_checks_page
from questforge.validator.descent.catalogue import descent_specs

HEADER = """\
# Descent semantic checks

`questforge validate` checks every file of a Descent pack (`"ruleset": "descent"`) against
its JSON Schema (`schema/descent/`), loads the pack into the Descent content model and runs
the semantic checks below: references between files, quest map geometry, figures and
objects on the map, monsters per hero count against the models in the box, objectives,
dice, prices against the shop table and the Overlord deck. Every finding carries its code,
severity, file and the JSON path of the offending value.

Codes are stable. `QDJ2xx` codes are findings of this validator; `DJ-...` ids in the
"Rules" lines are rule ids of the rules catalogue the check enforces.

| range | area |
|---|---|
| QDJ200-209 | references and ids inside a document |
| QDJ210-219 | map geometry: tiles, areas, doors, stairs, glyphs |
| QDJ220-229 | things on the map: figures, map objects, start squares |
| QDJ230-239 | monsters per hero count and models |
| QDJ240-249 | objectives and events |
| QDJ250-259 | dice |
| QDJ260-269 | items, prices and the shop table |
| QDJ270-279 | the Overlord deck |

## How the checks see a quest map

The map is the engine's `QuestMap`: each tile placement's squares (rotated clockwise about
the tile's `[0, 0]`, then shifted by `at`) belong to the placement's area; two squares of
different areas touch only across a door's edges, every other edge between areas is a
wall. Areas are connected by doors and by staircases of the same colour. A quest whose tile
does not resolve (QDJ201) gets no geometry findings about the missing squares.

"""


def render() -> str:
    """The whole Markdown document."""
    return render_checks_page(HEADER, descent_specs())


def main() -> None:
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
