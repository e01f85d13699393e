"""Test helpers for the Arkham engine: a game on the sample pack in a known state.

``blank_game()`` sets a game up and then clears the board (no gates, monsters, clues,
doom or terror; investigators at home with full sanity and stamina, no cards, no money),
so a test places exactly what a rule needs. ``dice(game, ...)`` fixes the next die rolls
and ``Script`` answers decisions by kind.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from ahfixture import SAMPLE

from questforge.engine.arkham.game import phases, town
from questforge.engine.arkham.game.engine import ArkhamGame, Setup
from questforge.engine.arkham.game.state import InvState, MonsterToken
from questforge.engine.arkham.model import ArkhamModel, load_pack_dir
from questforge.engine.core.decisions import Controller, Decision, FirstOptionController
from questforge.engine.core.events import to_jsonable


@cache
def model() -> ArkhamModel:
    return load_pack_dir(SAMPLE)


class Script:
    """Answers decisions of a kind from a queue of wanted options, the rest by ``fallback``."""

    def __init__(self, fallback: Controller | None = None, **answers: Iterable[Any]) -> None:
        self.answers = {k.replace("_", "-"): list(v) for k, v in answers.items()}
        self.fallback = fallback or FirstOptionController()
        self.asked: list[Decision] = []

    def choose(self, d: Decision) -> int:
        self.asked.append(d)
        queue = self.answers.get(d.kind)
        if queue:
            want = to_jsonable(queue.pop(0))
            assert want in d.options, (d.kind, want, d.options)
            return d.options.index(want)
        return self.fallback.choose(d)


def blank_game(
    players: int = 2,
    investigators: str = "ada-merrow,tobias-wren",
    ancient: str = "the-drowned-choir",
    seed: int = 0,
) -> ArkhamGame:
    g = ArkhamGame(model(), Setup(players, ancient, investigators), seed)
    phases.setup(g)
    st = g.state
    for token in list(st.monsters):
        town.return_monster(g, token)
    st.gates.clear()
    st.clues.clear()
    st.sealed.clear()
    st.doom = st.terror = 0
    st.rumor = st.environment = None
    st.round = 1
    for inv in st.investigators:
        data = g.model.investigators[inv.id]
        inv.area, inv.stage = data.home, 0
        inv.sanity, inv.stamina = inv.max_sanity, inv.max_stamina
        inv.money = inv.clues = 0
        inv.cards.clear()
        inv.exhausted.clear()
        inv.delayed = inv.explored = inv.blessed = inv.cursed = inv.out_this_round = False
    g.log.events.clear()
    return g


def dice(game: ArkhamGame, *rolls: int) -> list[int]:
    """The next die rolls of ``game`` are ``rolls`` (then 1s: every die fails)."""
    queue = list(rolls)

    def roll(n: int) -> list[int]:
        return [queue.pop(0) if queue else 1 for _ in range(max(0, n))]

    game.roll = roll  # type: ignore[method-assign]
    return queue


def place(game: ArkhamGame, monster: str, area: str) -> MonsterToken:
    token = MonsterToken(game.state.next_uid, monster, area)
    game.state.next_uid += 1
    game.state.monsters.append(token)
    if monster in game.state.cup:
        game.state.cup.remove(monster)
    return token


def inv(game: ArkhamGame, index: int = 0) -> InvState:
    return game.state.investigators[index]


def types(game: ArkhamGame) -> list[str]:
    return [e.type for e in game.log]
