"""The monster-AI *situation*: one frozen moment of a scenario, as typed data.

A situation is a board (hexes, terrain, thin walls), the figures on it and the one active
monster about to move and/or attack. The format is described in ``SITUATION.md`` and by
``schema/gloomhaven/situation.schema.json``. The solver never sees the content model: the
scenario engine converts its state into a :class:`Situation` (closed doors and other hexes
that count as walls for monsters are simply left out of ``hexes``).

:func:`load_situation` turns parsed JSON into a :class:`Situation` and raises
:class:`SituationError` with the JSON path of the first problem, never a bare ``KeyError``.
"""

from __future__ import annotations

import os
from itertools import repeat

from questforge.engine.core.errors import ContentError
from questforge.engine.core.hexgrid import Hex, HexKey, distance
from questforge.engine.core.plainjson import loads
from questforge.engine.gloomhaven.ai.record import Record, _set

# ``typing`` is not imported at run time (``questforge ai solve`` starts faster without it)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any, Literal

    Side = Literal["character", "monster"]
    TerrainType = Literal["obstacle", "trap", "hazardous", "difficult"]
else:
    Side = TerrainType = str

#: terrain the schema lists (for other rule variants) that the Gloomhaven solver refuses
UNSUPPORTED_TERRAIN: Mapping[str, str] = {
    "icy": "icy terrain is not supported by Gloomhaven rules (it exists in other rule variants)",
}


