"""Monsters, stat levels and ability decks (QGH250-259).

A monster type draws from one ability deck, shared by every type that names it
(GH-MABIL-03); a boss draws from a boss deck whose cards name special actions (GH-BOSS-01).
A stat card holds normal and elite stats for levels 0-7 (GH-MSTAT-01); the schema requires
every level, these checks look at what the numbers say.
"""

from __future__ import annotations

from collections.abc import Iterator

from questforge.schema.jsontypes import json_int
from questforge.validator.context import CheckContext, split_reference
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.gloomhaven.catalogue import gh_check

#: stats compared between normal and elite, and between levels
STATS = ("health", "move", "attack", "range", "shield", "retaliate")


def _deck_users(ctx: CheckContext) -> dict[tuple[str | None, str], list[LoadedDocument]]:
    """(pack id, deck id) -> monsters and bosses of this pack that name the deck."""
    users: dict[tuple[str | None, str], list[LoadedDocument]] = {}
    for kind in ("monster", "boss"):
        for doc in ctx.of_kind(kind):
            ref = doc.data.get("deck")
            if isinstance(ref, str):
                pack_id, ident = split_reference(ref)
                key = (None if pack_id in (None, ctx.pack_id) else pack_id, ident)
                users.setdefault(key, []).append(doc)
    return users


@gh_check(
    "QGH250",
    severity="warning",
    title="Ability deck used by no monster",
    description="A monster ability deck of the pack is named by no monster type or boss of "
    "the pack: no monster ever draws from it (GH-MABIL-03). (A monster's deck that does not "
    "exist is QGH201.)",
    example='`warden-deck.json` exists but the warden\'s stat card says `"deck": "hound-deck"`.',
    fix="Point the intended monster's `deck` at it, or remove the deck.",
    rules=("GH-MABIL-03",),
)
def deck_used(ctx: CheckContext) -> Iterator[Finding]:
    users = _deck_users(ctx)
    for doc in ctx.of_kind("monster-ability-deck"):
        if (None, doc.id or "") not in users:
            yield ctx.finding(
                deck_used,
                f"monster ability deck {doc.id!r} is not used by any monster or boss",
                doc,
                ("id",),
                hint=f'set "deck": "{doc.id}" on the monster types that draw from it',
            )


@gh_check(
    "QGH251",
    severity="warning",
    title="Boss deck and monster deck mixed up",
    description='A monster type names a boss ability deck (`"boss": true`, whose cards name '
    "special actions), or a boss names a regular monster deck (GH-BOSS-01, GH-MABIL-03).",
    example='A boss with `"deck": "hound-deck"`, a deck without `"boss": true`.',
    fix="Give bosses a boss deck and monster types a regular deck, or fix the deck's `boss` flag.",
    rules=("GH-BOSS-01", "GH-MABIL-03"),
)
def deck_matches_owner(ctx: CheckContext) -> Iterator[Finding]:
    for kind in ("monster", "boss"):
        for doc in ctx.of_kind(kind):
            ref = doc.data.get("deck")
            deck = ctx.resolve(ref, "monster-ability-deck") if isinstance(ref, str) else None
            if deck is None or not isinstance(deck.data, dict):
                continue
            is_boss_deck = bool(deck.data.get("boss", False))
            if kind == "monster" and is_boss_deck:
                message = f"monster {doc.id!r} draws from boss deck {ref!r}"
            elif kind == "boss" and not is_boss_deck:
                message = f"boss {doc.id!r} draws from {ref!r}, which is not a boss deck"
            else:
                continue
            yield ctx.finding(deck_matches_owner, message, doc, ("deck",))


def _levels(doc: LoadedDocument) -> dict[int, dict[str, dict[str, int]]]:
    out: dict[int, dict[str, dict[str, int]]] = {}
    for key, row in (doc.data.get("levels") or {}).items():
        if isinstance(key, str) and key.isdigit() and isinstance(row, dict):
            out[int(key)] = row
    return out


def _stat(row: dict[str, int], name: str) -> int:
    value = row.get(name, 0)
    return json_int(value) or 0


@gh_check(
    "QGH252",
    severity="warning",
    title="Elite weaker than normal",
    description="At some level an elite monster has less health, move, attack, range, shield "
    "or retaliate than the normal monster of the same type. Elites are the stronger variant "
    "(GH-MSTAT-01, GH-SETUP-04); a lower value is usually a swapped number.",
    example="Level 2: normal health 7, elite health 5.",
    fix="Check the numbers of that level; swap normal and elite if they were entered the "
    "wrong way round.",
    rules=("GH-MSTAT-01", "GH-MSTAT-02"),
)
def elite_not_weaker(ctx: CheckContext) -> Iterator[Finding]:
    return ctx.per_document("QGH252", ctx.of_kind("monster"), lambda d: _elite_weaker(ctx, d))


