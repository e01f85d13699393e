"""Operations, leads and proof, quests (WI-OP, WI-LEAD, WI-SPEND, WI-QUEST, WI-BASIC, WI-VP)."""

from __future__ import annotations

import dataclasses

from wigame import PACK, hero, new_game, of, stack

from questforge.engine.witcher.game.state import KeptInvestigation, OwnedCard
from questforge.engine.witcher.model.content import Effect, Resources


def test_setup_keeps_one_of_two_quests_from_the_heros_deck() -> None:
    # WI-BASIC-01, WI-REF-05, WI-DISC-02: two drawn from the hero's deck, one kept
    game, _ = new_game(heroes=("corvin", "ysolde"))
    game.start()
    for h in game.state.heroes:
        assert PACK.quests[h.quest].deck == h.hero.quest_deck  # type: ignore[index]
    quests = of(game, "quest")
    assert [len(q["discarded"]) for q in quests] == [1, 1]
    assert game.state.quest_decks["red"].discard == quests[0]["discarded"]


def test_exchange_at_the_heros_rate_same_colour_only() -> None:
    # WI-OP-02, WI-LEAD-05, WI-LEAD-01: leads of one colour at the hero's rate -> proof
    game, _ = new_game()
    ysolde = hero(game, "ysolde")
    ysolde.leads = {"blue": 3, "red": 4}
    ops = game.operation_options(ysolde)
    assert {"op": "exchange", "colour": "blue"} in ops  # blue: 3
    assert {"op": "exchange", "colour": "red"} not in ops  # red: the default 5
    game.operate(ysolde, {"op": "exchange", "colour": "blue"})
    assert ysolde.leads["blue"] == 0 and ysolde.proof == {"blue": 1}


def test_proof_never_turns_back_into_leads() -> None:
    # WI-LEAD-06: no operation turns proof into leads
    game, _ = new_game()
    ysolde = hero(game, "ysolde")
    ysolde.proof = {"blue": 2}
    assert all(o["op"] != "exchange" for o in game.operation_options(ysolde))


def test_leads_of_any_colour_are_chosen() -> None:
    # WI-LEAD-04, WI-LEAD-02: an effect giving a lead without a colour: any colour
    game, picker = new_game(lead_colour=lambda c: c == "green")
    corvin = hero(game, "corvin")
    game.resolve(corvin, (Effect("gain-leads", amount=2),), "luck")
    assert corvin.leads == {"green": 2}
    asked = [d for d in picker.asked if d.kind == "lead-colour"]
    assert asked and set(asked[0].options) == {"red", "blue", "green"}


def _at_destination(game, ident, quest_id):  # type: ignore[no-untyped-def]
    h = hero(game, ident)
    deck = game.state.quest_decks[PACK.quests[quest_id].deck]
    if quest_id in deck.draw_pile:
        deck.draw_pile.remove(quest_id)  # as if drawn
    h.quest = quest_id
    h.location = PACK.quests[quest_id].destination
    return h


def test_main_quest_only_at_its_destination_with_the_resources() -> None:
    # WI-BASIC-03, WI-OP-05, WI-QUEST-01: resources and the destination, both
    game, _ = new_game()
    corvin = _at_destination(game, "corvin", "ashes-of-the-glade")  # red 1 + green 1, 1 gold
    corvin.gold = 1
    corvin.proof = {"red": 1}
    assert all(o["op"] != "main-quest" for o in game.operation_options(corvin))
    corvin.proof = {"red": 1, "green": 1}
    assert {"op": "main-quest", "quest": "ashes-of-the-glade"} in game.operation_options(corvin)
    corvin.location = "mossgate"
    assert all(o["op"] != "main-quest" for o in game.operation_options(corvin))


def test_completing_a_main_quest() -> None:
    # WI-OP-05, WI-BASIC-02, WI-QUEST-02, WI-LUCK-01, WI-VP-01, WI-SPEND-01: pay, gain the
    # VP, the card goes face down, a luck card, a new quest of two; WI-AREA-01: completed
    # quests stay in the hero's area, apart from the current one
    game, _ = new_game()
    corvin = _at_destination(game, "corvin", "ashes-of-the-glade")
    corvin.gold, corvin.proof = 3, {"red": 1, "green": 1}
    game.operate(corvin, {"op": "main-quest", "quest": "ashes-of-the-glade"})
    assert corvin.completed == ["ashes-of-the-glade"]
    assert corvin.vp == 10 and corvin.gold == 2 and corvin.proof == {"red": 0, "green": 0}
    assert len(of(game, "luck")) == 1
    assert corvin.quest is not None and corvin.quest != "ashes-of-the-glade"
    assert "ashes-of-the-glade" not in game.state.quest_decks["red"].discard  # kept face down


