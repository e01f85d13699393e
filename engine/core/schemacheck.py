"""A fast yes/no answer to "is this JSON valid against that schema?", for start-up paths.

The schemas (``questforge.schema``) are the one description of every JSON format, and
jsonschema-rs is what explains a document's errors. But importing jsonschema-rs costs
about 25 ms of CPU (its extension pulls in ``email``, ``calendar``, ``socket`` ...), which
would dominate a command such as ``questforge ai solve`` that reads a few valid files and
answers in well under that. :func:`compile_check` turns a schema into a plain-Python
predicate, once, from the schema itself: nothing about a format is written here, so the
predicate and the schema cannot drift. A reader calls the predicate on every document and
imports jsonschema-rs only when it says "no", to word the error.

Only the keywords the shipped formats use are understood (types, ``const``, ``enum``,
bounds, lengths, ``pattern``, ``required``, ``properties``, ``additionalProperties:
false``, ``items``/``prefixItems``, ``oneOf``, ``$ref``; annotations are ignored). A schema
using anything else raises :class:`UnsupportedSchema` when compiled, and its reader must
validate with jsonschema-rs instead. Numbers are strict: ``1.0`` is not an integer here
(jsonschema-rs accepts it), because every reader needs a Python ``int``.
"""

from __future__ import annotations

from questforge.engine.core.errors import ContentError

# ``typing`` and ``re`` are not imported at run time (start-up paths such as ``questforge ai
# solve`` compile a predicate on every run; ``re`` only for a schema with a ``pattern``)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    Check = Callable[[Any], bool]
    #: resolves an absolute ``$ref`` URI (``#fragment`` included) to a schema node
    Resolve = Callable[[str], Any]

#: keywords that never change validity (annotations and metadata)
_ANNOTATIONS = frozenset(
    {
        "$schema",
        "$id",
        "$comment",
        "$defs",
        "title",
        "description",
        "default",
        "examples",
        "format",
        "deprecated",
        "readOnly",
        "writeOnly",
        "markdownDescription",
    }
)


class _Annotations:
    """``key in _ANNOTATED``: a metadata keyword, or an ``x-`` extension keyword (the
    editor's hints such as ``x-questforge-ref``), neither of which changes validity."""

    def __contains__(self, key: object) -> bool:
        return key in _ANNOTATIONS or (isinstance(key, str) and key.startswith("x-"))


_ANNOTATED = _Annotations()

_TYPES: Mapping[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) in (int, float),
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}


class UnsupportedSchema(ContentError):
    """The schema uses a keyword :func:`compile_check` does not understand."""


def compile_check(schema: Any, base: str, resolve: Resolve) -> Check:
    """A predicate that is true exactly for the data valid against ``schema`` (whose
    ``$id`` is ``base``); ``resolve`` finds the targets of ``$ref`` s."""
    compiled: dict[str, Check] = {}
    return _compile(schema, base, resolve, compiled)


def _compile(node: Any, base: str, resolve: Resolve, compiled: dict[str, Check]) -> Check:
    if node is True:
        return lambda _v: True
    if node is False:
        return lambda _v: False
    if not isinstance(node, dict):
        raise UnsupportedSchema(f"not a schema: {node!r}")
    special = (
        _integer_pair(node)
        or _scalar(node)
        or _object(node, base, resolve, compiled)
        or _array(node, base, resolve, compiled)
    )
    if special is not None:
        return special
    checks: list[Check] = []
    for key, value in node.items():
        if key in _ANNOTATED:
            continue
        checks.append(_keyword(key, value, node, base, resolve, compiled))
    if not checks:
        return lambda _v: True
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda v: first(v) and second(v)
    checks_t = tuple(checks)

    def every(v: Any) -> bool:
        for c in checks_t:  # noqa: SIM110 - a loop is faster here than all() on a generator
            if not c(v):
                return False
        return True

    return every


