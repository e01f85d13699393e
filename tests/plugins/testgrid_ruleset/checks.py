"""testgrid's semantic check: cells named by a scenario must be on the board and open."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from questforge.validator.checks import check
from questforge.validator.findings import Finding


@check(
    "QTG100",
    ruleset="gridrun",
    severity="error",
    title="Cell off the board or walled",
    description="The exit, the hunter and every start cell lie on the board, not on a wall.",
)
def cells_are_open(ctx: Any) -> Iterator[Finding]:
    for doc in ctx.documents:
        data = doc.data
        if doc.kind != "scenario" or not isinstance(data, dict) or not doc.schema_valid:
            continue
        walls = {tuple(c) for c in data.get("walls") or []}
        named = [(("exit",), data["exit"]), (("hunter",), data["hunter"])]
        named += [(("start", i), c) for i, c in enumerate(data["start"])]
        for path, cell in named:
            x, y = cell
            if not (0 <= x < data["width"] and 0 <= y < data["height"]) or tuple(cell) in walls:
                yield ctx.finding(
                    cells_are_open, f"cell {cell} is off the board or on a wall", doc, path
                )
