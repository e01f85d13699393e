"""The playtest window driven as a user would: open, step with bots, play by hand, export."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from playtest_helpers import click, wait_idle
from PySide6.QtCore import Qt

from questforge.editor.gloomhaven.playtest.window import PlaytestWindow
from questforge.editor.playtest import open_playtest
from questforge.engine.gloomhaven.ai import load_situation, solve
from questforge.validator.runner import validate_paths

pytestmark = pytest.mark.gui

BUNDLED = ["cinder-forge", "collapsed-adit", "flooded-workings"]


def _figures(window: PlaytestWindow) -> dict[str, Any]:
    return {f.id: f for f in window.scene.snap.figures}


def _shot(window: PlaytestWindow, name: str) -> None:
    folder = os.environ.get("QUESTFORGE_TEST_SHOTS")
    if folder:
        window.grab().save(str(Path(folder) / name))


@pytest.mark.parametrize("scenario", BUNDLED)
def test_opens_every_bundled_scenario(playtest: Any, scenario: str) -> None:
    window = playtest(scenario)
    spec = window.spec
    revealed = window.scene.snap.revealed
    # the starting room is revealed; the other rooms are not (their contents stay hidden)
    start_room = {(h[0], h[1]) for h in spec.rooms[spec.starting_room]}
    assert start_room <= revealed
    for room, hexes in spec.rooms.items():
        if room != spec.starting_room:
            assert not {(h[0], h[1]) for h in hexes} <= revealed, room
    # both characters stand on starting hexes with full health; the table lists them
    party = {fid: f for fid, f in _figures(window).items() if f.side == "party"}
    assert set(party) == set(window.party())
    starts = {(h[0], h[1]) for h in spec.starting_hexes}
    for fig in party.values():
        assert fig.hex in starts and fig.hp == fig.max_hp > 0
    table = window.figure_table
    rows = {table.item(r, 0).text() for r in range(table.rowCount())}
    assert {window.content.classes[c].name for c in window.party()} <= rows  # names, not ids
    assert window.round_label.text().startswith("Round 0")
    assert window.log_list.count() >= 3  # setup, room revealed, placements


def test_bots_play_rounds_from_the_window(qtbot: Any, playtest: Any) -> None:
    window = playtest("flooded-workings")
    before = {fid: (f.hex, f.hp) for fid, f in _figures(window).items()}
    log_before = window.log_list.count()
    for _ in range(3):
        click(qtbot, window.step_round_button)
        wait_idle(qtbot, window)
    game = window.runner.game
    assert game.state.round == 3 or game.finished
    assert window.round_label.text().startswith(f"Round {game.state.round}")
    log = [window.log_list.item(i).text() for i in range(window.log_list.count())]
    assert len(log) > log_before + 20
    assert "Round 3 begins." in log or game.finished
    after = {fid: (f.hex, f.hp) for fid, f in _figures(window).items()}
    changed = [fid for fid in before if after.get(fid) != before[fid]]
    assert changed, "nothing moved, was hurt or died in three rounds"
    # the round panels: initiative order, this round's monster cards, modifier draws
    assert window.order_list.count() >= 2
    assert "initiative" in window.cards_view.toPlainText()
    assert window.modifier_list.count() >= 1
    # the last monster move is drawn (path start and focus marker) and explained
    moment = window.runner.moments[-1]
    move = window.scene.move
    assert move.figure == moment.figure
    assert move.destination == tuple(moment.focus["destination"])
    assert "GH-FOCUS" in window.move_text.toPlainText()
    _shot(window, "playtest-bots.png")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_step_turn_advances_one_figure_at_a_time(qtbot: Any, playtest: Any, seed: int) -> None:
    window = playtest("collapsed-adit")
    window.seed_spin.setValue(seed)
    click(qtbot, window.new_game_button)
    wait_idle(qtbot, window)
    click(qtbot, window.step_turn_button)  # card selection
    wait_idle(qtbot, window)
    game = window.runner.game
    assert game.state.round == 1 and game.state.phase == "turns"
    turns = sum(1 for e in game.events if e.type == "turn_start")
    assert turns == 0
    click(qtbot, window.step_turn_button)  # the first figure's turn
    wait_idle(qtbot, window)
    started = [e for e in game.events if e.type == "turn_start"]
    assert len(started) == 1
    first = window.order_list.item(0).text()
    figure = game.state.figures.get(started[0].get("figure"))
    if figure is not None and figure.kind == "character":
        assert first.startswith("  done") and window.content.classes[figure.id].name in first
    else:  # a monster type stays the current actor until all its monsters have acted
        assert first.startswith("> ")


def _answer_until(qtbot: Any, window: PlaytestWindow, kind: str, limit: int = 40) -> Any:
    """Play the human character's decisions with the list's first option (Confirm) until
    a decision of ``kind`` is pending; step rounds when nothing is asked."""
    for _ in range(limit):
        r = window.runner
        if r.pending is not None and r.pending.kind == kind:
            return r.pending
        if r.pending is not None:
            click(qtbot, window.confirm_button)
        else:
            click(qtbot, window.step_round_button)
        wait_idle(qtbot, window)
    raise AssertionError(f"no {kind!r} decision came")


def test_play_decisions_by_hand(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    hero = window.party()[0]
    window.bot_boxes[0].setChecked(False)  # play character 1 by hand
    click(qtbot, window.new_game_button)
    wait_idle(qtbot, window)
    r = window.runner
    assert r.people == {hero}
    # the starting hex is the first decision: pick the second option and confirm
    assert r.pending is not None and r.pending.kind == "start_hex" and r.pending.actor == hero
    assert window.confirm_button.isEnabled() and window.scene.options  # hexes on the map
    chosen = r.pending.options[1]
    window.option_list.setCurrentRow(1)
    click(qtbot, window.confirm_button)
    wait_idle(qtbot, window)
    assert {"kind": "start_hex", "actor": hero, "index": 1} in [
        {k: d[k] for k in ("kind", "actor", "index")} for d in r.game.decisions
    ]
    assert _figures(window)[hero].hex == tuple(chosen)
    # card selection: the list offers card pairs; choose the third, confirm
    plan = _answer_until(qtbot, window, "plan")
    # the cards are laid out as cards; the plain list is one tick away
    assert window.card_choice.isVisible() and not window.option_list.isVisible()
    window.list_toggle.setChecked(True)
    assert window.option_list.isVisible() and not window.card_choice.isVisible()
    lead = window.content.classes[hero].card(plan.options[2]["cards"][0]).name
    window.option_filter.setText(lead.lower())  # the filter narrows 50-odd card pairs
    shown = [
        window.option_list.item(i).text()
        for i in range(window.option_list.count())
        if not window.option_list.item(i).isHidden()
    ]
    assert 0 < len(shown) < len(plan.options) and all(lead in t for t in shown)
    window.option_filter.clear()
    label = window.option_list.item(2).text()
    window.option_list.setCurrentRow(2)
    click(qtbot, window.confirm_button)
    wait_idle(qtbot, window)
    played = [e for e in r.game.events if e.type == "plan" and e.get("character") == hero]
    option = plan.options[2]
    assert played and played[-1].get("cards") == option["cards"]
    assert window.content.classes[hero].card(option["cards"][0]).name in label
    # a move: click a highlighted destination hex on the map
    move = _answer_until(qtbot, window, "move")
    target = tuple(move.options[-1])
    assert window.scene.options[target] == len(move.options)
    point = window.view.mapFromScene(window.scene.center(target))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    wait_idle(qtbot, window)
    moves = [e for e in r.game.events if e.type == "move" and e.get("figure") == hero]
    assert moves and tuple(moves[-1].get("end")) == target
    _shot(window, "playtest-by-hand.png")


def test_export_situation_validates_and_solves(qtbot: Any, playtest: Any, tmp_path: Path) -> None:
    window = playtest("collapsed-adit")
    while not window.runner.moments and not window.runner.game.finished:
        click(qtbot, window.step_turn_button)
        wait_idle(qtbot, window)
    moment = window.runner.moments[-1]
    out = window.export_situation(tmp_path / "moment.json")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["kind"] == "situation"
    assert data["active"]["hex"] == list(window.scene.move.start or ())
    report = validate_paths([out])
    assert report.errors == 0, [f.message for f in report.findings]
    solution = solve(load_situation(data))
    # the solver, given the exported moment, allows the move the engine made
    destinations = {(o.destination.q, o.destination.r) for o in solution.options}
    assert tuple(moment.focus["destination"]) in destinations
    # selecting a monster that has not moved exports its situation now
    others = [
        f
        for f in window.runner.game.state.figures.values()
        if f.side == "monsters" and f.id != moment.figure
    ]
    if others:
        window.select_figure(others[0].id)
        data2 = window.situation_to_export()
        assert data2["active"]["hex"] == list(others[0].hex)


def test_open_playtest_entry_point(qtbot: Any, sample_content: Any, sample_pack: Any) -> None:
    # the Gloomhaven board mode's own playtest window, found through the contract
    window = open_playtest(None, sample_pack, "cinder-forge", setup={"players": 3, "level": 2})
    assert isinstance(window, PlaytestWindow) and window.isVisible()
    wait_idle(qtbot, window)
    state = window.runner.game.state
    assert state.players == 3 and state.level == 2 and len(window.party()) == 3
    window.close()  # deleted on close; its game stops
    qtbot.wait(5)
    with pytest.raises(ValueError, match="no scenario 'nowhere'"):
        PlaytestWindow(sample_content, "nowhere")


def test_a_class_can_be_played_once(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    runner = window.runner
    window.class_combos[1].setCurrentIndex(window.class_combos[0].currentIndex())
    qtbot.mouseClick(window.new_game_button, Qt.MouseButton.LeftButton)
    assert "GH-CHAR-01" in window.status.currentMessage()
    assert window.runner is runner  # the running game is kept


def test_take_back_a_decision(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    assert not window.undo_button.isEnabled()  # the bots decide everything
    hero = window.party()[0]
    window.bot_boxes[0].setChecked(False)
    click(qtbot, window.new_game_button)
    first = window.runner.pending
    assert first is not None and first.kind == "start_hex"
    assert not window.step_turn_button.isEnabled()  # the person answers first
    window.option_list.setCurrentRow(1)
    click(qtbot, window.confirm_button)
    wait_idle(qtbot, window)
    assert _figures(window)[hero].hex == tuple(first.options[1])
    click(qtbot, window.undo_button)
    wait_idle(qtbot, window)
    # the starting hex is asked again, the map and the log show the game before it
    again = window.runner.pending
    assert again is not None and again.kind == "start_hex" and again.options == first.options
    assert window.confirm_button.isEnabled() and window.scene.options
    assert hero not in _figures(window)
    said = [e for e in window.runner.game.events if e.type != "turn_end"]
    assert window.log_list.count() == len(said)
    window.option_list.setCurrentRow(0)
    click(qtbot, window.confirm_button)
    wait_idle(qtbot, window)
    assert _figures(window)[hero].hex == tuple(first.options[0])
    assert window.round_label.text().startswith("Round 0")
