"""Per-game metrics for the simulate report: ranking, VP, length, quests, fights.

A designer balancing heroes and quests wants: win rate per hero and per seat, the VP
distribution, game length, which quests are taken and finished, and fight outcomes per
monster class. One game gives one :func:`game_metrics` record; :func:`summarise` folds many
into the report's numbers.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from statistics import mean
from typing import Any

from questforge.engine.witcher.game.game import WitcherGame


def game_metrics(game: WitcherGame) -> dict[str, Any]:
    state = game.state
    fights: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # class -> [fought, won]
    taken: Counter[str] = Counter()
    for e in game.log:
        if e.type == "fight-result":
            cls = game.pack.monsters[e["monster"]].monster_class
            fights[cls][0] += 1
            fights[cls][1] += int(e["defeated"])
        elif e.type == "quest":
            taken[e["quest"]] += 1
    return {
        "outcome": state.outcome,
        "rounds": state.round,
        "ranking": list(state.ranking),
        "winner": state.ranking[0] if state.ranking else None,
        "seats": [h.id for h in state.heroes],
        "vp": {h.id: h.vp for h in state.heroes},
        "main_quests": {h.id: len(h.completed) for h in state.heroes},
        "side_quests": {h.id: len(h.side_done) for h in state.heroes},
        "supports": {h.id: h.supports_done for h in state.heroes},
        "quests_taken": dict(taken),
        "quests_finished": dict(Counter(q for h in state.heroes for q in h.completed)),
        "fights": {k: list(v) for k, v in sorted(fights.items())},
    }


def summarise(records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Fold per-game records into the report: win rates per hero and seat, VP, length,
    quests taken and finished, fights per monster class."""
    records = list(records)
    wins: Counter[str] = Counter()
    plays: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    vp: dict[str, list[int]] = defaultdict(list)
    taken: Counter[str] = Counter()
    finished: Counter[str] = Counter()
    fights: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    outcomes: Counter[str] = Counter()
    for r in records:
        outcomes[r["outcome"]] += 1
        for seat, hero in enumerate(r["seats"]):
            plays[hero] += 1
            vp[hero].append(r["vp"][hero])
            if hero == r["winner"]:
                wins[hero] += 1
                seat_wins[seat] += 1
        taken.update(r["quests_taken"])
        finished.update(r["quests_finished"])
        for cls, (fought, won) in r["fights"].items():
            fights[cls][0] += fought
            fights[cls][1] += won
    n = len(records) or 1
    return {
        "games": len(records),
        "outcomes": dict(outcomes),
        "rounds_mean": round(mean(r["rounds"] for r in records), 2) if records else 0,
        "hero_win_rate": {h: round(wins[h] / plays[h], 3) for h in sorted(plays)},
        "seat_win_rate": {str(s): round(seat_wins[s] / n, 3) for s in sorted(seat_wins)},
        "hero_vp_mean": {h: round(mean(v), 1) for h, v in sorted(vp.items())},
        "hero_vp_range": {h: [min(v), max(v)] for h, v in sorted(vp.items())},
        "quests": {
            q: {"taken": taken[q], "finished": finished[q]}
            for q in sorted(set(taken) | set(finished))
        },
        "fights": {
            cls: {"fought": f, "won": w, "win_rate": round(w / f, 3) if f else None}
            for cls, (f, w) in sorted(fights.items())
        },
    }
