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
    # start-up: click (and the rest of the CLI) is not loaded for a plain ai solve
    code = (
        "import sys\n"
        "from questforge.launch import main\n"
        f"sys.argv = ['questforge', 'ai', 'solve', '--format', 'json', {str(dev_dir)!r}]\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        "    sys.stderr.write('click loaded: %s' % ('click' in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.endswith("click loaded: False")
    assert len(done.stdout.splitlines()) == len(list(dev_dir.glob("*.json")))
