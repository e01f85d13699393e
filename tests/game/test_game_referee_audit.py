"""Rule violations found by reading bot games and the engine as a referee would
(helper "ghaudit"): each test fails on the engine before its fix."""

from __future__ import annotations

from pathlib import Path

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    line,
    new_game,
    scenario,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.character_turn import attack_targets, perform_ability
from questforge.engine.gloomhaven.game.monster_turn import monster_type_turn
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AreaPattern,
    DoorSpec,
    SummonStats,
    TrapSpec,
)

# --------------------------------------------------------------------------- summons


def _crowded_start() -> object:
    """alpha at (0, 0); of its six neighbours one is truly empty (1, -1). The others hold
    a trap, a money token, hazardous terrain, difficult terrain and a closed door."""
    room_a = [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (1, -1), (2, -1), (-2, 0)]
    sc = scenario(
        "s",
        {"a": room_a, "b": [(1, -2), (2, -3)]},
        [(0, 0), (-2, 0)],
        doors=[DoorSpec((0, -1), ("a", "b"))],
        traps={(1, 0): TrapSpec(damage=True)},
        coins={(0, 1): 1},
        hazardous=[(-1, 1)],
        difficult=[(-1, 0)],
        monsters=[("grunt", (2, -3), "normal")],
    )
    return new_game(content([sc]), "s")


def test_a_character_summon_goes_on_an_empty_hex_only() -> None:
    # GH-SUMM-01: "an empty hex adjacent to the summoning character"; an empty hex has no
    # figure, token or overlay tile other than corridors and open doors (GH-MOVE-07), and a
    # closed door is a wall for character summons (GH-SUMM-08, GH-DOOR-03)
    g = _crowded_start()
    policy = Policy()
    g.rules.controller = policy
    perform_ability(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("summon", name="wolf", stats=SummonStats(3, 2, 1)),
    )
    wolf = next(f for f in g.state.figures.values() if f.kind == "summon")
    assert wolf.hex == (1, -1)
    assert not [d for d in policy.asked if d.kind == "summon_hex"]  # one hex: no choice


def test_a_character_summon_fails_without_an_empty_adjacent_hex() -> None:
    # GH-SUMM-01: "if there is no such hex, the summon ability cannot be used"
    g = _crowded_start()
    g.state.figures["beta"].hex = (1, -1)
    done, made, _ = perform_ability(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("summon", name="wolf", stats=SummonStats(3, 2, 1)),
    )
    assert (done, made) == (0, "")
    assert [e for e in g.events if e.type == "summon_failed"]


def test_a_monster_summon_goes_on_an_empty_hex_only() -> None:
    # GH-MOTH-03: "an empty hex adjacent to the summoner, as close to an enemy as
    # possible": the hexes nearer the characters hold a coin and a trap, so the summon
    # goes to the empty hex behind
    sc = scenario(
        "m",
        {"a": line(0, 5)},
        [(0, 0), (1, 0)],
        monsters=[("boss", (4, 0), "normal")],
        coins={(3, 0): 1},
    )
    boss = simple_monster("boss", health=20, move=0)
    grunt = simple_monster("grunt")
    decks = {"boss": simple_deck("boss", 50, [Ability("summon", monster="grunt")])}
    g = new_game(content([sc], monsters=[boss, grunt], decks=decks), "m")
    g.rules.draw_missing_ability_cards()
    g.state.phase = "turns"
    monster_type_turn(g.rules, g.state.monster_types["boss"])
    summoned = [f for f in g.state.figures.values() if f.monster_type == "grunt"]
    assert [f.hex for f in summoned] == [(5, 0)]


# --------------------------------------------------------------------------- range


