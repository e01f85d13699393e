"""Scenario setup: GH-SETUP, GH-LEVEL, GH-VAR, GH-REF-01, GH-REF-02, GH-COMP-03, GH-COMP-05."""

from __future__ import annotations

import pytest

from questforge.engine.gloomhaven.game import (
    Setup,
    SetupError,
    bonus_xp,
    coin_value,
    monster_level,
    recommended_level,
    trap_damage,
)
from questforge.engine.gloomhaven.game.builders import (
    content,
    disc,
    new_game,
    scenario,
    simple_class,
    simple_monster,
)
from questforge.engine.gloomhaven.game.spec import DoorSpec, standard_modifier_deck
from questforge.engine.gloomhaven.game.state import INERT


def two_rooms() -> object:
    a = disc((0, 0), 2)
    b = [(q, r) for q, r in disc((6, -3), 2)]
    return scenario(
        "s",
        {"a": a, "b": b},
        [(-2, 0), (-2, 1), (-1, 0), (-1, 1)],
        doors=[DoorSpec((3, -1), ("a", "b"))],
        monsters=[
            ("grunt", (1, 0), {2: "none", 3: "normal", 4: "elite"}),
            ("grunt", (1, -1), "normal"),
            ("grunt", (6, -3), "elite"),
        ],
    )


def test_recommended_level_example() -> None:
    # GH-LEVEL-03: levels 6, 4, 4, 3 average 4.25 -> ceil(4.25 / 2) = 3 (GH-LEVEL-06)
    assert recommended_level([6, 4, 4, 3]) == 3
    assert recommended_level([1, 1]) == 1
    assert recommended_level([9, 9, 9, 9]) == 5


def test_level_table() -> None:
    # GH-REF-02, GH-LEVEL-05, GH-TRAP-04, GH-END-05
    assert [trap_damage(L) for L in range(8)] == [2, 3, 4, 5, 6, 7, 8, 9]
    assert [coin_value(L) for L in range(8)] == [2, 2, 3, 3, 4, 4, 5, 6]
    assert [bonus_xp(L) for L in range(8)] == [4, 6, 8, 10, 12, 14, 16, 18]


def test_solo_variant_raises_monsters_and_traps_only() -> None:
    # GH-VAR-02 (and GH-VAR-03, same increase): +1 monster level and trap damage, not gold
    # or bonus XP; GH-LEVEL-04: any level the players choose
    assert monster_level(2, solo=True) == 3 and monster_level(7, solo=True) == 7
    assert trap_damage(2, solo=True) == 5
    c = content([two_rooms()])
    g = new_game(c, "s", level=2, solo=True)
    setup = g.events[0]
    assert (
        setup["monster_level"],
        setup["trap_damage"],
        setup["coin_value"],
        setup["bonus_xp"],
    ) == (
        3,
        5,
        3,
        8,
    )


def test_setup_event_has_level_values() -> None:
    # GH-LEVEL-01 / GH-REF-02
    g = new_game(content([two_rooms()]), "s", level=4)
    e = g.events[0]
    assert e.type == "setup"
    assert (e["trap_damage"], e["hazard_damage"], e["coin_value"], e["bonus_xp"]) == (6, 3, 4, 12)


@pytest.mark.parametrize(
    ("chars", "expected"),
    [
        (("alpha", "beta"), 1),
        (("alpha", "beta", "gamma"), 2),
        (("alpha", "beta", "gamma", "delta"), 2),
    ],
)
def test_monsters_per_player_count_and_starting_room_only(
    chars: tuple[str, ...], expected: int
) -> None:
    # GH-SETUP-03, GH-SETUP-04 (none/normal/elite per count), GH-SETUP-05 (only the starting room),
    # GH-MSTAT-01, GH-MSTAT-02 (normal and elite stat lines)
    classes = [simple_class(c) for c in ("alpha", "beta", "gamma", "delta")]
    g = new_game(content([two_rooms()], classes=classes), "s", chars)
    monsters = [f for f in g.state.figures.values() if f.side == "monsters"]
    assert len(monsters) == expected
    assert all(f.hex in disc((0, 0), 2) for f in monsters)
    at_10 = [f for f in monsters if f.hex == (1, 0)]
    if len(chars) == 3:
        assert at_10 and not at_10[0].elite
    if len(chars) == 4:
        assert at_10 and at_10[0].elite
        assert at_10[0].hp == 7  # elite stats (GH-MSTAT-05)


def test_standee_numbers_random_but_seeded() -> None:
    # GH-SETUP-06: random standee numbers, distinct; same seed => same numbers
    c = content(
        [two_rooms()], classes=[simple_class(x) for x in ("alpha", "beta", "gamma", "delta")]
    )
    chars = ("alpha", "beta", "gamma", "delta")
    runs = {
        seed: sorted(
            f.standee
            for f in new_game(c, "s", chars, seed=seed).state.figures.values()
            if f.standee
        )
        for seed in range(12)
    }
    assert all(len(set(v)) == len(v) for v in runs.values())
    assert len({tuple(v) for v in runs.values()}) > 1
    again = sorted(
        f.standee for f in new_game(c, "s", chars, seed=3).state.figures.values() if f.standee
    )
    assert again == runs[3]


