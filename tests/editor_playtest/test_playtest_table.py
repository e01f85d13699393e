"""The playtest reads like the table: names, sentences, cards, stat cards, a camera that
follows, and stepping back. Driven as a designer would, through clicks on the window."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playtest_helpers import click, wait_idle
from PySide6.QtCore import Qt

from questforge.editor.gloomhaven.playtest.window import PlaytestWindow

pytestmark = pytest.mark.gui

SHOTS = Path("/tmp")


def _shot(qtbot: Any, window: PlaytestWindow, name: str) -> None:
    """Save a screenshot once Qt has laid the window out (look at it: /tmp/NAME)."""
    qtbot.wait(50)
    window.grab().save(str(SHOTS / name))


def _log(window: PlaytestWindow) -> list[str]:
    return [window.log_list.item(i).text() for i in range(window.log_list.count())]


def _raw_ids(window: PlaytestWindow) -> set[str]:
    game = window.runner.game
    ids = {str(e.data.get("figure")) for e in game.events if e.data.get("figure")}
    ids |= set(window.content.classes) | set(window.content.monsters)
    ids |= {c.id for cls in window.content.classes.values() for c in cls.cards}
    ids |= set(game.rules.modifier_cards)
    return {i for i in ids if "-" in i}


def _leaks(text: str, raw: set[str]) -> list[str]:
    return [i for i in raw if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]


def _play_by_hand(qtbot: Any, window: PlaytestWindow, seat: int = 0) -> str:
    window.bot_boxes[seat].setChecked(False)
    click(qtbot, window.new_game_button)
    wait_idle(qtbot, window)
    return window.party()[seat]


def _until(qtbot: Any, window: PlaytestWindow, kind: str, limit: int = 60) -> Any:
    """Answer the person's other decisions with the first option until ``kind`` comes."""
    for _ in range(limit):
        r = window.runner
        if r.pending is not None and r.pending.kind == kind:
            return r.pending
        if r.pending is not None:
            r.answer(0)
            window._after_advance()
        else:
            click(qtbot, window.step_turn_button)
        wait_idle(qtbot, window)
    raise AssertionError(f"no {kind!r} decision came")


