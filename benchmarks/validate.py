"""Validation speed and linearity: ``questforge validate`` against check-jsonschema and ajv-cli.

Run from the repository root::

    .venv/bin/python benchmarks/validate.py                       # 1k, 5k, 20k files
    .venv/bin/python benchmarks/validate.py --sizes 1000 --keep /tmp/qf-bench
    .venv/bin/python benchmarks/validate.py --baseline-tree /tmp/qf-base/tree   # before/after

Two cases, each at every size N of ``--sizes`` (issue 14, "Speed"):

- **pack**: the bundled sample pack plus N copies of its largest scenario (ids and numbers
  renamed per copy, treasure numbers too, with a treasure table defining them): every
  reference resolves, so every semantic check has its full work to do, and the pack is
  clean (no finding) up to 8,999 copies. (Until 2026-12-01 the copies repeated the
  scenario's treasure numbers: three QGH243 warnings per copy.)
- **unresolved**: a folder of N copies of the same scenario *outside any pack*: none of
  their references (map tiles, monsters, linked scenarios) resolves, so every reference
  becomes a finding with a "did you mean" search - the case that used to be quadratic.

For each, on the same files, the whole command as a subprocess (start-up included):
``questforge validate`` (full) and ``--schema-only`` as a user runs them (two processes on a
machine with two or more cores: a full run's checks, or a ``--schema-only`` run's files,
split with a forked child), and both with ``--jobs 1``; ``check-jsonschema`` (the ``bench``
extra) and ajv-cli 5 with ajv-formats, ``--spec=draft2020`` (installed from npm into a
temporary folder - nothing from npm is kept - and skipped with a clear line when npm or the
network is unavailable; ``--strict=false``, since ajv's strict mode refuses the schemas'
``x-`` annotation keywords and would check nothing), both with the self-contained schemas of ``questforge schema export
--bundle``. The peers check the N scenario files against the scenario schema; questforge
also validates the ~125 files of the sample pack in the pack case.

Printed per run: wall-clock seconds, CPU seconds (user + system of the process; a machine
shared with other work inflates wall-clock much more than CPU time), files per second and,
per case, the ratios ``peer time / questforge time`` (higher: questforge faster) on wall
and CPU time, and the CPU time per file at each size (constant when the run is linear).
Goals: full validation no slower than ajv-cli's schema-only pass; ``--schema-only`` at
least 2x faster than it; every check linear in the pack's size.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "content" / "gloomhaven-sample"
VENV_BIN = Path(sys.executable).parent


@dataclass
class Timing:
    name: str
    wall: float
    cpu: float
    code: int
    note: str = ""


def largest_scenario() -> dict[str, Any]:
    path = max(SAMPLE.glob("scenarios/*.json"), key=lambda p: p.stat().st_size)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


#: treasure numbers the copies may take: above the sample pack's (1-7), up to the schema's
#: maximum
TREASURE_NUMBERS = range(100, 10_000)


def renumber_treasures(data: dict[str, Any], numbers: Iterator[int]) -> dict[str, Any]:
    """``data`` with each treasure overlay given the next unused number of ``numbers``
    (each treasure can be looted once, ever: a number placed twice is a warning, GH-TREAS-04);
    once the numbers run out (beyond about 3,300 copies of a scenario with three treasures)
    a treasure becomes a coin on the same hex, so the pack stays clean."""
    overlays = []
    for overlay in data.get("overlays", []):
        if overlay.get("type") == "treasure":
            number = next(numbers, None)
            overlay = (
                dict(overlay, number=number)
                if number is not None
                else {"type": "coin", "hexes": overlay["hexes"]}
            )
        overlays.append(overlay)
    return dict(data, overlays=overlays)


def write_copies(
    folder: Path, count: int, template: dict[str, Any], treasures: Iterator[int] | None = None
) -> list[Path]:
    """``count`` copies of scenario ``template`` with their own id and number (numbers go
    up to the schema's 9,999 and then repeat: beyond 8,999 copies the full run also reports
    numbers used twice) and, given ``treasures``, their own treasure numbers."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(count):
        data = dict(template, id=f"{template['id']}-c{i}", number=1000 + i % 8999)
        if treasures is not None:
            data = renumber_treasures(data, treasures)
        path = folder / f"s{i:05d}.json"
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        out.append(path)
    return out


