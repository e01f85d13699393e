"""The exact summaries the Gloomhaven checks start from agree with what they summarise.

A check skips a scenario when a summary of its map says there is nothing to report (every
figure on a hex of its own, every marker growing with the player count, ...), and the map
reads its hexes in one pass: these tests compare each with the slow, obvious reading, so a
summary can never hide a finding.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from questforge.engine.core.hexgrid import as_hex
from questforge.engine.gloomhaven.constants import PLAYER_COUNTS
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.gloomhaven import checks_markers, scenario_map

SAMPLE = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"
STATES = ("absent", "normal", "elite")


def _sample_scenarios() -> list[LoadedDocument]:
    docs = []
    for path in sorted((SAMPLE / "scenarios").glob("*.json")):
        docs.append(LoadedDocument(str(path), json.loads(path.read_text(encoding="utf-8"))))
    return docs


@pytest.mark.parametrize("doc", _sample_scenarios(), ids=lambda d: Path(d.name).stem)
def test_hexes_read_at_once_equal_the_reader_one_by_one(doc: LoadedDocument) -> None:
    ctx = CheckContext(ruleset="gloomhaven", documents=[doc])
    fast = scenario_map._placed(ctx, doc)
    exact = scenario_map._placed_with(ctx, doc, as_hex, lambda hs: tuple(as_hex(h) for h in hs))
    assert [o.hexes for o in fast[0]] == [o.hexes for o in exact[0]]
    assert [(f.hex, f.states, f.mask, f.elite) for f in fast[1]] == [
        (f.hex, f.states, f.mask, f.elite) for f in exact[1]
    ]
    assert fast[2] == exact[2]


def test_a_coordinate_written_as_a_float_is_read_by_the_strict_reader() -> None:
    # JSON Schema's "integer" admits 2.0: the strict reader takes it as 2 (the fast one
    # refuses anything but ints and hands over); 0.5 is no coordinate and still raises
    data = json.loads((SAMPLE / "scenarios" / "cinder-forge.json").read_text(encoding="utf-8"))
    data["overlays"][2]["hexes"][0] = [-1, 0.0]
    doc = LoadedDocument("s.json", data)
    ctx = CheckContext(ruleset="gloomhaven", documents=[doc])
    overlays = scenario_map._placed(ctx, doc)[0]
    assert overlays[2].hexes[0] == (-1, 0)
    assert all(type(c) is int for o in overlays for h in o.hexes for c in h)
    data["overlays"][2]["hexes"][0] = [-1, 0.5]
    doc = LoadedDocument("s.json", data)
    ctx = CheckContext(ruleset="gloomhaven", documents=[doc])
    with pytest.raises(ValueError, match="expected a hex"):
        scenario_map._placed(ctx, doc)


def _counts(markers: list[scenario_map.PlacedMonster], state: str) -> list[int]:
    if state == "elite":
        return [sum(1 for f in markers if f.states[n] == "elite") for n in PLAYER_COUNTS]
    return [sum(1 for f in markers if f.states[n] != "absent") for n in PLAYER_COUNTS]


def test_the_scaling_summary_equals_counting_every_type() -> None:
    # GH-SETUP-04: the summary QGH231/QGH232 skip a scenario on, against the full count
    rng = random.Random(231)
    for _ in range(400):
        figures = []
        for i in range(rng.randint(0, 7)):
            states = {n: rng.choice(STATES) for n in PLAYER_COUNTS}
            if rng.random() < 0.6:  # mostly markers that grow with the player count
                ranked = sorted(states.values(), key=STATES.index)
                states = dict(zip(PLAYER_COUNTS, ranked, strict=True))
            figures.append(
                scenario_map.PlacedMonster(
                    "monster", i, ("monsters", i), (i, 0), rng.choice("ab"), states
                )
            )
        smap = scenario_map.ScenarioMap(
            doc=LoadedDocument("s.json", {}),
            tiles=[],
            rooms=[],
            doors=[],
            overlays=[],
            figures=figures,
            starting_room="",
            starting_hexes=[],
            extra_walls=[],
            geo=None,
            complete=False,
        )
        types: dict[str, list[scenario_map.PlacedMonster]] = {}
        for fig in figures:
            types.setdefault(fig.ref, []).append(fig)
        fewer = [
            any(
                b < a
                for markers in types.values()
                for a, b in itertools.pairwise(_counts(markers, state))
            )
            for state in ("elite", "present")
        ]
        assert checks_markers._scaling(smap) == tuple(fewer)
