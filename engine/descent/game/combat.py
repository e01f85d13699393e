"""Attacks (DJ-ATK-01..09), abilities (DJ-ABIL), damage, conditions and death (DJ-DEATH).

Order of an attack: declare a target square in line of sight (melee: adjacent, Reach: 2);
roll the weapon's or monster's dice plus power dice; Aim and Dodge rerolls (DJ-ORD-01..03);
any miss face misses (DJ-ATK-04); Fear takes its surges first (DJ-ABIL-06); the attacker
spends the rest of the surges (DJ-ATK-05, 06); enhancements and Sorcery go to range as far
as needed, the rest to damage; a ranged or magic attack whose range is short misses; the
damage less armor (less Pierce) is dealt to the target and, for Blast, Sweep and Breath, to
every figure the area covers (each figure once, DJ-REF-18).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from questforge.engine.descent.game.dice import assign_enhancements, roll, shows_surge, totals
from questforge.engine.descent.game.state import Cell, Figure, HeroFigure, MonsterFigure
from questforge.engine.descent.model import OPAQUE, SurgeAbility

if TYPE_CHECKING:
    from questforge.engine.descent.game.game import DescentGame

MAX_POWER_DICE = 5  # DJ-ATK-07, DJ-REF-05
CONDITION_ABILITIES = ("burn", "poison", "stun", "web", "bleed")


class TurnEnded(Exception):
    """The active hero died: the turn ends at once (DJ-REF-35)."""


@dataclass
class Profile:
    """Everything an attack rolls and adds, before surges."""

    attack: str
    dice: list[str]
    power: int = 0
    abilities: dict[str, int] = field(default_factory=dict)
    surges: list[SurgeAbility] = field(default_factory=list)
    damage: int = 0
    range: int = 0
    extra_surges: int = 0
    source: str = ""
    #: the weapon's hand icons (a hero's attack; 0 for a monster's)
    hands: int = 0
    #: Breath's template as the card draws it (DJ-ABIL-03; ``Ability.template``), on the
    #: card or to buy with surges; ``None``: the engine's own 3x3 reading
    template: tuple[tuple[int, int], ...] | None = None


Template = tuple[tuple[int, int], ...]


def breath_template(abilities: Any, surges: Any) -> Template | None:
    """The first Breath template among an attack's abilities, then its surge abilities."""
    for a in abilities:
        if a.name == "breath" and a.template is not None:
            return tuple(a.template)
    for su in surges:
        if su.ability is not None and su.ability.name == "breath" and su.ability.template:
            return tuple(su.ability.template)
    return None


def hero_profile(hero: HeroFigure, weapon_id: str | None = None) -> Profile | None:
    """The attack with the hero's main weapon, or with the equipped weapon ``weapon_id``
    (the hero declares the weapon used, DJ-ATK-01)."""
    weapon = hero.weapon
    if weapon_id is not None:
        weapon = next((w for w in hero.weapons if w.id == weapon_id), None)
    if weapon is None or weapon.attack is None:
        return None
    prof = Profile(
        weapon.attack,
        list(weapon.dice),
        power=hero.traits.get(weapon.attack, 0),
        abilities={a.name: a.rank for a in weapon.abilities},
        surges=list(weapon.surges),
        source=weapon.id,
        hands=weapon.hands,
        template=breath_template(weapon.abilities, weapon.surges),
    )
    for bonus in hero.attack_bonuses(weapon.attack):
        prof.damage += bonus.damage
        prof.range += bonus.range
        prof.extra_surges += bonus.surges
    return prof


def monster_profile(game: DescentGame, monster: MonsterFigure) -> Profile:
    assert monster.stats is not None and monster.monster is not None
    prof = Profile(
        monster.monster.attack,
        list(monster.stats.dice),
        abilities={a.name: a.rank for a in monster.stats.abilities},
        surges=list(monster.stats.surges),
        damage=monster.damage_bonus,
        source=monster.monster.id,
        template=breath_template(monster.stats.abilities, monster.stats.surges),
    )
    for card in game.powers:  # DJ-REF-28: powers last for the rest of the game
        prof.damage += card.bonus.get("damage", 0)
        prof.range += card.bonus.get("range", 0)
    # Command: +1 damage and +1 range per commander within 3, itself included (DJ-ABIL-05)
    for other in game.monsters:
        if (
            other.cell is not None
            and other.has("command")
            and game.geometry.distance(other, monster) <= 3
        ):
            prof.damage += 1
            prof.range += 1
    return prof


def power_die(game: DescentGame) -> str | None:
    for die in sorted(game.pack.dice.values(), key=lambda d: d.id):
        if die.role == "power":
            return die.id
    return None


def melee_reach(prof: Profile) -> int:
    return 2 if "reach" in prof.abilities else 1  # DJ-ABIL-12


def attack_distance(game: DescentGame, attacker: Figure, target: Figure) -> int:
    """Squares to the target; through a staircase its two ends are adjacent (DJ-REF-15)."""
    dist = game.geometry.distance(attacker, target)
    stairs = game.geometry.stairs_distance(attacker, target)
    return dist if stairs is None else min(dist, stairs)


