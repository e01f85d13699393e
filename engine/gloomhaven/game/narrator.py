"""Gloomhaven's narrator: every declared event and decision option as an English sentence.

One narrator for the terminal (``questforge play``), the editor's playtest log, replays
and reports, so they never drift apart. Plain strings, no markup; a front end may style
them. Events that are pure bookkeeping (a turn ending) narrate as ``None``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from questforge.engine.core.decisions import Decision
from questforge.engine.core.events import Event
from questforge.engine.core.hexgrid import parse_hex
from questforge.engine.gloomhaven.game import battle_goals
from questforge.engine.gloomhaven.game.catalogue import DECISION_TYPES
from questforge.engine.gloomhaven.game.describe import action_text
from questforge.engine.gloomhaven.game.names import Names, pretty
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
        "monster_condition_target",
        "initiative_tie",
    }
)


def hex_text(h: Any) -> str:
    hx = parse_hex(h)
    return f"({hx[0]},{hx[1]})" if hx is not None else str(h)


def name(fid: Any) -> str:
    """A figure or class id in words when no content is at hand (see :class:`Names`)."""
    return pretty(fid)


#: a trailing "(GH-XXX-01)" in a catalogue description
_RULE_NOTE = re.compile(r"\s*\((?:GH-[A-Z]+-\d+(?:, )?)+\)(?=\.?$)")

#: a condition as the state a figure is in ("Ore Singer is now blessed")
CONDITION_WORDS = {
    "poison": "poisoned",
    "wound": "wounded",
    "immobilize": "immobilized",
    "disarm": "disarmed",
    "stun": "stunned",
    "muddle": "muddled",
    "curse": "cursed",
    "invisible": "invisible",
    "strengthen": "strengthened",
    "bless": "blessed",
}


def _condition(value: Any) -> str:
    return CONDITION_WORDS.get(str(value), str(value))


def _special_rule(g: Any, n: Names) -> str:
    """A scenario special rule, or a monster's or boss's printed special (its rule is
    labelled ``<type>:<id or number>``, GH-MSTAT-04), firing."""
    rule, trigger = str(g("rule")), g("trigger")
    owner, sep, own_id = rule.partition(":")
    if sep and n.content is not None and owner in n.content.monsters:
        return f"{n.monster(owner)}'s printed special {own_id} applies ({trigger})."
    return f"Special rule {rule} fires ({trigger})."


def _cards(n: Names, cards: Any) -> str:
    return " and ".join(n.card(c) for c in cards or []) or "no card"


def _hexes(values: Any) -> str:
    return ", ".join(hex_text(h) for h in values or []) or "nowhere"


def _event_setup(g: Any, n: Names) -> str:
    return (
        f"Scenario {n.scenario(g('scenario'))} set up for {g('players')} characters at level "
        f"{g('level')} (monsters level {g('monster_level')}, traps {g('trap_damage')} damage)."
    )


def _event_plan(g: Any, n: Names) -> str:
    if g("long_rest"):
        return f"{n.figure(g('character'))} declares a long rest (initiative 99)."
    return (
        f"{n.figure(g('character'))} plays {_cards(n, g('cards'))} (initiative {g('initiative')})."
    )


def _event_action(g: Any, n: Names) -> str:
    who, card = n.figure(g("character")), n.card(g("card"))
    if g("default"):
        what = "a default Attack 2" if g("half") == "top" else "a default Move 2"
        return f"{who} uses the {g('half')} of {card} as {what}."
    return f"{who} performs the {g('half')} of {card}."


def _the(name: str) -> str:
    """``The Slag Hound``, but ``The Ash Foreman``'s own article is not doubled."""
    return name if name.lower().startswith("the ") else f"The {name}"


