"""Reading schema-valid Witcher documents into the typed model (:class:`WitcherPack`).

The loader trusts the schema for shapes but must never crash on a document that is not
valid: a missing key or a wrong type becomes a :class:`ModelError` naming the file and the
path, recorded in :attr:`WitcherPack.errors`, and that document is skipped.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.engine.witcher.model.board import Board
from questforge.engine.witcher.model.content import (
    Area,
    ChallengeCard,
    Condition,
    DevelopmentCard,
    DiceEffect,
    Die,
    Effect,
    GameOptions,
    Hero,
    InvestigationCard,
    Length,
    Location,
    LuckCard,
    MisfortuneCard,
    ModelError,
    Monster,
    ObstacleArea,
    Quest,
    Resources,
    Route,
    SetupObstacle,
    SideQuest,
    SpecialOperation,
    Support,
    TrackSpace,
)


@dataclass
class WitcherPack:
    """Every Witcher document of a pack (and its required packs), typed and indexed by id."""

    pack_id: str | None = None
    maps: dict[str, Board] = field(default_factory=dict)
    dice: dict[str, Die] = field(default_factory=dict)
    heroes: dict[str, Hero] = field(default_factory=dict)
    quests: dict[str, Quest] = field(default_factory=dict)
    development: dict[str, DevelopmentCard] = field(default_factory=dict)
    investigation: dict[str, InvestigationCard] = field(default_factory=dict)
    misfortune: dict[str, MisfortuneCard] = field(default_factory=dict)
    luck: dict[str, LuckCard] = field(default_factory=dict)
    challenges: dict[str, ChallengeCard] = field(default_factory=dict)
    monsters: dict[str, Monster] = field(default_factory=dict)
    options: dict[str, GameOptions] = field(default_factory=dict)
    errors: list[ModelError] = field(default_factory=list)

    @property
    def board(self) -> Board:
        """The pack's map (the first one)."""
        if not self.maps:
            raise LookupError("the pack has no map")
        return next(iter(self.maps.values()))

    @property
    def game_options(self) -> GameOptions:
        if not self.options:
            raise LookupError("the pack has no game-options document")
        return next(iter(self.options.values()))


def _effects(raw: Any) -> tuple[Effect, ...]:
    return tuple(_effect(e) for e in raw or ())


def _effect(raw: Mapping[str, Any]) -> Effect:
    return Effect(
        op=str(raw["op"]),
        amount=int(raw.get("amount", 1)),
        colour=raw.get("colour"),
        severity=str(raw.get("severity", "minor")),
        monster_class=raw.get("class"),
        card_type=raw.get("card_type"),
        result=raw.get("result"),
        per_missing=bool(raw.get("per_missing", False)),
        options=tuple(_effects(opt) for opt in raw.get("options", ())),
        deck=raw.get("deck"),
        per_trait=raw.get("per_trait"),
        target=str(raw.get("target", "self")),
        face=tuple(str(r) for r in raw["face"]) if "face" in raw else None,
        area=str(raw.get("area", "own")),
        need=tuple((str(k), int(v)) for k, v in sorted(raw.get("need", {}).items())),
        absent=tuple(str(r) for r in raw.get("absent", ())),
        success=_effects(raw.get("success")),
        failure=_effects(raw.get("failure")),
    )


def _resources(raw: Mapping[str, Any] | None) -> Resources:
    raw = raw or {}
    return Resources(
        gold=int(raw.get("gold", 0)),
        leads={str(k): int(v) for k, v in raw.get("leads", {}).items()},
        any_leads=int(raw.get("any_leads", 0)),
        proof={str(k): int(v) for k, v in raw.get("proof", {}).items()},
    )


def _condition(raw: Mapping[str, Any]) -> Condition:
    return Condition(
        type=str(raw["type"]),
        location=raw.get("location"),
        monster_class=raw.get("class"),
        cost=_resources(raw.get("cost")),
    )


def _special(raw: Mapping[str, Any] | None) -> SpecialOperation | None:
    if raw is None:
        return None
    return SpecialOperation(str(raw["name"]), _effects(raw["effects"]), _resources(raw.get("cost")))


def _die(d: Mapping[str, Any], file: str | None) -> Die:
    faces = tuple(tuple(str(r) for r in face) for face in d["faces"])
    return Die(d["id"], d["name"], d["owner"], faces, d.get("colour", ""), file)