#: how far an attack that does not count range (Breath, DJ-ABIL-03) may be laid: our reading
BREATH_LIMIT = 12


def max_reach(game: DescentGame, attacker: Figure, prof: Profile) -> int:
    """The longest range a ranged or magic attack could count (DJ-ATK-04: it hits when the
    range reaches the distance): every die on its longest face, every power die the
    attacker could roll (a hero may add fatigue up to 5, DJ-ATK-07, DJ-REF-05) with its
    enhancements on range, every surge it could roll on the best range a surge buys,
    Sorcery, and the profile's bonuses. A target further away could never be hit, so it is
    not offered; every nearer one is (no fixed limit: the dice decide). An attack that can
    have Breath counts no range: it may be laid up to ``BREATH_LIMIT`` away."""
    table = game.pack.dice
    power = prof.power
    if isinstance(attacker, HeroFigure):
        power = max(power, min(MAX_POWER_DICE, power + attacker.fatigue))
    power = min(power, MAX_POWER_DICE)
    black = power_die(game)
    faces = [table[d].faces for d in prof.dice if d in table]
    if black is not None and black in table:
        faces += [table[black].faces] * power
    rolled = sum(max(f.range + f.enhancements for f in fs) for fs in faces)
    surges = sum(max(f.surges for f in fs) for fs in faces) + prof.extra_surges

    def per_surge(s: SurgeAbility) -> int:
        sorcery = s.ability.rank if s.ability is not None and s.ability.name == "sorcery" else 0
        return s.range + sorcery

    best = max((per_surge(s) for s in prof.surges), default=0)
    reach = prof.range + rolled + surges * best + prof.abilities.get("sorcery", 0)
    breath = "breath" in prof.abilities or any(
        s.ability is not None and s.ability.name == "breath" for s in prof.surges
    )
    return max(reach, BREATH_LIMIT) if breath else reach


def targets(game: DescentGame, attacker: Figure, prof: Profile) -> list[Figure]:
    """Enemies the attacker may target (DJ-ATK-01, 02; DJ-REF-06; across a staircase,
    DJ-REF-15)."""
    out = []
    for fig in game.figures():
        if fig.side == attacker.side or not fig.alive:
            continue
        dist = game.geometry.distance(attacker, fig)
        stairs = game.geometry.stairs_distance(attacker, fig)
        if stairs is not None and stairs < dist:
            dist = stairs
        if prof.attack == "melee" and dist > melee_reach(prof):
            continue
        if prof.attack != "melee" and dist > max_reach(game, attacker, prof):
            continue
        if laid_next_to(prof) and not set(fig.squares) & breath_anchors(game, attacker):
            continue  # DJ-ABIL-03: the template is laid next to the attacker
        if (
            stairs == dist
            or game.geometry.sees(attacker, fig)
            or _crack_shot(game, attacker, prof, fig)
            or _precision(game, attacker, prof, fig)
        ):
            out.append(fig)
    return out


def laid_next_to(prof: Profile) -> bool:
    """Whether the attack is a Breath with a template on the card: it is laid with its
    square ``(0, 0)`` orthogonally next to the attacker (DJ-ABIL-03, the published game's
    rule), so its targets are the squares there."""
    return prof.template is not None and "breath" in prof.abilities


def breath_anchors(game: DescentGame, attacker: Figure) -> set[Cell]:
    """The squares where a templated Breath may be laid: orthogonally next to one of the
    attacker's squares, across no wall or closed door, revealed."""
    own = set(attacker.squares)
    out: set[Cell] = set()
    for sq in own:
        for c in game.geometry.board.neighbors(sq):
            orthogonal = abs(c[0] - sq[0]) + abs(c[1] - sq[1]) == 1
            if orthogonal and c not in own and game.geometry.revealed(c):
                out.add(c)
    return out


def breath_squares(
    game: DescentGame, attacker: Figure, anchor: Cell, template: Template
) -> set[Cell]:
    """The squares a Breath template covers when laid on ``anchor`` (DJ-ABIL-03): the
    template's ``(forward, side)`` offsets turned to point away from the attacker. The
    direction is the orthogonal step from the attacker's square next to ``anchor``; for an
    anchor further away (a Breath bought with surges on a distant target) the main axis
    from the attacker's nearest square. Of the template only the squares on the board,
    revealed and in sight of ``anchor`` are covered: walls, closed doors and blocking
    terrain stop the breath, figures do not (every figure under it is hit)."""
    board = game.geometry.board
    near = min(attacker.squares or [anchor], key=lambda c: (board.distance(c, anchor), c))
    dx, dy = anchor[0] - near[0], anchor[1] - near[1]
    if abs(dx) >= abs(dy):
        ux, uy = (1 if dx >= 0 else -1), 0
    else:
        ux, uy = 0, (1 if dy > 0 else -1)
    sx, sy = -uy, ux  # the side: to the right of forward (east -> south)

    def opaque(c: Cell) -> bool:
        return game.quest.terrain.get(c) in OPAQUE

    out: set[Cell] = set()
    for f, side in template:
        c = (anchor[0] + f * ux + side * sx, anchor[1] + f * uy + side * sy)
        if c not in board or not game.geometry.revealed(c) or opaque(c):
            continue
        if c == anchor or board.line_of_sight(anchor, c, opaque):
            out.add(c)
    return out


