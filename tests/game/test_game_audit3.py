"""Third referee audit of the Gloomhaven engine: each test cites the rule it checks and
failed before the fix it comes with (or pins a ruling written in docs/engine.md)."""

from __future__ import annotations

from dataclasses import replace

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    new_game,
    plan,
    scenario,
    simple_card,
    simple_class,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.spec import Ability, AllySpec


def test_a_focus_tie_between_a_character_and_an_ally_on_one_initiative_goes_to_the_character() -> (
    None
):
    # GH-FOCUS-03, GH-SPEC-06, GH-INIT-05: an ally and a character equally close to the
    # monster, on the same initiative: the character acts first (the engine's order puts a
    # character before an ally on a tie), so it is the focus; the character's second card
    # made it look later than the ally (the ally was focused)
    sc = scenario(
        "t", {"a": disc((0, 0), 3)}, [(2, 0), (-3, 3)], monsters=[("grunt", (0, 0), "normal")]
    )
    sc = replace(sc, allies=(AllySpec("guide", "Guide", (-2, 0), "a", "6", 2, 2, 30),))
    c = content(
        [sc],
        monsters=[simple_monster("grunt", health=30, move=1, attack=1)],
        decks={"grunt": simple_deck("grunt", 5, [Ability("move", 0), Ability("attack", 0)])},
    )
    pol = Policy({("plan", "alpha"): plan("alpha-3", "alpha-1")})
    g = new_game(c, "t", controller=pol)
    g.step_round()
    order = g.state.turn_order
    assert order.index("alpha") < order.index("guide")
    focus = next(e for e in g.events if e.type == "focus")
    assert list(focus["focus"]) == [2, 0]
    assert not [d for d in pol.asked if d.kind == "monster_option"]


def test_a_character_exhausted_by_retaliation_keeps_the_xp_of_the_attack_it_made() -> None:
    # GH-XP-01, GH-XP-02, GH-EXH-04, GH-RET-03: the attack was performed (it dealt its
    # damage) before the retaliation exhausted the character; its XP was gained with it,
    # and an exhausted character keeps the XP gained (it was withheld)
    cards = [simple_card("alpha-1", 10, top_xp=2)] + [
        simple_card(f"alpha-{i}", 10 * i) for i in range(2, 9)
    ]
    sc = scenario(
        "x", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (1, 0), "normal")]
    )
    c = content(
        [sc],
        classes=[simple_class("alpha", cards=cards), simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0, retaliate=20)],
        decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
    )
    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [{"card": "alpha-1", "half": "top", "default": False}],
        }
    )
    g = new_game(c, "x", controller=pol, seed=3)
    g.step_round()
    assert g.state.characters["alpha"].exhausted
    assert any(e.type == "attack" and e["attacker"] == "alpha" for e in g.events)
    assert g.state.characters["alpha"].xp == 2
    assert [e["amount"] for e in g.events if e.type == "xp"] == [2]
