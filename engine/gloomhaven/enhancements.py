"""Enhancement stickers (GH-ENH): what each sticker is, which ability lines take it, what
it costs, and its text form.

One module answers "may this sticker go on this line?" for everyone: the validator (a
card's printed slot that names a kind its line cannot take, QGH265), the campaign's
``enhance`` town action and the engine applying an enhanced card. It reads abilities
through :class:`AbilityLike`, the fields the content model's ``Ability`` and the
engine's runtime ``Ability`` share by name, so both are checked by the same code.

Kinds of slot (the seed's GH-ENH-03 list; a printed dot names the kinds it takes):
``plus1``, ``negative-condition``, ``positive-condition``, ``jump``, ``element``,
``attack-hex``. A sticker is one concrete enhancement of a kind: ``attack`` (+1
attack), ``poison``, ``fire``, ``any`` (wild element), ``attack-hex`` ...

Costs: the seed gives only the example figures (GH-ENH-09/10). Values the seed leaves
out use the published game's accepted cost table (:data:`BASE_COST`): x2 when the ability
has several targets, except attack hexes (GH-ENH-04); an attack hex costs 200 divided by
the hexes already in the pattern, rounded down as the example's 66 shows (GH-ENH-06);
+25 gold per card level above 1 and +75 per enhancement already on the same action
(GH-ENH-05).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

#: the kinds of enhancement a slot may take (GH-ENH-03)
SLOT_KINDS: tuple[str, ...] = (
    "plus1",
    "negative-condition",
    "positive-condition",
    "jump",
    "element",
    "attack-hex",
)

#: +1 stickers: the value they raise (GH-ENH-03 "+1")
PLUS1_STICKERS: tuple[str, ...] = (
    "move",
    "attack",
    "range",
    "shield",
    "push",
    "pull",
    "pierce",
    "retaliate",
    "heal",
    "target",
    "summon-health",
    "summon-move",
    "summon-attack",
    "summon-range",
)
NEGATIVE_STICKERS: tuple[str, ...] = ("poison", "wound", "muddle", "immobilize", "disarm", "curse")
POSITIVE_STICKERS: tuple[str, ...] = ("strengthen", "bless")
ELEMENT_STICKERS: tuple[str, ...] = ("fire", "ice", "air", "earth", "light", "dark", "any")

#: published game (the seed gives only +1 attack = 50, GH-ENH-09/10): base cost per sticker
BASE_COST: dict[str, int] = {
    "move": 30,
    "attack": 50,
    "range": 30,
    "shield": 100,
    "push": 30,
    "pull": 30,
    "pierce": 30,
    "retaliate": 100,
    "heal": 30,
    "target": 50,
    "poison": 75,
    "wound": 75,
    "muddle": 50,
    "immobilize": 100,
    "disarm": 150,
    "curse": 75,
    "strengthen": 50,
    "bless": 50,
    "jump": 50,
    "fire": 100,
    "ice": 100,
    "air": 100,
    "earth": 100,
    "light": 100,
    "dark": 100,
    "any": 150,
    "summon-health": 50,
    "summon-move": 100,
    "summon-attack": 100,
    "summon-range": 50,
}
#: published game: GH-ENH-06's 200 / hexes; GH-ENH-05's surcharges (the example's figures)
ATTACK_HEX_GOLD = 200
PER_CARD_LEVEL = 25
PER_EARLIER_ENHANCEMENT = 75

#: abilities that are not "main ability lines" (GH-ENH-03): nothing goes on them
_NO_STICKERS = frozenset({"xp", "special", "infuse", "attack-bonus", "negate-damage"})


def kind_of(sticker: str) -> str:
    """The slot kind a sticker needs (``""``: no such sticker)."""
    if sticker in PLUS1_STICKERS:
        return "plus1"
    if sticker in NEGATIVE_STICKERS:
        return "negative-condition"
    if sticker in POSITIVE_STICKERS:
        return "positive-condition"
    if sticker in ELEMENT_STICKERS:
        return "element"
    if sticker in ("jump", "attack-hex"):
        return sticker
    return ""


STICKERS: tuple[str, ...] = (
    *PLUS1_STICKERS,
    *NEGATIVE_STICKERS,
    *POSITIVE_STICKERS,
    "jump",
    *ELEMENT_STICKERS,
    "attack-hex",
)


class PatternLike(Protocol):
    @property
    def hexes(self) -> Sequence[tuple[int, int]]: ...
    @property
    def melee(self) -> bool: ...


class SummonLike(Protocol):
    @property
    def range(self) -> int: ...


class AbilityLike(Protocol):
    """What a sticker looks at: fields the model's and the runtime's ``Ability`` share."""

    @property
    def type(self) -> str: ...
    @property
    def range(self) -> int | None: ...
    @property
    def targets(self) -> int: ...
    @property
    def pierce(self) -> int: ...
    @property
    def push(self) -> int: ...
    @property
    def pull(self) -> int: ...
    @property
    def jump(self) -> bool: ...
    @property
    def affects(self) -> str | None: ...
    @property
    def aoe(self) -> PatternLike | None: ...
    @property
    def stats(self) -> SummonLike | None: ...


def _targets_enemies(a: AbilityLike) -> bool:
    return a.type == "attack" or (a.type == "condition" and a.affects == "enemies")


def _targets_friends(a: AbilityLike) -> bool:
    if a.type in ("heal", "shield", "retaliate"):
        return True
    return a.type == "condition" and a.affects != "enemies"


def kind_fits(a: AbilityLike, kind: str) -> str:
    """``""`` when a slot of ``kind`` may sit on ability line ``a`` (GH-ENH-03), else why not."""
    if a.type in _NO_STICKERS:
        return f"the {a.type} line is not a main ability line"
    if kind == "plus1":
        if a.type in ("move", "attack", "heal", "shield", "retaliate") or a.stats is not None:
            return ""
        return f"the {a.type} line has no value to raise by 1"
    if kind == "negative-condition":
        return "" if _targets_enemies(a) else f"the {a.type} line does not target enemies"
    if kind == "positive-condition":
        return "" if _targets_friends(a) else f"the {a.type} line does not target self or allies"
    if kind == "jump":
        if a.type != "move":
            return f"jump goes on a move line, not on {a.type}"
        return "the move is a jump already" if a.jump else ""
    if kind == "element":
        return ""
    if kind == "attack-hex":
        return "" if a.type == "attack" and a.aoe is not None else "no area attack on the line"
    return f"unknown kind {kind!r} (kinds: {', '.join(SLOT_KINDS)})"


def sticker_fits(a: AbilityLike, sticker: str) -> str:
    """``""`` when ``sticker`` may go on line ``a`` (GH-ENH-03), else why not."""
    kind = kind_of(sticker)
    if not kind:
        return f"unknown enhancement {sticker!r} (known: {', '.join(STICKERS)})"
    why = kind_fits(a, kind)
    if why or kind != "plus1":
        return why
    if sticker.startswith("summon-"):
        if a.stats is None:
            return "only a summon's base stats take a summon +1"
        if sticker == "summon-range" and not a.stats.range:
            return "the summon has no range to raise"
        return ""
    needs = {
        "move": a.type == "move",
        "attack": a.type == "attack",
        "heal": a.type == "heal",
        "shield": a.type == "shield",
        "retaliate": a.type == "retaliate",
        "range": bool(a.range),
        "push": bool(a.push),
        "pull": bool(a.pull),
        "pierce": bool(a.pierce),
        "target": a.targets > 1,
    }
    return "" if needs[sticker] else f"the {a.type} line has no {sticker} to raise by 1"


def hex_fits(a: AbilityLike, hex_: tuple[int, int]) -> str:
    """An attack-hex sticker's hex: new, next to the pattern, not the attacker's own hex."""
    if a.aoe is None:
        return "no area attack on the line"
    pattern = {tuple(h) for h in a.aoe.hexes}
    if tuple(hex_) in pattern:
        return f"hex {list(hex_)} is in the pattern already"
    if a.aoe.melee and tuple(hex_) == (0, 0):
        return "a melee pattern never holds the attacker's own hex (0, 0)"
    q, r = hex_
    near = [(q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1)]
    if not any(n in pattern for n in near):
        return f"hex {list(hex_)} does not touch the pattern"
    return ""


@dataclass(frozen=True)
class Enhancement:
    """One sticker on a card: ``card``'s ``half`` (``top``/``bottom``), ability line
    ``line`` (0 = the first), the ``sticker``, and the ``hex`` an attack hex adds.

    Text form (one word, for setup options and the campaign file):
    ``CARD:top:0:attack`` or ``CARD:top:0:attack-hex:1:-1``."""

    card: str
    half: str
    line: int
    sticker: str
    hex: tuple[int, int] | None = None

    def text(self) -> str:
        tail = f":{self.hex[0]}:{self.hex[1]}" if self.hex is not None else ""
        return f"{self.card}:{self.half}:{self.line}:{self.sticker}{tail}"

    def words(self) -> str:
        """For messages: ``CARD top line 0: attack`` (the text form's ``:top:`` would show
        as an emoji in a terminal that renders emoji codes)."""
        where = f" at {self.hex[0]},{self.hex[1]}" if self.hex is not None else ""
        return f"{self.card} {self.half} line {self.line}: {self.sticker}{where}"

    @classmethod
    def parse(cls, text: str) -> Enhancement:
        """The text form back; ``ValueError`` saying what was expected."""
        parts = text.strip().split(":")
        expected = "CARD:top|bottom:LINE:STICKER (attack-hex: CARD:HALF:LINE:attack-hex:Q:R)"
        try:
            card, half, line, sticker, *rest = parts
            hex_ = (int(rest[0]), int(rest[1])) if sticker == "attack-hex" else None
            if len(rest) != (2 if sticker == "attack-hex" else 0):
                raise ValueError
            number = int(line)
        except (ValueError, IndexError):
            raise ValueError(f"expected {expected}; got {len(parts)} part(s)") from None
        # the messages name the part, not the whole text: a terminal may show ":top:" as
        # an emoji
        if half not in ("top", "bottom"):
            raise ValueError(f"the half is top or bottom, got {half!r}")
        if not kind_of(sticker):
            raise ValueError(f"unknown enhancement {sticker!r} (known: {', '.join(STICKERS)})")
        return cls(card, half, number, sticker, hex_)


def cost(
    a: AbilityLike,
    sticker: str,
    card_level: int,
    earlier: int,
) -> int:
    """GH-ENH-02/04/05/06 with the published table: the sticker's base cost (x2 when the
    ability has several targets, not for attack hexes; an attack hex 200 // hexes in the
    pattern), + 25 per card level above 1, + 75 per earlier enhancement on the action."""
    if sticker == "attack-hex":
        hexes = len(a.aoe.hexes) if a.aoe is not None else 1
        base = ATTACK_HEX_GOLD // max(1, hexes)  # GH-ENH-06: 200 / 3 = 66, rounded down
    else:
        base = BASE_COST[sticker]
        if a.targets > 1 or a.aoe is not None:  # GH-ENH-04: several targets
            base *= 2
    return base + PER_CARD_LEVEL * max(0, card_level - 1) + PER_EARLIER_ENHANCEMENT * earlier
