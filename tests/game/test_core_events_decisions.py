"""Events as data and the controller protocol (replayable decisions)."""

from __future__ import annotations

import json

import pytest

from questforge.engine.core.decisions import (
    Answer,
    Decision,
    DecisionError,
    DecisionMismatch,
    FirstOptionController,
    RandomController,
    RecordingController,
    RoutingController,
    ScriptedController,
    ScriptExhausted,
)
from questforge.engine.core.decks import Deck, EmptyDeck
from questforge.engine.core.events import Event, EventLog, first_divergence, make_event
from questforge.engine.core.rng import Rng


def test_event_fields_are_json_and_round_trip() -> None:
    e = make_event("move", figure="a", path=[(1, 2), (2, 2)], start=(0, 0))
    assert e.to_json() == {"type": "move", "figure": "a", "path": [[1, 2], [2, 2]], "start": [0, 0]}
    back = Event.from_json(json.loads(json.dumps(e.to_json())))
    assert back == e


def test_event_rejects_non_data() -> None:
    with pytest.raises(TypeError):
        make_event("x", thing=object())


def test_event_log_listeners_and_divergence() -> None:
    log = EventLog()
    seen: list[str] = []
    log.listeners.append(lambda e: seen.append(e.type))
    log.emit("a", n=1)
    log.emit("b", n=2)
    assert seen == ["a", "b"]
    assert first_divergence(log.to_json(), log.events) is None
    other = [{"type": "a", "n": 1}, {"type": "b", "n": 3}]
    assert first_divergence(log.events, other) == 1
    assert first_divergence(log.events, other[:1]) == 1


def _d(kind: str = "k", options: tuple[object, ...] = ("x", "y", [1, 2])) -> Decision:
    return Decision(kind, "p", options)


def test_scripted_by_index_option_and_kind() -> None:
    c = ScriptedController([1, {"option": [1, 2]}, {"kind": "k", "index": 0}])
    assert c.choose(_d()) == 1
    assert c.choose(_d()) == 2
    assert c.choose(_d()) == 0
    with pytest.raises(ScriptExhausted):
        c.choose(_d())


def test_scripted_detects_mismatch() -> None:
    with pytest.raises(DecisionMismatch):
        ScriptedController([{"kind": "other", "index": 0}]).choose(_d())
    with pytest.raises(DecisionMismatch):
        ScriptedController([{"kind": "k", "index": 0, "option": "zzz"}]).choose(_d())
    with pytest.raises(DecisionError):
        ScriptedController([7]).choose(_d())
    with pytest.raises(DecisionError):
        ScriptedController([{"option": "nope"}]).choose(_d())


def test_scripted_fallback_and_recording() -> None:
    rec = RecordingController(ScriptedController([1], fallback=FirstOptionController()))
    assert rec.choose(_d()) == 1
    assert rec.choose(_d()) == 0
    assert rec.record == [Answer("k", "p", 1, "y"), Answer("k", "p", 0, "x")]
    replay = ScriptedController([a.to_json() for a in rec.record])
    assert [replay.choose(_d()), replay.choose(_d())] == [1, 0]
    assert Answer.from_json(rec.record[0].to_json()) == rec.record[0]


def test_routing_and_random_controllers() -> None:
    router = RoutingController({"p": ScriptedController([2])}, FirstOptionController())
    assert router.choose(_d()) == 2
    assert router.choose(Decision("k", "q", ("a", "b"))) == 0
    picks = [RandomController(4).choose(_d()) for _ in range(3)]
    assert picks == [RandomController(4).choose(_d())] * 3


def test_deck_draw_discard_reshuffle() -> None:
    # GH-AMD-09: an empty deck reshuffles its discards
    rng = Rng(1)
    deck: Deck[str] = Deck(["a", "b"])
    x = deck.draw(rng)
    deck.discard_card(x)
    y = deck.draw(rng)
    deck.discard_card(y)
    assert len(deck) == 0
    z = deck.draw(rng)
    assert z in ("a", "b") and len(deck.discard) == 0 and len(deck) == 1
    with pytest.raises(EmptyDeck):
        Deck[str]([]).draw(rng)


def test_deck_insert_random_remove_copy() -> None:
    rng = Rng(2)
    deck: Deck[str] = Deck(["a"] * 5)
    deck.insert_random("curse", rng)
    assert deck.count("curse") == 1 and len(deck) == 6
    copy = deck.copy()
    assert deck.remove_all("curse") == 1
    assert copy.count("curse") == 1