class SituationError(ContentError):
    """A situation document is malformed; ``path`` is the JSON path of the problem."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class SituationFigure(Record):
    """A figure on the board other than the active monster, as a monster-AI situation
    records it (not the game's live ``game.state.Figure``).

    ``side`` is ``"character"`` for the monster's enemies (characters and their summons) and
    ``"monster"`` for its allies. ``initiative`` matters for characters only (99 = long
    rest). The optional flags serve the scenario engine: ``invisible`` enemies cannot be
    focused or targeted and are obstacles to monsters (GH-FOCUS-04, GH-MMOVE-11); a
    ``summon`` shares its summoner's initiative but counts as acting just before it
    (GH-FOCUS-03). ``name`` is only used in explanations.
    """

    __slots__ = ("hex", "initiative", "invisible", "name", "side", "summon")
    hex: Hex
    side: Side
    initiative: int
    invisible: bool
    summon: bool
    name: str | None

    def __init__(
        self,
        hex: tuple[int, int],
        side: Side,
        initiative: int = 0,
        invisible: bool = False,
        summon: bool = False,
        name: str | None = None,
    ) -> None:
        _set(self, "hex", hex if type(hex) is Hex else Hex(hex[0], hex[1]))
        _set(self, "side", side)
        _set(self, "initiative", initiative)
        _set(self, "invisible", invisible)
        _set(self, "summon", summon)
        _set(self, "name", name)

    @property
    def label(self) -> str:
        """A short name for rulings: the given name, else e.g. ``C20 at [4, -3]``."""
        if self.name:
            return self.name
        if self.side == "character":
            return f"C{self.initiative} at [{self.hex.q}, {self.hex.r}]"
        return f"ally at [{self.hex.q}, {self.hex.r}]"


class AoePattern(Record):
    """An area-of-effect pattern.

    Melee (``melee=True``): offsets from the attacker's hex. Ranged: offsets from any one hex
    of the pattern, placed anywhere with at least one hex in range (GH-AOE-04). Any rotation
    is allowed (GH-AOE-01), and so is the mirror image (GH-REF-10).
    """

    __slots__ = ("hexes", "melee")
    melee: bool
    hexes: tuple[Hex, ...]

    def __init__(self, melee: bool, hexes: tuple[tuple[int, int], ...]) -> None:
        _set(self, "melee", melee)
        _set(self, "hexes", tuple(Hex(h[0], h[1]) for h in hexes))

    def rotations(self) -> list[tuple[Hex, ...]]:
        """The distinct rotations of the pattern (1 to 6 of them), without mirror images."""
        return self._shapes(False)

    def orientations(self) -> list[tuple[Hex, ...]]:
        """Every distinct way the pattern may be laid (1 to 12): the rotations of the
        pattern and of its mirror image (GH-AOE-01, GH-REF-10: a pattern may be flipped,
        for melee and ranged areas alike)."""
        return self._shapes(True)

    def _shapes(self, mirrored: bool) -> list[tuple[Hex, ...]]:
        seen: set[frozenset[tuple[int, int]]] = set()
        out: list[tuple[Hex, ...]] = []
        sources: list[list[tuple[int, int]]] = [[(h[0], h[1]) for h in self.hexes]]
        if mirrored:
            sources.append([(h[1], h[0]) for h in self.hexes])  # ``mirror``
        for source in sources:
            for k in range(6):
                # ``rotate(h, k)`` in closed form, on plain tuples: a Hex is made only for
                # the shapes kept
                rotated = [_ROTATE[k](q, r) for q, r in source]
                key = frozenset(rotated)
                if self.melee:
                    norm = key
                else:
                    # Ranged patterns may be translated anywhere: compare shapes, not
                    # positions.
                    q0 = min(h[0] for h in rotated)
                    r0 = min(h[1] for h in rotated if h[0] == q0)
                    norm = frozenset((h[0] - q0, h[1] - r0) for h in rotated)
                if norm not in seen:
                    seen.add(norm)
                    out.append(tuple(Hex(q, r) for q, r in rotated))
        return out


#: ``rotate(h, k)`` for k = 0 .. 5: ``(q, r) -> (-r, q + r)`` applied k times
_ROTATE: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda q, r: (q, r),
    lambda q, r: (-r, q + r),
    lambda q, r: (-q - r, q),
    lambda q, r: (-q, -r),
    lambda q, r: (r, -q - r),
    lambda q, r: (q + r, -q),
)


class ActiveMonster(Record):
    """The monster about to act and the move/attack ability it performs.

    ``move`` 0 = no move; ``range`` 0 = melee; ``targets`` 0 = no attack, 6+ = target all.
    """

    __slots__ = (
        "aoe",
        "flying",
        "hex",
        "jumping",
        "move",
        "muddled",
        "name",
        "range",
        "targets",
    )
    hex: Hex
    move: int
    range: int
    targets: int
    flying: bool
    jumping: bool
    muddled: bool
    aoe: AoePattern | None
    name: str | None

    def __init__(
        self,
        hex: tuple[int, int],
        move: int = 0,
        range: int = 0,
        targets: int = 1,
        flying: bool = False,
        jumping: bool = False,
        muddled: bool = False,
        aoe: AoePattern | None = None,
        name: str | None = None,
    ) -> None:
        _set(self, "hex", hex if type(hex) is Hex else Hex(hex[0], hex[1]))
        _set(self, "move", move)
        _set(self, "range", range)
        _set(self, "targets", targets)
        _set(self, "flying", flying)
        _set(self, "jumping", jumping)
        _set(self, "muddled", muddled)
        _set(self, "aoe", aoe)
        _set(self, "name", name)


class Expected(Record):
    """One valid option listed in a test situation's ``expected``."""

    __slots__ = ("attacks", "destination")
    destination: Hex
    attacks: tuple[Hex, ...]

    def __init__(self, destination: Hex, attacks: tuple[Hex, ...]) -> None:
        _set(self, "destination", destination)
        _set(self, "attacks", attacks)


def useful_range(attack_range: int, hexes: Iterable[Hex], aoe: AoePattern | None) -> int:
    """``attack_range`` cut to the largest range that can matter on this board.

    No two board hexes are farther apart than the board's axial extent (q span + r span),
    and a ranged area placement that covers a figure has every hex within the pattern's
    width of it; a longer range reaches nothing more. The cut answer is therefore the same,
    while the solver's work (which grows with the square of the range) now depends on the
    board, not on a number such as a boss's ``"range": "1000*C"``. Melee stays melee.
    """
    if attack_range <= 0:
        return attack_range
    qs = [h[0] for h in hexes]
    rs = [h[1] for h in hexes]
    if not qs:
        return attack_range
    extent = (max(qs) - min(qs)) + (max(rs) - min(rs))
    if aoe is not None:
        extent += 2 * max((distance(Hex(0, 0), h) for h in aoe.hexes), default=0)
    return min(attack_range, max(1, extent))


_ONLY_HEX = frozenset((Hex,))
_HEX_OR_TUPLE = frozenset((Hex, tuple))


class Situation(Record):
    """A whole situation: board, figures, active monster (and, in test files, answers).

    Equal only to itself (two situations are compared by their answers, not their data).
    """

    __slots__ = (
        "active",
        "description",
        "expected",
        "figures",
        "hexes",
        "id",
        "orientation",
        "terrain",
        "thin_walls",
    )
    #: the map's hexes: :class:`Hex` or plain ``(q, r)`` tuples (:data:`HexKey`, what
    #: :func:`load_situation` gives), which equal and hash alike
    hexes: frozenset[HexKey]
    figures: tuple[SituationFigure, ...]
    active: ActiveMonster
    terrain: Mapping[Hex, str]
    thin_walls: tuple[tuple[Hex, Hex], ...]
    id: str
    description: str
    orientation: Literal["flat", "pointy"]
    expected: tuple[Expected, ...] | None

    def __init__(
        self,
        hexes: frozenset[Hex] | frozenset[HexKey],
        figures: tuple[SituationFigure, ...] | list[SituationFigure],
        active: ActiveMonster,
        terrain: Mapping[Hex, str] | Mapping[tuple[int, int], str] | None = None,
        thin_walls: tuple[tuple[Hex, Hex], ...] = (),
        id: str = "",
        description: str = "",
        orientation: Literal["flat", "pointy"] = "flat",
        expected: tuple[Expected, ...] | None = None,
    ) -> None:
        # Map hexes may be plain (q, r) tuples (the loader's: equal to and hashing like the
        # Hex of the same coordinates, and several times cheaper to make); anything else
        # (lists, ...) becomes a Hex. (the type test runs in C: a board has hundreds of hexes)
        # (a map made by the loader, see ``_map_hexes``, is known to hold plain tuples)
        loaded = type(hexes) is frozenset and _MAPS.get(hexes) is hexes
        if not loaded and not _HEX_OR_TUPLE.issuperset(map(type, hexes)):
            hexes = frozenset(Hex(h[0], h[1]) for h in hexes)
        if terrain is None:
            terrain = {}
        elif not _ONLY_HEX.issuperset(map(type, terrain)):
            terrain = {Hex(h[0], h[1]): t for h, t in terrain.items()}
        _set(self, "hexes", hexes)
        _set(self, "figures", tuple(figures))
        _set(self, "active", active)
        _set(self, "terrain", terrain)
        _set(
            self,
            "thin_walls",
            tuple((Hex(a[0], a[1]), Hex(b[0], b[1])) for a, b in thin_walls),
        )
        _set(self, "id", id)
        _set(self, "description", description)
        _set(self, "orientation", orientation)
        _set(self, "expected", expected)

    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def figure_at(self, h: Hex) -> SituationFigure | None:
        """The figure standing on ``h`` (not the active monster), if any."""
        for f in self.figures:
            if f.hex == h:
                return f
        return None


# ---------------------------------------------------------------- loading
#
# The format is ``schema/gloomhaven/situation.schema.json``: types, bounds, enums, required
# and unknown properties are checked against it (fast, with a predicate compiled from the
# schema; jsonschema-rs words the error when there is one). What follows the schema check
# is only what a schema cannot say (a hex listed twice, a figure off the map ...) and the
# mapping from JSON to the typed records.

_SCHEMA = ("gloomhaven", "situation")


#: the schemas read so far, by (folder, name)
_LOADED: dict[tuple[str, str], Any] = {}
#: the compiled predicate, once built
_CHECK: list[Callable[[Any], bool]] = []


def _load(folder: str, name: str) -> Any:
    """The schema ``<folder>/<name>``: equal to ``questforge.schema.load_schema``'s, but a
    shipped file is parsed without importing ``json`` (a start-up cost of ``ai solve``)."""
    got = _LOADED.get((folder, name))
    if got is None:
        from questforge.schema import load_schema, shipped_path

        path = shipped_path(folder, name)
        if path is None:
            got = load_schema(folder, name)
        else:
            with open(path, encoding="utf-8") as stream:
                got = loads(stream.read())
        _LOADED[(folder, name)] = got
    return got


def _resolve(uri: str) -> Any:
    """The schema node a ``$ref`` URI names (shipped schemas only: no network).

    A definition in a shipped document not read yet (``defs.schema.json#/$defs/hex``: the
    situation schema's only reference, into a file of a hundred definitions) is parsed on
    its own (:func:`~questforge.engine.core.plainjson.member_at`), the rest of the file not
    at all; anything else reads the whole document.
    """
    from questforge.schema import BASE_URI, SUFFIX

    document, _, fragment = uri.partition("#")
    folder, _, file = document.removeprefix(BASE_URI).partition("/")
    name = file.removesuffix(SUFFIX)
    parts = [p for p in fragment.split("/") if p]
    if len(parts) == 2 and parts[0] == "$defs" and (folder, name) not in _LOADED:
        got = _DEFS.get(uri)
        if got is None:
            got = _DEFS[uri] = _definition(folder, name, parts)
        if got is not _NO_DEF:
            return got
    node: Any = _load(folder, name)
    for part in parts:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


#: definitions read on their own (:func:`_resolve`), by URI; :data:`_NO_DEF` where the
#: whole document must be read instead
_DEFS: dict[str, Any] = {}
_NO_DEF = object()


def _definition(folder: str, name: str, parts: list[str]) -> Any:
    from questforge.engine.core.plainjson import member_at
    from questforge.schema import shipped_path

    path = shipped_path(folder, name)
    if path is None:
        return _NO_DEF
    with open(path, encoding="utf-8") as stream:
        text = stream.read()
    try:
        return member_at(text, parts)
    except ValueError:
        return _NO_DEF


def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = _load(*_SCHEMA)
    return schema


def _is_valid() -> Callable[[Any], bool]:
    if not _CHECK:
        check = _generated_check()
        if check is None:
            from questforge.engine.core.schemacheck import compile_check

            schema = _schema()
            check = compile_check(schema, str(schema["$id"]), _resolve)
        _CHECK.append(check)
    return _CHECK[0]


def _generated_check() -> Callable[[Any], bool] | None:
    """The schema predicate written out as a module (``situation_check.py``, by
    :func:`check_source`): the closures' answers without a call per value, and nothing to
    compile at start-up. Used only while every schema file it was written from is exactly
    as it was (else the closures are compiled from the schema, as before)."""
    try:
        from questforge.engine.gloomhaven.ai import situation_check as generated
    except ImportError:  # pragma: no cover - the module is shipped
        return None
    for folder, name, text in generated.SOURCES:
        try:
            with open(_shipped_file(folder, name), encoding="utf-8") as stream:
                if stream.read() != text:
                    return None
        except OSError:
            return None
    return generated.check


def _shipped_file(folder: str, name: str) -> str:
    """Where ``questforge.schema.shipped_path`` finds a shipped schema (the schema folder
    sits beside this package's ``engine`` folder, in a checkout and an install alike),
    found without importing ``questforge.schema`` (a start-up cost: it resolves its own
    path through every symbolic link); a test checks the two agree."""
    engine = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
    return os.path.join(os.path.dirname(engine), "schema", folder, f"{name}.schema.json")


def check_source() -> str:
    """The source of ``situation_check.py`` for the shipped situation schema (a test
    checks the shipped module is this; write it again after changing the schema)."""
    from questforge.engine.core.schemacheck import generate_source
    from questforge.schema import BASE_URI, SUFFIX, shipped_path

    def text_of(uri: str) -> tuple[str, str, str]:
        folder, _, file = uri.removeprefix(BASE_URI).partition("/")
        name = file.removesuffix(SUFFIX)
        path = shipped_path(folder, name)
        assert path is not None, uri
        with open(path, encoding="utf-8") as stream:
            return folder, name, stream.read()

    schema = _schema()
    return generate_source(schema, str(schema["$id"]), _resolve, text_of)


def _schema_error(data: Any) -> SituationError:
    """The first schema error of ``data`` (known to be invalid), in the loader's words.

    jsonschema-rs is imported here only: a valid situation never pays for it.
    """
    import jsonschema_rs

    from questforge.schema import BASE_URI, SUFFIX, load_schema

    def registry_entries() -> list[tuple[str, Any]]:
        return [
            (f"{BASE_URI}{folder}/{name}{SUFFIX}", load_schema(folder, name))
            for folder, name in (("gloomhaven", "defs"), ("common", "defs"))
        ]

    registry = jsonschema_rs.Registry(registry_entries())
    schema = _schema()
    validator = jsonschema_rs.validator_for(schema, registry=registry)
    errors = list(validator.iter_errors(data))
    if errors:
        first = min(errors, key=lambda e: _reading_order(data, e))
        return _explain(
            first, data, lambda sub: jsonschema_rs.validator_for(sub, registry=registry)
        )
    # jsonschema-rs accepts 1.0 as an integer; the loader wants a Python int
    found = _first_float(data, "$")
    if found is not None:
        return SituationError(found, "expected an integer, got a number")
    return SituationError("$", "not a valid situation")  # pragma: no cover - the two agree


def _reading_order(data: Any, error: Any) -> tuple[tuple[int, ...], int]:
    """Where a reader meets ``error``: the position of its place in the document, and an
    object's own problems (an unknown or a missing property) before its values' - so a
    misspelt flag is what the author hears about first."""
    positions: list[int] = []
    node = data
    for part in error.instance_path:
        if isinstance(node, dict):
            keys = list(node)
            positions.append(keys.index(str(part)) if str(part) in node else len(keys))
            node = node.get(str(part))
        elif isinstance(node, list) and isinstance(part, int):
            positions.append(part)
            node = node[part] if part < len(node) else None
    own = type(error.kind).__name__ in ("AdditionalProperties", "Required")
    return tuple(positions), 0 if own else 1


def _explain(
    error: Any, data: Any, validator_for: Callable[[Any], Any], root: Any = None
) -> SituationError:
    """One jsonschema-rs error as a :class:`SituationError` (path ``$.a.b[0]``). ``root``:
    the schema node a sub-validator ran on (a ``oneOf`` branch, which has no URI of its
    own), for keyword locations without a URI."""

    def _node_at(location: str) -> Any:
        return _schema_node_at(location, root)

    parts = list(error.instance_path)
    location = str(getattr(error, "absolute_keyword_location", "") or "")
    if not location and root is not None:  # a sub-schema of no URI: its keyword path
        location = "#/" + "/".join(str(p) for p in getattr(error, "schema_path", ()))
    kind = type(error.kind).__name__
    value = _at(data, parts)
    if "/$defs/hex" in location:
        # anything wrong inside a hex: say so at the hex, with the schema's bounds
        inside = location.split("/$defs/hex", 1)[1].lstrip("/").split("/", 1)[0]
        if inside in ("prefixItems", "items"):
            parts = parts[:-1]
        bound = _resolve(location.split("#", 1)[0] + "#/$defs/hex/prefixItems/0").get("maximum")
        return SituationError(
            _dollar(parts),
            f"expected a hex [q, r] of two integers between -{bound} and {bound}",
        )
    if kind == "AdditionalProperties":
        key = str(next(iter(error.kind.unexpected)))
        allowed = sorted(_node_at(location).get("properties", {}))
        from difflib import get_close_matches

        close = get_close_matches(key, allowed, n=1)
        hint = f"did you mean '{close[0]}'?" if close else "allowed: " + ", ".join(allowed)
        return SituationError(_dollar([*parts, key]), f"unknown property '{key}' ({hint})")
    if kind == "Required":
        return SituationError(_dollar(parts), f"missing required property '{error.kind.property}'")
    if kind == "Type":
        wanted = " or ".join(_TYPE_WORDS.get(str(t).lower(), str(t)) for t in _types(error.kind))
        from questforge.schema.jsontypes import type_in_words  # (errors only: a start-up cost)

        return SituationError(_dollar(parts), f"expected {wanted}, got {type_in_words(value)}")
    if kind in ("Enum", "Constant"):
        node = _node_at(location)
        options = node["enum"] if "enum" in node else [node.get("const")]
        words = (
            " or ".join(repr(o) for o in options)
            if len(options) <= 2
            else "one of " + ", ".join(repr(o) for o in options)
        )
        return SituationError(_dollar(parts), f"expected {words}, got {value!r}")
    if kind in ("Minimum", "Maximum"):
        limit = _node_at(location).get("minimum" if kind == "Minimum" else "maximum")
        side = "at least" if kind == "Minimum" else "at most"
        return SituationError(_dollar(parts), f"must be {side} {limit}, got {value}")
    if kind in ("MinItems", "MaxItems"):
        limit = _node_at(location).get("minItems" if kind == "MinItems" else "maxItems")
        side = "at least" if kind == "MinItems" else "at most"
        count = len(value) if isinstance(value, list) else 0
        noun = "item" if limit == 1 else "items"
        return SituationError(_dollar(parts), f"needs {side} {limit} {noun}, got {count}")
    if kind == "OneOfNotValid":
        # ``null`` or an object: explain against the branch of the value's type
        for branch in _node_at(location).get("oneOf", []):
            if branch.get("type") != "null" and value is not None:
                for sub in validator_for(branch).iter_errors(value):
                    inner = _explain(sub, value, validator_for, branch)
                    return SituationError(_dollar(parts) + inner.path[1:], inner.message)
    return SituationError(_dollar(parts), str(error.message))


_TYPE_WORDS = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def _types(kind: Any) -> list[Any]:
    found = getattr(kind, "types", None)
    if found is None:
        found = [getattr(kind, "type", "")]
    return [getattr(t, "name", t) for t in found]


def _schema_node_at(location: str, root: Any = None) -> Any:
    """The schema node at an absolute keyword location, without its last keyword; a
    location without a URI is inside ``root`` (a sub-schema validated on its own)."""
    uri, _, pointer = location.partition("#")
    parent = pointer.rsplit("/", 1)[0]
    if not uri and root is not None:
        node = root
        for part in (p for p in parent.split("/") if p):
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node
    return _resolve(f"{uri}#{parent}")


def _at(data: Any, parts: list[Any]) -> Any:
    node = data
    for part in parts:
        try:
            node = node[part] if isinstance(node, list) else node[str(part)]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _dollar(parts: Iterable[Any]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts)


def _first_float(data: Any, path: str) -> str | None:
    if isinstance(data, float):
        return path
    if isinstance(data, dict):
        items: Iterable[tuple[str, Any]] = ((f"{path}.{k}", v) for k, v in data.items())
    elif isinstance(data, list):
        items = ((f"{path}[{i}]", v) for i, v in enumerate(data))
    else:
        return None
    for where, value in items:
        found = _first_float(value, where)
        if found is not None:
            return found
    return None


def _hexes(values: list[Any], path: str) -> list[Hex]:
    """Schema-valid ``[q, r]`` pairs as hexes; a hex listed twice is refused."""
    # (built in C: ``tuple.__new__(Hex, v)`` for each, without a Python-level loop)
    out = list(map(tuple.__new__, repeat(Hex, len(values)), values))
    if len(set(out)) != len(out):
        seen: set[Hex] = set()
        for i, h in enumerate(out):
            if h in seen:
                raise SituationError(f"{path}[{i}]", f"hex {list(h)} is listed twice")
            seen.add(h)
    return out


def _map_hexes(values: list[Any], path: str) -> frozenset[HexKey]:
    """Schema-valid ``[q, r]`` pairs as a set of plain ``(q, r)`` tuples (made in C: a map
    lists hundreds of hexes, and a named tuple costs several times more to make); a hex
    listed twice is refused, as :func:`_hexes` words it."""
    out: frozenset[HexKey] = frozenset(map(tuple, values))
    if len(out) != len(values):
        _hexes(values, path)  # raises, naming the second listing
    # One object per distinct map (a folder of situations repeats a few maps): the
    # solver's per-map tables (``GeometryCache``) are then found by identity, without
    # comparing two sets of hundreds of hexes on every solve. (A few maps are kept.)
    got = _MAPS.get(out)
    if got is None:
        if len(_MAPS) >= 64:
            _MAPS.clear()
        got = _MAPS[out] = out
    return got


#: the maps :func:`_map_hexes` handed out recently, each once
_MAPS: dict[frozenset[HexKey], frozenset[HexKey]] = {}


def load_situation(data: Any) -> Situation:
    """Build a :class:`Situation` from parsed JSON; raises :class:`SituationError`.

    The JSON is checked against ``situation.schema.json`` first (the schema's message, at
    the JSON path of the problem); then the rules a schema cannot state, each at its path.
    """
    if not _is_valid()(data):
        raise _schema_error(data)
    return _from_valid(data, _map_hexes(data["map"]["hexes"], "$.map.hexes"))


def _from_valid(data: Any, hexes: frozenset[HexKey]) -> Situation:
    """:func:`load_situation` after the schema check, given the map's hexes as
    :func:`_map_hexes` makes them (a reader that has them already skips that step)."""
    board = data["map"]
    terrain: dict[Hex, str] = {}
    # (each problem's path is written only when it is raised)
    for i, t in enumerate(board.get("terrain", [])):
        h, ttype = Hex(*t["hex"]), t["type"]
        if ttype in UNSUPPORTED_TERRAIN:
            raise SituationError(f"$.map.terrain[{i}].type", UNSUPPORTED_TERRAIN[ttype])
        if h not in hexes:
            raise SituationError(f"$.map.terrain[{i}].hex", f"hex {list(h)} is not on the map")
        if h in terrain and terrain[h] != ttype:
            raise SituationError(
                f"$.map.terrain[{i}]", f"hex {list(h)} already has terrain {terrain[h]!r}"
            )
        terrain[h] = ttype

    thin: list[tuple[Hex, Hex]] = []
    for i, (a, b) in enumerate(board.get("thin_walls", [])):
        wall = (Hex(*a), Hex(*b))
        if distance(*wall) != 1:
            raise SituationError(f"$.map.thin_walls[{i}]", f"hexes {a} and {b} are not adjacent")
        thin.append(wall)

    act = data["active"]
    ahex = Hex(*act["hex"])
    if ahex not in hexes:
        raise SituationError("$.active.hex", f"hex {list(ahex)} is not on the map")
    flying = act.get("flying", False)
    if terrain.get(ahex) == "obstacle" and not flying:
        # GH-OBST-02: only a flying figure can be on an obstacle hex.
        raise SituationError(
            "$.active.hex",
            f"the active monster stands on an obstacle at {list(ahex)} but is not flying",
        )
    aoe: AoePattern | None = None
    attack_range = act.get("range", 0)
    if act.get("aoe") is not None:
        melee = act["aoe"]["melee"]
        pattern = tuple(_hexes(act["aoe"]["hexes"], "$.active.aoe.hexes"))
        if melee and Hex(0, 0) in pattern:
            raise SituationError(
                "$.active.aoe.hexes", "a melee pattern cannot include the attacker's hex [0, 0]"
            )
        if melee and attack_range > 0:
            raise SituationError(
                "$.active.range",
                f"a melee area pattern (aoe.melee true) is not a ranged attack, got range "
                f"{attack_range} (use 0, or make the pattern ranged)",
            )
        if not melee and attack_range == 0:
            raise SituationError(
                "$.active.aoe.melee",
                "a ranged area pattern (aoe.melee false) needs a range of at least 1, got "
                "range 0 (give active.range, or make the pattern melee)",
            )
        aoe = AoePattern(melee, pattern)
    active = ActiveMonster(
        hex=ahex,
        move=act.get("move", 0),
        range=attack_range,
        targets=act.get("targets", 1),
        flying=flying,
        jumping=act.get("jumping", False),
        muddled=act.get("muddled", False),
        aoe=aoe,
        name=act.get("name"),
    )

    figures: list[SituationFigure] = []
    taken: dict[Hex, int] = {ahex: -1}  # (where: a figure's index, -1 the active monster)
    for i, f in enumerate(data["figures"]):
        h = Hex(*f["hex"])
        if h not in hexes:
            raise SituationError(f"$.figures[{i}].hex", f"hex {list(h)} is not on the map")
        # Other figures may stand on obstacles: the format does not say whether they fly
        # (GH-OBST-02), and the engine exports flying allies standing on obstacles.
        if h in taken:
            where = taken[h]
            raise SituationError(
                f"$.figures[{i}].hex",
                f"hex {list(h)} is already occupied "
                f"({'$.active.hex' if where < 0 else f'$.figures[{where}]'})",
            )
        taken[h] = i
        figures.append(
            SituationFigure(
                hex=h,
                side=f["side"],
                initiative=f.get("initiative", 0),
                invisible=f.get("invisible", False),
                summon=f.get("summon", False),
                name=f.get("name"),
            )
        )

    expected: tuple[Expected, ...] | None = None
    if "expected" in data:
        expected = tuple(
            Expected(Hex(*e["destination"]), tuple(sorted(Hex(*h) for h in e["attacks"])))
            for e in data["expected"]
        )

    return Situation(
        hexes=hexes,
        figures=tuple(figures),
        active=active,
        terrain=terrain,
        thin_walls=tuple(thin),
        id=data.get("id", ""),
        description=data.get("description", ""),
        orientation=data.get("orientation", "flat"),
        expected=expected,
    )
