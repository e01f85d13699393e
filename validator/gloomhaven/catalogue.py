"""The Gloomhaven check catalogue: registration with documentation attached.

Every Gloomhaven semantic check is registered through :func:`gh_check`, a thin wrapper over
:func:`questforge.validator.checks.check` that also records an *example* (what a designer
would have written to trigger the finding) and a *fix* (how to resolve it) in the check's
``spec.extra``. ``docs/checks-gloomhaven.md`` is generated from these entries
(:mod:`questforge.validator.gloomhaven.docs`), so the documentation can never list a code the
code does not have, or miss one.

Code ranges (all ``QGH2xx``, distinct from the rules catalogue's ``GH-...`` rule ids):

- ``QGH20x``: identity and references (ids, ``pack:id`` references, kinds)
- ``QGH21x``: map geometry (tiles, rooms, doors, reachability)
- ``QGH22x``: things on the map (overlays, figures, starting hexes, obstacles)
- ``QGH23x``: monster placements per player count
- ``QGH24x``: formulas and treasure
- ``QGH25x``: monsters, stat levels and ability decks
- ``QGH26x``: character classes and ability cards
- ``QGH27x``: monster-AI situations (``kind: situation``)
"""

from __future__ import annotations

from questforge.validator.checks import CheckSpec, DocumentedChecks

RULESET = "gloomhaven"


#: the decorator that registers a Gloomhaven check with its documentation
gh_check = DocumentedChecks(RULESET)


def gloomhaven_specs() -> list[CheckSpec]:
    """Every registered Gloomhaven semantic check (in code order)."""
    import questforge.validator.gloomhaven  # noqa: F401  (registers the check modules)

    return gh_check.specs("QGH2")
