"""Convert a loaded content pack (:mod:`questforge.engine.gloomhaven.model`) to the
engine's records (:mod:`.spec`).

The conversion is done once per pack model and cached, so a thousand simulated games
share it. Formulas in L and C keep their dependence on the game: obstacle and
named-monster health and boss stats are evaluated at setup, ability values (e.g. a boss
special "Attack 1+L/2") when the ability is performed (GH-SPEC-08, GH-BOSS-03). Summon
health and item values given as formulas are evaluated at L = 0, C = 2.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

from questforge.engine.core.errors import ContentError as CoreContentError
from questforge.engine.gloomhaven import model as m
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AbilityCard,
    Action,
    AllySpec,
    AreaPattern,
    BattleGoalSpec,
    Bonus,
    ClassSpec,
    Consume,
    Content,
    DoorSpec,
    EffectSpec,
    Goal,
    Hex,
    ItemSpec,
    ModifierCard,
    MonsterAbilityCardSpec,
    MonsterStats,
    MonsterTypeSpec,
    PerkSpec,
    Placement,
    RuleSpec,
    ScenarioSpec,
    SummonStats,
    TrapSpec,
    TreasureSpec,
    TriggerSpec,
    standard_modifier_deck,
)

_CACHE: dict[int, tuple[Any, Content]] = {}


class ContentError(CoreContentError):
    """The pack cannot be played (e.g. a scenario's tiles do not resolve)."""


def content_from_pack(pack: Any) -> Content:
    """A :class:`Content` from a :class:`~questforge.engine.gloomhaven.model.PackModel` or
    a pack folder path (read with :func:`~questforge.engine.gloomhaven.model.load_pack_dir`)."""
    if isinstance(pack, str | os.PathLike):
        pack = m.load_pack_dir(pack, dependencies=m.required_models(pack))
    if not isinstance(pack, m.PackModel):
        raise TypeError(f"expected a pack model, a pack path or Content, got {type(pack).__name__}")
    hit = _CACHE.get(id(pack))
    if hit is not None and hit[0] is pack:
        return hit[1]
    # a scenario may place a required pack's tiles and monsters: convert them too
    content = _convert(pack.with_dependencies())
    if len(_CACHE) > 16:
        _CACHE.clear()
    _CACHE[id(pack)] = (pack, content)
    return content


def _local(ref: str | None) -> str:
    return (ref or "").rpartition(":")[2]


def _int(v: Any, default: int = 0) -> int:
    if v is None:
        return default
    if isinstance(v, int):
        return v
    out = m.value_of(v, L=0, C=2)
    return default if out is None else out


def _formula_text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, int):
        return str(v)
    return str(getattr(v, "text", v))


def _aoe(a: m.AreaPattern | None) -> AreaPattern | None:
    if a is None:
        return None
    return AreaPattern(tuple((h[0], h[1]) for h in a.hexes), a.melee)


def ability(a: m.Ability) -> Ability:
    """The runtime :class:`~.spec.Ability` of a model ability: the same field names; values
    become numbers (a formula keeps its text in ``value_formula``), references become local
    ids, absent optional fields become their neutral defaults."""
    consume = tuple(
        Consume(
            elements=c.elements,
            value=c.bonus.value if c.bonus else 0,
            range=c.bonus.range if c.bonus else 0,
            targets=c.bonus.targets if c.bonus else 0,
            pierce=c.bonus.pierce if c.bonus else 0,
            push=c.bonus.push if c.bonus else 0,
            pull=c.bonus.pull if c.bonus else 0,
            conditions=c.bonus.conditions if c.bonus else (),
            xp=c.bonus.xp if c.bonus else 0,
            abilities=tuple(ability(x) for x in c.abilities),
            add_target=bool(c.bonus.add_target) if c.bonus else False,
            aoe=_aoe(c.bonus.aoe) if c.bonus else None,
            jump=c.bonus.jump if c.bonus else False,
        )
        for c in a.consume
    )
    stats = None
    if a.type == "summon" and a.stats is not None:
        s = a.stats
        stats = SummonStats(
            health=_int(s.health),
            move=s.move,
            attack=s.attack,
            range=s.range,
            flying=s.flying,
            shield=s.shield,
            retaliate=s.retaliate,
            conditions=s.conditions,
        )
    value = _int(a.value)
    count = a.count or 0
    if a.type in ("recover", "refresh") and a.count is None:
        count = max(1, value)  # "Recover 2" written as a value
    reach = a.range
    if a.type in ("disarm", "trap") and not reach:
        reach = None  # GH-TRAP-03/05: absent or 0 in content = adjacent (engine: None)
    return Ability(
        type=a.type,
        value=value,
        range=reach,
        targets=a.targets,
        pierce=a.pierce,
        push=a.push,
        pull=a.pull,
        jump=a.jump,
        flying=a.flying,
        conditions=a.conditions,
        aoe=_aoe(a.aoe),
        add_target=a.add_target > 0,
        affects=a.affects or "",
        elements=a.elements,
        consume=consume,
        xp=value if a.type == "xp" and a.condition is None else 0,
        name=(a.name or "summon") if stats is not None else "",
        stats=stats,
        monster=_local(a.monster),
        rank=a.rank,
        count=count,
        pile=a.pile or "",
        items=a.items or "",
        number=a.number or 0,
        value_formula=(
            "" if a.value is None or isinstance(a.value, int) else _formula_text(a.value)
        ),
    )


