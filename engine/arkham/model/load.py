"""Build an :class:`ArkhamModel` from a pack's parsed, schema-valid documents.

Documents are expected to have passed their schema (the validator hands the model only
those); anything else that still cannot be read is recorded in :attr:`ArkhamModel.errors`
with its file, never raised, so one broken file does not hide the rest of the pack.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.engine.arkham.model.types import (
    ActivityMarker,
    AncientOne,
    Area,
    Board,
    Bonus,
    Cost,
    Effect,
    Encounter,
    GateCard,
    GateMarker,
    Investigator,
    InvestigatorCard,
    LocationCard,
    Modifier,
    Monster,
    MythosCard,
    Neighbourhood,
    RulesTable,
    Rumor,
    Slider,
    SpecialAction,
    TerrorClosure,
)
from questforge.schema.jsontypes import integral_as_int

J = dict[str, Any]


@dataclass
class ModelError:
    file: str | None
    message: str


@dataclass
class ArkhamModel:
    """Every Arkham document of a pack (and its required packs), by kind and id."""

    boards: dict[str, Board] = field(default_factory=dict)
    investigators: dict[str, Investigator] = field(default_factory=dict)
    cards: dict[str, InvestigatorCard] = field(default_factory=dict)
    ancient_ones: dict[str, AncientOne] = field(default_factory=dict)
    location_cards: dict[str, LocationCard] = field(default_factory=dict)
    gate_cards: dict[str, GateCard] = field(default_factory=dict)
    mythos: dict[str, MythosCard] = field(default_factory=dict)
    monsters: dict[str, Monster] = field(default_factory=dict)
    gate_markers: dict[str, GateMarker] = field(default_factory=dict)
    rules_tables: dict[str, RulesTable] = field(default_factory=dict)
    errors: list[ModelError] = field(default_factory=list)

    @property
    def board(self) -> Board | None:
        """The pack's board (the first one; a pack normally has exactly one)."""
        return next(iter(self.boards.values()), None)

    @property
    def rules(self) -> RulesTable:
        """The pack's rules tables, or the standard ones (AH-REF-12..15)."""
        return next(iter(self.rules_tables.values()), None) or RulesTable("standard", "", None)

    def merge(self, other: ArkhamModel) -> None:
        """Add ``other``'s documents where this model has none with the same id."""
        for name in (
            "boards",
            "investigators",
            "cards",
            "ancient_ones",
            "location_cards",
            "gate_cards",
            "mythos",
            "monsters",
            "gate_markers",
            "rules_tables",
        ):
            mine: dict[str, Any] = getattr(self, name)
            for key, value in getattr(other, name).items():
                mine.setdefault(key, value)


def _effects(items: Iterable[J] | None) -> tuple[Effect, ...]:
    return tuple(parse_effect(e) for e in items or ())


def parse_effect(data: J) -> Effect:
    """One effect of the declarative vocabulary (``defs.schema.json#/$defs/effect``)."""
    inner = data.get("effects")
    return Effect(
        do=data["do"],
        what=data.get("what"),
        amount=data.get("amount", 0),
        deck=data.get("deck"),
        count=data.get("count", 1),
        area=data.get("area"),
        skill=data.get("skill"),
        modifier=data.get("modifier", 0),
        difficulty=data.get("difficulty", 1),
        dice=data.get("dice", 1),
        target=data.get("target", 0),
        dimension=data.get("dimension"),
        source=data.get("from", "everywhere"),
        special=data.get("special"),
        card=data.get("card"),
        on_pass=_effects(data.get("pass")),
        on_fail=_effects(data.get("fail")),
        then=_effects(data.get("then") if inner is None else inner),
    )


def _mods(items: Iterable[J] | None) -> tuple[Modifier, ...]:
    return tuple(Modifier(m["check"], m["amount"]) for m in items or ())


def _pos(value: Any) -> tuple[float, float] | None:
    return (float(value[0]), float(value[1])) if value else None


