"""Monster turns and character-summon turns, driven by the monster-AI solver.

Every move and attack asks :func:`questforge.engine.gloomhaven.ai.solve` with the current
state converted to a :class:`~questforge.engine.gloomhaven.ai.Situation`; when the solver
returns several equally valid options the "monsters" controller chooses (GH-AMBIG-01).

Rules: GH-MORD-01..03, GH-MABIL-04, GH-MMOVE, GH-MATK, GH-MOTH, GH-ELEM-09, GH-SUMM-06,
GH-BOSS-02, GH-FOCUS-06.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from questforge.engine.core.events import JSONValue
from questforge.engine.core.hexgrid import Hex as GridHex
from questforge.engine.core.hexgrid import distance
from questforge.engine.gloomhaven.ai import (
    ActiveMonster,
    AoePattern,
    Option,
    Situation,
    SituationFigure,
    solve,
)
from questforge.engine.gloomhaven.ai.situation import useful_range
from questforge.engine.gloomhaven.game.attacks import (
    AttackParams,
    added_target_params,
    resolve_attack,
)
from questforge.engine.gloomhaven.game.board import empty_of_tokens, find_routes
from questforge.engine.gloomhaven.game.character_turn import (
    add_consume,
    affected_pool,
    end_of_turn,
    start_of_turn,
)
from questforge.engine.gloomhaven.game.names import figure_name
from questforge.engine.gloomhaven.game.rules import Rules
from questforge.engine.gloomhaven.game.spec import (
    ANY_ELEMENT,
    Ability,
    Hex,
    MonsterAbilityCardSpec,
    TrapSpec,
)
from questforge.engine.gloomhaven.game.state import Figure, MonsterType

MONSTERS_ACTOR = "monsters"

#: GH-SUMM-06: a summon acts as if holding "Move +0, Attack +0"
SUMMON_CARD = MonsterAbilityCardSpec("summon", 0, (Ability("move", 0), Ability("attack", 0)))


@dataclass(slots=True)
class TypeTurn:
    """What the monsters of one type share during its activation (GH-MOTH-06)."""

    card: MonsterAbilityCardSpec
    #: (ability index, consume index) -> consumed elements (benefit for every monster)
    consumed: dict[tuple[int, int], bool] = field(default_factory=dict)


def ability_card(r: Rules, mt: MonsterType) -> MonsterAbilityCardSpec:
    """This round's ability card of the type (looked up once per deck and card: the
    initiative order asks for it after every turn)."""
    key = (mt.deck_id, mt.card)
    got = r.ability_cards.get(key)
    if got is None:
        for c in r.content.monster_decks[mt.deck_id]:
            if c.id == mt.card:
                got = r.ability_cards[key] = c
                break
        else:
            raise KeyError(f"ability card {mt.card!r} not in deck {mt.deck_id!r}")
    return got


def initiative_of_type(r: Rules, mt: MonsterType) -> int:
    return ability_card(r, mt).initiative if mt.card else 99


def monster_type_turn(r: Rules, mt: MonsterType) -> None:
    """Every monster of the type acts (see :func:`monster_type_turns`)."""
    for _ in monster_type_turns(r, mt):
        pass


def monster_type_turns(r: Rules, mt: MonsterType) -> Iterator[str]:
    """GH-INIT-03, GH-MORD-02/03: elites (and named monsters) first, then normals, each by
    standee number; yields each monster's id after its turn (the step API's boundary).

    Only monsters that have not acted this round act: a type activates again in the same
    round for monsters revealed (GH-ROOM-05) or spawned (GH-SPEC-02) after it acted
    (:func:`~.rooms.place_monster` reopens it), and those monsters alone take a turn."""
    st = r.state
    card = ability_card(r, mt)
    r.emit("monster_type_turn", monster=mt.id, card=card.id, initiative=card.initiative)
    shared = TypeTurn(card)
    order = sorted(
        (f for f in st.figures.values() if f.kind == "monster" and f.monster_type == mt.id),
        key=lambda f: (not (f.elite or f.named), f.standee),
    )
    mt.acted = True
    for m in order:
        if m.id not in st.figures or m.acts_from_round > st.round or m.acted_round == st.round:
            continue
        m.acted_round = st.round
        figure_turn(r, m, shared)
        if st.lost_game:
            return
        yield m.id


def ally_turn(r: Rules, a: Figure) -> None:
    """GH-SPEC-06: an allied figure acts like a character summon, "Move +0, Attack +0" by
    the monster-AI rules against the monsters (the scenario gives its stats)."""
    if a.acts_from_round > r.state.round:
        return
    figure_turn(r, a, TypeTurn(SUMMON_CARD))


def summon_turn(r: Rules, s: Figure) -> None:
    """GH-SUMM-05/06/07."""
    if s.acts_from_round > r.state.round:
        return
    figure_turn(r, s, TypeTurn(SUMMON_CARD))


def figure_turn(r: Rules, m: Figure, shared: TypeTurn) -> None:
    st = r.state
    start_of_turn(r, m)
    if m.id not in st.figures:
        return
    if "stun" in m.conditions:
        r.emit("stunned", figure=m.id)  # GH-COND-07
    else:
        abilities = list(shared.card.abilities)
        i = 0
        plan: Option | None = None
        while i < len(abilities) and m.id in st.figures:
            ab = _boost(r, m, shared, i, abilities[i])
            if ab.type == "special":
                spec = r.content.monsters[m.monster_type]
                extra = spec.special_actions.get(ab.number, ())
                r.emit("boss_special", figure=m.id, special=ab.number)  # GH-BOSS-02
                abilities[i + 1 : i + 1] = list(extra)
                i += 1
                continue
            upcoming = (
                [_preview(r, shared, j, abilities[j]) for j in range(i + 1, len(abilities))]
                if ab.type == "move"
                else []
            )
            plan = _perform(r, m, ab, upcoming, plan)
            i += 1
    end_of_turn(r, m, None)


def _boost(r: Rules, m: Figure, shared: TypeTurn, index: int, ab: Ability) -> Ability:
    """GH-ELEM-09 / GH-MOTH-06: a monster always consumes what it can; every monster of
    the type then gets the bonus.

    Reading (issue 14): the consumption belongs to the *card*, not to the ability's
    success, so a monster with no focus (GH-FOCUS-06: it neither moves nor attacks) or a
    disarmed one still consumes the element of the ability it reaches in its card's order.
    The rulebook words it without exception ("always consumes an element when it can",
    "if a monster card can consume an element ... the element is consumed"); a stunned
    monster performs no ability at all (GH-COND-07), so it consumes nothing."""
    for k, c in enumerate(ab.consume):
        key = (index, k)
        if key not in shared.consumed:
            elements: list[str] = []
            ok = True
            for e in c.elements:
                if e == ANY_ELEMENT:
                    pick = r.choose_any_element(MONSTERS_ACTOR, consumable=True)
                    if pick is None or pick in elements:
                        ok = False
                        break
                    elements.append(pick)
                elif r.element_available(e):
                    elements.append(e)
                else:
                    ok = False
                    break
            if ok:
                for e in elements:
                    r.consume_element(e, m.id)
            shared.consumed[key] = ok
        if shared.consumed[key]:
            ab = add_consume(ab, c)
            for extra in c.abilities:
                _perform(r, m, extra, [], None)
    return ab


def with_formula(r: Rules, ab: Ability) -> Ability:
    """An ability whose value is a formula in L and C, evaluated for this game (the
    monster level as L, the number of characters as C; GH-SPEC-08)."""
    if not ab.value_formula:
        return ab
    value = r.formula(ab.value_formula, r.monster_level, r.state.players)
    return replace(ab, value=value, value_formula="")


def _preview(r: Rules, shared: TypeTurn, index: int, ab: Ability) -> Ability:
    """The ability as it will be performed, for planning the move before it: consumes
    already made by the type, or possible now, count (GH-ELEM-09, GH-MMOVE-05/06); nothing
    is consumed here."""
    ab = with_formula(r, ab)
    for k, c in enumerate(ab.consume):
        done = shared.consumed.get((index, k))
        if done is None:
            done = all(e == ANY_ELEMENT or r.element_available(e) for e in c.elements)
        if done:
            ab = add_consume(ab, c)
    return ab


def _attack_shape(r: Rules, m: Figure, ab: Ability) -> tuple[int, int, AoePattern | None]:
    """(range, targets, aoe) of an attack ability for the solver. On a monster card the
    range modifies the stat card's range, and no range means the base range (GH-MATK-05,
    GH-MOTH-02; the content schema writes card ranges as modifiers, e.g. -1)."""
    rng = max(0, m.range + (ab.range or 0))
    aoe = None
    if ab.aoe is not None:
        aoe = AoePattern(ab.aoe.melee, tuple(GridHex(q, r_) for q, r_ in ab.aoe.hexes))
        if ab.aoe.melee:
            rng = 0
    targets = max(ab.targets, 1)
    if m.kind == "monster":
        stats = r.monster_stats(m)
        targets = max(targets, stats.targets)
    return rng, targets, aoe


def situation_for(
    r: Rules, m: Figure, move: int, rng: int, targets: int, aoe: AoePattern | None, jump: bool
) -> Situation:
    """Convert the game state to the solver's frozen moment. Closed doors and unrevealed
    rooms are left out of the board: they are walls to monsters and summons (GH-DOOR-03)."""
    st = r.state
    hexes, walls = r.board.monster_view(st)
    # the board's own GridHex objects for its hexes (a lookup, not a new named tuple each)
    grid = r.board.grid_hexes
    terrain: dict[GridHex, str] = {}
    for group, name in (
        (st.obstacles, "obstacle"),
        (st.difficult, "difficult"),
        (st.hazardous, "hazardous"),
        (st.traps, "trap"),
    ):
        for h in group:
            if h in hexes:  # a plain (q, r) equals its GridHex
                terrain[grid[h]] = name
    figures: list[SituationFigure] = []
    for f in st.figures.values():
        if f.id == m.id:
            continue
        at = grid.get(f.hex) or GridHex(*f.hex)
        if f.side != m.side:
            figures.append(
                SituationFigure(
                    at,
                    "character",
                    initiative=_initiative(r, f),
                    invisible="invisible" in f.conditions,
                    summon=f.kind == "summon",
                    name=_name(r, f),
                )
            )
        else:
            figures.append(SituationFigure(at, "monster", name=_name(r, f)))
    active = ActiveMonster(
        grid.get(m.hex) or GridHex(*m.hex),
        move=max(0, move),
        range=_useful_range(rng, hexes, aoe),  # same answer; cost bounded by the board
        targets=targets,
        flying=m.flying,
        jumping=jump,
        muddled="muddle" in m.conditions,
        aoe=aoe,
        name=figure_name(r.content, m),
    )
    return Situation(hexes, tuple(figures), active, terrain, walls, id=f"{m.id}@r{st.round}")


#: (attack range, monsters' map) -> :func:`useful_range` without an area: the map's extent
#: is measured once per map (a pass over all its hexes), not once per monster turn
_USEFUL: dict[tuple[int, frozenset[GridHex]], int] = {}


def _useful_range(rng: int, hexes: frozenset[GridHex], aoe: AoePattern | None) -> int:
    if aoe is not None or rng <= 0:
        return useful_range(rng, hexes, aoe)
    key = (rng, hexes)
    got = _USEFUL.get(key)
    if got is None:
        if len(_USEFUL) >= 256:
            _USEFUL.clear()
        got = _USEFUL[key] = useful_range(rng, hexes, None)
    return got


#: id(figure) -> (the figure, the content, its display name): a figure's name depends on
#: what it is (kind, type, elite, standee, named, owner), fixed for its life, and every
#: solver call names every figure; the figure is kept so its id stays its own
_NAMES: dict[int, tuple[Figure, object, str]] = {}


def _name(r: Rules, f: Figure) -> str:
    got = _NAMES.get(id(f))
    if got is None or got[0] is not f or got[1] is not r.content:
        if len(_NAMES) >= 4096:
            _NAMES.clear()
        got = _NAMES[id(f)] = (f, r.content, figure_name(r.content, f))
    return got[2]


def _initiative(r: Rules, f: Figure) -> int:
    """The initiative an enemy has for focus ties (GH-FOCUS-03)."""
    st = r.state
    if f.kind == "character":
        c = st.characters[f.id]
        return 99 if c.long_rest else c.initiative
    if f.kind == "summon":
        c = st.characters[f.owner]
        return 99 if c.long_rest else c.initiative
    if f.kind == "ally":
        return r.ally_initiative(f)
    mt = st.monster_types.get(f.monster_type)
    if mt is None or not mt.card:
        return 99
    return initiative_of_type(r, mt)


def _acting_key(r: Rules, f: Figure) -> tuple[int, int, int, int]:
    """When an enemy acts this round, for focus ties (GH-FOCUS-03), as the round's order
    (``rounds.Order``) has it: its initiative; on one number a character (with its
    summons) before an allied figure (GH-SPEC-06: the engine's reading, characters win
    ties, GH-INIT-05); then a character's other card (GH-INIT-04 breaks ties between
    players with it), a summon just before its summoner (GH-SUMM-05); allies by token."""
    if f.kind == "ally":
        return (_initiative(r, f), 1, f.standee, 0)
    st = r.state
    owner = st.characters.get(f.owner if f.kind == "summon" else f.id)
    second = 0
    if owner is not None and not owner.long_rest:
        second = owner.second_initiative
    return (_initiative(r, f), 0, second, 0 if f.kind == "summon" else 1)


def _first_acting_foci(r: Rules, options: Sequence[Option]) -> list[Option]:
    """The solver's options, keeping only those whose focus acts first when their foci
    differ: the solver ranks equally close enemies by initiative number (GH-FOCUS-03) and
    offers every focus tied on it; two characters leading with the same number still
    act in an order (GH-INIT-04: their other cards), so the one acting first has the
    lower initiative. A tie that remains (the players chose the order) stays theirs."""
    foci = {o.focus for o in options}
    if len(foci) < 2:
        return list(options)
    at = {f.hex: f for f in r.state.figures.values()}
    keys: dict[object, tuple[int, int, int, int]] = {}
    for h in foci:
        fig = at.get((h[0], h[1])) if h is not None else None
        keys[h] = _acting_key(r, fig) if fig is not None else (1000, 0, 0, 0)
    best = min(keys.values())
    return [o for o in options if keys[o.focus] == best]


def choose_option(r: Rules, m: Figure, sit: Situation) -> Option | None:
    # (the engine logs the explanation's rules and focus reason, never its candidates table)
    solution = solve(sit, geometry=r.board.geometry, candidates=False)
    if not solution.options:
        return None
    idx = 0
    candidates = _first_acting_foci(r, solution.options)
    if len(candidates) > 1:  # one option is no choice (``ask`` would not ask)
        options: list[JSONValue] = [o.to_json() for o in candidates]
        idx = r.ask(
            "monster_option",
            MONSTERS_ACTOR,
            options,
            {"figure": m.id, "rules": solution.explanation.rules},
            f"{m.id}: the rules allow several options",
        )
    chosen = candidates[idx]
    r.emit(
        "focus",
        figure=m.id,
        focus=list(chosen.focus) if chosen.focus is not None else None,
        destination=list(chosen.destination),
        attacks=[list(h) for h in chosen.attacks],
        options=len(solution.options),
        reason=solution.explanation.focus_reason,
        rules=solution.explanation.rules,
    )
    return chosen


def _perform(
    r: Rules, m: Figure, ab: Ability, rest: list[Ability], plan: Option | None
) -> Option | None:
    """Perform one monster ability; returns the move plan the next attack should use."""
    st = r.state
    ab = with_formula(r, ab)
    if ab.type == "move":
        if "immobilize" in m.conditions:  # GH-COND-05
            return None
        nxt = next((a for a in rest if a.type == "attack"), None)
        if nxt is not None and "disarm" not in m.conditions:
            rng, targets, aoe = _attack_shape(r, m, nxt)
        else:
            rng, targets, aoe = 0, 0, None  # GH-MMOVE-02: move as if for a melee attack
        move = m.move + ab.value
        opt = choose_option(r, m, situation_for(r, m, move, rng, targets, aoe, ab.jump))
        if opt is None:
            r.emit("no_focus", figure=m.id)  # GH-FOCUS-06
            return None
        dest: Hex = (opt.destination[0], opt.destination[1])
        if dest != m.hex:
            routes = find_routes(
                r.board,
                st,
                m.hex,
                max(0, move),
                m.side,
                jump=ab.jump,
                flying=m.flying,
                character=False,
                goal=dest,
            )
            route = routes.get(dest)
            if route is None:
                # the solver's cost model and the engine's agree on every known case; if
                # they ever differ, follow the solver with an unbounded path search
                route = find_routes(
                    r.board,
                    st,
                    m.hex,
                    999,
                    m.side,
                    jump=ab.jump,
                    flying=m.flying,
                    character=False,
                    goal=dest,
                ).get(dest)
            if route is None:
                raise RuntimeError(f"solver destination {dest} unreachable for {m.id}")
            r.walk(m, route, ab.jump)
        return opt
    if ab.type == "attack":
        if "disarm" in m.conditions:  # GH-COND-06
            return None
        rng, targets, aoe = _attack_shape(r, m, ab)
        if plan is not None and (plan.destination[0], plan.destination[1]) == m.hex:
            attacks = [(h[0], h[1]) for h in plan.attacks]
        else:
            opt = choose_option(r, m, situation_for(r, m, 0, rng, targets, aoe, False))
            attacks = [(h[0], h[1]) for h in opt.attacks] if opt is not None else []
        params = AttackParams(
            value=m.attack + ab.value,
            ranged=(rng > 0 and ab.aoe is None) or (ab.aoe is not None and not ab.aoe.melee),
            range=max(rng, 1),
            pierce=ab.pierce + m.pierce,
            push=ab.push,
            pull=ab.pull,
            conditions=ab.conditions,
            chooser=(
                MONSTERS_ACTOR
                if m.kind == "monster"
                else (m.owner if m.kind == "summon" else "players")
            ),
        )
        occupied = {f.hex: f for f in st.figures.values()}
        attacked: set[str] = set()
        added = 0
        for h in attacks:
            target = occupied.get(h)
            if target is None or target.side == m.side or m.id not in st.figures:
                continue
            attacked.add(target.id)
            added += resolve_attack(r, m, target, params)
        for _ in range(added):
            extra = _added_target(r, m, rng, attacked)
            if extra is None or m.id not in st.figures:
                break
            attacked.add(extra.id)
            resolve_attack(r, m, extra, added_target_params(params))
        return None
    if ab.type == "heal":
        _monster_heal(r, m, ab)
    elif ab.type in ("shield", "retaliate"):
        # GH-MOTH-05: bonuses last until the end of the round; on whom ``affects`` says
        # (itself unless the card names its allies, read as for a character's, GH-TURN-04)
        if ab.affects in ("", "self"):
            pool = [m]
        else:
            pool, one = affected_pool(r, m, ab)
            if one and len(pool) > 1:
                idx = r.ask(
                    "monster_condition_target",
                    MONSTERS_ACTOR,
                    [t.id for t in pool],
                    {"figure": m.id},
                )
                pool = [pool[idx]]
        for t in pool:
            if ab.type == "shield":
                t.shield += ab.value
            else:
                t.retaliate.append((ab.value, ab.range or 1))
            r.emit("bonus", figure=t.id, kind=ab.type, value=ab.value, by=m.id)
    elif ab.type == "infuse":
        for e in ab.elements:
            pick = r.choose_any_element(MONSTERS_ACTOR, consumable=False) if e == ANY_ELEMENT else e
            if pick:
                r.infuse_at_end_of_turn(pick)  # GH-MOTH-07
    elif ab.type == "summon" and ab.monster:
        _monster_summon(r, m, ab)
    elif ab.type == "loot" and m.kind == "monster":
        # a monster's loot takes the money tokens in range off the map (nobody gets them)
        play = r.board.play_set(st)
        for h in sorted(st.coins):
            if in_range(r, m.hex, h, ab.value) and h in play and r.board.visible(m.hex, h):
                n = st.coins.pop(h)
                r.emit("monster_loot", figure=m.id, hex=h, coins=n)
    elif ab.type == "trap":
        _monster_create_trap(r, m, ab)
    elif ab.type == "disarm":
        _monster_disarm(r, m, ab)
    elif ab.type == "condition":
        # GH-COND-14, GH-EFF-02: who a condition without an attack reaches, read as for a
        # character (``affects``; GH-TURN-04: "allies" are not the monster itself, and
        # "enemies" are the party, never its own allies), in range and in sight; one of
        # several ("ally", "self-or-ally") is the players' choice (GH-AMBIG-01)
        pool, one = affected_pool(r, m, ab)
        if one and len(pool) > 1:
            idx = r.ask(
                "monster_condition_target", MONSTERS_ACTOR, [t.id for t in pool], {"figure": m.id}
            )
            pool = [pool[idx]]
        for t in pool:
            for c in ab.conditions:
                if t.id in st.figures:
                    r.apply_condition(t, c, m.id)
    if ab.elements and ab.type != "infuse":
        for e in ab.elements:
            if e != ANY_ELEMENT:
                r.infuse_at_end_of_turn(e)
    return plan


def _added_target(r: Rules, m: Figure, rng: int, attacked: set[str]) -> Figure | None:
    """GH-EFF-06 for a monster (or summon): one more enemy within the attack's range (a
    melee attack: adjacent, not across a thin wall; ranged: in sight), not yet attacked,
    not invisible, chosen like an additional target (GH-MATK-03, GH-FOCUS-07): every such
    enemy is reached with no movement, so the nearest by proximity around walls
    (GH-REF-07), then the lowest initiative, a summon just before its summoner
    (GH-FOCUS-03); remaining ties are the players' (GH-AMBIG-01)."""
    reach = max(1, rng)
    pool = []
    for e in r.enemies_of(m):
        if e.id in attacked or "invisible" in e.conditions:
            continue
        d = distance(e.hex, m.hex)
        if not r.in_range(m, e.hex, reach):
            continue  # GH-REF-08
        if rng <= 1 and d == 1:
            if not r.board.melee_reach(m.hex, e.hex):
                continue
        elif not r.board.visible(m.hex, e.hex):
            continue
        pool.append(e)
    if not pool:
        return None

    def rank(e: Figure) -> tuple[int, int, int]:
        near = r.board.proximity(r.state, m.hex, e.hex)
        return (near, _initiative(r, e), 0 if e.kind == "summon" else 1)

    best = min(rank(e) for e in pool)
    tied = sorted((e for e in pool if rank(e) == best), key=lambda e: e.id)
    idx = r.ask("monster_add_target", MONSTERS_ACTOR, [e.id for e in tied], {"figure": m.id})
    return tied[idx]


