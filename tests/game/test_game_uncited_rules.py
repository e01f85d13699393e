"""Rules the engine implements that no test cited before (helper "ghaudit"): each test
asserts the behaviour on the sample pack, so it fails if the behaviour goes."""

from __future__ import annotations

from pathlib import Path

import pytest

from questforge.engine.gloomhaven.game import Game
from questforge.engine.gloomhaven.game.from_model import content_from_pack
from questforge.engine.gloomhaven.game.setup import Setup, SetupError, default_hand


def _content(sample_pack: Path) -> object:
    return content_from_pack(str(sample_pack))


def test_an_ability_card_carries_name_initiative_level_and_two_actions(sample_pack: Path) -> None:
    # GH-CHAR-04: name, initiative, card level, a top and a bottom action; one action can
    # hold several abilities (the consume block belongs to the attack)
    content = _content(sample_pack)
    card = content.classes["lampwright"].card("lampwright-lamp-oil")  # type: ignore[attr-defined]
    assert (card.name, card.initiative, card.level) == ("Lamp Oil", 47, 1)
    assert [a.type for a in card.top.abilities] == ["attack"]
    attack = card.top.abilities[0]
    assert (attack.value, attack.range) == (3, 3)
    assert [c.elements for c in attack.consume] == [("fire",)]
    assert [a.type for a in card.bottom.abilities] == ["loot"]
    wildfire = content.classes["lampwright"].card("lampwright-wildfire")  # type: ignore[attr-defined]
    assert wildfire.level == "X" and wildfire.top.lost


def test_an_item_carries_usage_slot_uses_and_abilities(sample_pack: Path) -> None:
    # GH-ITEM-05: name, usage symbol (spent / consumed / none), slot; GH-ITEM-07: use slots
    content = _content(sample_pack)
    tonic = content.items["tonic"]  # type: ignore[attr-defined]
    assert (tonic.name, tonic.usage, tonic.slot) == ("Pit Tonic", "consumed", "small")
    assert [a.type for a in tonic.abilities] == ["heal"]
    nugget = content.items["lucky-nugget"]  # type: ignore[attr-defined]
    assert (nugget.usage, nugget.uses, nugget.timing) == ("spent", 3, "attack")


def test_any_class_may_equip_any_item(sample_pack: Path) -> None:
    # GH-ITEM-02: items are not class-specific
    content = _content(sample_pack)
    game = Game(
        content,  # type: ignore[arg-type]
        Setup(
            "flooded-workings",
            ("lampwright", "shaftbreaker"),
            1,
            items={"lampwright": ("tonic",), "shaftbreaker": ("tonic",)},
        ),
        1,
    )
    assert game.state.characters["lampwright"].items == {"tonic": "ready"}
    assert game.state.characters["shaftbreaker"].items == {"tonic": "ready"}


def test_every_item_refreshes_after_the_scenario(sample_pack: Path) -> None:
    # GH-ITEM-09: all items refresh between scenarios (spent and consumed alike)
    content = _content(sample_pack)
    game = Game(
        content,  # type: ignore[arg-type]
        Setup(
            "flooded-workings",
            ("lampwright", "shaftbreaker"),
            1,
            items={"lampwright": ("tonic", "hobnail-boots")},
        ),
        1,
    )
    game.start()
    ch = game.state.characters["lampwright"]
    ch.items = {"tonic": "consumed", "hobnail-boots": "spent"}
    game.state.lost_game = True
    game._finish()
    game.cleanup()
    assert ch.items == {"tonic": "ready", "hobnail-boots": "ready"}


def test_leveling_up_never_changes_the_hand_limit(sample_pack: Path) -> None:
    # GH-LVL-06: a level-5 Lampwright takes exactly as many cards as a level-1 one
    content = _content(sample_pack)
    limit = content.classes["lampwright"].hand_size  # type: ignore[attr-defined]
    assert len(default_hand(content, "lampwright", 5)) == limit  # type: ignore[arg-type]
    pool = [c.id for c in content.classes["lampwright"].cards]  # type: ignore[attr-defined]
    assert len(pool) > limit
    with pytest.raises(SetupError, match="hand limit"):
        Setup(
            "flooded-workings",
            ("lampwright", "shaftbreaker"),
            1,
            character_levels=(5, 1),
            hands={"lampwright": tuple(pool[: limit + 1])},
        ).check(content)  # type: ignore[arg-type]


def test_x_cards_replace_level_one_cards_within_the_hand_limit(sample_pack: Path) -> None:
    # GH-HAND-03: an "X" card may take the place of a level-1 card, the limit kept;
    # GH-HAND-04: the card left out stays in the pool (it can come back next scenario)
    content = _content(sample_pack)
    hand = list(default_hand(content, "lampwright", 1))  # type: ignore[arg-type]
    swapped = (*hand[1:], "lampwright-wildfire")
    setup = Setup(
        "flooded-workings",
        ("lampwright", "shaftbreaker"),
        1,
        hands={"lampwright": swapped},
    )
    setup.check(content)  # type: ignore[arg-type]
    game = Game(content, setup, 1)  # type: ignore[arg-type]
    assert sorted(game.state.characters["lampwright"].hand) == sorted(swapped)
    back = Setup(
        "flooded-workings", ("lampwright", "shaftbreaker"), 1, hands={"lampwright": tuple(hand)}
    )
    back.check(content)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="hand limit"):
        Setup(
            "flooded-workings",
            ("lampwright", "shaftbreaker"),
            1,
            hands={"lampwright": (*hand, "lampwright-wildfire")},
        ).check(content)  # type: ignore[arg-type]


