"""Details of the Gloomhaven checks a designer relies on: messages, hints, exceptions to the
rules (flying, door hexes on tiles, rotation), cross-pack references, many problems at once."""

from __future__ import annotations

from typing import Any

from ghfixture import Files, base_pack, run

from questforge.validator.document import LoadedDocument
from questforge.validator.runner import validate_documents

SCN = "scenarios/first.json"


def _scn(files: Files) -> dict[str, Any]:
    return files[SCN]


def _codes(files: Files) -> list[str]:
    return sorted(f.code for f in run(files).findings)


def test_flying_monster_may_stand_on_an_obstacle() -> None:
    # GH-OBST-02: a flying figure can be on an obstacle hex
    files = base_pack()
    files["monsters/grunt.json"]["flying"] = True
    _scn(files)["monsters"][0]["hex"] = [3, 1]
    assert _codes(files) == []


def test_walking_monster_on_obstacle_names_monster_and_hex() -> None:
    # GH-OBST-01
    files = base_pack()
    _scn(files)["monsters"][0]["hex"] = [3, 1]
    (finding,) = run(files).findings
    assert finding.code == "QGH222"
    assert "'grunt'" in finding.message and "[3, 1]" in finding.message
    assert finding.related == [(SCN, ("overlays", 0))]


def test_unknown_reference_suggests_the_closest_id() -> None:
    files = base_pack()
    _scn(files)["monsters"][0]["monster"] = "grunts"
    (finding,) = run(files).findings
    assert finding.code == "QGH201"
    assert finding.message == "monster 'grunts' not found in pack 'fixture-pack'"
    assert finding.hint == "did you mean 'grunt'?"


def test_reference_to_a_document_of_another_kind_says_so() -> None:
    files = base_pack()
    _scn(files)["monsters"][0]["monster"] = "grunt-deck"
    (finding,) = run(files).findings
    assert finding.code == "QGH201"
    assert finding.hint is not None and "monster-ability-deck" in finding.hint


def test_references_into_a_required_pack() -> None:
    files = base_pack()
    files["pack.json"]["requires"] = [{"id": "base-game", "version": "1.0.0"}]
    base_docs = [
        LoadedDocument(
            name="base/pack.json", data={**files["pack.json"], "id": "base-game", "requires": []}
        ),
        LoadedDocument(name="base/grunt.json", data=files.pop("monsters/grunt.json")),
        LoadedDocument(name="base/grunt-deck.json", data=files.pop("decks/grunt-deck.json")),
    ]
    for doc in base_docs:
        doc.schema_valid = True
    files["bosses/overseer.json"]["special_actions"][0]["abilities"][0]["monster"] = (
        "base-game:grunt"
    )
    _scn(files)["monsters"][0]["monster"] = "base-game:grunt"
    docs = [LoadedDocument(name=n, data=d) for n, d in files.items()]
    report = validate_documents(docs, required={"base-game": base_docs})
    assert [(f.code, f.message) for f in report.findings] == []

    _scn(files)["monsters"][0]["monster"] = "base-game:grunt-boss"
    docs = [LoadedDocument(name=n, data=d) for n, d in files.items()]
    report = validate_documents(docs, required={"base-game": base_docs})
    assert [(f.code, f.message) for f in report.findings] == [
        ("QGH201", "monster 'base-game:grunt-boss' not found in required pack 'base-game'")
    ]


def test_rotated_tile_covers_the_same_hexes() -> None:
    # rotation 3 maps (q, r) -> (-q, -r): the strip placed at [3, 6] covers q 0..3, r 4..6
    files = base_pack()
    _scn(files)["tiles"][1].update({"position": [3, 6], "rotation": 3})
    assert _codes(files) == []


def test_door_hex_on_a_tile_belongs_to_no_room() -> None:
    # the engine takes a door hex out of the room whose tile it lies on (GH-DOOR-01)
    files = base_pack()
    scn = _scn(files)
    scn["tiles"][1]["position"] = [0, 3]  # second tile now covers r 3..5, the door hex too
    scn["monsters"][0]["hex"] = [3, 4]
    scn["overlays"][1]["hexes"] = [[2, 5]]
    assert _codes(files) == []


