"""The heuristic bot plays sensibly: attacks what it can reach, walks toward enemies or the
way on, rests before exhaustion, negates only lethal damage, and lets a seed decide the
monsters' open choices."""

from __future__ import annotations

from collections import Counter

import sim_scenarios

from questforge.engine.core.decisions import Decision, FirstOptionController
from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.bots import BotController, cards
from questforge.engine.gloomhaven.game import Game, Setup
from questforge.engine.gloomhaven.game import builders as b
from questforge.engine.gloomhaven.game.spec import Ability, DoorSpec


def _game(monsters, start=((0, 0), (-2, 0)), doors=(), rooms=None, seed=1):
    # a band three hexes wide (line of sight in a one-hex corridor is a separate question)
    rooms = rooms or {"a": b.line(-4, 6, -1) + b.line(-3, 6) + b.line(-4, 5, 1)}
    scenario = b.scenario("t", rooms, list(start), monsters=monsters, doors=list(doors))
    content = b.content(
        [scenario],
        classes=[
            b.simple_class("alpha", health=10),
            b.simple_class(
                "beta",
                health=10,
                cards=[
                    b.simple_card(f"beta-{i}", 10 * i, [Ability("attack", 2, range=4)])
                    for i in range(1, 9)
                ],
            ),
        ],
        monsters=[b.simple_monster("grunt", health=3, move=2, attack=1)],
    )
    bot = BotController(seed)
    game = Game(content, Setup("t", ("alpha", "beta")), seed=seed, controller=bot)
    bot.attach(game)
    return game, bot


def _first_turn_events(game):
    events = []
    while not game.finished and not any(
        e.type == "turn_end" and e["figure"] == "alpha" for e in events
    ):
        events += game.step_turn()
    return events


def test_attacks_an_adjacent_enemy() -> None:
    # GH-ATK-03: a melee attack reaches an adjacent enemy; the bot takes it
    game, _ = _game([("grunt", (1, 0), "normal")])
    events = _first_turn_events(game)
    attacks = [e for e in events if e.type == "attack" and e["attacker"] == "alpha"]
    assert attacks and attacks[0]["target"].startswith("grunt")


def test_moves_toward_a_distant_enemy_then_attacks() -> None:
    game, _ = _game([("grunt", (5, 0), "normal")], start=((0, 0), (-3, 0)))
    events = _first_turn_events(game)
    moves = [e for e in events if e.type == "move" and e["figure"] == "alpha"]
    assert moves, "the bot did not move toward the enemy"
    end = tuple(moves[-1]["end"])
    assert abs(5 - end[0]) < 5  # closer than it started (GH-MOVE-01)


def test_walks_to_the_door_when_no_enemy_is_in_sight() -> None:
    rooms = {
        "a": b.line(-3, 3, -1) + b.line(-3, 3) + b.line(-3, 3, 1),
        "b": b.line(5, 8, -1) + b.line(5, 8) + b.line(5, 8, 1),
    }
    door = DoorSpec((4, 0), ("a", "b"))
    game, _ = _game(
        [("grunt", (7, 0), "normal")], start=((0, 0), (-1, 0)), doors=[door], rooms=rooms
    )
    events = _first_turn_events(game)
    moves = [e for e in events if e.type == "move" and e["figure"] == "alpha"]
    assert moves and moves[0]["end"][0] > 0  # heading for the door at q = 4 (GH-DOOR-01)


def _plan_decision(game, actor):
    char = game.state.characters[actor]
    options = [{"cards": [a, c]} for a in sorted(char.hand) for c in sorted(char.hand) if a != c]
    if len(char.discard) >= 2:
        options.append({"long_rest": True})
    return Decision("plan", actor, tuple(options))


def test_rests_before_it_runs_out_of_cards() -> None:
    game, bot = _game([("grunt", (5, 0), "normal")])
    game.step_turn()  # setup and the first card selection
    char = game.state.characters["alpha"]
    every = sorted(char.hand + char.selected + char.discard)
    char.hand, char.selected, char.discard = [every[0]], [], every[1:]
    # GH-SEL-04: with one card in hand only a long rest is possible; the bot takes it
    decision = _plan_decision(game, "alpha")
    assert decision.options[bot.choose(decision)] == {"long_rest": True}
    # with a full hand it plays cards
    char.hand, char.discard = every, []
    decision = _plan_decision(game, "alpha")
    assert "cards" in decision.options[bot.choose(decision)]


def test_should_long_rest_policy() -> None:
    def s(hand: int, discard: int, hp: int = 10, steps: int | None = 5) -> cards.Situation:
        return cards.Situation(steps, None, hp, 10, hand, discard, 0)

    assert cards.should_long_rest(s(1, 5))  # must rest (GH-SEL-04)
    assert not cards.should_long_rest(s(1, 1))  # cannot rest (GH-REST-01)
    assert not cards.should_long_rest(s(6, 4))  # plenty of cards: keep playing
    assert cards.should_long_rest(s(3, 5, hp=5, steps=None))  # hurt and quiet: heal 2 (GH-REST-06)
    assert not cards.should_long_rest(s(3, 5, hp=5, steps=0))  # not while in melee