def test_a_quest_enemy_is_fought_and_the_quest_counts_whatever_the_result() -> None:
    # WI-CMB-09, WI-QUEST-06
    game, _ = new_game(seed=2)
    corvin = _at_destination(game, "corvin", "the-wyrm-of-emberfall")
    corvin.proof = {"red": 2, "blue": 1}
    game.operate(corvin, {"op": "main-quest", "quest": "the-wyrm-of-emberfall"})
    result = of(game, "fight-result")
    assert len(result) == 1 and result[0]["monster"] == "crag-wyrm"
    assert "the-wyrm-of-emberfall" in corvin.completed
    assert corvin.vp >= 16


def test_quests_stop_at_the_game_length_and_trigger_the_end() -> None:
    # WI-QUEST-04, WI-WIN-01, WI-REF-07: the length (short = 1 quest) ends the game
    game, _ = new_game(length="short")
    corvin = _at_destination(game, "corvin", "ashes-of-the-glade")
    corvin.gold, corvin.proof = 1, {"red": 1, "green": 1}
    game.operate(corvin, {"op": "main-quest", "quest": "ashes-of-the-glade"})
    assert corvin.quest is None and game.state.end_triggered_by == "corvin"
    assert of(game, "end-triggered") == [{"hero": "corvin", "quests": 1}]


def test_side_quests_visit_and_spend_in_any_order() -> None:
    # WI-OP-03, WI-QUEST-03, WI-QUEST-07: a visit side quest at its location only; others
    # anywhere. WI-REF-06: a quest card has a main quest, side quests and a support quest;
    # anywhere
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.quest = "the-drowned-bell"  # visit lanternholm; grease palms: 2 gold
    corvin.gold = 2
    ops = game.operation_options(corvin)
    assert {"op": "side-quest", "quest": "the-drowned-bell", "side": "grease-palms"} in ops
    assert not [o for o in ops if o.get("side") == "a-word-abroad"]
    game.operate(corvin, {"op": "side-quest", "quest": "the-drowned-bell", "side": "grease-palms"})
    assert corvin.gold == 0 and corvin.vp == 3
    corvin.location = "lanternholm"
    game.operate(corvin, {"op": "side-quest", "quest": "the-drowned-bell", "side": "a-word-abroad"})
    assert corvin.vp == 6
    assert not [o for o in game.operation_options(corvin) if o["op"] == "side-quest"]


def test_defeat_side_quest_completes_at_once() -> None:
    # WI-QUEST-05: defeating the monster completes it without an operation
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.quest = "the-drowned-bell"  # clear the road: a bronze monster
    game.on_defeat(corvin, "bronze")
    assert ("the-drowned-bell", "clear-the-road") in corvin.side_done and corvin.vp == 4


def test_support_quest_by_an_opponent_at_the_same_location() -> None:
    # WI-OP-04, WI-QUEST-08, WI-VP-06: opponents only, same location; 6 VP to the
    # supporter, 3 to the owner; once per card
    game, _ = new_game()
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    ysolde.quest = "the-silent-coven"  # support: 2 leads of any colour
    corvin.quest = "the-drowned-bell"
    corvin.leads = {"red": 2}
    assert not [o for o in game.operation_options(corvin) if o["op"] == "support"]
    corvin.location = ysolde.location
    own = [o for o in game.operation_options(ysolde) if o["op"] == "support"]
    assert all(o["owner"] != "ysolde" for o in own)  # never one's own card
    game.operate(corvin, {"op": "support", "owner": "ysolde", "quest": "the-silent-coven"})
    assert (corvin.vp, ysolde.vp, corvin.leads["red"]) == (6, 3, 0)
    corvin.leads = {"red": 2}
    assert not [o for o in game.operation_options(corvin) if o["op"] == "support"]


def test_any_colour_cost_is_paid_with_any_leads() -> None:
    # WI-SPEND-02
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.leads = {"blue": 1, "green": 1}
    assert game.can_pay(corvin, Resources(any_leads=2))
    game.pay(corvin, Resources(any_leads=2), "test")
    assert sum(corvin.leads.values()) == 0


def test_spending_more_than_held_spends_everything() -> None:
    # WI-SPEND-04
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.gold = 1
    corvin.leads = {"red": 1}
    game.resolve(corvin, (Effect("lose-gold", amount=3), Effect("lose-leads", amount=2)), "x")
    assert corvin.gold == 0 and corvin.leads == {"red": 0}


def test_a_choice_offers_only_what_the_hero_can_meet() -> None:
    # WI-SPEND-05: "spend 2 leads or fight" with fewer than 2 leads: fight
    game, picker = new_game()
    corvin = hero(game, "corvin")
    corvin.leads = {"red": 1}
    stack(game.state.misfortune_deck, "ambush-at-dusk")
    game.misfortune_card(corvin, "test")
    assert of(game, "chose")[0]["option"] == 1 and of(game, "fight")
    assert not [d for d in picker.asked if d.kind == "choice"]  # nothing left to choose


