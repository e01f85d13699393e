"""Enhancing ability cards in town (GH-ENH-01..10): the ``enhance`` town action.

The card data (lines, printed slots, levels) comes from the content model
(:mod:`questforge.engine.gloomhaven.model`); what a sticker is, where it fits and what it
costs from :mod:`~questforge.engine.gloomhaven.enhancements`. Stickers are kept on
the campaign per class (GH-ENH-08: permanent, they belong to every character of the class
and survive retirement), in their text form; ``campaign play`` hands them to the game
(the setup option ``enhancements``), which changes the cards before play.

Refusals, each before anything changes: no enhancement before the global achievement
:data:`ACHIEVEMENT` (GH-ENH-01); a card not in the character's pool (GH-ENH-01); a
sticker its line cannot take (GH-ENH-03) or with no free printed slot of its kind; more
enhanced cards in the pool than the prosperity level (GH-ENH-07); too little gold
(GH-ENH-02).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from questforge.engine.core.campaign import CampaignError
from questforge.engine.core.hexgrid import Hex
from questforge.engine.gloomhaven.campaign.rules import enter_town, find_character, note
from questforge.engine.gloomhaven.campaign.state import Campaign, Character
from questforge.engine.gloomhaven.enhancements import (
    SLOT_KINDS,
    Enhancement,
    cost,
    hex_fits,
    kind_fits,
    kind_of,
    sticker_fits,
)
from questforge.engine.gloomhaven.model import AbilityCard
from questforge.engine.gloomhaven.model.actions import Ability
from questforge.engine.gloomhaven.model.cards import CardHalf

#: GH-ENH-01: the global achievement that opens enhancing. The seed names it "增強力量"
#: ("enhance power"); a pack's scenario or event grants it under this name.
ACHIEVEMENT = "Enhance Power"


def placed(campaign: Campaign, class_id: str) -> list[Enhancement]:
    """The class's stickers (GH-ENH-08), parsed."""
    return [Enhancement.parse(t) for t in campaign.enhancements.get(class_id, [])]


def enhanced_cards(campaign: Campaign, c: Character) -> list[str]:
    """GH-ENH-07: the cards of the character's pool that carry a sticker."""
    cards = {e.card for e in placed(campaign, c.class_id)}
    return [card for card in c.pool if card in cards]


def _half(card: AbilityCard, half: str) -> CardHalf:
    return card.top if half == "top" else card.bottom


def _line_now(line: Ability, on_line: Sequence[Enhancement]) -> Ability:
    """The line as it stands, for GH-ENH-06's hex count: earlier attack hexes added."""
    extra = [Hex(*e.hex) for e in on_line if e.sticker == "attack-hex" and e.hex is not None]
    if not extra or line.aoe is None:
        return line
    aoe = dataclasses.replace(line.aoe, hexes=(*line.aoe.hexes, *extra))
    return dataclasses.replace(line, aoe=aoe)


def free_slot(half: CardHalf, line: Ability, e: Enhancement, on_line: Sequence[Enhancement]) -> str:
    """``""`` when a printed slot of the sticker's kind is free on the line (the earlier
    stickers take the first slots that fit them), else why not (GH-ENH-03)."""
    slots = [s for s in half.enhancement_slots if s.ability == e.line]
    if not slots:
        return f"the {e.half} action's line {e.line} has no enhancement slot"
    left = [s.count for s in slots]
    takes = [set(s.kinds or [k for k in SLOT_KINDS if not kind_fits(line, k)]) for s in slots]
    for earlier in on_line:
        for i, kinds in enumerate(takes):
            if left[i] and kind_of(earlier.sticker) in kinds:
                left[i] -= 1
                break
    kind = kind_of(e.sticker)
    if any(n and kind in kinds for n, kinds in zip(left, takes, strict=True)):
        return ""
    if not any(kind in kinds for kinds in takes):
        return f"line {e.line}'s slots take no {kind} sticker"
    return f"line {e.line}'s {kind} slots are all taken"


def _check_place(
    card: AbilityCard, e: Enhancement, earlier: Sequence[Enhancement]
) -> tuple[Ability, list[Enhancement]]:
    half = _half(card, e.half)
    if not 0 <= e.line < len(half.abilities):
        raise CampaignError(
            f"{card.id}'s {e.half} action has lines 0 to {len(half.abilities) - 1}, not {e.line}"
        )
    line = half.abilities[e.line]
    why = sticker_fits(line, e.sticker)
    on_line = [x for x in earlier if x.card == e.card and x.half == e.half and x.line == e.line]
    if not why and e.sticker == "attack-hex":
        why = hex_fits(_line_now(line, on_line), e.hex) if e.hex else "give the hex: --hex Q,R"
    if not why and kind_of(e.sticker) != "plus1" and any(x == e for x in on_line):
        why = f"the line has a {e.sticker} sticker already"
    if not why:
        why = free_slot(half, line, e, on_line)
    if why:
        raise CampaignError(f"{card.name} ({card.id}) {e.half} line {e.line}: {why} (GH-ENH-03)")
    return _line_now(line, on_line), on_line


