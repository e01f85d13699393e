"""Bots for both sides: heuristic players that answer every Descent decision kind.

The hero bot explores toward the quest's goals (named monsters, chests, runekeys, doors it
can open, stairs into the dark), attacks the weakest enemy in reach, drinks a healing
potion when badly hurt, guards or rests when it readies, and shops: a weapon that suits its
best trait, armor, potions, then treasure draws; with 300 gold and nothing to fight nearby
it walks to an active glyph and goes to town to shop. The Overlord bot spawns out of sight next to the weakest hero,
plays powers and traps when it can pay, and activates monsters to focus the hero with the
fewest wounds left (DJ-REF-10). Bots read the game they play; they never draw randomness.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from questforge.engine.core.decisions import Decision
from questforge.engine.descent.game.combat import hero_profile
from questforge.engine.descent.game.state import Cell, HeroFigure, MonsterFigure
from questforge.engine.descent.model import Item, footprint

if TYPE_CHECKING:
    from questforge.engine.descent.game.game import DescentGame

#: gold at which a hero with nothing to fight heads for town to shop
TOWN_TRIP_GOLD = 300


def expected_damage(game: DescentGame, item: Item | None, power: int = 0) -> float:
    """Average damage a weapon's dice show (misses count 0), plus 0.5 per power die."""
    if item is None or not item.dice:
        return 0.0
    total = 0.0
    hit = 1.0
    for ident in item.dice:
        die = game.pack.dice.get(ident)
        if die is None:
            continue
        total += sum(f.damage for f in die.faces) / len(die.faces)
        hit *= 1 - sum(f.miss for f in die.faces) / len(die.faces)
    return (total + 0.5 * power) * hit


