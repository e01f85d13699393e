"""Focus, movement and attack rules of the monster-AI solver, one small board each.

Boards are 9 x 7 parallelograms (q 0..8, r 0..6) or single corridors; every test names the
rule it checks.
"""

from __future__ import annotations

import pytest
from ai_helpers import C, M, answer, make_situation, parallelogram

from questforge.engine.core.los import LineOfSight
from questforge.engine.gloomhaven.ai import SituationError, load_situation, solve


def corridor(length: int) -> list[list[int]]:
    return [[q, 0] for q in range(length)]


# ------------------------------------------------------------------ focus


def test_focus_is_fewest_movement_to_an_attack_hex_not_raw_distance() -> None:
    # GH-FOCUS-02: the enemy 2 hexes away behind a wall needs a long detour; the one 3 hexes
    # away can be attacked after 2 movement points.
    wall = [[q, 2] for q in range(8)]
    sit = make_situation(
        active={"hex": [4, 3], "move": 2},
        figures=[C(4, 1, initiative=10), C(4, 6, initiative=90)],
        remove=wall,
    )
    assert answer(sit) == {((4, 5), ((4, 6),))}
    assert solve(sit).options[0].focus == (4, 6)


def test_proximity_breaks_movement_ties_before_initiative() -> None:
    # GH-REF-07: both are attackable without moving; the nearer one wins despite initiative.
    sit = make_situation(
        active={"hex": [4, 3], "move": 2, "range": 4},
        figures=[C(4, 1, initiative=90), C(8, 3, initiative=10)],
    )
    assert answer(sit) == {((4, 3), ((4, 1),))}


def test_proximity_is_counted_around_walls() -> None:
    # GH-REF-07: a wall between makes the raw-nearer enemy farther by proximity.
    wall = [[q, 2] for q in range(2, 7)]
    sit = make_situation(
        active={"hex": [4, 3], "move": 0, "range": 6},
        figures=[C(4, 0, initiative=90), C(4, 6, initiative=10)],
        remove=wall,
    )
    # (4, 0) is 3 hexes away but 5+ around the wall; (4, 6) is 3 away in the open. Neither
    # is visible across the wall? (4, 0) is hidden by the wall, so only (4, 6) is a focus.
    assert answer(sit) == {((4, 3), ((4, 6),))}


def test_initiative_breaks_remaining_ties() -> None:
    # GH-FOCUS-03: equal movement and proximity: lowest initiative.
    sit = make_situation(
        active={"hex": [4, 3], "range": 3},
        figures=[C(4, 1, initiative=30), C(4, 5, initiative=20)],
    )
    assert answer(sit) == {((4, 3), ((4, 5),))}


@pytest.mark.parametrize("summon_at", [(4, 1), (4, 5)])
def test_summon_ranks_just_before_its_summoner(summon_at: tuple[int, int]) -> None:
    # GH-FOCUS-03: summons count as acting just before their summoner.
    other = (4, 5) if summon_at == (4, 1) else (4, 1)
    sit = make_situation(
        active={"hex": [4, 3], "range": 3},
        figures=[C(*summon_at, initiative=20, summon=True), C(*other, initiative=20)],
    )
    assert answer(sit) == {((4, 3), (summon_at,))}


def test_long_rest_is_focused_last() -> None:
    # GH-FOCUS-03: a long-resting character counts as initiative 99.
    sit = make_situation(
        active={"hex": [4, 3], "range": 3},
        figures=[C(4, 1, initiative=99), C(4, 5, initiative=98)],
    )
    assert answer(sit) == {((4, 3), ((4, 5),))}


def test_full_tie_gives_the_players_every_focus() -> None:
    # GH-AMBIG-01: equal in every measure, so every focus is an option.
    sit = make_situation(
        active={"hex": [4, 3], "range": 3},
        figures=[C(4, 1, initiative=0), C(4, 5, initiative=0)],
    )
    assert answer(sit) == {((4, 3), ((4, 1),)), ((4, 3), ((4, 5),))}


def test_invisible_enemies_are_ignored() -> None:
    # GH-FOCUS-04 / GH-FOCUS-06: the only enemy is invisible: no focus, no move, no attack.
    sit = make_situation(
        active={"hex": [4, 3], "move": 3},
        figures=[C(6, 3, invisible=True)],
    )
    solution = solve(sit)
    assert answer(sit) == {((4, 3), ())}
    assert solution.options[0].focus is None
    assert "GH-FOCUS-06" in solution.explanation.rules


