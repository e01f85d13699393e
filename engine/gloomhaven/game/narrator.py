"""Gloomhaven's narrator: every declared event and decision option as an English sentence.

One narrator for the terminal (``questforge play``), the editor's playtest log, replays
and reports, so they never drift apart. Plain strings, no markup; a front end may style
them. Events that are pure bookkeeping (a turn ending) narrate as ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from questforge.engine.core.decisions import Decision
from questforge.engine.core.events import Event
from questforge.engine.core.hexgrid import parse_hex
from questforge.engine.gloomhaven.game.describe import action_text
from questforge.engine.gloomhaven.game.spec import AbilityCard, Content

#: decision kinds whose options are hexes, and those whose options are figure ids
HEX_KINDS = frozenset(
    {
        "start_hex",
        "move",
        "push",
        "pull",
        "summon_hex",
        "monster_summon_hex",
        "trap_hex",
        "disarm_target",
    }
)
FIGURE_KINDS = frozenset(
    {
        "attack_target",
        "heal_target",
        "shield_target",
        "retaliate_target",
        "condition_target",
        "monster_heal_target",
        "initiative_tie",
    }
)


def hex_text(h: Any) -> str:
    hx = parse_hex(h)
    return f"({hx[0]},{hx[1]})" if hx is not None else str(h)


def name(fid: Any) -> str:
    """A figure or class id as a name: ``ember-sprite-2`` -> ``Ember sprite 2``."""
    text = str(fid).replace("-", " ").strip()
    return text[:1].upper() + text[1:] if text else "?"


def _cards(cards: Any) -> str:
    return " and ".join(name(c) for c in cards or []) or "no card"


def _list(values: Any) -> str:
    return ", ".join(str(v) for v in values or []) or "none"


def _event_setup(g: Any) -> str:
    return (
        f"Scenario {g('scenario')} set up for {g('players')} characters at level {g('level')}"
        f" (monsters level {g('monster_level')}, traps {g('trap_damage')} damage)."
    )


def _event_plan(g: Any) -> str:
    if g("long_rest"):
        return f"{name(g('character'))} declares a long rest (initiative 99)."
    return f"{name(g('character'))} plays {_cards(g('cards'))} (initiative {g('initiative')})."


def _event_action(g: Any) -> str:
    if g("default"):
        what = "a default Attack 2" if g("half") == "top" else "a default Move 2"
        return f"{name(g('character'))} uses the {g('half')} of {name(g('card'))} as {what}."
    return f"{name(g('character'))} performs the {g('half')} of {name(g('card'))}."


def _event_attack(g: Any) -> str:
    adv = " with advantage" if g("advantage") else " with disadvantage" if g("disadvantage") else ""
    mods = ", ".join(str(m) for m in g("applied") or g("modifiers") or []) or "no modifier"
    pierce = f", pierce {g('pierce')}" if g("pierce") else ""
    return (
        f"{name(g('attacker'))} attacks {name(g('target'))}{adv}: base {g('base')}, {mods}"
        f" -> {g('value')}; shield {g('shield')}{pierce}; {g('damage')} damage."
    )


def _event_focus(g: Any) -> str:
    attacks = ", ".join(hex_text(a) for a in g("attacks") or []) or "nothing"
    return (
        f"{name(g('figure'))} focuses on the figure at {hex_text(g('focus'))}, ends at "
        f"{hex_text(g('destination'))} and attacks {attacks}."
    )


def _event_loot(g: Any) -> str:
    what = f"{g('coins')} money token(s)" if g("coins") else f"treasure {g('treasure')}"
    return f"{name(g('character'))} loots {what} at {hex_text(g('hex'))}."


def _event_treasure(g: Any) -> str:
    what = g("text") or g("item") or f"{g('amount')} {g('kind')}"
    return f"{name(g('character'))} opens treasure {g('number')}: {what}."


def _event_killed(g: Any) -> str:
    rank = "elite " if g("elite") else ""
    by = f" by {name(g('by'))}" if g("by") else ""
    return f"{name(g('figure'))} ({rank}{name(g('monster'))}) is killed{by}."


def _event_placed(g: Any) -> str:
    rank = "elite " if g("elite") else ""
    who = g("named") or f"{rank}{name(g('monster'))} {g('standee')}"
    return f"{name(who)} appears at {hex_text(g('hex'))} ({g('hp')} HP)."


def _event_room(g: Any) -> str:
    monsters = ", ".join(name(m) for m in g("monsters") or []) or "no monsters"
    by = f"{name(g('by'))} reveals" if g("by") else "Revealed:"
    return f"{by} room {g('room')}: {monsters}."


def _event_elements(g: Any) -> str:
    state = g("state") or {}
    names = {2: "strong", 1: "waning"}
    live = [f"{k} {names[v]}" for k, v in state.items() if v in names]
    return "Elements now: " + (", ".join(live) or "all inert") + "."


_PHRASES: dict[str, Any] = {
    "setup": _event_setup,
    "character_placed": lambda g: (
        f"{name(g('character'))} starts at {hex_text(g('hex'))} with {g('hp')} HP."
    ),
    "monster_placed": _event_placed,
    "no_standee": lambda g: f"No {name(g('monster'))} standee is left for {hex_text(g('hex'))}.",
    "room_revealed": _event_room,
    "door_opened": lambda g: f"The door at {hex_text(g('hex'))} opens.",
    "round_start": lambda g: f"Round {g('round')} begins.",
    "plan": _event_plan,
    "monster_card_drawn": lambda g: f"{name(g('monster'))} draws ability card {name(g('card'))}.",
    "ability_deck_shuffled": lambda g: f"The {name(g('deck'))} ability deck is reshuffled.",
    "initiative_tie": lambda g: f"Tied initiative: {_list(g('figures'))}.",
    "turn_start": lambda g: f"{name(g('figure'))}'s turn.",
    "turn_end": lambda g: None,
    "monster_type_turn": lambda g: (
        f"{name(g('monster'))} act with {name(g('card'))} (initiative {g('initiative')})."
    ),
    "action": _event_action,
    "card_moved": lambda g: (
        f"{name(g('character'))}'s {name(g('card'))} goes to the {g('to')} pile."
    ),
    "focus": _event_focus,
    "no_focus": lambda g: f"{name(g('figure'))} finds no focus and stays put.",
    "move": lambda g: (
        f"{name(g('figure'))} moves from {hex_text(g('start'))} to {hex_text(g('end'))}."
    ),
    "push": lambda g: f"{name(g('figure'))} is pushed to {hex_text(g('end'))}.",
    "pull": lambda g: f"{name(g('figure'))} is pulled to {hex_text(g('end'))}.",
    "flying_lost": lambda g: (
        f"{name(g('figure'))} loses flying over the obstacle at {hex_text(g('hex'))}."
    ),
    "attack": _event_attack,
    "attack_obstacle": lambda g: (
        f"{name(g('attacker'))} attacks the obstacle at {hex_text(g('hex'))}: {g('damage')} damage, "
        f"{g('hp')} left."
    ),
    "obstacle_destroyed": lambda g: f"The obstacle at {hex_text(g('hex'))} is destroyed.",
    "damage": lambda g: (
        f"{name(g('figure'))} suffers {g('amount')} damage ({g('cause')}); {g('hp')} HP left."
    ),
    "damage_negated": lambda g: (
        f"{name(g('figure'))} loses {_cards(g('cards'))} to negate {g('amount')} damage."
    ),
    "heal": lambda g: f"{name(g('figure'))} heals {g('amount')} ({g('hp')} HP).",
    "retaliate": lambda g: (
        f"{name(g('figure'))} retaliates: {name(g('attacker'))} suffers {g('amount')} damage."
    ),
    "bonus": lambda g: f"{name(g('figure'))} gains {g('kind')} {g('value')}.",
    "condition_applied": lambda g: f"{name(g('figure'))} is now {g('condition')}.",
    "condition_expired": lambda g: f"{name(g('figure'))} is no longer {g('condition')}.",
    "condition_removed": lambda g: f"{name(g('figure'))}'s {g('condition')} is removed.",
    "condition_immune": lambda g: f"{name(g('figure'))} is immune to {g('condition')}.",
    "stunned": lambda g: f"{name(g('figure'))} is stunned and loses the turn.",
    "element_infused": lambda g: f"{name(g('by'))} infuses {g('element')}.",
    "element_consumed": lambda g: f"{name(g('by'))} consumes {g('element')}.",
    "elements": _event_elements,
    "modifier_deck_shuffled": lambda g: f"{name(g('owner'))}'s modifier deck is reshuffled.",
    "loot": _event_loot,
    "monster_loot": lambda g: f"{name(g('figure'))} picks up {g('coins')} money token(s).",
    "coin_dropped": lambda g: f"A money token drops at {hex_text(g('hex'))}.",
    "treasure": _event_treasure,
    "xp": lambda g: f"{name(g('character'))} gains {g('amount')} XP ({g('total')} in all).",
    "item_used": lambda g: f"{name(g('character'))} uses {name(g('item'))}.",
    "item_refreshed": lambda g: f"{name(g('character'))}'s {name(g('item'))} is refreshed.",
    "summoned": lambda g: (
        f"{name(g('owner'))} summons {g('name')} at {hex_text(g('hex'))} ({g('hp')} HP)."
    ),
    "summon_failed": lambda g: f"The summon fails: {g('reason')}.",
    "summon_removed": lambda g: f"{name(g('figure'))} leaves the map ({g('reason')}).",
    "monster_summoned": lambda g: f"{name(g('by'))} summons {name(g('figure'))}.",
    "spawned": lambda g: f"{name(g('figure'))} spawns at {hex_text(g('hex'))}.",
    "spawn_failed": lambda g: f"A {name(g('monster'))} cannot spawn near {hex_text(g('hex'))}.",
    "trap_sprung": lambda g: f"{name(g('figure'))} springs the trap at {hex_text(g('hex'))}.",
    "trap_disarmed": lambda g: f"{name(g('figure'))} disarms the trap at {hex_text(g('hex'))}.",
    "trap_created": lambda g: f"{name(g('figure'))} sets a trap at {hex_text(g('hex'))}.",
    "hazard": lambda g: f"{name(g('figure'))} enters hazardous terrain at {hex_text(g('hex'))}.",
    "pressure_plate": lambda g: f"{name(g('figure'))} steps on pressure plate {g('plate')}.",
    "overlays_removed": lambda g: f"The {g('kind')} {g('overlay')} leaves the map.",
    "special_rule": lambda g: f"Special rule {g('rule')} fires ({g('trigger')}).",
    "custom_effect": lambda g: f"Special rule (not applied by the engine): {g('text')}",
    "door_locked": lambda g: f"The door at {hex_text(g('hex'))} is locked.",
    "overlays_added": lambda g: (
        f"A special rule adds {g('kind')} at {', '.join(hex_text(h) for h in g('hexes') or [])}."
    ),
    "monster_stats": lambda g: (
        f"{name(g('figure'))}'s stats change: "
        + ", ".join(f"{k} {v:+d}" for k, v in (g("changes") or {}).items())
        + "."
    ),
    "goal_met": lambda g: "The scenario's goal is met; the round is played to its end.",
    "scenario_lost": lambda g: "A special rule loses the scenario.",
    "ally_placed": lambda g: (
        f"{g('name')} (token {g('token')}) joins at {hex_text(g('hex'))} with {g('hp')} HP."
    ),
    "ally_killed": lambda g: f"{name(g('figure'))} falls.",
    "boss_special": lambda g: f"{name(g('figure'))} performs special {g('special')}.",
    "long_rest": lambda g: f"{name(g('character'))} rests long, losing {name(g('lost'))}.",
    "short_rest": lambda g: f"{name(g('character'))} rests short, losing {name(g('lost'))}.",
    "exhausted": lambda g: f"{name(g('character'))} is exhausted ({g('reason')}).",
    "monster_killed": _event_killed,
    "round_end": lambda g: f"Round {g('round')} ends.",
    "scenario_end": lambda g: f"The scenario is {g('outcome')} after {g('rounds')} round(s).",
}


def narrate(event: Event | Mapping[str, Any]) -> str | None:
    """One sentence for ``event`` (an :class:`Event` or its JSON form)."""
    data: Mapping[str, Any] = event.data if isinstance(event, Event) else event
    type_ = event.type if isinstance(event, Event) else str(event.get("type"))
    phrase = _PHRASES.get(type_)
    if phrase is None:
        return f"{type_.replace('_', ' ').capitalize()}."
    result: str | None = phrase(data.get)
    return result


# ------------------------------------------------------------------------------ decisions


def _card(content: Content, actor: str, card_id: str) -> AbilityCard | None:
    cls = content.classes.get(actor)
    if cls is None:
        cls = next(
            (c for c in content.classes.values() if any(k.id == card_id for k in c.cards)), None
        )
    if cls is None:
        return None
    try:
        return cls.card(card_id)
    except KeyError:
        return None


def card_name(content: Content, actor: str, card_id: str) -> str:
    card = _card(content, actor, card_id)
    return card.name if card is not None else name(card_id)


def card_text(content: Content, actor: str, card_id: str) -> str:
    """``Name (12) — top: … | bottom: …`` for menus that show whole cards."""
    c = _card(content, actor, card_id)
    if c is None:
        return name(card_id)
    return (
        f"{c.name} ({c.initiative:02d}) — top: {action_text(c.top)} | "
        f"bottom: {action_text(c.bottom)}"
    )


def _figure_text(state: Any, fid: str) -> str:
    fig = state.figures.get(fid) if state is not None else None
    if fig is None:
        return name(fid)
    return f"{name(fid)} ({fig.hp}/{fig.max_hp} HP) at {hex_text(fig.hex)}"


def describe_decision(decision: Decision) -> str:
    prompt = decision.prompt or decision.kind.replace("_", " ")
    return f"{name(decision.actor)}: {prompt}"


def describe_option(decision: Decision, index: int, content: Content, state: Any = None) -> str:
    """Option ``index`` of ``decision`` in words."""
    option = decision.options[index]
    kind = decision.kind
    actor = decision.actor
    if kind == "plan" and isinstance(option, Mapping):
        if option.get("long_rest"):
            return "Long rest (initiative 99: lose a discarded card, heal 2, refresh items)"
        return "  +  ".join(card_text(content, actor, str(c)) for c in option.get("cards") or [])
    if kind == "action" and isinstance(option, Mapping):
        card = _card(content, actor, str(option.get("card")))
        half = str(option.get("half", ""))
        label = card.name if card is not None else name(option.get("card"))
        if option.get("default"):
            return f"{label}, {half} as a default " + ("Attack 2" if half == "top" else "Move 2")
        action = getattr(card, half, None) if card is not None else None
        return f"{label}, {half}: " + (action_text(action) if action is not None else "")
    if kind in HEX_KINDS:
        h = parse_hex(option)
        if h is not None:
            if kind == "move" and index == 0:
                return f"stay at {hex_text(h)}"
            return f"hex {hex_text(h)}"
        if option == "stop":
            return "stop here"
    if kind in FIGURE_KINDS and isinstance(option, str):
        if option == "done":
            return "done (no more targets)"
        return _figure_text(state, option)
    if isinstance(option, Mapping) and "obstacle" in option:
        return f"the obstacle at {hex_text(option['obstacle'])}"
    if kind == "aoe":
        if option == "none":
            return "no area attack"
        if isinstance(option, list):
            return "hit " + ", ".join(name(x) for x in option)
    if kind == "negate_damage" and isinstance(option, Mapping):
        how = option.get("negate")
        if how is None:
            return "suffer the damage"
        cards = ", ".join(card_name(content, actor, str(c)) for c in option.get("cards") or [])
        return f"lose {cards} from your {how} instead"
    if kind in ("recover", "long_rest_lose") and isinstance(option, str):
        return "done" if option == "done" else card_text(content, actor, option)
    if kind == "monster_option" and isinstance(option, Mapping):
        attacks = ", ".join(hex_text(a) for a in option.get("attacks") or []) or "no attack"
        return (
            f"end at {hex_text(option.get('destination'))}, attack {attacks} "
            f"(focus {hex_text(option.get('focus'))})"
        )
    if kind == "use_item" and isinstance(option, str):
        if option == "none":
            return "no item"
        item = content.items.get(option)
        return f"use {item.name}" if item is not None else f"use {name(option)}"
    if kind == "short_rest":
        return {"rest": "short rest now", "skip": "do not rest"}.get(str(option), str(option))
    if kind == "short_rest_keep":
        return {"accept": "lose the random card", "reroll": "suffer 1 damage to choose again"}.get(
            str(option), str(option)
        )
    if kind == "consume":
        return {"consume": "consume the element", "skip": "keep it"}.get(str(option), str(option))
    return _plain(option)


def _plain(value: Any) -> str:
    if isinstance(value, str):
        return name(value)
    h = parse_hex(value)
    if h is not None:
        return hex_text(h)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value)
    return str(value)