def test_thin_walls_keep_a_door_from_touching_a_room() -> None:
    files = base_pack()
    _scn(files)["walls"] = [[[1, 3], [0, 4]], [[1, 3], [1, 4]]]
    report = run(files)
    by_code = {f.code: f for f in report.findings}
    assert set(by_code) == {"QGH212", "QGH213"}
    assert "does not touch room 'second'" in by_code["QGH212"].message


def test_two_figures_message_names_both_and_the_player_counts() -> None:
    files = base_pack()
    _scn(files)["monsters"].append(
        {"monster": "grunt", "hex": [3, 5], "players": {"2": "absent", "3": "elite", "4": "elite"}}
    )
    (finding,) = run(files).findings
    assert finding.code == "QGH221"
    assert "[3, 5]" in finding.message and "3, 4 characters" in finding.message


def test_obstacle_cut_names_the_obstacle_and_the_room() -> None:
    # GH-OBST-04
    files = base_pack()
    _scn(files)["overlays"].append({"type": "obstacle", "hexes": [[1, 2], [2, 2]]})
    (finding,) = run(files).findings
    assert finding.code == "QGH226"
    assert "room 'second'" in finding.message and "[1, 2], [2, 2]" in finding.message
    assert finding.related == [(SCN, ("rooms", 1))]


def test_obstacle_that_leaves_a_way_round_is_fine() -> None:
    files = base_pack()
    _scn(files)["overlays"].append({"type": "obstacle", "hexes": [[1, 2]]})
    assert _codes(files) == []


def test_every_problem_is_reported_not_only_the_first() -> None:
    files = base_pack()
    scn = _scn(files)
    scn["monsters"][0]["hex"] = [9, 9]  # QGH220
    scn["overlays"][1]["number"] = 7  # QGH242
    scn["doors"][0]["locked"] = True  # QGH211
    files["classes/hero.json"]["hand_size"] = 5  # QGH260
    assert _codes(files) == ["QGH211", "QGH220", "QGH242", "QGH260"]


def test_unresolved_tile_silences_geometry_checks() -> None:
    # one clear finding instead of a cascade of "not on the map" for everything
    files = base_pack()
    _scn(files)["tiles"][1]["tile"] = "stirp"
    assert _codes(files) == ["QGH201"]


def test_formula_division_by_zero_names_level_and_characters() -> None:
    files = base_pack()
    _scn(files)["overlays"][0]["health"] = "10/(C-2)"
    (finding,) = run(files).findings
    assert finding.code == "QGH241"
    assert "division by zero" in finding.message and "C=2" in finding.message


def test_line_and_column_for_findings_with_source_text(tmp_path: Any) -> None:
    import json

    from questforge.validator.runner import validate_paths

    files = base_pack()
    _scn(files)["monsters"][0]["hex"] = [9, 9]
    for name, data in files.items():
        path = tmp_path / "pack" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    report = validate_paths([tmp_path / "pack"], base=tmp_path)
    (finding,) = report.findings
    assert finding.code == "QGH220"
    assert finding.file == "pack/scenarios/first.json"
    assert finding.line is not None and finding.column is not None


def test_references_and_formulas_deep_in_the_action_grammar_are_checked() -> None:
    files = base_pack()
    actions = files["bosses/overseer.json"]["special_actions"]
    actions[0]["abilities"][0]["monster"] = "grnut"
    actions[1]["abilities"][0]["value"] = "4+(L"
    report = run(files)
    assert sorted((f.code, f.path) for f in report.findings) == [
        ("QGH201", ("special_actions", 0, "abilities", 0, "monster")),
        ("QGH240", ("special_actions", 1, "abilities", 0, "value")),
    ]


