"""``validate --jobs 2``: a large pack's files and checks split with a forked child give the
very report one process gives, and a child that fails changes nothing but the time."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.core import processes
from questforge.validator import parallel
from questforge.validator import runner as runner_module
from questforge.validator.reporters import render
from questforge.validator.runner import validate_paths

SAMPLE = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"

pytestmark = pytest.mark.skipif(not parallel.can_fork(), reason="needs os.fork")


def _mutated(data: Any, rng: random.Random) -> Any:
    """``data`` with one value somewhere replaced by a wrong or shifted one."""
    node = data
    for _ in range(rng.randrange(1, 4)):
        if isinstance(node, dict) and node:
            key = rng.choice(sorted(node))
            if not isinstance(node[key], dict | list) or rng.random() < 0.3:
                value = node[key]
                node[key] = value + 3 if isinstance(value, int) else rng.choice([None, "x", -1])
                return data
            node = node[key]
        elif isinstance(node, list) and node:
            node = node[rng.randrange(len(node))]
    return data


@pytest.fixture(scope="module")
def big_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample pack plus 240 copies of its scenarios, most with a deliberate error
    (schema errors, dangling references, map problems) and a few with a duplicate key or
    malformed JSON: more than enough files for the run to split."""
    root = tmp_path_factory.mktemp("parallel") / "pack"
    shutil.copytree(SAMPLE, root)
    rng = random.Random(2)
    scenarios = sorted((SAMPLE / "scenarios").glob("*.json"))
    (root / "copies").mkdir()
    for index in range(240):
        data = json.loads(rng.choice(scenarios).read_text(encoding="utf-8"))
        data["id"] = f"{data['id']}-copy{index}"
        if index % 5:
            data = _mutated(data, rng)
        text = json.dumps(data, indent=2)
        if index % 37 == 0:
            text = text.replace("{\n", '{\n  "kind": "scenario",\n', 1)
        if index % 53 == 0:
            text = text[: len(text) // 2]
        (root / "copies" / f"c{index:03d}.json").write_text(text, encoding="utf-8")
    return root


def _json(report: Any) -> str:
    return render("json", report)


def test_two_processes_give_the_same_report(
    big_pack: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[int] = []
    real = parallel.in_child

    def counting(func: Any) -> Any:
        child = real(func)
        started.append(child is not None)
        return child

    one = validate_paths([big_pack], base=big_pack.parent, jobs=1)
    monkeypatch.setattr(parallel, "in_child", counting)
    two = validate_paths([big_pack], base=big_pack.parent, jobs=2)
    assert started == [True]  # the checks were shared (the files are all loaded here)
    assert len(one.findings) > 500
    assert {f.code for f in one.findings} >= {"QC010", "QC007", "QC008", "QGH201"}
    assert _json(two) == _json(one)
    assert render("text", two) == render("text", one)
    schema_only = validate_paths([big_pack], base=big_pack.parent, jobs=1, schema_only=True)
    started.clear()
    split = validate_paths([big_pack], base=big_pack.parent, jobs=2, schema_only=True)
    assert started == [True]  # a child loaded and checked half of the files
    assert {f.code for f in schema_only.findings} >= {"QC010", "QC007", "QC008"}
    assert _json(split) == _json(schema_only)
    assert render("sarif", split) == render("sarif", schema_only)


def test_schema_only_child_hands_back_findings_not_documents(big_pack: Path) -> None:
    """Shipping a parsed file back costs about what checking it does: the child of a
    --schema-only run sends its files' findings, and a document only for a manifest."""
    files = [*sorted((big_pack / "copies").glob("*.json"))[:40], big_pack / "pack.json"]
    loader = runner_module.FileLoader(big_pack.parent, 10 << 20, 200)
    store = runner_module.default_store()
    shipped = runner_module._schema_share(loader, store, files, "x", "gloomhaven")
    assert [s.manifest is not None for s in shipped] == [False] * 40 + [True]
    assert any(s.schema_findings for s in shipped)
    # every finding is placed already: the parent has no text to place it with
    assert all(f.line is not None for s in shipped for f in s.schema_findings)


def test_loose_files_whose_manifest_is_in_the_childs_half(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder of loose files takes its ruleset from a manifest among them; when the
    child had it (and so checked its files as of no ruleset), the parent checks the
    child's half again: the report is the one of one process."""
    folder = tmp_path / "loose"
    folder.mkdir()
    # several rulesets have a "monster": without a manifest each is QC012 ("cannot tell
    # the ruleset"), with it each is checked as a Gloomhaven monster
    monster_file = sorted((SAMPLE / "monsters").glob("*.json"))[0]
    monster = json.loads(monster_file.read_text("utf-8"))
    monster.pop("$schema", None)
    for index in range(240):
        data = dict(monster, id=f"copy-{index}")
        if index % 7 == 0:
            data["unknown"] = 1
        (folder / f"a{index:03d}.json").write_text(json.dumps(data), encoding="utf-8")
    manifest = json.loads((SAMPLE / "pack.json").read_text("utf-8"))
    (folder / "z-pack.json").write_text(json.dumps(manifest), encoding="utf-8")
    monkeypatch.setattr(runner_module, "PARALLEL_MIN_FILES_SCHEMA_ONLY", 10)
    one = validate_paths([folder], base=tmp_path, jobs=1, schema_only=True)
    two = validate_paths([folder], base=tmp_path, jobs=2, schema_only=True)
    assert _json(two) == _json(one)
    assert "QC012" not in {f.code for f in one.findings}
    assert sum(f.code == "QC010" for f in one.findings) == 35


def test_a_failed_child_changes_nothing(big_pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A child that dies (or cannot be forked) leaves its share to the parent."""
    one = validate_paths([big_pack], base=big_pack.parent, jobs=1)
    real = parallel.in_child

    def dying(func: Any) -> Any:
        return real(lambda: (_ for _ in ()).throw(MemoryError()))

    schema_only = validate_paths([big_pack], base=big_pack.parent, jobs=1, schema_only=True)
    monkeypatch.setattr(runner_module.parallel, "in_child", dying)
    assert _json(validate_paths([big_pack], base=big_pack.parent, jobs=2)) == _json(one)
    split = validate_paths([big_pack], base=big_pack.parent, jobs=2, schema_only=True)
    assert _json(split) == _json(schema_only)
    monkeypatch.setattr(runner_module.parallel, "in_child", lambda func: None)
    assert _json(validate_paths([big_pack], base=big_pack.parent, jobs=2)) == _json(one)
    split = validate_paths([big_pack], base=big_pack.parent, jobs=2, schema_only=True)
    assert _json(split) == _json(schema_only)


def test_the_command_line_with_two_processes_gives_the_same_output(
    big_pack: Path, tmp_path: Path
) -> None:
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"report-{jobs}.json"
        proc = subprocess.run(
            [
                *(sys.executable, "-m", "questforge", "validate", str(big_pack)),
                *("--jobs", jobs, "--format", "json", "-o", str(out)),
            ],
            capture_output=True,
            text=True,
            cwd=big_pack.parent,
        )
        assert proc.returncode == 1, proc.stderr
        outputs.append(out.read_text(encoding="utf-8"))
    assert outputs[0] == outputs[1]
    assert parallel.split(list(range(7)), 2) == [[0, 1, 2, 3], [4, 5, 6]]


def test_two_processes_by_default_on_two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """validate and simulate use a second core when there is one (and QUESTFORGE_JOBS does not say
    otherwise), but never forks a process that runs other threads."""
    monkeypatch.delenv(processes.JOBS_VARIABLE, raising=False)
    monkeypatch.setattr(processes.threading, "active_count", lambda: 1)
    monkeypatch.setattr(processes.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert processes.default_jobs() == 2
    monkeypatch.setattr(processes.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert processes.default_jobs() == 1
    monkeypatch.setattr(processes.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    monkeypatch.setattr(processes.threading, "active_count", lambda: 3)
    assert processes.default_jobs() == 1
    monkeypatch.setenv(processes.JOBS_VARIABLE, "2")
    assert processes.default_jobs() == 2
    monkeypatch.setenv(processes.JOBS_VARIABLE, "1")
    assert processes.default_jobs() == 1
    monkeypatch.setenv(processes.JOBS_VARIABLE, "many")
    assert processes.default_jobs() == 1