def _event_attack(g: Any, n: Names) -> str:
    adv = " with advantage" if g("advantage") else " with disadvantage" if g("disadvantage") else ""
    drawn = list(g("modifiers") or [])
    applied = list(g("applied") or drawn)
    mods = ", ".join(n.modifier(m) for m in applied) or "no modifier"
    if len(drawn) > len(applied):
        # advantage / disadvantage (GH-ADV-01..04): every card drawn, then the one(s) used,
        # so a reader can check the choice
        shown = [n.modifier(m) for m in drawn]
        mods = f"{', '.join(shown[:-1])} and {shown[-1]}, used {mods}"
    pierce = f", pierce {g('pierce')}" if g("pierce") else ""
    value = g("value")
    base = g("base")
    attack = f"attack {value}" + (f" ({base} + {value - base} for poison)" if value != base else "")
    return (
        f"{n.figure(g('attacker'))} attacks {n.figure(g('target'))}{adv}: {attack}, "
        f"drew {mods}; shield {g('shield')}{pierce}; {g('damage')} damage."
    )


def _event_focus(g: Any, n: Names) -> str:
    if g("focus") is None:
        # GH-FOCUS-06: the solver found no focus; its reason says why (was worded
        # "focuses on the figure at None")
        why = str(g("reason") or "").strip()
        return f"{n.figure(g('figure'))} has no focus" + (f": {why}" if why else ".")
    focus = n.at(g("focus"))
    targets = [n.at(a) for a in g("attacks") or []]
    attacks = f" and attacks {', '.join(targets)}" if targets else " and does not attack"
    dest = parse_hex(g("destination"))
    move = "stays at" if dest is not None and n.where(g("figure")) == dest else "moves to"
    return f"{n.figure(g('figure'))} focuses on {focus}, {move} {hex_text(dest)}{attacks}."


def _event_loot(g: Any, n: Names) -> str:
    what = f"{g('coins')} money token(s)" if g("coins") else f"treasure {g('treasure')}"
    return f"{n.figure(g('character'))} loots {what} at {hex_text(g('hex'))}."


def _event_treasure(g: Any, n: Names) -> str:
    what = g("text") or (n.card(g("item")) if g("item") else f"{g('amount')} {g('kind')}")
    # the content's text is a sentence of its own: no second full stop
    return f"{n.figure(g('character'))} opens treasure {g('number')}: {str(what).rstrip('.')}."


def _event_killed(g: Any, n: Names) -> str:
    by = f" by {n.figure(g('by'))}" if g("by") else ""
    return f"{n.figure(g('figure'))} is killed{by}."


def _event_placed(g: Any, n: Names) -> str:
    return f"{n.figure(g('figure'))} appears at {hex_text(g('hex'))} ({g('hp')} HP)."


def _event_room(g: Any, n: Names) -> str:
    monsters = n.figures(g("monsters")) if g("monsters") else "no monsters"
    by = f"{n.figure(g('by'))} reveals" if g("by") else "Revealed:"
    return f"{by} room {g('room')}: {monsters}."


def _event_elements(g: Any, n: Names) -> str:
    state = g("state") or {}
    names = {2: "strong", 1: "waning"}
    live = [f"{k} {names[v]}" for k, v in state.items() if v in names]
    return "Elements now: " + (", ".join(live) or "all inert") + "."


def _event_card_drawn(g: Any, n: Names) -> str:
    return (
        f"{n.monster(g('monster'))} draws an ability card: {n.monster_card(g('deck'), g('card'))}."
    )


def _event_ability_unused(g: Any, n: Names) -> str:
    who, ability, why = n.figure(g("figure")), str(g("ability")), g("reason")
    if why == "immobilized":
        return f"{who} is immobilized and cannot move."
    if why == "out-of-reach":
        return f"{who}'s {ability} has nothing in reach to affect."
    if ability == "move":
        return f"{who} does not move."
    return f"{who} does not use the {ability}."


def _event_type_turn(g: Any, n: Names) -> str:
    card = n.monster_card(n.deck_of(g("monster")), g("card"))
    return f"Monster turn, {n.monster(g('monster'))}: {card}."


def _event_deck_owner(g: Any, n: Names) -> str:
    owner = g("owner")
    whose = "The monsters'" if owner in (None, "", "monsters") else f"{n.figure(owner)}'s"
    return f"{whose} modifier deck is reshuffled."


def _event_stats(g: Any, n: Names) -> str:
    changes = ", ".join(f"{k} {v:+d}" for k, v in (g("changes") or {}).items()) or "none"
    return f"{n.figure(g('figure'))}'s stats change: {changes}."