AREA_ABILITIES = ("blast", "breath")


def area_reach(prof: Profile) -> int:
    """How far around its target square an attack's area may reach: the largest Blast rank
    it has or may buy with surges, 1 for Breath's template; 0 without an area."""
    ranks = [max(1, r) for a, r in prof.abilities.items() if a in AREA_ABILITIES]
    if prof.template is not None:  # a templated Breath reaches as far as its squares
        ranks.append(max(max(abs(f), abs(s)) for f, s in prof.template))
    ranks += [
        max(1, s.ability.rank)
        for s in prof.surges
        if s.ability is not None and s.ability.name in AREA_ABILITIES
    ]
    return max(ranks, default=0)


def square_targets(game: DescentGame, attacker: Figure, prof: Profile) -> list[Cell]:
    """Empty squares the attacker may target (DJ-ATK-01: "the attacker targets a space, not
    a figure"): in sight and reach as a figure there would be. Offered only for an attack
    with an area (Blast, Breath) and only where that area could reach an enemy, since an
    empty square is otherwise a wasted attack."""
    reach = area_reach(prof)
    if not reach or attacker.cell is None:
        return []
    enemies = [f for f in game.figures() if f.side != attacker.side and f.alive]
    occupied = game.geometry.occupants()
    if laid_next_to(prof):
        # DJ-ABIL-03: the squares next to it where the template reaches an enemy, empty or
        # holding a friend (the breath hits every figure under it, friend and foe)
        assert prof.template is not None
        return [
            c
            for c in sorted(breath_anchors(game, attacker))
            if (c not in occupied or occupied[c].side == attacker.side)
            and any(
                set(f.squares) & breath_squares(game, attacker, c, prof.template) for f in enemies
            )
        ]
    limit = melee_reach(prof) if prof.attack == "melee" else max_reach(game, attacker, prof)
    out: list[Cell] = []
    for c in sorted(game.geometry.board.cells()):
        if c in occupied or not game.geometry.revealed(c):
            continue
        if game.geometry.distance(attacker, c) > limit:
            continue
        if not any(game.geometry.distance(f, c) <= reach for f in enemies):
            continue
        if game.geometry.sees(attacker, c):
            out.append(c)
    return out


def square_figure(cell: Cell) -> Figure:
    """A stand-in for an empty target square: no side, no wounds, never hit itself."""
    return Figure(f"square-{cell[0]}-{cell[1]}", "", "", cell, (1, 1), 0, 0)


def _precision(game: DescentGame, attacker: Figure, prof: Profile, fig: Figure) -> bool:
    """Sight that ignores one figure or one terrain square in the way (DJ-SKILL-R12: "one
    monster or one terrain space (a pillar)"; rubble is the terrain that blocks sight)."""
    if not isinstance(attacker, HeroFigure) or prof.attack == "melee":
        return False
    if not attacker.has("precision"):
        return False
    if any(
        game.geometry.sees(attacker, fig, ignore=[other])
        for other in game.figures()
        if other is not attacker and other is not fig
    ):
        return True
    blocking = [c for c, t in game.quest.terrain.items() if t in OPAQUE]
    return any(game.geometry.sees(attacker, fig, ignore_squares=[c]) for c in blocking)


def _crack_shot(game: DescentGame, attacker: Figure, prof: Profile, fig: Figure) -> bool:
    """Sight traced from a square next to the hero (DJ-SKILL-R05)."""
    if not isinstance(attacker, HeroFigure) or prof.attack == "melee" or attacker.cell is None:
        return False
    if not attacker.has("sight_from_adjacent"):
        return False
    return any(
        game.geometry.sees(c, fig, ignore=[attacker])
        for c in game.geometry.board.neighbors(attacker.cell)
    )


def armor_of(game: DescentGame, fig: Figure, attack: str) -> int:
    if isinstance(fig, HeroFigure):
        return fig.armor_against(attack)
    assert isinstance(fig, MonsterFigure)
    return fig.armor + sum(card.bonus.get("armor", 0) for card in game.powers)


def pierced_armor(game: DescentGame, fig: Figure, attack: str, pierce: int) -> int:
    """Armor left against an attack with Pierce ``pierce``: it ignores up to that many
    points of armor, but "shields are not affected by Pierce" (DJ-ABIL-10)."""
    total = armor_of(game, fig, attack)
    shield = fig.shield_armor() if isinstance(fig, HeroFigure) else 0
    return max(0, total - shield - pierce) + min(shield, total)


