"""More rule-by-rule checks: GH-SEL, GH-TURN, GH-REST-01, GH-REST-07, GH-BONUS, GH-HEAL, GH-XP,
GH-DMG, GH-EXH-04, GH-RECOV, GH-ELEM-06, GH-ELEM-10, GH-EFF-02, GH-COND-14, GH-SHLD-02,
GH-ATK-03, GH-AOE-04, GH-SUMM-08, GH-AMD-12, GH-MSTAT-03, GH-MSTAT-04."""

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
from questforge.engine.gloomhaven.game.character_turn import (
    attack_targets,
    character_attack,
    perform_ability,
    start_of_turn,
)
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AbilityCard,
    Action,
    AreaPattern,
    Bonus,
    SummonStats,
    TrapSpec,
)
from questforge.engine.gloomhaven.game.state import INERT, STRONG


def base(classes: list | None = None, monsters: list | None = None, **kw: object) -> object:
    sc = scenario(
        "b",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-3, 0)],
        monsters=monsters if monsters is not None else [("grunt", (3, 0), "normal")],
        **kw,
    )  # type: ignore[arg-type]
    c = content(
        [sc],
        classes=classes or [simple_class("alpha"), simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
        decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
    )
    return c


def test_round_cycle_and_cards_in_play() -> None:
    # GH-ROUND-01, GH-ROUND-02, GH-SEL-01, GH-SEL-03, GH-SEL-06: two cards chosen face down, played, then discarded
    pol = Policy({("plan", "alpha"): plan("alpha-2", "alpha-1")})
    g = new_game(base(), "b", controller=pol)
    g.step_turn()  # card selection
    ch = g.state.characters["alpha"]
    assert ch.selected == ["alpha-2", "alpha-1"] and ch.initiative == 20  # leading card
    assert "alpha-1" not in ch.hand
    g.step_round()
    assert set(ch.discard) >= {"alpha-1", "alpha-2"} and not ch.selected
    types = [e.type for e in g.events]
    assert (
        types.index("round_start")
        < types.index("plan")
        < types.index("turn_start")
        < types.index("round_end")
    )


def test_either_card_gives_either_half() -> None:
    # GH-TURN-01, GH-TURN-02, GH-CHAR-06: the leading card may give its bottom, abilities in order
    card = simple_card(
        "alpha-1", 10, top=(Ability("attack", 1),), bottom=(Ability("move", 1), Ability("loot", 1))
    )
    cls = simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [
                {"card": "alpha-1", "half": "bottom", "default": False},
                {"card": "alpha-2", "half": "top", "default": False},
            ],
            ("move", "alpha"): [[1, 0]],
        }
    )
    g = new_game(base(classes=[cls, simple_class("beta")]), "b", controller=pol)
    g.state.coins[(2, 0)] = 1
    g.step_round()
    acts = [
        (e["card"], e["half"]) for e in g.events if e.type == "action" and e["character"] == "alpha"
    ]
    assert acts == [("alpha-1", "bottom"), ("alpha-2", "top")]
    assert g.state.characters["alpha"].coins == 1  # moved, then looted the adjacent coin


def test_rest_needs_two_discards() -> None:
    # GH-REST-01: no rest (short or long) with fewer than two discards
    pol = Policy({"short_rest": "rest"})
    g = new_game(base(), "b", controller=pol)
    ch = g.state.characters["alpha"]
    from questforge.engine.gloomhaven.game.rounds import end_of_round, select_cards

    ch.hand.remove("alpha-1")
    ch.discard.append("alpha-1")
    end_of_round(g.rules)
    assert ch.discard == ["alpha-1"] and not ch.lost
    g.rules.controller = Policy({})
    asked: list = []
    g.rules.controller = Policy({"plan": lambda d: asked.append(d.options) or 0})
    select_cards(g.rules)
    assert LONG_REST not in asked[0]