def _keys(node: dict[str, Any]) -> set[str]:
    # (the annotation keywords removed in C; ``x-`` keys are few)
    return {k for k in node.keys() - _ANNOTATIONS if not k.startswith("x-")}


def _scalar(node: dict[str, Any]) -> Check | None:
    """One closure for a bounded integer, a boolean, a string with a length limit or an
    enumeration of plain values: the leaves of every document."""
    keys = _keys(node)
    kind = node.get("type")
    if keys == {"enum"} or keys == {"const"}:
        options = node["enum"] if "enum" in node else [node["const"]]
        if all(isinstance(o, str | int | bool) or o is None for o in options):
            allowed = frozenset((type(o), o) for o in options)
            return lambda v: (
                (type(v), v) in allowed if isinstance(v, str | int | bool) or v is None else False
            )
        return None
    if kind == "integer" and keys <= {"type", "minimum", "maximum"}:
        lo, hi = node.get("minimum", float("-inf")), node.get("maximum", float("inf"))
        return lambda v: type(v) is int and lo <= v <= hi
    if kind == "boolean" and keys == {"type"}:
        return lambda v: type(v) is bool
    if kind == "string" and keys <= {"type", "maxLength", "minLength"}:
        short, long = node.get("minLength", 0), node.get("maxLength", float("inf"))
        return lambda v: type(v) is str and short <= len(v) <= long
    return None


def _object(
    node: dict[str, Any], base: str, resolve: Resolve, compiled: dict[str, Check]
) -> Check | None:
    """One closure for an object with ``properties`` (and ``required``, closed or not)."""
    keys = _keys(node)
    if node.get("type") != "object" or not keys <= {
        "type",
        "properties",
        "required",
        "additionalProperties",
    }:
        return None
    closed = "additionalProperties" in node
    if closed and node["additionalProperties"] is not False:
        return None
    props = {k: _compile(v, base, resolve, compiled) for k, v in node.get("properties", {}).items()}
    required = tuple(node.get("required", ()))

    def obj(v: Any) -> bool:
        if type(v) is not dict:
            return False
        for name in required:
            if name not in v:
                return False
        for name, item in v.items():
            check = props.get(name)
            if check is None:
                if closed:
                    return False
            elif not check(item):
                return False
        return True

    return obj


def _array(
    node: dict[str, Any], base: str, resolve: Resolve, compiled: dict[str, Check]
) -> Check | None:
    """One closure for an array with ``items`` and length bounds (every list of a
    document: hexes, figures, terrain ...)."""
    keys = _keys(node)
    items = node.get("items")
    if (
        node.get("type") != "array"
        or not keys <= {"type", "items", "minItems", "maxItems"}
        or not isinstance(items, dict)
    ):
        return None
    each = _compile(items, base, resolve, compiled)
    short, long = node.get("minItems", 0), node.get("maxItems", float("inf"))
    if each in _PAIRS:
        pair_list = _pair_list(each)
        return lambda v: isinstance(v, list) and short <= len(v) <= long and pair_list(v)
    return lambda v: isinstance(v, list) and short <= len(v) <= long and all(map(each, v))


def _int_range(node: Any) -> tuple[int | float, int | float] | None:
    """``(minimum, maximum)`` of a schema that says only "an integer in this range"."""
    if not isinstance(node, dict) or node.get("type") != "integer":
        return None
    if any(k not in _ANNOTATED and k not in ("type", "minimum", "maximum") for k in node):
        return None
    return node.get("minimum", float("-inf")), node.get("maximum", float("inf"))


