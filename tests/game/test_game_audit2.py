"""Second referee audit of the Gloomhaven engine: each test cites the rule it checks and
failed before the fix it comes with (or pins a ruling written in docs/engine.md)."""

from __future__ import annotations

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
from questforge.engine.gloomhaven.game.spec import Ability, AbilityCard, Action


def _arena(classes: list | None = None, monsters: list | None = None, **kw: object) -> object:
    sc = scenario(
        "b",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-3, 0)],
        monsters=monsters if monsters is not None else [("grunt", (3, 0), "normal")],
        **kw,
    )  # type: ignore[arg-type]
    return content(
        [sc],
        classes=classes or [simple_class("alpha"), simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
        decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
    )


def test_a_round_bonus_card_is_discarded_before_the_short_rest() -> None:
    # GH-BONUS-07, GH-BONUS-08, GH-EOR-04, GH-REST-01, GH-REST-02: the round ends when
    # every figure has acted and the round-bonus card then goes to the discard pile (it
    # already counted as discarded); the cleanup's short rest comes after, so that card
    # is one of the (two) discards the rest needs and may lose.
    guard = AbilityCard(
        "alpha-1",
        "guard",
        1,
        10,
        Action((Ability("shield", 1),), round=True),
        Action((Ability("move", 1),)),
    )
    cls = simple_class(
        "alpha", cards=[guard] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [
                {"card": "alpha-1", "half": "top", "default": False},
                {"card": "alpha-2", "half": "bottom", "default": False},
            ],
            ("short_rest", "alpha"): "rest",
        }
    )
    g = new_game(_arena(classes=[cls, simple_class("beta")]), "b", controller=pol)
    g.step_round()
    alpha = g.state.characters["alpha"]
    rest = [e for e in g.events if e.type == "short_rest" and e["character"] == "alpha"]
    assert len(rest) == 1, "two discards (one a round-bonus card): the short rest is allowed"
    assert rest[0]["lost"] in ("alpha-1", "alpha-2")
    assert alpha.lost == [rest[0]["lost"]] and alpha.discard == [] and not alpha.active
    assert len(alpha.hand) == 7


def _corridor(monsters: list) -> tuple:
    """A corridor (0,0)..(5,0) plus two start hexes off its west end; alpha at (0,0)."""
    from questforge.engine.gloomhaven.game.builders import line

    sc = scenario("p", {"a": [*line(0, 5), (0, 1), (-1, 1)]}, [(0, 0), (-1, 1)], monsters=monsters)
    g = new_game(content([sc], monsters=[simple_monster("grunt", health=20, move=0)]), "p")
    grunts = sorted(
        (f for f in g.state.figures.values() if f.side == "monsters"), key=lambda f: f.hex
    )
    return g, g.state.figures["alpha"], grunts


def test_a_push_passes_through_the_targets_allies_but_never_ends_on_them() -> None:
    # GH-EFF-03, GH-MOVE-02, GH-MOVE-04: forced movement is movement: the target may pass
    # through its own allies (here another monster) but may not end in an occupied hex
    from questforge.engine.gloomhaven.game.attacks import forced_move

    g, alpha, (near, far) = _corridor([("grunt", (1, 0), "normal"), ("grunt", (2, 0), "normal")])
    forced_move(g.rules, alpha, near, 2, away=True, chooser="alpha")
    assert near.hex == (3, 0) and far.hex == (2, 0)
    # push 1: the only hex farther away is taken by its ally - the push cannot end there
    g, alpha, (near, far) = _corridor([("grunt", (1, 0), "normal"), ("grunt", (2, 0), "normal")])
    forced_move(g.rules, alpha, near, 1, away=True, chooser="alpha")
    assert near.hex == (1, 0)


