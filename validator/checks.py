"""The semantic-check registry.

Every check has a stable code (``QGH201``: ``Q`` + ruleset letters + number; ``QC1xx`` are
core checks that apply to every ruleset), a severity, a title and a description, and is
listed by ``questforge validate --list-checks``. Rulesets register their checks by ruleset
name, so that core code never names a ruleset.

A check function receives a :class:`CheckContext`-like object (defined by the validation
runner in :mod:`questforge.validator.runner`) and yields :class:`Finding` objects built with
:meth:`CheckSpec.finding`, which fills in code and severity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from questforge.validator.findings import Finding, JsonPath, Severity

CheckFunc = Callable[[Any], Iterable[Finding]]

#: ruleset name used for checks that apply to every ruleset
CORE = "core"


@dataclass
class CheckSpec:
    code: str
    severity: Severity
    title: str
    description: str
    ruleset: str
    func: CheckFunc | None = None
    #: codes that are emitted by infrastructure (schema, I/O) rather than a check function
    infrastructure: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    #: what derived data the check builds and shares with other checks (a pack's scenario
    #: maps): checks that share run in the same process when a run splits its checks
    #: between two (``None``: its module's name stands for it)
    shares: str | None = None
    #: the check's findings on a document depend on nothing but that document (and what it
    #: looks up by id): it reads the documents it reports on through
    #: :meth:`CheckContext.own` (or ``per_document``, or a helper that does, such as the
    #: Gloomhaven scenario maps), so a run split between processes gives each process a
    #: share of the documents to check instead of a share of the checks
    per_document: bool = False

    def finding(
        self,
        message: str,
        *,
        file: str | None = None,
        path: JsonPath = (),
        hint: str | None = None,
        severity: Severity | None = None,
        related: list[tuple[str | None, JsonPath]] | None = None,
    ) -> Finding:
        return Finding(
            code=self.code,
            severity=severity or self.severity,
            message=message,
            file=file,
            path=tuple(path),
            hint=hint,
            related=list(related or []),
        )


_CHECKS: dict[str, CheckSpec] = {}


def register(spec: CheckSpec) -> CheckSpec:
    if spec.code in _CHECKS and _CHECKS[spec.code].func is not spec.func:
        raise ValueError(f"check code {spec.code} registered twice")
    _CHECKS[spec.code] = spec
    return spec


def check(
    code: str,
    *,
    ruleset: str,
    severity: Severity | str,
    title: str,
    description: str,
    per_document: bool = False,
) -> Callable[[CheckFunc], CheckFunc]:
    """Decorator: register ``func`` as the semantic check ``code`` (``per_document``: see
    :attr:`CheckSpec.per_document`)."""

    def wrap(func: CheckFunc) -> CheckFunc:
        spec = CheckSpec(
            code=code,
            severity=Severity(severity),
            title=title,
            description=description,
            ruleset=ruleset,
            func=func,
            per_document=per_document,
        )
        register(spec)
        func.spec = spec  # type: ignore[attr-defined]
        return func

    return wrap


def declare(
    code: str, *, ruleset: str, severity: Severity | str, title: str, description: str
) -> CheckSpec:
    """Declare a code emitted by infrastructure (I/O, JSON parsing, schema validation)."""
    return register(
        CheckSpec(
            code=code,
            severity=Severity(severity),
            title=title,
            description=description,
            ruleset=ruleset,
            infrastructure=True,
        )
    )


def spec_of(code: str) -> CheckSpec:
    return _CHECKS[code]


class DocumentedChecks:
    """The check decorator of one ruleset, with the documentation its generated checks page
    shows (``docs/checks-<ruleset>.md``): an *example* of what triggers it, how to *fix* it
    and the rule ids it enforces, kept in ``spec.extra``.

    ``gh_check = DocumentedChecks("gloomhaven")`` then ``@gh_check("QGH201", severity=...,
    title=..., description=..., example=..., fix=..., rules=("GH-MAP-01",))``."""

    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset

    def __call__(
        self,
        code: str,
        *,
        severity: str,
        title: str,
        description: str,
        example: str,
        fix: str,
        rules: tuple[str, ...] = (),
        per_document: bool = False,
    ) -> Callable[[CheckFunc], CheckFunc]:
        def wrap(func: CheckFunc) -> CheckFunc:
            registered = check(
                code,
                ruleset=self.ruleset,
                severity=severity,
                title=title,
                description=description,
                per_document=per_document,
            )(func)
            spec: CheckSpec = registered.spec  # type: ignore[attr-defined]
            spec.extra.update({"example": example, "fix": fix, "rules": list(rules)})
            return registered

        return wrap

    def specs(self, prefix: str) -> list[CheckSpec]:
        """This ruleset's registered checks whose code starts with ``prefix`` (code order);
        the caller imports its check modules first."""
        return [s for s in all_checks() if s.ruleset == self.ruleset and s.code.startswith(prefix)]


def all_checks() -> Iterator[CheckSpec]:
    yield from (_CHECKS[c] for c in sorted(_CHECKS))


def checks_for(ruleset: str) -> list[CheckSpec]:
    """The runnable checks of ``ruleset`` (core checks are included for every ruleset)."""
    return [s for s in all_checks() if s.func is not None and s.ruleset in (ruleset, CORE)]
