"""Render ``docs/checks-arkham.md`` from the registered Arkham checks.

Run ``python -m questforge.validator.arkham.docs > docs/checks-arkham.md`` after
adding or changing a check; a test fails while the committed file is out of date.
"""

from __future__ import annotations

import sys

from questforge.validator.arkham.catalogue import arkham_specs
from questforge.validator.checks_docs import render_checks_page

HEADER = """\
# Arkham semantic checks

`questforge validate` first checks every file of an Arkham pack against its JSON Schema
(`schema/arkham/`), then runs the semantic checks below: the consistency rules a schema
cannot express (the board graph, references between cards and the board, deck coverage).
Every finding carries its stable code, a severity, the file, the JSON path of the offending
value (and so the line and column) and, where useful, a hint.

Codes are stable: a code is never reused for a different meaning. `AH-...` ids in the
"Rules" lines are rule ids of the rules catalogue the check enforces. Skill names in
checks, colours, decks and effect kinds are closed lists in the schemas, so a misspelt
skill is a schema error (`QC010`), not a semantic one.

| range | area |
|---|---|
| QAH300-309 | the board graph: areas, connections, arrows, neighbourhoods, special areas |
| QAH310-319 | mythos locations, dimension symbols, other worlds and colours |
| QAH320-329 | location decks |
| QAH330-339 | investigators |
| QAH340-349 | references inside effects and tables |
| QAH350-359 | deck sizes (warnings) |

When the pack has no board (QAH309), the checks that compare content with the board stay
silent rather than report every reference.

"""


def render() -> str:
    """The whole Markdown document."""
    return render_checks_page(HEADER, arkham_specs())


def main() -> None:
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