def test_decks_shuffled_and_elements_inert() -> None:
    # GH-COMP-03 (modifier decks shuffled), GH-COMP-05 / GH-ELEM-01 (six elements inert),
    # GH-COMP-04 / GH-AMD-10 / GH-REF-01 (20-card deck)
    c = content([two_rooms()])
    g1 = new_game(c, "s", seed=1)
    g2 = new_game(c, "s", seed=2)
    assert set(g1.state.elements.values()) == {INERT}
    d1 = g1.state.characters["alpha"].modifier_deck.draw_pile
    assert sorted(d1) == sorted(x.id for x in standard_modifier_deck("alpha:"))
    assert d1 != g2.state.characters["alpha"].modifier_deck.draw_pile
    assert d1 == new_game(c, "s", seed=1).state.characters["alpha"].modifier_deck.draw_pile
    assert len(g1.state.monster_modifier_deck) == 20


def test_standard_modifier_deck_composition() -> None:
    # GH-REF-01: six +0, five +1, five -1, one +2, one -2, one x2, one Null; x2/Null shuffle
    deck = standard_modifier_deck()
    values = sorted(c.value for c in deck if c.multiplier == 1)
    assert values == [-2] + [-1] * 5 + [0] * 6 + [1] * 5 + [2]
    specials = [c for c in deck if c.multiplier != 1]
    assert sorted(c.multiplier for c in specials) == [0, 2] and all(c.shuffle for c in specials)


def test_characters_choose_start_hexes() -> None:
    # GH-SETUP-07: each character on an empty starting hex of its choice
    g = new_game(content([two_rooms()]), "s", answers=[{"option": [-1, 1]}, {"option": [-2, 0]}])
    assert g.state.figures["alpha"].hex == (-1, 1)
    assert g.state.figures["beta"].hex == (-2, 0)


def test_hand_is_hand_limit_of_level_one_cards() -> None:
    # GH-HAND-01, GH-HAND-02
    g = new_game(content([two_rooms()]), "s")
    assert len(g.state.characters["alpha"].hand) == 8


def test_bad_setups_are_clear_errors() -> None:
    # GH-LEVEL-02 (0-7), GH-CHAR-01 (one character per class), GH-VAR-01 (2-4 characters)
    c = content([two_rooms()])
    with pytest.raises(SetupError, match="2 to 4"):
        Setup("s", ("alpha",)).check(c)
    with pytest.raises(SetupError, match="0-7"):
        Setup("s", ("alpha", "beta"), level=8).check(c)
    with pytest.raises(SetupError, match="unknown scenario"):
        Setup("nope", ("alpha", "beta")).check(c)
    with pytest.raises(SetupError, match="unknown character class"):
        Setup("s", ("alpha", "zeta")).check(c)
    with pytest.raises(SetupError, match="one character"):
        Setup("s", ("alpha", "alpha")).check(c)


def test_setup_json_round_trip() -> None:
    # GH-SETUP-10: level and hands are chosen before the scenario and recorded in the log
    s = Setup("s", ("alpha", "beta"), None, (3, 4), True, {"alpha": ("alpha-1",)})
    back = Setup.from_json(s.to_json())
    assert back.to_json() == s.to_json()
    assert back.scenario_level() == 2
    with pytest.raises(SetupError):
        Setup.from_json({"characters": []})


def test_monster_stat_levels() -> None:
    # GH-MSTAT-05: monster stats for the scenario level
    m = simple_monster("grunt", health=4)
    assert m.levels[3]["normal"].health == 4 and m.levels[3]["elite"].health == 6


def test_equipment_limits() -> None:
    # GH-ITEM-03, GH-ITEM-04, GH-REF-04
    from dataclasses import replace

    from questforge.engine.gloomhaven.game.spec import ItemSpec

    items = {
        "cap": ItemSpec("cap", "Cap", "none", (), slot="head"),
        "hood": ItemSpec("hood", "Hood", "none", (), slot="head"),
        "axe": ItemSpec("axe", "Axe", "none", (), slot="two-hands"),
        "knife": ItemSpec("knife", "Knife", "none", (), slot="one-hand"),
        "ring": ItemSpec("ring", "Ring", "none", (), slot="small"),
        "coin": ItemSpec("coin", "Coin", "none", (), slot="small"),
    }
    c = replace(content([two_rooms()]), items=items)
    Setup("s", ("alpha", "beta"), items={"alpha": ("cap", "axe", "ring")}).check(c)
    for bad, msg in (
        (("cap", "hood"), "head"),
        (("axe", "knife"), "two-hand"),
        (("ring", "coin"), "small"),
        (("cap", "cap"), "one copy"),
    ):
        with pytest.raises(SetupError, match=msg):
            Setup("s", ("alpha", "beta"), items={"alpha": bad}).check(c)
    # small items: ceil(level / 2) -> two at level 3
    Setup("s", ("alpha", "beta"), character_levels=(3, 1), items={"alpha": ("ring", "coin")}).check(
        c
    )


