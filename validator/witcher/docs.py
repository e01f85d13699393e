"""Render ``docs/checks-witcher.md`` from the registered Witcher checks.

Run ``python -m questforge.validator.witcher.docs > docs/checks-witcher.md`` after adding or
changing a check; a test fails while the committed file is out of date.
"""

from __future__ import annotations

import sys

from questforge.validator.checks_docs import render_checks_page
from questforge.validator.witcher.catalogue import witcher_specs

HEADER = """\
# Witcher semantic checks

`questforge validate` checks every file of a `witcher` pack against its JSON Schema
(`schema/witcher/`), then runs the semantic checks below: what a schema cannot express
(references between files and to places on the map, the route graph, quests, dice, monster
classes). Every finding carries its stable code, a severity, the file and the JSON path of
the offending value. `questforge validate --list-checks` lists the same codes.

Codes are stable. `QWI4xx` codes are findings of this validator; `WI-...` ids in the
"Rules" lines are rule ids of the rules catalogue the check enforces.

| range | area |
|---|---|
| QWI400 | references between documents and to locations and areas |
| QWI401-409 | the board: routes, areas, obstacle areas, battle track |
| QWI410-419 | quests |
| QWI420-429 | dice, monsters, heroes and cards |

Locations and areas are not documents: they live inside the `map` document, so references
to them (a hero's `start`, a quest's `destination`, a side quest's location) are resolved
against the pack's maps.

"""


def render() -> str:
    """The whole Markdown document."""
    return render_checks_page(HEADER, witcher_specs())


def main() -> None:
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
