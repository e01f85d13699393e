"""Witcher ruleset: bot games per second and validation time of the sample pack.

Usage (from the repository root)::

    .venv/bin/python benchmarks/witcher.py [--games 200] [--players 2,3,4] [--rounds 5]

Plays ``--games`` seeded bot games per player count in-process (the same engine and bots
as ``simulate``), and reports games per second and mean decisions/events per game, in wall
clock and CPU time (CPU time suffers much less from other jobs on a shared machine). Then
validates ``content/witcher-sample`` ``--rounds`` times (schema and semantic checks) and
reports the best and mean time.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from statistics import mean

from questforge.engine.core.decisions import RecordingController
from questforge.engine.witcher.game import Setup, WitcherBot, WitcherGame
from questforge.engine.witcher.model import load_pack_dir
from questforge.validator.runner import validate_paths

PACK_DIR = Path(__file__).resolve().parents[1] / "content" / "witcher-sample"


def bench_games(games: int, players: int) -> None:
    pack = load_pack_dir(PACK_DIR)
    decisions = events = unfinished = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        game = WitcherGame(pack, Setup(players=players), seed)
        rec = RecordingController(WitcherBot(game))
        state = game.run(rec)
        decisions += len(rec.record)
        events += len(game.log)
        unfinished += state.outcome != "finished"
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"{players} players: {games} games in {wall:.2f} s wall / {cpu:.2f} s CPU = "
        f"{games / wall:.1f} games/s wall, {games / cpu:.1f} games/s CPU; "
        f"{decisions / games:.0f} decisions and {events / games:.0f} events per game; "
        f"{unfinished} unfinished"
    )


def bench_validate(rounds: int) -> None:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        report = validate_paths([PACK_DIR])
        times.append(time.perf_counter() - start)
    files = len({f for f in (PACK_DIR.rglob("*.json"))})
    print(
        f"validate {files} files: best {min(times) * 1000:.0f} ms, mean "
        f"{mean(times) * 1000:.0f} ms; {len(report.findings)} findings"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        bench_games(args.games, players)
    bench_validate(args.rounds)


if __name__ == "__main__":
    main()
