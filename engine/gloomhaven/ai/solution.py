"""What the solver answers: the valid options, and why (for rulings and the editor)."""

from __future__ import annotations

from questforge.engine.core.hexgrid import Hex
from questforge.engine.gloomhaven.ai.record import OrderedRecord, Record, _set

# ``typing`` is not imported at run time (``questforge ai solve`` starts faster without it)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Option(OrderedRecord):
    """One equally valid choice: where the move ends and which hexes are attacked.

    ``attacks`` is sorted; ``focus`` is the focused enemy's hex (``None`` without focus).
    Two options are the same choice when destination and attacks are equal (GH-AMBIG-01).
    """

    __slots__ = ("attacks", "destination", "focus")
    destination: Hex
    attacks: tuple[Hex, ...]
    focus: Hex | None

    def __init__(self, destination: Hex, attacks: tuple[Hex, ...], focus: Hex | None) -> None:
        _set(self, "destination", destination)
        _set(self, "attacks", attacks)
        _set(self, "focus", focus)

    def to_json(self) -> dict[str, Any]:
        """The answer format of SITUATION.md."""
        return {
            "destination": [self.destination.q, self.destination.r],
            "attacks": [[h.q, h.r] for h in self.attacks],
            "focus": None if self.focus is None else [self.focus.q, self.focus.r],
        }


class FocusCandidate(Record):
    """An enemy considered for focus and the measures that rank it (GH-FOCUS-02/03, GH-REF-07).

    ``movement`` is the fewest movement points to a hex from which the monster can attack it
    (``None`` = unreachable), ``traps`` the traps/hazardous hexes that path must cross,
    ``proximity`` the hex count around walls, ``initiative`` its initiative (summons rank
    just before their summoner, long rest is 99).
    """

    __slots__ = (
        "chosen",
        "hex",
        "initiative",
        "label",
        "movement",
        "proximity",
        "summon",
        "traps",
    )
    hex: Hex
    label: str
    movement: int | None
    traps: int
    proximity: int | None
    initiative: int
    summon: bool
    chosen: bool

    def __init__(
        self,
        hex: Hex,
        label: str,
        movement: int | None,
        traps: int,
        proximity: int | None,
        initiative: int,
        summon: bool,
        chosen: bool = False,
    ) -> None:
        _set(self, "hex", hex)
        _set(self, "label", label)
        _set(self, "movement", movement)
        _set(self, "traps", traps)
        _set(self, "proximity", proximity)
        _set(self, "initiative", initiative)
        _set(self, "summon", summon)
        _set(self, "chosen", chosen)


class Step(Record):
    """One decision the solver made, with the rule IDs it applied."""

    __slots__ = ("rules", "text")
    rules: tuple[str, ...]
    text: str

    def __init__(self, rules: tuple[str, ...], text: str) -> None:
        _set(self, "rules", rules)
        _set(self, "text", text)


class Explanation:
    """The reasoning behind a :class:`Solution`, for text rulings and the editor overlay."""

    __slots__ = ("candidates", "focus_reason", "steps")

    def __init__(
        self,
        candidates: list[FocusCandidate] | None = None,
        focus_reason: str = "",
        steps: list[Step] | None = None,
    ) -> None:
        self.candidates: list[FocusCandidate] = [] if candidates is None else candidates
        self.focus_reason = focus_reason
        self.steps: list[Step] = [] if steps is None else steps

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Explanation)
            return (self.candidates, self.focus_reason, self.steps) == (
                other.candidates,
                other.focus_reason,
                other.steps,
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Explanation(candidates={self.candidates!r}, focus_reason={self.focus_reason!r}, "
            f"steps={self.steps!r})"
        )

    def add(self, text: str, *rules: str) -> None:
        """Record a decision and the rules behind it."""
        self.steps.append(Step(tuple(rules), text))

    @property
    def rules(self) -> list[str]:
        """Every rule ID applied, in first-use order, without duplicates."""
        out: list[str] = []
        for step in self.steps:
            for r in step.rules:
                if r not in out:
                    out.append(r)
        return out

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form (for logs, the editor and ``ai solve --explain``)."""
        return {
            "focus_reason": self.focus_reason,
            "candidates": [
                {
                    "hex": [c.hex.q, c.hex.r],
                    "label": c.label,
                    "movement": c.movement,
                    "traps": c.traps,
                    "proximity": c.proximity,
                    "initiative": c.initiative,
                    "summon": c.summon,
                    "chosen": c.chosen,
                }
                for c in self.candidates
            ],
            "steps": [{"rules": list(s.rules), "text": s.text} for s in self.steps],
            "rules": self.rules,
        }


class Solution:
    """The solver's answer: every valid option (players choose among them, GH-AMBIG-01)."""

    __slots__ = ("explanation", "id", "options")

    def __init__(self, id: str, options: list[Option], explanation: Explanation) -> None:
        self.id = id
        self.options = options
        self.explanation = explanation

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Solution)
            return (self.id, self.options, self.explanation) == (
                other.id,
                other.options,
                other.explanation,
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Solution(id={self.id!r}, options={self.options!r}, explanation={self.explanation!r})"
        )

    @property
    def focuses(self) -> list[Hex]:
        """The distinct focus hexes across the options (several only on a full tie)."""
        out: list[Hex] = []
        for o in self.options:
            if o.focus is not None and o.focus not in out:
                out.append(o.focus)
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"id", "options": [...]}`` as in SITUATION.md."""
        return {"id": self.id, "options": [o.to_json() for o in self.options]}