def _thin_wall_board() -> object:
    """alpha at (0, -1), a thin wall between (0, 0) and (0, 1). (0, 1) is two hexes away
    in a straight line and in sight past the wall's end, but the shortest path that does
    not cross the wall is three hexes long."""
    sc = scenario(
        "w",
        {"a": disc((0, 0), 3)},
        [(0, -1), (-3, 0)],
        thin_walls=[((0, 0), (0, 1))],
        monsters=[("grunt", (0, 1), "normal")],
    )
    return new_game(content([sc]), "w")


def test_a_character_s_range_is_counted_around_walls() -> None:
    # GH-REF-08: range counts hexes along the shortest path that does not cross a wall or
    # a thin wall; line of sight (GH-LOS-01) is needed as well, but is not enough
    g = _thin_wall_board()
    alpha = g.state.figures["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
    assert g.rules.board.visible(alpha.hex, grunt.hex)
    assert attack_targets(g.rules, alpha, Ability("attack", 2, range=2)) == []
    assert attack_targets(g.rules, alpha, Ability("attack", 2, range=3)) == [grunt]


def test_a_heal_s_range_is_counted_around_walls() -> None:
    # GH-REF-08 with GH-HEAL-01, GH-HEAL-02: "one ally within the ability's range"
    g = _thin_wall_board()
    beta = g.state.figures["beta"]
    beta.hex = (0, 1)
    g.state.figures.pop(next(f.id for f in g.state.figures.values() if f.kind == "monster"))
    beta.hp = 1
    done, _, _ = perform_ability(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("heal", 3, range=2, affects="ally"),
    )
    assert done == 0 and beta.hp == 1


def test_retaliate_range_is_counted_around_walls() -> None:
    # GH-RET-02 ("any attacker within Y hexes") with GH-REF-08
    from questforge.engine.gloomhaven.game.attacks import retaliate_of

    g = _thin_wall_board()
    alpha = g.state.figures["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
    alpha.retaliate.append((2, 2))
    assert retaliate_of(g.rules, alpha, grunt) == 0
    alpha.retaliate.append((1, 3))
    assert retaliate_of(g.rules, alpha, grunt) == 1


# --------------------------------------------------------------------------- areas


def test_a_ranged_area_needs_any_one_hex_in_range_not_its_first() -> None:
    # GH-AOE-04: "legal as long as at least one hex of the pattern is within range". The
    # pattern has no symmetry, so the placement over the three monsters has its first
    # hex (1, 1) two hexes away; its hex (1, 0) is in range 1.
    sc = scenario(
        "p",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-3, 0)],
        monsters=[
            ("grunt", (1, -1), "normal"),
            ("grunt", (1, 1), "normal"),
            ("grunt", (2, 0), "normal"),
        ],
    )
    g = new_game(content([sc]), "p")
    policy = Policy()
    g.rules.controller = policy
    pattern = AreaPattern(((0, 0), (1, 0), (2, 0), (1, -1)), melee=False)
    perform_ability(
        g.rules,
        g.state.characters["alpha"],
        g.state.figures["alpha"],
        Ability("attack", 1, range=1, aoe=pattern),
    )
    asked = [d for d in policy.asked if d.kind == "aoe"]
    assert asked and len(asked[0].options[0]) == 3


# --------------------------------------------------------------------------- the log


def test_the_printed_attack_shows_both_cards_of_advantage_and_disadvantage() -> None:
    # GH-ADV-01, GH-ADV-03, GH-ADV-04: a referee checks that the better (worse) of the two cards was used,
    # so the printed game shows every card drawn, then the one(s) applied
    from questforge.engine.gloomhaven.game.narrator import narrate

    base = {
        "type": "attack",
        "attacker": "alpha",
        "target": "grunt-1",
        "base": 3,
        "value": 3,
        "shield": 0,
        "pierce": 0,
        "advantage": False,
    }
    worse = narrate(
        {
            **base,
            "disadvantage": True,
            "modifiers": ["plus2", "minus1"],
            "applied": ["minus1"],
            "damage": 2,
        }
    )
    assert worse is not None and "+2" in worse and "-1" in worse and "used -1" in worse
    plain = narrate(
        {**base, "disadvantage": False, "modifiers": ["plus1"], "applied": ["plus1"], "damage": 4}
    )
    assert plain is not None and "drew +1;" in plain and "used" not in plain


