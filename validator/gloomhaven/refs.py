"""Which kind of content a reference names, and messages for ones that do not resolve.

The schemas mark every reference (``#/$defs/reference``) but not its target kind; the
target follows from the property that holds it (``tile`` names a map tile, ``monster`` a
monster type, ``unlocks`` scenarios, ...). :data:`TARGETS` is that table, with per-kind
overrides in :data:`OVERRIDES`. A test walks every shipped schema and fails on a reference
position this table cannot place, so a new property cannot slip through unchecked.
"""

from __future__ import annotations

import difflib

from questforge.validator.context import CheckContext, split_reference
from questforge.validator.findings import JsonPath

#: property name holding a reference -> kind of the referenced document
TARGETS: dict[str, str] = {
    "tile": "map-tile",
    "monster": "monster",
    "monsters": "monster",
    "boss": "boss",
    "deck": "monster-ability-deck",
    "unlocks": "scenario",
    "links": "scenario",
    "scenario": "scenario",
    "scenarios": "scenario",
    "item": "item",
    "items": "item",
    "class": "character-class",
    "classes": "character-class",
    "card": "attack-modifier",
    "cards": "attack-modifier",
    "modifier": "attack-modifier",
    "modifiers": "attack-modifier",
    "modifier_cards": "attack-modifier",
    "battle_goal": "battle-goal",
    "personal_quest": "personal-quest",
    "event": "event",
    "events": "event",
    "events_on_unlock": "event",
    "events_on_retire": "event",
    "add_events": "event",
    "remove_events": "event",
    "unlock_scenarios": "scenario",
    "treasure_table": "treasure-table",
    "ability_card": "ability-card",
    "ability_cards": "ability-card",
    "modifier_deck": "attack-modifier-deck",
}

#: (source kind, property name) -> target kind, where the general table is wrong
OVERRIDES: dict[tuple[str, str], str] = {}


def property_of(path: JsonPath) -> str | None:
    """The last object key of ``path`` (skipping array indices)."""
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return None


def target_kind(source_kind: str, path: JsonPath) -> str | None:
    """Kind of the document the reference at ``path`` of a ``source_kind`` document names."""
    prop = property_of(path)
    if prop is None:
        return None
    return OVERRIDES.get((source_kind, prop)) or TARGETS.get(prop)


def ids_of_kind(ctx: CheckContext, kind: str, pack_id: str | None) -> list[str]:
    """Ids of ``kind`` in this pack (``pack_id`` ``None``/own) or in the named required pack."""
    if pack_id is None or pack_id == ctx.pack_id:
        docs = ctx.documents
    else:
        docs = ctx.required.get(pack_id, [])
    return sorted({d.id for d in docs if d.kind == kind and d.id is not None})


def other_kinds_with_id(ctx: CheckContext, ref: str) -> list[str]:
    """Kinds that do have a document with the referenced id (a likely wrong-kind mistake)."""
    pack_id, ident = split_reference(ref)
    if pack_id is None or pack_id == ctx.pack_id:
        docs = ctx.documents
    else:
        docs = ctx.required.get(pack_id, [])
    return sorted({d.kind for d in docs if d.id == ident and d.kind is not None})


def suggestion(word: str, options: list[str]) -> str | None:
    found = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return found[0] if found else None
