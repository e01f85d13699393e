"""questforge's exception family: one root, a content branch and a usage branch.

Like python-chess's three documented ``ValueError`` subclasses, every error a person can
cause derives from :class:`QuestforgeError`, so a front end catches one type and maps it to
an exit status: :class:`ContentError` (the content is wrong: exit 1 from ``validate``, a
refusal from ``play``), :class:`UsageError` (the request is wrong: a missing file, an
unknown option value: exit 2). :class:`EngineError` is a fault of ours, reported as such.
Module-specific errors (``JsonLoadError``, ``ModelError``, ``SetupError`` …) subclass one
of these where they are defined.
"""

from __future__ import annotations


class QuestforgeError(Exception):
    """The root of every error questforge raises on purpose."""


class ContentError(QuestforgeError, ValueError):
    """A content file or pack is invalid or cannot be used as asked."""


class UsageError(QuestforgeError, ValueError):
    """The request cannot be carried out: unknown target, bad option, unreadable path."""


class EngineError(QuestforgeError, RuntimeError):
    """A rules engine failed (a bug, or a controller that broke the protocol)."""
