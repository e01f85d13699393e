"""A deterministic Descent test table: the fixture pack with one-faced dice, a game that is
set up but not started, and controllers that answer chosen decision kinds by script.

Dice: ``sure`` always shows range 3 and damage 3; ``bolt`` range 1, damage 1 and a surge;
``miss`` always misses; the power die ``black`` has one face chosen per test (``blank``
by default; see :func:`pack_files`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from djfixture import S, base_pack

from questforge.engine.core.decisions import Decision
from questforge.engine.descent.game.bots import DescentBot
from questforge.engine.descent.game.game import DescentGame, Setup
from questforge.engine.descent.game.setup import setup_game
from questforge.engine.descent.game.state import HeroFigure, MonsterFigure
from questforge.engine.descent.model import load_pack_model

FACES = {"blank": {}, "surge": {"surges": 1}, "enh": {"enhancements": 1}}


def _die(ident: str, role: str, faces: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "$schema": f"{S}die.schema.json",
        "kind": "die",
        "id": ident,
        "name": ident,
        "role": role,
        "faces": faces,
    }


def pack_files(black: str = "blank") -> dict[str, dict[str, Any]]:
    files = base_pack()
    files["dice/red.json"] = _die("sure", "attack", [{"range": 3, "damage": 3}])
    files["dice/black.json"] = _die("black", "power", [FACES[black]])
    files["dice/bolt.json"] = _die("bolt", "attack", [{"range": 1, "damage": 1, "surges": 1}])
    files["dice/miss.json"] = _die("miss", "attack", [{"miss": True}])
    for name in ("items/axe.json", "items/relic.json"):
        files[name]["dice"] = ["sure"]
    files["items/bow.json"] = {
        "$schema": f"{S}item.schema.json",
        "kind": "item",
        "id": "bow",
        "name": "Bow",
        "tier": "shop",
        "type": "weapon",
        "hands": 2,
        "attack": "ranged",
        "dice": ["sure"],
        "price": 100,
    }
    second = dict(files["heroes/hero.json"], id="second", name="Second")
    second["traits"] = {"ranged": 1}
    files["heroes/second.json"] = second
    for mon in ("monsters/imp.json", "monsters/brute.json"):
        for stats in files[mon]["stats"].values():
            for rank in ("normal", "master"):
                stats[rank]["dice"] = ["sure"]
    return files


class Script:
    """Answers decision kinds from ``answers`` (a function or a fixed option value); every
    other decision goes to the bot. Records every decision asked."""

    def __init__(self, game: DescentGame, answers: Mapping[str, Any] | None = None) -> None:
        self.bot = DescentBot(game)
        self.answers = dict(answers or {})
        self.asked: list[Decision] = []

    def choose(self, decision: Decision) -> int:
        self.asked.append(decision)
        answer = self.answers.get(decision.kind)
        if answer is None:
            return self.bot.choose(decision)
        if callable(answer):
            result = answer(decision)
            return result if isinstance(result, int) else list(decision.options).index(result)
        return list(decision.options).index(answer)


def new_game(
    files: dict[str, dict[str, Any]] | None = None,
    heroes: int = 2,
    seed: int = 0,
    answers: Mapping[str, Any] | None = None,
    start: bool = True,
) -> tuple[DescentGame, Script]:
    """A game on the fixture quest ``q``; with ``start`` it is set up (shopping done by the
    bot, the first area revealed, heroes on their squares) but no round has begun."""
    pack = load_pack_model(list((files or pack_files()).values()))
    assert not pack.errors, pack.errors
    game = DescentGame(pack, Setup("q", heroes=heroes), seed=seed)
    script = Script(game, answers)
    game.controller = script
    if start:
        setup_game(game)
    return game, script


def hero(game: DescentGame, index: int = 0) -> HeroFigure:
    return game.heroes[index]


def put(fig: Any, cell: tuple[int, int]) -> None:
    fig.cell = cell
    if isinstance(fig, HeroFigure):
        fig.in_town = False


def add_monster(
    game: DescentGame, ident: str, cell: tuple[int, int], rank: str = "normal"
) -> MonsterFigure:
    area = game.qmap.area_of[cell]
    game.revealed.add(area)
    return game.place_monster(game.pack.monsters[ident], rank, cell, "test")


def clear_monsters(game: DescentGame) -> None:
    for m in game.monsters:
        m.cell = None


def types(game: DescentGame) -> list[str]:
    return [e.type for e in game.log]


def of(game: DescentGame, kind: str) -> list[Mapping[str, Any]]:
    return [e.data for e in game.log if e.type == kind]


def pick(pred: Callable[[Any], bool]) -> Callable[[Decision], int]:
    """An answer: the first option satisfying ``pred``."""

    def answer(d: Decision) -> int:
        for i, o in enumerate(d.options):
            if pred(o):
                return i
        raise AssertionError(f"no option of {d.kind} matches: {d.options}")

    return answer