def test_long_rester_is_focused_last() -> None:
    # GH-REST-07, GH-FOCUS-03: the solver sees a long-resting character as initiative 99
    from questforge.engine.gloomhaven.game.monster_turn import situation_for

    g = new_game(base(), "b")
    g.state.characters["alpha"].long_rest = True
    g.state.characters["beta"].initiative = 40
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    sit = situation_for(g.rules, grunt, 2, 0, 1, None, False)
    # the solver's figures carry display names (the class names)
    inits = {f.name: f.initiative for f in sit.figures}
    alpha, beta = (g.content.classes[c].name for c in ("alpha", "beta"))
    assert inits[alpha] == 99 and inits[beta] == 40


def test_melee_reaches_adjacent_only() -> None:
    # GH-ATK-03 (melee = range 1), GH-ATK-02 (ranged: within range)
    g = new_game(base(monsters=[("grunt", (1, 0), "normal"), ("grunt", (2, 0), "normal")]), "b")
    alpha = g.state.figures["alpha"]
    assert [f.hex for f in attack_targets(g.rules, alpha, Ability("attack", 1))] == [(1, 0)]
    assert len(attack_targets(g.rules, alpha, Ability("attack", 1, range=2))) == 2


def test_ranged_area_needs_one_hex_in_range() -> None:
    # GH-AOE-04: legal when at least one pattern hex is within range
    g = new_game(base(monsters=[("grunt", (3, 0), "normal"), ("grunt", (3, -1), "normal")]), "b")
    pattern = AreaPattern(((0, 0), (1, 0), (0, 1)), melee=False)
    g.rules.controller = Policy({"aoe": lambda d: 0})
    character_attack(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("attack", 1, range=2, aoe=pattern),
    )
    assert len({e["target"] for e in g.events if e.type == "attack"}) == 2


def test_conditions_without_attack_and_positive_on_allies() -> None:
    # GH-EFF-02 (conditions on enemies without an attack), GH-COND-14 (positive on allies)
    g = new_game(base(monsters=[("grunt", (1, 0), "normal")]), "b")
    g.state.figures["beta"].hex = (0, 1)
    ch, alpha = g.state.characters["alpha"], g.state.figures["alpha"]
    perform_ability(
        g.rules, ch, alpha, Ability("condition", conditions=("muddle",), affects="enemies", range=1)
    )
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert "muddle" in grunt.conditions
    g.rules.controller = Policy({"condition_target": "beta"})
    perform_ability(
        g.rules,
        ch,
        alpha,
        Ability("condition", conditions=("strengthen",), affects="ally", range=1),
    )
    assert "strengthen" in g.state.figures["beta"].conditions


def test_heal_an_ally_in_range() -> None:
    # GH-HEAL-01, GH-HEAL-02, GH-HEAL-03, GH-DMG-05, GH-DMG-06
    g = new_game(base(), "b")
    beta = g.state.figures["beta"]
    beta.hex = (0, 2)
    beta.hp = 4
    g.rules.controller = Policy({"heal_target": "beta"})
    perform_ability(
        g.rules, g.state.characters["alpha"], g.state.figures["alpha"], Ability("heal", 3, range=2)
    )
    assert beta.hp == 7
    g.rules.heal(beta, 9, "x")
    assert beta.hp == beta.max_hp


def test_shield_only_against_attacks() -> None:
    # GH-SHLD-02: a trap ignores shields
    g = new_game(base(traps={(1, 0): TrapSpec()}), "b", level=0)
    alpha = g.state.figures["alpha"]
    alpha.shield = 5
    g.rules.enter_hex(alpha, (1, 0), forced=False, last=True, ignore=False)
    assert alpha.hp == 8


def test_one_consume_icon_one_element_and_wild_element() -> None:
    # GH-ELEM-06, GH-ELEM-10
    from questforge.engine.gloomhaven.game.spec import Consume

    g = new_game(base(monsters=[("grunt", (1, 0), "normal")]), "b")
    g.state.elements["fire"] = STRONG
    g.state.elements["ice"] = STRONG
    g.rules.controller = Policy({"element": "ice", "consume": "consume"})
    perform_ability(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("attack", 1, consume=(Consume(("any",), value=1),)),
    )
    assert g.state.elements["ice"] == INERT and g.state.elements["fire"] == STRONG


