"""How much a card half is worth to a character right now: the bots' card sense.

A simulated win rate only means something if the bots play like sensible people: attack
when an enemy can be reached, move when none can, heal when hurt, keep lost cards for when
they matter, and rest before running out of cards. These scores encode that, as plain
numbers on the engine's card records (:mod:`..game.spec`), independent of how the engine
phrases its decisions.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from questforge.engine.gloomhaven.game.spec import Ability, AbilityCard, Action

#: GH-TURN-05: the default halves every card offers
DEFAULT_ATTACK = 2
DEFAULT_MOVE = 2


class Situation(NamedTuple):
    """What a character faces when picking cards (a summary, cheap to compute).

    (A named tuple, immutable and compared by value like the frozen dataclass it was: the
    bots build one for nearly every decision, and a frozen dataclass's ``__init__`` sets
    each of its ten fields through ``object.__setattr__``, several times slower.)
    """

    #: movement points needed to get within melee reach of the nearest enemy (0: adjacent;
    #: None: no enemy revealed)
    steps_to_enemy: int | None
    #: steps to the nearest closed door (the way on when no enemy is in sight)
    steps_to_door: int | None
    hp: int
    max_hp: int
    hand: int
    discard: int
    lost: int
    #: enemies within 3 hexes: how much a multi-target or area attack could hit
    enemies_near: int = 1
    allies_hurt: int = 0
    coins_near: int = 0

    @property
    def damage(self) -> int:
        return self.max_hp - self.hp

    @property
    def in_melee(self) -> bool:
        return self.steps_to_enemy == 0


def _reach(situation: Situation, move: int, attack_range: int) -> bool:
    """Can an attack with ``attack_range`` hit this turn after moving ``move``?"""
    if situation.steps_to_enemy is None:
        return False
    # steps_to_enemy counts to an adjacent hex; a ranged attack saves range - 1 steps
    return situation.steps_to_enemy <= move + max(0, attack_range - 1)


def ability_value(ab: Ability, s: Situation, move_before: int) -> float:
    """The value of one ability given the situation and the movement already planned."""
    kind = ab.type
    if kind == "attack":
        rng = ab.range or 1
        targets = max(ab.targets, len(ab.aoe.hexes) if ab.aoe else 1)
        hits = min(targets, max(1, s.enemies_near))
        base = (
            ab.value * hits + 0.6 * len(ab.conditions) + 0.3 * ab.pierce + 0.2 * (ab.push + ab.pull)
        )
        if not _reach(s, move_before, rng):
            return 0.15 * base
        # a hit now is what wins the scenario before the cards run out: worth more than
        # a shield or a heal of the same number
        return 1.5 * base + 0.5
    if kind == "move":
        if s.in_melee:
            return 0.3 * ab.value
        useful = s.steps_to_enemy if s.steps_to_enemy is not None else s.steps_to_door
        if useful is None:
            return 0.2 * ab.value
        return 0.9 * min(ab.value, useful + 1) + (0.5 if ab.jump or ab.flying else 0.0)
    if kind == "heal":
        need = s.damage + (3 * s.allies_hurt if ab.affects != "self" else 0)
        return 1.1 * min(ab.value, need)
    if kind in ("shield", "retaliate"):
        return (1.2 if s.steps_to_enemy is not None and s.steps_to_enemy <= 3 else 0.2) * ab.value
    if kind == "loot":
        return 1.0 * min(s.coins_near, 3)
    if kind == "summon":
        spec = ab.stats
        return 3.0 + (0.3 * (spec.health + 2 * spec.attack) if spec else 0.0)
    if kind == "condition":
        return 1.0
    if kind == "recover":
        return 2.0 * min(ab.count or 1, s.lost) if ab.pile == "lost" else 0.5 * s.discard
    if kind in ("infuse", "xp"):
        return 0.3
    if kind == "attack-bonus":  # GH-BONUS-02: on every attack while the card stays
        return 1.6 * ab.value
    if kind == "negate-damage":  # GH-BONUS-06: a whole hit taken back
        return 2.5 if s.steps_to_enemy is not None and s.steps_to_enemy <= 3 else 1.0
    return 0.5


def action_value(action: Action, s: Situation, move_before: int = 0) -> float:
    """Value of performing ``action`` (a card half), lost-card cost included, after
    ``move_before`` movement points spent by the other half played first.

    The same number as :func:`action_value_of_abilities` (each ability's
    :func:`ability_value`, in order), from the action's :func:`compiled` form: the bots
    value a card half a few thousand times a game, and most of what
    :func:`ability_value` looks up is fixed for the card.
    """
    got = _COMPILED.get(id(action))
    form = got[1] if got is not None and got[0] is action else compiled(action)
    total = 0.0
    moved = move_before
    steps = s.steps_to_enemy
    for step in form[0]:
        code = step[0]
        if code == _ATTACK:
            _, extra, targets, value, conditions, pierce, forced = step
            near = s.enemies_near
            hits = min(targets, near if near > 1 else 1)
            base = value * hits + conditions + pierce + forced
            if steps is not None and steps <= moved + extra:
                total += 1.5 * base + 0.5
            else:
                total += 0.15 * base
        elif code == _MOVE:
            value = step[1]
            if steps == 0:
                total += 0.3 * value
            else:
                useful = steps if steps is not None else s.steps_to_door
                if useful is None:
                    total += 0.2 * value
                else:
                    total += 0.9 * min(value, useful + 1) + step[2]
            moved += value
        elif code == _CONSTANT:
            total += step[1]
        elif code == _SHIELD:
            total += (1.2 if steps is not None and steps <= 3 else 0.2) * step[1]
        elif code == _HEAL:
            need = s.max_hp - s.hp + (3 * s.allies_hurt if step[2] else 0)
            total += 1.1 * min(step[1], need)
        elif code == _LOOT:
            total += 1.0 * min(s.coins_near, 3)
        elif code == _RECOVER:
            total += 2.0 * min(step[2], s.lost) if step[1] else 0.5 * s.discard
        else:  # _NEGATE
            total += 2.5 if steps is not None and steps <= 3 else 1.0
    xp, bonus, lost = form[1]
    total += xp
    if bonus:
        total += 1.0
    if lost:
        # A lost card (GH-SEL-07) shortens the scenario for this character by two rounds
        # or so, and the bots run out of cards before they run out of HP: only worth it when
        # the effect is big, or when the end is near anyway (measured: a steeper premium
        # than 0.85x - 2.5 wins more of the bundled scenarios).
        cards_left = s.hand + s.discard
        total = total * 0.7 - (4.0 if cards_left > 4 else 1.5)
    return total


def action_value_of_abilities(action: Action, s: Situation, move_before: int = 0) -> float:
    """:func:`action_value` spelled out with :func:`ability_value` (the reference the
    compiled form is checked against)."""
    total = 0.0
    moved = move_before
    for ab in action.abilities:
        total += ability_value(ab, s, moved)
        if ab.type == "move":
            moved += ab.value
    total += 0.3 * action.xp
    if action.persistent or action.round:
        total += 1.0
    if action.lost:
        cards_left = s.hand + s.discard
        total = total * 0.7 - (4.0 if cards_left > 4 else 1.5)
    return total


_ATTACK, _MOVE, _CONSTANT, _SHIELD, _HEAL, _LOOT, _RECOVER, _NEGATE = range(8)

#: one ability as :func:`action_value` reads it: a code, then what :func:`ability_value`
#: would compute from the ability alone
_Step = tuple[Any, ...]
#: an action: its steps, and (0.3 * xp, persistent or round bonus, lost)
Compiled = tuple[tuple[_Step, ...], tuple[float, bool, bool]]

#: id(action) -> (the action, its compiled form); the action is kept so its id stays its own
_COMPILED: dict[int, tuple[Action, Compiled]] = {}


def compiled(action: Action) -> Compiled:
    """``action`` in the form :func:`action_value` evaluates (made once per action)."""
    got = _COMPILED.get(id(action))
    if got is not None and got[0] is action:
        return got[1]
    if len(_COMPILED) >= 4096:
        _COMPILED.clear()
    form = (
        tuple(_compile_ability(ab) for ab in action.abilities),
        (0.3 * action.xp, bool(action.persistent or action.round), bool(action.lost)),
    )
    _COMPILED[id(action)] = (action, form)
    return form


def _compile_ability(ab: Ability) -> _Step:
    """The parts of :func:`ability_value` that depend on the ability only, computed with
    the same operations (so the sums come out to the same floating-point numbers)."""
    kind = ab.type
    if kind == "attack":
        rng = ab.range or 1
        targets = max(ab.targets, len(ab.aoe.hexes) if ab.aoe else 1)
        return (
            _ATTACK,
            max(0, rng - 1),
            targets,
            ab.value,
            0.6 * len(ab.conditions),
            0.3 * ab.pierce,
            0.2 * (ab.push + ab.pull),
        )
    if kind == "move":
        return (_MOVE, ab.value, 0.5 if ab.jump or ab.flying else 0.0)
    if kind == "heal":
        return (_HEAL, ab.value, ab.affects != "self")
    if kind in ("shield", "retaliate"):
        return (_SHIELD, ab.value)
    if kind == "loot":
        return (_LOOT,)
    if kind == "recover":
        return (_RECOVER, ab.pile == "lost", ab.count or 1)
    if kind == "negate-damage":
        return (_NEGATE,)
    # the rest does not depend on the situation
    return (_CONSTANT, ability_value(ab, _ANY_SITUATION, 0))


#: a situation for abilities whose value does not depend on it (summon, condition, ...)
_ANY_SITUATION = Situation(None, None, 1, 1, 0, 0, 0)


def default_top(s: Situation, move_before: int = 0) -> float:
    """GH-TURN-05: the default "Attack 2" instead of a top action."""
    return DEFAULT_ATTACK + 0.5 if _reach(s, move_before, 1) else 0.3


#: GH-TURN-05: the default bottom's ability (built once: an ``Ability`` is costly to create)
_DEFAULT_MOVE_ABILITY = Ability("move", DEFAULT_MOVE)


def default_bottom(s: Situation) -> float:
    """GH-TURN-05: the default "Move 2" instead of a bottom action."""
    return ability_value(_DEFAULT_MOVE_ABILITY, s, 0)


def half_value(card: AbilityCard, half: str, s: Situation, move_before: int = 0) -> float:
    """The better of the printed half and its default replacement (a top after the other
    card's bottom moved ``move_before``)."""
    if half == "top":
        return max(action_value(card.top, s, move_before), default_top(s, move_before))
    return max(action_value(card.bottom, s), default_bottom(s))


def move_points(action: Action) -> int:
    """Movement an action gives (its move abilities together)."""
    return sum(ab.value for ab in action.abilities if ab.type == "move")


#: id(action) -> (the action, whether it attacks, its move points): fixed facts of content
#: cards, read for every card of every plan (the action is kept so its id stays its own)
_FACTS: dict[int, tuple[Action, bool, int]] = {}


def action_facts(action: Action) -> tuple[bool, int]:
    """(whether ``action`` has an attack, its move points), remembered per action."""
    got = _FACTS.get(id(action))
    if got is None or got[0] is not action:
        if len(_FACTS) >= 4096:
            _FACTS.clear()
        attacks = any(ab.type == "attack" for ab in action.abilities)
        got = _FACTS[id(action)] = (action, attacks, move_points(action))
    return got[1], got[2]


def bottom_move(card: AbilityCard, s: Situation) -> int:
    """How far the character gets by playing ``card``'s bottom first: its printed move, or
    the default Move 2 when that is the better choice (GH-TURN-05). A top attack after this
    move reaches enemies that far away, which is how a turn of "move, then attack" is
    valued."""
    printed = move_points(card.bottom)
    if printed:
        return printed
    return DEFAULT_MOVE if default_bottom(s) >= action_value(card.bottom, s) else 0


def pair_value(a: AbilityCard, b: AbilityCard, s: Situation) -> float:
    """Best split of two cards into one top and one bottom (GH-TURN-01); the top's attack
    counts the bottom's move (a character may play the bottom first)."""
    return max(
        half_value(a, "top", s, bottom_move(b, s)) + half_value(b, "bottom", s),
        half_value(b, "top", s, bottom_move(a, s)) + half_value(a, "bottom", s),
    )


def card_keep_value(card: AbilityCard, s: Situation) -> float:
    """How much a character wants to keep a card (for choosing which card to lose)."""
    return (
        max(action_value(card.top, s), 0.0)
        + max(action_value(card.bottom, s), 0.0)
        + (0.02 * (100 - card.initiative))
    )


def should_long_rest(s: Situation) -> bool:
    """Rest before exhaustion (GH-SEL-04/05, GH-EXH-01), and not needlessly.

    Every rest loses a card, so resting early only means resting more often: a character
    rests when it must (fewer than two cards in hand), or a little early when it is hurt
    and no enemy is close, since a long rest also heals 2 (GH-REST-06).
    """
    if s.discard < 2:
        return False
    if s.hand < 2:
        return True
    quiet = s.steps_to_enemy is None or s.steps_to_enemy > 3
    return s.hand <= 3 and s.discard >= 3 and s.damage >= 4 and quiet
