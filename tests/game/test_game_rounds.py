"""Round structure: GH-ROUND, GH-SEL, GH-INIT, GH-REST, GH-EXH-01(b), GH-EOR, GH-TURN."""

from __future__ import annotations

from questforge.engine.gloomhaven.game.builders import (
    LONG_REST,
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
from questforge.engine.gloomhaven.game.spec import Ability


def arena(monster_at: tuple[int, int] = (3, 0), initiative: int = 50) -> object:
    sc = scenario(
        "arena",
        {"a": disc((0, 0), 3)},
        [(-3, 0), (-3, 1), (-2, 0), (-2, 1)],
        monsters=[("grunt", monster_at, "normal")],
    )
    return content(
        [sc],
        monsters=[simple_monster("grunt", health=20, move=0, attack=1)],
        decks={"grunt": simple_deck("grunt", initiative)},
    )


def turn_order(game: object) -> list[str]:
    return [e["figure"] for e in game.events if e.type == "turn_start"]  # type: ignore[attr-defined]


def test_order_by_initiative_and_player_wins_monster_tie() -> None:
    # GH-INIT-02 (lowest first), GH-INIT-05 (player beats a monster on a tie)
    pol = Policy(
        {("plan", "alpha"): plan("alpha-5", "alpha-1"), ("plan", "beta"): plan("beta-1", "beta-2")}
    )
    g = new_game(arena(initiative=50), "arena", controller=pol)
    g.step_round()
    order = turn_order(g)
    assert order[0] == "beta"  # 10
    assert order[1] == "alpha"  # 50, ties the monsters and goes first
    assert order[2].startswith("grunt")


def test_player_tie_broken_by_second_card_then_players() -> None:
    # GH-INIT-04: compare the non-leading cards, then the players decide
    cls_a = simple_class("alpha", initiatives=(30, 10, 90, 40, 50, 60, 70, 80))
    cls_b = simple_class("beta", initiatives=(30, 20, 90, 40, 50, 60, 70, 80))
    sc = scenario(
        "t", {"a": disc((0, 0), 3)}, [(-3, 0), (-2, 0)], monsters=[("grunt", (3, 0), "normal")]
    )
    c = content([sc], classes=[cls_a, cls_b], monsters=[simple_monster("grunt", health=30, move=0)])
    pol = Policy(
        {("plan", "alpha"): plan("alpha-1", "alpha-3"), ("plan", "beta"): plan("beta-1", "beta-2")}
    )
    g = new_game(c, "t", controller=pol)
    g.step_round()
    assert turn_order(g)[:2] == ["beta", "alpha"]  # 30/20 before 30/90
    pol2 = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-3"),
            ("plan", "beta"): plan("beta-1", "beta-3"),
            "initiative_tie": "beta",
        }
    )
    g2 = new_game(c, "t", controller=pol2)
    g2.step_round()
    assert any(d.kind == "initiative_tie" for d in pol2.asked)
    assert turn_order(g2)[:2] == ["beta", "alpha"]


def test_long_rest_is_initiative_99_and_rests() -> None:
    # GH-REST-04, GH-REST-05, GH-REST-06, GH-INIT-06, GH-REF-06
    pol = Policy(
        {("plan", "alpha"): [plan("alpha-1", "alpha-2"), LONG_REST], "long_rest_lose": "alpha-2"}
    )
    g = new_game(arena(initiative=90), "arena", controller=pol)
    g.step_round()
    alpha = g.state.characters["alpha"]
    assert sorted(alpha.discard) == ["alpha-1", "alpha-2"]
    g.state.figures["alpha"].hp = 5
    g.step_round()
    assert turn_order(g)[-1] == "alpha"  # 99 acts after the monsters' 90
    assert alpha.lost == ["alpha-2"] and "alpha-1" in alpha.hand and alpha.discard == []
    assert g.state.figures["alpha"].hp == 7  # heal 2
    # GH-REST-05 (seed): the rest happens at the end of the initiative step, before turns
    starts = [i for i, e in enumerate(g.events) if e.type == "round_start"]
    r2 = g.events[starts[1] :]
    types = [e.type for e in r2]
    assert types.index("long_rest") < types.index("turn_start")


def test_exhausted_when_no_cards_and_no_rest() -> None:
    # GH-SEL-04, GH-SEL-05, GH-EXH-01 (b)
    g = new_game(arena(), "arena")
    alpha = g.state.characters["alpha"]
    alpha.lost.extend(alpha.hand[1:])
    alpha.hand = alpha.hand[:1]
    g.step_turn()
    assert alpha.exhausted
    assert "alpha" not in g.state.figures
    assert any(e.type == "exhausted" and e["reason"] == "cards" for e in g.events)


