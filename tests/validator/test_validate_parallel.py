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
    assert started == [True, True]  # the files were split, then the checks
    assert len(one.findings) > 500
    assert {f.code for f in one.findings} >= {"QC010", "QC007", "QC008", "QGH201"}
    assert _json(two) == _json(one)
    assert render("text", two) == render("text", one)
    schema_only = validate_paths([big_pack], base=big_pack.parent, jobs=1, schema_only=True)
    assert _json(validate_paths([big_pack], base=big_pack.parent, jobs=2, schema_only=True)) == (
        _json(schema_only)
    )


def test_a_failed_child_changes_nothing(big_pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A child that dies (or cannot be forked) leaves its share to the parent."""
    one = validate_paths([big_pack], base=big_pack.parent, jobs=1)
    real = parallel.in_child

    def dying(func: Any) -> Any:
        return real(lambda: (_ for _ in ()).throw(MemoryError()))

    monkeypatch.setattr(runner_module.parallel, "in_child", dying)
    assert _json(validate_paths([big_pack], base=big_pack.parent, jobs=2)) == _json(one)
    monkeypatch.setattr(runner_module.parallel, "in_child", lambda func: None)
    assert _json(validate_paths([big_pack], base=big_pack.parent, jobs=2)) == _json(one)


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


def test_one_process_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second process costs CPU and can cost wall clock (one group of checks doing all
    the work): the command forks only with --jobs 2 or QUESTFORGE_JOBS."""
    monkeypatch.delenv(parallel.JOBS_VARIABLE, raising=False)
    assert parallel.default_jobs() == 1
    monkeypatch.setenv(parallel.JOBS_VARIABLE, "2")
    assert parallel.default_jobs() == 2
    monkeypatch.setenv(parallel.JOBS_VARIABLE, "many")
    assert parallel.default_jobs() == 1
