"""The rules issue 12 left open: trading (WI-LOC-03), looking at and revealing cards
(WI-DRAW-03, WI-DRAW-04), counting traits (WI-TRAIT-02), challenge cards (WI-BASIC-05), card faces
(WI-DICE-06) and effects on the hero with the most VP (WI-VP-03), with the sample pack's
cards that use them and the bots that answer them."""

from __future__ import annotations

import dataclasses
from collections import Counter

from wigame import PACK, hero, new_game, of, stack

from questforge.engine.witcher.game import Setup, WitcherBot, WitcherGame
from questforge.engine.witcher.game.fights import Fight
from questforge.engine.witcher.game.state import KeptInvestigation, OwnedCard
from questforge.engine.witcher.model.content import Effect

# --- WI-LOC-03: trading ------------------------------------------------------------------


def test_heroes_at_one_location_trade_leads_and_gold_as_an_operation() -> None:
    # WI-LOC-03: players in the same place trade leads and gold during operations;
    # WI-OP-01: only the active hero performs operations (the partner only answers)
    game, picker = new_game(trade_reply=lambda o: o == "accept")
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    corvin.location = ysolde.location = "owlhollow"
    corvin.leads, ysolde.leads = {"red": 1}, {"blue": 1}
    corvin.gold, ysolde.gold = 0, 2
    offers = [o for o in game.operation_options(corvin) if o["op"] == "trade"]
    assert {"op": "trade", "with": "ysolde", "give": {"lead": "red"}, "get": {"lead": "blue"}} in (
        offers
    )
    assert all("gold" not in o["give"] for o in offers)  # Corvin has no gold to give
    game.operate(
        corvin, {"op": "trade", "with": "ysolde", "give": {"lead": "red"}, "get": {"gold": 2}}
    )
    assert (corvin.leads, corvin.gold) == ({"red": 0}, 2)
    assert (ysolde.leads, ysolde.gold) == ({"blue": 1, "red": 1}, 0)
    asked = [d for d in picker.asked if d.kind == "trade-reply"]
    assert asked and asked[0].actor == "ysolde"
    assert of(game, "traded") == [
        {"hero": "corvin", "partner": "ysolde", "give": {"lead": "red"}, "get": {"gold": 2}}
    ]
    # one offer to each partner per turn: a turn always ends
    assert not [o for o in game.operation_options(corvin) if o["op"] == "trade"]


def test_no_trade_with_a_hero_elsewhere_and_a_declined_offer_changes_nothing() -> None:
    # WI-LOC-03: only heroes sharing the place; the partner may decline
    game, _ = new_game(trade_reply=lambda o: o == "decline")
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    corvin.leads, ysolde.leads = {"red": 2}, {"blue": 2}
    corvin.location, ysolde.location = "owlhollow", "karst-hold"
    assert not [o for o in game.operation_options(corvin) if o["op"] == "trade"]
    ysolde.location = "owlhollow"
    game.operate(
        corvin, {"op": "trade", "with": "ysolde", "give": {"lead": "red"}, "get": {"lead": "blue"}}
    )
    assert (corvin.leads, ysolde.leads) == ({"red": 2}, {"blue": 2})
    assert of(game, "trade-declined") == [{"hero": "corvin", "partner": "ysolde"}]


def test_bots_trade_what_they_spare_for_what_their_quests_need() -> None:
    # WI-LOC-03: the bot offers a lead it does not need for one its quest needs, and the
    # partner bot accepts only a trade that helps it too
    game = WitcherGame(PACK, Setup(heroes=("corvin", "ysolde")), 4)
    bot = WitcherBot(game)
    game.controller = bot
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    corvin.quest, ysolde.quest = "the-drowned-bell", "the-silent-coven"  # red 2, blue 2
    need_c, need_y = "red", "blue"
    assert set(bot.lead_needs(corvin)) == {"red"} and set(bot.lead_needs(ysolde)) == {"blue"}
    corvin.leads, ysolde.leads = {need_y: 1}, {need_c: 1}
    corvin.location = ysolde.location = "owlhollow"
    offer = {"op": "trade", "with": "ysolde", "give": {"lead": need_y}, "get": {"lead": need_c}}
    assert bot._operation(corvin, offer, {}) > 0
    game.operate(corvin, offer)
    assert of(game, "traded") and corvin.leads[need_c] == 1
    # a trade that only helps the offering hero is declined
    context = {"give": {"gold": 1}, "get": {"lead": need_c}}
    ysolde.leads = {need_c: 1}
    assert bot._trade_reply(ysolde, "decline", context) > bot._trade_reply(
        ysolde, "accept", context
    )