_PHRASES: dict[str, Any] = {
    "setup": _event_setup,
    "character_placed": lambda g, n: (
        f"{n.figure(g('character'))} starts at {hex_text(g('hex'))} with {g('hp')} HP."
    ),
    "monster_placed": _event_placed,
    "no_standee": lambda g, n: (
        f"No {n.monster(g('monster'))} standee is left for {hex_text(g('hex'))}."
    ),
    "room_revealed": _event_room,
    "door_opened": lambda g, n: f"The door at {hex_text(g('hex'))} opens.",
    "round_start": lambda g, n: f"Round {g('round')} begins.",
    "plan": _event_plan,
    "monster_card_drawn": _event_card_drawn,
    "ability_deck_shuffled": lambda g, n: f"{_the(n.deck(g('deck')))} ability deck is reshuffled.",
    "initiative_tie": lambda g, n: f"Tied initiative: {n.figures(g('figures'))}.",
    "turn_start": lambda g, n: f"{n.figure(g('figure'))}'s turn.",
    "turn_end": lambda g, n: None,
    "monster_type_turn": _event_type_turn,
    "action": _event_action,
    "card_moved": lambda g, n: (
        f"{n.figure(g('character'))}'s {n.card(g('card'))} goes to the {g('to')} pile."
    ),
    "focus": _event_focus,
    "no_focus": lambda g, n: f"{n.figure(g('figure'))} finds no focus and stays put.",
    "ability_unused": _event_ability_unused,
    "move": lambda g, n: (
        f"{n.figure(g('figure'))} moves from {hex_text(g('start'))} to {hex_text(g('end'))}."
    ),
    "push": lambda g, n: f"{n.figure(g('figure'))} is pushed to {hex_text(g('end'))}.",
    "pull": lambda g, n: f"{n.figure(g('figure'))} is pulled to {hex_text(g('end'))}.",
    "flying_lost": lambda g, n: (
        f"{n.figure(g('figure'))} loses flying over the obstacle at {hex_text(g('hex'))}."
    ),
    "attack": _event_attack,
    "attack_obstacle": lambda g, n: (
        f"{n.figure(g('attacker'))} attacks the obstacle at {hex_text(g('hex'))}: "
        f"{g('damage')} damage, {g('hp')} left."
    ),
    "obstacle_destroyed": lambda g, n: f"The obstacle at {hex_text(g('hex'))} is destroyed.",
    "damage": lambda g, n: (
        f"{n.figure(g('figure'))} suffers {g('amount')} damage ({g('cause')}); {g('hp')} HP left."
    ),
    "damage_negated": lambda g, n: (
        f"{n.figure(g('figure'))} loses {_cards(n, g('cards'))} to negate {g('amount')} damage."
    ),
    "heal": lambda g, n: f"{n.figure(g('figure'))} heals {g('amount')} ({g('hp')} HP).",
    "retaliate": lambda g, n: (
        f"{n.figure(g('figure'))} retaliates: {n.figure(g('attacker'))} suffers "
        f"{g('amount')} damage."
    ),
    "bonus": lambda g, n: f"{n.figure(g('figure'))} gains {g('kind')} {g('value')}.",
    "bonus_used": lambda g, n: (
        f"{n.figure(g('character'))}'s {n.card(g('card'))} bonus is used"
        + (
            f" (slot {g('slot')}, {g('left')} left)"
            if g("left") is not None
            else f" (use {g('slot')})"
        )
        + "."
    ),
    "condition_applied": lambda g, n: (
        f"{n.figure(g('figure'))} is now {_condition(g('condition'))}."
    ),
    "condition_expired": lambda g, n: (
        f"{n.figure(g('figure'))} is no longer {_condition(g('condition'))}."
    ),
    "condition_removed": lambda g, n: (
        f"{n.figure(g('figure'))} is no longer {_condition(g('condition'))} (removed)."
    ),
    "condition_immune": lambda g, n: f"{n.figure(g('figure'))} is immune to {g('condition')}.",
    "stunned": lambda g, n: f"{n.figure(g('figure'))} is stunned and loses the turn.",
    "element_infused": lambda g, n: f"{n.figure(g('by'))} infuses {g('element')}.",
    "element_consumed": lambda g, n: f"{n.figure(g('by'))} consumes {g('element')}.",
    "elements": _event_elements,
    "modifier_deck_shuffled": _event_deck_owner,
    "loot": _event_loot,
    "monster_loot": lambda g, n: f"{n.figure(g('figure'))} picks up {g('coins')} money token(s).",
    "coin_dropped": lambda g, n: f"A money token drops at {hex_text(g('hex'))}.",
    "treasure": _event_treasure,
    "xp": lambda g, n: f"{n.figure(g('character'))} gains {g('amount')} XP ({g('total')} in all).",
    "item_used": lambda g, n: (
        f"{n.figure(g('character'))} uses {n.card(g('item'))}"
        + (f" (use {g('use')} of {g('uses')})" if (g("uses") or 1) > 1 else "")
        + (f"; it is {g('status')}" if g("status") in ("spent", "consumed") else "")
        + "."
    ),
    "item_refreshed": lambda g, n: (
        f"{n.figure(g('character'))}'s {n.card(g('item'))} is refreshed."
    ),
    "summoned": lambda g, n: (
        f"{n.figure(g('owner'))} summons {g('name')}"
        + (f" (the {g('token')} token)" if g("token") else "")
        + f" at {hex_text(g('hex'))} ({g('hp')} HP)."
    ),
    "summon_failed": lambda g, n: f"The summon fails: {g('reason')}.",
    "active_card_removed": lambda g, n: (
        f"{n.figure(g('character'))} puts {n.card(g('card'))} in the lost pile at will"
        + (f"; {n.figure(g('summon'))} leaves with it." if g("summon") else ".")
    ),
    "summon_removed": lambda g, n: f"{n.figure(g('figure'))} leaves the map ({g('reason')}).",
    "monster_summoned": lambda g, n: f"{n.figure(g('by'))} summons {n.figure(g('figure'))}.",
    "spawned": lambda g, n: f"{n.figure(g('figure'))} spawns at {hex_text(g('hex'))}.",
    "spawn_failed": lambda g, n: (
        f"A {n.monster(g('monster'))} cannot spawn near {hex_text(g('hex'))}."
    ),
    "trap_sprung": lambda g, n: (
        f"{n.figure(g('figure'))} springs the trap at {hex_text(g('hex'))}."
    ),
    "trap_disarmed": lambda g, n: (
        f"{n.figure(g('figure'))} disarms the trap at {hex_text(g('hex'))}."
    ),
    "trap_created": lambda g, n: f"{n.figure(g('figure'))} sets a trap at {hex_text(g('hex'))}.",
    "hazard": lambda g, n: (
        f"{n.figure(g('figure'))} enters hazardous terrain at {hex_text(g('hex'))}."
    ),
    "pressure_plate": lambda g, n: f"{n.figure(g('figure'))} steps on pressure plate {g('plate')}.",
    "overlays_removed": lambda g, n: f"The {g('kind')} {g('overlay')} leaves the map.",
    "special_rule": lambda g, n: _special_rule(g, n),
    "custom_effect": lambda g, n: f"Special rule (not applied by the engine): {g('text')}",
    "door_locked": lambda g, n: f"The door at {hex_text(g('hex'))} is locked.",
    "overlays_added": lambda g, n: f"A special rule adds {g('kind')} at {_hexes(g('hexes'))}.",
    "monster_stats": _event_stats,
    "goal_met": lambda g, n: "The scenario's goal is met; the round is played to its end.",
    "scenario_lost": lambda g, n: "A special rule loses the scenario.",
    "ally_placed": lambda g, n: (
        f"{g('name')} (token {g('token')}) joins at {hex_text(g('hex'))} with {g('hp')} HP."
    ),
    "ally_killed": lambda g, n: f"{n.figure(g('figure'))} falls.",
    "boss_special": lambda g, n: f"{n.figure(g('figure'))} performs special {g('special')}.",
    "long_rest": lambda g, n: f"{n.figure(g('character'))} rests long, losing {n.card(g('lost'))}.",
    "short_rest": lambda g, n: (
        f"{n.figure(g('character'))} rests short, "
        + (
            "suffers 1 damage to draw another random card and loses "
            if g("rerolled")
            else "losing "
        )
        + f"{n.card(g('lost'))}."
    ),
    "exhausted": lambda g, n: f"{n.figure(g('character'))} is exhausted ({g('reason')}).",
    "monster_killed": _event_killed,
    "round_end": lambda g, n: f"Round {g('round')} ends.",
    "battle_goal": lambda g, n: (
        f"{n.figure(g('character'))}'s battle goal {n.battle_goal(g('goal'))} is "
        + ("met" if g("met") else "not met")
        + (f" ({g('counter')} {g('count')})" if g("count") is not None else "")
        + (
            f": {g('checkmarks')} checkmark(s)."
            if g("checkmarks")
            else (". No checkmark: the scenario was not won." if g("met") else ".")
        )
    ),
    "scenario_end": lambda g, n: f"The scenario is {g('outcome')} after {g('rounds')} round(s).",
}


