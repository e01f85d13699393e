"""Scenario setup (GH-SETUP, GH-LEVEL, GH-VAR, GH-REF-01/02, GH-COMP-03/05).

A :class:`Setup` is the part of a game's identity players choose: scenario, characters,
level, variant, hands. With the content, a seed and the decisions it defines the game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from questforge.engine.core.decks import Deck
from questforge.engine.core.game import SetupError as CoreSetupError
from questforge.engine.core.rng import Rng
from questforge.engine.gloomhaven.game.rules import Rules, new_character_figure
from questforge.engine.gloomhaven.game.spec import ClassSpec, Content, ItemSpec
from questforge.engine.gloomhaven.game.state import Character, GameState

#: GH-REF-02: gold per money token for L = 0..7
COIN_VALUE: tuple[int, ...] = (2, 2, 3, 3, 4, 4, 5, 6)


class SetupError(CoreSetupError):
    """The setup cannot be played with this content (unknown id, bad player count...)."""


def recommended_level(character_levels: Sequence[int], solo: bool = False) -> int:
    """GH-LEVEL-03: ceil(average character level / 2); the solo variant plays one level
    higher for monsters and traps (GH-VAR-02), see :func:`monster_level`."""
    if not character_levels:
        raise SetupError("no characters")
    avg = sum(character_levels) / len(character_levels)
    return max(0, min(7, math.ceil(avg / 2)))


def trap_damage(level: int, solo: bool = False) -> int:
    """GH-TRAP-04 / GH-REF-02: 2 + L, +1 in the solo variant (GH-VAR-02)."""
    return 2 + level + (1 if solo else 0)


def monster_level(level: int, solo: bool = False) -> int:
    """GH-MSTAT-05 (monster level = L), +1 in the solo variant (GH-VAR-02), at most 7."""
    return min(7, level + (1 if solo else 0))


def bonus_xp(level: int) -> int:
    """GH-END-05 / GH-REF-02: 4 + 2L (not raised by the solo variant, GH-VAR-02)."""
    return 4 + 2 * level


def coin_value(level: int) -> int:
    """GH-REF-02 (not raised by the solo variant, GH-VAR-02)."""
    return COIN_VALUE[level]


@dataclass(frozen=True)
class Setup:
    """What the players choose before the scenario (GH-SETUP-10).

    ``characters``: class ids, one character each (GH-CHAR-01), 2-4 of them (GH-VAR-01:
    one person may play several - that is the ``solo`` variant). ``level`` ``None`` uses
    the recommended level. ``hands``: the cards each character brings (GH-HAND-01);
    missing = the class's level-1 cards up to the hand limit.
    """

    scenario: str
    characters: tuple[str, ...]
    level: int | None = None
    character_levels: tuple[int, ...] = ()
    solo: bool = False
    hands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    items: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the perks each character has marked (GH-LVL-03/04, GH-PERK-02): indices into its
    #: class's perk list, an index repeated for a perk taken again
    perks: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    #: the battle goals dealt to each character, the one it keeps first (GH-BG-01; see
    #: :mod:`~questforge.engine.gloomhaven.game.battle_goals`); checked when the game ends
    battle_goals: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the goals were dealt and not yet chosen: as the scenario is set up, each character
    #: with two is asked which one to keep (a ``battle_goal`` decision, GH-BG-01); without
    #: it the first of each is the kept one (chosen before the game, e.g. on the command line)
    choose_battle_goals: bool = False
    #: what a campaign carries into the scenario: damage a character starts with (an
    #: event's, GH-EVT-02) and conditions: bless and curse as cards in its modifier deck
    #: (a sanctuary donation's two blesses, GH-DONATE-01), the others as tokens
    start_damage: Mapping[str, int] = field(default_factory=dict)
    start_conditions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: each character's enhanced cards (GH-ENH-03, a campaign's stickers), in the text
    #: form of ``gloomhaven.enhancements.Enhancement``; applied to the cards by ``Game``
    #: (:mod:`~questforge.engine.gloomhaven.game.enhanced`)
    enhancements: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: treasure numbers a campaign has looted in earlier plays: "each treasure tile can be
    #: looted only once, ever" (GH-TREAS-04), so their tiles are not set out again
    looted_treasures: tuple[str, ...] = ()

    @property
    def players(self) -> int:
        return len(self.characters)

    def levels(self) -> tuple[int, ...]:
        return self.character_levels or tuple(1 for _ in self.characters)

    def scenario_level(self) -> int:
        return self.level if self.level is not None else recommended_level(self.levels())

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "characters": list(self.characters),
            "level": self.scenario_level(),
            "character_levels": list(self.levels()),
            "solo": self.solo,
            "hands": {k: list(v) for k, v in sorted(self.hands.items())},
            "items": {k: list(v) for k, v in sorted(self.items.items())},
            # written only when perks were taken: logs of perk-less games stay as they were
            **(
                {"perks": {k: list(v) for k, v in sorted(self.perks.items())}}
                if any(self.perks.values())
                else {}
            ),
            # likewise battle goals: written only when dealt
            **(
                {"battle_goals": {k: list(v) for k, v in sorted(self.battle_goals.items())}}
                if self.battle_goals
                else {}
            ),
            **({"choose_battle_goals": True} if self.choose_battle_goals else {}),
            # and what a campaign carries in: written only when there is some
            **(
                {"start_damage": dict(sorted(self.start_damage.items()))}
                if any(self.start_damage.values())
                else {}
            ),
            **(
                {"start_conditions": {k: list(v) for k, v in sorted(self.start_conditions.items())}}
                if any(self.start_conditions.values())
                else {}
            ),
            **(
                {"enhancements": {k: list(v) for k, v in sorted(self.enhancements.items())}}
                if any(self.enhancements.values())
                else {}
            ),
            **({"looted_treasures": list(self.looted_treasures)} if self.looted_treasures else {}),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Setup:
        try:
            return cls(
                scenario=str(obj["scenario"]),
                characters=tuple(str(c) for c in obj["characters"]),
                level=None if obj.get("level") is None else int(obj["level"]),
                character_levels=tuple(int(x) for x in obj.get("character_levels", ())),
                solo=bool(obj.get("solo", False)),
                hands={str(k): tuple(v) for k, v in dict(obj.get("hands", {})).items()},
                items={str(k): tuple(v) for k, v in dict(obj.get("items", {})).items()},
                perks={
                    str(k): tuple(int(x) for x in v) for k, v in dict(obj.get("perks", {})).items()
                },
                battle_goals={
                    str(k): tuple(str(g) for g in v)
                    for k, v in dict(obj.get("battle_goals", {})).items()
                },
                choose_battle_goals=bool(obj.get("choose_battle_goals", False)),
                start_damage={str(k): int(v) for k, v in dict(obj.get("start_damage", {})).items()},
                start_conditions={
                    str(k): tuple(str(x) for x in v)
                    for k, v in dict(obj.get("start_conditions", {})).items()
                },
                enhancements={
                    str(k): tuple(str(x) for x in v)
                    for k, v in dict(obj.get("enhancements", {})).items()
                },
                looted_treasures=tuple(str(t) for t in obj.get("looted_treasures", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SetupError(f"malformed setup {dict(obj)!r}: {exc}") from None

    def check(self, content: Content) -> None:
        if self.scenario in content.unplayable:
            raise SetupError(
                f"scenario {self.scenario!r} cannot be played: {content.unplayable[self.scenario]}"
            )
        if self.scenario not in content.scenarios:
            known = ", ".join(sorted(content.scenarios)) or "none"
            raise SetupError(f"unknown scenario {self.scenario!r} (known: {known})")
        if not 2 <= self.players <= 4:
            raise SetupError(
                f"a scenario is played by 2 to 4 characters, got {self.players} "
                "(one person may play several: the solo variant, GH-VAR-01)"
            )
        if len(set(self.characters)) != len(self.characters):
            raise SetupError("each class can be played by one character only")
        for c in self.characters:
            if c not in content.classes:
                known = ", ".join(sorted(content.classes)) or "none"
                raise SetupError(f"unknown character class {c!r} (known: {known})")
        check_scenario_content(content, self.scenario)
        starts = content.scenarios[self.scenario].starting_hexes
        if len(starts) < self.players:
            raise SetupError(
                f"scenario {self.scenario!r} has {len(starts)} starting hexes "
                f"for {self.players} characters"
            )
        level = self.scenario_level()
        if not 0 <= level <= 7:
            raise SetupError(f"scenario level must be 0-7 (GH-LEVEL-02), got {level}")
        if self.character_levels and len(self.character_levels) != self.players:
            raise SetupError("character_levels needs one level per character")
        for c, level in zip(self.characters, self.levels(), strict=True):
            if not 1 <= level <= 9:
                raise SetupError(f"{c}: character level must be 1-9, got {level}")
        held: set[str] = set()
        for c, goals in self.battle_goals.items():
            if c not in self.characters:
                raise SetupError(
                    f"battle goals given for {c!r}, which is not one of the characters "
                    f"({', '.join(self.characters)})"
                )
            if not 1 <= len(goals) <= 2:
                raise SetupError(
                    f"{c}: one or two battle goals (the kept one first), got {len(goals)} "
                    "(GH-BG-01)"
                )
            for goal in goals:
                if goal not in content.battle_goals:
                    known = ", ".join(content.battle_goals) or "none in this pack"
                    raise SetupError(f"{c}: unknown battle goal {goal!r} (known: {known})")
                if goal in held:
                    raise SetupError(
                        f"battle goal {goal!r} dealt twice: the deck holds one of each (GH-BG-01)"
                    )
                held.add(goal)
        for c in self.hands:
            if c not in self.characters:
                raise SetupError(
                    f"hand given for {c!r}, which is not one of the characters "
                    f"({', '.join(self.characters)})"
                )
        for c, level in zip(self.characters, self.levels(), strict=True):
            given = self.hands.get(c)
            check_hand(content, c, level, given if given else default_hand(content, c, level))
        levels = dict(zip(self.characters, self.levels(), strict=True))
        for c, taken in self.perks.items():
            if c not in self.characters:
                raise SetupError(
                    f"perks given for {c!r}, which is not one of the characters "
                    f"({', '.join(self.characters)})"
                )
            perk_deck(content.classes[c], taken, levels[c])
        carried = [("damage", c) for c in self.start_damage]
        carried += [("conditions", c) for c in self.start_conditions]
        for what, c in carried:
            if c not in self.characters:
                raise SetupError(
                    f"starting {what} given for {c!r}, which is not one of the characters "
                    f"({', '.join(self.characters)})"
                )
        for c, damage in self.start_damage.items():
            if not 0 <= damage <= 99:
                raise SetupError(f"{c}: starting damage must be 0-99, got {damage}")
        for c, conditions in self.start_conditions.items():
            unknown = sorted(set(conditions) - START_CONDITIONS)
            if unknown:
                raise SetupError(
                    f"{c}: unknown starting condition(s) {', '.join(unknown)} (known: "
                    f"{', '.join(sorted(START_CONDITIONS))})"
                )
            for card in ("bless", "curse"):
                if conditions.count(card) > 10:
                    raise SetupError(f"{c}: at most 10 {card} cards exist")
        for c, items in self.items.items():
            for item in items:
                if item not in content.items:
                    raise SetupError(f"{c}: unknown item {item!r}")
            check_equipment(c, [content.items[i] for i in items], levels.get(c, 1))


#: (id(content), scenario id) -> the content, for scenarios found playable: content is
#: immutable, so the check (every monster deck's every card) runs once per scenario, not
#: once per game of a batch; the content is kept so its id stays its own
_PLAYABLE: dict[tuple[int, str], Content] = {}


def check_scenario_content(content: Content, scenario_id: str) -> None:
    """What a scenario needs to be playable, as clear errors instead of a crash mid-game:
    its monsters (placed, spawned or summoned) with ability decks, starting hexes, rooms."""
    key = (id(content), scenario_id)
    if _PLAYABLE.get(key) is content:
        return
    _check_scenario_content(content, scenario_id)
    if len(_PLAYABLE) >= 64:
        _PLAYABLE.clear()
    _PLAYABLE[key] = content


def _check_scenario_content(content: Content, scenario_id: str) -> None:
    spec = content.scenarios[scenario_id]
    where = f"scenario {scenario_id!r}"
    if spec.starting_room not in spec.rooms:
        raise SetupError(f"{where}: starting room {spec.starting_room!r} is not one of its rooms")
    if not spec.starting_hexes:
        raise SetupError(f"{where}: no starting hexes")
    needed = {p.monster for p in spec.placements}
    needed |= {e.monster for r in spec.special_rules for e in r.effects if e.type == "spawn"}
    for deck in content.monster_decks.values():
        for card in deck:
            needed |= {a.monster for a in card.abilities if a.type == "summon" and a.monster}
    for mid in sorted(needed):
        mon = content.monsters.get(mid)
        if mon is None:
            raise SetupError(f"{where}: unknown monster {mid!r}")
        if not content.monster_decks.get(mon.deck):
            raise SetupError(f"{where}: monster {mid!r} has no ability deck {mon.deck!r}")
        table = mon.levels_by_players.get(2, mon.levels) if mon.levels_by_players else mon.levels
        if not table:
            raise SetupError(f"{where}: monster {mid!r} has no stats")


def check_equipment(character: str, items: Sequence[ItemSpec], level: int) -> None:
    """GH-ITEM-04 (no duplicates) and GH-REF-04 / GH-ITEM-03 (one head, one body, one legs,
    two one-hand items or one two-hand item, small items up to ceil(level / 2))."""
    ids = [i.id for i in items]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise SetupError(f"{character}: a character owns one copy of an item: {', '.join(dupes)}")
    count: dict[str, int] = {}
    for it in items:
        count[it.slot] = count.get(it.slot, 0) + 1
    limits = {"head": 1, "body": 1, "legs": 1, "small": math.ceil(level / 2)}
    for slot, limit in limits.items():
        if count.get(slot, 0) > limit:
            raise SetupError(
                f"{character}: at most {limit} {slot} item(s) at level {level} (GH-REF-04)"
            )
    if count.get("one-hand", 0) + 2 * count.get("two-hands", 0) > 2:
        raise SetupError(
            f"{character}: two one-hand items or one two-hand item at most (GH-REF-04)"
        )


def card_pool(content: Content, class_id: str, level: int) -> tuple[str, ...]:
    """The cards a character of ``level`` may take into a scenario (GH-CHAR-05, GH-HAND-02,
    GH-LVL-02): its class's cards of a level up to the character's, and the "X" cards."""
    cls = content.classes[class_id]
    return tuple(c.id for c in cls.cards if _card_level(c.level) <= level)


def _card_level(level: int | str) -> int:
    """A card's level as a number; "X" cards count as level 1 (GH-HAND-02)."""
    return level if isinstance(level, int) else 1


