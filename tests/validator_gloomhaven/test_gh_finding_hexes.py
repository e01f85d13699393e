"""``finding_hexes``: the editor's way from a finding to the hexes to highlight."""

from __future__ import annotations

from ghfixture import base_pack, run

from questforge.engine.gloomhaven.model import load_pack_model
from questforge.validator.findings import Finding, Severity
from questforge.validator.gloomhaven import finding_hexes

SCN = "scenarios/first.json"


def _finding(*path: str | int) -> Finding:
    return Finding(code="QGH220", severity=Severity.ERROR, message="m", file=SCN, path=path)


def test_monster_finding_gives_its_hex() -> None:
    files = base_pack()
    files[SCN]["monsters"][0]["hex"] = [9, 9]
    (finding,) = run(files).findings
    assert finding_hexes(finding, files[SCN]) == [(9, 9)]


def test_marker_state_finding_gives_the_marker_hex() -> None:
    files = base_pack()
    files[SCN]["monsters"][0]["players"]["4"] = "absent"
    (finding,) = run(files).findings
    assert finding.code == "QGH232"
    assert finding_hexes(finding, files[SCN]) == [(3, 5)]


def test_overlay_finding_gives_the_overlay_hexes() -> None:
    files = base_pack()
    files[SCN]["overlays"].append({"type": "obstacle", "hexes": [[1, 2], [2, 2]]})
    (finding,) = run(files).findings
    assert finding.code == "QGH226"
    assert finding_hexes(finding, files[SCN]) == [(1, 2), (2, 2)]


def test_room_finding_gives_every_hex_of_the_room() -> None:
    files = base_pack()
    files[SCN]["doors"] = []
    (finding,) = run(files).findings
    assert finding.code == "QGH213"
    model = load_pack_model(list(files.values()))
    hexes = finding_hexes(finding, files[SCN], model)
    assert hexes == sorted((q, r) for q in range(4) for r in range(4, 7))
    # without tiles only the room's explicit hexes are known (none here)
    assert finding_hexes(finding, files[SCN]) == []


def test_tile_placement_finding_gives_the_placed_hexes() -> None:
    files = base_pack()
    model = load_pack_model(list(files.values()))
    hexes = finding_hexes(_finding("tiles", 1), files[SCN], model)
    assert hexes == sorted((q, r) for q in range(4) for r in range(4, 7))


def test_door_and_starting_hex_findings() -> None:
    files = base_pack()
    assert finding_hexes(_finding("doors", 0, "rooms"), files[SCN]) == [(1, 3)]
    assert finding_hexes(_finding("starting_hexes", 1), files[SCN]) == [(1, 0)]


def test_findings_not_about_a_place_give_no_hex() -> None:
    files = base_pack()
    assert finding_hexes(_finding("starting_room"), files[SCN]) == []
    assert finding_hexes(_finding("win", 0), files[SCN]) == []
    assert finding_hexes(_finding("no", "such", 3), files[SCN]) == []


def test_every_map_check_case_leads_to_a_hex() -> None:
    """The editor can jump to a hex for every map finding of the check cases."""
    from test_gh_check_cases import CASES

    # ids, links, envelopes, goals, an empty room and special rules (free text, a door that does not
    # exist): nothing on the map to show
    not_a_place = {"QGH204", "QGH206", "QGH207", "QGH218", "QGH234", "QGH236", "QGH237"}
    for code, (_what, mutate, file, _path) in sorted(CASES.items()):
        if file != SCN or code in not_a_place:
            continue
        files = base_pack()
        mutate(files)
        model = load_pack_model(list(files.values()))
        (finding, *_rest) = [f for f in run(files).findings if f.file == SCN]
        assert finding_hexes(finding, files[SCN], model), code
