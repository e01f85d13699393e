"""Situations with equal maps share one map object, and so one set of per-map tables.

``questforge ai solve`` on a folder meets a few maps many times; the loader hands out one
frozenset per distinct map so the solver's ``GeometryCache`` finds a map's tables by
identity. Sharing must never change what a situation holds or what the solver answers.
"""

from __future__ import annotations

from questforge.engine.core.hexgrid import Hex
from questforge.engine.gloomhaven.ai import GeometryCache, Situation, load_situation, solve
from questforge.engine.gloomhaven.ai.situation import ActiveMonster, SituationFigure


def _doc(hexes: list[list[int]], monster: list[int], enemy: list[int]) -> dict[str, object]:
    return {
        "kind": "situation",
        "map": {"hexes": hexes},
        "figures": [{"hex": enemy, "side": "character", "initiative": 10}],
        "active": {"hex": monster, "move": 2},
    }


def test_equal_maps_share_one_object_and_one_geometry() -> None:
    # GH-MMOVE-03: the same answers with the shared map as with a map of one's own
    hexes = [[q, r] for q in range(5) for r in range(4)]
    a = load_situation(_doc(hexes, [0, 0], [4, 3]))
    b = load_situation(_doc(list(reversed(hexes)), [1, 0], [3, 3]))
    c = load_situation(_doc(hexes[:-1], [0, 0], [4, 2]))
    assert a.hexes is b.hexes and a.hexes == {tuple(h) for h in hexes}
    assert c.hexes is not a.hexes and len(c.hexes) == len(hexes) - 1
    cache = GeometryCache()
    for sit in (a, b, c, a):
        assert solve(sit, geometry=cache) == solve(sit)
    assert cache.map(a) is cache.map(b) is not cache.map(c)


def test_a_situation_built_by_hand_still_takes_any_hexes() -> None:
    active = ActiveMonster(hex=Hex(0, 0), move=1)
    enemy = SituationFigure(hex=Hex(1, 0), side="character", initiative=5)
    for given in ({(0, 0), (1, 0)}, [[0, 0], [1, 0]], frozenset({Hex(0, 0), (1, 0)})):
        sit = Situation(hexes=given, figures=(enemy,), active=active)  # type: ignore[arg-type]
        assert sit.hexes == {(0, 0), (1, 0)}
        assert solve(sit).options[0].attacks == (Hex(1, 0),)