def _elite_weaker(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    for level, row in sorted(_levels(doc).items()):
        normal, elite = row.get("normal") or {}, row.get("elite") or {}
        weaker = [s for s in STATS if _stat(elite, s) < _stat(normal, s)]
        if weaker:
            stat = weaker[0]
            yield ctx.finding(
                elite_not_weaker,
                f"monster {doc.id!r} level {level}: elite {', '.join(weaker)} lower than "
                f"normal ({stat} {_stat(elite, stat)} < {_stat(normal, stat)})",
                doc,
                ("levels", str(level), "elite", stat),
            )


@gh_check(
    "QGH253",
    severity="warning",
    title="Stats drop at a higher level",
    description="A normal or elite stat (health, move, attack, range, shield, retaliate) is "
    "lower at a scenario level than at the level below. Monsters get stronger as the "
    "scenario level rises (GH-LEVEL, GH-MSTAT-05); a drop is usually a typo.",
    example="Normal health 9 at level 3 and 8 at level 4.",
    fix="Check the stat at both levels.",
    rules=("GH-MSTAT-05", "GH-LEVEL-01"),
)
def stats_grow_with_level(ctx: CheckContext) -> Iterator[Finding]:
    return ctx.per_document("QGH253", ctx.of_kind("monster"), lambda d: _stats_drop(ctx, d))


def _stats_drop(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    levels = _levels(doc)
    for variant in ("normal", "elite"):
        for level in sorted(levels):
            if level - 1 not in levels:
                continue
            low = levels[level - 1].get(variant) or {}
            high = levels[level].get(variant) or {}
            dropped = [s for s in STATS if _stat(high, s) < _stat(low, s)]
            if dropped:
                stat = dropped[0]
                yield ctx.finding(
                    stats_grow_with_level,
                    f"monster {doc.id!r} {variant} {stat} drops from {_stat(low, stat)} "
                    f"at level {level - 1} to {_stat(high, stat)} at level {level}",
                    doc,
                    ("levels", str(level), variant, stat),
                )


@gh_check(
    "QGH254",
    severity="warning",
    title="Ability deck never reshuffles",
    description="No card of a monster ability deck has the shuffle symbol, so the deck is "
    "never reshuffled at the end of a round (GH-MABIL-05, GH-EOR-02) and runs dry in a long "
    "scenario.",
    example='A deck of eight cards, all with `"shuffle": false`.',
    fix='Mark at least one card (usually two) with `"shuffle": true`.',
    rules=("GH-MABIL-05", "GH-EOR-02"),
)
def deck_shuffles(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("monster-ability-deck"):
        cards = doc.data.get("cards") or []
        if cards and not any(isinstance(c, dict) and c.get("shuffle") for c in cards):
            yield ctx.finding(
                deck_shuffles,
                f"no card of deck {doc.id!r} has the shuffle symbol",
                doc,
                ("cards",),
            )


#: ability types a monster's turn performs (GH-MABIL-03, GH-MOTH); the others (recover,
#: refresh, XP, disarming or creating traps) are character abilities the engine's monster
#: turn skips
MONSTER_ABILITY_TYPES = frozenset(
    {
        "move",
        "attack",
        "heal",
        "shield",
        "retaliate",
        "summon",
        "loot",
        "infuse",
        "condition",
        "special",
        "disarm",
        "trap",
    }
)


@gh_check(
    "QGH255",
    severity="warning",
    title="Ability a monster cannot perform",
    description="A monster ability card lists an ability that monsters do not perform in "
    "the rules (recover, refresh, XP, persistent attack bonuses and negating damage: "
    "GH-RECOV, GH-XP, GH-BONUS are character abilities; monsters do disarm and create "
    "traps, GH-TRAP-05). The engine's monster turn skips it, so the card does less than it "
    "reads.",
    example='A card with `{"type": "recover", "count": 1}` in its abilities.',
    fix="Remove the ability from the monster card, or express it as a special rule.",
    rules=("GH-MABIL-04", "GH-MOTH-01", "GH-TRAP-05"),
)
def monster_abilities_performable(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("monster-ability-deck"):
        for i, card in enumerate(doc.data.get("cards") or []):
            if not isinstance(card, dict):
                continue
            for j, ability in enumerate(card.get("abilities") or []):
                kind = ability.get("type") if isinstance(ability, dict) else None
                if isinstance(kind, str) and kind not in MONSTER_ABILITY_TYPES:
                    yield ctx.finding(
                        monster_abilities_performable,
                        f"card {i + 1} of deck {doc.id!r} has a {kind!r} ability, which "
                        "monsters do not perform",
                        doc,
                        ("cards", i, "abilities", j, "type"),
                    )