def test_log_and_explanation_use_names_and_sentences(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    for _ in range(3):
        click(qtbot, window.step_round_button)
        wait_idle(qtbot, window)
    raw = _raw_ids(window)
    log = _log(window)
    assert len(log) > 30
    for line in log:
        assert "=" not in line and line[:1].isupper(), line
        assert not _leaks(line, raw), line
    # monsters by type name and standee number (and "elite"), characters by class name
    game = window.runner.game
    placed = [e for e in game.events if e.type == "monster_placed"]
    hound = window.content.monsters[placed[0].get("monster")].name
    assert any(f"{hound} {placed[0].get('standee')}" in line for line in log)
    chars = [window.content.classes[c].name for c in window.party()]
    assert all(any(line.startswith(f"{c} plays ") for line in log) for c in chars)
    # the monster-move explanation: names instead of "C62 at [..]" initiative labels
    text = window.move_text.toPlainText()
    assert "GH-FOCUS" in text
    assert not re.search(r"\bC\d+ at \[", text), text
    assert any(c in text for c in chars), text
    assert not _leaks(text, raw), text
    # the panels beside the map name figures too
    order = [window.order_list.item(i).text() for i in range(window.order_list.count())]
    assert order and not any(_leaks(t, raw) for t in order)
    assert any(c in t for t in order for c in chars)
    draws = [window.modifier_list.item(i).text() for i in range(window.modifier_list.count())]
    assert draws and not any(_leaks(t, raw) for t in draws)


def test_choose_two_cards_then_the_leading_one(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    hero = _play_by_hand(qtbot, window)
    cls = window.content.classes[hero]
    plan = _until(qtbot, window, "plan")
    choice = window.card_choice
    assert choice.isVisible() and not window.option_list.isVisible()
    # the hand as cards with their text, not 56 pairs
    hand = window.runner.game.state.characters[hero].hand
    assert set(choice.cards) == set(hand) and len(plan.options) > len(hand)
    from questforge.engine.gloomhaven.game.describe import action_text

    for cid, view in choice.cards.items():
        face = view.face.text()
        card = cls.card(cid)
        assert card.name in face and f"{card.initiative:02d}" in face
        assert action_text(card.top).split(" (")[0] in face
        assert action_text(card.bottom).split(" (")[0] in face
    assert not choice.play_button.isEnabled()
    a, b = hand[0], hand[1]
    qtbot.mouseClick(choice.cards[a], Qt.MouseButton.LeftButton)
    assert choice.cards[a].picked and not choice.play_button.isEnabled()
    qtbot.mouseClick(choice.cards[b], Qt.MouseButton.LeftButton)
    assert choice.play_button.isEnabled()
    # the second card sets the initiative: as at the table, choose the leading card
    assert cls.card(b).name in choice.lead_buttons[1].text()
    qtbot.mouseClick(choice.lead_buttons[1], Qt.MouseButton.LeftButton)
    assert cls.card(b).name in choice.play_button.text().split("+")[0]
    _shot(qtbot, window, "playtest-card-choice.png")
    click(qtbot, choice.play_button)
    wait_idle(qtbot, window)
    played = [e for e in window.runner.game.events if e.type == "plan"]
    mine = [e for e in played if e.get("character") == hero][-1]
    assert mine.get("cards") == [b, a] and mine.get("initiative") == cls.card(b).initiative
    # the turn: click the half to perform on a played card
    _until(qtbot, window, "action")
    assert window.card_choice.isVisible()
    views = window.card_choice.cards
    assert set(views) <= {a, b}
    first = next(iter(views.values()))
    assert first.top_half is not None
    _shot(qtbot, window, "playtest-card-halves.png")
    qtbot.mouseClick(first.top_half, Qt.MouseButton.LeftButton)
    wait_idle(qtbot, window)
    acted = [e for e in window.runner.game.events if e.type == "action"][-1]
    assert acted.get("character") == hero and acted.get("half") == "top"
    assert acted.get("card") == first.card.id and not acted.get("default")


def test_long_rest_from_the_card_view(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    hero = _play_by_hand(qtbot, window)
    # rest is offered once a card is in the discard pile (GH-REST-04): play a round first
    for _ in range(6):
        plan = _until(qtbot, window, "plan")
        if any(o.get("long_rest") for o in plan.options):
            break
        window.card_choice.pick(list(window.card_choice.cards)[:2])
        click(qtbot, window.card_choice.play_button)
        wait_idle(qtbot, window)
    assert window.card_choice.rest_button.isVisible()
    click(qtbot, window.card_choice.rest_button)
    wait_idle(qtbot, window)
    plans = [e for e in window.runner.game.events if e.type == "plan"]
    assert [e for e in plans if e.get("character") == hero][-1].get("long_rest")


def _click_hex(qtbot: Any, window: PlaytestWindow, h: tuple[int, int]) -> None:
    window.view.centerOn(window.scene.center(h))
    point = window.view.mapFromScene(window.scene.center(h))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_click_a_monster_shows_its_stat_card_and_ability_card(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    click(qtbot, window.step_turn_button)  # card selection: the monsters draw their cards
    wait_idle(qtbot, window)
    game = window.runner.game
    monster = next(f for f in game.state.figures.values() if f.kind == "monster")
    _click_hex(qtbot, window, monster.hex)
    assert window.selected_figure == monster.id
    text = window.stat_view.toPlainText()
    spec = window.content.monsters[monster.monster_type]
    level = game.rules.monster_level
    normal, elite = spec.levels[level]["normal"], spec.levels[level]["elite"]
    assert spec.name in text and f"level {level}" in text
    for label, a, b in (
        ("Health", normal.health, elite.health),
        ("Move", normal.move, elite.move),
        ("Attack", normal.attack, elite.attack),
    ):
        assert re.search(rf"{label}\s+{a}\s+{b}", text), (label, text)
    assert "Traits" in text
    # this round's ability card, with the values for this standee
    card_id = game.state.monster_types[monster.monster_type].card
    card = next(c for c in window.content.monster_decks[spec.deck] if c.id == card_id)
    assert f"initiative {card.initiative}" in text
    assert f"{monster.hp}/{monster.max_hp} HP" in text
    _shot(qtbot, window, "playtest-stat-block.png")
    # a character from the table: its hand and this round's cards
    hero = window.party()[0]
    rows = [window.figure_table.item(r, 0) for r in range(window.figure_table.rowCount())]
    row = next(i for i, item in enumerate(rows) if item.data(Qt.ItemDataRole.UserRole) == hero)
    window.figure_table.selectRow(row)
    text = window.stat_view.toPlainText()
    assert window.content.classes[hero].name in text and "Cards this round" in text


def test_camera_follows_the_active_figure_and_new_rooms(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    window.resize(1200, 800)
    window.view.set_zoom(4.0)  # close up: most of the map is off screen
    seen_figure = seen_room = False
    for _ in range(40):
        window.view.centerOn(-4000, -4000)  # the designer looked elsewhere
        revealed = window.scene.snap.revealed
        click(qtbot, window.step_turn_button)
        wait_idle(qtbot, window)
        snap = window.scene.snap
        new = snap.revealed - revealed
        if new:
            # a newly revealed room is brought into view
            assert any(window.camera.shows(h) for h in new)
            seen_room = True
        else:
            events = window.runner.game.events
            turns = [e for e in events if e.type == "turn_start"]
            fig = None
            if turns and turns[-1] is not None:
                fid = turns[-1].get("figure")
                fig = next((f for f in snap.figures if f.id == fid), None)
            if fig is not None and events[-1].type == "turn_end":
                # the figure whose turn was just played is in view
                assert window.camera.shows(fig.hex), fig.id
                seen_figure = True
        if (seen_room and seen_figure) or window.runner.game.finished:
            break
    assert seen_figure and seen_room
    # "Follow" off: the view stays where the designer put it
    window.follow_box.setChecked(False)
    window.view.centerOn(-4000, -4000)
    before = window.camera.visible_rect()
    click(qtbot, window.step_turn_button)
    wait_idle(qtbot, window)
    assert window.camera.visible_rect() == before


def test_step_back_over_bot_steps_and_forward_again(qtbot: Any, playtest: Any) -> None:
    window = playtest("flooded-workings")
    assert not window.step_back_button.isEnabled()  # nothing to go back to yet
    seen: list[tuple[list[Any], list[str], Any]] = []
    for _ in range(8):
        click(qtbot, window.step_turn_button)
        wait_idle(qtbot, window)
        game = window.runner.game
        seen.append(([e.to_json() for e in game.events], _log(window), window.scene.snap))
    # back three steps: the game, the log and the board as they were
    for k in (2, 3, 4):
        click(qtbot, window.step_back_button)
        wait_idle(qtbot, window)
        events, log, snap = seen[-k]
        assert [e.to_json() for e in window.runner.game.events] == events
        assert _log(window) == log
        assert window.scene.snap.figures == snap.figures
    # forward again: the same steps follow (the same answers are replayed)
    for k in (3, 2, 1):
        click(qtbot, window.step_turn_button)
        wait_idle(qtbot, window)
        events, log, _snap = seen[-k]
        assert [e.to_json() for e in window.runner.game.events] == events
        assert _log(window) == log


def test_step_back_over_a_persons_decision_asks_it_again(qtbot: Any, playtest: Any) -> None:
    window = playtest("collapsed-adit")
    hero = _play_by_hand(qtbot, window)
    first = window.runner.pending
    assert first is not None and first.kind == "start_hex"
    window.runner.answer(1)
    window._after_advance()
    click(qtbot, window.step_turn_button)
    wait_idle(qtbot, window)
    plan = window.runner.pending
    assert plan is not None and plan.kind == "plan"
    click(qtbot, window.step_back_button)  # back over the bots' step: the hex is chosen
    wait_idle(qtbot, window)
    click(qtbot, window.step_back_button)  # back over the person's answer: asked again
    wait_idle(qtbot, window)
    again = window.runner.pending
    assert again is not None and again.kind == "start_hex" and again.actor == hero
    assert hero not in {f.id for f in window.scene.snap.figures}


def test_playtest_window_mid_game_screenshot(qtbot: Any, playtest: Any) -> None:
    window = playtest("cinder-forge")
    window.resize(1560, 960)
    hero = _play_by_hand(qtbot, window)
    for _ in range(2):
        _until(qtbot, window, "plan")
        window.card_choice.pick(list(window.card_choice.cards)[:2])
        click(qtbot, window.card_choice.play_button)
        wait_idle(qtbot, window)
    _until(qtbot, window, "plan")
    window.card_choice.pick(list(window.card_choice.cards)[2:4], lead=1)
    game = window.runner.game
    monster = next((f for f in game.state.figures.values() if f.kind == "monster"), None)
    if monster is not None:
        window.select_figure(monster.id)
    _shot(qtbot, window, "playtest-mid-game.png")
    assert window.log_list.count() > 20 and hero
    assert window.card_choice.play_button.isEnabled() and window.stat_view.toPlainText()


def test_one_card_decisions_are_a_click_on_the_card(qtbot: Any, sample_content: Any) -> None:
    # GH-REST-03 / GH-RECOV-01: losing or recovering a card is picking that card
    from questforge.editor.gloomhaven.playtest.cards import CardChoice
    from questforge.engine.core.decisions import Decision

    choice = CardChoice()
    qtbot.addWidget(choice)
    choice.show()
    cards = [c.id for c in sample_content.classes["lampwright"].cards[:3]]
    got: list[int] = []
    choice.chosen.connect(got.append)
    recover = Decision("recover", "lampwright", (*cards, "done"))
    assert choice.show_decision(recover, sample_content)
    assert set(choice.cards) == set(cards) and choice.done_button.isVisible()
    assert not choice.play_button.isVisible() and not choice.lead_row.isVisible()
    qtbot.mouseClick(choice.cards[cards[1]], Qt.MouseButton.LeftButton)
    click(qtbot, choice.done_button)
    assert got == [1, 3]
    lose = Decision("long_rest_lose", "lampwright", tuple(cards))
    assert choice.show_decision(lose, sample_content) and not choice.done_button.isVisible()
    qtbot.mouseClick(choice.cards[cards[2]], Qt.MouseButton.LeftButton)
    assert got[-1] == 2
    # not a card decision: nothing shown, the window lists the options
    assert not choice.show_decision(
        Decision("move", "lampwright", ([0, 0], [1, 0])), sample_content
    )
    assert choice.decision is None and not choice.cards


def test_stat_block_of_a_boss_and_of_every_figure(qtbot: Any, playtest: Any) -> None:
    # GH-BOSS-03: a boss's stat line depends on the character count; it still shows
    window = playtest("cinder-forge")
    for _ in range(3):
        click(qtbot, window.step_round_button)
        wait_idle(qtbot, window)
    game = window.runner.game
    assert any(f.boss for f in game.state.figures.values())  # the Ash Foreman is out
    for fid, fig in game.state.figures.items():
        window.select_figure(fid)
        text = window.stat_view.toPlainText()
        assert f"{fig.hp}/{fig.max_hp} HP" in text, fid
        assert not _leaks(text, _raw_ids(window)), text
        if fig.kind == "monster":
            stats = game.rules.monster_stats(fig)
            assert "Health" in text and "Traits" in text and str(stats.move) in text
        if fig.boss:
            assert f"boss, {game.state.players} characters" in text and "elite" not in text
