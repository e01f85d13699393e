"""The typed Gloomhaven content model: a pack's documents as frozen dataclasses.

``load_pack_model(documents)`` takes documents that are already parsed (plain dicts, as a
list, as ``(file, dict)`` pairs or grouped by kind) and returns a :class:`PackModel`: one
typed object per document, looked up by kind and id, with references resolved through the
pack and its required packs, and each scenario's map geometry on demand
(:meth:`PackModel.scenario_map`). It never reads files itself except in the convenience
:func:`load_pack_dir`.

Bad content never raises out of the loader: a document the model cannot read is skipped and
its :class:`ModelError` (file and JSON path) is appended to :attr:`PackModel.errors`.
Unknown keys are ignored; unknown kinds (e.g. ``situation``) are kept out of the model.

The classes live in sub-modules by subject and are re-exported here, so users import from
``questforge.engine.gloomhaven.model`` only. The action, card and monster sub-modules are
imported on first use (:func:`__getattr__`): ``questforge validate`` reads only map tiles
and scenarios through this model and does not pay for creating their dataclasses.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from questforge.engine.gloomhaven.constants import CONDITIONS, ELEMENTS, NEGATIVE_CONDITIONS
from questforge.engine.gloomhaven.formula import Formula, FormulaError
from questforge.engine.gloomhaven.model.base import (
    ContentDocument,
    Hex,
    JsonPath,
    ModelError,
    Node,
    Reader,
    Value,
    Wall,
    value_of,
    wall,
)
from questforge.engine.gloomhaven.model.scenario_map import (
    GEOMETRY_KEYS,
    Ally,
    BossPlacement,
    Condition,
    Door,
    Effect,
    MapTile,
    MonsterPlacement,
    NamedMonster,
    Overlay,
    PlacedRoom,
    PlacedTile,
    Rewards,
    Room,
    Scenario,
    ScenarioMap,
    SpecialRule,
    TilePlacement,
    TileSide,
    Trigger,
    build_scenario_map,
    build_scenario_map_tolerant,
    distance,
    map_tile_from_data,
    neighbours,
    parse_map_tile,
    parse_scenario,
    place,
    place_side,
    rotate,
)

if TYPE_CHECKING:  # the lazily imported names, for type checkers
    from questforge.engine.gloomhaven.model.actions import (
        ABILITY_TYPES,
        Ability,
        AbilityBonus,
        AreaPattern,
        ConsumeBonus,
        SummonStats,
        parse_ability,
        parse_action,
    )
    from questforge.engine.gloomhaven.model.cards import (
        AbilityCard,
        AttackModifier,
        AttackModifierDeck,
        BattleGoal,
        BattleGoalCondition,
        CardCount,
        CardHalf,
        CharacterClass,
        EnhancementSlot,
        Event,
        EventOption,
        EventOutcome,
        Item,
        OutcomeCondition,
        OutcomeEffects,
        Perk,
        PersonalQuest,
        TreasureEntry,
        TreasureTable,
    )
    from questforge.engine.gloomhaven.model.monsters import (
        Boss,
        BossSpecialAction,
        BossStatFormulas,
        MonsterAbilityCard,
        MonsterAbilityDeck,
        MonsterLevel,
        MonsterStats,
        MonsterType,
    )

#: names re-exported from the sub-modules imported on first use (:func:`__getattr__`)
_LAZY: dict[str, str] = {
    "ABILITY_TYPES": "actions",
    "Ability": "actions",
    "AbilityBonus": "actions",
    "AreaPattern": "actions",
    "ConsumeBonus": "actions",
    "SummonStats": "actions",
    "parse_ability": "actions",
    "parse_action": "actions",
    "AbilityCard": "cards",
    "AttackModifier": "cards",
    "AttackModifierDeck": "cards",
    "BattleGoal": "cards",
    "BattleGoalCondition": "cards",
    "CardCount": "cards",
    "CardHalf": "cards",
    "CharacterClass": "cards",
    "EnhancementSlot": "cards",
    "Event": "cards",
    "EventOption": "cards",
    "EventOutcome": "cards",
    "Item": "cards",
    "OutcomeCondition": "cards",
    "OutcomeEffects": "cards",
    "Perk": "cards",
    "PersonalQuest": "cards",
    "TreasureEntry": "cards",
    "TreasureTable": "cards",
    "parse_ability_card": "cards",
    "parse_attack_modifier": "cards",
    "parse_attack_modifier_deck": "cards",
    "parse_battle_goal": "cards",
    "parse_character_class": "cards",
    "parse_event": "cards",
    "parse_item": "cards",
    "parse_personal_quest": "cards",
    "parse_treasure_table": "cards",
    "Boss": "monsters",
    "BossSpecialAction": "monsters",
    "BossStatFormulas": "monsters",
    "MonsterAbilityCard": "monsters",
    "MonsterAbilityDeck": "monsters",
    "MonsterLevel": "monsters",
    "MonsterStats": "monsters",
    "MonsterType": "monsters",
    "parse_boss": "monsters",
    "parse_monster": "monsters",
    "parse_monster_deck": "monsters",
}


def __getattr__(name: str) -> Any:
    """A class or parser of the action, card and monster sub-modules, imported on first
    use: ``questforge validate`` reads only map tiles and scenarios through this model,
    and creating the dataclasses of the other sub-modules (33 classes, ~40 ms) is most of
    what importing the model costs."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def _lazy(name: str) -> Any:
    """``name`` of a lazily imported sub-module, from this module's own code (a function
    body's global lookup does not go through :func:`__getattr__`)."""
    found = globals().get(name)
    return found if found is not None else __getattr__(name)


