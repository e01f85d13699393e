"""Small hand-built content for tests, examples and the engine's own benchmarks.

Rule tests need tiny, explicit boards ("a corridor of five hexes with a trap in the
middle"), not a whole pack. These helpers make such content in a few lines; everything
they build is ordinary :mod:`.spec` data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AbilityCard,
    Action,
    ClassSpec,
    Content,
    DoorSpec,
    Goal,
    Hex,
    ModifierCard,
    MonsterAbilityCardSpec,
    MonsterStats,
    MonsterTypeSpec,
    Placement,
    ScenarioSpec,
    SpawnSpec,
    TrapSpec,
    standard_modifier_deck,
)


def line(q0: int, q1: int, r: int = 0) -> list[Hex]:
    """Hexes (q, r) for q in q0..q1: a straight corridor."""
    return [(q, r) for q in range(q0, q1 + 1)]


def disc(center: Hex, radius: int) -> list[Hex]:
    out = []
    cq, cr = center
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append((cq + dq, cr + dr))
    return out


def simple_card(
    cid: str,
    initiative: int,
    top: Sequence[Ability] = (Ability("attack", 3),),
    bottom: Sequence[Ability] = (Ability("move", 3),),
    *,
    top_lost: bool = False,
    bottom_lost: bool = False,
    level: int | str = 1,
    top_xp: int = 0,
) -> AbilityCard:
    return AbilityCard(
        cid,
        cid,
        level,
        initiative,
        Action(tuple(top), lost=top_lost, xp=top_xp),
        Action(tuple(bottom), lost=bottom_lost),
    )


def simple_class(
    cid: str,
    initiatives: Sequence[int] = (10, 20, 30, 40, 50, 60, 70, 80),
    health: int = 10,
    cards: Sequence[AbilityCard] | None = None,
    modifier_deck: Sequence[ModifierCard] | None = None,
) -> ClassSpec:
    """A class whose cards all read "Attack 3 / Move 3" unless ``cards`` is given."""
    if cards is None:
        cards = [simple_card(f"{cid}-{i + 1}", ini) for i, ini in enumerate(initiatives)]
    return ClassSpec(
        cid,
        cid.title(),
        tuple(health for _ in range(9)),
        len(cards),
        tuple(cards),
        tuple(modifier_deck) if modifier_deck is not None else standard_modifier_deck(f"{cid}:"),
    )


def simple_monster(
    mid: str,
    health: int = 5,
    move: int = 2,
    attack: int = 2,
    range_: int = 0,
    deck: str = "",
    standees: int = 6,
    **extra: object,
) -> MonsterTypeSpec:
    """Same stats at every level; elites have +2 health and +1 attack."""
    normal = MonsterStats(health, move, attack, range_, **extra)  # type: ignore[arg-type]
    elite = MonsterStats(health + 2, move, attack + 1, range_, **extra)  # type: ignore[arg-type]
    stats = {lvl: {"normal": normal, "elite": elite} for lvl in range(8)}
    return MonsterTypeSpec(mid, mid.title(), deck or mid, standees, stats)


def simple_deck(
    deck_id: str, initiative: int = 50, abilities: Sequence[Ability] | None = None
) -> tuple[MonsterAbilityCardSpec, ...]:
    """A deck of 8 identical cards "Move +0, Attack +0" (or ``abilities``)."""
    abs_ = tuple(abilities) if abilities is not None else (Ability("move", 0), Ability("attack", 0))
    return tuple(
        MonsterAbilityCardSpec(f"{deck_id}-{i}", initiative, abs_, shuffle=(i == 7))
        for i in range(8)
    )


def scenario(
    sid: str,
    rooms: Mapping[str, Iterable[Hex]],
    start_hexes: Sequence[Hex],
    *,
    start_room: str | None = None,
    doors: Sequence[DoorSpec] = (),
    monsters: Sequence[tuple[str, Hex, str | Mapping[int, str]]] = (),
    traps: Mapping[Hex, TrapSpec] | None = None,
    obstacles: Mapping[Hex, str] | None = None,
    hazardous: Iterable[Hex] = (),
    difficult: Iterable[Hex] = (),
    treasures: Mapping[Hex, str] | None = None,
    coins: Mapping[Hex, int] | None = None,
    thin_walls: Iterable[tuple[Hex, Hex]] = (),
    goals: Sequence[Goal] = (Goal("kill-all"),),
    losses: Sequence[Goal] = (),
    spawns: Sequence[SpawnSpec] = (),
    pressure_plates: Mapping[Hex, str] | None = None,
    plate_opens: Mapping[str, tuple[Hex, ...]] | None = None,
    named: Mapping[Hex, tuple[str, str]] | None = None,
) -> ScenarioSpec:
    """``monsters``: (type, hex, "normal"/"elite" for every player count, or a per-count
    mapping). The room of each monster is looked up from ``rooms``."""
    room_sets = {k: frozenset(v) for k, v in rooms.items()}
    hexes = frozenset(h for hs in room_sets.values() for h in hs) | {d.hex for d in doors}

    def room_of(h: Hex) -> str:
        for k, v in room_sets.items():
            if h in v:
                return k
        raise ValueError(f"monster hex {h} is in no room")

    placements = []
    for mid, h, kind in monsters:
        by = {2: kind, 3: kind, 4: kind} if isinstance(kind, str) else dict(kind)
        nm, formula = (named or {}).get(h, ("", ""))
        placements.append(Placement(mid, h, room_of(h), by, named=nm, health_formula=formula))
    return ScenarioSpec(
        id=sid,
        name=sid,
        hexes=hexes,
        thin_walls=frozenset(frozenset(w) for w in thin_walls),
        rooms=room_sets,
        start_room=start_room or next(iter(room_sets)),
        doors=tuple(doors),
        start_hexes=tuple(start_hexes),
        obstacles=dict(obstacles or {}),
        traps=dict(traps or {}),
        hazardous=frozenset(hazardous),
        difficult=frozenset(difficult),
        treasures=dict(treasures or {}),
        coins=dict(coins or {}),
        pressure_plates=dict(pressure_plates or {}),
        placements=tuple(placements),
        spawns=tuple(spawns),
        goals=tuple(goals),
        losses=tuple(losses),
        plate_opens=dict(plate_opens or {}),
    )


def content(
    scenarios: Sequence[ScenarioSpec],
    classes: Sequence[ClassSpec] = (),
    monsters: Sequence[MonsterTypeSpec] = (),
    decks: Mapping[str, tuple[MonsterAbilityCardSpec, ...]] | None = None,
    monster_modifiers: Sequence[ModifierCard] | None = None,
) -> Content:
    classes = list(classes) or [simple_class("alpha"), simple_class("beta")]
    monsters = list(monsters) or [simple_monster("grunt")]
    all_decks = dict(decks or {})
    for m in monsters:
        all_decks.setdefault(m.deck, simple_deck(m.deck))
    return Content(
        classes={c.id: c for c in classes},
        monsters={m.id: m for m in monsters},
        monster_decks=all_decks,
        monster_modifier_deck=tuple(monster_modifiers)
        if monster_modifiers is not None
        else standard_modifier_deck("monster:"),
        scenarios={s.id: s for s in scenarios},
        pack_id="test",
        pack_version="0",
    )