# --- WI-DRAW-03 / WI-DRAW-04: look at and reveal ------------------------------------------


def test_looking_at_cards_draws_them_in_secret_and_keeps_one() -> None:
    # WI-DRAW-03: look at X cards = draw X from the named deck and view them secretly;
    # WI-DRAW-02: drawing more than one card, the hero keeps one; WI-DRAW-01: it is resolved
    game, picker = new_game(keep_card=lambda o: o == "mine-foreman")
    corvin = hero(game, "corvin")  # Karst Hold: the Ironvale's red deck
    deck = game.state.investigation_decks["red"]
    stack(deck, "rockslide", "mine-foreman")
    corvin.luck = ["keen-eye"]  # the sample's card: look at 2 investigation cards
    game.operate(corvin, {"op": "luck", "card": "keen-eye"})
    assert of(game, "looked") == [
        {"hero": "corvin", "deck": "investigation:red", "cards": ["rockslide", "mine-foreman"]}
    ]
    assert corvin.leads == {"red": 2} and not corvin.wounds  # the foreman, not the rockslide
    assert "rockslide" in deck.discard and "mine-foreman" in deck.discard
    assert [d.kind for d in picker.asked].count("keep-card") == 1
    from questforge.engine.witcher.game import Narrator

    secret = Narrator(PACK).describe(next(e for e in game.log if e.type == "looked"))
    assert "in secret" in secret and "Rockslide" not in secret


def test_revealing_cards_shows_them_to_everyone() -> None:
    # WI-DRAW-04: reveal X cards = draw X and show them face up; the sample's Owl Feather
    # reveals two luck cards and the hero keeps one (kept face down for later, WI-LUCK-02)
    game, _ = new_game(keep_card=lambda o: o == "windfall")
    corvin = hero(game, "corvin")
    stack(game.state.luck_deck, "lucky-strike", "windfall")
    game.resolve(corvin, PACK.investigation["owl-feather"].effects, "owl-feather")
    revealed = of(game, "revealed")
    assert revealed == [{"hero": "corvin", "deck": "luck", "cards": ["lucky-strike", "windfall"]}]
    # Windfall acts at once (immediate) and is discarded; Lucky Strike was not kept
    assert game.state.luck_deck.discard == ["lucky-strike", "windfall"]
    assert corvin.gold == 2 + 2 and corvin.luck == []
    from questforge.engine.witcher.game import Narrator

    text = Narrator(PACK).describe(next(e for e in game.log if e.type == "revealed"))
    assert "Lucky Strike" in text and "Windfall" in text


def test_looking_at_misfortune_resolves_only_the_kept_card() -> None:
    # WI-DRAW-03 with WI-DRAW-02 on the misfortune deck: one card resolved, one discarded
    game, _ = new_game(keep_card=lambda o: o == "quiet-road")
    corvin = hero(game, "corvin")
    corvin.gold = 4
    stack(game.state.misfortune_deck, "cut-purse", "quiet-road")
    game.resolve(corvin, (Effect("look-at", amount=2, deck="misfortune"),), "test")
    assert [m["card"] for m in of(game, "misfortune")] == ["quiet-road"]
    assert corvin.gold == 3  # a quiet road costs 1 gold; the cut purse (2) is discarded
    assert "cut-purse" in game.state.misfortune_deck.discard


# --- WI-TRAIT-02: counting traits ---------------------------------------------------------


def test_effects_count_traits_on_kept_investigation_cards() -> None:
    # WI-TRAIT-02: the traits on the hero's investigation cards are counted, kept for a
    # task done or not yet done; WI-INV-03: the card being resolved does not count yet;
    # WI-TRAIT-01: development cards' traits are not investigation traits
    game, _ = new_game()
    ysolde = hero(game, "ysolde")
    omen = PACK.investigation["salt-witch-omen"]  # +1 VP per Sea Lore card
    game.resolve(ysolde, omen.effects, omen.id)
    assert ysolde.vp == 0  # no Sea Lore card yet: nothing
    ysolde.investigations = [
        KeptInvestigation("drowned-sailor-log", task_done=True),  # a finished task
        KeptInvestigation("tide-chart"),
        KeptInvestigation("clan-archive"),  # Deep Clans: not counted
    ]
    ysolde.development = [OwnedCard("coven-letter")]
    assert game.trait_count(ysolde, "Sea Lore") == 2
    game.resolve(ysolde, omen.effects, omen.id)
    assert ysolde.vp == 2
    assert of(game, "vp")[-1]["reason"] == "salt-witch-omen"


