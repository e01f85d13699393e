"""Which kind of content a reference names, and messages for ones that do not resolve.

The schemas mark every reference (``#/$defs/reference``) but not its target kind; the
target follows from the property that holds it (``tile`` names a map tile, ``monster`` a
monster type, ``unlocks`` scenarios, ...). :data:`TARGETS` is that table, with per-kind
overrides in :data:`OVERRIDES`. A test walks every shipped schema and fails on a reference
position this table cannot place, so a new property cannot slip through unchecked.
"""

from __future__ import annotations

import difflib
from typing import Any

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
    """Ids of ``kind`` in this pack (``pack_id`` ``None``/own) or in the named required pack
    (sorted; from an index built once per context, not a scan per call)."""
    return list(_id_index(ctx, pack_id).by_kind.get(kind, ()))


def other_kinds_with_id(ctx: CheckContext, ref: str) -> list[str]:
    """Kinds that do have a document with the referenced id (a likely wrong-kind mistake)."""
    pack_id, ident = split_reference(ref)
    return list(_id_index(ctx, pack_id).kinds_of.get(ident, ()))


def suggest_id(ctx: CheckContext, word: str, kind: str, pack_id: str | None) -> str | None:
    """The closest id of ``kind`` to ``word`` (see :func:`suggestion`), from the context's
    index: the cost per call does not grow with the pack."""
    return _id_index(ctx, pack_id).suggester(kind).closest(word)


def suggestion(word: str, options: list[str]) -> str | None:
    found = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return found[0] if found else None


#: up to this many options, :class:`Suggester` asks :mod:`difflib` about every one of them
EXACT_LIMIT = 256
#: at most this many ids are taken from one entry of the deletion index
_BUCKET_CAP = 32


class Suggester:
    """Close-match suggestions over a fixed set of ids, in time independent of its size.

    Up to :data:`EXACT_LIMIT` ids it is exactly :func:`suggestion`. For more, scoring every
    id per unresolved reference would make a check quadratic in the pack's size (1,000
    scenarios whose links do not resolve took 19 s), so candidates come from a deletion
    index (every id, and every id with one character deleted, points back to the id), the
    way spelling correctors find typos: the ids within one or two edits of ``word``, at
    most :data:`_BUCKET_CAP` per index entry, are then ranked by :mod:`difflib` as before.
    Beyond the exact limit a suggestion may therefore be missed when the only close id
    differs by more than two edits - a hint, never a finding, changes.
    """

    def __init__(self, ids: list[str]) -> None:
        self.ids = ids
        self._index: dict[str, list[str]] | None = None
        self._memo: dict[str, str | None] = {}

    def closest(self, word: str) -> str | None:
        found = self._memo.get(word, _MISSING)
        if found is _MISSING:
            if len(self.ids) <= EXACT_LIMIT:
                found = suggestion(word, self.ids)
            else:
                found = suggestion(word, self._candidates(word))
            self._memo[word] = found
        return found  # type: ignore[return-value]

    def _candidates(self, word: str) -> list[str]:
        if self._index is None:
            index: dict[str, list[str]] = {}
            for ident in self.ids:
                for key in {ident, *_deletions(ident)}:
                    index.setdefault(key, []).append(ident)
            self._index = index
        seen: dict[str, None] = {}
        for key in (word, *_deletions(word)):
            for ident in self._index.get(key, ())[:_BUCKET_CAP]:
                seen.setdefault(ident)
        return sorted(seen)


_MISSING = object()


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


class _IdIndex:
    """Kinds and ids of one pack's documents, for reference messages."""

    def __init__(self, docs: list[Any]) -> None:
        by_kind: dict[str, set[str]] = {}
        kinds_of: dict[str, set[str]] = {}
        for doc in docs:
            kind, ident = doc.kind, doc.id
            if kind is None or ident is None:
                continue
            by_kind.setdefault(kind, set()).add(ident)
            kinds_of.setdefault(ident, set()).add(kind)
        self.by_kind = {k: sorted(v) for k, v in by_kind.items()}
        self.kinds_of = {k: sorted(v) for k, v in kinds_of.items()}
        self._suggesters: dict[str, Suggester] = {}

    def suggester(self, kind: str) -> Suggester:
        found = self._suggesters.get(kind)
        if found is None:
            found = self._suggesters[kind] = Suggester(self.by_kind.get(kind, []))
        return found


def _id_index(ctx: CheckContext, pack_id: str | None) -> _IdIndex:
    """This pack's (or a required pack's) id index, built once per set of kinds and ids
    (the required packs are fixed for a cache's lifetime)."""
    own = pack_id is None or pack_id == ctx.pack_id
    key = ("gh-id-index", ctx.ids_token()) if own else ("gh-id-index-required", pack_id)
    docs = ctx.documents if own else ctx.required.get(pack_id or "", [])
    index: _IdIndex = ctx.memo(key, lambda: _IdIndex(list(docs)))
    return index
