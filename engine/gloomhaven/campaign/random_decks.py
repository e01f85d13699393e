"""The random item design deck and the random scenario deck (GH-RID, GH-RSC).

A pack puts an item or a scenario in its deck with ``"random_deck": true`` on the
document (as an event names its deck with ``deck``). Such an item never joins the
city's supply by prosperity and such a scenario is not open at the start; a draw does
it. Both decks are built on their first draw, from the pack's marked items not in the
supply yet and marked scenarios not unlocked or completed yet, and shuffled with the
campaign's seeded stream: the same file and the same commands give the same draws.
Campaign files from before these decks simply build them at their first draw.

Draws come from a treasure's reward (GH-TREAS-05) and from a retirement whose envelope
is open already (GH-RETIRE-05). An empty deck gives nothing and says so (GH-RID-03,
GH-RSC-02).
"""

from __future__ import annotations

from questforge.engine.gloomhaven.campaign.content import CampaignContent
from questforge.engine.gloomhaven.campaign.rules import add_item_design, rng
from questforge.engine.gloomhaven.campaign.state import Campaign


def _item_deck(content: CampaignContent, campaign: Campaign) -> list[str]:
    if campaign.random_items is None:
        ids = sorted(
            (i.number, i.id)
            for i in content.items.values()
            if i.random_deck and i.id not in campaign.supply
        )
        deck = [i for _n, i in ids]
        rng(campaign, "random-item-designs").shuffle(deck)
        campaign.random_items = deck
    return campaign.random_items


def _scenario_deck(content: CampaignContent, campaign: Campaign) -> list[str]:
    if campaign.random_scenarios is None:
        seen = set(campaign.unlocked) | set(campaign.completed)
        ids = sorted(
            (s.number, s.id)
            for s in content.scenarios.values()
            if s.random_deck and s.id not in seen
        )
        deck = [i for _n, i in ids]
        rng(campaign, "random-scenarios").shuffle(deck)
        campaign.random_scenarios = deck
    return campaign.random_scenarios


def draw_item_design(content: CampaignContent, campaign: Campaign) -> list[str]:
    """GH-RID-01..03: one copy of the top design's item into the city's supply (GH-RID-02
    says one copy; a named item design, GH-TREAS-03, brings every copy)."""
    deck = _item_deck(content, campaign)
    if not deck:
        return ["random item design: the deck is empty, no effect (GH-RID-03)"]
    item = deck.pop(0)
    info = content.items.get(item)
    if info is None:
        return [f"random item design: {item} is not in the pack any more, no effect"]
    campaign.supply[item] = campaign.supply.get(item, 0) + 1
    return [f"random item design: {info.name} in the city's supply (GH-RID-01/02)"]


def draw_scenario(content: CampaignContent, campaign: Campaign) -> list[str]:
    """GH-RSC-01/02: the top scenario unlocked at once; the card leaves the game."""
    deck = _scenario_deck(content, campaign)
    if not deck:
        return ["random scenario: the deck is empty, no effect (GH-RSC-02)"]
    scenario = deck.pop(0)
    info = content.scenarios.get(scenario)
    if info is None:
        return [f"random scenario: {scenario} is not in the pack any more, no effect"]
    if scenario not in campaign.unlocked and scenario not in campaign.completed:
        campaign.unlocked.append(scenario)
    return [f"random scenario: {info.name} ({scenario}) unlocked (GH-RSC-01)"]


def treasure_rewards(
    content: CampaignContent, campaign: Campaign, kinds: list[tuple[str, str]]
) -> list[str]:
    """GH-TREAS-05 (and GH-TREAS-03): what looted treasures give the campaign, given as
    (treasure type, item) in the order looted: a random item design or a random scenario
    drawn, a named item design into the supply."""
    lines: list[str] = []
    for kind, item in kinds:
        if kind == "random-item-design":
            lines += draw_item_design(content, campaign)
        elif kind == "random-scenario":
            lines += draw_scenario(content, campaign)
        elif kind == "item-design":
            lines += add_item_design(content, campaign, item)
    return lines


def envelope_open_already(content: CampaignContent, campaign: Campaign) -> list[str]:
    """GH-RETIRE-05: the quest's envelope was opened before: a random item design and a
    random scenario instead."""
    return [
        "the envelope is open already (GH-RETIRE-05): a random item design and a random "
        "scenario instead",
        *draw_item_design(content, campaign),
        *draw_scenario(content, campaign),
    ]