class DescentBot:
    """A controller for every seat: heroes (actor = hero id, ``heroes``) and ``overlord``."""

    def __init__(self, game: DescentGame) -> None:
        self.game = game

    def choose(self, decision: Decision) -> int:
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        if handler is None:
            return 0
        index = handler(decision)
        return int(index) if 0 <= int(index) < len(decision.options) else 0

    # --- helpers ----------------------------------------------------------------------

    def _hero(self, decision: Decision) -> HeroFigure:
        fig = self.game.figure(decision.actor)
        assert isinstance(fig, HeroFigure)
        return fig

    def _weakest_hero(self) -> HeroFigure | None:
        on_board = [h for h in self.game.heroes if h.cell is not None]
        return min(
            on_board, key=lambda h: (h.wounds + h.armor_against("melee"), h.uid), default=None
        )

    def _distances(self, goals: list[Cell]) -> dict[Cell, int]:
        board = self.game.geometry.board
        dist: dict[Cell, int] = {}
        queue: deque[Cell] = deque()
        for g in goals:
            if g in board and g not in dist:
                dist[g] = 0
                queue.append(g)
        stairs = self.game.qmap.stairs_links()
        while queue:
            c = queue.popleft()
            for n in [*board.neighbors(c), *stairs.get(c, [])]:
                if n not in dist and self.game.quest.terrain.get(n) not in ("rubble", "water"):
                    dist[n] = dist[c] + 1
                    queue.append(n)
        return dist

    def _shopped_this_turn(self, hero: HeroFigure) -> bool:
        """Read from the log (not bot memory), so a replayed game decides the same."""
        for event in reversed(self.game.log.events):
            if event.type == "hero-turn-started" and event["hero"] == hero.uid:
                return False
            if event.type == "shop-visited" and event["hero"] == hero.uid:
                return True
        return False

    def _hero_goals(self, hero: HeroFigure, engage_only: bool = False) -> list[Cell]:
        game = self.game
        walk = self._distances([hero.cell]) if hero.cell is not None else {}
        enemies = [
            m
            for m in game.monsters
            if m.cell is not None
            and min((walk.get(c, 999) for c in m.squares), default=999) <= 2 * hero.speed + 2
        ]
        if enemies:
            prof = hero_profile(hero)
            reach = 1 if prof is None or prof.attack == "melee" else 3
            engage: list[Cell] = []
            for m in enemies:
                for c in m.squares:
                    engage.extend(
                        x
                        for x in game.geometry.board.cells()
                        if game.geometry.board.distance(x, c) <= reach
                    )
            return engage
        if engage_only:
            return []
        goals: list[Cell] = []
        if hero.gold >= TOWN_TRIP_GOLD:  # a trip to town pays: head for an active glyph
            goals.extend(
                o.cell for o in game.quest.objects if o.type == "glyph" and o.id in game.glyphs
            )
        revealed = game.revealed
        for o in game.quest.objects:
            if o.id in game.taken or game.qmap.area_of.get(o.cell) not in revealed:
                continue
            if o.type in ("chest", "runekey", "coins"):
                goals.append(o.cell)
            if o.type in ("healing-potion", "vitality-potion") and len(hero.potions) < 3:
                goals.append(o.cell)  # a full belt cannot take it (it stays on the map)
            if o.type == "glyph" and o.id not in game.glyphs:
                goals.append(o.cell)
            if o.type == "stairs":
                ends = game.qmap.stairs_links().get(o.cell, [])
                if any(game.qmap.area_of.get(e) not in revealed for e in ends):
                    goals.append(o.cell)
        for door in game.quest.doors:
            if door.id in game.open_doors or (door.rune and door.rune not in game.keys):
                continue
            for e in door.edges:
                goals.extend(c for c in e if game.qmap.area_of.get(c) in revealed)
        for obj in game.quest.objectives:
            if obj.type == "reach" and obj.cell is not None:
                goals.append(obj.cell)
        return goals

    # --- hero decisions ---------------------------------------------------------------

    def _hero_order(self, d: Decision) -> int:
        game = self.game

        def key(i: int) -> tuple[int, int]:
            fig = game.figure(d.options[i])
            if fig is None or fig.cell is None:
                return (99, i)
            near = min(
                (game.geometry.distance(fig, m) for m in game.monsters if m.cell is not None),
                default=99,
            )
            return (near, i)

        return min(range(len(d.options)), key=key)

    def _action(self, d: Decision) -> int:
        hero = self._hero(d)
        opts = list(d.options)
        if "stunned-attack" in opts:
            prof = hero_profile(hero)
            from questforge.engine.descent.game.combat import targets

            return opts.index("stunned-attack") if prof and targets(self.game, hero, prof) else 0
        if hero.cell is None:
            return opts.index("run")
        prof = hero_profile(hero)
        from questforge.engine.descent.game.combat import targets

        if prof is not None and targets(self.game, hero, prof):
            return opts.index("battle")
        near = min(
            (
                self.game.geometry.distance(hero, m)
                for m in self.game.monsters
                if m.cell is not None
            ),
            default=99,
        )
        if near <= hero.speed + 3:
            if hero.fatigue < hero.max_fatigue // 2 or prof is None:
                return opts.index("ready")
            return opts.index("advance")
        return opts.index("run")

    def _ready(self, d: Decision) -> int:
        hero = self._hero(d)
        prof = hero_profile(hero)
        from questforge.engine.descent.game.combat import targets

        return 1 if prof is not None and targets(self.game, hero, prof) else 0

    def _order(self, d: Decision) -> int:
        hero = self._hero(d)
        if hero.fatigue < hero.max_fatigue // 2:
            return list(d.options).index("rest")
        if hero_profile(hero) is not None:
            return list(d.options).index("guard")
        return list(d.options).index("dodge")

    def _step(self, d: Decision) -> int:
        hero = self._hero(d)
        opts: list[dict[str, Any]] = list(d.options)
        by = {k: [i for i, o in enumerate(opts) if o["do"] == k] for k in {o["do"] for o in opts}}
        end = len(opts) - 1
        if hero.cell is None:
            shop = by.get("shop")
            if shop and hero.gold >= 250 and not self._shopped_this_turn(hero):
                return shop[0]
            return by.get("from-town", [end])[0]
        if (
            by.get("to-town")
            and hero.gold >= TOWN_TRIP_GOLD
            and not self._hero_goals(hero, engage_only=True)
        ):
            return by["to-town"][0]  # shopping pays: nothing to fight nearby
        if by.get("pick-up"):  # free: coins, a key, a potion left under the hero
            return by["pick-up"][0]
        if hero.wounds * 3 <= hero.max_wounds and "healing" in hero.potions:
            for i in by.get("potion", []):
                if opts[i]["potion"] == "healing":
                    return i
        if by.get("attack"):

            def weak(i: int) -> tuple[int, int]:
                t = self.game.figure(opts[i]["target"])
                named = 0 if isinstance(t, MonsterFigure) and t.named else 1
                return (named, t.wounds if t else 99)

            return min(by["attack"], key=weak)
        if by.get("open-chest"):
            return by["open-chest"][0]
        if by.get("open-door") and not any(m.cell is not None for m in self.game.monsters):
            return by["open-door"][0]
        if d.context.get("attacks") and by.get("move"):
            into_sight = self._move_to_attack(hero, opts, by["move"])
            if into_sight is not None:
                return into_sight
        goals = self._hero_goals(hero)
        dist = self._distances(goals)
        here = dist.get(hero.cell, 999) if hero.cell else 999
        if by.get("stairs"):
            to = tuple(opts[by["stairs"][0]]["to"])
            if self.game.qmap.area_of.get(to) not in self.game.revealed or dist.get(to, 999) < here:
                return by["stairs"][0]
        moves = by.get("move", [])
        if moves:
            # a pit next to a monster is no place to fight from; a goal (a chest, a square
            # to reach) in a pit is worth the fall
            engaging = bool(self._hero_goals(hero, engage_only=True))
            blind = self._blind_ends(hero, opts, moves)
            best = _closest_move(moves, opts, dist, blind, goal_ok=not engaging)
            if _move_distance(opts[best], dist) < here or self._climbs_out(hero, opts, best):
                return best
        if by.get("open-door"):
            return by["open-door"][0]
        return end

    def _move_to_attack(
        self, hero: Any, opts: list[dict[str, Any]], moves: list[int]
    ) -> int | None:
        """A hero with an attack left and no target where it stands: the cheapest move after
        which a monster is a target (DJ-TURN-05: an Advance moves and attacks in any order).
        Without it a hero beside monsters it could not see (another figure in the line)
        ended its turn idle. ``None`` when no move brings a target."""
        from questforge.engine.descent.game.combat import targets

        prof = hero_profile(hero)
        if prof is None or not any(m.cell is not None for m in self.game.monsters):
            return None
        here = hero.cell
        try:
            for i in sorted(moves, key=lambda i: (opts[i]["cost"], i)):
                hero.cell = (opts[i]["to"][0], opts[i]["to"][1])
                if targets(self.game, hero, prof):
                    return i
        finally:
            hero.cell = here
        return None

    def _power_dice(self, d: Decision) -> int:
        hero = self._hero(d)
        return min(len(d.options) - 1, max(0, hero.fatigue - 2))

    def _aim_declare(self, d: Decision) -> int:
        return 0  # the Aim token serves the hero's next attack (the bot never saves it)

    def _aim_reroll(self, d: Decision) -> int:
        return 1

    def _dodge_reroll(self, d: Decision) -> int:
        return 1

    def _treasure(self, d: Decision) -> int:
        hero = self._hero(d)
        item = self.game.pack.items.get(str(d.context.get("item")))
        return 0 if item is not None and self._better(hero, item) else 1

    def _gain_item(self, d: Decision) -> int:
        """Equip what improves the hero, else pack it (or drop it with the pack full); by
        name, since a monkey is offered no "equip" (DJ-EFF-09)."""
        hero = self._hero(d)
        item = self.game.pack.items.get(str(d.context.get("item")))
        opts = list(d.options)
        if "equip" in opts and item is not None and self._better(hero, item):
            return opts.index("equip")
        return opts.index("pack") if "pack" in opts else opts.index("drop")

    def _better(self, hero: HeroFigure, item: Item) -> bool:
        if item.type == "weapon":
            power = hero.traits.get(item.attack or "", 0)
            cur = hero.weapon
            now = (
                expected_damage(self.game, cur, hero.traits.get(cur.attack or "", 0)) if cur else 0
            )
            return expected_damage(self.game, item, power) > now
        if item.type == "armor":
            return hero.armor_item is None or item.armor > hero.armor_item.armor
        if item.type == "shield":
            return hero.shield is None and (hero.weapon is None or hero.weapon.hands < 2)
        if item.type == "potion":  # a packed potion goes back on the belt when it has room
            return len(hero.potions) < 3
        return item.type == "other" and len(hero.others) < 2

    def _equip(self, d: Decision) -> int:
        hero = self._hero(d)
        for i, ident in enumerate(d.options):
            item = self.game.pack.items.get(str(ident))
            if item is not None and self._better(hero, item):
                return i
        return 0

    def _buy(self, d: Decision) -> int:
        hero = self._hero(d)
        opts: list[dict[str, Any]] = list(d.options)
        items = self.game.pack.items
        best_trait = max(("melee", "ranged", "magic"), key=lambda t: (hero.traits.get(t, 0), t))
        if hero.weapon is None:
            weapons = [
                i
                for i, o in enumerate(opts)
                if o["buy"] == "item" and items[o["item"]].type == "weapon"
            ]
            if weapons:
                return max(
                    weapons,
                    key=lambda i: (
                        items[opts[i]["item"]].attack == best_trait,
                        expected_damage(self.game, items[opts[i]["item"]]),
                    ),
                )
        for i, o in enumerate(opts):
            if o["buy"] == "sell":
                return i
        for kind in ("armor", "shield"):
            for i, o in enumerate(opts):
                if (
                    o["buy"] == "item"
                    and items[o["item"]].type == kind
                    and self._better(hero, items[o["item"]])
                ) and hero.gold - o["price"] >= 50:
                    return i
        if hero.potions.count("healing") < 2:
            for i, o in enumerate(opts):
                if o["buy"] == "item" and items[o["item"]].potion == "healing":
                    return i
        skills = [i for i, o in enumerate(opts) if o["buy"] == "skill"]
        if hero.weapon is not None and skills:  # a skill from the deck of its best trait
            deck = {"melee": "fighting", "ranged": "subterfuge", "magic": "wizardry"}[best_trait]
            return max(skills, key=lambda i: (opts[i]["deck"] == deck, -i))
        if hero.weapon is not None:  # then the best treasure draw it can afford
            draws = [i for i, o in enumerate(opts) if o["buy"] == "treasure"]
            if draws:
                return max(draws, key=lambda i: opts[i]["price"])
        return 0

    def _guard(self, d: Decision) -> int:
        return 1

    def _alertness(self, d: Decision) -> int:
        return 1

    def _cleave(self, d: Decision) -> int:
        return 1

    def _battle_charge(self, d: Decision) -> int:
        hero = self._hero(d)
        return 1 if hero.fatigue >= 3 else 0

    def _counter_attack(self, d: Decision) -> int:
        return 1

    def _taunt(self, d: Decision) -> int:
        hero = self._hero(d)
        return 1 if hero.wounds * 2 > hero.max_wounds else 0

    # --- overlord decisions -----------------------------------------------------------

    def _overlord_discard(self, d: Decision) -> int:
        cards = self.game.pack.overlord_cards
        return max(range(len(d.options)), key=lambda i: (cards[d.options[i]].cost, -i))

    def _overlord_play(self, d: Decision) -> int:
        opts: list[dict[str, Any]] = list(d.options)
        for kind in ("spawn", "power", "event"):
            found = [
                i
                for i, o in enumerate(opts)
                if o["play"] == kind and (kind != "spawn" or self._spawn_has_square(o["card"]))
            ]
            if found:
                return max(found, key=lambda i: (opts[i]["cost"], -i))
        return 0

    def _spawn_has_square(self, card_id: str) -> bool:
        """Whether a monster of the spawn card has a legal square (DJ-SPAWN-03): a card
        played without one is spent for nothing (``spawn-skipped``); kept, it may serve
        later or be discarded for threat."""
        from questforge.engine.descent.game.overlord import spawn_probe, spawn_squares

        card = self.game.pack.overlord_cards.get(card_id)
        if card is None:
            return True  # unknown to the bot: the rules decide
        for group in card.spawn:
            monster = self.game.pack.get("monster", group.monster)
            if monster is None:
                continue
            if spawn_squares(self.game, spawn_probe(monster.size)):
                return True
        return False

    def _trap(self, d: Decision) -> int:
        cards = self.game.pack.overlord_cards
        best = max(range(1, len(d.options)), key=lambda i: (cards[d.options[i]].damage, -i))
        return best

    def _recall(self, d: Decision) -> int:
        """Re-spawn the figure farthest from every hero when it is out of the fight (5+)."""
        heroes = [h for h in self.game.heroes if h.cell is not None]
        best, far = 0, 0
        for i, uid in enumerate(d.options[1:], start=1):
            fig = self.game.figure(str(uid))
            if fig is None or not heroes:
                continue
            dist = min(self.game.geometry.distance(fig, h) for h in heroes)
            if dist >= 5 and dist > far:
                best, far = i, dist
        return best

    def _spawn_square(self, d: Decision) -> int:
        target = self._weakest_hero()
        if target is None:
            return 0
        return min(
            range(len(d.options)),
            key=lambda i: (self.game.geometry.distance(target, tuple(d.options[i])), i),
        )

    def _spend_surges(self, d: Decision) -> int:
        opts: list[dict[str, Any]] = list(d.options)

        def value(i: int) -> float:
            o = opts[i]
            if o["spend"] == "done":
                return 0.1
            if o["spend"] == "threat":
                return 0.5
            v = o.get("damage", 0) + 0.3 * o.get("range", 0)
            v += {
                "blast": 2,
                "poison": 1.5,
                "burn": 1.5,
                "stun": 1.5,
                "pierce": 1,
                "web": 1,
                "bleed": 1,
            }.get(o.get("ability", ""), 0.5 if o.get("ability") else 0)
            return v / o["cost"]

        return max(range(len(opts)), key=lambda i: (value(i), -i))

    def _knockback(self, d: Decision) -> int:
        if d.actor != "overlord":
            return 0
        heroes = [h for h in self.game.heroes if h.cell is not None]
        if len(d.options) < 2 or not heroes:
            return 0
        return max(
            range(1, len(d.options)),
            key=lambda i: (
                min(self.game.geometry.distance(h, tuple(d.options[i])) for h in heroes),
                -i,
            ),
        )

    def _stunned_master(self, d: Decision) -> int:
        return 1

    def _monster_step(self, d: Decision) -> int:
        game = self.game
        opts: list[dict[str, Any]] = list(d.options)
        attacks = [i for i, o in enumerate(opts) if o["do"] == "attack"]
        if attacks:

            def weak(i: int) -> tuple[int, int]:
                t = game.figure(opts[i]["target"])
                return (t.wounds if t else 99, i)

            return min(attacks, key=weak)
        # an area laid on an empty square (a Breath template next to it, a Blast): offered
        # only where it reaches a hero, so it is worth the attack
        squares = [i for i, o in enumerate(opts) if o["do"] == "attack-square"]
        if squares:
            return squares[0]
        moves = [i for i, o in enumerate(opts) if o["do"] == "move"]
        doors = [i for i, o in enumerate(opts) if o["do"] == "open-door"]
        heroes = [h for h in game.heroes if h.cell is not None]
        if not (moves or doors) or not heroes:
            return len(opts) - 1
        mover = game.figure(str(d.context.get("figure")))
        target = min(
            heroes,
            key=lambda h: (h.wounds, game.geometry.distance(mover, h) if mover else 0, h.uid),
        )
        goal = [c for c in target.squares]
        dist = self._distances([n for g in goal for n in game.geometry.board.neighbors(g)] + goal)
        here = min((dist.get(c, 999) for c in (mover.squares if mover else [])), default=999)
        if moves and mover is not None:
            if isinstance(mover, MonsterFigure) and int(d.context.get("attacks") or 0) > 0:
                into_sight = self._monster_move_to_attack(mover, opts, moves)
                if into_sight is not None:
                    return into_sight
            best = _closest_move(moves, opts, dist, self._blind_ends(mover, opts, moves))
            if _move_distance(opts[best], dist) < here or self._climbs_out(mover, opts, best):
                return best
        if doors and here >= 999:  # no way to the hero: open the closed door in the way
            return doors[0]
        return len(opts) - 1

    def _monster_move_to_attack(
        self, mover: MonsterFigure, opts: list[dict[str, Any]], moves: list[int]
    ) -> int | None:
        """A monster with an attack left and no target where it stands: the move after
        which the weakest hero it can then attack is a target (in reach and in sight,
        DJ-MON-01: it moves and attacks in either order), the cheapest of those. Without it
        a monster walked up to a hero it could not see and stood there. ``None`` when no
        move within its movement brings a target."""
        from questforge.engine.descent.game.combat import monster_profile, targets

        prof = monster_profile(self.game, mover)
        best: tuple[int, int, int] | None = None
        pick = None
        here, size = mover.cell, mover.size
        try:
            for i in moves:
                _place(mover, opts[i])
                if self.game.geometry.in_pit(mover):
                    continue
                found = [t for t in targets(self.game, mover, prof) if isinstance(t, HeroFigure)]
                if not found:
                    continue
                key = (min(t.wounds for t in found), int(opts[i]["cost"]), i)
                if best is None or key < best:
                    best, pick = key, i
        finally:
            mover.cell, mover.size = here, size
        return pick

    def _blind_ends(self, fig: Any, opts: list[dict[str, Any]], moves: list[int]) -> set[int]:
        """The move options that end with ``fig`` down in a pit, where it sees nothing and
        so can attack nothing (DJ-REF-13) and must pay 2 to climb out (DJ-MAP-01)."""
        out: set[int] = set()
        if not self.game.geometry.pits:
            return out
        here, size = fig.cell, fig.size
        try:
            for i in moves:
                _place(fig, opts[i])
                if self.game.geometry.in_pit(fig):
                    out.add(i)
        finally:
            fig.cell, fig.size = here, size
        return out

    def _climbs_out(self, fig: Any, opts: list[dict[str, Any]], i: int) -> bool:
        """Whether option ``i`` takes a figure now in a pit out of it: worth a step even
        when it brings the figure no nearer its goal."""
        if not self.game.geometry.in_pit(fig):
            return False
        return i not in self._blind_ends(fig, opts, [i])