__all__ = [
    "ABILITY_TYPES",
    "CONDITIONS",
    "ELEMENTS",
    "GEOMETRY_KEYS",
    "KINDS",
    "NEGATIVE_CONDITIONS",
    "Ability",
    "AbilityBonus",
    "AbilityCard",
    "Ally",
    "AreaPattern",
    "AttackModifier",
    "AttackModifierDeck",
    "BattleGoal",
    "BattleGoalCondition",
    "Boss",
    "BossPlacement",
    "BossSpecialAction",
    "BossStatFormulas",
    "CardCount",
    "CardHalf",
    "CharacterClass",
    "Condition",
    "ConsumeBonus",
    "ContentDocument",
    "Door",
    "Effect",
    "EnhancementSlot",
    "Event",
    "EventOption",
    "EventOutcome",
    "Formula",
    "FormulaError",
    "Hex",
    "Item",
    "JsonPath",
    "MapTile",
    "ModelError",
    "MonsterAbilityCard",
    "MonsterAbilityDeck",
    "MonsterLevel",
    "MonsterPlacement",
    "MonsterStats",
    "MonsterType",
    "NamedMonster",
    "Node",
    "OutcomeCondition",
    "OutcomeEffects",
    "Overlay",
    "Pack",
    "PackModel",
    "PackRequirement",
    "Perk",
    "PersonalQuest",
    "PlacedRoom",
    "PlacedTile",
    "Rewards",
    "Room",
    "Scenario",
    "ScenarioMap",
    "SpecialRule",
    "SummonStats",
    "TilePlacement",
    "TileSide",
    "TreasureEntry",
    "TreasureTable",
    "Trigger",
    "Value",
    "Wall",
    "build_scenario_map",
    "build_scenario_map_tolerant",
    "distance",
    "load_pack_dir",
    "load_pack_model",
    "map_tile_from_data",
    "neighbours",
    "parse_ability",
    "parse_action",
    "place",
    "place_side",
    "rotate",
    "value_of",
    "wall",
]


@dataclass(frozen=True, kw_only=True)
class PackRequirement(Node):
    id: str
    version: str


@dataclass(frozen=True, kw_only=True)
class Pack(ContentDocument):
    """The pack manifest (``pack.json``)."""

    name: str
    version: str
    ruleset: str
    description: str | None = None
    authors: tuple[str, ...] = ()
    license: str | None = None
    homepage: str | None = None
    requires: tuple[PackRequirement, ...] = ()


def _parse_pack(r: Reader, common: dict[str, Any]) -> Pack:
    return Pack(
        **common,
        name=r.req_str("name"),
        version=r.req_str("version"),
        ruleset=r.req_str("ruleset"),
        description=r.opt_str("description"),
        authors=r.strs("authors"),
        license=r.opt_str("license"),
        homepage=r.opt_str("homepage"),
        requires=r.array(
            "requires",
            lambda d, p: PackRequirement(
                source_path=p,
                id=Reader(d, p).req_str("id"),
                version=Reader(d, p).req_str("version"),
            ),
        ),
    )


_Parser = Callable[[Reader, dict[str, Any]], ContentDocument]


