"""The Gloomhaven checks never crash: random scenario maps give findings (each pointing at a
value that exists in its file), never ``QC900`` internal errors."""

from __future__ import annotations

from typing import Any

from ghfixture import base_pack, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

hexes = st.lists(st.integers(-3, 8), min_size=2, max_size=2)
states = st.sampled_from(["absent", "normal", "elite"])
overlay_types = st.sampled_from(
    ["corridor", "trap", "hazardous", "difficult", "obstacle", "coin", "pressure-plate"]
)


@st.composite
def scenarios(draw: Any) -> dict[str, Any]:
    files = base_pack()
    scn = files["scenarios/first.json"]
    for tile in scn["tiles"]:
        tile["position"] = draw(hexes)
        tile["rotation"] = draw(st.integers(0, 5))
        tile["side"] = draw(st.sampled_from(["a", "b"]))
    scn["doors"] = [
        {"id": f"d{i}", "hex": draw(hexes), "rooms": draw(st.permutations(["first", "second"]))}
        for i in range(draw(st.integers(0, 2)))
    ]
    scn["overlays"] = [
        {
            "type": draw(overlay_types),
            "hexes": draw(st.lists(hexes, min_size=1, max_size=3, unique_by=tuple)),
        }
        for _ in range(draw(st.integers(0, 4)))
    ]
    scn["monsters"] = [
        {
            "monster": "grunt",
            "hex": draw(hexes),
            "players": {"2": draw(states), "3": draw(states), "4": draw(states)},
        }
        for _ in range(draw(st.integers(0, 6)))
    ]
    scn["starting_hexes"] = draw(st.lists(hexes, min_size=1, max_size=5, unique_by=tuple))
    scn["walls"] = draw(st.lists(st.lists(hexes, min_size=2, max_size=2), max_size=2))
    return files


def _resolves(data: Any, path: tuple[Any, ...]) -> bool:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return False
    return True


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_random_maps_never_crash_a_check(files: dict[str, Any]) -> None:
    report = run(files)
    crashes = [f.message for f in report.findings if f.code == "QC900"]
    assert crashes == []
    for finding in report.findings:
        if finding.code.startswith("QGH"):
            # every finding points at a value that exists in its file
            assert finding.file in files, finding
            assert _resolves(files[finding.file], finding.path), finding
