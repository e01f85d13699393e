"""Skill checks (AH-CHECK): the dice an investigator rolls for a check, successes, and
spending clues for more dice.

Functions of the game, not methods: the rules of one concern in one module, the game
object holding only the state and the step driver (:mod:`.engine`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from questforge.engine.arkham.game.state import InvState
from questforge.engine.arkham.model.types import SPECIAL_CHECKS

if TYPE_CHECKING:
    from questforge.engine.arkham.game.engine import ArkhamGame


def base_skill(game: ArkhamGame, inv: InvState, skill: str) -> int:
    data = game.model.investigators[inv.id]
    for slider, pos in zip(data.sliders, inv.sliders, strict=False):
        if slider.top == skill:
            return slider.top_values[pos]
        if slider.bottom == skill:
            return slider.bottom_values[pos]
    return 0


def modifier_sources(game: ArkhamGame, inv: InvState, check: str) -> list[tuple[str, int]]:
    """Every standing modifier to ``check`` and where it comes from (AH-CHECK-05): held
    cards without hands (by card id), the investigator's ability (``ability``), the
    Ancient One and the environment in play (by their ids)."""
    out: list[tuple[str, int]] = []
    for cid in inv.cards:
        c = game.card(cid)
        if c.hands == 0 and not c.is_spell:
            out += [(cid, b.amount) for b in c.bonuses if b.check == check]
    out += [
        ("ability", m.amount)
        for m in game.model.investigators[inv.id].modifiers
        if m.check == check
    ]
    if game.state.ancient_one:
        out += [
            (game.state.ancient_one, m.amount) for m in game.ancient.modifiers if m.check == check
        ]
    env = game.state.environment
    if env:
        out += [(env, m.amount) for m in game.model.mythos[env].modifiers if m.check == check]
    return out


def modifiers(game: ArkhamGame, inv: InvState, check: str) -> int:
    """Modifiers to ``check`` from held cards without hands, the investigator's
    ability, the Ancient One and the environment in play (AH-CHECK-05)."""
    return sum(amount for _, amount in modifier_sources(game, inv, check))


def skill(game: ArkhamGame, inv: InvState, check: str) -> int:
    """Dice for ``check`` before the check's own modifier: the skill a special check
    uses plus every modifier to that skill and to the special check (AH-CHECK-05)."""
    base = SPECIAL_CHECKS.get(check, check)
    value = base_skill(game, inv, base) + modifiers(game, inv, base)
    if base != check:
        value += modifiers(game, inv, check)
    return value


def standing(game: ArkhamGame, inv: InvState, check: str) -> list[dict[str, object]]:
    """The modifiers :func:`skill` adds, each with its source, for the log: to the skill
    a special check uses, then to the special check itself (AH-CHECK-02/05)."""
    base = SPECIAL_CHECKS.get(check, check)
    found = modifier_sources(game, inv, base)
    if base != check:
        found += modifier_sources(game, inv, check)
    return [{"source": source, "amount": amount} for source, amount in found if amount]


def success_on(inv: InvState) -> int:
    """The lowest die that succeeds: 5; 4 when blessed, 6 when cursed (AH-CHECK-04/07)."""
    return 4 if inv.blessed else 6 if inv.cursed else 5


def successes(game: ArkhamGame, inv: InvState, rolls: Sequence[int]) -> int:
    """5 and 6 succeed; 4-6 when blessed, only 6 when cursed (AH-CHECK-04/07)."""
    need = success_on(inv)
    return sum(1 for r in rolls if r >= need)


def check(
    game: ArkhamGame,
    inv: InvState,
    check: str,
    modifier: int = 0,
    difficulty: int = 1,
    *,
    label: str = "",
    extra: int = 0,
    count_only: bool = False,
    against: str | None = None,
) -> int:
    """A skill check (AH-CHECK-01..06); returns the successes (``count_only``) or
    1/0 for pass/fail. Clues may be spent after a failure, one extra die each.

    ``against`` names the monster of an evade, horror or combat check, or the Ancient
    One in the final battle (logged: with two monsters in an area, a failed evade that
    knocks the investigator out is otherwise never tied to the one whose awareness it
    was rolled against)."""
    value = skill(game, inv, check)
    dice = value + modifier + extra
    rolls = game.roll(dice) if dice > 0 else []  # 0 or fewer dice: automatic fail
    hits = successes(game, inv, rolls)
    game.emit(
        "check",
        investigator=inv.id,
        check=check,
        # how the dice were counted (AH-CHECK-02): the slider value, the skill with every
        # standing modifier, the check's own modifier, weapon and spell bonuses
        base=base_skill(game, inv, SPECIAL_CHECKS.get(check, check)),
        skill=value,
        # each standing modifier in ``skill`` and where it comes from (AH-CHECK-05)
        modifiers=standing(game, inv, check),
        modifier=modifier,
        bonus=extra,
        dice=max(dice, 0),
        rolls=rolls,
        successes=hits,
        # the die that counts as a success (AH-CHECK-07): a blessed "[2, 4]" is 1 success
        success_on=success_on(inv),
        difficulty=difficulty,
        label=label,
        **({"against": against} if against is not None else {}),
    )
    while (count_only or hits < difficulty) and inv.clues > 0:
        spend = game.ask(
            "spend-clue",
            inv.id,
            ["stop", "spend"],
            f"spend a clue for one more die on {check}?",
            check=check,
            label=label,
            successes=hits,
            difficulty=difficulty,
            clues=inv.clues,
        )
        if spend != "spend":
            break
        inv.clues -= 1
        die = game.roll(1)
        hits += successes(game, inv, die)
        game.emit("clue-spent", investigator=inv.id, roll=die[0], successes=hits)
    if count_only:
        return hits
    passed = hits >= difficulty
    game.emit("check-result", investigator=inv.id, check=check, passed=passed, label=label)
    return 1 if passed else 0
