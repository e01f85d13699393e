"""The README's "A short tour" runs as written, in a fresh copy of the repository.

Issue 9 found it failing for a newcomer: ``ai solve situation.json`` named a file that did
not exist, ``schema export schemas/`` wrote next to the repository's own ``schema/``, and
``render SCENARIO`` was a placeholder. The commands are parsed from the README's code block
(so the test follows the README), run one after the other in a temporary copy of the
repository's files (what a fresh clone holds), and each must exit 0 and leave what it
promises. Two adjustments, both for a test machine, are made explicitly below: the
simulation runs 4 games instead of 1000 (same code path, a minute less), and ``edit``
draws the window offscreen (``--screenshot``) instead of opening it.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
QUESTFORGE = Path(sys.executable).with_name("questforge")

#: files each command must leave in the working folder
ARTEFACTS = {
    "--output": "findings.sarif",
    "export": "exported-schemas/gloomhaven/scenario.schema.json",
    "new": "my-pack/pack.json",
    "--log": "game.json",
    "--html": "report.html",
    "render": "map.png",
    "--screenshot": "editor.png",
}


def tour_commands() -> list[list[str]]:
    """The commands of the README's tour code block, comments removed."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## A short tour", 1)[1]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    commands = []
    for line in block.splitlines():
        words = shlex.split(line, comments=True)
        if words:
            commands.append(words)
    return commands


def fresh_copy(target: Path) -> Path:
    """The repository's tracked files (as in the working tree) in ``target``; without
    git, everything except build and environment folders."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
        ).stdout.decode("utf-8")
        names = [n for n in listed.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
    if not names:
        shutil.copytree(
            REPO,
            target,
            ignore=shutil.ignore_patterns(".venv", ".git", "out", "__pycache__", "*.egg-info"),
        )
        return target
    for name in names:
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def test_the_tour_is_parsed_from_the_readme() -> None:
    commands = tour_commands()
    assert len(commands) >= 10
    assert all(words[0] == "questforge" for words in commands)
    assert ["questforge", "ai", "solve", "examples/situations/first-step.json"] in commands
    # the export target cannot be mistaken for the repository's schema/ folder
    export = next(words for words in commands if words[1:3] == ["schema", "export"])
    assert export[3].rstrip("/") not in ("schema", "schemas")


@pytest.mark.slow
@pytest.mark.skipif(
    not QUESTFORGE.exists(), reason="the questforge console script is not installed"
)
def test_the_readme_tour_runs_as_written(tmp_path: Path) -> None:
    clone = fresh_copy(tmp_path / "clone")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "NO_COLOR": "1"}
    for words in tour_commands():
        args = list(words[1:])
        if args[0] == "simulate":
            args[args.index("--games") + 1] = "4"  # 1000 games is the README's real run
        if args == ["edit"]:
            args += ["--screenshot", "editor.png"]  # no window on a test machine
        done = subprocess.run(
            [str(QUESTFORGE), *args],
            cwd=clone,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        shown = " ".join(words)
        assert done.returncode == 0, f"{shown}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr, shown
        for trigger, artefact in ARTEFACTS.items():
            if trigger in args:
                assert (clone / artefact).is_file(), f"{shown} did not write {artefact}"
    assert not (clone / "schema" / "gloomhaven" / "gloomhaven").exists()
