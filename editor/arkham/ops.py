"""Edits of an Arkham board document as JSON operations (Qt-free).

Each function reads the board's JSON and returns the operations that make one user edit:
``("set", path, value)``, ``("insert", list_path, index, value)`` or ``("remove",
list_path, index)``. The editor pushes them as one named undo command
(:func:`questforge.editor.arkham.board_editor.apply_ops`); scripts and tests can use them
without a window. Connections are kept symmetric (both sides listed), which is what the
checks QAH302 ask for.
"""

from __future__ import annotations

from typing import Any

Op = tuple[Any, ...]
J = dict[str, Any]

SECTIONS = ("locations", "streets", "other_worlds", "special_areas")


def find(board: J, ident: str) -> tuple[str, int] | None:
    """The section and index of area ``ident``."""
    for section in SECTIONS:
        for i, area in enumerate(board.get(section, ())):
            if area.get("id") == ident:
                return section, i
    return None


def new_id(board: J, base: str) -> str:
    taken = {a.get("id") for s in SECTIONS for a in board.get(s, ())}
    taken |= {n.get("id") for n in board.get("neighbourhoods", ())}
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def add_neighbourhood(board: J, name: str, colour: str) -> tuple[str, list[Op]]:
    ident = new_id(board, "neighbourhood")
    hoods = board.get("neighbourhoods", [])
    return ident, [
        ("insert", ("neighbourhoods",), len(hoods), {"id": ident, "name": name, "colour": colour})
    ]


def add_location(
    board: J, neighbourhood: str, x: float, y: float, unstable: bool = False
) -> tuple[str, list[Op]]:
    """A location of ``neighbourhood`` joined to its street if it has one."""
    ident = new_id(board, "location")
    street = next(
        (s["id"] for s in board.get("streets", ()) if s.get("neighbourhood") == neighbourhood), None
    )
    area = {
        "id": ident,
        "name": ident.replace("-", " ").title(),
        "position": [x, y],
        "neighbourhood": neighbourhood,
        "stability": "unstable" if unstable else "stable",
        "connects": [street] if street else [],
    }
    ops: list[Op] = [("insert", ("locations",), len(board.get("locations", [])), area)]
    if street:
        sec, i = find(board, street)  # type: ignore[misc]
        ops.append(("insert", (sec, i, "connects"), len(board[sec][i]["connects"]), ident))
    return ident, ops


def add_street(board: J, neighbourhood: str, x: float, y: float) -> tuple[str, list[Op]]:
    """The street of ``neighbourhood``, joined to its locations (arrows come later)."""
    ident = f"{neighbourhood}-streets"
    if find(board, ident) is not None:
        ident = new_id(board, f"{neighbourhood}-streets")
    locs = [
        (i, a)
        for i, a in enumerate(board.get("locations", ()))
        if a.get("neighbourhood") == neighbourhood
    ]
    area = {
        "id": ident,
        "name": f"{neighbourhood.replace('-', ' ').title()} Streets",
        "position": [x, y],
        "neighbourhood": neighbourhood,
        "connects": [a["id"] for _, a in locs],
    }
    ops: list[Op] = [("insert", ("streets",), len(board.get("streets", [])), area)]
    for i, a in locs:
        if ident not in a.get("connects", []):
            ops.append(("insert", ("locations", i, "connects"), len(a.get("connects", [])), ident))
    return ident, ops


def add_world(
    board: J, x: float, y: float, colours: list[str] | None = None
) -> tuple[str, list[Op]]:
    ident = new_id(board, "world")
    area = {
        "id": ident,
        "name": ident.replace("-", " ").title(),
        "position": [x, y],
        "colours": colours or ["blue", "red"],
    }
    return ident, [("insert", ("other_worlds",), len(board.get("other_worlds", [])), area)]


def move(board: J, ident: str, x: float, y: float) -> list[Op]:
    where = find(board, ident)
    if where is None:
        return []
    return [("set", (*where, "position"), [x, y])]