def test_a_pull_passes_through_the_targets_allies_not_through_its_enemies() -> None:
    # GH-EFF-04, GH-MOVE-02: a pulled monster passes its fellow monster...
    from questforge.engine.gloomhaven.game.attacks import forced_move

    g, alpha, (near, far) = _corridor([("grunt", (2, 0), "normal"), ("grunt", (3, 0), "normal")])
    forced_move(g.rules, alpha, far, 2, away=False, chooser="alpha")
    assert far.hex == (1, 0) and near.hex == (2, 0)
    # ...but not a character (an enemy of it): beta stands between
    g, alpha, (grunt,) = _corridor([("grunt", (3, 0), "normal")])
    g.state.figures["beta"].hex = (2, 0)
    forced_move(g.rules, alpha, grunt, 2, away=False, chooser="alpha")
    assert grunt.hex == (3, 0)


def test_a_curse_or_bless_on_a_summon_goes_into_its_summoners_deck() -> None:
    # GH-COND-10, GH-COND-13, GH-AMD-02, GH-SUMM-06: a summon attacks with its summoner's
    # modifier deck, so a curse (bless) on it is shuffled into that deck, and the summon's
    # own attacks draw it
    from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack
    from questforge.engine.gloomhaven.game.builders import stack
    from questforge.engine.gloomhaven.game.character_turn import perform_ability
    from questforge.engine.gloomhaven.game.spec import SummonStats

    g = new_game(_arena(), "b")
    g.rules.controller = Policy({"summon_hex": [[1, 0]]})
    alpha = g.state.characters["alpha"]
    perform_ability(
        g.rules,
        alpha,
        g.state.figures["alpha"],
        Ability("summon", name="wolf", stats=SummonStats(3, 2, 1)),
    )
    wolf = next(f for f in g.state.figures.values() if f.kind == "summon")
    grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
    monsters_before = g.state.monster_modifier_deck.count("curse")
    assert g.rules.apply_condition(wolf, "curse", grunt.id)
    assert g.rules.apply_condition(wolf, "bless", "alpha")
    assert alpha.modifier_deck.count("curse") == 1 and alpha.modifier_deck.count("bless") == 1
    assert g.state.monster_modifier_deck.count("curse") == monsters_before
    stack(alpha.modifier_deck, ["curse"])
    grunt.hex = (2, 0)
    hp = grunt.hp
    resolve_attack(g.rules, wolf, grunt, AttackParams(value=3, ranged=False))
    attack = [e for e in g.events if e.type == "attack"][-1]
    assert attack["applied"] == ["curse"] and attack["damage"] == 0 and grunt.hp == hp
    assert alpha.modifier_deck.count("curse") == 0  # GH-AMD-07: removed once drawn


def test_a_curse_on_a_scenario_ally_goes_into_the_monster_deck() -> None:
    # GH-COND-10, GH-SPEC-06, GH-AMD-02: a scenario ally (a numbered token, not a summon)
    # has no modifier deck of its own; it attacks with the monster deck, so a curse on it
    # goes there (the published first edition's rule; a later edition's separate ally deck
    # is not this game's) and is drawn by whoever draws from that deck next
    from dataclasses import replace

    from questforge.engine.gloomhaven.game.spec import AllySpec

    sc = scenario(
        "al", {"a": disc((0, 0), 3)}, [(-3, 0), (-3, 1)], monsters=[("grunt", (3, 0), "normal")]
    )
    sc = replace(sc, allies=(AllySpec("guide", "Guide", (1, 0), "a", "4", 2, 2, 30),))
    c = content(
        [sc],
        monsters=[simple_monster("grunt", health=8, move=2, attack=3)],
        decks={"grunt": simple_deck("grunt", 60, [Ability("move", 0), Ability("attack", 0)])},
    )
    g = new_game(c, "al", level=1)
    guide = g.state.figures["guide"]
    assert guide.kind == "ally"
    before = g.state.monster_modifier_deck.count("curse")
    assert g.rules.apply_condition(guide, "curse", "grunt")
    assert g.state.monster_modifier_deck.count("curse") == before + 1
    assert all(ch.modifier_deck.count("curse") == 0 for ch in g.state.characters.values())