def in_range(r: Rules, origin: Hex, h: Hex, rng: int) -> bool:
    """Whether ``h`` is within range ``rng`` of ``origin`` for a monster: hexes counted along
    the shortest path that does not cross a wall or thin wall (GH-REF-08; figures and terrain
    do not lengthen it), on the board as monsters see it (closed doors are walls,
    GH-DOOR-03), the measure the solver uses for attacks."""
    return r.board.within_range(r.state, origin, h, rng, monsters_view=True)


def _monster_heal(r: Rules, m: Figure, ab: Ability) -> None:
    """GH-MOTH-01/02: "Heal X" heals the monster itself or an ally within range, whichever
    has lost the most HP (ties: the players choose, GH-AMBIG-01). Without a stated range the
    monster's base range applies (GH-MOTH-02); a melee monster's "-" reaches adjacent
    hexes (GH-MSTAT-03). ``affects: self`` heals only itself, ``ally`` only an ally,
    ``allies`` / ``self-and-allies`` every ally in range (and itself)."""
    if ab.affects == "self":
        pool = [m]
    else:
        rng = ab.range if ab.range is not None else max(1, m.range)
        allies = [
            a
            for a in r.allies_of(m)
            if in_range(r, m.hex, a.hex, rng) and r.board.visible(m.hex, a.hex)
        ]
        if ab.affects in ("allies", "self-and-allies"):
            # every one of them (the schema's "all allies in range"), not the one that
            # lost most: GH-MOTH-01's choice is for a heal of one figure
            for t in allies if ab.affects == "allies" else [m, *allies]:
                r.heal(t, ab.value, m.id)
            return
        pool = allies if ab.affects == "ally" else [m, *allies]
    if not pool:
        return
    most = max(f.max_hp - f.hp for f in pool)
    best = sorted((f for f in pool if f.max_hp - f.hp == most), key=lambda f: f.id)
    idx = r.ask("monster_heal_target", MONSTERS_ACTOR, [f.id for f in best], {"figure": m.id})
    r.heal(best[idx], ab.value, m.id)


