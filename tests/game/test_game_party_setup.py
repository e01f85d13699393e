"""Per-character setup played by bots (GH-SETUP-10): each character's level (HP and card
pool, the recommended scenario level, GH-LEVEL-03), hand (X cards and a summon included,
GH-HAND-01, GH-HAND-02), items (GH-ITEM-03, GH-ITEM-11, GH-REF-04), and the solo variant (GH-VAR-02)."""

from __future__ import annotations

from pathlib import Path

from questforge.engine.gloomhaven.bots import BotController
from questforge.engine.gloomhaven.game import Game, Setup
from questforge.engine.gloomhaven.game.from_model import content_from_pack

LAMP_HAND = (
    "lampwright-moth-swarm",  # X, a summon
    "lampwright-wildfire",  # X
    "lampwright-cold-lamp",  # X
    "lampwright-flashpoint",
    "lampwright-glass-shards",
    "lampwright-guiding-light",
    "lampwright-lantern-glow",
    "lampwright-wick-flare",
)


def party_setup(solo: bool = False) -> Setup:
    return Setup(
        "collapsed-adit",
        ("lampwright", "shaftbreaker"),
        level=None,
        character_levels=(5, 3),
        solo=solo,
        hands={"lampwright": LAMP_HAND},
        items={
            "lampwright": ("tonic", "ember-flask", "rope-and-spikes"),
            "shaftbreaker": ("sledgehammer", "miners-helm", "hobnail-boots"),
        },
    )


def test_levels_hands_and_items_set_up_each_character(sample_pack: Path) -> None:
    # GH-LEVEL-03: levels 5 and 3 average 4 -> recommended level 2; GH-CHAR-02 / GH-LVL-05:
    # max HP by level; GH-HAND-01, GH-HAND-02: the chosen hand; GH-ITEM-11: item modifier cards
    content = content_from_pack(str(sample_pack))
    game = Game(content, party_setup(), seed=3)
    game.start()
    st = game.state
    assert st.level == 2 and game.rules.monster_level == 2 and game.rules.trap_damage == 4
    lamp, shaft = st.characters["lampwright"], st.characters["shaftbreaker"]
    assert st.figures["lampwright"].max_hp == content.classes["lampwright"].max_health(5) == 10
    assert st.figures["shaftbreaker"].max_hp == content.classes["shaftbreaker"].max_health(3)
    assert sorted(lamp.hand) == sorted(LAMP_HAND)
    assert lamp.items == {"tonic": "ready", "ember-flask": "ready", "rope-and-spikes": "ready"}
    deck = shaft.modifier_deck.draw_pile
    assert sum(1 for c in deck if "minus1-scenario" in c) == 2  # the sledgehammer's cards
    assert len(deck) == len(content.classes["shaftbreaker"].modifier_deck) + 2
    assert game.to_log()["setup"]["character_levels"] == [5, 3]


def test_the_solo_variant_raises_monster_level_and_traps_only(sample_pack: Path) -> None:
    # GH-VAR-02: +1 monster level and trap damage; money value and bonus XP unchanged
    content = content_from_pack(str(sample_pack))
    game = Game(content, party_setup(solo=True), seed=3)
    game.start()
    setup_event = next(e for e in game.events if e.type == "setup")
    assert (setup_event["level"], setup_event["monster_level"]) == (2, 3)
    assert (setup_event["trap_damage"], setup_event["coin_value"], setup_event["bonus_xp"]) == (
        5,
        3,
        8,
    )


def test_bots_play_with_the_chosen_hands_items_and_summons(sample_pack: Path) -> None:
    # GH-TURN-07 (items), GH-SUMM-01 (the X summon card), GH-HAND-01: bots play the setup
    content = content_from_pack(str(sample_pack))
    played: set[str] = set()
    used: set[str] = set()
    outcomes = set()
    for seed in range(6):
        bot = BotController(seed)
        game = Game(content, party_setup(), seed=seed, controller=bot)
        bot.attach(game)
        result = game.run()
        outcomes.add(result.outcome)
        played |= {e["card"] for e in game.events if e.type == "action" and not e["default"]}
        used |= {e["item"] for e in game.events if e.type == "item_used"}
        assert Game.verify(game.to_log(), content) is None
    assert outcomes <= {"won", "lost"}
    assert "lampwright-moth-swarm" in played  # an X card, the summon
    assert played <= set(LAMP_HAND) | {c.id for c in content.classes["shaftbreaker"].cards}
    assert {"tonic", "sledgehammer", "hobnail-boots"} <= used  # the bots use their items
