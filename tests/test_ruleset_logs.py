"""Every built-in ruleset's games log and replay through core (``engine/core/gamelog``):
bots play a sample game on the step API, the format-2 log survives JSON, replaying its
decisions with its seed reproduces every event, and a log with another seed does not.
(The rulesets once had private log modules; the contract's one log serves them all.)"""

from __future__ import annotations

import json

import pytest

from questforge.engine import rulesets
from questforge.engine.core.decisions import DecisionError
from questforge.engine.core.gamelog import build_log, from_json, replay_game
from questforge.engine.core.session import Session
from questforge.engine.core.targets import documents_of, pack_digest, resolve_target

SAMPLES = {
    "gloomhaven": "gloomhaven-sample:collapsed-adit",
    "descent": "descent-sample:ratcatchers-culvert",
    "arkham": None,  # the sample's one board
    "witcher": "witcher-sample:standard",
}


def _target(ruleset: str):  # type: ignore[no-untyped-def]
    ref = SAMPLES[ruleset]
    if ref is None:
        from questforge.engine.core.targets import bundled_root

        face = rulesets.get(ruleset).game()
        assert face is not None
        pack = bundled_root() / f"{ruleset}-sample"
        doc = next(i for k, i, _ in documents_of(pack) if k in face.playable_kinds)
        ref = f"{ruleset}-sample:{doc}"
    return resolve_target(ref)


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
def test_a_bot_game_logs_and_replays_exactly(ruleset: str) -> None:
    face = rulesets.get(ruleset).game()
    assert face is not None
    target = _target(ruleset)
    content = face.load(target)
    setup = {o.name: o.default for o in face.setup_options(content, target)}
    session = Session(
        lambda: face.new_game(content, target, setup, 7),
        lambda g: face.bots(g, 7),
        round_cap=face.round_cap,
    )
    session.run()
    log = build_log(face, target, pack_digest([target.pack_root]), setup, 7, session.game)
    again = from_json(json.loads(json.dumps(log.to_json())))
    assert again.ruleset == ruleset and again.decisions
    game, problem = replay_game(face, content, target, again)
    assert problem is None
    assert [e.to_json() for e in game.events] == again.events
    # the same decisions under another seed are another game: it diverges or is refused
    other = from_json({**log.to_json(), "seed": 8})
    try:
        game, problem = replay_game(face, content, target, other)
        diverged = problem is not None or [e.to_json() for e in game.events] != other.events
    except DecisionError:
        diverged = True
    assert diverged
