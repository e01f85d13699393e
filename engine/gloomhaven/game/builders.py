"""Small hand-built content for tests, examples and the engine's own benchmarks.

Rule tests need tiny, explicit boards ("a corridor of five hexes with a trap in the
middle"), not a whole pack. These helpers make such content in a few lines; everything
they build is ordinary :mod:`.spec` data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

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
    RuleSpec,
    ScenarioSpec,
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
    rules: Sequence[RuleSpec] = (),
    pressure_plates: Mapping[Hex, str] | None = None,
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
        starting_room=start_room or next(iter(room_sets)),
        doors=tuple(doors),
        starting_hexes=tuple(start_hexes),
        obstacles=dict(obstacles or {}),
        traps=dict(traps or {}),
        hazardous=frozenset(hazardous),
        difficult=frozenset(difficult),
        treasures=dict(treasures or {}),
        coins=dict(coins or {}),
        pressure_plates=dict(pressure_plates or {}),
        placements=tuple(placements),
        special_rules=tuple(rules),
        win=tuple(goals),
        loss=tuple(losses),
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


def new_game(
    content_: Content,
    scenario_id: str,
    characters: Sequence[str] = ("alpha", "beta"),
    *,
    level: int = 1,
    seed: int | str = 0,
    answers: Sequence[object] = (),
    start: bool = True,
    controller: Any = None,
    **setup: object,
) -> Any:
    """A :class:`~.game.Game` whose decisions come from ``answers`` (indexes or
    ``{"option": ...}``), then the first option; set up (``start``) but no round played."""
    from questforge.engine.core.decisions import FirstOptionController, ScriptedController
    from questforge.engine.gloomhaven.game.game import Game
    from questforge.engine.gloomhaven.game.setup import Setup

    game = Game(
        content_,
        Setup(scenario_id, tuple(characters), level, **setup),  # type: ignore[arg-type]
        seed,
        controller or ScriptedController(list(answers), fallback=FirstOptionController()),  # type: ignore[arg-type]
    )
    if start:
        game.start()
    return game


def stack(deck: Any, top_first: Sequence[str]) -> None:
    """Put ``top_first`` on top of a :class:`~questforge.engine.core.decks.Deck`, the first
    id drawn first (the rest of the deck stays below)."""
    rest = [c for c in deck.draw_pile if c not in top_first]
    deck.draw_pile = rest + list(reversed(top_first))


class Policy:
    """A test controller: answers by decision kind (or ``(kind, actor)``).

    A rule is an option value (matched as JSON), a list of option values used one per
    decision (then the first option), or a function ``(decision) -> index``. Decisions
    without a rule get option 0. Every decision asked is kept in :attr:`asked`.
    """

    def __init__(self, rules: Mapping[object, object] | None = None) -> None:
        self.rules: dict[object, object] = dict(rules or {})
        self.asked: list[Any] = []

    def choose(self, decision: Any) -> int:
        from questforge.engine.core.events import to_jsonable

        self.asked.append(decision)
        rule = self.rules.get((decision.kind, decision.actor), self.rules.get(decision.kind))
        if rule is None:
            return 0
        if callable(rule):
            return int(rule(decision))
        if isinstance(rule, list):
            if not rule:
                return 0
            rule = rule.pop(0)
        wanted = to_jsonable(rule)
        for i, option in enumerate(decision.options):
            if to_jsonable(option) == wanted:
                return i
        raise AssertionError(
            f"policy option {wanted!r} not offered for {decision.kind!r}: {list(decision.options)!r}"
        )


def plan(lead: str, other: str) -> dict[str, list[str]]:
    """The ``plan`` option for two cards, ``lead`` leading."""
    return {"cards": [lead, other]}


LONG_REST = {"long_rest": True}