def _monster_create_trap(r: Rules, m: Figure, ab: Ability) -> None:
    """GH-TRAP-05 ("characters and monsters can create traps"): on an empty hex (no figure,
    token or overlay, not a closed door) within ``range`` (default adjacent) and in sight,
    as close to an enemy as possible - the placement rule of a monster summon
    (GH-MOTH-03); ties are the players' choice (GH-AMBIG-01). ``value`` damage (0 = none)
    and ``conditions``, like a character's trap."""
    st = r.state
    reach = 1 if ab.range is None else max(1, ab.range)
    occupied = r.occupied_hexes()
    hexes = [
        h
        for h in r.board.play_set(st)
        if h != m.hex
        and r.in_range(m, h, reach)
        and h not in occupied
        and empty_of_tokens(st, h)
        and not r.board.closed_door(st, h)
        and r.board.visible(m.hex, h)
    ]
    if not hexes:
        return
    closeness = _closeness_to_enemies(r, m)
    best_d = min(closeness(h) for h in hexes)
    best = sorted(h for h in hexes if closeness(h) == best_d)
    idx = r.ask("monster_trap_hex", MONSTERS_ACTOR, [list(h) for h in best], {"figure": m.id})
    r.create_trap(
        best[idx], TrapSpec(damage=ab.value > 0, conditions=ab.conditions, amount=ab.value), m
    )


