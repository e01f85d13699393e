"""Helpers for the monster-AI tests: tiny situations built in code."""

from __future__ import annotations

from typing import Any

from questforge.engine.gloomhaven.ai import Situation, load_situation


def parallelogram(width: int, height: int) -> list[list[int]]:
    """Hexes q in [0, width), r in [0, height): a simple open board."""
    return [[q, r] for q in range(width) for r in range(height)]


def make_situation(
    *,
    hexes: list[list[int]] | None = None,
    active: dict[str, Any],
    figures: list[dict[str, Any]],
    terrain: list[dict[str, Any]] | None = None,
    thin_walls: list[list[list[int]]] | None = None,
    remove: list[list[int]] | None = None,
) -> Situation:
    """Build a situation on a 9 x 7 parallelogram unless ``hexes`` is given."""
    board = hexes if hexes is not None else parallelogram(9, 7)
    if remove:
        board = [h for h in board if h not in remove]
    data = {
        "kind": "situation",
        "format": 1,
        "id": "test",
        "map": {"hexes": board, "terrain": terrain or [], "thin_walls": thin_walls or []},
        "figures": figures,
        "active": {"move": 0, "range": 0, "targets": 1, **active},
    }
    return load_situation(data)


def C(q: int, r: int, initiative: int = 50, **extra: Any) -> dict[str, Any]:
    """A character (enemy) figure."""
    return {"hex": [q, r], "side": "character", "initiative": initiative, **extra}


def M(q: int, r: int) -> dict[str, Any]:
    """A monster (ally) figure."""
    return {"hex": [q, r], "side": "monster"}


def answer(sit: Situation) -> set[tuple[tuple[int, int], tuple[tuple[int, int], ...]]]:
    """The solver's option set as plain tuples."""
    from questforge.engine.gloomhaven.ai import solve

    return {
        ((o.destination.q, o.destination.r), tuple((h.q, h.r) for h in o.attacks))
        for o in solve(sit).options
    }
