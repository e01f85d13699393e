"""Monster-AI solver speed: the whole ``questforge ai solve`` command, and decisions in-process.

Run from the repository root::

    .venv/bin/python benchmarks/ai_solve.py [--rounds 20] [--repeats 15] [--dir PATH] [--profile]

**Whole command** (the headline figure): ``questforge ai solve --format json DIR`` on every
dev situation in one call, as a subprocess (start-up, imports, reading and validating the
files, solving, printing), ``--repeats`` times; best and median wall clock and CPU time
(user + system of the child), and the ratio against the peer: the reference Python solver
(Gloomhaven Monster Mover's Python 3 port) solving the same 51 situations *in-process* in
0.22-0.32 s. That peer figure is quoted from the issue (measured there, not here: the
reference solver is not installed), so it is printed as a quoted reference.

By default the child may cache compiled modules (in a temporary folder; a user's install
does), ``--no-bytecode-cache`` times it compiling questforge's modules on every run, as in
an environment with ``PYTHONDONTWRITEBYTECODE`` set. The slowest dev situations solved
in-process are listed too, and a generated large case: a ranged 7-hex area attack on an
open 60 x 60 board with 20 characters (the shape the issue reports as slow).

**In-process** (as before):

Every situation is parsed once (parsing is not timed); each round then solves every
situation from scratch. Nothing is cached between situations or rounds: each ``solve``
builds its own board, line-of-sight oracle and path searches. The script prints the mean
milliseconds per decision (best round and mean over rounds, wall clock and process CPU
time, since other jobs on a shared machine inflate wall-clock means) and checks every
answer against
the file's ``expected`` options. The goal (issue 3) is under 2 ms per decision on average;
Gloomhaven Monster Mover, a Python solver of the same problem, is the peer it is compared
with. A last line shows "engine mode": the same solves with a ``GeometryCache``, the way a
game reuses one map's geometry (not the headline number). ``--profile`` prints the top cProfile entries of one round instead.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from questforge.engine.gloomhaven.ai import GeometryCache, Situation, load_situation, solve

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DIR = (
    Path(os.environ.get("QUESTFORGE_SHARED", REPO.parent / "shared")) / "data/monster-ai/dev"
)


def load_all(folder: Path) -> list[Situation]:
    return [
        load_situation(json.loads(p.read_text(encoding="utf-8")))
        for p in sorted(folder.glob("*.json"))
    ]


def one_round(
    situations: list[Situation], geometry: GeometryCache | None = None
) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) to solve every situation once."""
    start = time.perf_counter()
    cpu = time.process_time()
    for s in situations:
        solve(s, geometry=geometry)
    return time.perf_counter() - start, time.process_time() - cpu


#: the peer, quoted from the issue: the reference solver's in-process time for the 51 dev
#: situations, seconds (low, high)
PEER_SECONDS = (0.22, 0.32)


def questforge_command() -> list[str]:
    """The installed console script (what a user runs), else ``python -m questforge``."""
    script = Path(sys.executable).with_name("questforge")
    if script.exists():
        return [str(script)]
    found = shutil.which("questforge")
    return [found] if found else [sys.executable, "-m", "questforge"]


def command_env(bytecode_cache: bool) -> dict[str, str]:
    """The child's environment. With ``bytecode_cache`` (the default, what a user has) the
    compiled modules are cached, in a folder of their own so the work tree stays clean;
    without it every run compiles questforge's modules again (``PYTHONDONTWRITEBYTECODE``,
    which some CI and sandbox environments set)."""
    env = dict(os.environ)
    if bytecode_cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "qf-bench-pycache"))
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    return env


def time_command(
    cmd: list[str], repeats: int, env: dict[str, str] | None = None
) -> tuple[list[float], list[float], bytes]:
    """Wall and CPU seconds (user + system of the child) of ``repeats`` runs after one
    warm-up run, and the output of the last one."""
    return time_interleaved({"": cmd}, repeats, env)[""]