def test_invisible_figures_block_monster_movement() -> None:
    # GH-MMOVE-11: an invisible character in a corridor is an obstacle.
    sit = make_situation(
        hexes=corridor(7),
        active={"hex": [0, 0], "move": 6},
        figures=[C(2, 0, invisible=True), C(5, 0)],
    )
    assert answer(sit) == {((0, 0), ())}


# ------------------------------------------------------------------ traps


def test_traps_are_avoided_when_a_detour_exists() -> None:
    # GH-MHAZ-01 / GH-FOCUS-05: the trap is an obstacle while another way exists.
    hexes = [[q, r] for q in range(6) for r in range(2)]
    sit = make_situation(
        hexes=hexes,
        active={"hex": [0, 0], "move": 3},
        figures=[C(4, 0)],
        terrain=[{"hex": [2, 0], "type": "trap"}],
    )
    assert answer(sit) == {((2, 1), ())}


@pytest.mark.parametrize("kind", ["trap", "hazardous"])
def test_negative_hexes_are_crossed_when_they_are_the_only_way(kind: str) -> None:
    # GH-MHAZ-01 / GH-MHAZ-02: in a corridor the only way to the focus crosses it.
    sit = make_situation(
        hexes=corridor(6),
        active={"hex": [0, 0], "move": 3},
        figures=[C(4, 0)],
        terrain=[{"hex": [2, 0], "type": kind}],
    )
    solution = solve(sit)
    assert answer(sit) == {((3, 0), ((4, 0),))}
    assert solution.explanation.candidates[0].traps == 1
    assert "GH-MHAZ-01" in solution.explanation.rules


def test_trap_steers_focus_to_the_other_enemy() -> None:
    # GH-MHAZ-02: the nearer enemy is only reachable through a trap, so the monster
    # focuses on the other one.
    hexes = corridor(9)
    sit = make_situation(
        hexes=hexes,
        active={"hex": [4, 0], "move": 2},
        figures=[C(1, 0, initiative=10), C(8, 0, initiative=90)],
        terrain=[{"hex": [3, 0], "type": "trap"}],
    )
    assert answer(sit) == {((6, 0), ())}
    assert solve(sit).options[0].focus == (8, 0)


# ------------------------------------------------------------------ movement


def test_move_without_attack_ends_adjacent_and_attacks_nothing() -> None:
    # GH-MMOVE-02: moves as for a melee attack, stops next to the focus.
    sit = make_situation(active={"hex": [0, 3], "move": 5, "targets": 0}, figures=[C(4, 3)])
    assert answer(sit) == {((3, 3), ())}


def test_melee_moves_the_fewest_hexes() -> None:
    # GH-MMOVE-03 / GH-MMOVE-04: the nearest hex adjacent to the focus, not farther.
    sit = make_situation(active={"hex": [0, 3], "move": 6}, figures=[C(4, 3)])
    assert answer(sit) == {((3, 3), ((4, 3),))}


def test_allies_can_be_passed_but_not_ended_on() -> None:
    # GH-MOVE-02 / GH-MOVE-04.
    sit = make_situation(
        hexes=corridor(6),
        active={"hex": [0, 0], "move": 4},
        figures=[M(1, 0), M(3, 0), C(5, 0)],
    )
    assert answer(sit) == {((4, 0), ((5, 0),))}
    blocked = make_situation(
        hexes=corridor(6),
        active={"hex": [0, 0], "move": 4},
        figures=[M(4, 0), C(5, 0)],
    )
    # The only attack hex is taken by an ally: no focus.
    assert answer(blocked) == {((0, 0), ())}


def test_ranged_monster_in_range_stays() -> None:
    # GH-MMOVE-06 / GH-MMOVE-10: a ranged monster already in range does not move.
    sit = make_situation(active={"hex": [2, 3], "move": 3, "range": 3}, figures=[C(5, 3)])
    assert answer(sit) == {((2, 3), ((5, 3),))}


def test_ranged_monster_steps_away_from_an_adjacent_focus() -> None:
    # GH-MMOVE-06 / GH-ATK-04: one step away removes disadvantage; each such hex is valid.
    sit = make_situation(active={"hex": [4, 3], "move": 2, "range": 3}, figures=[C(5, 3)])
    assert answer(sit) == {
        ((3, 3), ((5, 3),)),
        ((4, 2), ((5, 3),)),
        ((3, 4), ((5, 3),)),
    }


