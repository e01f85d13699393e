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


# ---------------------------------------------------------------- the same check as source


def generate_source(
    schema: Any,
    base: str,
    resolve: Resolve,
    text_of: Callable[[str], tuple[str, str, str]],
    name: str = "check",
) -> str:
    """Python source of a module whose function ``name`` is :func:`compile_check`'s
    predicate for ``schema`` written out: the same answer for every value, without a
    closure call per value (a generated module is compiled once and cached as bytecode;
    a reader of many small documents spends most of its check in those calls).

    Every check the closures make is made here, on the same types and bounds; since no
    check has side effects or raises, only their order differs (an object's properties
    are looked up by name instead of walked). :class:`UnsupportedSchema` for a schema
    this writer does not know how to write out (its reader then compiles the closures).

    The module also holds ``SOURCES``: ``(folder, name, text)`` of every schema document it
    was written from (``text_of`` gives them by URI), so that a reader can use it only
    while the shipped files are exactly those.
    """
    gen = _Writer(base, resolve)
    body = gen.block(schema, "v", 1, base)
    documents = [base.split("#", 1)[0]]
    documents += [d for d in gen.documents if d not in documents]
    sources = ",\n".join(f"    {text_of(d)!r}" for d in documents)
    lines = [
        '"""Generated by ``questforge.engine.core.schemacheck.generate_source``: do not edit."""',
        "",
        "# fmt: off",
        "# ruff: noqa",
        "from __future__ import annotations",
        "",
        "TYPE_CHECKING = False",
        "if TYPE_CHECKING:",
        "    from typing import Any",
        "",
        *gen.constants,
        "",
        "",
        *gen.helpers,
        f"def {name}(v: Any) -> bool:",
        *body,
        "    return True",
        "",
        "",
        "#: (folder, name, text) of the schema documents this module was written from",
        f"SOURCES: tuple[tuple[str, str, str], ...] = (\n{sources},\n)",
        "",
    ]
    return "\n".join(lines)