def attack(game: DescentGame, attacker: Figure, target: Figure, prof: Profile) -> None:
    """Resolve one attack of ``attacker`` on ``target`` (both on the board)."""
    side = attacker.uid if isinstance(attacker, HeroFigure) else "overlord"
    if isinstance(attacker, MonsterFigure) and isinstance(target, HeroFigure):
        target = _taunt(game, attacker, target, prof)
    dist = attack_distance(game, attacker, target)
    game.emit(
        "attack-declared",
        attacker=attacker.uid,
        target=target.uid,
        source=prof.source,
        attack=prof.attack,
        distance=dist,
        # what skills, abilities, Command and powers add to every roll: with the dice and
        # the surges spent, a reader can recompute the damage and range (DJ-ATK-03..08)
        bonus={"damage": prof.damage, "range": prof.range, "surges": prof.extra_surges},
    )
    aimed = False
    if isinstance(attacker, HeroFigure) and "aim" in attacker.orders and not _bow(attacker, prof):
        # DJ-ORD-01: "the hero declares an aimed attack using the Aim token": a choice made
        # as the attack is declared, before any die is rolled; a hero who does not declare
        # keeps the token for a later attack (it is lost only by moving, damage, new
        # equipment or the aimed attack itself)
        aimed = (
            game.ask("aim-declare", side, ["aim", "keep"], f"{attacker.name}: an aimed attack?")
            == "aim"
        )
    if aimed or (isinstance(attacker, HeroFigure) and _bow(attacker, prof)):
        # the log says the attack is aimed and whether the token paid for it, so a reader
        # sees where the Aim token went even when no die is rerolled (DJ-ORD-01, DJ-SKILL-R16)
        game.emit("attack-aimed", attacker=attacker.uid, token=aimed)
    power = prof.power
    black = power_die(game)
    if isinstance(attacker, HeroFigure) and black is not None:
        room = min(attacker.fatigue, MAX_POWER_DICE - power)
        if room > 0:  # DJ-ATK-07: 1 fatigue per extra power die
            extra = game.ask(
                "power-dice",
                side,
                list(range(room + 1)),
                f"{attacker.name}: spend fatigue for extra power dice?",
                fatigue=attacker.fatigue,
            )
            if extra:
                attacker.fatigue -= int(extra)
                power += int(extra)
                game.emit("fatigue-spent", hero=attacker.uid, amount=int(extra), why="power dice")
    power = min(power, MAX_POWER_DICE)
    dice = prof.dice + ([black] * power if black else [])
    rolls = roll(dice, game.pack.dice, game.rng)
    game.emit("dice-rolled", attacker=attacker.uid, rolls=[[d, f] for d, f in rolls])
    rolls = _rerolls(game, attacker, target, prof, rolls, aimed)
    total = totals(rolls, game.pack.dice)
    if total.miss:
        game.emit("attack-missed", attacker=attacker.uid, target=target.uid, why="miss", range=None)
        return
    surges = total.surges + prof.extra_surges
    fear = target.rank_of("fear") if isinstance(target, MonsterFigure) and target.has("fear") else 0
    if fear:
        if surges < fear:  # DJ-ABIL-06
            game.emit(
                "attack-missed", attacker=attacker.uid, target=target.uid, why="fear", range=None
            )
            return
        surges -= fear
        # the surges Fear takes are spent as any others, and shown as such: the reader
        # counts what is left for the weapon's abilities (DJ-ABIL-06)
        game.emit(
            "surge-spent", attacker=attacker.uid, cost=fear, damage=0, range=0, ability="fear"
        )
    gained: dict[str, int] = dict(prof.abilities)
    bonus_damage = prof.damage
    bonus_range = prof.range
    while surges > 0:
        options: list[Any] = [{"spend": "done"}]
        for i, s in enumerate(prof.surges):
            if s.cost <= surges and not _adds_nothing(s, gained):
                options.append(
                    {"spend": "ability", "index": i, "cost": s.cost, **_describe_surge(s)}
                )
        if not isinstance(attacker, HeroFigure) and surges >= 2:
            options.append({"spend": "threat", "cost": 2})  # DJ-ATK-06
        if len(options) == 1:
            break
        choice = game.ask(
            "spend-surges", side, options, f"{surges} surge(s) to spend", surges=surges
        )
        if choice["spend"] == "done":
            break
        if choice["spend"] == "threat":
            surges -= 2
            game.gain_threat(1, "surges")
            continue
        s = prof.surges[choice["index"]]
        surges -= s.cost
        bonus_damage += s.damage
        bonus_range += s.range
        if s.ability is not None:
            gained[s.ability.name] = gained.get(s.ability.name, 0) + max(1, s.ability.rank)
        game.emit(
            "surge-spent",
            attacker=attacker.uid,
            cost=s.cost,
            damage=s.damage,
            range=s.range,
            ability=s.ability.name if s.ability else None,
        )
    range_total = total.range + bonus_range
    sorcery = gained.get("sorcery", 0) if prof.attack == "magic" else 0  # DJ-ABIL-14
    needs = 0 if prof.attack == "melee" or "breath" in gained else dist - range_total
    if isinstance(attacker, HeroFigure) and attacker.has("lucky"):
        # DJ-SKILL-R14: the range and the damage of every enhancement rolled both count;
        # Sorcery's ranks (not rolled on the dice) are still split
        lucky = total.enhancements
        s_range, s_damage = assign_enhancements(sorcery, needs - lucky)
        enh_range, enh_damage = lucky + s_range, lucky + s_damage
    else:
        enh_range, enh_damage = assign_enhancements(total.enhancements + sorcery, needs)
    # the range counted: dice, surges, bonuses and the enhancements put on range, so that
    # a reader of the log can check it against the distance (DJ-ATK-04)
    reached = range_total + enh_range
    if prof.attack != "melee" and "breath" not in gained and reached < dist:
        game.emit(
            "attack-missed", attacker=attacker.uid, target=target.uid, why="range", range=reached
        )
        return  # DJ-ATK-04, DJ-REF-06
    damage = total.damage + bonus_damage + enh_damage
    if "breath" in gained and prof.template is not None:
        # the squares under the template, so a reader can check who it hit (DJ-ABIL-03)
        covered = breath_cover(game, attacker, target, prof.template)
        game.emit("breath-laid", attacker=attacker.uid, squares=[list(c) for c in sorted(covered)])
    hit = _area(game, attacker, target, gained, prof.template)
    for fig in hit:
        if not fig.alive or fig.cell is None:
            continue
        armor = pierced_armor(game, fig, prof.attack, gained.get("pierce", 0))
        dealt = max(0, damage - armor)
        game.emit(
            "attack-hit",
            attacker=attacker.uid,
            target=fig.uid,
            damage=damage,
            armor=armor,
            # the armor points Pierce ignored (DJ-ABIL-10): the figure's armor is armor +
            # pierced, so a reader can check both against the cards
            pierced=armor_of(game, fig, prof.attack) - armor,
            dealt=dealt,
            # melee and Breath (DJ-ABIL-03) do not count range: none is shown
            range=None if prof.attack == "melee" or "breath" in gained else reached,
        )
        was_on_board = fig.cell
        apply_damage(game, fig, dealt, attacker, "attack")
        if dealt >= 1 and fig.alive and fig.cell is not None:
            _conditions(game, fig, gained, dealt)
            if "knockback" in gained and was_on_board is not None:
                _knockback(game, attacker, fig, side)