def narrate(event: Event | Mapping[str, Any], names: Names | None = None) -> str | None:
    """One sentence for ``event`` (an :class:`Event` or its JSON form). ``names`` (a
    game's :class:`Names`, learnt up to this event) words figures and cards as the table
    does; without it ids are put in words."""
    data: Mapping[str, Any] = event.data if isinstance(event, Event) else event
    type_ = event.type if isinstance(event, Event) else str(event.get("type"))
    n = names if names is not None else Names()
    n.learn(event)
    phrase = _PHRASES.get(type_)
    if phrase is None:
        return f"{type_.replace('_', ' ').capitalize()}."
    result: str | None = phrase(data.get, n)
    return result[:1].upper() + result[1:] if result else result


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


def _figure_text(state: Any, fid: str, n: Names) -> str:
    fig = state.figures.get(fid) if state is not None else None
    if fig is None:
        return n.figure(fid)
    return f"{n.figure(fid)} ({fig.hp}/{fig.max_hp} HP) at {hex_text(fig.hex)}"


def describe_decision(decision: Decision, names: Names | None = None) -> str:
    """``Lampwright: Whom to attack.`` (the engine's prompt, else the catalogue's words)."""
    doc = next((d.doc for d in DECISION_TYPES if d.kind == decision.kind), "")
    doc = _RULE_NOTE.sub("", doc).strip()  # rule IDs are for the docs, not the prompt
    prompt = decision.prompt or doc or decision.kind.replace("_", " ")
    who = names.figure(decision.actor) if names is not None else name(decision.actor)
    return f"{who}: {prompt}"