# --------------------------------------------------------------------------- reveals


def test_revealed_monsters_of_a_type_that_already_acted_act_at_once() -> None:
    # GH-ROOM-05: when the revealing character's turn ends, every monster type of the new
    # room with a lower initiative acts at once - "this guarantees that revealed monsters
    # act in the round they are revealed". The grunts (initiative 30) have already acted
    # in the first room when alpha (initiative 40) opens the door: the grunt behind it
    # acts right after alpha, before beta (70). GH-SPEC-02 treats a spawn the same way.
    from questforge.engine.gloomhaven.game.builders import plan

    sc = scenario(
        "r",
        {"a": [*line(0, 3), (0, 1), (1, 1)], "b": line(5, 8)},
        [(1, 0), (0, 1)],
        doors=[DoorSpec((4, 0), ("a", "b"))],
        monsters=[("grunt", (1, 1), "normal"), ("grunt", (7, 0), "normal")],
    )
    grunt = simple_monster("grunt", move=0)
    decks = {"grunt": simple_deck("grunt", 30)}
    g = new_game(content([sc], monsters=[grunt], decks=decks), "r")
    g.rules.controller = Policy(
        {
            ("plan", "alpha"): plan("alpha-4", "alpha-5"),
            ("plan", "beta"): plan("beta-7", "beta-8"),
            ("action", "alpha"): [
                {"card": "alpha-4", "half": "bottom", "default": False},
                {"card": "alpha-5", "half": "top", "default": False},
            ],
            ("move", "alpha"): [[4, 0], [4, 0]],
            ("action", "beta"): [{"card": "beta-7", "half": "bottom", "default": False}],
            ("move", "beta"): [[0, 1]],
        }
    )
    g.step_round()
    turns = [e["figure"] for e in g.events if e.type == "turn_start"]
    behind = next(
        e["figure"] for e in g.events if e.type == "monster_placed" and list(e["hex"]) == [7, 0]
    )
    assert behind in turns
    assert turns.index("alpha") < turns.index(behind) < turns.index("beta")
    assert turns.count(behind) == 1


def test_a_boss_deck_reshuffle_reads_without_a_doubled_article(sample_pack: Path) -> None:
    # GH-EOR-02 (log): "The Ash Foreman ability deck is reshuffled", not "The The ..."
    from questforge.engine.gloomhaven.game.from_model import content_from_pack
    from questforge.engine.gloomhaven.game.names import Names
    from questforge.engine.gloomhaven.game.narrator import narrate

    names = Names(content_from_pack(str(sample_pack)))
    text = narrate({"type": "ability_deck_shuffled", "deck": "boss-deck"}, names)
    assert text == "The Ash Foreman ability deck is reshuffled."
    hound = narrate({"type": "ability_deck_shuffled", "deck": "hound-deck"}, names)
    assert hound == "The Slag Hound ability deck is reshuffled."


def test_a_monster_summon_is_placed_close_to_an_enemy_counted_around_walls() -> None:
    # GH-MOTH-03 ("as close to an enemy as possible") with GH-REF-07 (proximity counts
    # around walls): (0, 1) touches the character's hex but a thin wall lies between, so
    # it is three steps away; (-1, 1) and (1, 0) are two
    sc = scenario(
        "t",
        {"a": disc((0, 0), 3)},
        [(0, 2), (-3, 0)],
        thin_walls=[((0, 1), (0, 2)), ((0, 1), (-1, 2)), ((0, 1), (1, 1))],
        monsters=[("boss", (0, 0), "normal")],
    )
    boss = simple_monster("boss", health=20, move=0)
    grunt = simple_monster("grunt")
    decks = {"boss": simple_deck("boss", 50, [Ability("summon", monster="grunt")])}
    g = new_game(content([sc], monsters=[boss, grunt], decks=decks), "t")
    g.state.figures["beta"].hex = (-3, 3)
    policy = Policy()
    g.rules.controller = policy
    g.rules.draw_missing_ability_cards()
    g.state.phase = "turns"
    monster_type_turn(g.rules, g.state.monster_types["boss"])
    summoned = [f.hex for f in g.state.figures.values() if f.monster_type == "grunt"]
    assert summoned and summoned[0] != (0, 1)
    asked = [d for d in policy.asked if d.kind == "monster_summon_hex"]
    assert [sorted(tuple(o) for o in asked[0].options)] == [[(-1, 1), (1, 0)]]


