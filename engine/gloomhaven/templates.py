"""Gloomhaven's templates: what ``questforge new pack|scenario|monster|character`` writes.

A scenario gets a starter map tile unless the pack already has the tile it names, a monster
gets its ability deck, a character class gets a full level-1 hand, and a new pack the
standard attack modifier cards and decks (GH-REF-01). Every scaffold validates on its own
(``tests/content/test_new_command.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption
from questforge.engine.core.templates import Files, PackContext, TemplateError, fit
from questforge.engine.core.templates import header as _base_header
from questforge.engine.gloomhaven.constants import STANDARD_MODIFIERS


def _header(kind: str, id: str, folder: str = "gloomhaven") -> dict[str, Any]:
    return _base_header(folder, kind, id)


def _rect(width: int, height: int) -> list[list[int]]:
    """A ``width`` x ``height`` block of hexes in axial coordinates (offset rows)."""
    return [[q, r] for r in range(height) for q in range(-(r // 2), width - (r // 2))]


def _round(radius: int) -> list[list[int]]:
    """Every hex within ``radius`` of ``[0, 0]`` (a round chamber)."""
    return [
        [q, r]
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if abs(q) <= radius and abs(r) <= radius and abs(q + r) <= radius
    ]


def _ell() -> list[list[int]]:
    """An L: a 3 x 5 block with a 3 x 2 arm to the side of its last rows."""
    hexes = _rect(3, 5)
    arm = [[q + 3, r] for q, r in _rect(3, 5) if r >= 3]
    return hexes + [h for h in arm if h not in hexes]


def starter_tiles() -> dict[str, dict[str, Any]]:
    """The starter map tiles of a new pack: simple shapes of our own (not printed tiles),
    so a designer can lay out a first scenario before drawing tiles of their own."""
    shapes = {
        "starter-hall": ("Starter hall", "A 7 x 4 hall.", _rect(7, 4), _rect(7, 4)),
        "starter-corridor": ("Starter corridor", "A corridor two hexes wide.", _rect(2, 6), []),
        "starter-chamber": ("Starter chamber", "A round chamber.", _round(2), _round(2)),
        "starter-ell": ("Starter ell", "An L-shaped room.", _ell(), _ell()),
    }
    tiles: dict[str, dict[str, Any]] = {}
    for tile_id, (name, text, a, b) in shapes.items():
        label = "".join(w[0] for w in tile_id.split("-")).upper()
        sides: dict[str, Any] = {"a": {"label": f"{label}a", "hexes": a}}
        sides["b"] = {"label": f"{label}b", "hexes": b or a}
        tiles[tile_id] = {**_header("map-tile", tile_id), "name": name, "description": text}
        tiles[tile_id]["sides"] = sides
    return tiles


def pack_files(id: str, name: str) -> Files:
    """What every Gloomhaven pack starts with: the standard modifier cards and decks, and
    a starter set of map tiles."""
    files: Files = {f"tiles/{tid}.json": tile for tid, tile in starter_tiles().items()}
    for card_id, label, value, _count, shuffle in STANDARD_MODIFIERS:
        card: dict[str, Any] = {**_header("attack-modifier", card_id), "name": label}
        card.update({"value": value, "icon": "1"})
        if shuffle:
            card["shuffle"] = True
        files[f"modifiers/{card_id}.json"] = card
    for special, value in (("bless", "x2"), ("curse", "null")):
        files[f"modifiers/{special}.json"] = {
            **_header("attack-modifier", special),
            "name": special.capitalize(),
            "value": value,
            "special": special,
            "icon": "scenario",
        }
    cards = [{"card": c, "count": n} for c, _label, _value, n, _shuffle in STANDARD_MODIFIERS]
    for deck_id, deck_name, owner in (
        ("standard-deck", "Standard player deck", "character"),
        ("monster-deck", "Monster modifier deck", "monster"),
    ):
        files[f"modifiers/{deck_id}.json"] = {
            **_header("attack-modifier-deck", deck_id),
            "name": deck_name,
            "owner": owner,
            "cards": cards,
        }
    return files


def scenario_files(id: str, name: str, number: int, tile: str, write_tile: bool) -> Files:
    files: Files = {}
    if write_tile:
        files[f"tiles/{tile}.json"] = {
            **_header("map-tile", tile),
            "name": fit(f"{name} room"),
            "description": "A plain 6 x 5 room; replace with your own tile.",
            "sides": {"a": {"hexes": _rect(6, 5)}, "b": {"hexes": _rect(6, 5)}},
        }
    files[f"scenarios/{id}.json"] = {
        **_header("scenario", id),
        "number": number,
        "name": name,
        "description": "Introduction text read before the scenario.",
        "tiles": [{"id": "room-1", "tile": tile, "side": "a", "position": [0, 0], "rotation": 0}],
        "rooms": [{"id": "start", "name": "Entrance", "tiles": ["room-1"]}],
        "starting_room": "start",
        "starting_hexes": [[0, 0], [1, 0], [2, 0], [3, 0]],
        "doors": [],
        "overlays": [],
        "monsters": [],
        "win": [{"type": "kill-all", "text": "Kill every monster."}],
    }
    return files


def monster_files(id: str, name: str) -> Files:
    deck_id = f"{id}-deck"
    levels = {
        str(level): {
            "normal": {"health": 4 + 2 * level, "move": 2, "attack": 2 + level // 2},
            "elite": {"health": 7 + 3 * level, "move": 3, "attack": 3 + level // 2},
        }
        for level in range(8)
    }
    cards = [
        (11, [("move", 1), ("attack", -1)], False),
        (24, [("move", 0), ("attack", 1)], False),
        (32, [("move", 1), ("attack", 0)], True),
        (40, [("move", 2), ("attack", -1)], False),
        (51, [("move", 0), ("attack", 0)], False),
        (58, [("move", -1), ("attack", 2)], True),
        (67, [("move", 1), ("attack", 0)], False),
        (79, [("move", 0), ("attack", 1)], False),
    ]
    deck_cards = []
    for n, (initiative, abilities, shuffle) in enumerate(cards, start=1):
        card: dict[str, Any] = {
            "name": fit(name, f" {n}"),
            "initiative": initiative,
            "abilities": [{"type": t, "value": v} for t, v in abilities],
        }
        if shuffle:
            card["shuffle"] = True
        deck_cards.append(card)
    return {
        f"monsters/{id}.json": {
            **_header("monster", id),
            "name": name,
            "description": "Describe the monster.",
            "deck": deck_id,
            "standees": 6,
            "levels": levels,
        },
        f"decks/{deck_id}.json": {
            **_header("monster-ability-deck", deck_id),
            "name": name,
            "cards": deck_cards,
        },
    }


def character_files(id: str, name: str, hand_size: int, pack_ids: set[tuple[str, str]]) -> Files:
    """The class and ``hand_size`` level-1 cards. Perks and the starting deck reference the
    standard modifier cards only if the pack has them (``pack_ids``: (kind, id) pairs)."""
    cls: dict[str, Any] = {
        **_header("character-class", id),
        "name": name,
        "description": "Describe how the class plays.",
        "starting": True,
        "hand_size": hand_size,
        "health": [8, 9, 11, 12, 14, 15, 17, 18, 20],
    }
    if ("attack-modifier-deck", "standard-deck") in pack_ids:
        cls["modifier_deck"] = "standard-deck"
    if {("attack-modifier", "minus1"), ("attack-modifier", "plus1")} <= pack_ids:
        cls["perks"] = [
            {"text": "Remove two -1 cards", "remove": [{"card": "minus1", "count": 2}]},
            {
                "text": "Replace one -1 card with one +1 card",
                "remove": [{"card": "minus1"}],
                "add": [{"card": "plus1"}],
            },
        ]
    else:
        cls["perks"] = [{"text": "Describe a perk; list the cards it removes and adds."}]
    files: Files = {f"classes/{id}/{id}.json": cls}
    for n in range(1, hand_size + 1):
        card_id = f"{id}-card-{n}"
        lost = n == hand_size
        top: dict[str, Any] = {"abilities": [{"type": "attack", "value": 2 + n % 2}]}
        if lost:
            top = {
                "abilities": [{"type": "attack", "value": 4}, {"type": "xp", "value": 2}],
                "lost": True,
            }
        files[f"classes/{id}/{card_id}.json"] = {
            **_header("ability-card", card_id),
            "name": fit(name, f" card {n}"),
            "class": id,
            "level": 1,
            "initiative": min(99, 10 + 7 * n),
            "top": top,
            "bottom": {"abilities": [{"type": "move", "value": 2 + n % 3}]},
        }
    return files


_REF = re.compile(r"^([a-z0-9]+(-[a-z0-9]+)*:)?[a-z0-9]+(-[a-z0-9]+)*$")


class GloomhavenTemplates:
    """The templates face of the Gloomhaven ruleset (one instance: :data:`TEMPLATES`)."""

    kinds: tuple[str, ...] = ("scenario", "monster", "character")

    def options(self, kind: str) -> tuple[SetupOption, ...]:
        if kind == "scenario":
            return (
                SetupOption(
                    "number",
                    "scenario number",
                    "int",
                    0,
                    "Scenario number (default: next free).",
                    minimum=0,
                    maximum=9999,
                ),
                SetupOption(
                    "tile",
                    "map tile",
                    "text",
                    "",
                    "Map tile the new scenario places (default: a new starter tile).",
                ),
                SetupOption(
                    "new-tile",
                    "new tile",
                    "flag",
                    False,
                    "With --tile: the pack lacks that tile; write a starter tile under its id.",
                ),
            )
        if kind == "character":
            return (
                SetupOption(
                    "hand-size",
                    "hand size",
                    "int",
                    10,
                    "Hand size (that many level-1 cards are written).",
                    minimum=1,
                    maximum=30,
                ),
            )
        return ()

    def id_suffixes(self, kind: str, options: Mapping[str, JSONValue]) -> tuple[str, ...]:
        if kind == "scenario":
            return () if options.get("tile") else ("-room",)
        if kind == "monster":
            return ("-deck",)
        if kind == "character":
            return (f"-card-{options.get('hand-size') or 10}",)
        return ()

    def pack_files(self, pack_id: str, name: str) -> Files:
        return pack_files(pack_id, name)

    def blank(self, kind: str, doc_id: str, pack: PackContext) -> dict[str, Any] | None:
        if kind != "scenario":
            return None
        numbers = [
            int(d["number"])
            for _p, d in pack.documents
            if d.get("kind") == "scenario" and isinstance(d.get("number"), int)
        ]
        return {
            **_header("scenario", doc_id),
            "number": max(numbers, default=0) + 1,
            "name": "New scenario",
            "tiles": [],
            "rooms": [],
            "starting_room": "",
            "starting_hexes": [],
            "win": [{"type": "kill-all"}],
        }

    def files(self, kind: str, doc_id: str, name: str, pack: PackContext) -> Files:
        docs = pack.documents
        if kind == "scenario":
            used = {
                int(d["number"]): path
                for path, d in docs
                if d.get("kind") == "scenario" and isinstance(d.get("number"), int)
            }
            number = int(pack.options.get("number") or 0)
            if number == 0:
                number = max(used, default=0) + 1
            elif number in used:
                raise TemplateError(f"scenario number {number} is already used by {used[number]}")
            given = str(pack.options.get("tile") or "")
            tile_id = given or f"{doc_id}-room"
            own = pack.manifest.get("id")
            if isinstance(own, str) and tile_id.startswith(f"{own}:"):
                tile_id = tile_id[len(own) + 1 :]  # this pack's own tile, written as pack:id
            if not _REF.match(tile_id):
                raise TemplateError(f"--tile {tile_id!r} is not a content reference")
            tiles = pack.ids("map-tile")
            if ":" in tile_id:
                _require_listed_pack(tile_id, pack.manifest)
                write_tile = False
            elif given and tile_id not in tiles and not pack.options.get("new-tile"):
                import difflib

                close = difflib.get_close_matches(tile_id, sorted(tiles), n=1)
                hint = f" Did you mean {close[0]!r}?" if close else ""
                known = ", ".join(sorted(tiles)[:12]) or "none"
                raise TemplateError(
                    f"--tile {tile_id!r}: the pack has no such map tile (tiles: {known}).{hint} "
                    "Add --new-tile to write a starter tile under that id, or leave --tile out."
                )
            else:
                write_tile = tile_id not in tiles
            return scenario_files(doc_id, name, number, tile_id, write_tile)
        if kind == "monster":
            return monster_files(doc_id, name)
        if kind == "character":
            hand = int(pack.options.get("hand-size") or 10)
            pack_ids = {(str(d.get("kind")), str(d.get("id"))) for _p, d in docs}
            return character_files(doc_id, name, hand, pack_ids)
        raise TemplateError(f"Gloomhaven has no template for {kind!r}")


def _require_listed_pack(reference: str, manifest: Mapping[str, Any]) -> None:
    """A ``pack:tile`` reference only resolves if the pack lists that pack in ``requires``."""
    pack_id = reference.split(":", 1)[0]
    requires = manifest.get("requires")
    listed = {
        e.get("id") if isinstance(e, dict) else e
        for e in (requires if isinstance(requires, list) else [])
    }
    if pack_id not in listed:
        raise TemplateError(
            f"--tile {reference!r} names pack {pack_id!r}, which this pack does not "
            "list in 'requires'"
        )


TEMPLATES = GloomhavenTemplates()
