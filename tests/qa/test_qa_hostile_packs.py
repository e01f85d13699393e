"""Issue 9: every command keeps the validator's promise on hostile input.

Each test reproduces a fault found on main before its fix:

1. ``edit PACK`` chose its scenario by reading every ``*.json`` itself: a non-UTF-8 file
   gave a ``UnicodeDecodeError`` traceback, a FIFO named ``*.json`` hung forever, a link
   to ``/dev/zero`` read until ``MemoryError``. The engine's model and ``new`` read packs
   the same unsafe way. Now every pack reader goes through one walk and one loader
   (:func:`questforge.engine.core.pack.iter_pack_files`).
2. A lone surrogate escape (``"\\ud800"``) passed ``validate``; ``ai solve`` and
   ``simulate --html`` crashed on it, and a schema message quoting it was labelled QC003
   "nested too deeply". It is now refused at load as QC009 with file, line and column.
7. ``validate`` skipped a sub-folder it could not list (no finding) and ignored dangling
   links to folders.
10. A schema message echoed a 9 MB value on one line; ``validate -`` did not read stdin.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from click.testing import CliRunner, Result

from questforge.cli import cli
from questforge.engine.core.jsonload import (
    JsonLoadError,
    load_json_text,
    lone_surrogate,
    surrogate_path,
)
from questforge.engine.core.pack import content_files, iter_pack_files, read_pack, refused_path
from questforge.validator.runner import LoadedDocument, validate_documents, validate_paths

T = TypeVar("T")
REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "content" / "gloomhaven-sample"
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and links are POSIX")


def within(seconds: float, func: Callable[[], T]) -> T:
    """``func()``, failing the test (instead of hanging the suite) if it takes too long."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = func()
        except BaseException as exc:  # re-raised in the test's thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s (hang)"
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A private copy of the sample pack."""
    target = tmp_path / "pack"
    shutil.copytree(SAMPLE, target)
    return target


@pytest.fixture
def hostile_pack(pack: Path) -> Path:
    """The sample pack plus a Latin-1 file, a FIFO and a link to ``/dev/zero``, all
    named ``*.json``, as issue 9 found them."""
    (pack / "scenarios" / "latin1.json").write_bytes(b'{"kind": "scenario", "name": "Caf\xe9"}')
    os.mkfifo(pack / "scenarios" / "pipe.json")
    (pack / "scenarios" / "zero.json").symlink_to("/dev/zero")
    return pack


@pytest.fixture
def in_tmp(tmp_path: Path) -> Iterator[Path]:
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(old)


# --- 1. one safe walk and loader for every pack reader ------------------------------------


@POSIX
def test_edit_prescan_picks_a_scenario_despite_hostile_files(hostile_pack: Path) -> None:
    from questforge.commands.edit import _largest_scenario

    chosen = within(20, lambda: _largest_scenario(hostile_pack))
    assert chosen is not None and chosen.parent.name == "scenarios"
    assert chosen.name not in ("latin1.json", "pipe.json", "zero.json")


@POSIX
def test_every_pack_reader_survives_hostile_files(hostile_pack: Path) -> None:
    """The engine's model, ``new``'s id scan and the simulation's pack fingerprint read
    the same pack without a hang, a traceback or following the link."""
    from questforge.commands.new import _pack_documents
    from questforge.engine.core.targets import pack_digest
    from questforge.engine.gloomhaven.model import load_pack_dir

    model = within(30, lambda: load_pack_dir(hostile_pack))
    bad = {Path(e.file or "").name for e in model.errors}
    assert {"latin1.json", "pipe.json", "zero.json"} <= bad
    assert "collapsed-adit" in model.scenarios
    docs = within(20, lambda: list(_pack_documents(hostile_pack)))
    assert all(p.name not in ("latin1.json", "pipe.json", "zero.json") for p, _ in docs)
    # the content digest of game logs and simulations: no hang on the FIFO or /dev/zero
    digest = within(20, lambda: pack_digest([hostile_pack]))
    assert digest.startswith("sha256:")


@POSIX
def test_safe_pack_reader_reports_each_hostile_file(hostile_pack: Path) -> None:
    files, problems = within(20, lambda: read_pack(hostile_pack))
    errors = {f.path.name: f.error for f in files if f.error is not None}
    assert errors["latin1.json"] is not None and errors["latin1.json"].reason == "encoding"
    assert (errors["latin1.json"].line, errors["latin1.json"].column) == (1, 34)
    assert errors["pipe.json"] is not None and errors["pipe.json"].reason == "io"
    assert [p.path.name for p in problems] == ["zero.json"]
    assert [f.path for f in iter_pack_files(hostile_pack)] == [f.path for f in files]


@POSIX
def test_validate_reports_the_same_hostile_files(hostile_pack: Path) -> None:
    report = within(60, lambda: validate_paths([hostile_pack], base=hostile_pack))
    codes = {(f.file, f.code) for f in report.findings}
    assert ("scenarios/latin1.json", "QC004") in codes
    assert ("scenarios/pipe.json", "QC001") in codes
    assert ("scenarios/zero.json", "QC020") in codes


# --- 2. lone surrogates ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ('{"a": "\\ud800"}', 8),  # a high half alone
        ('{"a": "x\\udc00"}', 9),  # a low half alone
        ('{"a": "\\uD800\\u0041"}', 8),  # a high half followed by something else
        ('["\\ud800\\ud800\\udc00"]', 3),  # the first high half has no partner
        ('{"\\udfff": 1}', 3),  # in a key, too
    ],
)
def test_lone_surrogate_is_refused_at_its_position(text: str, column: int) -> None:
    with pytest.raises(JsonLoadError) as info:
        load_json_text(text)
    assert info.value.reason == "surrogate"
    assert (info.value.line, info.value.column) == (1, column)
    assert "surrogate" in info.value.message


@pytest.mark.parametrize(
    "text",
    [
        '{"a": "\\ud83d\\ude00"}',  # a complete pair: one emoji
        '{"a": "\\\\ud800"}',  # an escaped backslash, then plain letters
        '{"a": "\\\\\\ud83d\\ude00"}',  # backslash, then a pair
    ],
)
def test_complete_pairs_and_escaped_backslashes_still_load(text: str) -> None:
    assert lone_surrogate(text) == -1
    load_json_text(text)


def test_validate_refuses_a_lone_surrogate_with_qc009(pack: Path, in_tmp: Path) -> None:
    scenario = pack / "scenarios" / "collapsed-adit.json"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("The Collapsed Adit", "The \\ud800 Adit"), encoding="utf-8")
    result = run("validate", str(pack))
    assert result.exit_code == 1
    line = next(ln for ln in result.output.splitlines() if "QC009" in ln)
    assert line.startswith(f"{scenario}:6:") or ":6:" in line  # file:line:col of the escape
    assert "Traceback" not in result.output
    assert "QC009" in run("validate", "--list-checks").output


def test_a_message_quoting_a_surrogate_is_qc009_not_too_deep() -> None:
    """In-memory data (the editor's) can still hold one: the schema stage used to call it
    "nested too deeply" (QC003)."""
    data = json.loads((SAMPLE / "items" / "tonic.json").read_text(encoding="utf-8"))
    data["id"] = "\ud800"
    report = validate_documents([LoadedDocument("x.json", data)])
    assert [(f.code, f.path) for f in report.findings] == [("QC009", ("id",))]
    assert surrogate_path({"a": [1, {"b": "ok\udfff"}]}) == ("a", 1, "b")


def test_ai_solve_refuses_a_lone_surrogate_cleanly(tmp_path: Path, in_tmp: Path) -> None:
    situation = (REPO / "examples" / "situations" / "first-step.json").read_text(encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(situation.replace('"description": "', '"description": "\\ud800'), "utf-8")
    result = run("ai", "solve", str(bad))
    assert result.exit_code == 2
    assert "surrogate" in result.output and f"{bad}:" in result.output
    assert not isinstance(result.exception, UnicodeError)


def test_simulate_html_refuses_a_lone_surrogate_and_leaves_no_temp(
    pack: Path, in_tmp: Path
) -> None:
    scenario = pack / "scenarios" / "collapsed-adit.json"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("The Collapsed Adit", "The \\ud800 Adit"), encoding="utf-8")
    report = in_tmp / "report.html"
    result = run("simulate", str(scenario), "--games", "1", "--html", str(report))
    assert result.exit_code != 0
    assert "surrogate" in result.output
    assert not isinstance(result.exception, UnicodeError)
    assert not report.exists()
    assert not [p for p in in_tmp.iterdir() if p.name.endswith(".tmp")]


# --- 7. unreadable folders and dangling links -----------------------------------------------


def test_unreadable_sub_folder_is_a_finding(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``os.scandir`` failing stands in for a folder without read permission (a test run
    as root could read it anyway)."""
    locked = pack / "locked"
    locked.mkdir()
    shutil.copy(pack / "items" / "tonic.json", locked / "spare-tonic.json")
    real = os.scandir

    def scandir(path: Any) -> Any:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    before = len(content_files(pack)[0])
    report = validate_paths([pack], base=pack)
    found = [f for f in report.findings if f.file == "locked"]
    assert [f.code for f in found] == ["QC001"]
    assert "cannot be read" in found[0].message and "Permission denied" in found[0].message
    # every readable file plus the folder that could not be looked into
    assert len(report.files) == before + 1 and "locked" in report.files
    assert report.exit_code() == 1


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any folder"
)
def test_unreadable_sub_folder_for_real(pack: Path) -> None:
    locked = pack / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        report = validate_paths([pack], base=pack)
    finally:
        locked.chmod(0o755)
    assert [f.code for f in report.findings if f.file == "locked"] == ["QC001"]


