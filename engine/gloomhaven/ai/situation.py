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

from collections.abc import Mapping
from dataclasses import dataclass, field
from difflib import get_close_matches
from typing import Any, Literal

from questforge.engine.core.errors import ContentError
from questforge.engine.core.hexgrid import Hex, distance, rotate

Side = Literal["character", "monster"]
TerrainType = Literal["obstacle", "trap", "hazardous", "difficult"]

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


@dataclass(frozen=True)
class Figure:
    """A figure on the board other than the active monster.

    ``side`` is ``"character"`` for the monster's enemies (characters and their summons) and
    ``"monster"`` for its allies. ``initiative`` matters for characters only (99 = long
    rest). The optional flags serve the scenario engine: ``invisible`` enemies cannot be
    focused or targeted and are obstacles to monsters (GH-FOCUS-04, GH-MMOVE-11); a
    ``summon`` shares its summoner's initiative but counts as acting just before it
    (GH-FOCUS-03). ``name`` is only used in explanations.
    """

    hex: Hex
    side: Side
    initiative: int = 0
    invisible: bool = False
    summon: bool = False
    name: str | None = None

    def __post_init__(self) -> None:
        if type(self.hex) is not Hex:
            object.__setattr__(self, "hex", Hex(self.hex[0], self.hex[1]))

    @property
    def label(self) -> str:
        """A short name for rulings: the given name, else e.g. ``C20 at [4, -3]``."""
        if self.name:
            return self.name
        if self.side == "character":
            return f"C{self.initiative} at [{self.hex.q}, {self.hex.r}]"
        return f"ally at [{self.hex.q}, {self.hex.r}]"


@dataclass(frozen=True)
class AoePattern:
    """An area-of-effect pattern.

    Melee (``melee=True``): offsets from the attacker's hex. Ranged: offsets from any one hex
    of the pattern, placed anywhere with at least one hex in range (GH-AOE-04). Any rotation
    is allowed (GH-AOE-01).
    """

    melee: bool
    hexes: tuple[Hex, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "hexes", tuple(Hex(h[0], h[1]) for h in self.hexes))

    def rotations(self) -> list[tuple[Hex, ...]]:
        """The distinct rotations of the pattern (1 to 6 of them)."""
        seen: set[frozenset[Hex]] = set()
        out: list[tuple[Hex, ...]] = []
        for k in range(6):
            rotated = tuple(rotate(h, k) for h in self.hexes)
            key = frozenset(rotated)
            if self.melee:
                norm = key
            else:
                # Ranged patterns may be translated anywhere: compare shapes, not positions.
                q0 = min(h.q for h in rotated)
                r0 = min(h.r for h in rotated if h.q == q0)
                norm = frozenset(Hex(h.q - q0, h.r - r0) for h in rotated)
            if norm not in seen:
                seen.add(norm)
                out.append(rotated)
        return out


@dataclass(frozen=True)
class ActiveMonster:
    """The monster about to act and the move/attack ability it performs.

    ``move`` 0 = no move; ``range`` 0 = melee; ``targets`` 0 = no attack, 6+ = target all.
    """

    hex: Hex
    move: int = 0
    range: int = 0
    targets: int = 1
    flying: bool = False
    jumping: bool = False
    muddled: bool = False
    aoe: AoePattern | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        if type(self.hex) is not Hex:
            object.__setattr__(self, "hex", Hex(self.hex[0], self.hex[1]))


@dataclass(frozen=True)
class Expected:
    """One valid option listed in a test situation's ``expected``."""

    destination: Hex
    attacks: tuple[Hex, ...]


@dataclass(frozen=True, eq=False)
class Situation:
    """A whole situation: board, figures, active monster (and, in test files, answers)."""

    hexes: frozenset[Hex]
    figures: tuple[Figure, ...]
    active: ActiveMonster
    terrain: Mapping[Hex, str] = field(default_factory=dict)
    thin_walls: tuple[tuple[Hex, Hex], ...] = ()
    id: str = ""
    description: str = ""
    orientation: Literal["flat", "pointy"] = "flat"
    expected: tuple[Expected, ...] | None = None

    def __post_init__(self) -> None:
        # Accept plain (q, r) tuples from callers that build situations in code.
        if any(type(h) is not Hex for h in self.hexes):
            object.__setattr__(self, "hexes", frozenset(Hex(h[0], h[1]) for h in self.hexes))
        if any(type(h) is not Hex for h in self.terrain):
            object.__setattr__(
                self, "terrain", {Hex(h[0], h[1]): t for h, t in self.terrain.items()}
            )
        object.__setattr__(
            self,
            "thin_walls",
            tuple((Hex(a[0], a[1]), Hex(b[0], b[1])) for a, b in self.thin_walls),
        )
        object.__setattr__(self, "figures", tuple(self.figures))

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
    return Hex(value[0], value[1])


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
    hexes: set[Hex] = set()
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
    attack_range = _int(act.get("range", 0), "$.active.range", 0)
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
        move=_int(act.get("move", 0), "$.active.move", 0),
        range=attack_range,
        targets=_int(act.get("targets", 1), "$.active.targets", 0),
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
