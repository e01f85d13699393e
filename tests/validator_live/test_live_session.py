"""The editor's incremental API, :class:`ValidationSession`: what it returns, what an edit
makes it recompute (and what not), and the dependencies its caches must follow."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from questforge.engine.gloomhaven import model as gh_model
from questforge.schema import walk as schema_walk
from questforge.validator import schema_stage
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.runner import ValidationSession, validate_documents


def keys(findings: list[Finding]) -> list[tuple[Any, ...]]:
    return [
        (f.file, f.code, f.message, f.path, f.hint, f.line, f.column, tuple(f.related))
        for f in findings
    ]


def full(session: ValidationSession, **options: Any) -> list[tuple[Any, ...]]:
    docs = [
        LoadedDocument(d.name, copy.deepcopy(d.data), text=d.text, path=d.path)
        for d in session.documents
    ]
    return keys(validate_documents(docs, **options).findings)


def codes(findings: list[Finding]) -> set[str]:
    return {f.code for f in findings}


class Counter:
    """Wraps a module function and counts its calls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
        self.calls = 0
        original = getattr(module, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)


# --- results ---------------------------------------------------------------------------------


def test_first_validation_equals_validate_documents(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    session = ValidationSession([*pack_documents, generated_scenario])
    report = session.validate()
    assert keys(report.findings) == full(session)
    assert report.files == sorted(d.name for d in session.documents)
    # the sample pack is clean; the generated scenario has more monsters than standees
    assert codes(report.findings) == {"QGH230"}


def test_an_edit_reported_as_changed_shows_up_and_goes_away(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    session = ValidationSession([*pack_documents, generated_scenario])
    session.validate()
    entry = generated_scenario.data["monsters"][3]
    entry["monster"] = "slag-hund"
    report = session.validate(changed=[generated_scenario.name])
    [finding] = [f for f in report.findings if f.code == "QGH201"]
    assert finding.file == generated_scenario.name
    assert finding.path == ("monsters", 3, "monster")
    assert finding.hint == "did you mean 'slag-hound'?"
    entry["monster"] = "slag-hound"
    assert "QGH201" not in codes(session.validate(changed=[generated_scenario.name]).findings)


def test_update_adds_replaces_and_remove_drops(pack_documents: list[LoadedDocument]) -> None:
    session = ValidationSession(pack_documents)
    assert session.validate().errors == 0
    monster = next(d for d in pack_documents if d.kind == "monster")
    # a second document with the same kind and id: duplicate id
    session.update(LoadedDocument("gloomhaven-sample/copy.json", copy.deepcopy(monster.data)))
    assert "QC101" in codes(session.validate().findings)
    assert keys(session.validate().findings) == full(session)
    # replacing it (same name, new object) with a different id clears it
    renamed = copy.deepcopy(monster.data)
    renamed["id"] = "another-monster"
    session.update(LoadedDocument("gloomhaven-sample/copy.json", renamed))
    report = session.validate()
    assert "QC101" not in codes(report.findings)
    assert keys(report.findings) == full(session)
    # removing the monster its ability deck names breaks that reference
    session.remove(monster.name)
    report = session.validate()
    assert keys(report.findings) == full(session)
    assert monster.name not in report.files
    assert session.get(monster.name) is None
    # order is kept: a replaced document stays where it was
    assert [d.name for d in session.documents][-1] == "gloomhaven-sample/copy.json"


def test_sync_finds_the_changes_itself(
    monkeypatch: pytest.MonkeyPatch,
    pack_documents: list[LoadedDocument],
    generated_scenario: LoadedDocument,
) -> None:
    """An editor that snapshots its files can hand the session fresh copies every time."""
    session = ValidationSession([*pack_documents, generated_scenario])
    session.validate()

    def snapshot() -> list[LoadedDocument]:
        return [
            LoadedDocument(d.name, copy.deepcopy(d.data), text=d.text, path=d.path)
            for d in [*pack_documents, generated_scenario]
        ]

    assert session.sync(snapshot()) == []
    generated_scenario.data["monsters"][0]["hex"] = [99, 99]
    schema_calls = Counter(monkeypatch, schema_stage, "schema_findings")
    assert session.sync(snapshot()) == [generated_scenario.name]
    report = session.validate()
    assert schema_calls.calls == 1
    assert "QGH220" in codes(report.findings)
    assert keys(report.findings) == full(session)
    # dropped from the snapshot: removed from the session
    assert session.sync(snapshot()[:-1]) == [generated_scenario.name]
    assert generated_scenario.name not in session.validate().files


def test_sync_compares_strictly(pack_documents: list[LoadedDocument]) -> None:
    """``1 == True`` in Python, not in JSON Schema: a changed type is a change."""
    tile = next(d for d in pack_documents if d.id == "crossing")
    session = ValidationSession(pack_documents)
    assert session.validate().errors == 0
    flipped = copy.deepcopy(tile.data)
    assert flipped["sides"]["a"]["hexes"][0] == [1, 0]
    flipped["sides"]["a"]["hexes"][0] = [True, 0]
    assert flipped == tile.data  # equal for Python
    snapshot = [
        LoadedDocument(d.name, flipped, text=d.text) if d is tile else d for d in pack_documents
    ]
    assert session.sync(snapshot) == [tile.name]
    assert "QC010" in codes(session.validate().findings)


def test_unknown_changed_name_is_an_error(pack_documents: list[LoadedDocument]) -> None:
    session = ValidationSession(pack_documents)
    with pytest.raises(KeyError, match=r"no-such\.json"):
        session.validate(changed=["no-such.json"])


def test_schema_only_session(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    session = ValidationSession([*pack_documents, generated_scenario], schema_only=True)
    generated_scenario.data["monsters"][0]["monster"] = "nobody"
    generated_scenario.data["number"] = "seven"
    report = session.validate(changed=[generated_scenario.name])
    assert codes(report.findings) == {"QC010"}
    assert keys(report.findings) == full(session, schema_only=True)


def test_changing_the_manifest_rechecks_everything(pack_documents: list[LoadedDocument]) -> None:
    session = ValidationSession(pack_documents)
    session.validate()
    manifest = next(d for d in pack_documents if d.kind == "pack")
    manifest.data["id"] = "other-pack"
    report = session.validate(changed=[manifest.name])
    assert keys(report.findings) == full(session)


def test_line_and_column_follow_the_text(pack_documents: list[LoadedDocument]) -> None:
    """Cached findings never keep the line of an older text."""
    session = ValidationSession(pack_documents)
    monster = next(d for d in pack_documents if d.kind == "monster" and d.text)
    monster.data["surprise"] = 1
    monster.text = monster.text.replace("{", '{"surprise": 1,', 1)
    first = [f for f in session.validate(changed=[monster.name]).findings if f.file == monster.name]
    assert [(f.code, f.line) for f in first] == [("QC010", 1)]
    monster.text = "\n\n" + monster.text
    again = [f for f in session.validate(changed=[monster.name]).findings if f.file == monster.name]
    assert [(f.code, f.line) for f in again] == [("QC010", 3)]


# --- what an edit recomputes --------------------------------------------------------------------


def test_moving_a_monster_reuses_the_geometry_and_other_documents(
    monkeypatch: pytest.MonkeyPatch,
    pack_documents: list[LoadedDocument],
    generated_scenario: LoadedDocument,
) -> None:
    session = ValidationSession([*pack_documents, generated_scenario])
    session.validate()
    schema_calls = Counter(monkeypatch, schema_stage, "schema_findings")
    geometry_calls = Counter(monkeypatch, gh_model, "build_scenario_map_tolerant")
    walks = Counter(monkeypatch, schema_walk, "typed_values")
    entry = generated_scenario.data["monsters"][0]
    entry["hex"] = [entry["hex"][0], entry["hex"][1] + 1]
    report = session.validate(changed=[generated_scenario.name])
    assert schema_calls.calls == 1  # only the edited document
    assert walks.calls == 1  # its references and formulas, nobody else's
    assert geometry_calls.calls == 0  # tiles, rooms, doors unchanged: map reused
    assert keys(report.findings) == full(session)


def test_moving_a_tile_rebuilds_the_geometry(
    monkeypatch: pytest.MonkeyPatch,
    pack_documents: list[LoadedDocument],
    generated_scenario: LoadedDocument,
) -> None:
    session = ValidationSession([*pack_documents, generated_scenario])
    session.validate()
    geometry_calls = Counter(monkeypatch, gh_model, "build_scenario_map_tolerant")
    generated_scenario.data["tiles"][1]["position"] = [0, 0]  # onto tile t0
    report = session.validate(changed=[generated_scenario.name])
    assert geometry_calls.calls == 1
    assert "QGH210" in codes(report.findings)
    assert keys(report.findings) == full(session)


def test_validating_without_changes_computes_no_schema(
    monkeypatch: pytest.MonkeyPatch, pack_documents: list[LoadedDocument]
) -> None:
    session = ValidationSession(pack_documents)
    first = session.validate()
    schema_calls = Counter(monkeypatch, schema_stage, "schema_findings")
    again = session.validate()
    assert schema_calls.calls == 0
    assert keys(again.findings) == keys(first.findings)


# --- dependencies the caches must follow ---------------------------------------------------------


def test_flying_monster_type_edit_reaches_the_scenario_map(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    """The map caches which figures fly; editing the monster type must refresh it."""
    session = ValidationSession([*pack_documents, generated_scenario])
    placement = next(
        m for m in generated_scenario.data["monsters"] if m["monster"] == "gloam-archer"
    )
    generated_scenario.data["overlays"].append({"type": "obstacle", "hexes": [placement["hex"]]})
    session.update(generated_scenario)
    assert "QGH222" in codes(session.validate().findings)
    archer = next(d for d in session.documents if d.kind == "monster" and d.id == "gloam-archer")
    archer.data["flying"] = True
    report = session.validate(changed=[archer.name])
    assert keys(report.findings) == full(session)
    assert "QGH222" not in codes(report.findings)


def test_starting_hexes_are_part_of_the_walk_cache(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    """Reachability is cached with the geometry; moving a start hex must redo it."""
    session = ValidationSession([*pack_documents, generated_scenario])
    door = generated_scenario.data["doors"][0]
    generated_scenario.data["overlays"].append({"type": "obstacle", "hexes": [door["hex"]]})
    cut = session.validate(changed=[generated_scenario.name])
    assert "QGH226" in codes(cut.findings)
    # a start hex behind the blocked door: that side is reachable again
    behind = generated_scenario.data["monsters"][0]["hex"]  # on tile t1, room-1
    generated_scenario.data["starting_hexes"][0] = [behind[0] + 1, behind[1]]
    moved = session.validate(changed=[generated_scenario.name])
    assert keys(moved.findings) == full(session)
    assert len([f for f in moved.findings if f.code == "QGH226"]) < len(
        [f for f in cut.findings if f.code == "QGH226"]
    )


def test_editing_a_map_tile_reaches_every_scenario(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    session = ValidationSession([*pack_documents, generated_scenario])
    session.validate()
    tile = next(d for d in session.documents if d.kind == "map-tile" and d.id == "gate")
    tile.data["id"] = "gateway"  # every placement of "gate" no longer resolves
    report = session.validate(changed=[tile.name])
    assert keys(report.findings) == full(session)
    assert any(f.code == "QGH201" and f.file == generated_scenario.name for f in report.findings)


def test_a_formula_the_model_rejects_does_not_hide_the_map_like_a_full_run(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    """A bad obstacle formula makes the content model refuse the scenario, but the map is
    built from the tiles, rooms, doors and walls alone (the one tolerant builder): the
    overlap is still reported, in a full run and in the session (with a cached map)."""
    session = ValidationSession([*pack_documents, generated_scenario])
    generated_scenario.data["tiles"][1]["position"] = [0, 0]
    assert "QGH210" in codes(session.validate(changed=[generated_scenario.name]).findings)
    generated_scenario.data["overlays"].append(
        {"type": "obstacle", "hexes": [[0, 0]], "health": "2L+"}
    )
    report = session.validate(changed=[generated_scenario.name])
    assert keys(report.findings) == full(session)
    assert "QGH240" in codes(report.findings)
    assert "QGH210" in codes(report.findings)


def test_moving_an_obstacle_reopens_a_room(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    """QGH226 is cached with the geometry, the start and the obstacles: moving the obstacle
    that blocks a door must clear the finding."""
    session = ValidationSession([*pack_documents, generated_scenario])
    door = generated_scenario.data["doors"][0]
    blocker: dict[str, Any] = {"type": "obstacle", "hexes": [list(door["hex"])]}
    generated_scenario.data["overlays"].append(blocker)
    blocked = session.validate(changed=[generated_scenario.name])
    assert "QGH226" in codes(blocked.findings)
    blocker["hexes"] = [list(generated_scenario.data["starting_hexes"][0])]
    moved = session.validate(changed=[generated_scenario.name])
    assert keys(moved.findings) == full(session)
    assert "QGH226" not in codes(moved.findings)


def test_deeply_nested_document_is_a_finding_not_a_crash() -> None:
    """In-memory documents skip the file loader's depth limit; validating (and syncing)
    one nested thousands of levels deep gives QC003, in a session as in a one-shot run."""

    def deep() -> dict[str, Any]:
        data: dict[str, Any] = {
            "$schema": "https://questforge.dev/schema/gloomhaven/monster.schema.json",
            "kind": "monster",
            "id": "deep",
        }
        node = data
        for _ in range(5000):
            node["n"] = {}
            node = node["n"]
        return data

    data = deep()
    session = ValidationSession([LoadedDocument("deep.json", data)])
    assert "QC003" in codes(session.validate().findings)
    assert session.sync([LoadedDocument("deep.json", deep())]) == ["deep.json"]
    assert "QC003" in codes(session.validate().findings)
    assert "QC003" in codes(validate_documents([LoadedDocument("deep.json", data)]).findings)