def test_muddled_ranged_monster_does_not_step_away() -> None:
    # Muddle gives disadvantage anyway, so the monster does not move to avoid it.
    sit = make_situation(
        active={"hex": [4, 3], "move": 2, "range": 3, "muddled": True}, figures=[C(5, 3)]
    )
    assert answer(sit) == {((4, 3), ((5, 3),))}


def test_out_of_reach_moves_as_close_as_possible() -> None:
    # GH-MMOVE-08.
    sit = make_situation(active={"hex": [0, 3], "move": 1}, figures=[C(6, 3)])
    assert answer(sit) == {((1, 3), ())}


def test_difficult_terrain_costs_two_for_monsters() -> None:
    # GH-MOVE-08: 1 + 2 reaches the difficult hex with 3 points; the next hex would need 4.
    sit = make_situation(
        hexes=corridor(6),
        active={"hex": [0, 0], "move": 3},
        figures=[C(5, 0)],
        terrain=[{"hex": [2, 0], "type": "difficult"}],
    )
    assert answer(sit) == {((2, 0), ())}


def test_closed_doors_are_walls_for_monsters() -> None:
    # GH-DOOR-03 / GH-MMOVE-11: the engine leaves a closed door out of the map.
    sit = make_situation(
        hexes=[h for h in corridor(6) if h != [3, 0]],
        active={"hex": [0, 0], "move": 5},
        figures=[C(5, 0)],
    )
    assert answer(sit) == {((0, 0), ())}


# ------------------------------------------------------------------ flying, jumping


def _obstacle_column() -> list[dict[str, object]]:
    return [{"hex": [3, r], "type": "obstacle"} for r in range(7)]


def test_flying_ignores_obstacles() -> None:
    # GH-MOVE-06 / GH-OBST-01.
    ground = make_situation(
        active={"hex": [1, 3], "move": 3}, figures=[C(5, 3)], terrain=_obstacle_column()
    )
    assert answer(ground) == {((1, 3), ())}
    flying = make_situation(
        active={"hex": [1, 3], "move": 3, "flying": True},
        figures=[C(5, 3)],
        terrain=_obstacle_column(),
    )
    assert answer(flying) == {((4, 3), ((5, 3),))}


def test_flying_may_end_on_an_obstacle_but_not_on_a_figure() -> None:
    # GH-OBST-02 / GH-MOVE-06.
    sit = make_situation(
        active={"hex": [2, 3], "move": 1, "flying": True},
        figures=[C(4, 3)],
        terrain=[{"hex": [3, 3], "type": "obstacle"}],
    )
    assert answer(sit) == {((3, 3), ((4, 3),))}


def test_jump_passes_obstacles_but_lands_normally() -> None:
    # GH-MOVE-05: the jump ignores the obstacle; the landing hex follows normal rules.
    walk = make_situation(
        hexes=corridor(6),
        active={"hex": [0, 0], "move": 3},
        figures=[C(4, 0)],
        terrain=[{"hex": [2, 0], "type": "obstacle"}],
    )
    assert answer(walk) == {((0, 0), ())}
    jump = make_situation(
        hexes=corridor(6),
        active={"hex": [0, 0], "move": 3, "jumping": True},
        figures=[C(4, 0)],
        terrain=[{"hex": [2, 0], "type": "obstacle"}],
    )
    assert answer(jump) == {((3, 0), ((4, 0),))}


# ------------------------------------------------------------------ attacks


def test_melee_area_attack_positions_to_hit_two() -> None:
    # GH-MMOVE-05 / GH-AOE-01: any rotation; the closest hex hitting both enemies.
    sit = make_situation(
        active={"hex": [2, 3], "move": 3, "aoe": {"melee": True, "hexes": [[1, 0], [1, -1]]}},
        figures=[C(5, 3, initiative=10), C(5, 2, initiative=20)],
    )
    assert answer(sit) == {((4, 3), ((5, 2), (5, 3)))}


def test_multi_target_moves_to_reach_more_enemies() -> None:
    # GH-MMOVE-05 / GH-MMOVE-10: two targets: adjacent to both if the move allows.
    sit = make_situation(
        active={"hex": [2, 3], "move": 3, "targets": 2},
        figures=[C(5, 3, initiative=10), C(5, 2, initiative=20)],
    )
    assert answer(sit) == {((4, 3), ((5, 2), (5, 3)))}
    single = make_situation(
        active={"hex": [2, 3], "move": 3},
        figures=[C(5, 3, initiative=10), C(5, 2, initiative=20)],
    )
    assert answer(single) == {((4, 3), ((5, 3),))}


