"""Enhanced ability cards in play (GH-ENH-03): one mechanism, applied before the game.

A setup's ``enhancements`` (per character, stickers in the text form of
:class:`~questforge.engine.gloomhaven.enhancements.Enhancement`) rewrite the
class's cards in the game's :class:`Content`: a +1 raises the value it names, a
condition joins the line's conditions, a jump makes the move a jump, an attack hex joins
the area pattern, and an element adds an ``infuse`` of it right after the line (using
the ability creates it; ``any`` is the wild element the player picks). The rules engine
then plays the changed cards like any other: nothing else knows about enhancements.

A game without enhancements keeps its content object untouched, so games and their logs
are exactly as before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from questforge.engine.core.game import SetupError
from questforge.engine.gloomhaven.enhancements import (
    ELEMENT_STICKERS,
    NEGATIVE_STICKERS,
    POSITIVE_STICKERS,
    Enhancement,
    hex_fits,
    sticker_fits,
)
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AbilityCard,
    Action,
    AreaPattern,
    ClassSpec,
    Content,
)

#: +1 stickers on the line's own fields
_PLUS1_FIELD = {
    "move": "value",
    "attack": "value",
    "heal": "value",
    "shield": "value",
    "retaliate": "value",
    "range": "range",
    "push": "push",
    "pull": "pull",
    "pierce": "pierce",
    "target": "targets",
}
_SUMMON_FIELD = {
    "summon-health": "health",
    "summon-move": "move",
    "summon-attack": "attack",
    "summon-range": "range",
}


def parse(character: str, texts: Sequence[str]) -> list[Enhancement]:
    out = []
    for text in texts:
        try:
            out.append(Enhancement.parse(text))
        except ValueError as exc:
            raise SetupError(f"{character}: enhancement {exc}") from None
    return out


def enhance_ability(a: Ability, e: Enhancement) -> Ability:
    """The line ``a`` with sticker ``e`` on it (``SetupError`` when it cannot take it)."""
    why = sticker_fits(a, e.sticker)
    if not why and e.sticker == "attack-hex":
        why = hex_fits(a, e.hex) if e.hex is not None else "an attack hex needs its hex"
    if why:
        raise SetupError(f"enhancement {e.words()}: {why} (GH-ENH-03)")
    s = e.sticker
    if s in _PLUS1_FIELD:
        name = _PLUS1_FIELD[s]
        raised: dict[str, Any] = {name: (getattr(a, name) or 0) + 1}
        return dataclasses.replace(a, **raised)
    if s in _SUMMON_FIELD and a.stats is not None:
        name = _SUMMON_FIELD[s]
        more: dict[str, Any] = {name: getattr(a.stats, name) + 1}
        stats = dataclasses.replace(a.stats, **more)
        return dataclasses.replace(a, stats=stats)
    if s in NEGATIVE_STICKERS or s in POSITIVE_STICKERS:
        return a if s in a.conditions else dataclasses.replace(a, conditions=(*a.conditions, s))
    if s == "jump":
        return dataclasses.replace(a, jump=True)
    if s == "attack-hex" and a.aoe is not None and e.hex is not None:
        aoe = AreaPattern((*a.aoe.hexes, e.hex), a.aoe.melee)
        return dataclasses.replace(a, aoe=aoe)
    return a  # elements: an infuse after the line (enhance_action)


def enhance_action(action: Action, stickers: Sequence[Enhancement]) -> Action:
    """The card half with its stickers: lines changed in place, element stickers as an
    ``infuse`` right after their line (indices are the printed lines, before insertion)."""
    lines = list(action.abilities)
    infuse: dict[int, list[str]] = {}
    for e in stickers:
        if not 0 <= e.line < len(lines):
            raise SetupError(
                f"enhancement {e.words()}: the {e.half} action has lines 0 to {len(lines) - 1}"
            )
        lines[e.line] = enhance_ability(lines[e.line], e)
        if e.sticker in ELEMENT_STICKERS:
            infuse.setdefault(e.line, []).append(e.sticker)
    out: list[Ability] = []
    for i, a in enumerate(lines):
        out.append(a)
        if i in infuse:
            out.append(Ability("infuse", elements=tuple(infuse[i])))
    return dataclasses.replace(action, abilities=tuple(out))


def enhance_card(card: AbilityCard, stickers: Sequence[Enhancement]) -> AbilityCard:
    top = [e for e in stickers if e.half == "top"]
    bottom = [e for e in stickers if e.half == "bottom"]
    return dataclasses.replace(
        card,
        top=enhance_action(card.top, top) if top else card.top,
        bottom=enhance_action(card.bottom, bottom) if bottom else card.bottom,
    )


def enhance_class(cls: ClassSpec, stickers: Sequence[Enhancement]) -> ClassSpec:
    known = {c.id for c in cls.cards}
    for e in stickers:
        if e.card not in known:
            raise SetupError(f"{cls.id}: enhancement {e.words()}: the class has no card {e.card!r}")
    cards = tuple(
        enhance_card(c, [e for e in stickers if e.card == c.id])
        if any(e.card == c.id for e in stickers)
        else c
        for c in cls.cards
    )
    return dataclasses.replace(cls, cards=cards)


def enhanced_content(content: Content, enhancements: Mapping[str, Sequence[str]]) -> Content:
    """``content`` with each character's enhanced cards (GH-ENH-03); the same object when
    no character has any."""
    if not any(enhancements.values()):
        return content
    classes = dict(content.classes)
    for cid, texts in enhancements.items():
        if cid not in classes:
            raise SetupError(f"enhancements given for {cid!r}, which is not a class of the pack")
        if texts:
            classes[cid] = enhance_class(classes[cid], parse(cid, texts))
    return dataclasses.replace(content, classes=classes)