def test_a_jump_across_a_closed_door_opens_it_and_goes_on_as_a_jump() -> None:
    # GH-ROOM-01, GH-MOVE-05, GH-DOOR-02: a jump still passes hex by hex; a character
    # entering a closed door hex during any movement opens it and reveals the room at once
    # (the door is not terrain that a jump ignores), and the move goes on from the door
    # with the points left, still a jump
    from questforge.engine.gloomhaven.game.character_turn import character_move
    from questforge.engine.gloomhaven.game.spec import DoorSpec

    room_a = [(0, 0), (0, -1), (1, -2), (2, -2), (2, -1), (-1, 0), (-1, 1)]
    sc = scenario(
        "d",
        {"a": room_a, "b": [(2, 0), (3, 0)]},
        [(0, 0), (-1, 1)],
        doors=[DoorSpec((1, 0), ("a", "b"))],
        monsters=[("grunt", (3, 0), "normal")],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "d")
    pol = Policy({"move": [[1, 0], [2, 0]]})
    g.rules.controller = pol
    alpha = g.state.figures["alpha"]
    character_move(g.rules, g.state.characters["alpha"], alpha, Ability("move", 3, jump=True))
    assert (1, 0) in g.state.open_doors and "b" in g.state.revealed_rooms
    moves = [d.context for d in pol.asked if d.kind == "move"]
    assert [m["points"] for m in moves] == [3, 2] and all(m["jump"] for m in moves)
    first = next(d for d in pol.asked if d.kind == "move")
    assert [2, -1] not in first.options  # no jumping past the door without opening it
    assert alpha.hex == (2, 0)


def _perk_game(sample_pack: object, perks: dict, **kw: object) -> object:
    from questforge.engine.gloomhaven.game.from_model import content_from_pack
    from questforge.engine.gloomhaven.game.game import Game
    from questforge.engine.gloomhaven.game.setup import Setup

    c = content_from_pack(str(sample_pack))
    setup = Setup("flooded-workings", ("lampwright", "ore-singer"), level=0, perks=perks, **kw)
    return Game(c, setup, seed=5)


def _deck_ids(deck: object) -> list[str]:
    return sorted([*deck.draw_pile, *deck.discard])  # type: ignore[attr-defined]


def test_perks_edit_the_characters_modifier_deck(sample_pack: object) -> None:
    # GH-LVL-03, GH-LVL-04, GH-AMD-11: each marked perk removes its cards and adds the
    # class's own (its class icon): Lampwright perk 1 removes two -1, perk 4 (taken twice)
    # adds a "+1 fire" each time; the other character's deck is the standard one
    g = _perk_game(sample_pack, {"lampwright": (0, 3, 3)}, character_levels=(3, 1))
    ids = _deck_ids(g.state.characters["lampwright"].modifier_deck)
    assert len(ids) == 20
    assert ids.count("minus1") == 3 and ids.count("lampwright-plus1-fire") == 2
    assert _deck_ids(g.state.characters["ore-singer"].modifier_deck).count("minus1") == 5
    assert g.to_log()["setup"]["perks"] == {"lampwright": [0, 3, 3]}


def test_perk_cards_stay_in_the_deck_after_the_scenario(sample_pack: object) -> None:
    # GH-AMD-11 vs GH-AMD-12 / GH-END-08: a perk's class cards are the character's own and
    # stay; only bless/curse and scenario/item cards leave the deck at the end
    g = _perk_game(sample_pack, {"lampwright": (3,)}, items={"lampwright": ("rope-and-spikes",)})
    ch = g.state.characters["lampwright"]
    item_cards = [c.id for c in g.content.items["rope-and-spikes"].modifier_cards]
    assert item_cards and all(c in _deck_ids(ch.modifier_deck) for c in item_cards)
    g.run(Policy())
    g.cleanup()
    ids = _deck_ids(ch.modifier_deck)
    assert ids.count("lampwright-plus1-fire") == 1
    assert not any(c in ids for c in item_cards)