def test_target_all_attacks_every_enemy_in_range() -> None:
    # GH-AOE-06 / GH-MATK-02.
    sit = make_situation(
        active={"hex": [4, 3], "range": 3, "targets": 6},
        figures=[C(4, 1), C(6, 2), C(2, 5), C(8, 6)],
    )
    assert answer(sit) == {((4, 3), ((2, 5), (4, 1), (6, 2)))}


def test_walls_block_ranged_attacks_and_the_monster_steps_out() -> None:
    # GH-LOS-01 / GH-MMOVE-06: a wall with a one-hex gap hides the enemy; one step to
    # (3, 3) lines up with the gap, in range 4.
    wall = [[4, r] for r in (0, 1, 2, 4, 5, 6)]
    sit = make_situation(
        active={"hex": [2, 4], "move": 3, "range": 4}, figures=[C(6, 4)], remove=wall
    )
    assert not LineOfSight(sit.hexes).visible((2, 4), (6, 4))
    assert answer(sit) == {((3, 3), ((6, 4),))}


def test_thin_wall_blocks_melee_between_neighbours() -> None:
    # GH-MOVE-02 and gloom case 28: no melee attack across a thin wall.
    sit = make_situation(
        hexes=[[q, r] for q in range(4) for r in range(2)],
        active={"hex": [1, 0], "move": 2},
        figures=[C(2, 0)],
        thin_walls=[[[1, 0], [2, 0]]],
    )
    options = solve(sit).options
    assert all(o.destination != (1, 0) for o in options)
    assert all(o.attacks == ((2, 0),) for o in options)


# ------------------------------------------------------------------ loading


def test_icy_terrain_is_rejected_clearly() -> None:
    with pytest.raises(SituationError, match="not supported by Gloomhaven rules"):
        make_situation(active={"hex": [0, 0]}, figures=[], terrain=[{"hex": [1, 1], "type": "icy"}])


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("active"), r"\$: missing required property 'active'"),
        (lambda d: d["figures"].append(C(0, 0)), r"\$.figures\[1\].hex: .*already occupied"),
        (lambda d: d["figures"].append(C(40, 0)), r"\$.figures\[1\].hex: .*not on the map"),
        (lambda d: d["active"].update(move="2"), r"\$.active.move: expected an integer"),
        (lambda d: d["map"].update(hexes=[[0, 0, 1]]), r"\$.map.hexes\[0\]: expected a hex"),
        (lambda d: d["figures"][0].update(side="foe"), r"\$.figures\[0\].side"),
        (
            lambda d: d["map"].update(thin_walls=[[[0, 0], [3, 0]]]),
            r"\$.map.thin_walls\[0\]: .*not adjacent",
        ),
    ],
)
def test_bad_situations_name_the_place(mutate, message) -> None:  # type: ignore[no-untyped-def]
    data = {
        "kind": "situation",
        "map": {"hexes": parallelogram(3, 3)},
        "figures": [C(2, 2)],
        "active": {"hex": [0, 0]},
    }
    mutate(data)
    with pytest.raises(SituationError, match=message):
        load_situation(data)


def test_avoiding_disadvantage_on_the_focus_beats_a_second_target() -> None:
    # GH-MMOVE-07: staying would hit both enemies but the focus (adjacent) at disadvantage;
    # each hex one step back hits only the focus, without disadvantage, and wins.
    sit = make_situation(
        active={"hex": [4, 3], "move": 1, "range": 2, "targets": 2},
        figures=[C(5, 3, initiative=10), C(6, 3, initiative=20)],
    )
    assert answer(sit) == {
        ((3, 3), ((5, 3),)),
        ((4, 2), ((5, 3),)),
        ((3, 4), ((5, 3),)),
    }


def test_secondary_targets_are_ranked_like_focus_candidates() -> None:
    # GH-MATK-03 / GH-FOCUS-07: two targets, three enemies in range: the second target is
    # the better focus candidate (nearer by proximity), not the lower initiative.
    sit = make_situation(
        active={"hex": [4, 3], "range": 4, "targets": 2},
        figures=[C(4, 1, initiative=50), C(6, 3, initiative=90), C(8, 3, initiative=10)],
    )
    assert answer(sit) == {((4, 3), ((4, 1), (6, 3)))}
