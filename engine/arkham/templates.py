"""What ``questforge new`` writes for each Arkham kind: small documents that validate.

Each template is the smallest useful document of its kind, with references to the other
templates' ids (``starter-board`` areas, the ``circle`` dimension), so a new pack made of
all of them validates with no finding but the deck-size warnings.
"""

from __future__ import annotations

from typing import Any

from questforge.schema import schema_id

J = dict[str, Any]


def _head(kind: str, ident: str, name: str) -> J:
    return {"$schema": schema_id("arkham", kind), "kind": kind, "id": ident, "name": name}


def board(ident: str = "starter-board", name: str = "Starter town") -> J:
    """Two neighbourhoods, one location each plus a street, one other world."""
    streets = ["north-streets", "south-streets"]
    return {
        **_head("board", ident, name),
        "dimensions": ["circle", "square"],
        "neighbourhoods": [
            {"id": "north", "name": "North End", "colour": "#3a5fb0"},
            {"id": "south", "name": "South End", "colour": "#b03030"},
        ],
        "locations": [
            {
                "id": "old-mill",
                "name": "Old Mill",
                "neighbourhood": "north",
                "stability": "unstable",
                "connects": ["north-streets"],
                "position": [200, 150],
            },
            {
                "id": "clinic",
                "name": "Clinic",
                "neighbourhood": "south",
                "stability": "stable",
                "connects": ["south-streets"],
                "role": "hospital",
                "position": [200, 450],
            },
            {
                "id": "rest-home",
                "name": "Rest Home",
                "neighbourhood": "south",
                "stability": "stable",
                "connects": ["south-streets"],
                "role": "asylum",
                "position": [400, 450],
            },
        ],
        "streets": [
            {
                "id": streets[0],
                "name": "North End Streets",
                "neighbourhood": "north",
                "connects": ["old-mill", streets[1]],
                "arrows": {"white": streets[1], "black": streets[1]},
                "position": [300, 220],
            },
            {
                "id": streets[1],
                "name": "South End Streets",
                "neighbourhood": "south",
                "connects": ["clinic", "rest-home", streets[0]],
                "arrows": {"white": streets[0], "black": streets[0]},
                "position": [300, 380],
            },
        ],
        "other_worlds": [
            {
                "id": "pale-shore",
                "name": "The Pale Shore",
                "colours": ["blue", "red"],
                "position": [650, 100],
            }
        ],
        "special_areas": [
            {"id": "sky", "name": "The Sky", "role": "sky", "position": [650, 250]},
            {
                "id": "outskirts",
                "name": "The Outskirts",
                "role": "outskirts",
                "position": [650, 350],
            },
            {
                "id": "lost",
                "name": "Lost in Time and Space",
                "role": "lost-in-time-and-space",
                "position": [650, 450],
            },
        ],
    }


def investigator(ident: str, name: str) -> J:
    return {
        **_head("investigator", ident, name),
        "home": "clinic",
        "sanity": 5,
        "stamina": 5,
        "focus": 2,
        "sliders": [
            {
                "top": t,
                "bottom": b,
                "top_values": [0, 1, 2, 3],
                "bottom_values": [4, 3, 2, 1],
                "start": 1,
            }
            for t, b in (("speed", "sneak"), ("fight", "will"), ("lore", "luck"))
        ],
        "fixed": {"money": 3},
        "ability": {"name": "Stubborn", "modifiers": [{"check": "will", "amount": 1}]},
    }


def investigator_card(ident: str, name: str) -> J:
    return {
        **_head("investigator-card", ident, name),
        "type": "common",
        "price": 3,
        "hands": 1,
        "bonuses": [{"check": "combat", "amount": 2, "type": "physical"}],
    }


def ancient_one(ident: str, name: str) -> J:
    return {
        **_head("ancient-one", ident, name),
        "doom_track": 12,
        "combat_rating": -1,
        "attack": {"check": "will", "modifier": 1, "escalation": -1, "lose": "sanity", "amount": 1},
    }


def location_card(ident: str, name: str) -> J:
    return {
        **_head("location-card", ident, name),
        "neighbourhood": "north",
        "encounters": [
            {
                "location": "old-mill",
                "text": "The wheel turns with no water.",
                "effects": [
                    {
                        "do": "check",
                        "skill": "luck",
                        "modifier": -1,
                        "pass": [{"do": "gain", "what": "clues", "amount": 1}],
                        "fail": [{"do": "lose", "what": "sanity", "amount": 1}],
                    }
                ],
            }
        ],
    }


