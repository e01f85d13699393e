"""The solver's public API as the scenario engine and the editor use it."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from questforge.engine.core.hexgrid import Hex
from questforge.engine.gloomhaven.ai import (
    ActiveMonster,
    AoePattern,
    Situation,
    SituationFigure,
    solve,
)


def _board() -> frozenset[Hex]:
    return frozenset(Hex(q, r) for q in range(8) for r in range(6))


def test_situation_built_in_code_with_plain_tuples() -> None:
    # Callers may pass plain (q, r) tuples; they are normalised to Hex.
    sit = Situation(
        hexes=_board(),
        terrain=cast(dict[Hex, str], {(3, 1): "trap"}),
        thin_walls=cast(tuple[tuple[Hex, Hex], ...], (((1, 0), (2, 0)),)),
        figures=(
            SituationFigure(cast(Hex, (5, 2)), "character", initiative=23, name="Brute"),
            SituationFigure(cast(Hex, (4, 4)), "monster"),
        ),
        active=ActiveMonster(cast(Hex, (2, 2)), move=3),
    )
    solution = solve(sit)
    assert solution.to_json() == {
        "id": "",
        "options": [{"destination": [4, 2], "attacks": [[5, 2]], "focus": [5, 2]}],
    }
    option = solution.options[0]
    assert isinstance(option.destination, Hex) and isinstance(option.focus, Hex)
    assert solution.focuses == [Hex(5, 2)]


def test_explanation_lists_candidates_with_their_measures() -> None:
    # GH-FOCUS-02 / GH-REF-07 / GH-FOCUS-03: the editor shows these numbers.
    sit = Situation(
        hexes=_board(),
        figures=(
            SituationFigure(Hex(6, 2), "character", initiative=40, name="Far"),
            SituationFigure(Hex(2, 4), "character", initiative=60, name="Near"),
        ),
        active=ActiveMonster(Hex(2, 1), move=2),
    )
    solution = solve(sit)
    ex = solution.explanation
    by_name = {c.label: c for c in ex.candidates}
    assert by_name["Near"].movement == 2 and by_name["Near"].chosen
    assert by_name["Far"].movement == 4 and not by_name["Far"].chosen
    assert by_name["Far"].proximity == 5
    assert by_name["Near"].proximity == 3
    assert ex.candidates[0].label == "Near"  # ranked first
    assert "Focus: Near" in ex.focus_reason
    assert {"GH-FOCUS-02", "GH-MMOVE-03"} <= set(ex.rules)
    assert all(step.rules for step in ex.steps)


def test_solving_is_deterministic_and_leaves_the_situation_alone() -> None:
    sit = Situation(
        hexes=_board(),
        figures=(
            SituationFigure(Hex(6, 2), "character", initiative=0),
            SituationFigure(Hex(1, 4), "character", initiative=0),
            SituationFigure(Hex(5, 0), "character", initiative=0),
        ),
        active=ActiveMonster(
            Hex(3, 2), move=2, range=3, targets=2, aoe=AoePattern(False, (Hex(0, 0), Hex(1, 0)))
        ),
    )
    first = solve(sit)
    second = solve(sit)
    assert first.options == second.options
    assert [s.text for s in first.explanation.steps] == [s.text for s in second.explanation.steps]
    assert len(sit.figures) == 3 and sit.active.hex == Hex(3, 2)


def test_find_path_avoids_traps_and_reports_every_hex_entered() -> None:
    # GH-MHAZ-01: the path goes around the trap; GH-MOVE-05: a jump path ignores obstacles.
    from questforge.engine.gloomhaven.ai import find_path

    board = frozenset(Hex(q, r) for q in range(6) for r in range(2))
    sit = Situation(
        hexes=board,
        terrain={Hex(2, 0): "trap"},
        figures=(SituationFigure(Hex(5, 0), "character"),),
        active=ActiveMonster(Hex(0, 0), move=4),
    )
    option = solve(sit).options[0]
    path = find_path(sit, option.destination)
    assert path[0] == Hex(0, 0) and path[-1] == option.destination
    assert Hex(2, 0) not in path
    assert len(path) == 5
    assert find_path(sit, Hex(9, 9)) == []


def test_geometry_cache_gives_the_same_answers_and_reuses_the_map(dev_dir: Path) -> None:
    import json

    from questforge.engine.gloomhaven.ai import GeometryCache, load_situation

    cache = GeometryCache(size=4)
    situations = [
        load_situation(json.loads(p.read_text(encoding="utf-8")))
        for p in sorted(dev_dir.glob("*.json"))
    ]
    for sit in situations + situations:  # the second pass hits the cache
        fresh = solve(sit)
        cached = solve(sit, geometry=cache)
        assert fresh.options == cached.options, sit.id
    a, b = situations[0], situations[0]
    assert cache.get(a) is cache.get(b)


def test_the_ruleset_referee_face_solves_a_situation(dev_dir: Path) -> None:
    # GH-FOCUS-02 / GH-REF-07 through the ruleset contract's referee face
    import json

    from questforge.engine.rulesets import get

    referee = get("gloomhaven").referee()
    assert referee is not None and referee.situation_kind == "situation"
    lines: list[str] = []
    code = referee.run(
        [dev_dir / "gloom-007.json"], "json", True, False, lines.append, lines.append
    )
    assert code == 0
    answer = json.loads(lines[0])
    assert [(o["destination"], o["attacks"]) for o in answer["options"]] == [([6, -5], [[7, -5]])]
