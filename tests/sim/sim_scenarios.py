"""Hand-built content for the simulation tests (independent of the bundled pack).

Module-level functions so that worker processes can unpickle them (``--jobs 2`` tests).
"""

from __future__ import annotations

from functools import cache

from questforge.engine.gloomhaven.game import builders as b
from questforge.engine.gloomhaven.game.spec import (
    Ability,
    AreaPattern,
    Content,
    DoorSpec,
    TrapSpec,
)


def _classes() -> list:
    brute = b.simple_class(
        "brute",
        health=12,
        cards=[
            b.simple_card("br-1", 12, [Ability("attack", 3)], [Ability("move", 3)]),
            b.simple_card(
                "br-2",
                25,
                [Ability("attack", 4, push=1)],
                [Ability("move", 2), Ability("shield", 1)],
            ),
            b.simple_card(
                "br-3", 40, [Ability("attack", 5)], [Ability("move", 4)], top_lost=True, top_xp=2
            ),
            b.simple_card(
                "br-4", 55, [Ability("attack", 2, conditions=("wound",))], [Ability("heal", 2)]
            ),
            b.simple_card(
                "br-5",
                70,
                [Ability("attack", 3, aoe=AreaPattern(((1, 0), (1, -1)), True))],
                [Ability("move", 3)],
            ),
            b.simple_card("br-6", 80, [Ability("shield", 2)], [Ability("move", 3, jump=True)]),
        ],
    )
    archer = b.simple_class(
        "archer",
        health=8,
        cards=[
            b.simple_card("ar-1", 8, [Ability("attack", 2, range=4)], [Ability("move", 3)]),
            b.simple_card(
                "ar-2", 20, [Ability("attack", 3, range=3, pierce=1)], [Ability("move", 2)]
            ),
            b.simple_card(
                "ar-3", 33, [Ability("attack", 2, range=3, targets=2)], [Ability("loot", 1)]
            ),
            b.simple_card(
                "ar-4", 47, [Ability("heal", 3, range=3, affects="ally")], [Ability("move", 4)]
            ),
            b.simple_card(
                "ar-5",
                62,
                [Ability("attack", 4, range=4, conditions=("poison",))],
                [Ability("move", 2)],
                top_lost=True,
            ),
            b.simple_card(
                "ar-6", 77, [Ability("attack", 2, range=2, pull=1)], [Ability("move", 3)]
            ),
            b.simple_card("ar-7", 90, [Ability("attack", 1, range=5)], [Ability("move", 5)]),
        ],
    )
    mender = b.simple_class(
        "mender",
        health=9,
        cards=[
            b.simple_card(
                "me-1", 15, [Ability("heal", 3, range=3, affects="ally")], [Ability("move", 3)]
            ),
            b.simple_card("me-2", 30, [Ability("attack", 3)], [Ability("move", 3)]),
            b.simple_card(
                "me-3",
                45,
                [Ability("attack", 2, range=3, conditions=("immobilize",))],
                [Ability("move", 2)],
            ),
            b.simple_card(
                "me-4", 60, [Ability("heal", 2, range=2, affects="ally")], [Ability("shield", 1)]
            ),
            b.simple_card("me-5", 75, [Ability("attack", 3, range=2)], [Ability("move", 4)]),
            b.simple_card(
                "me-6",
                85,
                [Ability("attack", 4)],
                [Ability("heal", 4)],
                top_lost=True,
                bottom_lost=True,
            ),
        ],
    )
    tank = b.simple_class("tank", health=14, initiatives=(18, 28, 38, 48, 58, 68, 78, 88))
    return [brute, archer, mender, tank]


@cache
def three_rooms() -> Content:
    """Three rooms in a row, two doors, traps, hazards, difficult terrain, an obstacle,
    coins, melee and ranged monsters, elites at higher player counts."""
    room_a = b.disc((0, 0), 2)
    room_b = b.disc((0, 5), 2)
    room_c = b.disc((0, 10), 2)
    doors = [DoorSpec((0, 3), ("a", "b")), DoorSpec((0, 8), ("b", "c"))]
    scenario = b.scenario(
        "three-rooms",
        {"a": room_a, "b": room_b, "c": room_c},
        [(0, 0), (1, 0), (-1, 0), (0, 1)],
        doors=doors,
        monsters=[
            ("grunt", (0, -2), {2: "normal", 3: "normal", 4: "elite"}),
            ("grunt", (1, -2), {2: "none", 3: "normal", 4: "normal"}),
            ("grunt", (0, 6), {2: "normal", 3: "elite", 4: "elite"}),
            ("slinger", (-1, 6), {2: "normal", 3: "normal", 4: "normal"}),
            ("slinger", (1, 11), {2: "normal", 3: "normal", 4: "elite"}),
            ("grunt", (0, 12), {2: "elite", 3: "elite", 4: "elite"}),
            ("grunt", (-1, 12), {2: "none", 3: "none", 4: "normal"}),
        ],
        traps={
            (1, 4): TrapSpec(damage=True),
            (-1, 10): TrapSpec(damage=False, conditions=("poison",)),
        },
        hazardous=[(2, 4)],
        difficult=[(-2, 5), (-1, 5)],
        obstacles={(1, 5): ""},
        coins={(2, -1): 1, (-2, 11): 2},
    )
    slinger = b.simple_monster("slinger", health=4, move=1, attack=2, range_=3, deck="slinger")
    grunt = b.simple_monster("grunt", health=6, move=2, attack=2)
    return b.content([scenario], classes=_classes(), monsters=[grunt, slinger])


@cache
def open_field() -> Content:
    """One wide room, many monsters: lots of movement and blocking."""
    room = b.disc((0, 0), 4)
    scenario = b.scenario(
        "open-field",
        {"a": room},
        [(0, 3), (1, 3), (-1, 3), (-1, 4)],
        monsters=[
            ("grunt", (0, -3), "normal"),
            ("grunt", (1, -3), {2: "normal", 3: "elite", 4: "elite"}),
            ("grunt", (-1, -2), {2: "none", 3: "normal", 4: "normal"}),
            ("slinger", (3, -3), "normal"),
            ("slinger", (-3, 0), {2: "none", 3: "none", 4: "normal"}),
        ],
        hazardous=[(0, 0)],
        obstacles={(2, -1): "", (-2, 1): ""},
    )
    slinger = b.simple_monster("slinger", health=4, move=1, attack=2, range_=3, deck="slinger")
    grunt = b.simple_monster("grunt", health=6, move=2, attack=2)
    return b.content([scenario], classes=_classes(), monsters=[grunt, slinger])


LOADERS = {"three-rooms": three_rooms, "open-field": open_field}