def test_only_long_rest_with_one_card_in_hand() -> None:
    # GH-SEL-04: one card in hand (and enough discards) => long rest
    g = new_game(arena(), "arena")
    alpha = g.state.characters["alpha"]
    alpha.discard.extend(alpha.hand[1:4])
    alpha.lost.extend(alpha.hand[4:])
    alpha.hand = alpha.hand[:1]
    g.step_turn()
    assert alpha.long_rest and alpha.initiative == 99


def test_default_actions_discard_the_card() -> None:
    # GH-TURN-05, GH-TURN-06: Attack 2 / Move 2 instead of the printed halves; always discarded
    cls = simple_class(
        "alpha",
        cards=[
            simple_card("alpha-1", 10, top=(Ability("attack", 5),), top_lost=True),
            simple_card("alpha-2", 20, bottom=(Ability("move", 1),), bottom_lost=True),
        ]
        + [simple_card(f"alpha-{i}", 30 + i) for i in range(3, 9)],
    )
    sc = scenario(
        "d", {"a": disc((0, 0), 3)}, [(1, 0), (-2, 0)], monsters=[("grunt", (2, 0), "normal")]
    )
    c = content(
        [sc],
        classes=[cls, simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0)],
    )
    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [
                {"card": "alpha-1", "half": "top", "default": True},
                {"card": "alpha-2", "half": "bottom", "default": True},
            ],
            "attack_target": lambda d: 0,
        }
    )
    g = new_game(c, "d", controller=pol, seed=0)
    g.step_round()
    attack = next(e for e in g.events if e.type == "attack" and e["attacker"] == "alpha")
    assert attack["base"] == 2
    alpha = g.state.characters["alpha"]
    assert {"alpha-1", "alpha-2"} <= set(alpha.discard) | set(alpha.hand)
    assert "alpha-1" not in alpha.lost and "alpha-2" not in alpha.lost


def test_lost_action_goes_to_lost_and_xp() -> None:
    # GH-SEL-07 (lost symbol), GH-XP-01, GH-XP-02 (XP only when an ability is used)
    cls = simple_class(
        "alpha",
        cards=[
            simple_card("alpha-1", 10, top=(Ability("attack", 1),), top_lost=True, top_xp=2),
            simple_card("alpha-2", 20, top=(Ability("attack", 1),), top_xp=1),
        ]
        + [simple_card(f"alpha-{i}", 30 + i) for i in range(3, 9)],
    )
    sc = scenario(
        "l", {"a": disc((0, 0), 3)}, [(1, 0), (-3, 0)], monsters=[("grunt", (2, 0), "normal")]
    )
    c = content(
        [sc],
        classes=[cls, simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0)],
    )
    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [
                {"card": "alpha-1", "half": "top", "default": False},
                {"card": "alpha-2", "half": "bottom", "default": False},
            ],
            ("attack_target", "alpha"): lambda d: 0,
        }
    )
    g = new_game(c, "l", controller=pol)
    g.step_round()
    alpha = g.state.characters["alpha"]
    assert "alpha-1" in alpha.lost
    assert alpha.xp == 2  # the bottom of alpha-2 (a move) gives no XP


def test_short_rest_loses_a_random_discard() -> None:
    # GH-REST-02, GH-EOR-04, GH-SEL-09 (resting returns the discards to hand)
    pol = Policy({("short_rest", "alpha"): "rest"})
    g = new_game(arena(), "arena", controller=pol)
    g.step_round()
    alpha = g.state.characters["alpha"]
    rest = next(e for e in g.events if e.type == "short_rest")
    assert alpha.lost == [rest["lost"]] and alpha.discard == [] and len(alpha.hand) == 7


def test_short_rest_reroll_costs_one_damage() -> None:
    # GH-REST-03: suffer 1 damage to lose a different random card, once
    pol = Policy({("short_rest", "alpha"): "rest", "short_rest_keep": "reroll"})
    g = new_game(arena(), "arena", controller=pol)
    hp = g.state.figures["alpha"].hp
    g.step_round()
    rest = next(e for e in g.events if e.type == "short_rest" and e["character"] == "alpha")
    assert rest["rerolled"] is True
    assert g.state.figures["alpha"].hp == hp - 1


def test_step_turn_and_round_boundaries() -> None:
    g = new_game(arena(), "arena")
    first = g.step_turn()
    assert first[-1].type == "monster_card_drawn" or any(e.type == "plan" for e in first)
    g.step_round()
    assert g.state.round == 1 and g.events[-1].type == "round_end"
    g.step_round()
    assert g.state.round == 2