def test_a_monster_s_added_target_is_the_nearest_by_proximity_around_walls() -> None:
    # GH-EFF-06 with GH-MATK-03 / GH-REF-07: every enemy in range is reached without a
    # move, so proximity (around walls) decides before initiative. alpha (initiative 10)
    # is two hexes away in a straight line but three around the thin wall; beta
    # (initiative 20) is two.
    from questforge.engine.gloomhaven.game.monster_turn import _added_target

    sc = scenario(
        "t",
        {"a": disc((0, 0), 3)},
        [(0, 2), (2, 0)],
        thin_walls=[((0, 1), (0, 2))],
        monsters=[("grunt", (0, 0), "normal")],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", range_=3)]), "t")
    g.state.characters["alpha"].initiative = 10
    g.state.characters["beta"].initiative = 20
    grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
    assert g.rules.board.visible(grunt.hex, (0, 2))
    picked = _added_target(g.rules, grunt, 3, set())
    assert picked is not None and picked.id == "beta"


def test_short_standees_go_to_the_monsters_closest_to_the_revealer_around_walls() -> None:
    # GH-ROOM-03: with one standee left, the monster closest to the revealing character
    # is placed; (3, 0) is two hexes from the door in a straight line but four around the
    # thin walls, (4, -2) is three
    room_b = [h for h in disc((3, 0), 2) if h not in ((1, 0),)]
    sc = scenario(
        "s",
        {"a": [(0, 0), (-1, 0), (-1, 1)], "b": room_b},
        [(0, 0), (-1, 0)],
        doors=[DoorSpec((1, 0), ("a", "b"))],
        thin_walls=[((2, 0), (3, 0)), ((3, -1), (3, 0)), ((2, 1), (3, 0))],
        monsters=[("grunt", (3, 0), "normal"), ("grunt", (4, -2), "normal")],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", standees=1)]), "s")
    alpha = g.state.figures["alpha"]
    alpha.hex = (1, 0)
    g.rules.open_door((1, 0), alpha)
    placed = [f.hex for f in g.state.figures.values() if f.kind == "monster"]
    assert placed == [(4, -2)]


# --------------------------------------------------------------------------- elements


def test_no_element_is_consumed_for_an_attack_with_nothing_to_hit() -> None:
    # GH-ELEM-04, GH-ELEM-05: an element is consumed to enhance an ability being used; an attack
    # with no target in reach is not used, so the fire stays (a bot game showed "Tunnel
    # Rat consumes dark" for a Back Stab that then hit nobody)
    from questforge.engine.gloomhaven.game.spec import Consume
    from questforge.engine.gloomhaven.game.state import INERT, STRONG

    sc = scenario(
        "e", {"a": disc((0, 0), 4)}, [(0, 0), (-1, 0)], monsters=[("grunt", (4, 0), "normal")]
    )
    g = new_game(content([sc]), "e")
    policy = Policy()
    g.rules.controller = policy
    g.state.elements["fire"] = STRONG
    char, alpha = g.state.characters["alpha"], g.state.figures["alpha"]
    bonus = Ability("attack", 2, range=2, consume=(Consume(("fire",), value=2),))
    assert perform_ability(g.rules, char, alpha, bonus)[0] == 0
    assert g.state.elements["fire"] == STRONG
    assert not [d for d in policy.asked if d.kind == "consume"]
    # a consume that brings the target into range is offered (and taken here)
    reach = Ability("attack", 2, range=2, consume=(Consume(("fire",), range=2),))
    assert perform_ability(g.rules, char, alpha, reach)[0] == 1
    assert g.state.elements["fire"] == INERT


def test_an_empty_modifier_deck_is_reshuffled_in_the_log() -> None:
    # GH-AMD-09: "if a card must be drawn and the deck is empty, shuffle the discards"; the
    # log shows the reshuffle, so the cards drawn can be followed
    from questforge.engine.gloomhaven.game.attacks import draw_modifiers

    sc = scenario("m", {"a": disc((0, 0), 2)}, [(0, 0), (1, 0)])
    g = new_game(content([sc]), "m")
    deck = g.state.characters["alpha"].modifier_deck
    deck.discard.extend(deck.draw_pile)
    deck.draw_pile = []
    draw_modifiers(g.rules, "alpha", False, False, 2)
    shuffles = [e for e in g.events if e.type == "modifier_deck_shuffled"]
    assert [e["owner"] for e in shuffles] == ["alpha"]


def test_an_empty_ability_deck_is_reshuffled_in_the_log() -> None:
    # GH-MABIL-01 with the deck empty: its discards are reshuffled before the draw, shown
    sc = scenario(
        "m", {"a": disc((0, 0), 2)}, [(0, 0), (1, 0)], monsters=[("grunt", (2, 0), "normal")]
    )
    g = new_game(content([sc]), "m")
    deck = g.state.ability_decks["grunt"]
    deck.discard.extend(deck.draw_pile)
    deck.draw_pile = []
    g.rules.draw_missing_ability_cards()
    assert [e["deck"] for e in g.events if e.type == "ability_deck_shuffled"] == ["grunt"]


def test_the_board_s_order_at_the_end_of_a_round_names_the_monsters_too() -> None:
    # GH-INIT-02 (log): the printed "order" line at the end of a round lists every actor
    # of the round by initiative, monster types included (their cards are back in the
    # decks by then, GH-EOR-02)
    from questforge.engine.gloomhaven.game.textboard import initiative_order

    sc = scenario(
        "o", {"a": disc((0, 0), 3)}, [(0, 0), (1, 0)], monsters=[("grunt", (3, 0), "normal")]
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", health=30)]), "o")
    g.step_round()
    order = initiative_order(g)
    assert g.state.phase == "end-of-round"
    assert [n for n, _ in order] == ["alpha", "beta", "grunt"]
    assert [i for _, i in order] == sorted(i for _, i in order)


def test_a_treasure_s_own_sentence_is_not_given_a_second_full_stop() -> None:
    # GH-LOOT-03 (log): "opens treasure 2: You find a Lucky Nugget." (not "..")
    from questforge.engine.gloomhaven.game.narrator import narrate

    text = narrate(
        {
            "type": "treasure",
            "character": "alpha",
            "number": "2",
            "kind": "item",
            "amount": 0,
            "item": "lucky-nugget",
            "text": "You find a Lucky Nugget.",
        }
    )
    assert text is not None and text.endswith("Lucky Nugget.") and ".." not in text


def test_a_rerolled_short_rest_says_so() -> None:
    # GH-REST-03 (log): the 1 damage paid to lose a different random card is part of the
    # rest's sentence, so the damage just before it is explained
    from questforge.engine.gloomhaven.game.narrator import narrate

    base = {"type": "short_rest", "character": "alpha", "lost": "alpha-2"}
    plain = narrate({**base, "rerolled": False})
    again = narrate({**base, "rerolled": True})
    assert plain is not None and "damage" not in plain
    assert again is not None and "1 damage" in again and again.endswith("Alpha 2.")