def test_perks_that_cannot_be_taken_are_refused(sample_pack: object) -> None:
    # GH-LVL-03 (one perk a level), GH-PERK-03 (six from battle goals), a perk's boxes,
    # and the cards a perk removes must be in the deck
    import pytest

    from questforge.engine.gloomhaven.game.setup import SetupError

    with pytest.raises(SetupError, match="taken 2 times"):
        _perk_game(sample_pack, {"lampwright": (0, 0)}, character_levels=(3, 1))
    with pytest.raises(SetupError, match="at most 6"):
        _perk_game(sample_pack, {"lampwright": (0, 1, 2, 2, 3, 3, 4)})
    with pytest.raises(SetupError, match="no perk 9"):
        _perk_game(sample_pack, {"lampwright": (8,)})
    from dataclasses import replace

    from questforge.engine.gloomhaven.game.setup import perk_deck
    from questforge.engine.gloomhaven.game.spec import PerkSpec

    g = _perk_game(sample_pack, {})
    cls = g.content.classes["lampwright"]
    greedy = replace(cls, perks=(PerkSpec("Remove seven +0 cards", 1, (("plus0", 7),)),))
    with pytest.raises(SetupError, match="no longer holds"):
        perk_deck(greedy, (0,), 1)  # the standard deck has six +0


def test_the_perks_option_names_perks_from_one(sample_pack: object) -> None:
    # GH-LVL-03: the command line's --perks CLASS=N,N (numbers as printed, from 1)
    import pytest

    from questforge.engine.core.game import SetupError
    from questforge.engine.gloomhaven.game.from_model import content_from_pack
    from questforge.engine.gloomhaven.game.party import setup_from_options

    c = content_from_pack(str(sample_pack))
    opts = {"players": 2, "level": 0, "classes": "lampwright,ore-singer"}
    setup = setup_from_options(c, "flooded-workings", {**opts, "perks": "lampwright=1,4,4"})
    assert setup.perks == {"lampwright": (0, 3, 3)}
    with pytest.raises(SetupError, match="start at 1"):
        setup_from_options(c, "flooded-workings", {**opts, "perks": "lampwright=0"})
    with pytest.raises(SetupError, match="perk numbers"):
        setup_from_options(c, "flooded-workings", {**opts, "perks": "lampwright=two"})


def test_xp_keeps_counting_past_ten() -> None:
    # GH-XP-05: the mat's track resets at 10 and a "10 XP" token is taken: the XP held is
    # the tokens plus the track, so the engine's running total never resets
    g = new_game(_arena(), "b")
    alpha = g.state.characters["alpha"]
    g.rules.gain_xp(alpha, 7, "test")
    g.rules.gain_xp(alpha, 6, "test")
    totals = [e["total"] for e in g.events if e.type == "xp"]
    assert totals == [7, 13] and alpha.xp == 13


def test_the_log_says_why_an_ability_did_nothing() -> None:
    # GH-TURN-03 (a player may leave an ability unused), GH-XP-02 (an ability with nothing
    # to act on is not performed), GH-COND-05: the log tells a referee which it was
    from questforge.engine.gloomhaven.game.character_turn import perform_ability

    g = new_game(_arena(), "b")
    alpha, fig = g.state.characters["alpha"], g.state.figures["alpha"]
    g.state.figures["beta"].hex = (-3, 0)  # out of range 1
    g.rules.controller = Policy({"move": [[0, 0]]})
    perform_ability(g.rules, alpha, fig, Ability("shield", 1, affects="ally", range=1))
    perform_ability(g.rules, alpha, fig, Ability("move", 2))
    fig.conditions["immobilize"] = False
    perform_ability(g.rules, alpha, fig, Ability("move", 2))
    said = [(e["ability"], e["reason"]) for e in g.events if e.type == "ability_unused"]
    assert said == [("shield", "out-of-reach"), ("move", "not-used"), ("move", "immobilized")]