def _monster(d: Mapping[str, Any], file: str | None) -> Monster:
    ritual = d.get("ritual")
    return Monster(
        d["id"],
        d["name"],
        d["class"],
        int(d["sword"]["value"]),
        int(d["shield"]["value"]),
        int(d["vp"]),
        _effects(d["sword"].get("effects")),
        _effects(d["shield"].get("effects")),
        int(ritual["value"]) if ritual else None,
        bool(ritual.get("replaces_swords", False)) if ritual else False,
        int(d.get("tokens", 1)),
        file,
    )


def _hero(d: Mapping[str, Any], file: str | None) -> Hero:
    return Hero(
        id=d["id"],
        name=d["name"],
        dice=tuple(d["dice"]),
        quest_deck=d["quest_deck"],
        start=d["start"],
        exchange_default=int(d["exchange"]["default"]),
        exchange={str(k): int(v) for k, v in d["exchange"].get("colours", {}).items()},
        actions=tuple(d["actions"]),
        development_deck=tuple(d["development_deck"]),
        special_action=_special(d.get("special_action")),
        special_operation=_special(d.get("special_operation")),
        dice_effects=tuple(
            DiceEffect(
                {str(k): int(v) for k, v in x["need"].items()},
                _effects(x["effects"]),
                tuple(str(r) for r in x.get("absent", ())),
            )
            for x in d.get("dice_effects", ())
        ),
        file=file,
    )


def _quest(d: Mapping[str, Any], file: str | None) -> Quest:
    main = d["main"]
    support = d.get("support")
    return Quest(
        id=d["id"],
        name=d["name"],
        deck=d["deck"],
        destination=main["destination"],
        cost=_resources(main.get("cost")),
        vp=int(main["vp"]),
        enemy=main.get("enemy"),
        reward=_effects(main.get("reward")),
        side_quests=tuple(
            SideQuest(s["id"], s.get("name", s["id"]), _condition(s["condition"]), int(s["vp"]))
            for s in d.get("side_quests", ())
        ),
        support=Support(
            _resources(support["cost"]),
            int(support.get("vp_supporter", 6)),
            int(support.get("vp_owner", 3)),
        )
        if support
        else None,
        file=file,
    )


def _development(d: Mapping[str, Any], file: str | None) -> DevelopmentCard:
    return DevelopmentCard(
        d["id"],
        d["name"],
        d["hero"],
        d["type"],
        d["timing"],
        _effects(d["effects"]),
        tuple(d.get("traits", ())),
        bool(d.get("uses_markers", False)),
        int(d.get("max_markers", 3)),
        int(d.get("start_markers", 0)),
        file,
    )


def _investigation(d: Mapping[str, Any], file: str | None) -> InvestigationCard:
    task = d.get("task")
    return InvestigationCard(
        d["id"],
        d["name"],
        d["colour"],
        _effects(d.get("effects")),
        tuple(d.get("traits", ())),
        bool(d.get("complication", False)),
        bool(d.get("keep", False)),
        (_condition(task["condition"]), _effects(task["reward"])) if task else None,
        file,
        _effects(d.get("on_discard")),
    )


def _map(d: Mapping[str, Any], file: str | None) -> Board:
    def position(raw: Any) -> tuple[float, float] | None:
        return (float(raw[0]), float(raw[1])) if raw else None

    return Board(
        id=d["id"],
        name=d["name"],
        areas=tuple(Area(a["id"], a["name"], a["investigation"]) for a in d["areas"]),
        locations=tuple(
            Location(
                x["id"],
                x["name"],
                x["area"],
                x.get("lead"),
                bool(x.get("gives_lead", True)),
                bool(x.get("heal", False)),
                int(x.get("spaces", 4)),
                position(x.get("position")),
            )
            for x in d["locations"]
        ),
        routes=tuple(
            Route(r["from"], r["to"], r.get("type", "land"), int(r.get("cost", 0)))
            for r in d["routes"]
        ),
        obstacle_areas=tuple(
            ObstacleArea(
                o["id"],
                o["area"],
                bool(o.get("monster_space", True)),
                bool(o.get("misfortune_space", True)),
            )
            for o in d.get("obstacle_areas", ())
        ),
        battle_track=tuple(
            TrackSpace(t["obstacle"], t.get("class"), t.get("area"))
            for t in d.get("battle_track", ())
        ),
        file=file,
    )


