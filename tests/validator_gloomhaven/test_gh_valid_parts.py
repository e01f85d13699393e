"""Semantic checks run on the parts of a scenario that are schema-valid (issue 13): a
schema error in the win condition must not hide a map error, while a broken map part
keeps the map checks silent (they would only add noise about a map that is not there)."""

from __future__ import annotations

from typing import Any

from questforge.validator.document import LoadedDocument
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
    docs = [LoadedDocument(name, data) for name, data in files.items()]
    session = ValidationSession(docs)
    assert session.validate().findings == []
    scenario = session.get(SCENARIO)
    assert scenario is not None
    scenario.data["win"] = [{"type": "no-such-goal"}]
    scenario.data["monsters"][0]["hex"] = [9, 9]
    incremental = session.validate(changed=[SCENARIO])
    fresh = validate_documents([LoadedDocument(d.name, d.data) for d in session.documents])
    assert _findings(incremental) == _findings(fresh)
    assert ("QGH220", ("monsters", 0, "hex")) in _findings(incremental)
    # fixing the win condition keeps the map finding and drops the schema one
    scenario.data["win"] = [{"type": "kill-all"}]
    again = session.validate(changed=[SCENARIO])
    assert _findings(again) == {("QGH220", ("monsters", 0, "hex"))}


def _new_scenario(files: Files) -> dict[str, Any]:
    """What the editor's File > New scenario opens (the template's blank), with one tile
    placed: rooms, starting room and starting hexes are not filled in yet."""
    from questforge.engine.core.templates import PackContext
    from questforge.engine.gloomhaven.templates import TEMPLATES

    blank = TEMPLATES.blank("scenario", "first", PackContext(None, {}))
    assert blank is not None
    blank["tiles"] = [{"id": "t1", "tile": "strip", "side": "a", "position": [0, 0], "rotation": 0}]
    files[SCENARIO] = blank
    return blank


GRUNT = {"monster": "grunt", "players": {"2": "normal", "3": "normal", "4": "normal"}}


def test_a_new_scenario_reports_misplaced_things_beside_its_required_fields() -> None:
    # issue 13: a new scenario has schema errors until rooms and starting hexes are set,
    # yet a monster off the map (GH-MAP-01) or on an obstacle (GH-OBST-01) is reported
    files = base_pack()
    scenario = _new_scenario(files)
    scenario["overlays"] = [{"type": "obstacle", "hexes": [[1, 1], [9, 9]]}]
    scenario["monsters"] = [{**GRUNT, "hex": [8, 8]}, {**GRUNT, "hex": [1, 1]}]
    found = _findings(run(files))
    assert {("QC010", ("rooms",)), ("QC010", ("starting_hexes",))} <= found
    assert ("QGH220", ("monsters", 0, "hex")) in found  # GH-MAP-01 off the map
    assert ("QGH220", ("overlays", 0, "hexes", 1)) in found  # obstacle off the map
    assert ("QGH222", ("monsters", 1, "hex")) in found  # GH-OBST-01 on an obstacle
    # no noise about the missing parts: no "figure in no room", no "tile in no room"
    assert not {code for code, _ in found} & {"QGH215", "QGH228", "QGH229"}


def test_a_second_figure_on_a_hex_is_reported_in_a_new_scenario() -> None:
    files = base_pack()
    scenario = _new_scenario(files)
    scenario["monsters"] = [{**GRUNT, "hex": [2, 1]}, {**GRUNT, "hex": [2, 1]}]
    assert ("QGH221", ("monsters", 1, "hex")) in _findings(run(files))  # GH-MOVE-04


def test_a_scenario_without_tiles_reports_nothing_off_the_map() -> None:
    # before the first tile there is no map: every monster would be "off" it
    files = base_pack()
    scenario = _new_scenario(files)
    scenario["tiles"] = []
    scenario["monsters"] = [{**GRUNT, "hex": [2, 1]}]
    found = _findings(run(files))
    assert ("QC010", ("tiles",)) in found
    assert "QGH220" not in {code for code, _ in found}


def test_the_off_map_finding_stays_while_a_form_field_is_invalid() -> None:
    files = base_pack()
    scenario = _scenario(files)
    scenario["monsters"][0]["hex"] = [9, 9]
    for field, bad in (("name", ""), ("number", -3), ("starting_room", "Not An Id")):
        broken = base_pack()
        broken[SCENARIO] = {**scenario, field: bad}
        found = _findings(run(broken))
        assert ("QC010", (field,)) in found, field
        assert ("QGH220", ("monsters", 0, "hex")) in found, field  # GH-MAP-01


