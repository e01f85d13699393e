"""Character classes, ability cards and attack modifier decks (QGH260-269).

An enhancement slot sits on a line that can take its kinds of sticker (GH-ENH-03, QGH265).

A character takes exactly hand-size cards into a scenario, chosen from the cards of its
level (GH-HAND-01); a new character has only level-1 and "X" cards (GH-CHAR-05,
GH-HAND-02), so a class needs at least hand-size of those. Perks edit the class's attack
modifier deck (GH-LVL-04); a standard deck has 20 cards (GH-COMP-04, GH-REF-01).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from questforge.engine.gloomhaven.enhancements import SLOT_KINDS, kind_fits
from questforge.schema.jsontypes import json_int
from questforge.validator.context import CheckContext, split_reference
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.gloomhaven.catalogue import gh_check

STANDARD_DECK_SIZE = 20


def _same_class(ctx: CheckContext, ref: Any, cls: LoadedDocument) -> bool:
    if not isinstance(ref, str):
        return False
    pack_id, ident = split_reference(ref)
    return ident == cls.id and pack_id in (None, ctx.pack_id)


def _class_cards(ctx: CheckContext, cls: LoadedDocument) -> list[LoadedDocument]:
    """Ability cards of ``cls`` in this pack (cards of other packs cannot be counted here)."""
    return [d for d in ctx.of_kind("ability-card") if _same_class(ctx, d.data.get("class"), cls)]


@gh_check(
    "QGH260",
    severity="error",
    title="Too few starting cards for the hand size",
    description="A character class has fewer level-1 and `X` ability cards than its hand "
    "size. A new character must take exactly hand-size cards into a scenario, and it has "
    "only its level-1 and `X` cards (GH-HAND-01, GH-HAND-02, GH-CHAR-05).",
    example='A class with `"hand_size": 10` and eight level-1 cards, no `X` cards.',
    fix="Add level-1 (or `X`) cards for the class, or lower `hand_size`. Check that the "
    "cards' `class` names this class.",
    rules=("GH-HAND-01", "GH-HAND-02", "GH-CHAR-05"),
)
def hand_size_covered(ctx: CheckContext) -> Iterator[Finding]:
    for cls in ctx.of_kind("character-class"):
        hand = json_int(cls.data.get("hand_size"))
        if hand is None:
            continue
        cards = _class_cards(ctx, cls)
        level1 = sum(1 for c in cards if c.data.get("level") == 1)
        xcards = sum(1 for c in cards if c.data.get("level") == "X")
        if level1 + xcards < hand:
            yield ctx.finding(
                hand_size_covered,
                f"class {cls.id!r} has hand size {hand} but only {level1} level-1 and "
                f"{xcards} X card(s)",
                cls,
                ("hand_size",),
                hint=f"add {hand - level1 - xcards} more level-1 card(s) for this class",
            )


@gh_check(
    "QGH261",
    severity="error",
    title="Use slots inconsistent",
    description="A persistent card action with use slots (GH-BONUS-03) must say so "
    "consistently: `uses` only on a `persistent` action, and `use_xp`, when given, has one "
    "entry per use slot (GH-XP-04).",
    example='A top action with `"persistent": true, "uses": 3, "use_xp": [0, 1]`.',
    fix="Give `use_xp` exactly `uses` entries, and mark actions with use slots `persistent`.",
    rules=("GH-BONUS-03", "GH-XP-04"),
)
def use_slots_consistent(ctx: CheckContext) -> Iterator[Finding]:
    for card in ctx.of_kind("ability-card"):
        for half in ("top", "bottom"):
            action = card.data.get(half)
            if not isinstance(action, dict):
                continue
            uses = action.get("uses")
            use_xp = action.get("use_xp")
            if uses is not None and not action.get("persistent"):
                yield ctx.finding(
                    use_slots_consistent,
                    f"card {card.id!r} {half} action has {uses} use slot(s) but is not persistent",
                    card,
                    (half, "uses"),
                    hint='add "persistent": true, or remove "uses"',
                )
            if isinstance(use_xp, list):
                slots = json_int(uses) or 0
                if len(use_xp) != slots:
                    yield ctx.finding(
                        use_slots_consistent,
                        f"card {card.id!r} {half} action lists {len(use_xp)} use_xp "
                        f"entr{'y' if len(use_xp) == 1 else 'ies'} for {slots} use slot(s)",
                        card,
                        (half, "use_xp"),
                        hint="use_xp has one entry per use slot",
                    )


def _deck_counts(deck: LoadedDocument | None) -> dict[str, int]:
    """Card id -> copies in an attack modifier deck (references normalised to bare ids)."""
    out: dict[str, int] = {}
    if deck is None or not isinstance(deck.data, dict):
        return out
    for entry in deck.data.get("cards", []) or []:
        if isinstance(entry, dict) and isinstance(entry.get("card"), str):
            ident = split_reference(entry["card"])[1]
            out[ident] = out.get(ident, 0) + int(entry.get("count", 1))
    return out


@gh_check(
    "QGH262",
    severity="warning",
    title="Perk removes a card the deck does not have",
    description="The class's perks, each taken as often as allowed, remove more copies of an "
    "attack modifier card than the starting modifier deck and the perks' own additions "
    "hold, so some perk cannot be applied (GH-LVL-04).",
    example='A perk `"remove": [{"card": "minus2", "count": 2}]` while the standard deck '
    "has one -2 card and no perk adds one.",
    fix="Remove a card the deck has, or fix the count.",
    rules=("GH-LVL-04",),
)
def perks_remove_existing(ctx: CheckContext) -> Iterator[Finding]:
    for cls in ctx.of_kind("character-class"):
        ref = cls.data.get("modifier_deck")
        deck = ctx.resolve(ref, "attack-modifier-deck") if isinstance(ref, str) else None
        if isinstance(ref, str) and deck is None:
            continue  # QGH201
        available = _deck_counts(deck) if deck is not None else {}
        if deck is None:
            continue  # no starting deck named: nothing to compare with
        perks = cls.data.get("perks", []) or []
        for perk in perks:
            times = int(perk.get("count", 1)) if isinstance(perk, dict) else 1
            for entry in perk.get("add", []) or [] if isinstance(perk, dict) else []:
                ident = split_reference(entry.get("card", ""))[1]
                available[ident] = available.get(ident, 0) + int(entry.get("count", 1)) * times
        removed: dict[str, int] = {}
        for p, perk in enumerate(perks):
            if not isinstance(perk, dict):
                continue
            times = int(perk.get("count", 1))
            for r, entry in enumerate(perk.get("remove", []) or []):
                card = entry.get("card", "")
                ident = split_reference(card)[1]
                before = removed.get(ident, 0)
                removed[ident] = before + int(entry.get("count", 1)) * times
                have = available.get(ident, 0)
                if removed[ident] > have >= before:
                    yield ctx.finding(
                        perks_remove_existing,
                        f"perks of class {cls.id!r} remove {removed[ident]} {card!r} "
                        f"card(s) up to perk {p + 1}, but the deck can hold only {have}",
                        cls,
                        ("perks", p, "remove", r),
                        hint="every perk taken in full must still find the cards it removes",
                    )


@gh_check(
    "QGH263",
    severity="warning",
    title="Modifier deck size or owner unexpected",
    description="A class's starting attack modifier deck should be a `character` deck of 20 "
    "cards, and the monster deck a `monster` deck of 20 cards (GH-COMP-04, GH-REF-01). A "
    "different size or owner is allowed for custom content but usually a counting mistake.",
    example="A `standard-deck` whose card counts add up to 19.",
    fix="Check the card counts (six +0, five +1, five -1, one +2, one -2, one x2, one null "
    "in the standard deck), or the deck's `owner`.",
    rules=("GH-COMP-04", "GH-REF-01"),
)
def modifier_deck_shape(ctx: CheckContext) -> Iterator[Finding]:
    for deck in ctx.of_kind("attack-modifier-deck"):
        total = sum(_deck_counts(deck).values())
        if total != STANDARD_DECK_SIZE:
            yield ctx.finding(
                modifier_deck_shape,
                f"attack modifier deck {deck.id!r} has {total} cards, not {STANDARD_DECK_SIZE}",
                deck,
                ("cards",),
            )
    for cls in ctx.of_kind("character-class"):
        ref = cls.data.get("modifier_deck")
        start = ctx.resolve(ref, "attack-modifier-deck") if isinstance(ref, str) else None
        if start is not None and isinstance(start.data, dict):
            owner = start.data.get("owner")
            if owner != "character":
                yield ctx.finding(
                    modifier_deck_shape,
                    f"class {cls.id!r} starts with deck {ref!r}, whose owner is {owner!r}, "
                    "not 'character'",
                    cls,
                    ("modifier_deck",),
                )


@gh_check(
    "QGH264",
    severity="warning",
    title="Class progression goes down",
    description="A class's maximum health drops from one character level to the next, or its "
    "XP thresholds do not rise strictly. Leveling up raises maximum health (GH-LVL-05) and "
    "each level needs more experience (GH-LVL-01, GH-REF-03).",
    example='`"health": [8, 9, 11, 10, ...]` (level 4 below level 3).',
    fix="Check the numbers at the level named in the message.",
    rules=("GH-LVL-01", "GH-LVL-05", "GH-REF-03"),
)
def class_progression(ctx: CheckContext) -> Iterator[Finding]:
    for cls in ctx.of_kind("character-class"):
        for key, strict in (("health", False), ("xp_thresholds", True)):
            values = cls.data.get(key)
            if not isinstance(values, list):
                continue
            for i in range(1, len(values)):
                low, high = json_int(values[i - 1]), json_int(values[i])
                if low is None or high is None:
                    continue
                if high < low or (strict and high == low):
                    yield ctx.finding(
                        class_progression,
                        f"class {cls.id!r} {key} goes from {low} at level {i} to {high} at "
                        f"level {i + 1}",
                        cls,
                        (key, i),
                    )
                    break


@dataclass(frozen=True)
class _Pattern:
    hexes: tuple[tuple[int, int], ...]
    melee: bool


@dataclass(frozen=True)
class _Stats:
    range: int


@dataclass(frozen=True)
class _Line:
    """An ability line's fields a sticker looks at (``enhancements.AbilityLike``), read
    from the JSON: validating a pack does not import the action model (start-up)."""

    type: str
    range: int | None
    targets: int
    pierce: int
    push: int
    pull: int
    jump: bool
    affects: str | None
    aoe: _Pattern | None
    stats: _Stats | None

    @classmethod
    def of(cls, d: dict[str, Any]) -> _Line:
        def num(key: str, default: int = 0) -> int:
            value = json_int(d.get(key))
            return default if value is None else value

        aoe, stats = d.get("aoe"), d.get("stats")
        return cls(
            type=str(d.get("type", "")),
            range=json_int(d.get("range")),
            targets=num("targets", 1),
            pierce=num("pierce"),
            push=num("push"),
            pull=num("pull"),
            jump=d.get("jump") is True,
            affects=d["affects"] if isinstance(d.get("affects"), str) else None,
            aoe=_Pattern(
                tuple(
                    (h[0], h[1])
                    for h in aoe.get("hexes", [])
                    if isinstance(h, list) and len(h) == 2
                ),
                aoe.get("melee") is True,
            )
            if isinstance(aoe, dict)
            else None,
            stats=_Stats(json_int(stats.get("range")) or 0) if isinstance(stats, dict) else None,
        )


@gh_check(
    "QGH265",
    severity="error",
    title="Enhancement slot on a line that cannot take it",
    description="An ability card's enhancement slot names a line its action does not have, or "
    "a kind of sticker its line cannot take (GH-ENH-03): `plus1` needs a value (move, attack, "
    "heal, shield, retaliate, a summon's stats); `negative-condition` a line targeting enemies; "
    "`positive-condition` a heal, shield, retaliate or condition on self or allies; `jump` a "
    "move that is not a jump yet; `attack-hex` an area attack; nothing goes on an `xp`, "
    "`infuse`, `special`, `attack-bonus` or `negate-damage` line. A slot without `kinds` "
    "takes every kind its line can take, and needs at least one.",
    example='`"abilities": [{"type": "move", "value": 3}], "enhancement_slots": '
    '[{"ability": 0, "kinds": ["attack-hex"]}]`.',
    fix="Point `ability` at the line the printed dot sits on (0 is the first), or name the "
    "kinds that line can take.",
    rules=("GH-ENH-03",),
)
def enhancement_slots_fit(ctx: CheckContext) -> Iterator[Finding]:
    for card in ctx.of_kind("ability-card"):
        for half in ("top", "bottom"):
            action = card.data.get(half)
            if not isinstance(action, dict) or not isinstance(action.get("abilities"), list):
                continue
            lines = action["abilities"]
            slots = action.get("enhancement_slots")
            for i, slot in enumerate(slots if isinstance(slots, list) else []):
                if not isinstance(slot, dict):
                    continue
                at = (half, "enhancement_slots", i)
                index = json_int(slot.get("ability"))
                if index is None:
                    continue
                if not 0 <= index < len(lines):
                    yield ctx.finding(
                        enhancement_slots_fit,
                        f"card {card.id!r}: the {half} action has {len(lines)} line(s); an "
                        f"enhancement slot names line {index}",
                        card,
                        (*at, "ability"),
                    )
                    continue
                if not isinstance(lines[index], dict):
                    continue
                line = _Line.of(lines[index])
                kinds = slot.get("kinds")
                if not isinstance(kinds, list):
                    if all(kind_fits(line, k) for k in SLOT_KINDS):
                        yield ctx.finding(
                            enhancement_slots_fit,
                            f"card {card.id!r}: {half} line {index} ({line.type}) takes no "
                            "enhancement, yet has a slot",
                            card,
                            (*at, "ability"),
                        )
                    continue
                for j, kind in enumerate(kinds):
                    why = kind_fits(line, kind) if isinstance(kind, str) else ""
                    if why:
                        yield ctx.finding(
                            enhancement_slots_fit,
                            f"card {card.id!r}: {half} line {index} cannot take a {kind} "
                            f"sticker: {why}",
                            card,
                            (*at, "kinds", j),
                        )