#: abilities whose ranks add up when bought again (Pierce X, Blast X, Sorcery X)
RANKED = ("pierce", "blast", "sorcery")


def _adds_nothing(s: SurgeAbility, gained: dict[str, int]) -> bool:
    """A surge ability that would change nothing: it only gives the attack an ability the
    attack already has, and that ability has no rank to add. "If a burn attack deals at
    least 1 damage, the target takes a burn token" (DJ-ABIL-04; stun DJ-ABIL-16, web
    DJ-ABIL-18, knockback DJ-ABIL-09), and poison places tokens equal to the damage
    (DJ-ABIL-11): an attack is such an attack or not, so buying it twice gives nothing
    more, and the surges stay free for another ability or, for the Overlord, threat
    (DJ-ATK-06). Ranked abilities (Pierce, Blast, Sorcery) add their ranks, and +damage or
    +range always adds, so those may be bought again."""
    if s.ability is None or s.damage or s.range:
        return False
    return s.ability.name not in RANKED and s.ability.name in gained


def _taunt(game: DescentGame, attacker: MonsterFigure, target: Figure, prof: Profile) -> Figure:
    """A taunting hero within range may draw the attack (DJ-SKILL-M15)."""
    for hero in game.heroes:
        reach = max((s.taunt for s in hero.skills), default=0)
        if hero is target or not reach or hero.cell is None:
            continue
        if game.geometry.distance(hero, attacker) > reach or hero not in targets(
            game, attacker, prof
        ):
            continue
        if (
            game.ask("taunt", hero.uid, ["no", "taunt"], f"{hero.name}: taunt {attacker.name}?")
            == "taunt"
        ):
            game.emit("taunted", hero=hero.uid, figure=attacker.uid)
            return hero
    return target


def _describe_surge(s: SurgeAbility) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if s.damage:
        out["damage"] = s.damage
    if s.range:
        out["range"] = s.range
    if s.ability is not None:
        out["ability"] = s.ability.name
        if s.ability.rank:
            out["rank"] = s.ability.rank
    return out


def _bow(attacker: HeroFigure, prof: Profile) -> bool:
    """DJ-SKILL-R16: a two-handed ranged attack counts as aimed without the Aim token (the
    token, if held, is not needed and stays)."""
    return attacker.has("aimed_two_handed") and prof.attack == "ranged" and prof.hands == 2


