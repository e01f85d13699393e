"""Engine abilities and actions in words, as a card would print them.

``questforge play`` (terminal) and the editor's playtest window both show ability cards
and the options that name them; they share these plain strings (no markup) so the two
front ends describe the same card the same way. A front end may style the text.

``Move 2 (jump) · Attack 3 (range 3, pierce 1, poison) [lost, 1 XP]``

On a monster ability card the ``move`` and ``attack`` values and an attack's range modify
the stat card (GH-MMOVE-01, GH-MATK-01, GH-MATK-05); :func:`monster_ability_text` prints
them signed (``Attack +1 (range -1)``) so they are not read as absolute numbers.
"""

from __future__ import annotations

from questforge.engine.gloomhaven.game.spec import Ability, Action, Consume

#: between the abilities of one action
ABILITY_SEPARATOR = " · "


def _number(value: int, relative: bool) -> str:
    return f"{value:+d}" if relative else str(value)


def _value(ab: Ability, relative: bool) -> str:
    """The ability's value: a formula (boss specials, GH-SPEC-08) where there is one."""
    return ab.value_formula or _number(ab.value, relative)


def _consume_text(c: Consume) -> str:
    """``consume ice: +2, range +1, wound``: the elements, then every enhancement printed."""
    parts = [f"{c.value:+d}"] if c.value else []
    for label, amount in (("range", c.range), ("target", c.targets), ("pierce", c.pierce)):
        if amount:
            parts.append(f"{label} {amount:+d}")
    for label, amount in (("push", c.push), ("pull", c.pull)):
        if amount:
            parts.append(f"{label} {amount}")
    if c.add_target:
        parts.append("add a target")
    if c.aoe is not None:
        parts.append(f"area of {len(c.aoe.hexes)} hexes")
    if c.jump:
        parts.append("jump")
    parts.extend(c.conditions)
    if c.xp:
        parts.append(f"XP {c.xp}")
    parts.extend(ability_text(a) for a in c.abilities)
    return "consume " + "+".join(c.elements) + (": " + ", ".join(parts) if parts else "")


def ability_text(ab: Ability, *, relative: bool = False) -> str:
    """``Attack 3 (range 3, pierce 1, poison)``: one ability in card wording.

    ``relative``: the ability is on a monster ability card (see the module docstring).
    """
    kind = ab.type
    extras: list[str] = []
    if kind == "attack":
        head = f"Attack {_value(ab, relative)}"
        if ab.range:
            extras.append(f"range {_number(ab.range, relative)}")
        if ab.targets > 1:
            extras.append(f"target {ab.targets}")
        if ab.aoe is not None:
            extras.append(f"area {len(ab.aoe.hexes)} hexes")
        for name, value in (("pierce", ab.pierce), ("push", ab.push), ("pull", ab.pull)):
            if value:
                extras.append(f"{name} {value}")
        if ab.add_target:
            extras.append("add target")
    elif kind == "move":
        head = f"Move {_value(ab, relative)}"
        if ab.jump:
            extras.append("jump")
        if ab.flying:
            extras.append("flying")
    elif kind == "heal":
        head = f"Heal {_value(ab, False)}"
        extras.append("self" if ab.affects == "self" or ab.range is None else f"range {ab.range}")
    elif kind in ("shield", "retaliate", "loot", "xp"):
        head = f"{kind.title()} {_value(ab, False)}"
        if kind == "retaliate" and ab.range and ab.range > 1:
            extras.append(f"range {ab.range}")
        if ab.affects not in ("", "self") and kind in ("shield", "retaliate"):
            extras.append("ally" if ab.affects == "ally" else "allies")
    elif kind == "summon" and ab.stats is not None:
        sm = ab.stats
        head = f"Summon {ab.name} (HP {sm.health}, move {sm.move}, attack {sm.attack})"
    elif kind == "summon" and ab.monster:
        head = f"Summon {'elite ' if ab.rank == 'elite' else ''}{ab.monster}"
    elif kind in ("recover", "refresh"):
        which = ab.pile if kind == "recover" else ab.items
        head = f"{kind.title()} {ab.count or 1} {which}".rstrip()
    elif kind == "infuse":
        head = "Infuse " + "/".join(ab.elements)
    elif kind == "condition":
        head = ", ".join(ab.conditions) or "condition"
        if ab.affects:
            extras.append(ab.affects)
    elif kind == "disarm":  # GH-TRAP-03
        head = "Disarm trap" if ab.targets <= 1 else f"Disarm {ab.targets} traps"
        extras.append(f"range {ab.range}" if ab.range else "adjacent")
    elif kind == "trap":  # GH-TRAP-05
        head = f"Create {ab.value} damage trap" if ab.value else "Create trap"
        extras.append(f"range {ab.range}" if ab.range else "adjacent")
    elif kind == "attack-bonus":  # GH-BONUS-01/02
        head = f"+{ab.value} Attack on your attacks"
    elif kind == "negate-damage":  # GH-BONUS-06
        head = "Negate the next damage"
    elif kind == "special":  # GH-BOSS-02: the boss special action's number
        head = f"Special {ab.number}" if ab.number else "Special"
    else:
        name = kind.replace("_", " ").capitalize()
        head = f"{name} {_value(ab, False)}" if ab.value or ab.value_formula else name
    if kind != "condition" and ab.conditions:
        extras.extend(ab.conditions)
    if kind != "infuse" and ab.elements:
        extras.append("infuse " + "/".join(ab.elements))
    for c in ab.consume:
        extras.append(_consume_text(c))
    return head + (f" ({', '.join(extras)})" if extras else "")


def monster_ability_text(ab: Ability) -> str:
    """An ability on a monster ability card: move/attack values and range are signed."""
    return ability_text(ab, relative=True)


def abilities_text(abilities: tuple[Ability, ...] | list[Ability]) -> str:
    """Several abilities (an action, an item) on one line; ``(nothing)`` for none."""
    return ABILITY_SEPARATOR.join(ability_text(a) for a in abilities) or "(nothing)"


def action_text(action: Action) -> str:
    """One card half: its abilities, then ``[lost, persistent, round, N XP]`` marks."""
    marks = []
    if action.lost:
        marks.append("lost")
    if action.persistent:
        marks.append("persistent")
    if action.round:
        marks.append("round")
    if action.xp:
        marks.append(f"{action.xp} XP")
    return abilities_text(action.abilities) + (f" [{', '.join(marks)}]" if marks else "")
