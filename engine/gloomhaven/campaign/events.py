"""City and road events (GH-EVT, GH-ROAD): draw the top card, the party picks option A or
B, the outcomes that apply are resolved top to bottom, and the card is removed or returned
under its deck.

GH-ROAD-03: an outcome applies when its class is in the party, when the reputation is in
its range, always without a condition, and "otherwise" when no earlier outcome of the
option applied. GH-ROAD-04/05: losses take what there is (gold never below 0, XP never
below the level's minimum, prosperity never below its level's minimum; perks are never
lost). Effects apply to every character of the party (GH-EVT-02 "each character").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from questforge.engine.core.campaign import CampaignError
from questforge.engine.gloomhaven.campaign import rules, tables
from questforge.engine.gloomhaven.campaign.content import CampaignContent
from questforge.engine.gloomhaven.campaign.state import Campaign

DECKS = ("city", "road")


def deck_of(campaign: Campaign, deck: str) -> list[str]:
    if deck not in DECKS:
        raise CampaignError(f"no {deck!r} event deck (city or road)")
    cards: list[str] = getattr(campaign, f"{deck}_events")
    return cards


def front(content: CampaignContent, campaign: Campaign, deck: str) -> tuple[str, list[str]]:
    """GH-EVT-01: the top card's front: its id, and the introduction and options as
    lines (the outcomes stay unread until an option is chosen, GH-EVT-03)."""
    cards = deck_of(campaign, deck)
    if not cards:
        raise CampaignError(f"the {deck} event deck is empty")
    event = content.events.get(cards[0])
    if event is None:
        raise CampaignError(f"event {cards[0]!r} is not in the pack any more")
    lines = [f"{deck} event {event.get('number', '?')}: {event['text']}"]
    lines += [f"  {o['label']}: {o['text']}" for o in event["options"]]
    return cards[0], lines


def applies(condition: Mapping[str, Any] | None, campaign: Campaign, earlier: bool) -> bool:
    """GH-ROAD-03 for one outcome; ``earlier``: an earlier outcome of the option applied."""
    if not condition:
        return True
    kind = condition.get("type")
    if kind == "class":
        return any(c.class_id == condition.get("class") for c in campaign.active())
    if kind == "reputation":
        low, high = condition.get("min", -20), condition.get("max", 20)
        return bool(low <= campaign.reputation <= high)
    if kind == "otherwise":
        return not earlier
    return False


def resolve(content: CampaignContent, campaign: Campaign, deck: str, option: str) -> list[str]:
    """GH-EVT-03, GH-ROAD-01..05: resolve option ``A`` or ``B`` of the top card."""
    event_id, lines = front(content, campaign, deck)
    event = content.events[event_id]
    chosen = next((o for o in event["options"] if o["label"] == option.upper()), None)
    if chosen is None:
        raise CampaignError(f"option {option!r}: choose A or B")
    lines = [*lines, f"the party chooses {chosen['label']}"]
    applied = False
    disposition = "return"
    for outcome in chosen["outcomes"]:
        if not applies(outcome.get("condition"), campaign, applied):
            continue
        applied = True
        lines.append(f"  {outcome['text']}")
        lines += _effects(content, campaign, outcome.get("effects") or {})
        if outcome.get("disposition") == "remove":
            disposition = "remove"
    cards = deck_of(campaign, deck)
    cards.remove(event_id)
    if disposition == "return":
        cards.append(event_id)  # GH-EVT-05: to the bottom, no shuffle
        lines.append("  the card goes under its deck")
    else:
        lines.append("  the card is removed from the game")
    return rules.note(campaign, lines)


def _effects(content: CampaignContent, campaign: Campaign, fx: Mapping[str, Any]) -> list[str]:
    lines: list[str] = []
    party = campaign.active()
    gold, xp, marks = int(fx.get("gold", 0)), int(fx.get("xp", 0)), int(fx.get("checkmarks", 0))
    for c in party:
        c.gold = max(0, c.gold + gold)  # GH-ROAD-04/05
        c.xp = max(tables.min_xp(c.level), c.xp + xp)
        c.checkmarks = max(0, c.checkmarks + marks)  # perks are kept (GH-ROAD-05)
        c.start_damage += int(fx.get("damage", 0))
        c.start_conditions += [x for x in fx.get("conditions", []) if x not in c.start_conditions]
    for what, value in (("gold", gold), ("XP", xp), ("checkmark(s)", marks)):
        if value:
            lines.append(f"  each character {value:+d} {what}")
    if fx.get("damage"):
        lines.append(f"  each character starts the next scenario with {fx['damage']} damage")
    if fx.get("conditions"):
        lines.append(f"  each character starts the next scenario {', '.join(fx['conditions'])}")
    lines += ["  " + x for x in rules.change_reputation(campaign, int(fx.get("reputation", 0)))]
    lines += [
        "  " + x for x in rules.change_prosperity(content, campaign, int(fx.get("prosperity", 0)))
    ]
    for item in fx.get("items", []):
        if item in content.items:
            campaign.supply[item] = campaign.supply.get(item, 0) + content.items[item].count
            lines.append(f"  item design: {content.items[item].name} in the city's supply")
    for s in fx.get("unlock_scenarios", []):
        if s in content.scenarios and s not in campaign.unlocked and s not in campaign.completed:
            campaign.unlocked.append(s)
            lines.append(f"  unlocked: {content.scenarios[s].name}")
    lines += ["  " + x for x in add_events(content, campaign, fx.get("add_events", []))]
    for e in fx.get("remove_events", []):
        for deck in DECKS:
            if e in deck_of(campaign, deck):
                deck_of(campaign, deck).remove(e)
                lines.append(f"  event {e} removed from the {deck} deck")
    if fx.get("text"):
        lines.append(f"  {fx['text']}")
    return lines


def add_events(content: CampaignContent, campaign: Campaign, ids: Sequence[str]) -> list[str]:
    """GH-EVT-05: add events to their decks, then shuffle each deck that grew."""
    grown: set[str] = set()
    lines = []
    for e in ids:
        event = content.events.get(e)
        if event is None:
            continue
        cards = deck_of(campaign, event["deck"])
        if e not in cards:
            cards.append(e)
            grown.add(event["deck"])
            lines.append(f"event {e} added to the {event['deck']} deck")
    for deck in sorted(grown):
        rules.rng(campaign, f"{deck}-events").shuffle(deck_of(campaign, deck))
    return lines
