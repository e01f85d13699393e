"""The round structure (GH-ROUND-02): card selection, initiative, turns, end of round,
and the scenario's win and loss conditions (GH-END, GH-EXH-03).

:func:`round_flow` is a generator that yields at every step boundary (after card
selection, after each turn, after cleanup) so :class:`~.game.Game` can step a round or a
turn at a time; the choices inside a step go to the controller synchronously.
"""

from __future__ import annotations

from collections.abc import Iterator

from questforge.engine.core.events import JSONValue
from questforge.engine.gloomhaven.game.character_turn import character_turn, long_rest
from questforge.engine.gloomhaven.game.monster_turn import (
    ability_card,
    ally_turn,
    monster_type_turns,
    summon_turn,
)
from questforge.engine.gloomhaven.game.rules import GameOver, Rules
from questforge.engine.gloomhaven.game.spec import Goal
from questforge.engine.gloomhaven.game.state import (
    INERT,
    STRONG,
    WANING,
    Character,
    Figure,
    GameState,
    MonsterType,
)

#: a safety net: a game that reaches this many rounds ends as "unfinished"
MAX_ROUNDS = 200

Step = tuple[str, str]  # (boundary kind, actor id)
#: (living characters, monster types with a figure on the board, allies): ``Order.seen``
Seen = tuple[list[Character], set[str], list[Figure]]
OrderKey = tuple[int, int, int, int]


def select_cards(r: Rules) -> None:
    """GH-SEL-01/03/04/05, GH-EXH-01: two cards (leading first) or a long rest."""
    st = r.state
    for char in sorted(st.living_characters(), key=lambda c: c.id):
        char.selected = []
        char.long_rest = False
        char.acted = False
        can_rest = len(char.discard) >= 2  # GH-REST-01
        if len(char.hand) < 2 and not can_rest:
            r.exhaust(char, "cards")  # GH-SEL-05 / GH-EXH-01 (b)
            continue
        hand = sorted(char.hand)
        # every ordered pair of different cards, lead by lead (one comprehension: a plan
        # decision has about fifty options, four times a round)
        options: list[JSONValue] = (
            [{"cards": [lead, other]} for lead in hand for other in hand if other != lead]
            if len(hand) >= 2
            else []
        )
        if can_rest:
            options.append({"long_rest": True})
        cls = r.content.classes[char.class_id]
        card = cls.card
        idx = r.ask(
            "plan",
            char.id,
            options,
            {
                "hand": hand,
                "discard": sorted(char.discard),
                "lost": sorted(char.lost),
                "initiatives": {c: card(c).initiative for c in char.hand},
            },
            "choose two cards (the first is leading) or a long rest",
        )
        choice = options[idx]
        assert isinstance(choice, dict)
        if choice.get("long_rest"):
            char.long_rest = True
            char.initiative = 99  # GH-REST-04, GH-INIT-06
            char.second_initiative = 99
            r.emit("plan", character=char.id, long_rest=True, initiative=99)
        else:
            lead, other = choice["cards"]
            char.hand.remove(lead)
            char.hand.remove(other)
            char.selected = [lead, other]
            char.initiative = cls.card(lead).initiative
            char.second_initiative = cls.card(other).initiative
            r.emit("plan", character=char.id, cards=[lead, other], initiative=char.initiative)


def _types_on_board(st: GameState) -> set[str]:
    """The monster types with at least one monster on the board that may act this round
    (one pass over figures). A monster summoned this round does not act in it
    (GH-MOTH-04), so a type whose only monsters were summoned this round has no turn in
    it - not even an empty one after its initiative has passed (GH-INIT-02) - and is not in
    the round's order; revealed and spawned monsters act at once (GH-ROOM-05,
    GH-SPEC-02)."""
    rnd = st.round
    return {
        f.monster_type
        for f in st.figures.values()
        if f.kind == "monster" and f.acts_from_round <= rnd
    }


