"""Luck cards that say when, and whether, they go: "only on your turn" (WI-LUCK-03) and
"not discarded after use" (WI-LUCK-04 "unless the card says otherwise"), as content
flags (`own_turn_only`, `keep`) the engine applies and the bots respect."""

from __future__ import annotations

import dataclasses

from wigame import PACK, hero, new_game, of

from questforge.engine.core.events import Event
from questforge.engine.witcher.game import Setup, WitcherGame
from questforge.engine.witcher.game.bots import WitcherBot
from questforge.engine.witcher.game.narrator import Narrator
from questforge.engine.witcher.model import WitcherPack
from questforge.engine.witcher.model.content import Effect, LuckCard


def _with(*cards: LuckCard) -> WitcherPack:
    return dataclasses.replace(PACK, luck={**PACK.luck, **{c.id: c for c in cards}})


def _combat_offers(picker: object, since: int = 0) -> list[dict[str, str]]:
    asked = picker.asked[since:]
    return [o for d in asked if d.kind == "combat" for o in d.options]


def test_sample_luck_cards_carry_the_flags() -> None:
    # WI-LUCK-03, WI-LUCK-04: the sample has a card used only on its holder's turn and a
    # card kept after use; the rest are used at any of their moments and then discarded
    assert PACK.luck["spirit-guide"].own_turn_only and not PACK.luck["spirit-guide"].keep
    assert PACK.luck["second-wind"].keep and not PACK.luck["second-wind"].own_turn_only
    others = [c for c in PACK.luck.values() if c.id not in ("spirit-guide", "second-wind")]
    assert others and not [c.id for c in others if c.keep or c.own_turn_only]


def test_an_own_turn_only_combat_card_is_not_offered_in_a_fight_on_another_turn() -> None:
    # WI-LUCK-03: "some can be used 'on your turn', and only while that player is acting":
    # Ysolde, made to fight on Corvin's turn (WI-VP-03), is offered her combat luck card
    # that names no turn, not the one that says "on your turn"; on her turn she is
    game, picker = new_game(combat=lambda o: False)
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    ysolde.vp = 10
    ysolde.luck += ["spirit-guide", "lucky-strike"]
    game.state.active = 0  # corvin's turn
    game.resolve(corvin, (Effect("fight", monster_class="bronze", target="most-vp"),), "test")
    assert of(game, "fight")[0]["hero"] == "ysolde"
    offered = _combat_offers(picker)
    assert {"use": "luck", "card": "lucky-strike"} in offered
    assert {"use": "luck", "card": "spirit-guide"} not in offered
    assert "spirit-guide" in ysolde.luck  # still hers for later
    seen = len(picker.asked)
    game.state.active = 1
    game.resolve(ysolde, (Effect("fight", monster_class="bronze"),), "test")
    assert {"use": "luck", "card": "spirit-guide"} in _combat_offers(picker, seen)


def test_an_own_turn_only_passive_card_waits_for_a_fight_on_its_holders_turn() -> None:
    # WI-LUCK-03 with the passive timing: it acts in the first step of the next fight its
    # holder may use it in, so not in a fight forced on them on another hero's turn
    charm = LuckCard("charm", "Charm", "passive", (Effect("add-result", 1, result="shield"),))
    charm = dataclasses.replace(charm, own_turn_only=True)
    game, _ = new_game(pack=_with(charm))
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    ysolde.vp = 10
    ysolde.luck.append("charm")
    game.state.active = 0
    game.resolve(corvin, (Effect("fight", monster_class="bronze", target="most-vp"),), "test")
    assert not of(game, "luck-used") and ysolde.luck == ["charm"]
    game.state.active = 1
    game.resolve(ysolde, (Effect("fight", monster_class="bronze"),), "test")
    assert of(game, "luck-used") == [{"hero": "ysolde", "card": "charm"}]
    assert ysolde.luck == [] and "charm" in game.state.luck_deck.discard  # WI-DISC-05


def test_a_kept_luck_card_stays_and_is_used_once_a_turn() -> None:
    # WI-LUCK-04: "discard a luck card after resolving its effect, unless the card says
    # otherwise": a kept own-turn card is used, stays in the hand (not in the discards),
    # is not offered again this turn (ours: once a turn, so a turn ends) and is next turn
    purse = dataclasses.replace(
        LuckCard("purse", "Purse", "own-turn", (Effect("gain-gold", 1),)), keep=True
    )
    game, _ = new_game(pack=_with(purse))
    corvin = hero(game, "corvin")
    game.state.active = 0
    corvin.luck.append("purse")
    gold = corvin.gold
    assert {"op": "luck", "card": "purse"} in game.operation_options(corvin)
    game.operate(corvin, {"op": "luck", "card": "purse"})
    assert corvin.gold == gold + 1 and corvin.luck == ["purse"]
    assert "purse" not in game.state.luck_deck.discard
    assert {"op": "luck", "card": "purse"} not in game.operation_options(corvin)
    corvin.luck_used.clear()  # what the start of the next turn does (play_turn)
    assert {"op": "luck", "card": "purse"} in game.operation_options(corvin)


