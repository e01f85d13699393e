"""Second referee audit of the Gloomhaven engine: each test cites the rule it checks and
failed before the fix it comes with (or pins a ruling written in docs/engine.md)."""

from __future__ import annotations

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    new_game,
    plan,
    scenario,
    simple_card,
    simple_class,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.spec import Ability, AbilityCard, Action


def _arena(classes: list | None = None, monsters: list | None = None, **kw: object) -> object:
    sc = scenario(
        "b",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-3, 0)],
        monsters=monsters if monsters is not None else [("grunt", (3, 0), "normal")],
        **kw,
    )  # type: ignore[arg-type]
    return content(
        [sc],
        classes=classes or [simple_class("alpha"), simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
        decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
    )


def test_a_round_bonus_card_is_discarded_before_the_short_rest() -> None:
    # GH-BONUS-07, GH-BONUS-08, GH-EOR-04, GH-REST-01, GH-REST-02: the round ends when
    # every figure has acted and the round-bonus card then goes to the discard pile (it
    # already counted as discarded); the cleanup's short rest comes after, so that card
    # is one of the (two) discards the rest needs and may lose.
    guard = AbilityCard(
        "alpha-1",
        "guard",
        1,
        10,
        Action((Ability("shield", 1),), round=True),
        Action((Ability("move", 1),)),
    )
    cls = simple_class(
        "alpha", cards=[guard] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [
                {"card": "alpha-1", "half": "top", "default": False},
                {"card": "alpha-2", "half": "bottom", "default": False},
            ],
            ("short_rest", "alpha"): "rest",
        }
    )
    g = new_game(_arena(classes=[cls, simple_class("beta")]), "b", controller=pol)
    g.step_round()
    alpha = g.state.characters["alpha"]
    rest = [e for e in g.events if e.type == "short_rest" and e["character"] == "alpha"]
    assert len(rest) == 1, "two discards (one a round-bonus card): the short rest is allowed"
    assert rest[0]["lost"] in ("alpha-1", "alpha-2")
    assert alpha.lost == [rest[0]["lost"]] and alpha.discard == [] and not alpha.active
    assert len(alpha.hand) == 7


def _corridor(monsters: list) -> tuple:
    """A corridor (0,0)..(5,0) plus two start hexes off its west end; alpha at (0,0)."""
    from questforge.engine.gloomhaven.game.builders import line

    sc = scenario("p", {"a": [*line(0, 5), (0, 1), (-1, 1)]}, [(0, 0), (-1, 1)], monsters=monsters)
    g = new_game(content([sc], monsters=[simple_monster("grunt", health=20, move=0)]), "p")
    grunts = sorted(
        (f for f in g.state.figures.values() if f.side == "monsters"), key=lambda f: f.hex
    )
    return g, g.state.figures["alpha"], grunts


def test_a_push_passes_through_the_targets_allies_but_never_ends_on_them() -> None:
    # GH-EFF-03, GH-MOVE-02, GH-MOVE-04: forced movement is movement: the target may pass
    # through its own allies (here another monster) but may not end in an occupied hex
    from questforge.engine.gloomhaven.game.attacks import forced_move

    g, alpha, (near, far) = _corridor([("grunt", (1, 0), "normal"), ("grunt", (2, 0), "normal")])
    forced_move(g.rules, alpha, near, 2, away=True, chooser="alpha")
    assert near.hex == (3, 0) and far.hex == (2, 0)
    # push 1: the only hex farther away is taken by its ally - the push cannot end there
    g, alpha, (near, far) = _corridor([("grunt", (1, 0), "normal"), ("grunt", (2, 0), "normal")])
    forced_move(g.rules, alpha, near, 1, away=True, chooser="alpha")
    assert near.hex == (1, 0)


def test_a_pull_passes_through_the_targets_allies_not_through_its_enemies() -> None:
    # GH-EFF-04, GH-MOVE-02: a pulled monster passes its fellow monster...
    from questforge.engine.gloomhaven.game.attacks import forced_move

    g, alpha, (near, far) = _corridor([("grunt", (2, 0), "normal"), ("grunt", (3, 0), "normal")])
    forced_move(g.rules, alpha, far, 2, away=False, chooser="alpha")
    assert far.hex == (1, 0) and near.hex == (2, 0)
    # ...but not a character (an enemy of it): beta stands between
    g, alpha, (grunt,) = _corridor([("grunt", (3, 0), "normal")])
    g.state.figures["beta"].hex = (2, 0)
    forced_move(g.rules, alpha, grunt, 2, away=False, chooser="alpha")
    assert grunt.hex == (3, 0)