def _action(half: m.CardHalf) -> Action:
    abilities = tuple(ability(a) for a in half.abilities if a.type != "xp")
    bonus = None
    if half.persistent or half.round:
        slots = tuple(half.use_xp)
        for a in half.abilities:
            if a.type in ("shield", "retaliate"):
                bonus = Bonus(a.type, _int(a.value), a.range or 1, half.uses, slots)
                break
            if a.type == "attack-bonus":
                bonus = Bonus("attack", _int(a.value), uses=half.uses, xp_slots=slots)
                break
            if a.type == "negate-damage":
                # GH-BONUS-06: "negate the next damage": one use unless the card has slots
                bonus = Bonus("negate_damage", uses=half.uses or 1, xp_slots=slots)
                break
            if a.type == "summon":
                bonus = Bonus("summon", uses=half.uses, xp_slots=slots)
                break
    return Action(
        abilities,
        lost=half.lost,
        persistent=half.persistent,
        round=half.round,
        bonus=bonus,
        xp=half.xp,
        unrecoverable=half.unrecoverable,
        xp_if=half.xp_if,
    )


def modifier(card: m.AttackModifier, card_id: str | None = None) -> ModifierCard:
    e = card.effects
    value = card.value
    return ModifierCard(
        id=card_id or card.id,
        value=value if isinstance(value, int) else 0,
        multiplier=2 if value == "x2" else 0 if value == "null" else 1,
        rolling=card.rolling,
        shuffle=card.shuffle,
        special=card.special or "",
        conditions=e.conditions if e else (),
        elements=e.elements if e else (),
        push=e.push if e else 0,
        pull=e.pull if e else 0,
        pierce=e.pierce if e else 0,
        heal=e.heal if e else 0,
        shield=e.shield if e else 0,
        add_target=bool(e.add_target) if e else False,
        temporary=card.icon in ("scenario", "item"),
    )


def _perk(pack: m.PackModel, perk: m.Perk) -> PerkSpec:
    """A perk's card edits (GH-LVL-04) with the cards resolved; a reference the pack
    cannot resolve (the validator reports it) is dropped."""
    remove = []
    for cc in perk.remove:
        card = pack.resolve("attack-modifier", cc.card, m.AttackModifier)
        if card is not None:
            remove.append((card.id, cc.count))
    add = []
    for cc in perk.add:
        card = pack.resolve("attack-modifier", cc.card, m.AttackModifier)
        if card is not None:
            add.append((modifier(card), cc.count))
    return PerkSpec(perk.text, perk.count, tuple(remove), tuple(add))


def _deck_cards(pack: m.PackModel, deck: m.AttackModifierDeck | None) -> tuple[ModifierCard, ...]:
    if deck is None:
        return ()
    out = []
    for ref in deck.card_ids():
        card = pack.resolve("attack-modifier", ref, m.AttackModifier)
        if card is not None:
            out.append(modifier(card))
    return tuple(out)


def _stats(s: m.MonsterStats) -> MonsterStats:
    return MonsterStats(
        health=s.health,
        move=s.move,
        attack=s.attack,
        range=s.range,
        shield=s.shield,
        retaliate=s.retaliate,
        retaliate_range=s.retaliate_range,
        pierce=s.pierce,
        flying=s.flying,
        attack_conditions=s.attack_conditions,
        immunities=s.immunities,
        targets=s.targets,
    )