def _board(d: J, file: str | None) -> Board:
    areas: dict[str, Area] = {}

    def add(area: Area) -> None:
        areas.setdefault(area.id, area)

    for loc in d["locations"]:
        add(
            Area(
                loc["id"],
                loc["name"],
                "location",
                neighbourhood=loc["neighbourhood"],
                unstable=loc["stability"] == "unstable",
                connects=tuple(loc["connects"]),
                role=loc.get("role"),
                closes_at_terror=loc.get("closes_at_terror"),
                special=tuple(
                    SpecialAction(
                        s["name"],
                        tuple(Cost(c["what"], c["amount"]) for c in s.get("cost", ())),
                        _effects(s["effects"]),
                    )
                    for s in loc.get("special", ())
                ),
                position=_pos(loc.get("position")),
            )
        )
    for st in d["streets"]:
        add(
            Area(
                st["id"],
                st["name"],
                "street",
                neighbourhood=st["neighbourhood"],
                connects=tuple(st["connects"]),
                arrows=dict(st.get("arrows", {})),
                position=_pos(st.get("position")),
            )
        )
    for w in d["other_worlds"]:
        add(
            Area(
                w["id"],
                w["name"],
                "world",
                colours=tuple(w["colours"]),
                position=_pos(w.get("position")),
            )
        )
    for sp in d["special_areas"]:
        add(
            Area(
                sp["id"], sp["name"], "special", role=sp["role"], position=_pos(sp.get("position"))
            )
        )
    return Board(
        d["id"],
        d["name"],
        file,
        tuple(d["dimensions"]),
        {n["id"]: Neighbourhood(n["id"], n["name"], n.get("colour")) for n in d["neighbourhoods"]},
        areas,
    )


def _investigator(d: J, file: str | None) -> Investigator:
    fixed = d.get("fixed", {})
    ability = d.get("ability", {})
    return Investigator(
        d["id"],
        d["name"],
        file,
        d["home"],
        d["sanity"],
        d["stamina"],
        d["focus"],
        tuple(
            Slider(
                s["top"],
                s["bottom"],
                tuple(s["top_values"]),
                tuple(s["bottom_values"]),
                s.get("start", 0),
            )
            for s in d["sliders"]
        ),
        money=fixed.get("money", 0),
        clues=fixed.get("clues", 0),
        cards=tuple(fixed.get("cards", ())),
        blessed=fixed.get("blessed", False),
        random=dict(d.get("random", {})),
        ability_name=ability.get("name", ""),
        modifiers=_mods(ability.get("modifiers")),
        upkeep=_effects(ability.get("upkeep")),
    )


def _card(d: J, file: str | None) -> InvestigatorCard:
    spell = d.get("spell")
    return InvestigatorCard(
        d["id"],
        d["name"],
        file,
        d["type"],
        special=d.get("special"),
        count=d.get("count", 1),
        price=d.get("price", 0),
        hands=d.get("hands", 0),
        bonuses=tuple(
            Bonus(b["check"], b["amount"], b.get("type", "plain")) for b in d.get("bonuses", ())
        ),
        exhaust=d.get("exhaust", False),
        discard_after_use=d.get("discard_after_use", False),
        use=_effects(d.get("use")),
        upkeep=_effects(d.get("upkeep")),
        casting_modifier=spell["casting_modifier"] if spell else None,
        sanity_cost=spell["sanity_cost"] if spell else 0,
        elder_sign=d.get("elder_sign", False),
        counts_as_item=d.get("counts_as_item", False),
        on_gain=_effects(d.get("on_gain")),
        discard_cost=tuple(Cost(c["what"], c["amount"]) for c in d.get("discard_cost", ())),
    )


def _ancient(d: J, file: str | None) -> AncientOne:
    attack = d["attack"]
    worship = d.get("worshippers") or {}
    return AncientOne(
        d["id"],
        d["name"],
        file,
        d["doom_track"],
        d["combat_rating"],
        attack["check"],
        attack.get("modifier", 0),
        attack.get("escalation", -1),
        attack["lose"],
        attack.get("amount", 1),
        worshipper_dimension=worship.get("dimension"),
        worshipper_toughness=worship.get("toughness", 0),
        worshipper_combat=worship.get("combat_rating", 0),
        modifiers=_mods(d.get("modifiers")),
        masks=d.get("masks", False),
    )


def _encounters(items: Iterable[J], key: str) -> tuple[Encounter, ...]:
    return tuple(
        Encounter(e[key], e["text"], _effects(e["effects"]), e.get("members", False)) for e in items
    )


