"""Determinism and replay (DESIGN.md "The engine": a game is (content, setup, seed,
decisions); replaying the decision log with the seed reproduces every event), plus
invariants over random playthroughs of the bundled pack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from questforge.engine.core.decisions import RandomController
from questforge.engine.gloomhaven.game import Game, Setup
from questforge.engine.gloomhaven.game.from_model import content_from_pack
from questforge.engine.gloomhaven.game.state import GameState

REPO = Path(__file__).resolve().parents[2]
PACK = REPO / "content" / "gloomhaven-sample"


@pytest.fixture(scope="module")
def pack_content() -> object:
    c = content_from_pack(PACK)
    if len(c.classes) < 2 or not c.scenarios:
        pytest.skip("the sample pack has no playable scenario yet")
    return c


def invariants(state: GameState, content: object) -> None:
    """No two figures on one hex; health within bounds; cards conserved."""
    hexes = [f.hex for f in state.figures.values()]
    assert len(hexes) == len(set(hexes)), "two figures on one hex"
    for f in state.figures.values():
        assert 0 < f.hp <= f.max_hp, f
    for mt in state.monster_types.values():
        used = [f.standee for f in state.figures.values() if f.monster_type == mt.id]
        assert len(used) == len(set(used)), f"standee number used twice for {mt.id}"
        assert not set(used) & set(mt.free_standees), f"standee both used and free: {mt.id}"
    assert set(state.elements.values()) <= {0, 1, 2}
    for c in state.characters.values():
        if c.exhausted:
            assert c.figure not in state.figures
        cls = content.classes[c.class_id]  # type: ignore[attr-defined]
        held = c.hand + c.discard + c.lost + [a.card for a in c.active] + c.selected
        assert sorted(held) == sorted(set(held)), f"card duplicated for {c.id}"
        assert len(held) == min(cls.hand_size, len(cls.cards)), f"cards lost track of for {c.id}"


def play(
    content: object, scenario: str, chars: tuple[str, ...], seed: int, check: bool = True
) -> Game:
    g = Game(content, Setup(scenario, chars, 1), seed)  # type: ignore[arg-type]
    ctl = RandomController(seed)
    g.start(ctl)
    while not g.finished:
        g.step_turn(ctl)
        if check:
            invariants(g.state, content)
    return g


def test_same_seed_same_decisions_same_events(pack_content: object) -> None:
    scenario = sorted(pack_content.scenarios)[0]  # type: ignore[attr-defined]
    chars = tuple(sorted(pack_content.classes)[:2])  # type: ignore[attr-defined]
    a = play(pack_content, scenario, chars, 5, check=False)
    b = play(pack_content, scenario, chars, 5, check=False)
    assert a.log.to_json() == b.log.to_json()
    c = play(pack_content, scenario, chars, 6, check=False)
    assert c.log.to_json() != a.log.to_json()


def test_replay_reproduces_every_event(pack_content: object) -> None:
    scenario = sorted(pack_content.scenarios)[-1]  # type: ignore[attr-defined]
    chars = tuple(sorted(pack_content.classes)[:3])  # type: ignore[attr-defined]
    g = play(pack_content, scenario, chars, 11, check=False)
    log = json.loads(json.dumps(g.to_log()))  # a log survives JSON
    again = Game.replay(log, pack_content)
    assert again.log.to_json() == log["events"]
    assert again.result is not None and again.result.to_json() == log["result"]
    assert Game.verify(log, pack_content) is None


def test_verify_reports_the_first_divergence(pack_content: object) -> None:
    scenario = sorted(pack_content.scenarios)[0]  # type: ignore[attr-defined]
    g = play(pack_content, scenario, tuple(sorted(pack_content.classes)[:2]), 3, check=False)  # type: ignore[attr-defined]
    log = g.to_log()
    events = list(log["events"])  # type: ignore[arg-type]
    events[7] = {"type": "tampered"}
    log["events"] = events
    assert Game.verify(log, pack_content) == 7


def test_replay_with_pack_path(pack_content: object) -> None:
    scenario = sorted(pack_content.scenarios)[0]  # type: ignore[attr-defined]
    g = Game.new(PACK, scenario, sorted(pack_content.classes)[:2], level=0, seed="abc")  # type: ignore[attr-defined]
    g.run(RandomController(1))
    assert Game.verify(g.to_log(), PACK) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playthroughs_keep_invariants_and_end(pack_content: object, players: int) -> None:
    # every game ends; no two figures share a hex; health within bounds; cards conserved
    classes = sorted(pack_content.classes)  # type: ignore[attr-defined]
    if len(classes) < players:
        pytest.skip("not enough classes")
    for i, scenario in enumerate(sorted(pack_content.scenarios)):  # type: ignore[attr-defined]
        for seed in range(3):
            g = play(
                pack_content, scenario, tuple(classes[:players]), 100 * players + 10 * i + seed
            )
            assert g.result is not None and g.result.outcome in ("won", "lost")


def test_session_asks_people_and_matches_a_straight_run(pack_content: object) -> None:
    # the GUI path: one decision at a time, same game as a controller-driven run
    from questforge.engine.core.decisions import FirstOptionController
    from questforge.engine.core.session import Session
    from questforge.engine.gloomhaven.game.face import GloomhavenGame

    scenario = sorted(pack_content.scenarios)[0]  # type: ignore[attr-defined]
    chars = tuple(sorted(pack_content.classes)[:2])  # type: ignore[attr-defined]
    setup = Setup(scenario, chars, 1)
    session = Session(
        lambda: GloomhavenGame(Game(pack_content, setup, 9)),  # type: ignore[arg-type]
        lambda g: FirstOptionController(),
        people={chars[0]},
    )
    d = session.advance()
    asked = 0
    while d is not None and asked < 40:
        assert d.actor == chars[0]
        d = session.answer(0)
        asked += 1
    assert asked > 0
    straight = Game(pack_content, setup, 9)  # type: ignore[arg-type]
    if session.finished:
        straight.run(FirstOptionController())
        assert straight.log.to_json() == [e.to_json() for e in session.events]


def test_every_event_and_decision_kind_is_documented(pack_content: object) -> None:
    from questforge.engine.gloomhaven.game import DECISION_KINDS, EVENT_TYPES
    from questforge.engine.gloomhaven.game.builders import Policy

    seen_events: set[str] = set()
    seen_kinds: set[str] = set()
    classes = sorted(pack_content.classes)  # type: ignore[attr-defined]
    for scenario in sorted(pack_content.scenarios):  # type: ignore[attr-defined]
        for seed in range(2):
            pol = Policy(
                {
                    k: (lambda d, s=seed: (s * 7 + len(d.options)) % len(d.options))
                    for k in DECISION_KINDS
                }
            )
            g = Game(pack_content, Setup(scenario, tuple(classes[:4]), 1), seed)  # type: ignore[arg-type]
            g.run(pol)
            seen_events |= {e.type for e in g.events}
            seen_kinds |= {d.kind for d in pol.asked}
    assert seen_events <= set(EVENT_TYPES), seen_events - set(EVENT_TYPES)
    assert seen_kinds <= set(DECISION_KINDS), seen_kinds - set(DECISION_KINDS)


def test_replay_rejects_foreign_or_broken_logs(pack_content: object) -> None:
    scenario = sorted(pack_content.scenarios)[0]  # type: ignore[attr-defined]
    g = play(pack_content, scenario, tuple(sorted(pack_content.classes)[:2]), 1, check=False)  # type: ignore[attr-defined]
    log = g.to_log()
    with pytest.raises(ValueError, match="format"):
        Game.replay({**log, "format": 99}, pack_content)
    with pytest.raises(ValueError, match="recorded with pack"):
        Game.replay({**log, "pack": {"id": "other-pack"}}, pack_content)
    with pytest.raises(ValueError, match="setup"):
        Game.replay({"format": 1}, pack_content)


def test_state_copy_is_independent_and_complete(pack_content: object) -> None:
    import copy as copymod
    import dataclasses

    from questforge.engine.core.decisions import FirstOptionController

    scenario = sorted(pack_content.scenarios)[-1]  # type: ignore[attr-defined]
    g = Game(pack_content, Setup(scenario, tuple(sorted(pack_content.classes)[:3]), 1), 4)  # type: ignore[arg-type]
    g.start(FirstOptionController())
    g.step_round()
    g.step_turn()
    st = g.state
    cp = st.copy()
    deep = copymod.deepcopy(st)
    for f in dataclasses.fields(st):
        a, b = getattr(st, f.name), getattr(cp, f.name)
        if (
            isinstance(a, list | dict | set)
            or dataclasses.is_dataclass(a)
            or hasattr(a, "draw_pile")
        ):
            assert a is not b, f"GameState.copy shares {f.name}"
    assert [f.hex for f in cp.figures.values()] == [f.hex for f in deep.figures.values()]
    assert cp.rng.state == st.rng.state
    # mutate the copy deeply; the original does not move
    fig = next(iter(cp.figures.values()))
    fig.conditions["stun"] = False
    fig.hp -= 1
    ch = next(iter(cp.characters.values()))
    ch.hand.clear()
    ch.modifier_deck.draw_pile.clear()
    cp.rng.next_u64()
    orig = st.figures[fig.id]
    assert "stun" not in orig.conditions or deep.figures[fig.id].conditions.get("stun") is not None
    assert orig.hp == deep.figures[fig.id].hp
    assert st.characters[ch.id].hand == deep.characters[ch.id].hand
    assert (
        st.characters[ch.id].modifier_deck.draw_pile
        == deep.characters[ch.id].modifier_deck.draw_pile
    )
    assert st.rng.state == deep.rng.state


def test_same_events_in_another_process_with_another_hash_seed(pack_content: object) -> None:
    # determinism must not depend on str hashing (PYTHONHASHSEED) or the process
    import hashlib
    import os
    import subprocess
    import sys

    scenario = sorted(pack_content.scenarios)[-1]  # type: ignore[attr-defined]
    chars = sorted(pack_content.classes)[:3]  # type: ignore[attr-defined]
    code = f"""