def make_pack(target: Path, count: int) -> list[Path]:
    """The sample pack plus ``count`` scenario copies under ``bench/``, each with treasure
    numbers of its own and treasure tables (``bench-treasures/``) that define them:
    a clean pack validates clean (up to 8,999 copies; beyond, scenario numbers repeat).

    Before 2026-12-01 ("valpipe") the copies repeated the scenario's treasure numbers, so
    the "clean" pack reported three QGH243 warnings per copy; the figures in the README up
    to then include locating and writing those."""
    shutil.copytree(SAMPLE, target)
    numbers = iter(TREASURE_NUMBERS)
    files = write_copies(target / "bench", count, largest_scenario(), numbers)
    used = range(TREASURE_NUMBERS.start, next(numbers, TREASURE_NUMBERS.stop))
    # a table holds at most 200 entries (the schema's limit): one table per 200 numbers
    for first in range(used.start, used.stop, 200):
        table = {
            "$schema": "https://questforge.dev/schema/gloomhaven/treasure-table.schema.json",
            "kind": "treasure-table",
            "id": f"bench-treasures-{first}",
            "name": "Benchmark treasures",
            "entries": [
                {"number": n, "reward": {"type": "gold", "amount": 5, "text": "5 gold."}}
                for n in range(first, min(first + 200, used.stop))
            ],
        }
        path = target / "bench-treasures" / f"t{first:05d}.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(table, indent=2), encoding="utf-8")
    return files


def make_unresolved(target: Path, count: int) -> list[Path]:
    """``count`` scenario copies in a folder that is no pack (no reference resolves)."""
    return write_copies(target, count, largest_scenario())


def timed(name: str, cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> Timing:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # questforge exits 1 for findings (expected here); a peer's exit 1 means it refused the
    # schema or found a file invalid, which the copies are not: show why
    shown = proc.returncode > 1 or (proc.returncode == 1 and not name.startswith("questforge"))
    tail = (proc.stdout + proc.stderr).strip().splitlines()[-1:] if shown else []
    return Timing(name, wall, cpu, proc.returncode, tail[0] if tail else "")


def install_ajv(folder: Path) -> Path | None:
    """ajv-cli 5 and ajv-formats from npm into ``folder``; ``None`` (and a line saying
    why) when npm is missing or the install fails."""
    npm = shutil.which("npm")
    if npm is None:
        print("  ajv-cli: skipped (npm is not installed)")
        return None
    proc = subprocess.run(
        [npm, "install", "--silent", "--prefix", str(folder), "ajv-cli@5", "ajv-formats"],
        capture_output=True,
        text=True,
    )
    binary = folder / "node_modules" / ".bin" / "ajv"
    if proc.returncode != 0 or not binary.exists():
        why = (proc.stderr.strip().splitlines() or ["no ajv binary"])[-1]
        print(f"  ajv-cli: skipped (npm install failed: {why})")
        return None
    return binary


#: ``--no-bytecode-cache`` sets this to False
BYTECODE_CACHE = [True]


def command_env(tree: Path | None = None) -> dict[str, str]:
    """The child's environment. By default compiled modules are cached (what an
    installed questforge has), in a folder of their own so the work tree stays clean: in an
    environment with ``PYTHONDONTWRITEBYTECODE`` set (some CI runners and sandboxes) every
    run would otherwise compile every module it imports again, about 0.3 s of CPU that says
    nothing about validation. ``--no-bytecode-cache`` times that case."""
    env = dict(os.environ)
    if BYTECODE_CACHE[0]:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "qf-bench-pycache"))
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    return env


def questforge_cmd(tree: Path | None) -> tuple[list[str], dict[str, str] | None]:
    if tree is None:
        return [str(VENV_BIN / "questforge")], command_env()
    return [sys.executable, "-m", "questforge"], command_env(tree)


def run_case(
    case: str,
    target: Path,
    files: list[Path],
    workdir: Path,
    schema: Path,
    ajv: Path | None,
    peers: bool,
    baseline: Path | None,
) -> list[Timing]:
    out = workdir / "out.json"
    rows: list[Timing] = []
    versions = [("", None)] + ([(" (baseline)", baseline)] if baseline else [])
    for label, tree in versions:
        qf, env = questforge_cmd(tree)
        runs: list[tuple[list[str], str]] = [([], "full"), (["--schema-only"], "--schema-only")]
        if tree is None:
            # the default is two processes on a machine with two cores or more (a large
            # pack's checks, or a --schema-only run's files, split with a forked child):
            # time one process too
            runs += [
                (["--jobs", "1"], "full -j1"),
                (["--schema-only", "--jobs", "1"], "--schema-only -j1"),
            ]
        for extra, what in runs:
            cmd = [*qf, "validate", str(target), *extra, "--format", "json", "-o", str(out)]
            rows.append(timed(f"questforge {what}{label}", cmd, workdir, env))
    if not peers:
        return rows
    listing = workdir / "files.txt"
    listing.write_text("\n".join(map(str, files)), encoding="utf-8")
    cj = str(VENV_BIN / "check-jsonschema")
    if Path(cj).exists():
        rows.append(
            timed("check-jsonschema", [cj, "--schemafile", str(schema), *map(str, files)], workdir)
        )
    else:
        print("  check-jsonschema: skipped (install the bench extra: pip install -e '.[bench]')")
    if ajv is not None:
        pattern = str(files[0].parent / "*.json")
        # --strict=false: ajv's strict mode refuses the schemas' ``x-`` annotation keywords
        # (unknown keywords are annotations in draft 2020-12) and then validates nothing
        cmd = [
            str(ajv),
            "validate",
            "--spec=draft2020",
            "--strict=false",
            "-c",
            "ajv-formats",
            "-s",
            str(schema),
        ]
        rows.append(timed("ajv-cli (schema only)", [*cmd, "-d", pattern], workdir))
    return rows