def test_the_default_xp_table_is_the_published_one(sample_pack: Path) -> None:
    # GH-REF-03: 0, 45, 95, 150, 210, 275, 345, 420, 500 for levels 1..9
    from questforge.engine.gloomhaven.model.cards import DEFAULT_XP_THRESHOLDS

    assert DEFAULT_XP_THRESHOLDS == (0, 45, 95, 150, 210, 275, 345, 420, 500)


def _looting_game(numbers: dict[tuple[int, int], str], kinds: dict[str, object]) -> object:
    from dataclasses import replace

    from questforge.engine.gloomhaven.game.builders import content, disc, new_game, scenario

    sc = scenario("t", {"a": disc((0, 0), 2)}, [(0, 0), (1, 0)], treasures=numbers)
    return new_game(replace(content([sc]), treasures=kinds), "t")


def test_an_item_design_or_random_reward_is_recorded_for_the_campaign() -> None:
    # GH-TREAS-03 (an item design) and GH-TREAS-05 (a random item design or scenario): the
    # looting character's result names the treasure; the event says what it gives, and
    # nothing acts inside the scenario (no gold, no item owned)
    from questforge.engine.gloomhaven.game.spec import TreasureSpec

    kinds = {
        "4": TreasureSpec("4", "item-design", item="ember-flask"),
        "6": TreasureSpec("6", "random-item-design"),
        "9": TreasureSpec("9", "random-scenario"),
    }
    g = _looting_game({(0, 1): "4", (-1, 1): "6", (1, -1): "9"}, kinds)
    ch = g.state.characters["alpha"]  # type: ignore[attr-defined]
    g.rules.loot_hexes(ch, [(0, 1), (-1, 1), (1, -1)])  # type: ignore[attr-defined]
    told = [(e["number"], e["kind"], e["item"]) for e in g.events if e.type == "treasure"]  # type: ignore[attr-defined]
    assert told == [
        ("4", "item-design", "ember-flask"),
        ("6", "random-item-design", ""),
        ("9", "random-scenario", ""),
    ]
    assert ch.treasures == ["4", "6", "9"]
    assert ch.treasure_gold == 0 and ch.treasure_items == []


def test_the_result_totals_each_character_s_xp_and_gold() -> None:
    # GH-END-02 (total each character's XP), GH-END-10 (gold and XP recorded per
    # character, a measure of how each did): XP of the scenario plus the bonus on a win,
    # money tokens at the level's value plus treasure gold
    from questforge.engine.gloomhaven.game.setup import bonus_xp, coin_value

    g = _looting_game({}, {})
    ch = g.state.characters["alpha"]  # type: ignore[attr-defined]
    ch.xp, ch.coins, ch.treasure_gold = 7, 3, 15
    g.state.goal_met = True  # type: ignore[attr-defined]
    g._finish()  # type: ignore[attr-defined]
    res = next(c for c in g.result.characters if c.id == "alpha")  # type: ignore[attr-defined]
    level = g.state.level  # type: ignore[attr-defined]
    assert res.xp == 7 + bonus_xp(level)
    assert res.gold == 3 * coin_value(level) + 15


def test_items_come_equipped_or_from_a_looted_treasure(sample_pack: Path) -> None:
    # GH-ITEM-01 (helper "ghaudit3"): equipped items are under the mat and usable during
    # the scenario (ready at the start, spent once used); a treasure naming an item gives
    # it to the looting character (recorded in its result)
    content = _content(sample_pack)
    setup = Setup(
        "flooded-workings", ("lampwright", "ore-singer"), 1, items={"lampwright": ("tonic",)}
    )
    game = Game(content, setup, 1)  # type: ignore[arg-type]
    game.start()
    ch = game.state.characters["lampwright"]
    assert ch.items == {"tonic": "ready"}
    game.rules.use_item(ch, content.items["tonic"])  # type: ignore[attr-defined]
    assert ch.items == {"tonic": "consumed"}
    assert content.treasures["2"].item == "lucky-nugget"  # type: ignore[attr-defined]
    game.rules.resolve_treasure(ch, "2")
    assert ch.treasure_items == ["lucky-nugget"]


def test_the_play_area_is_set_up_in_the_first_room(sample_pack: Path) -> None:
    # GH-COMP-02 (helper "ghaudit3"): at setup only the first room is revealed, with its
    # monsters; the characters stand in it with their hands, items and battle goals
    # (face down: the goals are in no event), elements inert (GH-COMP-05)
    from questforge.engine.core.rng import Rng
    from questforge.engine.gloomhaven.game import battle_goals

    content = _content(sample_pack)
    chars = ("lampwright", "ore-singer")
    dealt = battle_goals.deal(content, chars, Rng(5))  # type: ignore[arg-type]
    setup = Setup(
        "flooded-workings", chars, 1, items={"ore-singer": ("tonic",)}, battle_goals=dealt
    )
    game = Game(content, setup, 5)  # type: ignore[arg-type]
    game.start()
    st = game.state
    spec = content.scenarios["flooded-workings"]  # type: ignore[attr-defined]
    first = spec.starting_room
    assert st.revealed_rooms == [first]
    room = set(spec.rooms[first])
    assert all(f.hex in room for f in st.figures.values())
    assert {f.kind for f in st.figures.values()} >= {"character", "monster"}
    assert all(len(st.characters[c].hand) == content.classes[c].hand_size for c in chars)  # type: ignore[attr-defined]
    assert st.characters["ore-singer"].items == {"tonic": "ready"}
    assert set(game.battle_goals) == set(chars)
    goal_ids = {g for goals in dealt.values() for g in goals}
    assert not any(
        isinstance(v, str) and v in goal_ids for e in game.events for v in e.data.values()
    )
    assert set(st.elements.values()) == {0}
