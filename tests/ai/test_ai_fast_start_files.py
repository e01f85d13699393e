"""The fast start lists files without ``pathlib``: the same files, in the same order, as the
click command's :func:`~questforge.commands.ai_run.expand`, and a refusal (``None``) exactly
where ``expand`` raises a usage problem (the click command then reports it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from questforge.commands import ai_run


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "d"
    d.mkdir()
    for name in ("b.json", "a.json", ".hidden.json", "UPPER.JSON", "notes.txt", "é.json"):
        (d / name).write_text("{}", encoding="utf-8")
    (d / "sub.json").mkdir()  # Path.glob matches a folder too; the referee says it is one
    (tmp_path / "empty").mkdir()
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ["d"],
        ["d/"],
        ["./d//"],
        ["d", "d/a.json", "-"],
        ["missing.json"],
        ["empty"],
        ["-", "-"],
        [""],
    ],
)
def test_same_files_as_expand(
    folder: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(folder)
    try:
        want: list[str] | None = [str(p) for p in ai_run.expand([Path(a) for a in args])]
    except ai_run.UsageProblem:
        want = None
    got = ai_run._expand_plain(args)
    # messages name files as pathlib writes them (``shown``): compare in that form
    assert (None if got is None else [str(Path(g)) for g in got]) == want


def test_a_folder_that_cannot_be_listed_goes_to_the_click_command(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(folder)

    def refuse(path: object) -> object:
        raise PermissionError(13, "denied", str(path))

    monkeypatch.setattr(os, "scandir", refuse)
    assert ai_run._expand_plain(["d"]) is None