def _convert(pack: m.PackModel) -> Content:
    classes: dict[str, ClassSpec] = {}
    for cid, cls in pack.character_classes.items():
        cards = tuple(
            AbilityCard(c.id, c.name, c.level, c.initiative, _action(c.top), _action(c.bottom))
            for c in pack.class_cards(cid)
        )
        deck = (
            pack.resolve("attack-modifier-deck", cls.modifier_deck, m.AttackModifierDeck)
            if cls.modifier_deck
            else None
        )
        mods = _deck_cards(pack, deck) or standard_modifier_deck(f"{cid}:")  # GH-REF-01
        classes[cid] = ClassSpec(
            cid,
            cls.name,
            tuple(cls.health) or (8,),
            cls.hand_size,
            cards,
            mods,
            perks=tuple(_perk(pack, p) for p in cls.perks),
        )

    monster_mods: tuple[ModifierCard, ...] = ()
    for mdeck in pack.attack_modifier_decks.values():
        if mdeck.owner == "monster":
            monster_mods = _deck_cards(pack, mdeck)
            break
    monster_mods = monster_mods or standard_modifier_deck("monster:")

    decks: dict[str, tuple[MonsterAbilityCardSpec, ...]] = {}
    for did, adeck in pack.monster_decks.items():
        decks[did] = tuple(
            MonsterAbilityCardSpec(
                c.id or f"{did}-{c.index}",
                c.initiative,
                tuple(ability(a) for a in c.abilities),
                c.shuffle,
            )
            for c in adeck.cards
        )

    monsters: dict[str, MonsterTypeSpec] = {}
    for mid, mon in pack.monsters.items():
        stats = {
            lvl: {"normal": _stats(line.normal), "elite": _stats(line.elite)}
            for lvl, line in mon.levels.items()
        }
        monsters[mid] = MonsterTypeSpec(
            mid, mon.name, _local(mon.deck), mon.standees, stats, rules=_rules(mon.rules)
        )
    for bid, boss in pack.bosses.items():
        by_players: dict[int, dict[int, dict[str, MonsterStats]]] = {}
        for c in range(1, 5):
            by_players[c] = {}
            for lvl in range(8):
                s = _stats(boss.stats(lvl, c))
                by_players[c][lvl] = {"normal": s, "elite": s}
        monsters[bid] = MonsterTypeSpec(
            bid,
            boss.name,
            _local(boss.deck),
            1,
            by_players[2],
            boss=True,
            levels_by_players=by_players,
            special_actions={
                sa.number: tuple(ability(a) for a in sa.abilities) for sa in boss.special_actions
            },
            rules=_rules(boss.rules),
        )

    items = {
        iid: ItemSpec(
            iid,
            it.name,
            it.usage,
            tuple(_item_ability(a) for a in it.abilities),
            uses=it.uses or 1,
            timing=item_trigger(it.trigger),
            slot=it.slot,
            modifier_cards=tuple(
                modifier(card, f"{iid}:{cc.card}:{k}")
                for cc in it.modifier_cards
                for k in range(cc.count)
                if (card := pack.resolve("attack-modifier", cc.card, m.AttackModifier)) is not None
            ),
        )
        for iid, it in pack.items.items()
    }

    treasures = {
        str(e.number): TreasureSpec(
            str(e.number),
            e.type,
            e.amount or 0,
            _local(e.item) if e.item else "",
            tuple(e.conditions),
            e.text or "",
        )
        for table in pack.treasure_tables.values()
        for e in table.entries
    }
    scenarios: dict[str, ScenarioSpec] = {}
    unplayable: dict[str, str] = {}
    for sid, scn in pack.scenarios.items():
        try:
            scenarios[sid] = scenario_spec(pack, scn)
        except (KeyError, ValueError) as exc:
            # the validator explains the details; the engine only refuses to play it
            unplayable[sid] = str(exc)
    return Content(
        classes=classes,
        monsters=monsters,
        monster_decks=decks,
        monster_modifier_deck=monster_mods,
        scenarios=scenarios,
        items=items,
        treasures=treasures,
        unplayable=unplayable,
        battle_goals={
            gid: BattleGoalSpec(
                gid,
                goal.name,
                goal.checkmarks,
                *(
                    (
                        goal.condition.type,
                        goal.condition.counter or "",
                        goal.condition.compare or "",
                        goal.condition.value or 0,
                    )
                    if goal.condition is not None
                    else ()
                ),
            )
            for gid, goal in pack.battle_goals.items()
        },
        pack_id=pack.id or "",
        pack_version=pack.pack.version if pack.pack else "",
    )


