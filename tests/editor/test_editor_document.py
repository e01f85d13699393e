"""The document model: undo/redo, change signals, key order, atomic save, autosave recovery."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from questforge.editor.document import Document, DocumentError, atomic_write
from questforge.editor.jsonpath import MISSING

ORIGINAL = """{
  "zeta": 1,
  "$schema": "https://questforge.dev/schema/gloomhaven/monster.schema.json",
  "kind": "monster",
  "id": "bone-guard",
  "x-designer-note": {"keep": ["me", 1]},
  "levels": [{"health": 5}, {"health": 6}]
}
"""


@pytest.fixture
def doc_file(tmp_path: Path) -> Path:
    path = tmp_path / "pack" / "monster.json"
    path.parent.mkdir()
    path.write_text(ORIGINAL, encoding="utf-8")
    return path


def test_edit_undo_redo_and_signals(qtbot: QtBot, doc_file: Path) -> None:
    doc = Document.open(doc_file)
    seen: list[tuple[Any, ...]] = []
    doc.changed.connect(seen.append)
    assert not doc.dirty
    doc.set_value(("levels", 1, "health"), 9)
    assert doc.get(("levels", 1, "health")) == 9
    assert doc.dirty
    assert seen == [("levels", 1, "health")]
    doc.insert_item(("levels",), {"health": 7})
    doc.remove_item(("levels",), 0)
    assert doc.get(("levels",)) == [{"health": 9}, {"health": 7}]
    assert doc.undo_stack.count() == 3
    for _ in range(3):
        doc.undo_stack.undo()
    assert doc.get(("levels",)) == [{"health": 5}, {"health": 6}]
    assert not doc.dirty
    for _ in range(3):
        doc.undo_stack.redo()
    assert doc.get(("levels",)) == [{"health": 9}, {"health": 7}]


def test_new_key_is_removed_again_on_undo(qtbot: QtBot, doc_file: Path) -> None:
    doc = Document.open(doc_file)
    doc.set_value(("flying",), True)
    assert doc.get(("flying",)) is True
    doc.undo_stack.undo()
    assert doc.get(("flying",)) is MISSING
    assert "flying" not in doc.data


def test_drag_edits_merge_into_one_undo_step(qtbot: QtBot, doc_file: Path) -> None:
    doc = Document.open(doc_file)
    for hp in (10, 11, 12, 13):
        doc.set_value(("levels", 0, "health"), hp, merge_key="drag-1")
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.get(("levels", 0, "health")) == 5


def test_macro_is_one_undo_step(qtbot: QtBot, doc_file: Path) -> None:
    doc = Document.open(doc_file)
    with doc.macro("two things"):
        doc.set_value(("id",), "bone-guard-2")
        doc.insert_item(("levels",), {"health": 1})
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.data == json.loads(ORIGINAL)


def test_save_keeps_key_order_and_unknown_keys(qtbot: QtBot, doc_file: Path) -> None:
    doc = Document.open(doc_file)
    doc.set_value(("levels", 0, "health"), 8)
    doc.save()
    saved = json.loads(doc_file.read_text(encoding="utf-8"))
    assert list(saved) == ["zeta", "$schema", "kind", "id", "x-designer-note", "levels"]
    assert saved["x-designer-note"] == {"keep": ["me", 1]}
    assert saved["levels"][0] == {"health": 8}
    assert not doc.dirty
    # no temporary files left behind
    assert sorted(p.name for p in doc_file.parent.iterdir()) == ["monster.json"]


def test_atomic_write_leaves_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "f.json"
    target.write_text("old", encoding="utf-8")

    def boom(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_save_error_is_a_readable_document_error(qtbot: QtBot, doc_file: Path) -> None:
    doc = Document.open(doc_file)
    blocker = doc_file.parent / "not-a-folder"
    blocker.write_text("I am a file", encoding="utf-8")
    with pytest.raises(DocumentError, match="cannot save"):
        doc.save(blocker / "x.json")


def test_bad_json_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "kind": "monster",\n  "id": oops\n}\n', encoding="utf-8")
    with pytest.raises(DocumentError, match=r"bad\.json:3:9: "):
        Document.open(bad)


def test_autosave_recovery_after_crash(qtbot: QtBot, doc_file: Path) -> None:
    doc = Document.open(doc_file)
    doc.set_value(("id",), "renamed")
    rec = doc.write_recovery()
    assert rec is not None and rec.is_file()
    # "crash": the document is dropped without saving; the file on disk is unchanged
    del doc
    assert json.loads(doc_file.read_text(encoding="utf-8"))["id"] == "bone-guard"
    reopened = Document.open(doc_file)
    assert reopened.pending_recovery() is not MISSING
    assert reopened.restore_recovery()
    assert reopened.get(("id",)) == "renamed"
    assert reopened.dirty
    reopened.undo_stack.undo()  # restoring is itself undoable
    assert reopened.get(("id",)) == "bone-guard"
    reopened.undo_stack.redo()
    reopened.save()
    assert not reopened.recovery_path().exists()
    assert Document.open(doc_file).pending_recovery() is MISSING


def test_autosave_timer_writes_recovery_file(qtbot: QtBot, doc_file: Path) -> None:
    doc = Document.open(doc_file)
    doc._autosave_timer.setInterval(10)
    doc.set_value(("id",), "timed")
    qtbot.waitUntil(lambda: doc.recovery_path().is_file(), timeout=2000)
