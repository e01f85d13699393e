"""Battle goals (GH-BG): dealt before the scenario, one kept, checked when it ends; the
sample pack's goals are data the engine checks, recountable from the game's log."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.core.events import Event
from questforge.engine.core.rng import Rng
from questforge.engine.gloomhaven.bots import BotController
from questforge.engine.gloomhaven.game import battle_goals
from questforge.engine.gloomhaven.game.game import Game, as_content
from questforge.engine.gloomhaven.game.setup import Setup, SetupError
from questforge.engine.gloomhaven.game.spec import BattleGoalSpec

SAMPLE = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"


@pytest.fixture(scope="module")
def content() -> Any:
    return as_content(SAMPLE)


def _goal(gid: str, **kw: Any) -> BattleGoalSpec:
    return BattleGoalSpec(gid, gid.title(), kw.pop("checkmarks", 1), **kw)


def _events(*items: tuple[str, dict[str, Any]]) -> list[Event]:
    return [Event(t, d) for t, d in items]


def test_two_goals_dealt_to_each_character_from_one_deck(content: Any) -> None:
    # GH-BG-01: two goals each, from one shuffled deck (no goal twice), the same for the
    # same seed; a deck too small for the party deals what it has
    party = ("brute", "tinkerer", "scoundrel", "spellweaver")
    dealt = battle_goals.deal(content, party, Rng(7).fork("battle-goals"))
    assert [len(g) for g in dealt.values()] == [2, 2, 2, 2]
    drawn = [g for goals in dealt.values() for g in goals]
    assert len(set(drawn)) == 8 and set(drawn) <= set(content.battle_goals)
    assert battle_goals.deal(content, party, Rng(7).fork("battle-goals")) == dealt
    assert battle_goals.deal(content, party, Rng(8).fork("battle-goals")) != dealt
    small = dataclasses.replace(
        content, battle_goals={k: content.battle_goals[k] for k in list(content.battle_goals)[:5]}
    )
    assert [len(g) for g in battle_goals.deal(small, party, Rng(1)).values()] == [2, 2, 1]


def test_the_kept_goal_is_the_one_worth_more(content: Any) -> None:
    # GH-BG-01: keep one of the two (a simulated player keeps the one worth more
    # checkmarks among those the engine can check), the other is discarded
    kept = battle_goals.keep_first(
        content, {"a": ("hunter", "last-light"), "b": ("untouched", "hoarder")}
    )
    assert kept == {"a": ("last-light", "hunter"), "b": ("untouched", "hoarder")}


def test_setup_refuses_goals_the_deck_cannot_deal(content: Any) -> None:
    # GH-BG-01: one or two goals per character, from the pack's deck, no goal twice
    sid = next(iter(content.scenarios))
    classes = list(content.classes)[:2]

    def check(goals: dict[str, tuple[str, ...]]) -> None:
        Setup(sid, tuple(classes), battle_goals=goals).check(content)

    check({classes[0]: ("hunter", "untouched")})
    with pytest.raises(SetupError, match="unknown battle goal 'nope'"):
        check({classes[0]: ("nope",)})
    with pytest.raises(SetupError, match="dealt twice"):
        check({classes[0]: ("hunter",), classes[1]: ("hunter",)})
    with pytest.raises(SetupError, match="one or two"):
        check({classes[0]: ("hunter", "untouched", "hoarder")})
    with pytest.raises(SetupError, match="not one of the characters"):
        check({"ghost": ("hunter",)})


def test_counters_and_comparisons() -> None:
    # GH-BG-02: the goal's condition, on what the character did in the scenario
    counts = {
        "a": {**dict.fromkeys(battle_goals.COUNTERS, 0), "money-looted": 3, "kills": 2},
        "b": {**dict.fromkeys(battle_goals.COUNTERS, 0), "money-looted": 3, "kills": 1},
    }
    most_money = _goal("g", type="counter", counter="money-looted", compare="most")
    most_kills = _goal("g", type="counter", counter="kills", compare="most")
    fewest_kills = _goal("g", type="counter", counter="kills", compare="fewest")
    untouched = _goal("g", type="counter", counter="damage-suffered", compare="at-most")
    two_kills = _goal("g", type="counter", counter="kills", compare="at-least", value=2)
    assert not battle_goals.met(most_money, "a", counts, [])  # a tie is not "more"
    assert battle_goals.met(most_kills, "a", counts, [])
    assert battle_goals.met(fewest_kills, "b", counts, [])
    assert battle_goals.met(untouched, "a", counts, [])
    assert battle_goals.met(two_kills, "a", counts, []) and not battle_goals.met(
        two_kills, "b", counts, []
    )
    assert not battle_goals.met(_goal("text-only"), "a", counts, [])  # nothing to check


def test_last_to_be_exhausted() -> None:
    # GH-BG-02 with GH-EXH: not exhausted, or exhausted after every other character
    counts = {c: dict.fromkeys(battle_goals.COUNTERS, 0) for c in ("a", "b", "c")}
    last = _goal("last", type="last-exhausted")
    assert battle_goals.met(last, "a", counts, ["b"])
    assert not battle_goals.met(last, "b", counts, ["b"])
    assert battle_goals.met(last, "b", counts, ["a", "c", "b"])


def test_counters_read_the_events(content: Any) -> None:
    # GH-BG-02: a character's own kills, loot, damage and played initiatives
    cls = next(iter(content.classes.values()))
    cards = [c.id for c in cls.cards[:2]]
    events = _events(
        ("loot", {"character": cls.id, "coins": 2}),
        ("loot", {"character": cls.id, "treasure": "t1"}),
        ("monster_killed", {"by": cls.id, "elite": True}),
        ("monster_killed", {"by": "summon-1", "elite": True}),  # the summon's kill
        ("damage", {"figure": cls.id, "amount": 3, "source": "g1"}),
        ("damage", {"figure": "g1", "amount": 4, "source": cls.id}),
        ("plan", {"character": cls.id, "cards": cards, "initiative": 1}),
        ("plan", {"character": cls.id, "long_rest": True, "initiative": 99}),
        ("long_rest", {"character": cls.id}),
    )
    c = battle_goals.counters(events, content, [cls.id])[cls.id]
    assert (c["money-looted"], c["treasures-looted"]) == (2, 1)
    assert (c["kills"], c["elite-kills"]) == (1, 1)
    assert (c["damage-suffered"], c["damage-dealt"]) == (3, 4)
    assert c["lowest-initiative"] == min(cls.card(x).initiative for x in cards)
    assert c["long-rests"] == 1
    nothing = battle_goals.counters([], content, [cls.id])[cls.id]
    assert nothing["lowest-initiative"] == battle_goals.NO_CARD_INITIATIVE  # no card played


def test_checkmarks_only_for_a_won_scenario_even_when_exhausted(content: Any) -> None:
    # GH-BG-02, GH-BG-03, GH-BG-05, GH-END-03: met and won gives the checkmarks, exhausted or not;
    # met and lost gives none
    cls = list(content.classes)[:2]
    goals = {cls[0]: ("untouched", "hunter"), cls[1]: ("last-light",)}
    events = _events(("exhausted", {"character": cls[0]}))
    won = battle_goals.outcomes(content, goals, cls, events, {}, won=True)
    assert [(o.goal, o.met, o.checkmarks, o.discarded) for o in won] == [
        ("untouched", True, 1, ("hunter",)),
        ("last-light", True, 2, ()),
    ]
    lost = battle_goals.outcomes(content, goals, cls, events, {}, won=False)
    assert [(o.met, o.checkmarks) for o in lost] == [(True, 0), (True, 0)]


def test_a_simulated_game_deals_and_checks_the_goals(content: Any) -> None:
    # GH-BG-01, GH-BG-02, GH-BG-06, GH-END-02, GH-END-04: each character holds two goals from the full deck in
    # every game; when the game ends each kept goal is checked in a battle_goal event whose
    # count a referee recounts from the log's own events
    sid = "flooded-workings"
    classes = tuple(list(content.classes)[:3])
    for seed in (3, 4):
        dealt = battle_goals.keep_first(
            content, battle_goals.deal(content, classes, Rng(seed).fork("battle-goals"))
        )
        game = Game(content, Setup(sid, classes, battle_goals=dealt), seed)
        bot = BotController(f"bots:{seed}")
        bot.attach(game)
        result = game.run(bot)
        checked = [e for e in game.events if e.type == "battle_goal"]
        assert [e["character"] for e in checked] == list(classes)
        assert all(len(g) == 2 for g in dealt.values())  # a fresh full deck every game
        log = json.loads(json.dumps([e.to_json() for e in game.events]))
        recount = battle_goals.counters([Event(e["type"], e) for e in log], content, classes)
        for e in checked:
            goal = content.battle_goals[e["goal"]]
            if goal.type == "counter" and goal.counter != "cards-lost":
                assert e["count"] == recount[e["character"]][goal.counter]
            assert e["checkmarks"] == (
                goal.checkmarks if e["met"] and result.outcome == "won" else 0
            )
        by_char = {c.id: c for c in result.characters}
        assert {c: by_char[c].battle_goal for c in classes} == {c: g[0] for c, g in dealt.items()}


def _scripted_keep(index: int) -> Any:
    """Keeps goal ``index`` at every battle-goal decision; the bots answer the rest."""
    from questforge.engine.core.decisions import Decision

    class Keep(BotController):
        def choose(self, decision: Decision) -> int:
            if decision.kind == "battle_goal":
                return index
            return super().choose(decision)

    return Keep


@pytest.mark.parametrize("keep", [0, 1])
def test_each_player_chooses_the_goal_it_keeps(content: Any, keep: int) -> None:
    # GH-BG-01: of the two goals dealt, the player keeps one of their choice (a decision as
    # the scenario is set up, in the game's decisions, not its events: GH-BG-04 keeps the
    # goals secret until the end); the kept one is checked, the other discarded
    classes = tuple(list(content.classes)[:2])
    dealt = battle_goals.deal(content, classes, Rng(11).fork("battle-goals"))
    setup = Setup("flooded-workings", classes, battle_goals=dealt, choose_battle_goals=True)
    game = Game(content, setup, 11)
    bot = _scripted_keep(keep)("bots:11")
    bot.attach(game)
    game.run(bot)
    asked = [d for d in game.decisions if d["kind"] == "battle_goal"]
    assert [(d["actor"], d["option"]) for d in asked] == [(c, dealt[c][keep]) for c in classes]
    checked = {e["character"]: e for e in game.events if e.type == "battle_goal"}
    for c in classes:
        assert checked[c]["goal"] == dealt[c][keep]
        assert checked[c]["discarded"] == [dealt[c][1 - keep]]
    assert not any(str(dealt[c][0]) in json.dumps(e.to_json()) for e in game.events[:5])


def test_goals_chosen_on_the_command_line_are_not_asked_again(content: Any) -> None:
    # GH-BG-01: CLASS=KEPT,OTHER already made the choice; the game asks nothing
    classes = tuple(list(content.classes)[:2])
    setup = Setup("flooded-workings", classes, battle_goals={classes[0]: ("hoarder", "hunter")})
    game = Game(content, setup, 3)
    bot = BotController("bots:3")
    bot.attach(game)
    game.run(bot)
    assert not [d for d in game.decisions if d["kind"] == "battle_goal"]
    assert [e["goal"] for e in game.events if e.type == "battle_goal"] == ["hoarder"]


def test_a_game_log_with_chosen_goals_replays_identically(content: Any) -> None:
    # GH-BG-01: the setup (goals dealt, to be chosen) and the choices are in the log, so a
    # replay asks the same questions and checks the same goals
    classes = tuple(list(content.classes)[:3])
    dealt = battle_goals.deal(content, classes, Rng(4).fork("battle-goals"))
    setup = Setup("flooded-workings", classes, battle_goals=dealt, choose_battle_goals=True)
    game = Game(content, setup, 4)
    bot = _scripted_keep(1)("bots:4")
    bot.attach(game)
    game.run(bot)
    log = json.loads(json.dumps(game.to_log()))
    assert log["setup"]["choose_battle_goals"] is True
    assert Game.verify(log, content) is None
    again = Game.replay(log, content)
    assert again.battle_goals == game.battle_goals != dict(dealt)


def test_bots_keep_the_goal_worth_more(content: Any) -> None:
    # GH-BG-01: a bot keeps what keep_first would (more checkmarks among checkable goals)
    classes = tuple(list(content.classes)[:4])
    for seed in range(6):
        dealt = battle_goals.deal(content, classes, Rng(seed).fork("battle-goals"))
        setup = Setup("flooded-workings", classes, battle_goals=dealt, choose_battle_goals=True)
        game = Game(content, setup, seed)
        bot = BotController(f"bots:{seed}")
        bot.attach(game)
        game.start(bot)
        assert game.battle_goals == battle_goals.keep_first(content, dealt)
