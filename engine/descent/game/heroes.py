"""Hero turns (DJ-TURN, DJ-ORD, DJ-AP, DJ-MAP, DJ-TREAS) and the town (DJ-SHOP).

A hero turn: orders placed last turn expire (Rest restores fatigue, DJ-ORD-05); burn, bleed
and web are rolled (DJ-EFF); a stunned hero loses a token and may only move at Speed,
attack once or place one order (DJ-EFF-04, 05); then the hero equips (DJ-TURN-01) and
chooses one of the four actions, which sets the movement points and attacks of the turn
(DJ-TURN-03..06). The turn is a loop of steps (move, attack, open a door or chest, stairs,
glyph, potion, a fatigue for a movement point) until the hero ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questforge.engine.descent.game.combat import (
    TurnEnded,
    apply_damage,
    attack,
    aura_damage,
    heal,
    hero_profile,
    square_figure,
    square_targets,
    start_of_turn_effects,
    targets,
)
from questforge.engine.descent.game.state import Cell, Figure, HeroFigure, MonsterFigure
from questforge.engine.descent.model import Item, Skill

if TYPE_CHECKING:
    from questforge.engine.descent.game.game import DescentGame

ACTIONS = ("advance", "run", "battle", "ready")
ORDERS = ("guard", "aim", "dodge", "rest")
MAX_POTIONS = 3  # DJ-TURN-02
PACK_SIZE = 3  # DJ-REF-40
MONKEY_MP = 5  # DJ-EFF-09: a monkey moves at most 5 spaces
REEQUIP_COST = 2  # DJ-AP-01
DOOR_COST = 2  # DJ-AP-01, DJ-MAP-08: open or close a door
GIVE_COST = 1  # DJ-AP-01
#: the tokens that act at the start of a hero's turn (DJ-EFF-01, 04, 10; bleed)
START_TOKENS = ("burn", "bleed", "web", "stun")


def hero_turn(game: DescentGame, hero: HeroFigure) -> None:
    from questforge.engine.descent.game.overlord import offer_trap

    game.active_hero = hero
    hero.glyph_used = False
    hero.used = set()
    hero.turn_action = ""
    hero.until_next_turn_armor = 0  # DJ-SKILL-M03: Unmovable's armor ends now
    game.emit(
        "hero-turn-started",
        hero=hero.uid,
        round=game.round,
        wounds=hero.wounds,
        fatigue=hero.fatigue,
    )
    try:
        if "rest" in hero.orders:  # DJ-ORD-05
            hero.fatigue = hero.max_fatigue
            game.emit("fatigue-restored", hero=hero.uid, fatigue=hero.fatigue, why="rest")
        expired = hero.orders & {"guard", "dodge", "rest"}
        hero.orders -= expired  # DJ-ORD-02, 04, 05: last until the hero's next turn
        # a card played "at the start of the hero's turn" is played as it starts, but the
        # tokens it places do not tick in this start: a stun is removed "at the start of
        # the figure's next activation" (DJ-EFF-04), for a token placed now the next turn;
        # its burn, bleed or web likewise rolls from the next turn (DJ-EFF-01, 10)
        before = {k: hero.conditions[k] for k in START_TOKENS}
        if hero.cell is not None:
            offer_trap(game, "hero-turn-start", hero)
        fresh = {k: max(0, hero.conditions[k] - before[k]) for k in START_TOKENS}
        # burn, bleed, web and stun tick at the start of the hero's turn in town too
        # (DJ-EFF-01, 04, 10): going to town by glyph does not freeze them
        can_move = start_of_turn_effects(game, hero, fresh)
        stunned = False
        if hero.conditions["stun"] > fresh["stun"]:  # DJ-EFF-04, 06
            hero.conditions["stun"] -= 1
            stunned = True
            game.emit("stun-removed", figure=hero.uid, remaining=hero.conditions["stun"])
        equip_phase(game, hero)
        _act(game, hero, can_move, stunned)
    except TurnEnded:
        pass
    finally:
        game.active_hero = None
    game.emit("hero-turn-ended", hero=hero.uid)


def grappled(game: DescentGame, hero: HeroFigure) -> bool:
    """Enemies within 1 of a grappling monster cannot spend movement (DJ-ABIL-08); a hero
    whose skill ignores grapple (DJ-SKILL-M14, Ox Tattoo) is never held. "Within 1" is
    adjacent: a wall or closed door between them frees the hero (``Geometry.adjacent``)."""
    if hero.immune("grapple") or hero.cell is None:
        return False
    return any(
        isinstance(m, MonsterFigure)
        and m.cell is not None
        and m.has("grapple")
        and game.geometry.adjacent(m, hero)
        for m in game.figures()
    )


def _act(game: DescentGame, hero: HeroFigure, can_move: bool, stunned: bool) -> None:
    if stunned:  # DJ-EFF-04, 05: move at Speed, attack once or one order; no action type
        choice = game.ask(
            "action",
            hero.uid,
            ["stunned-move", "stunned-attack", "stunned-order"],
            f"{hero.name} is stunned",
        )
        mp, attacks = {
            "stunned-move": (hero.speed, 0),
            "stunned-attack": (0, 1),
            # "one special action": the order tokens are the special-action tokens
            # (DJ-SETUP-04, 特殊行動指示物), so the hero places one order and does nothing else
            "stunned-order": (0, 0),
        }[choice]
    else:
        options = list(ACTIONS) if hero.cell is not None else ["run", "advance"]
        choice = game.ask("action", hero.uid, options, f"{hero.name}: choose an action")
        mp, attacks = {
            "run": (2 * hero.speed, 0),  # DJ-TURN-03
            "battle": (0, 2),  # DJ-TURN-04
            "advance": (hero.speed, 1),  # DJ-TURN-05
            "ready": (hero.speed, 1),  # DJ-TURN-06: one of them, chosen below
        }[choice]
        if choice == "ready" and hero.has("ready_both"):  # DJ-SKILL-M06
            mp, attacks = hero.speed, 1
        elif choice == "ready":
            half = game.ask("ready", hero.uid, ["move", "attack"], "Ready: move or attack?")
            mp, attacks = (hero.speed, 0) if half == "move" else (0, 1)
        charge = max((s.battle_charge for s in hero.skills), default=0)
        can_charge = choice == "battle" and charge and hero.fatigue >= charge  # DJ-SKILL-M02
        if (
            can_charge
            and game.ask("battle-charge", hero.uid, ["no", "charge"], "Charge?") == "charge"
        ):
            hero.fatigue -= charge
            mp, attacks = (hero.speed + 1) // 2, 3
            game.emit("fatigue-spent", hero=hero.uid, amount=charge, why="battle charge")
        for skill in hero.skills:  # DJ-SKILL-M01, M05
            if skill.on_action is not None and skill.on_action[0] == choice:
                for mate in _on_action_heroes(game, hero, skill.on_action_radius):
                    gain = min(skill.on_action[1], mate.max_fatigue - mate.fatigue)
                    if gain:
                        mate.fatigue += gain
                        game.emit(
                            "fatigue-restored", hero=mate.uid, fatigue=mate.fatigue, why=skill.id
                        )
    hero.turn_action = choice
    monkey = hero.conditions["monkey"] > 0
    if monkey:  # DJ-EFF-09: no attacks, at most 5 squares
        mp, attacks = min(mp, MONKEY_MP), 0
    if not can_move:
        mp = 0  # DJ-EFF-11: webbed (the log shows the points the hero really has)
    hero.may_attack = attacks > 0
    game.emit("action-chosen", hero=hero.uid, action=choice, mp=mp, attacks=attacks)
    granted = mp  # movement points this turn, fatigue included (a monkey's stay <= 5)
    moved = False
    # DJ-TURN-06: Ready's order "may be placed before the move or attack" (so an Aim placed
    # first serves this turn's attack); placed at the end of the turn otherwise
    order_due = choice in ("ready", "stunned-order")
    while True:
        movable = can_move and not grappled(game, hero)
        offered = step_options(game, hero, mp, attacks, movable, moved)
        if order_due and hero.cell is not None:
            offered.insert(len(offered) - 1, {"do": "order"})
        if monkey and granted >= MONKEY_MP:  # DJ-EFF-09: fatigue cannot make it 6
            offered = [o for o in offered if o["do"] != "fatigue-mp"]
        if stunned:  # DJ-EFF-04: "only one" move at normal Speed or one attack: fatigue
            # buys no extra movement point (DJ-TURN-07) and no extra attack (skills)
            offered = [o for o in offered if o["do"] not in ("fatigue-mp", "fatigue-attack")]
        step = game.ask(
            "step",
            hero.uid,
            offered,
            f"{hero.name}: {mp} MP, {attacks} attack(s) left",
            mp=mp,
            attacks=attacks,
        )
        kind = step["do"]
        if kind == "end":
            break
        before = mp
        if kind == "order":
            order_due = False
            _place_order(game, hero)
        elif kind == "fatigue-attack":  # DJ-SKILL-M04, R04, G07
            hero.fatigue -= int(step["fatigue"])
            hero.used.add(step["skill"])
            attacks += 1
            game.emit(
                "fatigue-spent", hero=hero.uid, amount=int(step["fatigue"]), why=step["skill"]
            )
        elif kind == "equip":  # DJ-AP-01: re-equip, 2 AP
            mp -= int(step["cost"])
            equip(game, hero, next(i for i in hero.pack if i.id == step["item"]))
        elif kind == "give":  # DJ-AP-01: give an item to an adjacent figure, 1 AP
            mp -= int(step["cost"])
            item = next(i for i in hero.pack if i.id == step["item"])
            other = next(h for h in game.heroes if h.uid == step["to"])
            hero.pack.remove(item)
            other.pack.append(item)
            game.emit("item-given", hero=hero.uid, item=item.id, to=other.uid)
        elif kind == "pick-up":  # DJ-AP-01: pick up a token, 0 AP
            pick_up(game, hero, hero.cell or (0, 0), glyphs=False)
            game.check_objectives()
        elif kind == "drop":  # DJ-AP-01: 0 AP; lost forever unless it is a relic
            item = next(i for i in hero.pack if i.id == step["item"])
            hero.pack.remove(item)
            game.emit("item-dropped", hero=hero.uid, item=item.id)
            drop_relic(game, hero, item)
        elif kind == "fatigue-mp":  # DJ-TURN-07
            hero.fatigue -= 1
            mp += 1
            granted += 1
            game.emit("fatigue-spent", hero=hero.uid, amount=1, why="movement point")
        elif kind == "move":
            mp -= int(step["cost"])
            moved = True
            move_hero(game, hero, [tuple(c) for c in step["path"]])
        elif kind == "attack-square":  # DJ-ATK-01: an empty square, for the area
            attacks -= 1
            prof = hero_profile(hero, step.get("weapon"))
            if prof is not None:
                from questforge.engine.descent.game.overlord import offer_trap

                offer_trap(game, "hero-attacks", hero)
                attack(game, hero, square_figure((step["cell"][0], step["cell"][1])), prof)
        elif kind == "attack":
            attacks -= 1
            target = game.figure(step["target"])
            prof = hero_profile(hero, step.get("weapon"))
            if target is not None and prof is not None:
                from questforge.engine.descent.game.overlord import offer_trap

                # DJ-REF-28: a trap or event whose trigger is a hero's attack is played
                # when the hero attacks, before the roll (a trap that kills ends the turn)
                offer_trap(game, "hero-attacks", hero)
                if target.cell is None or not target.alive:
                    continue
                attack(game, hero, target, prof)
                cleave = max((s.cleave for s in hero.skills), default=0)
                killed = target.cell is None or not target.alive
                can_cleave = (
                    killed
                    and cleave
                    and not stunned  # DJ-EFF-04: a stunned hero attacks only once
                    and prof.attack == "melee"
                    and hero.fatigue >= cleave
                )
                if (
                    can_cleave
                    and game.ask("cleave", hero.uid, ["no", "attack"], "Cleave?") == "attack"
                ):
                    hero.fatigue -= cleave  # DJ-SKILL-M07
                    attacks += 1
                    game.emit("fatigue-spent", hero=hero.uid, amount=cleave, why="cleave")
        elif kind == "telekinesis":  # DJ-SKILL-G01
            hero.fatigue -= 1
            moved_fig = game.figure(step["figure"])
            if moved_fig is not None:
                to = (step["to"][0], step["to"][1])
                moved_fig.cell = to
                game.emit("fatigue-spent", hero=hero.uid, amount=1, why="telekinesis")
                game.emit(
                    "figure-moved", figure=moved_fig.uid, path=[step["to"]], why="telekinesis"
                )
                # the moved figure enters the square: a pit, lava, an Aura, a glyph, the
                # tokens there, Holy Aura (one mechanism, enter_square)
                enter_square(game, moved_fig, to)
        elif kind == "open-door":
            mp -= int(step["cost"])
            game.open_door(step["door"], hero)
            from questforge.engine.descent.game.overlord import offer_trap

            offer_trap(game, "door-opened", hero)
        elif kind == "close-door":  # DJ-MAP-08
            mp -= int(step["cost"])
            game.close_door(step["door"], hero)
        elif kind == "open-chest":
            mp -= int(step["cost"])
            open_chest(game, hero, step["chest"])
        elif kind == "stairs":  # DJ-MAP-05, DJ-REF-15
            mp -= 1
            moved = True  # a move for Earth Pact too (DJ-SKILL-G14)
            lose_aim(game, hero)  # DJ-ORD-01
            to = (step["to"][0], step["to"][1])
            hero.cell = to
            game.emit("figure-moved", figure=hero.uid, path=[to], why="stairs")
            area = game.qmap.area_of.get(to)
            if area is not None:
                game.reveal(area)
            enter_square(game, hero, to)
        elif kind == "to-town":  # DJ-MAP-07
            mp -= 1
            moved = True  # a move for Earth Pact too (DJ-SKILL-G14)
            lose_aim(game, hero)  # DJ-ORD-01
            hero.glyph_used = True
            hero.cell = None
            hero.in_town = True
            game.emit("hero-to-town", hero=hero.uid, glyph=step["glyph"])
        elif kind == "from-town":
            mp -= 1
            moved = True  # a move for Earth Pact too (DJ-SKILL-G14)
            lose_aim(game, hero)  # DJ-ORD-01
            hero.glyph_used = True
            hero.in_town = False
            hero.cell = (step["to"][0], step["to"][1])
            game.emit("hero-from-town", hero=hero.uid, glyph=step["glyph"], cell=hero.cell)
            # arriving is moving into that square: pits, Aura, pick-ups (DJ-ABIL-01)
            enter_square(game, hero, hero.cell)
        elif kind == "shop":  # DJ-SHOP-03
            mp -= game.shop.visit_cost
            shop_visit(game, hero)
        elif kind == "potion":  # DJ-TREAS-02, 03
            mp -= 1
            hero.potions.remove(step["potion"])
            game.emit("potion-drunk", hero=hero.uid, potion=step["potion"])
            if step["potion"] == "healing":
                heal(game, hero, 3)
            else:
                hero.fatigue = hero.max_fatigue
                game.emit("fatigue-restored", hero=hero.uid, fatigue=hero.fatigue, why="potion")
        if mp < before:  # the points a step cost and those left, for a reader (DJ-AP-01)
            game.emit("mp-spent", figure=hero.uid, cost=before - mp, left=mp, why=kind)
    if hero.conditions["monkey"]:  # DJ-EFF-08
        if hero.monkey_fresh:
            hero.monkey_fresh = False
        else:
            hero.conditions["monkey"] -= 1
            game.emit("monkey-token-removed", hero=hero.uid, remaining=hero.conditions["monkey"])
    still = max((s.still_heal for s in hero.skills), default=0)
    if still and not moved and hero.cell is not None:  # DJ-SKILL-G14
        heal(game, hero, still)
    unmovable = max((s.battle_guard for s in hero.skills), default=0)
    if choice == "battle" and unmovable and hero.cell is not None:  # DJ-SKILL-M03
        _unmovable(game, hero, unmovable)
    if order_due and hero.cell is not None:  # DJ-TURN-06, DJ-EFF-04
        _place_order(game, hero)


def _place_order(game: DescentGame, hero: HeroFigure) -> None:
    order = game.ask("order", hero.uid, list(ORDERS), f"{hero.name}: place an order")
    hero.orders.add(order)
    game.emit("order-placed", hero=hero.uid, order=order)


def _unmovable(game: DescentGame, hero: HeroFigure, armor: int) -> None:
    """Unmovable (DJ-SKILL-M03): on Battle, +``armor`` until the hero's next turn, and the
    hero may place the "counter-attack" (還擊) order. The source defines no such order; our
    reading: it is a Guard order (DJ-ORD-04), the one order that strikes back at a monster
    coming in reach, placed as Ready places one (docs/descent.md)."""
    hero.until_next_turn_armor = armor
    game.emit("armor-raised", hero=hero.uid, armor=armor, why="battle")
    if game.ask("counter-attack", hero.uid, ["no", "guard"], f"{hero.name}: counter-attack?") == (
        "guard"
    ):
        hero.orders.add("guard")
        game.emit("order-placed", hero=hero.uid, order="guard")


def _on_action_heroes(game: DescentGame, hero: HeroFigure, radius: int) -> list[HeroFigure]:
    """Who recovers an action skill's fatigue: the hero, and with a radius the other heroes
    on the board within that many squares (DJ-SKILL-M01: Battle Cry's "the heroes
    around"). Heroes in game order, so the log is the same for the same seed."""
    if radius <= 0 or hero.cell is None:
        return [hero]
    return [hero] + [
        h
        for h in game.heroes
        if h is not hero and h.cell is not None and game.geometry.distance(hero, h) <= radius
    ]


def step_options(
    game: DescentGame, hero: HeroFigure, mp: int, attacks: int, movable: bool, moved: bool
) -> list[Any]:
    """Everything the hero may do next; ``{"do": "end"}`` is always last.

    ``movable`` is whether the hero may spend movement points at all: a grappled hero
    "cannot spend any AP" (DJ-ABIL-08) and a webbed one none "on movement or actions"
    (DJ-EFF-11), so every step that costs a point (moving, doors, chests, stairs, glyphs,
    potions, a fatigue for a point) needs it; attacks do not."""
    out: list[Any] = []
    door_cost = min([s.door_cost for s in hero.skills if s.door_cost is not None] or [2])
    if hero.in_town or hero.cell is None:
        if mp >= game.shop.visit_cost:
            out.append({"do": "shop", "cost": game.shop.visit_cost})
        if mp >= 1 and not hero.glyph_used:
            for o in game.quest.objects:
                if o.type == "glyph" and o.id in game.glyphs:
                    cell = game.free_square_near(hero, [o.cell])
                    if cell is not None:
                        out.append({"do": "from-town", "glyph": o.id, "to": list(cell)})
        if mp >= 1 and not hero.conditions["monkey"]:  # DJ-AP-01: a potion anywhere
            for potion in sorted(set(hero.potions)):
                out.append({"do": "potion", "potion": potion})
        # DJ-REF-36: heroes in town are all adjacent; a monkey handles no item (DJ-EFF-09)
        if mp >= GIVE_COST and hero.pack and not hero.conditions["monkey"]:
            for mate in game.heroes:
                if mate is not hero and mate.cell is None and len(mate.pack) < PACK_SIZE:
                    for item in hero.pack:
                        out.append(
                            {"do": "give", "item": item.id, "to": mate.uid, "cost": GIVE_COST}
                        )
        out.append({"do": "end"})
        return out
    if attacks > 0:
        two = len(hero.weapons) > 1  # DJ-ATK-01: the hero declares which weapon attacks
        for weapon in hero.weapons:
            prof = hero_profile(hero, weapon.id)
            if prof is None:
                continue
            for t in targets(game, hero, prof):
                option = {"do": "attack", "target": t.uid, "cell": list(t.cell or (0, 0))}
                if two:
                    option["weapon"] = weapon.id
                out.append(option)
            for c in square_targets(game, hero, prof):  # DJ-ATK-01: a space, for an area
                option = {"do": "attack-square", "cell": list(c)}
                if two:
                    option["weapon"] = weapon.id
                out.append(option)
    if movable and mp > 0:
        for cell, (cost, path) in sorted(game.geometry.reachable(hero, mp).items()):
            out.append(
                {"do": "move", "to": list(cell), "cost": cost, "path": [list(c) for c in path]}
            )
    here = hero.cell
    if movable and mp >= door_cost:
        for door in game.quest.doors:
            if door.id in game.open_doors or (door.rune and door.rune not in game.keys):
                continue  # DJ-MAP-08, DJ-REF-37
            if game.geometry.next_to_door(hero, door):  # DJ-REF-08
                out.append({"do": "open-door", "door": door.id, "cost": door_cost})
    if movable and mp >= DOOR_COST:  # DJ-MAP-08: closing a door costs 2 AP
        for door in game.quest.doors:
            if door.id not in game.open_doors or (door.rune and door.rune not in game.keys):
                continue  # DJ-REF-37: a rune door needs its key to close too
            if not game.geometry.next_to_door(hero, door):  # DJ-REF-08
                continue
            if any(  # DJ-REF-37: not while a figure straddles its line
                a in f.squares and b in f.squares for f in game.figures() for a, b in door.edges
            ):
                continue
            out.append({"do": "close-door", "door": door.id, "cost": DOOR_COST})
    for o in game.quest.objects:
        if o.cell != here or o.id in game.taken:
            continue
        if o.type == "chest" and mp >= door_cost and movable:
            out.append({"do": "open-chest", "chest": o.id, "cost": door_cost})
        if o.type == "stairs" and mp >= 1 and movable:
            occupied = game.geometry.occupants()
            for other in game.qmap.stairs_links().get(here, []):
                if other not in occupied:
                    out.append({"do": "stairs", "to": list(other)})
        glyph = o.type == "glyph" and o.id in game.glyphs and not hero.glyph_used
        if glyph and mp >= 1 and movable:
            out.append({"do": "to-town", "glyph": o.id})
    if mp >= 1 and movable and not hero.conditions["monkey"]:  # DJ-EFF-09: no monkey potions
        for potion in sorted(set(hero.potions)):
            out.append({"do": "potion", "potion": potion})
    kinds = {w.attack for w in hero.weapons if w.attack is not None}
    for skill in hero.skills:
        extra = skill.extra_attack
        # DJ-TURN-03, 06: Run "may not attack", nor a Ready that moves: no attack to add to
        if extra is None or not kinds or not hero.may_attack:
            continue
        kind, cost, action, once = extra
        if (kind != "any" and kind not in kinds) or (action and action != hero.turn_action):
            continue
        if hero.fatigue >= cost and not (once and skill.id in hero.used):
            out.append({"do": "fatigue-attack", "skill": skill.id, "fatigue": cost})
    if hero.has("telekinesis") and hero.fatigue > 0:
        occupied = game.geometry.occupants()
        for fig in game.figures():
            if fig is hero or fig.size != (1, 1) or not game.geometry.sees(hero, fig):
                continue
            assert fig.cell is not None
            for c in sorted(game.geometry.board.neighbors(fig.cell)):
                if game.geometry.standable(fig, c, occupied):
                    out.append({"do": "telekinesis", "figure": fig.uid, "to": list(c)})
    if movable and hero.fatigue > 0:
        out.append({"do": "fatigue-mp"})
    # DJ-AP-01: re-equip during the turn, 2 AP; give, 1 AP. A monkey "cannot use items"
    # (DJ-EFF-09): it neither equips nor hands them over (our reading, docs/descent.md)
    handles = not hero.conditions["monkey"]
    if movable and mp >= REEQUIP_COST and handles:
        for item in hero.pack:
            if _equippable(hero, item):
                out.append({"do": "equip", "item": item.id, "cost": REEQUIP_COST})
    if movable and mp >= GIVE_COST and hero.pack and handles:
        for mate in game.heroes:
            near = mate.cell is not None and game.geometry.adjacent(hero, mate)
            if mate is not hero and near and len(mate.pack) < PACK_SIZE:
                for item in hero.pack:
                    out.append({"do": "give", "item": item.id, "to": mate.uid, "cost": GIVE_COST})
    if here is not None and _to_pick_up(game, hero, here):  # DJ-AP-01: a token, 0 AP
        out.append({"do": "pick-up"})
    for item in hero.pack:
        out.append({"do": "drop", "item": item.id})
    out.append({"do": "end"})
    return out


def lose_aim(game: DescentGame, hero: HeroFigure) -> None:
    """The Aim token is lost when the hero moves (by foot, stairs or glyph) or changes
    equipment (DJ-ORD-01); the log says so, as it does when damage takes it."""
    if "aim" in hero.orders:
        hero.orders.discard("aim")
        game.emit("orders-lost", hero=hero.uid, orders=["aim"])


def move_hero(game: DescentGame, hero: HeroFigure, path: list[Any]) -> None:
    from questforge.engine.descent.game.overlord import guard_and_traps_after_hero_move

    lose_aim(game, hero)  # DJ-ORD-01: lost when the hero moves
    for step in path:
        cell = (int(step[0]), int(step[1]))
        jump = hero.cell is not None and game.geometry.board.distance(hero.cell, cell) > 1
        hero.cell = cell
        game.emit("figure-moved", figure=hero.uid, path=[cell], why="jump" if jump else "move")
        enter_square(game, hero, cell)
        if hero.cell is None:
            return
    guard_and_traps_after_hero_move(game, hero)


def drop_relic(game: DescentGame, hero: HeroFigure, item: Item) -> None:
    """A dropped relic: "the relic card goes back to the relic deck; the relic does not
    vanish, it stays in the space where it was dropped" (DJ-TREAS-14). Any other dropped
    item is lost (DJ-AP-01). The card waits at the bottom of the relic deck and the relic
    on its square; a hero who steps there picks it up (a token, 0 AP) and takes the card
    back out of the deck."""
    if item.tier != "relic":
        return
    game.treasure.setdefault("relic", []).insert(0, item)
    if hero.cell is not None:
        game.dropped_relics.setdefault(hero.cell, []).append(item)


def _pick_up_relics(game: DescentGame, hero: HeroFigure, cell: Cell) -> None:
    """Relics lying on ``cell`` are picked up by the hero entering it (DJ-TREAS-14, DJ-AP-01
    "pick up a token", 0 AP); each card leaves the relic deck again."""
    lying = game.dropped_relics.pop(cell, [])
    for item in lying:
        deck = game.treasure.get("relic", [])
        if item in deck:
            deck.remove(item)
        game.emit("item-picked-up", hero=hero.uid, item=item.id, cell=cell)
        gain_item(game, hero, item)


def enter_square(game: DescentGame, fig: Figure, cell: Cell) -> None:
    """What a figure entering a square does, the one mechanism for every way in: its own
    step, stairs, a glyph, the third square of a knockback (DJ-ABIL-09) and telekinesis
    (DJ-SKILL-G01, "moves a figure ... 1 space": a move, so an entering).

    A hero: the move takes the Aim token (DJ-ORD-01, "lost when the hero moves"; being
    moved is moving, as knockback's "the first two spaces do not count as movement"
    implies of the rest); pits and lava (DJ-MAP-01, DJ-REF-13), an enemy's Aura next to
    the square (DJ-ABIL-01), an inactive glyph activates, tokens are picked up, square
    events fire. A monster: pits and lava unless it flies (DJ-ABIL-07), and each hero's
    Holy Aura next to the square (DJ-SKILL-G02). Guard and Alertness answer a monster's
    own move only (DJ-ORD-04: it interrupts the Overlord's action; DJ-SKILL-R07)."""
    if isinstance(fig, MonsterFigure):
        _monster_enters(game, fig)
        return
    assert isinstance(fig, HeroFigure)
    hero = fig
    lose_aim(game, hero)
    terrain_hazards(game, hero, _ignored(hero))
    if hero.cell is None:
        return
    aura_damage(game, hero, cell)
    if hero.cell is None:
        return
    pick_up(game, hero, cell, glyphs=True)
    game.fire_events("square-entered", None, cell)
    game.check_objectives()


def _monster_enters(game: DescentGame, monster: MonsterFigure) -> None:
    """A monster entering a square: the map's hazards unless it flies (DJ-MAP-01,
    DJ-ABIL-07), then Holy Aura from every hero now adjacent (DJ-SKILL-G02)."""
    if not monster.has("fly"):
        terrain_hazards(game, monster, set())
    for hero in game.heroes:
        if monster.cell is None or not monster.alive:
            return
        aura = sum(s.holy_aura for s in hero.skills)
        if aura and hero.cell is not None and game.geometry.adjacent(hero, monster):
            apply_damage(game, monster, aura, hero, "holy aura")


def _to_pick_up(game: DescentGame, hero: HeroFigure, cell: Cell) -> bool:
    """Whether a token lies on the hero's square that stepping there would have taken:
    the hero arrived without a step (a knockback of 1 or 2 squares "triggers nothing",
    DJ-ABIL-09; back from town) or had no room for a potion then."""
    if cell in game.dropped_relics:
        return True
    for o in game.quest.objects:
        if o.cell != cell or o.id in game.taken:
            continue
        if o.type in ("coins", "runekey"):
            return True
        if o.type in ("healing-potion", "vitality-potion"):
            card = _potion_card(game, o.type.split("-")[0])
            if len(hero.potions) < MAX_POTIONS or (card is not None and len(hero.pack) < PACK_SIZE):
                return True
    return False


def pick_up(game: DescentGame, hero: HeroFigure, cell: Cell, glyphs: bool) -> None:
    """Take what lies on ``cell``: relics, coins, potions, a runekey; with ``glyphs`` (a
    step onto the square) an inactive glyph activates too. The 0-AP "pick up a token" of
    DJ-AP-01 is this without the glyph: a glyph is not a token (DJ-REF-34)."""
    if cell in game.dropped_relics:
        _pick_up_relics(game, hero, cell)
    for o in game.quest.objects:
        if o.cell != cell or o.id in game.taken:
            continue
        if o.type == "glyph" and o.id not in game.glyphs and glyphs:  # DJ-MAP-06, DJ-REF-34
            game.glyphs.add(o.id)
            game.emit("glyph-activated", glyph=o.id, hero=hero.uid)
            game.fire_events("glyph-activated", o.id)
            game.gain_conquest(3, f"glyph {o.id}")
        elif o.type == "coins":  # DJ-TREAS-01: every hero, dead or alive
            game.taken.add(o.id)
            for h in game.heroes:
                h.gold += o.amount
            game.emit("gold-gained", heroes=[h.uid for h in game.heroes], amount=o.amount, why=o.id)
        elif o.type in ("healing-potion", "vitality-potion"):
            kind = o.type.split("-")[0]
            # DJ-TREAS-02, 03: "either equips it at once or puts it in the bag": the belt
            # (3, DJ-TURN-02), else the pack (3 items, DJ-REF-40) as the pack's potion card;
            # with both full it stays on the map for another hero
            card = _potion_card(game, kind)
            if len(hero.potions) < MAX_POTIONS:
                game.taken.add(o.id)
                _add_potion(game, hero, kind)
            elif card is not None and len(hero.pack) < PACK_SIZE:
                game.taken.add(o.id)
                hero.pack.append(card)
                game.emit("item-packed", hero=hero.uid, item=card.id)
        elif o.type == "runekey":  # DJ-REF-37: unlocks its colour for every hero
            game.taken.add(o.id)
            if o.colour:
                game.keys.add(o.colour)
            game.emit("runekey-taken", key=o.id, colour=o.colour, hero=hero.uid)


def terrain_hazards(game: DescentGame, fig: Figure, ignored: set[str]) -> None:
    """A figure that moves onto a pit falls in and takes 1 wound, armor ignored (DJ-MAP-01,
    DJ-REF-13: heroes and monsters alike; a large monster only when wholly inside, DJ-REF-18);
    lava (our reading, docs/descent.md) costs 1 wound and a burn token. ``ignored`` holds the
    terrain a skill lets the figure cross safely."""
    squares = fig.squares
    if not squares:
        return
    kinds = {game.quest.terrain.get(c) for c in squares}
    if kinds == {"pit"} and "pit" not in ignored:
        game.emit("fell-in-pit", figure=fig.uid, cell=fig.cell)
        apply_damage(game, fig, 1, None, "pit")
    if "lava" in kinds and "lava" not in ignored and fig.cell is not None:
        apply_damage(game, fig, 1, None, "lava")
        immune = isinstance(fig, HeroFigure) and fig.immune("burn")  # DJ-SKILL-G15, M14
        if fig.cell is not None and fig.alive and not immune:
            fig.conditions["burn"] += 1
            game.emit("condition-added", figure=fig.uid, condition="burn", tokens=1)


def _potion_card(game: DescentGame, kind: str) -> Item | None:
    """The pack's item card for a ``kind`` potion (healing, vitality), the cheapest first."""
    cards = [i for i in game.pack.items.values() if i.type == "potion" and i.potion == kind]
    return min(cards, key=lambda i: (i.price or 0, i.id), default=None)


def _ignored(hero: HeroFigure) -> set[str]:
    return {t for s in hero.skills for t in s.ignore}


def _add_potion(game: DescentGame, hero: HeroFigure, kind: str) -> None:
    if len(hero.potions) < MAX_POTIONS:
        hero.potions.append(kind)
        game.emit("potion-gained", hero=hero.uid, potion=kind)


def open_chest(game: DescentGame, hero: HeroFigure, chest_id: str) -> None:
    """DJ-TREAS-04..12: curses first (threat per hero), then the Overlord's trap, then the
    contents for every hero; the chest leaves the game."""
    from questforge.engine.descent.game.overlord import offer_trap

    chest = game.quest.object(chest_id)
    assert chest is not None
    game.taken.add(chest_id)
    game.emit("chest-opened", chest=chest_id, hero=hero.uid)
    for kind, amount in chest.contents:
        if kind == "curse":  # DJ-TREAS-09
            game.gain_threat(amount * game.hero_count, "curse")
    offer_trap(game, "chest-opened", hero)
    game.fire_events("chest-opened", chest_id)
    for kind, amount in chest.contents:
        if kind == "coins":  # DJ-TREAS-08
            for h in game.heroes:
                h.gold += amount
            game.emit(
                "gold-gained", heroes=[h.uid for h in game.heroes], amount=amount, why=chest_id
            )
        elif kind in ("copper", "silver", "gold"):
            for h in game.heroes:
                for _ in range(amount):
                    draw_treasure(game, h, kind)
        elif kind == "conquest":
            game.gain_conquest(amount, f"chest {chest_id}")
    game.check_objectives()


def draw_treasure(game: DescentGame, hero: HeroFigure, tier: str) -> None:
    """Draw one treasure card: keep it, or discard it for its tier's price (DJ-TREAS-05..07,
    11: an empty deck gives nothing)."""
    pile = game.treasure.get(tier, [])
    if not pile:
        game.emit("treasure-empty", hero=hero.uid, tier=tier)
        return
    item = pile.pop()
    value = game.shop.prices.get(tier, 0)
    choice = game.ask(
        "treasure",
        hero.uid,
        ["keep", "sell"],
        f"{hero.name} draws {item.name}",
        item=item.id,
        gold=value,
    )
    game.emit("treasure-drawn", hero=hero.uid, item=item.id, tier=tier, kept=choice == "keep")
    if choice == "keep":
        gain_item(game, hero, item)
    else:
        hero.gold += value
        game.emit("gold-gained", heroes=[hero.uid], amount=value, why=f"discarded {item.id}")


def gain_item(game: DescentGame, hero: HeroFigure, item: Item) -> None:
    """Equip a new item, or put it in the pack (DJ-TREAS-12, DJ-REF-40). A potion goes on
    the belt, or into the pack when the belt holds 3 (DJ-TREAS-02, 03, DJ-TURN-02); with
    both full it is lost."""
    if item.type == "potion" and item.potion is not None:
        if len(hero.potions) < MAX_POTIONS:
            _add_potion(game, hero, item.potion)
        elif len(hero.pack) < PACK_SIZE:
            hero.pack.append(item)
            game.emit("item-packed", hero=hero.uid, item=item.id)
        else:
            game.emit("item-dropped", hero=hero.uid, item=item.id)
        return
    room = len(hero.pack) < PACK_SIZE  # DJ-REF-40: 3 unequipped items
    # DJ-TREAS-12: a new item "can be equipped, put in the bag or dropped on the ground";
    # a monkey cannot use items (DJ-EFF-09), so it cannot equip one
    options = ["equip", "pack", "drop"] if room else ["equip", "drop"]
    if hero.conditions["monkey"]:
        options.remove("equip")
    choice = game.ask(
        "gain-item", hero.uid, options, f"{hero.name} gains {item.name}", item=item.id
    )
    if choice == "equip":
        equip(game, hero, item)
    elif choice == "drop":  # DJ-AP-01: a dropped item is lost, a relic stays (DJ-TREAS-14)
        game.emit("item-dropped", hero=hero.uid, item=item.id)
        drop_relic(game, hero, item)
    else:
        hero.pack.append(item)
        game.emit("item-packed", hero=hero.uid, item=item.id)


def equip(game: DescentGame, hero: HeroFigure, item: Item) -> None:
    """Equip ``item``; whatever it replaces goes to the pack (DJ-TURN-02 limits: 2 hands,
    1 armor, 2 other items). Two one-handed weapons may be carried together."""
    lose_aim(game, hero)  # DJ-ORD-01: changing equipment loses the Aim token
    if item in hero.pack:
        hero.pack.remove(item)
    if item.type == "potion" and item.potion is not None:  # from the pack to the belt
        hero.potions.append(item.potion)
        game.emit("item-equipped", hero=hero.uid, item=item.id, unequipped=[])
        return
    old: list[Item] = []
    if item.type == "weapon":
        # the new weapon is the main one; a one-handed main weapon it replaces moves to the
        # other hand when the hands allow (DJ-TURN-02: two hand icons in all), else the pack
        previous = hero.weapon
        if hero.offhand is not None and item.hands + hero.offhand.hands > 2:
            old.append(hero.offhand)
            hero.offhand = None
        hero.weapon = item
        shield_hands = hero.shield.hands if hero.shield else 0
        if previous is not None:
            offhand_free = hero.offhand is None
            fits = item.hands + previous.hands + shield_hands <= 2
            if offhand_free and fits:
                hero.offhand = previous
            else:
                old.append(previous)
        if item.hands + shield_hands > 2 and hero.shield:
            old.append(hero.shield)
            hero.shield = None
    elif item.type == "shield":
        if hero.offhand is not None:  # a shield takes the second hand
            old.append(hero.offhand)
            hero.offhand = None
        if hero.weapon is not None and hero.weapon.hands + item.hands > 2:
            old.append(hero.weapon)
            hero.weapon = None
        if hero.shield:
            old.append(hero.shield)
        hero.shield = item
    elif item.type == "armor":
        old.append(hero.armor_item) if hero.armor_item else None
        hero.armor_item = item
    else:
        hero.others.append(item)
        if len(hero.others) > 2:
            old.append(hero.others.pop(0))
    hero.pack.extend(o for o in old if o is not None)
    game.emit("item-equipped", hero=hero.uid, item=item.id, unequipped=[o.id for o in old if o])


def _equippable(hero: HeroFigure, item: Item) -> bool:
    """Whether ``item`` can go from the pack to the hero's body or belt (DJ-TURN-02)."""
    if item.type == "potion":
        return item.potion is not None and len(hero.potions) < MAX_POTIONS
    return item.type in ("weapon", "armor", "shield", "other")


def equip_phase(game: DescentGame, hero: HeroFigure) -> None:
    """DJ-TURN-01 step 2: equip items from the pack, as many as the hero likes (within the
    limits of DJ-TURN-02), one decision each until the hero keeps what they wear. Bounded
    by the pack and belt: each round either equips an item or ends the phase. A monkey
    equips nothing: it "cannot use items" (DJ-EFF-09)."""
    if hero.conditions["monkey"]:
        return
    for _ in range(PACK_SIZE + MAX_POTIONS + 4):
        candidates = [i for i in hero.pack if _equippable(hero, i)]
        if not candidates:
            return
        choice = game.ask(
            "equip",
            hero.uid,
            ["keep", *[i.id for i in candidates]],
            f"{hero.name}: equip from the pack?",
        )
        if choice == "keep":
            return
        equip(game, hero, next(i for i in candidates if i.id == choice))


def shop_visit(game: DescentGame, hero: HeroFigure, setup: bool = False) -> None:
    """Buy and sell in town (DJ-SHOP-01, 02, 04). Before the quest (``setup``) the 300 gold
    buys "equipment or potions from the shop deck" only (DJ-SETUP-05): no treasure draws,
    skills or training, which are the town's (DJ-SHOP-01).

    What may be sold: any item but a relic (DJ-SHOP-04, DJ-TREAS-13), from the pack, worn
    (``sell-worn``) or a potion on the belt (``sell-potion``), for half its value rounded
    down to 25 or the tier's price (DJ-REF-36, DJ-SHOP-04). The sources limit neither where
    the item is kept nor how many trades a visit holds: the 3 points pay for the visit
    (DJ-SHOP-03), so a hero trades until done. Before, only pack items sold and a visit
    ended after 12 trades. The loop's bound (:func:`_visit_bound`) is only a guard."""
    game.emit("shop-visited", hero=hero.uid, gold=hero.gold)
    for _ in range(_visit_bound(game, hero)):
        options: list[Any] = [{"buy": "done"}]
        prices = game.shop.prices
        for item in sorted(game.pack.items.values(), key=lambda i: i.id):
            if item.tier == "shop" and item.price is not None and item.price <= hero.gold:
                # a potion goes on the belt (3, DJ-TURN-02) or, with the belt full, into
                # the pack, which holds "3 unequipped items (potions included)" (DJ-REF-40)
                belt_full = len(hero.potions) >= MAX_POTIONS
                if item.type == "potion" and belt_full and len(hero.pack) >= PACK_SIZE:
                    continue
                options.append({"buy": "item", "item": item.id, "price": item.price})
        for tier in ("copper", "silver", "gold") if not setup else ():
            if tier in prices and prices[tier] <= hero.gold and game.treasure.get(tier):
                options.append({"buy": "treasure", "tier": tier, "price": prices[tier]})
        if "skill" in prices and prices["skill"] <= hero.gold and not setup:  # DJ-SHOP-01
            for deck, left in sorted(game.skill_decks.items()):
                if left:
                    options.append({"buy": "skill", "deck": deck, "price": prices["skill"]})
        if "training" in prices and prices["training"] <= hero.gold and not setup:
            for trait in ("melee", "ranged", "magic"):
                if hero.traits.get(trait, 0) < game.shop.training_max:  # DJ-SHOP-02
                    options.append({"buy": "training", "trait": trait, "price": prices["training"]})
        for item in hero.pack:
            if item.tier != "relic":  # DJ-SHOP-04, DJ-TREAS-13
                options.append({"buy": "sell", "item": item.id, "price": sale_price(game, item)})
        if not setup:  # DJ-REF-36: worn items and belt potions sell as well
            for item in _worn(hero):
                if item.tier != "relic":
                    price = sale_price(game, item)
                    options.append({"buy": "sell-worn", "item": item.id, "price": price})
            for kind in sorted(set(hero.potions)):
                card = _potion_card(game, kind)
                if card is not None:
                    price = sale_price(game, card)
                    options.append({"buy": "sell-potion", "potion": kind, "price": price})
        choice = game.ask(
            "buy", hero.uid, options, f"{hero.name} in town with {hero.gold} gold", gold=hero.gold
        )
        what = choice["buy"]
        if what == "done":
            break
        if what == "sell":
            item = next(i for i in hero.pack if i.id == choice["item"])
            hero.pack.remove(item)
            hero.gold += int(choice["price"])
            game.emit("item-sold", hero=hero.uid, item=item.id, price=choice["price"])
            continue
        if what == "sell-worn":
            item = _take_worn(hero, choice["item"])
            hero.gold += int(choice["price"])
            game.emit("item-sold", hero=hero.uid, item=item.id, price=choice["price"])
            continue
        if what == "sell-potion":
            hero.potions.remove(choice["potion"])
            hero.gold += int(choice["price"])
            card = _potion_card(game, choice["potion"])
            sold = card.id if card is not None else choice["potion"]
            game.emit("item-sold", hero=hero.uid, item=sold, price=choice["price"])
            continue
        hero.gold -= int(choice["price"])
        if what == "skill":  # DJ-SHOP-01: draw the top card of the chosen deck
            skill = game.pack.skills[game.skill_decks[choice["deck"]].pop()]
            game.emit("bought", hero=hero.uid, what=what, item=skill.id, price=choice["price"])
            learn_skill(game, hero, skill)
            continue
        game.emit(
            "bought",
            hero=hero.uid,
            what=what,
            item=choice.get("item") or choice.get("tier") or choice.get("trait"),
            price=choice["price"],
        )
        if what == "item":
            gain_item(game, hero, game.pack.items[choice["item"]])
        elif what == "treasure":
            pile = game.treasure[choice["tier"]]
            gain_item(game, hero, pile.pop())
        elif what == "training":
            hero.traits[choice["trait"]] = hero.traits.get(choice["trait"], 0) + 1


def _worn(hero: HeroFigure) -> list[Item]:
    """The items the hero wears: weapons, armor, shield, the others (DJ-TURN-02)."""
    slots = [hero.weapon, hero.offhand, hero.armor_item, hero.shield]
    return [i for i in slots if i is not None] + list(hero.others)


def _take_worn(hero: HeroFigure, ident: str) -> Item:
    """Take the worn item ``ident`` off the hero (the first slot that holds it)."""
    for slot in ("weapon", "offhand", "armor_item", "shield"):
        item = getattr(hero, slot)
        if item is not None and item.id == ident:
            setattr(hero, slot, None)
            return item
    item = next(i for i in hero.others if i.id == ident)
    hero.others.remove(item)
    return item


def _visit_bound(game: DescentGame, hero: HeroFigure) -> int:
    """A guard on the trades of one shop visit that legal play does not reach when every
    shop item costs more than it sells for (true of any price above 0 with half-value
    sales, DJ-REF-36). Then the hero's gold plus the sale value of what they own falls by
    at least 1 with every shop item bought, a treasure, skill or training is drawn from a
    finite supply, and each sale removes an item owned; so the trades of a visit number at
    most twice the buys plus the items owned at the start. Only a pack with a free shop
    item (price 0), or a sale table paying a price's worth, lets a visit go on for ever:
    the guard then ends it."""
    owned = _worn(hero) + list(hero.pack)
    worth = hero.gold + sum(sale_price(game, i) for i in owned)
    for kind in hero.potions:
        card = _potion_card(game, kind)
        worth += sale_price(game, card) if card is not None else 0
    supply = sum(len(p) for p in game.treasure.values()) + sum(
        len(d) for d in game.skill_decks.values()
    )
    supply += 3 * game.shop.training_max
    return 2 * (worth + supply + 1) + len(owned) + len(hero.potions) + 1


PET_WORDS = ("pet", "familiar", "companion")


def warn_text_only(game: DescentGame, hero: HeroFigure, skill: Skill) -> None:
    """A skill the engine does not play is said so as the hero gains it, never silently
    held. Pets and familiars (DJ-SKILL-M13, G10, G11) are the known case: the sources give
    only "gains a pet" and that familiars block neither sight nor movement (DJ-REF-12), no
    pet's stats, movement or actions, so a pet is not built rather than invented."""
    if not skill.text_only:
        return
    text = f"{skill.name} {skill.text}".lower()
    if any(word in text for word in PET_WORDS):
        why = "pets and familiars are not built: the rules give no pet's stats or actions"
    else:
        why = "the card has no effects the engine plays, only its text"
    game.emit("skill-not-played", hero=hero.uid, skill=skill.id, why=why)


def learn_skill(game: DescentGame, hero: HeroFigure, skill: Skill) -> None:
    """A skill gained after setup: its extra wounds and fatigue raise the maxima and the
    current values alike (DJ-SKILL-M12, R02 apply from the moment the card is held)."""
    warn_text_only(game, hero, skill)
    hero.skills.append(skill)
    hero.max_wounds += skill.wounds
    hero.wounds += skill.wounds
    hero.max_fatigue += skill.fatigue
    hero.fatigue += skill.fatigue


def sale_price(game: DescentGame, item: Item) -> int:
    """Half the value rounded down to 25 (DJ-SHOP-04, DJ-REF-36); the table's tier price
    when it has one."""
    if item.tier in game.shop.sell:
        return game.shop.sell[item.tier]
    return (item.price or 0) // 2 // 25 * 25
