"""Reporters: turn a :class:`~questforge.validator.report.Report` into text for people or
tools.

A reporter is anything that satisfies :class:`Reporter` - a callable ``(report, *,
color=False) -> str`` - registered under a ``--format`` name with :func:`register`; the
command line and the editor look reporters up by name (:func:`get`, :func:`names`), so a
new format is one module and one ``register`` call, not an edit of the command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from questforge.validator.reporters import github, json_report, junit, sarif, text

if TYPE_CHECKING:
    from questforge.validator.report import Report


class Reporter(Protocol):
    """Renders a whole report as one string (``color``: ANSI colours are wanted; formats
    meant for tools ignore it)."""

    def __call__(self, report: Report, *, color: bool = False) -> str: ...


_REPORTERS: dict[str, Reporter] = {}


def register(name: str, reporter: Reporter) -> Reporter:
    """Make ``reporter`` available as ``--format name`` (replacing one of that name)."""
    _REPORTERS[name] = reporter
    return reporter


def get(name: str) -> Reporter:
    """The reporter called ``name``; ``KeyError`` naming the known formats otherwise."""
    try:
        return _REPORTERS[name]
    except KeyError:
        raise KeyError(f"unknown report format {name!r} (known: {', '.join(names())})") from None


def names() -> tuple[str, ...]:
    """Every registered format name, in registration order (``text`` first)."""
    return tuple(_REPORTERS)


def render(fmt: str, report: Report, *, color: bool = False) -> str:
    """Render ``report`` in format ``fmt`` (one of :func:`names`)."""
    return get(fmt)(report, color=color)


register("text", text.render)
register("json", json_report.render)
register("sarif", sarif.render)
register("github", github.render)
register("junit", junit.render)

#: ``--format`` name -> reporter (a live view of the registry, kept for older callers)
FORMATS = _REPORTERS
