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

from collections.abc import Iterable, Mapping
from itertools import chain, repeat

from questforge.engine.core.errors import ContentError
from questforge.engine.core.hexgrid import Hex, distance, mirror, rotate
from questforge.engine.gloomhaven.ai.record import Record, _set

# ``typing`` is not imported at run time (``questforge ai solve`` starts faster without it)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal

    Side = Literal["character", "monster"]
    TerrainType = Literal["obstacle", "trap", "hazardous", "difficult"]
else:
    Side = TerrainType = str

TERRAIN_TYPES: frozenset[str] = frozenset({"obstacle", "trap", "hazardous", "difficult"})
UNSUPPORTED_TERRAIN: Mapping[str, str] = {
    "icy": "icy terrain is not supported by Gloomhaven rules (it exists in other rule variants)",
}


class SituationError(ContentError):
    """A situation document is malformed; ``path`` is the JSON path of the problem."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class Figure(Record):
    """A figure on the board other than the active monster.

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
        seen: set[frozenset[Hex]] = set()
        out: list[tuple[Hex, ...]] = []
        sources = [self.hexes]
        if mirrored:
            sources.append(tuple(mirror(h) for h in self.hexes))
        for source in sources:
            for k in range(6):
                rotated = tuple(rotate(h, k) for h in source)
                key = frozenset(rotated)
                if self.melee:
                    norm = key
                else:
                    # Ranged patterns may be translated anywhere: compare shapes, not
                    # positions.
                    q0 = min(h.q for h in rotated)
                    r0 = min(h.r for h in rotated if h.q == q0)
                    norm = frozenset(Hex(h.q - q0, h.r - r0) for h in rotated)
                if norm not in seen:
                    seen.add(norm)
                    out.append(rotated)
        return out


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
    hexes: frozenset[Hex]
    figures: tuple[Figure, ...]
    active: ActiveMonster
    terrain: Mapping[Hex, str]
    thin_walls: tuple[tuple[Hex, Hex], ...]
    id: str
    description: str
    orientation: Literal["flat", "pointy"]
    expected: tuple[Expected, ...] | None

    def __init__(
        self,
        hexes: frozenset[Hex] | frozenset[tuple[int, int]],
        figures: tuple[Figure, ...] | list[Figure],
        active: ActiveMonster,
        terrain: Mapping[Hex, str] | Mapping[tuple[int, int], str] | None = None,
        thin_walls: tuple[tuple[Hex, Hex], ...] = (),
        id: str = "",
        description: str = "",
        orientation: Literal["flat", "pointy"] = "flat",
        expected: tuple[Expected, ...] | None = None,
    ) -> None:
        # Accept plain (q, r) tuples from callers that build situations in code.
        if hexes and set(map(type, hexes)) != {Hex}:
            hexes = frozenset(Hex(h[0], h[1]) for h in hexes)
        if terrain is None:
            terrain = {}
        elif any(type(h) is not Hex for h in terrain):
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

    def figure_at(self, h: Hex) -> Figure | None:
        """The figure standing on ``h`` (not the active monster), if any."""
        for f in self.figures:
            if f.hex == h:
                return f
        return None


# ---------------------------------------------------------------- loading