def test_round_bonus_card_stays_active_until_round_end() -> None:
    # GH-BONUS-01, GH-BONUS-07, GH-SEL-08
    card = AbilityCard(
        "alpha-1",
        "guard",
        1,
        10,
        Action((Ability("shield", 1),), round=True, lost=True),
        Action((Ability("move", 1),)),
    )
    cls = simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    pol = Policy({("plan", "alpha"): plan("alpha-1", "alpha-2")})
    g = new_game(base(classes=[cls, simple_class("beta")]), "b", controller=pol)
    for _ in range(4):
        g.step_turn()
        ch = g.state.characters["alpha"]
        if any(a.card == "alpha-1" for a in ch.active):
            assert g.state.figures["alpha"].shield == 1
            break
    g.step_round()
    assert "alpha-1" in g.state.characters["alpha"].lost and not g.state.characters["alpha"].active


def test_persistent_bonus_slots_give_xp_and_end_lost() -> None:
    # GH-BONUS-02, GH-BONUS-03, GH-BONUS-05, GH-BONUS-09, GH-XP-04
    card = AbilityCard(
        "alpha-1",
        "aegis",
        1,
        10,
        Action(
            (Ability("shield", 1),),
            persistent=True,
            bonus=Bonus("shield", 1, uses=2, xp_slots=(1, 2)),
        ),
        Action((Ability("move", 1),)),
    )
    cls = simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    g = new_game(base(classes=[cls, simple_class("beta")]), "b")
    from questforge.engine.gloomhaven.game.attacks import shield_of
    from questforge.engine.gloomhaven.game.character_turn import perform_card_half

    ch = g.state.characters["alpha"]
    ch.hand.remove("alpha-1")
    ch.selected = ["alpha-1"]
    perform_card_half(g.rules, ch, "alpha-1", "top", False)
    active = ch.active[0]
    assert active.persistent and shield_of(g.rules, g.state.figures["alpha"]) == 1
    g.rules.use_active(ch, active)
    g.rules.use_active(ch, active)
    assert ch.xp == 3 and ch.lost == ["alpha-1"] and not ch.active


def test_unrecoverable_cards_stay_lost_and_refresh_items() -> None:
    # GH-RECOV-02, GH-RECOV-03, GH-RECOV-04
    card = AbilityCard(
        "alpha-1",
        "last",
        1,
        10,
        Action((Ability("attack", 5),), lost=True, unrecoverable=True),
        Action((Ability("move", 1),)),
    )
    cls = simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    g = new_game(base(classes=[cls, simple_class("beta")]), "b")
    ch = g.state.characters["alpha"]
    ch.hand.remove("alpha-1")
    ch.lost.append("alpha-1")
    assert (
        perform_ability(
            g.rules, ch, g.state.figures["alpha"], Ability("recover", count=1, pile="lost")
        )[0]
        == 0
    )
    ch.items = {"boots": "spent", "flask": "consumed"}
    perform_ability(
        g.rules, ch, g.state.figures["alpha"], Ability("refresh", count=1, items="spent")
    )
    assert ch.items == {"boots": "ready", "flask": "consumed"}


def test_exhausted_character_keeps_xp_and_loot() -> None:
    # GH-EXH-04, GH-END-07
    g = new_game(base(), "b")
    ch = g.state.characters["alpha"]
    ch.xp, ch.coins = 5, 2
    g.rules.suffer_damage(g.state.figures["alpha"], 99, "x", "t")
    g.state.lost_game = True
    g._finish()
    res = next(c for c in g.result.characters if c.id == "alpha")
    assert res.exhausted and res.xp == 5 and res.coins == 2