def item_trigger(text: str | None) -> str:
    """Classify an item's "when" text (free text in the schema) into the engine's
    triggers; anything unrecognised is usable on the character's own turn."""
    t = (text or "").lower()
    if "attacked" in t or "suffer damage" in t or "would suffer" in t:
        return "defense"
    if "instead of" in t and "attack" in t:
        # "instead of your attack": the item's attack replaces an attack ability being
        # performed (GH-TURN-07: items augment actions) - not an extra attack of its own
        return "instead-of-attack"
    if "instead of" in t:
        return "turn"
    if "melee attack" in t:
        return "melee-attack"
    if "attack" in t:
        return "attack"
    if "move" in t:
        return "move"
    return "turn"


_PLUS = re.compile(r"\+\s*(\d+)")


def _item_ability(a: m.Ability) -> Ability:
    """Item abilities; a ``special`` worded "add +N to the attack" or "... to the move"
    becomes a +N attack or move bonus (the only free-text item effects the engine reads;
    others stay inert - a "+1 move" read as inert was offered and spent for nothing)."""
    if a.type == "special" and a.text:
        found = _PLUS.search(a.text)
        text = a.text.lower()
        if found and "attack" in text:
            return Ability("attack", int(found.group(1)))
        if found and "move" in text:
            return Ability("move", int(found.group(1)))
    return ability(a)


def _players(p: Mapping[int, str] | None) -> dict[int, str]:
    if p is None:
        return {2: "normal", 3: "normal", 4: "normal"}
    return {k: ("none" if v == "absent" else v) for k, v in p.items()}


def _rules(rules: tuple[m.SpecialRule, ...]) -> tuple[RuleSpec, ...]:
    """The runtime form of special rules (a scenario's, or a stat card's ``rules``); a rule
    without a trigger is text only."""
    return tuple(
        RuleSpec(_trigger(sr.trigger), tuple(_effect(e) for e in sr.effects), sr.once, sr.id or "")
        for sr in rules
        if sr.trigger is not None
    )


def _trigger(t: m.Trigger) -> TriggerSpec:
    key = {
        "room-revealed": t.room,
        "room-cleared": t.room,
        "door-opened": t.door,
        "pressure-plate": t.overlay,
        "treasure-looted": str(t.number) if t.number is not None else None,
        "monster-killed": _local(t.monster) if t.monster else None,
    }.get(t.type)
    return TriggerSpec(
        type=t.type,
        key=key or "",
        round=t.round or 0,
        when=t.when,
        every=t.every or 0,
        targets=t.targets,
        count=t.count or 0,
        hexes=tuple((h[0], h[1]) for h in t.hexes),
        figures=t.figures or ("characters" if t.type == "enter-hex" else ""),
    )


def _effect(e: m.Effect) -> EffectSpec:
    if e.type in ("open-door", "lock-door"):
        key = e.door
    elif e.type == "monster-stats":
        key = e.named
    elif e.type == "add-overlays" and e.overlay == "treasure":
        key = str(e.number) if e.number is not None else ""
    else:
        key = e.room
    amount = e.amount if e.type == "damage" else e.health
    trap = (
        TrapSpec(e.damage, tuple(e.conditions))
        if e.type == "add-overlays" and e.overlay == "trap"
        else None
    )
    return EffectSpec(
        type=e.type,
        key=key or "",
        monster=_local(e.monster),
        hex=(e.hex[0], e.hex[1]) if e.hex is not None else None,
        players=_players(e.players),
        overlays=(e.id,) if e.type == "add-overlays" and e.id else e.overlays,
        elements=e.elements,
        amount=e.count if e.overlay == "coin" else (amount if isinstance(amount, int) else 0),
        amount_formula="" if amount is None or isinstance(amount, int) else _formula_text(amount),
        conditions=e.conditions,
        hexes=tuple((h[0], h[1]) for h in e.hexes),
        figures=e.figures or "all",
        stats=tuple(sorted(e.stats.items())),
        overlay=e.overlay or "",
        trap=trap,
        text=e.text or "",
    )