def _monster_disarm(r: Rules, m: Figure, ab: Ability) -> None:
    """GH-TRAP-03 for a monster: up to ``targets`` traps within ``range`` (default
    adjacent) on the revealed map and in sight leave the map without their effect, the
    nearest first (then by hex: the rules give a monster no preference)."""
    st = r.state
    reach = 1 if ab.range is None else max(1, ab.range)
    play = r.board.play_set(st)
    hexes = sorted(
        (
            h
            for h in st.traps
            if r.in_range(m, h, reach) and h in play and r.board.visible(m.hex, h)
        ),
        key=lambda h: (distance(h, m.hex), h),
    )
    for h in hexes[: max(1, ab.targets)]:
        r.disarm_trap(h, m)


def _closeness_to_enemies(r: Rules, m: Figure) -> Callable[[Hex], int]:
    """How close a hex is to the nearest enemy of ``m``, for "as close to an enemy as
    possible" (GH-MOTH-03, and a monster's trap): proximity counted around walls, as the
    monsters count it (GH-REF-07; a hex behind a thin wall is not close)."""
    enemies = [e.hex for e in r.enemies_of(m)]
    board, st = r.board, r.state

    def closeness(h: Hex) -> int:
        return min((board.proximity(st, h, e) for e in enemies), default=0)

    return closeness


