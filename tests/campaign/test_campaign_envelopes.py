"""Sealed envelopes and town records (GH-ENV, GH-TOWN, GH-RETIRE-04, GH-RETIRE-05): a pack seals a
class, a scenario or an item with ``"envelope": LETTER``; a personal quest, a scenario's
rewards or an event outcome opens the letter, once."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from questforge.engine.gloomhaven.campaign import envelopes, events, rules
from questforge.engine.gloomhaven.campaign.content import CampaignContent, campaign_content
from questforge.engine.gloomhaven.campaign.face import FACE
from questforge.engine.gloomhaven.campaign.state import Campaign
from questforge.engine.gloomhaven.model import OutcomeEffects


@pytest.fixture
def camp(sample_pack: Path) -> Campaign:
    return FACE.new(sample_pack, "Lamplighters", ["tunnel-rat:Pip", "shaftbreaker:Bram"], 5, {})


def _meet_quest(cc: CampaignContent, camp: Campaign, name: str, quest: str) -> None:
    c = rules.find_character(camp, name)
    c.personal_quest, c.quest_progress = quest, []
    for i, (_text, need) in enumerate(cc.quests[quest].requirements, 1):
        rules.tick_quest(cc, camp, name, i, need)


def _sealed(cc: CampaignContent, letter: str) -> CampaignContent:
    """The sample pack with the ore singer and the cinder forge sealed in ``letter`` too,
    the cinder forge's rewards opening envelope ``B``."""
    ore = cc.classes["ore-singer"]
    ore = dataclasses.replace(
        ore,
        character_class=dataclasses.replace(
            ore.character_class, starting=False, envelope=letter, events_on_unlock=("city-02",)
        ),
    )
    forge = cc.scenarios["cinder-forge"]
    forge = dataclasses.replace(forge, envelope=letter)
    adit = cc.scenarios["collapsed-adit"]
    adit = dataclasses.replace(
        adit, rewards=dataclasses.replace(adit.rewards or rules.NO_REWARDS, envelope="B")
    )
    return dataclasses.replace(
        cc,
        classes={**cc.classes, "ore-singer": ore},
        scenarios={**cc.scenarios, "cinder-forge": forge, "collapsed-adit": adit},
    )


def test_a_sealed_item_waits_for_its_envelope(
    camp: Campaign, sample_pack: Path, tmp_path: Path
) -> None:
    cc = campaign_content(sample_pack)
    # GH-ENV-01, GH-ENV-02: the sample pack seals the surveyor's chalk in envelope A; it is not
    # in a new campaign's supply whatever its prosperity
    assert envelopes.sealed_in(cc, "A").items == ("surveyors-chalk",)
    assert "surveyors-chalk" not in camp.supply
    rules.change_prosperity(cc, camp, 60)
    assert "surveyors-chalk" not in camp.supply
    # GH-ENV-03 / GH-RETIRE-04: completing a personal quest whose reward is envelope A
    # opens it: every copy of the item joins the supply
    _meet_quest(cc, camp, "Pip", "map-the-dark")
    lines = rules.retire(cc, camp, "Pip")
    assert camp.envelopes == ["A"] and camp.supply["surveyors-chalk"] == 2
    assert any("envelope A opened" in line for line in lines)
    # the board keeps the letters opened; the file's schema takes them
    path = tmp_path / "camp.json"
    FACE.save(camp, path)
    assert json.loads(path.read_text(encoding="utf-8"))["board"]["envelopes"] == ["A"]
    assert FACE.load(path).envelopes == ["A"]


def test_the_first_retirement_opens_the_town_records(camp: Campaign, sample_pack: Path) -> None:
    cc = campaign_content(sample_pack)
    # GH-TOWN-01: sealed until the first character retires, then open for good
    assert not camp.town_records_open()
    _meet_quest(cc, camp, "Pip", "seam-of-gold")
    first = rules.retire(cc, camp, "Pip")
    assert camp.town_records_open()
    assert "the town records book is opened (GH-TOWN-01)" in first
    _meet_quest(cc, camp, "Bram", "foremans-debt")
    assert not any("town records" in line for line in rules.retire(cc, camp, "Bram"))


def test_a_quest_s_envelope_opened_before_gives_random_designs(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = campaign_content(sample_pack)
    envelopes.open_envelope(cc, camp, "A", "a test")
    assert camp.supply["surveyors-chalk"] == 2
    draws = camp.draws
    # GH-RETIRE-05: the letter is open already: a random item design and a random
    # scenario instead, and the envelope is not opened a second time
    _meet_quest(cc, camp, "Pip", "map-the-dark")
    lines = rules.retire(cc, camp, "Pip")
    assert any("GH-RETIRE-05" in line for line in lines)
    assert camp.draws > draws and camp.envelopes == ["A"]
    assert "glowworm-jar" in camp.supply  # the sample pack's random item design


def test_opening_an_envelope_unlocks_its_class_and_scenario(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _sealed(campaign_content(sample_pack), "A")
    fresh = rules.new_campaign(cc, str(sample_pack), "P", ["tunnel-rat"], 5)
    # a sealed scenario is not open at the start, a sealed class not available
    assert "cinder-forge" not in fresh.unlocked and "ore-singer" not in fresh.classes
    # GH-EVT-04: the event the sealed class brings is not in the starting deck
    assert fresh.city_events == ["city-01"]
    lines = envelopes.open_envelope(cc, fresh, "A", "a test")
    # GH-ENV-02: the class is available to new characters, with its events (GH-RETIRE-08)
    assert "ore-singer" in fresh.classes and sorted(fresh.city_events) == ["city-01", "city-02"]
    assert "cinder-forge" in fresh.unlocked
    assert "class unlocked: Ore Singer (GH-ENV-02)" in lines
    rules.new_character(cc, fresh, "ore-singer", "Ore")
    # GH-ENV-01: opened once; a second call changes nothing
    before = fresh.to_json()
    assert envelopes.open_envelope(cc, fresh, "A", "again") == ["envelope A is open already"]
    assert fresh.to_json() == before


def test_a_scenario_reward_and_an_event_outcome_open_envelopes(
    camp: Campaign, sample_pack: Path
) -> None:
    cc = _sealed(campaign_content(sample_pack), "C")
    # GH-ENV-03: completing the collapsed adit in campaign mode opens envelope B (which
    # holds nothing in this pack: said so)
    lines = rules.apply_result(cc, camp, "collapsed-adit", False, "won", [])
    assert camp.envelopes == ["B"] and "envelope B holds nothing in this pack" in lines
    # casual mode ignores the rewards (GH-CAMP-05): no envelope
    other = FACE.new(sample_pack, "Q", ["tunnel-rat"], 5, {})
    rules.apply_result(cc, other, "collapsed-adit", True, "won", [])
    assert other.envelopes == []
    # an event outcome's effects open envelope C: the ore singer and the cinder forge
    fx = OutcomeEffects(source_path=(), envelope="C")
    out = events._effects(cc, camp, fx)
    assert camp.envelopes == ["B", "C"] and "ore-singer" in camp.classes
    assert any("envelope C opened" in line for line in out)