def test_a_short_list_with_a_broken_item_is_not_read() -> None:
    # "short" is only for a list that is well-formed so far
    files = base_pack()
    scenario = _new_scenario(files)
    scenario["tiles"] = [{"id": "t1", "tile": "strip", "side": "x", "position": [0, 0]}]
    scenario["monsters"] = [{**GRUNT, "hex": [8, 8]}]
    found = _findings(run(files))
    assert "QGH220" not in {code for code, _ in found}


def test_new_scenario_in_a_session_matches_a_one_shot_run() -> None:
    files = base_pack()
    _new_scenario(files)
    docs = [LoadedDocument(name, data) for name, data in files.items()]
    session = ValidationSession(docs)
    session.validate()
    doc = session.get(SCENARIO)
    assert doc is not None
    doc.data["monsters"] = [{**GRUNT, "hex": [8, 8]}]
    incremental = session.validate(changed=[SCENARIO])
    fresh = validate_documents([LoadedDocument(d.name, d.data) for d in session.documents])
    assert _findings(incremental) == _findings(fresh)
    assert ("QGH220", ("monsters", 0, "hex")) in _findings(incremental)
    # the designer adds a room: the schema error on rooms goes, the map finding stays
    doc.data["rooms"] = [{"id": "first", "tiles": ["t1"]}]
    again = _findings(session.validate(changed=[SCENARIO]))
    assert ("QC010", ("rooms",)) not in again
    assert ("QGH220", ("monsters", 0, "hex")) in again


def test_an_unknown_property_does_not_hide_a_dangling_reference() -> None:
    files = base_pack()
    scenario = _scenario(files)
    scenario["x-designer-note"] = "kept"  # a schema error (unknown property)
    scenario["tiles"][1]["tile"] = "no-such-tile"
    scenario["monsters"][0]["monster"] = "nobody"
    found = _findings(run(files))
    assert ("QC010", ("x-designer-note",)) in found
    assert ("QGH201", ("tiles", 1, "tile")) in found
    assert ("QGH201", ("monsters", 0, "monster")) in found


def test_a_broken_reference_field_is_not_read() -> None:
    files = base_pack()
    _scenario(files)["tiles"][1]["tile"] = 42  # wrong type: a schema error, no QGH201
    found = _findings(run(files))
    assert ("QC010", ("tiles", 1, "tile")) in found
    assert "QGH201" not in {code for code, _ in found}


def test_a_broken_monster_does_not_hide_another_monster_off_the_map() -> None:
    # issue 13: an invalid field in the inspector of one monster (its type cleared) must
    # not silence the off-map finding of another (GH-MAP-01)
    files = base_pack()
    scenario = _scenario(files)
    scenario["monsters"][0]["hex"] = [9, 9]
    scenario["monsters"].append({**GRUNT, "hex": [2, 1], "monster": ""})  # broken
    scenario["monsters"].append({**GRUNT, "hex": [8, 8]})
    found = _findings(run(files))
    assert any(code == "QC010" and path[:2] == ("monsters", 1) for code, path in found)
    assert ("QGH220", ("monsters", 0, "hex")) in found
    assert ("QGH220", ("monsters", 2, "hex")) in found  # its index in the file


def test_a_list_error_on_the_list_itself_keeps_it_unread() -> None:
    files = base_pack()
    scenario = _scenario(files)
    scenario["monsters"] = {"not": "a list"}
    found = _findings(run(files))
    assert ("QC010", ("monsters",)) in found
    assert "QGH220" not in {code for code, _ in found}


def test_broken_items_in_a_session_match_a_one_shot_run() -> None:
    files = base_pack()
    docs = [LoadedDocument(name, data) for name, data in files.items()]
    session = ValidationSession(docs)
    session.validate()
    doc = session.get(SCENARIO)
    assert doc is not None
    doc.data["monsters"][0]["hex"] = [9, 9]
    doc.data["monsters"].append({**GRUNT, "hex": [2, 1], "players": {"2": "sometimes"}})
    incremental = session.validate(changed=[SCENARIO])
    fresh = validate_documents([LoadedDocument(d.name, d.data) for d in session.documents])
    assert _findings(incremental) == _findings(fresh)
    assert ("QGH220", ("monsters", 0, "hex")) in _findings(incremental)
