"""Turn structure and actions (WI-TURN, WI-ACT, WI-BASIC-04, WI-OP-01, WI-DELAY)."""

from __future__ import annotations

import dataclasses

from wigame import hero, new_game, of, stack, types

from questforge.engine.witcher.game import WitcherBot
from questforge.engine.witcher.game.state import OwnedCard


def _one_turn(game, h):  # type: ignore[no-untyped-def]
    game.start()
    start = len(game.log)
    game.play_turn(h)
    return game.log.events[start:]


def test_a_turn_runs_operations_two_actions_then_an_obstacle() -> None:
    # WI-TURN-02: ops, action, ops, action, ops, obstacle or battle track;
    # WI-TURN-03 / WI-BASIC-04: two actions; WI-TURN-01 / WI-OP-01 / WI-DEV-03: only the
    # active hero decides anything during the turn
    game, _ = new_game(seed=3)
    corvin = hero(game, "corvin")
    asked = []
    inner = WitcherBot(game)
    game.controller = type(
        "C", (), {"choose": lambda self, d: (asked.append(d), inner.choose(d))[1]}
    )()
    events = _one_turn(game, corvin)
    kinds = [e.type for e in events]
    assert kinds[0] == "turn" and kinds[-1] == "turn-end"
    assert kinds.count("action") + kinds.count("passed") + kinds.count("delay-paid") == 2
    last_action = max(i for i, k in enumerate(kinds) if k == "action")
    assert any(k in ("encounter", "track", "obstacle-ignored") for k in kinds[last_action:])
    assert {d.actor for d in asked if d.kind != "keep-quest"} <= {"corvin"}


def test_the_same_action_not_twice_in_a_turn() -> None:
    # WI-TURN-04, WI-REF-03: two different actions
    game, _ = new_game()
    corvin = hero(game, "corvin")
    options = game.action_options(corvin, ["investigate"])
    assert {"action": "investigate"} not in options
    assert {"action": "investigate"} in game.action_options(corvin, [])


def test_a_wound_blocks_its_action_and_rest_stays_open() -> None:
    # WI-TURN-06, WI-REF-09: wounds occupy action spaces; a wounded hero can always rest
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.wounds = {"travel": "minor"}
    options = game.action_options(corvin, [])
    assert not [o for o in options if o["action"] == "travel"]
    assert {"action": "rest"} in options


def test_actions_come_from_the_hero_sheet() -> None:
    # WI-TURN-05: only the actions printed on the hero sheet
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.hero = dataclasses.replace(corvin.hero, actions=("travel", "investigate", "rest"))
    kinds = {o["action"] for o in game.action_options(corvin, [])}
    assert kinds <= {"travel", "investigate", "rest", "pass"} and "special" not in kinds


def test_investigate_draws_from_the_areas_deck_and_discards_it() -> None:
    # WI-ACT-02, WI-DRAW-01, WI-DISC-03: draw one, resolve it, discard it (not kept)
    game, _ = new_game()
    corvin = hero(game, "corvin")  # Karst Hold is in the Ironvale: red investigation deck
    deck = game.state.investigation_decks["red"]
    stack(deck, "mine-foreman")
    game.investigate(corvin)
    assert corvin.leads == {"red": 2}
    assert deck.discard[-1] == "mine-foreman" and not corvin.investigations


def test_develop_keeps_one_of_two() -> None:
    # WI-ACT-03, WI-ACT-05, WI-DRAW-02, WI-DISC-01: two drawn, one kept, one discarded
    game, _ = new_game(develop=lambda o: o == "tempered-blade")
    corvin = hero(game, "corvin")
    deck = game.state.development_decks["corvin"]
    stack(deck, "hunter-cache", "tempered-blade")
    game.develop(corvin)
    assert [c.id for c in corvin.development] == ["tempered-blade"]
    assert deck.discard == ["hunter-cache"]


def test_rest_removes_two_minor_or_one_severe() -> None:
    # WI-ACT-04
    game, _ = new_game(rest=lambda o: o == "minor")
    corvin = hero(game, "corvin")
    corvin.wounds = {"travel": "minor", "develop": "minor", "special": "severe"}
    game.rest(corvin)
    assert corvin.wounds == {"special": "severe"}
    game.rest(corvin)
    assert corvin.wounds == {}


def test_special_actions_put_markers_on_their_card_type() -> None:
    # WI-ACT-06 (brew: potion), WI-ACT-07 (prepare: spell), WI-ACT-09 (command: companion
    # cards, read as markers on them), WI-DEV-01: at most 3 markers
    game, _ = new_game(heroes=("corvin", "ysolde", "brannoc"))
    for ident, card in (
        ("corvin", "swallow-draught"),
        ("ysolde", "ember-ward"),
        ("brannoc", "shield-brother"),
    ):
        h = hero(game, ident)
        h.development.append(OwnedCard(card, 2))
        game.perform(h, {"action": "special"})
        assert h.card(card).markers == 3  # type: ignore[union-attr]
        game.perform(h, {"action": "special"})
        assert h.card(card).markers == 3  # type: ignore[union-attr]
    assert len(of(game, "no-marker-space")) == 3


def test_sing_takes_two_gold() -> None:
    # WI-ACT-08
    game, _ = new_game(heroes=("tamsin", "corvin"))
    tamsin = hero(game, "tamsin")
    gold = tamsin.gold
    game.perform(tamsin, {"action": "special"})
    assert tamsin.gold == gold + 2


def test_delay_costs_the_next_action() -> None:
    # WI-DELAY-01, WI-DELAY-02: delayed in action 1 -> action 2 is lost; WI-DELAY-03: a second delay
    # while delayed is ignored
    game, _ = new_game(seed=4)
    game.start()
    corvin = hero(game, "corvin")
    corvin.delayed = True
    game.resolve(corvin, (dataclasses.replace(_DELAY),), "test")
    assert "delay-ignored" in types(game)
    game.play_turn(corvin)
    assert of(game, "delay-paid") == [{"hero": "corvin", "slot": 1}]
    assert len(of(game, "action")) + len(of(game, "passed")) == 1


def test_delay_during_first_action_costs_the_second() -> None:
    # WI-DELAY-02
    game, _ = new_game(seed=5, action=lambda o: o["action"] == "investigate")
    game.start()
    corvin = hero(game, "corvin")
    stack(game.state.investigation_decks["red"], "cave-in")
    corvin.wounds = {}
    original = game.perform

    def perform(h, action):  # type: ignore[no-untyped-def]
        original(h, action)
        h.delayed = True  # as if the first action's card delayed the hero

    game.perform = perform  # type: ignore[method-assign]
    game.play_turn(corvin)
    assert of(game, "delay-paid") == [{"hero": "corvin", "slot": 2}]


from questforge.engine.witcher.model.content import Effect  # noqa: E402

_DELAY = Effect("delay")