def _mythos(d: J, file: str | None) -> MythosCard:
    r = d.get("rumor")
    rumor = (
        Rumor(
            r["start"],
            r.get("fail_at", 0),
            r["pass_at"],
            r["pass_cost"],
            _effects(r.get("pass")),
            _effects(r["fail"]),
        )
        if r
        else None
    )
    return MythosCard(
        d["id"],
        d["name"],
        file,
        d["type"],
        d["gate"],
        d["clue"],
        tuple(d["movement"]["white"]),
        tuple(d["movement"]["black"]),
        effects=_effects(d.get("effects")),
        modifiers=_mods(d.get("modifiers")),
        rumor=rumor,
        closes=tuple(d.get("closes", ())),
        activity=tuple(
            ActivityMarker(a["location"], a["when"], _effects(a["effects"]))
            for a in d.get("activity", ())
        ),
    )


def _monster(d: J, file: str | None) -> Monster:
    return Monster(
        d["id"],
        d["name"],
        file,
        d.get("count", 1),
        d["dimension"],
        d["movement"],
        d["awareness"],
        d["horror"]["rating"],
        d["horror"]["damage"],
        d["combat"]["rating"],
        d["combat"]["damage"],
        d["toughness"],
        frozenset(d.get("abilities", ())),
        d.get("unique_move"),
        dict(d.get("ability_amounts", {})),
    )


def _rules(d: J, file: str | None) -> RulesTable:
    return RulesTable(
        d["id"],
        d["name"],
        file,
        monster_limit_base=d.get("monster_limit_base", 3),
        outskirts=tuple(d["outskirts"]),
        awakening_gates=tuple(d["awakening_gates"]),
        seals_to_win=d.get("seals_to_win", 6),
        seal_cost=d.get("seal_cost", 5),
        terror_closures=tuple(
            TerrorClosure(t["terror"], t["location"], t["moves_to"])
            for t in d.get("terror_closures", ())
        ),
        max_players=d.get("max_players", 8),
    )


#: kind -> (model attribute, parser)
PARSERS: dict[str, tuple[str, Callable[[J, str | None], Any]]] = {
    "board": ("boards", _board),
    "investigator": ("investigators", _investigator),
    "investigator-card": ("cards", _card),
    "ancient-one": ("ancient_ones", _ancient),
    "location-card": (
        "location_cards",
        lambda d, f: LocationCard(
            d["id"], d["name"], f, d["neighbourhood"], _encounters(d["encounters"], "location")
        ),
    ),
    "gate-card": (
        "gate_cards",
        lambda d, f: GateCard(
            d["id"], d["name"], f, d["colour"], _encounters(d["encounters"], "world")
        ),
    ),
    "mythos-card": ("mythos", _mythos),
    "monster": ("monsters", _monster),
    "gate-marker": (
        "gate_markers",
        lambda d, f: GateMarker(
            d["id"], d["name"], f, d["world"], d["modifier"], d["dimension"], d.get("count", 1)
        ),
    ),
    "rules-table": ("rules_tables", _rules),
}


def _inputs(documents: Any) -> Iterable[tuple[str | None, Any]]:
    if isinstance(documents, Mapping):
        for items in documents.values():
            yield from _inputs(items)
        return
    for item in documents:
        if isinstance(item, tuple):
            yield item[0], item[1]
        else:
            yield None, item


def load_pack_model(documents: Any, *, dependencies: Iterable[ArkhamModel] = ()) -> ArkhamModel:
    """The model of one pack: ``documents`` are dicts or ``(file, dict)`` pairs (or a
    mapping of kind to such lists); ``dependencies`` the models of required packs."""
    model = ArkhamModel()
    for file, data in _inputs(documents):
        if not isinstance(data, Mapping):
            continue
        entry = PARSERS.get(str(data.get("kind")))
        if entry is None:
            continue
        attr, parse = entry
        try:
            # 3.0 is an integer to the schema: read it as 3 (counts, dice, costs)
            obj = parse(dict(integral_as_int(data)), file)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            model.errors.append(ModelError(file, f"cannot read {data.get('kind')}: {exc!r}"))
            continue
        getattr(model, attr).setdefault(obj.id, obj)
    for dep in dependencies:
        model.merge(dep)
    return model


def load_pack_dir(path: str | os.PathLike[str]) -> ArkhamModel:
    """Read every ``*.json`` under ``path`` (hidden folders skipped) and load the model."""
    root = Path(path).resolve()
    pairs: list[tuple[str, Any]] = []
    for file in sorted(root.rglob("*.json")):
        rel = file.relative_to(root)
        if any(part.startswith(".") for part in rel.parts):
            continue
        if not file.resolve().is_relative_to(root):
            continue
        try:
            pairs.append((str(rel), json.loads(file.read_text(encoding="utf-8"))))
        except (OSError, ValueError):
            continue
    return load_pack_model(pairs)