def _rerolls(
    game: DescentGame,
    attacker: Figure,
    target: Figure,
    prof: Profile,
    rolls: list[tuple[str, int]],
    aimed: bool,
) -> list[tuple[str, int]]:
    """Aim (attacker, ``aimed`` when the Aim token was declared) and Dodge (defending hero) rerolls; both together cancel (DJ-ORD-01..03).

    Dodge belongs to every enemy the attack is against: with an area the attack always has
    (Blast, Sweep, Breath on the card) a hero in the area may dodge although another was
    targeted, and several dodgers still make only one reroll (DJ-ABIL-02, DJ-ABIL-15). The
    target decides first, then the others in the order they stand in the area."""
    aim = isinstance(attacker, HeroFigure) and (aimed or _bow(attacker, prof))
    area = _area(game, attacker, target, dict(prof.abilities), prof.template)
    dodgers = [
        f
        for f in area
        if isinstance(f, HeroFigure) and f.side != attacker.side and "dodge" in f.orders
    ]
    dodge = bool(dodgers)
    if aimed and isinstance(attacker, HeroFigure):
        attacker.orders.discard("aim")  # spent once the aimed attack is made
    if aim and dodge:
        game.emit("orders-cancelled", attacker=attacker.uid, target=dodgers[0].uid)
        return rolls
    table = game.pack.dice
    if aim:
        choice = game.ask(
            "aim-reroll", attacker.uid, ["keep", "reroll"], "Aim: reroll misses and weak dice?"
        )
        if choice == "reroll":
            rolls = [
                (d, game.rng.randbelow(len(table[d].faces))) if _weak(game, (d, f)) else (d, f)
                for d, f in rolls
            ]
            game.emit(
                "dice-rerolled", attacker=attacker.uid, rolls=[[d, f] for d, f in rolls], why="aim"
            )
    for dodger in dodgers:  # one reroll at most, whoever asks for it (DJ-ABIL-02, 15)
        choice = game.ask(
            "dodge-reroll", dodger.uid, ["keep", "reroll"], "Dodge: make the Overlord reroll?"
        )
        if choice == "reroll":
            rolls = [
                (d, game.rng.randbelow(len(table[d].faces))) if not _weak(game, (d, f)) else (d, f)
                for d, f in rolls
            ]
            game.emit(
                "dice-rerolled",
                attacker=attacker.uid,
                rolls=[[d, f] for d, f in rolls],
                why="dodge",
            )
            break
    return rolls


def _weak(game: DescentGame, rolled: tuple[str, int]) -> bool:
    """A die worth rerolling for the attacker: a miss, or one without damage or surge."""
    f = game.pack.dice[rolled[0]].faces[rolled[1]]
    return f.miss or (f.damage == 0 and f.surges == 0 and f.enhancements == 0)


def _area(
    game: DescentGame,
    attacker: Figure,
    target: Figure,
    gained: dict[str, int],
    template: Template | None = None,
) -> list[Figure]:
    """The target plus whoever a Blast, Sweep or Breath also hits, each once (DJ-REF-18);
    a Breath with a ``template`` covers its squares (:func:`breath_squares`)."""
    hit: list[Figure] = [target]
    centre = target.cell
    assert centre is not None
    if "blast" in gained:  # DJ-ABIL-02: friend and foe within X of the target, in its sight
        radius = max(1, gained["blast"])
        for fig in game.figures():
            if (
                fig not in hit
                and game.geometry.distance(fig, centre) <= radius
                and game.geometry.sees(centre, fig, ignore=[target])
            ):
                hit.append(fig)
    if "sweep" in gained:
        # DJ-ABIL-15: every enemy "within melee range": one the attacker could attack in
        # melee, so within 1 (Reach: 2, DJ-ABIL-12) and in line of sight (DJ-ATK-02,
        # DJ-REF-06) or across a staircase (DJ-REF-15); a wall between adjacent squares
        # keeps a figure out of the sweep as it keeps it out of a melee attack
        reach = 2 if "reach" in gained else 1
        for fig in game.figures():
            if fig in hit or fig.side == attacker.side:
                continue
            dist = game.geometry.distance(attacker, fig)
            stairs = game.geometry.stairs_distance(attacker, fig)
            if (stairs is not None and stairs <= reach) or (
                dist <= reach and game.geometry.sees(attacker, fig)
            ):
                hit.append(fig)
    if "breath" in gained and template is not None:  # DJ-ABIL-03: the card's template
        covered = breath_cover(game, attacker, target, template)
        for fig in game.figures():
            if fig not in hit and fig is not attacker and set(fig.squares) & covered:
                hit.append(fig)
    elif "breath" in gained:  # DJ-ABIL-03 without a template: the target and the 8 around
        for fig in game.figures():
            if fig not in hit and fig is not attacker and game.geometry.distance(fig, centre) <= 1:
                hit.append(fig)
    return hit


def breath_cover(
    game: DescentGame, attacker: Figure, target: Figure, template: Template
) -> set[Cell]:
    """The squares a templated Breath on ``target`` covers: laid on the target's square
    next to the attacker (DJ-ABIL-03), else on the target's own square."""
    anchors = breath_anchors(game, attacker)
    assert target.cell is not None
    anchor = next((c for c in target.squares if c in anchors), target.cell)
    return breath_squares(game, attacker, anchor, template)


