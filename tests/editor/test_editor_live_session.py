"""Live validation through a kept ValidationSession: an edit re-validates only the edited
document, the findings equal a validation from nothing, outdated results are dropped, and
a schema finding under a numeric object key jumps to the right field."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from questforge.editor.forms.form_editor import FormEditor
from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts
from questforge.editor.validation import ValidationResult, snapshot, validate_snapshot

pytestmark = pytest.mark.gui


def make_window(qtbot: QtBot, live: bool = True) -> MainWindow:
    window = MainWindow(prompts=ScriptedPrompts(), live_validation=live)
    window.resize(1200, 800)
    qtbot.addWidget(window)
    window.show()
    return window


def rows(window: MainWindow) -> list[tuple[str, str, str]]:
    tree = window.problems.tree
    return [
        (tree.topLevelItem(i).text(0), tree.topLevelItem(i).text(1), tree.topLevelItem(i).text(3))
        for i in range(tree.topLevelItemCount())
    ]


def key_of(findings: list) -> list[tuple[str, str | None, tuple, str]]:
    return sorted((f.code, f.file, tuple(f.path), f.message) for f in findings)


def test_an_edit_is_revalidated_incrementally_and_undo_clears_the_problem(
    qtbot: QtBot, editor_pack: Path
) -> None:
    window = make_window(qtbot)
    window.validator.delay_ms = 10
    scenario = editor_pack / "scenarios" / "two-rooms.json"
    editor = window.open_file(scenario)
    assert isinstance(editor, ScenarioEditor)
    with qtbot.waitSignal(window.validator.finished, timeout=20000) as first:
        window.validator.request_full()
    assert first.args[0].full  # opening a file: the session syncs every document
    assert not any("monsters[0]" in where for _c, _m, where in rows(window))
    before = rows(window)

    # an edit that breaks the schema: only the edited document goes to the session
    with qtbot.waitSignal(window.validator.finished, timeout=20000) as broken:
        editor.document.set_value(("monsters", 0, "players", "4"), "champion")
    result: ValidationResult = broken.args[0]
    assert not result.full
    assert result.changed == [str(scenario.resolve())]
    assert any(
        where == "$.monsters[0].players.4" and "champion" in message
        for _code, message, where in rows(window)
    )
    assert window.browser.state_of(scenario) == "error"

    # undo: again incremental, and the problem is gone from the panel
    with qtbot.waitSignal(window.validator.finished, timeout=20000) as undone:
        editor.document.undo_stack.undo()
    assert not undone.args[0].full
    assert undone.args[0].changed == [str(scenario.resolve())]
    assert rows(window) == before


def test_session_findings_equal_a_validation_from_nothing(qtbot: QtBot, editor_pack: Path) -> None:
    window = make_window(qtbot, live=False)
    editor = window.open_file(editor_pack / "scenarios" / "two-rooms.json")
    assert isinstance(editor, ScenarioEditor)
    doc = editor.document
    window.validator.validate_now()
    edits = [
        (("monsters", 0, "hex"), [9, 9]),  # off the map
        (("monsters", 1, "players", "2"), "elite"),
        (("doors", 0, "rooms"), ["room-1", "room-9"]),  # an unknown room
        (("monsters", 2, "monster"), "no-such-monster"),
    ]
    for path, value in edits:
        doc.set_value(path, value)
        result = window.validator.validate_now()
        assert not result.full
        assert key_of(result.findings) == key_of(validate_snapshot(snapshot(window.workspace)))
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
        result = window.validator.validate_now()
        assert key_of(result.findings) == key_of(validate_snapshot(snapshot(window.workspace)))


def test_a_result_for_an_outdated_version_is_dropped(qtbot: QtBot, editor_pack: Path) -> None:
    window = make_window(qtbot, live=False)
    editor = window.open_file(editor_pack / "scenarios" / "two-rooms.json")
    assert isinstance(editor, ScenarioEditor)
    validator = window.validator
    shown = validator.validate_now()
    # a job made for this version, finished after the user edited again
    validator.generation += 1
    job = validator.make_job()
    editor.document.set_value(("monsters", 0, "players", "4"), "champion")
    stale = validator.sessions.run(job)
    validator._on_result(stale)
    assert validator.dropped == 1
    assert validator.latest is shown
    # the next run covers the edit and is shown
    fresh = validator.validate_now()
    assert validator.latest is fresh
    assert any(f.path[:2] == ("monsters", 0) for f in fresh.findings)


def test_a_finding_under_a_numeric_key_jumps_to_its_field(qtbot: QtBot, editor_pack: Path) -> None:
    window = make_window(qtbot, live=False)
    monster = editor_pack / "monsters" / "slag-hound.json"
    editor = window.open_file(monster)
    assert isinstance(editor, FormEditor)
    editor.document.set_value(("levels", "2", "elite", "move"), "fast")
    result = window.validator.validate_now()
    found = [f for f in result.findings if f.file == str(monster.resolve())]
    # object keys stay strings ("2" of the levels object), so the path names the field
    assert ("levels", "2", "elite", "move") in [tuple(f.path) for f in found]
    row = next(
        i
        for i in range(window.problems.tree.topLevelItemCount())
        if window.problems.tree.topLevelItem(i).text(3) == "$.levels.2.elite.move"
    )
    window.problems.activate_row(row)
    assert editor.form is not None
    widget = editor.form.widget_for(("levels", "2", "elite", "move"))
    assert widget is not None
    assert "#ffe08a" in widget.styleSheet()
