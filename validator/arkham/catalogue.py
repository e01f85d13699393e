"""The Arkham check catalogue: registration with documentation attached.

Every Arkham semantic check is registered through :func:`ah_check`, which also records an
*example* (what a designer wrote to trigger it), a *fix* and the rule ids it enforces in
``spec.extra``; ``docs/checks-arkham.md`` is generated from these (:mod:`.docs`).

Codes are ``QAH3xx`` (Gloomhaven uses ``QGH2xx``; the 300 block keeps Arkham's codes clear
of any other ruleset that starts at 200):

- ``QAH30x``: the board graph (connections, arrows, neighbourhoods, special areas)
- ``QAH31x``: dimensions, worlds, colours and mythos locations
- ``QAH32x``: location decks
- ``QAH33x``: investigators
- ``QAH34x``: references inside effects and tables
- ``QAH35x``: deck sizes (warnings)
"""

from __future__ import annotations

from questforge.validator.checks import CheckSpec, DocumentedChecks

RULESET = "arkham"


#: the decorator that registers a Arkham check with its documentation
ah_check = DocumentedChecks(RULESET)


def arkham_specs() -> list[CheckSpec]:
    """Every registered Arkham semantic check (in code order)."""
    import questforge.validator.arkham  # noqa: F401  (registers the check modules)

    return ah_check.specs("QAH")
