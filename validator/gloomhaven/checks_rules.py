"""Scenario special rules, stat-card rules and battle goals the engine applies (QGH236-238).

A special rule is data: a trigger and effects from the scenario schema's vocabulary
(GH-SPEC). What is still written as free text (a ``custom`` effect or trigger) is shown to
the players and never applied, so a simulated balance report ignores it: QGH236 says so.
QGH237 checks that the effects and triggers of the vocabulary added with the engine's
special-rule support (lock a door, area damage and conditions, monster stats, added
overlays, a figure entering a hex) name doors, rooms, figures and hexes the scenario has;
the older kinds (open-door, reveal-room, remove-overlays, room and door triggers) are
QGH204's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from questforge.validator.context import CheckContext
from questforge.validator.findings import Finding, JsonPath
from questforge.validator.gloomhaven.catalogue import gh_check
from questforge.validator.gloomhaven.scenario_map import hx, scenario_maps


def _rules(
    data: dict[str, Any], key: str = "special_rules"
) -> Iterator[tuple[int, dict[str, Any]]]:
    rules = data.get(key)
    if isinstance(rules, list):
        for i, rule in enumerate(rules):
            if isinstance(rule, dict):
                yield i, rule


@gh_check(
    "QGH236",
    per_document=True,
    severity="warning",
    title="Special rule the engine will not apply",
    description="A special rule (or a locked door's `opens_when`) uses a `custom` effect or "
    "trigger: free text the players read, which the engine shows and never applies. Bots "
    "and `questforge simulate` then play the scenario without it, so its balance figures "
    "leave it out (GH-SPEC). The same for a monster's or boss's printed special written as "
    "text (`specials`) or as a stat-card rule with a `custom` trigger or effect: every "
    "monster of the type has it (GH-MSTAT-04), and the engine never applies it.",
    example='`{"trigger": {"type": "room-revealed", "room": "forge"}, "effects": [{"type": '
    '"custom", "text": "Fire is infused."}]}`.',
    fix="Express the rule with the effect vocabulary (infuse, consume, damage, condition, "
    "open-door, lock-door, spawn, reveal-room, monster-stats, add-overlays, "
    "remove-overlays, win, lose) and a trigger the engine fires; keep `text` for players. "
    "A monster's or boss's special goes in the document's `rules` (the same grammar: "
    '`{"trigger": {"type": "round", "round": 1, "every": 1, "when": "start"}, "once": false, '
    '"effects": [...], "text": "..."}`).',
    rules=("GH-SPEC-01", "GH-SPEC-03", "GH-SPEC-04", "GH-MSTAT-04"),
)
def free_text_rules(ctx: CheckContext) -> Iterator[Finding]:
    for kind in ("monster", "boss"):
        for doc in ctx.own(ctx.of_kind(kind)):
            if isinstance(doc.data, dict):
                yield from _stat_card_free_text(ctx, doc, doc.data)
    for doc in ctx.own(ctx.of_kind("scenario")):
        data = doc.data
        if not isinstance(data, dict):
            continue
        yield from _free_text_in_rules(ctx, doc, data, "special_rules", "special rule")
        doors = data.get("doors")
        for d, door in enumerate(doors if isinstance(doors, list) else []):
            opens = door.get("opens_when") if isinstance(door, dict) else None
            if isinstance(opens, dict) and opens.get("type") == "custom":
                yield ctx.finding(
                    free_text_rules,
                    f"door {door.get('id')!r} opens on a free-text condition the engine never "
                    "meets: it stays locked in simulated games",
                    doc,
                    ("doors", d, "opens_when"),
                )


def _free_text_in_rules(
    ctx: CheckContext, doc: Any, data: dict[str, Any], key: str, what: str
) -> Iterator[Finding]:
    """QGH236 on the rules under ``key`` (a scenario's ``special_rules``, a stat card's
    ``rules``): a ``custom`` trigger or effect is text the engine never applies."""
    for i, rule in _rules(data, key):
        trigger = rule.get("trigger")
        if isinstance(trigger, dict) and trigger.get("type") == "custom":
            yield ctx.finding(
                free_text_rules,
                f"{what} {rule.get('id') or i}: its trigger is free text, so the engine "
                "never fires it",
                doc,
                (key, i, "trigger"),
                hint="use a round, room-revealed, door-opened, pressure-plate, killed, "
                "monster-killed, room-cleared, treasure-looted or enter-hex trigger",
            )
        effects = rule.get("effects")
        for e, effect in enumerate(effects if isinstance(effects, list) else []):
            if isinstance(effect, dict) and effect.get("type") == "custom":
                yield ctx.finding(
                    free_text_rules,
                    f"{what} {rule.get('id') or i}: effect {effect.get('text')!r} is free "
                    "text the engine will not apply",
                    doc,
                    (key, i, "effects", e),
                    hint="write it with the effect vocabulary (e.g. "
                    '{"type": "infuse", "elements": ["fire"]})',
                )


def _stat_card_free_text(ctx: CheckContext, doc: Any, data: dict[str, Any]) -> Iterator[Finding]:
    """QGH236 on a monster or boss: printed specials in text, and ``rules`` the engine
    cannot apply (a ``custom`` trigger or effect)."""
    places: list[tuple[JsonPath, Any]] = [(("stats",), data.get("stats"))]
    levels = data.get("levels")
    for level, row in sorted(levels.items()) if isinstance(levels, dict) else ():
        places.append((("levels", level), row))
        if isinstance(row, dict):
            places += [(("levels", level, rank), row.get(rank)) for rank in ("normal", "elite")]
    for path, stats in places:
        specials = stats.get("specials") if isinstance(stats, dict) else None
        for i, text in enumerate(specials if isinstance(specials, list) else []):
            yield ctx.finding(
                free_text_rules,
                f"printed special {text!r} is text: the engine shows it and never applies it",
                doc,
                (*path, "specials", i),
                hint="write it as a rule in the document's `rules`, e.g. "
                '{"trigger": {"type": "round", "round": 1, "every": 1, "when": "start"}, '
                '"once": false, "effects": [{"type": "infuse", "elements": ["fire"]}], '
                '"text": "At the start of each round, fire is infused."}',
            )
    yield from _free_text_in_rules(ctx, doc, data, "rules", "rule")


def _ids(data: dict[str, Any], key: str) -> set[str]:
    items = data.get(key)
    return {
        x["id"]
        for x in (items if isinstance(items, list) else [])
        if isinstance(x, dict) and isinstance(x.get("id"), str)
    }


@gh_check(
    "QGH237",
    per_document=True,
    severity="error",
    title="Special rule names something the scenario does not have",
    description="An effect or trigger of the special-rule vocabulary names a door "
    "(`lock-door`), a room (the area of `damage` or `condition`), a named monster or boss "
    "(`monster-stats`) the scenario does not have, or a hex off the scenario map (the area "
    "of `damage` or `condition`, `add-overlays`, an `enter-hex` trigger). The engine would "
    "apply the rule to nothing.",
    example='`{"type": "lock-door", "door": "vault"}` in a scenario whose doors are `d1` and `d2`.',
    fix="Correct the id or the hexes, or add the missing door, room or figure.",
    rules=("GH-SPEC-03", "GH-SPEC-07"),
)
def special_rule_references(ctx: CheckContext) -> Iterator[Finding]:
    for smap in scenario_maps(ctx):
        data = smap.doc.data
        if not isinstance(data, dict):
            continue
        references = list(_references(data))
        if not references:
            continue  # no effect or trigger of the new vocabulary names anything
        doors, rooms = _ids(data, "doors"), _ids(data, "rooms")
        named = _ids(data, "named_monsters") | _ids(data, "bosses")
        on_map = smap.map_hexes if smap.complete and smap.geo is not None else None
        for path, what, value, known in references:
            if known == "hex":
                if on_map is None:
                    continue
                try:
                    h = hx(value)
                except (TypeError, ValueError, IndexError):
                    continue
                if h in on_map:
                    continue
                message = f"{what} {list(value)} is not on the scenario map"
            else:
                pool = {"door": doors, "room": rooms, "figure": named}[known]
                if value in pool:
                    continue
                have = ", ".join(sorted(pool)) or "none"
                message = f"{what} {value!r} does not exist (the scenario has: {have})"
            yield ctx.finding(special_rule_references, message, smap.doc, path)


def _references(data: dict[str, Any]) -> Iterator[tuple[JsonPath, str, Any, str]]:
    """(path, what, value, kind: door | room | figure | hex) of the new vocabulary."""
    for i, rule in _rules(data):
        trigger = rule.get("trigger")
        if isinstance(trigger, dict) and trigger.get("type") == "enter-hex":
            for k, h in enumerate(trigger.get("hexes") or []):
                yield ("special_rules", i, "trigger", "hexes", k), "watched hex", h, "hex"
        effects = rule.get("effects")
        for e, effect in enumerate(effects if isinstance(effects, list) else []):
            if not isinstance(effect, dict):
                continue
            base: JsonPath = ("special_rules", i, "effects", e)
            kind = effect.get("type")
            if kind == "lock-door" and "door" in effect:
                yield (*base, "door"), "door", effect["door"], "door"
            elif kind in ("damage", "condition"):
                if "room" in effect:
                    yield (*base, "room"), "room", effect["room"], "room"
                for k, h in enumerate(effect.get("hexes") or []):
                    yield (*base, "hexes", k), "area hex", h, "hex"
            elif kind == "monster-stats" and "named" in effect:
                yield (*base, "named"), "named figure", effect["named"], "figure"
            elif kind == "add-overlays":
                for k, h in enumerate(effect.get("hexes") or []):
                    yield (*base, "hexes", k), "overlay hex", h, "hex"


@gh_check(
    "QGH238",
    per_document=True,
    severity="warning",
    title="Battle goal the engine cannot check",
    description="A battle goal without a `condition` is text for the table only: the engine "
    "deals it (GH-BG-01) but never counts it as met, so `questforge simulate` reports it as "
    "never met and its checkmarks are never given (GH-BG-02).",
    example='`{"kind": "battle-goal", "id": "untouched", "text": "Suffer no damage.", '
    '"checkmarks": 1}`.',
    fix="Add a `condition`: a counter compared with a number or with the other characters "
    '(`{"type": "counter", "counter": "damage-suffered", "compare": "at-most", "value": 0}`) '
    'or `{"type": "last-exhausted"}`; keep `text` for the players.',
    rules=("GH-BG-01", "GH-BG-02"),
)
def battle_goal_checkable(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.own(ctx.of_kind("battle-goal")):
        if isinstance(doc.data, dict) and "condition" not in doc.data:
            yield ctx.finding(
                battle_goal_checkable,
                f"battle goal {doc.id!r} has no condition: simulated games never count it as met",
                doc,
                ("text",),
            )
