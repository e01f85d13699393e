"""One vocabulary for Gloomhaven's content model and the engine's runtime records (issue 8).

The engine plays on compact frozen records (``game/spec.py``) generated from the content
model (``model/``) in one place (``game/from_model.py``). A fact both hold has one name in
both, the model's (which is the JSON schema's). These tests fail when a runtime field gets a
name the model does not use without being listed below as runtime-only (with the reason),
and when the model gains a field the engine silently ignores (listed as not carried).
The last test checks on the sample pack that a shared name also means the same value.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.gloomhaven import model as m
from questforge.engine.gloomhaven.game import spec as rt
from questforge.engine.gloomhaven.game.from_model import ability as runtime_ability
from questforge.engine.gloomhaven.model import actions as ma
from questforge.engine.gloomhaven.model import cards as mc
from questforge.engine.gloomhaven.model import monsters as mm
from questforge.engine.gloomhaven.model import scenario_map as msm

PACK = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"


@dataclasses.dataclass(frozen=True)
class Pair:
    """A runtime record and the model classes ``from_model`` generates it from."""

    runtime: type
    model: tuple[type, ...]
    #: runtime fields with no model field of that name: what each holds instead
    runtime_only: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: model fields (and properties) the runtime record does not carry, and why
    not_carried: Mapping[str, str] = dataclasses.field(default_factory=dict)


_TEXT = "free text for people; the engine only plays"
_WHERE = "read by from_model to place or key the record, not kept"


def _all(why: str, *names: str) -> dict[str, str]:
    """The same reason for several fields."""
    return dict.fromkeys(names, why)


PAIRS: tuple[Pair, ...] = (
    Pair(
        rt.Ability,
        (ma.Ability,),
        runtime_only={
            "value_formula": "the model's value when it is a formula, as text (value: an int)",
            "xp": "XP whenever performed: an unconditional xp ability's value",
        },
        not_carried={
            "condition": "xp abilities become Action.xp / Action.xp_if (CardHalf properties)",
            "when": "xp abilities become Action.xp / Action.xp_if (CardHalf properties)",
            "text": _TEXT,
            "is_melee": "a property: an attack without range",
        },
    ),
    Pair(
        rt.Consume,
        (ma.ConsumeBonus, ma.AbilityBonus),  # the bonus is flattened into the record
        not_carried={
            "bonus": "flattened: its fields are the record's",
        },
    ),
    Pair(rt.SummonStats, (ma.SummonStats,)),
    Pair(rt.AreaPattern, (ma.AreaPattern,)),
    Pair(
        rt.Action,
        (mc.CardHalf,),
        runtime_only={"bonus": "what the active card keeps doing, derived from its abilities"},
        not_carried={
            "uses": "folded into bonus.uses",
            "use_xp": "folded into bonus.xp_slots",
            "enhancement_slots": "campaign only (GH-ENH)",
            "text": _TEXT,
        },
    ),
    Pair(
        rt.AbilityCard,
        (mc.AbilityCard,),
        not_carried={"kind": _WHERE, "character_class": "the card sits in its ClassSpec"},
    ),
    Pair(
        rt.ModifierCard,
        (mc.AttackModifier, mc.ModifierEffects),  # effects flattened into the record
        runtime_only={
            "multiplier": "the model's value 'x2' (2) / 'null' (0) as a factor, else 1",
            "temporary": "removed at the scenario's end: the model's icon scenario/item",
        },
        not_carried={
            "effects": "flattened: its fields are the record's",
            "icon": "becomes temporary",
            "is_double": "a property of value",
            "is_null": "a property of value",
            "kind": _WHERE,
            "name": _TEXT,
            "text": _TEXT,
        },
    ),
    Pair(
        rt.ClassSpec,
        (mc.CharacterClass,),
        runtime_only={"cards": "the class's ability cards, resolved"},
        not_carried={
            "kind": _WHERE,
            "description": _TEXT,
            "icon": _TEXT,
            **_all(
                "campaign only",
                "starting",
                "unlock",
                "events_on_unlock",
                "events_on_retire",
                "envelope",
            ),
            "modifier_cards": "the perk cards, reached through perks (GH-AMD-11)",
            "xp_thresholds": "campaign only (GH-REF-03)",
        },
    ),
    Pair(rt.PerkSpec, (mc.Perk,)),
    Pair(
        rt.MonsterStats,
        (mm.MonsterStats,),
        not_carried={
            "specials": "free text on the stat card",
            "is_melee": "a property: range 0",
        },
    ),
    Pair(
        rt.MonsterAbilityCardSpec,
        (mm.MonsterAbilityCard,),
        not_carried={"index": "becomes the id when there is none", "name": _TEXT, "text": _TEXT},
    ),
    Pair(
        rt.MonsterTypeSpec,
        (mm.MonsterType, mm.Boss),
        runtime_only={
            "boss": "the model's class (Boss rather than MonsterType)",
            "levels_by_players": "a boss's formulas evaluated per character count",
        },
        not_carried={
            "kind": _WHERE,
            "description": _TEXT,
            "base": "a boss's formulas, evaluated into levels_by_players",
            "flying": "copied into every MonsterStats (the model does so too)",
            "immunities": "copied into every MonsterStats (the model does so too)",
        },
    ),
    Pair(
        rt.ItemSpec,
        (mc.Item,),
        runtime_only={"timing": "the model's free-text trigger classified (item_trigger)"},
        not_carried={
            "trigger": "classified into timing",
            "kind": _WHERE,
            **_all("campaign only", "number", "cost"),
            "count": "campaign only (shop stock)",
            "prosperity": "campaign only",
            "random_deck": "campaign only (GH-RID-01)",
            "envelope": "campaign only (GH-ENV-02)",
            "text": _TEXT,
        },
    ),
    Pair(rt.TreasureSpec, (mc.TreasureEntry,), not_carried={"scenario": "campaign only"}),
    Pair(
        rt.BattleGoalSpec,
        (mc.BattleGoal, mc.BattleGoalCondition),
        not_carried={
            "text": _TEXT,
            "kind": _WHERE,
            "condition": "flattened into type/counter/compare/value",
        },
    ),
    Pair(
        rt.TriggerSpec,
        (msm.Trigger,),
        runtime_only={"key": "the one of room/door/overlay/number/monster its type uses"},
        not_carried={
            **_all("becomes key", "room", "door", "overlay", "number", "monster"),
            "text": _TEXT,
        },
    ),
    Pair(
        rt.EffectSpec,
        (msm.Effect,),
        runtime_only={
            "key": "the one of door/named/number/room its type uses",
            "amount_formula": "the amount (or obstacle health) when a formula, as text",
            "trap": "a trap overlay's damage and conditions",
        },
        not_carried={
            **_all("becomes key", "door", "named", "number", "room"),
            "count": "a coin overlay's count becomes amount",
            "health": "an obstacle's health becomes amount / amount_formula",
            "damage": "becomes trap",
            "id": "an added overlay's id becomes overlays",
        },
    ),
    Pair(rt.RuleSpec, (msm.SpecialRule,), not_carried={"text": _TEXT}),
    Pair(
        rt.Goal,
        (msm.Condition,),
        not_carried={"numbers": "joined into targets as text", "text": _TEXT},
    ),
    Pair(
        rt.AllySpec,
        (msm.Ally,),
        runtime_only={
            "health_formula": "the model's health as formula text",
            "room": "the room of its hex",
        },
        not_carried={"health": "kept as health_formula", "text": _TEXT},
    ),
    Pair(rt.DoorSpec, (msm.Door,), not_carried={"opens_when": "becomes a RuleSpec", "text": _TEXT}),
    Pair(
        rt.Placement,
        (msm.MonsterPlacement, msm.NamedMonster, msm.BossPlacement),
        runtime_only={
            "named": "a named monster's or boss's scenario id ('' for a plain monster)",
            "health_formula": "a named monster's health as formula text",
            "room": "the room of its hex",
        },
        not_carried={
            "id": "a named monster's / boss's becomes named",
            "health": "kept as health_formula",
            "rank": "folded into players",
            "boss": "becomes monster",
            "text": _TEXT,
        },
    ),
    Pair(
        rt.TrapSpec,
        (msm.Overlay,),
        runtime_only={"amount": "a created trap's own damage (GH-TRAP-05)"},
        not_carried={
            "type": "a TrapSpec is a trap overlay",
            "hexes": "a trap per hex (ScenarioSpec.traps)",
            "id": "ScenarioSpec.overlay_ids",
            "health": "obstacles only",
            "number": "treasures only",
            "count": "coins only",
            "label": _TEXT,
            "text": _TEXT,
        },
    ),
    Pair(
        rt.ScenarioSpec,
        (msm.Scenario,),
        runtime_only={
            "hexes": "the map's hexes (model ScenarioMap)",
            "thin_walls": "the map's walls, tiles' and the scenario's (model ScenarioMap)",
            "placements": "monsters, named_monsters and bosses in one list",
            **_all(
                "the overlays by type, per hex",
                *("obstacles", "traps", "hazardous", "difficult", "treasures", "coins"),
                "pressure_plates",
            ),
            "overlay_ids": "overlays by id, for remove-overlays",
        },
        not_carried={
            "kind": _WHERE,
            "monsters": "becomes placements",
            "named_monsters": "becomes placements",
            "bosses": "becomes placements",
            "overlays": "split by type (obstacles, traps, ...)",
            "tiles": "resolved into hexes and thin_walls",
            "walls": "resolved into thin_walls",
            **_all(
                "campaign only",
                *("number", "location", "links", "linked_to_city", "unlocks", "rewards"),
                *("random_deck", "envelope"),
                *("required_global", "required_party", "round_tracker"),
            ),
            "description": _TEXT,
            "conclusion": _TEXT,
        },
    ),
)

#: runtime records with no model counterpart (built by the engine, not from one object)
RUNTIME_ONLY_RECORDS = {
    rt.Bonus: "what an active card keeps doing, derived from an Action's abilities",
    rt.Content: "everything a game needs, keyed by id (the pack's conversion)",
}


def _model_names(classes: tuple[type, ...]) -> set[str]:
    names: set[str] = set()
    for cls in classes:
        names |= {f.name for f in dataclasses.fields(cls)}
        names |= {n for n, v in inspect.getmembers(cls) if isinstance(v, property)}
    return names - {"source_path", "file"}  # where it was read from


def _runtime_names(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls) if f.init}


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.runtime.__name__)
def test_runtime_fields_use_the_models_names(pair: Pair) -> None:
    runtime, model = _runtime_names(pair.runtime), _model_names(pair.model)
    renamed = runtime - model - set(pair.runtime_only)
    assert not renamed, (
        f"{pair.runtime.__name__}: {sorted(renamed)} are not names of "
        f"{[c.__name__ for c in pair.model]}: use the model's name, or list the field as "
        "runtime-only with what it holds"
    )
    # the runtime-only list stays honest: real fields, and truly not the model's names
    assert set(pair.runtime_only) <= runtime
    assert not set(pair.runtime_only) & model, "a shared name is not runtime-only"


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.runtime.__name__)
def test_model_fields_the_engine_ignores_are_written_down(pair: Pair) -> None:
    runtime, model = _runtime_names(pair.runtime), _model_names(pair.model)
    ignored = model - runtime - set(pair.not_carried)
    assert not ignored, (
        f"{pair.runtime.__name__} does not carry {sorted(ignored)} of "
        f"{[c.__name__ for c in pair.model]}: carry it under the same name or say why not"
    )
    assert set(pair.not_carried) <= model and not set(pair.not_carried) & runtime


def test_every_runtime_record_is_paired_or_declared_runtime_only() -> None:
    records = {
        cls
        for _, cls in inspect.getmembers(rt, inspect.isclass)
        if dataclasses.is_dataclass(cls) and cls.__module__ == rt.__name__
    }
    paired = {p.runtime for p in PAIRS}
    assert records == paired | set(RUNTIME_ONLY_RECORDS)


def _abilities(node: Any) -> Iterator[ma.Ability]:
    if isinstance(node, ma.Ability):
        yield node
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            yield from _abilities(getattr(node, f.name))
    elif isinstance(node, tuple | list):
        for item in node:
            yield from _abilities(item)
    elif isinstance(node, Mapping):
        for item in node.values():
            yield from _abilities(item)


def test_a_shared_name_holds_the_same_fact_on_the_sample_pack() -> None:
    pack = m.load_pack_dir(PACK)
    found = [a for doc in pack.all_documents for a in _abilities(doc)]
    assert len(found) > 100 and {a.type for a in found} >= {"move", "attack", "heal", "summon"}
    same = ("type", "range", "targets", "pierce", "push", "pull", "conditions", "jump")
    same += ("flying", "elements", "rank", "number", "count", "pile", "items", "affects")
    for a in found:
        r = runtime_ability(a)
        for name in same:
            want = getattr(a, name)
            if name == "range" and a.type in ("disarm", "trap") and not want:
                want = None  # GH-TRAP-03, GH-TRAP-05: absent or 0 both mean adjacent
            if name in ("count", "number") and want is None:
                continue  # recover/refresh default to 1; neutral elsewhere
            got = getattr(r, name)
            assert got == (want if want is not None else type(got)()), (a.source_path, name)
        if isinstance(a.value, int):
            assert r.value == a.value and not r.value_formula
        elif a.value is not None:
            assert r.value_formula == a.value.text
        if a.stats is not None:
            assert r.name == (a.name or "summon") and r.stats is not None
            assert (r.stats.move, r.stats.attack) == (a.stats.move, a.stats.attack)
        assert [c.elements for c in r.consume] == [c.elements for c in a.consume]
