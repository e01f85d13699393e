"""Reporters: turn a :class:`~questforge.validator.runner.Report` into text for people or
tools. Each module has ``render(report, ...) -> str``; :data:`FORMATS` maps the
``--format`` names to them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from questforge.validator.reporters import github, json_report, junit, sarif, text

#: ``--format`` name -> ``render(report, **options)``
FORMATS: dict[str, Callable[..., str]] = {
    "text": text.render,
    "json": json_report.render,
    "sarif": sarif.render,
    "github": github.render,
    "junit": junit.render,
}


def render(fmt: str, report: Any, **options: Any) -> str:
    """Render ``report`` in format ``fmt`` (one of :data:`FORMATS`)."""
    return FORMATS[fmt](report, **options)