def test_losing_vp_one_does_not_have_is_not_an_option_one_can_meet() -> None:
    # WI-SPEND-05: "lose 2 gold or lose 2 VP" - a hero with 1 VP cannot fully meet the VP
    # option (VP never go below 0, WI-VP-02, so it would cost them less than it says)
    game, _ = new_game(choice=lambda o: o["option"] == 1)  # would rather lose VP
    corvin = hero(game, "corvin")
    corvin.gold, corvin.vp = 2, 1
    hero(game, "ysolde").vp = 0  # the Tax Collector targets the hero with the most VP
    stack(game.state.misfortune_deck, "tax-collector")
    game.misfortune_card(corvin, "test")
    assert of(game, "chose")[0]["option"] == 0 and corvin.gold == 0 and corvin.vp == 1


def test_vp_never_below_zero_and_without_cap() -> None:
    # WI-VP-02, WI-GOAL-02, WI-VP-04 (no cap: past 80 the score simply goes on)
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.vp = 1
    game.gain_vp(corvin, -3, "test")
    assert corvin.vp == 0
    corvin.vp = 79
    game.gain_vp(corvin, 3, "test")
    assert corvin.vp == 82


def test_tasks_of_kept_investigation_cards() -> None:
    # WI-TASK-01, WI-TASK-03, WI-KEEP-03, WI-INV-02: a card with a task is kept face up, the task
    # done once, at its location
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.location = "harrowport"
    stack(game.state.investigation_decks["blue"], "drowned-sailor-log")
    game.investigate(corvin)
    assert [k.id for k in corvin.investigations] == ["drowned-sailor-log"]
    assert not [o for o in game.operation_options(corvin) if o["op"] == "task"]
    corvin.location = "mistral-isle"
    game.operate(corvin, {"op": "task", "card": "drowned-sailor-log"})
    assert corvin.vp == 3 and corvin.investigations[0].task_done
    assert not [o for o in game.operation_options(corvin) if o["op"] == "task"]


def test_a_defeat_task_completes_one_task_per_fight() -> None:
    # WI-TASK-02: one task at a time; WI-KEEP-04: an unmet task stays open
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.investigations = [KeptInvestigation("bounty-board"), KeptInvestigation("bounty-board")]
    game.on_defeat(corvin, "silver")
    assert [k.task_done for k in corvin.investigations] == [True, False]


def test_special_operation_as_often_as_it_is_paid_for() -> None:
    # WI-OP-06: bribe a friend: 1 gold becomes a marker on a friend card; WI-OP-01: any
    # number of operations, so it repeats while paid for and a card has room (WI-DEV-01)
    game, _ = new_game(heroes=("tamsin", "corvin"))
    tamsin = hero(game, "tamsin")
    tamsin.gold = 5
    tamsin.development.append(OwnedCard("harbour-contact", 0))
    assert {"op": "special"} in game.operation_options(tamsin)
    game.operate(tamsin, {"op": "special"})
    assert tamsin.gold == 4 and tamsin.card("harbour-contact").markers == 1  # type: ignore[union-attr]
    assert {"op": "special"} in game.operation_options(tamsin)
    game.operate(tamsin, {"op": "special"})
    game.operate(tamsin, {"op": "special"})
    assert tamsin.gold == 2 and tamsin.card("harbour-contact").markers == 3  # type: ignore[union-attr]
    assert {"op": "special"} not in game.operation_options(tamsin)  # the card is full


def test_a_free_special_operation_once_per_turn() -> None:
    # WI-OP-01: operations that use nothing up would never end a turn: a special operation
    # that costs nothing is ours to limit to once per turn
    game, _ = new_game(heroes=("tamsin", "corvin"))
    tamsin = hero(game, "tamsin")
    special = tamsin.hero.special_operation
    assert special is not None
    free = dataclasses.replace(special, cost=Resources(), effects=(Effect("gain-gold"),))
    tamsin.hero = dataclasses.replace(tamsin.hero, special_operation=free)
    game.operate(tamsin, {"op": "special"})
    assert tamsin.gold == 3 and {"op": "special"} not in game.operation_options(tamsin)


def test_own_turn_cards_spend_markers() -> None:
    # WI-DEV-04, WI-SPEND-03: using a cross-star ability removes one marker
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.development.append(OwnedCard("bounty-ledger", 1))
    game.operate(corvin, {"op": "card", "card": "bounty-ledger"})
    assert corvin.card("bounty-ledger").markers == 0 and corvin.leads == {"red": 1}  # type: ignore[union-attr]
    assert {"op": "card", "card": "bounty-ledger"} not in game.operation_options(corvin)


def test_a_task_needing_travel_pays_after_the_travel() -> None:
    # WI-TASK-04: the reward comes only once the action is fully resolved (an operation
    # after the travel, including its misfortune card)
    game, _ = new_game(
        heroes=("tamsin", "corvin"),
        action=lambda o: o["action"] == "travel" and o["to"] == "mistral-isle",
        operation=lambda o: o["op"] == "task",
    )
    game.start()
    tamsin = hero(game, "tamsin")
    tamsin.investigations = [KeptInvestigation("drowned-sailor-log")]
    game.play_turn(tamsin)
    kinds = [e.type for e in game.log]
    assert kinds.index("task") > kinds.index("travelled")