def _integer_pair(node: dict[str, Any]) -> Check | None:
    """One closure for the commonest shape, a fixed-length array of bounded integers (a
    hex ``[q, r]``: thousands per board): the general path costs several calls per item."""
    prefix = node.get("prefixItems")
    if (
        node.get("type") != "array"
        or not isinstance(prefix, list)
        or node.get("items") is not False
        or node.get("minItems") != len(prefix)
        or node.get("maxItems", len(prefix)) != len(prefix)
        or any(
            k not in _ANNOTATED
            and k not in ("type", "prefixItems", "items", "minItems", "maxItems")
            for k in node
        )
    ):
        return None
    if len(prefix) != 2:
        return None
    first, second = _int_range(prefix[0]), _int_range(prefix[1])
    if first is None or second is None:
        return None
    (lo0, hi0), (lo1, hi1) = first, second

    def pair(v: Any) -> bool:
        if type(v) is not list or len(v) != 2:
            return False
        a, b = v
        return type(a) is int and type(b) is int and lo0 <= a <= hi0 and lo1 <= b <= hi1

    _PAIRS[pair] = (lo0, hi0, lo1, hi1)
    return pair


#: the bounds of every pair check made by :func:`_integer_pair`, for :func:`_pair_list`
_PAIRS: dict[Check, tuple[int | float, int | float, int | float, int | float]] = {}


#: the integers from ``low`` to ``high``, by ``(low, high)`` (a map's coordinate range)
_ALLOWED: dict[tuple[int, int], frozenset[int]] = {}


def _pair_list(each: Check) -> Check:
    """``items`` of pair checks as column checks run in C (a board lists thousands of
    hexes; one call per hex would be most of the cost of reading it)."""
    lo0, hi0, lo1, hi1 = _PAIRS[each]
    if lo0 == lo1 and hi0 == hi1 and -(1 << 16) <= lo0 <= hi0 <= 1 << 16:
        # the common case (a hex's two coordinates share their bounds): the coordinates
        # are checked against the set of allowed integers, coordinates repeat across a
        # board, so the sets made are small (the types are checked first: True == 1)
        bounds = (int(lo0), int(hi0))
        allowed = _ALLOWED.get(bounds)
        if allowed is None:
            allowed = _ALLOWED[bounds] = frozenset(range(bounds[0], bounds[1] + 1))

        def pairs(v: Any) -> bool:
            if not isinstance(v, list) or not v:
                return True
            # (the types counted in a list: cheaper than a set of them, same answer)
            if list(map(type, v)).count(list) != len(v):
                return all(map(each, v))
            try:
                # (the lists' lengths differ: ValueError from zip; all are not 2: from the
                # unpacking)
                qs, rs = zip(*v, strict=True)
            except ValueError:
                return all(map(each, v))
            both = qs + rs
            return list(map(type, both)).count(int) == len(both) and allowed.issuperset(both)

        return pairs

    def pairs_by_column(v: Any) -> bool:
        if not isinstance(v, list) or not v:
            return True
        if set(map(type, v)) != {list} or set(map(len, v)) != {2}:
            return all(map(each, v))
        qs, rs = zip(*v, strict=False)  # (every item has two)
        return (
            set(map(type, qs)) == {int}
            and set(map(type, rs)) == {int}
            and lo0 <= min(qs)
            and max(qs) <= hi0
            and lo1 <= min(rs)
            and max(rs) <= hi1
        )

    return pairs_by_column


