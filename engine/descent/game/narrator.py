"""English sentences for Descent events and decision options, and a text board view.

One narrator for the terminal, the editor's playtest and reports: :func:`describe_event`,
:func:`describe_option`, :func:`board_text`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from questforge.engine.core.events import Event

if TYPE_CHECKING:
    from questforge.engine.descent.game.game import DescentGame
    from questforge.engine.descent.model import Die


def pretty(uid: Any) -> str:
    """A figure id as words when no game is at hand (``gloomkin-3`` -> ``Gloomkin 3``)."""
    return " ".join(part.capitalize() for part in str(uid).split("-"))


def _names(game: DescentGame | None) -> Callable[[Any], str]:
    def name(uid: Any) -> str:
        if uid is None:
            return "nobody"
        if str(uid).startswith("square-"):  # an empty target square (DJ-ATK-01)
            x, y = str(uid).split("-")[1:3]
            return f"the square ({x}, {y})"
        if game is None:
            return pretty(uid)
        fig = game.figure(str(uid))
        return fig.name if fig is not None else pretty(uid)

    return name


def dice_words(rolls: Any, dice: Mapping[str, Die] | None) -> str:
    """What each rolled die shows (``red 1 range 2 damage, black surge``), so a reader can
    check every total the engine draws from the roll; ``red#3`` when the faces are not at
    hand."""
    out = []
    for ident, index in rolls or ():
        die = dice.get(ident) if dice is not None else None
        if die is None or not 0 <= index < len(die.faces):
            out.append(f"{ident}#{index}")
            continue
        f = die.faces[index]
        parts = ["MISS"] if f.miss else []
        for amount, word in (
            (f.range, "range"),
            (f.damage, "damage"),
            (f.surges, "surge"),
            (f.enhancements, "enhancement"),
        ):
            if amount:
                parts.append(f"{amount} {word}")
        out.append(f"{ident} [{', '.join(parts) or 'blank'}]")
    return ", ".join(out) or "no dice"


def _bonus_words(bonus: Any) -> str:
    """``, +1 damage +1 surge`` for the fixed bonuses an attack adds to its roll."""
    if not isinstance(bonus, Mapping):
        return ""
    words = [f"+{bonus[k]} {k.rstrip('s')}" for k in ("damage", "range", "surges") if bonus.get(k)]
    return (", " + " ".join(words)) if words else ""


def _sq(cell: Any) -> str:
    return (
        f"({cell[0]}, {cell[1]})" if isinstance(cell, (list, tuple)) and len(cell) == 2 else "town"
    )


def describe_event(
    event: Event, game: DescentGame | None = None, dice: Mapping[str, Die] | None = None
) -> str:
    """One sentence for ``event``; figure ids become names when ``game`` is given; rolled
    dice are spelled out face by face from ``dice`` (or ``game``'s pack)."""
    n = _names(game)
    if dice is None and game is not None:
        dice = game.pack.dice
    e: Mapping[str, Any] = event.data
    t = event.type
    table: dict[str, Callable[[], str]] = {
        "hero-joined": lambda: (
            f"{n(e['hero'])} joins with {e['wounds']} wounds, {e['fatigue']} fatigue and {e['gold']} gold"
            # the skills drawn (DJ-SETUP-03): their extra wounds and fatigue are in the totals
            + (f"; skills {', '.join(e['skills'])}." if e.get("skills") else ".")
        ),
        "skill-not-played": lambda: (
            f"Warning: {n(e['hero'])}'s skill {e['skill']} is not played by the engine"
            f" ({e['why']})."
        ),
        "shop-visited": lambda: f"{n(e['hero'])} visits the shop with {e['gold']} gold.",
        "bought": lambda: f"{n(e['hero'])} buys {e['item']} ({e['what']}) for {e['price']} gold.",
        "item-sold": lambda: f"{n(e['hero'])} sells {e['item']} for {e['price']} gold.",
        "item-equipped": lambda: f"{n(e['hero'])} equips {e['item']}.",
        "item-packed": lambda: f"{n(e['hero'])} packs {e['item']}.",
        "item-given": lambda: f"{n(e['hero'])} gives {e['item']} to {n(e['to'])}.",
        "item-dropped": lambda: f"{n(e['hero'])} drops {e['item']}.",
        "item-picked-up": lambda: (
            f"{n(e['hero'])} picks up {e['item']}, lying at {_sq(e['cell'])}."
        ),
        "potion-gained": lambda: f"{n(e['hero'])} gains a {e['potion']} potion.",
        "quest-started": lambda: f"The quest {e['quest']} begins with {e['conquest']} conquest.",
        "hero-count-unsupported": lambda: (
            f"Warning: the quest is written for {', '.join(str(k) for k in e['supported'])}"
            f" heroes, not {e['heroes']}: monsters use the {e['used']}-hero marks and stats."
        ),
        "area-revealed": lambda: f"The area {e['area']} is revealed.",
        "monster-placed": lambda: (
            f"A {e['rank']} {e['monster']} appears at {_sq(e['cell'])} ({e['why']})"
            # the figure's id, and the named monster it is: the later lines name the figure
            + f" as {pretty(e['figure'])}"
            + (f", the named monster {e['named']}" if e.get("named") else "")
            + f", {e['wounds']} wounds."
        ),
        "hero-placed": lambda: f"{n(e['hero'])} starts at {_sq(e['cell'])}.",
        "round-started": lambda: (
            f"Round {e['round']}: conquest {e['conquest']}, threat {e['threat']}."
        ),
        "hero-turn-started": lambda: (
            f"{n(e['hero'])}'s turn ({e['wounds']} wounds, {e['fatigue']} fatigue)."
        ),
        "hero-turn-ended": lambda: f"{n(e['hero'])} ends the turn.",
        "action-chosen": lambda: (
            f"{n(e['hero'])} chooses {e['action']} ({e['mp']} movement, {e['attacks']} attack(s))."
        ),
        "order-placed": lambda: f"{n(e['hero'])} places a {e['order']} order.",
        "armor-raised": lambda: (
            f"{n(e['hero'])} has +{e['armor']} armor until the next turn ({e['why']})."
        ),
        "orders-lost": lambda: f"{n(e['hero'])} loses the order(s) {', '.join(e['orders'])}.",
        "orders-cancelled": lambda: "Aim and Dodge cancel each other.",
        "attack-aimed": lambda: (
            f"{n(e['attacker'])} aims"
            + (" (the Aim token is spent)." if e["token"] else " (a two-handed bow: no token).")
        ),
        "fatigue-spent": lambda: f"{n(e['hero'])} spends {e['amount']} fatigue for {e['why']}.",
        "fatigue-restored": lambda: (
            f"{n(e['hero'])} is back to {e['fatigue']} fatigue ({e['why']})."
        ),
        "figure-moved": lambda: (
            f"{n(e['figure'])} moves to {_sq(e['path'][-1])}"
            + (f" ({e['why']})." if e["why"] != "move" else ".")
        ),
        "mp-spent": lambda: f"({n(e['figure'])}: {e['cost']} MP for {e['why']}, {e['left']} left.)",
        "figure-turned": lambda: (
            f"{n(e['figure'])} turns and now covers "
            + ", ".join(_sq(c) for c in e["squares"])
            + "."
        ),
        "fell-in-pit": lambda: f"{n(e['figure'])} falls into the pit at {_sq(e['cell'])}.",
        "door-closed": lambda: f"{n(e['hero'])} closes the door {e['door']}.",
        "door-opened": lambda: (
            f"{n(e['hero'])} opens the door {e['door']}."
            if e["hero"]
            else f"The door {e['door']} opens."
        ),
        "chest-opened": lambda: f"{n(e['hero'])} opens the chest {e['chest']}.",
        "treasure-drawn": lambda: (
            # a drawn treasure not kept is discarded for the tier's full price (DJ-TREAS-05..07),
            # not sold at the town's half price (DJ-SHOP-04)
            f"{n(e['hero'])} draws {e['item']} ({e['tier']}) and "
            + ("keeps it." if e["kept"] else "discards it for gold.")
        ),
        "treasure-empty": lambda: f"The {e['tier']} treasure deck is empty.",
        "gold-gained": lambda: (
            f"{', '.join(n(h) for h in e['heroes'])} gain{'s' if len(e['heroes']) == 1 else ''}"
            f" {e['amount']} gold ({e['why']})."
        ),
        "glyph-activated": lambda: f"{n(e['hero'])} activates the glyph {e['glyph']}.",
        "runekey-taken": lambda: f"{n(e['hero'])} takes the {e['colour']} runekey.",
        "hero-to-town": lambda: f"{n(e['hero'])} steps through the glyph to town.",
        "hero-from-town": lambda: f"{n(e['hero'])} returns from town to {_sq(e['cell'])}.",
        "potion-drunk": lambda: f"{n(e['hero'])} drinks a {e['potion']} potion.",
        "healed": lambda: (
            f"{n(e['figure'])} heals {e['wounds']} wound(s)"
            + (f" after {e['poison_removed']} poison." if e["poison_removed"] else ".")
        ),
        "attack-declared": lambda: (
            f"{n(e['attacker'])} attacks {n(e['target'])} with {e['source']} ({e['attack']}, distance {e['distance']}"
            + _bonus_words(e.get("bonus"))
            + ")."
        ),
        "dice-rolled": lambda: f"{n(e['attacker'])} rolls {dice_words(e['rolls'], dice)}.",
        "breath-laid": lambda: (
            f"{n(e['attacker'])}'s breath covers " + ", ".join(_sq(c) for c in e["squares"]) + "."
        ),
        "dice-rerolled": lambda: f"{e['why'].title()} reroll: now {dice_words(e['rolls'], dice)}.",
        "surge-spent": lambda: (
            f"{n(e['attacker'])} spends {e['cost']} surge(s)"
            + (
                " to overcome Fear."
                if e["ability"] == "fear"
                else f" on {e['ability']}."
                if e["ability"]
                else f" for +{e['damage']} damage, +{e['range']} range."
            )
        ),
        "attack-missed": lambda: (
            f"{n(e['attacker'])} misses {n(e['target'])} ({e['why']}"
            + (f", range {e['range']})." if e.get("range") is not None else ").")
        ),
        "attack-hit": lambda: (
            f"{n(e['attacker'])} hits {n(e['target'])}: {e['damage']} damage against armor {e['armor']}"
            + (f" (Pierce ignores {e['pierced']})" if e.get("pierced") else "")
            + f", {e['dealt']} dealt"
            + (f" (range {e['range']})." if e.get("range") is not None else ".")
        ),
        "damage-taken": lambda: (
            f"{n(e['figure'])} takes {e['amount']} ({e['why']}), {e['wounds']} wound(s) left."
        ),
        "condition-added": lambda: (
            f"{n(e['figure'])} gains {e['tokens']} {e['condition']} token(s)."
        ),
        "burn-rolled": lambda: (
            f"{n(e['figure'])} rolls {dice_words(e.get('rolls'), dice)} against burn:"
            f" {e['remaining']} token(s) left."
        ),
        "web-rolled": lambda: (
            f"{n(e['figure'])} rolls {dice_words(e.get('rolls'), dice)} against web:"
            f" {e['remaining']} token(s) left."
        ),
        "undying-rolled": lambda: (
            f"{n(e['figure'])} rolls {dice_words(e['rolls'], dice)} for Undying"
            + (": it rises." if e["rises"] else ": it stays dead.")
        ),
        "stun-removed": lambda: f"{n(e['figure'])} shakes off a stun ({e['remaining']} left).",
        "hero-killed": lambda: (
            f"{n(e['hero'])} is killed at {_sq(e['cell'])} and loses {e['gold_lost']} gold."
        ),
        "monster-killed": lambda: f"{n(e['figure'])} is killed by {n(e['by'])}.",
        "monster-undying": lambda: f"{n(e['figure'])} rises again with {e['wounds']} wounds.",
        "conquest-changed": lambda: f"Conquest {e['amount']:+d} ({e['why']}): {e['total']}.",
        "threat-changed": lambda: (
            f"The Overlord gains {e['amount']} threat ({e['why']}): {e['total']}."
        ),
        "quest-event": lambda: e["text"] or f"Event {e['event']} fires.",
        "overlord-turn-started": lambda: "The Overlord's turn.",
        "overlord-turn-ended": lambda: "The Overlord ends the turn.",
        "overlord-drew": lambda: f"The Overlord draws a card ({e['hand']} in hand).",
        "overlord-deck-reshuffled": lambda: "The Overlord reshuffles the discards.",
        "overlord-discarded": lambda: (
            f"The Overlord discards {e['card']} for {e['threat']} threat."
        ),
        "overlord-card-lost": lambda: (
            f"{n(e['hero'])}'s {e['why']} makes the Overlord discard {e['card']}."
        ),
        "overlord-played": lambda: (
            f"The Overlord plays {e['card']} ({e['card_type']}) for {e['cost']} threat:"
            f" {e['threat']} left."
        ),
        "monster-recalled": lambda: f"{n(e['figure'])} leaves {_sq(e['cell'])} to be spawned anew.",
        "spawn-skipped": lambda: f"No {e['rank']} {e['monster']} can appear ({e['why']}).",
        "trap-sprung": lambda: f"The trap {e['card']} deals {e['damage']} to {n(e['hero'])}.",
        "monkey-rolled": lambda: (
            f"{n(e['hero'])} rolls {dice_words(e.get('rolls'), dice)} and"
            f" {'turns into a monkey' if e['monkey'] else 'resists the Monkey God'}."
        ),
        "monkey-token-removed": lambda: (
            f"{n(e['hero'])} is a monkey for {e['remaining']} more turn(s)."
        ),
        "monster-activated": lambda: f"{n(e['figure'])} activates.",
        "monster-idle": lambda: f"{n(e['figure'])} does nothing this activation ({e['why']}).",
        "taunted": lambda: f"{n(e['hero'])} taunts {n(e['figure'])}.",
        "guard-triggered": lambda: f"{n(e['hero'])} guards and strikes {n(e['figure'])}.",
        "game-ended": lambda: (
            f"The game ends in round {e['round']}: the heroes {'win' if e['outcome'] == 'won' else 'lose' if e['outcome'] == 'lost' else 'stop'} ({e['reason']})."
        ),
    }
    make = table.get(t)
    return make() if make is not None else f"{t}: {dict(e)}"


def describe_option(kind: str, option: Any, game: DescentGame | None = None) -> str:
    """One phrase for a decision option."""
    n = _names(game)
    if isinstance(option, dict):
        if "do" in option:
            do = option["do"]
            if do == "move":
                lying = (
                    f" lying {option['size'][0]}x{option['size'][1]}" if option.get("size") else ""
                )
                return f"move to {_sq(option['to'])}{lying} ({option['cost']} MP)"
            if do == "attack":
                weapon = f" with {option['weapon']}" if option.get("weapon") else ""
                return f"attack {n(option['target'])} at {_sq(option['cell'])}{weapon}"
            if do == "attack-square":
                weapon = f" with {option['weapon']}" if option.get("weapon") else ""
                return f"attack the empty square {_sq(option['cell'])}{weapon}"
            if do == "order":
                return "place the Ready order now"
            if do == "close-door":
                return f"close the door {option['door']} ({option['cost']} MP)"
            if do == "open-door":
                return f"open the door {option['door']} ({option['cost']} MP)"
            if do == "open-chest":
                return f"open the chest {option['chest']}"
            if do == "stairs":
                return f"take the stairs to {_sq(option['to'])}"
            if do == "to-town":
                return "go to town by the glyph"
            if do == "from-town":
                return f"return by the glyph {option['glyph']} to {_sq(option['to'])}"
            if do == "potion":
                return f"drink a {option['potion']} potion"
            if do == "drop":
                return f"drop {option['item']}"
            if do == "pick-up":
                return "pick up what lies here (0 MP)"
            if do == "equip":
                return f"equip {option['item']} ({option['cost']} MP)"
            if do == "give":
                return f"give {option['item']} to {n(option['to'])} ({option['cost']} MP)"
            if do == "telekinesis":
                return f"move {n(option['figure'])} to {_sq(option['to'])} with telekinesis"
            if do == "fatigue-attack":
                return f"spend {option['fatigue']} fatigue for another attack ({option['skill']})"
            if do == "fatigue-mp":
                return "spend 1 fatigue for 1 movement point"
            if do == "shop":
                return "visit the shop"
            return "end the turn" if kind == "step" else "end the activation"
        if "buy" in option:
            b = option["buy"]
            if b == "done":
                return "leave the shop"
            if b == "sell":
                return f"sell {option['item']} for {option['price']}"
            if b == "sell-worn":
                return f"sell the worn {option['item']} for {option['price']}"
            if b == "sell-potion":
                return f"sell a {option['potion']} potion for {option['price']}"
            what = (
                option.get("item")
                or option.get("tier")
                or option.get("trait")
                or (f"a {option['deck']} card" if "deck" in option else None)
            )
            return f"buy {what} ({b}) for {option['price']}"
        if "play" in option:
            p = option["play"]
            if p == "done":
                return "stop playing cards"
            if p == "discard":
                return f"discard {option['card']} for {option['threat']} threat"
            return f"play {option['card']} ({p}, {option['cost']} threat)"
        if "spend" in option:
            s = option["spend"]
            if s == "done":
                return "spend no more surges"
            if s == "threat":
                return "trade 2 surges for 1 threat"
            bits = [f"+{option[k]} {k}" for k in ("damage", "range") if option.get(k)]
            if option.get("ability"):
                bits.append(
                    option["ability"] + (f" {option['rank']}" if option.get("rank") else "")
                )
            return f"{option['cost']} surge(s): " + ", ".join(bits)
    if isinstance(option, list) and len(option) == 2:
        return f"square {_sq(option)}"
    if kind in ("hero-order", "monster-order"):
        return n(option)
    if kind == "power-dice":
        return f"{option} extra power dice"
    return str(option)


def board_text(game: DescentGame, marks: Mapping[tuple[int, int], str] | None = None) -> str:
    """The map as text: ``#`` unrevealed, ``.`` floor, terrain, objects, figures, doors.

    Legend: digits heroes (seat order), ``m`` normal and ``M`` master monsters, ``N`` named,
    ``C`` chest, ``G``/``g`` active/inactive glyph, ``S`` stairs, ``K`` runekey, ``$`` coins,
    ``+`` potion, ``o`` pit, ``%`` rubble, ``~`` water, ``^`` lava.
    """
    cells = game.qmap.cells
    if not cells:
        return "(empty map)"
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    glyph: dict[tuple[int, int], str] = {}
    for c in cells:
        glyph[c] = "." if game.qmap.area_of[c] in game.revealed else "#"
    for c, t in game.quest.terrain.items():
        if c in cells and glyph.get(c) == ".":
            glyph[c] = {"pit": "o", "rubble": "%", "water": "~", "lava": "^"}.get(t, "?")
    for o in game.quest.objects:
        if o.id in game.taken or glyph.get(o.cell) == "#":
            continue
        mark = {"chest": "C", "stairs": "S", "runekey": "K", "coins": "$"}.get(o.type, "+")
        if o.type == "glyph":
            mark = "G" if o.id in game.glyphs else "g"
        glyph[o.cell] = mark
    for m in game.monsters:
        for c in m.squares:
            glyph[c] = "N" if m.named else ("M" if m.rank == "master" else "m")
    for i, h in enumerate(game.heroes):
        if h.cell is not None:
            glyph[h.cell] = str(i + 1)
    for c, mark in (marks or {}).items():
        glyph[c] = mark[-1]
    lines = []
    for y in range(min(ys), max(ys) + 1):
        lines.append("".join(glyph.get((x, y), " ") for x in range(min(xs), max(xs) + 1)).rstrip())
    status = [
        f"round {game.round}  conquest {game.conquest}  threat {game.threat}  hand {len(game.hand)}",
    ]
    for i, h in enumerate(game.heroes):
        where = "town" if h.cell is None else _sq(h.cell)
        status.append(
            f"{i + 1} {h.name}: {h.wounds}/{h.max_wounds} wounds, {h.fatigue}/{h.max_fatigue} fatigue, "
            f"{h.gold} gold, {where}"
        )
    return "\n".join([*lines, "", *status])