def _place(fig: Any, option: Any) -> None:
    """Put ``fig`` where a move option ends (the caller restores it): to probe sight."""
    fig.cell = (option["to"][0], option["to"][1])
    if "size" in option:
        fig.size = (option["size"][0], option["size"][1])


def _move_distance(option: Any, dist: Mapping[Cell, int]) -> int:
    """How far a move option ends from the goal, by ``dist``: a two-square figure that may
    turn (DJ-REF-18) counts its nearest square."""
    to = (option["to"][0], option["to"][1])
    if "size" not in option:
        return dist.get(to, 999)
    size = (option["size"][0], option["size"][1])
    return min(dist.get(c, 999) for c in footprint(to, size))


def _closest_move(
    moves: Sequence[int],
    opts: Sequence[Any],
    dist: Mapping[Cell, int],
    blind: Collection[int] = (),
    goal_ok: bool = False,
) -> int:
    """The move option ending nearest the goal, the cheapest of those; a ``blind`` end (down
    in a pit, DJ-REF-13) counts as the worst, unless ``goal_ok`` and it is the goal itself
    (a chest in a pit): a figure that stops in a pit sees and attacks nothing and pays to
    climb out (DJ-MAP-01). A goal square next to an enemy is no goal from a pit."""

    def key(i: int) -> tuple[bool, int, int]:
        far = _move_distance(opts[i], dist)
        return (i in blind and not (goal_ok and far == 0), far, opts[i]["cost"])

    return min(moves, key=key)