def check_hand(content: Content, class_id: str, level: int, hand: Sequence[str]) -> None:
    """GH-HAND-01: exactly the hand limit of different cards from the class's pool;
    GH-CHAR-05 / GH-LVL-02: none above the character's level ("X" cards are allowed from
    level 1, GH-HAND-02). Raises :class:`SetupError` naming the character and the cards."""
    cls = content.classes[class_id]
    ids = {card.id: card for card in cls.cards}
    unknown = [x for x in hand if x not in ids]
    if unknown:
        raise SetupError(f"{class_id}: cards not in the class: {', '.join(unknown)}")
    dupes = sorted({x for x in hand if list(hand).count(x) > 1})
    if dupes:
        raise SetupError(f"{class_id}: a card can be in the hand once: {', '.join(dupes)}")
    above = [x for x in hand if _card_level(ids[x].level) > level]
    if above:
        raise SetupError(
            f"{class_id}: cards above the character's level {level} (GH-CHAR-05): "
            + ", ".join(f"{x} (level {ids[x].level})" for x in above)
        )
    if len(hand) != cls.hand_size:
        pool = card_pool(content, class_id, level)
        raise SetupError(
            f"{class_id}: a hand holds exactly {cls.hand_size} cards, the hand limit "
            f"(GH-HAND-01); got {len(hand)}"
            + (
                f" (the class has only {len(pool)} cards up to level {level})"
                if len(pool) < cls.hand_size
                else ""
            )
        )


