"""Issue 9 in the editor: hostile packs and data give a dialog, never a traceback.

Each test reproduces a fault found on main before its fix:

- the editor opened and saved through a symbolic link pointing outside the pack
  (``validate`` refuses such links; the editor now applies the same rule);
- a lone surrogate (``"\\ud800"``) in the data made saving raise ``UnicodeEncodeError``
  (a traceback on stderr, no dialog) and the autosave fail too; it is now a dialog naming
  the JSON path, and the autosave keeps the text losslessly;
- a save killed between writing the temporary file and renaming it left
  ``.NAME.XXXX.tmp`` in the pack for good; opening the file or pack removes it;
- a tile at ``[10000, -10000]`` made the map allocate gigabytes (hole detection flooded
  the bounding box).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from questforge.editor.document import Document, DocumentError, remove_stale_temps
from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.packbrowser import PackBrowser
from questforge.editor.prompts import ScriptedPrompts
from questforge.editor.workspace import Workspace

pytestmark = pytest.mark.gui
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="links and FIFOs are POSIX")


def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    qtbot.addWidget(win)
    return win


def errors(win: MainWindow) -> list[tuple[str, str]]:
    return win.prompts.errors  # type: ignore[attr-defined,no-any-return]


# --- links ----------------------------------------------------------------------------------


@POSIX
def test_open_through_a_link_out_of_the_pack_is_refused(
    qtbot: QtBot, editor_pack: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text('{"kind": "item", "id": "secret"}', encoding="utf-8")
    link = editor_pack / "items" / "secret.json"
    link.symlink_to(secret)
    win = window(qtbot)
    win.open_path(editor_pack)
    assert win.open_file(link) is None
    [(title, message)] = errors(win)
    assert title == "Cannot open file"
    assert "symbolic link" in message and "outside the pack" in message
    assert win.workspace.documents == []
    with pytest.raises(DocumentError):
        Document.open(link)


@POSIX
def test_open_below_a_linked_folder_is_refused(editor_pack: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.json").write_text('{"kind": "item", "id": "x"}', encoding="utf-8")
    (editor_pack / "more").symlink_to(outside)
    with pytest.raises(DocumentError, match="symbolic link"):
        Document.open(editor_pack / "more" / "x.json")


@POSIX
def test_a_loose_link_outside_any_pack_still_opens(tmp_path: Path) -> None:
    """The pack rule is the pack's: a loose file is not restricted (as in ``validate``)."""
    target = tmp_path / "real.json"
    target.write_text('{"kind": "item", "id": "x"}', encoding="utf-8")
    (tmp_path / "alias.json").symlink_to(target)
    assert Document.open(tmp_path / "alias.json", autosave=False).content_id == "x"


