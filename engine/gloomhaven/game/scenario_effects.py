"""Scenario special rules: triggers fired and their effects applied (elements, damage
and conditions in an area, doors, rooms, spawns, stat changes, overlays,
win/lose; GH-SPEC).

Part of the rules context: each function here is also a method of
:class:`~.rules.Rules` (``r.fire(...)``), which is how the turn logic calls them.
"""

from __future__ import annotations

from collections.abc import Iterator

from questforge.engine.gloomhaven.game.game_over import GameOver
from questforge.engine.gloomhaven.game.spec import (
    EffectSpec,
    Hex,
    RuleSpec,
    TrapSpec,
)
from questforge.engine.gloomhaven.game.state import (
    INERT,
    STRONG,
    Figure,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from questforge.engine.gloomhaven.game.rules import Rules


def fire(
    r: Rules,
    kind: str,
    key: str = "",
    round_no: int = 0,
    when: str = "",
    figure: Figure | None = None,
) -> None:
    """Run every special rule whose trigger matches (GH-SPEC, GH-EOR-06): the scenario's,
    then the printed specials of the monster types and bosses on the map (GH-MSTAT-04)."""
    st = r.state
    for tag, label, rule in _rules_in_play(r):
        t = rule.trigger
        if t.type != kind:
            continue
        if kind == "monster-killed":
            if t.key and t.key != key:
                continue
            deaths = st.killed.get(t.key, 0) if t.key else sum(st.killed.values())
            if t.count and deaths % t.count != 0:
                continue
        elif kind == "enter-hex":
            if figure is None or figure.hex not in t.hexes:
                continue
            if t.figures == "characters" and figure.kind != "character":
                continue
            if t.figures == "monsters" and figure.kind != "monster":
                continue
        elif kind == "round":
            if t.when != when:
                continue
            if round_no != t.round and not (
                t.every and round_no > t.round and (round_no - t.round) % t.every == 0
            ):
                continue
        elif kind == "killed":
            # fires with the death that leaves every target dead (``key``: who just died)
            if not t.targets or (key and key not in t.targets):
                continue
            if not all(x in st.named_killed for x in t.targets):
                continue
        elif t.key != key:
            continue
        if rule.once and tag in st.triggered:
            continue
        st.triggered.add(tag)
        r.emit("special_rule", rule=label, trigger=kind, key=key)
        for effect in rule.effects:
            r.apply_effect(effect)


def _rules_in_play(r: Rules) -> Iterator[tuple[str, str, RuleSpec]]:
    """``(tag, label, rule)`` of every special rule that can fire now: the scenario's
    (tag ``rule:<i>``), then those of each monster type's or boss's stat card while a
    figure of that type is on the map (GH-MSTAT-04: a stat card's specials apply to every
    monster of the type; a boss's "at the start of each round, fire is infused" stops when
    the boss is gone), tagged and labelled ``<type>:<id or number>``."""
    for i, rule in enumerate(r.scenario.special_rules):
        yield f"rule:{i}", rule.id or str(i), rule
    if not r.ruled_types:
        return
    on_map = {f.monster_type for f in r.state.figures.values()}
    for type_id in r.ruled_types:
        if type_id not in on_map:
            continue
        for i, rule in enumerate(r.content.monsters[type_id].rules):
            label = f"{type_id}:{rule.id or i + 1}"
            yield label, label, rule


def apply_effect(r: Rules, effect: EffectSpec) -> None:
    """Apply one special-rule effect (GH-SPEC; the vocabulary: :class:`~.spec.EffectSpec`).
    Scenario effects are not a figure's ability: elements change at once, damage is
    not an attack (no shield, GH-SHLD-02) and a character may negate it (GH-DMG-03)."""
    st = r.state
    kind = effect.type
    if kind == "spawn" and effect.hex is not None:
        r.spawn(effect.monster, effect.hex, effect.players.get(st.players, "normal"))
    elif kind == "open-door":
        for door in r.scenario.doors:
            if door.id == effect.key:
                st.unlocked_doors.add(door.hex)
                st.locked_doors.discard(door.hex)
                r.open_door(door.hex, None)
    elif kind == "lock-door":
        for door in r.scenario.doors:
            if door.id == effect.key and r.state.figure_at(door.hex) is None:
                # GH-SPEC-03: a wall until opened again (an occupied door stays open)
                st.open_doors.discard(door.hex)
                st.unlocked_doors.discard(door.hex)
                st.locked_doors.add(door.hex)
                r.emit("door_locked", hex=door.hex, door=door.id)
    elif kind == "reveal-room":
        if effect.key in r.scenario.rooms and effect.key not in st.revealed_rooms:
            r.reveal_room(effect.key, None)
    elif kind == "custom":
        # the engine cannot act on free text; views show it to the players
        r.emit("custom_effect", text=effect.text)
    elif kind == "remove-overlays":
        for oid in effect.overlays:
            if oid in st.added_overlays:
                okind, hexes = st.added_overlays.pop(oid)
            else:
                okind, hexes = r.scenario.overlay_ids.get(oid, ("", ()))
            for h in hexes:
                st.obstacles.pop(h, None)
                st.traps.pop(h, None)
                st.hazardous.discard(h)
                st.difficult.discard(h)
            r.emit("overlays_removed", overlay=oid, kind=okind, hexes=list(hexes))
    elif kind == "add-overlays":
        _add_overlays(r, effect)
    elif kind == "infuse":
        for e in effect.elements:
            st.elements[e] = STRONG  # at once: not an ability's infusion (GH-ELEM-02)
            r.emit("element_infused", element=e, by="scenario")
    elif kind == "consume":
        for e in effect.elements:
            if st.elements.get(e, INERT) != INERT:
                r.consume_element(e, "scenario")
    elif kind in ("damage", "condition"):
        amount = (
            r.formula(effect.amount_formula, st.level, st.players)
            if effect.amount_formula
            else effect.amount
        )
        for f in r.figures_in_area(effect):
            if kind == "damage":
                r.suffer_damage(f, amount, "scenario", "special rule")
            else:
                for c in effect.conditions:
                    if f.id in st.figures:
                        r.apply_condition(f, c, "scenario")
    elif kind == "monster-stats":
        key = f"named:{effect.key}" if effect.key else f"type:{effect.monster}"
        changes = st.stat_changes.setdefault(key, {})
        for stat, delta in effect.stats:
            changes[stat] = changes.get(stat, 0) + delta
        for f in list(st.figures.values()):
            if f.kind == "monster" and (
                (effect.key and f.named == effect.key)
                or (not effect.key and f.monster_type == effect.monster)
            ):
                change_stats(f, dict(effect.stats))
                r.emit("monster_stats", figure=f.id, changes=dict(effect.stats))
    elif kind == "win":
        st.goal_met = True  # GH-END-01: the round is still played to its end
        r.emit("goal_met", by="special rule")
    elif kind == "lose":
        st.lost_game = True
        r.emit("scenario_lost", by="special rule")
        raise GameOver()


def figures_in_area(r: Rules, effect: EffectSpec) -> list[Figure]:
    """The figures an area effect reaches: in ``hexes``, or in room ``key``, or (neither)
    anywhere; of ``figures`` "characters" (and their summons), "monsters" or "all"."""
    area: set[Hex] | None = None
    if effect.hexes:
        area = set(effect.hexes)
    elif effect.key:
        area = set(r.scenario.rooms.get(effect.key, ()))
    out = []
    for f in sorted(r.state.figures.values(), key=lambda x: x.id):
        if area is not None and f.hex not in area:
            continue
        if effect.figures == "characters" and f.side != "party":
            continue
        if effect.figures == "monsters" and f.side != "monsters":
            continue
        out.append(f)
    return out


def _add_overlays(r: Rules, effect: EffectSpec) -> None:
    """``add-overlays``: put an overlay kind on hexes of the map (an obstacle never on a
    figure, GH-MOVE-04)."""
    st = r.state
    placed: list[Hex] = []
    occupied = r.occupied_hexes()
    for h in effect.hexes:
        if h not in r.scenario.hexes:
            continue
        if effect.overlay == "trap":
            st.traps[h] = effect.trap or TrapSpec()
        elif effect.overlay == "obstacle":
            if h in occupied:
                continue
            st.obstacles[h] = (
                r.formula(effect.amount_formula, st.level, st.players)
                if effect.amount_formula
                else (effect.amount or None)
            )
        elif effect.overlay == "hazardous":
            st.hazardous.add(h)
        elif effect.overlay == "difficult":
            st.difficult.add(h)
        elif effect.overlay == "coin":
            st.coins[h] = st.coins.get(h, 0) + max(1, effect.amount)
        elif effect.overlay == "treasure" and effect.key:
            st.treasures[h] = effect.key
        else:
            continue
        placed.append(h)
    for oid in effect.overlays:
        st.added_overlays[oid] = (effect.overlay, tuple(placed))
    r.emit(
        "overlays_added",
        overlay=effect.overlays[0] if effect.overlays else "",
        kind=effect.overlay,
        hexes=placed,
    )


def check_state_triggers(r: Rules, died: str = "", where: Hex | None = None) -> None:
    """``killed`` and ``room-cleared`` triggers depend on who is left on the map, and fire
    when their condition *becomes* true - a rule with ``once: false`` fires each time it
    does again, not at every later check while it still holds (a room cleared in round 3
    is not "cleared" again by every kill elsewhere): a ``killed`` trigger with the death
    (``died``: the named figure's id) that leaves all its figures dead, ``room-cleared``
    when a revealed room is found without monsters for the first time since a monster
    was last in it (one died there, ``where``, or was placed there) or is revealed empty."""
    if not r.scenario.special_rules and not r.ruled_types:
        return
    st = r.state
    if died:
        r.fire("killed", died)
    if where is not None:
        room_of_death = r.board.room_of.get(where)
        if room_of_death:
            st.cleared_rooms.discard(room_of_death)  # a monster was just there
    occupied = {r.board.room_of.get(f.hex) for f in st.figures.values() if f.side == "monsters"}
    for room in list(st.revealed_rooms):
        if room in occupied:
            st.cleared_rooms.discard(room)
        elif room not in st.cleared_rooms:
            st.cleared_rooms.add(room)
            r.fire("room-cleared", room)


def change_stats(f: Figure, changes: dict[str, int]) -> None:
    """A ``monster-stats`` effect on one figure: health moves maximum and current HP (at
    least 1), the other stats never go below 0."""
    for stat, delta in changes.items():
        if stat == "health":
            f.max_hp = max(1, f.max_hp + delta)
            f.hp = max(1, min(f.max_hp, f.hp + delta))
        elif stat == "move":
            f.move = max(0, f.move + delta)
        elif stat == "attack":
            f.attack = max(0, f.attack + delta)
        elif stat == "range":
            f.range = max(0, f.range + delta)
        elif stat == "shield":
            f.base_shield = max(0, f.base_shield + delta)
        elif stat == "retaliate":
            f.base_retaliate = max(0, f.base_retaliate + delta)
