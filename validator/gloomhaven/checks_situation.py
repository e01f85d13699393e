"""Monster-AI situations that the solver would refuse (QGH270-279).

A ``kind: situation`` file is the input of ``questforge ai solve``. Its schema checks the
shape, but some mistakes need the whole board at once: a figure off the map, two figures
on one hex, a figure or the active monster on an obstacle, an area pattern that does not
fit the attack's range. The solver's own loader (:func:`load_situation`) knows all of
these, so the check runs it rather than restating its rules: ``validate`` then accepts
exactly the situations ``ai solve`` accepts, and reports the first problem at its JSON path.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding, JsonPath
from questforge.validator.gloomhaven.catalogue import gh_check

_SEGMENT = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def situation_path(path: str) -> JsonPath:
    """``"$.figures[1].hex"`` (a :class:`SituationError` path) -> ``("figures", 1, "hex")``.

    Parsing stops at the first segment it cannot read, so a path it does not understand
    still names the nearest enclosing value (at worst the whole document).
    """
    out: list[str | int] = []
    rest = path[1:] if path.startswith("$") else path
    position = 0
    while position < len(rest):
        match = _SEGMENT.match(rest, position)
        if match is None:
            break
        key, index = match.groups()
        out.append(key if key is not None else int(index))
        position = match.end()
    return tuple(out)


@gh_check(
    "QGH270",
    per_document=True,
    severity="error",
    title="Situation the monster-AI solver refuses",
    description="A monster-AI situation (`kind: situation`, the input of `questforge ai "
    "solve`) is well-formed but describes an impossible board: a figure or the active "
    "monster on a hex that is not on the map, a non-flying active monster on an obstacle, "
    "two figures on one hex, "
    "terrain off the map, thin walls between hexes that are not adjacent, or an area "
    "pattern that does not match the attack's range. The solver would refuse the file; "
    "the finding gives its message at the offending value.",
    example='A figure with `"hex": [5, 0]` on a map whose `hexes` do not include `[5, 0]`.',
    fix="Move the figure to a free hex of the map (or add the hex to `map.hexes`), remove "
    "the obstacle under it, or make `active.range` and `active.aoe.melee` agree.",
    rules=("GH-MAP-02", "GH-OBST-01"),
)
def situation_solvable(ctx: CheckContext) -> Iterator[Finding]:
    return ctx.per_document("QGH270", ctx.of_kind("situation"), _refused)


def _refused(doc: LoadedDocument) -> Iterator[Finding]:
    # imported here: the solver is a tenth of a second of start-up that a pack without
    # situations (most of them) need not pay
    from questforge.engine.gloomhaven.ai import SituationError, load_situation

    try:
        load_situation(doc.data)
    except SituationError as exc:
        yield situation_solvable.spec.finding(  # type: ignore[attr-defined]
            exc.message,
            file=doc.name,
            path=situation_path(exc.path),
            hint="`questforge ai solve` refuses this situation",
        )
