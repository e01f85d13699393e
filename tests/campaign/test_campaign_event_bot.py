"""The bots' choice of a road event option (``campaign auto``): the option whose known
outcome leaves the party best off, instead of always option A."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.cli import cli
from questforge.engine.gloomhaven.campaign import event_bot, storage
from questforge.engine.gloomhaven.campaign.content import campaign_content
from questforge.engine.gloomhaven.campaign.face import FACE
from questforge.engine.gloomhaven.campaign.state import Campaign


@pytest.fixture
def camp(sample_pack: Path) -> Campaign:
    return FACE.new(sample_pack, "Crew", ["lampwright:Lux", "shaftbreaker:Bram"], 5, {})


def test_the_bot_takes_the_option_with_the_better_known_outcome(
    camp: Campaign, sample_pack: Path
) -> None:
    # GH-EVT-03 / GH-ROAD-03: road-01's A does nothing for a party with a Shaftbreaker,
    # B gives 5 gold each for 1 reputation: B. road-02's A gives 5 XP and a bless,
    # B nothing at reputation 0: A
    cc = campaign_content(sample_pack)
    camp.road_events = ["road-01", "road-02"]
    assert event_bot.best_option(cc, camp, "road") == 1
    camp.road_events = ["road-02", "road-01"]
    assert event_bot.best_option(cc, camp, "road") == 0
    # looking changes nothing: the trial runs on a copy
    assert camp.road_events == ["road-02", "road-01"] and camp.characters[0].xp == 0


def test_campaign_play_auto_lets_the_bots_choose_the_road_event(
    tmp_path: Path, sample_pack: Path
) -> None:
    # GH-TRAVEL-02: the flooded workings need a road event; --auto without --road-option
    # takes the bots' choice (road-01 on top: B)
    path = tmp_path / "c.json"
    camp = FACE.new(sample_pack, "Crew", ["lampwright:Lux", "shaftbreaker:Bram"], 5, {})
    camp.unlocked.append("flooded-workings")
    camp.road_events = ["road-01", "road-02"]
    storage.save(camp, path)
    result = CliRunner().invoke(
        cli, ["campaign", "play", str(path), "flooded-workings", "--auto", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "the party chooses B" in result.output
    assert storage.load(path).road_events == ["road-02"]  # road-01 B: removed from the game