def default_hand(content: Content, class_id: str, level: int = 1) -> tuple[str, ...]:
    """GH-HAND-01/02: level-1 cards (then "X" cards, then higher levels up to the
    character's level) up to the hand limit, in content order."""
    cls = content.classes[class_id]
    ones = [c.id for c in cls.cards if c.level == 1]
    xs = [c.id for c in cls.cards if c.level == "X" or c.level == "x"]
    higher = [c.id for c in cls.cards if isinstance(c.level, int) and 1 < c.level <= level]
    return tuple((ones + xs + higher)[: cls.hand_size])


#: GH-PERK-03: at most six perks come from battle-goal checkmarks
MAX_BATTLE_GOAL_PERKS = 6


def perk_deck(cls: ClassSpec, taken: Sequence[int], level: int) -> list[str]:
    """The card ids of a character's starting modifier deck (GH-COMP-04) with the perks
    ``taken`` applied in order (GH-LVL-04: each removes its cards and adds the class's
    own, GH-AMD-11). A character has one perk per level-up (GH-LVL-03) and at most six
    more from battle goals (GH-PERK-02/03); a perk is taken at most its ``count`` times
    and must find the cards it removes."""
    cards = [c.id for c in cls.modifier_deck]
    if not taken:
        return cards
    most = level - 1 + MAX_BATTLE_GOAL_PERKS
    if len(taken) > most:
        raise SetupError(
            f"{cls.id}: {len(taken)} perks, but a level-{level} character has at most "
            f"{most} ({level - 1} from levels, GH-LVL-03, and 6 from battle goals, GH-PERK-03)"
        )
    for i in sorted(set(taken)):
        if not 0 <= i < len(cls.perks):
            raise SetupError(f"{cls.id}: no perk {i + 1} (the class has {len(cls.perks)} perks)")
        times = list(taken).count(i)
        if times > cls.perks[i].count:
            raise SetupError(
                f"{cls.id}: perk {i + 1} ({cls.perks[i].text!r}) taken {times} times; "
                f"it may be taken {cls.perks[i].count}"
            )
    for i in taken:
        perk = cls.perks[i]
        for card, count in perk.remove:
            for _ in range(count):
                if card not in cards:
                    raise SetupError(
                        f"{cls.id}: perk {i + 1} ({perk.text!r}) removes a {card!r} card "
                        "the deck no longer holds"
                    )
                cards.remove(card)
        for mod, count in perk.add:
            cards.extend([mod.id] * count)
    return cards


