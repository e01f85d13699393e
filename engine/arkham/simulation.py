"""Batch simulation of Arkham games and the designer's report (JSON and HTML).

``simulate(model, players=[1..8], ancient_ones=[...], games=N, seed=S)`` plays N seeded bot
games for every (player count, Ancient One) and answers the designer's questions: the win
rate per player count and per Ancient One, how games are won (sealed, closed every gate,
banished in the final battle) and lost (devoured), rounds, doom over time and which
locations opened gates most. Game ``i`` of a cell uses seed ``f"{S}:{players}:{ao}:{i}"``,
so a report is the same for the same arguments wherever it runs (it runs in one process;
the shared batch runner of the ruleset contract can parallelise the same cells).

The HTML page is built from the JSON alone (no recomputation), self-contained (inline SVG,
no scripts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from questforge.engine.arkham.game import ArkhamBot, ArkhamGame, Setup, metrics
from questforge.engine.arkham.model import ArkhamModel

Progress = Callable[[int, int], None]


def simulate(
    model: ArkhamModel,
    players: Sequence[int] = (1, 2, 3, 4),
    ancient_ones: Sequence[str] | None = None,
    games: int = 50,
    seed: int | str = 0,
    progress: Progress | None = None,
) -> dict[str, Any]:
    aos = list(ancient_ones or sorted(model.ancient_ones))
    cells: list[dict[str, Any]] = []
    total = len(players) * len(aos) * games
    done = 0
    for p in players:
        for ao in aos:
            results = []
            for i in range(games):
                game = ArkhamGame(model, Setup(players=p, ancient_one=ao), f"{seed}:{p}:{ao}:{i}")
                game.run(ArkhamBot(i).attach(game))
                results.append(metrics(game))
                done += 1
                if progress is not None:
                    progress(done, total)
            cells.append(_cell(p, ao, results))
    return {
        "ruleset": "arkham",
        "games_per_cell": games,
        "seed": seed,
        "players": list(players),
        "ancient_ones": aos,
        "cells": cells,
        "by_players": _group(cells, "players"),
        "by_ancient_one": _group(cells, "ancient_one"),
    }


def _cell(players: int, ao: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results) or 1
    how = Counter(r["how"] for r in results)
    gates: Counter[str] = Counter()
    for r in results:
        gates.update(r["gates_opened"])
    longest = max((len(r["doom_history"]) for r in results), default=0)
    doom = []
    for k in range(longest):
        values = [r["doom_history"][k] for r in results if len(r["doom_history"]) > k]
        doom.append(round(sum(values) / len(values), 2))
    return {
        "players": players,
        "ancient_one": ao,
        "games": len(results),
        "won": sum(r["outcome"] == "won" for r in results),
        "win_rate": round(sum(r["outcome"] == "won" for r in results) / n, 4),
        "how": dict(sorted(how.items())),
        "rounds_mean": round(sum(r["rounds"] for r in results) / n, 2),
        "awakened": sum(bool(r["awakened"]) for r in results),
        "doom_by_round": doom,
        "gates_opened": dict(gates.most_common()),
        "monsters_defeated_mean": round(sum(r["monsters_defeated"] for r in results) / n, 2),
    }


def _group(cells: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    out: dict[Any, dict[str, Any]] = {}
    for c in cells:
        g = out.setdefault(c[key], {key: c[key], "games": 0, "won": 0, "how": Counter()})
        g["games"] += c["games"]
        g["won"] += c["won"]
        g["how"].update(c["how"])
    return [
        {
            **g,
            "how": dict(sorted(g["how"].items())),
            "win_rate": round(g["won"] / (g["games"] or 1), 4),
        }
        for g in out.values()
    ]


# ---------------------------------------------------------------------- HTML
def _bars(rows: list[tuple[str, float]], unit: str = "%") -> str:
    width, bar_h = 520, 22
    height = bar_h * len(rows) + 10
    parts = [f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}">']
    top = max((v for _, v in rows), default=1) or 1
    for i, (label, value) in enumerate(rows):
        y = 5 + i * bar_h
        w = (width - 200) * value / top
        shown = f"{100 * value:.1f}%" if unit == "%" else f"{value:g}"
        parts.append(
            f'<text x="0" y="{y + 15}">{escape(label)}</text>'
            f'<rect x="150" y="{y + 3}" width="{w:.1f}" height="{bar_h - 6}" fill="#3a5fb0"/>'
            f'<text x="{155 + w:.1f}" y="{y + 15}">{shown}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _line(series: dict[str, list[float]]) -> str:
    width, height = 520, 200
    longest = max((len(v) for v in series.values()), default=1) or 1
    top = max((max(v) for v in series.values() if v), default=1) or 1
    colours = [
        "#3a5fb0",
        "#c0392b",
        "#27864a",
        "#b7791f",
        "#7b4fa0",
        "#555555",
        "#e07b00",
        "#0a8f8f",
    ]
    parts = [f'<svg viewBox="0 0 {width} {height + 20}" width="{width}" height="{height + 20}">']
    for i, (label, values) in enumerate(series.items()):
        pts = " ".join(
            f"{40 + (width - 60) * k / max(longest - 1, 1):.1f},{height - (height - 20) * v / top:.1f}"
            for k, v in enumerate(values)
        )
        colour = colours[i % len(colours)]
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{pts}"/>')
        parts.append(
            f'<text x="{width - 150}" y="{16 + 14 * i}" fill="{colour}">{escape(label)}</text>'
        )
    parts.append(f'<text x="0" y="{height + 15}">round 1..{longest}; doom 0..{top:g}</text></svg>')
    return "".join(parts)


def render_html(report: dict[str, Any], names: dict[str, str] | None = None) -> str:
    names = names or {}
    name = lambda i: names.get(str(i), str(i))  # noqa: E731
    out = [
        "<!doctype html><html><head><meta charset='utf-8'><title>Arkham simulation</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;color:#222}"
        "table{border-collapse:collapse}td,th{padding:.2rem .6rem;border-bottom:1px solid #eee}"
        "svg text{font-size:12px;fill:#333}</style></head><body>",
        f"<h1>Arkham simulation</h1><p>{report['games_per_cell']} games per cell, seed "
        f"{escape(str(report['seed']))}.</p>",
        "<h2>Win rate by player count</h2>",
        _bars([(f"{g['players']} players", g["win_rate"]) for g in report["by_players"]]),
        "<h2>Win rate by Ancient One</h2>",
        _bars([(name(g["ancient_one"]), g["win_rate"]) for g in report["by_ancient_one"]]),
        "<h2>How games end</h2><table><tr><th>players</th><th>Ancient One</th><th>games</th>"
        "<th>won</th><th>how</th><th>rounds</th></tr>",
    ]
    for c in report["cells"]:
        how = ", ".join(f"{k} {v}" for k, v in c["how"].items())
        out.append(
            f"<tr><td>{c['players']}</td><td>{escape(name(c['ancient_one']))}</td><td>{c['games']}</td>"
            f"<td>{100 * c['win_rate']:.1f}%</td><td>{escape(how)}</td><td>{c['rounds_mean']}</td></tr>"
        )
    out.append("</table><h2>Doom over time (mean of games still running)</h2>")
    out.append(
        _line(
            {
                f"{c['players']}p {name(c['ancient_one'])}": c["doom_by_round"]
                for c in report["cells"]
            }
        )
    )
    gates: Counter[str] = Counter()
    for c in report["cells"]:
        gates.update(c["gates_opened"])
    out.append("<h2>Where gates opened most</h2>")
    out.append(_bars([(name(k), float(v)) for k, v in gates.most_common(10)], unit="n"))
    out.append("</body></html>")
    return "".join(out)
