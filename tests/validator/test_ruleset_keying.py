"""Kinds are keyed by (ruleset, kind): a test ruleset's ``scenario`` and Gloomhaven's
``scenario`` are validated side by side in one ``questforge validate`` run, each against
its own schema and checks, and a wrong document of each is caught by the right schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from questforge.cli import cli
from questforge.validator.document import LoadedDocument
from questforge.validator.runner import validate_documents, validate_paths
from questforge.validator.schemas import default_store, ruleset_in_schema_url
from tests.validator import testgrid
from tests.validator.conftest import write_json
from tests.validator_gloomhaven.ghfixture import base_pack

GH_SCENARIO = "scenarios/intro.json"


@pytest.fixture(autouse=True)
def grid_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    testgrid.register(monkeypatch)


def _write_pack(root: Path, files: dict[str, Any]) -> Path:
    for name, data in files.items():
        write_json(root / name, data)
    return root


def _gloomhaven_pack(root: Path, **scenario_changes: Any) -> Path:
    files = base_pack()
    scenario = next(n for n, d in files.items() if d.get("kind") == "scenario")
    files[scenario].update(scenario_changes)
    files[GH_SCENARIO] = files.pop(scenario)
    return _write_pack(root, files)


def _validate(*paths: Path, cwd: Path) -> tuple[int, list[dict[str, Any]]]:
    result = CliRunner().invoke(
        cli, ["validate", "--format", "json", *map(str, paths)], catch_exceptions=False
    )
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.output)
    return result.exit_code, report["findings"]


def _where(findings: list[dict[str, Any]], cwd: Path) -> set[tuple[str, str, str]]:
    out = set()
    for f in findings:
        out.add((f["code"], Path(f["file"]).resolve().relative_to(cwd).as_posix(), f["pointer"]))
    return out


def test_both_scenarios_are_valid_side_by_side(tmp_path: Path) -> None:
    grid = _write_pack(
        tmp_path / "grid",
        {"pack.json": testgrid.manifest(), "scenarios/crossing.json": testgrid.scenario()},
    )
    gh = _gloomhaven_pack(tmp_path / "gh")
    code, findings = _validate(grid, gh, cwd=tmp_path)
    # a testgrid scenario has no tiles, rooms or monsters: Gloomhaven's schema would refuse
    # it, its own accepts it; and the other way round
    assert findings == []
    assert code == 0


def test_each_wrong_scenario_is_caught_by_its_own_schema_and_checks(tmp_path: Path) -> None:
    grid = _write_pack(
        tmp_path / "grid",
        {
            "pack.json": testgrid.manifest(),
            # testgrid's schema: a width is an integer; Gloomhaven's has no "width" at all
            "scenarios/bad.json": testgrid.scenario("bad", width="wide"),
            # schema-valid, but its start is off the grid: testgrid's own check
            "scenarios/off.json": testgrid.scenario("off", start=[9, 0]),
            # Gloomhaven's kind of the same name in the wrong pack's schema terms
            "scenarios/tiles.json": testgrid.scenario("tiles", tiles=[]),
        },
    )
    gh = _gloomhaven_pack(tmp_path / "gh", width=8)
    code, findings = _validate(grid, gh, cwd=tmp_path)
    assert code == 1
    assert _where(findings, tmp_path) == {
        ("QC010", "grid/scenarios/bad.json", "/width"),
        ("QTG101", "grid/scenarios/off.json", "/start"),
        ("QC010", "grid/scenarios/tiles.json", "/tiles"),
        ("QC010", f"gh/{GH_SCENARIO}", "/width"),
    }
    messages = {f["file"].rsplit("/", 1)[-1]: f["message"] for f in findings}
    assert messages["bad.json"] == '"wide" is not of type "integer"'
    assert messages["tiles.json"] == "unknown property 'tiles'"
    assert messages["intro.json"] == "unknown property 'width'"


def test_loose_files_take_their_ruleset_from_schema_urls(tmp_path: Path) -> None:
    gh_scenario = next(d for d in base_pack().values() if d.get("kind") == "scenario")
    write_json(tmp_path / "loose" / "grid.json", testgrid.scenario(width=0))
    write_json(tmp_path / "loose" / "gh.json", {**gh_scenario, "start": [0, 0]})
    code, findings = _validate(tmp_path / "loose", cwd=tmp_path)
    assert code == 1
    found = _where(findings, tmp_path)
    # each file against its own ruleset's schema (a Gloomhaven scenario's tile references
    # do not resolve here: there is no pack around it, which is not what this test is about)
    assert ("QC010", "loose/grid.json", "/width") in found
    assert ("QC010", "loose/gh.json", "/start") in found
    assert {f for f in found if f[1] == "loose/grid.json"} == {
        ("QC010", "loose/grid.json", "/width")
    }
    assert not any(code in ("QC012", "QC103") for code, _, _ in found)


def test_store_finds_each_rulesets_scenario() -> None:
    store = default_store()
    grid = store.for_kind("scenario", "testgrid")
    gh = store.for_kind("scenario", "gloomhaven")
    assert grid is not None and gh is not None
    assert grid.id == testgrid.SCENARIO_SCHEMA
    assert gh.id == "https://questforge.dev/schema/gloomhaven/scenario.schema.json"
    assert grid.path is not None and Path(str(grid.path)).parent == testgrid.SCHEMAS
    assert store.for_kind("scenario", None) is None  # never by kind alone
    assert {"gloomhaven", "testgrid"} <= set(store.rulesets_with_kind("scenario"))


def test_a_kind_of_another_ruleset_in_a_pack_is_qc103() -> None:
    docs = [
        LoadedDocument("grid/pack.json", testgrid.manifest()),
        LoadedDocument("grid/m.json", {"kind": "monster", "id": "m"}),
    ]
    (finding,) = validate_documents(docs).findings
    assert (finding.code, finding.path) == ("QC103", ("kind",))
    assert "'gloomhaven'" in finding.message and "'testgrid'" in finding.message


@pytest.mark.parametrize(
    ("url", "ruleset"),
    [
        ("https://example.org/schema/testgrid/scenario.schema.json", "testgrid"),
        ("https://questforge.dev/schema/gloomhaven/monster.schema.json", "gloomhaven"),
        ("../schemas/gloomhaven/monster.schema.json", "gloomhaven"),
        ("https://questforge.dev/schema/common/pack.schema.json", None),
        ("https://questforge.dev/monster.schema.json", None),
        ("monster.schema.json", None),
    ],
)
def test_ruleset_of_a_schema_url(url: str, ruleset: str | None) -> None:
    assert ruleset_in_schema_url(url) == ruleset


def test_a_loose_file_of_a_shared_kind_needs_a_schema_url(tmp_path: Path) -> None:
    """Two rulesets have ``scenario``: a file in no pack without ``$schema`` is not
    guessed; the finding offers both schema URLs. (A kind only one ruleset has, such as a
    monster-AI ``situation``, which carries no ``$schema``, is that ruleset's.)"""
    write_json(tmp_path / "s.json", {"kind": "scenario", "id": "x"})
    write_json(tmp_path / "m.json", {"kind": "boss", "id": "m"})  # Witcher has `monster` too
    report = validate_paths([tmp_path], base=tmp_path, schema_only=True)
    scenario = [f for f in report.findings if f.file == "s.json"]
    assert [(f.code, f.path) for f in scenario] == [("QC012", ("kind",))]
    assert "no pack" in scenario[0].message and '"$schema"' in scenario[0].message
    assert testgrid.SCENARIO_SCHEMA in (scenario[0].hint or "")
    assert "gloomhaven/scenario.schema.json" in (scenario[0].hint or "")
    # the boss is Gloomhaven's (its schema's findings, not an unknown kind)
    assert {f.code for f in report.findings if f.file == "m.json"} == {"QC010"}


def test_a_schema_url_naming_a_ruleset_that_is_not_installed(tmp_path: Path) -> None:
    url = "https://questforge.dev/schema/nosuchgame/quest.schema.json"
    write_json(tmp_path / "q.json", {"$schema": url, "kind": "quest", "id": "q"})
    (finding,) = validate_paths([tmp_path], base=tmp_path).findings
    assert (finding.code, finding.path) == ("QC012", ("kind",))
    assert finding.message == "unknown kind 'quest': ruleset 'nosuchgame' is not installed"


def test_the_store_follows_a_ruleset_registered_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset re-registered with schemas elsewhere (a plug-in upgraded in a long-lived
    process, tests swapping rulesets) is validated against its new schemas, not the ones
    the shared store loaded first."""
    from questforge.engine import rulesets

    store = default_store()
    first = store.for_kind("scenario", "testgrid")
    assert first is not None and first.id == testgrid.SCENARIO_SCHEMA
    other = Path(__file__).parents[1] / "plugins" / "testgrid_ruleset" / "schemas"
    record = rulesets.Ruleset(id="testgrid", title="Other", kinds=("scenario",), schema_path=other)
    monkeypatch.setitem(rulesets._REGISTRY, "testgrid", record)
    second = store.for_kind("scenario", "testgrid")
    assert second is not None and Path(str(second.path)).parent == other
    # compiled anew from the new schemas: the other testgrid wants an exit and a hunter
    assert not store.validator(second).is_valid(testgrid.scenario())
