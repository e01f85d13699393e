"""Helpers for Witcher engine tests: the sample pack, a game, a controller that answers by
predicate, and quick ways to stack decks and read the log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from questforge.engine.core.decisions import Decision
from questforge.engine.core.decks import Deck
from questforge.engine.witcher.game import Setup, WitcherGame
from questforge.engine.witcher.game.state import HeroState
from questforge.engine.witcher.model import WitcherPack, load_pack_dir

REPO = Path(__file__).resolve().parents[2]
PACK: WitcherPack = load_pack_dir(REPO / "content" / "witcher-sample")


class Picker:
    """Answers by a function per decision kind (``kind -> option -> bool``: the first
    option it accepts), option 0 otherwise; records every decision asked."""

    def __init__(self, **rules: Callable[[Any], bool]) -> None:
        self.rules = {k.replace("_", "-"): v for k, v in rules.items()}
        self.asked: list[Decision] = []

    def choose(self, decision: Decision) -> int:
        self.asked.append(decision)
        rule = self.rules.get(decision.kind)
        if rule is not None:
            for i, option in enumerate(decision.options):
                if rule(option):
                    return i
        return 0


def new_game(
    heroes: tuple[str, ...] = ("corvin", "ysolde"),
    seed: int = 1,
    length: str | None = None,
    pack: WitcherPack = PACK,
    **rules: Callable[[Any], bool],
) -> tuple[WitcherGame, Picker]:
    game = WitcherGame(pack, Setup(heroes=heroes, length=length), seed)
    picker = Picker(**rules)
    game.controller = picker
    return game, picker


def stack(deck: Deck[str], *cards: str) -> None:
    """Put ``cards`` on top of ``deck`` (the first is drawn first)."""
    for card in cards:
        if card in deck.draw_pile:
            deck.draw_pile.remove(card)
        if card in deck.discard:
            deck.discard.remove(card)
    deck.draw_pile.extend(reversed(cards))


def types(game: WitcherGame) -> list[str]:
    return [e.type for e in game.log]


def of(game: WitcherGame, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.log if e.type == kind]


def hero(game: WitcherGame, ident: str) -> HeroState:
    return game.state.hero(ident)
