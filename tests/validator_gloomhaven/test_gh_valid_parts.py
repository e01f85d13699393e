"""Semantic checks run on the parts of a scenario that are schema-valid (issue 13): a
schema error in the win condition must not hide a map error, while a broken map part
keeps the map checks silent (they would only add noise about a map that is not there)."""

from __future__ import annotations

from typing import Any

from questforge.validator.document import Document
from questforge.validator.runner import ValidationSession, validate_documents
from tests.validator_gloomhaven.ghfixture import Files, base_pack, codes, run

SCENARIO = "scenarios/first.json"


def _scenario(files: Files) -> dict[str, Any]:
    return files[SCENARIO]


def _findings(report: Any) -> set[tuple[str, tuple[Any, ...]]]:
    return {(f.code, f.path) for f in report.findings}


def test_a_broken_win_condition_does_not_hide_map_errors() -> None:
    files = base_pack()
    scenario = _scenario(files)
    scenario["win"] = [{"type": "no-such-goal"}]
    scenario["monsters"][0]["hex"] = [9, 9]  # off the map
    scenario["monsters"].append(
        {
            "monster": "grunt",
            "hex": [3, 1],
            "players": {"2": "normal", "3": "normal", "4": "normal"},
        }
    )  # on the obstacle
    found = _findings(run(files))
    assert any(code == "QC010" and path[:1] == ("win",) for code, path in found)
    assert ("QGH220", ("monsters", 0, "hex")) in found  # not on the map
    assert ("QGH222", ("monsters", 1, "hex")) in found  # on an obstacle


def test_an_unknown_property_does_not_hide_map_errors_either() -> None:
    files = base_pack()
    _scenario(files)["colour"] = "red"
    _scenario(files)["overlays"][0]["hexes"] = [[8, 8]]  # the obstacle, off the map
    found = _findings(run(files))
    assert ("QC010", ("colour",)) in found
    assert ("QGH220", ("overlays", 0, "hexes", 0)) in found


def test_a_broken_map_part_keeps_the_map_checks_silent() -> None:
    files = base_pack()
    scenario = _scenario(files)
    scenario["tiles"][0]["rotation"] = "sideways"  # the map itself is broken
    scenario["monsters"][0]["hex"] = [9, 9]
    report = run(files)
    assert "QGH220" not in codes(report)
    assert any(f.code == "QC010" and f.path[:1] == ("tiles",) for f in report.findings)


def test_checks_that_read_other_parts_still_wait_for_a_valid_document() -> None:
    # the goal references a figure that does not exist: a check of the win condition
    # (QGH204/QGH23x) must not run while the win condition is schema-invalid elsewhere
    files = base_pack()
    scenario = _scenario(files)
    scenario["win"] = [{"type": "kill", "targets": ["nobody"]}, {"type": "no-such-goal"}]
    report = run(files)
    assert {f.code for f in report.findings} == {"QC010"}


def test_a_session_gives_the_same_findings_as_a_one_shot_run() -> None:
    files = base_pack()
    docs = [Document(name, data) for name, data in files.items()]
    session = ValidationSession(docs)
    assert session.validate().findings == []
    scenario = session.get(SCENARIO)
    assert scenario is not None
    scenario.data["win"] = [{"type": "no-such-goal"}]
    scenario.data["monsters"][0]["hex"] = [9, 9]
    incremental = session.validate(changed=[SCENARIO])
    fresh = validate_documents([Document(d.name, d.data) for d in session.documents])
    assert _findings(incremental) == _findings(fresh)
    assert ("QGH220", ("monsters", 0, "hex")) in _findings(incremental)
    # fixing the win condition keeps the map finding and drops the schema one
    scenario.data["win"] = [{"type": "kill-all"}]
    again = session.validate(changed=[SCENARIO])
    assert _findings(again) == {("QGH220", ("monsters", 0, "hex"))}