def price(card: AbilityCard, e: Enhancement, earlier: Sequence[Enhancement]) -> int:
    """GH-ENH-02/04/05/06 (published table, see ``gloomhaven.enhancements``)."""
    line, _on_line = _check_place(card, e, earlier)
    on_action = sum(1 for x in earlier if x.card == e.card and x.half == e.half)
    level = card.level if isinstance(card.level, int) else 1
    return cost(line, e.sticker, level, on_action)


def enhance(
    cards: Mapping[str, AbilityCard],
    campaign: Campaign,
    key: str,
    e: Enhancement,
) -> list[str]:
    """GH-ENH-01..08: put sticker ``e`` on a card of the character ``key``'s pool and
    pay for it; refuses with the rule's reason before changing anything."""
    if ACHIEVEMENT not in campaign.global_achievements:
        raise CampaignError(
            f"enhancing needs the global achievement {ACHIEVEMENT!r} (GH-ENH-01); the party has "
            f"{', '.join(campaign.global_achievements) or 'none'}"
        )
    c = find_character(campaign, key)
    card = cards.get(e.card)
    if card is None or card.character_class != c.class_id:
        raise CampaignError(f"{c.name}'s class {c.class_id} has no card {e.card!r}")
    if e.card not in c.pool:
        raise CampaignError(
            f"{card.name} is not in {c.name}'s card pool (GH-ENH-01: cards of the pool only)"
        )
    earlier = placed(campaign, c.class_id)
    gold = price(card, e, earlier)
    enhanced = enhanced_cards(campaign, c)
    cap = campaign.prosperity_level()
    if e.card not in enhanced and len(enhanced) >= cap:
        raise CampaignError(
            f"{c.name} has {len(enhanced)} enhanced card(s) ({', '.join(enhanced)}); the "
            f"prosperity level {cap} allows no more (GH-ENH-07)"
        )
    if c.gold < gold:
        raise CampaignError(
            f"{c.name} has {c.gold} gold; this enhancement costs {gold} (GH-ENH-02)"
        )
    lines = enter_town(campaign)
    c.gold -= gold
    campaign.enhancements.setdefault(c.class_id, []).append(e.text())
    where = f" at {list(e.hex)}" if e.hex else ""
    lines.append(
        f"{c.name} enhances {card.name} ({e.half} line {e.line}): {e.sticker}{where} for "
        f"{gold} gold; permanent, for every {c.class_id} (GH-ENH-02/08)"
    )
    return note(campaign, lines)


def setup_text(campaign: Campaign, party: Sequence[Character]) -> str:
    """The game's ``enhancements`` setup option for the party (``""``: none)."""
    return ";".join(
        f"{ch.class_id}={','.join(campaign.enhancements[ch.class_id])}"
        for ch in party
        if campaign.enhancements.get(ch.class_id)
    )


def bot_choice(
    cards: Mapping[str, AbilityCard], campaign: Campaign, c: Character
) -> tuple[Enhancement, int] | None:
    """The enhancement a bot's town visit buys for ``c`` (``None``: none it can have):
    +1 on an attack line, the cheapest one the rules allow now (GH-ENH-01/03/07) and the
    character can pay (GH-ENH-02); a tie goes to the card first in the pool, then the top
    half, then the first line. Deterministic: no draw, so the same sheets give the same
    choice. An attack +1 is the sticker every damage-dealing class can use."""
    if ACHIEVEMENT not in campaign.global_achievements:
        return None
    earlier = placed(campaign, c.class_id)
    enhanced = enhanced_cards(campaign, c)
    best: tuple[int, int, Enhancement] | None = None
    for order, card_id in enumerate(c.pool):
        card = cards.get(card_id)
        if card is None or card.character_class != c.class_id:
            continue
        if card_id not in enhanced and len(enhanced) >= campaign.prosperity_level():
            continue  # GH-ENH-07
        for half in ("top", "bottom"):
            for i, line in enumerate(_half(card, half).abilities):
                if line.type != "attack":
                    continue
                e = Enhancement(card_id, half, i, "attack")
                try:
                    gold = price(card, e, earlier)
                except CampaignError:
                    continue  # no free slot for it (GH-ENH-03)
                if gold <= c.gold and (best is None or (gold, order) < best[:2]):
                    best = (gold, order, e)
    return None if best is None else (best[2], best[0])