def test_references_in_every_kind_are_found() -> None:
    files = base_pack()
    files["treasures.json"]["entries"][1]["reward"]["item"] = "charn"
    files["classes/hero-dash.json"]["class"] = "heroine"
    files["modifiers/standard.json"]["cards"][1]["card"] = "plus-1"
    files["classes/hero.json"]["modifier_deck"] = "standrad"
    report = run(files)
    assert sorted((f.code, f.file, f.path) for f in report.findings) == [
        ("QGH201", "classes/hero-dash.json", ("class",)),
        ("QGH201", "classes/hero.json", ("modifier_deck",)),
        ("QGH201", "modifiers/standard.json", ("cards", 1, "card")),
        ("QGH201", "treasures.json", ("entries", 1, "reward", "item")),
    ]


def test_obstacles_that_cut_only_together_are_all_named() -> None:
    # GH-OBST-04: two layers of obstacles; removing either one alone still leaves no path
    files = base_pack()
    overlays = _scn(files)["overlays"]
    overlays.append({"type": "obstacle", "hexes": [[1, 2], [2, 2]]})
    overlays.append({"type": "obstacle", "hexes": [[0, 4], [1, 4]]})
    report = run(files)
    (finding,) = [f for f in report.findings if f.code == "QGH226"]
    assert finding.message.startswith("obstacles together cut room 'second' off")
    assert (
        finding.hint is not None and "overlays[2]" in finding.hint and "overlays[3]" in finding.hint
    )
    assert finding.path in (("overlays", 2), ("overlays", 3))


def test_tile_wall_outside_the_side_is_reported_in_the_tile_file() -> None:
    files = base_pack()
    files["tiles/strip.json"]["sides"]["a"]["walls"] = [[[3, 0], [4, 0]]]
    (finding,) = run(files).findings
    assert (finding.code, finding.file, finding.path) == (
        "QGH216",
        "tiles/strip.json",
        ("sides", "a", "walls", 0),
    )
    assert "[4, 0]" in finding.message


def test_tile_walls_block_walking_through_the_placed_tile() -> None:
    # thin walls of a tile side are placed with the tile (rotation and position) and stop
    # walking: walls all along r = 1 | r = 2 cut the first room in two
    files = base_pack()
    files["tiles/strip.json"]["sides"]["a"]["walls"] = [[[q, 1], [q, 2]] for q in range(4)] + [
        [[q + 1, 1], [q, 2]] for q in range(3)
    ]
    found = sorted((f.code, f.path) for f in run(files).findings)
    # both rooms use side a, so both are split in two by the placed walls
    assert found == [("QGH217", ("rooms", 0)), ("QGH217", ("rooms", 1))]


def test_starting_hex_on_a_door_is_reported_once() -> None:
    files = base_pack()
    _scn(files)["starting_hexes"].append([1, 3])
    (finding,) = run(files).findings
    assert finding.code == "QGH224" and "door 'd1'" in finding.message


def test_walled_in_monster_is_a_warning_unless_it_flies() -> None:
    files = base_pack()
    scn = _scn(files)
    scn["monsters"][0]["hex"] = [0, 6]
    scn["overlays"].append({"type": "obstacle", "hexes": [[1, 6], [1, 5], [0, 5]]})
    (finding,) = run(files).findings
    assert (finding.code, finding.path) == ("QGH227", ("monsters", 0, "hex"))
    assert finding.severity.value == "warning"
    files["monsters/grunt.json"]["flying"] = True
    assert run(files).findings == []


def test_a_sealed_scenario_needs_a_reward_that_opens_its_envelope() -> None:
    # GH-ENV-01/03: content sealed in a letter nothing opens is never seen by a campaign
    files = base_pack()
    _scn(files)["envelope"] = "A"
    (finding,) = run(files).findings
    assert finding.code == "QGH207" and finding.path == ("envelope",)
    assert "envelope 'A', which nothing in the pack opens" in finding.message
    # the scenario's own rewards open it: the letters agree
    _scn(files)["rewards"] = {"envelope": "A"}
    assert _codes(files) == []
