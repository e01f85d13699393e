"""Figure kinds and sides are declared enums (issue 8, typed seams), not free strings."""

from __future__ import annotations

import json

from questforge.engine.gloomhaven.game.builders import content, disc, new_game, scenario
from questforge.engine.gloomhaven.game.state import FigureKind, Side


def test_figures_on_the_board_carry_enum_kinds_and_sides() -> None:
    # GH-SETUP-03: room setup places the characters (party) and the monsters (monsters)
    spec = scenario(
        "s", {"a": disc((0, 0), 2)}, [(-1, 0), (-1, 1)], monsters=[("grunt", (1, 0), "normal")]
    )
    game = new_game(content([spec]), "s")
    figures = list(game.state.figures.values())
    assert {(f.kind, f.side) for f in figures} == {
        (FigureKind.CHARACTER, Side.PARTY),
        (FigureKind.MONSTER, Side.MONSTERS),
    }
    assert all(type(f.kind) is FigureKind and type(f.side) is Side for f in figures)


def test_enum_values_read_and_write_as_the_strings_logs_hold() -> None:
    # game logs recorded before the enums say "monster" / "party": they still compare equal
    assert FigureKind.MONSTER == "monster" and Side.PARTY == "party"
    assert json.dumps({"kind": FigureKind.SUMMON}) == '{"kind": "summon"}'
    assert FigureKind("ally") is FigureKind.ALLY
