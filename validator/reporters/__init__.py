"""Reporters: turn a :class:`~questforge.validator.report.Report` into text for people or
tools.

A reporter is anything that satisfies :class:`Reporter` - a callable ``(report, *,
color=False) -> str`` - registered under a ``--format`` name with :func:`register`; the
command line and the editor look reporters up by name (:func:`get`, :func:`names`), so a
new format is one module and one ``register`` call, not an edit of the command.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from questforge.validator.report import Report


class Reporter(Protocol):
    """Renders a whole report as one string (``color``: ANSI colours are wanted; formats
    meant for tools ignore it)."""

    def __call__(self, report: Report, *, color: bool = False) -> str: ...


#: format name -> the reporter, or the ``"module:function"`` it is imported from on first
#: use (a run imports only the reporter it writes with: XML, SARIF... cost start-up time)
_REPORTERS: dict[str, Reporter | str] = {}


def register(name: str, reporter: Reporter | str) -> None:
    """Make ``reporter`` (or the ``"module:function"`` naming it) available as ``--format
    name``, replacing one of that name."""
    _REPORTERS[name] = reporter


def get(name: str) -> Reporter:
    """The reporter called ``name``; ``KeyError`` naming the known formats otherwise."""
    try:
        found = _REPORTERS[name]
    except KeyError:
        raise KeyError(f"unknown report format {name!r} (known: {', '.join(names())})") from None
    if isinstance(found, str):
        module, _, attr = found.partition(":")
        reporter: Reporter = getattr(importlib.import_module(module), attr)
        _REPORTERS[name] = found = reporter
    return found


def names() -> tuple[str, ...]:
    """Every registered format name, in registration order (``text`` first)."""
    return tuple(_REPORTERS)


def render(fmt: str, report: Report, *, color: bool = False) -> str:
    """Render ``report`` in format ``fmt`` (one of :func:`names`)."""
    return get(fmt)(report, color=color)


for _name, _module in (
    ("text", "text"),
    ("json", "json_report"),
    ("sarif", "sarif"),
    ("github", "github"),
    ("junit", "junit"),
):
    register(_name, f"questforge.validator.reporters.{_module}:render")