def report(case: str, size: int, total_files: int, rows: list[Timing]) -> None:
    print(f"\n{case}: {size} scenarios ({total_files} files validated by questforge)")
    print(f"  {'run':<34} {'wall s':>8} {'cpu s':>8} {'files/s':>9} {'exit':>5}")
    for row in rows:
        rate = total_files / row.wall if row.wall else 0
        note = f"  {row.note}" if row.note else ""
        print(f"  {row.name:<34} {row.wall:>8.3f} {row.cpu:>8.3f} {rate:>9.0f} {row.code:>5}{note}")
    by_name = {r.name: r for r in rows}
    ours = [r for r in rows if r.name.startswith("questforge")]
    for peer in ("ajv-cli (schema only)", "check-jsonschema"):
        other = by_name.get(peer)
        if other is None:
            continue
        print(f"  ratios vs {peer} (peer time / questforge time; > 1: questforge faster):")
        for row in ours:
            print(
                f"    {row.name:<32} wall {other.wall / row.wall:>6.2f}x   "
                f"cpu {other.cpu / max(row.cpu, 1e-9):>6.2f}x"
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,5000,20000", help="scenario counts")
    parser.add_argument("--cases", default="pack,unresolved", help="which cases to run")
    parser.add_argument(
        "--peers-up-to",
        type=int,
        default=10**9,
        help="time check-jsonschema and ajv-cli only up to this size (they are slow at 20k)",
    )
    parser.add_argument(
        "--baseline-up-to",
        type=int,
        default=1000,
        help="time the baseline only up to this size (the old unresolved case is quadratic: "
        "5 minutes at 1k)",
    )
    parser.add_argument("--keep", type=Path, default=None, help="work in this folder")
    parser.add_argument(
        "--baseline-tree",
        type=Path,
        default=None,
        help="also time `python -m questforge` with PYTHONPATH=DIR (an older questforge "
        "laid out as an importable tree), for before/after figures in one run",
    )
    parser.add_argument(
        "--no-bytecode-cache",
        action="store_true",
        help="time questforge compiling its modules on every run (PYTHONDONTWRITEBYTECODE)",
    )
    args = parser.parse_args()
    BYTECODE_CACHE[0] = not args.no_bytecode_cache
    sizes = [int(s) for s in args.sizes.split(",") if s]
    cases = [c for c in args.cases.split(",") if c]

    workdir = args.keep or Path(tempfile.mkdtemp(prefix="qf-bench-"))
    if workdir.exists() and args.keep:
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    print(f"working in {workdir}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    schemas = workdir / "bundled"
    subprocess.run(
        [str(VENV_BIN / "questforge"), "schema", "export", str(schemas), "--bundle"],
        check=True,
        capture_output=True,
    )
    schema = schemas / "gloomhaven" / "scenario.schema.json"
    ajv = install_ajv(workdir / "npm") if min(sizes) <= args.peers_up_to else None
    # one untimed run of each questforge first: it fills the bytecode cache
    for tree in dict.fromkeys((None, args.baseline_tree)):
        qf, env = questforge_cmd(tree)
        warm = [*qf, "validate", str(SAMPLE), "--format", "json", "-o", os.devnull]
        subprocess.run(warm, capture_output=True, cwd=workdir, env=env)

    per_file: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for case in cases:
        for size in sizes:
            target = workdir / f"{case}-{size}"
            if target.exists():
                shutil.rmtree(target)
            if case == "pack":
                files = make_pack(target, size)
                total = sum(1 for _ in target.rglob("*.json"))
            else:
                files = make_unresolved(target, size)
                total = size
            peers = size <= args.peers_up_to
            baseline = args.baseline_tree if size <= args.baseline_up_to else None
            rows = run_case(case, target, files, workdir, schema, ajv, peers, baseline)
            report(case, size, total, rows)
            for row in rows:
                per_file.setdefault((case, row.name), []).append((size, row.cpu / total))
            shutil.rmtree(target)

    print("\nlinearity: CPU milliseconds per file at each size (constant = linear)")
    for (case, name), points in per_file.items():
        if not name.startswith("questforge") or len(points) < 2:
            continue
        cells = "  ".join(f"{size}: {ms * 1000:6.3f}" for size, ms in points)
        growth = points[-1][1] / points[0][1]
        print(f"  {case:<11} {name:<34} {cells}   x{growth:.2f} from first to last")
    if args.keep is None:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
