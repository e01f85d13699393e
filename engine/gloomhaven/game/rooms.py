"""Doors and rooms: opening a door, revealing a room and placing its monsters and
allies, spawns, and the monsters' ability cards for the round (GH-DOOR, GH-ROOM,
GH-SPEC, GH-MABIL).

Part of the rules context: each function here is also a method of
:class:`~.rules.Rules` (``r.open_door(...)``), which is how the turn logic calls them.
"""

from __future__ import annotations

from questforge.engine.core.decks import Deck
from questforge.engine.core.hexgrid import distance
from questforge.engine.gloomhaven.game.board import nearest_empty
from questforge.engine.gloomhaven.game.scenario_effects import change_stats
from questforge.engine.gloomhaven.game.spec import (
    Hex,
)
from questforge.engine.gloomhaven.game.state import (
    Figure,
    FigureKind,
    MonsterType,
    Side,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from questforge.engine.gloomhaven.game.rules import Rules


def open_door(r: Rules, h: Hex, by: Figure | None) -> None:
    """GH-DOOR-01 / GH-ROOM-01: flip the door and reveal the room beyond."""
    st = r.state
    if h in st.open_doors:
        return
    st.open_doors.add(h)
    door = r.board.doors[h]
    r.emit("door_opened", hex=h, door=door.id, by=by.id if by else None)
    for room in door.rooms:
        if room not in st.revealed_rooms:
            r.reveal_room(room, by)
    r.fire("door-opened", door.id)


def reveal_room(r: Rules, room: str, by: Figure | None) -> None:
    """GH-ROOM-02/03/04, GH-SETUP-05/06/09: place the room's monsters for the player
    count with random standee numbers, then draw ability cards for new types."""
    st = r.state
    st.revealed_rooms.append(room)
    placements = [
        p
        for p in r.scenario.placements
        if p.room == room and p.players.get(st.players, "none") not in ("none", "absent")
    ]
    if by is not None:
        # GH-ROOM-03: when standees run short, the ones closest to the revealer first -
        # closest counted around walls (GH-REF-07's proximity, on the map the revealer
        # sees), then by the plain count and the hex for a fixed order
        board, here = r.board, by.hex
        placements.sort(
            key=lambda p: (
                board.proximity(st, here, p.hex, monsters_view=False),
                distance(p.hex, here),
                p.hex,
            )
        )
    placed = []
    for p in placements:
        f = r.place_monster(
            p.monster,
            p.hex,
            p.players[st.players] == "elite",
            named=p.named,
            health_formula=p.health_formula,
            drops_coin=True,
            acts_from=st.round,
        )
        if f is not None:
            placed.append(f.id)
    r.place_allies(room)
    r.emit("room_revealed", room=room, by=by.id if by else None, monsters=placed)
    if st.phase == "turns":
        r.draw_missing_ability_cards()  # GH-ROOM-04
    r.fire("room-revealed", room)
    r.check_state_triggers()  # a room revealed empty is already cleared


def place_allies(r: Rules, room: str) -> None:
    """GH-SPEC-06: the allies of a revealed room, each with a numbered token drawn at
    random (the numbers order allies that share an initiative); a figure already on the
    hex moves the ally to the nearest empty hex (GH-SPEC-01's reading)."""
    st = r.state
    allies = [a for a in r.scenario.allies if a.room == room and st.players in a.players]
    if not allies:
        return
    taken = {f.standee for f in st.figures.values() if f.kind == "ally"}
    free = [n for n in range(1, len(r.scenario.allies) + 1) if n not in taken]
    for a in allies:
        number = free.pop(st.rng.randbelow(len(free)))
        where: Hex | None = a.hex
        if st.figure_at(a.hex) is not None:
            where = nearest_empty(r.board, st, a.hex)
        if where is None:
            continue
        hp = r.formula(a.health_formula, st.level, st.players)
        st.figures[a.id] = Figure(
            id=a.id,
            kind=FigureKind.ALLY,
            side=Side.PARTY,
            hex=where,
            hp=hp,
            max_hp=hp,
            standee=number,
            named=a.id,
            flying=a.flying,
            appeared_round=st.round,
            acts_from_round=st.round,
            move=a.move,
            attack=a.attack,
            range=a.range,
            base_shield=a.shield,
            base_retaliate=a.retaliate,
        )
        r.emit("ally_placed", figure=a.id, name=a.name, token=number, hex=where, hp=hp)


def ally_initiative(r: Rules, f: Figure) -> int:
    """An ally's initiative (GH-SPEC-06): fixed by the scenario."""
    for a in r.scenario.allies:
        if a.id == f.id:
            return a.initiative
    return 99


def place_monster(
    r: Rules,
    monster: str,
    hex_: Hex,
    elite: bool,
    *,
    named: str = "",
    health_formula: str = "",
    drops_coin: bool,
    acts_from: int,
) -> Figure | None:
    """Put a standee on the map (random free standee number, GH-SETUP-06)."""
    st = r.state
    spec = r.content.monsters[monster]
    mt = st.monster_types.get(monster)
    if mt is None:
        mt = MonsterType(monster, spec.deck, free_standees=list(range(1, spec.standees + 1)))
        st.monster_types[monster] = mt
        if spec.deck not in st.ability_decks:
            deck: Deck[str] = Deck(c.id for c in r.content.monster_decks[spec.deck])
            deck.shuffle(st.rng)
            st.ability_decks[spec.deck] = deck
    if not mt.free_standees:
        r.emit("no_standee", monster=monster, hex=hex_)
        return None
    number = mt.free_standees.pop(st.rng.randbelow(len(mt.free_standees)))
    stats = r.stats_line(monster, elite)
    hp = stats.health
    if health_formula:
        # GH-SPEC-08: L is the level monsters play at (the solo variant's +1 included)
        hp = r.formula(health_formula, r.monster_level, st.players)
    f = Figure(
        id=f"{monster}-{number}",
        kind=FigureKind.MONSTER,
        side=Side.MONSTERS,
        hex=hex_,
        hp=hp,
        max_hp=hp,
        monster_type=monster,
        elite=elite and not named and not spec.boss,
        stat_elite=elite,
        standee=number,
        named=named,
        boss=spec.boss,
        flying=stats.flying,
        # GH-ATK-11: every monster placed by room setup drops a money token, named
        # monsters and bosses included (the rule has no exception; only summoned and
        # spawned monsters do not, GH-MOTH-04, GH-SPEC-01)
        drops_coin=drops_coin,
        appeared_round=st.round,
        acts_from_round=acts_from,
        move=stats.move,
        attack=stats.attack,
        range=stats.range,
        pierce=stats.pierce,
        base_shield=stats.shield,
        base_retaliate=stats.retaliate,
        base_retaliate_range=stats.retaliate_range,
        attack_conditions=stats.attack_conditions,
        immunities=stats.immunities,
    )
    st.figures[f.id] = f
    st.cleared_rooms.discard(r.board.room_of.get(hex_, ""))  # room-cleared can fire again
    if mt.acted and acts_from <= st.round:
        # GH-ROOM-05 / GH-SPEC-02: revealed or spawned after its type acted this round,
        # the monster still acts this round - its type's initiative has passed, so as
        # soon as the current turn ends (Order.next_actor); the others do not act again
        mt.acted = False
    for key in (f"type:{monster}", f"named:{named}" if named else ""):
        if key in st.stat_changes:
            change_stats(f, st.stat_changes[key])
    r.emit(
        "monster_placed",
        figure=f.id,
        monster=monster,
        elite=f.elite,
        standee=number,
        hex=hex_,
        hp=hp,
        named=named,
    )
    return f


def draw_missing_ability_cards(r: Rules) -> None:
    """GH-MABIL-01 / GH-ROOM-04: one card per type on the board that has none yet."""
    st = r.state
    for mt in st.monster_types.values():
        if mt.card or not any(
            f.monster_type == mt.id for f in st.figures.values() if f.kind == "monster"
        ):
            continue
        drawn = r.monster_type_card_this_round(mt.deck_id)
        if drawn is None:
            deck = st.ability_decks[mt.deck_id]
            if not deck.draw_pile:
                # an empty ability deck is reshuffled from its discards (as GH-AMD-09 for
                # modifier decks); the log says so
                r.emit("ability_deck_shuffled", deck=mt.deck_id)
            drawn = deck.draw(st.rng)
            r.emit("monster_card_drawn", deck=mt.deck_id, card=drawn, monster=mt.id)
        mt.card = drawn


def monster_type_card_this_round(r: Rules, deck_id: str) -> str | None:
    """Types sharing a deck (GH-MABIL-03) share this round's card."""
    for mt in r.state.monster_types.values():
        if mt.deck_id == deck_id and mt.card:
            return mt.card
    return None


def spawn(r: Rules, monster: str, hex_: Hex, kind: str) -> None:
    """GH-SPEC-01/02: at the hex or the nearest empty one. A monster spawned during a
    round - a round-start trigger included, the round has begun - acts as if just
    revealed: its type draws an ability card (now, or with the others after card
    selection) and acts in initiative order, at once if its initiative has passed
    (GH-ROOM-04/05). Only a spawn at the end of a round waits for the next round."""
    st = r.state
    if kind in ("none", "absent"):
        return
    target: Hex | None = hex_
    if not r.board.in_play(st, hex_) or st.figure_at(hex_) is not None:
        target = nearest_empty(r.board, st, hex_)
    if target is None:
        r.emit("spawn_failed", monster=monster, hex=hex_)
        return
    during = st.phase != "end-of-round"
    f = r.place_monster(
        monster,
        target,
        kind == "elite",
        drops_coin=False,
        acts_from=st.round if during else st.round + 1,
    )
    if f is not None:
        r.emit("spawned", figure=f.id, hex=target)
        if st.phase == "turns":
            r.draw_missing_ability_cards()  # GH-ROOM-04