def test_initiative_example_from_the_rulebook() -> None:
    # GH-INIT-08: Archer 32, Living Bones 45, Brute (leading) 61, Scoundrel 86
    # GH-INIT-03: every monster of a type acts on the type's card
    brute = simple_class("brute", initiatives=(61, 10, 20, 30, 40, 50, 70, 80))
    scoundrel = simple_class("scoundrel", initiatives=(86, 15, 25, 35, 45, 55, 65, 75))
    sc = scenario(
        "ex",
        {"a": disc((0, 0), 3)},
        [(-3, 0), (-3, 1)],
        monsters=[
            ("archer", (3, 0), "normal"),
            ("bones", (3, -1), "normal"),
            ("bones", (2, 1), "normal"),
        ],
    )
    c = content(
        [sc],
        classes=[brute, scoundrel],
        monsters=[
            simple_monster("archer", health=30, move=0, attack=0),
            simple_monster("bones", health=30, move=0, attack=0),
        ],
        decks={
            "archer": simple_deck("archer", 32, [Ability("shield", 1)]),
            "bones": simple_deck("bones", 45, [Ability("shield", 1)]),
        },
    )
    pol = Policy(
        {
            ("plan", "brute"): plan("brute-1", "brute-2"),
            ("plan", "scoundrel"): plan("scoundrel-1", "scoundrel-2"),
        }
    )
    g = new_game(c, "ex", ("brute", "scoundrel"), controller=pol)
    g.step_round()
    groups = [
        e["monster"] if e.type == "monster_type_turn" else e["figure"]
        for e in g.events
        if e.type == "monster_type_turn"
        or (e.type == "turn_start" and not e["figure"].startswith(("archer", "bones")))
    ]
    assert groups == ["archer", "bones", "brute", "scoundrel"]
    bones_turns = [
        e for e in g.events if e.type == "turn_start" and e["figure"].startswith("bones")
    ]
    assert len(bones_turns) == 2


def test_monster_ability_card_revealed_per_type_each_round() -> None:
    # GH-MABIL-01, GH-MABIL-02, GH-INIT-01
    g = new_game(arena(), "arena")
    g.step_round()
    g.step_round()
    drawn = [e for e in g.events if e.type == "monster_card_drawn"]
    assert len(drawn) == 2 and all(e["monster"] == "grunt" for e in drawn)


def test_step_turn_is_one_figure_at_a_time() -> None:
    # the editor's "step a turn": every monster, summon and character separately
    sc = scenario(
        "st",
        {"a": disc((0, 0), 3)},
        [(-3, 0), (-3, 1)],
        monsters=[("grunt", (3, 0), "normal"), ("grunt", (3, -1), "normal")],
    )
    c = content([sc], monsters=[simple_monster("grunt", health=20, move=0, attack=0)])
    g = new_game(c, "st")
    g.step_turn()  # card selection
    ends = []
    while g.state.phase == "turns":
        new = g.step_turn()
        ends.append([e["figure"] for e in new if e.type == "turn_end"])
    assert all(len(e) <= 1 for e in ends[:-1])
    assert sum(len(e) for e in ends) == 4


def test_monster_types_tied_on_initiative_go_to_the_players() -> None:
    # GH-INIT-02 with GH-AMBIG-01: the order of tied monster types is the players' choice
    sc = scenario(
        "tie",
        {"a": disc((0, 0), 3)},
        [(-3, 0), (-3, 1)],
        monsters=[("ant", (3, 0), "normal"), ("bee", (3, -1), "normal")],
    )
    c = content(
        [sc],
        monsters=[
            simple_monster("ant", health=30, move=0, attack=0),
            simple_monster("bee", health=30, move=0, attack=0),
        ],
        decks={
            "ant": simple_deck("ant", 40, [Ability("shield", 1)]),
            "bee": simple_deck("bee", 40, [Ability("shield", 1)]),
        },
    )
    pol = Policy({"initiative_tie": lambda d: d.options.index("bee") if "bee" in d.options else 0})
    g = new_game(c, "tie", controller=pol)
    g.step_round()
    types = [e["monster"] for e in g.events if e.type == "monster_type_turn"]
    assert types == ["bee", "ant"]
    asked = [d for d in pol.asked if d.kind == "initiative_tie" and "bee" in d.options]
    assert len(asked) == 1 and asked[0].actor == "players"


def test_state_shows_the_initiative_order() -> None:
    # GH-INIT-02: the order is visible in the state for views and bots
    pol = Policy(
        {("plan", "alpha"): plan("alpha-7", "alpha-1"), ("plan", "beta"): plan("beta-1", "beta-2")}
    )
    g = new_game(arena(initiative=50), "arena", controller=pol)
    g.step_turn()
    assert g.state.turn_order == ["beta", "grunt", "alpha"]
    assert g.state.initiatives == {"beta": 10, "grunt": 50, "alpha": 70}
