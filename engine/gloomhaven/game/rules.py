"""The rules context: one object that holds a game's state and performs its primitive
steps. Turn logic lives in :mod:`.character_turn`, :mod:`.monster_turn`, :mod:`.attacks`
and :mod:`.rounds`; they all act through a :class:`Rules`.

This module keeps the plumbing (the state, asking the controller, emitting events, looking
figures and monster stats up); the primitives live in modules named for what they hold,
each a set of functions taking the rules context first, and are methods of :class:`Rules`
as well (``r.suffer_damage(...)``):

====================  ================================================================
:mod:`.damage`        conditions, damage, healing, defeat, kills, exhaustion
:mod:`.cards_in_play` active cards (persistent, round bonus), items, experience
:mod:`.elements`      the element infusion table
:mod:`.loot`          coins and treasure
:mod:`.terrain`       entering a hex: traps, hazardous terrain, doors on the way, walking
:mod:`.rooms`         doors, room reveals, placing monsters and allies, spawns, monster
                      ability cards
:mod:`.scenario_effects`  special-rule triggers and their effects
====================  ================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from questforge.engine.core.decisions import Controller, Decision, check_index
from questforge.engine.core.events import Event, EventLog, JSONValue, to_jsonable
from questforge.engine.gloomhaven.game import (
    cards_in_play,
    damage,
    elements,
    loot,
    rooms,
    scenario_effects,
    terrain,
)
from questforge.engine.gloomhaven.game.board import Board, empty_of_tokens
from questforge.engine.gloomhaven.game.damage import MAX_BLESS_CURSE
from questforge.engine.gloomhaven.game.game_over import GameOver
from questforge.engine.gloomhaven.game.spec import (
    AbilityCard,
    Content,
    Hex,
    ModifierCard,
    MonsterAbilityCardSpec,
    MonsterStats,
    ScenarioSpec,
)
from questforge.engine.gloomhaven.game.state import (
    Character,
    Figure,
    FigureKind,
    GameState,
    Side,
)

__all__ = ["MAX_BLESS_CURSE", "GameOver", "Rules", "new_character_figure"]


#: the plain JSON scalar types (``questforge.engine.core.events``' own test)
_SCALARS = frozenset({str, int, float, bool, type(None)})
#: an :class:`Event` made as ``event_of`` makes it: a bare instance and its two slots' own
#: setters (the frozen dataclass's ``__init__`` without its Python frame)
_new_event = object.__new__
_set_type = Event.__dict__["type"].__set__
_set_data = Event.__dict__["data"].__set__


class Rules:
    """State + primitives. Not a public API: use :class:`~.game.Game`."""

    # ------------------------------------------------------------------ the parts
    # Each group of primitives lives in a module of its own (see the module docstring);
    # they are methods here, so every caller keeps writing ``r.suffer_damage(...)``.
    # damage
    apply_condition = damage.apply_condition
    modifier_deck_owner = damage.modifier_deck_owner
    expire_conditions = damage.expire_conditions
    suffer_damage = damage.suffer_damage
    heal = damage.heal
    defeat = damage.defeat
    kill_monster = damage.kill_monster
    remove_summon = damage.remove_summon
    exhaust = damage.exhaust
    # cards_in_play
    bonus_kind = cards_in_play.bonus_kind
    find_card = cards_in_play.find_card
    use_active = cards_in_play.use_active
    withdraw_grants = cards_in_play.withdraw_grants
    retire_active = cards_in_play.retire_active
    offer_items = cards_in_play.offer_items
    use_item = cards_in_play.use_item
    gain_xp = cards_in_play.gain_xp
    # elements
    element_available = elements.element_available
    consume_element = elements.consume_element
    infuse_at_end_of_turn = elements.infuse_at_end_of_turn
    flush_infusions = elements.flush_infusions
    choose_any_element = elements.choose_any_element
    # loot
    loot_hexes = loot.loot_hexes
    resolve_treasure = loot.resolve_treasure
    # terrain
    enter_hex = terrain.enter_hex
    spring_trap = terrain.spring_trap
    disarm_trap = terrain.disarm_trap
    create_trap = terrain.create_trap
    lose_flying = terrain.lose_flying
    walk = terrain.walk
    # rooms
    open_door = rooms.open_door
    reveal_room = rooms.reveal_room
    place_allies = rooms.place_allies
    ally_initiative = rooms.ally_initiative
    place_monster = rooms.place_monster
    draw_missing_ability_cards = rooms.draw_missing_ability_cards
    monster_type_card_this_round = rooms.monster_type_card_this_round
    spawn = rooms.spawn
    # scenario_effects
    fire = scenario_effects.fire
    apply_effect = scenario_effects.apply_effect
    figures_in_area = scenario_effects.figures_in_area
    check_state_triggers = scenario_effects.check_state_triggers

    def __init__(
        self,
        content: Content,
        scenario: ScenarioSpec,
        board: Board,
        state: GameState,
        log: EventLog,
        controller: Controller,
        formula: Callable[[str, int, int], int],
    ) -> None:
        self.content = content
        self.scenario = scenario
        self.board = board
        self.state = state
        self.log = log
        self.controller = controller
        self.formula = formula
        #: answers given so far (the decision log)
        self.answers: list[dict[str, JSONValue]] = []
        #: elements to infuse at the end of the current turn (GH-ELEM-02)
        self.pending_infusions: list[str] = []
        #: the figure whose turn it is (for condition expiry, GH-REF-05)
        self.active_figure: str = ""
        #: the figure pushing or pulling now (``attacks.forced_move``): the damage of a
        #: trap or hazard the forced move enters is its doing (a kill for battle goals)
        self.forced_by: str = ""
        #: ability card id -> card (every class)
        self.cards: dict[str, AbilityCard] = {
            c.id: c for cls in content.classes.values() for c in cls.cards
        }
        #: modifier card id -> card (every deck of the game)
        self.modifier_cards: dict[str, ModifierCard] = {}
        #: GH-MSTAT-05 / GH-VAR-02: the stat level monsters use
        self.monster_level: int = state.level
        #: GH-VAR-02: the solo variant adds 1 to trap damage
        self.trap_bonus: int = 0
        #: (monster deck id, card id) -> ability card, filled on first use (content is
        #: immutable, so the lookup never changes)
        self.ability_cards: dict[tuple[str, str], MonsterAbilityCardSpec] = {}
        #: every attack resolved: (attacker, target, damage dealt, target killed, target
        #: adjacent to one of the attacker's allies) - for conditional XP (GH-XP-03)
        self.attack_notes: list[tuple[str, str, int, bool, bool]] = []
        #: monster types and bosses whose stat card has ``rules`` (GH-MSTAT-04), in order:
        #: their rules fire with the scenario's while a figure of the type is on the map
        self.ruled_types: tuple[str, ...] = tuple(
            sorted(t for t, spec in self.content.monsters.items() if spec.rules)
        )
        #: hexes an ``enter-hex`` special rule watches (checked on every step, so a set)
        self.watched_hexes: frozenset[Hex] = frozenset(
            h
            for rule in (
                *scenario.special_rules,
                *(rule for t in self.ruled_types for rule in self.content.monsters[t].rules),
            )
            if rule.trigger.type == "enter-hex"
            for h in rule.trigger.hexes
        )

    # ------------------------------------------------------------------ plumbing
    def emit(self, type_: str, **fields: Any) -> None:
        # :meth:`EventLog.emit_fields` written out (one Python call less for each of the
        # thousand events of a game): the fresh keyword dict becomes the event's data.
        # ``event_of``'s conversion too (the same JSON data, see ``to_jsonable``): the
        # fields that are not plain scalars - a hex, a list of card ids or of rule ids, a
        # path - converted in place, the common shapes without a Python call per item.
        scalars = _SCALARS
        if not scalars.issuperset(map(type, fields.values())):
            for key, value in fields.items():
                t = type(value)
                if t in scalars:
                    continue
                if (
                    t is tuple
                    and len(value) == 2
                    and type(value[0]) is int
                    and type(value[1]) is int
                ):
                    fields[key] = [value[0], value[1]]  # a hex
                elif (t is list or t is tuple) and scalars.issuperset(map(type, value)):
                    fields[key] = list(value)
                else:
                    fields[key] = to_jsonable(value)
        event = _new_event(Event)
        _set_type(event, type_)
        _set_data(event, fields)
        log = self.log
        log.events.append(event)
        if log.listeners:
            for listener in log.listeners:
                listener(event)

    def ask(
        self,
        kind: str,
        actor: str,
        options: Sequence[JSONValue],
        context: dict[str, Any] | None = None,
        prompt: str = "",
    ) -> int:
        """Ask the controller; a decision with one option is answered without asking
        (it is not a choice, and leaving it out keeps logs short)."""
        if not options:
            raise ValueError(f"decision {kind!r} has no options")
        if len(options) == 1:
            return 0
        # options and context are built as JSON data by the engine (lists for hexes), so
        # they are not converted again: plan decisions have ~100 options, a hot path
        decision = _new_decision(Decision)
        _set_kind(decision, kind)
        _set_actor(decision, actor)
        _set_options(decision, tuple(options))
        _set_context(decision, context or {})
        _set_prompt(decision, prompt)
        index = self.controller.choose(decision)
        if type(index) is not int or not 0 <= index < len(options):  # (the common case inline)
            index = check_index(decision, index)
        self.answers.append(
            {"kind": kind, "actor": actor, "index": index, "option": decision.options[index]}
        )
        return index

    @property
    def trap_damage(self) -> int:
        """GH-TRAP-04 / GH-REF-02: 2 + L (the solo variant adds 1, GH-VAR-02)."""
        return 2 + self.state.level + self.trap_bonus

    @property
    def hazard_damage(self) -> int:
        """GH-HAZ-01: half the trap damage, rounded down."""
        return self.trap_damage // 2

    # ------------------------------------------------------------------ lookups
    def fig(self, fid: str) -> Figure:
        return self.state.figures[fid]

    def char_of(self, f: Figure) -> Character | None:
        """The character owning a character figure or a summon."""
        if f.kind == "character":
            return self.state.characters.get(f.id)
        if f.kind == "summon":
            return self.state.characters.get(f.owner)
        return None

    def enemies_of(self, f: Figure) -> list[Figure]:
        return [o for o in self.state.figures.values() if o.side != f.side]

    def allies_of(self, f: Figure) -> list[Figure]:
        """GH-TURN-04: allies exclude the figure itself."""
        return [o for o in self.state.figures.values() if o.side == f.side and o.id != f.id]

    def monster_stats(self, f: Figure) -> MonsterStats:
        return self.stats_line(f.monster_type, f.elite or f.stat_elite)

    def stats_line(self, monster: str, elite: bool) -> MonsterStats:
        """GH-MSTAT-05: the stat line for the monster level; bosses by C too (GH-BOSS-03)."""
        spec = self.content.monsters[monster]
        table = spec.levels
        if spec.levels_by_players:
            table = spec.levels_by_players.get(self.state.players) or next(
                iter(spec.levels_by_players.values())
            )
        line = table.get(self.monster_level) or table[max(table)]
        return line["elite" if elite else "normal"]

    # ------------------------------------------------------------------ conditions

    # ------------------------------------------------------------------ damage & healing

    # ------------------------------------------------------------------ active cards

    # ------------------------------------------------------------------ items

    # ------------------------------------------------------------------ elements

    # ------------------------------------------------------------------ loot

    # ------------------------------------------------------------------ movement

    # ------------------------------------------------------------------ doors & rooms

    # ------------------------------------------------------------------ special rules

    def in_range(self, f: Figure, h: Hex, rng: int) -> bool:
        """Whether ``h`` is within range ``rng`` of figure ``f``, counted around walls
        (GH-REF-08, :meth:`~.board.Board.within_range`): a character on the board as
        characters see it, a monster, summon or ally on the monsters' board (closed doors
        are walls to them, GH-DOOR-03)."""
        return self.board.within_range(
            self.state, f.hex, h, rng, monsters_view=f.kind != "character"
        )

    def occupied_hexes(self) -> set[Hex]:
        return {f.hex for f in self.state.figures.values()}

    def empty_adjacent(self, h: Hex) -> list[Hex]:
        """Empty hexes next to ``h`` where a summon may be placed (GH-SUMM-01, GH-MOTH-03).

        "Empty" is the rulebook's one meaning (GH-MOVE-07): no figure, and no token or
        overlay tile other than corridors and open doors - so no trap, hazardous or
        difficult terrain, obstacle, money token or treasure (:func:`~.board.empty_of_tokens`).
        A closed door is never empty: it is a wall for monsters and for character summons
        alike (GH-DOOR-03, GH-SUMM-08)."""
        st = self.state
        occ = self.occupied_hexes()
        out = []
        for n in self.board.adj.get(h, ()):
            if not self.board.in_play(st, n) or n in occ or not empty_of_tokens(st, n):
                continue
            if self.board.closed_door(st, n):
                continue
            out.append(n)
        return sorted(out)


#: ``Decision(kind, actor, options, context, prompt)`` without the frozen dataclass's
#: ``__init__`` (a Python function setting each field through ``object.__setattr__``): a
#: bare instance and its slots' own setters, the same object in about half the time (a
#: bot game asks about 420 times)
_new_decision = object.__new__
_set_kind = Decision.__dict__["kind"].__set__
_set_actor = Decision.__dict__["actor"].__set__
_set_options = Decision.__dict__["options"].__set__
_set_context = Decision.__dict__["context"].__set__
_set_prompt = Decision.__dict__["prompt"].__set__


def new_character_figure(char_id: str, hex_: Hex, hp: int) -> Figure:
    return Figure(
        id=char_id, kind=FigureKind.CHARACTER, side=Side.PARTY, hex=hex_, hp=hp, max_hp=hp
    )