@POSIX
def test_dangling_directory_link_is_reported(pack: Path) -> None:
    (pack / "gone-monsters").symlink_to(pack.parent / "deleted-folder")
    report = validate_paths([pack], base=pack)
    found = [f for f in report.findings if f.file == "gone-monsters"]
    assert [f.code for f in found] == ["QC020"]
    assert "dangling" in found[0].message
    assert "gone-monsters" in report.files


@POSIX
def test_refused_path_names_the_link_on_the_way(pack: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "x.json").write_text("{}", encoding="utf-8")
    (pack / "linked").symlink_to(outside)
    problem = refused_path(pack / "linked" / "x.json")
    assert problem is not None and problem.path.name == "linked"
    assert "outside" in problem.message
    assert refused_path(pack / "items" / "tonic.json") is None
    assert refused_path(outside / "x.json") is None  # not in a pack: no pack rule


@POSIX
def test_validate_refuses_a_file_named_through_a_linked_folder(
    pack: Path, tmp_path: Path, in_tmp: Path
) -> None:
    """The rule the editor applies (issue 9, fault 6) holds for ``validate FILE`` too:
    it used to read ``pack/linked/x.json`` and report it clean."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "x.json").write_text(
        (pack / "items" / "tonic.json").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (pack / "linked").symlink_to(outside)
    result = run("validate", str(pack / "linked" / "x.json"))
    assert result.exit_code == 1
    assert "QC020 reached through linked/" in result.output


# --- 10. long values, stdin -------------------------------------------------------------------


def test_schema_message_shortens_a_huge_value(pack: Path, in_tmp: Path) -> None:
    item = pack / "items" / "tonic.json"
    data = json.loads(item.read_text(encoding="utf-8"))
    data["name"] = "x" * 9_000_000
    item.write_text(json.dumps(data), encoding="utf-8")
    result = run("validate", str(item))
    assert result.exit_code == 1
    assert max(len(line) for line in result.output.splitlines()) < 300
    assert "9,000,000 characters" in result.output
    assert "is longer than" in result.output


def test_validate_reads_one_document_from_stdin(in_tmp: Path) -> None:
    tonic = (SAMPLE / "items" / "tonic.json").read_text(encoding="utf-8")
    clean = run("validate", "-", input=tonic)
    assert clean.exit_code == 0, clean.output
    assert "1 file checked" in clean.output
    broken = run("validate", "-", input=tonic.replace('"id": "tonic"', '"id": "Tonic"'))
    assert broken.exit_code == 1
    assert "<stdin>:4:" in broken.output and "QC010" in broken.output
    latin1 = run("validate", "-", input=b'{"kind": "item", "name": "Caf\xe9"}')
    assert latin1.exit_code == 1 and "<stdin>:1:" in latin1.output and "QC004" in latin1.output
    both = run("validate", "-", str(SAMPLE / "items" / "prybar.json"), input=tonic)
    assert both.exit_code == 0 and "2 files checked" in both.output


# --- 3. geometry without bounds ----------------------------------------------------------------


def _far_scenario(pack: Path, position: list[int]) -> Path:
    scenario = pack / "scenarios" / "collapsed-adit.json"
    data = json.loads(scenario.read_text(encoding="utf-8"))
    data["tiles"][1]["position"] = position
    scenario.write_text(json.dumps(data), encoding="utf-8")
    return scenario


def test_far_tile_is_a_schema_error(pack: Path) -> None:
    _far_scenario(pack, [10000, -10000])
    report = validate_paths([pack], base=pack)
    messages = sorted(f.message for f in report.findings if f.code == "QC010")
    assert messages == [
        "-10000 is less than the minimum of -1000",
        "10000 is greater than the maximum of 1000",
    ]


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3, 3 * 1024**3))


@pytest.mark.parametrize("position", [[10000, -10000], [10**12, -(10**12)]])
def test_render_cost_does_not_depend_on_coordinates(
    pack: Path, tmp_path: Path, position: list[int]
) -> None:
    """Before: 5.8 GB then a traceback at 10000, a hang at 1e12 (a flood fill over the
    bounding box). Now the same cost as a compact map, under a 3 GB address-space cap."""
    scenario = _far_scenario(pack, position)
    out = tmp_path / "far.png"
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "questforge", "render", str(scenario), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limit_memory if sys.platform.startswith("linux") else None,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    # drawn (the designer sees the far tile), and the out-of-bounds position is reported
    # as the error it is (exit 1), never a crash
    assert done.returncode == 1, done.stderr
    assert "QC010" in done.stderr and "maximum of 1000" in done.stderr
    assert "Traceback" not in done.stderr
    assert out.is_file()
    assert time.monotonic() - started < 60


def test_ai_solve_refuses_an_absurd_range_at_once(tmp_path: Path, in_tmp: Path) -> None:
    data = json.loads(
        (REPO / "examples" / "situations" / "first-step.json").read_text(encoding="utf-8")
    )
    data["active"]["range"] = 10000
    path = tmp_path / "far.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    started = time.process_time()
    result = run("ai", "solve", str(path))
    assert time.process_time() - started < 5
    assert result.exit_code == 2
    assert "$.active.range: must be at most 50, got 10000" in result.output


def test_a_boss_range_of_4000_plays_as_fast_as_any(pack: Path, in_tmp: Path) -> None:
    """Flagged by QGH245, but a game on it must still not take minutes (it took 145 s,
    15 s of CPU, on main): the engine cuts the range to what the board can use."""
    boss = pack / "bosses" / "ash-foreman.json"
    data = json.loads(boss.read_text(encoding="utf-8"))
    data["stats"]["range"] = "1000*C"
    boss.write_text(json.dumps(data), encoding="utf-8")
    scenario = pack / "scenarios" / "cinder-forge.json"
    started = time.process_time()
    # the content has an error (QGH245): --force simulates it anyway
    result = run(
        "simulate", str(scenario), "--games", "1", "--players", "2", "--jobs", "1", "--force"
    )
    assert result.exit_code == 0, result.output
    assert time.process_time() - started < 8


@POSIX
@pytest.mark.parametrize("ruleset", ["descent", "witcher"])
def test_other_rulesets_read_packs_through_the_safe_walk(ruleset: str, tmp_path: Path) -> None:
    """Every ruleset's pack reader, not only Gloomhaven's, survives the issue's files."""
    import importlib

    root = tmp_path / f"{ruleset}-pack"
    shutil.copytree(REPO / "content" / f"{ruleset}-sample", root)
    (root / "latin1.json").write_bytes(b'{"kind": "x", "name": "Caf\xe9"}')
    os.mkfifo(root / "pipe.json")
    (root / "zero.json").symlink_to("/dev/zero")
    model = importlib.import_module(f"questforge.engine.{ruleset}.model")
    pack = within(30, lambda: model.load_pack_dir(root))
    bad = {Path(e.file or "").name for e in pack.errors}
    assert {"latin1.json", "pipe.json", "zero.json"} <= bad
