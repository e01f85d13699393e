"""``testgrid``: a tiny third-party ruleset that exists to prove the ruleset contract.

It lives outside questforge (in the tests), registers through the ``questforge.rulesets``
entry-point group, ships its own schemas, and has a kind named ``scenario`` on a *square*
board — the same kind name as Gloomhaven's, on another board type. Every front end must
handle it without a line of core code naming it (``tests/test_ruleset_contract.py``).

The game: runners cross a walled square grid (diagonal steps allowed) to an exit while a
hunter chases the nearest of them; reaching the exit wins, being caught by the hunter takes
a runner out, all runners caught loses.
"""

from __future__ import annotations

from pathlib import Path

from questforge.engine.rulesets import Ruleset

RULESET = Ruleset(
    id="gridrun",
    title="Test grid (contract proof)",
    kinds=("scenario",),
    schema_path=Path(__file__).resolve().parent / "schemas",
    model="testgrid_ruleset.model:load_model",
    checks_module="testgrid_ruleset.checks",
    templates_face="testgrid_ruleset.templates:TEMPLATES",
    game_face="testgrid_ruleset.game:FACE",
    board_mode_module="testgrid_ruleset.boardmode",
    description="Runners and a hunter on a square grid.",
)
