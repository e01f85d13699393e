"""Move items ("during your move: +2 move") are part of the move: offered only when they
change what the move can reach, and a bot spends one only when its chosen hex needs it
(the audit found bots spending boots and then not moving)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from questforge.engine.core.decisions import Decision
from questforge.engine.gloomhaven.bots import BotController
from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    line,
    new_game,
    plan,
    scenario,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.from_model import content_from_pack
from questforge.engine.gloomhaven.game.spec import Ability, ItemSpec

BOOTS = ItemSpec("boots", "Boots", "spent", (Ability("move", 2),), timing="move", slot="legs")


def _corridor(grunt_at: int) -> Any:
    """A straight corridor: alpha at 0 (move 3 on its first card's bottom), beta behind
    it, one grunt that neither moves nor attacks at ``grunt_at``."""
    sc = scenario(
        "c", {"a": line(-2, 12)}, [(0, 0), (-2, 0)], monsters=[("grunt", (grunt_at, 0), "normal")]
    )
    return replace(
        content(
            [sc],
            monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
            decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
        ),
        items={"boots": BOOTS},
    )


def _move_game(grunt_at: int, rules: dict[object, object]) -> tuple[Any, Policy]:
    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [{"card": "alpha-1", "half": "bottom", "default": False}],
            **rules,
        }
    )
    g = new_game(_corridor(grunt_at), "c", controller=pol, items={"alpha": ("boots",)})
    g.step_round()
    return g, pol


def _move_item_asks(pol: Policy) -> list[Decision]:
    return [d for d in pol.asked if d.kind == "use_item" and d.context.get("when") == "move"]


def test_a_move_item_that_reaches_no_new_hex_is_not_offered() -> None:
    # GH-ITEM-06, GH-TURN-07, GH-MOVE-02: the grunt at 2 blocks the corridor (no moving
    # through an enemy), so move 3 and move 5 reach the same hexes (0 and 1): the boots
    # would be spent for nothing and are not offered (they were, and the bot spent them)
    g, pol = _move_game(2, {})
    assert not _move_item_asks(pol)
    assert g.state.characters["alpha"].items["boots"] == "ready"


def test_a_person_may_use_a_move_item_that_reaches_further_and_it_moves_further() -> None:
    # GH-ITEM-06, GH-TURN-07, GH-MOVE-01: move 3 plus the boots' 2: the farthest hex the
    # move offers is 5 and the character gets there; the boots are spent (turned sideways)
    g, pol = _move_game(9, {"use_item": "boots", ("move", "alpha"): lambda d: len(d.options) - 1})
    (ask,) = _move_item_asks(pol)
    assert ask.options == ("none", "boots")
    assert (ask.context["from"], ask.context["points"], ask.context["jump"]) == ([0, 0], 3, False)
    move = next(d for d in pol.asked if d.kind == "move" and d.actor == "alpha")
    assert move.context["points"] == 5
    assert g.state.figures["alpha"].hex == (5, 0)
    assert g.state.characters["alpha"].items["boots"] == "spent"


def test_a_person_may_decline_a_move_item_and_keeps_it_ready() -> None:
    # GH-TURN-07 (items are optional), GH-ITEM-06: declined, the move has its own 3 points
    g, pol = _move_game(9, {("move", "alpha"): lambda d: len(d.options) - 1})
    assert len(_move_item_asks(pol)) == 1
    assert g.state.figures["alpha"].hex == (3, 0)
    assert g.state.characters["alpha"].items["boots"] == "ready"


def _bot_choice(grunt_at: int) -> int:
    bot = BotController("bots:0")
    g = new_game(_corridor(grunt_at), "c", controller=bot, items={"alpha": ("boots",)}, start=False)
    bot.attach(g)
    g.start()
    ask = Decision(
        "use_item",
        "alpha",
        ("none", "boots"),
        {"when": "move", "from": [0, 0], "points": 3, "jump": False},
    )
    return bot.choose(ask)


def test_a_bot_does_not_spend_a_move_item_its_move_does_not_need() -> None:
    # GH-ITEM-06, GH-TURN-07: the grunt at 4: the bot's hex next to it (3) is in reach of
    # move 3, so the boots (spent until a long rest) stay ready
    assert _bot_choice(4) == 0


def test_a_bot_spends_a_move_item_when_its_chosen_hex_needs_it() -> None:
    # GH-ITEM-06, GH-TURN-07, GH-MOVE-01: the grunt at 9: move 5 gets the bot 2 hexes
    # nearer than move 3 could
    assert _bot_choice(9) == 1


def test_the_sample_chalk_worded_add_one_to_the_move_is_a_move_item(sample_pack: Path) -> None:
    # GH-TURN-07, GH-ITEM-06: "On your move: add +1 to the move." (free text) is read as
    # +1 move, so it reaches one hex further like the boots' +2 (it was inert: offered,
    # spent, and the move was no longer)
    items = content_from_pack(str(sample_pack)).items
    chalk = items["surveyors-chalk"]
    assert chalk.timing == "move"
    assert chalk.abilities == (Ability("move", 1),)
    assert items["hobnail-boots"].abilities == (Ability("move", 2),)
