"""What the solver answers: the valid options, and why (for rulings and the editor)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.hexgrid import Hex


@dataclass(frozen=True, order=True)
class Option:
    """One equally valid choice: where the move ends and which hexes are attacked.

    ``attacks`` is sorted; ``focus`` is the focused enemy's hex (``None`` without focus).
    Two options are the same choice when destination and attacks are equal (GH-AMBIG-01).
    """

    destination: Hex
    attacks: tuple[Hex, ...]
    focus: Hex | None

    def to_json(self) -> dict[str, Any]:
        """The answer format of SITUATION.md."""
        return {
            "destination": [self.destination.q, self.destination.r],
            "attacks": [[h.q, h.r] for h in self.attacks],
            "focus": None if self.focus is None else [self.focus.q, self.focus.r],
        }


@dataclass(frozen=True)
class FocusCandidate:
    """An enemy considered for focus and the measures that rank it (GH-FOCUS-02/03, GH-REF-07).

    ``movement`` is the fewest movement points to a hex from which the monster can attack it
    (``None`` = unreachable), ``traps`` the traps/hazardous hexes that path must cross,
    ``proximity`` the hex count around walls, ``initiative`` its initiative (summons rank
    just before their summoner, long rest is 99).
    """

    hex: Hex
    label: str
    movement: int | None
    traps: int
    proximity: int | None
    initiative: int
    summon: bool
    chosen: bool = False


@dataclass(frozen=True)
class Step:
    """One decision the solver made, with the rule IDs it applied."""

    rules: tuple[str, ...]
    text: str


@dataclass
class Explanation:
    """The reasoning behind a :class:`Solution`, for text rulings and the editor overlay."""

    candidates: list[FocusCandidate] = field(default_factory=list)
    focus_reason: str = ""
    steps: list[Step] = field(default_factory=list)

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


@dataclass
class Solution:
    """The solver's answer: every valid option (players choose among them, GH-AMBIG-01)."""

    id: str
    options: list[Option]
    explanation: Explanation

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
