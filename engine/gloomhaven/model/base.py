"""Building blocks of the Gloomhaven content model: located nodes and tolerant readers.

Every model object is a frozen dataclass that remembers where it came from:
``source_path`` is the JSON path of its source object inside its document (object keys and
array indices from the document root) and documents also keep their ``file``. Semantic
checks use both to point a finding at the right place.

The readers below turn parsed JSON (plain dicts and lists) into typed values. Content is
normally schema-validated first, but the model must not crash on a document that is not:
a reader raises :class:`ModelError` naming the path and what it expected, and the pack
loader records the error and skips that document. Keys the model does not know are ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from questforge.engine.core.errors import ContentError
from questforge.engine.core.hexgrid import Hex, parse_hex
from questforge.engine.gloomhaven.formula import Formula, FormulaError, parse

#: a JSON path: object keys and array indices from the document root
JsonPath = tuple[str | int, ...]
#: a thin wall: two adjacent hexes, smaller first (see :func:`wall`)
Wall = tuple[Hex, Hex]
#: a number printed on content: an integer, or a formula in L and C
Value = int | Formula

T = TypeVar("T")


class ModelError(ContentError):
    """Content the model cannot read: what was expected, at which path of which file."""

    def __init__(self, message: str, path: JsonPath = (), file: str | None = None) -> None:
        self.message = message
        self.path = tuple(path)
        self.file = file
        super().__init__(self._render())

    def _render(self) -> str:
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        prefix = f"{self.file}: " if self.file else ""
        return f"{prefix}{where}: {self.message}"

    def with_file(self, file: str | None) -> ModelError:
        return ModelError(self.message, self.path, file)


@dataclass(frozen=True, kw_only=True)
class Node:
    """Base of every model object: where in its document it came from."""

    source_path: JsonPath = ()


@dataclass(frozen=True, kw_only=True)
class ContentDocument(Node):
    """Base of every top-level content object of the model (one JSON file, typed).

    Not the validator's ``LoadedDocument`` (a file's name, parsed JSON and text, before
    any model) nor the editor's ``Document`` (the open file with its undo stack)."""

    kind: str
    id: str
    #: the file the document was read from, when known
    file: str | None = None


def wall(a: Hex, b: Hex) -> Wall:
    """The canonical form of the edge between ``a`` and ``b`` (order does not matter)."""
    return (a, b) if a <= b else (b, a)


def value_of(value: Value | None, L: int | None = None, C: int | None = None) -> int | None:
    """An integer value, evaluating a formula with ``L`` and ``C`` (``None`` stays ``None``)."""
    if value is None or isinstance(value, int):
        return value
    return value.evaluate(L=L, C=C)


