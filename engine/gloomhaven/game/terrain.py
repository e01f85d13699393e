"""What entering a hex does: traps sprung, created and disarmed, hazardous terrain,
doors opened on the way, a flying figure landing, walking a route (GH-TRAP,
GH-HAZ, GH-MOVE).

Part of the rules context: each function here is also a method of
:class:`~.rules.Rules` (``r.enter_hex(...)``), which is how the turn logic calls them.
"""

from __future__ import annotations

from questforge.engine.gloomhaven.game.board import Route, nearest_empty
from questforge.engine.gloomhaven.game.spec import (
    Hex,
    TrapSpec,
)
from questforge.engine.gloomhaven.game.state import (
    Figure,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from questforge.engine.gloomhaven.game.rules import Rules


def enter_hex(r: Rules, f: Figure, h: Hex, forced: bool, last: bool, ignore: bool) -> bool:
    """Move ``f`` one hex and resolve what entering it does. Returns False when the
    figure stopped existing (died on a trap) or must stop (a door opened)."""
    st = r.state
    f.hex = h
    trap = st.traps.get(h)
    triggers = not ignore or last
    if f.flying:
        # GH-MOVE-06 / GH-TRAP-01 / GH-HAZ-01: flying ignores traps and hazardous
        # terrain. The texts speak of flying *movement*; for a flying figure pushed or
        # pulled they are silent, and the published game's accepted ruling is that a
        # flying figure never springs them (flying is permanent, GH-MSTAT-04).
        triggers = False
    # a forced move's trap or hazard damage is the pusher's doing (its kill, its damage
    # dealt: battle goals, GH-BG-02); the cause stays the trap or the terrain
    by = (r.forced_by or "trap") if forced else "trap"
    if triggers and trap is not None:
        r.spring_trap(f, h, trap, by)
        if f.id not in st.figures:
            return False
    if triggers and h in st.hazardous:
        r.emit("hazard", figure=f.id, hex=h)
        source = (r.forced_by or "hazardous") if forced else "hazardous"
        r.suffer_damage(f, r.hazard_damage, source, "hazardous terrain")
        if f.id not in st.figures:
            return False
    if h in r.watched_hexes:
        r.fire("enter-hex", figure=f)
        if f.id not in st.figures:
            return False
    if f.kind == "character" and r.board.closed_door(st, h) and not forced:
        if r.board.door_locked(st, h):
            return True  # GH-SPEC-03: a locked door does not open
        r.open_door(h, f)
        return False
    return True


def spring_trap(r: Rules, f: Figure, h: Hex, trap: TrapSpec, source: str = "trap") -> None:
    """GH-TRAP-01/02/04: damage 2 + L and/or conditions, then the trap is removed.
    ``source``: whose doing it is (the pusher of a forced move, else the trap)."""
    del r.state.traps[h]
    r.emit("trap_sprung", figure=f.id, hex=h)
    if trap.damage:
        r.suffer_damage(f, trap.amount or r.trap_damage, source, "trap")
    if f.id in r.state.figures:
        for c in trap.conditions:
            r.apply_condition(f, c, source)


def disarm_trap(r: Rules, h: Hex, by: Figure) -> None:
    """GH-TRAP-03: the trap leaves the map without its effect."""
    del r.state.traps[h]
    r.emit("trap_disarmed", figure=by.id, hex=h)


def create_trap(r: Rules, h: Hex, trap: TrapSpec, by: Figure) -> None:
    """GH-TRAP-05: the creating ability sets the trap's effect (its damage and
    conditions are in the event, the tokens of the published game)."""
    r.state.traps[h] = trap
    r.emit(
        "trap_created",
        figure=by.id,
        hex=h,
        damage=(trap.amount or r.trap_damage) if trap.damage else 0,
        conditions=list(trap.conditions),
    )


def lose_flying(r: Rules, f: Figure) -> None:
    """GH-MOVE-07 / GH-OBST-02: call when ``f``'s flying ends (a flying move is over).
    On an obstacle hex it suffers trap damage (2 + L, GH-TRAP-04) and then moves at once
    to the nearest empty hex; elsewhere nothing happens. A figure that still flies
    (``f.flying``, permanent) never lands."""
    if f.flying or f.hex not in r.state.obstacles or f.id not in r.state.figures:
        return
    start = f.hex
    r.emit("flying_lost", figure=f.id, hex=start)
    r.suffer_damage(f, r.trap_damage, "obstacle", "lost flying on an obstacle")
    if f.id not in r.state.figures:
        return
    dest = nearest_empty(r.board, r.state, start)
    if dest is None:
        return
    f.hex = dest
    r.emit("move", figure=f.id, start=start, end=dest, path=[dest])


def walk(r: Rules, f: Figure, route: Route, jump: bool) -> None:
    """Perform a move along a route chosen with :func:`~.board.find_routes`."""
    start = f.hex
    for i, h in enumerate(route.path):
        last = i == len(route.path) - 1
        if not r.enter_hex(f, h, forced=False, last=last, ignore=jump):
            break
    if f.id in r.state.figures:
        r.emit("move", figure=f.id, start=start, end=f.hex, path=list(route.path))