def _parser(name: str) -> _Parser:
    """The parser ``name`` of a lazily imported sub-module, imported on its first call."""

    def parse(r: Reader, common: dict[str, Any]) -> ContentDocument:
        found: _Parser = _lazy(name)
        return found(r, common)

    parse.__name__ = parse.__qualname__ = name
    return parse


#: kind -> parser of one document of that kind (``pack`` included)
PARSERS: dict[str, _Parser] = {
    "pack": _parse_pack,
    "map-tile": parse_map_tile,
    "scenario": parse_scenario,
    "monster": _parser("parse_monster"),
    "monster-ability-deck": _parser("parse_monster_deck"),
    "boss": _parser("parse_boss"),
    "character-class": _parser("parse_character_class"),
    "ability-card": _parser("parse_ability_card"),
    "attack-modifier": _parser("parse_attack_modifier"),
    "attack-modifier-deck": _parser("parse_attack_modifier_deck"),
    "item": _parser("parse_item"),
    "battle-goal": _parser("parse_battle_goal"),
    "personal-quest": _parser("parse_personal_quest"),
    "event": _parser("parse_event"),
    "treasure-table": _parser("parse_treasure_table"),
}

#: the Gloomhaven content kinds (schemas in ``schema/gloomhaven/``); ``situation`` is the
#: monster-AI interchange format: validated, but not part of a pack's model
KINDS: tuple[str, ...] = (*[k for k in PARSERS if k != "pack"], "situation")

D = TypeVar("D", bound=ContentDocument)

#: what :func:`load_pack_model` accepts for one document
DocumentInput = Mapping[str, Any] | tuple[str | os.PathLike[str] | None, Mapping[str, Any]]


