"""Gloomhaven campaign rules between scenarios: each test drives the campaign face or its
rules on the sample pack and checks what the sheets say afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest

from questforge.engine.core.campaign import CampaignError
from questforge.engine.gloomhaven.campaign import events, rules, tables
from questforge.engine.gloomhaven.campaign.content import campaign_content
from questforge.engine.gloomhaven.campaign.face import FACE, equipped
from questforge.engine.gloomhaven.campaign.state import Campaign


@pytest.fixture
def camp(sample_pack: Path) -> Campaign:
    return FACE.new(sample_pack, "Lamplighters", ["tunnel-rat:Pip", "shaftbreaker:Bram"], 5, {})


def content(sample_pack: Path):  # type: ignore[no-untyped-def]
    return campaign_content(sample_pack)


def test_new_characters_start_with_the_level_gold_xp_and_a_quest(sample_pack: Path) -> None:
    c = FACE.new(sample_pack, "P", ["tunnel-rat", "shaftbreaker"], 1, {})
    rat = c.characters[0]
    # GH-NEWCH-05: 15 x (L + 1) gold; GH-NEWCH-06: the level's minimum XP
    assert (rat.level, rat.gold, rat.xp) == (1, 30, 0)
    # GH-NEWCH-03: the level-1 and X cards
    info = content(sample_pack).classes["tunnel-rat"]
    assert sorted(rat.pool) == sorted(info.starting_cards) and info.x_cards
    # GH-PQ-01: two dealt, one kept, the other back in the deck; no two characters share one
    assert rat.personal_quest and c.characters[1].personal_quest != rat.personal_quest
    assert rat.personal_quest not in c.quest_deck
    assert len(c.quest_deck) == 3 - 2
    # GH-REP-01: a new party starts at reputation 0
    assert c.reputation == 0


def test_a_new_character_above_level_one_needs_the_prosperity(
    camp: Campaign, sample_pack: Path
) -> None:
    # GH-NEWCH-04: at most the prosperity level (level 1 for a new campaign)
    with pytest.raises(CampaignError, match="GH-NEWCH-04"):
        rules.new_character(content(sample_pack), camp, "ore-singer", "Ore", 2)
    camp.prosperity = tables.PROSPERITY_FOR_LEVEL[2]  # level 3
    rules.new_character(content(sample_pack), camp, "ore-singer", "Ore", 3)
    ore = camp.characters[-1]
    # GH-NEWCH-05/06 at level 3: 60 gold, 95 XP; two perks earned by the levels (GH-LVL-03)
    assert (ore.level, ore.gold, ore.xp, ore.perks_owed()) == (3, 60, 95, 2)


def test_only_scenarios_without_requirements_start_unlocked(camp: Campaign) -> None:
    # GH-BOARD-02, GH-CAMP-02: cinder-forge needs an achievement, flooded-workings is
    # unlocked by the collapsed adit
    assert camp.unlocked == ["collapsed-adit"]


def test_locked_and_completed_scenarios_are_refused_in_campaign_mode(camp: Campaign) -> None:
    # GH-CAMP-02: locked (its achievement is missing)
    with pytest.raises(CampaignError, match="locked"):
        FACE.plan(camp, "cinder-forge", casual=False)
    camp.unlocked.append("cinder-forge")
    with pytest.raises(CampaignError, match="GH-CAMP-02"):
        FACE.plan(camp, "cinder-forge", casual=False)
    # GH-CAMP-04: casual mode plays it whatever the achievements
    assert FACE.plan(camp, "cinder-forge", casual=True).scenario == "cinder-forge"
    # GH-CAMP-03: completed once, never again in campaign mode; casual may replay it
    camp.unlocked.remove("collapsed-adit")
    camp.completed.append("collapsed-adit")
    with pytest.raises(CampaignError, match="GH-CAMP-03"):
        FACE.plan(camp, "collapsed-adit", casual=False)
    assert FACE.plan(camp, "collapsed-adit", casual=True).casual


def _result(
    xp: int = 0, gold: int = 0, marks: int = 0
) -> list[tuple[str, int, int, int, tuple[str, ...]]]:
    return [("tunnel-rat", xp, gold, marks, ()), ("shaftbreaker", xp, gold, marks, ())]


def test_a_campaign_win_gives_rewards_unlocks_and_the_completed_mark(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = content(sample_pack)
    rules.apply_result(cc, camp, "collapsed-adit", False, "won", _result(xp=10, gold=6))
    rat = camp.characters[0]
    # GH-REF-02 XP and gold as the game counted them, plus the scenario's 10 gold reward
    assert (rat.xp, rat.gold) == (10, 30 + 6 + 10)
    # GH-BOARD-02: completed, its unlocks on the map
    assert camp.completed == ["collapsed-adit"]
    assert camp.unlocked == ["flooded-workings"]
    rules.apply_result(cc, camp, "flooded-workings", False, "won", _result())
    # GH-ACH-02: the flooded workings give a global achievement, which opens the forge
    assert "The Strongroom Ledgers" in camp.global_achievements
    assert camp.prosperity == 1
    assert FACE.plan(camp, "cinder-forge", casual=False).scenario == "cinder-forge"


def test_casual_mode_gives_xp_gold_and_checkmarks_but_no_rewards(
    camp: Campaign, sample_pack: Path
) -> None:
    # GH-CAMP-05
    rules.apply_result(content(sample_pack), camp, "collapsed-adit", True, "won", _result(8, 4, 1))
    rat = camp.characters[0]
    assert (rat.xp, rat.gold, rat.checkmarks) == (8, 34, 1)
    assert camp.completed == [] and camp.unlocked == ["collapsed-adit"]


def test_a_loss_keeps_xp_and_gold_but_completes_nothing(camp: Campaign, sample_pack: Path) -> None:
    # GH-TRAVEL-01: won or lost, the party is then at the scenario
    rules.apply_result(content(sample_pack), camp, "collapsed-adit", False, "lost", _result(3, 2))
    assert camp.characters[0].xp == 3 and camp.completed == []
    assert camp.location == "collapsed-adit"


def test_three_checkmarks_give_a_perk_leftover_kept_at_most_six(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = content(sample_pack)
    rat = camp.characters[0]
    # GH-BG-07, GH-PERK-02: 4 checkmarks -> one perk to mark, one checkmark toward the next
    rules.apply_result(cc, camp, "collapsed-adit", True, "won", _result(marks=4))
    assert rat.checkmark_perks() == 1 and rat.checkmarks % 3 == 1 and rat.perks_owed() == 1
    rules.mark_perk(cc, camp, "Pip", 1)
    assert rat.perks == [1] and rat.perks_owed() == 0
    with pytest.raises(CampaignError, match="no perk to mark"):
        rules.mark_perk(cc, camp, "Pip", 2)
    # GH-PERK-03: at most 6 perks from checkmarks, however many are gained
    rules.apply_result(cc, camp, "collapsed-adit", True, "won", _result(marks=30))
    assert rat.checkmark_perks() == 6 and rat.perks_owed() == 5


def test_a_perk_box_is_marked_no_more_often_than_printed(camp: Campaign, sample_pack: Path) -> None:
    cc = content(sample_pack)
    rat = camp.characters[0]
    rat.checkmarks = 18
    once = cc.classes["tunnel-rat"].perk_counts.index(1) + 1
    rules.mark_perk(cc, camp, "Pip", once)
    with pytest.raises(CampaignError, match="all marked"):
        rules.mark_perk(cc, camp, "Pip", once)


def test_level_up_needs_the_published_xp_thresholds(camp: Campaign, sample_pack: Path) -> None:
    cc = content(sample_pack)
    rat = camp.characters[0]
    # GH-REF-03: 45 XP for level 2, 95 for level 3
    rat.xp = 44
    with pytest.raises(CampaignError, match="needs 45"):
        rules.level_up(cc, camp, "Pip")
    rat.xp = 95
    rules.level_up(cc, camp, "Pip", perk=2)  # GH-LVL-03: a perk with the level
    rules.level_up(cc, camp, "Pip")
    assert rat.level == 3 and rat.perks == [2] and rat.perks_owed() == 1
    with pytest.raises(CampaignError, match="needs 150"):
        rules.level_up(cc, camp, "Pip")
    # GH-LVL-01: levelling happens only in town
    assert camp.location == "gloomhaven"
    assert [tables.level_for_xp(x) for x in (0, 45, 94, 95, 500)] == [1, 2, 2, 3, 9]


def test_shop_prices_follow_reputation(camp: Campaign, sample_pack: Path) -> None:
    cc = content(sample_pack)
    # GH-REP-04 (published table): 0 at -2..2, -1 at 3..6, -2 at 7..10, +1 at -3..-6, +5 at -20
    assert [tables.price_modifier(r) for r in (0, 2, 3, 6, 7, 18, 19, 20)] == [
        0,
        0,
        -1,
        -1,
        -2,
        -4,
        -5,
        -5,
    ]
    assert [tables.price_modifier(r) for r in (-2, -3, -7, -20)] == [0, 1, 2, 5]
    camp.reputation = 7
    rat = camp.characters[0]
    # GH-SHOP-01: a 10-gold tonic costs 8 at reputation 7
    rules.buy(cc, camp, "Pip", "tonic")
    assert rat.gold == 30 - 8 and "tonic" in rat.items
    # GH-SHOP-03: never two copies
    with pytest.raises(CampaignError, match="GH-SHOP-03"):
        rules.buy(cc, camp, "Pip", "tonic")
    # GH-SHOP-02: sold for half the card's cost, back to the supply
    supply = camp.supply["tonic"]
    rules.sell(cc, camp, "Pip", "tonic")
    assert rat.gold == 22 + 5 and camp.supply["tonic"] == supply + 1


def test_buying_needs_gold_and_a_copy_in_the_supply(camp: Campaign, sample_pack: Path) -> None:
    cc = content(sample_pack)
    with pytest.raises(CampaignError, match="costs 40"):
        rules.buy(cc, camp, "Pip", "sledgehammer")  # GH-SHOP-01
    camp.supply["tonic"] = 0
    with pytest.raises(CampaignError, match="every copy"):
        rules.buy(cc, camp, "Pip", "tonic")  # GH-SHOP-06


def test_donation_once_per_visit(camp: Campaign, sample_pack: Path) -> None:
    # GH-DONATE-01: 10 gold, two blesses for the next scenario, once per town visit
    rules.donate(camp, "Pip")
    rat = camp.characters[0]
    assert rat.gold == 20 and rat.blesses == 2
    with pytest.raises(CampaignError, match="GH-DONATE-01"):
        rules.donate(camp, "Pip")
    rules.apply_result(content(sample_pack), camp, "collapsed-adit", True, "lost", _result())
    assert rat.blesses == 0  # used in that scenario
    rules.donate(camp, "Pip")  # a new visit
    assert rat.gold == 10


def _event_on_top(camp: Campaign, deck: str, event: str) -> None:
    cards = events.deck_of(camp, deck)
    cards.remove(event)
    cards.insert(0, event)


def test_event_outcomes_by_class_reputation_and_otherwise(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = content(sample_pack)
    # GH-ROAD-03: "otherwise" applies when no class outcome did (no lampwright here)
    _event_on_top(camp, "city", "city-02")
    events.resolve(cc, camp, "city", "A")
    assert [c.gold for c in camp.characters] == [25, 25]
    assert [c.xp for c in camp.characters] == [0, 0]
    # GH-EVT-05: a returned card goes under its deck
    assert camp.city_events[-1] == "city-02"
    # GH-REP-03: the reputation outcome applies at 5 or more; GH-EVT-02: removed
    camp.reputation = 5
    _event_on_top(camp, "city", "city-01")
    events.resolve(cc, camp, "city", "A")
    assert camp.reputation == 6 and camp.characters[0].gold == 30
    assert "city-01" not in camp.city_events
    # GH-ROAD-03 class outcome: the shaftbreaker rolls the cart away, nobody is hurt
    _event_on_top(camp, "road", "road-01")
    events.resolve(cc, camp, "road", "A")
    assert [c.start_damage for c in camp.characters] == [0, 0]


def test_event_losses_stop_at_zero_and_reputation_at_twenty(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = content(sample_pack)
    for c in camp.characters:
        c.gold = 3
    camp.reputation = 19
    _event_on_top(camp, "city", "city-01")
    events.resolve(cc, camp, "city", "B")  # -5 gold, +2 reputation
    # GH-ROAD-04/05: lose what there is; GH-REP-02: capped at +20
    assert [c.gold for c in camp.characters] == [0, 0]
    assert camp.reputation == 20


def test_road_event_needed_unless_linked(camp: Campaign, sample_pack: Path) -> None:
    cc = content(sample_pack)
    # GH-TRAVEL-03: from town, linked to the city: no road event
    assert not rules.road_event_needed(cc, camp, "collapsed-adit")
    assert rules.road_event_needed(cc, camp, "flooded-workings")
    # GH-TRAVEL-02: straight on to a linked scenario, or the same one: none
    camp.location = "flooded-workings"
    assert not rules.road_event_needed(cc, camp, "cinder-forge")
    assert not rules.road_event_needed(cc, camp, "flooded-workings")
    camp.location = "collapsed-adit"
    assert rules.road_event_needed(cc, camp, "flooded-workings")


def test_retirement_needs_the_quest_and_returns_items(camp: Campaign, sample_pack: Path) -> None:
    cc = content(sample_pack)
    rat = camp.characters[0]
    quest = cc.quests[rat.personal_quest]
    rules.buy(cc, camp, "Pip", "tonic")
    supply = camp.supply["tonic"]
    # GH-RETIRE-01: not before the quest is met
    with pytest.raises(CampaignError, match="GH-RETIRE-01"):
        rules.retire(cc, camp, "Pip")
    for i, (_text, need) in enumerate(quest.requirements, 1):
        rules.tick_quest(cc, camp, "Pip", i, need)
    # GH-RETIRE-01: with the quest met, no new scenario before retiring
    with pytest.raises(CampaignError, match="must retire"):
        FACE.plan(camp, "collapsed-adit", casual=False)
    rules.retire(cc, camp, "Pip")
    # GH-RETIRE-02: items back to the supply; GH-RETIRE-03 / GH-PQ-03: +1 prosperity
    assert rat.retired and camp.supply["tonic"] == supply + 1
    assert camp.prosperity == 1
    assert [c.name for c in camp.active()] == ["Bram"]


def test_the_plan_carries_levels_hands_items_and_perks(camp: Campaign, sample_pack: Path) -> None:
    cc = content(sample_pack)
    rat = camp.characters[0]
    rat.level, rat.xp, rat.perks = 3, 95, [1, 2]
    rat.items = ["tonic", "lucky-nugget", "ember-flask"]
    plan = FACE.plan(camp, "collapsed-adit", casual=False)
    # GH-LEVEL-03 from the sheet's levels; GH-LVL-04 perks; GH-HAND-01 a full hand
    assert plan.setup["character-levels"] == "3,1" and plan.setup["recommended-level"] is True
    assert "tunnel-rat=1,2" in str(plan.setup["perks"])
    hand = str(plan.setup["hands"]).split(";")[0].split("=")[1].split(",")
    assert len(hand) == cc.classes["tunnel-rat"].hand_size
    # GH-REF-04: small items up to ceil(3 / 2) = 2 at level 3
    smalls = [i for i in equipped(cc, rat) if cc.items[i].slot == "small"]
    assert len(smalls) <= 2


def test_same_seed_same_campaign(sample_pack: Path) -> None:
    from questforge.engine.gloomhaven.campaign.storage import dumps

    a = FACE.new(sample_pack, "P", ["tunnel-rat", "shaftbreaker"], 9, {})
    b = FACE.new(sample_pack, "P", ["tunnel-rat", "shaftbreaker"], 9, {})
    assert dumps(a) == dumps(b)
    assert FACE.game_seed(a) == FACE.game_seed(b)


def test_the_sheets_carry_blesses_damage_and_conditions_into_the_game(
    camp: Campaign, sample_pack: Path
) -> None:
    from questforge.engine.core.targets import resolve_target
    from questforge.engine.gloomhaven.game.face import FACE as GAME

    rules.donate(camp, "Pip")  # GH-DONATE-01: two blesses for the next scenario
    camp.characters[1].start_damage = 3  # GH-EVT-02: an event's damage and condition
    camp.characters[1].start_conditions = ["poison"]
    plan = FACE.plan(camp, "collapsed-adit", casual=False)
    assert plan.setup["start-conditions"] == "tunnel-rat=bless,bless;shaftbreaker=poison"
    target = resolve_target(f"{sample_pack}:collapsed-adit", ["scenario"])
    content = GAME.load(target)
    setup = {o.name: plan.setup.get(o.name, o.default) for o in GAME.setup_options(content, target)}
    game = GAME.new_game(content, target, setup, 1)
    state = game.game.state
    assert state.characters["tunnel-rat"].modifier_deck.count("bless") == 2
    game.step(GAME.bots(game, 1))  # placing the party
    bram = state.figures[state.characters["shaftbreaker"].figure]
    assert bram.hp == bram.max_hp - 3 and "poison" in bram.conditions
    # the game log holds them, so a replay plays the same game
    assert game.game.to_log()["setup"]["start_damage"] == {"shaftbreaker": 3}
    # without them the setup (and so every pinned log) is as before
    plain = {o.name: o.default for o in GAME.setup_options(content, target)}
    log = GAME.new_game(content, target, plain, 1).game.to_log()["setup"]
    assert "start_damage" not in log and "start_conditions" not in log


def test_a_starting_condition_must_be_a_condition(sample_pack: Path) -> None:
    from questforge.engine.core.game import SetupError
    from questforge.engine.core.targets import resolve_target
    from questforge.engine.gloomhaven.game.face import FACE as GAME

    target = resolve_target(f"{sample_pack}:collapsed-adit", ["scenario"])
    content = GAME.load(target)
    setup = {o.name: o.default for o in GAME.setup_options(content, target)}
    with pytest.raises(SetupError, match="unknown starting condition"):
        GAME.new_game(content, target, {**setup, "start-conditions": "lampwright=sleepy"}, 1)


def test_the_other_personal_quest_may_be_kept_before_the_first_scenario(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = content(sample_pack)
    pip, bram = camp.characters
    # GH-PQ-01: two dealt, one kept; the other may be kept instead, once, before playing
    kept, other = pip.personal_quest, pip.quest_offered
    assert other and other != kept and bram.quest_offered == other  # seed 5's deal
    rules.swap_quest(cc, camp, "Pip")
    assert (pip.personal_quest, pip.quest_offered) == (other, kept)
    assert kept in camp.quest_deck and other not in camp.quest_deck
    # the quest both were offered is Pip's now
    with pytest.raises(CampaignError, match="Pip holds it"):
        rules.swap_quest(cc, camp, "Bram")
    rules.apply_result(cc, camp, "collapsed-adit", True, "lost", _result())
    with pytest.raises(CampaignError, match="GH-PQ-01"):
        rules.swap_quest(cc, camp, "Pip")


def test_the_campaign_face_is_found_through_the_ruleset_record() -> None:
    from questforge.engine import rulesets

    assert rulesets.get("gloomhaven").campaign() is FACE
    # rulesets without one answer None (the command then says so)
    assert rulesets.get("descent").campaign() is None
    names = [a.name for a in FACE.actions()]
    assert {"level-up", "buy", "sell", "donate", "event", "retire"} <= set(names)


def test_a_typed_global_achievement_replaces_its_type(camp: Campaign) -> None:
    # GH-ACH-03: one achievement of each type; GH-ACH-02 others coexist
    rules.gain_global_achievement(camp, "City Rule: Militaristic")
    rules.gain_global_achievement(camp, "The Strongroom Ledgers")
    rules.gain_global_achievement(camp, "City Rule: Economic")
    assert camp.global_achievements == ["The Strongroom Ledgers", "City Rule: Economic"]


def test_the_bots_town_visit_retires_and_recruits(camp: Campaign, sample_pack: Path) -> None:
    cc = content(sample_pack)
    pip = camp.characters[0]
    for i, (_t, need) in enumerate(cc.quests[pip.personal_quest].requirements, 1):
        rules.tick_quest(cc, camp, "Pip", i, need)
    pip.xp = 50
    FACE.auto_town(camp)
    # GH-RETIRE-01 then GH-NEWCH-01: the party is two characters again, Pip retired
    assert pip.retired and len(camp.active()) == 2
    newcomer = camp.active()[-1]
    assert newcomer.class_id not in ("shaftbreaker", "tunnel-rat") and newcomer.level == 1
    assert any(line.startswith(f"{newcomer.name} the") for line in camp.history)


def test_personal_quest_boxes_counted_from_a_scenario(camp: Campaign, sample_pack: Path) -> None:
    # GH-PQ-02: counted requirements tick from the game's counters, capped at their boxes;
    # "complete scenario X" only for a won X; GH-PQ-03 / GH-RETIRE-01: met -> retire
    import dataclasses

    info = content(sample_pack)
    # the sample's "complete The Cinder Forge" is text (its pack copies in tests drop the
    # scenarios); here it names the scenario, as a pack may
    debt = dataclasses.replace(
        info.quests["foremans-debt"],
        counted=(("scenario", "cinder-forge"), ("counter", "elite-kills")),
    )
    info = dataclasses.replace(info, quests={**info.quests, "foremans-debt": debt})
    rat = camp.characters[0]
    rat.personal_quest, rat.quest_progress = "foremans-debt", [0, 0]
    counts = {"tunnel-rat": {"elite-kills": 5}}
    rules.count_quests(info, camp, "flooded-workings", True, counts)
    assert rat.quest_progress == [0, 5]
    rules.count_quests(info, camp, "cinder-forge", False, counts)  # lost: not completed
    assert rat.quest_progress == [0, 8]
    lines = rules.count_quests(info, camp, "cinder-forge", True, {"tunnel-rat": {}})
    assert rat.quest_progress == [1, 8] and rules.quest_met(info, rat)
    assert any("retire" in line for line in lines)
    # a requirement written as text only stays the players' to tick
    sample = content(sample_pack).quests["foremans-debt"]
    assert sample.counted == (("", ""), ("counter", "elite-kills"))


def test_a_treasure_is_looted_once_ever_in_a_campaign(camp: Campaign, sample_pack: Path) -> None:
    # GH-TREAS-04: the sheets remember the treasures looted (won, lost or casual) and the
    # next game of the campaign is set up without their tiles
    from questforge.engine.core.targets import resolve_target
    from questforge.engine.gloomhaven.game.face import FACE as GAME

    rules.record_treasures(camp, ["1", "1"])
    assert camp.looted_treasures == ["1"]
    assert Campaign.from_json(camp.to_json()).looted_treasures == ["1"]
    plan = FACE.plan(camp, "collapsed-adit", casual=False)
    assert plan.setup["looted-treasures"] == "1"
    target = resolve_target(f"{sample_pack}:collapsed-adit", ["scenario"])
    content = GAME.load(target)
    setup = {o.name: plan.setup.get(o.name, o.default) for o in GAME.setup_options(content, target)}
    game = GAME.new_game(content, target, setup, 1)
    assert "1" not in game.game.state.treasures.values()
    fresh = {o.name: o.default for o in GAME.setup_options(content, target)}
    assert "1" in GAME.new_game(content, target, fresh, 1).game.state.treasures.values()


def test_an_item_design_from_a_treasure_puts_its_copies_in_the_supply(
    camp: Campaign, sample_pack: Path
) -> None:
    # GH-TREAS-03 (with GH-SHOP-05/06): "find every copy of that item and add them to the
    # city's available supply" - copies a character owns stay owned; a design already in
    # the supply adds nothing
    info = content(sample_pack)
    del camp.supply["ember-flask"]
    camp.characters[0].items.append("ember-flask")
    lines = rules.add_item_design(info, camp, "ember-flask")
    assert camp.supply["ember-flask"] == info.items["ember-flask"].count - 1
    assert any("Ember Flask" in line for line in lines)
    before = dict(camp.supply)
    assert rules.add_item_design(info, camp, "ember-flask") == []
    assert rules.add_item_design(info, camp, "no-such-item") == []
    assert camp.supply == before
