"""Battle goals (GH-BG): two dealt to each character before the scenario, one kept, checked
when it ends.

Dealing (GH-BG-01) happens before the game, as choosing hands does: :func:`deal` draws two
goals per character from the pack's shuffled deck (one deck copy of each goal, so no two
characters hold the same one); as the scenario is set up each character chooses the one it
keeps (:func:`choose`, a ``battle_goal`` decision; a bot keeps :func:`preferred`). The
game then holds each character's goals in ``Game.battle_goals`` (the kept one first) and,
when the scenario ends, :func:`outcomes` checks each kept goal against what happened: a
counter of the character's scenario (read from the game's events, so a referee can
recount it from the log) compared with a number or with the other
characters, or being the last to become exhausted. The checkmarks are gained only if the
scenario was won (GH-BG-02/03), exhausted or not (GH-BG-05, GH-END-03); every goal then
returns to the deck (GH-BG-06, GH-END-04: nothing is kept between games here).

Readings (the rules and the seed name no counters): a character's *kills* are the monsters
its own attacks, retaliation or effects killed (``by`` the character - a monster it pushed
or pulled into a trap or hazardous terrain included; a summon's kills are the summon's); *lowest-initiative* is the lowest initiative of the ability cards it played
(both cards of each round; a long rest plays none), 99 if it played none; *most* and
*fewest* mean strictly more (fewer) than every other character, so a tie meets neither,
and are met by a character alone in the party.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from questforge.engine.core.rng import Rng
from questforge.engine.gloomhaven.game.spec import BattleGoalSpec, Content

#: the counters a ``counter`` condition may name (the schema's enum)
COUNTERS = (
    "money-looted",
    "treasures-looted",
    "kills",
    "elite-kills",
    "damage-suffered",
    "damage-dealt",
    "lowest-initiative",
    "highest-initiative",
    "long-rests",
    "short-rests",
    "cards-lost",
    "items-used",
    "xp-gained",
    "doors-opened",
    "traps-sprung",
)

#: the initiative a character that played no ability card is counted with (a long rest's)
NO_CARD_INITIATIVE = 99


def deal(content: Content, characters: Sequence[str], rng: Rng) -> dict[str, tuple[str, ...]]:
    """GH-BG-01: two goals for each character, in party order, from the pack's deck
    shuffled with ``rng``, as long as the deck lasts (a character then gets one or none)."""
    deck = list(content.battle_goals)
    rng.shuffle(deck)
    out: dict[str, tuple[str, ...]] = {}
    for cid in characters:
        drawn, deck = deck[:2], deck[2:]
        if drawn:
            out[cid] = tuple(drawn)
    return out


def preferred(content: Content, goals: Sequence[Any]) -> int:
    """Which of the goals dealt a simulated player keeps (GH-BG-01): the one worth more
    checkmarks among those the engine can check, else the first drawn."""
    specs = [content.battle_goals[str(g)] for g in goals]
    return max(range(len(specs)), key=lambda i: (bool(specs[i].type), specs[i].checkmarks, -i))


def keep_first(content: Content, dealt: Mapping[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
    """The goals dealt with the one a simulated player keeps (:func:`preferred`) first,
    then the other."""
    out: dict[str, tuple[str, ...]] = {}
    for cid, goals in dealt.items():
        best = goals[preferred(content, goals)] if goals else None
        out[cid] = tuple(g for g in goals if g == best) + tuple(g for g in goals if g != best)
    return out


def choose(
    ask: Callable[..., int], dealt: Mapping[str, Sequence[str]]
) -> dict[str, tuple[str, ...]]:
    """GH-BG-01 as the scenario is set up: each character holding two goals chooses the one
    it keeps (``ask``: :meth:`Rules.ask`, a ``battle_goal`` decision whose options are the
    goal ids); the kept goal first, then the other. The choice is in the game's decisions,
    not in its events: the goals stay secret until the scenario ends (GH-BG-04)."""
    out: dict[str, tuple[str, ...]] = {}
    for cid, goals in dealt.items():
        goals = tuple(goals)
        index = (
            ask(
                "battle_goal",
                cid,
                list(goals),
                {"character": cid},
                "Which battle goal do you keep?",
            )
            if goals
            else 0
        )
        out[cid] = (goals[index], *goals[:index], *goals[index + 1 :])
    return out


def condition_text(goal: BattleGoalSpec) -> str:
    """A goal's condition in words, for a player choosing one (``""`` for text only)."""
    if goal.type == "last-exhausted":
        return "be the last character exhausted, or not exhausted"
    if goal.type != "counter":
        return ""
    what = goal.counter.replace("-", " ")
    if goal.compare in ("most", "fewest"):
        return f"{goal.compare} {what} of the party"
    return f"{what} {goal.compare.replace('-', ' ')} {goal.value}"


