"""The Markdown page of a ruleset's semantic checks, rendered from their registered specs.

Every ruleset keeps a ``docs.py`` with its own introduction (``HEADER``: what the checks
cover, the code ranges); the summary table and one section per check (title, severity,
description, the rule ids it enforces, an example, how to fix) are the same for all of
them, so the pages read alike and a check's documentation can never drift from the code.
"""

from __future__ import annotations

from collections.abc import Iterable

from questforge.validator.checks import CheckSpec


def render_checks_page(header: str, specs: Iterable[CheckSpec]) -> str:
    """``header`` followed by the summary table and a section per check, in ``specs`` order."""
    specs = list(specs)
    out = [header, "## Summary\n\n| code | severity | title |\n|---|---|---|\n"]
    for spec in specs:
        out.append(
            f"| [{spec.code}](#{spec.code.lower()}) | {spec.severity.value} | {spec.title} |\n"
        )
    out.append("\n## Checks\n")
    for spec in specs:
        rules = spec.extra.get("rules") or []
        out.append(f"\n### {spec.code}\n\n**{spec.title}** ({spec.severity.value})\n\n")
        out.append(f"{spec.description}\n\n")
        if rules:
            out.append("Rules: " + ", ".join(f"`{r}`" for r in rules) + "\n\n")
        out.append(f"Example: {spec.extra.get('example', '')}\n\n")
        out.append(f"How to fix: {spec.extra.get('fix', '')}\n")
    return "".join(out)