def test_closed_doors_are_walls_for_summons() -> None:
    # GH-SUMM-08, GH-DOOR-03: summons see the same board as monsters
    from questforge.engine.gloomhaven.game.builders import line
    from questforge.engine.gloomhaven.game.monster_turn import situation_for
    from questforge.engine.gloomhaven.game.spec import DoorSpec

    sc = scenario(
        "d",
        {"a": [*line(0, 3), (0, 1)], "b": line(5, 6)},
        [(0, 0), (0, 1)],
        doors=[DoorSpec((4, 0), ("a", "b"))],
        monsters=[("grunt", (6, 0), "normal")],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "d")
    g.rules.controller = Policy({"summon_hex": [[1, 0]]})
    perform_ability(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("summon", name="wolf", stats=SummonStats(3, 2, 1)),
    )
    wolf = next(f for f in g.state.figures.values() if f.kind == "summon")
    sit = situation_for(g.rules, wolf, 2, 0, 1, None, False)
    assert (4, 0) not in sit.hexes


def test_item_modifier_cards_join_the_deck() -> None:
    # GH-ITEM-11, GH-AMD-12 (scenario/item cards)
    from dataclasses import replace

    from questforge.engine.gloomhaven.game.spec import ItemSpec, ModifierCard

    c = base()
    c = replace(
        c,
        items={
            "charm": ItemSpec(
                "charm",
                "Charm",
                "none",
                (),
                modifier_cards=(ModifierCard("charm:-1", value=-1, temporary=True),),
            )
        },
    )
    g = new_game(c, "b", items={"alpha": ("charm",)})
    assert g.state.characters["alpha"].modifier_deck.count("charm:-1") == 1
    assert len(g.state.characters["alpha"].modifier_deck) == 21


def test_monster_stat_specials_flying_and_melee() -> None:
    # GH-MSTAT-03 (range 0 = melee), GH-MSTAT-04 (flying is permanent)
    sc = scenario(
        "f", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("bat", (3, 0), "normal")]
    )
    c = content([sc], monsters=[simple_monster("bat", flying=True)])
    g = new_game(c, "f")
    bat = next(f for f in g.state.figures.values() if f.side == "monsters")
    assert bat.flying and bat.range == 0


def test_wound_kills_before_acting() -> None:
    # GH-COND-04 with GH-ATK-10: damage from any source can kill a monster
    g = new_game(base(), "b")
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    grunt.hp = 1
    grunt.conditions["wound"] = False
    start_of_turn(g.rules, grunt)
    assert grunt.id not in g.state.figures


def test_recover_an_active_card_ends_its_bonus() -> None:
    # GH-BONUS-08, GH-RECOV-01
    from questforge.engine.gloomhaven.game.state import ActiveCard

    g = new_game(base(), "b")
    ch = g.state.characters["alpha"]
    ch.hand.remove("alpha-3")
    ch.active.append(ActiveCard("alpha-3", "top", True, True, None))
    g.rules.controller = Policy({"recover": "alpha-3"})
    perform_ability(g.rules, ch, g.state.figures["alpha"], Ability("recover", count=1, pile="lost"))
    assert "alpha-3" in ch.hand and not ch.active


def test_a_plan_shows_only_the_players_own_cards() -> None:
    # GH-SEL-01, GH-SEL-02: the choice is secret - a player's decision carries only their hand
    pol = Policy({})
    g = new_game(base(), "b", controller=pol)
    g.step_turn()
    plans = [d for d in pol.asked if d.kind == "plan"]
    for d in plans:
        assert all(c.startswith(d.actor) for c in d.context["hand"])


