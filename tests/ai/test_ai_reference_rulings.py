"""The monster-AI reference rulings GH-REF-08 (range around walls), GH-REF-09 (where a
monster attacks from and how it ranks secondary targets) and GH-REF-10 (mirrored area
patterns), one small board each (9 x 7 parallelograms unless stated otherwise).

Each situation here (but the dev quiz case, which both readings answer alike) was checked
to get a different answer under the solver's previous reading (range as plain hex
distance; secondary targets ranked by movement first and their disadvantage weighed before
movement; rotations only), so none of them can pass by accident.
"""

from __future__ import annotations

from ai_helpers import C, answer, make_situation, parallelogram

from questforge.engine.core.hexgrid import mirror
from questforge.engine.core.los import LineOfSight
from questforge.engine.gloomhaven.ai import AoePattern, solve

# ------------------------------------------------------------------ GH-REF-08

#: a thin wall on the edge between the monster's hex (4, 3) and (4, 2)
THIN = [[[4, 3], [4, 2]]]


def test_range_is_counted_around_a_thin_wall() -> None:
    # GH-REF-08: (4, 1) is two hexes from (4, 3) as the crow flies and in line of sight
    # past the end of the thin wall, but the shortest path that does not cross the wall
    # is three hexes long: out of range 2, in range 3.
    los = LineOfSight([tuple(h) for h in parallelogram(9, 7)], [((4, 3), (4, 2))])
    assert los.visible((4, 3), (4, 1))  # GH-LOS-01: sight is not the question here
    short = make_situation(
        active={"hex": [4, 3], "move": 0, "range": 2}, figures=[C(4, 1)], thin_walls=THIN
    )
    assert answer(short) == {((4, 3), ())}
    longer = make_situation(
        active={"hex": [4, 3], "move": 0, "range": 3}, figures=[C(4, 1)], thin_walls=THIN
    )
    assert answer(longer) == {((4, 3), ((4, 1),))}


def test_a_monster_that_is_out_of_range_around_a_wall_moves_into_range() -> None:
    # GH-REF-08 with GH-MMOVE-03, GH-MMOVE-06: range 2 does not reach (4, 1) around the thin wall,
    # so the monster steps to a hex from which the path is short enough, the fewest
    # movement points.
    sit = make_situation(
        active={"hex": [4, 3], "move": 2, "range": 2}, figures=[C(4, 1)], thin_walls=THIN
    )
    got = answer(sit)
    assert got and all(attacks == ((4, 1),) for _, attacks in got)
    assert (4, 3) not in {dest for dest, _ in got}
    assert {dest for dest, _ in got} <= {(3, 3), (5, 2), (3, 4), (5, 3)}


def test_range_around_walls_applies_to_ranged_area_patterns() -> None:
    # GH-REF-08 / GH-AOE-04: a ranged area needs one hex of the pattern within range,
    # counted around walls. A two-hex pattern on (4, 1) can cover (4, 2), one hex from the
    # monster as the crow flies but two around the thin wall: out of range 1, in range 2.
    def sit(rng: int):  # type: ignore[no-untyped-def]
        return make_situation(
            active={
                "hex": [4, 3],
                "move": 0,
                "range": rng,
                "aoe": {"melee": False, "hexes": [[0, 0], [1, 0]]},
            },
            figures=[C(4, 1)],
            thin_walls=THIN,
        )

    assert answer(sit(1)) == {((4, 3), ())}
    assert answer(sit(2)) == {((4, 3), ((4, 1),))}


# ------------------------------------------------------------------ GH-REF-09


def test_secondary_disadvantage_does_not_outweigh_movement() -> None:
    # GH-REF-09: the focus (6, 2) is adjacent, so the ranged monster steps away to avoid
    # disadvantage against it (GH-MMOVE-06, GH-MMOVE-07). One step keeps both targets, with the
    # secondary target (5, 5) adjacent; two steps would avoid that disadvantage too, but
    # disadvantage against secondary targets is not weighed: fewest movement points win.
    sit = make_situation(
        hexes=parallelogram(7, 6),
        active={"hex": [6, 3], "move": 3, "range": 3, "targets": 2},
        figures=[C(6, 2, initiative=76), C(5, 5, initiative=70), C(0, 4, initiative=32)],
    )
    assert answer(sit) == {
        ((6, 4), ((5, 5), (6, 2))),
        ((5, 4), ((5, 5), (6, 2))),
    }
    assert solve(sit).options[0].focus == (6, 2)