def _options(d: Mapping[str, Any], file: str | None) -> GameOptions:
    return GameOptions(
        id=d["id"],
        name=d["name"],
        lengths=tuple(Length(x["id"], int(x["quests"]), x.get("name", "")) for x in d["lengths"]),
        combat_dice=tuple(d["combat_dice"]),
        default_length=d.get("default_length"),
        starting_gold=int(d.get("starting_gold", 2)),
        setup_obstacles=tuple(
            SetupObstacle(x["area"], x["obstacle"], x.get("class"))
            for x in d.get("setup_obstacles", ())
        ),
        overflow_vp=int(d.get("misfortune_overflow_vp", 2)),
        max_rounds=int(d.get("max_rounds", 60)),
        challenge_draw=int(d.get("challenge_draw", 3)),
        file=file,
    )


_READERS: dict[str, tuple[str, Any]] = {
    "map": ("maps", _map),
    "die": ("dice", _die),
    "hero": ("heroes", _hero),
    "quest": ("quests", _quest),
    "development-card": ("development", _development),
    "investigation-card": ("investigation", _investigation),
    "misfortune-card": (
        "misfortune",
        lambda d, f: MisfortuneCard(d["id"], d["name"], _effects(d["effects"]), f),
    ),
    "luck-card": (
        "luck",
        lambda d, f: LuckCard(
            d["id"],
            d["name"],
            d["timing"],
            _effects(d["effects"]),
            own_turn_only=bool(d.get("own_turn_only", False)),
            keep=bool(d.get("keep", False)),
            file=f,
        ),
    ),
    "challenge-card": (
        "challenges",
        lambda d, f: ChallengeCard(
            d["id"],
            d["name"],
            _resources(d.get("cost")),
            int(d["vp"]),
            _effects(d.get("penalty")),
            f,
        ),
    ),
    "monster": ("monsters", _monster),
    "game-options": ("options", _options),
}

DocumentInput = Mapping[str, Any] | tuple[str | None, Mapping[str, Any]]


def load_pack_model(
    documents: Iterable[DocumentInput], *, dependencies: Iterable[WitcherPack] = ()
) -> WitcherPack:
    """Build the model from parsed documents (dicts or ``(file, dict)`` pairs).

    Required packs' models (``dependencies``) are merged in first, so this pack's documents
    win on equal ids. Documents of other kinds (``pack``, other rulesets) are ignored
    except that ``pack`` names the pack id.
    """
    model = WitcherPack()
    for dep in dependencies:
        for name in (v[0] for v in _READERS.values()):
            getattr(model, name).update(getattr(dep, name))
    for item in documents:
        file, data = item if isinstance(item, tuple) else (None, item)
        if not isinstance(data, Mapping):
            model.errors.append(ModelError("a document must be a JSON object", file))
            continue
        kind = data.get("kind")
        if kind == "pack":
            model.pack_id = data.get("id") if isinstance(data.get("id"), str) else None
            continue
        if kind not in _READERS:
            continue
        attr, reader = _READERS[kind]
        try:
            obj = reader(data, file)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            model.errors.append(ModelError(f"cannot read {kind}: {exc!r}", file))
            continue
        getattr(model, attr)[obj.id] = obj
    return model


def load_pack_dir(path: str | os.PathLike[str]) -> WitcherPack:
    """Read every content file under ``path`` through the one safe pack walk and loader
    (:func:`~questforge.engine.core.pack.read_pack`: no link followed, hidden folders
    skipped, pipes, devices, huge or non-UTF-8 files refused, never waited on)."""
    from questforge.engine.core.pack import read_pack

    root = Path(path).resolve()
    inputs: list[DocumentInput] = []
    files, problems = read_pack(root)
    errors = [ModelError(f"skipped: {p.message}", str(p.path)) for p in problems]
    for file in files:
        if file.error is not None:
            errors.append(ModelError(f"not readable as JSON: {file.error.message}", str(file.path)))
            continue
        inputs.append((str(file.path), file.data))
    model = load_pack_model(inputs)
    model.errors[:0] = errors
    return model