def _keyword(
    key: str,
    value: Any,
    node: dict[str, Any],
    base: str,
    resolve: Resolve,
    compiled: dict[str, Check],
) -> Check:
    def sub(schema: Any) -> Check:
        return _compile(schema, base, resolve, compiled)

    if key == "type":
        names = [value] if isinstance(value, str) else list(value)
        tests = [_TYPES[n] for n in names]
        if len(tests) == 1:
            return tests[0]
        return lambda v: any(t(v) for t in tests)
    if key == "const":
        return lambda v: _same(v, value)
    if key == "enum":
        return lambda v: any(_same(v, option) for option in value)
    if key in ("minimum", "maximum"):
        low = key == "minimum"
        return lambda v: type(v) not in (int, float) or (v >= value if low else v <= value)
    if key in ("minLength", "maxLength"):
        low = key == "minLength"
        return lambda v: not isinstance(v, str) or (len(v) >= value if low else len(v) <= value)
    if key == "pattern":
        simple = _class_pattern(value)
        if simple is not None:
            return lambda v: not isinstance(v, str) or simple(v)
        import re

        pattern = re.compile(value)
        return lambda v: not isinstance(v, str) or pattern.search(v) is not None
    if key in ("minItems", "maxItems"):
        low = key == "minItems"
        return lambda v: not isinstance(v, list) or (len(v) >= value if low else len(v) <= value)
    if key == "required":
        required = tuple(value)
        return lambda v: not isinstance(v, dict) or all(n in v for n in required)
    if key == "properties":
        props = {name: sub(schema) for name, schema in value.items()}
        return lambda v: (
            not isinstance(v, dict) or all(props[k](item) for k, item in v.items() if k in props)
        )
    if key == "additionalProperties":
        if value is not False:
            raise UnsupportedSchema("additionalProperties other than false")
        allowed = frozenset(node.get("properties", {}))
        return lambda v: not isinstance(v, dict) or allowed.issuperset(v)
    if key == "prefixItems":
        firsts = [sub(schema) for schema in value]
        return lambda v: (
            not isinstance(v, list) or all(c(item) for c, item in zip(firsts, v, strict=False))
        )
    if key == "items":
        skip = len(node.get("prefixItems", ()))
        each = sub(value)
        if value is False:
            return lambda v: not isinstance(v, list) or len(v) <= skip
        if skip:
            return lambda v: not isinstance(v, list) or all(map(each, v[skip:]))
        if each in _PAIRS:
            return _pair_list(each)
        return lambda v: not isinstance(v, list) or all(map(each, v))
    if key == "oneOf":
        branches = [sub(schema) for schema in value]
        return lambda v: sum(1 for b in branches if b(v)) == 1
    if key == "$ref":
        uri = value if "://" in value else base.split("#", 1)[0] + value
        if uri not in compiled:
            target_base = uri.split("#", 1)[0]
            # a placeholder first: a recursive schema refers to itself while compiling
            cell: list[Check] = []
            compiled[uri] = lambda v: cell[0](v)
            cell.append(_compile(resolve(uri), target_base, resolve, compiled))
            compiled[uri] = cell[0]  # later references call it directly
        return compiled[uri]
    raise UnsupportedSchema(f"keyword {key!r}")


def _same(a: Any, b: Any) -> bool:
    """JSON equality: ``true`` is not ``1``."""
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


def _char_class(body: str) -> frozenset[str] | None:
    """The characters of a regular-expression class body such as ``A-Za-z0-9._@:-``
    (ranges and plain characters only; ``None`` for anything else)."""
    if not body or body[0] == "^" or "\\" in body or "[" in body:
        return None
    out: set[str] = set()
    i = 0
    while i < len(body):
        if i + 2 < len(body) and body[i + 1] == "-":
            lo, hi = body[i], body[i + 2]
            if lo > hi:
                return None
            out.update(chr(c) for c in range(ord(lo), ord(hi) + 1))
            i += 3
        else:
            out.add(body[i])
            i += 1
    return frozenset(out)


def _class_pattern(pattern: str) -> Check | None:
    """A ``pattern`` of the form ``^[first][rest]*$`` (an identifier's shape, such as the
    situation ``id``'s) as set operations: ``re`` costs more to import than a situation file
    costs to read. Same answers as ``re.search``, including ``$`` matching before one final
    newline; ``None`` for any other pattern (compiled with ``re``)."""
    if not (pattern.startswith("^[") and pattern.endswith("]*$")):
        return None
    first_end = pattern.find("]", 2)
    if first_end < 0 or pattern[first_end + 1 : first_end + 2] != "[":
        return None
    first = _char_class(pattern[2:first_end])
    rest = _char_class(pattern[first_end + 2 : -3])
    if first is None or rest is None or "]" in pattern[first_end + 2 : -3]:
        return None

    def match(v: str) -> bool:
        if v.endswith("\n"):
            v = v[:-1]
        return v != "" and v[0] in first and rest.issuperset(v[1:])

    return match
