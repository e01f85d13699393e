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

from collections.abc import Callable

from questforge.validator.checks import CheckFunc, CheckSpec, all_checks, check

RULESET = "witcher"


def wi_check(
    code: str,
    *,
    severity: str,
    title: str,
    description: str,
    example: str,
    fix: str,
    rules: tuple[str, ...] = (),
) -> Callable[[CheckFunc], CheckFunc]:
    """Register a Witcher check with its documentation (``example``, ``fix``, ``rules``)."""

    def wrap(func: CheckFunc) -> CheckFunc:
        registered = check(
            code, ruleset=RULESET, severity=severity, title=title, description=description
        )(func)
        spec: CheckSpec = registered.spec  # type: ignore[attr-defined]
        spec.extra.update({"example": example, "fix": fix, "rules": list(rules)})
        return registered

    return wrap


def witcher_specs() -> list[CheckSpec]:
    """Every registered Witcher semantic check (in code order)."""
    import questforge.validator.witcher  # noqa: F401  (registers the check modules)

    return [s for s in all_checks() if s.ruleset == RULESET and s.code.startswith("QWI")]