def _conditions(game: DescentGame, fig: Figure, gained: dict[str, int], dealt: int) -> None:
    """Burn, poison, stun, web and bleed land when at least 1 damage was dealt (DJ-ABIL-04,
    11, 16, 18); poison places one token per damage (DJ-EFF-02)."""
    for name in CONDITION_ABILITIES:
        if name not in gained:
            continue
        if isinstance(fig, HeroFigure) and fig.immune(name):
            continue
        if name == "stun" and isinstance(fig, MonsterFigure) and fig.named is not None:
            continue  # DJ-ABIL-16, DJ-REF-24
        tokens = dealt if name == "poison" else 1
        fig.conditions[name] += tokens
        game.emit("condition-added", figure=fig.uid, condition=name, tokens=tokens)


def _knockback(game: DescentGame, attacker: Figure, fig: Figure, side: str) -> None:
    """Move the damaged figure up to 3 squares (DJ-ABIL-09): a move along the board, so not
    through walls, closed doors or other figures (our reading: "move ... up to 3 spaces"
    and "cannot go into a space holding another figure" hold for every square of it)."""
    if isinstance(fig, HeroFigure) and fig.immune("knockback"):
        return
    steps = game.geometry.push_steps(fig, 3)
    options: list[Any] = ["stay"]
    options += [list(c) for c in sorted(steps)]
    choice = game.ask("knockback", side, options, f"Knock {fig.name} back to?", figure=fig.uid)
    if choice != "stay":
        to = (choice[0], choice[1])
        fig.cell = to
        game.emit("figure-moved", figure=fig.uid, path=[choice], why="knockback")
        if steps[to] >= 3:
            # "the first two spaces of the move do not count as movement and trigger
            # nothing": the third does, so the square it lands on is entered as by a step
            # (enter_square, the one mechanism): a pit or lava; for a hero an Aura next to
            # it, an inactive glyph activates (DJ-MAP-06, DJ-REF-34 "moving through"),
            # tokens are picked up, square events fire; for a monster Holy Aura
            from questforge.engine.descent.game.heroes import enter_square

            enter_square(game, fig, to)


def apply_damage(
    game: DescentGame, fig: Figure, amount: int, source: Figure | None, why: str
) -> None:
    """Take ``amount`` wounds; a hero taking damage loses Aim, Guard and Rest (DJ-ORD-01, 04,
    05); dying is handled here (DJ-DEATH, DJ-REF-25)."""
    if amount <= 0:
        return
    fig.wounds -= amount
    game.emit("damage-taken", figure=fig.uid, amount=amount, wounds=max(0, fig.wounds), why=why)
    if isinstance(fig, HeroFigure):
        lost = fig.orders & {"aim", "guard", "rest"}
        if lost:
            fig.orders -= lost
            game.emit("orders-lost", hero=fig.uid, orders=sorted(lost))
    if fig.wounds <= 0:
        if isinstance(fig, HeroFigure):
            hero_dies(game, fig)
        else:
            assert isinstance(fig, MonsterFigure)
            monster_dies(game, fig, source, overkill=-fig.wounds)