def scenario_spec(pack: m.PackModel, scn: m.Scenario) -> ScenarioSpec:
    smap = pack.scenario_map(scn)
    if smap.unresolved:
        tiles = ", ".join(f"{p.tile} ({p.side})" for p in smap.unresolved)
        raise ValueError(f"its map tiles do not resolve: {tiles} (run questforge validate)")
    walls = frozenset(frozenset((a, b)) for a, b in smap.walls)
    rooms = {rid: frozenset(hexes) for rid, hexes in smap.room_hexes.items()}
    doors = []
    for d in scn.doors:
        touched = sorted(smap.door_rooms(d)) or list(d.rooms)
        pair = (list(d.rooms) + touched + touched)[:2] if len(d.rooms) < 2 else list(d.rooms)[:2]
        doors.append(DoorSpec((d.hex[0], d.hex[1]), (pair[0], pair[1]), d.locked, d.id))
    traps: dict[Hex, TrapSpec] = {}
    obstacles: dict[Hex, str] = {}
    hazardous: set[Hex] = set()
    difficult: set[Hex] = set()
    treasures: dict[Hex, str] = {}
    coins: dict[Hex, int] = {}
    plates: dict[Hex, str] = {}
    overlay_ids: dict[str, tuple[str, tuple[Hex, ...]]] = {}
    for i, o in enumerate(scn.overlays):
        hexes = tuple((h[0], h[1]) for h in o.hexes)
        if o.id:
            overlay_ids[o.id] = (o.type, hexes)
        for h in hexes:
            if o.type == "trap":
                traps[h] = TrapSpec(o.damage, o.conditions)
            elif o.type == "obstacle":
                obstacles[h] = _formula_text(o.health)
            elif o.type == "hazardous":
                hazardous.add(h)
            elif o.type == "difficult":
                difficult.add(h)
            elif o.type == "treasure":
                treasures[h] = str(o.number if o.number is not None else i)
            elif o.type == "coin":
                coins[h] = coins.get(h, 0) + o.count
            elif o.type == "pressure-plate":
                plates[h] = o.id or f"plate-{i}"

    def room_of(h: Hex) -> str:
        return smap.room_of.get(h) or scn.starting_room

    placements: list[Placement] = []
    for mp in scn.monsters:
        h = (mp.hex[0], mp.hex[1])
        placements.append(Placement(_local(mp.monster), h, room_of(h), _players(mp.players)))
    for nm in scn.named_monsters:
        h = (nm.hex[0], nm.hex[1])
        by = _players(nm.players)
        by = {k: ("none" if v == "none" else nm.rank) for k, v in by.items()}
        placements.append(
            Placement(
                _local(nm.monster),
                h,
                room_of(h),
                by,
                named=nm.id,
                health_formula=_formula_text(nm.health),
                name=str(getattr(nm, "name", "") or ""),
            )
        )
    for bp in scn.bosses:
        h = (bp.hex[0], bp.hex[1])
        placements.append(
            Placement(
                _local(bp.boss), h, room_of(h), {2: "normal", 3: "normal", 4: "normal"}, named=bp.id
            )
        )
    rules = list(_rules(scn.special_rules))
    for d in scn.doors:
        if d.locked and d.opens_when is not None:
            rules.append(
                RuleSpec(
                    _trigger(d.opens_when), (EffectSpec("open-door", d.id),), True, f"door:{d.id}"
                )
            )
    goals = tuple(
        Goal(
            w.type,
            targets=tuple(w.targets) + tuple(str(n) for n in w.numbers),
            hexes=tuple((h[0], h[1]) for h in w.hexes),
            rounds=w.rounds or 0,
            all_characters=w.all_characters,
        )
        for w in scn.win
    ) or (Goal("kill-all"),)
    losses = tuple(
        Goal(lo.type, targets=tuple(lo.targets), rounds=lo.rounds or 0) for lo in scn.loss
    )
    allies = tuple(
        AllySpec(
            a.id,
            a.name,
            (a.hex[0], a.hex[1]),
            room_of((a.hex[0], a.hex[1])),
            _formula_text(a.health),
            a.move,
            a.attack,
            a.initiative,
            range=a.range,
            shield=a.shield,
            retaliate=a.retaliate,
            flying=a.flying,
            players=frozenset(n for n in (2, 3, 4) if a.present(n)),
        )
        for a in scn.allies
    )
    return ScenarioSpec(
        id=scn.id,
        name=scn.name,
        hexes=frozenset((h[0], h[1]) for h in smap.hexes),
        thin_walls=walls,
        rooms=rooms,
        starting_room=scn.starting_room,
        doors=tuple(doors),
        starting_hexes=tuple((h[0], h[1]) for h in scn.starting_hexes),
        obstacles=obstacles,
        traps=traps,
        hazardous=frozenset(hazardous),
        difficult=frozenset(difficult),
        treasures=treasures,
        coins=coins,
        pressure_plates=plates,
        placements=tuple(placements),
        special_rules=tuple(rules),
        win=goals,
        loss=losses,
        overlay_ids=overlay_ids,
        allies=allies,
    )
