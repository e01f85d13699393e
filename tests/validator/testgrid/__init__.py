"""The ``testgrid`` ruleset: a ruleset that lives entirely in the tests.

It proves that kinds are keyed by (ruleset, kind): its one kind is named ``scenario``, like
Gloomhaven's, its schemas sit in this folder (found through the ruleset record's
``schema_path``, not under ``questforge.schema``), and its one check (``QTG101``, the start
square lies on the grid) runs only on its own documents.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from questforge.engine import rulesets
from questforge.validator import checks
from questforge.validator.checks import CheckSpec
from questforge.validator.context import CheckContext
from questforge.validator.findings import Finding, Severity

NAME = "testgrid"
SCHEMAS = Path(__file__).parent / "schemas"
SCENARIO_SCHEMA = "https://example.org/schema/testgrid/scenario.schema.json"


# QTG101 (error): the start square is off the grid
def start_on_grid(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("scenario"):
        x, y = doc.data["start"]
        if x >= doc.data["width"] or y >= doc.data["height"]:
            yield ctx.finding("QTG101", f"start square {[x, y]} is off the grid", doc, ("start",))


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Install the ruleset and its check for one test, as a plug-in would."""
    rulesets.all_rulesets()  # the built-in rulesets first
    # schemas outside questforge (the contract's schema_path); no checks module: the one
    # check is registered directly, as a plug-in's checks module would on import
    record = rulesets.Ruleset(id=NAME, title="Test grid", kinds=("scenario",), schema_path=SCHEMAS)
    monkeypatch.setitem(rulesets._REGISTRY, NAME, record)
    spec = CheckSpec(
        "QTG101", Severity.ERROR, "Start off the grid", "test check", NAME, start_on_grid
    )
    monkeypatch.setitem(checks._CHECKS, "QTG101", spec)


def scenario(ident: str = "crossing", **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "$schema": SCENARIO_SCHEMA,
        "kind": "scenario",
        "id": ident,
        "name": "Crossing",
        "width": 8,
        "height": 6,
        "walls": [[3, 0], [3, 1]],
        "start": [0, 0],
    }
    data.update(changes)
    return data


def manifest(ident: str = "grid-pack") -> dict[str, Any]:
    return {
        "$schema": "https://questforge.dev/schema/common/pack.schema.json",
        "kind": "pack",
        "id": ident,
        "name": "Grid pack",
        "version": "1.0.0",
        "ruleset": NAME,
    }