def gate_card(ident: str, name: str) -> J:
    return {
        **_head("gate-card", ident, name),
        "colour": "blue",
        "encounters": [
            {
                "world": "other",
                "text": "A cold wind.",
                "effects": [{"do": "lose", "what": "stamina", "amount": 1}],
            }
        ],
    }


def mythos_card(ident: str, name: str) -> J:
    return {
        **_head("mythos-card", ident, name),
        "type": "headline",
        "gate": "old-mill",
        "clue": "old-mill",
        "movement": {"white": ["circle"], "black": ["square"]},
        "effects": [{"do": "terror", "amount": 1}],
    }


def monster(ident: str, name: str) -> J:
    return {
        **_head("monster", ident, name),
        "count": 2,
        "dimension": "circle",
        "movement": "normal",
        "awareness": 0,
        "horror": {"rating": -1, "damage": 1},
        "combat": {"rating": 0, "damage": 2},
        "toughness": 1,
    }


def gate_marker(ident: str, name: str) -> J:
    return {
        **_head("gate-marker", ident, name),
        "world": "pale-shore",
        "modifier": 0,
        "dimension": "circle",
        "count": 2,
    }


def rules_table(ident: str = "standard", name: str = "Standard tables") -> J:
    return {
        **_head("rules-table", ident, name),
        "monster_limit_base": 3,
        "outskirts": [7, 6, 5, 4, 3, 2, 1, 0],
        "awakening_gates": [8, 8, 7, 7, 6, 6, 5, 5],
    }


#: kind -> (folder in a pack, template function)
TEMPLATES: dict[str, tuple[str, Any]] = {
    "board": ("board", lambda i, n: board(i, n)),
    "investigator": ("investigators", investigator),
    "investigator-card": ("cards", investigator_card),
    "ancient-one": ("ancient-ones", ancient_one),
    "location-card": ("locations", location_card),
    "gate-card": ("gates/cards", gate_card),
    "mythos-card": ("mythos", mythos_card),
    "monster": ("monsters", monster),
    "gate-marker": ("gates/markers", gate_marker),
    "rules-table": ("rules", lambda i, n: rules_table(i, n)),
}


def template(kind: str, ident: str, name: str) -> J:
    """A new ``kind`` document called ``name`` with id ``ident``."""
    return dict(TEMPLATES[kind][1](ident, name))


class ArkhamTemplates:
    """The templates face of the ruleset contract
    (:class:`questforge.engine.core.templates.Templates`)."""

    kinds: tuple[str, ...] = tuple(TEMPLATES)

    def options(self, kind: str) -> tuple[Any, ...]:
        return ()

    def id_suffixes(self, kind: str, options: Any) -> tuple[str, ...]:
        return ()

    def document(self, kind: str, ident: str, name: str, pack: Any = None) -> J:
        return template(kind, ident, name)

    def folder(self, kind: str) -> str:
        return str(TEMPLATES[kind][0])

    def files(self, kind: str, doc_id: str, name: str, pack: Any) -> dict[str, J]:
        return {f"{self.folder(kind)}/{doc_id}.json": template(kind, doc_id, name)}

    def blank(self, kind: str, doc_id: str, pack: Any) -> J | None:
        return None

    def pack_files(self, pack_id: str = "", name: str = "") -> dict[str, J]:
        """A new pack's starter files: a board, a location card for each of its
        neighbourhoods (QAH322) and the rules tables (path -> document)."""
        south = location_card("south-end-encounters", "South End encounters")
        south["neighbourhood"] = "south"
        south["encounters"] = [
            {
                "location": where,
                "text": text,
                "effects": [{"do": "gain", "what": what, "amount": 1}],
            }
            for where, text, what in (
                ("clinic", "A tired nurse presses a tonic into your hand.", "stamina"),
                ("rest-home", "A patient hums the tune you dreamt last night.", "clues"),
            )
        ]
        return {
            "board/board.json": board(),
            "locations/north-end-encounters.json": location_card(
                "north-end-encounters", "North End encounters"
            ),
            "locations/south-end-encounters.json": south,
            "rules/tables.json": rules_table(),
        }


TEMPLATES_FACE = ArkhamTemplates()
