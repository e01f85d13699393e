"""``questforge ai solve`` starts without click and reads plain files on a fast path; both
must change nothing a user sees: the same lines, the same messages, the same exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.commands import ai_run
from questforge.commands.ai import ai


def fast(args: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int | None, str, str]:
    """Run the click-free path in-process: (exit code or None, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = ai_run.fast_main(args)
    return code, out.getvalue(), err.getvalue()


def slow(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(ai, ["solve", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "options",
    [["--format", "json"], ["--format=json", "--explain", "--check"], [], ["--check"]],
)
def test_fast_path_prints_what_the_click_command_prints(
    dev_dir: Path, monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    # GH-AMBIG-01: every option of every dev situation, in the same words and order
    args = [*options, str(dev_dir)]
    code, out, err = fast(args, monkeypatch)
    assert (code, out, err) == slow(args)
    assert code == 0 and out


def test_bad_files_get_the_safe_loaders_messages(
    tmp_path: Path, dev_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = json.loads((dev_dir / "gloom-007.json").read_text(encoding="utf-8"))
    files = {
        "dup.json": '{"kind": "situation", "kind": "situation"}',
        "nan.json": '{"kind": NaN}',
        "bom.json": "\ufeff" + json.dumps(good),
        "float.json": json.dumps({**good, "format": 1.0}),
        "offmap.json": json.dumps({**good, "figures": [{"hex": [99, 99], "side": "character"}]}),
        "deep.json": "[" * 500 + "]" * 500,
        # a lone surrogate escape is valid JSON grammar but refused by the safe loader
        "surrogate.json": json.dumps({**good, "description": "x"}).replace('"x"', '"\\ud800"'),
        "empty.json": "",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    args = ["--format", "json", str(tmp_path), str(tmp_path / "missing.json")]
    code, out, err = fast(args, monkeypatch)
    assert (code, out, err) == slow(args)
    assert code == 2
    assert "duplicate key 'kind'" in err
    assert "nested more than" in err
    assert "is not on the map" in err
    assert "surrogate.json" in err
    assert len(out.splitlines()) == len(files) + 1  # one line per input, errors included


@pytest.mark.parametrize(
    "args",
    [["--help"], ["--format", "xml", "x.json"], ["--nope", "x.json"], [], ["--", "x.json"]],
)
def test_anything_unusual_is_left_to_click(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = fast(args, monkeypatch)
    assert code is None and out == "" and err == ""


def test_a_folder_without_situations_is_left_to_click(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert fast([str(tmp_path)], monkeypatch)[0] is None
    assert "folder holds no *.json" in slow([str(tmp_path)])[2]


def test_the_console_script_does_not_import_click_for_ai_solve(dev_dir: Path) -> None:
    # start-up: click (and the rest of the CLI) is not loaded for a plain ai solve, and the
    # fast exit still delivers every line and the exit code
    done = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "questforge",
            "ai",
            "solve",
            "--format",
            "json",
            str(dev_dir),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    assert "questforge.commands.ai_run" in imported
    assert not [m for m in imported if m == "click" or m.startswith("click.")]
    # nor the plug-in entry-point scan: the built-in Gloomhaven referee is found first
    assert "importlib.metadata" not in imported
    assert len(done.stdout.splitlines()) == len(list(dev_dir.glob("*.json")))


def test_a_failing_file_still_exits_2_through_the_fast_exit(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "questforge", "ai", "solve", str(tmp_path / "bad.json")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "bad.json:1:2: malformed JSON" in done.stderr


def test_solving_makes_no_reference_cycles(dev_dir: Path) -> None:
    # the fast path turns the cyclic collector off: that is only safe while solving leaves
    # no garbage that reference counting cannot free
    import gc

    paths = ai_run.expand([dev_dir])
    lines: list[str] = []
    ai_run.run(paths[:1], "json", False, False, lines.append, lines.append)  # imports done
    gc.collect()
    gc.disable()
    try:
        ai_run.run(paths, "json", False, True, lines.append, lines.append)
        ai_run.run(paths[:5], "text", True, False, lines.append, lines.append)
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert len(lines) > len(paths)


def test_a_reader_that_goes_away_ends_the_command_quietly(dev_dir: Path) -> None:
    # like the click command: exit 1, no traceback, when the output pipe closes early
    proc = subprocess.Popen(
        [sys.executable, "-m", "questforge", "ai", "solve", str(dev_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert "Traceback" not in err