def _negate_decision(game, amount: int, hp: int) -> Decision:
    char = game.state.characters["alpha"]
    options: list = [{"negate": None}]
    options += [{"negate": "hand", "cards": [c]} for c in sorted(char.hand)]
    return Decision("negate_damage", "alpha", tuple(options), {"amount": amount, "hp": hp})


def test_negates_damage_only_when_it_would_exhaust() -> None:
    game, bot = _game([("grunt", (5, 0), "normal")])
    game.step_turn()
    # GH-DMG-01..03: suffer survivable damage, lose a card rather than be exhausted
    assert bot.choose(_negate_decision(game, amount=3, hp=10)) == 0
    choice = _negate_decision(game, amount=10, hp=10)
    assert choice.options[bot.choose(choice)]["negate"] == "hand"


def test_attack_target_prefers_an_enemy_it_can_kill() -> None:
    game, bot = _game(
        [("grunt", (1, 0), "normal"), ("grunt", (-1, 0), "elite")], start=((0, 0), (3, 0))
    )
    game.step_turn()
    figures = sorted(f for f in game.state.figures if f.startswith("grunt"))
    weak = next(f for f in figures if not game.state.figures[f].elite)
    strong = next(f for f in figures if game.state.figures[f].elite)
    game.state.figures[weak].hp = 2
    decision = Decision("attack_target", "alpha", (strong, weak, "done"), {"value": 3})
    assert decision.options[bot.choose(decision)] == weak


def test_monster_choices_are_seeded() -> None:
    # GH-AMBIG-01: the players decide; the bot's seeded pick stands in for them
    decision = Decision(
        "monster_option", "monsters", tuple({"destination": [i, 0]} for i in range(6))
    )
    game, _ = _game([("grunt", (5, 0), "normal")])

    def picks(seed: int) -> list[int]:
        bot = BotController(seed).attach(game)
        return [bot.choose(decision) for _ in range(30)]

    assert picks(3) == picks(3)
    assert picks(3) != picks(4)
    assert len(set(picks(3))) > 1


def test_bots_beat_the_first_option_player() -> None:
    content = sim_scenarios.open_field()
    outcomes: dict[str, Counter[str]] = {"bot": Counter(), "first": Counter()}
    for seed in range(12):
        game = simulation.new_bot_game(
            content, "open-field", ("brute", "archer", "mender"), 1, seed
        )
        outcomes["bot"][game.run().outcome] += 1
        naive = Game(
            content, Setup("open-field", ("brute", "archer", "mender"), level=1), seed=seed
        )
        outcomes["first"][naive.run(FirstOptionController()).outcome] += 1
    assert outcomes["bot"]["won"] > outcomes["first"]["won"], outcomes
    assert outcomes["bot"]["won"] >= 9, outcomes


def test_items_are_used_and_potions_kept_for_when_hurt() -> None:
    # GH-TURN-07: items augment actions; GH-ITEM-06, GH-ITEM-08: spent items come back, consumed do not
    source = simulation.resolve_scenario("collapsed-adit")
    content = simulation.load_content(source)
    game = simulation.new_bot_game(content, "collapsed-adit", ("lampwright", "ore-singer"), 1, 4)
    game.step_turn()
    bot = game.controller
    decision = Decision("use_item", "lampwright", ("none", "tonic", "sling"), {"when": "turn"})
    assert decision.options[bot.choose(decision)] == "sling"
    only_potion = Decision("use_item", "lampwright", ("none", "tonic"), {"when": "turn"})
    assert bot.choose(only_potion) == 0
    fig = game.state.figures["lampwright"]
    fig.hp = fig.max_hp // 2
    assert only_potion.options[bot.choose(only_potion)] == "tonic"


def _goal_game(goals, treasures=None):
    # no monster at all: only the scenario's goal says where to go
    rooms = {"a": b.line(-4, 6, -1) + b.line(-3, 6) + b.line(-4, 5, 1)}
    scenario = b.scenario(
        "g", rooms, [(0, 0), (-2, 0)], monsters=[], goals=goals, treasures=treasures
    )
    content = b.content([scenario], classes=[b.simple_class("alpha"), b.simple_class("beta")])
    bot = BotController(3)
    game = Game(content, Setup("g", ("alpha", "beta")), seed=3, controller=bot)
    bot.attach(game)
    return game


def test_bots_walk_to_the_hexes_of_a_reach_goal() -> None:
    # GH-END-01: the scenario is won by standing on the goal hexes (scenario schema
    # "reach-hexes"); with no enemy in sight the bots make for them
    from questforge.engine.gloomhaven.game.spec import Goal

    game = _goal_game([Goal("reach-hexes", hexes=((6, 0),), all_characters=False)])
    result = game.run()
    assert result.outcome == "won" and result.rounds <= 4


def test_bots_loot_the_treasure_a_goal_names() -> None:
    # GH-LOOT-03, GH-TREAS-01: a "loot-treasure" goal is met by looting that treasure
    from questforge.engine.gloomhaven.game.spec import Goal

    game = _goal_game([Goal("loot-treasure", targets=("7",))], treasures={(6, 0): "7"})
    result = game.run()
    assert result.outcome == "won"
    assert "7" in game.state.treasures_looted
