"""Small immutable records for the monster-AI types, without ``dataclasses``.

``questforge ai solve`` is often run on a handful of files, where start-up is most of the
time: creating a frozen dataclass generates and compiles half a dozen methods (about
0.5 ms each class, ten classes), while these records are plain classes compiled once into
the bytecode cache. They behave like frozen dataclasses where the code relies on it:
keyword or positional construction, equality and hashing by their fields (same class
only), a readable ``repr``, no assignment after construction, pickling and copying.
"""

from __future__ import annotations

# ``typing`` is not imported at run time (``questforge ai solve`` starts faster without it)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_set = object.__setattr__


class Record:
    """Base of an immutable record; subclasses list their fields in ``__slots__`` order
    and set them with :func:`_set` in ``__init__`` (whose positional order is that too)."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__slots__)
        return f"{type(self).__name__}({inner})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of a frozen record")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of a frozen record")

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self._values())

    def replace(self, **changes: Any) -> Any:
        """A copy with some fields changed (``dataclasses.replace`` for records)."""
        unknown = set(changes) - set(self.__slots__)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        return self.__class__(**{f: changes.get(f, getattr(self, f)) for f in self.__slots__})


class OrderedRecord(Record):
    """A record that also orders by its fields, like ``dataclass(order=True)``."""

    __slots__ = ()

    def __lt__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() < other._values()
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() <= other._values()
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() > other._values()
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() >= other._values()
        return NotImplemented

    __hash__ = Record.__hash__
