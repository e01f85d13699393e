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

from collections.abc import Sequence

from questforge.engine.core.campaign import CampaignError
from questforge.engine.gloomhaven.campaign import rules, tables
from questforge.engine.gloomhaven.campaign.content import DECKS, CampaignContent
from questforge.engine.gloomhaven.campaign.state import Campaign
from questforge.engine.gloomhaven.model import OutcomeCondition, OutcomeEffects

__all__ = ["DECKS", "add_events", "applies", "deck_of", "front", "resolve"]

#: the effects of an outcome that has none (the floors of GH-ROAD-05 apply all the same)
NO_EFFECTS = OutcomeEffects()


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
    lines = [f"{deck} event {event.number}: {event.text}"]
    lines += [f"  {o.label}: {o.text}" for o in event.options]
    return cards[0], lines


def applies(condition: OutcomeCondition | None, campaign: Campaign, earlier: bool) -> bool:
    """GH-ROAD-03 for one outcome; ``earlier``: an earlier outcome of the option applied."""
    if condition is None:
        return True
    kind = condition.type
    if kind == "class":
        return any(c.class_id == condition.character_class for c in campaign.active())
    if kind == "reputation":
        low = -20 if condition.min is None else condition.min
        high = 20 if condition.max is None else condition.max
        return low <= campaign.reputation <= high
    if kind == "otherwise":
        return not earlier
    return False


def resolve(content: CampaignContent, campaign: Campaign, deck: str, option: str) -> list[str]:
    """GH-EVT-03, GH-ROAD-01..05: resolve option ``A`` or ``B`` of the top card."""
    event_id, lines = front(content, campaign, deck)
    event = content.events[event_id]
    chosen = next((o for o in event.options if o.label == option.upper()), None)
    if chosen is None:
        raise CampaignError(f"option {option!r}: choose A or B")
    lines = [*lines, f"the party chooses {chosen.label}"]
    applied = False
    disposition = "return"
    for outcome in chosen.outcomes:
        if not applies(outcome.condition, campaign, applied):
            continue
        applied = True
        lines.append(f"  {outcome.text}")
        lines += _effects(content, campaign, outcome.effects or NO_EFFECTS)
        if outcome.disposition == "remove":
            disposition = "remove"
    cards = deck_of(campaign, deck)
    cards.remove(event_id)
    if disposition == "return":
        cards.append(event_id)  # GH-EVT-05: to the bottom, no shuffle
        lines.append("  the card goes under its deck")
    else:
        lines.append("  the card is removed from the game")
    return rules.note(campaign, lines)


def _effects(content: CampaignContent, campaign: Campaign, fx: OutcomeEffects) -> list[str]:
    lines: list[str] = []
    for c in campaign.active():
        c.gold = max(0, c.gold + fx.gold)  # GH-ROAD-04/05
        c.xp = max(tables.min_xp(c.level), c.xp + fx.xp)
        c.checkmarks = max(0, c.checkmarks + fx.checkmarks)  # perks are kept (GH-ROAD-05)
        c.start_damage += fx.damage
        c.start_conditions += [x for x in fx.conditions if x not in c.start_conditions]
    for what, value in (("gold", fx.gold), ("XP", fx.xp), ("checkmark(s)", fx.checkmarks)):
        if value:
            lines.append(f"each character {value:+d} {what}")
    if fx.damage:
        lines.append(f"each character starts the next scenario with {fx.damage} damage")
    if fx.conditions:
        lines.append(f"each character starts the next scenario {', '.join(fx.conditions)}")
    lines += rules.change_reputation(campaign, fx.reputation)
    lines += rules.change_prosperity(content, campaign, fx.prosperity)
    for item in fx.items:
        lines += rules.add_item_design(content, campaign, item)
    for s in fx.unlock_scenarios:
        if s in content.scenarios and s not in campaign.unlocked and s not in campaign.completed:
            campaign.unlocked.append(s)
            lines.append(f"unlocked: {content.scenarios[s].name}")
    lines += add_events(content, campaign, fx.add_events)
    if fx.envelope:
        from questforge.engine.gloomhaven.campaign.envelopes import open_envelope

        lines += open_envelope(content, campaign, fx.envelope, "an event's outcome")
    for e in fx.remove_events:
        for deck in DECKS:
            if e in deck_of(campaign, deck):
                deck_of(campaign, deck).remove(e)
                lines.append(f"event {e} removed from the {deck} deck")
    if fx.text:
        lines.append(fx.text)
    return ["  " + line for line in lines]


def add_events(content: CampaignContent, campaign: Campaign, ids: Sequence[str]) -> list[str]:
    """GH-EVT-05: add events to their decks, then shuffle each deck that grew."""
    grown: set[str] = set()
    lines = []
    for e in ids:
        event = content.events.get(e)
        if event is None:
            continue
        cards = deck_of(campaign, event.deck)
        if e not in cards:
            cards.append(e)
            grown.add(event.deck)
            lines.append(f"event {e} added to the {event.deck} deck")
    for deck in sorted(grown):
        rules.rng(campaign, f"{deck}-events").shuffle(deck_of(campaign, deck))
    return lines
