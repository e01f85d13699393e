"""Rule fidelity fixes of issue 14, each reproduced first on a tiny hand-built board:
bonuses counted once, spawns at round start, XP only for abilities that did something,
advantage by resulting value, one movement model for jumps, monster heals in base range.
"""

from __future__ import annotations

from typing import Any

from questforge.engine.gloomhaven.game.attacks import (
    AttackParams,
    draw_modifiers,
    resolve_attack,
    retaliate_of,
    shield_of,
)
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
    stack,
)
from questforge.engine.gloomhaven.game.character_turn import (
    character_recover,
    perform_card_half,
)
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AbilityCard,
    Action,
    Bonus,
)


def board(
    classes: list[Any] | None = None,
    monsters: list[Any] | None = None,
    monster_specs: list[Any] | None = None,
    decks: dict[str, Any] | None = None,
    **kw: Any,
) -> Any:
    sc = scenario(
        "b",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-3, 0)],
        monsters=monsters if monsters is not None else [("grunt", (1, 0), "normal")],
        **kw,
    )
    return content(
        [sc],
        classes=classes or [simple_class("alpha"), simple_class("beta")],
        monsters=monster_specs or [simple_monster("grunt", health=30, move=0, attack=0)],
        decks=decks or {"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
    )


def with_card(top: Action, bottom: Action | None = None) -> Any:
    """Class "alpha" whose first card ``alpha-1`` has ``top`` (and ``bottom``)."""
    card = AbilityCard("alpha-1", "bonus", 1, 10, top, bottom or Action((Ability("move", 1),)))
    return simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )


def play_top(g: Any, card: str = "alpha-1") -> None:
    ch = g.state.characters["alpha"]
    ch.hand.remove(card)
    ch.selected = [card]
    perform_card_half(g.rules, ch, card, "top", False)


# ---------------------------------------------------------------- 1. bonuses count once


