"""The character bots play well enough that simulated win rates mean something: they win
the small bundled scenario, keep lost cards for when they matter, short-rest rather than
lose a turn in a fight, make for the way on instead of chasing a far enemy back, and send
one character to the pressure plate that unlocks the way on."""

from __future__ import annotations

from questforge.engine.core.decisions import Decision
from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.bots import BotController, cards
from questforge.engine.gloomhaven.game import Game, Setup
from questforge.engine.gloomhaven.game import builders as b
from questforge.engine.gloomhaven.game.spec import Ability, Action, DoorSpec

#: a band three hexes wide, from q = -12 to 3, and a second room behind a door at q = 4
_HALL = b.line(-12, 3, -1) + b.line(-12, 3) + b.line(-12, 3, 1)
_BACK = b.line(5, 8, -1) + b.line(5, 8) + b.line(5, 8, 1)


def _game(monsters, start, doors, rooms, plates=None, seed=1):
    scenario = b.scenario(
        "t", rooms, list(start), monsters=monsters, doors=list(doors), pressure_plates=plates
    )
    content = b.content(
        [scenario],
        classes=[b.simple_class("alpha", health=10), b.simple_class("beta", health=10)],
        monsters=[b.simple_monster("grunt", health=3, move=1, attack=1)],
    )
    bot = BotController(seed)
    game = Game(content, Setup("t", ("alpha", "beta")), seed=seed, controller=bot)
    bot.attach(game)
    return game, bot


def _moves_in_first_turn(game, who: str) -> list:
    events: list = []
    while not game.finished and not any(
        e.type == "turn_end" and e["figure"] == who for e in events
    ):
        events += game.step_turn()
    return [e for e in events if e.type == "move" and e["figure"] == who]


def test_wins_the_small_scenario_at_two_characters() -> None:
    # measured: 19 of these 20 seeds won (18 before this round of bot work); the margin
    # absorbs changes in the engine's use of randomness that do not make the bots weaker
    source = simulation.resolve_scenario("collapsed-adit")
    content = simulation.load_content(source)
    party = simulation.party_for(content, 2, None)
    wins = 0
    for seed in range(20):
        game = simulation.new_bot_game(content, "collapsed-adit", party, 1, seed)
        simulation.run_capped(game, simulation.DEFAULT_ROUND_CAP)
        wins += game.result.outcome == "won"
    assert wins >= 16, wins


def test_wins_the_largest_scenario_at_two_characters() -> None:
    # measured: 9 of these 12 seeds won; the bots of before won 2 (they attacked only when
    # already in reach, chased spawns back instead of opening the way on, and lost cards
    # freely). Below 6 the bots have clearly regressed.
    source = simulation.resolve_scenario("flooded-workings")
    content = simulation.load_content(source)
    party = simulation.party_for(content, 2, None)
    wins = 0
    for seed in range(12):
        game = simulation.new_bot_game(content, "flooded-workings", party, 1, seed)
        simulation.run_capped(game, simulation.DEFAULT_ROUND_CAP)
        wins += game.result.outcome == "won"
    assert wins >= 6, wins


def test_a_top_attack_counts_the_move_of_the_bottom_played_first() -> None:
    # GH-TURN-01: one top and one bottom, in either order; an enemy three steps away is in
    # reach of "Attack 3" after the other card's "Move 3", not of "Attack 3" alone
    s = cards.Situation(3, None, 10, 10, hand=8, discard=0, lost=0)
    strike = b.simple_card("strike", 10, [Ability("attack", 3)], [Ability("move", 1)])
    dash = b.simple_card("dash", 20, [Ability("shield", 1)], [Ability("move", 3)])
    assert cards.bottom_move(dash, s) == 3
    assert cards.half_value(strike, "top", s, 3) > cards.half_value(strike, "top", s, 0)
    # so the pair is worth the attack: more than both halves valued standing still
    still = cards.half_value(strike, "top", s) + cards.half_value(dash, "bottom", s)
    assert cards.pair_value(strike, dash, s) > still + 3


def test_same_seed_same_bot_game() -> None:
    source = simulation.resolve_scenario("flooded-workings")
    content = simulation.load_content(source)
    party = simulation.party_for(content, 3, None)

    def play() -> list:
        game = simulation.new_bot_game(content, "flooded-workings", party, 1, 5)
        simulation.run_capped(game, simulation.DEFAULT_ROUND_CAP)
        return [e.to_json() for e in game.events]

    assert play() == play()