# --- WI-BASIC-05: challenge cards -------------------------------------------------------


def test_reaching_a_location_draws_three_challenge_cards_and_keeps_one() -> None:
    # WI-BASIC-05 (as the seed reads): on reaching a location the hero draws three
    # challenge cards and (WI-DRAW-02) keeps one; meeting it completes its side quest
    game, _ = new_game(
        challenge=lambda o: o == "rival-hunter", meet_challenge=lambda o: o == "meet"
    )
    corvin = hero(game, "corvin")
    corvin.leads = {"red": 1}
    stack(game.state.challenge_deck, "old-debt", "rival-hunter", "night-watch")
    corvin.location = "emberfall"
    game.travel(corvin, ["emberfall", "cinder-pass"], 0)  # gives no lead (WI-LOC-04)
    assert of(game, "challenge") == [
        {
            "hero": "corvin",
            "card": "rival-hunter",
            "drawn": ["old-debt", "rival-hunter", "night-watch"],
        }
    ]
    assert of(game, "challenge-met") == [{"hero": "corvin", "card": "rival-hunter"}]
    assert corvin.vp == 2 and corvin.leads.get("red", 0) == 0
    assert corvin.challenges_done == 1 and corvin.quests_done == 1  # WI-WIN-02 counts it
    assert set(game.state.challenge_deck.discard) == {"old-debt", "rival-hunter", "night-watch"}


def test_a_challenge_that_cannot_be_met_costs_its_penalty() -> None:
    # WI-BASIC-05: a hero who cannot complete the challenge suffers its penalty;
    # WI-SPEND-05: "meet" is offered only to a hero who can pay in full
    game, picker = new_game(challenge=lambda o: o == "riddle-at-the-bridge")
    corvin = hero(game, "corvin")
    corvin.leads = {"red": 1}  # two leads needed
    stack(game.state.challenge_deck, "riddle-at-the-bridge", "old-debt", "night-watch")
    corvin.location = "emberfall"
    game.travel(corvin, ["emberfall", "cinder-pass"], 0)  # gives no lead (WI-LOC-04)
    meet = [d for d in picker.asked if d.kind == "meet-challenge"]
    assert not meet  # one option only (refuse): not asked
    assert of(game, "challenge-failed") == [{"hero": "corvin", "card": "riddle-at-the-bridge"}]
    assert list(corvin.wounds.values()) == ["minor"] and corvin.vp == 0


def test_a_pack_without_challenge_cards_draws_none() -> None:
    # WI-BASIC-05 is content: with no challenge deck (or challenge_draw 0) nothing happens
    pack = dataclasses.replace(PACK, challenges={})
    game, _ = new_game(pack=pack)
    game.travel(hero(game, "corvin"), ["karst-hold", "emberfall"], 0)
    assert not of(game, "challenge")


# --- WI-DICE-06: faces printed on cards --------------------------------------------------


def test_a_card_face_replaces_a_die_instead_of_adding_results() -> None:
    # WI-DICE-06: a sword-and-shield group printed on a card is a die face, not results:
    # the die shows the whole group and nothing of what it rolled (the sample's Shield
    # Brother shows sword + shield); WI-DICE-04: cards replace die results
    game, _ = new_game(heroes=("brannoc", "corvin"), set_face=lambda o: o["die"] == 0)
    brannoc = hero(game, "brannoc")
    white = PACK.dice["combat-white"]
    fight = Fight("bog-lurker", [white, white], 0, [("shield",), ("sword",)])
    game.resolve(brannoc, PACK.development["shield-brother"].effects, "shield-brother", fight=fight)
    assert fight.faces == [("sword", "shield"), ("sword",)]
    tally = fight.tally(Counter())
    assert (tally.swords, tally.shields) == (2, 1)  # the rolled shield is gone, not kept
    assert of(game, "face-set") == [
        {
            "hero": "brannoc",
            "die": "combat-white",
            "face": ["sword", "shield"],
            "reason": "shield-brother",
        }
    ]
    game.reroll(brannoc, fight, 2)
    assert fight.faces[0] == ("sword", "shield")  # placed, not rolled: no reroll


