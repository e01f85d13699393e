"""The random item design and random scenario decks (GH-RID, GH-RSC): declared by the
pack, shuffled by the campaign's seed, drawn by treasures and by retirements."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from questforge.engine.gloomhaven.campaign import random_decks, rules
from questforge.engine.gloomhaven.campaign.content import campaign_content
from questforge.engine.gloomhaven.campaign.face import FACE
from questforge.engine.gloomhaven.campaign.state import Campaign


@pytest.fixture
def pack(tmp_path: Path, sample_pack: Path) -> Path:
    """The sample pack with the cinder forge in the random scenario deck."""
    root = tmp_path / "pack"
    shutil.copytree(sample_pack, root)
    path = root / "scenarios" / "cinder-forge.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["random_deck"] = True
    del data["requirements"]
    path.write_text(json.dumps(data), encoding="utf-8")
    jar = root / "items" / "glowworm-jar.json"
    data = json.loads(jar.read_text(encoding="utf-8"))
    data["count"] = 3  # three copies in the game; a draw brings one (GH-RID-02)
    jar.write_text(json.dumps(data), encoding="utf-8")
    return root


@pytest.fixture
def camp(pack: Path) -> Campaign:
    return FACE.new(pack, "Crew", ["lampwright:Lux", "shaftbreaker:Bram"], 5, {})


def test_a_random_design_is_not_in_the_supply_until_drawn(camp: Campaign, pack: Path) -> None:
    # GH-RID-01, GH-RID-02: the Glowworm Jar is in the deck, not in the prosperity-1 supply;
    # the draw puts one copy (of three) into the city's supply
    cc = campaign_content(pack)
    assert cc.items["glowworm-jar"].random_deck and "glowworm-jar" not in camp.supply
    lines = random_decks.draw_item_design(cc, camp)
    assert camp.supply["glowworm-jar"] == 1 and "Glowworm Jar" in lines[0]
    assert camp.random_items == []


def test_an_empty_design_deck_has_no_effect(camp: Campaign, pack: Path) -> None:
    # GH-RID-03
    cc = campaign_content(pack)
    random_decks.draw_item_design(cc, camp)
    supply = dict(camp.supply)
    assert random_decks.draw_item_design(cc, camp) == [
        "random item design: the deck is empty, no effect (GH-RID-03)"
    ]
    assert camp.supply == supply


def test_a_random_scenario_is_unlocked_when_drawn(camp: Campaign, pack: Path) -> None:
    # GH-RSC-01: not open at the start though it needs nothing; the draw unlocks it and
    # the card leaves the game; GH-RSC-02: the empty deck gives nothing
    cc = campaign_content(pack)
    assert "cinder-forge" not in camp.unlocked
    assert "unlocked" in random_decks.draw_scenario(cc, camp)[0]
    assert "cinder-forge" in camp.unlocked and camp.random_scenarios == []
    assert "no effect (GH-RSC-02)" in random_decks.draw_scenario(cc, camp)[0]
    assert camp.unlocked.count("cinder-forge") == 1


def test_treasures_draw_from_the_decks(camp: Campaign, pack: Path) -> None:
    # GH-TREAS-05: a treasure's random item design or random scenario is drawn when the
    # scenario's result is written onto the sheets
    cc = campaign_content(pack)
    lines = random_decks.treasure_rewards(
        cc, camp, [("random-item-design", ""), ("random-scenario", ""), ("gold", "")]
    )
    assert len(lines) == 2 and "glowworm-jar" in camp.supply and "cinder-forge" in camp.unlocked


def test_the_decks_are_shuffled_by_the_campaign_seed(pack: Path) -> None:
    # GH-RID-01: the deck is built and shuffled on the first draw with the campaign's
    # seeded stream: the same seed gives the same draws, other seeds other orders
    jar = json.loads((pack / "items" / "glowworm-jar.json").read_text(encoding="utf-8"))
    for n in range(2, 6):
        more = {**jar, "id": f"glowworm-jar-{n}", "number": 10 + n}
        (pack / "items" / f"jar-{n}.json").write_text(json.dumps(more), encoding="utf-8")

    def deck(seed: int) -> list[str]:
        c = FACE.new(pack, "Crew", ["lampwright"], seed, {})
        lines = random_decks.draw_item_design(campaign_content(pack), c)
        assert len(c.random_items or []) == 4 and "Glowworm Jar" in lines[0]
        return list(c.random_items or [])

    assert deck(4) == deck(4)
    assert len({tuple(deck(seed)) for seed in range(8)}) > 1


def test_an_opened_envelope_gives_a_random_design_and_scenario(camp: Campaign, pack: Path) -> None:
    # GH-RETIRE-05: Lux's quest unlocks the Lampwright, available from the start: the
    # envelope is open already, so the party draws a design and a scenario instead
    cc = campaign_content(pack)
    lux = camp.characters[0]
    lux.personal_quest = "foremans-debt"
    quest = cc.quests["foremans-debt"]
    assert quest.personal_quest.reward_class == "lampwright" and "lampwright" in camp.classes
    lux.quest_progress = [need for _t, need in quest.requirements]
    lines = rules.retire(cc, camp, "Lux")
    assert any("GH-RETIRE-05" in line for line in lines)
    assert "glowworm-jar" in camp.supply and "cinder-forge" in camp.unlocked


def test_the_decks_are_kept_in_the_file(camp: Campaign, pack: Path) -> None:
    cc = campaign_content(pack)
    random_decks.draw_scenario(cc, camp)
    data = camp.to_json()
    assert data["random_decks"] == {"scenarios": []}
    again = Campaign.from_json(data)
    assert again.random_scenarios == [] and again.random_items is None


def test_a_looted_random_design_treasure_draws_in_campaign_play(tmp_path: Path, pack: Path) -> None:
    # GH-TREAS-05 through `campaign play`: the adit's chest made a random item design
    # (treasure 6); with seed 4 the bots loot it and the design joins the supply
    from click.testing import CliRunner

    from questforge.cli import cli

    adit = pack / "scenarios" / "collapsed-adit.json"
    data = json.loads(adit.read_text(encoding="utf-8"))
    chest = next(o for o in data["overlays"] if o.get("id") == "adit-chest")
    chest["number"] = 6
    adit.write_text(json.dumps(data), encoding="utf-8")
    path = tmp_path / "c.json"
    runner = CliRunner()
    new = ["campaign", "new", str(pack), "-o", str(path), "--party", "P", "--seed", "4"]
    result = runner.invoke(cli, [*new, "--character", "lampwright", "--character", "shaftbreaker"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(
        cli, ["campaign", "play", str(path), "collapsed-adit", "--auto", "--seed", "4"]
    )
    assert result.exit_code == 0, result.output
    assert "opens treasure 6" in result.output
    assert "random item design: Glowworm Jar in the city's supply" in result.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["supply"]["glowworm-jar"] == 1 and saved["random_decks"] == {"items": []}


def test_the_content_model_carries_the_random_deck_marks(pack: Path) -> None:
    # GH-RID-01 and GH-RSC-01 as data: the content model reads `random_deck`
    from questforge.engine.gloomhaven.model import load_pack_dir

    model = load_pack_dir(pack)
    assert [i for i, item in model.items.items() if item.random_deck] == ["glowworm-jar"]
    assert [s for s, sc in model.scenarios.items() if sc.random_deck] == ["cinder-forge"]
