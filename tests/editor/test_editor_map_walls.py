"""The wall border: off-map hexes touching the map, and off-map hexes the map encloses,
are drawn as wall (no hole of background colour inside a map)."""

from __future__ import annotations

from questforge.editor.gloomhaven.scenario_map import ScenarioMap
from questforge.engine.core import hexgrid
from questforge.engine.core.hexgrid import HexKey as Hex


def ring(center: Hex, radius: int) -> set[Hex]:
    return {h for h in disc(center, radius) if hexgrid.distance(h, center) == radius}


def disc(center: Hex, radius: int) -> set[Hex]:
    q0, r0 = center
    return {
        (q0 + dq, r0 + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if hexgrid.distance((q0 + dq, r0 + dr), center) <= radius
    }


def test_a_pocket_enclosed_by_the_map_is_wall() -> None:
    # a ring of map hexes at distance 3 around (0, 0): the ring at 2 touches the map, the
    # hexes at distance 0 and 1 do not, but nothing outside can reach them
    smap = ScenarioMap(hexes=ring((0, 0), 3))
    walls = smap.wall_hexes()
    assert disc((0, 0), 2) <= walls
    assert ring((0, 0), 4) <= walls
    assert not walls & smap.hexes
    assert not walls & ring((0, 0), 6)  # the outside stays background


def test_an_open_bay_is_not_filled() -> None:
    # the same ring with a two-hex-wide opening: its inside reaches the outside
    opening = {h for h in ring((0, 0), 3) if h[0] >= 2 and h[1] <= 0}
    smap = ScenarioMap(hexes=ring((0, 0), 3) - opening)
    walls = smap.wall_hexes()
    assert (0, 0) not in walls
    assert all(any(hexgrid.distance(w, m) == 1 for m in smap.hexes) for w in walls)