class _Writer:
    """Writes checks as Python statements (``return False`` on failure) or expressions."""

    def __init__(self, base: str, resolve: Resolve) -> None:
        self.resolve = resolve
        self.constants: list[str] = []
        self.helpers: list[str] = []
        self._names: dict[str, str] = {}
        self._depth = 0
        #: the documents (URIs without fragment) that ``$ref`` s led to
        self.documents: list[str] = []

    def constant(self, source: str) -> str:
        """A module-level name for the value ``source`` (one per distinct value)."""
        got = self._names.get(source)
        if got is None:
            got = self._names[source] = f"_C{len(self._names)}"
            self.constants.append(f"{got} = {source}")
        return got

    def deref(self, node: Any, base: str) -> tuple[Any, str]:
        """``node`` with a lone ``$ref`` followed (as ``_keyword`` does)."""
        hops = 0
        while isinstance(node, dict) and "$ref" in node and not _keys(node) - {"$ref"}:
            value = node["$ref"]
            uri = value if "://" in value else base.split("#", 1)[0] + value
            hops += 1
            if hops > 20:
                raise UnsupportedSchema("a cycle of $ref")
            node, base = self.resolve(uri), uri.split("#", 1)[0]
            if base not in self.documents:
                self.documents.append(base)
        return node, base

    def expr(self, node: Any, var: str, base: str) -> str:
        """A boolean expression on ``var``: ``node``'s check."""
        node, base = self.deref(node, base)
        if node is True:
            return "True"
        if node is False:
            return "False"
        if not isinstance(node, dict):
            raise UnsupportedSchema(f"not a schema: {node!r}")
        got = self._special_expr(node, var)
        if got is not None:
            return got
        if _object_like(node) or _array_like(node):
            return self.helper(node, var, base)
        parts = []
        for key, value in node.items():
            if key in _ANNOTATED:
                continue
            parts.append(self._keyword_expr(key, value, node, var, base))
        if not parts:
            return "True"
        return "(" + " and ".join(parts) + ")"

    def helper(self, node: Any, var: str, base: str) -> str:
        """A call of a generated helper function holding ``node``'s statements."""
        name = f"_f{len(self.helpers)}"
        self.helpers.append("")  # (placeholder: nested helpers are written first)
        index = len(self.helpers) - 1
        body = self.block(node, "v", 1, base)
        self.helpers[index] = "\n".join(
            [f"def {name}(v: Any) -> bool:", *body, "    return True", "", ""]
        )
        return f"{name}({var})"

    def _special_expr(self, node: dict[str, Any], var: str) -> str | None:
        keys = _keys(node)
        kind = node.get("type")
        if _integer_pair(node) is not None:
            # (the pair closure's test, in its order)
            (lo0, hi0), (lo1, hi1) = (_int_range(p) for p in node["prefixItems"])  # type: ignore[misc]
            return (
                f"(type({var}) is list and len({var}) == 2 and type({var}[0]) is int and "
                f"type({var}[1]) is int and {lo0!r} <= {var}[0] <= {hi0!r} and "
                f"{lo1!r} <= {var}[1] <= {hi1!r})"
            )
        if keys == {"enum"} or keys == {"const"}:
            options = node["enum"] if "enum" in node else [node["const"]]
            if all(isinstance(o, str | int | bool) or o is None for o in options):
                items = ", ".join(
                    f"({'type(None)' if o is None else type(o).__name__}, {o!r})" for o in options
                )
                allowed = self.constant(f"frozenset([{items}])")
                # (``isinstance(v, str | int | bool) or v is None`` guards the closure's
                # hashing; the set holds exact types only, so testing the exact type first
                # gives the same answers without making the union each time)
                plain = self.constant("(str, int, bool, type(None))")
                return f"(type({var}) in {plain} and (type({var}), {var}) in {allowed})"
            raise UnsupportedSchema("enum of composite values")
        if kind == "integer" and keys <= {"type", "minimum", "maximum"}:
            return f"(type({var}) is int{self._bounds(node, var, 'minimum', 'maximum')})"
        if kind == "boolean" and keys == {"type"}:
            return f"type({var}) is bool"
        if kind == "string" and keys <= {"type", "maxLength", "minLength"}:
            bounds = self._bounds(node, f"len({var})", "minLength", "maxLength")
            return f"(type({var}) is str{bounds})"
        return None

    @staticmethod
    def _bounds(node: dict[str, Any], value: str, low: str, high: str) -> str:
        out = ""
        if low in node:
            out += f" and {node[low]!r} <= {value}"
        if high in node:
            out += f" and {value} <= {node[high]!r}"
        return out

    def _pairs(self, node: dict[str, Any]) -> str:
        """The name of a generated function checking a list of ``node``'s pairs as
        :func:`_pair_list` does (the module imports nothing: this module costs more to
        import than a situation file costs to check)."""
        (lo0, hi0), (lo1, hi1) = (_int_range(p) for p in node["prefixItems"])  # type: ignore[misc]
        key = f"pairs {lo0!r} {hi0!r} {lo1!r} {hi1!r}"
        got = self._names.get(key)
        if got is not None:
            return got
        n = len(self.helpers)
        pair, pairs = f"_pair{n}", f"_pairs{n}"
        self._names[key] = pairs
        lines = [
            f"def {pair}(v: Any) -> bool:",
            "    if type(v) is not list or len(v) != 2:",
            "        return False",
            "    a, b = v",
            f"    return type(a) is int and type(b) is int and {lo0!r} <= a <= {hi0!r} and "
            f"{lo1!r} <= b <= {hi1!r}",
            "",
            "",
        ]
        if lo0 == lo1 and hi0 == hi1 and -(1 << 16) <= lo0 <= hi0 <= 1 << 16:
            allowed = self.constant(f"frozenset(range({int(lo0)}, {int(hi0) + 1}))")
            lines += [
                f"def {pairs}(v: Any) -> bool:",
                "    if not isinstance(v, list) or not v:",
                "        return True",
                "    if list(map(type, v)).count(list) != len(v):",
                f"        return all(map({pair}, v))",
                "    try:",
                "        qs, rs = zip(*v, strict=True)",
                "    except ValueError:",
                f"        return all(map({pair}, v))",
                "    both = qs + rs",
                f"    return list(map(type, both)).count(int) == len(both) and "
                f"{allowed}.issuperset(both)",
            ]
        else:
            lines += [
                f"def {pairs}(v: Any) -> bool:",
                f"    return not isinstance(v, list) or all(map({pair}, v))",
            ]
        self.helpers.append("\n".join([*lines, "", ""]))
        return pairs

    def _keyword_expr(self, key: str, value: Any, node: dict[str, Any], var: str, base: str) -> str:
        if key == "type":
            names = [value] if isinstance(value, str) else list(value)
            tests = {
                "object": f"isinstance({var}, dict)",
                "array": f"isinstance({var}, list)",
                "string": f"isinstance({var}, str)",
                "integer": f"type({var}) is int",
                "number": f"type({var}) in (int, float)",
                "boolean": f"type({var}) is bool",
                "null": f"{var} is None",
            }
            return "(" + " or ".join(tests[n] for n in names) + ")"
        if key == "pattern":
            return f"(not isinstance({var}, str) or {self._pattern(value)}({var}))"
        if key in ("minLength", "maxLength"):
            op = ">=" if key == "minLength" else "<="
            return f"(not isinstance({var}, str) or len({var}) {op} {value!r})"
        if key in ("minimum", "maximum") and type(value) is int:
            op = ">=" if key == "minimum" else "<="
            return f"(type({var}) not in (int, float) or {var} {op} {value!r})"
        if key == "oneOf":
            branches = [self.expr(b, var, base) for b in value]
            return "((" + ") + (".join(branches) + ") == 1)"
        if key == "$ref":
            return self.expr({"$ref": value}, var, base)
        raise UnsupportedSchema(f"keyword {key!r} not written out")

    def _pattern(self, pattern: str) -> str:
        """A generated function for a ``pattern`` of :func:`_class_pattern`'s shape (the
        same test, written out)."""
        if _class_pattern(pattern) is None:
            raise UnsupportedSchema(f"pattern {pattern!r} needs re")
        first_end = pattern.find("]", 2)
        first = _char_class(pattern[2:first_end])
        rest = _char_class(pattern[first_end + 2 : -3])
        assert first is not None and rest is not None
        name = f"_pattern{len(self.helpers)}"
        firsts = self.constant(f"frozenset({''.join(sorted(first))!r})")
        rests = self.constant(f"frozenset({''.join(sorted(rest))!r})")
        self.helpers.append(
            "\n".join(
                [
                    f"def {name}(v: str) -> bool:  # {pattern}",
                    '    if v.endswith("\\n"):',
                    "        v = v[:-1]",
                    f'    return v != "" and v[0] in {firsts} and {rests}.issuperset(v[1:])',
                    "",
                    "",
                ]
            )
        )
        return name

    def block(self, node: Any, var: str, indent: int, base: str) -> list[str]:
        """Statements that return False when ``var`` fails ``node``'s check."""
        pad = "    " * indent
        node, base = self.deref(node, base)
        self._depth += 1
        if self._depth > 12:
            raise UnsupportedSchema("too deep to write out")
        try:
            if isinstance(node, dict) and _object_like(node):
                return self._object_block(node, var, indent, base)
            if isinstance(node, dict) and _array_like(node):
                return self._array_block(node, var, indent, base)
            return [f"{pad}if not {self.expr(node, var, base)}:", f"{pad}    return False"]
        finally:
            self._depth -= 1

    def _object_block(self, node: dict[str, Any], var: str, indent: int, base: str) -> list[str]:
        pad = "    " * indent
        props: dict[str, Any] = node.get("properties", {})
        required = list(node.get("required", ()))
        out = [f"{pad}if type({var}) is not dict:", f"{pad}    return False"]
        if "additionalProperties" in node:
            names = self.constant(f"frozenset({sorted(props)!r})")
            out += [f"{pad}if not {names}.issuperset({var}):", f"{pad}    return False"]
        if required:
            test = " or ".join(f"{n!r} not in {var}" for n in required)
            out += [f"{pad}if {test}:", f"{pad}    return False"]
        item = f"x{self._depth}"
        for name, schema in props.items():
            inner = self.block(schema, item, indent + 1, base)
            if name in required:
                out += [f"{pad}{item} = {var}[{name!r}]"]
                out += [line[4:] for line in inner]
            else:
                out += [f"{pad}if {name!r} in {var}:", f"{pad}    {item} = {var}[{name!r}]"]
                out += inner
        return out

    def _array_block(self, node: dict[str, Any], var: str, indent: int, base: str) -> list[str]:
        pad = "    " * indent
        bounds = self._bounds(node, f"len({var})", "minItems", "maxItems")
        out = [f"{pad}if not (isinstance({var}, list){bounds}):", f"{pad}    return False"]
        items, items_base = self.deref(node["items"], base)
        if isinstance(items, dict) and _integer_pair(items) is not None:
            # a long list by the columns' check (as the closures), a short one pair by pair
            # (the same answer: ``_pair_list`` is ``all(map(pair, v))`` made faster)
            pairs = self._pairs(items)
            item = f"y{self._depth}"
            return [
                *out,
                f"{pad}if len({var}) > 8:",
                f"{pad}    if not {pairs}({var}):",
                f"{pad}        return False",
                f"{pad}else:",
                f"{pad}    for {item} in {var}:",
                f"{pad}        if not {self.expr(items, item, items_base)}:",
                f"{pad}            return False",
            ]
        item = f"y{self._depth}"
        inner = self.block(items, item, indent + 1, items_base)
        return [*out, f"{pad}for {item} in {var}:", *inner]


def _object_like(node: dict[str, Any]) -> bool:
    """The shape :func:`_object` compiles (an object of properties, closed or not)."""
    return (
        node.get("type") == "object"
        and _keys(node) <= {"type", "properties", "required", "additionalProperties"}
        and node.get("additionalProperties", False) is False
    )


def _array_like(node: dict[str, Any]) -> bool:
    """The shape :func:`_array` compiles (items and length bounds)."""
    return (
        node.get("type") == "array"
        and _keys(node) <= {"type", "items", "minItems", "maxItems"}
        and isinstance(node.get("items"), dict)
    )