def time_interleaved(
    cmds: dict[str, list[str]], repeats: int, env: dict[str, str] | None = None
) -> dict[str, tuple[list[float], list[float], bytes]]:
    """:func:`time_command` for several commands at once, their runs interleaved (one of
    each in turn, ``repeats`` rounds after one warm-up round): on a machine whose speed
    drifts, or right after building and installing a wheel (the disk writes it leaves
    behind), runs timed one block after another differ by when they ran, not by what
    they run."""
    got: dict[str, tuple[list[float], list[float], bytes]] = {k: ([], [], b"") for k in cmds}
    for cmd in cmds.values():
        subprocess.run(cmd, capture_output=True, check=False, env=env)  # warm-up (caches)
    for _ in range(repeats):
        for key, cmd in cmds.items():
            walls, cpus, _ = got[key]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(cmd, capture_output=True, check=False, env=env)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode != 0:
                raise SystemExit(
                    f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()}"
                )
            got[key] = (walls, cpus, done.stdout)
    return got


def wheel_install(workdir: Path) -> Path | None:
    """questforge installed from a wheel of this checkout into a fresh virtual environment
    in ``workdir`` (what ``pip install questforge`` gives a user: no editable-install
    finder, whose ``pathlib`` and ``re`` imports every start of the development
    environment pays); its ``bin`` folder, or ``None`` (with a line saying why). Offline:
    the wheel is built with this environment's setuptools, and ``ai solve`` needs no
    third-party package, so none is installed."""
    wheels = workdir / "wheel"
    venv = workdir / "venv"
    steps = [
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(wheels),
            str(REPO),
        ],
        [sys.executable, "-m", "venv", "--without-pip", str(venv)],
    ]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            print(f"wheel install skipped: {' '.join(step[:4])} failed: {done.stderr[-300:]}")
            return None
    wheel = next(wheels.glob("questforge-*.whl"), None)
    install = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    done = subprocess.run(
        [*install, "install", "-q", "--no-deps", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    if wheel is None or done.returncode != 0:
        print(f"wheel install skipped: pip install failed: {done.stderr[-300:]}")
        return None
    return venv / "bin"


def whole_command(
    folder: Path,
    repeats: int,
    situations: list[Situation],
    bytecode_cache: bool = True,
    bin_dirs: Sequence[Path | None] = (None,),
) -> None:
    """Time the whole command on the folder and compare with the quoted peer figures, for
    each installation in ``bin_dirs`` (``None``: this environment's script; else the
    ``bin`` folder of another installation, e.g. the wheel's), all runs interleaved with
    each other and with each installation's bare ``python -c pass``."""
    cmds: dict[str, list[str]] = {}
    for i, bin_dir in enumerate(bin_dirs):
        prefix = [str(bin_dir / "questforge")] if bin_dir is not None else questforge_command()
        cmds[f"cmd{i}"] = [*prefix, "ai", "solve", "--format", "json", str(folder)]
        python = str(bin_dir / "python") if bin_dir is not None else sys.executable
        cmds[f"bare{i}"] = [python, "-c", "pass"]
    load = os.getloadavg()[0]
    timed = time_interleaved(cmds, repeats, command_env(bytecode_cache))
    for i, bin_dir in enumerate(bin_dirs):
        cmd = cmds[f"cmd{i}"]
        walls, cpus, out = timed[f"cmd{i}"]
        bare_walls, bare_cpus, _ = timed[f"bare{i}"]
        report(cmd, walls, cpus, out, bare_walls, bare_cpus, situations, bytecode_cache, bin_dir)
        print(f"  load average before: {load:.1f} (2 cores: wall clock suffers)")
    if len(bin_dirs) > 1:
        print(f"  (the {len(bin_dirs)} installations' runs were interleaved, one of each in turn)")


def report(
    cmd: list[str],
    walls: list[float],
    cpus: list[float],
    out: bytes,
    bare_walls: list[float],
    bare_cpus: list[float],
    situations: list[Situation],
    bytecode_cache: bool,
    bin_dir: Path | None,
) -> None:
    """Print one installation's figures against the quoted peer."""
    repeats = len(walls)
    lines = out.decode().splitlines()
    # identical answers: the command's option sets equal the in-process solver's
    same = len(lines) == len(situations) and all(
        {
            (tuple(o["destination"]), tuple(map(tuple, o["attacks"])))
            for o in json.loads(line)["options"]
        }
        == {(o.destination, o.attacks) for o in solve(s).options}
        for line, s in zip(lines, situations, strict=False)
    )
    n = len(situations)
    best_w, med_w = min(walls), statistics.median(walls)
    best_c, med_c = min(cpus), statistics.median(cpus)
    cache = "bytecode cached" if bytecode_cache else "no bytecode cache"
    where = "installed from a wheel" if bin_dir is not None else "this environment's script"
    print(
        f"whole command ({where}): {' '.join(cmd[-4:])} ({n} situations, {repeats} runs, {cache})"
    )
    print(f"  wall clock: best {best_w * 1000:.1f} ms, median {med_w * 1000:.1f} ms")
    print(f"  CPU (user+sys): best {best_c * 1000:.1f} ms, median {med_c * 1000:.1f} ms")
    print(
        f"  of which a bare `python -c pass` (interpreter and site start-up): CPU best "
        f"{min(bare_cpus) * 1000:.1f} ms, wall best {min(bare_walls) * 1000:.1f} ms "
        f"(median {statistics.median(bare_walls) * 1000:.1f} ms)"
    )
    print(f"  answers identical to the in-process solver: {'yes' if same else 'NO'}")
    lo, hi = PEER_SECONDS
    print(
        f"  peer (QUOTED reference figure, not measured here): the reference Python solver "
        f"in-process on the same {n}: {lo:.2f}-{hi:.2f} s"
    )
    for label, t in (("best wall", best_w), ("median wall", med_w), ("best CPU", best_c)):
        print(f"  ratio peer / this ({label}): {lo / t:.1f}x-{hi / t:.1f}x")
    verdict = "met" if lo / med_w >= 5 else "NOT met"
    print(f"  goal >= 5x faster than the peer (median wall vs the peer's low figure): {verdict}")


def per_case(situations: list[Situation], names: list[str], top: int = 5) -> None:
    """The slowest situations, solved from scratch (best of 5 each)."""
    rows = []
    for name, s in zip(names, situations, strict=True):
        best = float("inf")
        for _ in range(5):
            start = time.process_time()
            solve(s)
            best = min(best, time.process_time() - start)
        rows.append((best, name))
    rows.sort(reverse=True)
    print("slowest situations in-process (CPU, best of 5, from scratch):")
    for t, name in rows[:top]:
        print(f"  {name}: {t * 1000:.2f} ms")


def large_open_board(size: int = 60, characters: int = 20, seed: int = 2026) -> Situation:
    """A ranged 7-hex area attack (range 4, 2 targets) on an open ``size`` x ``size`` board,
    the characters in a 10 x 10 block 25 hexes from the monster (so it cannot attack them
    this turn and must find the best hexes to approach)."""
    rng = random.Random(seed)
    c = size // 2
    block = [[c + dq, c + dr] for dq in range(-5, 5) for dr in range(-5, 5)]
    ring = [[0, 0], [1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]
    return load_situation(
        {
            "kind": "situation",
            "id": f"open-{size}x{size}-{characters}",
            "map": {"hexes": [[q, r] for q in range(size) for r in range(size)]},
            "figures": [
                {"hex": h, "side": "character", "initiative": rng.randint(1, 99)}
                for h in rng.sample(block, characters)
            ],
            "active": {
                "hex": [max(0, c - 25), c],
                "move": 3,
                "range": 4,
                "targets": 2,
                "aoe": {"melee": False, "hexes": ring},
            },
        }
    )


def large_case() -> None:
    for size, chars in ((20, 12), (60, 20)):
        s = large_open_board(size, chars)
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            solve(s)
            best = min(best, time.process_time() - start)
        print(
            f"large open board {size}x{size}, {chars} characters, ranged 7-hex area: "
            f"{best * 1000:.1f} ms CPU (best of 3, from scratch)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=15, help="runs of the whole command")
    parser.add_argument(
        "--no-bytecode-cache",
        action="store_true",
        help="time the command compiling its modules on every run (PYTHONDONTWRITEBYTECODE)",
    )
    parser.add_argument(
        "--wheel",
        action="store_true",
        help="also time the command installed from a wheel into a fresh environment (a "
        "user's install) besides this (editable) environment's console script",
    )
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if not args.dir.is_dir():
        print(f"no situations at {args.dir}", file=sys.stderr)
        return 2
    situations = load_all(args.dir)
    if not situations:
        print(f"no *.json situations in {args.dir}", file=sys.stderr)
        return 2

    names = [p.name for p in sorted(args.dir.glob("*.json"))]
    if not args.profile:
        cached = not args.no_bytecode_cache
        if args.wheel:
            # the wheel is built and installed first, then both installations are timed
            # with their runs interleaved (see ``time_interleaved``)
            with tempfile.TemporaryDirectory(prefix="qf-wheel-") as tmp:
                bin_dir = wheel_install(Path(tmp))
                installs = [None] if bin_dir is None else [None, bin_dir]
                if bin_dir is not None and hasattr(os, "sync"):
                    os.sync()  # the install's files on disk before anything is timed
                whole_command(args.dir, args.repeats, situations, cached, installs)
        else:
            whole_command(args.dir, args.repeats, situations, cached)
        per_case(situations, names)
        large_case()

    wrong = []
    for s in situations:
        if s.expected is None:
            continue
        got = {(o.destination, o.attacks) for o in solve(s).options}
        if got != {(e.destination, e.attacks) for e in s.expected}:
            wrong.append(s.id)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        one_round(situations)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return 0

    one_round(situations)  # warm-up (imports, first-use allocations)
    rounds = [one_round(situations) for _ in range(args.rounds)]
    n = len(situations)
    wall = [w for w, _ in rounds]
    cpu = [c for _, c in rounds]
    best_ms = min(wall) / n * 1000
    mean_ms = statistics.mean(wall) / n * 1000
    cpu_ms = statistics.mean(cpu) / n * 1000
    cpu_best_ms = min(cpu) / n * 1000
    print(f"situations: {n}, rounds: {args.rounds}")
    print(
        f"answers matching expected: {n - len(wrong)}/{n}" + (f" (wrong: {wrong})" if wrong else "")
    )
    print(f"ms per decision (wall clock): best round {best_ms:.3f}, mean {mean_ms:.3f}")
    print(f"ms per decision (process CPU time): best round {cpu_best_ms:.3f}, mean {cpu_ms:.3f}")
    print(f"decisions per second: {1000 / mean_ms:.0f} (mean), {1000 / best_ms:.0f} (best)")
    verdict = "met" if cpu_ms < 2.0 else "NOT met"
    print(f"goal < 2 ms per decision (mean CPU time): {verdict}")
    # Engine mode: a game keeps a GeometryCache, so neighbours and line of sight are built
    # once per map. Answers are still computed from scratch; reported separately.
    cache = GeometryCache(size=len(situations))
    one_round(situations, cache)
    engine = [one_round(situations, cache) for _ in range(args.rounds)]
    engine_cpu = statistics.mean(c for _, c in engine) / n * 1000
    print(f"engine mode (GeometryCache reused per map): mean CPU {engine_cpu:.3f} ms per decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
