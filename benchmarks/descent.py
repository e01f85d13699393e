"""Descent: bot games per second and validation time, next to Gloomhaven's.

Runs N full bot playthroughs of each Descent sample quest at 2, 3 and 4 heroes (in process,
bots on both sides) and validates the Descent sample pack and the Gloomhaven sample pack
several times each. Prints wall-clock and CPU time; CPU time is the figure to compare on a
shared machine.

    .venv/bin/python benchmarks/descent.py [--games 30] [--validations 5]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from questforge.engine.descent.game.bots import DescentBot
from questforge.engine.descent.game.game import DescentGame, Setup
from questforge.engine.descent.model import load_pack_dir
from questforge.validator.runner import validate_paths

REPO = Path(__file__).resolve().parents[1]


def games(n: int) -> None:
    pack = load_pack_dir(REPO / "content" / "descent-sample")
    for quest in sorted(pack.quests):
        for heroes in (2, 3, 4):
            wall, cpu = time.perf_counter(), time.process_time()
            rounds = 0
            for seed in range(n):
                game = DescentGame(pack, Setup(quest, heroes=heroes), seed=seed)
                game.run(DescentBot(game))
                rounds += game.round
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(
                f"{quest:22} {heroes} heroes: {n / wall:6.1f} games/s wall, {n / cpu:6.1f} games/s "
                f"CPU ({rounds / n:.1f} rounds on average)"
            )


def validation(n: int) -> None:
    for name in ("descent-sample", "gloomhaven-sample"):
        path = REPO / "content" / name
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(n):
            report = validate_paths([path])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"validate {name:18} ({len(report.files)} files): {1000 * wall / n:7.1f} ms wall, "
            f"{1000 * cpu / n:7.1f} ms CPU per run, {len(report.findings)} findings"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--validations", type=int, default=5)
    args = parser.parse_args()
    games(args.games)
    validation(args.validations)


if __name__ == "__main__":
    main()
