"""Rulings pinned by the third referee audit of the monster-AI solver ("aiaudit").

Each situation was written and answered by hand from ``rules/gloomhaven.md`` before the
solver was run (9 x 7 parallelograms unless stated otherwise).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ai_helpers import C, answer, make_situation

from questforge.engine.gloomhaven.ai import load_situation, solve

#: a thin wall on the edge between (4, 3) and (4, 2)
THIN = [[[4, 3], [4, 2]]]


def test_ranged_attack_across_a_thin_wall_has_no_disadvantage() -> None:
    # GH-ATK-04 / GH-MMOVE-06 with GH-REF-08: the enemy at (4, 2) shares an edge with the
    # monster's hex, but a thin wall lies on it: a melee attack cannot reach it, and its
    # range counted around the wall is 2, so it is not adjacent. The ranged monster (range
    # 3, in line of sight past the wall's end) attacks it from where it stands instead of
    # stepping away (it used to step away to avoid a disadvantage it did not have).
    sit = make_situation(
        active={"hex": [4, 3], "move": 2, "range": 3}, figures=[C(4, 2)], thin_walls=THIN
    )
    assert answer(sit) == {((4, 3), ((4, 2),))}
    # Without the thin wall the same enemy is adjacent: the monster steps one hex away.
    open_board = make_situation(active={"hex": [4, 3], "move": 2, "range": 3}, figures=[C(4, 2)])
    got = answer(open_board)
    assert (4, 3) not in {dest for dest, _ in got}
    assert all(attacks == ((4, 2),) for _, attacks in got)


_AUDIT = Path(__file__).resolve().parent / "audit_situations"


@pytest.mark.parametrize("name", sorted(p.name for p in _AUDIT.glob("*.json")))
def test_audit_situation(name: str) -> None:
    # Hand-answered situations on the themes the dev set covers thinly (each file's
    # description says which rule it pins): focus ties (GH-FOCUS-02, GH-FOCUS-03, GH-REF-07),
    # negative hexes (GH-MHAZ-01, GH-MHAZ-02), difficult terrain, flying and jumping (GH-MOVE-05, GH-MOVE-06, GH-MOVE-08),
    # disadvantage (GH-ATK-04, GH-MMOVE-06), invisible figures (GH-COND-11), allies
    # (GH-MOVE-02, GH-MOVE-04), a move without an attack (GH-MMOVE-02), secondary targets (GH-REF-09).
    situation = load_situation(json.loads((_AUDIT / name).read_text(encoding="utf-8")))
    assert situation.expected is not None
    got = {(o.destination, o.attacks) for o in solve(situation).options}
    want = {(e.destination, e.attacks) for e in situation.expected}
    assert got == want, situation.description


def test_there_are_audit_situations() -> None:
    assert len(list(_AUDIT.glob("*.json"))) >= 34


def test_engine_resolves_a_ranged_attack_across_a_thin_wall_without_disadvantage() -> None:
    # GH-ATK-04 as the solver reads it (above), in the engine's attack resolution: the
    # monster's choice of hex assumes no disadvantage there, so the attack must not get it.
    from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack
    from questforge.engine.gloomhaven.game.builders import content, disc, new_game, scenario

    def ranged_attack_event(thin_walls: list) -> dict:  # type: ignore[type-arg]
        sc = scenario(
            "w",
            {"a": disc((0, 0), 3)},
            [(0, 0), (-3, 0)],
            thin_walls=thin_walls,
            monsters=[("grunt", (1, 0), "normal")],
        )
        g = new_game(content([sc]), "w")
        alpha = g.state.figures["alpha"]
        grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
        resolve_attack(g.rules, alpha, grunt, AttackParams(value=2, ranged=True, range=3))
        return [e for e in g.events if e.type == "attack"][-1].data  # type: ignore[no-any-return]

    assert ranged_attack_event([])["disadvantage"]
    assert not ranged_attack_event([((0, 0), (1, 0))])["disadvantage"]


def test_an_ally_across_a_thin_wall_is_not_adjacent_to_the_target() -> None:
    # GH-XP-03 ("a target adjacent to one of the attacker's allies") with the reading of
    # adjacency above: an ally on the other side of a thin wall is not next to the target
    from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack
    from questforge.engine.gloomhaven.game.builders import content, disc, new_game, scenario

    def flanked(thin_walls: list) -> bool:  # type: ignore[type-arg]
        sc = scenario(
            "w",
            {"a": disc((0, 0), 3)},
            [(-2, 0), (2, 0)],
            thin_walls=thin_walls,
            monsters=[("grunt", (1, 0), "normal")],
        )
        g = new_game(content([sc]), "w")
        alpha, beta = g.state.figures["alpha"], g.state.figures["beta"]
        assert (alpha.hex, beta.hex) == ((-2, 0), (2, 0))
        grunt = next(f for f in g.state.figures.values() if f.kind == "monster")
        resolve_attack(g.rules, alpha, grunt, AttackParams(value=1, ranged=True, range=3))
        return g.rules.attack_notes[-1][4]

    assert flanked([])
    assert not flanked([((1, 0), (2, 0))])
