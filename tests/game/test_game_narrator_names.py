"""The one narrator words every declared event as a sentence with the table's names.

A person reading the terminal (``questforge play``), the playtest log or a report reads
"elite Tunnel Warden 4 attacks Lampwright", never ``tunnel-warden-4`` or a ``key=value``
dump. Checked two ways: a sample of every event type in the catalogue, narrated with a
real game's names, and every line of whole bot games.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from questforge.engine.core.events import Event
from questforge.engine.core.session import Session
from questforge.engine.gloomhaven.game.catalogue import EVENT_TYPES
from questforge.engine.gloomhaven.game.face import FACE
from questforge.engine.gloomhaven.game.names import Names, modifier_text
from questforge.engine.gloomhaven.simulation import load_content, resolve_scenario

SCENARIOS = ("collapsed-adit", "flooded-workings", "cinder-forge")


def _session(scenario: str, players: int = 3, seed: int = 1) -> Session:
    target = resolve_scenario(scenario)
    content = load_content(target)
    setup = {"players": players, "level": 1, "classes": "", "solo": False}
    return Session(
        lambda: FACE.new_game(content, target, setup, seed),
        lambda g: FACE.bots(g, seed),
        round_cap=FACE.round_cap,
    )


def _raw_ids(game: Any) -> set[str]:
    """Ids a person must never read: every figure, class, card, monster and deck id with a
    hyphen (single words like ``lampwright`` read the same as their names, capitalised)."""
    content = game.game.content
    ids = {f for f in game.game.state.figures}
    for e in game.events:
        for key in ("figure", "attacker", "target"):
            if isinstance(e.data.get(key), str):
                ids.add(e.data[key])
    ids |= set(content.classes) | set(content.monsters) | set(content.monster_decks)
    ids |= {c.id for cls in content.classes.values() for c in cls.cards}
    ids |= set(game.game.rules.modifier_cards)
    return {i for i in ids if "-" in i}


def _sample_value(field: str, game: Any) -> Any:
    """A plausible value for an event field, using ids of ``game`` where a field names a
    figure, a card, a monster type or a deck."""
    content = game.game.content
    state = game.game.state
    monster = next(f for f in state.figures.values() if f.kind == "monster")
    character = next(iter(state.characters.values()))
    card = content.classes[character.class_id].cards[0].id
    mtype = content.monsters[monster.monster_type]
    figures = {"figure", "attacker", "target", "by", "owner", "character"}
    if field in figures:
        return character.id if field in ("character", "owner") else monster.id
    values: dict[str, Any] = {
        "monster": mtype.id,
        "deck": mtype.deck,
        "card": content.monster_decks[mtype.deck][0].id,
        "cards": [card],
        "lost": card,
        "item": next(iter(content.items), "an-item"),
        "monsters": [monster.id],
        "figures": [monster.id, character.id],
        "modifiers": sorted(game.game.rules.modifier_cards)[:2],
        "applied": sorted(game.game.rules.modifier_cards)[:1],
        "hex": [1, 2],
        "start": [0, 0],
        "end": [1, 0],
        "path": [[1, 0]],
        "focus": list(character_hex(state, character.id)),
        "destination": [1, 0],
        "attacks": [list(character_hex(state, character.id))],
        "hexes": [[1, 2], [2, 2]],
        "state": {"fire": 2, "ice": 1},
        "changes": {"attack": 1},
        "scenario": state.scenario,
        "condition": "poison",
        "element": "fire",
        "outcome": "won",
        "half": "top",
        "to": "discard",
        "name": "Ember Wisp",
        "rules": ["GH-FOCUS-01"],
        "options": 1,
        "reason": "no cards left",
    }
    return values.get(field, 1)


def character_hex(state: Any, cid: str) -> tuple[int, int]:
    h = state.figures[cid].hex
    return (h[0], h[1])


def _assert_sentence(text: str | None, raw: set[str], what: str) -> None:
    assert text is not None and text.strip(), what
    assert "=" not in text, (what, text)
    leaked = [i for i in raw if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    assert not leaked, (what, text, leaked)
    assert text[0].isupper() or text[0].isdigit(), (what, text)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_declared_event_reads_as_a_sentence_with_names(scenario: str) -> None:
    session = _session(scenario)
    session.advance(lambda g, ev: g.round >= 1 and any(e.type == "turn_start" for e in ev))
    game = session.game
    raw = _raw_ids(game)
    for spec in EVENT_TYPES:
        data = {f: _sample_value(f, game) for f in (*spec.fields, *spec.optional)}
        text = FACE.narrate(Event(spec.type, data), game)
        if spec.type == "turn_end":  # bookkeeping: the terminal and the log skip it
            assert text is None
            continue
        _assert_sentence(text, raw, spec.type)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_whole_games_narrate_with_names_not_ids(scenario: str) -> None:
    # GH-MSTAT-01: monsters are named by type and standee number ("elite" when elite)
    session = _session(scenario, players=2, seed=3)
    session.run()
    game = session.game
    raw = _raw_ids(game)
    lines = [(e, FACE.narrate(e, game)) for e in game.events]
    for e, text in lines:
        if e.type != "turn_end":
            _assert_sentence(text, raw, e.type)
    placed = [e for e in game.events if e.type == "monster_placed" and not e.get("named")]
    names = Names(game.game.content)
    said = {id(e): text for e, text in lines}
    for e in placed:
        spec = game.game.content.monsters[e.get("monster")]
        expected = f"{'elite ' if e.get('elite') else ''}{spec.name} {e.get('standee')}"
        assert names.standee(e.get("monster"), e.get("standee"), e.get("elite")) == expected
        sentence = said[id(e)] or ""
        assert sentence.startswith(expected[:1].upper() + expected[1:] + " appears at")
    focus = [text for e, text in lines if e.type == "focus" and e.get("focus") is not None]
    assert focus and all("focuses on" in t for t in focus if t)
    # GH-FOCUS-06: a monster without a focus says so (never "the figure at None")
    unfocused = [text for e, text in lines if e.type == "focus" and e.get("focus") is None]
    assert all("has no focus" in (t or "") and "None" not in (t or "") for t in unfocused)
    # a focus names the figure, not only its hex
    chars = {c.name for c in game.game.content.classes.values()}
    assert any(any(f"on {c} at" in (t or "") for c in chars) for t in focus)


def test_modifiers_read_as_printed() -> None:
    from questforge.engine.gloomhaven.game.spec import ModifierCard

    assert modifier_text(ModifierCard("a", value=1)) == "+1"
    assert modifier_text(ModifierCard("b", value=-2)) == "-2"
    assert modifier_text(ModifierCard("c", multiplier=2, shuffle=True)) == "x2"
    assert modifier_text(ModifierCard("d", multiplier=0, shuffle=True)) == "Null"
    card = ModifierCard("e", value=1, rolling=True, conditions=("wound",))
    assert modifier_text(card) == "rolling +1 wound"
    # without content, the standard ids still read as cards
    assert Names().modifier("plus2") == "+2" and Names().modifier("minus1") == "-1"


def test_exported_situations_name_figures_for_ai_solve(tmp_path: Any) -> None:
    """GH-FOCUS-01: ``ai solve`` on a moment exported from a game names the focus by the
    character's name (never ``C62 at [..]``); its JSON answer stays hexes only."""
    import json

    from click.testing import CliRunner

    from questforge.commands.ai import ai

    session = _session("collapsed-adit", players=2, seed=1)
    session.advance(lambda g, ev: any(e.type == "focus" for e in ev))
    game = session.game.game
    focus = [e for e in game.events if e.type == "focus"][-1]
    monster = next(f for f in game.state.figures.values() if f.kind == "monster")
    data = game.monster_situation(monster.id)
    classes = {c.name for c in game.content.classes.values()}
    assert {f.get("name") for f in data["figures"] if f["side"] == "character"} <= classes
    assert data["active"]["name"].startswith(game.content.monsters[monster.monster_type].name)
    assert focus.get("reason") and not re.search(r"\bC\d+ at", str(focus.get("reason")))
    path = tmp_path / "moment.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    text = CliRunner().invoke(ai, ["solve", str(path)])
    assert text.exit_code == 0, text.output
    assert not re.search(r"\bC\d+ at", text.output)
    assert any(f"{c}:" in text.output for c in classes)
    out = CliRunner().invoke(ai, ["solve", "--format", "json", str(path)])
    answer = json.loads(out.output)
    assert set(answer) == {"id", "options"}
    assert all(set(o) == {"destination", "attacks", "focus"} for o in answer["options"])


def test_a_named_monster_goes_by_the_name_its_scenario_gives() -> None:
    # GH-SPEC-07: a named monster is its own figure, called what the scenario calls it
    # ("Cinder, the Foreman's Hound"), in the printed game and in the monster-AI's words
    session = _session("cinder-forge", players=4, seed=3)
    session.run()
    game = session.game
    words = [FACE.narrate(e, game) or "" for e in game.events]
    placed = next(w for w in words if "appears at" in w and "Cinder" in w)
    assert placed.startswith("Cinder, the Foreman's Hound appears at")
    assert any(w.startswith("Cinder, the Foreman's Hound's turn") for w in words)
    assert not any("Cinder Hound" in w for w in words)
