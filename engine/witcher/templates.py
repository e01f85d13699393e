"""The Witcher's templates: what ``questforge new`` writes for a ``witcher`` pack.

A new pack starts playable: the three combat dice (WI-DICE-07), game options (short and
standard lengths) and a starter map of two areas. A hero comes with its own die and a first
development card; cards, quests and monsters are single files whose references point at
what the pack already has (the first location, hero or die), so each validates on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption
from questforge.engine.core.templates import Files, PackContext, fit, header

FOLDER = "witcher"

#: the combat dice of the game (WI-DICE-07): one blank face each (WI-DICE-03)
COMBAT_DICE = (
    ("combat-1", "Combat die 1", ["sword"] + ["shield"] * 4 + [None]),
    ("combat-2", "Combat die 2", ["sword"] * 3 + ["shield"] * 2 + [None]),
    ("combat-3", "Combat die 3", ["sword"] * 4 + ["shield"] + [None]),
)


def _h(kind: str, doc_id: str) -> dict[str, Any]:
    return header(FOLDER, kind, doc_id)


def _first(pack: PackContext, kind: str, default: str) -> str:
    ids = sorted(pack.ids(kind))
    return ids[0] if ids else default


def _first_location(pack: PackContext) -> str:
    for _path, doc in pack.documents:
        if doc.get("kind") == "map":
            for loc in doc.get("locations") or []:
                if isinstance(loc, dict) and isinstance(loc.get("id"), str):
                    return str(loc["id"])
    return "first-town"


def starter_map(doc_id: str = "board", name: str = "The board") -> dict[str, Any]:
    return {
        **_h("map", doc_id),
        "name": fit(name),
        "areas": [
            {"id": "north", "name": "The North", "investigation": "blue"},
            {"id": "south", "name": "The South", "investigation": "red"},
        ],
        "locations": [
            {
                "id": "first-town",
                "name": "First Town",
                "area": "north",
                "lead": "red",
                "position": [0, 0],
            },
            {
                "id": "second-town",
                "name": "Second Town",
                "area": "north",
                "lead": "blue",
                "position": [200, 0],
            },
            {
                "id": "harbour",
                "name": "Harbour",
                "area": "south",
                "lead": "green",
                "heal": True,
                "position": [100, 160],
            },
        ],
        "routes": [
            {"from": "first-town", "to": "second-town"},
            {"from": "second-town", "to": "harbour"},
            {"from": "first-town", "to": "harbour", "type": "sea", "cost": 1},
        ],
        "obstacle_areas": [
            {"id": "north-road", "area": "north"},
            {"id": "south-road", "area": "south"},
        ],
        "battle_track": [],
    }


def pack_files(pack_id: str, name: str) -> Files:
    files: Files = {}
    for die_id, die_name, faces in COMBAT_DICE:
        files[f"dice/{die_id}.json"] = {
            **_h("die", die_id),
            "name": die_name,
            "owner": "combat",
            "faces": [[f] if f else [] for f in faces],
        }
    files["options.json"] = {
        **_h("game-options", "standard"),
        "name": "Standard race",
        "lengths": [
            {"id": "short", "name": "Short", "quests": 1},
            {"id": "standard", "name": "Standard", "quests": 3},
        ],
        "default_length": "standard",
        "starting_gold": 2,
        "combat_dice": [d for d, _n, _f in COMBAT_DICE],
    }
    files["map.json"] = starter_map()
    return files


class WitcherTemplates:
    """The templates face of the Witcher ruleset (one instance: :data:`TEMPLATES`)."""

    kinds: tuple[str, ...] = (
        "hero",
        "quest",
        "monster",
        "die",
        "development-card",
        "investigation-card",
        "misfortune-card",
        "luck-card",
        "challenge-card",
        "map",
        "game-options",
    )

    def options(self, kind: str) -> tuple[SetupOption, ...]:
        if kind == "monster":
            return (
                SetupOption(
                    "class",
                    "monster class",
                    "choice",
                    "bronze",
                    "Monster class (WI-MON-01).",
                    choices=("bronze", "silver", "gold"),
                ),
            )
        return ()

    def id_suffixes(self, kind: str, options: Mapping[str, JSONValue]) -> tuple[str, ...]:
        return ("-die", "-first-card") if kind == "hero" else ()

    def pack_files(self, pack_id: str, name: str) -> Files:
        return pack_files(pack_id, name)

    def blank(self, kind: str, doc_id: str, pack: PackContext) -> dict[str, Any] | None:
        if kind == "map":
            doc = starter_map(doc_id, "New map")
            doc.update(locations=doc["locations"][:1], routes=[], obstacle_areas=[])
            return doc
        return None

    def files(self, kind: str, doc_id: str, name: str, pack: PackContext) -> Files:
        n = fit(name)
        if kind == "hero":
            die, card = f"{doc_id}-die", f"{doc_id}-first-card"
            return {
                f"heroes/{doc_id}.json": {
                    **_h("hero", doc_id),
                    "name": n,
                    "dice": [die],
                    "quest_deck": "red",
                    "start": _first_location(pack),
                    "exchange": {"default": 4},
                    "actions": ["travel", "investigate", "develop", "rest", "special"],
                    "special_action": {
                        "name": "Rally",
                        "effects": [{"op": "gain-gold", "amount": 2}],
                    },
                    "dice_effects": [
                        {"need": {"hand": 2}, "effects": [{"op": "add-result", "result": "sword"}]}
                    ],
                    "development_deck": [card],
                },
                f"dice/{die}.json": {
                    **_h("die", die),
                    "name": fit(name, " die"),
                    "owner": "hero",
                    "faces": [["sword"], ["sword"], ["shield"], ["shield"], ["hand"], ["hand"]],
                },
                f"development/{card}.json": {
                    **_h("development-card", card),
                    "name": fit(name, ": first card"),
                    "hero": doc_id,
                    "type": "weapon",
                    "timing": "passive",
                    "effects": [{"op": "add-result", "result": "sword"}],
                },
            }
        if kind == "quest":
            return {
                f"quests/{doc_id}.json": {
                    **_h("quest", doc_id),
                    "name": n,
                    "deck": "red",
                    "main": {
                        "destination": _first_location(pack),
                        "cost": {"proof": {"red": 1}},
                        "vp": 10,
                    },
                    "side_quests": [
                        {
                            "id": "look-around",
                            "name": "Look around",
                            "condition": {"type": "spend", "cost": {"gold": 2}},
                            "vp": 3,
                        }
                    ],
                    "support": {"cost": {"gold": 2}},
                }
            }
        if kind == "monster":
            cls = str(pack.options.get("class") or "bronze")
            value = {"bronze": 1, "silver": 3, "gold": 4}.get(cls, 1)
            return {
                f"monsters/{doc_id}.json": {
                    **_h("monster", doc_id),
                    "name": n,
                    "class": cls,
                    "sword": {
                        "value": value + 1,
                        "effects": [{"op": "wound", "severity": "minor"}],
                    },
                    "shield": {"value": value, "effects": [{"op": "lose-gold", "amount": 1}]},
                    "vp": 2 * value + 1,
                }
            }
        if kind == "die":
            return {
                f"dice/{doc_id}.json": {
                    **_h("die", doc_id),
                    "name": n,
                    "owner": "hero",
                    "faces": [["sword"], ["sword"], ["shield"], ["shield"], ["hand"], []],
                }
            }
        if kind == "development-card":
            return {
                f"development/{doc_id}.json": {
                    **_h("development-card", doc_id),
                    "name": n,
                    "hero": _first(pack, "hero", "hero"),
                    "type": "skill",
                    "timing": "own-turn",
                    "uses_markers": True,
                    "start_markers": 1,
                    "effects": [{"op": "gain-leads", "amount": 1}],
                }
            }
        if kind == "investigation-card":
            return {
                f"investigation/{doc_id}.json": {
                    **_h("investigation-card", doc_id),
                    "name": n,
                    "colour": "blue",
                    "effects": [{"op": "gain-leads", "amount": 1, "colour": "blue"}],
                }
            }
        if kind == "misfortune-card":
            return {
                f"misfortune/{doc_id}.json": {
                    **_h("misfortune-card", doc_id),
                    "name": n,
                    "effects": [
                        {
                            "op": "choice",
                            "options": [
                                [{"op": "lose-gold", "amount": 2}],
                                [{"op": "wound", "severity": "minor"}],
                            ],
                        }
                    ],
                }
            }
        if kind == "luck-card":
            return {
                f"luck/{doc_id}.json": {
                    **_h("luck-card", doc_id),
                    "name": n,
                    "timing": "combat",
                    # WI-LUCK-03/04: say "on your turn only" and "not discarded" here
                    "own_turn_only": False,
                    "keep": False,
                    "effects": [{"op": "add-result", "result": "sword", "amount": 2}],
                }
            }
        if kind == "challenge-card":
            return {
                f"challenges/{doc_id}.json": {
                    **_h("challenge-card", doc_id),
                    "name": n,
                    "cost": {"gold": 2},
                    "vp": 2,
                    "penalty": [{"op": "lose-vp", "amount": 1}],
                }
            }
        if kind == "map":
            return {f"{doc_id}.json": starter_map(doc_id, name)}
        if kind == "game-options":
            options = pack_files("", name)["options.json"]
            options.update(id=doc_id, name=n)
            return {f"{doc_id}.json": options}
        return {}


TEMPLATES = WitcherTemplates()