@POSIX
def test_save_through_a_link_out_of_the_pack_is_refused(
    qtbot: QtBot, editor_pack: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.json"
    victim.write_text("precious\n", encoding="utf-8")
    link = editor_pack / "items" / "victim.json"
    link.symlink_to(victim)
    win = window(qtbot)
    win.open_path(editor_pack)
    editor = win.open_file(editor_pack / "items" / "tonic.json")
    assert editor is not None
    doc = win.current_document()
    assert doc is not None
    assert win.save_document(doc, link) is False
    [(title, message)] = errors(win)
    assert title == "Cannot save" and "symbolic link" in message
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert link.is_symlink()


# --- lone surrogates ----------------------------------------------------------------------------


def test_saving_a_lone_surrogate_is_a_dialog_and_the_autosave_keeps_it(
    qtbot: QtBot, editor_pack: Path
) -> None:
    """Refused at load (see tests/qa), but a JSON field can still receive ``"\\ud800"``."""
    path = editor_pack / "items" / "tonic.json"
    before = path.read_bytes()
    win = window(qtbot)
    win.open_file(path)
    doc = win.current_document()
    assert doc is not None
    doc.set_value(("name",), "Tonic \ud800")
    assert win.save_document(doc) is False
    [(title, message)] = errors(win)
    assert title == "Cannot save"
    assert "$.name" in message and "surrogate" in message
    assert path.read_bytes() == before  # untouched, and no temporary file left
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    recovery = doc.write_recovery()
    assert recovery is not None and recovery.is_file()
    saved = recovery.read_text(encoding="utf-8")
    assert saved.isascii() and json.loads(saved)["data"]["name"] == "Tonic \ud800"  # kept
    with pytest.raises(ValueError, match="surrogate"):
        win.workspace.snapshot(editor_pack.parent / "snapshot")
    doc.set_value(("name",), "Tonic")
    assert win.save_document(doc) is True


def test_opening_a_file_with_a_lone_surrogate_is_a_dialog(qtbot: QtBot, editor_pack: Path) -> None:
    path = editor_pack / "items" / "tonic.json"
    path.write_text(
        path.read_text(encoding="utf-8").replace('"name": "', '"name": "\\udc00'), "utf-8"
    )
    win = window(qtbot)
    assert win.open_file(path) is None
    [(title, message)] = errors(win)
    assert title == "Cannot open file"
    assert f"{path}:" in message and "surrogate" in message


# --- temporary files of killed saves ---------------------------------------------------------


def _age(path: Path, seconds: float) -> None:
    stamp = time.time() - seconds
    os.utime(path, (stamp, stamp))


def test_a_killed_save_leaves_no_temp_after_the_next_open(qtbot: QtBot, editor_pack: Path) -> None:
    items = editor_pack / "items"
    stale = items / ".tonic.json.k2j4h5q1.tmp"  # what atomic_write's mkstemp names
    fresh = items / ".tonic.json.a8f7d6s5.tmp"  # another editor saving right now
    other = items / ".prybar.json.z9x8c7v6.tmp"  # another file's leftover
    notes = items / ".notes.tmp"  # not ours
    for p in (stale, fresh, other, notes):
        p.write_text("{", encoding="utf-8")
    for p in (stale, other, notes):
        _age(p, 3600)
    Document.open(items / "tonic.json", autosave=False)
    assert not stale.exists()
    assert fresh.exists() and other.exists() and notes.exists()
    workspace = Workspace()
    workspace.open_pack(editor_pack)  # the whole pack: the other file's leftover too
    assert not other.exists() and fresh.exists() and notes.exists()
    assert remove_stale_temps(items) == []


@POSIX
def test_temp_cleanup_never_follows_a_link(editor_pack: Path, tmp_path: Path) -> None:
    target = tmp_path / "keep.json"
    target.write_text("{}", encoding="utf-8")
    link = editor_pack / "items" / ".tonic.json.abcdefgh.tmp"
    link.symlink_to(target)
    remove_stale_temps(editor_pack / "items")
    assert link.is_symlink() and target.is_file()


# --- hostile packs in the pack browser ----------------------------------------------------------


@POSIX
def test_pack_browser_lists_hostile_files_without_hanging(qtbot: QtBot, editor_pack: Path) -> None:
    (editor_pack / "items" / "latin1.json").write_bytes(b'{"kind": "item", "name": "Caf\xe9"}')
    os.mkfifo(editor_pack / "items" / "pipe.json")
    (editor_pack / "items" / "zero.json").symlink_to("/dev/zero")
    workspace = Workspace()
    started = time.monotonic()
    workspace.open_pack(editor_pack)
    assert time.monotonic() - started < 20
    by_name = {f.path.name: f for f in workspace.files}
    assert by_name["latin1.json"].kind == "unreadable"
    assert "UTF-8" in (by_name["latin1.json"].error or "")
    assert by_name["pipe.json"].kind == "unreadable"
    assert "zero.json" not in by_name  # a link is never followed
    assert workspace.content("item")  # the readable files are all there
    browser = PackBrowser(workspace)
    qtbot.addWidget(browser)
    assert browser.state_of(editor_pack / "items" / "latin1.json") == "error"
    assert browser.state_of(editor_pack / "items" / "tonic.json") == "ok"


# --- geometry ---------------------------------------------------------------------------------


@pytest.mark.parametrize("position", [[10000, -10000], [10**12, -(10**12)], [10**400, 0]])
def test_far_tile_opens_on_the_canvas_at_once(
    qtbot: QtBot, editor_pack: Path, position: list[int]
) -> None:
    path = editor_pack / "scenarios" / "two-rooms.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tiles"][-1]["position"] = position
    path.write_text(json.dumps(data), encoding="utf-8")
    win = window(qtbot)
    started = time.process_time()
    editor = win.open_file(path)
    assert isinstance(editor, ScenarioEditor)
    walls = editor.scene.smap.wall_hexes()
    win.show()
    qtbot.wait(10)
    assert time.process_time() - started < 20
    assert len(walls) < 10 * len(editor.scene.smap.hexes) + 100  # the border, not a box
    assert errors(win) == []