def test_persistent_shield_on_an_ally_uses_its_slots() -> None:
    # GH-BONUS-02, GH-BONUS-03, GH-BONUS-04, GH-BONUS-09, GH-SHLD-01 (a card like "Shield 2,
    # ally in range 3, two uses")
    from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack
    from questforge.engine.gloomhaven.game.builders import stack
    from questforge.engine.gloomhaven.game.character_turn import perform_card_half

    card = AbilityCard(
        "alpha-1",
        "keystone",
        1,
        10,
        Action(
            (Ability("shield", 2, affects="ally", range=3),),
            persistent=True,
            bonus=Bonus("shield", 2, uses=2, xp_slots=(1, 1)),
        ),
        Action((Ability("move", 1),)),
    )
    cls = simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    g = new_game(
        base(classes=[cls, simple_class("beta")], monsters=[("grunt", (1, 1), "normal")]), "b"
    )
    ch = g.state.characters["alpha"]
    beta = g.state.figures["beta"]
    beta.hex = (0, 2)
    ch.hand.remove("alpha-1")
    ch.selected = ["alpha-1"]
    g.rules.controller = Policy({"shield_target": "beta"})
    perform_card_half(g.rules, ch, "alpha-1", "top", False)
    assert ch.active and ch.active[0].targets == ["beta"]
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    stack(
        g.state.monster_modifier_deck,
        ["monster:+0-1", "monster:+0-2", "monster:+0-3", "monster:+0-4"],
    )
    resolve_attack(g.rules, grunt, g.state.figures["alpha"], AttackParams(value=3, ranged=False))
    assert g.state.figures["alpha"].hp == 7  # the owner is not protected
    resolve_attack(g.rules, grunt, beta, AttackParams(value=3, ranged=False))
    assert beta.hp == 9 and ch.active and ch.active[0].used == 1
    resolve_attack(g.rules, grunt, beta, AttackParams(value=3, ranged=False))
    assert beta.hp == 8 and not ch.active and ch.lost == ["alpha-1"] and ch.xp == 2
    resolve_attack(g.rules, grunt, beta, AttackParams(value=3, ranged=False))
    assert beta.hp == 5


def test_session_plays_the_same_game_as_a_controller() -> None:
    # decision-at-a-time play (GUIs) replays to exactly the controller-driven game
    from questforge.engine.core.decisions import RandomController
    from questforge.engine.core.session import Session
    from questforge.engine.gloomhaven.game import Game, Setup
    from questforge.engine.gloomhaven.game.face import GloomhavenGame

    sc = scenario(
        "s", {"a": disc((0, 0), 2)}, [(-2, 0), (-2, 1)], monsters=[("grunt", (2, 0), "normal")]
    )
    c = content([sc], monsters=[simple_monster("grunt", health=6, move=1, attack=2)])
    setup = Setup("s", ("alpha", "beta"), 1)
    picks = RandomController(5)
    bots = RandomController(9)
    session = Session(lambda: GloomhavenGame(Game(c, setup, 3)), lambda g: bots, people={"alpha"})
    d = session.advance()
    answered = []
    while d is not None:
        assert d.actor == "alpha"
        i = picks.choose(d)
        answered.append(i)
        d = session.answer(i)
    assert session.finished
    played = session.game.game  # type: ignore[attr-defined]
    replay = Game.replay(played.to_log(), c)
    assert replay.log.to_json() == played.log.to_json()
    assert [a["index"] for a in session.answers if a["actor"] == "alpha"] == answered


def test_xp_only_with_another_ability() -> None:
    # GH-XP-01, GH-XP-02: "XP 2" with a move that is not made gives nothing
    card = simple_card(
        "alpha-1",
        10,
        top=(Ability("attack", 1), Ability("xp", 2)),
        bottom=(Ability("move", 1), Ability("xp", 1)),
    )
    cls = simple_class(
        "alpha", cards=[card] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    from questforge.engine.gloomhaven.game.character_turn import perform_card_half

    g = new_game(
        base(classes=[cls, simple_class("beta")], monsters=[("grunt", (1, 0), "normal")]), "b"
    )
    ch = g.state.characters["alpha"]
    ch.hand.remove("alpha-1")
    ch.selected = ["alpha-1"]
    g.rules.controller = Policy({"move": [[0, 0]]})  # stay: the move is not performed
    perform_card_half(g.rules, ch, "alpha-1", "bottom", False)
    assert ch.xp == 0
    ch.discard.remove("alpha-1")
    ch.selected = ["alpha-1"]
    g.rules.controller = Policy({})
    perform_card_half(g.rules, ch, "alpha-1", "top", False)
    assert ch.xp == 2
