"""Per-game numbers for balance reports: the outcome, rounds, conquest over time, where
heroes died, and which Overlord cards were played in games the Overlord won."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from questforge.engine.core.events import Event


def game_metrics(events: Iterable[Event]) -> dict[str, Any]:
    """Metrics of one finished game from its events (JSON data)."""
    outcome = "unfinished"
    rounds = 0
    conquest: list[int] = []
    deaths: list[list[int]] = []
    cards: Counter[str] = Counter()
    kills = 0
    damage_to_heroes = 0
    heroes: set[str] = set()
    for e in events:
        t = e.type
        if t == "hero-joined":
            heroes.add(e["hero"])
        if t == "round-started":
            rounds = e["round"]
            conquest.append(e["conquest"])
        elif t == "hero-killed" and e["cell"] is not None:
            deaths.append(list(e["cell"]))
        elif t == "overlord-played":
            cards[e["card"]] += 1
        elif t == "monster-killed":
            kills += 1
        elif t == "damage-taken" and e["figure"] in heroes:
            damage_to_heroes += e["amount"]
        elif t == "game-ended":
            outcome = e["outcome"]
            conquest.append(e["conquest"])
    return {
        "outcome": outcome,
        "rounds": rounds,
        "conquest": conquest,
        "hero_deaths": deaths,
        "overlord_cards": dict(sorted(cards.items())),
        "monsters_killed": kills,
        "damage_to_heroes": damage_to_heroes,
    }


def summarise(games: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Aggregate :func:`game_metrics` results: the heroes' win rate, mean rounds, mean
    conquest per round, death squares, and the cards played in the Overlord's wins."""
    games = list(games)
    n = len(games) or 1
    wins = sum(g["outcome"] == "won" for g in games)
    losses = sum(g["outcome"] == "lost" for g in games)
    longest = max((len(g["conquest"]) for g in games), default=0)
    curve = []
    for i in range(longest):
        values = [g["conquest"][min(i, len(g["conquest"]) - 1)] for g in games if g["conquest"]]
        curve.append(round(sum(values) / len(values), 2) if values else 0)
    deaths: Counter[tuple[int, int]] = Counter()
    deciding: Counter[str] = Counter()
    for g in games:
        for c in g["hero_deaths"]:
            deaths[(c[0], c[1])] += 1
        if g["outcome"] == "lost":
            deciding.update(g["overlord_cards"])
    return {
        "games": len(games),
        "hero_win_rate": round(wins / n, 4),
        "overlord_win_rate": round(losses / n, 4),
        "mean_rounds": round(sum(g["rounds"] for g in games) / n, 2),
        "conquest_by_round": curve,
        "death_squares": [[c[0], c[1], k] for c, k in deaths.most_common(10)],
        "cards_in_overlord_wins": dict(deciding.most_common(10)),
    }
