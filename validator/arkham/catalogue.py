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

from collections.abc import Callable

from questforge.validator.checks import CheckFunc, CheckSpec, all_checks, check

RULESET = "arkham"


def ah_check(
    code: str,
    *,
    severity: str,
    title: str,
    description: str,
    example: str,
    fix: str,
    rules: tuple[str, ...] = (),
) -> Callable[[CheckFunc], CheckFunc]:
    """Register an Arkham check with its documentation (``example``, ``fix``, ``rules``)."""

    def wrap(func: CheckFunc) -> CheckFunc:
        registered = check(
            code, ruleset=RULESET, severity=severity, title=title, description=description
        )(func)
        spec: CheckSpec = registered.spec  # type: ignore[attr-defined]
        spec.extra.update({"example": example, "fix": fix, "rules": list(rules)})
        return registered

    return wrap


def arkham_specs() -> list[CheckSpec]:
    """Every registered Arkham semantic check (in code order)."""
    import questforge.validator.arkham  # noqa: F401  (registers the check modules)

    return [s for s in all_checks() if s.ruleset == RULESET and s.code.startswith("QAH")]