def _obj(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SituationError(path, f"expected an object, got {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


#: input bounds of the format (``situation.schema.json`` says the same): the solver's work
#: grows with the square of the range and with the board, so absurd numbers are refused
#: at once instead of running for minutes
MAX_COORDINATE = 1000
MAX_STAT = 50  # move and range
MAX_TARGETS = 99
MAX_HEXES = 5000


def _int(value: Any, path: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SituationError(path, f"expected an integer, got {_kind(value)}")
    if minimum is not None and value < minimum:
        raise SituationError(path, f"must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise SituationError(path, f"must be at most {maximum}, got {value}")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise SituationError(path, f"expected true or false, got {_kind(value)}")
    return value


def _hex(value: Any, path: str) -> Hex:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise SituationError(path, "expected a hex [q, r] of two integers")
    if any(abs(v) > MAX_COORDINATE for v in value):
        raise SituationError(
            path, f"coordinates must be between -{MAX_COORDINATE} and {MAX_COORDINATE}"
        )
    return Hex(value[0], value[1])


def _plain_hexes(values: list[Any]) -> set[Hex]:
    """The hexes of a list of ``[q, r]`` integer pairs, in one pass (a map lists hundreds);
    an empty set as soon as one item is anything else, so the caller checks each item."""
    # Checked with built-ins over the whole list (``map``, ``set``, ``min``/``max``), no
    # Python-level loop per hex: a map of a hundred hexes is most of a situation file.
    try:
        out = set(map(tuple.__new__, repeat(Hex, len(values)), values))
    except TypeError:  # an item that is no sequence
        return set()
    if set(map(len, out)) != {2}:
        return set()
    coords = list(chain.from_iterable(out))
    # every item held two integers (``bool`` is a type of its own here, so it fails too)
    if set(map(type, coords)) != {int}:
        return set()
    if max(coords) > MAX_COORDINATE or min(coords) < -MAX_COORDINATE:
        return set()  # out of bounds: the caller's per-item check says where
    return out


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise SituationError(path, f"expected an array, got {_kind(value)}")
    return value


#: the properties each object of the format may have (``situation.schema.json``); anything
#: else is refused, so a misspelt flag (``"muddeld": true``) cannot silently change the answer
ROOT_KEYS = frozenset(
    {
        "$schema",
        "kind",
        "format",
        "id",
        "description",
        "orientation",
        "map",
        "figures",
        "active",
        "expected",
    }
)
MAP_KEYS = frozenset({"hexes", "terrain", "thin_walls"})
TERRAIN_KEYS = frozenset({"hex", "type"})
FIGURE_KEYS = frozenset({"hex", "side", "initiative", "invisible", "summon", "name"})
ACTIVE_KEYS = frozenset(
    {"hex", "name", "move", "range", "targets", "flying", "jumping", "muddled", "aoe"}
)
AOE_KEYS = frozenset({"melee", "hexes"})
EXPECTED_KEYS = frozenset({"destination", "attacks", "focus"})


def _known(obj: Mapping[str, Any], allowed: frozenset[str], path: str) -> None:
    """Refuse a property the format does not have, suggesting the closest known one."""
    for key in obj:
        if key not in allowed:
            from difflib import get_close_matches

            close = get_close_matches(str(key), sorted(allowed), n=1)
            hint = (
                f"did you mean '{close[0]}'?" if close else "allowed: " + ", ".join(sorted(allowed))
            )
            raise SituationError(f"{path}.{key}", f"unknown property '{key}' ({hint})")


def _require(obj: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in obj:
        raise SituationError(path, f"missing required property '{key}'")
    return obj[key]


def load_situation(data: Any) -> Situation:
    """Build a :class:`Situation` from parsed JSON; raises :class:`SituationError`."""
    root = _obj(data, "$")
    _known(root, ROOT_KEYS, "$")
    kind = root.get("kind", "situation")
    if kind != "situation":
        raise SituationError("$.kind", f"expected 'situation', got {kind!r}")
    if "format" in root and _int(root["format"], "$.format") != 1:
        raise SituationError("$.format", f"unsupported format {root['format']} (this is format 1)")
    sid = root.get("id", "")
    if not isinstance(sid, str):
        raise SituationError("$.id", f"expected a string, got {_kind(sid)}")
    description = root.get("description", "")
    if not isinstance(description, str):
        raise SituationError("$.description", f"expected a string, got {_kind(description)}")
    orientation = root.get("orientation", "flat")
    if orientation not in ("flat", "pointy"):
        raise SituationError("$.orientation", f"expected 'flat' or 'pointy', got {orientation!r}")

    board = _obj(_require(root, "map", "$"), "$.map")
    _known(board, MAP_KEYS, "$.map")
    hex_list = _list(_require(board, "hexes", "$.map"), "$.map.hexes")
    if len(hex_list) > MAX_HEXES:
        raise SituationError("$.map.hexes", f"at most {MAX_HEXES} hexes, got {len(hex_list)}")
    hexes: set[Hex] = _plain_hexes(hex_list)
    if len(hexes) != len(hex_list):  # not plain pairs of integers, or a hex listed twice
        hexes = set()
        for i, raw in enumerate(hex_list):
            h = _hex(raw, f"$.map.hexes[{i}]")
            if h in hexes:
                raise SituationError(f"$.map.hexes[{i}]", f"hex {list(h)} is listed twice")
            hexes.add(h)
    if not hexes:
        raise SituationError("$.map.hexes", "the map has no hexes")

    terrain: dict[Hex, str] = {}
    for i, raw in enumerate(_list(board.get("terrain", []), "$.map.terrain")):
        p = f"$.map.terrain[{i}]"
        t = _obj(raw, p)
        _known(t, TERRAIN_KEYS, p)
        h = _hex(_require(t, "hex", p), p + ".hex")
        ttype = _require(t, "type", p)
        if ttype in UNSUPPORTED_TERRAIN:
            raise SituationError(p + ".type", UNSUPPORTED_TERRAIN[ttype])
        if ttype not in TERRAIN_TYPES:
            raise SituationError(
                p + ".type",
                f"unknown terrain {ttype!r} (expected one of {', '.join(sorted(TERRAIN_TYPES))})",
            )
        if h not in hexes:
            raise SituationError(p + ".hex", f"hex {list(h)} is not on the map")
        if h in terrain and terrain[h] != ttype:
            raise SituationError(p, f"hex {list(h)} already has terrain {terrain[h]!r}")
        terrain[h] = ttype

    thin: list[tuple[Hex, Hex]] = []
    for i, raw in enumerate(_list(board.get("thin_walls", []), "$.map.thin_walls")):
        p = f"$.map.thin_walls[{i}]"
        pair = _list(raw, p)
        if len(pair) != 2:
            raise SituationError(p, "expected a pair of adjacent hexes [[q, r], [q, r]]")
        a = _hex(pair[0], p + "[0]")
        b = _hex(pair[1], p + "[1]")
        if distance(a, b) != 1:
            raise SituationError(p, f"hexes {list(a)} and {list(b)} are not adjacent")
        thin.append((a, b))

    act = _obj(_require(root, "active", "$"), "$.active")
    _known(act, ACTIVE_KEYS, "$.active")
    ahex = _hex(_require(act, "hex", "$.active"), "$.active.hex")
    if ahex not in hexes:
        raise SituationError("$.active.hex", f"hex {list(ahex)} is not on the map")
    if terrain.get(ahex) == "obstacle" and act.get("flying") is not True:
        # GH-OBST-02: only a flying figure can be on an obstacle hex.
        raise SituationError(
            "$.active.hex",
            f"the active monster stands on an obstacle at {list(ahex)} but is not flying",
        )
    aoe: AoePattern | None = None
    raw_aoe = act.get("aoe")
    if raw_aoe is not None:
        ao = _obj(raw_aoe, "$.active.aoe")
        _known(ao, AOE_KEYS, "$.active.aoe")
        melee = _bool(_require(ao, "melee", "$.active.aoe"), "$.active.aoe.melee")
        cells = _list(_require(ao, "hexes", "$.active.aoe"), "$.active.aoe.hexes")
        if not cells:
            raise SituationError("$.active.aoe.hexes", "an area pattern needs at least one hex")
        pattern = tuple(_hex(c, f"$.active.aoe.hexes[{i}]") for i, c in enumerate(cells))
        for i, h in enumerate(pattern):
            if h in pattern[:i]:
                raise SituationError(
                    f"$.active.aoe.hexes[{i}]", f"hex {list(h)} is listed twice in the pattern"
                )
        if melee and Hex(0, 0) in pattern:
            raise SituationError(
                "$.active.aoe.hexes", "a melee pattern cannot include the attacker's hex [0, 0]"
            )
        aoe = AoePattern(melee, pattern)
    attack_range = _int(act.get("range", 0), "$.active.range", 0, MAX_STAT)
    if aoe is not None and aoe.melee and attack_range > 0:
        raise SituationError(
            "$.active.range",
            f"a melee area pattern (aoe.melee true) is not a ranged attack, got range "
            f"{attack_range} (use 0, or make the pattern ranged)",
        )
    if aoe is not None and not aoe.melee and attack_range == 0:
        raise SituationError(
            "$.active.aoe.melee",
            "a ranged area pattern (aoe.melee false) needs a range of at least 1, got range 0 "
            "(give active.range, or make the pattern melee)",
        )
    raw_name = act.get("name")
    if raw_name is not None and not isinstance(raw_name, str):
        raise SituationError("$.active.name", f"expected a string, got {_kind(raw_name)}")
    active = ActiveMonster(
        hex=ahex,
        move=_int(act.get("move", 0), "$.active.move", 0, MAX_STAT),
        range=attack_range,
        targets=_int(act.get("targets", 1), "$.active.targets", 0, MAX_TARGETS),
        flying=_bool(act.get("flying", False), "$.active.flying"),
        jumping=_bool(act.get("jumping", False), "$.active.jumping"),
        muddled=_bool(act.get("muddled", False), "$.active.muddled"),
        aoe=aoe,
        name=raw_name,
    )

    figures: list[Figure] = []
    taken: dict[Hex, str] = {ahex: "$.active.hex"}
    for i, raw in enumerate(_list(_require(root, "figures", "$"), "$.figures")):
        p = f"$.figures[{i}]"
        f = _obj(raw, p)
        _known(f, FIGURE_KEYS, p)
        h = _hex(_require(f, "hex", p), p + ".hex")
        if h not in hexes:
            raise SituationError(p + ".hex", f"hex {list(h)} is not on the map")
        # Other figures may stand on obstacles: the format does not say whether they fly
        # (GH-OBST-02), and the engine exports flying allies standing on obstacles.
        if h in taken:
            raise SituationError(p + ".hex", f"hex {list(h)} is already occupied ({taken[h]})")
        taken[h] = p
        side = _require(f, "side", p)
        if side not in ("character", "monster"):
            raise SituationError(p + ".side", f"expected 'character' or 'monster', got {side!r}")
        name = f.get("name")
        if name is not None and not isinstance(name, str):
            raise SituationError(p + ".name", f"expected a string, got {_kind(name)}")
        figures.append(
            Figure(
                hex=h,
                side=side,
                initiative=_int(f.get("initiative", 0), p + ".initiative", 0, 99),
                invisible=_bool(f.get("invisible", False), p + ".invisible"),
                summon=_bool(f.get("summon", False), p + ".summon"),
                name=name,
            )
        )

    expected: tuple[Expected, ...] | None = None
    if "expected" in root:
        items = []
        for i, raw in enumerate(_list(root["expected"], "$.expected")):
            p = f"$.expected[{i}]"
            e = _obj(raw, p)
            _known(e, EXPECTED_KEYS, p)
            dest = _hex(_require(e, "destination", p), p + ".destination")
            attacks = tuple(
                sorted(
                    _hex(a, f"{p}.attacks[{j}]")
                    for j, a in enumerate(_list(_require(e, "attacks", p), p + ".attacks"))
                )
            )
            items.append(Expected(dest, attacks))
        expected = tuple(items)

    return Situation(
        hexes=frozenset(hexes),
        figures=tuple(figures),
        active=active,
        terrain=terrain,
        thin_walls=tuple(thin),
        id=sid,
        description=description,
        orientation=orientation,
        expected=expected,
    )