class Reader:
    """Typed access to one JSON object at ``path``; every failure is a :class:`ModelError`."""

    __slots__ = ("data", "path")

    def __init__(self, data: Any, path: JsonPath) -> None:
        if not isinstance(data, Mapping):
            raise ModelError(f"expected an object, found {_type_name(data)}", path)
        self.data: Mapping[str, Any] = data
        self.path = path

    def has(self, key: str) -> bool:
        return key in self.data

    def at(self, key: str) -> JsonPath:
        return (*self.path, key)

    def _get(self, key: str, required: bool) -> Any:
        if key not in self.data:
            if required:
                raise ModelError(f"missing required property {key!r}", self.path)
            return None
        return self.data[key]

    def opt_str(self, key: str, default: str | None = None) -> str | None:
        value = self._get(key, False)
        if value is None:
            return default
        return as_str(value, self.at(key))

    def req_str(self, key: str) -> str:
        return as_str(self._get(key, True), self.at(key))

    def opt_int(self, key: str, default: int | None = None) -> int | None:
        value = self._get(key, False)
        if value is None:
            return default
        return as_int(value, self.at(key))

    def int_or(self, key: str, default: int) -> int:
        value = self._get(key, False)
        if value is None:
            return default
        return as_int(value, self.at(key))

    def req_int(self, key: str) -> int:
        return as_int(self._get(key, True), self.at(key))

    def flag(self, key: str, default: bool = False) -> bool:
        value = self._get(key, False)
        if value is None:
            return default
        return as_bool(value, self.at(key))

    def opt_value(self, key: str) -> Value | None:
        value = self._get(key, False)
        if value is None:
            return None
        return as_value(value, self.at(key))

    def req_value(self, key: str) -> Value:
        return as_value(self._get(key, True), self.at(key))

    def opt_hex(self, key: str) -> Hex | None:
        value = self._get(key, False)
        if value is None:
            return None
        return as_hex(value, self.at(key))

    def req_hex(self, key: str) -> Hex:
        return as_hex(self._get(key, True), self.at(key))

    def hexes(self, key: str) -> tuple[Hex, ...]:
        return self.array(key, as_hex)

    def strs(self, key: str) -> tuple[str, ...]:
        return self.array(key, as_str)

    def array(self, key: str, item: Callable[[Any, JsonPath], T]) -> tuple[T, ...]:
        value = self._get(key, False)
        if value is None:
            return ()
        base = self.at(key)
        return tuple(item(v, (*base, i)) for i, v in enumerate(as_list(value, base)))

    def child(self, key: str, item: Callable[[Any, JsonPath], T]) -> T | None:
        value = self._get(key, False)
        if value is None:
            return None
        return item(value, self.at(key))

    def req_child(self, key: str, item: Callable[[Any, JsonPath], T]) -> T:
        return item(self._get(key, True), self.at(key))


def as_int(value: Any, path: JsonPath) -> int:
    """An integer; ``3.0`` is the integer 3 (JSON Schema's ``integer`` accepts it, so the
    model must too)."""
    if type(value) is float and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ModelError(f"expected an integer, found {_type_name(value)}", path)
    return value


def as_str(value: Any, path: JsonPath) -> str:
    if not isinstance(value, str):
        raise ModelError(f"expected a string, found {_type_name(value)}", path)
    return value


def as_bool(value: Any, path: JsonPath) -> bool:
    if not isinstance(value, bool):
        raise ModelError(f"expected true or false, found {_type_name(value)}", path)
    return value


def as_list(value: Any, path: JsonPath) -> Sequence[Any]:
    if not isinstance(value, Sequence) or isinstance(value, str | bytes):
        raise ModelError(f"expected an array, found {_type_name(value)}", path)
    return value


def as_strs(value: Any, path: JsonPath) -> tuple[str, ...]:
    return tuple(as_str(v, (*path, i)) for i, v in enumerate(as_list(value, path)))


def as_hexes(value: Any, path: JsonPath) -> tuple[Hex, ...]:
    return tuple(as_hex(v, (*path, i)) for i, v in enumerate(as_list(value, path)))


def as_value(value: Any, path: JsonPath) -> Value:
    """An integer or a formula string (parsed; a bad formula is a :class:`ModelError`)."""
    if isinstance(value, str):
        try:
            return parse(value)
        except FormulaError as exc:
            raise ModelError(str(exc), path) from None
    return as_int(value, path)


def as_hex(value: Any, path: JsonPath) -> Hex:
    """The hex ``[q, r]`` (read by :func:`questforge.engine.core.hexgrid.parse_hex`)."""
    found = parse_hex(value)
    if found is None:
        raise ModelError(f"expected a hex [q, r], found {_short(value)}", path)
    return found


def as_wall(value: Any, path: JsonPath) -> Wall:
    if not isinstance(value, Sequence) or isinstance(value, str | bytes) or len(value) != 2:
        raise ModelError(f"expected a wall [[q, r], [q, r]], found {_short(value)}", path)
    return wall(as_hex(value[0], (*path, 0)), as_hex(value[1], (*path, 1)))


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {_short(value)}"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, Sequence):
        return "an array"
    return type(value).__name__


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
