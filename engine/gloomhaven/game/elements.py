"""The elemental infusion table: available, consumed, infused at the end of a turn
(GH-ELEM).

Part of the rules context: each function here is also a method of
:class:`~.rules.Rules` (``r.element_available(...)``), which is how the turn logic calls them.
"""

from __future__ import annotations

from questforge.engine.gloomhaven.game.spec import (
    ELEMENTS,
)
from questforge.engine.gloomhaven.game.state import (
    INERT,
    STRONG,
    WANING,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from questforge.engine.gloomhaven.game.rules import Rules


def element_available(r: Rules, element: str) -> bool:
    return r.state.elements.get(element, INERT) in (STRONG, WANING)


def consume_element(r: Rules, element: str, by: str) -> None:
    """GH-ELEM-05: Strong/Waning -> Inert."""
    r.state.elements[element] = INERT
    r.emit("element_consumed", element=element, by=by)


def infuse_at_end_of_turn(r: Rules, element: str) -> None:
    if element not in r.pending_infusions:
        r.pending_infusions.append(element)


def flush_infusions(r: Rules, by: str) -> None:
    """GH-ELEM-02: infusions take effect at the end of the turn."""
    for element in r.pending_infusions:
        r.state.elements[element] = STRONG
        r.emit("element_infused", element=element, by=by)
    r.pending_infusions = []


def choose_any_element(
    r: Rules, actor: str, consumable: bool, exclude: tuple[str, ...] = ()
) -> str | None:
    """GH-ELEM-10: the wild element; the players (or the acting player) choose.
    ``exclude``: elements the same consume takes already (one infusion per icon,
    GH-ELEM-06), never offered for its wild one."""
    pool = [e for e in ELEMENTS if e not in exclude and (not consumable or r.element_available(e))]
    if not pool:
        return None
    return pool[r.ask("element", actor, pool, {"consume": consumable})]