def describe_option(
    decision: Decision,
    index: int,
    content: Content,
    state: Any = None,
    names: Names | None = None,
) -> str:
    """Option ``index`` of ``decision`` in words (``names``: the game's, else the
    content's)."""
    n = names if names is not None else Names(content)
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
    if kind == "battle_goal":
        goal = content.battle_goals.get(str(option))
        if goal is None:
            return n.battle_goal(option)
        marks = f"{goal.checkmarks} checkmark" + ("s" if goal.checkmarks != 1 else "")
        condition = battle_goals.condition_text(goal) or "not checked by the engine"
        return f"{n.battle_goal(option)} ({marks}): {condition}"
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
        return _figure_text(state, option, n)
    if isinstance(option, Mapping) and "obstacle" in option:
        return f"the obstacle at {hex_text(option['obstacle'])}"
    if kind == "aoe":
        if option == "none":
            return "no area attack"
        if isinstance(option, list):
            return "hit " + n.figures(option)
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
    if kind == "consume_order":
        if isinstance(option, Mapping):
            elements = " and ".join(str(e) for e in option.get("elements") or [])
            return f"consume {elements} for enhancement {int(option.get('consume', 0)) + 1}"
        return "consume nothing more"
    if kind == "remove_active" and isinstance(option, str):
        if option == "keep":
            return "keep the active cards"
        return f"put {card_name(content, actor, option)} in the lost pile (its bonus ends)"
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