def test_a_kept_luck_card_is_cleared_for_use_at_the_start_of_each_turn() -> None:
    # WI-LUCK-04 over whole turns: a kept card used on one turn is usable on the next
    purse = dataclasses.replace(
        LuckCard("purse", "Purse", "own-turn", (Effect("gain-gold", 1),)), keep=True
    )
    game, _ = new_game(pack=_with(purse), operation=lambda o: o.get("op") == "luck")
    corvin = hero(game, "corvin")
    corvin.luck.append("purse")
    game.play_turn(corvin)
    game.play_turn(corvin)
    used = [e for e in of(game, "luck-used") if e["card"] == "purse"]
    assert len(used) == 2 and corvin.luck.count("purse") == 1


def test_kept_combat_travel_and_investigate_cards_are_not_discarded() -> None:
    # WI-LUCK-04 at each timing: a kept card is used at its moment and stays; the loops
    # that offer travel and investigate cards one at a time stop after one use
    shield = PACK.luck["second-wind"]
    map_ = dataclasses.replace(
        LuckCard("map", "Map", "travel", (Effect("gain-gold", 1),)), keep=True
    )
    lens = dataclasses.replace(
        LuckCard("lens", "Lens", "investigate", (Effect("draw-investigation", 1),)), keep=True
    )
    game, picker = new_game(
        pack=_with(map_, lens),
        combat=lambda o: o.get("card") == "second-wind",
        travel_luck=lambda o: o == "map",
        investigate_luck=lambda o: o == "lens",
    )
    corvin = hero(game, "corvin")
    game.state.active = 0
    corvin.luck += ["second-wind", "map", "lens"]
    game.resolve(corvin, (Effect("fight", monster_class="bronze"),), "test")
    game.travel_luck(corvin)
    corvin.location = "harrowport"
    game.investigate(corvin)
    assert [e["card"] for e in of(game, "luck-used")] == ["second-wind", "map", "lens"]
    assert sorted(corvin.luck) == ["lens", "map", "second-wind"]
    assert not set(corvin.luck) & set(game.state.luck_deck.discard)
    assert [d.kind for d in picker.asked].count("travel-luck") == 1
    assert [d.kind for d in picker.asked].count("investigate-luck") == 1
    assert shield.keep


def test_an_immediate_card_is_discarded_when_drawn() -> None:
    # WI-LUCK-04, WI-DISC-05: an immediate card acts when drawn and goes to the discards
    # (a `keep` on it is flagged by QWI427 and changes nothing)
    odd = dataclasses.replace(
        LuckCard("odd", "Odd", "immediate", (Effect("gain-gold", 1),)), keep=True
    )
    game, _ = new_game(pack=_with(odd))
    corvin = hero(game, "corvin")
    game.resolve_luck(corvin, "odd")
    assert corvin.luck == [] and "odd" in game.state.luck_deck.discard


def test_the_narrator_says_a_kept_card_stays() -> None:
    # WI-LUCK-04: a referee reading the log must see that a card used and not discarded
    # says so, and that one used only on its holder's turn is
    narrator = Narrator(PACK)
    kept = narrator.describe(Event("luck-used", {"hero": "corvin", "card": "second-wind"}))
    gone = narrator.describe(Event("luck-used", {"hero": "corvin", "card": "lucky-strike"}))
    mine = narrator.describe(Event("luck-used", {"hero": "corvin", "card": "spirit-guide"}))
    assert "keeps it" in kept and "keeps it" not in gone
    assert "discards it" in gone and "on their own turn" in mine


def test_bots_use_a_kept_card_and_games_end() -> None:
    # WI-LUCK-04: a bot values a kept card's use with no saving cost, and bot games with
    # the sample's kept card terminate (once a turn)
    used = 0
    for seed in range(1, 4):
        game = WitcherGame(PACK, Setup(heroes=("corvin", "ysolde", "brannoc")), seed)
        game.run(WitcherBot(game))
        assert game.state.finished
        used += sum(1 for e in game.log if e.type == "luck-used")
    assert used > 0
