"""The heuristic bot: answers every decision of a game, for every character and for the
monsters' open choices.

It reads the live game (state, content, board) to judge, never changes it, and draws any
randomness from its own seeded generator, so a bot game is a pure function of the seed.
Decision kinds and option shapes are those of ``questforge.engine.gloomhaven.game``
(``DECISION_KINDS``); a kind it does not know gets option 0, which the engine guarantees
is a legal, conservative default.

What "sensible" means here (so that simulated win rates mean something):

- cards: score each card half for the situation (:mod:`.cards`), play the best pair (a top
  attack counts the other card's bottom move: "move, then attack"), lead with the low
  initiative when an enemy is in reach (strike first) and the high one when still
  approaching; rest before running out of cards (GH-SEL-04/05, GH-EXH-01): a short rest at
  the end of the round unless hurt and out of reach, or badly hurt (GH-REST-02/06);
- moving: toward a hex from which the coming attack can hit, else toward enemies, else
  toward the next closed door (the way to the goal); an unopened door nearer than any enemy
  comes first (spawns behind will follow); with a locked door and its pressure plate, the
  character nearest to the plate goes there (GH-SPEC-04); around traps and hazards,
  picking up coins on the way;
- attacking: the enemy it can kill, else the most wounded; area attacks that hit most;
- damage: lose cards to negate damage only when the damage would exhaust the character
  (GH-DMG-03), cheapest cards first;
- monsters' open choices (GH-AMBIG-01): a seeded pick among the solver's equal options.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from questforge.engine.core.decisions import Decision
from questforge.engine.core.hexgrid import as_hex, distance
from questforge.engine.core.rng import Rng
from questforge.engine.gloomhaven.bots import cards as score
from questforge.engine.gloomhaven.bots.geometry import (
    WalkingField,
    attack_hexes,
    closed_doors,
    steps_to,
    walking_field,
)
from questforge.engine.gloomhaven.game import battle_goals
from questforge.engine.gloomhaven.game.board import find_moves, move_destinations
from questforge.engine.gloomhaven.game.spec import Ability, AbilityCard, Action, ClassSpec, Hex
from questforge.engine.gloomhaven.game.state import Character, Figure

MONSTERS_ACTOR = "monsters"

_DEFAULT_TOP = Action((Ability("attack", score.DEFAULT_ATTACK),))
_DEFAULT_BOTTOM = Action((Ability("move", score.DEFAULT_MOVE),))


@dataclass
class _TurnPlan:
    """The halves a character means to play this turn (decided at the first ``action``)."""

    first: tuple[str, str, bool]
    second: tuple[str, str, bool]
    performing: tuple[str, str, bool] | None = None


class BotController:
    """Plays every side of a game. Call :meth:`attach` with the game before it runs."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)
        self.game: Any = None
        #: the game's state, board, content and scenario (a game keeps them for its whole
        #: life), which the bot's own judgement reads directly: through the weak proxy a
        #: read cost a property call and a proxy lookup, a few thousand times a game (none
        #: of them refers back to the game, so no cycle: see :meth:`attach`)
        self._state: Any = None
        self._board: Any = None
        self._content: Any = None
        self._scenario: Any = None
        self.plans: dict[str, _TurnPlan] = {}
        self._situations: dict[tuple[str, int], score.Situation] = {}
        self._fields: dict[tuple[object, ...], WalkingField] = {}

    def attach(self, game: Any) -> BotController:
        """Give the bot read access to the game it plays (state, content, board).

        The bot holds the game weakly (a proxy): the game holds the bot as its controller,
        and a strong reference back made every finished game a reference cycle that only
        the cyclic garbage collector could free. A batch of bot games then kept the
        collector busy walking thousands of young objects per game (about 4 % of a
        simulation's CPU time); without the cycle a game is freed the moment it is
        dropped. Whoever runs the game keeps it alive (a game never runs without
        someone holding it).
        """
        try:
            self.game = weakref.proxy(game)
        except TypeError:  # an object without weak references (a test's stand-in)
            self.game = game
        self._state = game.state
        self._board = game.board
        self._content = game.content
        self._scenario = game.scenario
        return self

    # ------------------------------------------------------------------ plumbing
    @property
    def state(self) -> Any:
        """The game's state (through the weak hold: asked after the game is gone, a
        ``ReferenceError``)."""
        return self.game.state

    @property
    def board(self) -> Any:
        return self.game.board

    def _class(self, char: Character) -> ClassSpec:
        cls: ClassSpec = self._content.classes[char.class_id]
        return cls

    def _card(self, char: Character, card_id: str) -> AbilityCard:
        return self._class(char).card(card_id)

    def choose(self, decision: Decision) -> int:
        if self.game is None:
            raise RuntimeError("BotController.attach(game) must be called before the game runs")
        key = (type(self), decision.kind)
        handler = _HANDLERS.get(key, _UNKNOWN)
        if handler is _UNKNOWN:  # looked up once per class and kind (a game asks ~450 times)
            handler = _HANDLERS[key] = getattr(type(self), f"_on_{decision.kind}", None)
        if decision.actor == MONSTERS_ACTOR and handler is None:
            return self.rng.randbelow(len(decision.options))
        if handler is None:
            return 0
        index = handler(self, decision)
        return index if 0 <= index < len(decision.options) else 0

    # ------------------------------------------------------------------ situation
    def _figure(self, actor: str) -> Figure | None:
        char = self._state.characters.get(actor)
        if char is not None:
            fig: Figure | None = self._state.figures.get(char.figure)
            return fig
        fig = self._state.figures.get(actor)
        return fig

    def _enemies(self, fig: Figure) -> list[Figure]:
        return [
            f
            for f in self._state.figures.values()
            if f.side != fig.side and "invisible" not in f.conditions
        ]

    def _goal_hexes(self, fig: Figure) -> list[Hex]:
        """Where to go when no enemy is in sight: the hexes of a ``reach-hexes`` goal, else
        the treasures a ``loot-treasure`` goal names that are in play, else the closed
        doors, else pressure plates while a locked door is still shut."""
        scenario = self._scenario
        wanted: set[str] = set()
        for goal in scenario.win:
            if goal.type == "reach-hexes" and goal.hexes:
                return [(h[0], h[1]) for h in goal.hexes]
            if goal.type == "loot-treasure":
                wanted.update(goal.targets)
        st = self._state
        goal_treasures = [
            h for h, key in st.treasures.items() if key in wanted and self._board.in_play(st, h)
        ]
        if goal_treasures:
            return goal_treasures
        doors = closed_doors(self._board, self._state)
        if doors:
            return doors
        locked = any(
            door.locked and door.hex not in self._state.open_doors for door in scenario.doors
        )
        plates = [h for h in scenario.pressure_plates if self._board.in_play(self._state, h)]
        if locked and plates:
            return plates  # a plate may unlock the way on (GH-SPEC-04)
        return []

    def _plate_errand(self, fig: Figure) -> list[Hex]:
        """The revealed pressure plates ``fig`` should walk to: only while a locked door is
        still shut, no unopened door is left elsewhere, and ``fig`` is the living character
        nearest to a plate (one errand runner, the rest keep fighting)."""
        scenario = self._scenario
        if not scenario.pressure_plates or closed_doors(self._board, self._state):
            return []
        if not any(d.locked and d.hex not in self._state.open_doors for d in scenario.doors):
            return []
        plates = [h for h in scenario.pressure_plates if self._board.in_play(self._state, h)]
        if not plates:
            return []
        chars = [
            f for f in self._state.figures.values() if f.kind == "character" and f.side == fig.side
        ]
        nearest = min(chars, key=lambda f: (min(distance(f.hex, p) for p in plates), f.id))
        return plates if nearest.id == fig.id else []

    def _steps(self, fig: Figure, goals: Sequence[Hex] | set[Hex]) -> int | None:
        return steps_to(self._board, self._state, fig, set(goals))

    def situation(self, char: Character) -> score.Situation:
        """The character's situation; cached until the next event (state is unchanged)."""
        key = (char.id, len(self.game.events))
        hit = self._situations.get(key)
        if hit is None:
            if len(self._situations) > 64:
                self._situations.clear()
            hit = self._situations[key] = self._situation(char)
        return hit

    def _approach_field(self, fig: Figure, enemies: Sequence[Figure]) -> WalkingField:
        """Movement from every hex to a hex next to an enemy, shared by every figure of a
        side until a monster moves or the map changes (one search serves four characters'
        card selection)."""
        st = self._state
        key = (
            fig.side,
            fig.flying,
            tuple(sorted(e.hex for e in enemies)),
            len(st.obstacles),
            len(st.revealed_rooms),
            len(st.open_doors),
            len(st.traps),
        )
        hit = self._fields.get(key)
        if hit is None:
            occupied = {e.hex for e in enemies} | set(st.obstacles)
            play = self._board.play_set(st)  # (``in_play``'s answers, one set)
            goals = {
                n
                for e in enemies
                for n in self._board.adj.get(e.hex, ())
                if n not in occupied and n in play
            }
            if len(self._fields) > 32:
                self._fields.clear()
            hit = self._fields[key] = walking_field(self._board, st, goals, fig)
        return hit

    def _situation(self, char: Character) -> score.Situation:
        fig = self._state.figures.get(char.figure)
        if fig is None:
            return score.Situation(
                None, None, 0, 1, len(char.hand), len(char.discard), len(char.lost)
            )
        # one pass over the figures: the visible enemies (in :meth:`_enemies`' order), those
        # adjacent and within 3 hexes, and the hurt allies (hex distances written out,
        # doubled: 2 = adjacent, 6 = three hexes)
        fq, fr = fig.hex
        side = fig.side
        enemies: list[Figure] = []
        adjacent = False
        near = 0
        hurt_allies = 0
        for f in self._state.figures.values():
            if f.side != side:
                if "invisible" in f.conditions:
                    continue
                enemies.append(f)
                dq = f.hex[0] - fq
                dr = f.hex[1] - fr
                twice = abs(dq) + abs(dr) + abs(dq + dr)
                if twice <= 6:
                    near += 1
                    if twice == 2:
                        adjacent = True
            elif f.id != fig.id and f.max_hp - f.hp >= 3:
                hurt_allies += 1
        steps_enemy: int | None
        if adjacent:
            steps_enemy = 0
        elif enemies:
            steps_enemy = self._approach_field(fig, enemies).get(fig.hex)
        else:
            steps_enemy = None
        steps_door = None if steps_enemy is not None else self._steps(fig, self._goal_hexes(fig))
        coins = 0
        for q, r in self._state.coins:  # money tokens within 2 hexes (doubled distance 4)
            dq = q - fq
            dr = r - fr
            if abs(dq) + abs(dr) + abs(dq + dr) <= 4:
                coins += 1
        # the named tuple from its fields in one C call (its ``__new__`` with keywords is a
        # Python function; the bots build a situation for most decisions)
        return _new_situation(
            score.Situation,
            (
                steps_enemy,  # steps_to_enemy
                steps_door,  # steps_to_door
                fig.hp,  # hp
                fig.max_hp,  # max_hp
                len(char.hand),  # hand
                len(char.discard),  # discard
                len(char.lost),  # lost
                max(1, near),  # enemies_near
                hurt_allies,  # allies_hurt
                coins,  # coins_near
            ),
        )

    # ------------------------------------------------------------------ setup & planning
    def _on_battle_goal(self, d: Decision) -> int:
        # GH-BG-01: keep the goal worth more checkmarks that the game can check
        return battle_goals.preferred(self._content, d.options)

    def _on_start_hex(self, d: Decision) -> int:
        char = self._state.characters.get(d.actor)
        if char is None:
            return 0
        melee = self._melee_class(char)
        monsters = [f for f in self._state.figures.values() if f.side == "monsters"]
        if not monsters:
            return 0

        def key(i: int) -> tuple[int, int]:
            h = as_hex(d.options[i])
            near = min(distance(h, m.hex) for m in monsters)
            return (near if melee else -near, i)

        return min(range(len(d.options)), key=key)

    def _melee_class(self, char: Character) -> bool:
        ranges = [
            ab.range or 1
            for card in self._class(char).cards
            for ab in card.top.abilities
            if ab.type == "attack"
        ]
        return not ranges or sorted(ranges)[len(ranges) // 2] <= 1

    def _on_plan(self, d: Decision) -> int:
        char = self._state.characters[d.actor]
        s = self.situation(char)
        # the engine lists the long rest (when allowed) as the last option, after the ~50
        # card pairs (``rounds.select_cards``): only that one is looked at
        last = d.options[-1]
        rest_index = len(d.options) - 1 if _is_map(last) and last.get("long_rest") else None
        if rest_index is not None and score.should_long_rest(s):
            return rest_index
        best: tuple[float, int] | None = None
        tops: dict[str, float] = {}
        bottoms: dict[str, float] = {}
        inits: dict[str, int] = {}
        moves: dict[str, int] = {}
        cards: dict[str, AbilityCard] = {}
        # the halves' values as :func:`score.half_value` and :func:`score.bottom_move` give
        # them, with the default halves' values (the same for every card) taken once
        default_bottom = score.default_bottom(s)
        default_top = score.default_top(s)
        #: the top's printed value where the character stands, for tops with no attack
        #: (only an attack's value depends on a move made before it)
        still: dict[str, float] = {}
        facts = score.action_facts
        card_of = self._class(char).card
        #: the printed tops' values where the character stands (move 0)
        printed_tops: dict[str, float] = {}
        for card_id in char.hand:
            card = cards[card_id] = card_of(card_id)
            printed_top = printed_tops[card_id] = score.action_value(card.top, s)
            tops[card_id] = max(printed_top, default_top)
            if not facts(card.top)[0]:
                still[card_id] = printed_top
            printed_bottom = score.action_value(card.bottom, s)
            bottoms[card_id] = max(printed_bottom, default_bottom)
            printed_move = facts(card.bottom)[1]
            moves[card_id] = printed_move or (
                score.DEFAULT_MOVE if default_bottom >= printed_bottom else 0
            )
            inits[card_id] = card.initiative
        # the top's value after the other card's bottom moved ``move`` (a move, then an
        # attack that reaches), at least its value without moving: one table per card for
        # every move a bottom in hand gives, read by the pair loop below (about 50 pairs).
        # A move only counts through whether an attack reaches (``score._reach``): with no
        # enemy revealed nothing reaches, and a move of 0 changes nothing, so those are the
        # top's own value.
        distinct_moves = set(moves.values())
        moving = s.steps_to_enemy is not None
        default_tops = {m: score.default_top(s, m) for m in distinct_moves if m and moving}
        # A move counts only through ``steps_to_enemy <= move + ...`` (``score._reach``),
        # which every move of at least ``steps_to_enemy`` passes alike: the top's value
        # after a move is its value after ``min(move, steps_to_enemy)`` (the same
        # comparisons, so the same arithmetic and the same number), each taken once.
        steps = s.steps_to_enemy if s.steps_to_enemy is not None else 0
        top_after: dict[str, dict[int, float]] = {}
        for card_id, card in cards.items():
            own = tops[card_id]
            printed = still.get(card_id)
            if printed is None:
                after: dict[int, float] = {0: printed_tops[card_id]}
                row: dict[int, float] = {}
                for move in distinct_moves:
                    if move and moving:
                        clamped = move if move < steps else steps
                        value = after.get(clamped)
                        if value is None:
                            value = after[clamped] = score.action_value(card.top, s, clamped)
                        row[move] = max(own, max(value, default_tops[move]))
                    else:
                        row[move] = own
                top_after[card_id] = row
            else:  # no attack on the top: its printed value is the same after any move
                top_after[card_id] = {
                    move: (max(own, max(printed, default_tops[move])) if move and moving else own)
                    for move in distinct_moves
                }

        in_reach = s.steps_to_enemy is not None and s.steps_to_enemy <= 4
        hand = sorted(tops)
        index = _PlanIndex(d.options, hand)
        # a little seeded noise per card separates pairs of equal value
        noise = {c: 0.005 * self.rng.random() for c in hand}
        for x, a in enumerate(hand):
            after_a, move_a, bottom_a, noise_a, init_a = (
                top_after[a],
                moves[a],
                bottoms[a],
                noise[a],
                inits[a],
            )
            for b in hand[x + 1 :]:
                # the better split of the pair (GH-TURN-01), as ``max`` picks it
                split_a = after_a[moves[b]] + bottoms[b]
                split_b = top_after[b][move_a] + bottom_a
                value = (split_b if split_b > split_a else split_a) + noise_a + noise[b]
                if best is None or value > best[0]:
                    # (the order and the option looked up only for a pair better than the
                    # best so far: a few per plan)
                    # strike first when enemies are close, otherwise let them come
                    init_b = inits[b]
                    if in_reach:
                        lead, other = (a, b) if init_a <= init_b else (b, a)
                    else:
                        lead, other = (a, b) if init_a >= init_b else (b, a)
                    i = index.get(lead, other)
                    if i is not None:
                        best = (value, i)
        if best is None:
            return rest_index if rest_index is not None else 0
        return best[1]

    def _on_initiative_tie(self, d: Decision) -> int:
        return 0

    # ------------------------------------------------------------------ the turn
    def _half_value(
        self,
        char: Character,
        card_id: str,
        half: str,
        default: bool,
        s: score.Situation,
        move_before: int = 0,
    ) -> float:
        if default:
            return score.default_top(s, move_before) if half == "top" else score.default_bottom(s)
        card = self._card(char, card_id)
        if half == "top":
            # at least its value where the character stands (it may attack before moving)
            here = score.action_value(card.top, s)
            return max(score.action_value(card.top, s, move_before), here) if move_before else here
        return score.action_value(card.bottom, s)

    def _action(self, char: Character, choice: tuple[str, str, bool]) -> Action:
        card_id, half, default = choice
        if default:
            return _DEFAULT_TOP if half == "top" else _DEFAULT_BOTTOM
        card = self._card(char, card_id)
        return card.top if half == "top" else card.bottom

    def _on_action(self, d: Decision) -> int:
        char = self._state.characters[d.actor]
        s = self.situation(char)
        options = [(str(o["card"]), str(o["half"]), bool(o["default"])) for o in d.options]
        plan = self.plans.get(char.id)
        if len(options) == 2 and plan is not None:
            # the second half: printed or default, re-judged now that the first is done
            values = [self._half_value(char, *o, s) for o in options]
            choice = 0 if values[0] >= values[1] else 1
            plan.performing = options[choice]
            return choice
        selected = list({o[0] for o in options})
        if len(selected) != 2:
            return 0
        a, b = sorted(selected)
        # The better split of the two cards (GH-TURN-01), each half printed or default:
        # the values :meth:`_half_value` and :func:`score.bottom_move` give, each card
        # half valued once (they asked for the same bottoms and tops twice)
        value = score.action_value
        card_a, card_b = self._card(char, a), self._card(char, b)
        default_bottom = score.default_bottom(s)
        bottom_a, bottom_b = value(card_a.bottom, s), value(card_b.bottom, s)
        move_a = score.action_facts(card_a.bottom)[1] or (
            score.DEFAULT_MOVE if default_bottom >= bottom_a else 0
        )
        move_b = score.action_facts(card_b.bottom)[1] or (
            score.DEFAULT_MOVE if default_bottom >= bottom_b else 0
        )
        # a top after the other card's bottom moved: at least its value where it stands
        still_a, still_b = value(card_a.top, s), value(card_b.top, s)
        top_a = max(value(card_a.top, s, move_b) if move_b else still_a, still_a)
        top_b = max(value(card_b.top, s, move_a) if move_a else still_b, still_b)
        default_a, default_b = score.default_top(s, move_b), score.default_top(s, move_a)
        top1, v1 = (a, "top", default_a > top_a), max(top_a, default_a)
        bottom1, v2 = (b, "bottom", default_bottom > bottom_b), max(bottom_b, default_bottom)
        top2, v3 = (b, "top", default_b > top_b), max(top_b, default_b)
        bottom2, v4 = (a, "bottom", default_bottom > bottom_a), max(bottom_a, default_bottom)
        top, bottom = (top1, bottom1) if v1 + v2 >= v3 + v4 else (top2, bottom2)
        # attack first when an enemy is within reach of the top's attack, else move first
        attack_now = self._attack_possible_now(char, self._action(char, top))
        first, second = (
            (top, bottom) if attack_now or not self._has_move(char, bottom) else (bottom, top)
        )
        self.plans[char.id] = _TurnPlan(first, second, performing=first)
        return options.index(first) if first in options else 0

    def _has_move(self, char: Character, half: tuple[str, str, bool]) -> bool:
        return any(ab.type == "move" for ab in self._action(char, half).abilities)

    def _attack_possible_now(self, char: Character, action: Action) -> bool:
        fig = self._state.figures.get(char.figure)
        if fig is None:
            return False
        for ab in action.abilities:
            if ab.type == "attack":
                rng = ab.range or 1
                for e in self._enemies(fig):
                    dd = distance(e.hex, fig.hex)
                    if 0 < dd <= rng and (rng == 1 or self._board.visible(fig.hex, e.hex)):
                        return True
                return False
            if ab.type == "move":
                return False
        return False

    def _coming_attack_range(self, char: Character) -> int | None:
        """The range of the next attack this turn (after the current move), if any."""
        plan = self.plans.get(char.id)
        if plan is None:
            return None
        halves = []
        if plan.performing is not None:
            halves.append(plan.performing)
        if plan.second is not None and plan.second != plan.performing:
            halves.append(plan.second)
        for idx, half in enumerate(halves):
            abilities = self._action(char, half).abilities
            seen_move = idx > 0
            for ab in abilities:
                if ab.type == "move":
                    seen_move = True
                elif ab.type == "attack" and seen_move:
                    return ab.range or 1
        return None

    def _on_move(self, d: Decision) -> int:
        char = self._state.characters.get(d.actor)
        fig = self._figure(d.actor)
        if char is None or fig is None:
            return 0
        dests = _hexes(d.options)
        enemies = self._enemies(fig)
        attack_range = self._coming_attack_range(char)
        ranged = attack_range is not None and attack_range > 1
        # hurt and with no attack to make this turn: step back instead of closing in
        retreat = bool(enemies) and attack_range is None and fig.hp * 10 <= fig.max_hp * 4
        field: WalkingField | None = None
        if retreat:
            pass
        elif enemies and (attack_range or 1) <= 1:
            field = self._approach_field(fig, enemies)
        elif enemies:
            goals = attack_hexes(self._board, self._state, enemies, attack_range or 1, fig)
            field = walking_field(self._board, self._state, goals, fig)
        if enemies and not retreat and field:  # (a field with goals)
            doors = closed_doors(self._board, self._state)
            here = field.get(fig.hex)
            to_door = None
            if doors and here != 0:
                # only a door nearer than the enemy matters: the search for it stops there
                # (the same answer to "is it nearer?" as the full distance gives)
                limit = _STEPS_LIMIT if here is None else min(_STEPS_LIMIT, here - 1)
                to_door = steps_to(self._board, self._state, fig, set(doors), limit)
            if to_door is not None and (here is None or to_door < here):
                # the unopened door is nearer than any enemy: the way on first (a far enemy,
                # e.g. a fresh spawn behind, will come to us; the round limit will not wait)
                field = walking_field(self._board, self._state, doors, fig)
        plates = self._plate_errand(fig)
        if plates and not retreat and not any(distance(fig.hex, e.hex) == 1 for e in enemies):
            # GH-SPEC-04: the way on is locked behind a pressure plate; the character nearest
            # to it goes and stands there while the others fight (spawns never stop)
            field = walking_field(self._board, self._state, plates, fig)
        if not retreat and (field is None or fig.hex not in field):
            # no enemy in sight, or none reachable (walled off, corridor jammed by allies):
            # the way on (next door, goal hexes) instead of standing still
            goals_list = self._goal_hexes(fig)
            if goals_list:
                field = walking_field(self._board, self._state, goals_list, fig)
        far = 1 << 20
        # the field's distances, final for the destinations (searched that far only)
        steps: Mapping[Hex, int] = field.settled(dests) if field is not None else {}
        st = self._state
        traps, coins, treasures = st.traps, st.coins, st.treasures
        hazardous = self._board.spec.hazardous
        enemy_hexes = [e.hex for e in enemies]
        unarmed = bool(enemies) and attack_range is None
        # how many enemies are next to each hex (hex distance 1): the six neighbours of
        # every enemy counted once, read per destination (a destination's own loop over
        # the enemies cost more than the rest of its judgement)
        next_to: dict[Hex, int] = {}
        for eq, er in enemy_hexes:
            for n in (
                (eq + 1, er),
                (eq - 1, er),
                (eq, er + 1),
                (eq, er - 1),
                (eq + 1, er - 1),
                (eq - 1, er + 1),
            ):
                next_to[n] = next_to.get(n, 0) + 1
        # the cheapest destination by (cost, index), as ``min`` over the options would pick
        # it (written as one loop: a key function called per destination cost more)
        best: tuple[float, int] | None = None
        for i, h in enumerate(dests):
            if retreat:
                c = -float(min(distance(h, e) for e in enemy_hexes))
            else:
                c = float(steps.get(h, far))
            if h in traps or h in hazardous:
                c += 4
            if h in coins or h in treasures:
                c -= 0.5
            adjacent = next_to.get(h, 0)
            if ranged and adjacent:
                c += 1.5  # GH-ATK-04: a ranged attack from an adjacent hex has disadvantage
            if unarmed:
                # nothing to attack with this turn: do not walk into the enemy's reach for free
                c += 0.3 * adjacent
            elif adjacent > 1 and not ranged:
                c += 0.25 * (adjacent - 1)  # one enemy to hit, several to hit back
            if best is None or (c, i) < best:
                best = (c, i)
        return best[1] if best is not None else 0

    def _goal_targets(self) -> set[str]:
        """Named monsters or monster types the scenario must kill (GH-SPEC-07 goals)."""
        return {t for g in self._scenario.win if g.type == "kill" for t in g.targets}

    def _on_attack_target(self, d: Decision) -> int:
        value = int(d.context.get("value", 2)) if isinstance(d.context, Mapping) else 2
        wanted = self._goal_targets()
        best: tuple[tuple[int, int, int], int] | None = None
        for i, option in enumerate(d.options):
            if option == "done":
                continue
            if isinstance(option, str):
                f = self._state.figures.get(option)
                if f is None:
                    continue
                shield = f.shield + f.base_shield
                killable = f.hp <= max(0, value - shield)
                goal = bool(wanted) and (f.named in wanted or f.monster_type in wanted)
                rank = 0 if killable else (1 if goal else 2)
                key = (rank, -int(f.elite or f.boss or goal) if killable else f.hp, i)
            else:
                key = (3, 0, i)  # an obstacle: only when no enemy can be hit
            if best is None or key < best[0]:
                best = (key, i)
        return best[1] if best is not None else 0

    def _on_aoe(self, d: Decision) -> int:
        return 0  # the engine lists the placements hitting most enemies first

    def _on_push(self, d: Decision) -> int:
        return self._forced_move(d)

    def _on_pull(self, d: Decision) -> int:
        return self._forced_move(d)

    def _forced_move(self, d: Decision) -> int:
        """Push or pull a monster into a trap or hazard when possible, else all the way."""
        if d.actor == MONSTERS_ACTOR:
            return self.rng.randbelow(len(d.options))
        for i, option in enumerate(d.options):
            if isinstance(option, list):
                h = as_hex(option)
                if h in self._state.traps or h in self._board.spec.hazardous:
                    return i
        return 0

    def _most_hurt(self, d: Decision) -> int:
        best = 0
        best_missing = -1
        for i, fid in enumerate(d.options):
            f = self._state.figures.get(fid) if isinstance(fid, str) else None
            if f is None:
                continue
            missing = f.max_hp - f.hp + (3 if "wound" in f.conditions else 0)
            if missing > best_missing:
                best, best_missing = i, missing
        return best

    def _on_heal_target(self, d: Decision) -> int:
        return self._most_hurt(d)

    def _on_use_item(self, d: Decision) -> int:
        """GH-TURN-07: use items that come back (spent ones refresh on a long rest, GH-ITEM-06)
        freely; keep a consumed item (GH-ITEM-08) for when the character is hurt."""
        fig = self._figure(d.actor)
        hurt = fig is not None and fig.hp * 2 <= fig.max_hp
        items = self._content.items
        ctx = d.context if isinstance(d.context, Mapping) else {}
        if ctx.get("when") == "instead-of-attack":
            # the item's attack replaces the card's: only when it hits harder than the
            # card's would with the elements it could consume ("boosted")
            card_attack = max(int(ctx.get("attack") or 0), int(ctx.get("boosted") or 0))
            for i, option in enumerate(d.options):
                item = items.get(option) if isinstance(option, str) else None
                if item is None:
                    continue
                attack = next((a for a in item.abilities if a.type == "attack"), None)
                if attack is not None and attack.value > card_attack:
                    return i
            return 0
        if ctx.get("when") == "move" and "points" in ctx:
            return self._move_item(d, ctx)
        for i, option in enumerate(d.options):
            item = items.get(option) if isinstance(option, str) else None
            if item is None:
                continue
            if item.usage != "consumed" or hurt:
                return i
        return 0

    def _move_item(self, d: Decision, ctx: Mapping[str, Any]) -> int:
        """GH-ITEM-06 / GH-TURN-07: a move item is part of the move. The bot weighs the
        move it would make with the item (its own ``move`` choice over the hexes the item
        lets it reach) and uses the item only when that hex is out of reach without it;
        a consumed item (GH-ITEM-08) only when the character is hurt, as for any item."""
        fig = self._figure(d.actor)
        if fig is None:
            return 0
        hurt = fig.hp * 2 <= fig.max_hp
        start = as_hex(ctx["from"])
        points, jump = int(ctx["points"]), bool(ctx.get("jump"))
        flying = fig.flying
        without = find_moves(
            self._board, self._state, start, points, fig.side, jump=jump, flying=flying
        )
        for i, option in enumerate(d.options):
            item = self._content.items.get(option) if isinstance(option, str) else None
            if item is None or (item.usage == "consumed" and not hurt):
                continue
            extra = [a for a in item.abilities if a.type == "move"]
            more = points + sum(a.value for a in extra)
            jumps = jump or any(a.jump for a in extra)
            moves = find_moves(
                self._board, self._state, start, more, fig.side, jump=jumps, flying=flying
            )
            dests = move_destinations(moves, start)
            ask = Decision(
                "move",
                d.actor,
                tuple([h[0], h[1]] for h in dests),
                {"from": [start[0], start[1]], "points": more, "jump": jumps},
            )
            if dests[self._on_move(ask)] not in without.costs:
                return i
        return 0

    def _on_remove_active(self, d: Decision) -> int:
        """GH-BONUS-05: keep persistent cards. A removable card (no slots) costs nothing
        while it stays - it already counts as lost or discarded (GH-BONUS-08) - and its
        bonus or summon keeps helping; the bot has no case where ending it helps."""
        return 0

    def _on_consume_order(self, d: Decision) -> int:
        """GH-ELEM-08: the card's order (the first usable enhancement), as the bot played
        every consume before the order was a choice."""
        return 0

    def _on_consume(self, d: Decision) -> int:
        return 0  # "consume": a stronger ability is always welcome

    def _on_summon_hex(self, d: Decision) -> int:
        monsters = [f for f in self._state.figures.values() if f.side == "monsters"]
        if not monsters:
            return 0
        return min(
            range(len(d.options)),
            key=lambda i: (min(distance(as_hex(d.options[i]), m.hex) for m in monsters), i),
        )

    def _on_recover(self, d: Decision) -> int:
        char = self._state.characters.get(d.actor)
        if char is None:
            return 0
        s = self.situation(char)
        best = None
        for i, option in enumerate(d.options):
            if option == "done" or not isinstance(option, str):
                continue
            v = score.card_keep_value(self._card(char, option), s)
            if best is None or v > best[0]:
                best = (v, i)
        return best[1] if best else 0

    # ------------------------------------------------------------------ damage and rests
    def _on_negate_damage(self, d: Decision) -> int:
        char = self._state.characters.get(d.actor)
        ctx = d.context if isinstance(d.context, Mapping) else {}
        amount = int(ctx.get("amount", 0))
        hp = int(ctx.get("hp", 0))
        if char is None:
            return 0
        lethal = amount >= hp
        # nearly lethal and cards to spare: a card now saves a character later
        close_call = hp - amount <= 2 and amount >= 3 and len(char.hand) + len(char.discard) >= 8
        if not (lethal or close_call):
            return 0  # suffer it: cards are the scarcer resource (GH-DMG-01..03)
        s = self.situation(char)
        best: tuple[float, int] | None = None
        for i, option in enumerate(d.options):
            if not isinstance(option, Mapping) or not option.get("negate"):
                continue
            cards = list(option.get("cards", []))
            if len(char.hand) + len(char.discard) - len(cards) < 2:
                continue  # saving the character now would only exhaust it by cards soon
            c = sum(score.card_keep_value(self._card(char, cid), s) for cid in cards)
            if option["negate"] == "hand" and len(char.hand) - 1 < 2 and len(char.discard) < 2:
                c += 50  # would leave the character unable to play or rest next round
            if option["negate"] == "discard":
                c += 1.0
            if best is None or c < best[0]:
                best = (c, i)
        return best[1] if best is not None else 0

    def _lowest_value_card(self, char: Character, options: Sequence[Any]) -> int:
        s = self.situation(char)
        return min(
            range(len(options)),
            key=lambda i: (score.card_keep_value(self._card(char, str(options[i])), s), i),
        )

    def _on_long_rest_lose(self, d: Decision) -> int:
        char = self._state.characters.get(d.actor)
        return self._lowest_value_card(char, d.options) if char is not None else 0

    def _on_short_rest(self, d: Decision) -> int:
        char = self._state.characters.get(d.actor)
        if char is None:
            return 0
        fig = self._state.figures.get(char.figure)
        # rest at the end of the round when the hand is nearly empty, unless a long rest
        # (which heals) would serve better: a long rest costs a whole turn for 2 HP
        # (GH-REST-04/06), worth it when hurt and out of reach, or badly hurt; otherwise a
        # short rest keeps the turn (GH-REST-02). With two cards in hand or more the answer
        # is "skip" whatever the situation, so the situation (walking fields) is only
        # looked at when the hand is nearly empty: this decision comes every round for
        # every character.
        want = False
        if len(char.hand) < 2:
            hurt = fig is not None and fig.max_hp - fig.hp >= 3
            if hurt and fig is not None and fig.hp * 2 > fig.max_hp:
                s = self.situation(char)
                hurt = s.steps_to_enemy is None or s.steps_to_enemy > 4  # quiet
            want = not hurt
        rest = next((i for i, o in enumerate(d.options) if o == "rest"), None)
        skip = next((i for i, o in enumerate(d.options) if o == "skip"), 0)
        return rest if (want and rest is not None) else skip

    def _on_short_rest_keep(self, d: Decision) -> int:
        return next((i for i, o in enumerate(d.options) if o == "accept"), 0)


#: (controller class, decision kind) -> its ``_on_<kind>`` method, or None
_HANDLERS: dict[tuple[type, str], Any] = {}
_UNKNOWN = object()

#: ``score.Situation(*fields)`` in one C call (all ten fields, in their order)
_new_situation: Callable[[type[score.Situation], tuple[Any, ...]], score.Situation] = tuple.__new__


#: how far the bots look for a door or goal hex (``steps_to``'s default)
_STEPS_LIMIT = 40


class _PlanIndex:
    """Where a pair of cards is among a plan decision's options.

    The engine lists the pairs of the sorted hand lead by lead (``[lead, other]`` for every
    other card of the hand), so the place of a pair is arithmetic; each computed place is
    checked against the option there and the whole list is indexed only when that check
    fails (an engine that lists them differently). Building the index for every plan was
    a dict of about fifty pairs, four times a round.
    """

    __slots__ = ("_index", "options", "position", "stride")

    def __init__(self, options: Sequence[Any], hand: Sequence[str]) -> None:
        self.options = options
        self.position = {card: i for i, card in enumerate(hand)}
        self.stride = len(hand) - 1
        self._index: dict[tuple[str, str], int] | None = None

    def get(self, lead: str, other: str) -> int | None:
        if self._index is None:
            i = self.position[lead]
            j = self.position[other]
            at = i * self.stride + (j if j < i else j - 1)
            options = self.options
            if at < len(options):
                option = options[at]
                if _is_map(option):
                    cards = option.get("cards")
                    if type(cards) is list and cards == [lead, other]:
                        return at
            self._index = {
                (o["cards"][0], o["cards"][1]): k
                for k, o in enumerate(options)
                if _is_map(o) and "cards" in o
            }
        return self._index.get((lead, other))


def _hexes(options: Sequence[Any]) -> list[Hex]:
    """The hexes of a decision's ``[q, r]`` options. The engine writes them as lists of two
    integers; reading those directly (a plain tuple, equal to the :class:`Hex` and hashing
    alike) skips :func:`as_hex`'s checks and named-tuple construction, which cost more
    than the whole judgement of a move destination. Anything else still goes through
    :func:`as_hex`."""
    return [(o[0], o[1]) if type(o) is list and len(o) == 2 else as_hex(o) for o in options]


def _is_map(o: object) -> TypeGuard[Mapping[str, Any]]:
    """``isinstance(o, Mapping)``, with the common case (a dict) first: an ABC check costs
    about a microsecond and the card plan makes one per card pair."""
    return type(o) is dict or isinstance(o, Mapping)
