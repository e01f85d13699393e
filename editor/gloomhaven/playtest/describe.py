"""Words for the playtest window: decision options, events, figure labels.

The engine speaks JSON data (option ``{"card": "x", "half": "top"}``, event ``{"type":
"attack", ...}``); a designer at the playtest window needs sentences. Everything here is
plain Python (no Qt) so it is cheap to test and shared by every panel of the window.
Options, decisions and events are worded by the engine's narrator
(:mod:`questforge.engine.gloomhaven.game.narrator`, shared with ``questforge play``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from questforge.engine.core.decisions import Decision
from questforge.engine.gloomhaven.constants import POSITIVE_CONDITIONS
from questforge.engine.gloomhaven.game import narrator
from questforge.engine.gloomhaven.game.names import Names
from questforge.engine.gloomhaven.game.narrator import FIGURE_KINDS, HEX_KINDS
from questforge.engine.gloomhaven.game.spec import Content

#: short badges for conditions on the map (two or three letters, readable at small sizes)
CONDITION_BADGES = {
    "poison": "PSN",
    "wound": "WND",
    "immobilize": "IMM",
    "disarm": "DIS",
    "stun": "STN",
    "muddle": "MUD",
    "curse": "CRS",
    "invisible": "INV",
    "strengthen": "STR",
    "bless": "BLS",
}
POSITIVE = frozenset(POSITIVE_CONDITIONS)

__all__ = ["FIGURE_KINDS", "HEX_KINDS"]


def hex_text(h: Any) -> str:
    return narrator.hex_text(h)


def card_name(content: Content, actor: str, card_id: str) -> str:
    return narrator.card_name(content, actor, card_id)


def option_text(
    decision: Decision,
    index: int,
    content: Content,
    state: Any = None,
    names: Names | None = None,
) -> str:
    """Option ``index`` of ``decision`` in words: the engine's narrator (one narrator for
    the terminal, this window and reports)."""
    return narrator.describe_option(decision, index, content, state, names)


def decision_title(decision: Decision, names: Names | None = None) -> str:
    return narrator.describe_decision(decision, names)


def event_text(e: Any, names: Names | None = None) -> str | None:
    """One line of the event log: the narrator's sentence (an engine event or its JSON
    form; ``names``: the game's, learnt up to this event). ``None`` for bookkeeping events
    the narrator leaves out (a turn ending)."""
    return narrator.narrate(e, names)


def figure_label(fig: Any) -> str:
    """The short text on a figure's disc: a character's initials, a monster's letters and
    standee number."""
    if fig.kind == "character":
        words = [w for w in str(fig.id).split("-") if w]
        return "".join(w[0] for w in words[:2]).upper() if len(words) > 1 else fig.id[:2].upper()
    if fig.kind == "summon":
        return "S" + str(fig.id)[-1:]
    base = str(fig.monster_type or fig.id)
    words = [w for w in base.split("-") if w]
    letters = "".join(w[0] for w in words[:2]).upper() if words else "M"
    return f"{letters}{fig.standee}" if fig.standee else letters


def condition_list(conditions: Sequence[str] | Mapping[str, Any]) -> str:
    return ", ".join(sorted(conditions)) or "-"
