"""The Overlord's turn (DJ-OVL, DJ-SPAWN, DJ-MON), traps and events at their triggers, and
the heroes' Guard interrupts (DJ-ORD-04).

Step 1: threat per hero (DJ-OVL-02), draw two (DJ-OVL-03; the last card of the deck costs
the heroes 3 conquest and the discards are reshuffled, DJ-OVL-05, DJ-REF-29), discard to
the hand limit for threat (DJ-REF-26, 27). Then the Overlord plays: discard cards for
their threat value, at most one event whose trigger is the Overlord's turn, at most one
power and at most one spawn card (DJ-SPAWN-01, DJ-REF-28). Step 3: every monster on the board activates
as if it chose Advance (DJ-MON-01, DJ-REF-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questforge.engine.descent.game.board import caterpillar
from questforge.engine.descent.game.combat import (
    apply_damage,
    attack,
    hero_profile,
    monster_profile,
    square_figure,
    square_targets,
    start_of_turn_effects,
    targets,
)
from questforge.engine.descent.game.state import HeroFigure, MonsterFigure
from questforge.engine.descent.model import OverlordCard, footprint

if TYPE_CHECKING:
    from questforge.engine.descent.game.game import DescentGame

HAND_LIMIT = 8
#: trap triggers that are a hero's own actions (DJ-SKILL-R15 "in response to your actions")
ACTION_TRIGGERS = frozenset({"hero-moves", "door-opened", "chest-opened", "hero-attacks"})


def draw_cards(game: DescentGame, count: int) -> None:
    """Draw ``count`` cards and hold the hand limit: every card drawn (step 1's two, an
    event's extra cards) is followed by discarding the excess at once (DJ-OVL-03)."""
    for _ in range(count):
        if not game.deck:  # it ran out with no discards to reshuffle: they are now
            if not game.discard:
                return
            _reshuffle(game)
        card = game.deck.pop()
        game.hand.append(card)
        game.emit("overlord-drew", card=card.id, hand=len(game.hand))
        if not game.deck:  # DJ-OVL-05, DJ-REF-29
            game.gain_conquest(-3, "overlord deck ran out")
            # "then the discards are reshuffled": at once, so cards discarded or played
            # later this turn start the new discard pile instead of joining the new deck
            if game.discard:
                _reshuffle(game)
        # "if over 8, discard down to 8 at once" (DJ-OVL-03): after each card, so the hand
        # never shows more than 8 before the next card is drawn
        while len(game.hand) > HAND_LIMIT:
            ident = game.ask(
                "overlord-discard",
                "overlord",
                sorted({c.id for c in game.hand}),
                "Discard down to 8",
            )
            _discard_for_threat(game, ident)


def _reshuffle(game: DescentGame) -> None:
    """The discard pile becomes the deck, shuffled (DJ-OVL-05)."""
    game.deck = game.discard
    game.discard = []
    game.rng.shuffle(game.deck)
    game.emit("overlord-deck-reshuffled", cards=len(game.deck))


def overlord_turn(game: DescentGame) -> None:
    game.emit("overlord-turn-started", round=game.round)
    less = [(s.id, s.threat) for h in game.heroes for s in h.skills if s.threat]
    income = max(0, game.hero_count + sum(t for _, t in less))
    # the reason shows the count, so a reader can check it (DJ-OVL-02, DJ-SKILL-R09)
    why = f"threat per hero: {game.hero_count}" + "".join(f", {i} {t:+d}" for i, t in less)
    game.gain_threat(income, why)
    draw_cards(game, 2)  # and down to the hand limit (DJ-OVL-03)
    _play_phase(game)
    activate_all(game)
    game.emit("overlord-turn-ended", round=game.round)


def activate_all(game: DescentGame) -> None:
    """Step 3: every monster on the board activates once (DJ-MON-01), one at a time in the
    order the Overlord chooses (the published game, as the heroes choose theirs,
    DJ-REF-39): a monster that moves first may clear the way or the sight line for the
    next. The monsters are those on the board as the step begins; one killed before its
    turn is skipped."""
    waiting = [m for m in game.monsters if m.cell is not None and m.alive]
    while True:
        waiting = [m for m in waiting if m.cell is not None and m.alive]
        if not waiting:
            return
        uid = game.ask(
            "monster-order",
            "overlord",
            [m.uid for m in waiting],
            "Which monster activates next?",
        )
        monster = next(m for m in waiting if m.uid == uid)
        waiting.remove(monster)
        activate(game, monster)


def _discard_for_threat(game: DescentGame, ident: str) -> None:
    card = next(c for c in game.hand if c.id == ident)
    game.hand.remove(card)
    game.discard.append(card)
    game.emit("overlord-discarded", card=card.id, threat=card.value)
    game.gain_threat(card.value, f"discarded {card.id}")  # DJ-OVL-04, DJ-REF-27


def _play_phase(game: DescentGame) -> None:
    # DJ-SPAWN-01: one spawn card; DJ-REF-28: one power, and events "at most one per
    # trigger" - the Overlord's turn is one trigger, so one event card in it
    spawned = power_played = event_played = False
    while True:
        options: list[Any] = [{"play": "done"}]
        for card in sorted({c.id: c for c in game.hand}.values(), key=lambda c: c.id):
            if card.cost <= game.threat:
                if card.type == "spawn" and not spawned:
                    options.append({"play": "spawn", "card": card.id, "cost": card.cost})
                elif card.type == "power" and not power_played:
                    options.append({"play": "power", "card": card.id, "cost": card.cost})
                elif card.type == "event" and card.trigger == "overlord-turn" and not event_played:
                    options.append({"play": "event", "card": card.id, "cost": card.cost})
            options.append({"play": "discard", "card": card.id, "threat": card.value})
        choice = game.ask(
            "overlord-play",
            "overlord",
            options,
            f"Overlord: {game.threat} threat, {len(game.hand)} cards",
            threat=game.threat,
        )
        if choice["play"] == "done":
            return
        if choice["play"] == "discard":
            _discard_for_threat(game, choice["card"])
            continue
        card = _pay(game, choice["card"])
        if card.type == "spawn":
            spawned = True
            spawn(game, card)
        elif card.type == "power":
            power_played = True
            game.powers.append(card)
        else:
            event_played = True
            _event(game, card)


def _pay(game: DescentGame, ident: str, extra: int = 0) -> OverlordCard:
    card = next(c for c in game.hand if c.id == ident)
    game.hand.remove(card)
    game.threat -= card.cost + extra
    if card.type != "power":
        game.discard.append(card)  # played cards give no threat when discarded (DJ-REF-27)
    game.emit(
        "overlord-played",
        card=card.id,
        card_type=card.type,
        cost=card.cost + extra,
        threat=game.threat,
    )
    return card


def _event(game: DescentGame, card: OverlordCard) -> None:
    if card.threat:
        game.gain_threat(card.threat, card.id)
    if card.draw:
        draw_cards(game, card.draw)


def spawn_probe(size: tuple[int, int]) -> MonsterFigure:
    """A stand-in figure of a monster's size, placed nowhere: what :func:`spawn_squares`
    asks about before a monster of that type is set out (the rules and the bot ask the
    same question)."""
    return MonsterFigure(
        uid="probe", side="overlord", name="", cell=None, size=size, max_wounds=1, wounds=1
    )


def spawn_squares(game: DescentGame, fig: MonsterFigure) -> list[tuple[int, int]]:
    """Legal spawn squares: revealed, empty, no obstacle, out of every hero's sight with
    monsters not blocking it (DJ-SPAWN-03, DJ-REF-30). "No spawn in a space holding ... an
    obstacle (pit, rubble, water, slime)" and "every space of a large figure must be
    legal": so no square of the footprint may hold terrain; lava, not in the base game
    (DJ-REF-42), is a hazard like a pit and counts as one. A hero on a staircase sees the
    far end and the squares around it too (DJ-REF-15)."""
    occupied = game.geometry.occupants()
    heroes = [h for h in game.heroes if h.cell is not None]
    terrain = game.quest.terrain
    stairs_seen: set[tuple[int, int]] = set()
    for h in heroes:
        stairs_seen |= game.geometry.stairs_view(h, monsters_block=False)
    out = []
    for c in sorted(game.geometry.board.cells()):
        if any(sq in terrain for sq in footprint(c, fig.size)):
            continue
        if not game.geometry.standable(fig, c, occupied):
            continue
        probe = [(c[0] + dx, c[1] + dy) for dy in range(fig.size[1]) for dx in range(fig.size[0])]
        if any(p in stairs_seen for p in probe):
            continue
        if any(game.geometry.sees(h, p, monsters_block=False) for h in heroes for p in probe):
            continue
        out.append(c)
    return out


def spawn(game: DescentGame, card: OverlordCard) -> None:
    """Place a spawn card's monsters (DJ-SPAWN-01). A monster without a free model cannot be
    spawned, but the Overlord may take one of its figures off the board and spawn it again
    as a completely new monster (DJ-SPAWN-02, DJ-REF-30); else it is skipped."""
    for group in card.spawn:
        monster = game.pack.get("monster", group.monster)
        if monster is None:
            continue
        for rank, count in (("master", group.master), ("normal", group.normal)):
            for _ in range(count):
                in_play = sum(
                    1
                    for m in game.monsters
                    if m.cell is not None and m.monster is monster and (m.rank == rank)
                )
                if in_play >= monster.models[rank] and not _recall(game, monster, rank):
                    game.emit("spawn-skipped", monster=monster.id, rank=rank, why="no model")
                    continue
                squares = spawn_squares(game, spawn_probe(monster.size))
                if not squares:
                    game.emit("spawn-skipped", monster=monster.id, rank=rank, why="no square")
                    continue
                cell = game.ask(
                    "spawn-square",
                    "overlord",
                    [list(c) for c in squares],
                    f"Where does the {rank} {monster.name} appear?",
                    monster=monster.id,
                    rank=rank,
                )
                game.place_monster(monster, rank, (cell[0], cell[1]), f"spawned by {card.id}")


def _recall(game: DescentGame, monster: Any, rank: str) -> bool:
    """Offer to free a model by taking a figure of ``monster`` and ``rank`` off the board
    (DJ-SPAWN-02); named monsters stay, and so does a figure whose leaving would still
    give the new monster no square. Returns whether one was taken."""
    figures = []
    for m in game.monsters:
        if m.cell is None or m.monster is not monster or m.rank != rank or m.named is not None:
            continue
        was = m.cell
        m.cell = None  # only if the new monster would then have a square
        room = bool(spawn_squares(game, m))
        m.cell = was
        if room:
            figures.append(m)
    if not figures:
        return False
    choice = game.ask(
        "recall",
        "overlord",
        ["keep", *[m.uid for m in figures]],
        f"No {rank} {monster.name} model is free: take one off the board to spawn it anew?",
        monster=monster.id,
        rank=rank,
    )
    if choice == "keep":
        return False
    fig = next(m for m in figures if m.uid == choice)
    game.emit("monster-recalled", figure=fig.uid, cell=fig.cell)
    fig.cell = None
    return True


def offer_trap(game: DescentGame, trigger: str, hero: HeroFigure) -> None:
    """At a trigger the Overlord may play one trap or event card for it (DJ-REF-28).

    Burglar (DJ-SKILL-R15) makes *trap* cards played in response to the hero's actions cost
    more: the card's own ``trap_threat`` says so, not its cheaper doors (a skill may have
    one without the other), and it holds for every trigger that is one of the hero's
    actions, not only doors and chests. Events and the start of the hero's turn (no action
    of theirs) cost what they say."""
    burglar = sum(s.trap_threat for s in hero.skills) if trigger in ACTION_TRIGGERS else 0

    def extra(card: OverlordCard) -> int:
        return burglar if card.type == "trap" else 0

    cards = sorted(
        {
            c.id: c for c in game.hand if c.trigger == trigger and c.cost + extra(c) <= game.threat
        }.values(),
        key=lambda c: c.id,
    )
    if not cards or hero.cell is None:
        return
    options: list[Any] = ["pass", *[c.id for c in cards]]
    choice = game.ask(
        "trap",
        "overlord",
        options,
        f"Play a card on {hero.name} ({trigger})?",
        hero=hero.uid,
        trigger=trigger,
    )
    if choice == "pass":
        return
    card = _pay(game, choice, extra(next(c for c in cards if c.id == choice)))
    if card.type == "event":
        _event(game, card)
        return
    reduction = sum(s.trap_damage for s in hero.skills)  # DJ-SKILL-R09 (negative)
    damage = max(0, card.damage + reduction)
    game.emit("trap-sprung", card=card.id, hero=hero.uid, damage=damage)
    apply_damage(game, hero, damage, None, f"trap {card.id}")
    if hero.cell is not None:
        for name, tokens in card.conditions.items():
            if name == "monkey":
                if tokens:
                    monkey_god(game, hero)
                continue
            if tokens and not hero.immune(name):
                hero.conditions[name] += tokens
                game.emit("condition-added", figure=hero.uid, condition=name, tokens=tokens)


def guard_and_traps_after_hero_move(game: DescentGame, hero: HeroFigure) -> None:
    offer_trap(game, "hero-moves", hero)


def activate(game: DescentGame, monster: MonsterFigure) -> None:
    """One monster's activation: move up to Speed and attack once, in any order (DJ-MON-01,
    DJ-REF-10); as with a hero's Advance (DJ-TURN-05) the attack may come part-way through
    the move and the movement points left are used afterwards; Quick Shot attacks twice
    (DJ-ABIL-13); a stunned monster loses a token and its activation, a master may still
    move or attack (DJ-EFF-04, DJ-REF-23)."""
    game.emit("monster-activated", figure=monster.uid)
    if not start_of_turn_effects(game, monster):
        can_move = False
    else:
        can_move = True
    if monster.cell is None:
        return
    attacks = 2 if monster.has("quick-shot") else 1
    speed = monster.speed + sum(c.bonus.get("speed", 0) for c in game.powers)
    mp = speed  # movement points left this activation
    if monster.conditions["stun"]:
        monster.conditions["stun"] -= 1
        game.emit("stun-removed", figure=monster.uid, remaining=monster.conditions["stun"])
        if monster.rank != "master":
            game.emit("monster-idle", figure=monster.uid, why="stunned")
            return
        attacks = 1
        choice = game.ask(
            "stunned-master", "overlord", ["move", "attack"], f"{monster.name} shakes off a stun"
        )
        if choice == "move":
            attacks = 0
        else:
            mp = 0
    prof = monster_profile(game, monster)
    acted = False  # whether the activation moved, opened or closed a door, or attacked
    while monster.cell is not None and monster.alive:
        options: list[Any] = []
        if attacks:
            for t in targets(game, monster, prof):
                options.append({"do": "attack", "target": t.uid, "cell": list(t.cell or (0, 0))})
            for c in square_targets(game, monster, prof):  # DJ-ATK-01: a space
                options.append({"do": "attack-square", "cell": list(c)})
        if mp > 0 and can_move and caterpillar(monster):  # DJ-REF-18: it may turn
            fly = monster.has("fly")
            places = game.geometry.reachable_places(monster, mp, fly=fly)
            for (cell, size), (cost, steps) in sorted(places.items()):
                options.append(
                    {
                        "do": "move",
                        "to": list(cell),
                        "size": list(size),
                        "cost": cost,
                        "path": [[c[0], c[1], z[0], z[1]] for c, z in steps],
                    }
                )
        elif mp > 0 and can_move:
            fly = monster.has("fly")
            for cell, (cost, path) in sorted(game.geometry.reachable(monster, mp, fly=fly).items()):
                options.append(
                    {"do": "move", "to": list(cell), "cost": cost, "path": [list(c) for c in path]}
                )
        if can_move:
            options += monster_door_options(game, monster, mp)
        options.append({"do": "end"})
        choice = game.ask(
            "monster-step",
            "overlord",
            options,
            f"{monster.name}: act",
            figure=monster.uid,
            attacks=attacks,  # attacks left in this activation: a bot moves to use them
        )
        if choice["do"] == "end":
            if not acted:
                # the log shows every activation, the idle ones too, so a referee can see
                # that each monster had its turn (DJ-MON-01) and why it did nothing
                why = "nothing possible" if len(options) == 1 else "chose nothing"
                game.emit("monster-idle", figure=monster.uid, why=why)
            return
        acted = True
        if choice["do"] == "attack":
            attacks -= 1
            target = game.figure(choice["target"])
            if target is not None and target.cell is not None:
                attack(game, monster, target, prof)
        elif choice["do"] == "attack-square":
            attacks -= 1
            attack(game, monster, square_figure((choice["cell"][0], choice["cell"][1])), prof)
        else:  # a move or a door: the points it cost and those left (DJ-REF-10)
            mp -= int(choice["cost"])
            if choice["do"] == "open-door":
                game.open_door(choice["door"], monster)
            elif choice["do"] == "close-door":
                game.close_door(choice["door"], monster)
            else:
                _move_monster(game, monster, choice["path"])
            if monster.cell is not None and monster.alive:
                game.emit(
                    "mp-spent",
                    figure=monster.uid,
                    cost=int(choice["cost"]),
                    left=mp,
                    why=choice["do"],
                )


def monster_door_options(game: DescentGame, monster: MonsterFigure, mp: int) -> list[Any]:
    """Doors a monster may open or close for 2 movement points (DJ-AP-01 and DJ-MAP-08: a
    normal door is not a heroes-only action). Monsters "cannot open doors into unrevealed
    areas, and can never open or close rune-locked doors" (DJ-REF-31), and no door closes
    on a figure straddling its line (DJ-REF-37). From a square next to the door
    (DJ-REF-08), as for heroes."""
    from questforge.engine.descent.game.heroes import DOOR_COST

    if mp < DOOR_COST or monster.cell is None:
        return []
    out: list[Any] = []
    for door in game.quest.doors:
        if door.rune or not game.geometry.next_to_door(monster, door):
            continue
        if door.id not in game.open_doors:
            if all(a in game.revealed for a in game.qmap.door_areas(door.id)):
                out.append({"do": "open-door", "door": door.id, "cost": DOOR_COST})
        elif not any(
            a in f.squares and b in f.squares for f in game.figures() for a, b in door.edges
        ):
            out.append({"do": "close-door", "door": door.id, "cost": DOOR_COST})
    return out


def _move_monster(game: DescentGame, monster: MonsterFigure, path: list[Any]) -> None:
    """Step by step, so that guarding heroes may interrupt (DJ-ORD-04) and Aura and Holy
    Aura hurt (DJ-ABIL-01, DJ-SKILL-G02)."""
    from questforge.engine.descent.game.heroes import enter_square

    for step in path:
        # DJ-ORD-04: Guard strikes "once a monster enters the hero's range": the guarding
        # heroes who already had it in range before this step are not offered it again
        in_range = _guards_in_range(game, monster)
        to = (int(step[0]), int(step[1]))
        jump = monster.cell is not None and game.geometry.board.distance(monster.cell, to) > 1
        monster.cell = to
        why = "jump" if jump else "move"  # over a pit (DJ-AP-01)
        game.emit("figure-moved", figure=monster.uid, path=[monster.cell], why=why)
        if len(step) == 4 and (int(step[2]), int(step[3])) != monster.size:
            # a caterpillar step that turns the figure (DJ-REF-18): the squares it covers
            monster.size = (int(step[2]), int(step[3]))
            game.emit(
                "figure-turned", figure=monster.uid, squares=[list(c) for c in monster.squares]
            )
        # pits and lava unless it flies (DJ-MAP-01, DJ-ABIL-07), Holy Aura (DJ-SKILL-G02):
        # what entering a square does, as for a knockback or telekinesis
        enter_square(game, monster, to)
        if monster.cell is None or not monster.alive:
            return
        _alertness(game, monster)
        if monster.cell is None or not monster.alive:
            return
        for hero in game.heroes:
            if hero.cell is None or monster.cell is None or "guard" not in hero.orders:
                continue
            if hero.uid in in_range:  # it was in range already: it did not enter it
                continue
            if hero.conditions["monkey"]:  # DJ-EFF-09: a monkey cannot attack
                continue
            prof = hero_profile(hero)
            if prof is None or monster not in targets(game, hero, prof):
                continue
            choice = game.ask(
                "guard",
                hero.uid,
                ["wait", "attack"],
                f"{hero.name} guards: attack {monster.name}?",
                figure=monster.uid,
            )
            if choice == "attack":
                hero.orders.discard("guard")
                game.emit("guard-triggered", hero=hero.uid, figure=monster.uid)
                attack(game, hero, monster, prof)
        if monster.cell is None or not monster.alive:
            return


def _guards_in_range(game: DescentGame, monster: MonsterFigure) -> set[str]:
    """The guarding heroes who could attack ``monster`` where it stands now (DJ-ORD-04)."""
    out = set()
    for hero in game.heroes:
        if hero.cell is None or monster.cell is None or "guard" not in hero.orders:
            continue
        prof = hero_profile(hero)
        if prof is not None and monster in targets(game, hero, prof):
            out.add(hero.uid)
    return out


def monkey_god(game: DescentGame, hero: HeroFigure) -> None:
    """DJ-EFF-07, 08: roll a power die; on anything but a blank the hero is a monkey for
    two turns (two tokens, one discarded at the end of each of the hero's turns)."""
    from questforge.engine.descent.game.combat import power_die
    from questforge.engine.descent.game.dice import is_blank, roll

    black = power_die(game)
    if black is None:
        return
    rolled = roll([black], game.pack.dice, game.rng)
    rolls = [[d, f] for d, f in rolled]
    if not rolled or is_blank(game.pack.dice, rolled[0]):
        game.emit("monkey-rolled", hero=hero.uid, rolls=rolls, monkey=False)
        return
    hero.conditions["monkey"] = 2
    hero.monkey_fresh = game.active_hero is hero
    game.emit("monkey-rolled", hero=hero.uid, rolls=rolls, monkey=True)


def _alertness(game: DescentGame, monster: MonsterFigure) -> None:
    """A hero may spend fatigue to attack a monster that moves next to them (DJ-SKILL-R07)."""
    for hero in game.heroes:
        cost = max((s.alertness for s in hero.skills), default=0)
        if not cost or hero.cell is None or monster.cell is None or hero.fatigue < cost:
            continue
        if hero.conditions["monkey"]:  # DJ-EFF-09: a monkey cannot attack
            continue
        prof = hero_profile(hero)
        if prof is None or not game.geometry.adjacent(hero, monster):
            continue
        if monster not in targets(game, hero, prof):
            continue
        if game.ask("alertness", hero.uid, ["wait", "attack"], f"{hero.name}: strike?") == "attack":
            hero.fatigue -= cost
            game.emit("fatigue-spent", hero=hero.uid, amount=cost, why="alertness")
            attack(game, hero, monster, prof)
