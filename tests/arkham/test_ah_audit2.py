"""The second referee audit ("ahaudit2"): rules found open, partly done or broken in the
bot games and the engine, each pinned by a test that failed before its fix."""

from __future__ import annotations

from ahgame import Script, blank_game, dice, inv, place, types

from questforge.engine.arkham.game import phases, status
from questforge.engine.arkham.game.bots import ArkhamBot
from questforge.engine.arkham.game.state import Gate


def _gate(location: str) -> Gate:
    return Gate(location, "glass-city-a", "glass-city", 0, "diamond")


def test_the_player_orders_their_own_simultaneous_upkeep_effects() -> None:
    # AH-MISC-06, AH-UPK-02: upkeep requirements of several cards happen "in any order the
    # player chooses": the investigator is asked, and the log shows the order and who chose
    g = blank_game()
    a = inv(g)
    status.give(g, a, "harbour-retainer")
    status.give(g, a, "lantern-blessing")
    g.log.events.clear()
    # the Blessing's roll first (a 1: discarded), then the retainer's pay and roll (a 6)
    dice(g, 1, 6)
    g.controller = Script(order_upkeep=["lantern-blessing"])
    phases.upkeep(g)
    asked = [d for d in g.controller.asked if d.kind.startswith("order-")]
    assert [d.actor for d in asked] == [a.id]
    assert list(asked[0].options) == ["harbour-retainer", "lantern-blessing"]
    ordered = g.log.of_type("ordered")
    assert [(e["by"], e["what"], e["order"]) for e in ordered] == [
        (a.id, "upkeep", ["lantern-blessing", "harbour-retainer"])
    ]
    seq = [e.type for e in g.log if e.type in ("rolled", "gained", "blessing")]
    assert seq[:2] == ["rolled", "blessing"]  # the Blessing's roll came first
    assert "gained" in seq[2:]


def test_the_first_player_orders_a_monster_surge_and_the_limit_follows_that_order() -> None:
    # AH-MISC-06, AH-GATE-02: where a surge's monsters go is the players' to decide, the
    # first player deciding: the order chosen decides which gate's monster goes to the
    # Outskirts once the limit (AH-LIMIT-01, AH-OUT-01) is reached
    g = blank_game()
    for loc in ("tide-mill", "gallows-green"):
        g.state.gates[loc] = _gate(loc)
    limit = g.state.players + g.rules.monster_limit_base
    for _ in range(limit - 1):
        place(g, "ink-spider", "saltmarsh-streets")
    g.controller = Script(order_surge=["tide-mill"])
    phases.monster_surge(g, "gallows-green")
    asked = [d for d in g.controller.asked if d.kind.startswith("order-")]
    assert [d.actor for d in asked] == ["players"]
    assert list(asked[0].options) == ["gallows-green", "tide-mill"]  # the card's gate listed first
    appeared = [e["area"] for e in g.log.of_type("monster-appeared")]
    assert appeared == ["tide-mill", g.outskirts]
    first = g.state.order()[0].id
    assert [(e["by"], e["order"]) for e in g.log.of_type("ordered")] == [
        (first, ["tide-mill", "gallows-green"])
    ]


def test_the_bot_orders_simultaneous_effects_in_the_stated_order() -> None:
    # AH-MISC-06: the bots answer with the engine's stated order (the surge's named gate
    # first, then by id), so the same seed orders the same way
    g = blank_game()
    for loc in ("tide-mill", "gallows-green", "observatory"):
        g.state.gates[loc] = _gate(loc)
    g.controller = ArkhamBot(0).attach(g)
    phases.monster_surge(g, "tide-mill")
    assert g.log.of_type("ordered")[0]["order"] == ["tide-mill", "gallows-green", "observatory"]
    assert [e["area"] for e in g.log.of_type("monster-appeared")] == [
        "tide-mill",
        "gallows-green",
        "observatory",
    ]
    assert "monster-surge" in types(g)