def test_secondary_targets_rank_by_proximity_then_initiative_not_movement() -> None:
    # GH-REF-09: (1, 0) and (3, 0) are both 4 hexes from the monster's start (proximity;
    # the obstacle does not lengthen it), so initiative ranks them: 33 before 70, although
    # attacking (3, 0) needs fewer movement points.
    sit = make_situation(
        hexes=parallelogram(7, 6),
        active={"hex": [1, 4], "move": 2, "range": 3, "targets": 2},
        figures=[C(3, 0, initiative=70), C(2, 4, initiative=54), C(1, 0, initiative=33)],
        terrain=[{"hex": [1, 3], "type": "obstacle"}],
    )
    assert answer(sit) == {
        ((0, 3), ((1, 0), (2, 4))),
        ((2, 2), ((1, 0), (2, 4))),
    }


def test_dev_quiz_case_secondary_disadvantage_breaks_a_full_tie_only() -> None:
    # GH-REF-09 and gloom-064 (quiz question 8): both one-step hexes hit the same two
    # targets without disadvantage on the focus; only (2, -4) is adjacent to the secondary
    # target. With every listed measure tied, the hex without disadvantage is taken (the
    # dev case's answer); see test_secondary_disadvantage_does_not_outweigh_movement for
    # why this can never beat a measure GH-REF-09 lists.
    hexes = [[q, r] for q in range(0, 8) for r in range(-7, 1)]
    sit = make_situation(
        hexes=hexes,
        active={"hex": [3, -5], "move": 2, "range": 2, "targets": 3},
        figures=[C(2, -3, initiative=10), C(4, -5, initiative=20), C(5, -3, initiative=30)],
        terrain=[{"hex": [3, -3], "type": "trap"}],
    )
    assert answer(sit) == {((2, -5), ((2, -3), (4, -5)))}


# ------------------------------------------------------------------ GH-REF-10

#: a chiral (left-handed) three-hex melee pattern: no rotation gives its mirror image
MELEE_L = [[1, 0], [2, 0], [2, -1]]


def test_pattern_orientations_include_mirror_images() -> None:
    # GH-REF-10 / GH-AOE-01: 6 rotations and 6 rotations of the mirror image.
    pattern = AoePattern(True, tuple((q, r) for q, r in MELEE_L))
    rotations = {frozenset(o) for o in pattern.rotations()}
    flipped = frozenset(mirror(h) for h in pattern.hexes)
    assert len(rotations) == 6 and flipped not in rotations
    assert flipped in {frozenset(o) for o in pattern.orientations()}
    assert len(pattern.orientations()) == 12


def test_melee_area_pattern_may_be_mirrored() -> None:
    # GH-REF-10: three enemies stand in the mirror image of the pattern; only the flipped
    # pattern hits all three.
    spots = [(4 + m[0], 3 + m[1]) for m in (mirror(h) for h in MELEE_L)]
    sit = make_situation(
        active={"hex": [4, 3], "move": 0, "aoe": {"melee": True, "hexes": MELEE_L}},
        figures=[C(q, r, initiative=10 * (i + 1)) for i, (q, r) in enumerate(spots)],
    )
    assert answer(sit) == {((4, 3), tuple(sorted(spots)))}


def test_ranged_area_pattern_may_be_mirrored() -> None:
    # GH-REF-10: the same for a ranged pattern placed at range.
    pattern = [[0, 0], [1, 0], [2, 0], [2, -1]]
    anchor = (1, 1)
    spots = [(anchor[0] + m[0], anchor[1] + m[1]) for m in (mirror(h) for h in pattern)]
    assert (
        len({frozenset(o) for o in AoePattern(False, tuple(map(tuple, pattern))).orientations()})
        == 12
    )
    sit = make_situation(
        active={
            "hex": [4, 2],
            "move": 0,
            "range": 3,
            "aoe": {"melee": False, "hexes": pattern},
        },
        figures=[C(q, r, initiative=10 * (i + 1)) for i, (q, r) in enumerate(spots)],
    )
    assert answer(sit) == {((4, 2), tuple(sorted(spots)))}