def _monster_summon(r: Rules, m: Figure, ab: Ability) -> None:
    """GH-MOTH-03/04: an empty adjacent hex, as close to an enemy as possible; no hex or
    no standee = no summon; the summon waits a round and drops no money."""
    spots = r.empty_adjacent(m.hex)
    if not spots:
        r.emit("summon_failed", figure=m.id, reason="no empty adjacent hex")
        return
    mt = r.state.monster_types.get(ab.monster)
    if mt is not None and not mt.free_standees:
        r.emit("summon_failed", figure=m.id, reason="no standee left")
        return

    closeness = _closeness_to_enemies(r, m)
    best_d = min(closeness(h) for h in spots)
    best = [h for h in spots if closeness(h) == best_d]
    idx = r.ask("monster_summon_hex", MONSTERS_ACTOR, [list(h) for h in best], {"figure": m.id})
    f = r.place_monster(
        ab.monster, best[idx], ab.rank == "elite", drops_coin=False, acts_from=r.state.round + 1
    )
    if f is not None:
        r.emit("monster_summoned", figure=f.id, by=m.id)


def current_situation(r: Rules, m: Figure) -> Situation:
    """The situation ``m`` faces with the first move/attack of its type's card this round
    (or "Move +0, Attack +0" for a summon, or without a card): for the editor's "why did it
    do that?" export."""
    card = SUMMON_CARD
    mt = r.state.monster_types.get(m.monster_type) if m.kind == "monster" else None
    if mt is not None and mt.card:
        card = ability_card(r, mt)
    move_ab = next((a for a in card.abilities if a.type == "move"), None)
    attack_ab = next((a for a in card.abilities if a.type == "attack"), None)
    move = m.move + move_ab.value if move_ab is not None else 0
    rng, targets, aoe = (0, 0, None) if attack_ab is None else _attack_shape(r, m, attack_ab)
    return situation_for(r, m, move, rng, targets, aoe, bool(move_ab and move_ab.jump))