def test_a_lost_card_must_be_worth_much_more_than_a_kept_one() -> None:
    # GH-SEL-07: a lost action's card is gone for the scenario; with cards to spare the bot
    # prefers Attack 3 it keeps over Attack 4 it loses, and plays the big one near the end
    s = cards.Situation(0, None, 10, 10, hand=8, discard=0, lost=0)
    kept = Action((Ability("attack", 3),))
    lost = Action((Ability("attack", 4),), lost=True)
    assert cards.action_value(kept, s) > cards.action_value(lost, s)
    near_end = cards.Situation(0, None, 10, 10, hand=2, discard=1, lost=6)
    assert cards.action_value(lost, near_end) > cards.action_value(lost, s)


def _short_rest_decision() -> Decision:
    return Decision("short_rest", "alpha", ("skip", "rest"))


def test_short_rests_in_a_fight_even_when_hurt() -> None:
    game, bot = _game(
        [("grunt", (1, 0), "normal")], start=((0, 0), (-2, 0)), doors=(), rooms={"a": _HALL}
    )
    game.step_turn()
    char = game.state.characters["alpha"]
    every = sorted(char.hand + char.selected + char.discard)
    char.hand, char.selected, char.discard = [every[0]], [], every[1:]
    fig = game.state.figures["alpha"]
    fig.hp = fig.max_hp - 3
    fig.hex = (0, 0)
    # GH-REST-02: a short rest costs no turn; a long rest (GH-REST-04) would give the grunt
    # next to it a free round for 2 HP (GH-REST-06): in a fight the bot rests short
    assert _short_rest_decision().options[bot.choose(_short_rest_decision())] == "rest"
    # badly hurt (half its HP or less), the heal of a long rest is worth the lost turn
    fig.hp = fig.max_hp // 2
    bot._situations.clear()
    assert _short_rest_decision().options[bot.choose(_short_rest_decision())] == "skip"


def test_long_rests_when_hurt_and_out_of_reach() -> None:
    game, bot = _game(
        [("grunt", (-12, 0), "normal")], start=((2, 0), (3, 0)), doors=(), rooms={"a": _HALL}
    )
    game.step_turn()
    char = game.state.characters["alpha"]
    every = sorted(char.hand + char.selected + char.discard)
    char.hand, char.selected, char.discard = [every[0]], [], every[1:]
    fig = game.state.figures["alpha"]
    fig.hp = fig.max_hp - 5
    fig.hex = (3, 0)
    # GH-REST-06: hurt and no enemy near: skip the short rest, long rest next round to heal
    assert _short_rest_decision().options[bot.choose(_short_rest_decision())] == "skip"


def test_makes_for_a_near_door_rather_than_back_to_a_far_enemy() -> None:
    door = DoorSpec((4, 0), ("a", "b"))
    game, _ = _game(
        [("grunt", (-12, 0), "normal"), ("grunt", (7, 0), "normal")],
        start=((2, 0), (1, 0)),
        doors=[door],
        rooms={"a": _HALL, "b": _BACK},
    )
    moves = _moves_in_first_turn(game, "alpha")
    assert moves, "the bot stood still"
    # GH-DOOR-01: the door two steps on opens the way; the grunt is 14 steps back
    assert moves[-1]["end"][0] > 2, moves


def test_one_character_goes_to_the_plate_that_unlocks_the_way_on() -> None:
    door = DoorSpec((4, 0), ("a", "b"), locked=True)
    game, _ = _game(
        [("grunt", (-12, 0), "normal"), ("grunt", (7, 0), "normal")],
        start=((1, 0), (-6, 0)),
        doors=[door],
        rooms={"a": _HALL, "b": _BACK},
        plates={(3, 0): "plate"},
    )
    game.step_turn()  # setup: the bots pick their start hexes
    runner = min(("alpha", "beta"), key=lambda c: 3 - game.state.figures[c].hex[0])
    start = game.state.figures[runner].hex
    moves = _moves_in_first_turn(game, runner)
    # GH-SPEC-03, GH-SPEC-04: the locked door opens only from the plate; the character nearest to it
    # walks there although an enemy is in sight (without the errand it would walk toward
    # the grunt at q = -12)
    assert moves and moves[-1]["end"][0] > start[0], moves
