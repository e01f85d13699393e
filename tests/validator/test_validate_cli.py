"""``questforge validate``: formats, exit codes, options, and bad input without tracebacks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from questforge.cli import cli


def invoke(*args: str, cwd: Path | None = None) -> Result:
    runner = CliRunner()
    if cwd is None:
        return runner.invoke(cli, ["validate", *args])
    old = Path.cwd()
    os.chdir(cwd)
    try:
        return runner.invoke(cli, ["validate", *args])
    finally:
        os.chdir(old)


@pytest.fixture
def pack(tmp_path: Path, sample_pack: Path) -> Path:
    """Part of the sample pack (manifest and monsters) with two schema errors in one
    monster and a malformed file (the format tests use --schema-only)."""
    if not (sample_pack / "pack.json").is_file():
        pytest.skip("sample pack not present yet")
    root = tmp_path / "pack"
    shutil.copytree(sample_pack / "monsters", root / "monsters")
    shutil.copy(sample_pack / "pack.json", root / "pack.json")
    monster = sorted((root / "monsters").glob("*.json"))[0]
    data = json.loads(monster.read_text(encoding="utf-8"))
    data["id"] = "Bad Id"
    data["nmae"] = "typo"
    monster.write_text(json.dumps(data, indent=2), encoding="utf-8")
    (root / "broken.json").write_text('{\n  "kind": "monster",\n  "id": \n}', encoding="utf-8")
    return root


def test_sample_pack_is_clean(sample_pack: Path) -> None:
    """Issue 2 §4: `questforge validate content/` is clean (exit 0: no errors)."""
    result = invoke(str(sample_pack.parent))
    assert result.exit_code == 0, result.output
    assert " error " not in result.output


def test_text_format_groups_by_file_with_line_col_path_and_hint(pack: Path) -> None:
    result = invoke(str(pack), "--schema-only", cwd=pack.parent)
    assert result.exit_code == 1
    out = result.output
    assert "pack/broken.json:4:1: error QC007 malformed JSON" in out
    lines = out.splitlines()
    typo = next(line for line in lines if "unknown property 'nmae'" in line)
    assert typo.startswith("pack/monsters/") and ": error QC010 " in typo
    assert "    at $.nmae" in lines
    assert "    hint: did you mean 'name'?" in lines
    assert lines[-1] == "3 errors in 2 of {} files".format(len(list(pack.rglob("*.json"))))
    assert "\033[" not in out  # not a terminal: no colour


def test_text_format_colour_can_be_forced_and_no_color_wins(
    pack: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\033[1;31merror" in invoke(str(pack), "--schema-only").output
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\033[" not in invoke(str(pack), "--schema-only").output


def test_json_format(pack: Path) -> None:
    result = invoke(str(pack), "--schema-only", "--format", "json", cwd=pack.parent)
    assert result.exit_code == 1
    document = json.loads(result.output)
    assert document["summary"]["errors"] == 3
    codes = sorted(f["code"] for f in document["findings"])
    assert codes == ["QC007", "QC010", "QC010"]
    typo = next(f for f in document["findings"] if f["path"] == ["nmae"])
    assert typo["pointer"] == "/nmae" and typo["line"] > 1 and typo["column"] == 3
    assert typo["title"] == "Schema violation"


def test_sarif_format_has_the_structure_github_accepts(pack: Path) -> None:
    result = invoke(str(pack), "--schema-only", "--format", "sarif", cwd=pack.parent)
    assert result.exit_code == 1
    sarif = json.loads(result.output)
    assert sarif["version"] == "2.1.0"
    (run,) = sarif["runs"]
    rules = run["tool"]["driver"]["rules"]
    rule_ids = [r["id"] for r in rules]
    assert run["tool"]["driver"]["name"] == "questforge"
    assert len(rule_ids) == len(set(rule_ids)) and "QC007" in rule_ids
    assert all(r["shortDescription"]["text"] and r["fullDescription"]["text"] for r in rules)
    assert len(run["results"]) == 3
    for res in run["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        assert res["level"] in ("error", "warning", "note")
        assert res["message"]["text"]
        (loc,) = res["locations"]
        uri = loc["physicalLocation"]["artifactLocation"]["uri"]
        assert uri.startswith("pack/") and not uri.startswith("/")
        region = loc["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1


def test_github_format(pack: Path) -> None:
    result = invoke(str(pack), "--schema-only", "--format", "github", cwd=pack.parent)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert (
        "::error file=pack/broken.json,line=4,col=1,title=QC007 Malformed JSON::malformed JSON: Expecting value"
        in lines
    )
    annotations = [line for line in lines if line.startswith("::")]
    assert len(annotations) == 3
    typo = next(line for line in annotations if "nmae" in line)
    assert "%0Aat $.nmae%0Ahint: did you mean 'name'?" in typo


def test_junit_format_parses(pack: Path) -> None:
    result = invoke(str(pack), "--schema-only", "--format", "junit", cwd=pack.parent)
    assert result.exit_code == 1
    root = ET.fromstring(result.output.split("\n", 1)[1])
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert len(suites) == len(list(pack.rglob("*.json")))
    failing = {s.get("name", ""): s for s in suites if s.get("failures") == "1"}
    monster = next(n for n in failing if n.startswith("pack/monsters/"))
    assert sorted(failing) == sorted(["pack/broken.json", monster])
    monster_case = failing[monster].find("testcase")
    assert monster_case is not None
    assert len(monster_case.findall("failure")) == 2
    assert root.get("failures") == "2"


def test_output_file(pack: Path, tmp_path: Path) -> None:
    target = tmp_path / "report.sarif"
    result = invoke(str(pack), "--schema-only", "--format", "sarif", "--output", str(target))
    assert result.exit_code == 1
    assert json.loads(target.read_text())["version"] == "2.1.0"


def test_unwritable_output_is_exit_2(pack: Path, tmp_path: Path) -> None:
    result = invoke(str(pack), "--output", str(tmp_path / "no" / "such" / "dir" / "r.txt"))
    assert result.exit_code == 2
    assert "cannot write" in result.output
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_output_to_a_folder_is_exit_2(pack: Path, tmp_path: Path) -> None:
    assert invoke(str(pack), "--output", str(tmp_path)).exit_code == 2


def test_nonexistent_path_is_exit_2(tmp_path: Path) -> None:
    result = invoke(str(tmp_path / "missing"))
    assert result.exit_code == 2
    assert "no such file or folder" in result.output


def test_no_path_is_exit_2() -> None:
    assert invoke().exit_code == 2


def test_bad_format_is_exit_2(tmp_path: Path) -> None:
    assert invoke(str(_manifest(tmp_path / "p", "p")), "--format", "xml").exit_code == 2


def _manifest(folder: Path, ident: str, version: str = "1.0.0", **extra: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data: dict[str, object] = {"kind": "pack", "id": ident, "name": ident.title()}
    data.update({"version": version, "ruleset": "gloomhaven", **extra})
    (folder / "pack.json").write_text(json.dumps(data, indent=2))
    return folder


def test_strict_fails_on_warnings(tmp_path: Path) -> None:
    root = _manifest(tmp_path / "mine", "mine", requires=[{"id": "base", "version": "2.0"}])
    # the required pack is missing: an error
    assert invoke(str(root)).exit_code == 1
    # present in another version: a warning (QC024), which passes unless --strict
    _manifest(tmp_path / "base", "base", version="1.5.0")
    result = invoke(str(root))
    assert result.exit_code == 0, result.output
    assert "QC024" in result.output
    assert invoke(str(root), "--strict").exit_code == 1


def test_schema_only(tmp_path: Path) -> None:
    # two documents with the same kind and id: a semantic (QC101) error, not a schema error
    root = tmp_path / "p"
    root.mkdir()
    (root / "pack.json").write_text(
        json.dumps(
            {"kind": "pack", "id": "p", "name": "P", "version": "1.0.0", "ruleset": "gloomhaven"}
        )
    )
    (root / "a.json").write_text(
        '{"kind": "pack", "id": "p", "name": "P", "version": "1.0.0", "ruleset": "gloomhaven"}'
    )
    assert invoke(str(root)).exit_code == 1
    assert invoke(str(root), "--schema-only").exit_code == 0


def test_list_checks_documents_every_code() -> None:
    result = invoke("--list-checks")
    assert result.exit_code == 0
    for code in ("QC002", "QC003", "QC004", "QC010", "QC101", "QC900"):
        assert code in result.output
    rows = json.loads(invoke("--list-checks", "--format", "json").output)
    assert all(
        r["title"] and r["description"] and r["severity"] in ("error", "warning") for r in rows
    )
    assert len({r["code"] for r in rows}) == len(rows)


BAD_INPUT = {
    "malformed.json": b'{"kind": "monster", "id": "x",, }',
    "utf16.json": '{"kind": "monster"}'.encode("utf-16"),
    "latin1.json": '{"kind": "monster", "name": "Caf\u00e9"}'.encode("latin-1"),
    "empty.json": b"",
    "binary.json": bytes(range(256)),
    "deep.json": b"[" * 10_000 + b"]" * 10_000,
    "ref.json": b'{"kind": "monster", "id": "r", "$ref": "https://example.invalid/x.json"}',
    "ref2.json": b'{"kind": "monster", "id": "s", "$ref": "../../outside.json"}',
}


def test_bad_input_in_a_subprocess_never_prints_a_traceback(tmp_path: Path) -> None:
    """The real console script on every kind of bad file: one finding each, exit 1."""
    root = tmp_path / "bad"
    root.mkdir()
    (root / "pack.json").write_text(
        json.dumps(
            {
                "kind": "pack",
                "id": "bad",
                "name": "Bad",
                "version": "1.0.0",
                "ruleset": "gloomhaven",
                "requires": [{"id": "https://example.invalid/pack", "version": "1.0"}],
            }
        )
    )
    for name, raw in BAD_INPUT.items():
        (root / name).write_bytes(raw)
    with open(root / "huge.json", "wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    if hasattr(os, "symlink"):
        (tmp_path / "outside.json").write_text("{}")
        os.symlink(tmp_path / "outside.json", root / "link.json")
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "http_proxy": "http://127.0.0.1:9",
        "https_proxy": "http://127.0.0.1:9",
    }
    proc = subprocess.run(
        [sys.executable, "-m", "questforge", "validate", str(root), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    findings = json.loads(proc.stdout)["findings"]
    by_file: dict[str, set[str]] = {}
    for f in findings:
        by_file.setdefault(f["file"], set()).add(f["code"])
    assert by_file["bad/malformed.json"] == {"QC007"}
    assert by_file["bad/utf16.json"] == {"QC004"}
    assert by_file["bad/latin1.json"] == {"QC004"}
    assert by_file["bad/empty.json"] == {"QC006"}
    assert by_file["bad/binary.json"] == {"QC005"}
    assert by_file["bad/deep.json"] == {"QC003"}
    assert by_file["bad/huge.json"] == {"QC002"}
    assert "QC014" in by_file["bad/ref.json"]
    assert "QC014" in by_file["bad/ref2.json"]
    assert "QC022" in by_file["bad/pack.json"]
    if hasattr(os, "symlink"):
        assert by_file["bad/link.json"] == {"QC020"}
    for name in ("malformed", "utf16", "latin1", "empty", "binary", "deep", "huge"):
        assert sum(1 for f in findings if f["file"] == f"bad/{name}.json") == 1


def test_nonexistent_path_in_a_subprocess(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "questforge", "validate", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr


def test_every_format_of_the_command_is_a_registered_reporter() -> None:
    from questforge.commands.validate import FORMATS
    from questforge.validator import reporters

    assert reporters.names() == FORMATS
    with pytest.raises(KeyError, match="unknown report format 'yaml'"):
        reporters.get("yaml")


def test_a_registered_reporter_is_found_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from questforge.validator import reporters
    from questforge.validator.report import Report

    def count(report: Report, *, color: bool = False) -> str:
        return f"{len(report.files)} files\n"

    monkeypatch.setitem(reporters._REPORTERS, "count", count)
    assert reporters.render("count", Report(files=["a.json"])) == "1 files\n"