def situation_to_json(sit: Situation) -> dict[str, JSONValue]:
    """A situation as the interchange format of ``SITUATION.md`` (``kind: situation``)."""
    a = sit.active
    return {
        "kind": "situation",
        "format": 1,
        "id": sit.id.replace("@", "-at-") or "situation",
        "description": sit.description or f"exported from a game: {a.name or 'monster'}",
        "orientation": sit.orientation,
        "map": {
            "hexes": [[h[0], h[1]] for h in sorted(sit.hexes)],
            "terrain": [{"hex": [h[0], h[1]], "type": t} for h, t in sorted(sit.terrain.items())],
            "thin_walls": [[[x[0], x[1]], [y[0], y[1]]] for x, y in sit.thin_walls],
        },
        "figures": [
            {
                "hex": [f.hex[0], f.hex[1]],
                "side": f.side,
                **({"initiative": f.initiative} if f.side == "character" else {}),
                **({"name": f.name} if f.name else {}),
            }
            for f in sit.figures
            if not f.invisible
        ],
        "active": {
            "hex": [a.hex[0], a.hex[1]],
            "move": a.move,
            "range": a.range,
            "targets": a.targets,
            "flying": a.flying,
            "jumping": a.jumping,
            "muddled": a.muddled,
            "aoe": None
            if a.aoe is None
            else {"melee": a.aoe.melee, "hexes": [[h[0], h[1]] for h in a.aoe.hexes]},
            **({"name": a.name} if a.name else {}),
        },
    }
