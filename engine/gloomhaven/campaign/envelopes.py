"""Sealed envelopes (GH-ENV-01..03, GH-RETIRE-04/05): content a pack keeps out of a new
campaign until the game says to open a letter.

A pack seals a document with ``"envelope": "A"`` on a character class, a scenario or an
item (as ``random_deck`` puts one in a random deck); a personal quest's reward, a
scenario's ``rewards`` or an event outcome's ``effects`` open a letter with the same
field. Opening makes the letter's classes available to new characters with their events
(GH-ENV-02, GH-RETIRE-08), unlocks its scenarios (GH-BOARD-02) and puts every copy of
its items in the city's supply (GH-SHOP-05). The campaign file lists the letters opened
(``board.envelopes``); an envelope is opened once: a personal quest naming a letter
opened before gives a random item design and a random scenario instead (GH-RETIRE-05).

Reputation values that open envelopes (GH-REP-05) are not in the source, so no pack
field sets them: a pack can open a letter from an event outcome instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from questforge.engine.gloomhaven.campaign.content import CampaignContent
from questforge.engine.gloomhaven.campaign.events import add_events
from questforge.engine.gloomhaven.campaign.random_decks import envelope_open_already
from questforge.engine.gloomhaven.campaign.rules import add_item_design
from questforge.engine.gloomhaven.campaign.state import Campaign


@dataclass(frozen=True)
class Sealed:
    """What the pack puts in one envelope, each in the pack's order of ids."""

    classes: tuple[str, ...]
    scenarios: tuple[str, ...]
    items: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.classes or self.scenarios or self.items)


def sealed_in(content: CampaignContent, letter: str) -> Sealed:
    """The classes, scenarios and items the pack seals in envelope ``letter``."""
    return Sealed(
        tuple(
            sorted(c for c, i in content.classes.items() if i.character_class.envelope == letter)
        ),
        tuple(
            s.id
            for s in sorted(content.scenarios.values(), key=lambda s: (s.number, s.id))
            if s.envelope == letter
        ),
        tuple(sorted(i for i, item in content.items.items() if item.envelope == letter)),
    )


def open_envelope(content: CampaignContent, campaign: Campaign, letter: str, why: str) -> list[str]:
    """GH-ENV-01/02: open envelope ``letter`` (``why``: what opens it) and take out what it
    holds; an envelope opened before stays as it is (GH-ENV-01: each is opened once)."""
    if letter in campaign.envelopes:
        return [f"envelope {letter} is open already"]
    campaign.envelopes.append(letter)
    inside = sealed_in(content, letter)
    lines = [f"envelope {letter} opened: {why} (GH-ENV-01)"]
    added: list[str] = []
    for cid in inside.classes:
        if cid not in campaign.classes:
            campaign.classes.append(cid)
            lines.append(f"class unlocked: {content.classes[cid].name} (GH-ENV-02)")
            added += content.classes[cid].character_class.events_on_unlock  # GH-RETIRE-08
    for sid in inside.scenarios:
        if sid not in campaign.unlocked and sid not in campaign.completed:
            campaign.unlocked.append(sid)
            lines.append(f"unlocked: {content.scenarios[sid].name} ({sid})")
    for iid in inside.items:
        lines += add_item_design(content, campaign, iid)
    if not inside:
        lines.append(f"envelope {letter} holds nothing in this pack")
    return lines + add_events(content, campaign, added)


def quest_envelope(content: CampaignContent, campaign: Campaign, letter: str) -> list[str]:
    """GH-RETIRE-04/05: a completed personal quest opens its envelope; one opened before
    gives a random item design and a random scenario instead."""
    if letter in campaign.envelopes:
        return envelope_open_already(content, campaign)
    return open_envelope(content, campaign, letter, "a personal quest is completed (GH-ENV-03)")