def test_a_round_shield_and_retaliate_count_once() -> None:
    # GH-SHLD-01, GH-RET-01, GH-BONUS-07 (a card like Timber Brace: Shield 2, Retaliate 1,
    # round bonus): the next attack meets shield 2, the attacker suffers retaliate 1
    cls = with_card(Action((Ability("shield", 2), Ability("retaliate", 1)), round=True))
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    play_top(g)
    alpha = g.state.figures["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert shield_of(g.rules, alpha) == 2
    assert retaliate_of(g.rules, alpha, grunt) == 1
    stack(g.state.monster_modifier_deck, ["monster:+0-1"])
    resolve_attack(g.rules, grunt, alpha, AttackParams(value=3, ranged=False))
    attack = next(e for e in g.events if e.type == "attack")
    assert attack["shield"] == 2 and attack["damage"] == 1
    assert [e["amount"] for e in g.events if e.type == "retaliate"] == [1]


def test_a_round_bonus_from_content_counts_once() -> None:
    # GH-SHLD-01, GH-BONUS-07: the content conversion gives a round action its Bonus record;
    # the card in the active area must not add it a second time
    cls = with_card(
        Action((Ability("shield", 1),), round=True, bonus=Bonus("shield", 1)),
    )
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    play_top(g)
    ch = g.state.characters["alpha"]
    assert ch.active and not ch.active[0].persistent
    assert shield_of(g.rules, g.state.figures["alpha"]) == 1
    g.step_round()
    assert shield_of(g.rules, g.state.figures["alpha"]) == 0  # GH-EOR-05


def test_a_persistent_bonus_is_carried_by_its_card_once() -> None:
    # GH-BONUS-02, GH-SHLD-01: both bonuses of a persistent action stay with the card (also
    # after the round), each counted once
    cls = with_card(
        Action(
            (Ability("shield", 1), Ability("retaliate", 2)),
            persistent=True,
            bonus=Bonus("shield", 1, uses=3),
        )
    )
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    play_top(g)
    alpha = g.state.figures["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert alpha.shield == 0 and not alpha.retaliate  # not on the figure
    assert shield_of(g.rules, alpha) == 1 and retaliate_of(g.rules, alpha, grunt) == 2
    g.step_round()
    assert shield_of(g.rules, alpha) == 1 and retaliate_of(g.rules, alpha, grunt) == 2


def test_recovering_a_round_bonus_card_ends_its_bonus() -> None:
    # GH-BONUS-08: recovering the card from the active area ends its remaining bonuses
    cls = with_card(Action((Ability("shield", 2),), round=True, lost=True))
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    play_top(g)
    ch = g.state.characters["alpha"]
    alpha = g.state.figures["alpha"]
    assert shield_of(g.rules, alpha) == 2
    g.rules.controller = Policy({"recover": "alpha-1"})
    assert character_recover(g.rules, ch, Ability("recover", count=1, pile="lost")) == 1
    assert "alpha-1" in ch.hand and shield_of(g.rules, alpha) == 0


def test_an_exhausted_characters_round_bonus_on_an_ally_ends() -> None:
    # GH-EXH-02: every active bonus of an exhausted character is removed
    cls = with_card(Action((Ability("shield", 2, affects="ally", range=3),), round=True))
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    play_top(g)
    beta = g.state.figures["beta"]
    assert shield_of(g.rules, beta) == 2
    g.rules.suffer_damage(g.state.figures["alpha"], 99, "x", "test", negatable=False)
    assert shield_of(g.rules, beta) == 0


def test_content_round_bonus_cards_of_the_sample_pack_count_once(sample_pack: Any) -> None:
    # GH-SHLD-01, GH-RET-01, GH-BONUS-07 on the pack's own Timber Brace (Shield 2, Retaliate 1)
    from questforge.engine.gloomhaven.game import Game

    game = Game.new(str(sample_pack), "cinder-forge", players=["shaftbreaker", "tunnel-rat"])
    game.start()
    ch = game.state.characters["shaftbreaker"]
    card = "shaftbreaker-timber-brace"
    ch.hand.remove(card)
    ch.selected = [card]
    perform_card_half(game.rules, ch, card, "top", False)
    fig = game.state.figures["shaftbreaker"]
    assert shield_of(game.rules, fig) == 2
    assert retaliate_of(game.rules, fig, fig) == 1


# ---------------------------------------------------------------- 2. spawns at round start


def _spawn_rule(when: str, round_no: int = 1) -> Any:
    from questforge.engine.gloomhaven.game.spec import EffectSpec, RuleSpec, TriggerSpec

    return RuleSpec(
        TriggerSpec("round", round=round_no, when=when),
        (EffectSpec("spawn", monster="grunt", hex=(2, 0), players={2: "normal"}),),
    )


def _turns(g: Any, figure: str) -> list[int]:
    return [e["round"] for e in g.events if e.type == "turn_start" and e["figure"] == figure]


def test_a_monster_spawned_at_round_start_acts_that_round() -> None:
    # GH-SPEC-02, GH-ROOM-04: a spawn during a round (its start included) acts as if just
    # revealed; the grunt deck's initiative 99 comes after both characters
    g = new_game(board(monsters=[("grunt", (3, 0), "normal")], rules=[_spawn_rule("start")]), "b")
    g.step_round()
    spawned = next(e["figure"] for e in g.events if e.type == "spawned")
    assert g.state.figures[spawned].acts_from_round == 1
    assert _turns(g, spawned) == [1]


def test_a_monster_spawned_at_round_end_waits_for_the_next_round() -> None:
    # GH-SPEC-02: a spawn at the end of a round activates from the next round
    g = new_game(board(monsters=[("grunt", (3, 0), "normal")], rules=[_spawn_rule("end")]), "b")
    g.step_round()
    spawned = next(e["figure"] for e in g.events if e.type == "spawned")
    assert _turns(g, spawned) == []
    g.step_round()
    assert _turns(g, spawned) == [2]


# ---------------------------------------------------------------- 3. no XP for nothing


def _xp_card(top: tuple[Ability, ...]) -> Any:
    return with_card(Action(top, xp=1))


def test_no_xp_for_a_bless_with_no_ally_in_range() -> None:
    # GH-XP-02 (a card like Guiding Light: "Bless an ally within range 3, XP 1")
    cls = _xp_card((Ability("condition", conditions=("bless",), affects="ally", range=3),))
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    g.state.figures["beta"].hex = (-3, 0)
    g.state.figures["alpha"].hex = (2, 1)  # beta 6 hexes away
    play_top(g)
    assert g.state.characters["alpha"].xp == 0
    assert not [e for e in g.events if e.type == "condition_applied"]


def test_xp_for_a_bless_that_reaches_an_ally() -> None:
    # GH-XP-01: the same card with the ally in range gives its XP
    cls = _xp_card((Ability("condition", conditions=("bless",), affects="ally", range=3),))
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    g.state.figures["beta"].hex = (-1, 0)
    play_top(g)
    assert g.state.characters["alpha"].xp == 1


def test_no_xp_for_a_loot_that_picks_up_nothing() -> None:
    # GH-XP-02, GH-LOOT-01
    cls = _xp_card((Ability("loot", 1),))
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    play_top(g)
    assert g.state.characters["alpha"].xp == 0
    g2 = new_game(board(classes=[cls, simple_class("beta")], coins={(0, 1): 1}), "b")
    play_top(g2)
    assert g2.state.characters["alpha"].xp == 1 and g2.state.characters["alpha"].coins == 1


def test_no_xp_for_an_ally_shield_that_reaches_nobody() -> None:
    # GH-XP-02: "Shield 2, an ally within range 1, XP 1" with every ally far away
    cls = _xp_card((Ability("shield", 2, affects="ally", range=1),))
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    play_top(g)  # beta on (-3, 0), alpha on (0, 0)
    assert g.state.characters["alpha"].xp == 0
    assert not [e for e in g.events if e.type == "bonus"]


# ---------------------------------------------------------------- 4. advantage by value


def _drawn_with(
    first: str, second: str, *, advantage: bool, value: int = 1, extra: tuple[Any, ...] = ()
) -> list[str]:
    from questforge.engine.gloomhaven.game.spec import ModifierCard, standard_modifier_deck

    deck = (*standard_modifier_deck("alpha:"), *extra)
    cls = simple_class("alpha", modifier_deck=deck)
    g = new_game(board(classes=[cls, simple_class("beta")]), "b")
    ch = g.state.characters["alpha"]
    stack(ch.modifier_deck, [first, second])
    g.rules.modifier_cards.update({c.id: c for c in extra if isinstance(c, ModifierCard)})
    cards, drawn = draw_modifiers(g.rules, "alpha", advantage, not advantage, value)
    assert drawn == [first, second]
    return [c.id for c in cards]


def test_advantage_takes_the_card_with_the_higher_resulting_value() -> None:
    # GH-ADV-01, GH-AMD-04: at Attack 1, "2x" gives 2 and "+2" gives 3: +2 is better
    assert _drawn_with("alpha:x2", "alpha:+2-1", advantage=True) == ["alpha:+2-1"]
    # at Attack 3, 2x gives 6 and +2 gives 5: 2x is better, whichever comes first
    assert _drawn_with("alpha:+2-1", "alpha:x2", advantage=True, value=3) == ["alpha:x2"]


def test_disadvantage_takes_the_card_with_the_lower_resulting_value() -> None:
    # GH-ADV-03: at Attack 1 the worse of "+2" (3) and "2x" (2) is 2x
    assert _drawn_with("alpha:+2-1", "alpha:x2", advantage=False) == ["alpha:x2"]
    assert _drawn_with("alpha:x2", "alpha:+2-1", advantage=False, value=3) == ["alpha:+2-1"]


def test_unclear_comparisons_use_the_first_card_drawn() -> None:
    # GH-ADV-04: "+1" against "+0 poison" is unclear: the first card, with advantage and
    # with disadvantage alike; an effect on an equal value is clearly better
    from questforge.engine.gloomhaven.game.spec import ModifierCard

    poison = ModifierCard("alpha:+0-poison", conditions=("poison",))
    for adv in (True, False):
        assert _drawn_with("alpha:+1-1", poison.id, advantage=adv, extra=(poison,)) == [
            "alpha:+1-1"
        ]
        assert _drawn_with(poison.id, "alpha:+1-1", advantage=adv, extra=(poison,)) == [poison.id]
    assert _drawn_with("alpha:+0-1", poison.id, advantage=True, extra=(poison,)) == [poison.id]
    assert _drawn_with(poison.id, "alpha:+0-1", advantage=False, extra=(poison,)) == ["alpha:+0-1"]


def test_an_attack_with_advantage_uses_the_better_card_end_to_end() -> None:
    # GH-ADV-01, GH-COND-12: a strengthened alpha attacks for 1; the +2 is applied
    g = new_game(board(), "b")
    alpha = g.state.figures["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    g.rules.apply_condition(alpha, "strengthen", "test")
    stack(g.state.characters["alpha"].modifier_deck, ["alpha:x2", "alpha:+2-1"])
    resolve_attack(g.rules, alpha, grunt, AttackParams(value=1, ranged=False))
    attack = next(e for e in g.events if e.type == "attack")
    assert attack["applied"] == ["alpha:+2-1"] and attack["damage"] == 3


# ---------------------------------------------------------------- add target (GH-EFF-06)


def test_an_add_target_modifier_adds_one_target_with_every_effect() -> None:
    # GH-EFF-06: the figure adds one more target within the attack's range; it gets the
    # attack's effects and conditions, and its own draw creates no further target
    from questforge.engine.gloomhaven.game.character_turn import character_attack
    from questforge.engine.gloomhaven.game.spec import ModifierCard, standard_modifier_deck

    add = ModifierCard("alpha:add", add_target=True)
    add2 = ModifierCard("alpha:add2", add_target=True)
    cls = simple_class("alpha", modifier_deck=(*standard_modifier_deck("alpha:"), add, add2))
    g = new_game(
        board(
            classes=[cls, simple_class("beta")],
            monsters=[
                ("grunt", (1, 0), "normal"),
                ("grunt", (0, 1), "normal"),
                ("grunt", (-1, 1), "normal"),
            ],
        ),
        "b",
    )
    g.rules.modifier_cards.update({add.id: add, add2.id: add2})
    grunts = {f.hex: f for f in g.state.figures.values() if f.side == "monsters"}
    first, second = grunts[(1, 0)], grunts[(0, 1)]
    ch = g.state.characters["alpha"]
    stack(ch.modifier_deck, ["alpha:add", "alpha:add2"])
    g.rules.controller = Policy({"attack_target": [first.id, second.id]})
    alpha = g.state.figures["alpha"]
    assert character_attack(g.rules, ch, alpha, Ability("attack", 2, conditions=("poison",))) == 1
    attacks = [(e["target"], e["applied"]) for e in g.events if e.type == "attack"]
    assert attacks == [(first.id, ["alpha:add"]), (second.id, ["alpha:add2"])]
    assert "poison" in second.conditions  # every effect of the attack
    added = [d for d in g.rules.controller.asked if d.context.get("add_target")]
    assert len(added) == 1  # the added target's own add-target card adds nothing


def test_a_monster_add_target_modifier_hits_the_nearest_other_enemy() -> None:
    # GH-EFF-06, GH-MATK-03: a monster's added target is chosen like an additional target
    from questforge.engine.gloomhaven.game.monster_turn import monster_type_turn
    from questforge.engine.gloomhaven.game.spec import ModifierCard

    add = ModifierCard("monster:add", add_target=True)
    c = board(
        monsters=[("grunt", (1, 0), "normal")],
        monster_specs=[simple_monster("grunt", health=30, move=0, attack=2)],
        decks={"grunt": simple_deck("grunt", 50, [Ability("attack", 0)])},
    )
    g = new_game(c, "b")
    g.rules.modifier_cards[add.id] = add
    g.state.monster_modifier_deck.draw_pile.append(add.id)
    stack(g.state.monster_modifier_deck, ["monster:add", "monster:+0-1"])
    g.state.figures["beta"].hex = (1, 1)  # next to the grunt too (alpha at (0, 0))
    g.rules.draw_missing_ability_cards()
    g.state.phase = "turns"
    monster_type_turn(g.rules, g.state.monster_types["grunt"])
    targets = [e["target"] for e in g.events if e.type == "attack"]
    assert sorted(targets) == ["alpha", "beta"] and len(targets) == 2
