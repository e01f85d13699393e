"""Picking a form field's board locations on the map: the request, and what a board mode
implements to answer it.

A field whose schema is a board location (``x-questforge-location``: Gloomhaven's hexes,
a goal's hex list, a spawn hex, a room's extra hexes) gets a "Pick on map" button when the
form has a :class:`LocationPicker` for that kind. The form sends a :class:`PickRequest`;
the board mode puts its canvas in a pick mode (its own cursor, a status-bar hint, Esc
cancels; for a list, clicks toggle locations until Enter) and calls ``finish`` once with
the chosen values, or ``None`` when cancelled. The form writes the result as one undo
command. While such a field has the focus the board mode draws its locations
(:meth:`LocationPicker.show_locations`).

Core only knows locations as JSON values (``[q, r]``): what a location is, and how a click
becomes one, is the board mode's business.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass
class PickRequest:
    """One pick: what kind of location, one or many, the values so far, and where the
    answer goes."""

    #: the ``x-questforge-location`` of the field (``"hex"``)
    kind: str
    #: a list field: clicks toggle locations until the designer confirms
    multiple: bool
    #: the field's current locations (a single field: zero or one)
    current: list[Any]
    #: the field's name for the status bar ("Hexes of reach-hexes win condition")
    label: str
    #: called once: the chosen locations, or ``None`` if the pick was cancelled
    finish: Callable[[list[Any] | None], None]


@runtime_checkable
class LocationPicker(Protocol):
    """What a board mode implements so forms can pick locations on its canvas."""

    def can_pick(self, kind: str) -> bool:
        """Whether this canvas shows locations of ``kind`` (a hex map shows ``hex``)."""
        ...

    def start_pick(self, request: PickRequest) -> None:
        """Enter pick mode for ``request`` (a running pick is cancelled first)."""
        ...

    def show_locations(self, kind: str, values: list[Any]) -> None:
        """Draw ``values`` highlighted (a focused field's hexes); ``[]`` clears."""
        ...


def as_list(value: Any, multiple: bool) -> list[Any]:
    """The locations of a field value: a list field's items, or the single location."""
    if multiple:
        return list(value) if isinstance(value, list) else []
    return [] if value is None or value == [] else [value]