def connect(board: J, a: str, b: str) -> list[Op]:
    """Join two town areas both ways (nothing for worlds, special areas or a == b)."""
    wa, wb = find(board, a), find(board, b)
    if (
        a == b
        or wa is None
        or wb is None
        or wa[0] not in ("locations", "streets")
        or wb[0] not in ("locations", "streets")
    ):
        return []
    ops: list[Op] = []
    for (sec, i), other in ((wa, b), (wb, a)):
        links = board[sec][i].get("connects", [])
        if other not in links:
            ops.append(("insert", (sec, i, "connects"), len(links), other))
    return ops


def disconnect(board: J, a: str, b: str) -> list[Op]:
    ops: list[Op] = []
    for x, y in ((a, b), (b, a)):
        where = find(board, x)
        if where is None:
            continue
        links = board[where[0]][where[1]].get("connects", [])
        if y in links:
            ops.append(("remove", (*where, "connects"), links.index(y)))
    return ops


def set_arrow(board: J, street: str, colour: str, target: str) -> list[Op]:
    """The ``colour`` arrow of ``street`` leads to ``target`` (both must be streets)."""
    ws, wt = find(board, street), find(board, target)
    if ws is None or wt is None or ws[0] != "streets" or wt[0] != "streets" or street == target:
        return []
    arrows = board["streets"][ws[1]].get("arrows")
    if arrows is None:
        return [("set", ("streets", ws[1], "arrows"), {colour: target})]
    return [("set", ("streets", ws[1], "arrows", colour), target)]


def toggle_stability(board: J, ident: str) -> list[Op]:
    where = find(board, ident)
    if where is None or where[0] != "locations":
        return []
    now = board["locations"][where[1]].get("stability", "stable")
    return [
        ("set", ("locations", where[1], "stability"), "stable" if now == "unstable" else "unstable")
    ]


def remove(board: J, ident: str) -> list[Op]:
    """Delete an area and every connection and arrow naming it."""
    where = find(board, ident)
    if where is None:
        return []
    ops: list[Op] = []
    for section in ("locations", "streets"):
        for i, area in enumerate(board.get(section, ())):
            if ident in area.get("connects", []):
                ops.append(("remove", (section, i, "connects"), area["connects"].index(ident)))
    for i, street in enumerate(board.get("streets", ())):
        for colour, target in (street.get("arrows") or {}).items():
            if target == ident:
                ops.append(("delete", ("streets", i, "arrows", colour)))
    ops.append(("remove", (where[0],), where[1]))
    return ops


ROLES = (None, "hospital", "asylum", "jail")


def cycle_role(board: J, ident: str) -> list[Op]:
    """A location's role goes none -> hospital -> asylum -> jail -> none."""
    where = find(board, ident)
    if where is None or where[0] != "locations":
        return []
    area = board["locations"][where[1]]
    now = area.get("role")
    nxt = ROLES[(ROLES.index(now) + 1) % len(ROLES)] if now in ROLES else None
    if nxt is None:
        return [("delete", ("locations", where[1], "role"))] if "role" in area else []
    return [("set", ("locations", where[1], "role"), nxt)]


def add_special_areas(board: J, x: float, y: float) -> list[Op]:
    """The Sky, the Outskirts and Lost in Time and Space, where the board lacks them."""
    have = {a.get("role") for a in board.get("special_areas", ())}
    ops: list[Op] = []
    n = len(board.get("special_areas", []))
    for k, (role, ident, name) in enumerate(
        (
            ("sky", "sky", "The Sky"),
            ("outskirts", "outskirts", "The Outskirts"),
            ("lost-in-time-and-space", "lost", "Lost in Time and Space"),
        )
    ):
        if role in have:
            continue
        if find(board, ident) is not None:
            ident = new_id(board, ident)
        area = {"id": ident, "name": name, "role": role, "position": [x, y + 60 * k]}
        ops.append(("insert", ("special_areas",), n, area))
        n += 1
    return ops