@dataclass
class PackModel:
    """Every document of a pack by kind and id, plus what could not be loaded."""

    pack: Pack | None = None
    #: kind -> id -> document (the first document wins when ids repeat)
    documents: dict[str, dict[str, ContentDocument]] = field(default_factory=dict)
    #: every loaded document in input order, duplicates included
    all_documents: list[ContentDocument] = field(default_factory=list)
    #: documents that could not be read (the document is skipped)
    errors: list[ModelError] = field(default_factory=list)
    #: models of required packs, for ``pack-id:content-id`` references
    dependencies: tuple[PackModel, ...] = ()
    _maps: dict[str, ScenarioMap] = field(default_factory=dict, repr=False)

    @property
    def id(self) -> str | None:
        return self.pack.id if self.pack else None

    # -- lookup ----------------------------------------------------------
    def of_kind(self, kind: str) -> dict[str, ContentDocument]:
        """Documents of ``kind`` by id (an empty dict if none)."""
        return self.documents.get(kind, {})

    def get(self, kind: str, ref: str) -> ContentDocument | None:
        """Resolve a reference (``id`` or ``pack-id:id``) to a document of ``kind``."""
        pack_id, sep, local = ref.rpartition(":")
        if not sep or pack_id == self.id:
            return self.of_kind(kind).get(local)
        for dep in self._all_dependencies():
            if dep.id == pack_id:
                return dep.of_kind(kind).get(local)
        return None

    def resolve(self, kind: str, ref: str, cls: type[D]) -> D | None:
        """Like :meth:`get`, typed: ``None`` if missing or of another class."""
        doc = self.get(kind, ref)
        return doc if isinstance(doc, cls) else None

    def duplicates(self) -> list[tuple[ContentDocument, ContentDocument]]:
        """``(kept, duplicate)`` pairs of documents sharing a kind and id."""
        out = []
        for doc in self.all_documents:
            kept = self.documents.get(doc.kind, {}).get(doc.id)
            if kept is not None and kept is not doc:
                out.append((kept, doc))
        return out

    def _all_dependencies(self) -> Iterator[PackModel]:
        seen: set[int] = set()
        stack = list(self.dependencies)
        while stack:
            dep = stack.pop(0)
            if id(dep) in seen:
                continue
            seen.add(id(dep))
            yield dep
            stack.extend(dep.dependencies)

    def with_dependencies(self) -> PackModel:
        """This pack's documents over those of the packs it requires (its own win on an id
        clash), as one model: what a game plays, since a scenario may place a required
        pack's tiles and monsters (``pack-id:id`` references; the engine keys content by
        the local id). Without dependencies, the model itself."""
        deps = list(self._all_dependencies())
        if not deps:
            return self
        merged: dict[str, dict[str, ContentDocument]] = {}
        for source in [*reversed(deps), self]:
            for kind, docs in source.documents.items():
                merged.setdefault(kind, {}).update(docs)
        return PackModel(
            pack=self.pack,
            documents=merged,
            all_documents=list(self.all_documents),
            errors=list(self.errors),
            dependencies=self.dependencies,
        )

    # -- typed views -----------------------------------------------------
    def _typed(self, kind: str, cls: type[D]) -> dict[str, D]:
        return {k: v for k, v in self.of_kind(kind).items() if isinstance(v, cls)}

    @property
    def map_tiles(self) -> dict[str, MapTile]:
        return self._typed("map-tile", MapTile)

    @property
    def scenarios(self) -> dict[str, Scenario]:
        return self._typed("scenario", Scenario)

    @property
    def monsters(self) -> dict[str, MonsterType]:
        return self._typed("monster", _lazy("MonsterType"))

    @property
    def monster_decks(self) -> dict[str, MonsterAbilityDeck]:
        return self._typed("monster-ability-deck", _lazy("MonsterAbilityDeck"))

    @property
    def bosses(self) -> dict[str, Boss]:
        return self._typed("boss", _lazy("Boss"))

    @property
    def character_classes(self) -> dict[str, CharacterClass]:
        return self._typed("character-class", _lazy("CharacterClass"))

    @property
    def ability_cards(self) -> dict[str, AbilityCard]:
        return self._typed("ability-card", _lazy("AbilityCard"))

    @property
    def attack_modifiers(self) -> dict[str, AttackModifier]:
        return self._typed("attack-modifier", _lazy("AttackModifier"))

    @property
    def attack_modifier_decks(self) -> dict[str, AttackModifierDeck]:
        return self._typed("attack-modifier-deck", _lazy("AttackModifierDeck"))

    @property
    def items(self) -> dict[str, Item]:
        return self._typed("item", _lazy("Item"))

    @property
    def battle_goals(self) -> dict[str, BattleGoal]:
        return self._typed("battle-goal", _lazy("BattleGoal"))

    @property
    def personal_quests(self) -> dict[str, PersonalQuest]:
        return self._typed("personal-quest", _lazy("PersonalQuest"))

    @property
    def events(self) -> dict[str, Event]:
        return self._typed("event", _lazy("Event"))

    @property
    def treasure_tables(self) -> dict[str, TreasureTable]:
        return self._typed("treasure-table", _lazy("TreasureTable"))

    # -- derived ---------------------------------------------------------
    def scenario_map(self, scenario: Scenario | str) -> ScenarioMap:
        """The resolved geometry of a scenario (cached per scenario id)."""
        if isinstance(scenario, str):
            found = self.scenarios.get(scenario)
            if found is None:
                raise KeyError(f"no scenario {scenario!r}")
            scenario = found
        cached = self._maps.get(scenario.id)
        if cached is not None and cached.scenario is scenario:
            return cached
        built = build_scenario_map(scenario, lambda ref: self.resolve("map-tile", ref, MapTile))
        self._maps[scenario.id] = built
        return built

    def monster_deck_for(self, monster: MonsterType | Boss) -> MonsterAbilityDeck | None:
        return self.resolve("monster-ability-deck", monster.deck, _lazy("MonsterAbilityDeck"))

    def class_cards(self, class_ref: str) -> list[AbilityCard]:
        """Ability cards of a class (by the class's reference), in input order."""
        cls = self.resolve("character-class", class_ref, _lazy("CharacterClass"))
        if cls is None:
            return []
        out = []
        for card in self.ability_cards.values():
            target = self.resolve("character-class", card.character_class, _lazy("CharacterClass"))
            if target is cls:
                out.append(card)
        return out

    def treasure(self, number: int) -> TreasureEntry | None:
        """The treasure entry with reference ``number`` in any of the pack's tables."""
        for table in self.treasure_tables.values():
            entry = table.entry(number)
            if entry is not None:
                return entry
        return None


def _iter_inputs(
    documents: Iterable[DocumentInput] | Mapping[str, Iterable[DocumentInput]],
) -> Iterator[tuple[str | None, str | None, Any]]:
    """``(kind from grouping, file, data)`` for every input document."""
    if isinstance(documents, Mapping):
        for kind, group in documents.items():
            for item in group:
                file, data = _split(item)
                yield kind, file, data
    else:
        for item in documents:
            file, data = _split(item)
            yield None, file, data