class Order:
    """GH-INIT-02/04/05: ascending initiative; a player beats a monster type on a tie; tied
    players compare their other card, then the players decide."""

    def __init__(self, r: Rules) -> None:
        self.r = r
        self.tie_rank: dict[str, int] = {}
        self.monster_rank: dict[str, int] = {}
        self._types: list[MonsterType] = []
        self._types_of: tuple[int, int] = (0, -1)
        #: what the last :meth:`publish` was made of (see there)
        self._published: tuple[object, ...] | None = None

    def types_by_id(self) -> list[MonsterType]:
        """The monster types in play, by id (asked before every turn; types are only ever
        added, so the sorted list is kept until one is)."""
        types = self.r.state.monster_types
        if self._types_of != (id(types), len(types)):
            self._types = sorted(types.values(), key=lambda m: m.id)
            self._types_of = (id(types), len(types))
        return self._types

    def settle_ties(self) -> None:
        st = self.r.state
        groups: dict[tuple[int, int], list[str]] = {}
        for c in st.living_characters():
            groups.setdefault((c.initiative, c.second_initiative), []).append(c.id)
        for key in sorted(groups):
            ids = sorted(groups[key])
            rank = 0
            while len(ids) > 1:
                idx = self.r.ask(
                    "initiative_tie",
                    "players",
                    list(ids),
                    {"initiative": key[0]},
                    "players tied on initiative: who acts first?",
                )
                self.tie_rank[ids.pop(idx)] = rank
                rank += 1
            if ids:
                self.tie_rank[ids[0]] = rank
        # Two monster types on the same initiative: the rules do not say; the players
        # decide, as for every ambiguity of monster behaviour (GH-AMBIG-01).
        by_init: dict[int, list[str]] = {}
        for mt in st.monster_types.values():
            if mt.card and any(
                f.kind == "monster" and f.monster_type == mt.id for f in st.figures.values()
            ):
                by_init.setdefault(ability_card(self.r, mt).initiative, []).append(mt.id)
        for init in sorted(by_init):
            ids = sorted(by_init[init])
            rank = 0
            while len(ids) > 1:
                idx = self.r.ask(
                    "initiative_tie",
                    "players",
                    list(ids),
                    {"initiative": init},
                    "monster types tied on initiative: which acts first?",
                )
                self.monster_rank[ids.pop(idx)] = rank
                rank += 1

    def key_of_char(self, c: Character) -> OrderKey:
        return (c.initiative, 0, c.second_initiative, self.tie_rank.get(c.id, 0))

    def allies(self) -> list[Figure]:
        return [f for f in self.r.state.figures.values() if f.kind == "ally"]

    def key_of_ally(self, a: Figure) -> OrderKey:
        """GH-SPEC-06: allies act at their initiative, after a character and before a
        monster type on the same number (the rules are silent; characters win ties with
        monsters, GH-INIT-05), by token number among themselves."""
        return (self.r.ally_initiative(a), 1, 0, -1000 + a.standee)

    def publish(self, seen: Seen | None = None) -> None:
        """Write this round's initiative order into the state (``turn_order``: character ids
        and monster type ids, first to last; ``initiatives``) for views and bots.
        ``seen``: :meth:`seen` taken now (the turn loop shares it with :meth:`next_actor`)."""
        st = self.r.state
        living, present, allies = seen if seen is not None else self.seen()
        types = self.types_by_id()
        # Within a round the order changes only when a character is exhausted, a monster
        # type appears on or leaves the board (with its card drawn), or an ally appears or
        # leaves: every initiative, tie rank and card is fixed between the round's first
        # publication and its end (cards are drawn, ties settled and initiatives set before
        # it, by this round's ``Order``). The order is published before every turn, so
        # it is written again only when what it is made of changed.
        made_of = (
            [c.id for c in living],
            [a.id for a in allies],
            [mt.card if mt.id in present else "" for mt in types],
        )
        if made_of == self._published:
            return
        self._published = made_of
        keyed: list[tuple[OrderKey, str, int]] = []
        for c in living:
            keyed.append((self.key_of_char(c), c.id, c.initiative))
        for i, mt in enumerate(types):
            if mt.card and mt.id in present:
                init = ability_card(self.r, mt).initiative
                keyed.append(((init, 1, 0, self.monster_rank.get(mt.id, 100 + i)), mt.id, init))
        for a in allies:
            init = self.r.ally_initiative(a)
            keyed.append((self.key_of_ally(a), a.id, init))
        keyed.sort()
        st.turn_order = [actor for _, actor, _ in keyed]
        st.initiatives = {actor: init for _, actor, init in keyed}

    def seen(self) -> Seen:
        """What the order is made of now: the living characters, the monster types with a
        figure on the board, the allies (a pass over the figures each)."""
        st = self.r.state
        return st.living_characters(), _types_on_board(st), self.allies()

    def next_actor(self, seen: Seen | None = None) -> tuple[str, str] | None:
        """The lowest-key actor that has not acted yet; newly revealed monster types with
        a lower initiative than the current figure come next (GH-ROOM-05). ``seen``: as
        for :meth:`publish`."""
        r = self.r
        st = r.state
        living, present, allies = seen if seen is not None else self.seen()
        best: tuple[OrderKey, str, str] | None = None
        for c in living:
            if c.acted:
                continue
            cand = (self.key_of_char(c), "character", c.id)
            if best is None or cand < best:
                best = cand
        for a in allies:
            if a.id in st.allies_acted or a.acts_from_round > st.round:
                continue
            cand = (self.key_of_ally(a), "ally", a.id)
            if best is None or cand < best:
                best = cand
        for i, mt in enumerate(self.types_by_id()):
            if mt.acted or not mt.card:
                continue
            if mt.id not in present:
                continue
            rank = self.monster_rank.get(mt.id, 100 + i)
            cand = ((ability_card(r, mt).initiative, 1, 0, rank), "monsters", mt.id)
            if best is None or cand < best:
                best = cand
        return None if best is None else (best[1], best[2])