def test_an_item_used_instead_of_an_attack_replaces_it(sample_pack: object) -> None:
    # GH-TURN-07, GH-ITEM-12, GH-ITEM-06: the sample Sling reads "Instead of your attack:
    # Attack 2, Range 3" - it replaces an attack being performed (here a melee Attack 1,
    # so a monster three hexes away can be hit), it is no extra attack at the start of
    # the turn, and it is spent
    from questforge.engine.gloomhaven.game.character_turn import character_attack
    from questforge.engine.gloomhaven.game.from_model import content_from_pack

    c = content_from_pack(str(sample_pack))
    assert c.items["sling"].timing == "instead-of-attack"
    sc = scenario(
        "s", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (3, 0), "normal")]
    )
    from dataclasses import replace

    base = _arena()
    game_content = replace(
        base,
        scenarios={"s": sc},
        items={"sling": c.items["sling"]},
    )
    g = new_game(game_content, "s", items={"alpha": ("sling",)})
    pol = Policy({"use_item": "sling", "attack_target": lambda d: 0})
    g.rules.controller = pol
    alpha = g.state.characters["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
    done = character_attack(g.rules, alpha, g.state.figures["alpha"], Ability("attack", 1))
    attack = [e for e in g.events if e.type == "attack"]
    assert done == 1 and len(attack) == 1 and attack[0]["target"] == grunt.id
    assert attack[0]["base"] == 2 and alpha.items["sling"] == "spent"
    asked = [d for d in pol.asked if d.kind == "use_item"]
    assert asked[0].context["when"] == "instead-of-attack"


def test_a_monster_without_a_focus_is_narrated_as_such() -> None:
    # GH-FOCUS-06: a focus event without a focus (no enemy can be attacked from any hex
    # the monster can reach) reads as "has no focus", with the solver's reason
    from questforge.engine.core.events import make_event
    from questforge.engine.gloomhaven.game.narrator import narrate

    reason = "No enemy can be attacked from any hex the monster can reach."
    e = make_event(
        "focus",
        figure="grunt-1",
        focus=None,
        destination=[3, 5],
        attacks=[],
        options=1,
        reason=reason,
        rules=["GH-FOCUS-06"],
    )
    text = narrate(e, None) or ""
    assert "None" not in text and "has no focus" in text and reason in text


def test_a_focus_tie_on_initiative_goes_to_the_character_acting_first() -> None:
    # GH-FOCUS-03 with GH-INIT-04: two equally close characters lead with the same
    # initiative; their other cards set who acts first, and so who has the lower
    # initiative for the monster's focus - no players' decision is needed
    sc = scenario(
        "t", {"a": disc((0, 0), 3)}, [(2, 0), (-2, 0)], monsters=[("grunt", (0, 0), "normal")]
    )
    c = content(
        [sc],
        monsters=[simple_monster("grunt", health=30, move=1, attack=1)],
        decks={"grunt": simple_deck("grunt", 5, [Ability("move", 0), Ability("attack", 0)])},
    )
    for beta_other, first in (("beta-2", "beta"), ("beta-4", "alpha")):
        pol = Policy(
            {
                ("plan", "alpha"): plan("alpha-1", "alpha-3"),
                ("plan", "beta"): plan("beta-1", beta_other),
            }
        )
        g = new_game(c, "t", controller=pol)
        g.step_round()
        focus = next(e for e in g.events if e.type == "focus")
        assert tuple(focus["focus"]) == g.state.figures[first].hex or focus["focus"] == list(
            g.state.figures[first].hex
        )
        assert not [d for d in pol.asked if d.kind == "monster_option"]


def test_an_unrecoverable_card_is_barred_only_once_lost() -> None:
    # GH-RECOV-02: a card with the unrecoverable symbol can never be recovered *once
    # lost*; discarded (its other half used) it may come back with a "recover discarded"
    # ability, as it would with a rest - and from the lost pile it still may not
    from questforge.engine.gloomhaven.game.character_turn import perform_ability

    nova = AbilityCard(
        "alpha-1",
        "nova",
        1,
        10,
        Action((Ability("attack", 5),), lost=True, unrecoverable=True),
        Action((Ability("move", 2),)),
    )
    cls = simple_class(
        "alpha", cards=[nova] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    g = new_game(_arena(classes=[cls, simple_class("beta")]), "b")
    ch = g.state.characters["alpha"]
    ch.hand.remove("alpha-1")
    ch.discard.append("alpha-1")
    pol = Policy({"recover": "alpha-1"})
    g.rules.controller = pol
    fig = g.state.figures["alpha"]
    perform_ability(g.rules, ch, fig, Ability("recover", count=1, pile="discard"))
    assert "alpha-1" in ch.hand and "alpha-1" not in ch.discard
    ch.hand.remove("alpha-1")
    ch.lost.append("alpha-1")
    g.rules.controller = Policy()
    perform_ability(g.rules, ch, fig, Ability("recover", count=1, pile="lost"))
    assert "alpha-1" in ch.lost


def test_the_player_chooses_which_item_a_refresh_brings_back(sample_pack: object) -> None:
    # GH-RECOV-03, GH-RECOV-04: "refresh one consumed item" - the player picks which
    from dataclasses import replace

    from questforge.engine.gloomhaven.game.character_turn import perform_ability
    from questforge.engine.gloomhaven.game.from_model import content_from_pack

    items = content_from_pack(str(sample_pack)).items
    c = replace(_arena(), items={k: items[k] for k in ("ember-flask", "tonic")})
    g = new_game(c, "b", items={"alpha": ("ember-flask", "tonic")}, character_levels=(3, 1))
    ch = g.state.characters["alpha"]
    ch.items = {"ember-flask": "consumed", "tonic": "consumed"}
    pol = Policy({"refresh_item": "tonic"})
    g.rules.controller = pol
    done = perform_ability(
        g.rules, ch, g.state.figures["alpha"], Ability("refresh", items="consumed", count=1)
    )
    assert done[0] == 1
    assert ch.items == {"ember-flask": "consumed", "tonic": "ready"}
    assert [d.options for d in pol.asked if d.kind == "refresh_item"] == [
        ("ember-flask", "tonic")
    ] or [list(d.options) for d in pol.asked if d.kind == "refresh_item"] == [
        ["ember-flask", "tonic"]
    ]


def test_summons_wear_tokens_of_different_colours() -> None:
    # GH-SUMM-02: coloured summon tokens tell several summons apart (the player assigns
    # any colour; the engine takes the first one free) - also in the log's names
    from questforge.engine.gloomhaven.game.character_turn import perform_ability
    from questforge.engine.gloomhaven.game.names import Names
    from questforge.engine.gloomhaven.game.spec import SummonStats

    g = new_game(_arena(), "b")
    alpha, fig = g.state.characters["alpha"], g.state.figures["alpha"]
    wolf = Ability("summon", name="wolf", stats=SummonStats(3, 2, 1))
    perform_ability(g.rules, alpha, fig, wolf)
    perform_ability(g.rules, alpha, fig, wolf)
    summons = sorted(
        (f for f in g.state.figures.values() if f.kind == "summon"), key=lambda f: f.summon_order
    )
    assert [s.token for s in summons] == ["red", "blue"]
    said = [e for e in g.events if e.type == "summoned"]
    assert [e["token"] for e in said] == ["red", "blue"]
    names = Names(g.content)
    for e in g.events:
        names.learn(e)
    assert names.figure(summons[0].id) == "wolf (red)" != names.figure(summons[1].id)
    g.rules.remove_summon(summons[0], "test")
    perform_ability(g.rules, alpha, fig, wolf)
    assert [e["token"] for e in g.events if e.type == "summoned"][-1] == "red"