def _split(item: DocumentInput) -> tuple[str | None, Any]:
    if isinstance(item, tuple):
        file, data = item
        return (os.fspath(file) if file is not None else None), data
    return None, item


def load_document(
    data: Any, *, kind: str | None = None, file: str | None = None
) -> ContentDocument:
    """One document as its model object; raises :class:`ModelError` (with ``file``)."""
    try:
        r = Reader(data, ())
        doc_kind = r.opt_str("kind") or kind
        if doc_kind is None:
            raise ModelError("missing required property 'kind'", ())
        parser = PARSERS.get(doc_kind)
        if parser is None:
            raise ModelError(f"unknown kind {doc_kind!r}", ("kind",))
        common = {"kind": doc_kind, "id": r.req_str("id"), "file": file, "source_path": ()}
        return parser(r, common)
    except ModelError as exc:
        raise exc.with_file(file) from None
    except RecursionError:
        raise ModelError("content nested too deeply", (), file) from None


def load_pack_model(
    documents: Iterable[DocumentInput] | Mapping[str, Iterable[DocumentInput]],
    *,
    dependencies: Iterable[PackModel] = (),
) -> PackModel:
    """Build the model of one pack from already-parsed documents.

    ``documents`` is a list of dicts, a list of ``(file, dict)`` pairs, or a mapping of
    kind to such lists. ``dependencies`` are the models of required packs. Documents of
    kinds outside the model (``situation``, other rulesets) are ignored; unreadable
    documents are recorded in :attr:`PackModel.errors`.
    """
    model = PackModel(dependencies=tuple(dependencies))
    for group_kind, file, data in _iter_inputs(documents):
        kind = data.get("kind", group_kind) if isinstance(data, Mapping) else group_kind
        if isinstance(kind, str) and kind not in PARSERS:
            continue
        try:
            doc = load_document(data, kind=group_kind, file=file)
        except ModelError as exc:
            model.errors.append(exc)
            continue
        model.all_documents.append(doc)
        if isinstance(doc, Pack):
            if model.pack is None:
                model.pack = doc
            continue
        model.documents.setdefault(doc.kind, {}).setdefault(doc.id, doc)
    return model


def load_pack_dir(
    path: str | os.PathLike[str],
    *,
    dependencies: Iterable[PackModel] = (),
    kinds: Collection[str] | None = None,
) -> PackModel:
    """Convenience: read every content file under ``path`` and load them (with ``kinds``,
    only the documents of those kinds and the manifest: a reader that needs a few kinds,
    such as the campaign, does not pay for building the monsters and tiles).

    Reads through the one safe pack walk and loader (:func:`~questforge.engine.core.pack.
    iter_pack_files`): no link is followed, hidden folders are skipped, and a named pipe,
    a device, a huge or non-UTF-8 file is refused instead of blocking or crashing. Files
    that cannot be read are recorded in :attr:`PackModel.errors` (the validator reports
    them with their position).
    """
    from questforge.engine.core.pack import read_pack

    root = Path(path).resolve()
    inputs: list[DocumentInput] = []
    files, problems = read_pack(root)
    errors = [ModelError(f"skipped: {p.message}", (), str(p.path)) for p in problems]
    for file in files:
        if file.error is not None:
            where = f":{file.error.line}:{file.error.column}" if file.error.line else ""
            errors.append(
                ModelError(f"not readable as JSON{where}: {file.error.message}", (), str(file.path))
            )
            continue
        kind = file.data.get("kind") if isinstance(file.data, Mapping) else None
        if kinds is None or kind == "pack" or kind in kinds:
            inputs.append((str(file.path), file.data))
    model = load_pack_model(inputs, dependencies=dependencies)
    model.errors[:0] = errors
    return model


def required_models(root: str | os.PathLike[str]) -> list[PackModel]:
    """The models of the packs the pack at ``root`` requires, found as ``validate`` finds
    them (next to it), so a game can place a required pack's tiles and monsters. A pack
    that cannot be found is left out: the scenario's own references then say what is
    missing. Not a pack root (a loose file's folder): no dependencies."""
    from questforge.engine.core.pack import MANIFEST, open_pack, resolve_requires

    folder = Path(root)
    if not (folder / MANIFEST).is_file():
        return []
    required, _problems = resolve_requires(open_pack(folder))
    return [load_pack_dir(pack.root) for pack in required]