def end_of_round(r: Rules) -> None:
    """GH-EOR-01..06."""
    st = r.state
    st.phase = "end-of-round"
    # GH-EOR-01: decks that drew a 2x / Null shuffle
    for c in st.characters.values():
        if c.modifier_shuffle_pending:
            c.modifier_deck.shuffle(st.rng)
            c.modifier_shuffle_pending = False
            r.emit("modifier_deck_shuffled", owner=c.id)
    if st.monster_modifier_shuffle_pending:
        st.monster_modifier_deck.shuffle(st.rng)
        st.monster_modifier_shuffle_pending = False
        r.emit("modifier_deck_shuffled", owner="monsters")
    # GH-MABIL-05 / GH-EOR-02: this round's cards to the discards; shuffle flagged decks
    discarded: set[str] = set()
    for mt in st.monster_types.values():
        if mt.card and mt.deck_id not in discarded:
            discarded.add(mt.deck_id)
            deck = st.ability_decks[mt.deck_id]
            deck.discard_card(mt.card)
            if ability_card(r, mt).shuffle:
                deck.shuffle(st.rng)
                r.emit("ability_deck_shuffled", deck=mt.deck_id)
    for mt in st.monster_types.values():
        mt.card = ""
        mt.acted = False
    st.allies_acted = set()
    # GH-EOR-03 / GH-ELEM-03: elements wane
    for e, v in st.elements.items():
        if v == STRONG:
            st.elements[e] = WANING
        elif v == WANING:
            st.elements[e] = INERT
    r.emit("elements", state={e: v for e, v in st.elements.items()})
    # GH-EOR-05 / GH-BONUS-07: round bonuses end with the round, and their cards go to the
    # discard or lost pile *before* the cleanup's short rests: the round is over once
    # every figure has acted (the cleanup follows it), and an active round-bonus card
    # already counts as discarded (GH-BONUS-08), so it is one of the discards a short
    # rest needs (GH-REST-01) and may lose (GH-REST-02).
    for f in st.figures.values():
        f.shield = 0
        f.retaliate = []
    for char in st.characters.values():
        for active in list(char.active):
            if not active.persistent:
                r.retire_active(char, active)
    # GH-EOR-04 / GH-REST-02/03: short rests
    for char in sorted(st.living_characters(), key=lambda c: c.id):
        if char.long_rest or len(char.discard) < 2:
            continue
        if r.ask("short_rest", char.id, ["skip", "rest"], {"discard": sorted(char.discard)}) != 1:
            continue
        short_rest(r, char)
    for char in st.characters.values():
        char.long_rest = False
        char.acted = False
    # GH-EOR-06 / GH-SPEC-01/02: round-based triggers (spawns at round end act next round)
    r.fire("round", round_no=st.round, when="end")
    r.emit("round_end", round=st.round)


