"""Every event the Gloomhaven engine emits and every decision it asks is declared.

Front ends read events by their declared names and fields (the narrator, the terminal, the
playtest window, reports); a new event type or field must be added to
``engine/gloomhaven/game/catalogue.py`` first. Bot games of every bundled scenario at every
player count, plus random-choice games, are checked event by event.
"""

from __future__ import annotations

import pytest

from questforge.engine.core.decisions import RandomController
from questforge.engine.core.game import check_events
from questforge.engine.core.session import Session
from questforge.engine.gloomhaven.game.catalogue import DECISION_TYPES, EVENT_TYPES
from questforge.engine.gloomhaven.game.face import FACE
from questforge.engine.gloomhaven.simulation import load_content, resolve_scenario

SCENARIOS = ("collapsed-adit", "flooded-workings", "cinder-forge")


def _session(scenario: str, players: int, seed: int, random: bool = False) -> Session:
    target = resolve_scenario(scenario)
    content = load_content(target)
    setup = {"players": players, "level": 1, "classes": "", "solo": False}
    return Session(
        lambda: FACE.new_game(content, target, setup, seed),
        (lambda g: RandomController(seed)) if random else (lambda g: FACE.bots(g, seed)),
        round_cap=FACE.round_cap,
    )


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_emitted_events_match_the_catalogue(scenario: str, players: int) -> None:
    for seed in range(2):
        session = _session(scenario, players, seed)
        session.run()
        assert check_events(EVENT_TYPES, session.game.events) == []
        kinds = {str(a["kind"]) for a in session.game.answers}
        assert kinds <= {d.kind for d in DECISION_TYPES}


def test_random_choices_emit_only_declared_events() -> None:
    for seed in range(3):
        session = _session("flooded-workings", 3, seed, random=True)
        session.run()
        assert check_events(EVENT_TYPES, session.game.events) == []


def test_every_declared_event_is_narrated_in_words() -> None:
    """The one narrator covers the whole catalogue: no event falls back to its type name
    (and no ``key=value`` dump reaches the playtest log)."""
    from questforge.engine.core.events import Event
    from questforge.engine.gloomhaven.game.narrator import _PHRASES

    assert {e.type for e in EVENT_TYPES} <= set(_PHRASES)
    lists = {"cards", "monsters", "attacks", "modifiers", "applied", "characters", "hexes"}
    lists |= {"figures", "path", "options", "rules", "hand", "lost"}
    for spec in EVENT_TYPES:
        maps = {"state": {"fire": 2}, "changes": {"attack": 1}}
        data = {f: (["a"] if f in lists else maps.get(f, 1)) for f in spec.fields}
        text = FACE.narrate(Event(spec.type, data))
        assert text is None or ("=" not in text and text.strip())


def test_a_mismatch_is_reported() -> None:
    from questforge.engine.core.events import make_event

    bad = [make_event("round_start"), make_event("no_such_event", x=1)]
    problems = check_events(EVENT_TYPES, bad)
    assert any("missing field 'round'" in p for p in problems)
    assert any("undeclared type 'no_such_event'" in p for p in problems)
