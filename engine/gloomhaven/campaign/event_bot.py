"""A bot's choice of an event option (``campaign auto``, ``campaign play --auto``).

A person reads only the front of an event card before choosing (GH-EVT-03). A designer's
bot is allowed to look: it resolves each option on a copy of the campaign, with the
outcomes that would apply to this party now (GH-ROAD-03), and picks the option that leaves
the party best off by :func:`worth`; ties go to the earlier option (A). So ``campaign
auto`` shows what a careful party gets from the event decks, instead of always option A.
"""

from __future__ import annotations

import copy

from questforge.engine.gloomhaven.campaign import events
from questforge.engine.gloomhaven.campaign.content import CampaignContent
from questforge.engine.gloomhaven.campaign.state import Campaign

#: weights of :func:`worth`: gold and XP count as themselves, the rest as the gold a party
#: would give for it (a designer's judgement, not a rule)
CHECKMARK, DAMAGE, CONDITION = 10, 5, 5
REPUTATION, PROSPERITY, SCENARIO, ITEM_COPY = 5, 10, 20, 5
#: conditions a character is glad to start with (the others count against the option)
GOOD_CONDITIONS = frozenset({"bless", "strengthen", "invisible"})


def worth(campaign: Campaign) -> int:
    """How well off the party is, in gold-like points."""
    party = campaign.active()
    points = sum(c.gold + c.xp + CHECKMARK * c.checkmarks for c in party)
    for c in party:
        good = sum(1 for x in c.start_conditions if x in GOOD_CONDITIONS)
        points -= DAMAGE * c.start_damage + CONDITION * (len(c.start_conditions) - 2 * good)
    points += REPUTATION * campaign.reputation + PROSPERITY * campaign.prosperity
    points += SCENARIO * len(campaign.unlocked) + ITEM_COPY * sum(campaign.supply.values())
    return points


def best_option(content: CampaignContent, campaign: Campaign, deck: str) -> int:
    """The index of the top card's option that leaves the party best off (0 on a tie)."""
    event_id, _front = events.front(content, campaign, deck)
    labels = [o.label for o in content.events[event_id].options]
    scores = []
    for label in labels:
        trial = copy.deepcopy(campaign)
        events.resolve(content, trial, deck, label)
        scores.append(worth(trial))
    return max(range(len(scores)), key=lambda i: (scores[i], -i))
