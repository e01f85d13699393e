"""The Witcher check catalogue: registration with documentation attached.

Like Gloomhaven's catalogue, :func:`wi_check` registers a check and records an *example*
and a *fix* in ``spec.extra``; ``docs/checks-witcher.md`` is generated from these entries
(:mod:`questforge.validator.witcher.docs`), so docs and code cannot drift apart.

Code ranges (all ``QWI4xx``, distinct from the rules catalogue's ``WI-...`` rule ids):

- ``QWI400``: references between documents
- ``QWI401-409``: the board (routes, areas, obstacle areas, battle track)
- ``QWI410-419``: quests
- ``QWI420-429``: dice, monsters, heroes and cards
"""

from __future__ import annotations

from questforge.validator.checks import CheckSpec, DocumentedChecks

RULESET = "witcher"


#: the decorator that registers a Witcher check with its documentation
wi_check = DocumentedChecks(RULESET)


def witcher_specs() -> list[CheckSpec]:
    """Every registered Witcher semantic check (in code order)."""
    import questforge.validator.witcher  # noqa: F401  (registers the check modules)

    return wi_check.specs("QWI")
