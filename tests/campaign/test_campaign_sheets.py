"""The campaign's sheets and their rules: the campaign board, the party sheet, the
character sheets (GH-BOARD, GH-PARTY, GH-CSHEET), prosperity (GH-PROSP), party
membership, road and city events, travel and retirement's steps. Each test drives the
campaign's rules on the sample pack (changed in memory where a rule needs content the pack
does not have) and checks the sheets, the saved file included."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from questforge.engine.core.campaign import CampaignError
from questforge.engine.gloomhaven.campaign import events, rules, tables
from questforge.engine.gloomhaven.campaign.content import CampaignContent, campaign_content
from questforge.engine.gloomhaven.campaign.face import FACE
from questforge.engine.gloomhaven.campaign.state import IN_TOWN, Campaign
from questforge.engine.gloomhaven.model import OutcomeEffects


@pytest.fixture
def camp(sample_pack: Path) -> Campaign:
    return FACE.new(sample_pack, "Lamplighters", ["tunnel-rat:Pip", "shaftbreaker:Bram"], 5, {})


def _cc(sample_pack: Path) -> CampaignContent:
    return campaign_content(sample_pack)


def _saved(camp: Campaign, tmp_path: Path) -> tuple[dict, Campaign]:  # type: ignore[type-arg]
    path = tmp_path / "camp.json"
    FACE.save(camp, path)
    return json.loads(path.read_text(encoding="utf-8")), FACE.load(path)


def _class(cc: CampaignContent, class_id: str, **changes: object) -> CampaignContent:
    info = cc.classes[class_id]
    cls = dataclasses.replace(info.character_class, **changes)  # type: ignore[arg-type]
    return dataclasses.replace(
        cc, classes={**cc.classes, class_id: dataclasses.replace(info, character_class=cls)}
    )


def _meet_quest(cc: CampaignContent, camp: Campaign, name: str) -> None:
    c = rules.find_character(camp, name)
    for i, (_text, need) in enumerate(cc.quests[c.personal_quest].requirements, 1):
        rules.tick_quest(cc, camp, name, i, need)


# ------------------------------------------------------------------------------ board, party


def test_the_board_and_the_party_sheet_are_kept_in_the_file(
    camp: Campaign, sample_pack: Path, tmp_path: Path
) -> None:
    cc = _cc(sample_pack)
    adit = cc.scenarios["collapsed-adit"]
    rewards = dataclasses.replace(adit.rewards or rules.NO_REWARDS, party_achievements=("Tally",))
    cc = dataclasses.replace(
        cc, scenarios={**cc.scenarios, "collapsed-adit": dataclasses.replace(adit, rewards=rewards)}
    )
    rules.apply_result(cc, camp, "collapsed-adit", False, "won", [])
    rules.gain_global_achievement(camp, "Enhance Power")
    rules.change_reputation(camp, 3)
    data, back = _saved(camp, tmp_path)
    # GH-BOARD-01: the board holds the world's progress: places, achievements, prosperity
    assert data["board"]["completed"] == ["collapsed-adit"]
    assert data["board"]["unlocked"] == ["flooded-workings"]
    assert data["board"]["prosperity"] == 0
    # GH-BOARD-04 / GH-ACH-02: global achievements on the board, not on the party sheet
    assert data["board"]["global_achievements"] == ["Enhance Power"]
    # GH-PARTY-01 / GH-PARTY-03: the party sheet: name, location (after a scenario, the
    # scenario: GH-TRAVEL-01), party achievements, reputation; its notes are the history
    assert data["party"]["name"] == "Lamplighters"
    assert data["party"]["location"] == "collapsed-adit"
    assert data["party"]["achievements"] == ["Tally"]  # GH-ACH-04: the party's own
    assert data["party"]["reputation"] == 3
    assert "The Collapsed Adit completed (GH-BOARD-02)" in data["history"]
    # GH-PARTY-01: the party lasts across sessions: the file read back is the same party
    assert back.to_json() == camp.to_json()


def test_party_achievements_decide_which_scenarios_the_party_may_enter(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _cc(sample_pack)
    forge = dataclasses.replace(
        cc.scenarios["cinder-forge"], required_global=(), required_party=("Tally",)
    )
    cc = dataclasses.replace(cc, scenarios={**cc.scenarios, "cinder-forge": forge})
    camp.unlocked.append("cinder-forge")
    # GH-ACH-01 / GH-ACH-04: a party achievement controls which scenarios this party may
    # enter in campaign mode; a global one on the board does not stand in for it
    camp.global_achievements.append("Tally")
    with pytest.raises(CampaignError, match="Tally"):
        rules.check_playable(cc, camp, "cinder-forge", casual=False)
    camp.party_achievements.append("Tally")
    rules.check_playable(cc, camp, "cinder-forge", casual=False)
    # another party on a new campaign of the same pack does not have it
    other = rules.new_campaign(cc, str(sample_pack), "Others", ["tunnel-rat"], 5)
    assert other.party_achievements == []


def test_the_reputation_track_shows_the_shop_price_modifier(camp: Campaign) -> None:
    # GH-PARTY-04: beside the reputation, the price modifier of the published track
    for reputation, shown in ((0, "+0 (shop prices +0)"), (7, "+7 (shop prices -2)")):
        camp.reputation = reputation
        party = FACE.status(camp)[0]
        assert dict(party.rows)["reputation"] == shown
    camp.reputation = -20
    assert dict(FACE.status(camp)[0].rows)["reputation"] == "-20 (shop prices +5)"


def test_the_status_shows_where_open_scenarios_are_on_the_map(camp: Campaign) -> None:
    # GH-BOARD-03: the map's grid reference is the scenario's `location`
    rows = dict(FACE.status(camp)[0].rows)
    assert rows["unlocked"] == "collapsed-adit (North slope, C-4)"
    assert rows["envelopes opened"] == "-" and rows["town records"] == "sealed"


def test_the_prosperity_track_raises_the_level_at_its_thresholds(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _cc(sample_pack)
    hammer = dataclasses.replace(cc.items["sledgehammer"], prosperity=2)
    cc = dataclasses.replace(cc, items={**cc.items, "sledgehammer": hammer})
    fresh = rules.new_campaign(cc, str(sample_pack), "P", ["tunnel-rat"], 5)
    assert "sledgehammer" not in fresh.supply
    # GH-BOARD-05 / GH-PROSP-01: one point per circle; 4 points reach level 2
    rules.change_prosperity(cc, fresh, 3)
    assert (fresh.prosperity, fresh.prosperity_level()) == (3, 1)
    lines = rules.change_prosperity(cc, fresh, 1)
    assert (fresh.prosperity, fresh.prosperity_level()) == (4, 2)
    # GH-PROSP-02: a new level puts its items in the supply ...
    assert fresh.supply["sledgehammer"] == 1 and any("new items" in line for line in lines)
    # ... and caps a new character's level at the prosperity level
    with pytest.raises(CampaignError, match="GH-NEWCH-04"):
        rules.new_character(cc, fresh, "shaftbreaker", "Bram", 3)
    rules.new_character(cc, fresh, "shaftbreaker", "Bram", 2)
    # GH-PROSP-03 / GH-ROAD-05: never below the current level's minimum
    rules.change_prosperity(cc, fresh, -3)
    assert fresh.prosperity == tables.PROSPERITY_FOR_LEVEL[1] == 4
    # GH-PROSP-03 / GH-RETIRE-03: a retirement gives one point
    _meet_quest(cc, fresh, "Bram")
    rules.retire(cc, fresh, "Bram")
    assert fresh.prosperity == 5


# ------------------------------------------------------------------------------ characters


def test_the_character_sheet_keeps_what_a_character_has(
    camp: Campaign, sample_pack: Path, tmp_path: Path
) -> None:
    cc = _cc(sample_pack)
    rules.apply_result(
        cc, camp, "collapsed-adit", True, "won", [("tunnel-rat", 50, 7, 4, ("tonic",))]
    )
    rules.level_up(cc, camp, "Pip", "", 1)  # the sample classes have no level-2 card
    data, back = _saved(camp, tmp_path)
    pip = data["characters"][0]
    # GH-CSHEET-01: name, level, XP, gold, items owned, perks marked, checkmarks
    assert (pip["name"], pip["level"], pip["xp"], pip["gold"]) == ("Pip", 2, 50, 37)
    assert pip["items"] == ["tonic"] and pip["perks"] == [1]
    # GH-PERK-01: the checkmarks are on the sheet, all of them (perks follow from them)
    assert pip["checkmarks"] == 4 and back.characters[0].checkmark_perks() == 1
    # GH-SHOP-07: the items owned are recorded, so the supply knows what is not in it
    assert back.characters[0].items == ["tonic"]
    # GH-CSHEET-02: the card pool is tracked across the campaign: the file keeps it and
    # the next scenario's hand comes from it, a card out of the pool out of the hand
    assert pip["pool"] == camp.characters[0].pool == back.characters[0].pool

    def hand() -> list[str]:
        text = str(FACE.plan(back, "collapsed-adit", casual=True).setup["hands"])
        return text.split(";")[0].split("=")[1].split(",")

    assert set(hand()) <= set(back.characters[0].pool)
    gone = hand()[0]
    back.characters[0].pool.remove(gone)
    assert gone not in hand() and set(hand()) <= set(back.characters[0].pool)


def test_the_party_s_members_change_and_the_party_goes_on(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _cc(sample_pack)
    # GH-NEWCH-02: the classes available when the box is opened are the pack's starting
    # classes (those marked `starting`)
    starting = sorted(c for c, i in cc.classes.items() if i.character_class.starting)
    assert camp.classes == starting
    assert sorted(_class(cc, "lampwright", starting=False).classes) == sorted(cc.classes)
    locked = rules.new_campaign(
        _class(cc, "lampwright", starting=False), str(sample_pack), "P", ["tunnel-rat"], 5
    )
    assert "lampwright" not in locked.classes
    # GH-PARTY-02: members change: one retires, another joins; the party stays itself
    _meet_quest(cc, camp, "Pip")
    rules.retire(cc, camp, "Pip")
    rules.new_character(cc, camp, "ore-singer", "Ore")
    assert [c.name for c in camp.active()] == ["Bram", "Ore"]
    assert [c.name for c in camp.characters] == ["Pip", "Bram", "Ore"]  # Pip, retired
    assert camp.party == "Lamplighters"
    with pytest.raises(CampaignError, match="no active character 'Pip'"):
        rules.buy(cc, camp, "Pip", "tonic")


def test_characters_do_not_pool_gold_or_items(camp: Campaign, sample_pack: Path) -> None:
    cc = _cc(sample_pack)
    pip, bram = camp.characters
    pip.gold, bram.gold = 0, 100
    # GH-SHOP-04: a character pays from its own gold: a rich friend does not help
    with pytest.raises(CampaignError, match="GH-SHOP-01"):
        rules.buy(cc, camp, "Pip", "tonic")
    assert bram.gold == 100
    # and no town action moves gold or items between characters: each names one character
    for action in FACE.actions():
        names = [o.name for o in action.options]
        assert names.count("character") <= 1 and not {"to", "from", "target"} & set(names)


def test_retirement_takes_the_quest_out_and_adds_the_class_s_events(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _class(_cc(sample_pack), "tunnel-rat", events_on_retire=("city-02",))
    fresh = rules.new_campaign(cc, str(sample_pack), "P", ["tunnel-rat:Pip"], 5)
    assert "city-02" not in fresh.city_events  # GH-EVT-04: added later, not at the start
    quest = fresh.characters[0].personal_quest
    _meet_quest(cc, fresh, "Pip")
    rules.retire(cc, fresh, "Pip")
    # GH-RETIRE-06: the completed quest is out of the game: not in the deck, never dealt
    assert quest not in fresh.quest_deck
    # GH-RETIRE-07 / GH-CHAR-03: the class's first retirement adds the events its mat lists
    assert "city-02" in fresh.city_events
    fresh.city_events.remove("city-02")
    rules.new_character(cc, fresh, "tunnel-rat", "Pip II")
    assert fresh.characters[-1].personal_quest != quest
    _meet_quest(cc, fresh, "Pip II")
    rules.retire(cc, fresh, "Pip II")
    assert "city-02" not in fresh.city_events  # the second retirement adds nothing


def test_a_class_unlocked_later_brings_the_events_its_mat_lists(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _class(_cc(sample_pack), "lampwright", starting=False, events_on_unlock=("road-02",))
    fresh = rules.new_campaign(cc, str(sample_pack), "P", ["tunnel-rat:Pip"], 5)
    # GH-CHAR-03 / GH-EVT-04: the class's events wait until it is unlocked
    assert "road-02" not in fresh.road_events and "lampwright" not in fresh.classes
    pip = fresh.characters[0]
    pip.personal_quest, pip.quest_progress = "foremans-debt", []
    _meet_quest(cc, fresh, "Pip")
    rules.retire(cc, fresh, "Pip")  # the quest's reward: the lampwright
    assert "lampwright" in fresh.classes and "road-02" in fresh.road_events  # GH-RETIRE-08


# ------------------------------------------------------------------------------ events


def test_the_event_decks_are_the_pack_s_events_shuffled_by_the_seed(sample_pack: Path) -> None:
    cc = _cc(sample_pack)
    # GH-EVT-04: every event of each deck, shuffled: the seed decides the order
    orders = set()
    for seed in range(1, 9):
        c = FACE.new(sample_pack, "P", ["tunnel-rat"], seed, {})
        assert sorted(c.city_events) == sorted(cc.events_of("city"))
        assert sorted(c.road_events) == sorted(cc.events_of("road"))
        orders.add((tuple(c.city_events), tuple(c.road_events)))
    assert len(orders) > 1
    again = FACE.new(sample_pack, "P", ["tunnel-rat"], 3, {})
    assert again.city_events == FACE.new(sample_pack, "P", ["tunnel-rat"], 3, {}).city_events


def test_every_outcome_that_applies_is_resolved_top_to_bottom(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _cc(sample_pack)
    road = cc.events["road-02"]
    option_a = road.options[0]
    second = dataclasses.replace(
        option_a.outcomes[0],
        text="A second outcome with no condition.",
        effects=OutcomeEffects(source_path=(), gold=4),
    )
    option_a = dataclasses.replace(option_a, outcomes=(*option_a.outcomes, second))
    road = dataclasses.replace(road, options=(option_a, *road.options[1:]))
    cc = dataclasses.replace(cc, events={**cc.events, "road-02": road})
    camp.road_events.remove("road-02")
    camp.road_events.insert(0, "road-02")
    other = camp.road_events[1]
    lines = events.resolve(cc, camp, "road", "A")
    # GH-ROAD-02: both outcomes apply, in their order; GH-ROAD-01: all gains applied
    assert lines.index("  The burner shares his supper and his rumours.") < lines.index(
        "  A second outcome with no condition."
    )
    assert [(c.xp, c.gold) for c in camp.characters] == [(5, 34), (5, 34)]
    assert all(c.start_conditions == ["bless"] for c in camp.characters)
    # GH-ROAD-01: the choice is made: the card is resolved and gone from the top
    assert camp.road_events[0] == other and camp.road_events[-1] == "road-02"


def test_a_city_event_follows_the_event_rules_once_a_visit(camp: Campaign) -> None:
    # GH-CITY-02: a city event is drawn, chosen and resolved as a road event is, and the
    # party resolves one a visit (GH-CITY-01)
    top = camp.city_events[0]
    lines = FACE.act(camp, "event", {"deck": "city", "option": "B"})
    assert "the party chooses B" in lines and camp.city_events[:1] != [top]
    with pytest.raises(CampaignError, match="GH-CITY-01"):
        FACE.act(camp, "event", {"deck": "city", "option": "A"})


def test_losses_never_take_perks_gold_below_zero_or_xp_below_the_level(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _cc(sample_pack)
    pip = camp.characters[0]
    pip.level, pip.xp, pip.gold, pip.perks, pip.checkmarks = 2, 50, 3, [1], 1
    camp.prosperity = 5
    fx = OutcomeEffects(source_path=(), gold=-10, xp=-20, checkmarks=-5, prosperity=-3)
    events._effects(cc, camp, fx)
    # GH-ROAD-05: gold stops at 0, XP at the level's minimum (45 at level 2), perks stay;
    # GH-ROAD-04: checkmarks lost as far as there are; prosperity at its level's minimum
    assert (pip.gold, pip.xp, pip.perks, pip.checkmarks) == (0, 45, [1], 0)
    assert camp.prosperity == 4


# ------------------------------------------------------------------------------ modes, travel


def test_a_campaign_continues_the_story_and_may_replay_in_casual_mode(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _cc(sample_pack)
    # GH-CAMP-01: in campaign mode the scenarios follow on: a win opens the next one
    rules.apply_result(cc, camp, "collapsed-adit", False, "won", [])
    assert camp.unlocked == ["flooded-workings"] and camp.completed == ["collapsed-adit"]
    gold = [c.gold for c in camp.characters]
    # GH-CAMP-06: the campaign party switches to casual mode to replay what it completed;
    # the replay gives no reward a second time and leaves the board as it was
    with pytest.raises(CampaignError, match="GH-CAMP-03"):
        rules.check_playable(cc, camp, "collapsed-adit", casual=False)
    rules.check_playable(cc, camp, "collapsed-adit", casual=True)
    rules.apply_result(cc, camp, "collapsed-adit", True, "won", [("tunnel-rat", 3, 2, 0, ())])
    assert [c.gold for c in camp.characters] == [gold[0] + 2, gold[1]]
    assert camp.unlocked == ["flooded-workings"] and camp.completed == ["collapsed-adit"]


def test_the_travel_example_a_linked_scenario_straight_on_or_a_road_event(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _cc(sample_pack)
    camp.unlocked.append("flooded-workings")
    # GH-TRAVEL-04: winning the flooded workings unlocks the cinder forge, linked to it:
    # straight on, no road event; back in town first, one is needed (not linked to town)
    rules.apply_result(cc, camp, "flooded-workings", False, "won", [])
    assert "cinder-forge" in camp.unlocked and camp.location == "flooded-workings"
    assert not rules.road_event_needed(cc, camp, "cinder-forge")
    rules.enter_town(camp)
    assert camp.location == IN_TOWN
    assert rules.road_event_needed(cc, camp, "cinder-forge")


def test_an_item_design_gained_twice_adds_no_copies(camp: Campaign, sample_pack: Path) -> None:
    cc = _cc(sample_pack)
    rules.buy(cc, camp, "Pip", "tonic")
    # GH-SHOP-06: the copies printed limit the supply: a design the city has adds none,
    # and the copy Pip owns is not in the supply
    assert rules.add_item_design(cc, camp, "tonic") == []
    assert camp.supply["tonic"] == cc.items["tonic"].count - 1
    camp.supply["tonic"] = 0
    rules.add_item_design(cc, camp, "tonic")
    assert camp.supply["tonic"] == cc.items["tonic"].count - 1
