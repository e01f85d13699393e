"""Events as data: every state change of a game is one :class:`Event` in its log.

An event is a ``type`` string plus JSON-serialisable fields. The editor animates a playtest
from them, reports count damage and kills from them, tests assert on them, and replay
verification compares them one by one (:func:`first_divergence`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

JSONValue = Any


_SCALARS = frozenset({str, int, float, bool, type(None)})


def to_jsonable(value: Any) -> JSONValue:
    """Convert tuples (hexes) to lists, recursively, so events compare equal after a JSON
    round trip. Only plain data is accepted; anything else is a programming error."""
    t = type(value)
    if t in _SCALARS:
        return value
    if t is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        return [value[0], value[1]]  # a hex: the most common case
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(to_jsonable(v) for v in value)
    raise TypeError(f"value of type {type(value).__name__} is not JSON data: {value!r}")


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``data`` holds only JSON data (see :func:`to_jsonable`)."""

    type: str
    data: Mapping[str, JSONValue] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"type": self.type}
        out.update(self.data)
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, JSONValue]) -> Event:
        if "type" not in obj or not isinstance(obj["type"], str):
            raise ValueError(f"an event needs a string 'type': {obj!r}")
        return cls(obj["type"], {k: v for k, v in obj.items() if k != "type"})


def make_event(type_: str, **fields: Any) -> Event:
    """Build an event, normalising its fields to JSON data."""
    return event_of(type_, fields)


def event_of(type_: str, fields: dict[str, Any]) -> Event:
    """:func:`make_event` for a field dict the caller hands over (it may become the
    event's data: a ``**fields`` dict is fresh, so an engine emitting a thousand events a
    game need not copy each one when every value is already plain JSON data, the common
    case).

    Written for speed (a bot game emits about a thousand events): whether every value is
    plain data is asked in C (``all`` over ``map``), and the event is made without the
    frozen dataclass's ``__init__`` (a Python function that sets each field through
    ``object.__setattr__``): the slots are filled by their own descriptors, the same
    object ``Event(type_, data)`` makes, in about half the time.
    """
    scalars = _SCALARS
    if not scalars.issuperset(map(type, fields.values())):
        fields = {k: v if type(v) in scalars else to_jsonable(v) for k, v in fields.items()}
    event = _new_event(Event)
    _set_type(event, type_)
    _set_data(event, fields)
    return event


#: :func:`event_of`'s way to make an :class:`Event`: a bare instance and its two slots'
#: own setters (what the dataclass's ``__init__`` does, without its Python frame)
_new_event = object.__new__
_set_type = Event.__dict__["type"].__set__
_set_data = Event.__dict__["data"].__set__


Listener = Callable[[Event], None]


class EventLog:
    """An append-only list of events with optional listeners (the editor's animation)."""

    __slots__ = ("events", "listeners")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.listeners: list[Listener] = []

    def emit(self, type_: str, **fields: Any) -> Event:
        return self.emit_fields(type_, fields)

    def emit_fields(self, type_: str, fields: dict[str, Any]) -> Event:
        """:meth:`emit` with the fields as a dict the log may keep (see :func:`event_of`):
        an engine's own ``emit(type_, **fields)`` passes its fresh keyword dict on
        instead of unpacking it into another one."""
        event = event_of(type_, fields)
        self.events.append(event)
        for listener in self.listeners:
            listener(event)
        return event

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Any:
        return iter(self.events)

    def of_type(self, *types: str) -> list[Event]:
        return [e for e in self.events if e.type in types]

    def to_json(self) -> list[dict[str, JSONValue]]:
        return [e.to_json() for e in self.events]


def first_divergence(
    expected: Sequence[Mapping[str, JSONValue]] | Iterable[Event],
    actual: Sequence[Mapping[str, JSONValue]] | Iterable[Event],
) -> int | None:
    """Index of the first event that differs (or where one log is longer), else ``None``."""
    a = [e.to_json() if isinstance(e, Event) else dict(e) for e in expected]
    b = [e.to_json() if isinstance(e, Event) else dict(e) for e in actual]
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    if len(a) != len(b):
        return min(len(a), len(b))
    return None
