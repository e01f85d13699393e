"""Arkham: bot games per second and validation time of the sample pack.

    .venv/bin/python benchmarks/arkham.py [--games 200] [--players 1,2,4,8] [--rounds 5]

Plays ``--games`` seeded bot games per player count in-process (one core) and prints games
per second (wall clock and CPU time), average rounds and the win rate; then validates
``content/arkham-sample`` ``--rounds`` times (schema + semantic checks, in-process) and
prints the best and mean time. Figures on a shared machine are noisy: CPU time suffers less.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from questforge.engine.arkham.game import ArkhamBot, ArkhamGame, Setup
from questforge.engine.arkham.model import load_pack_dir
from questforge.validator.runner import validate_paths

SAMPLE = Path(__file__).resolve().parents[1] / "content" / "arkham-sample"


def games(players: int, count: int) -> None:
    model = load_pack_dir(SAMPLE)
    wall, cpu = time.perf_counter(), time.process_time()
    wins = rounds = 0
    for seed in range(count):
        game = ArkhamGame(model, Setup(players=players), seed)
        state = game.run(ArkhamBot(seed).attach(game))
        wins += state.outcome == "won"
        rounds += state.round
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"{players} players: {count / wall:7.1f} games/s wall, {count / cpu:7.1f} games/s CPU, "
        f"{rounds / count:5.1f} rounds, {100 * wins / count:5.1f}% won"
    )


def validation(rounds: int) -> None:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        report = validate_paths([SAMPLE])
        times.append(time.perf_counter() - start)
    files = len(report.files)
    print(
        f"validate {files} files: best {1000 * min(times):.0f} ms, "
        f"mean {1000 * sum(times) / len(times):.0f} ms, findings {len(report.findings)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="1,2,4,8")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        games(players, args.games)
    validation(args.rounds)


if __name__ == "__main__":
    main()