#: conditions a character may start a scenario with (the schema's condition names)
START_CONDITIONS = frozenset(
    {"poison", "wound", "immobilize", "disarm", "stun", "muddle", "curse", "invisible"}
    | {"strengthen", "bless"}
)


def build_state(content: Content, setup: Setup, seed: int | str) -> GameState:
    """Everything before the first decision: decks shuffled (GH-COMP-03), elements inert
    (GH-COMP-05), characters with their hands (no figure placed yet)."""
    setup.check(content)
    level = setup.scenario_level()
    state = GameState(scenario=setup.scenario, level=level, players=setup.players, rng=Rng(seed))
    spec = content.scenarios[setup.scenario]
    state.traps = dict(spec.traps)
    state.coins = dict(spec.coins)
    # GH-TREAS-04: a treasure looted in an earlier play of the campaign is not there again
    gone = set(setup.looted_treasures)
    state.treasures = {h: t for h, t in spec.treasures.items() if t not in gone}
    state.hazardous = set(spec.hazardous)
    state.difficult = set(spec.difficult)
    for i, cid in enumerate(setup.characters):
        cls = content.classes[cid]
        clevel = setup.levels()[i]
        hand = list(setup.hands.get(cid) or default_hand(content, cid, clevel))
        deck: Deck[str] = Deck(perk_deck(cls, setup.perks.get(cid, ()), clevel))
        for item in setup.items.get(cid, ()):
            for card in content.items[item].modifier_cards:
                deck.draw_pile.append(card.id)  # GH-ITEM-11
        for condition in setup.start_conditions.get(cid, ()):
            if condition in ("bless", "curse"):
                deck.draw_pile.append(condition)  # GH-DONATE-01, GH-COND-10/13
        deck.shuffle(state.rng)
        state.characters[cid] = Character(
            id=cid,
            class_id=cid,
            level=clevel,
            figure=cid,
            hand=hand,
            modifier_deck=deck,
            items=dict.fromkeys(setup.items.get(cid, ()), "ready"),
        )
    monster_deck: Deck[str] = Deck(c.id for c in content.monster_modifier_deck)
    monster_deck.shuffle(state.rng)
    state.monster_modifier_deck = monster_deck
    return state