import hashlib, json
from questforge.engine.core.decisions import RandomController
from questforge.engine.gloomhaven.game import Game
g = Game.new({str(PACK)!r}, {scenario!r}, {chars!r}, level=2, seed=77)
g.run(RandomController(77))
print(hashlib.sha256(json.dumps(g.log.to_json(), sort_keys=True).encode()).hexdigest())
"""
    digests = set()
    for hash_seed in ("1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
        )
        digests.add(out.stdout.strip())
    g = Game.new(PACK, scenario, chars, level=2, seed=77)
    g.run(RandomController(77))
    import json

    digests.add(hashlib.sha256(json.dumps(g.log.to_json(), sort_keys=True).encode()).hexdigest())
    assert len(digests) == 1


def test_a_failed_controller_stops_the_game_clearly(pack_content: object) -> None:
    from questforge.engine.core.decisions import ScriptedController, ScriptExhausted
    from questforge.engine.gloomhaven.game import GameError

    scenario = sorted(pack_content.scenarios)[0]  # type: ignore[attr-defined]
    g = Game(pack_content, Setup(scenario, tuple(sorted(pack_content.classes)[:2]), 1), 1)  # type: ignore[arg-type]
    with pytest.raises(ScriptExhausted):
        g.run(ScriptedController([]))
    with pytest.raises(GameError, match="stopped on an error"):
        g.step_turn()
    assert g.result is None