@dataclass(frozen=True)
class GoalOutcome:
    """One character's kept battle goal when the scenario ended."""

    character: str
    goal: str
    #: the condition was met (``False`` for a goal the engine cannot check)
    met: bool
    #: checkmarks gained: the goal's if met and the scenario won (GH-BG-02/03/05)
    checkmarks: int
    #: the counter compared and its value for this character (``None`` for other conditions)
    counter: str | None
    count: int | None
    #: the goals dealt beside it and discarded (GH-BG-01)
    discarded: tuple[str, ...]


def _one(event: Any) -> int:
    return 1


#: the events that count, one character each: event type -> the field naming the
#: character, and each counter with what the event adds to it
_COUNTED: dict[str, tuple[str, tuple[tuple[str, Callable[[Any], int]], ...]]] = {
    "loot": (
        "character",
        (
            ("money-looted", lambda e: int(e.get("coins") or 0)),
            ("treasures-looted", lambda e: 1 if e.get("treasure") else 0),
        ),
    ),
    "monster_killed": (
        "by",
        (("kills", _one), ("elite-kills", lambda e: 1 if e.get("elite") else 0)),
    ),
    "long_rest": ("character", (("long-rests", _one),)),
    "short_rest": ("character", (("short-rests", _one),)),
    "item_used": ("character", (("items-used", _one),)),
    "xp": ("character", (("xp-gained", lambda e: int(e.get("amount") or 0)),)),
    "door_opened": ("by", (("doors-opened", _one),)),
    "trap_sprung": ("figure", (("traps-sprung", _one),)),
}


def counters(
    events: Iterable[Any], content: Content, characters: Sequence[str]
) -> dict[str, dict[str, int]]:
    """Every counter of :data:`COUNTERS` for each character, from the game's events (plus
    cards lost, from the final state, by the caller)."""
    out = {cid: dict.fromkeys(COUNTERS, 0) for cid in characters}
    played: dict[str, list[int]] = {cid: [] for cid in characters}
    for e in events:
        t = e.type
        counted = _COUNTED.get(t)
        if counted is not None:
            who, adds = counted
            c = out.get(e.get(who))
            if c is not None:
                for counter, add in adds:
                    c[counter] += add(e)
        elif t == "damage":
            amount = int(e.get("amount") or 0)
            target, source = e.get("figure"), e.get("source")
            if target in out:
                out[target]["damage-suffered"] += amount
            if source in out and source != target:
                out[source]["damage-dealt"] += amount
        elif t == "plan":
            cid = e.get("character")
            cards = e.get("cards")
            if cid in played and cards:
                card = content.classes[cid].card
                played[cid].extend(card(str(c)).initiative for c in cards)
    for cid, initiatives in played.items():
        out[cid]["lowest-initiative"] = min(initiatives, default=NO_CARD_INITIATIVE)
        out[cid]["highest-initiative"] = max(initiatives, default=NO_CARD_INITIATIVE)
    return out


def met(
    goal: BattleGoalSpec,
    cid: str,
    counts: Mapping[str, Mapping[str, int]],
    exhausted_order: Sequence[str],
) -> bool:
    """Whether character ``cid`` met ``goal`` (``exhausted_order``: characters in the order
    they became exhausted)."""
    if goal.type == "last-exhausted":
        if cid not in exhausted_order:
            return True
        before = exhausted_order[: exhausted_order.index(cid)]
        return all(c in before for c in counts if c != cid)
    if goal.type != "counter" or goal.counter not in COUNTERS:
        return False
    mine = counts[cid][goal.counter]
    others = [c[goal.counter] for other, c in counts.items() if other != cid]  # GH-BG-02
    if goal.compare == "at-least":
        return mine >= goal.value
    if goal.compare == "at-most":
        return mine <= goal.value
    if goal.compare == "most":
        return all(mine > o for o in others)
    if goal.compare == "fewest":
        return all(mine < o for o in others)
    return False


def outcomes(
    content: Content,
    goals: Mapping[str, Sequence[str]],
    characters: Sequence[str],
    events: Sequence[Any],
    cards_lost: Mapping[str, int],
    won: bool,
) -> list[GoalOutcome]:
    """GH-BG-02/03/05, GH-END-02: each character's kept goal checked, in party order."""
    if not goals:
        return []
    counts = counters(events, content, characters)
    for cid, lost in cards_lost.items():
        if cid in counts:
            counts[cid]["cards-lost"] = lost
    order = [str(e.get("character")) for e in events if e.type == "exhausted"]
    out = []
    for cid in characters:
        held = goals.get(cid)
        if not held:
            continue
        goal = content.battle_goals[held[0]]
        ok = met(goal, cid, counts, order)
        counted = goal.type == "counter" and goal.counter in COUNTERS
        out.append(
            GoalOutcome(
                cid,
                goal.id,
                ok,
                goal.checkmarks if ok and won else 0,
                goal.counter if counted else None,
                counts[cid][goal.counter] if counted else None,
                tuple(held[1:]),
            )
        )
    return out