def short_rest(r: Rules, char: Character) -> None:
    """GH-REST-02/03: shuffle the discards, lose one at random; once, the player may
    suffer 1 damage to lose a different random card instead."""
    st = r.state
    pile = sorted(char.discard)
    lost = pile[st.rng.randbelow(len(pile))]
    rerolled = False
    fig = st.figures.get(char.figure)
    if (
        fig is not None
        and len(pile) > 1
        and r.ask("short_rest_keep", char.id, ["accept", "reroll"], {"lost": lost}) == 1
    ):
        others = [c for c in pile if c != lost]
        # the point of the reroll is to pay 1 HP: it cannot be negated by losing the
        # very cards being rested (reading of GH-REST-03 with GH-DMG-03)
        r.suffer_damage(fig, 1, "short rest", "short rest", negatable=False)
        lost = others[st.rng.randbelow(len(others))]
        rerolled = True
    if char.exhausted:
        return
    char.discard.remove(lost)
    char.lost.append(lost)
    char.hand.extend(char.discard)
    char.discard = []
    r.emit("short_rest", character=char.id, lost=lost, rerolled=rerolled)


def checkable_goals(r: Rules) -> list[Goal]:
    """The win conditions the engine can check. ``custom`` goals are left to the players;
    a scenario with none left is played to "kill every monster" (GH-END-01 needs a goal)."""
    goals = [g for g in r.scenario.win if g.type != "custom"]
    return goals or [Goal("kill-all")]


def goals_met(r: Rules) -> bool:
    """Every win condition of the scenario is met (GH-END-01, GH-SPEC-07)."""
    st = r.state
    for goal in checkable_goals(r):
        if goal.type == "kill-all":
            if any(f.side == "monsters" for f in st.figures.values()):
                return False
            for room in r.scenario.rooms:
                if room in st.revealed_rooms:
                    continue
                if any(
                    p.room == room and p.players.get(st.players, "none") not in ("none", "absent")
                    for p in r.scenario.placements
                ):
                    return False
        elif goal.type == "kill":
            for t in goal.targets:
                if t in st.named_killed:
                    continue
                if (
                    t in r.content.monsters
                    and st.killed.get(t, 0) > 0
                    and not any(f.monster_type == t for f in st.figures.values())
                ):
                    continue
                return False
        elif goal.type == "loot-treasure":
            if any(t not in st.treasures_looted for t in goal.targets):
                return False
        elif goal.type == "reach-hexes":
            on = [
                c
                for c in st.living_characters()
                if c.figure in st.figures and st.figures[c.figure].hex in goal.hexes
            ]
            if not on or (goal.all_characters and len(on) < len(st.living_characters())):
                return False
        elif goal.type == "survive-rounds":
            if st.round < goal.rounds or st.phase != "end-of-round":
                return False
        else:
            return False
    return True