def place_party(r: Rules, setup: Setup) -> None:
    """GH-SETUP-05/07: reveal the starting room (its monsters placed with random standee
    numbers) and let each player pick an empty starting hex."""
    st = r.state
    spec = r.scenario
    for h, formula in spec.obstacles.items():
        st.obstacles[h] = r.formula(formula, st.level, st.players) if formula else None
    r.reveal_room(spec.starting_room, None)
    for i, cid in enumerate(setup.characters):
        cls = r.content.classes[cid]
        taken = r.occupied_hexes()
        free = [h for h in spec.starting_hexes if h not in taken]
        if not free:
            raise SetupError(f"no free starting hex left for {cid}")
        idx = r.ask("start_hex", cid, [list(h) for h in free], {"character": cid})
        hp = cls.max_health(setup.levels()[i])
        st.figures[cid] = figure = new_character_figure(cid, free[idx], hp)
        # a campaign's carry-in (GH-EVT-02): damage taken before, condition tokens
        hp = figure.hp = max(1, hp - setup.start_damage.get(cid, 0))
        for condition in setup.start_conditions.get(cid, ()):
            if condition not in ("bless", "curse"):
                figure.conditions[condition] = False
        r.emit(
            "character_placed",
            character=cid,
            hex=free[idx],
            hp=hp,
            hand=sorted(st.characters[cid].hand),
        )
