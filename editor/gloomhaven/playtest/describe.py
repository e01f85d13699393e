"""Words for the playtest window: decision options, events, figure labels.

The engine speaks JSON data (option ``{"card": "x", "half": "top"}``, event ``{"type":
"attack", ...}``); a designer at the playtest window needs sentences. Everything here is
plain Python (no Qt) so it is cheap to test and shared by every panel of the window.
Ability cards are worded by the engine's ``game.describe`` (shared with ``questforge play``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from questforge.editor.gloomhaven.scenario_map import as_hex
from questforge.engine.core.decisions import Decision
from questforge.engine.gloomhaven.game.describe import action_text
from questforge.engine.gloomhaven.game.spec import AbilityCard, Content

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
POSITIVE = frozenset({"invisible", "strengthen", "bless"})

#: decision kinds whose options are hexes, and those whose options are figure ids
HEX_KINDS = frozenset({"start_hex", "move", "push", "pull", "summon_hex", "monster_summon_hex"})
FIGURE_KINDS = frozenset(
    {
        "attack_target",
        "heal_target",
        "shield_target",
        "retaliate_target",
        "condition_target",
        "monster_heal_target",
    }
)


def hex_text(h: Any) -> str:
    if isinstance(h, list | tuple) and len(h) == 2:
        return f"[{h[0]}, {h[1]}]"
    return str(h)


def _card(content: Content, actor: str, card_id: str) -> AbilityCard | None:
    cls = content.classes.get(actor)
    if cls is None:
        for c in content.classes.values():
            if any(card.id == card_id for card in c.cards):
                cls = c
                break
    if cls is None:
        return None
    try:
        return cls.card(card_id)
    except KeyError:
        return None


def card_name(content: Content, actor: str, card_id: str) -> str:
    card = _card(content, actor, card_id)
    return card.name if card is not None else card_id


def _figure_text(state: Any, fid: str) -> str:
    fig = state.figures.get(fid) if state is not None else None
    if fig is None:
        return fid
    return f"{fid} ({fig.hp}/{fig.max_hp} HP) at {hex_text(fig.hex)}"


def option_text(decision: Decision, index: int, content: Content, state: Any = None) -> str:
    """A one-line description of option ``index`` of ``decision``."""
    option = decision.options[index]
    kind = decision.kind
    actor = decision.actor
    if kind == "plan" and isinstance(option, Mapping):
        if option.get("long_rest"):
            return "Long rest (initiative 99)"
        cards = option.get("cards") or []
        names = []
        for i, cid in enumerate(cards):
            card = _card(content, actor, str(cid))
            if card is None:
                names.append(str(cid))
            else:
                names.append(f"{card.name} ({card.initiative})" + (" leading" if i == 0 else ""))
        return " + ".join(names)
    if kind == "action" and isinstance(option, Mapping):
        card = _card(content, actor, str(option.get("card")))
        half = str(option.get("half", ""))
        name = card.name if card is not None else str(option.get("card"))
        if option.get("default"):
            what = "Attack 2" if half == "top" else "Move 2"
            return f"{name}: {half} as default {what}"
        action = getattr(card, half, None) if card is not None else None
        return f"{name}: {half}: " + (action_text(action) if action is not None else "")
    if kind in HEX_KINDS:
        h = as_hex(option)
        if h is not None:
            if kind == "move" and index == 0:
                return f"stay at {hex_text(h)}"
            return hex_text(h)
        if option == "stop":
            return "stop here"
    if kind in FIGURE_KINDS and isinstance(option, str):
        if option == "done":
            return "done (no more targets)"
        return _figure_text(state, option)
    if kind == "attack_target" and isinstance(option, Mapping) and "obstacle" in option:
        return f"obstacle at {hex_text(option['obstacle'])}"
    if kind == "aoe":
        if option == "none":
            return "no area attack"
        if isinstance(option, list):
            return "hit " + ", ".join(str(x) for x in option)
    if kind == "negate_damage" and isinstance(option, Mapping):
        how = option.get("negate")
        if how is None:
            return "suffer the damage"
        cards = ", ".join(card_name(content, actor, str(c)) for c in option.get("cards") or [])
        return f"lose {cards} from {how} instead"
    if kind in ("recover", "long_rest_lose") and isinstance(option, str):
        return "done" if option == "done" else card_name(content, actor, option)
    if kind == "monster_option" and isinstance(option, Mapping):
        attacks = ", ".join(hex_text(a) for a in option.get("attacks") or []) or "no attack"
        return (
            f"end at {hex_text(option.get('destination'))}, attack {attacks} "
            f"(focus {hex_text(option.get('focus'))})"
        )
    if kind == "use_item" and option == "none":
        return "no item"
    return _plain(option)


def _plain(value: Any) -> str:
    if isinstance(value, str):
        return value
    h = as_hex(value)
    if h is not None:
        return hex_text(h)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def decision_title(decision: Decision) -> str:
    prompt = decision.prompt or decision.kind.replace("_", " ")
    return f"{decision.actor}: {prompt}"


def event_text(e: Mapping[str, Any]) -> str:
    """One line of the event log."""
    t = str(e.get("type"))
    g = e.get
    if t == "round_start":
        return f"=== Round {g('round')} ==="
    if t == "round_end":
        return f"--- end of round {g('round')} ---"
    if t == "plan":
        if g("long_rest"):
            return f"{g('character')} declares a long rest (initiative 99)"
        return (
            f"{g('character')} plays {' + '.join(g('cards') or [])} (initiative {g('initiative')})"
        )
    if t == "monster_card_drawn":
        return f"{g('monster')} draws ability card {g('card')}"
    if t == "turn_start":
        return f"{g('figure')}'s turn"
    if t == "turn_end":
        return f"  end of {g('figure')}'s turn"
    if t == "monster_type_turn":
        return f"{g('monster')} act (card {g('card')}, initiative {g('initiative')})"
    if t == "action":
        how = " as a default action" if g("default") else ""
        return f"{g('character')} uses the {g('half')} of {g('card')}{how}"
    if t == "card_moved":
        return f"{g('character')}: {g('card')} -> {g('to')}"
    if t == "xp":
        return f"{g('character')} gains {g('amount')} XP ({g('total')} total)"
    if t == "elements":
        state = g("state") or {}
        names = {2: "strong", 1: "waning"}
        live = [f"{k} {names[v]}" for k, v in state.items() if v in names]
        return "elements: " + (", ".join(live) or "all inert")
    if t == "modifier_deck_shuffled":
        return f"{g('owner')}' modifier deck shuffled"
    if t == "monster_placed":
        rank = "elite " if g("elite") else ""
        return f"{rank}{g('monster')} {g('standee')} placed at {hex_text(g('hex'))} ({g('hp')} HP)"
    if t == "character_placed":
        return f"{g('character')} starts at {hex_text(g('hex'))} ({g('hp')} HP)"
    if t == "loot":
        what = f"{g('coins')} coin(s)" if g("coins") else f"treasure {g('treasure')}"
        return f"{g('character')} loots {what}"
    if t == "move":
        return f"{g('figure')} moves {hex_text(g('start'))} -> {hex_text(g('end'))}"
    if t in ("push", "pull"):
        return f"{g('figure')} is {t}ed to {hex_text(g('end'))}"
    if t == "focus":
        attacks = ", ".join(hex_text(a) for a in g("attacks") or []) or "nothing"
        return (
            f"{g('figure')} focuses {hex_text(g('focus'))}, ends at "
            f"{hex_text(g('destination'))}, attacks {attacks}"
        )
    if t == "attack":
        mods = "+".join(str(m) for m in g("modifiers") or []) or "-"
        return (
            f"{g('attacker')} attacks {g('target')}: base {g('base')}, "
            f"modifiers [{mods}] -> {g('value')}, shield {g('shield')}, damage {g('damage')}"
        )
    if t == "damage":
        return f"{g('figure')} suffers {g('amount')} damage ({g('hp')} HP left)"
    if t == "heal":
        return f"{g('figure')} heals {g('amount')} ({g('hp')} HP)"
    if t == "condition_applied":
        return f"{g('figure')} gains {g('condition')}"
    if t in ("condition_removed", "condition_expired"):
        return f"{g('figure')} loses {g('condition')}"
    if t == "monster_killed":
        return f"{g('figure')} is killed" + (f" by {g('by')}" if g("by") else "")
    if t == "exhausted":
        return f"{g('character')} is exhausted ({g('reason')})"
    if t == "door_opened":
        return f"a door opens at {hex_text(g('hex'))}"
    if t == "room_revealed":
        return f"room {g('room')} revealed"
    if t == "element_infused":
        return f"{g('element')} infused by {g('by')}"
    if t == "element_consumed":
        return f"{g('element')} consumed by {g('by')}"
    if t == "scenario_end":
        return f"*** scenario {g('outcome')} after {g('rounds')} round(s) ***"
    rest = ", ".join(f"{k}={_plain(v)}" for k, v in e.items() if k != "type")
    return f"{t.replace('_', ' ')}: {rest}" if rest else t.replace("_", " ")


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
