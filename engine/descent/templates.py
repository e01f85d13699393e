"""Descent's templates: what ``questforge new`` writes for a Descent pack.

A new pack starts with the six standard dice (die colours are content, DJ-DICE; monsters,
heroes and items name them), so everything scaffolded after it validates. Each content
kind is scaffolded from the matching document of the bundled sample pack — a complete,
valid example a designer then edits — with the new id and name; a quest gets a one-area
map on a starter tile (written unless the pack has the tile named by ``--tile``) and an
objective to reach its exit.
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption
from questforge.engine.core.jsonload import load_json_file
from questforge.engine.core.targets import bundled_root
from questforge.engine.core.templates import Files, PackContext, TemplateError, fit, header

#: kind -> (folder in a pack, sample document the scaffold starts from)
SAMPLES: dict[str, tuple[str, str]] = {
    "hero": ("heroes", "heroes/orrin-mossbell.json"),
    "monster": ("monsters", "monsters/gloomkin.json"),
    "item": ("items", "items/notched-cleaver.json"),
    "skill": ("skills", "skills/heavy-swing.json"),
    "overlord-card": ("overlord", "overlord/snare-wire.json"),
    "tile": ("tiles", "tiles/room-4x4.json"),
}


@cache
def _sample(relative: str) -> dict[str, Any]:
    data = load_json_file(bundled_root() / "descent-sample" / relative).data
    assert isinstance(data, dict)
    return data


def _from_sample(kind: str, doc_id: str, name: str) -> dict[str, Any]:
    _folder, relative = SAMPLES[kind]
    doc = copy.deepcopy(_sample(relative))
    doc.update(header("descent", kind, doc_id))
    doc["name"] = fit(name)
    return doc


class DescentTemplates:
    """The templates face of the Descent ruleset (one instance: :data:`TEMPLATES`)."""

    kinds: tuple[str, ...] = ("quest", "hero", "monster", "item", "skill", "overlord-card", "tile")

    def options(self, kind: str) -> tuple[SetupOption, ...]:
        if kind == "quest":
            return (
                SetupOption(
                    "tile",
                    "tile",
                    "text",
                    "",
                    "Dungeon tile of the first area (default: a new 4x4 starter room).",
                ),
            )
        return ()

    def id_suffixes(self, kind: str, options: Mapping[str, JSONValue]) -> tuple[str, ...]:
        return ("-room",) if kind == "quest" and not options.get("tile") else ()

    def pack_files(self, pack_id: str, name: str) -> Files:
        dice = bundled_root() / "descent-sample" / "dice"
        return {f"dice/{path.name}": dict(_die(path)) for path in sorted(dice.glob("*.json"))}

    def blank(self, kind: str, doc_id: str, pack: PackContext) -> dict[str, Any] | None:
        return None  # the editor's new quest starts from the schema's defaults

    def files(self, kind: str, doc_id: str, name: str, pack: PackContext) -> Files:
        if kind in SAMPLES:
            folder, _ = SAMPLES[kind]
            return {f"{folder}/{doc_id}.json": _from_sample(kind, doc_id, name)}
        if kind != "quest":
            raise TemplateError(f"Descent has no template for {kind!r}")
        given = str(pack.options.get("tile") or "")
        tiles = pack.ids("tile")
        if given and given not in tiles:
            close = difflib.get_close_matches(given, sorted(tiles), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise TemplateError(f"--tile {given!r}: the pack has no such tile.{hint}")
        tile_id = given or f"{doc_id}-room"
        files: Files = {}
        if not given:
            files[f"tiles/{tile_id}.json"] = _from_sample("tile", tile_id, f"{name} room")
        files[f"quests/{doc_id}.json"] = {
            **header("descent", "quest", doc_id),
            "name": fit(name),
            "description": "What the heroes come for; read before the quest.",
            "conquest": 5,
            "heroes": [2, 3, 4],
            "areas": [{"id": "entrance", "name": "Entrance"}],
            "tiles": [{"tile": tile_id, "at": [0, 0], "area": "entrance"}],
            "doors": [],
            "terrain": [],
            "objects": [],
            "start": [[0, 0], [1, 0], [0, 1], [1, 1]],
            "monsters": [],
            "events": [],
            "objectives": [
                {"type": "reach", "cell": [3, 3], "text": "Reach the far corner of the room."}
            ],
        }
        return files


def _die(path: Path) -> dict[str, Any]:
    data = load_json_file(path).data
    assert isinstance(data, dict)
    return data


TEMPLATES = DescentTemplates()