def test_a_face_on_a_hero_die_counts_for_the_hero_sheet() -> None:
    # WI-DICE-06 with WI-DICE-05: a face a card puts on a hero die is that die's face, so
    # the hero sheet's dice effects see it (Corvin: two hands give a sword)
    game, _ = new_game(set_face=lambda o: o["hero_die"] and o["shows"] == ["sword"])
    corvin = hero(game, "corvin")
    steel, silver = PACK.dice["corvin-steel"], PACK.dice["corvin-silver"]
    fight = Fight("rat", [steel, silver], 2, [("hand",), ("sword",)])
    assert game._sheet_bonus(corvin, fight) == Counter()
    game.resolve(corvin, (Effect("set-face", face=("hand",)),), "test", fight=fight)
    assert fight.faces == [("hand",), ("hand",)]
    assert game._sheet_bonus(corvin, fight) == Counter({"sword": 1})


# --- WI-VP-03: the hero with the most VP --------------------------------------------------


def test_an_effect_on_the_most_vp_hero_falls_on_the_leader() -> None:
    # WI-VP-03 (as the seed reads): an effect that names the hero with the most VP falls
    # on that hero, whoever draws it (the sample's Tax Collector)
    game, _ = new_game()
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    corvin.vp, ysolde.vp = 3, 9
    ysolde.gold = corvin.gold = 4
    game.state.active = 0  # Corvin draws it
    game.resolve(corvin, PACK.misfortune["tax-collector"].effects, "tax-collector")
    assert ysolde.gold == 2 and corvin.gold == 4
    assert of(game, "chose")[0]["hero"] == "ysolde"


def test_on_a_tie_for_most_vp_the_active_hero_chooses_who_suffers() -> None:
    # WI-VP-03: several heroes share the most VP: the active player chooses
    game, picker = new_game(
        heroes=("corvin", "ysolde", "tamsin"), target_hero=lambda o: o == "tamsin"
    )
    corvin, ysolde, tamsin = (hero(game, h) for h in ("corvin", "ysolde", "tamsin"))
    corvin.vp, ysolde.vp, tamsin.vp = 1, 7, 7
    game.state.active = 0
    game.resolve(corvin, (Effect("lose-vp", amount=2, target="most-vp"),), "test")
    assert (corvin.vp, ysolde.vp, tamsin.vp) == (1, 7, 5)
    ask = next(d for d in picker.asked if d.kind == "target-hero")
    assert ask.actor == "corvin" and set(ask.options) == {"ysolde", "tamsin"}


# --- the bots use them in whole games ---------------------------------------------------


def test_bot_games_use_the_new_rules() -> None:
    # WI-LOC-03, WI-BASIC-05, WI-DRAW-03, WI-DRAW-04: in bot games of the sample, challenges are met
    # and refused, trades are offered, and cards are looked at or revealed
    seen: Counter[str] = Counter()
    for seed in range(6):
        game = WitcherGame(PACK, Setup(players=4), seed)
        game.run(WitcherBot(game))
        assert game.state.finished
        seen.update(e.type for e in game.log)
    for kind in ("challenge-met", "challenge-failed", "trade-offer", "traded"):
        assert seen[kind] > 0, kind
    assert seen["looked"] + seen["revealed"] > 0


def test_bots_keep_the_gold_a_sea_crossing_needs() -> None:
    # WI-ROUTE-02, WI-ROUTE-03: sea routes cost gold. A bot whose quest lies across the sea counts
    # the crossing as gold its quest needs: not ready without it, and it does not spend
    # that gold on a challenge (WI-BASIC-05) it could otherwise meet
    game = WitcherGame(PACK, Setup(heroes=("corvin", "ysolde")), 2)
    bot = WitcherBot(game)
    ysolde = hero(game, "ysolde")
    ysolde.quest = "salt-and-sorcery"  # at Mistral Isle, an island
    ysolde.proof = {"blue": 1, "green": 1}
    ysolde.location, ysolde.gold = "lanternholm", 0
    steps, gold = bot.way("lanternholm", "mistral-isle", 0)
    assert gold == 1 and steps > 1  # one crossing, dearer than the purse
    assert not bot.ready(ysolde)
    ysolde.gold = 1
    assert bot.ready(ysolde)
    meet, refuse = bot._challenge_worth(ysolde, "toll-at-the-ford")  # costs 1 gold
    assert meet == -99.0  # the crossing's gold is not spent on it
    ysolde.gold = 2
    meet, refuse = bot._challenge_worth(ysolde, "toll-at-the-ford")
    assert meet > refuse
