"""Melee reach and sight across thin walls and in one-hex corridors (GH-ATK-03, GH-LOS-01,
GH-MAP-02)."""

from __future__ import annotations

from questforge.engine.gloomhaven.game.builders import (
    content,
    disc,
    new_game,
    scenario,
    simple_class,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.character_turn import attack_targets
from questforge.engine.gloomhaven.game.spec import Ability

CORRIDOR = [(q, 0) for q in range(-2, 4)]


def _game(thin_walls: tuple = (), hexes: list | None = None) -> object:
    sc = scenario(
        "corridor",
        {"a": hexes or CORRIDOR},
        [(0, 0), (-1, 0)],
        monsters=[("grunt", (1, 0), "normal")],
        thin_walls=thin_walls,
    )
    c = content(
        [sc],
        classes=[simple_class("alpha"), simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
        decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
    )
    return new_game(c, "corridor")


def test_melee_hits_a_neighbour_in_a_one_hex_corridor() -> None:
    # GH-ATK-03, GH-LOS-01: neighbours share an edge, so walls beside it do not block
    g = _game()
    alpha = g.state.figures["alpha"]  # type: ignore[attr-defined]
    assert alpha.hex == (0, 0)
    targets = attack_targets(g.rules, alpha, Ability("attack", 2))  # type: ignore[attr-defined]
    assert [t.hex for t in targets] == [(1, 0)]
    ranged = attack_targets(g.rules, alpha, Ability("attack", 2, range=3))  # type: ignore[attr-defined]
    assert [t.hex for t in ranged] == [(1, 0)]


def test_melee_never_crosses_a_thin_wall() -> None:
    # GH-MAP-02: figures never pass through walls; a melee attack needs the shared edge open
    # An open room: sight may go round the thin wall through a third hex, reach may not.
    g = _game(thin_walls=(((0, 0), (1, 0)),), hexes=sorted(disc((0, 0), 3)))
    assert g.rules.board.visible((0, 0), (1, 0))  # type: ignore[attr-defined]
    alpha = g.state.figures["alpha"]  # type: ignore[attr-defined]
    assert attack_targets(g.rules, alpha, Ability("attack", 2)) == []  # type: ignore[attr-defined]