def test_unplayable_content_is_a_clear_setup_error() -> None:
    from dataclasses import replace

    sc = two_rooms()
    c = content([sc])
    bad = replace(c, monster_decks={})
    with pytest.raises(SetupError, match="no ability deck"):
        Setup("s", ("alpha", "beta")).check(bad)
    bad2 = replace(c, monsters={})
    with pytest.raises(SetupError, match="unknown monster"):
        Setup("s", ("alpha", "beta")).check(bad2)
    bad3 = replace(c, scenarios={"s": replace(sc, starting_hexes=())})
    with pytest.raises(SetupError, match="starting hexes"):
        Setup("s", ("alpha", "beta")).check(bad3)


def leveled_class() -> object:
    """alpha: hand limit 4; cards a1..a4 level 1, ax level X, a2x level 2, a3x level 3."""
    from questforge.engine.gloomhaven.game.builders import simple_card
    from questforge.engine.gloomhaven.game.spec import ClassSpec

    cards = [simple_card(f"a{i}", 10 + i) for i in range(1, 5)]
    cards += [
        simple_card("ax", 30, level="X"),
        simple_card("a2x", 40, level=2),
        simple_card("a3x", 50, level=3),
    ]
    return ClassSpec(
        "alpha",
        "Alpha",
        tuple(10 + lvl for lvl in range(9)),
        4,
        tuple(cards),
        standard_modifier_deck("alpha:"),
    )


def test_hand_must_be_exactly_the_hand_limit() -> None:
    # GH-HAND-01: exactly as many cards as the hand limit; a clear error otherwise
    c = content([two_rooms()], classes=[leveled_class(), simple_class("beta")])
    Setup("s", ("alpha", "beta"), hands={"alpha": ("a1", "a2", "a3", "ax")}).check(c)
    with pytest.raises(SetupError, match=r"alpha: a hand holds exactly 4 cards.*got 3"):
        Setup("s", ("alpha", "beta"), hands={"alpha": ("a1", "a2", "a3")}).check(c)
    with pytest.raises(SetupError, match=r"exactly 4 cards.*got 5"):
        Setup("s", ("alpha", "beta"), hands={"alpha": ("a1", "a2", "a3", "a4", "ax")}).check(c)
    with pytest.raises(SetupError, match="once: a1"):
        Setup("s", ("alpha", "beta"), hands={"alpha": ("a1", "a1", "a2", "a3")}).check(c)
    with pytest.raises(SetupError, match="not in the class: zz"):
        Setup("s", ("alpha", "beta"), hands={"alpha": ("a1", "a2", "a3", "zz")}).check(c)
    with pytest.raises(SetupError, match="not one of the characters"):
        Setup("s", ("alpha", "beta"), hands={"gamma": ("a1",)}).check(c)


def test_cards_above_the_character_level_are_refused() -> None:
    # GH-CHAR-05, GH-LVL-02, GH-HAND-02: cards up to the character's level and "X" cards
    c = content([two_rooms()], classes=[leveled_class(), simple_class("beta")])
    hand = {"alpha": ("a1", "a2", "ax", "a2x")}
    with pytest.raises(SetupError, match=r"above the character's level 1.*a2x \(level 2\)"):
        Setup("s", ("alpha", "beta"), hands=hand).check(c)
    Setup("s", ("alpha", "beta"), character_levels=(2, 1), hands=hand).check(c)
    with pytest.raises(SetupError, match="character level must be 1-9"):
        Setup("s", ("alpha", "beta"), character_levels=(0, 1)).check(c)


def test_default_hand_and_a_pool_too_small_for_the_hand_limit() -> None:
    # GH-HAND-01, GH-HAND-02: the default hand is the level-1 cards, then X cards, up to the limit;
    # a class whose pool cannot fill the hand limit is a clear setup error
    from dataclasses import replace

    from questforge.engine.gloomhaven.game.setup import card_pool, default_hand

    cls = leveled_class()
    c = content([two_rooms()], classes=[cls, simple_class("beta")])
    assert default_hand(c, "alpha") == ("a1", "a2", "a3", "a4")
    assert card_pool(c, "alpha", 2) == ("a1", "a2", "a3", "a4", "ax", "a2x")
    small = content([two_rooms()], classes=[replace(cls, hand_size=7), simple_class("beta")])
    with pytest.raises(SetupError, match="only 5 cards up to level 1"):
        Setup("s", ("alpha", "beta")).check(small)