def losses_met(r: Rules) -> bool:
    """The scenario's extra loss conditions (GH-END-11 adds "every character exhausted",
    handled where exhaustion happens)."""
    st = r.state
    for loss in r.scenario.loss:
        if (
            loss.type == "round-limit"
            and st.round >= loss.rounds
            and st.phase == "end-of-round"
            and not (st.goal_met or goals_met(r))
        ):
            return True
        if loss.type == "killed" and any(n in st.named_killed for n in loss.targets):
            return True
    return False


def _after_turn(r: Rules, figure: str) -> Iterator[Step]:
    """Checks after every figure's turn, then the step boundary."""
    st = r.state
    if losses_met(r):
        st.lost_game = True
        raise GameOver()
    if goals_met(r):
        st.goal_met = True
    yield ("turn", figure)


def round_flow(r: Rules) -> Iterator[Step]:
    """Rounds until the scenario ends. Yields ("select", ""), ("turn", actor) and
    ("round", "") boundaries."""
    st = r.state
    try:
        while st.round < MAX_ROUNDS:
            if st.lost_game:
                raise GameOver()  # lost during setup (a special rule's ``lose`` effect)
            st.round += 1
            st.phase = "select"
            r.emit("round_start", round=st.round)
            r.fire("round", round_no=st.round, when="start")
            select_cards(r)
            r.draw_missing_ability_cards()  # GH-MABIL-01 / GH-INIT-01
            order = Order(r)
            order.settle_ties()
            # GH-REST-05: the seed puts the long rest "at the end of the Determine Initiative
            # step" (the catalogue marks the timing unclear; the seed decides): lose a
            # discard, the rest back to hand, heal 2, refresh items (GH-REST-06). The
            # character still takes its (empty) turn at initiative 99 (GH-REST-04).
            for char in sorted(st.living_characters(), key=lambda c: c.id):
                fig = st.figures.get(char.figure)
                if char.long_rest and fig is not None:
                    long_rest(r, char, fig)
            st.phase = "turns"
            order.publish()
            yield ("select", "")
            while True:
                # the order's makings read once for both (nothing changes in between)
                seen = order.seen()
                order.publish(seen)
                nxt = order.next_actor(seen)
                if nxt is None:
                    break
                kind, actor = nxt
                st.current = actor
                if kind == "character":
                    char = st.characters[actor]
                    # GH-SUMM-05 / GH-INIT-07: summons first, in summoning order
                    summons = sorted(
                        (f for f in st.figures.values() if f.kind == "summon" and f.owner == actor),
                        key=lambda f: f.summon_order,
                    )
                    for s in summons:
                        if s.id in st.figures and s.acts_from_round <= st.round:
                            summon_turn(r, s)
                            yield from _after_turn(r, s.id)
                    character_turn(r, char)
                    char.acted = True
                    st.current = ""
                    yield from _after_turn(r, actor)
                elif kind == "ally":
                    st.allies_acted.add(actor)
                    ally_turn(r, st.figures[actor])
                    st.current = ""
                    yield from _after_turn(r, actor)
                else:
                    for fid in monster_type_turns(r, st.monster_types[actor]):
                        yield from _after_turn(r, fid)
                    st.current = ""
            end_of_round(r)
            if losses_met(r):
                st.lost_game = True
                raise GameOver()
            if st.goal_met or goals_met(r):
                # GH-END-01: the round in which the goal was met is played to its end,
                # then the scenario is won - also when the end of the round (a spawn) put
                # a monster back: the goal was met in this round. Every character
                # exhausted before this point has already lost it (GH-EXH-03, raised
                # by ``Rules.exhaust``), the published game's reading (docs/engine.md).
                st.goal_met = True
                st.phase = "finished"
                yield ("round", "")
                return
            yield ("round", "")
    except GameOver:
        st.phase = "finished"
        yield ("round", "")
        return
    st.phase = "finished"
