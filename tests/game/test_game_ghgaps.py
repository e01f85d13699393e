"""Two gaps of the Gloomhaven engine closed (GH-BONUS-05, GH-ELEM-08) and the Sling's
ruling (GH-TURN-07 with GH-XP-01/02 and GH-ELEM-04/05): each test cites the rule it checks
and failed before the change it comes with."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    new_game,
    scenario,
    simple_card,
    simple_class,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AbilityCard,
    Action,
    Bonus,
    SummonStats,
)


def _game(cards: list[AbilityCard], monster_hex: tuple[int, int] = (3, 0)) -> Any:
    cls = simple_class(
        "alpha",
        cards=cards + [simple_card(f"alpha-{i}", 20 + i) for i in range(len(cards) + 1, 9)],
    )
    sc = scenario(
        "b", {"a": disc((0, 0), 4)}, [(0, 0), (-3, 0)], monsters=[("grunt", monster_hex, "normal")]
    )
    c = content(
        [sc],
        classes=[cls, simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
        decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
    )
    return new_game(c, "b")


SUMMON_CARD = AbilityCard(
    "alpha-1",
    "wolf call",
    1,
    10,
    Action(
        (Ability("summon", name="wolf", stats=SummonStats(3, 2, 1)),),
        persistent=True,
        lost=True,
        bonus=Bonus("summon"),
    ),
    Action((Ability("move", 1),)),
)
#: a persistent retaliate without slots and without the lost symbol
THORNS_CARD = AbilityCard(
    "alpha-2",
    "thorns",
    1,
    12,
    Action((Ability("retaliate", 1),), persistent=True, bonus=Bonus("retaliate", 1)),
    Action((Ability("move", 1),)),
)
#: a persistent shield with two use slots
GUARD_CARD = AbilityCard(
    "alpha-3",
    "guard",
    1,
    14,
    Action((Ability("shield", 1),), persistent=True, bonus=Bonus("shield", 1, uses=2)),
    Action((Ability("move", 1),)),
)


def _play(g: Any, card: str, half: str = "top") -> None:
    from questforge.engine.gloomhaven.game.character_turn import perform_card_half

    ch = g.state.characters["alpha"]
    ch.hand.remove(card)
    ch.selected = [card]
    perform_card_half(g.rules, ch, card, half, False)


def test_a_summons_card_may_be_put_in_the_lost_pile_at_will_and_the_summon_leaves() -> None:
    # GH-BONUS-05, GH-SUMM-04: a persistent card without slots "may be removed at any time
    # by putting it in the lost pile"; the summon is that card's persistent effect, so it
    # leaves the map with it. The engine could not do this (the card left only with its
    # summon, a recover or exhaustion)
    from questforge.engine.gloomhaven.game.character_turn import play_cards

    g = _game([SUMMON_CARD, THORNS_CARD, GUARD_CARD])
    g.rules.controller = Policy({"summon_hex": [[1, 0]]})
    _play(g, "alpha-1")
    ch = g.state.characters["alpha"]
    wolf = next(f for f in g.state.figures.values() if f.kind == "summon")
    assert [a.card for a in ch.active] == ["alpha-1"]
    pol = Policy({"remove_active": ["alpha-1"]})
    g.rules.controller = pol
    ch.hand.remove("alpha-4")
    ch.hand.remove("alpha-5")
    ch.selected = ["alpha-4", "alpha-5"]
    play_cards(g.rules, ch, g.state.figures["alpha"])
    asked = [d for d in pol.asked if d.kind == "remove_active"]
    # offered before the first action; once removed, nothing is left to offer
    assert asked and list(asked[0].options) == ["keep", "alpha-1"]
    assert "alpha-1" in ch.lost and not ch.active
    assert wolf.id not in g.state.figures
    removed = [e for e in g.events if e.type == "active_card_removed"]
    assert [(e["card"], e["summon"]) for e in removed] == [("alpha-1", wolf.id)]
    assert [e["figure"] for e in g.events if e.type == "summon_removed"] == [wolf.id]


def test_only_persistent_cards_without_slots_may_be_removed_and_they_go_to_the_lost_pile() -> None:
    # GH-BONUS-05 (which cards), GH-BONUS-03/04 (a card with slots must be used and leaves
    # when they are): a persistent retaliate without slots and without the lost symbol is
    # offered and goes to the *lost* pile (the rule's words); the two-slot shield is not
    # offered; keeping ("keep", the bot's answer) changes nothing
    from questforge.engine.gloomhaven.bots.character import BotController
    from questforge.engine.gloomhaven.game.attacks import retaliate_of
    from questforge.engine.gloomhaven.game.character_turn import offer_removal

    g = _game([SUMMON_CARD, THORNS_CARD, GUARD_CARD])
    g.rules.controller = Policy()
    _play(g, "alpha-2")
    _play(g, "alpha-3")
    ch = g.state.characters["alpha"]
    assert sorted(a.card for a in ch.active) == ["alpha-2", "alpha-3"]
    grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
    grunt.hex = (1, 0)
    assert retaliate_of(g.rules, g.state.figures["alpha"], grunt) == 1
    grunt.hex = (3, 0)
    bot = BotController(0).attach(g)
    g.rules.controller = bot
    offer_removal(g.rules, ch)
    assert sorted(a.card for a in ch.active) == ["alpha-2", "alpha-3"]
    assert g.rules.answers[-1]["kind"] == "remove_active"
    assert g.rules.answers[-1]["option"] == "keep"
    pol = Policy({"remove_active": ["alpha-2"]})
    g.rules.controller = pol
    offer_removal(g.rules, ch)
    assert [list(d.options) for d in pol.asked] == [["keep", "alpha-2"]]
    assert "alpha-2" in ch.lost and "alpha-2" not in ch.discard
    assert [a.card for a in ch.active] == ["alpha-3"]
    # its retaliate ended with it: the character no longer retaliates
    grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
    grunt.hex = (1, 0)
    assert retaliate_of(g.rules, g.state.figures["alpha"], grunt) == 0


def test_a_removal_is_narrated() -> None:
    # GH-BONUS-05 (log): the narrator says who removed what, and that the summon left
    from questforge.engine.core.events import make_event
    from questforge.engine.gloomhaven.game.narrator import narrate

    text = narrate(
        make_event("active_card_removed", character="alpha", card="alpha-1", summon="s-1")
    )
    assert text is not None and "lost pile" in text and "leaves with it" in text


def _elements(g: Any, *names: str) -> None:
    from questforge.engine.gloomhaven.game.state import STRONG

    for e in names:
        g.state.elements[e] = STRONG


def test_a_consume_made_usable_by_another_is_offered_after_it() -> None:
    # GH-ELEM-08 with GH-ELEM-04/05: "the player picks which to use and in what order". A
    # ranged Attack 2, Range 1 with "earth: +1 attack" then "fire: +2 range" on the card,
    # the only enemy three hexes away: the +1 attack is no use until the range is added.
    # In the card's order it was passed over for good (the attack was out of reach when
    # its turn came); consumed fire first, the earth enhancement is offered and taken
    from questforge.engine.gloomhaven.game.character_turn import perform_ability
    from questforge.engine.gloomhaven.game.spec import Consume

    g = _game([], monster_hex=(3, 0))
    _elements(g, "earth", "fire")
    pol = Policy({"attack_target": lambda d: 0})
    g.rules.controller = pol
    ab = Ability(
        "attack",
        2,
        range=1,
        consume=(Consume(("earth",), value=1), Consume(("fire",), range=2)),
    )
    alpha = g.state.characters["alpha"]
    done, _, _ = perform_ability(g.rules, alpha, g.state.figures["alpha"], ab)
    consumed = [e["element"] for e in g.events if e.type == "element_consumed"]
    assert done == 1 and consumed == ["fire", "earth"]
    assert [e["base"] for e in g.events if e.type == "attack"] == [3]
    # both were plain consume-or-skip offers: nothing to order at either moment
    assert [d.kind for d in pol.asked if d.kind.startswith("consume")] == ["consume", "consume"]


def test_the_player_orders_consumes_whose_abilities_are_performed_in_turn() -> None:
    # GH-ELEM-08: two enhancements each bringing an ability ("fire: heal 2 self", "ice:
    # shield 1 self") are performed in the order consumed; the player chose ice first, so
    # the shield comes before the heal. There was no such choice (always the card's order)
    from questforge.engine.gloomhaven.game.character_turn import perform_ability
    from questforge.engine.gloomhaven.game.spec import Consume

    g = _game([], monster_hex=(1, 0))
    _elements(g, "fire", "ice")
    pol = Policy(
        {"attack_target": lambda d: 0, "consume_order": [{"consume": 1, "elements": ["ice"]}]}
    )
    g.rules.controller = pol
    ab = Ability(
        "attack",
        2,
        consume=(
            Consume(("fire",), abilities=(Ability("heal", 2, affects="self"),)),
            Consume(("ice",), abilities=(Ability("shield", 1, affects="self"),)),
        ),
    )
    alpha = g.state.characters["alpha"]
    g.state.figures["alpha"].hp = 5
    perform_ability(g.rules, alpha, g.state.figures["alpha"], ab)
    asked = [d for d in pol.asked if d.kind == "consume_order"]
    assert len(asked) == 1 and asked[0].options[-1] == "done"
    assert [o["consume"] for o in asked[0].options[:-1]] == [0, 1]
    consumed = [e["element"] for e in g.events if e.type == "element_consumed"]
    assert consumed == ["ice", "fire"]
    after = [e.type for e in g.events if e.type in ("bonus", "heal")]
    assert after == ["bonus", "heal"]


def test_two_consumes_of_one_element_let_the_player_pick_either() -> None:
    # GH-ELEM-08 with GH-ELEM-06 (one infusion per icon): "fire: +1 attack" and a wild
    # "any element: +1 attack" with only fire strong - one of them at most; the order is
    # the choice (consume_order), "done" consumes nothing, and a bot keeps the card's
    # order (the fire one)
    from questforge.engine.gloomhaven.bots.character import BotController
    from questforge.engine.gloomhaven.game.character_turn import boost
    from questforge.engine.gloomhaven.game.spec import ANY_ELEMENT, Consume
    from questforge.engine.gloomhaven.game.state import INERT

    ab = Ability(
        "attack",
        2,
        consume=(Consume(("fire",), value=1), Consume((ANY_ELEMENT,), value=2, xp=1)),
    )
    g = _game([], monster_hex=(1, 0))
    _elements(g, "fire")
    g.rules.controller = Policy({"consume_order": "done"})
    out = boost(g.rules, "alpha", ab, g.state.figures["alpha"])
    assert out.ability.value == 2 and g.state.elements["fire"] != INERT
    g.rules.controller = Policy({"consume_order": {"consume": 1, "elements": [ANY_ELEMENT]}})
    out = boost(g.rules, "alpha", ab, g.state.figures["alpha"])
    assert out.ability.value == 4 and out.xp == 1 and g.state.elements["fire"] == INERT
    _elements(g, "fire")
    g.rules.controller = BotController(0).attach(g)
    out = boost(g.rules, "alpha", ab, g.state.figures["alpha"])
    assert out.ability.value == 3 and out.xp == 0


def test_additive_consumes_are_offered_in_the_cards_order_without_an_order_decision() -> None:
    # GH-ELEM-08: "+1 attack" for earth and "pierce 1" for light add up in any order, so
    # no order is asked: each is a consume-or-skip offer in the card's order, as before
    from questforge.engine.gloomhaven.game.character_turn import boost
    from questforge.engine.gloomhaven.game.spec import Consume

    ab = Ability("attack", 2, consume=(Consume(("earth",), value=1), Consume(("light",), pierce=1)))
    g = _game([], monster_hex=(1, 0))
    _elements(g, "earth", "light")
    pol = Policy({"consume": ["skip", "consume"]})
    g.rules.controller = pol
    out = boost(g.rules, "alpha", ab, g.state.figures["alpha"])
    assert [d.kind for d in pol.asked] == ["consume", "consume"]
    assert [d.context["elements"] for d in pol.asked] == [["earth"], ["light"]]
    assert out.ability.value == 2 and out.ability.pierce == 1


def _sling_game() -> Any:
    """Alpha holds the Sling ("instead of your attack: Attack 2, Range 3") and a card whose
    "Attack 1, fire: +1 attack (1 XP)" is worth 1 XP; fire is strong, a monster adjacent."""
    from questforge.engine.gloomhaven.game.spec import Consume, ItemSpec

    sling = ItemSpec(
        "sling",
        "Sling",
        "spent",
        (Ability("attack", 2, range=3),),
        timing="instead-of-attack",
        slot="one-hand",
    )
    card = AbilityCard(
        "alpha-1",
        "stone",
        1,
        10,
        Action((Ability("attack", 1, consume=(Consume(("fire",), value=1, xp=1),)),), xp=1),
        Action((Ability("move", 1),)),
    )
    g = _game([card], monster_hex=(1, 0))
    game = new_game(replace(g.content, items={"sling": sling}), "b", items={"alpha": ("sling",)})
    _elements(game, "fire")
    return game


def test_a_sling_replacing_an_attack_spends_no_element_and_keeps_the_actions_xp() -> None:
    # GH-TURN-07 / GH-ITEM-12 with GH-ELEM-04/05, GH-XP-01/02/03: "Attack 1, fire: +1
    # attack (1 XP)" on an action worth 1 XP, the Sling ("instead of your attack: Attack
    # 2, Range 3") used. The fire enhanced the card's attack, which is not made: fire is
    # not consumed (it was, before the Sling was even offered, and lost with the replaced
    # attack) and its XP is not gained; the action's 1 XP is (its attack was performed, in
    # the item's form - items augment actions)
    from questforge.engine.gloomhaven.game.state import STRONG

    g2 = _sling_game()
    pol = Policy({"use_item": "sling", "attack_target": lambda d: 0})
    g2.rules.controller = pol
    _play(g2, "alpha-1")
    assert g2.state.characters["alpha"].items["sling"] == "spent"
    assert g2.state.elements["fire"] == STRONG
    assert not [d for d in pol.asked if d.kind == "consume"]
    assert [e["base"] for e in g2.events if e.type == "attack"] == [2]
    assert [e["amount"] for e in g2.events if e.type == "xp"] == [1]
    # the choice saw what the card's attack would have been with its fire
    ask = next(d for d in pol.asked if d.kind == "use_item")
    assert ask.context["attack"] == 1 and ask.context["boosted"] == 2


def test_a_declined_sling_leaves_the_attack_and_its_consume_as_they_were() -> None:
    # GH-TURN-07, GH-ELEM-04: declining the Sling, the card's attack is made with its
    # fire consumed (+1) and the consume's XP gained with the action's
    from questforge.engine.gloomhaven.game.state import INERT

    g2 = _sling_game()
    g2.rules.controller = Policy({"use_item": "none", "attack_target": lambda d: 0})
    _play(g2, "alpha-1")
    assert g2.state.characters["alpha"].items["sling"] == "ready"
    assert g2.state.elements["fire"] == INERT
    assert [e["base"] for e in g2.events if e.type == "attack"] == [2]
    assert sorted(e["amount"] for e in g2.events if e.type == "xp") == [1, 1]


def test_a_long_resting_character_may_remove_a_persistent_card_on_its_turn() -> None:
    # GH-BONUS-05 ("at any time") with GH-REST-05: a long rest is the character's whole
    # turn; the removal is offered there too, and the summon leaves with its card
    from questforge.engine.gloomhaven.game.character_turn import character_turn

    g = _game([SUMMON_CARD, THORNS_CARD, GUARD_CARD])
    g.rules.controller = Policy({"summon_hex": [[1, 0]]})
    _play(g, "alpha-1")
    ch = g.state.characters["alpha"]
    ch.long_rest = True
    pol = Policy({"remove_active": ["alpha-1"]})
    g.rules.controller = pol
    character_turn(g.rules, ch)
    assert [d.kind for d in pol.asked] == ["remove_active"]
    assert "alpha-1" in ch.lost and not [f for f in g.state.figures.values() if f.kind == "summon"]


def test_a_wild_element_is_never_offered_the_element_its_consume_names() -> None:
    # GH-ELEM-08 ("all of them must be consumed") with GH-ELEM-06/10: "fire and any element:
    # +2 attack" with fire and ice strong: the wild one may be ice only (fire is taken by
    # the named icon); it was offered fire, and choosing it silently lost the enhancement
    from questforge.engine.gloomhaven.game.character_turn import boost
    from questforge.engine.gloomhaven.game.spec import ANY_ELEMENT, Consume

    ab = Ability("attack", 2, consume=(Consume((ANY_ELEMENT, "fire"), value=2),))
    g = _game([], monster_hex=(1, 0))
    _elements(g, "fire", "ice", "air")
    pol = Policy({"element": "air"})
    g.rules.controller = pol
    out = boost(g.rules, "alpha", ab, g.state.figures["alpha"])
    asked = [d for d in pol.asked if d.kind == "element"]
    assert [list(d.options) for d in asked] == [["ice", "air"]]
    assert out.ability.value == 4
    assert sorted(e["element"] for e in g.events if e.type == "element_consumed") == [
        "air",
        "fire",
    ]