def hero_dies(game: DescentGame, hero: HeroFigure) -> None:
    """DJ-DEATH-01..04, DJ-REF-35: to town, conquest lost, half the gold (to 25) lost, full
    wounds and fatigue, no lingering effects; the hero's turn ends if it was theirs."""
    blast = max((s.death_blast for s in hero.skills), default=0)
    struck = False
    if blast and hero.cell is not None:  # DJ-SKILL-G12
        for m in list(game.monsters):
            if m.cell is not None and m.named is None and game.geometry.distance(m, hero) <= blast:
                where = m.cell
                m.cell = None
                m.wounds = 0
                game.emit(
                    "monster-killed",
                    figure=m.uid,
                    monster=m.monster.id if m.monster else None,
                    cell=where,
                    by=hero.uid,
                )
                struck = True
    lost_gold = (hero.gold // 2) // 25 * 25
    hero.gold -= lost_gold
    cell = hero.cell
    hero.cell = None
    hero.in_town = True
    hero.deaths += 1
    hero.wounds = hero.max_wounds
    hero.fatigue = hero.max_fatigue
    for key in hero.conditions:
        hero.conditions[key] = 0
    hero.orders.clear()
    game.emit("hero-killed", hero=hero.uid, cell=cell, gold_lost=lost_gold)
    if struck:
        # DJ-GOAL-01 with DJ-SKILL-G12: the retribution's kills can meet the last objective
        # (an area cleared), as any kill does. They are the dying hero's last act, so the
        # quest is won before the death's conquest loss counts (a ruling: the seed is
        # silent on the order of the two).
        game.check_objectives()
    assert hero.hero is not None
    game.gain_conquest(-hero.hero.conquest, f"{hero.uid} killed")
    if getattr(game, "active_hero", None) is hero:
        raise TurnEnded()


def monster_dies(
    game: DescentGame, fig: MonsterFigure, killer: Figure | None, overkill: int
) -> None:
    if fig.has("undying"):  # DJ-ABIL-17
        black = power_die(game)
        if black is not None:
            rolled = roll([black], game.pack.dice, game.rng)
            rises = bool(rolled) and shows_surge(game.pack.dice, rolled[0])
            game.emit(
                "undying-rolled",
                figure=fig.uid,
                rolls=[[d, f] for d, f in rolled],
                rises=rises,
            )
            if rises:
                fig.wounds = fig.max_wounds - overkill
                for key in fig.conditions:
                    fig.conditions[key] = 0
                game.emit("monster-undying", figure=fig.uid, wounds=fig.wounds)
                if fig.wounds > 0:
                    return
    cell = fig.cell
    fig.cell = None
    fig.wounds = 0
    game.emit(
        "monster-killed",
        figure=fig.uid,
        monster=fig.monster.id if fig.monster else None,
        cell=cell,
        by=killer.uid if killer else None,
    )
    if isinstance(killer, HeroFigure):  # DJ-SKILL-G03
        gain = min(sum(s.kill_fatigue for s in killer.skills), killer.max_fatigue - killer.fatigue)
        if gain > 0:
            killer.fatigue += gain
            game.emit("fatigue-restored", hero=killer.uid, fatigue=killer.fatigue, why="kill")
    if fig.rank == "master" and fig.named is None and isinstance(killer, HeroFigure):
        killer.gold += 50  # DJ-REF-23 bounty
        game.emit("gold-gained", heroes=[killer.uid], amount=50, why="master bounty")
    if fig.named is not None:
        game.killed_named.add(fig.named.id)
        game.fire_events("named-killed", fig.named.id)
        game.gain_conquest(fig.named.conquest, f"{fig.named.id} killed")
    game.check_objectives()


def heal(game: DescentGame, fig: Figure, amount: int) -> None:
    """Healing removes poison first, one token per point (DJ-EFF-03)."""
    cured = min(fig.conditions["poison"], amount)
    fig.conditions["poison"] -= cured
    healed = min(amount - cured, fig.max_wounds - fig.wounds)
    fig.wounds += healed
    game.emit("healed", figure=fig.uid, poison_removed=cured, wounds=healed)


def start_of_turn_effects(
    game: DescentGame, fig: Figure, fresh: Mapping[str, int] | None = None
) -> bool:
    """Burn, bleed and web at the start of a figure's turn (DJ-EFF-01, 10, 11). Returns
    whether the figure may still spend movement points (webbed figures may not).

    ``fresh`` counts tokens placed during this very start (a card played at the start of
    the hero's turn): they are held, not rolled, and act from the next turn; the events
    still report the figure's whole count.

    A hero in town rolls too: the tokens tick "at the start of its turn" wherever the hero
    is, and only death clears them (DJ-REF-35). Such a hero is off the board already, so
    dying is told by the death count, not by leaving the board."""
    black = power_die(game)
    table = game.pack.dice
    on_board = fig.cell is not None
    deaths = fig.deaths if isinstance(fig, HeroFigure) else 0

    def gone() -> bool:
        if not fig.alive or (on_board and fig.cell is None):
            return True
        return isinstance(fig, HeroFigure) and fig.deaths != deaths

    held = fresh or {}
    if fig.conditions["burn"] > held.get("burn", 0) and black is not None:
        rolls = roll([black] * (fig.conditions["burn"] - held.get("burn", 0)), table, game.rng)
        for rolled in rolls:
            if shows_surge(table, rolled):
                fig.conditions["burn"] -= 1
        game.emit(
            "burn-rolled",
            figure=fig.uid,
            rolls=[[d, f] for d, f in rolls],
            remaining=fig.conditions["burn"],
        )
        if fig.conditions["burn"] > held.get("burn", 0):
            apply_damage(game, fig, fig.conditions["burn"] - held.get("burn", 0), None, "burn")
            if gone():
                return False
    if fig.conditions["bleed"] > held.get("bleed", 0):  # our reading: 1 wound per token,
        amount = fig.conditions["bleed"] - held.get("bleed", 0)  # then one token goes
        fig.conditions["bleed"] -= 1
        apply_damage(game, fig, amount, None, "bleed")
        if gone():
            return False
    if fig.conditions["web"] > held.get("web", 0) and black is not None:
        rolls = roll([black] * (fig.conditions["web"] - held.get("web", 0)), table, game.rng)
        for rolled in rolls:
            if shows_surge(table, rolled):
                fig.conditions["web"] -= 1
        game.emit(
            "web-rolled",
            figure=fig.uid,
            rolls=[[d, f] for d, f in rolls],
            remaining=fig.conditions["web"],
        )
        return fig.conditions["web"] <= held.get("web", 0)
    return True


def aura_damage(game: DescentGame, mover: Figure, cell: Cell) -> None:
    """Moving next to an enemy with Aura costs 1 wound, armor ignored (DJ-ABIL-01); "next
    to" is adjacent, so not across a wall or closed door (DJ-REF-08, ``Geometry.adjacent``)."""
    for fig in game.figures():
        aura = isinstance(fig, MonsterFigure) and fig.side != mover.side and fig.has("aura")
        if aura and game.geometry.adjacent(fig, cell) and mover.alive and mover.cell is not None:
            apply_damage(game, mover, 1, fig, "aura")
